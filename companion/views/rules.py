"""The rules card ("/game/{N}/rules"): the table's rule book in short, and a house-rules
section listing exactly what this table changed from the preset (Table.house)."""

from __future__ import annotations

import flet as ft

from companion.engine.gnav import PRESETS
from companion.engine.gnav.narrate import rulebook_differences, rulebook_summary
from companion.engine.gnav.teach import rulebook_card
from companion.i18n import Tr
from companion.store import Game

from . import theme
from .gnav import gnav_state
from .shell.context import ScreenContext
from .widgets import body, button, heading, top_actions


class RulesScreen:
    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        tr = app.tr
        state = gnav_state(game)
        book, preset = state.rules, PRESETS[state.table.rules]
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("Rules card: {rules}", rules=book.name), size=theme.QUESTION,
                weight=ft.FontWeight.BOLD)),
            body(rulebook_summary(book.name, tr), size=theme.SMALL + 1),
            body(_("Source: {source}", source=preset.source), size=theme.SMALL, italic=True),
            ft.Semantics(identifier="stakes", container=True, content=body(
                _n_stakes(state.counters, state.limit, tr), size=theme.BODY)),
        ]
        for title, lines in rulebook_card(book, preset, tr):
            rows.append(ft.Text(title, size=theme.NAME, weight=ft.FontWeight.BOLD))
            rows += [body(_("• {sentence}", sentence=line), size=theme.BODY) for line in lines]
        rows.append(ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD))
        changes = rulebook_differences(book, preset, tr)
        house: list[ft.Control] = [body(_("• {sentence}", sentence=c), size=theme.BODY)
                                   for c in changes] or [
            body(_("None: this table plays {rules} as written.", rules=book.name),
                 size=theme.BODY)]
        rows.append(ft.Semantics(identifier="house-rules",
                                 content=ft.Column(house, spacing=4)))
        self.view = ft.View(
            route=f"/game/{game.id}/rules",
            appbar=ft.AppBar(
                title=heading(_("Rules") if app.phone else _("Rules card"), theme.TITLE - 4),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text")),
            ),
            controls=[ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=8)],
            padding=16,
        )


def _n_stakes(counters: bool, amount: int, tr: Tr) -> str:
    _n = tr.n
    if counters:
        return _n("Stakes: {count} counter each.", "Stakes: {count} counters each.", amount)
    return _n("Stakes: chalk strokes, out at {count} stroke.",
              "Stakes: chalk strokes, out at {count} strokes.", amount)
