"""The piece picker for the reveal and the draw for dealer: one tap a seat.

Seats down one side (each with the piece picked so far), the 21 pieces as a grid in rank order
on the other, each showing how many are left. A tap on a piece gives it to the highlighted seat
and moves on to the next seat still without one; a tap on a seat selects it to correct it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import PIECES
from companion.i18n import EN, Tr

from . import theme
from .pieces import piece_face
from .widgets import big_button
from .words import piece_title

Pieces = tuple[tuple[str, str], ...]


class PiecePicker:
    def __init__(self, seats: list[str], action: str, on_done: Callable[[Pieces], None],
                 narrow: bool, prompt: str, on_change: Callable[[], None] | None = None,
                 tr: Tr = EN) -> None:
        self.tr = tr
        self.seats = seats
        self.on_change = on_change
        self.action = action
        self.on_done = on_done
        self.picked: dict[str, str] = {}
        self.current: str | None = seats[0] if seats else None
        self.prompt = ft.Text(prompt, size=theme.QUESTION, weight=ft.FontWeight.BOLD)
        self.seat_rows = ft.Column([], spacing=6)
        self.grid = ft.Row([], wrap=True, spacing=6, run_spacing=6)
        self.done_button = big_button(action, self.done, disabled=True)
        seats_part = ft.Column([self.seat_rows], scroll=ft.ScrollMode.AUTO)
        if narrow:
            body: ft.Control = ft.Column([seats_part, self.grid], spacing=12)
        else:
            body = ft.Row(
                [ft.Container(seats_part, width=300), ft.Container(self.grid, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START, spacing=16,
            )
        self.control = ft.Column(
            [ft.Semantics(identifier="phase", content=self.prompt), body, self.done_button],
            spacing=12,
        )
        self.fill()

    # --- state ---------------------------------------------------------------------------------

    def count(self, piece: str) -> int:
        return sum(1 for p in self.picked.values() if p == piece)

    def can_pick(self, piece: str) -> bool:
        """A piece picked twice is used up, unless it is the highlighted seat's own pick."""
        if self.current is None:
            return False
        return self.count(piece) < 2 or self.picked.get(self.current) == piece

    @property
    def complete(self) -> bool:
        return all(s in self.picked for s in self.seats)

    def pieces(self) -> Pieces:
        return tuple((s, self.picked[s]) for s in self.seats if s in self.picked)

    # --- handlers ------------------------------------------------------------------------------

    def select(self, seat: str) -> None:
        if seat in self.seats:
            self.current = seat
            self.fill()
            self.changed()

    def pick(self, piece: str) -> None:
        if not self.can_pick(piece) or self.current is None:
            return
        self.picked[self.current] = piece
        self.current = self._next_without_piece(self.current)
        self.fill()
        self.changed()

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _next_without_piece(self, seat: str) -> str | None:
        i = self.seats.index(seat)
        n = len(self.seats)
        for k in range(1, n + 1):
            other = self.seats[(i + k) % n]
            if other not in self.picked:
                return other
        return None

    def done(self, e: Any = None) -> None:
        if self.complete:
            self.on_done(self.pieces())

    # --- drawing -------------------------------------------------------------------------------

    def fill(self) -> None:
        _ = self.tr
        rows: list[ft.Control] = []
        for seat in self.seats:
            chosen = self.picked.get(seat)
            current = seat == self.current
            face: ft.Control = (piece_face(chosen, 40) if chosen
                                else ft.Container(width=40, height=40, border_radius=20,
                                                  border=ft.Border.all(2, ft.Colors.OUTLINE)))
            rows.append(ft.Row(
                [
                    ft.Button(
                        _("{seat}'s piece", seat=seat), on_click=lambda e, s=seat: self.select(s),
                        height=theme.TOUCH, expand=True,
                        style=ft.ButtonStyle(
                            text_style=ft.TextStyle(size=theme.BODY,
                                                    weight=ft.FontWeight.BOLD if current
                                                    else ft.FontWeight.NORMAL),
                            side=ft.BorderSide(3, ft.Colors.PRIMARY) if current else None,
                        ),
                        bgcolor=ft.Colors.PRIMARY_CONTAINER if current else None,
                    ),
                    face,
                    ft.Text(piece_title(chosen, self.tr).lower() if chosen else "", size=theme.BODY,
                            width=72),
                ],
                spacing=8,
            ))
        self.seat_rows.controls = rows
        tiles: list[ft.Control] = []
        for piece in PIECES:
            left = 2 - self.count(piece)
            marks = ft.Row(
                [ft.Container(width=8, height=8, shape=ft.BoxShape.CIRCLE,
                              bgcolor=ft.Colors.PRIMARY if k < left else ft.Colors.OUTLINE_VARIANT)
                 for k in range(2)],
                spacing=3, tight=True,
            )
            tiles.append(ft.Column(
                [ft.Button(piece_title(piece, self.tr).lower(),
                           on_click=lambda e, p=piece: self.pick(p),
                           disabled=not self.can_pick(piece), width=104, height=theme.TOUCH + 8,
                           icon=None, style=ft.ButtonStyle(
                               text_style=ft.TextStyle(size=theme.BODY),
                               padding=ft.Padding.symmetric(horizontal=6))),
                 ft.Row([piece_face(piece, 24), marks], spacing=6, tight=True)],
                spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ))
        self.grid.controls = tiles
        self.done_button.disabled = not self.complete
