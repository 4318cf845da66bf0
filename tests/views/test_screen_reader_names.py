"""What a screen reader hears (issue 23, item 16): the tables list's cards say which table (its
players and its game, not only "Open game N"), New table's house-rule switches are named by
their rule (not all "no"), the name field's counter is read in the table's language, and
Gwra pyskessa's cut names each seat's dropdown."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.app import App, Games
from companion.core.names import MAX_NAME
from companion.views.new_table import NewTableScreen
from companion.views.tables import TablesScreen

from .helpers import buttons, every_control, tap
from .test_family_screens import app, new_family_table

__all__ = ["app"]  # the fixture, used by name


def test_a_tables_card_names_its_players_and_its_game(app: App) -> None:
    new_family_table(app, "kille", seats=("Åsa", "Märta", "Gösta"))
    app.go("/")
    assert isinstance(app.screen, TablesScreen)
    opener = next(b for b in buttons(app.screen.view) if b.startswith("Open game 1"))
    assert opener.startswith("Open game 1: Åsa, Märta and Gösta · Kille · ")


def test_each_house_rule_switch_is_named_by_its_rule(app: App) -> None:
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    screen.set_game("slabberjan")
    switches = [c for c in every_control(screen.setup_box)
                if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Switch)]
    loose = [c for c in every_control(screen.setup_box) if isinstance(c, ft.Switch)]
    assert switches and len(switches) == len(loose)
    labels = [s.label for s in switches]
    assert all(label and label not in ("no", "yes") for label in labels)
    assert len(set(labels)) == len(labels)  # each its own rule


def test_the_name_counter_is_read_in_the_tables_language(tmp_path: Path) -> None:
    a = App(Games(tmp_path), lang="de")
    a.start("/")
    tap(a.screen.view, a.tr("New table"))
    screen = a.screen
    assert isinstance(screen, NewTableScreen)
    screen.name_field.value = "Gösta"
    screen.typed()
    counter = screen.name_field.counter
    assert isinstance(counter, ft.Text) and counter.value == f"5/{MAX_NAME}"
    assert counter.semantics_label == a.tr("{count} of {limit} characters", count=5,
                                           limit=MAX_NAME)
    assert counter.semantics_label != f"5 of {MAX_NAME} characters"  # German, not English


def test_the_cuts_dropdowns_are_named_by_their_seat(app: App) -> None:
    from companion.views.shell.table import TableScreen

    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in ("Ann", "Bo", "Cy"):
        screen.name_field.value = name
        tap(screen.view, "Add player")
    screen.set_game("gwra-pyskessa")
    tap(screen.view, "Start game")
    table = app.screen
    assert isinstance(table, TableScreen)
    named = [c for c in every_control(table.view)
             if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Dropdown)]
    assert sorted(c.label or "" for c in named) == ["Ann cuts", "Bo cuts", "Cy cuts"]
