"""The seats round the table, for every game: as they sit, round a table drawn with the way
play goes (arrows from each seat to the next it passes the turn to), on a tablet and on a phone
upright and sideways alike, up to 12 seats; past that a grid of compact tiles in seating order
(a list on a phone), the way play goes said above it. A game's faces (parts.Face) are placed
and told their room; they are kept between taps, so a layout moves them rather than making them
again.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft
import flet.canvas as cv

from .. import theme
from .parts import Direction, Face, Mode

FULL_TILE_W = 190  # a tile round a tablet's table
FULL_TILE_H = 116
COMPACT_TILE_H = 56  # a tile round a phone's table: its name, and its stakes in a line
SMALLEST_TILE_H = 48  # the same, a crowded phone's (ten to twelve seats, a tall question)
MIN_TILE_W = 68  # no narrower: a name of six letters and a count still read
EVEN_TILE_W = 88  # evenly round a phone's table no narrower than this
GRID_TILE_H = 68  # a compact tile of a crowded table (over 12 seats) on a tablet
ROW_TILE_H = 52  # one seat's row on a phone
MAX_RING = 12  # past this the table is a grid in seating order (the table design's rule for crowded tables)
RING_GAP = 6  # at least this between two tiles round the table
ARROW = 9  # half an arrowhead's length
MIDDLE_W = 120  # the middle of a phone's table: the pool, the deck, the way play goes

GAP = 8
ROW_GAP = 6  # between the rows of a phone's list


def grid_columns(cells: int, width: float, height: float) -> tuple[int, float]:
    """The fewest columns (widest tiles) with which `cells` compact tiles fit the height; when
    none do, as many as keep a tile readable (the list then scrolls)."""
    best = (1, width)
    for cols in range(2, 16):
        tile_w = math.floor((width - (cols - 1) * GAP) / cols) - 1
        if tile_w < 128:
            break
        best = (cols, float(tile_w))
        rows = math.ceil(cells / cols)
        if rows * (GRID_TILE_H + GAP) - GAP <= height:
            break
    return best


class SeatList(ft.ListView):
    """The seats on a phone, one row each, the pool first: a list view, so that each row is
    its own repaint boundary (see `SeatGrid`); it scrolls itself, by offset."""

    def offset_of(self, cell: int) -> float:
        return float(cell * (ROW_TILE_H + ROW_GAP))


class SeatGrid(ft.GridView):
    """The seats of a crowded table in a grid of equal cells, in reading order.

    A grid view rather than a wrapping row: it gives each tile its own repaint boundary, so a
    tap that changes two seats redraws those two, not all forty (on a 20-seat table this took
    the frame that shows a tap from about 13 to about 8 ms in headless Chromium; see
    benchmarks/RESULTS.md)."""

    cols: int = 1  # cells per row, as laid out (for scrolling a seat into view)

    def offset_of(self, cell: int) -> float:
        """Where row of `cell` starts, for scroll_to (the grid builds rows lazily, so a seat
        far down cannot be found by its key)."""
        return float((cell // max(self.cols, 1)) * (GRID_TILE_H + GAP))


@dataclass(frozen=True, slots=True)
class Round:
    """The table's edge through the seats' centres: a rectangle from (left, top) to (right,
    bottom) with its corners rounded by `radius`, walked clockwise from the middle of its left
    side (where the first seat sits), as the seats sit."""

    left: float
    top: float
    right: float
    bottom: float
    radius: float

    @property
    def length(self) -> float:
        a, b, r = self.right - self.left, self.bottom - self.top, self.radius
        return 2 * (a + b) - 8 * r + 2 * math.pi * r

    def at(self, s: float) -> tuple[float, float, float]:
        """The point `s` along the edge and the direction (radians, screen coordinates, y
        down) the walk goes there."""
        left, top, right, bottom, r = self.left, self.top, self.right, self.bottom, self.radius
        mid = (top + bottom) / 2
        quarter = math.pi * r / 2
        # each leg: its length, and a straight one's start and heading, or a corner's centre
        # and the angle (from that centre) its start lies at
        legs: list[tuple[float, bool, float, float, float]] = [
            (mid - top - r, True, left, mid, -math.pi / 2),  # up the left side
            (quarter, False, left + r, top + r, math.pi),
            (right - left - 2 * r, True, left + r, top, 0.0),  # along the top
            (quarter, False, right - r, top + r, 1.5 * math.pi),
            (bottom - top - 2 * r, True, right, top + r, math.pi / 2),  # down the right
            (quarter, False, right - r, bottom - r, 0.0),
            (right - left - 2 * r, True, right - r, bottom, math.pi),  # along the bottom
            (quarter, False, left + r, bottom - r, math.pi / 2),
            (bottom - r - mid, True, left, bottom - r, -math.pi / 2),  # up to the start
        ]
        s %= self.length
        for k, (length, straight, x, y, angle) in enumerate(legs):
            if s > length and k < len(legs) - 1:
                s -= length
                continue
            if straight:
                return x + s * math.cos(angle), y + s * math.sin(angle), angle
            turn = angle + (s / r if r else 0.0)
            return x + r * math.cos(turn), y + r * math.sin(turn), turn + math.pi / 2
        raise AssertionError("a walk round the table ends where it began")


def seat_centres(n: int, width: float, height: float, tile_w: float, tile_h: float,
                 rounding: float) -> tuple[Round, list[tuple[float, float]]]:
    """The edge through the seats' centres, and each seat's centre, evenly spaced round it
    from the middle of the left side, clockwise."""
    left, top = tile_w / 2, tile_h / 2
    right, bottom = width - tile_w / 2, height - tile_h / 2
    radius = max(0.0, min(right - left, bottom - top) / 2 * rounding)
    edge = Round(left, top, right, bottom, radius)
    step = edge.length / n
    return edge, [edge.at(i * step)[:2] for i in range(n)]


@dataclass(frozen=True, slots=True)
class Edge:
    """The table drawn through the seats' centres: a rectangle with rounded corners."""

    left: float
    top: float
    right: float
    bottom: float
    radius: float


def covers(centres: Sequence[tuple[float, float]], tile_w: float, tile_h: float) -> bool:
    """Whether a tile at one of `centres` would cover (or touch) another."""
    return any(abs(ax - bx) < tile_w + RING_GAP and abs(ay - by) < tile_h + RING_GAP
               for k, (ax, ay) in enumerate(centres) for bx, by in centres[k + 1:])


def round_places(n: int, width: float, height: float, tile_w: float, tile_h: float,
                 rounding: float) -> tuple[Round, list[tuple[float, float]]] | None:
    """The seats evenly spaced round the table's edge (a rounded rectangle through their
    centres), the first in the middle of the left side; None where two would cover each
    other (in a corner of a crowded table)."""
    if width < 2 * tile_w + RING_GAP or height < 2 * tile_h + RING_GAP:
        return None
    edge, centres = seat_centres(n, width, height, tile_w, tile_h, rounding)
    return None if covers(centres, tile_w, tile_h) else (edge, centres)


def shared_places(n: int, width: float, height: float, tile_w: float, tile_h: float
                  ) -> tuple[Edge, list[tuple[float, float]]] | None:
    centres = seat_places(n, width, height, tile_w, tile_h)
    return None if centres is None else (table_edge(centres), centres)


def _spread(count: int, start: float, stop: float) -> list[float]:
    """`count` places evenly spaced inside (start, stop), none at its ends."""
    return [start + (stop - start) * (k + 1) / (count + 1) for k in range(count)]


def _across(count: int, left: float, right: float, tile_w: float, sides: int,
            corners: bool) -> list[float]:
    """The x of a row's seats between the table's left and right seats' centres."""
    if corners and count > 1:
        return [left + (right - left) * k / (count - 1) for k in range(count)]
    if sides:
        return _spread(count, left, right)
    return _spread(count, left - tile_w / 2, right + tile_w / 2)


def seat_places(n: int, width: float, height: float, tile_w: float, tile_h: float
                ) -> list[tuple[float, float]] | None:
    """A crowded table's seats shared out between its sides: clockwise from the middle of the
    left side (the first seat), up it, along the top, down the right side and back along the
    bottom, each side's seats evenly spaced; of the ways to share them, the evenest round the
    table. None when one would cover another however they are shared."""
    left, right = tile_w / 2, width - tile_w / 2
    top, bottom = tile_h / 2, height - tile_h / 2
    if right - left < tile_w + RING_GAP or bottom - top < tile_h + RING_GAP:
        return None
    best: tuple[float, list[tuple[float, float]]] | None = None
    for sides in range(n // 2 + 1):
        rows = n - 2 * sides
        up, down = (rows + 1) // 2, rows // 2
        ys = _spread(sides, top, bottom)
        # the rows' seats spread evenly (clear of the corners), or from corner to corner
        for corners in (False, True):
            ring = ([(left, y) for y in reversed(ys)]  # up the left side
                    + [(x, top) for x in _across(up, left, right, tile_w, sides, corners)]
                    + [(right, y) for y in ys]
                    + [(x, bottom) for x in reversed(
                        _across(down, left, right, tile_w, sides, corners))])
            if sides:  # the first seat in the middle of the left side
                first = (sides - 1) // 2
                ring = ring[first:] + ring[:first]
            if covers(ring, tile_w, tile_h):
                continue
            # the most even round the table: the longest step to the next seat against the
            # shortest (a seat in each corner only where nothing evener fits)
            steps = [math.dist(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True)]
            unevenness = max(steps) / max(min(steps), 1.0) + (0.5 if corners else 0.0)
            if best is None or unevenness < best[0]:
                best = (unevenness, ring)
    return None if best is None else best[1]


def table_edge(centres: Sequence[tuple[float, float]]) -> Edge:
    xs, ys = [x for x, _y in centres], [y for _x, y in centres]
    left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
    return Edge(left, top, right, bottom, min(right - left, bottom - top) / 2 * 0.8)


def ring_fit(n: int, width: float, height: float, compact: bool
             ) -> tuple[Mode, float, float, Round | Edge, list[tuple[float, float]]] | None:
    """The widest tiles with which `n` seats sit round a table of this size without one
    covering another: a tablet's full tiles, else (or on a phone) compact ones as wide as
    fit; None when not even the narrowest fit."""
    if not compact:
        placed = (round_places(n, width, height, FULL_TILE_W, FULL_TILE_H, 1.0)
                  or shared_places(n, width, height, FULL_TILE_W, FULL_TILE_H))
        if placed is not None:
            return "full", FULL_TILE_W, FULL_TILE_H, *placed
    # no wider than leaves the middle of the table room for the pool (or the deck); evenly
    # round the table with tiles as narrow as a name reads easily, else shared out between
    # the sides, narrower still
    widest = min(180.0, (width - 2 * RING_GAP - MIDDLE_W) / 2)
    for narrowest, even in ((EVEN_TILE_W, True), (MIN_TILE_W, False)):
        for tile_h in (COMPACT_TILE_H, SMALLEST_TILE_H):
            tile_w = widest
            while tile_w >= narrowest:
                found = (round_places(n, width, height, tile_w, tile_h, 0.6) if even
                         else shared_places(n, width, height, tile_w, tile_h))
                if found is not None:
                    return "compact", tile_w, tile_h, *found
                tile_w -= 4
    return None


@functools.cache
def least_ring_height(n: int, width: float) -> float:
    """The least height `n` seats sit round a phone's table in, every tile whole (in two rows
    of the smallest tiles where few enough)."""
    height = 2.0 * (SMALLEST_TILE_H + RING_GAP)
    while ring_fit(n, width, height, compact=True) is None and height < 2000:
        height += 4
    return height


def clear_of_tiles(points: Sequence[tuple[float, float, float]],
                   centres: Sequence[tuple[float, float]], tile: tuple[float, float]
                   ) -> tuple[float, float, float] | None:
    """Of `points` along the way from one seat to the next (each with its heading), the one
    in the middle of the longest stretch no tile covers (the arrow's middle; between two
    tiles side by side, in the gap between them, its point out of it); None when the tiles
    cover it all."""
    half_w, half_h = tile[0] / 2 + 1, tile[1] / 2 + 1
    best: tuple[int, int] | None = None
    start: int | None = None
    for k, (x, y, _angle) in enumerate([*points, (math.inf, math.inf, 0.0)]):
        free = k < len(points) and not any(
            abs(x - cx) < half_w and abs(y - cy) < half_h for cx, cy in centres)
        if free and start is None:
            start = k
        elif not free and start is not None:
            if best is None or k - start > best[1] - best[0]:
                best = (start, k)
            start = None
    return None if best is None else points[(best[0] + best[1] - 1) // 2]


def table_drawing(edge: Round | Edge, centres: Sequence[tuple[float, float]],
                  direction: Direction | None, width: float, height: float,
                  tile: tuple[float, float] | None = None) -> cv.Canvas:
    """The table's edge, and between each seat and the next an arrow the way the turn passes
    (to the left: clockwise as the table is drawn, seen from above): on the edge halfway
    between the two tiles (given `tile`, their size), never under one, so that each arrow
    is seen to go from a seat to the next."""
    shapes: list[cv.Shape] = [cv.Rect(
        edge.left, edge.top, edge.right - edge.left, edge.bottom - edge.top,
        border_radius=edge.radius,
        paint=ft.Paint(color=ft.Colors.OUTLINE_VARIANT, stroke_width=3,
                       style=ft.PaintingStyle.STROKE))]
    if direction is not None:
        n = len(centres)
        paint = ft.Paint(color=ft.Colors.PRIMARY, style=ft.PaintingStyle.FILL)
        for i in range(n):
            (ax, ay), (bx, by) = centres[i], centres[(i + 1) % n]
            if isinstance(edge, Round):  # on the edge, halfway round to the next seat
                x, y, angle = edge.at((i + 0.5) * edge.length / n)
                way = [edge.at((i + k / 80) * edge.length / n) for k in range(1, 80)]
            else:  # halfway across to the next seat
                x, y = (ax + bx) / 2, (ay + by) / 2
                angle = math.atan2(by - ay, bx - ax)
                way = [(ax + (bx - ax) * k / 80, ay + (by - ay) * k / 80, angle)
                       for k in range(1, 80)]
            if tile is not None:
                clear = clear_of_tiles(way, centres, tile)
                if clear is None:
                    continue  # the two tiles side by side: the edge between them is hidden
                x, y, angle = clear
            if direction == "right":
                angle += math.pi
            tip = (x + ARROW * math.cos(angle), y + ARROW * math.sin(angle))
            back, wing = angle + math.pi, 0.5
            a = (x + ARROW * math.cos(back + wing), y + ARROW * math.sin(back + wing))
            b = (x + ARROW * math.cos(back - wing), y + ARROW * math.sin(back - wing))
            shapes.append(cv.Path([cv.Path.MoveTo(*tip), cv.Path.LineTo(*a),
                                   cv.Path.LineTo(*b), cv.Path.Close()], paint=paint))
    return cv.Canvas(shapes, width=width, height=height, left=0, top=0)


class Table(ft.Stack):
    """The seats round the table, kept from layout to layout: a window resized (a longer
    banner, the settlement under the seats) moves the same tiles, so the browser is sent their
    new places rather than the whole table."""


def layout(tiles: Sequence[Face], pool: Face | None, width: float, height: float,
           compact: bool = False, direction: Direction | None = None,
           words: str = "", previous: ft.Control | None = None
           ) -> tuple[ft.Control, bool, bool]:
    """The seats in seating order: round the table up to 12 seats (full tiles on a tablet,
    compact ones on a phone, upright or sideways), else a grid of compact tiles wrapping in
    reading order (a `SeatGrid`; on a phone a `SeatList`), which scroll themselves. `words`
    say the way play goes (the table's label for a screen reader). Also says whether the seats
    may not all fit (then the screen scrolls the seat whose turn it is into view), and whether
    they sit round the table (else the screen says the way play goes above them)."""
    n = len(tiles)
    fit = ring_fit(n, width, height, compact) if 0 < n <= MAX_RING else None
    if fit is not None:
        mode, tile_w, tile_h, edge, centres = fit
        placed: list[ft.Control] = [table_drawing(edge, centres, direction, width, height,
                                                  (tile_w, tile_h))]
        for t, (x, y) in zip(tiles, centres, strict=True):
            t.set_mode(mode, tile_w, tile_h)
            t.control.left, t.control.top = x - tile_w / 2, y - tile_h / 2
            t.control.width = tile_w
            placed.append(t.control)
        cx = width / 2
        # the middle's room between the top and the bottom row: squeezed by a tall panel (a
        # phone's settlement), the pool keeps its words only, then the middle stays empty,
        # never covering a seat (the settlement's own lines say the pot then)
        room_h = height - 2 * (tile_h + RING_GAP)
        middle: list[ft.Control] = []
        if pool is not None and room_h >= 28:
            pool.set_mode(mode, None, room_h)
            pool.control.left = pool.control.top = None
            pool.control.width = None
            middle.append(pool.control)
        if direction is not None and room_h >= (96 if pool is not None else 32):
            middle.append(ft.Semantics(identifier="direction", label=words, container=True,
                                       content=ft.Icon(ft.Icons.ROTATE_RIGHT
                                                       if direction == "left"
                                                       else ft.Icons.ROTATE_LEFT,
                                                       size=22 if mode == "compact" else 28,
                                                       color=ft.Colors.PRIMARY)))
        # the middle of the table: the pool (or the deck) and the way play goes
        room_w = width - 2 * tile_w - 2 * RING_GAP
        placed.append(ft.Container(
            content=ft.Column(middle, spacing=2, tight=True,
                              horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            left=cx - room_w / 2, top=tile_h + RING_GAP, width=room_w,
            height=max(room_h, 0),
            alignment=ft.Alignment.CENTER))
        if isinstance(previous, Table):
            previous.controls, previous.width, previous.height = placed, width, height
            return previous, False, True
        return Table(placed, width=width, height=height), False, True
    if width < theme.PHONE_WIDTH:
        cells: list[ft.Control] = [t.control for t in tiles]
        for t in tiles:
            t.set_mode("row", None)
            t.control.left = t.control.top = t.control.width = None
        if pool is not None:
            pool.set_mode("row", None)
            pool.control.left = pool.control.top = pool.control.width = None
            cells.insert(0, pool.control)
        rows = SeatList(cells, spacing=ROW_GAP, expand=True,
                        cache_extent=(n + 1) * (ROW_TILE_H + ROW_GAP),
                        build_controls_on_demand=False)
        return rows, True, False
    cells = [t.control for t in tiles]
    if pool is not None:
        cells.insert(0, pool.control)
    cols, tile_w = grid_columns(len(cells), width, height)
    for t in tiles:
        t.set_mode("grid", tile_w)
        t.control.left = t.control.top = t.control.width = None
    if pool is not None:
        pool.set_mode("grid", tile_w)
        pool.control.left = pool.control.top = pool.control.width = None
    row_count = math.ceil(len(cells) / cols)
    fits = row_count * (GRID_TILE_H + GAP) - GAP <= height
    cell_w = (width - (cols - 1) * GAP) / cols  # what the grid gives each cell
    grid = SeatGrid(
        cells, runs_count=cols, spacing=GAP,
        run_spacing=GAP, child_aspect_ratio=cell_w / GRID_TILE_H, expand=True,
        # every tile built at once, even those scrolled out of sight: the accessibility
        # tree then names every seat, as the list did
        cache_extent=row_count * (GRID_TILE_H + GAP), build_controls_on_demand=False,
    )
    grid.cols = cols
    return grid, not fits, False
