"""No answer's words and no seat's words in the piece picker are clipped or broken inside a
word, on a phone upright and sideways and on a tablet lying and upright (issue 23, item 9:
Gnav held sideways cut "Change" to "Chang", Gwra pyskessa's ten seats broke "Morwenn / a",
the picker broke "Annunziata' / s piece"). Measured with Roboto's advance widths, as
tests/views/test_piece_names_fit.py measures the pieces' names."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import App, Games
from companion.views import theme
from companion.views.shell.table import TableScreen

from .helpers import tap, walk

SIZES = {"390x844": (390, 844), "412x915": (412, 915), "844x390": (844, 390),
         "1280x800": (1280, 800), "800x1280": (800, 1280)}
LONG = ["Ann-Sofie Öhrström", "Annunziata", "Bartholomew", "Morwenna", "Cy"]
GAMES = {"gnav": ("damm", {"kind": "counters", "each": 3}),
         "kille": ("byteskille", {"kind": "stake", "rebuys": 3}),
         "cuccu": ("campli", {"kind": "lives", "each": 3}),
         "slabberjan": ("family", {"kind": "counters", "each": 5}),
         "vogelspiel": ("adrian", {"kind": "lives", "each": 3})}
TEN = ["Ann", "Pol", "Joe", "Kerensa", "Jenna", "Tamsin", "Morwenna", "Piran", "Demelza",
       "Lowen"]
READABLE = 11  # px: the smallest words are read at from a metre


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def opened(app: App, size: str, head: dict[str, object]) -> TableScreen:
    width, height = SIZES[size]
    app._on_resize(SimpleNamespace(width=width, height=height))  # type: ignore[arg-type]
    stored = app.store.import_journal(json.dumps(head) + "\n")
    app.go(f"/game/{stored.id}")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def header(game: str, seats: list[str]) -> dict[str, object]:
    rules, stakes = GAMES[game]
    head: dict[str, object] = {"ev": "table", "version": 1 if game == "gnav" else 2,
                               "rules": rules, "stakes": stakes, "seats": seats,
                               "dealer": seats[0]}
    if game != "gnav":
        head["game"] = game
    return head


def clipped_answers(screen: TableScreen) -> list[str]:
    """Every answer in a button of fixed width whose words would wrap or be cut there."""
    unfit = []
    for key, button in screen.answer_buttons.items():
        if button.width is None or not button.visible:
            continue
        content = button.content
        padding = 24.0  # a big answer's own, where the button does not set one
        if button.style is not None and isinstance(button.style.padding, ft.Padding):
            padding = button.style.padding.left
        room = float(button.width) - 2 * padding
        if isinstance(content, str):
            # the button's words at the answer's size, free to wrap
            if 1.05 * theme.text_width(content, theme.QUESTION) > room:
                unfit.append(f"{key}: {content!r} in {room:.0f} px")
            continue
        for text in walk(content):
            if not isinstance(text, ft.Text) or not text.value or not text.no_wrap:
                continue
            size = float(text.size or theme.BODY)
            if 1.05 * theme.text_width(text.value, size) > room or size < READABLE:
                unfit.append(f"{key}: {text.value!r} at {size} px in {room:.0f} px")
    return unfit


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_no_answer_is_clipped_at_any_size(app: App, game: str, size: str) -> None:
    screen = opened(app, size, header(game, LONG))
    tap(screen.view, "Deal")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert clipped_answers(screen) == []


@pytest.mark.parametrize("size", SIZES)
def test_gwra_pyskessas_ten_seats_are_asked_by_their_whole_names(app: App, size: str) -> None:
    head: dict[str, object] = {"ev": "table", "version": 2, "game": "gwra-pyskessa",
                               "rules": "kernewek", "seats": TEN, "dealer": "Ann"}
    screen = opened(app, size, head)
    tap(screen.view, "Deal")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert "whom-Morwenna" in screen.answer_buttons
    assert clipped_answers(screen) == []


@pytest.mark.parametrize("size", ["844x390", "1280x800", "800x1280"])
@pytest.mark.parametrize("game", GAMES)
def test_the_pickers_seats_are_never_broken_inside_a_word(app: App, game: str,
                                                         size: str) -> None:
    """Each seat's button beside the pack ("Annunziata's piece"): on one line where it fits,
    else on two, each word whole in the button's room."""
    screen = opened(app, size, header(game, LONG))
    tap(screen.view, "Deal")
    while app.screen.state.phase == "turns":
        tap(app.screen.view, "Stand")
    picker = app.screen.parts.picker  # type: ignore[attr-defined]
    for seat, part in picker.seat_parts.items():
        chip = part.chip
        words = chip.content
        assert isinstance(words, ft.Text), (seat, words)
        room = picker._chip_room() * 1.1  # the bold highlighted seat's tenth is in the room
        size_ = float(words.size or 0)
        assert size_ >= READABLE, seat
        pieces = [words.value or ""] if words.no_wrap else (words.value or "").split()
        for piece in pieces:
            assert 1.1 * theme.text_width(piece, size_) <= room, (seat, piece, size_, room)


@pytest.mark.parametrize("size", ["390x844", "844x390", "412x915"])
def test_gwra_pyskessas_seats_round_a_phones_table_are_not_cut(app: App, size: str) -> None:
    """Ten seats round a phone's table held sideways cut "Morwen…" and "5 cards, 0 …" with
    room to spare: the name beside the turn's word and the dealer's badge, and the hand's
    words, are made just small enough to fit the tile."""
    head: dict[str, object] = {"ev": "table", "version": 2, "game": "gwra-pyskessa",
                               "rules": "kernewek", "seats": TEN, "dealer": "Ann"}
    screen = opened(app, size, head)
    tap(screen.view, "Deal")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for face in screen.parts.faces:
        tile = face.box  # type: ignore[attr-defined]
        room = float(tile.width) - 20
        name, words, marks = face.name_text, face.words, face.marks  # type: ignore[attr-defined]
        beside = ((theme.text_width(marks.value, theme.SMALL) + 6 if marks.visible else 0)
                  + (30 if face.dealer.visible else 0))  # type: ignore[attr-defined]
        assert theme.text_width(name.value, name.size, theme.TEXT_SPACING) <= room - beside, (
            name.value, name.size, room)
        assert theme.text_width(words.value, words.size, theme.TEXT_SPACING) <= room, (
            words.value, words.size, room)
