"""The piece picker for the reveal and the draw for dealer: one tap a seat.

Seats down one side (each with the piece picked so far), the 21 pieces as a grid in rank order
on the other, each showing how many are left. A tap on a piece gives it to the highlighted seat
and moves on to the next seat still without one; a tap on a seat selects it to correct it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.engine.gnav import PIECES
from companion.engine.gnav.narrate import piece_title
from companion.i18n import EN, Tr
from companion.narrate.words import and_list

from .. import theme
from ..pieces import piece_face
from ..widgets import Button, big_button, scroll_key

Pieces = tuple[tuple[str, str], ...]

PICTURED_CORNER = 12
SIDEWAYS_SEATS = 272  # the seats' column on a phone held sideways (a tablet's: 300)
CHIP_PADDING = 12  # each side of a seat's words on its button
SEAT_LABEL = 88  # the width of the piece's name beside a seat on a tablet
# the smallest a piece's name is made to fit its button: read at arm's length still
SMALLEST_NAME = 11


def piece_width(narrow: bool, pictured: bool) -> int:
    """A piece's button: four across on a 360 px phone, wider around a picture."""
    return (70 if narrow else 104) + (8 if pictured else 0)


def piece_padding(pictured: bool) -> int:
    """Each side of a piece's name in its button (the pictured names need every pixel: their
    buttons' corners are rounded less than a pill's, whose round ends would cross the name
    drawn low under its picture)."""
    return 3 if pictured else 4


def name_room(narrow: bool, pictured: bool) -> int:
    """The width a piece's name has on one line in its button."""
    return piece_width(narrow, pictured) - 2 * piece_padding(pictured)


def name_size(title: str, narrow: bool, pictured: bool) -> float:
    """A piece's name in its button: the picker's size for it, made smaller where the name
    would not fit on one line (German "Blumentopf", Norwegian "blomsterpotta", Italian
    "Mascherone"), so that no name is ever broken inside a word or cut."""
    if pictured:
        size = theme.BODY - (3 if narrow else 0)
    else:
        # Gnav's pack as it always looked: a long name a step smaller on a phone
        size = theme.BODY - (2 if narrow else 0) - (3 if narrow and len(title) > 7 else 0)
    return max(SMALLEST_NAME, theme.fitted_size(title, size, name_room(narrow, pictured)))


class PiecePicker:
    def __init__(self, seats: list[str], action: str, on_done: Callable[[Pieces], None],
                 narrow: bool, prompt: str, on_change: Callable[..., None] | None = None,
                 tr: Tr = EN,
                 scroll_to: Callable[[ft.Control, str], None] | None = None,
                 pack: tuple[tuple[str, int], ...] | None = None,
                 title: Callable[[str], str] | None = None,
                 face: Callable[[str, float], ft.Control] | None = None,
                 pictured: bool = False,
                 whose: Callable[[str], str] | None = None, sideways: bool = False) -> None:
        """`pictured`: each piece's button holds its picture above its name, large enough to
        tell the pieces shown at the table by their pictures (the family's packs, whose names
        the referee may not know). `whose`: a seat's button, "Bo's piece" as the game's table
        says it (a card game's may say card); Gnav's by default. `sideways`: a phone held
        sideways, the seats down a narrower column and the pack in a phone's sizes beside it,
        as many across as the width holds, under a prompt of one line."""
        self.tr = tr
        self.pictured = pictured
        # the pack (piece, count), its names and pictures; Gnav's by default
        self.pack = pack if pack is not None else tuple((p, 2) for p in PIECES)
        self.counts = dict(self.pack)
        self.title = title or (lambda piece: tr.in_sentence(piece_title(piece, tr)))
        self.face = face or piece_face
        _p = tr.p
        self.whose = whose or (lambda seat: _p("Gnav's table", "{seat}'s piece", seat=seat))
        self.scroll_to = scroll_to  # brings a seat of the phone's strip into view
        self.seats = seats
        self.on_change = on_change
        self.action = action
        self.on_done = on_done
        self.narrow = narrow
        self.sideways = sideways and not narrow
        # a phone's sizes for the pieces, upright or sideways
        self.small = narrow or self.sideways
        self.picked: dict[str, str] = {}
        self.current: str | None = seats[0] if seats else None
        self.prompt = ft.Text(prompt, size=theme.QUESTION, weight=ft.FontWeight.BOLD)
        # why Settle waits and why a piece is greyed out, in words
        self.status = ft.Text("", size=theme.SMALL + 1, italic=True)
        # every control is made once and changed in place: a pick sends a few small changes,
        # and a second quick tap lands on the same button rather than on a replaced one
        self.seat_parts = {seat: self._seat_part(seat) for seat in seats}
        self.piece_parts = {piece: self._piece_part(piece) for piece, _n in self.pack}
        self.grid = ft.Row([p.control for p in self.piece_parts.values()], wrap=True,
                           spacing=6, run_spacing=6)
        self.done_button = big_button(action, self.done, disabled=True)
        seat_controls = [p.control for p in self.seat_parts.values()]
        for k, control in enumerate(seat_controls):
            control.key = scroll_key(f"pick-{k}")
        self.strip: ft.Row | None = None
        self.scrolled_to: str | None = seats[0] if seats else None
        # the pack scrolls in the room the panel has; the prompt, Settle and the seats stay in
        # sight above it, so the last pick never scrolls Settle away (a phone held sideways)
        pack_box = ft.Column([self.grid], scroll=ft.ScrollMode.AUTO, expand=True)
        if narrow:
            # a phone: the seats as one strip across, so the grid and the button stay in view;
            # the highlighted seat is scrolled into the strip's view as the picks move on
            self.strip = ft.Row(seat_controls, spacing=8, scroll=ft.ScrollMode.AUTO)
        else:
            # sideways, what Settle waits for under the seats: the pack keeps the height
            seats_part = ft.Column(
                [*seat_controls, *([ft.Semantics(identifier="picker-status",
                                                 content=self.status)]
                                   if self.sideways else [])],
                spacing=6, scroll=ft.ScrollMode.AUTO)
            body = ft.Row(
                [ft.Container(seats_part, width=SIDEWAYS_SEATS if self.sideways else 300),
                 ft.Container(pack_box, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START, spacing=16, expand=True,
            )
        status = ft.Semantics(identifier="picker-status", content=self.status)
        question: ft.Control = ft.Semantics(identifier="phase", content=self.prompt)
        if self.strip is not None and pictured:
            # the pictured pack runs below a phone's screen: Settle stays in sight beside the
            # prompt, and what it waits for is told under the pack
            self.control = ft.Column(
                [ft.Row([ft.Container(question, expand=True), self.done_button],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 self.strip, pack_box, status], spacing=10, expand=True)
        elif self.strip is not None:
            # under the button it explains: the grid and the button keep the phone's height
            self.control = ft.Column([question, self.strip, pack_box, self.done_button, status],
                                     spacing=10, expand=True)
        else:
            # beside the prompt, so a long column of seats (20, 40) never pushes it out of view
            if not self.sideways:
                question = ft.Column([question, status], spacing=2, tight=True)
            self.control = ft.Column(
                [ft.Row([ft.Container(question, expand=True), self.done_button],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 body],
                spacing=12, expand=True,
            )
        self._seats_shown: dict[str, tuple[str | None, bool]] = {}
        self._pieces_shown: dict[str, tuple[int, bool]] = {}
        self.fill()

    def _seat_part(self, seat: str) -> _SeatPart:
        face = ft.Container(width=self._face_size, height=self._face_size)
        # beside the seat on a tablet, in a fixed width: its size is fitted to each name
        label = ft.Text("", size=theme.BODY, width=None if self.narrow else SEAT_LABEL,
                        no_wrap=True)
        chip = Button(self._chip_words(self.whose(seat)), on_click=lambda e: self.select(seat),
                      height=theme.TOUCH, expand=not self.narrow)
        if self.narrow:
            control: ft.Control = ft.Column(
                [chip, ft.Row([face, label], spacing=6, tight=True)],
                spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            control = ft.Row([chip, face, label], spacing=8)
        return _SeatPart(control, chip, face, label)

    def _chip_room(self) -> float:
        # bold while the seat is highlighted: about a tenth wider than the font's table says
        return ((SIDEWAYS_SEATS if self.sideways else 300) - self._face_size - SEAT_LABEL
                - 16 - 2 * CHIP_PADDING) / 1.1

    def _chip_words(self, words: str) -> ft.Text:
        """A seat's words on its button beside a tablet's or a sideways phone's pack: on one
        line, made a little smaller to fit, else on two broken only between words, each word
        whole ("Annunziata's / piece", never "Annunziata' / s piece")."""
        size = float(theme.BODY - (2 if self.small else 0))
        if self.narrow:  # a phone's strip scrolls across: as wide as its words need
            return ft.Text(words, size=size, no_wrap=True)
        room = self._chip_room()
        one = theme.fitted_size(words, size, room)
        if one >= size - 2 or " " not in words.strip():
            return ft.Text(words, size=max(one, SMALLEST_NAME), no_wrap=True,
                           text_align=ft.TextAlign.CENTER)
        longest = max(words.split(), key=lambda w: theme.text_width(w, size))
        two = max(SMALLEST_NAME, min(size, theme.fitted_size(longest, size, room)))
        return ft.Text(words, size=two, max_lines=2, text_align=ft.TextAlign.CENTER,
                       overflow=ft.TextOverflow.ELLIPSIS)

    @property
    def _face_size(self) -> float:
        if self.pictured:
            return 40 if self.small else 48
        return 30 if self.small else 40

    def _piece_part(self, piece: str) -> _PiecePart:
        dots = [ft.Container(width=8, height=8, shape=ft.BoxShape.CIRCLE)
                for _k in range(self.counts[piece])]
        width = piece_width(self.small, self.pictured)
        title = self.title(piece)
        size = name_size(title, self.small, self.pictured)
        style = ft.ButtonStyle(
            text_style=ft.TextStyle(size=size),
            padding=ft.Padding.symmetric(horizontal=piece_padding(self.pictured)),
            shape=ft.RoundedRectangleBorder(radius=PICTURED_CORNER) if self.pictured else None)
        left = ft.Row([*dots], spacing=3, tight=True)
        if self.pictured:
            picture = 36 if self.small else 44
            pick = Button(
                content=ft.Column([self.face(piece, picture),
                                   ft.Text(title, size=size, no_wrap=True)],
                                  spacing=0, tight=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                on_click=lambda e: self.pick(piece), width=width,
                height=picture + theme.TOUCH - 18, style=style)
            below: ft.Control = left
        else:
            pick = Button(title, on_click=lambda e: self.pick(piece), width=width,
                          height=theme.TOUCH + (0 if self.small else 8), style=style)
            below = ft.Row([self.face(piece, 20 if self.small else 24), left], spacing=6,
                           tight=True)
        control = ft.Column([pick, below], spacing=2,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        return _PiecePart(control, pick, dots)

    # --- state ---------------------------------------------------------------------------------

    def count(self, piece: str) -> int:
        return sum(1 for p in self.picked.values() if p == piece)

    def can_pick(self, piece: str) -> bool:
        """A piece picked twice is used up, unless it is the highlighted seat's own pick."""
        if self.current is None:
            return False
        return (self.count(piece) < self.counts[piece]
                or self.picked.get(self.current) == piece)

    @property
    def complete(self) -> bool:
        return all(s in self.picked for s in self.seats)

    def pieces(self) -> Pieces:
        return tuple((s, self.picked[s]) for s in self.seats if s in self.picked)

    def restore(self, pieces: Pieces) -> list[ft.Control]:
        """The picks of an undone reveal or cut, every piece as it was entered, the first
        seat highlighted to correct; returns the parts that changed."""
        self.picked = {seat: piece for seat, piece in pieces if seat in self.seats}
        self.current = self.seats[0] if self.seats else None
        return self.fill()

    # --- handlers ------------------------------------------------------------------------------

    def select(self, seat: str) -> None:
        if seat in self.seats:
            self.current = seat
            self.changed(self.fill())

    def pick(self, piece: str) -> None:
        if not self.can_pick(piece) or self.current is None:
            return
        self.picked[self.current] = piece
        self.current = self._next_without_piece(self.current)
        self.changed(self.fill())

    def changed(self, controls: list[ft.Control]) -> None:
        if self.on_change is not None and controls:
            self.on_change(*controls)
        current = self.current
        if (self.strip is not None and self.scroll_to is not None and current is not None
                and current != self.scrolled_to):
            self.scrolled_to = current
            self.scroll_to(self.strip, f"pick-{self.seats.index(current)}")

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

    def fill(self) -> list[ft.Control]:
        """Sets each seat and piece to the picks so far; returns the parts that changed."""
        changed: list[ft.Control] = []
        size = self._face_size
        for seat, part in self.seat_parts.items():
            chosen = self.picked.get(seat)
            current = seat == self.current
            if self._seats_shown.get(seat) == (chosen, current):
                continue
            self._seats_shown[seat] = (chosen, current)
            part.face.content = self.face(chosen, size) if chosen else None
            part.face.border = (None if chosen
                                else ft.Border.all(2, ft.Colors.OUTLINE))
            part.face.border_radius = size / 2
            part.label.value = self.title(chosen) if chosen else ""
            if not self.narrow:
                part.label.size = theme.fitted_size(part.label.value, theme.BODY, SEAT_LABEL,
                                                    theme.TEXT_SPACING)
            part.chip.style = ft.ButtonStyle(
                text_style=ft.TextStyle(size=theme.BODY - (2 if self.small else 0),
                                        weight=ft.FontWeight.BOLD if current
                                        else ft.FontWeight.NORMAL),
                side=ft.BorderSide(3, ft.Colors.PRIMARY) if current else None,
                padding=ft.Padding.symmetric(horizontal=CHIP_PADDING),
            )
            part.chip.bgcolor = ft.Colors.PRIMARY_CONTAINER if current else None
            changed.append(part.control)
        for piece, ppart in self.piece_parts.items():
            left = self.counts[piece] - self.count(piece)
            can = self.can_pick(piece)
            if self._pieces_shown.get(piece) == (left, can):
                continue
            self._pieces_shown[piece] = (left, can)
            ppart.pick.disabled = not can
            for k, dot in enumerate(ppart.dots):
                dot.bgcolor = ft.Colors.PRIMARY if k < left else ft.Colors.OUTLINE_VARIANT
            changed.append(ppart.control)
        if self.done_button.disabled == self.complete:
            self.done_button.disabled = not self.complete
            changed.append(self.done_button)
        status = self.status_words()
        if self.status.value != status:
            self.status.value = status
            changed.append(self.status)
        return changed

    def status_words(self) -> str:
        """Which seats still lack a piece (what {action} waits for) and which pieces are used
        up, the pack having two of each."""
        _ = self.tr
        parts: list[str] = []
        missing = [s for s in self.seats if s not in self.picked]
        if missing:
            parts.append(_("{action} once every seat has a piece; still without one: {seats}.",
                           action=self.action, seats=and_list(missing, self.tr)))
        used = [self.title(p) for p, n in self.pack if self.count(p) >= n]
        if used and any(n != 2 for _p, n in self.pack):
            parts.append(_("Every piece of {pieces} is picked: none can be picked again.",
                           pieces=and_list(used, self.tr)))
        elif used:
            parts.append(_("The pack has two of each piece: {pieces} cannot be picked again.",
                           pieces=and_list(used, self.tr)))
        return " ".join(parts)


@dataclass
class _SeatPart:
    control: ft.Control
    chip: ft.Button
    face: ft.Container
    label: ft.Text


@dataclass
class _PiecePart:
    control: ft.Control
    pick: ft.Button
    dots: list[ft.Container]
