"""A journal imported at the tables screen (issue 23, item 18; issue 26, item 6): the same
game a second time is refused, saying which table it already is, with that table one tap away;
an imported game's names join the roster at once, a look-alike of a known player kept apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.store.records_io import ROSTER_NAME
from companion.views.shell.table import TableScreen
from companion.views.tables import TablesScreen

from .helpers import buttons, tap

HEADER = {"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters",
                                                                    "each": 3},
          "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}
EVENTS = [{"ev": "deal"}, {"ev": "stand", "seat": "Bo"}]


def journal(header: dict[str, object] = HEADER, spaced: bool = False) -> str:
    dump = (lambda o: json.dumps(o, indent=None, sort_keys=True)) if spaced else (
        lambda o: json.dumps(o, separators=(",", ":")))
    return "".join(dump(line) + "\n" for line in [header, *EVENTS])


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def tables_of(app: App) -> TablesScreen:
    app.go("/")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tap(tables.view, "Import journal")
    return tables


def test_the_same_journal_twice_is_refused_and_the_table_there_offered(app: App) -> None:
    """'Importing the same journal twice makes a second identical table without a word': the
    same events, written another way in another file, are the same game."""
    tables_of(app).import_file(journal().encode())
    [first] = app.store.list_games()
    tables = tables_of(app)
    tables.import_file(journal(spaced=True).encode())
    assert len(app.store.list_games()) == 1
    assert tables.import_error.visible
    assert tables.import_error.value == f"This game is already here as table {first.id}."
    tap(tables.view, f"Open table {first.id}")
    assert isinstance(app.screen, TableScreen) and app.screen.game.id == first.id


def test_a_different_game_of_the_same_table_is_imported(app: App) -> None:
    tables_of(app).import_file(journal().encode())
    tables = tables_of(app)
    tables.import_file(journal().split("\n", 1)[0].encode() + b"\n")  # the header alone
    assert len(app.store.list_games()) == 2 and not tables.import_error.visible
    assert not any(name.startswith("Open table") for name in buttons(app.screen.view))  # type: ignore[attr-defined]


def test_an_imported_games_names_join_the_roster_at_once_and_none_is_merged(
        app: App, tmp_path: Path) -> None:
    tables_of(app).import_file(journal().encode())
    roster = json.loads((tmp_path / ROSTER_NAME).read_text("utf-8"))
    assert sorted(p["name"] for p in roster["players"]) == ["Ann", "Bo", "Cy"]
    other = {**HEADER, "seats": ["\u0410nn", "Åse", "Bo"], "dealer": "Bo"}  # Cyrillic А
    tables = tables_of(app)
    tables.import_file(json.dumps(other).encode() + b"\n")
    assert not tables.import_error.visible, tables.import_error.value
    roster = json.loads((tmp_path / ROSTER_NAME).read_text("utf-8"))
    # a look-alike of Ann is a player of its own, never merged by itself
    assert sorted(p["name"] for p in roster["players"]) == ["Ann", "Bo", "Cy", "Åse",
                                                           "\u0410nn"]


def test_an_imported_look_alike_is_told_and_merging_is_one_tap_away(app: App) -> None:
    """Issue 26, item 6: "without merging anything silently". The look-alike was kept apart
    without a word; the referee is now told which names and led to where they can be merged,
    and nothing is merged until then."""
    from companion.views.records import RecordsScreen

    from .helpers import texts
    tables_of(app).import_file(journal().encode())
    assert app.dialog is None  # names new to an empty roster: nothing to tell
    other = {**HEADER, "seats": ["\u0410nn", "Åse", "Bo"], "dealer": "Bo"}  # Cyrillic А
    tables_of(app).import_file(json.dumps(other).encode() + b"\n")
    assert isinstance(app.screen, TableScreen)
    assert app.dialog is not None
    shown = texts(app.dialog)
    assert "Names kept apart" in shown
    assert [t for t in shown if "looks like" in t] == [
        ("\u0410nn looks like Ann, a player already known, and is kept as a player of their "
         "own. If they are one person, merge them in Players and records.")]
    tap(app.dialog, "Players and records")
    assert isinstance(app.screen, RecordsScreen) and app.dialog is None
