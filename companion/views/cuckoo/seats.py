"""A cuckoo table's seats: one tile per seat (counters and lives as dots, strokes as tally
marks, a place in the pot in words, badges), and the pool in the middle. The shell lays them
out round the table (views/shell/ring.py).

Tiles are kept between taps and only their changed properties are set, so a tap on a 40-seat
table sends a small update.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import flet as ft
import flet.canvas as cv

from companion.engine.cuckoo.reveal import SidePot
from companion.engine.cuckoo.state import CuckooState
from companion.i18n import EN, Tr

from .. import theme
from ..shell.parts import Mode
from ..shell.ring import COMPACT_TILE_H, FULL_TILE_H, GRID_TILE_H, ROW_TILE_H

MAX_DOTS = 12  # past this a seat shows its count as a number beside a row of dots
MIN_STROKE = 1.25  # px: the thinnest chalk stroke drawn


class MarksCanvas(cv.Canvas):
    """The canvas of a seat's marks, isolated: diffing a seat tile does not walk its shapes
    (a long game's tally is hundreds of points, compared one by one on every tap that touched
    the tile). Whoever changes the marks sends the canvas itself (see `Marks.show`)."""

    _isolated = True


class Marks:
    """A seat's counters as dots, or its chalk strokes as tally marks (four bars crossed by a
    fifth), drawn as one path on one canvas.

    One control whatever the count: a changed seat sends one small patch instead of one
    control per stroke, and the marks shrink to fit the box their tile gives them (a compact
    tile on a 40-seat table, a row on a phone) rather than making the tile taller.
    """

    def __init__(self, dot: float = 14, box: tuple[float, float] = (110, 32)) -> None:
        self.dot = dot
        self.box = box
        self._dot_paint = ft.Paint(color=ft.Colors.PRIMARY, style=ft.PaintingStyle.FILL)
        self.path = cv.Path([], paint=self._dot_paint)  # the counters
        # the chalk strokes, each a line segment of one shape (butt ends: a bar is a rectangle)
        self.strokes = cv.Points([], point_mode=cv.PointMode.LINES,
                                 paint=ft.Paint(color=ft.Colors.ON_SURFACE, stroke_width=3))
        self.control = MarksCanvas([self.path], width=0, height=dot)
        self.shown = 0  # dots or strokes drawn
        self._key: tuple[object, ...] | None = None

    def show(self, n: int, counters: bool) -> bool:
        """Draws `n` counters or strokes; True when the drawing changed (then the canvas must
        be sent: it is isolated from its tile's updates)."""
        key = (n, counters, self.box, self.dot)
        if key == self._key:
            return False
        self._key = key
        if counters:
            self._dots(min(n, MAX_DOTS))
        else:
            self._tally(n)
        self.shown = min(n, MAX_DOTS) if counters else n
        return True

    def _fit(self, items: int, item_w: float, item_h: float) -> tuple[int, float]:
        """Items per row and scale (at most 1) that fit `items` into the box."""
        box_w, box_h = self.box
        best_per_row, best_scale = max(items, 1), 0.0
        for rows in range(1, max(items, 1) + 1):
            per_row = math.ceil(items / rows) if items else 1
            scale = min(1.0, box_w / (per_row * item_w), box_h / (rows * item_h))
            if scale > best_scale + 1e-9:
                best_per_row, best_scale = per_row, scale
            if per_row == 1:
                break
        return best_per_row, best_scale

    def _dots(self, n: int) -> None:
        step = self.dot + 4
        per_row, s = self._fit(n, step, step)
        d, step = self.dot * s, step * s
        self.path.elements = [cv.Path.Oval((k % per_row) * step, (k // per_row) * step, d, d)
                              for k in range(n)]
        if self.control.shapes[0] is not self.path:
            self.control.shapes = [self.path]
        rows = math.ceil(n / per_row) if n else 0
        self.control.width = min(n, per_row) * step
        self.control.height = max(rows * step - 4 * s, 0)

    def _tally(self, n: int) -> None:
        # A group: four bars 3 wide, 8 apart, crossed by a fifth from low left to high right.
        # Every stroke is one line segment (two points) of one `Points` shape, so a seat's
        # whole tally is one element on the wire however many strokes it holds (as `Path`
        # elements a group of five was nine: four rectangles and a five-step parallelogram).
        groups = math.ceil(n / 5)
        per_row, s = self._fit(groups, 36, 24)
        h = 20 * s
        points: list[ft.OffsetValue] = []
        for g in range(groups):
            x0, y0 = (g % per_row) * 36 * s, (g // per_row) * 24 * s
            k = min(n - 5 * g, 5)
            for b in range(min(k, 4)):
                x = x0 + (b * 8 + 1.5) * s
                points += [(x, y0), (x, y0 + h)]
            if k == 5:
                points += [(x0 - 3 * s, y0 + 16.5 * s), (x0 + 30 * s, y0 + 4.5 * s)]
        if self.control.shapes[0] is not self.strokes:
            self.control.shapes = [self.strokes]
        self.strokes.points = points
        # never thinner than about a pixel: a 40-seat grid shrinks the marks so far that
        # thinner lines were drawn faint
        width = max(3 * s, MIN_STROKE)
        if self.strokes.paint.stroke_width != width:  # a new Paint: the diff sees it
            self.strokes.paint = ft.Paint(color=ft.Colors.ON_SURFACE, stroke_width=width)
        rows = math.ceil(groups / per_row) if groups else 0
        self.control.width = min(groups, per_row) * 36 * s
        self.control.height = max(rows * 24 * s - 4 * s, 0)


# A seat's counters, lives, strokes or place in the pot, in words (the voice's).
Stance = Callable[[Any, int, Tr], str]


def dotted(state: CuckooState) -> bool | None:
    """How a table's stakes are drawn: as dots (counters, lives), as tally marks (strokes:
    False), or not at all (a place in the pot: None)."""
    ledger = state.ledger
    return None if ledger == "stake" else ledger != "strokes"


class SeatTile:
    """One seat: name, dealer badge, marks, and what state it is in."""

    def __init__(self, name: str, width: float | None = None, tr: Tr = EN,
                 words: Stance | None = None) -> None:
        _p = tr.p
        self.tr = tr
        self.name = name
        self.words = words
        self.name_text = ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD,
                                 no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, expand=True)
        self.dealer = ft.Container(
            content=ft.Text(_p("badge", "D"), size=theme.SMALL, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_TERTIARY),
            width=26, height=26, alignment=ft.Alignment.CENTER, shape=ft.BoxShape.CIRCLE,
            bgcolor=ft.Colors.TERTIARY, visible=False, tooltip=_p("badge", "Dealer"),
        )
        self.marks = Marks()
        self.count = ft.Text("", size=theme.BODY, weight=ft.FontWeight.W_600)
        self.status = ft.Text("", size=theme.SMALL, italic=True, no_wrap=True)
        self.box = ft.Container(
            padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            border_radius=14,
            width=width,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
        self._struck = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
        self._looks = {
            "turn": (ft.Border.all(4, ft.Colors.PRIMARY), ft.Colors.PRIMARY_CONTAINER),
            "asked": (ft.Border.all(4, ft.Colors.TERTIARY), ft.Colors.TERTIARY_CONTAINER),
            "plain": (self.box.border, ft.Colors.SURFACE_CONTAINER_HIGHEST),
        }
        self._look = "plain"
        self.mode = ""
        self._shape: tuple[object, ...] | None = None
        self._name_size = float(theme.NAME)  # the mode's size for a name that fits
        self.set_mode("full", width or 190)
        self.semantics = ft.Semantics(identifier=f"seat-{name}", content=self.box)
        self.control = ft.Container(content=self.semantics)
        self._key: tuple[object, ...] | None = None

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None) -> None:
        """Arranges the same controls as a tile round a tablet's table ("full"), a small one
        round a phone's ("compact": the name, the marks and the count; the rest in its label
        and its border), a compact tile of a crowded table's grid ("grid"), or one row of a
        phone's list ("row"). Every tile of one mode has the same height, so the seat whose
        turn it is does not push the others."""
        if (mode, width, height) == self._shape:
            return  # laid out again where it was: nothing to send
        self._shape = (mode, width, height)
        self.mode = mode
        self.box.width = width
        inner = (width or 340) - 24
        if mode == "row":
            self.name_text.size = theme.NAME - 2
            self.count.size = theme.BODY - 2
            self.count.width, self.count.text_align = 52, ft.TextAlign.RIGHT
            self.marks.box, self.marks.dot = (min(120.0, inner * 0.35), 28.0), 12
            self.box.height = ROW_TILE_H
            self.box.padding = ft.Padding.symmetric(horizontal=12, vertical=4)
            self.box.content = ft.Row(
                [self.name_text, self.status, self.dealer, self.marks.control, self.count],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        elif mode == "compact":
            tall = (height or COMPACT_TILE_H) >= COMPACT_TILE_H
            self.name_text.size = theme.BODY - (0 if tall else 2)
            self.count.size = theme.BODY - 3
            self.count.width, self.count.text_align = None, ft.TextAlign.START
            self.marks.box, self.marks.dot = (max(inner + 8 - 28, 24.0), 14.0), 10
            self.box.height = height or COMPACT_TILE_H
            self.box.padding = ft.Padding.symmetric(horizontal=8, vertical=4 if tall else 2)
            self.box.content = ft.Column(
                [ft.Row([self.name_text, self.dealer], spacing=4,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 ft.Row([self.marks.control, self.count], spacing=4,
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                spacing=2, tight=True)
        elif mode == "grid":
            self.name_text.size = theme.BODY + 1
            self.count.size = theme.BODY - 2
            self.count.width, self.count.text_align = None, ft.TextAlign.START
            self.marks.box, self.marks.dot = (max(inner - 56, 30.0), 16.0), 12
            self.box.height = GRID_TILE_H
            self.box.padding = ft.Padding.symmetric(horizontal=10, vertical=5)
            self.box.content = ft.Column(
                [ft.Row([self.name_text, self.status, self.dealer], spacing=4,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 ft.Row([self.marks.control, self.count], spacing=6,
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                spacing=2, tight=True)
        else:
            self.name_text.size = theme.NAME
            self.count.size = theme.BODY
            self.count.width, self.count.text_align = None, ft.TextAlign.START
            self.marks.box, self.marks.dot = (max(inner - 60, 40.0), 32.0), 14
            self.box.height = FULL_TILE_H
            self.box.padding = ft.Padding.symmetric(horizontal=12, vertical=8)
            self.box.content = ft.Column(
                [ft.Row([self.name_text, self.dealer], spacing=6),
                 ft.Row([self.marks.control, self.count], spacing=6,
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER),
                 self.status],
                spacing=4, tight=True)
        self.dealer.width = self.dealer.height = 22 if mode != "full" else 26
        self._name_size = float(self.name_text.size or theme.NAME)
        self._fit_name()
        self._key = None  # the marks are redrawn for their new box

    def _fit_name(self) -> None:
        """A long name is made smaller to fit its tile rather than cut with room to spare
        ("Ann-Sofie Öh…", "Bartholom…" round a phone's table), beside the dealer's badge only
        while the seat deals; a name too long even in a small size is cut at the tile's own
        size."""
        width, mode = self.box.width, self.mode
        size = self._name_size
        if width is not None and mode != "row":
            room = (width - (24 if mode == "full" else 16 if mode == "compact" else 20)
                    - (30 if self.dealer.visible else 0))
            fitted = theme.fitted_size(self.name, size, room, theme.TEXT_SPACING)
            if fitted >= theme.SMALL - 2:  # else smaller would not save it: cut as it is
                size = fitted
        self.name_text.size = size

    def show(self, state: CuckooState, i: int) -> list[ft.Control]:
        """Sets what changed for seat `i` and returns the controls to send: none when nothing
        changed, else the tile, and its marks' canvas when they changed."""
        turn = state.phase in ("turns", "asking") and state.turn == i
        asked = state.phase == "asking" and state.asked == i
        key = (state.balance[i], state.out[i], state.sitting_out[i], state.knocked[i],
               state.dealer == i and state.phase != "over", turn, asked, state.in_round[i],
               i in state.winners, state.phase, state.dead[i], state.rebuys[i])
        if key == self._key:
            return []
        self._key = key
        _ = self.tr
        n = state.balance[i]
        dots = dotted(state)
        marks_changed = self.marks.show(n if dots is not None else 0, dots is not False)
        number = self.tr.number  # an amount as the table's language writes it (1 234)
        self.count.value = ("" if dots is None else number(n) if dots
                            else f"{number(n)}/{number(state.limit)}")
        stance = self.words(state, i, self.tr) if self.words is not None else ""
        self.count.tooltip = stance or None
        dealing = state.dealer == i and state.phase != "over"
        if self.dealer.visible != dealing:
            self.dealer.visible = dealing
            self._fit_name()  # the badge's room, or none
        words = []
        if state.out[i]:
            words.append(_("out"))
        elif state.dead[i]:
            words.append(_("dead"))
        elif dots is None:
            words.append(_("in the pot"))
        elif state.sitting_out[i] or (state.phase in ("turns", "asking", "reveal")
                                      and not state.in_round[i]):
            words.append(_("sits out"))
        # a knock tells what was dealt this round: once the reveal has ended the round it is
        # old news (the engine keeps it until the next deal, as the journal has always read)
        if state.knocked[i] and state.in_round[i]:
            words.append(_("knocked this round"))
        if turn:
            words.append(_("asks") if state.phase == "asking" else _("to play"))
        if asked:
            words.append(_("is asked"))
        if i in state.winners:
            words.append(_("wins"))
        self.status.value = " · ".join(words)
        self.status.visible = bool(words)
        if dots is None and self.mode == "compact":
            # a place in the pot has no marks: a small tile says it where they would be
            self.count.value = words[0]
        # the seat in words for a screen reader (and what the tests read of it): its stakes
        # and what it is doing, which a small tile round a phone's table does not write out
        said = " · ".join(w for w in (stance, self.status.value) if w)
        self.semantics.label = f"{self.name}: {said}" if said else None
        # styles are set only when they change, and to the tile's own kept objects: a new
        # (even equal) Border or TextStyle object is sent whole in the patch
        struck = self._struck if state.out[i] else None
        if self.name_text.style is not struck:
            self.name_text.style = struck
        self.box.opacity = 0.45 if state.out[i] or state.dead[i] else 1.0
        look = "turn" if turn else "asked" if asked else "plain"
        if look != self._look:
            self._look = look
            self.box.border, self.box.bgcolor = self._looks[look]
        return [self.control, self.marks.control] if marks_changed else [self.control]


class PoolView:
    """The pool in the middle of the table (counters only; under strokes there is no pool)."""

    def __init__(self, tr: Tr = EN) -> None:
        self.tr = tr
        self.marks = Marks(dot=12, box=(150, 28))
        self.text = ft.Text("", size=theme.NAME, weight=ft.FontWeight.BOLD, no_wrap=True)
        self.box = ft.Container(
            padding=10, border_radius=14, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
        # named by its words alone: read with its text beside, a screen reader said "Pool 1
        # Pool 1"
        self.semantics = ft.Semantics(identifier="pool", content=self.box, container=True,
                                      exclude_semantics=True)
        self.control = ft.Container(content=self.semantics)
        self._key: tuple[object, ...] | None = None
        self._shape: tuple[object, ...] | None = None

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None) -> None:
        """As a row above a phone's list, a cell of a crowded table's grid, or the middle of
        a tablet's or a phone's table."""
        if (mode, width, height) == self._shape:
            return
        self._shape = (mode, width, height)
        self.box.width = width
        # too short a middle for the marks under the words: the words alone
        self.marks.control.visible = height is None or height >= 64
        if mode == "row":
            self.text.size = theme.BODY + 1
            self.marks.box = (180, 24)
            self.box.height = ROW_TILE_H  # as tall as a seat's row: the list scrolls by offset
            self.box.padding = ft.Padding.symmetric(horizontal=12, vertical=6)
            self.box.content = ft.Row([self.text, self.marks.control], spacing=12,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
        elif mode == "grid":
            self.text.size = theme.BODY
            self.marks.box = (max((width or 150) - 20, 30), 18)
            self.box.height = GRID_TILE_H
            self.box.padding = ft.Padding.symmetric(horizontal=10, vertical=5)
            self.box.content = ft.Column([self.text, self.marks.control], spacing=4, tight=True)
        elif mode == "compact":
            self.text.size = theme.BODY
            self.marks.box, self.marks.dot = (96, 12), 10
            self.box.height = None
            self.box.padding = ft.Padding.symmetric(horizontal=10, vertical=4)
            self.box.content = ft.Column([self.text, self.marks.control], spacing=2, tight=True,
                                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        else:
            self.text.size = theme.NAME
            self.marks.box = (150, 28)
            self.box.height = None
            self.box.padding = 10
            self.box.content = ft.Column([self.text, self.marks.control], spacing=4, tight=True,
                                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self._key = None

    def show(self, state: CuckooState) -> list[ft.Control]:
        """Sets the pool and returns the controls to send (as `SeatTile.show`)."""
        dots = dotted(state)
        key = (state.pool, state.pot, state.side_pot, dots)
        if key == self._key:
            return []
        self._key = key
        _ = self.tr
        ledger = state.ledger
        play = state.play
        # each seat's lives are all there is, unless the pot is kept (Cuccù's re-entries)
        self.control.visible = ledger != "lives" or play.buy_back != "none"
        number = self.tr.number
        if ledger == "counters":
            text = _("Pool {count}", count=number(state.pool))
            if any(isinstance(rule, SidePot) for rule in play.reveal):
                # Slabberjan's side pot, kept apart and counted (slabberjan.md, rule 9)
                text = _("{pool} · side pot {count}", pool=text, count=number(state.side_pot))
            self.text.value = text
            marks_changed = self.marks.show(state.pool, True)
        elif ledger == "strokes":
            self.text.value = _("Strokes to {count}", count=state.limit)
            marks_changed = self.marks.show(0, True)
        else:
            self.text.value = _("Pot {count}", count=number(state.pot))
            marks_changed = self.marks.show(state.pot, True)
        self.semantics.label = self.text.value  # its words, once (its children are excluded)
        return [self.control, self.marks.control] if marks_changed else [self.control]
