"""Issue 21, item 4, at the New table screen: a name is taken composed (NFC); a name that looks
like one already at the table (a Cyrillic А for an A) is refused as it is added, naming both;
an invisible formatting character (U+202E, a zero-width joiner) is said as it is typed; and
Start refuses such names for every game, however they got into the list."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.views.new_table import NewTableScreen

from .helpers import tap

LOOK_ALIKE = ("\u0410nn and Ann look alike: \u0410 (U+0410) looks like A; every seat needs a "
              "name the table can tell apart.")


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def new_table(app: App, *names: str) -> NewTableScreen:
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in names:
        add(screen, name)
    return screen


def add(screen: NewTableScreen, name: str, label: str = "Add player") -> None:
    screen.name_field.value = name
    screen.typed()  # the field's change, as the browser sends it
    tap(screen.view, label)


def test_a_name_with_a_cyrillic_letter_is_refused_as_it_is_added_naming_both(app: App) -> None:
    screen = new_table(app, "Ann", "Bo")
    add(screen, "\u0410nn")
    assert screen.players == ["Ann", "Bo"]
    assert screen.name_error.visible and screen.name_error.value == LOOK_ALIKE
    add(screen, "B\u03bf")  # a Greek omicron
    assert screen.players == ["Ann", "Bo"]
    assert screen.name_error.value.startswith("B\u03bf and Bo look alike: \u03bf (U+03BF)")


@pytest.mark.parametrize(("typed", "code"), [("Bo\u202e", "U+202E"), ("B\u200do", "U+200D"),
                                             ("\ufeffBo", "U+FEFF")])
def test_an_invisible_character_is_said_as_it_is_typed_and_refused(
    app: App, typed: str, code: str
) -> None:
    screen = new_table(app, "Ann")
    screen.name_field.value = typed
    screen.typed()
    assert screen.name_error.visible and f"holds {code}, an invisible" in screen.name_error.value
    tap(screen.view, "Add player")
    assert screen.players == ["Ann"]
    assert f"holds {code}" in screen.name_error.value
    screen.name_field.value = "Bo"  # typed again without it: the note goes
    screen.typed()
    assert not screen.name_error.visible


def test_a_decomposed_name_is_taken_composed_and_is_then_at_the_table(app: App) -> None:
    screen = new_table(app, unicodedata.normalize("NFD", "José"), "Bo")
    assert screen.players == ["José", "Bo"]
    assert unicodedata.is_normalized("NFC", screen.players[0])
    add(screen, "José")
    assert screen.players == ["José", "Bo"]
    assert screen.name_error.value == (
        "José is already at the table; every seat needs its own name.")


@pytest.mark.parametrize("game", ["gnav", "kille", "cuccu", "slabberjan", "vogelspiel",
                                  "gwra-pyskessa"])
def test_start_refuses_look_alike_names_in_every_game(app: App, game: str) -> None:
    screen = new_table(app)
    screen.set_game(game)
    screen.players = ["Ann", "\u0410nn", "Bo"]  # as two quick adds or a rename might leave it
    screen.fill()
    tap(screen.view, "Start game")
    assert app.screen is screen
    assert screen.start_error.visible and screen.start_error.value == LOOK_ALIKE
    assert app.store.list_games() == []


def test_the_look_alike_is_told_in_norwegian(app: App) -> None:
    app.set_language("nb")
    screen = new_table(app)
    add(screen, "Ann", "Legg til spiller")
    add(screen, "\u0410nn", "Legg til spiller")
    said = screen.name_error.value
    assert screen.players == ["Ann"]
    assert "\u0410 (U+0410)" in said and said != LOOK_ALIKE and "look alike" not in said
