"""The way play goes on a phone points from each seat to the next seat only (issue 23, item
17: the phone's two-column seat grid ended each row in an arrow pointing at nothing). Since the
one table screen a phone's seats sit round the table up to 12 (views/shell/ring.py), the
arrows drawn on its edge; past 12 they are a list or a grid in seating order, with the way play
goes said above it in words and no arrow drawn at all. Upright, small and sideways."""

from __future__ import annotations

import math

import flet as ft
import flet.canvas as cv
import pytest

from companion.views.shell.parts import Mode
from companion.views.shell.ring import MAX_RING, layout

# the seats' room on a phone: 390 x 844 and 412 x 915 upright (a short and a tall question
# under them, a settlement's), 844 x 390 and 915 x 412 sideways (beside the question)
ROOMS = [(366, 330), (366, 220), (388, 420), (388, 240), (400, 250), (435, 270)]


class Tile:
    """A seat's face as the shell places it: a container it moves and tells its room."""

    def __init__(self) -> None:
        self.control = ft.Container()
        self.mode: Mode | None = None

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None) -> None:
        self.mode = mode


def arrows_of(seats: ft.Control) -> list[cv.Path]:
    if not isinstance(seats, ft.Stack):
        return []
    drawings = [c for c in seats.controls if isinstance(c, cv.Canvas)]
    return [s for d in drawings for s in d.shapes if isinstance(s, cv.Path)]


@pytest.mark.parametrize("direction", ["left", "right"])
@pytest.mark.parametrize("room", ROOMS, ids=lambda r: f"{r[0]}x{r[1]}")
@pytest.mark.parametrize("n", range(2, MAX_RING + 1))
def test_each_arrow_on_a_phone_points_from_a_seat_to_the_next_seat(
        n: int, room: tuple[int, int], direction: str) -> None:
    width, height = room
    tiles = [Tile() for _ in range(n)]
    seats, _scrolls, ringed = layout(tiles, None, width, height, compact=True,
                                     direction=direction)  # type: ignore[arg-type]
    assert ringed, (n, room)  # round the table, not a grid of rows
    boxes = []
    for t in tiles:
        c = t.control
        assert c.left is not None and c.top is not None and c.width is not None
        assert t.mode == "compact"
        h = float(c.height or 0) or 48.0
        boxes.append((c.left, c.top, c.left + c.width, c.top + h))
    centres = [((l + r) / 2, (t + b) / 2) for l, t, r, b in boxes]
    arrows = arrows_of(seats)
    assert len(arrows) == n  # one from each seat to the next, the last to the first
    for i, arrow in enumerate(arrows):
        tip, wing, other = arrow.elements[0], arrow.elements[1], arrow.elements[2]
        assert isinstance(tip, cv.Path.MoveTo) and isinstance(wing, cv.Path.LineTo)
        assert isinstance(other, cv.Path.LineTo)
        back = ((wing.x + other.x) / 2, (wing.y + other.y) / 2)
        # from the seat the turn leaves to the seat it passes to
        frm, to = ((centres[i], centres[(i + 1) % n]) if direction == "left"
                   else (centres[(i + 1) % n], centres[i]))
        # between the two: they are the seats nearest it, and it is under no tile
        mid = ((tip.x + back[0]) / 2, (tip.y + back[1]) / 2)
        nearest = sorted(centres, key=lambda c: math.dist(c, mid))[:2]
        assert sorted(nearest) == sorted([frm, to]), (i, mid, frm, to)
        for l, t, r, b in boxes:
            assert not (l < mid[0] < r and t < mid[1] < b), (i, mid)
        # pointing at the next seat: its heading within a right angle of the way to it
        heading = (tip.x - back[0], tip.y - back[1])
        towards = (to[0] - mid[0], to[1] - mid[1])
        assert heading[0] * towards[0] + heading[1] * towards[1] > 0, (i, heading, towards)


@pytest.mark.parametrize("room", ROOMS, ids=lambda r: f"{r[0]}x{r[1]}")
@pytest.mark.parametrize("n", [MAX_RING + 1, 16, 20])
def test_past_twelve_seats_a_phone_draws_no_arrow_in_its_rows(n: int, room: tuple[int, int]
                                                                ) -> None:
    width, height = room
    tiles = [Tile() for _ in range(n)]
    seats, _scrolls, ringed = layout(tiles, None, width, height, compact=True,
                                     direction="left", words="Play goes to the left.")
    assert not ringed
    assert arrows_of(seats) == []  # the way play goes is said in words above the seats
    assert not any(isinstance(c, cv.Canvas) for c in getattr(seats, "controls", []))
