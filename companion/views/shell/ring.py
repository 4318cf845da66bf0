"""The seats round the table, for every game: an oval up to 12 seats, a grid of compact
tiles in seating order past that, a list on a phone. A game's faces (parts.Face) are placed
and told their room; they are kept between taps, so a layout moves them rather than making
them again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft

from .. import theme
from .parts import Face

FULL_TILE_H = 116  # a tile round the oval
GRID_TILE_H = 68  # a compact tile of a crowded table (over 12 seats) on a tablet
ROW_TILE_H = 52  # one seat's row on a phone


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


def layout(tiles: Sequence[Face], pool: Face | None, width: float,
           height: float) -> tuple[ft.Control, bool]:
    """The seats in seating order: a list on a phone (a `SeatList`), an oval up to 12 seats,
    else a grid of compact tiles, wrapping in reading order (a `SeatGrid`); the list and the
    grid scroll themselves. Also says whether the seats may not all fit (then the screen
    scrolls the seat whose turn it is into view)."""
    n = len(tiles)
    if width < theme.PHONE_WIDTH:
        for t in tiles:
            t.set_mode("row", None)
            t.control.left = t.control.top = None
        cells: list[ft.Control] = [t.control for t in tiles]
        if pool is not None:
            pool.set_mode("row", None)
            pool.control.left = pool.control.top = None
            cells.insert(0, pool.control)
        rows = SeatList(cells, spacing=ROW_GAP,
                        expand=True,
                        cache_extent=(n + 1) * (ROW_TILE_H + ROW_GAP),
                        build_controls_on_demand=False)
        return rows, True
    if n <= 12 and height >= 300:
        tile_w, tile_h = 190.0, float(FULL_TILE_H)
        cx, cy = width / 2, height / 2
        rx, ry = max(cx - tile_w / 2 - 8, 60), max(cy - tile_h / 2 - 4, 40)
        placed: list[ft.Control] = []
        for i, t in enumerate(tiles):
            # clockwise from the left, over the top, as the seats sit
            angle = math.pi + 2 * math.pi * i / n
            t.set_mode("full", tile_w)
            t.control.left = cx + rx * math.cos(angle) - tile_w / 2
            t.control.top = cy + ry * math.sin(angle) - tile_h / 2
            placed.append(t.control)
        if pool is not None:
            pool.set_mode("full", None)
            pool.control.left, pool.control.top = cx - 90, cy - 40
            pool.control.width = 180
            placed.insert(0, pool.control)
        return ft.Stack(placed, width=width, height=height), False
    cells = [t.control for t in tiles]
    if pool is not None:
        cells.insert(0, pool.control)
    cols, tile_w = grid_columns(len(cells), width, height)
    for t in tiles:
        t.set_mode("grid", tile_w)
        t.control.left = t.control.top = None
    if pool is not None:
        pool.set_mode("grid", tile_w)
        pool.control.left = pool.control.top = None
        pool.control.width = None
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
    return grid, not fits
