"""The seats as they sit: one tile per seat (counters as dots, strokes as tally marks, badges),
laid out round an oval on a wide screen, as a grid past 12 seats, and as a list on a phone.

Tiles are kept between taps and only their changed properties are set, so a tap on a 40-seat
table sends a small update.
"""

from __future__ import annotations

import math

import flet as ft

from companion.engine import TableState
from companion.i18n import EN, Tr

from . import theme
from .words import balance_words

MAX_DOTS = 12  # past this a seat shows its count as a number beside a row of dots


def dots(n: int, size: float = 14) -> list[ft.Control]:
    shown = min(n, MAX_DOTS)
    return [
        ft.Container(width=size, height=size, shape=ft.BoxShape.CIRCLE, bgcolor=ft.Colors.PRIMARY)
        for __ in range(shown)
    ]


def tally(n: int, height: float = 20) -> list[ft.Control]:
    """Chalk strokes: groups of four bars crossed by a fifth."""
    groups: list[ft.Control] = []
    colour = ft.Colors.ON_SURFACE
    while n > 0:
        k = min(n, 5)
        bars = [ft.Container(width=3, height=height, bgcolor=colour) for _ in range(min(k, 4))]
        row = ft.Row(bars, spacing=5, tight=True)
        if k == 5:
            slash = ft.Container(
                width=30, height=3, bgcolor=colour, left=-3, top=height / 2 - 1,
                rotate=ft.Rotate(angle=-0.6),
            )
            groups.append(ft.Stack([row, slash], width=27, height=height,
                                    clip_behavior=ft.ClipBehavior.NONE))
        else:
            groups.append(row)
        n -= k
    return groups


class SeatTile:
    """One seat: name, dealer badge, marks, and what state it is in."""

    def __init__(self, name: str, width: float | None = None, tr: Tr = EN) -> None:
        _p = tr.p
        self.tr = tr
        self.name = name
        self.name_text = ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD,
                                 no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, expand=True)
        self.dealer = ft.Container(
            content=ft.Text(_p("badge", "D"), size=theme.SMALL, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_TERTIARY),
            width=26, height=26, alignment=ft.Alignment.CENTER, shape=ft.BoxShape.CIRCLE,
            bgcolor=ft.Colors.TERTIARY, visible=False, tooltip=_p("badge", "Dealer"),
        )
        self.marks = ft.Row([], wrap=True, spacing=4, run_spacing=4, expand=True)
        self.count = ft.Text("", size=theme.BODY, weight=ft.FontWeight.W_600)
        self.status = ft.Text("", size=theme.SMALL, italic=True)
        self.box = ft.Container(
            content=ft.Column(
                [
                    ft.Row([self.name_text, self.dealer], spacing=6),
                    ft.Row([self.marks, self.count], spacing=6,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER),
                    self.status,
                ],
                spacing=4, tight=True,
            ),
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=14,
            width=width,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
        self.control = ft.Container(content=ft.Semantics(identifier=f"seat-{name}",
                                                         content=self.box))
        self._key: tuple[object, ...] | None = None

    def show(self, state: TableState, i: int) -> None:
        turn = state.phase in ("turns", "asking") and state.turn == i
        asked = state.phase == "asking" and state.asked == i
        key = (state.balance[i], state.out[i], state.sitting_out[i], state.knocked[i],
               state.dealer == i and state.phase != "over", turn, asked, state.in_round[i],
               i in state.winners, state.phase)
        if key == self._key:
            return
        self._key = key
        _ = self.tr
        n = state.balance[i]
        self.marks.controls = dots(n) if state.counters else tally(n)
        self.count.value = str(n) if state.counters else f"{n}/{state.limit}"
        self.count.tooltip = balance_words(state, i, self.tr)
        self.dealer.visible = state.dealer == i and state.phase != "over"
        words = []
        if state.out[i]:
            words.append(_("out"))
        elif state.sitting_out[i] or (state.phase in ("turns", "asking", "reveal")
                                      and not state.in_round[i]):
            words.append(_("sits out"))
        if state.knocked[i]:
            words.append(_("knocked"))
        if turn:
            words.append(_("asks") if state.phase == "asking" else _("to play"))
        if asked:
            words.append(_("is asked"))
        if i in state.winners:
            words.append(_("wins"))
        self.status.value = " · ".join(words)
        self.status.visible = bool(words)
        self.name_text.style = (ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
                                if state.out[i] else None)
        self.box.opacity = 0.45 if state.out[i] else 1.0
        if turn:
            self.box.border = ft.Border.all(4, ft.Colors.PRIMARY)
            self.box.bgcolor = ft.Colors.PRIMARY_CONTAINER
        elif asked:
            self.box.border = ft.Border.all(4, ft.Colors.TERTIARY)
            self.box.bgcolor = ft.Colors.TERTIARY_CONTAINER
        else:
            self.box.border = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
            self.box.bgcolor = ft.Colors.SURFACE_CONTAINER_HIGHEST


class PoolView:
    """The pool in the middle of the table (counters only; under strokes there is no pool)."""

    def __init__(self, tr: Tr = EN) -> None:
        self.tr = tr
        self.marks = ft.Row([], wrap=True, spacing=4, run_spacing=4)
        self.text = ft.Text("", size=theme.NAME, weight=ft.FontWeight.BOLD)
        self.box = ft.Container(
            content=ft.Column([self.text, self.marks], spacing=4, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=10, border_radius=14, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
        self.control = ft.Semantics(identifier="pool", content=self.box)
        self._key: tuple[int, bool] | None = None

    def show(self, state: TableState) -> None:
        key = (state.pool, state.counters)
        if key == self._key:
            return
        self._key = key
        _ = self.tr
        if state.counters:
            self.text.value = _("Pool {count}", count=state.pool)
            self.marks.controls = dots(state.pool, 12)
        else:
            self.text.value = _("Strokes to {count}", count=state.limit)
            self.marks.controls = []


def layout(tiles: list[SeatTile], pool: PoolView, width: float, height: float) -> ft.Control:
    """The seats in seating order: a list on a phone, an oval up to 12 seats, else a grid."""
    n = len(tiles)
    if width < theme.PHONE_WIDTH:
        for t in tiles:
            t.box.width = None
            t.control.left = t.control.top = None
        pool.box.content = ft.Row([pool.text, pool.marks], spacing=12)
        return ft.Column([pool.control, *[t.control for t in tiles]], spacing=8)
    if n <= 12 and height >= 300:
        tile_w, tile_h = 190.0, 104.0
        cx, cy = width / 2, height / 2
        rx, ry = max(cx - tile_w / 2 - 8, 60), max(cy - tile_h / 2 - 4, 40)
        placed: list[ft.Control] = []
        for i, t in enumerate(tiles):
            # clockwise from the left, over the top, as the seats sit
            angle = math.pi + 2 * math.pi * i / n
            t.box.width = tile_w
            t.control.left = cx + rx * math.cos(angle) - tile_w / 2
            t.control.top = cy + ry * math.sin(angle) - tile_h / 2
            placed.append(t.control)
        pool.box.content = ft.Column([pool.text, pool.marks], spacing=4, tight=True,
                                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        centre = ft.Container(content=pool.control, left=cx - 90, top=cy - 40, width=180)
        return ft.Stack([centre, *placed], width=width, height=height)
    for t in tiles:
        t.box.width = 190
        t.control.left = t.control.top = None
    return ft.Column([pool.control, ft.Row([t.control for t in tiles], wrap=True, spacing=8,
                                           run_spacing=8)], spacing=8)
