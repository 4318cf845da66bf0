"""Turning the screen across the phone width builds the screen anew for its form; what the
referee typed goes across (issue 12, item 1: a phone turned on New table erased the players)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.app import App, Games
from companion.views.gnav_setup import GnavSetup
from companion.views.new_table import NewTableScreen
from companion.views.quiz import QuizScreen
from companion.views.tables import TablesScreen

from .helpers import buttons, tap

UPRIGHT = SimpleNamespace(width=412, height=915)
SIDEWAYS = SimpleNamespace(width=915, height=412)


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a._on_resize(UPRIGHT)  # type: ignore[arg-type]
    a.start("/")
    return a


def turn(app: App) -> None:
    for size in (SIDEWAYS, UPRIGHT):
        before = app.screen
        app._on_resize(size)  # type: ignore[arg-type]
        assert app.screen is not before  # built anew for the other form


def test_turning_a_phone_keeps_the_new_table_as_typed(app: App) -> None:
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in ("Ann", "Bo", "Cy"):
        screen.name_field.value = name
        tap(screen.view, "Add player")
    tap(screen.view, "Move Cy up")
    screen.name_field.value = "Ann"
    tap(screen.view, "Add player")  # refused: the sentence stays through the turn
    screen.name_field.value = "Dag"
    assert isinstance(screen.setup, GnavSetup)
    screen.setup.amount_field.value = "2"
    screen.setup.set_amount("2")
    screen.set_dealer("Bo")
    turn(app)
    turned = app.screen
    assert isinstance(turned, NewTableScreen)
    assert turned.players == ["Ann", "Cy", "Bo"]
    assert turned.name_field.value == "Dag"
    assert isinstance(turned.setup, GnavSetup)
    assert turned.setup.amount_field.value == "2" and turned.setup.amount == 2
    assert turned.dealer_choice == "Bo"
    assert turned.name_error.visible
    assert turned.name_error.value == (
        "Ann is already at the table; every seat needs its own name.")
    assert "Remove Bo" in buttons(turned.view)


def test_turning_a_phone_keeps_a_journal_being_pasted_and_the_quiz_name(app: App) -> None:
    screen = app.screen
    assert isinstance(screen, TablesScreen)
    tap(screen.view, "Import journal")
    screen.import_field.value = '{"ev":"table"'
    turn(app)
    turned = app.screen
    assert isinstance(turned, TablesScreen)
    assert turned.import_box.visible and turned.import_field.value == '{"ev":"table"'

    app.go("/quiz")
    quiz = app.screen
    assert isinstance(quiz, QuizScreen)
    quiz.name_field.value = "Siri"
    turn(app)
    assert isinstance(app.screen, QuizScreen) and app.screen.name_field.value == "Siri"


def test_a_full_length_name_is_said_so_while_typing(app: App) -> None:
    """Issue 12, item 8: the field stops taking letters at 24 without a word: the error line
    says so as the 24th goes in, and goes when the name is shorter again."""
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    screen.name_field.value = "A" * 23
    screen.typed()
    assert not screen.name_error.visible
    screen.name_field.value = "A" * 24
    screen.typed()
    assert screen.name_error.visible
    assert screen.name_error.value == "A name has at most 24 characters."
    screen.name_field.value = "A" * 20
    screen.typed()
    assert not screen.name_error.visible
