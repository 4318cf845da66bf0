"""The family's pieces by their pictures on the table screen (issue 14's leftover): the reveal
picker's buttons, the seats' picks, the pieces shown at the settlement and Kille's Harlequin
passed face up each show the picture Learn and the printed deck show (assets/pieces, as the
game draws it), on buttons a finger can tap, at a phone's size and a tablet's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion.app import App
from companion.deck.pictures import picture_name
from companion.engine.cuckoo.narrate import piece_title
from companion.views import theme
from companion.views.pieces import piece_src
from companion.views.shell.table import TableScreen
from tests.family import BOOKS, FAMILY_GAMES

from .helpers import buttons, identified, tap, walk
from .test_family_screens import app, new_family_table, reveal

__all__ = ["app"]  # the fixture, shared with the family's screen tests

PHONE = SimpleNamespace(width=412, height=915)


def pictures(root: Any) -> list[str]:
    """The sources of the pictures shown under `root`, in order."""
    return [c.src for c in walk(root) if isinstance(c, ft.Image)]


def at_the_reveal(app: App, game: str) -> TableScreen:
    screen = new_family_table(app, game)
    tap(screen.view, "Deal")
    while screen.state.phase == "turns":
        tap(screen.view, "Stand")
    assert screen.state.phase == "reveal" and screen.parts.picker is not None
    return screen


@pytest.mark.parametrize("phone", [False, True], ids=["tablet", "phone"])
@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_the_family_picker_shows_each_piece_by_its_picture_on_its_button(
        app: App, game: str, phone: bool) -> None:
    if phone:
        app._on_resize(PHONE)  # type: ignore[arg-type]
    screen = at_the_reveal(app, game)
    picker = screen.parts.picker
    assert picker is not None
    found = buttons(screen.view)
    for piece, _count in screen.state.rules.order:
        pick = found[piece_title(BOOKS[game], piece)]
        # the picture is on the button itself, which a finger can tap
        assert pictures(pick) == [piece_src(piece, game)], piece
        assert pick.height >= theme.TOUCH and pick.width >= theme.TOUCH
        image = next(c for c in walk(pick) if isinstance(c, ft.Image))
        assert image.width >= 32  # a picture to tell the piece by, not a dot
    # a seat's pick shows the same picture beside it
    seat = picker.seats[0]
    first = screen.state.rules.order[0][0]
    picker.pick(first)
    assert piece_src(first, game) in pictures(picker.seat_parts[seat].control)


def test_slabberjans_pot_is_its_chamber_pot_in_the_picker(app: App) -> None:
    screen = at_the_reveal(app, "slabberjan")
    pick = buttons(screen.view)[piece_title(BOOKS["slabberjan"], "pot")]
    assert pictures(pick) == [f"pieces/{picture_name('pot', 'slabberjan')}.svg"]
    assert pictures(pick) == ["pieces/chamberpot.svg"]


def test_the_settlement_shows_each_seats_piece_by_its_picture(app: App) -> None:
    screen = at_the_reveal(app, "kille")
    reveal(screen, Bo="harlequin", Cy="5", Ann="mask")
    shown = identified(screen.view, "shown")
    assert pictures(shown) == [piece_src(p, "kille") for p in ("harlequin", "5", "mask")]
    labels = [c.label for c in walk(shown) if isinstance(c, ft.Semantics) and c.label]
    assert labels == ["Bo: Harlequin", "Cy: 5", "Ann: Mask"]
    tap(screen.view, "Next round")
    with pytest.raises(AssertionError):
        identified(screen.view, "shown")  # the next deal's question has no pieces to show


def test_killes_harlequin_passed_face_up_shows_its_picture(app: App) -> None:
    screen = new_family_table(app, "kille")
    tap(screen.view, "Deal")
    tap(screen.view, "Change")  # Bo asks Cy
    found = buttons(screen.view)
    face_up = [label for label in found if "passes a Harlequin face up" in label]
    assert face_up, sorted(found)
    for label in face_up:  # the picture as the button's icon, before its words
        assert pictures(found[label].icon) == [piece_src("harlequin", "kille")]
    assert getattr(found["Swap"], "icon", None) is None  # the plain swap passes no piece
