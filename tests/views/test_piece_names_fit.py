"""A piece's name is never broken inside a word in the reveal picker: read at arm's length,
"Blumento/pf" is two words. Every name of every game, in each of the seven languages, on a
phone and on a tablet, must fit on one line in the width its button or its seat gives it, at
a size still read from a metre away; measured with Roboto's advance widths (the one font of the
web client), as tests/browser/test_piece_names_fit.py checks against the rendered page."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import App
from companion.engine.cuckoo.narrate import piece_title
from companion.i18n import LANGUAGES, Tr
from companion.views import theme
from companion.views.cuckoo.picker import PiecePicker, name_room, name_size
from tests.family import BOOKS, FAMILY_GAMES

from .helpers import text_of, walk
from .test_family_pictures import at_the_reveal
from .test_family_screens import app

__all__ = ["app"]  # the fixture, shared with the family's screen tests

PHONE = SimpleNamespace(width=412, height=915)
READABLE = 11  # px: the smallest a name is read at from a metre


def name_and_size(pick: ft.Button) -> tuple[str, float, bool]:
    """The name on a piece's button, its size and whether it may wrap."""
    texts = [c for c in walk(pick.content) if isinstance(c, ft.Text)]
    if texts:  # the pictured button: the picture above its name
        (text,) = texts
        return text.value or "", float(text.size or 0), bool(text.no_wrap)
    assert pick.style is not None and pick.style.text_style is not None
    return text_of(pick), float(pick.style.text_style.size or 0), False


def room(pick: ft.Button) -> float:
    assert pick.style is not None and isinstance(pick.style.padding, ft.Padding)
    assert pick.width is not None
    return float(pick.width) - pick.style.padding.left - pick.style.padding.right


def unfit_names(picker: PiecePicker) -> list[str]:
    """Every name that would break or be cut, on its piece's button or beside a seat given
    that piece, with the width it needs and has."""
    unfit: list[str] = []
    for piece, part in picker.piece_parts.items():
        name, size, _no_wrap = name_and_size(part.pick)
        needs = theme.text_width(name, size)
        if needs > room(part.pick) or size < READABLE:
            unfit.append(f"{name} at {size} px: {needs:.1f} of {room(part.pick):.1f} px")
        seat = picker.seats[0]
        picker.restore(((seat, piece),))
        label = picker.seat_parts[seat].label
        if label.width is not None:
            size = float(label.size or 0)
            needs = theme.text_width(label.value or "", size, theme.TEXT_SPACING)
            if needs > label.width or size < READABLE:
                unfit.append(f"{label.value} beside its seat at {size} px: "
                             f"{needs:.1f} of {label.width} px")
    return unfit


SIZES = [pytest.param(True, id="phone"), pytest.param(False, id="tablet")]


@pytest.mark.parametrize("phone", SIZES)
@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_no_family_piece_name_breaks_inside_a_word_in_any_language(
        app: App, game: str, phone: bool) -> None:
    if phone:
        app._on_resize(PHONE)  # type: ignore[arg-type]
    screen = at_the_reveal(app, game)
    unfit: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        app.tr = Tr(lang)
        screen.parts.picker = None  # made again in this language, as the screen makes it
        picker = screen.parts.picker_for(screen.state)
        assert picker.narrow is phone
        if found := unfit_names(picker):
            unfit[lang] = found
    assert unfit == {}


@pytest.mark.parametrize("phone", SIZES)
def test_no_gnav_piece_name_breaks_inside_a_word_in_any_language(phone: bool) -> None:
    unfit: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        picker = PiecePicker(["Ann", "Bo"], "Settle", lambda pieces: None, phone,
                             "Show your pieces", tr=Tr(lang))
        if found := unfit_names(picker):
            unfit[lang] = found
    assert unfit == {}


def test_a_name_that_fits_keeps_the_pickers_size_and_a_long_one_is_only_made_smaller() -> None:
    """The scale-down is for the longest names only: Kille's "Husar" reads as large as before
    on a phone's pictured button, German's "Blumentopf" smaller, Norwegian's "blomsterpotta"
    smaller still, each just enough to fit."""
    def size_of(game: str, lang: str, piece: str) -> float:
        title = piece_title(BOOKS[game], piece, Tr(lang))
        size = name_size(title, narrow=True, pictured=True)
        assert theme.text_width(title, size) <= name_room(narrow=True, pictured=True)
        return size

    husar = size_of("kille", "de", "hussar")
    blumentopf = size_of("kille", "de", "flowerpot")
    blomsterpotta = size_of("kille", "nb", "flowerpot")
    assert husar == theme.BODY - 3
    assert READABLE <= blomsterpotta < blumentopf < husar
