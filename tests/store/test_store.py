"""The games file: saved games, every event committed before apply returns, undo and redo that
survive a restart, journals in and out."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import platformdirs
import pytest

from companion.core.errors import GnavError, JournalError
from companion.engine.gnav import (
    Change,
    Deal,
    Stakes,
    Stand,
    Table,
    TableState,
    header_json,
    journal_version_for,
)
from companion.engine.gnav.journal import dumps, event_line, replay
from companion.store import DB_NAME, SCHEMA_VERSION, Store, StoreError, default_data_dir

from .files import count_rows, rows, stored_lines
from .play import header, random_events

STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def play(store: Store, table: Table, count: int, seed: int = 1) -> int:
    game = store.create_game(table)
    for event in random_events(table, count, seed):
        game.apply(event)
    return game.id


# --- the data folder -------------------------------------------------------------------------


def test_data_folder_is_flet_app_storage_data_when_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "flet" / "data"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(folder))
    assert default_data_dir() == folder
    store = Store()
    try:
        assert store.folder == folder
        store.create_game(header())
    finally:
        store.close()
    assert (folder / DB_NAME).is_file()


def test_data_folder_is_the_platform_user_data_folder_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FLET_APP_STORAGE_DATA", raising=False)
    assert default_data_dir() == Path(platformdirs.user_data_dir("gnav-companion", appauthor=False))


def test_the_file_is_in_wal_mode_with_normal_sync(store: Store, tmp_path: Path) -> None:
    assert rows(tmp_path, "PRAGMA journal_mode") == [("wal",)]
    assert rows(tmp_path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    # synchronous is a setting of the connection, so it is read from the store's own
    assert store._db.con.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL


# --- the games list --------------------------------------------------------------------------


def test_create_list_open(store: Store) -> None:
    first = store.create_game(header())
    second = store.create_game(header(seats=("Eva", "Finn"), rules="pagat", dealer=None))
    summaries = store.list_games()
    assert [s.id for s in summaries] == [second.id, first.id]  # newest first
    s = summaries[0]
    assert (s.seats, s.rules, s.round, s.phase, s.winners, s.events) == (
        ("Eva", "Finn"), "pagat", 0, "cut", (), 0
    )
    assert STAMP.match(s.created) and STAMP.match(s.updated)
    assert store.open_game(first.id) is first  # one live Game per id
    first.apply(Deal())
    summaries = store.list_games()
    assert [s.id for s in summaries] == [first.id, second.id]  # the last changed first
    assert (summaries[0].round, summaries[0].phase, summaries[0].events) == (1, "turns", 1)


def test_list_shows_winners_of_a_finished_game(store: Store) -> None:
    table = header(seats=("Ann", "Bo"), each=1)
    game_id = play(store, table, 10_000, seed=3)
    game = store.open_game(game_id)
    assert game.state.phase == "over"
    summary = store.list_games()[0]
    assert summary.phase == "over"
    assert summary.winners == tuple(game.state.names[i] for i in game.state.winners)
    assert summary.winners


def test_open_missing_game_is_a_store_error(store: Store) -> None:
    with pytest.raises(StoreError, match="no game number 42"):
        store.open_game(42)


def test_create_refuses_a_bad_header_and_stores_nothing(store: Store, tmp_path: Path) -> None:
    bad = Table(rules="damm", stakes=Stakes("counters", 3), seats=("Ann", "ann"))
    with pytest.raises(GnavError, match="same name"):
        store.create_game(bad)
    assert count_rows(tmp_path) == (0, 0)


def test_delete(store: Store, tmp_path: Path) -> None:
    keep = play(store, header(), 20)
    gone = play(store, header(), 20, seed=2)
    game = store.open_game(gone)
    store.set_last_open(gone)
    store.delete_game(gone)
    assert [s.id for s in store.list_games()] == [keep]
    assert rows(tmp_path, "SELECT count(*) FROM events WHERE game_id = ?", (gone,)) == [(0,)]
    assert store.last_open() is None
    with pytest.raises(StoreError):
        store.open_game(gone)
    with pytest.raises(StoreError, match="deleted"):
        game.apply(game.state.options()[0])
    with pytest.raises(StoreError):
        store.delete_game(gone)
    # ids are not reused: a new game never takes a deleted game's place
    assert store.create_game(header()).id > gone


def test_rematch_has_the_same_header_and_no_events(store: Store) -> None:
    for dealer in ("Cy", None):
        table = header(dealer=dealer, rules="gamerules")
        old = play(store, table, 30)
        new = store.rematch(old)
        assert new.id != old
        assert header_json(new.table) == header_json(store.open_game(old).table)
        assert new.table.dealer == dealer
        assert new.events == []
        assert new.state.phase == ("ready" if dealer else "cut")


# --- every event on disk before apply returns ------------------------------------------------


def test_apply_commits_before_it_returns(store: Store, tmp_path: Path) -> None:
    table = header()
    game = store.create_game(table)
    other = Store(tmp_path)  # a second connection, as after a crash and restart
    try:
        for n, event in enumerate(random_events(table, 15, seed=5), start=1):
            game.apply(event)
            active, _ = stored_lines(tmp_path, game.id)
            assert active[-1] == event_line(event)
            assert len(active) == n
            assert other.export_journal(game.id) == game.journal_text()
    finally:
        other.close()


def test_a_refused_event_changes_nothing(store: Store, tmp_path: Path) -> None:
    table = header()
    game = store.create_game(table)
    for event in random_events(table, 12, seed=7):
        game.apply(event)
    game.undo()  # a redo tail, which a refused event must not discard
    before_rows = rows(tmp_path, "SELECT * FROM events ORDER BY seq")
    before_games = rows(tmp_path, "SELECT * FROM games")
    before_state = game.state.as_json()
    redo = game.redo_event
    for bad in (Stand("Nobody"), Deal(), Change("stock")):
        with pytest.raises(GnavError):
            game.apply(bad)
    assert rows(tmp_path, "SELECT * FROM events ORDER BY seq") == before_rows
    assert rows(tmp_path, "SELECT * FROM games") == before_games
    assert game.state.as_json() == before_state
    assert game.redo_event == redo and len(game.events) == 11


def test_timestamps_stay_out_of_the_journal(store: Store, tmp_path: Path) -> None:
    game_id = play(store, header(), 10)
    ats = [at for (at,) in rows(tmp_path, "SELECT at FROM events WHERE game_id = ?", (game_id,))]
    assert len(ats) == 10 and all(at.endswith("Z") for at in ats)
    text = store.export_journal(game_id)
    assert not any(at[:10] in text for at in ats)  # no date, so no time either
    # a damm table is stored in journal v2 (the dealer's question needs it)
    assert text == dumps(journal_version_for(header()), random_events(header(), 10, 1))


# --- undo and redo ---------------------------------------------------------------------------


def test_undo_and_redo_survive_a_restart(tmp_path: Path) -> None:
    table = header(seats=("Ann", "Bo", "Cy"))
    events = random_events(table, 40, seed=11)
    with Store(tmp_path) as store:
        game = store.create_game(table)
        for event in events:
            game.apply(event)
        undone = [game.undo(), game.undo(), game.undo()]
        assert undone == events[:-4:-1]
        game_id = game.id
        state_after_undo = game.state.as_json()
    with Store(tmp_path) as store:
        game = store.open_game(game_id)
        assert game.events == events[:-3]
        assert game.state.as_json() == state_after_undo
        assert game.can_redo and game.redo_event == events[-3]
        assert [game.redo(), game.redo()] == events[-3:-1]
    with Store(tmp_path) as store:
        game = store.open_game(game_id)
        assert game.events == events[:-1] and game.redo_event == events[-1]
        assert game.redo() == events[-1]
        assert game.redo() is None and not game.can_redo
        _table, _events, state = replay(dumps(game.table, events))
        assert game.state.as_json() == state.as_json()


def test_undo_back_to_the_start(store: Store) -> None:
    table = header()
    events = random_events(table, 30, seed=2)
    game = store.create_game(table)
    for event in events:
        game.apply(event)
    while game.can_undo:
        game.undo()
    assert game.undo() is None
    assert game.state.as_json() == TableState(game.table).as_json()
    assert store.list_games()[0].events == 0
    while game.can_redo:
        game.redo()
    assert game.events == events


def test_a_new_event_discards_the_redo_tail(tmp_path: Path) -> None:
    table = header()
    events = random_events(table, 20, seed=4)
    with Store(tmp_path) as store:
        game = store.create_game(table)
        for event in events:
            game.apply(event)
        game.undo()
        game.undo()
        choices = [e for e in game.state.options() if e != events[-2]]
        game.apply(choices[0])
        assert not game.can_redo and game.redo_event is None
        assert count_rows(tmp_path) == (1, 19)
        game_id = game.id
    with Store(tmp_path) as store:
        game = store.open_game(game_id)
        assert not game.can_redo
        assert game.events == events[:-2] + [choices[0]]


def test_the_state_object_stays_the_same_through_undo(store: Store) -> None:
    table = header()
    game = store.create_game(table)
    state = game.state
    for event in random_events(table, 5, seed=1):
        game.apply(event)
    game.undo()
    assert game.state is state and state.events == 4


def test_outcomes_and_state_before_match_a_replay(store: Store) -> None:
    table = header(seats=("Ann", "Bo", "Cy", "Dag", "Eva"), each=5)
    events = random_events(table, 700, seed=8)
    game = store.import_journal(dumps(table, events))
    replayed = TableState(table)
    for i, event in enumerate(events):
        if i % 97 == 0 or i in (199, 200, 201, 400):
            assert game.state_before(i).as_json() == replayed.as_json()
        assert game.outcomes[i] == replayed.apply(event)
    assert game.state_before(len(events)).as_json() == game.state.as_json()
    copy = game.state_before(3)
    copy.apply(copy.options()[0])  # a copy: changing it leaves the game alone
    assert game.state_before(3).as_json() != copy.as_json()
    with pytest.raises(IndexError):
        game.state_before(len(events) + 1)


# --- the game the app showed last ------------------------------------------------------------


def test_last_open_survives_a_restart(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        assert store.last_open() is None
        game = store.create_game(header())
        store.set_last_open(game.id)
        with pytest.raises(StoreError):
            store.set_last_open(game.id + 1)
    with Store(tmp_path) as store:
        assert store.last_open() == game.id
        store.set_last_open(None)
        assert store.last_open() is None


# --- journals in and out ---------------------------------------------------------------------


def test_export_is_what_replay_reads(store: Store, tmp_path: Path) -> None:
    table = header(seats=("Ann", "Bø", "Cy 🂡", "دال"), rules="pagat")
    game = store.create_game(table)
    for event in random_events(table, 60, seed=9):
        game.apply(event)
    game.undo()
    text = store.export_journal(game.id)
    assert text == game.journal_text() == dumps(table, game.events)
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        capture_output=True, check=False, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == game.state.as_json()
    again = store.import_journal(text)
    assert again.id != game.id
    assert again.state.as_json() == game.state.as_json()
    assert store.export_journal(again.id) == text


def test_import_good_journal(store: Store) -> None:
    table = header(seats=("Ann", "Bo", "Cy"), dealer=None)
    events = random_events(table, 200, seed=10)
    text = dumps(table, events)
    game = store.import_journal(text.encode("utf-8"))
    assert game.events == events
    assert store.open_game(game.id) is game
    assert store.list_games()[0].events == len(events)


HEAD = ('{"ev":"table","version":1,"rules":"damm","stakes":{"kind":"counters","each":3},'
        '"seats":["Ann","Bo"],"dealer":"Ann"}')


@pytest.mark.parametrize(
    ("lines", "line_no", "words"),
    [
        (['{"ev": "table"}'], 1, "version"),
        ([HEAD, '{"ev":"deal"}', '{"ev":"stand","seat":"Ann"}'], 3, "Ann"),
        ([HEAD, '{"ev":"deal"}', "", '{"ev":"stand",'], 4, "JSON"),
        ([], 1, "empty"),
    ],
)
def test_import_bad_journal_stores_nothing(
    store: Store, tmp_path: Path, lines: list[str], line_no: int, words: str
) -> None:
    play(store, header(), 10)
    before = count_rows(tmp_path)
    listed = store.list_games()
    with pytest.raises(JournalError) as info:
        store.import_journal("\n".join(lines))
    assert str(info.value).startswith(f"line {line_no}: ")
    assert words in str(info.value)
    assert count_rows(tmp_path) == before
    assert store.list_games() == listed


def test_import_refuses_bytes_that_are_not_utf8(store: Store, tmp_path: Path) -> None:
    text = dumps(header(), random_events(header(), 5, seed=1)).encode()
    with pytest.raises(JournalError, match="^line 2: .*UTF-8"):
        store.import_journal(text.replace(b'"deal"', b'"d\xffal"'))
    assert count_rows(tmp_path) == (0, 0)


# --- versions and threads --------------------------------------------------------------------


def test_a_file_from_a_newer_version_is_refused_and_left_alone(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        play(store, header(), 5)
    rows(tmp_path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(StoreError, match="newer version of Gnav Companion.*update the app"):
        Store(tmp_path)
    assert (tmp_path / DB_NAME).read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_several_threads_share_one_store(store: Store, tmp_path: Path) -> None:
    table = header(seats=("Ann", "Bo", "Cy"))
    plans = {store.create_game(table).id: random_events(table, 40, seed=s) for s in range(4)}
    errors: list[BaseException] = []

    def worker(game_id: int) -> None:
        try:
            game = store.open_game(game_id)
            for event in plans[game_id]:
                game.apply(event)
                store.list_games()
        except BaseException as err:  # noqa: BLE001 - reported by the assert below
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(g,)) for g in plans]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for game_id, events in plans.items():
        assert stored_lines(tmp_path, game_id)[0] == [event_line(e) for e in events]
