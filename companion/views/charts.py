"""Charts where people would rather look than read (issue 26, item 3), with flet-charts (its
controls are in the stock web client): the story of a game, each seat's balance after every
round as a line, and the players' wins and win share as bars. Reusable: the Records screen
draws them now, the game over panel may later. A player's badge lives here too (its colour is
the player's across every chart and list).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft
import flet_charts as fch

from companion.deck.sheet import line_colour
from companion.i18n import N_, Tr
from companion.records import PlayerRecord
from companion.records.facts import GameFacts, Unreadable
from companion.records.roster import Player
from companion.store import Game, StoreError
from companion.store.records_io import one_game_facts

from . import theme
from .shell.context import ScreenContext
from .widgets import button

# the roster's twelve badge colours (roster.COLOURS), told apart in light and dark alike
BADGE_COLOURS = ("#8B1A1A", "#1F5F8B", "#2E7D32", "#B8860B", "#6A1B9A", "#00838F", "#D84315",
                 "#455A64", "#AD1457", "#558B2F", "#5D4037", "#283593")

# what a game's balance counts, in the reader's words (GameFacts.unit)
UNITS = {"counters": N_("Counters"), "strokes": N_("Strokes"), "lives": N_("Lives"),
         "stake": N_("Stake"), "sets": N_("Sets")}

CHART_HEIGHT = 240
DASHES: tuple[list[int], ...] = ([], [14, 6], [5, 5], [18, 4, 4, 4], [8, 8])


def unit_word(unit: str, tr: Tr) -> str:
    word = UNITS.get(unit)
    return unit if word is None else tr(word)


def badge(player: Player | None, name: str, size: float = 36) -> ft.Control:
    """The player's badge: its initial on its colour (a name the roster does not know gets a
    grey one with its own initial)."""
    colour = "#757575" if player is None else BADGE_COLOURS[player.colour % len(BADGE_COLOURS)]
    initial = (name[:1] or "?").upper() if player is None else player.initial
    return ft.Container(
        ft.Text(initial, size=size * 0.5, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
        width=size, height=size, bgcolor=colour, border_radius=size / 2,
        alignment=ft.Alignment.CENTER)


def _legend(names: Sequence[str]) -> ft.Control:
    return ft.Row([
        ft.Row([ft.Container(width=14, height=14, bgcolor=line_colour(i), border_radius=3),
                ft.Text(name, size=theme.SMALL)], spacing=4, tight=True)
        for i, name in enumerate(names)], wrap=True, spacing=12)


def story_chart(facts: GameFacts, tr: Tr, names: Sequence[str] | None = None) -> ft.Control:
    """Each seat's balance at the start and after every round, one line a seat, with its
    legend; the seats' colours are the PDF's."""
    _ = tr
    names = list(names) if names is not None else [s.name for s in facts.seats]
    story = facts.story
    if len(story) < 2:
        return ft.Text(_("No round has been played yet."), size=theme.SMALL)
    values = [v for step in story for v in step]
    low, high = min(0, *values), max(1, *values)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=step, y=story[step][seat])
                    for step in range(len(story))],
            # every seat but the first dashed, each its own way, and thinner than the one
            # before: a line lying on another's (two seats with the same balance) still shows
            color=line_colour(seat), stroke_width=max(2, 6 - seat),
            dash_pattern=DASHES[seat % len(DASHES)] or None, curved=False,
            point=len(story) <= 30)
        for seat in range(len(facts.seats))]
    every = max(1, (len(story) - 1) // 8)
    chart: Any = fch.LineChart(
        data_series=series, min_y=low, max_y=high, min_x=0, max_x=len(story) - 1,
        height=CHART_HEIGHT, expand=True, interactive=False,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=max(1, (high - low) // 5),
                                title=ft.Text(unit_word(facts.unit, tr), size=theme.SMALL),
                                title_size=24),
        bottom_axis=fch.ChartAxis(
            label_size=28, title=ft.Text(_("Round"), size=theme.SMALL), title_size=24,
            labels=[fch.ChartAxisLabel(value=s, label=ft.Text(str(s), size=12))
                    for s in range(0, len(story), every)]),
        horizontal_grid_lines=fch.ChartGridLines(width=0.5, color=ft.Colors.OUTLINE_VARIANT),
    )
    return ft.Semantics(
        identifier="story-chart", container=True,
        label=_("The story of the game: each player's balance after every round ({unit}).",
                unit=unit_word(facts.unit, tr)),
        content=ft.Column([
            ft.Text(_("The story of the game"), size=theme.BODY, weight=ft.FontWeight.W_600),
            # room on the right for the last round's number
            ft.Container(chart, padding=ft.Padding.only(right=16)),
            _legend(names)], spacing=8))


class GameStory:
    """A table's story chart, for its game over panel and its History page (every game's: the
    shell and the shared history code show it), one tap away: found by replaying the game
    only when asked (a 40-seat game of 2,000 rounds opens its History at a page's cost), and
    again only when the journal changed."""

    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        self._key: tuple[int, int, str] | None = None
        self._chart: ft.Control | None = None

    def button(self) -> ft.Control:
        _ = self.app.tr
        return button(_("The story of the game"), self.show, icon=ft.Icons.SHOW_CHART)

    def chart(self) -> ft.Control:
        """The chart, or a sentence saying why there is none (no round played yet, a journal
        that cannot be read)."""
        _ = tr = self.app.tr
        key = (self.game.id, self.game.ops, tr.lang)
        if key != self._key or self._chart is None:
            try:
                chart = story_chart(one_game_facts(self.app.store, self.game.id), tr)
            except Unreadable as err:
                chart = ft.Text(tr.error(err.text), size=theme.SMALL)
            except StoreError as err:
                chart = ft.Text(tr.error(err), size=theme.SMALL)
            self._key, self._chart = key, chart
        return self._chart

    def show(self, e: object = None) -> None:
        _ = self.app.tr
        width = min(self.app.width - 48, 760)
        # scrollable: a phone held sideways is shorter than the chart with its legend
        self.app.show_dialog(ft.AlertDialog(
            scrollable=True, content=ft.Container(self.chart(), width=width),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: self.app.close_dialog())]))


def win_bars(records: Sequence[PlayerRecord], tr: Tr, colours: Sequence[str],
             share: bool = False, narrow: bool = False) -> ft.Control:
    """The players' wins (or win share in per cent) as bars, one a player, in the players'
    badge colours, each named in full: under its bar, or on a phone, where standing bars had
    room only for initials, over its bar lying along the screen's width."""
    _ = tr
    values = [100 * r.win_share if share else r.won for r in records]
    top = max(1.0, *values) if values else 1.0
    title = _("Win share (%)") if share else _("Tables won")
    said = [f"{round(v)}{'%' if share else ''}" for v in values]
    label = "; ".join(f"{r.name}: {v}" for r, v in zip(records, said))
    if narrow:
        chart: Any = _lying_bars(records, values, said, colours, 100 if share else top)
    else:
        groups = [fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=v, width=32, color=colours[i], border_radius=4,
            tooltip=f"{r.name}: {s}")])
            for i, (r, v, s) in enumerate(zip(records, values, said))]
        chart = fch.BarChart(
            groups=groups, min_y=0, max_y=100 if share else top, height=CHART_HEIGHT,
            expand=True, interactive=True,
            left_axis=fch.ChartAxis(label_size=36,
                                    label_spacing=20 if share else max(1, int(top) // 5)),
            bottom_axis=fch.ChartAxis(label_size=28, labels=[
                fch.ChartAxisLabel(value=i, label=ft.Text(
                    r.name, size=12, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS,
                    width=64))
                for i, r in enumerate(records)]),
            horizontal_grid_lines=fch.ChartGridLines(width=0.5,
                                                     color=ft.Colors.OUTLINE_VARIANT),
        )
    return ft.Semantics(
        identifier="share-bars" if share else "win-bars", container=True,
        label=f"{title}: {label}",
        content=ft.Column([ft.Text(title, size=theme.BODY, weight=ft.FontWeight.W_600), chart],
                          spacing=4))


def _lying_bars(records: Sequence[PlayerRecord], values: Sequence[float], said: Sequence[str],
                colours: Sequence[str], top: float) -> ft.Control:
    """Bars lying down, one a row: the player's whole name (wrapped, never cut to an
    initial) and the figure over a bar as long as its share of the longest."""
    rows: list[ft.Control] = []
    for r, v, s, colour in zip(records, values, said, colours):
        filled = round(1000 * v / top) if top else 0
        rows.append(ft.Column([
            ft.Row([ft.Text(r.name, size=theme.SMALL + 1, weight=ft.FontWeight.W_600,
                            expand=True),
                    ft.Text(s, size=theme.SMALL + 1)],
                   vertical_alignment=ft.CrossAxisAlignment.END),
            ft.Row([ft.Container(height=16, bgcolor=colour, border_radius=4,
                                 expand=filled, width=None if filled else 3),
                    ft.Container(height=16, expand=1000 - filled)], spacing=0),
        ], spacing=2))
    return ft.Column(rows, spacing=10)
