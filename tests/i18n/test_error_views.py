"""Every screen that shows an engine or store message shows it in the referee's language
(issue 4, item 1): the import dialog, a refused action, undo and redo, the new table, the
tables list, and the notices after a damaged games file or a damaged game."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.gnav import Deal, Stakes, Stand, Table
from companion.store import DB_NAME, Store
from companion.views.new_table import NewTableScreen
from companion.views.shell.table import TableScreen
from companion.views.tables import TablesScreen

SEATS = ("Ann", "Bo", "Cy", "Dag")
HEADER = (
    '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
    '"each": 3}, "seats": ["Ann", "Bo"], "dealer": "Ann"}'
)


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def new_game(app: App) -> TableScreen:
    game = app.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS,
                                       dealer="Ann"))
    app.go(f"/game/{game.id}")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def test_import_error_in_norwegian(app: App) -> None:
    app.set_language("nb")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tables.show_import()
    tables.import_field.value = HEADER + '\n{"ev": "stand", "seat": "Bo"}\n'
    tables.do_import()
    assert tables.import_error.visible
    assert tables.import_error.value == (
        "linje 2: Bo kan ikke stå nå: neste runde skal ennå gis av Ann.")
    tables.import_field.value = HEADER + '\n{"ev": "deal"}\n{"ev": "stand", "seat": "Bo", }\n'
    tables.do_import()
    assert tables.import_error.value == (
        "linje 3: linjen er ikke et helt JSON-objekt: den stopper eller går galt ved tegn 31.")
    assert app.store.list_games() == []


def test_refused_action_in_danish(app: App) -> None:
    screen = new_game(app)
    app.set_language("da")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    screen.act(Deal())
    before = screen.game.state.as_json()
    screen.act(Stand("Cy"))
    assert screen.error.visible and screen.error.value == "Det er Bo, der har tur, ikke Cy."
    assert screen.game.state.as_json() == before
    screen.act(Deal())
    assert screen.error.value == "Ingen kan give nu: det er Bo, der har tur."


def test_undo_and_redo_errors_in_norwegian(app: App) -> None:
    screen = new_game(app)
    app.set_language("nb")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    screen.act(Deal())
    screen.undo()
    app.store.close()  # the games file is gone from under the screen
    screen.redo()
    assert screen.error.visible and screen.error.value == "Spillfilen er lukket."
    screen.undo()
    assert screen.error.value == "Spillfilen er lukket."


def test_new_table_refused_by_the_engine_in_danish(app: App) -> None:
    app.set_language("da")
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    screen.players = ["Ann", "Bo\tCy"]  # a tab typed into a name: the engine refuses it
    screen.set_dealer("Ann")
    screen.start()  # as "Start spillet" would
    assert screen.start_error.visible
    assert screen.start_error.value == (
        'navnet "Bo\\tCy" har et linjeskift eller et andet kontroltegn; et navn er én linje '
        "tekst.")
    assert app.store.list_games() == []


def test_tables_list_store_errors_in_norwegian(app: App) -> None:
    app.set_language("nb")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tables.delete(41)
    assert tables.error.visible and tables.error.value == (
        "Det finnes ikke noe spill nummer 41; det kan ha blitt slettet.")
    tables.export(42)
    assert tables.error.value == "Det finnes ikke noe spill nummer 42; det kan ha blitt slettet."
    tables.rematch(43)
    assert tables.error.value == "Det finnes ikke noe spill nummer 43; det kan ha blitt slettet."


def test_damaged_games_file_notice_in_both_languages(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"These are my notes, not a games file.\n" * 300)
    app = App(Games(tmp_path))
    app.start("/")
    (kept,) = tmp_path.glob(f"{DB_NAME}.damaged-*")
    assert isinstance(app.screen, TablesScreen)
    assert app.screen.notice.value == (
        "The games file was damaged and no game in it could be read; the damaged file was "
        f"kept as {kept.name}.")
    app.set_language("nb")
    assert app.screen.notice.visible and app.screen.notice.value == (
        "Spillfilen var skadet, og ingen spill i den kunne leses; den skadde filen ble tatt "
        f"vare på som {kept.name}.")
    app.set_language("da")
    assert app.screen.notice.value == (
        "Spilfilen var beskadiget, og intet spil i den kunne læses; den beskadigede fil blev "
        f"gemt som {kept.name}.")


def game_with_third_line(tmp_path: Path, line: str) -> int:
    """A stored game of three events whose third line in the games file is then `line`."""
    with Store(tmp_path) as store:
        game = store.import_journal(HEADER + '\n{"ev": "deal"}\n{"ev": "stand", "seat": "Bo"}\n'
                                    '{"ev": "stand", "seat": "Ann"}\n')
    con = sqlite3.connect(tmp_path / DB_NAME)
    con.execute("UPDATE events SET line = ? WHERE seq = 2", (line,))
    con.commit()
    con.close()
    return game.id


def test_damaged_game_notice_in_danish(tmp_path: Path) -> None:
    game_id = game_with_third_line(tmp_path, '{"ev": "stand", "se')
    # without the game's journal file (as a version before them left the folder), which
    # would bring the game back whole (the next test)
    shutil.rmtree(tmp_path / "journals")
    app = App(Games(tmp_path))
    app.set_language("da")
    app.start(f"/game/{game_id}")  # opening the game finds the damage and keeps what it can
    assert isinstance(app.screen, TableScreen) and len(app.screen.game.events) == 2
    app.go("/")
    (kept,) = tmp_path.glob(f"{DB_NAME}.damaged-*")
    assert app.screen.notice.visible and app.screen.notice.value == (
        f"Spil {game_id} var beskadiget i spilfilen; de første 2 hændelser blev beholdt, og "
        f"den beskadigede fil blev gemt som {kept.name}.")


def test_a_game_brought_back_from_its_journal_in_danish(tmp_path: Path) -> None:
    game_id = game_with_third_line(tmp_path, '{"ev": "stand", "seat": "Cy"}')
    app = App(Games(tmp_path))
    app.set_language("da")
    app.start("/")
    (kept,) = tmp_path.glob(f"{DB_NAME}.damaged-*")
    assert app.screen.notice.visible and app.screen.notice.value == (
        f"Spilfilen havde mistet eller ændret det, der var gemt af spil {game_id}; det blev "
        f"hentet helt tilbage fra sin journalfil, og spilfilen, som den var, blev gemt som "
        f"{kept.name}.")
    assert len(app.games.game(game_id).events) == 3
