"""Issue 22, item 4: every game's seats round the table, the way play goes drawn on it, on a
tablet and on a phone upright and sideways (the family's seats were a wrapping row of arrows,
a phone's Gnav seats a scrolling list)."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import flet.canvas as cv
import pytest

from companion.app import App, Games
from companion.views.shell.ring import (
    MAX_RING,
    RING_GAP,
    ring_fit,
    round_places,
    seat_places,
    table_drawing,
    table_edge,
)
from companion.views.shell.table import TableScreen

from .helpers import identified
from .test_one_table import HEADERS

SIZES = {"upright": (412, 915), "small": (390, 844), "sideways": (915, 412),
         "tablet": (1280, 800), "portrait": (800, 1280)}
# the way each table of test_one_table plays: Cuccù and Adrian's Vogelspiel to the right
RIGHT = {"cuccu", "vogelspiel"}


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", HEADERS)
def test_every_games_seats_sit_round_the_table_with_the_way_play_goes(
        app: App, game: str, size: str) -> None:
    width, height = SIZES[size]
    app._on_resize(SimpleNamespace(width=width, height=height))  # type: ignore[arg-type]
    stored = app.store.import_journal(HEADERS[game] + "\n")
    app.go(f"/game/{stored.id}")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert screen.ringed and isinstance(screen.seat_area.content, ft.Stack)
    way = identified(screen.view, "direction")
    side = "right" if game in RIGHT else "left"
    assert f"to the {side}" in way.label or (game == "gwra-pyskessa" and "clockwise" in way.label)
    assert not screen.way.visible  # the ring says it: no words over the seats
    drawing = screen.seat_area.content.controls[0]
    assert isinstance(drawing, cv.Canvas)
    arrows = [s for s in drawing.shapes if isinstance(s, cv.Path)]
    assert len(arrows) == len(screen.parts.faces)  # one between each seat and the next


@pytest.mark.parametrize("box", [(388, 180), (388, 330), (440, 190), (1256, 420), (776, 760)])
@pytest.mark.parametrize("n", range(2, MAX_RING + 1))
def test_up_to_twelve_seats_fit_round_a_phones_or_a_tablets_table_none_covering_another(
        box: tuple[int, int], n: int) -> None:
    width, height = box
    compact = width < 700
    fit = ring_fit(n, width, height, compact)
    assert fit is not None, (n, box)
    mode, tile_w, tile_h, _edge, centres = fit
    if compact:
        assert mode == "compact"  # a phone's table: small tiles
    for x, y in centres:  # every tile inside the table's room
        assert tile_w / 2 - 1e-6 <= x <= width - tile_w / 2 + 1e-6
        assert tile_h / 2 - 1e-6 <= y <= height - tile_h / 2 + 1e-6
    for k, (ax, ay) in enumerate(centres):
        for bx, by in centres[k + 1:]:
            assert abs(ax - bx) >= tile_w + RING_GAP or abs(ay - by) >= tile_h + RING_GAP


@pytest.mark.parametrize("direction", ["left", "right"])
def test_the_arrows_point_from_each_seat_to_the_seat_the_turn_passes_to(
        direction: str) -> None:
    """To the left the turn passes to the next seat of the list (clockwise, as the seats
    sit); to the right to the one before."""
    n, width, height = 6, 1256, 420
    centres = seat_places(n, width, height, 190, 116)
    assert centres is not None
    # round the edge (where the seats are evenly spaced on it) and across to the next seat
    evenly = round_places(n, width, height, 190, 116, 1.0)
    assert evenly is not None
    # clockwise from the left: the first seat in the middle of the left side, the next above
    first, second = evenly[1][:2]
    assert first[0] < second[0] and first[1] > second[1]
    for edge, at in ((table_edge(centres), centres), evenly):
        check_arrows(table_drawing(edge, at, direction, width, height),  # type: ignore[arg-type]
                     at, direction)


def check_arrows(drawing: cv.Canvas, centres: list[tuple[float, float]],
                 direction: str) -> None:
    n = len(centres)
    arrows = [s for s in drawing.shapes if isinstance(s, cv.Path)]
    for i, arrow in enumerate(arrows):
        tip = arrow.elements[0]
        wing = arrow.elements[1]
        assert isinstance(tip, cv.Path.MoveTo) and isinstance(wing, cv.Path.LineTo)
        # the arrow lies between seat i and seat i+1; it points at the seat the turn goes to
        to = centres[(i + 1) % n] if direction == "left" else centres[i]
        away = centres[i] if direction == "left" else centres[(i + 1) % n]
        assert math.dist((tip.x, tip.y), to) < math.dist((wing.x, wing.y), to)
        assert math.dist((tip.x, tip.y), away) > math.dist((wing.x, wing.y), away)
