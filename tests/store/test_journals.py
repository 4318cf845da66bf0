"""Losing nothing the games file recorded (issue 11, items 10, 11, 12 and 14): each game's own
journal file beside the database (companion/store/logs.py), the WAL folded into the file at
close and when idle, a 0-byte file treated as damage, a changed byte found, and files of the
previous format brought over whole."""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from companion.engine.journal import dumps, replay
from companion.store import DB_NAME, SCHEMA_VERSION, Store, StoreError
from companion.store.logs import log_path, read_log

from .files import rows, stored_lines
from .play import header, random_events

DATA = Path(__file__).parent / "data"
LOST = "The games file had lost or changed what was saved of game"
DAMAGED = "The games file was damaged"

Snapshot = dict[int, tuple[list[str], list[str]]]  # id -> (active lines, undone lines)


def play_games(folder: Path) -> tuple[Store, Snapshot]:
    """An open store with three games (one with undone events) and what each holds."""
    store = Store(folder)
    store._db.idle = 3600  # no idle checkpoint here: the tests choose when the WAL goes
    # nor an automatic one: the WAL keeps every commit since the start, in order
    store._db.con.execute("PRAGMA wal_autocheckpoint = 0")
    plans = [(header(each=99), 300, 4), (header(seats=("Ann", "Bø", "Cy"), each=9), 120, 0),
             (header(seats=tuple(f"P{k}" for k in range(8)), each=50), 200, 2)]
    for seed, (table, count, undo) in enumerate(plans):
        game = store.create_game(table)
        for event in random_events(table, count, seed):
            game.apply(event)
        for _ in range(undo):
            game.undo()
    return store, everything(store)


def everything(store: Store) -> Snapshot:
    return {s.id: stored_lines(store.folder, s.id) for s in store.list_games()}


def stopped(tmp_path: Path) -> tuple[Path, Snapshot]:
    """The data folder of a running app copied file by file, as a stop without close (a kill,
    a power cut after the fsyncs) leaves it: the newest events in the WAL and the journals."""
    store, before = play_games(tmp_path / "data")
    shutil.copytree(tmp_path / "data", tmp_path / "stopped")
    (tmp_path / "stopped" / f"{DB_NAME}-shm").unlink(missing_ok=True)
    store.close()
    return tmp_path / "stopped", before


def events_in_main_file_alone(folder: Path) -> int:
    """How many events the games file holds without its WAL (read from a copy of it alone)."""
    alone = folder.parent / f"{folder.name}-alone"
    alone.mkdir()
    shutil.copyfile(folder / DB_NAME, alone / DB_NAME)
    try:
        return int(rows(alone, "SELECT count(*) FROM events")[0][0])
    except sqlite3.OperationalError:  # not even the tables: they are in the WAL too
        return 0
    finally:
        shutil.rmtree(alone)


def damaged_copies(folder: Path) -> list[Path]:
    return [p for p in folder.glob(f"{DB_NAME}.damaged-*") if not p.name.endswith("-wal")]


def assert_kept(folder: Path, before: Snapshot) -> None:
    with Store(folder) as store:
        assert everything(store) == before
        for game_id, (active, _undone) in before.items():
            game = store.open_game(game_id)
            assert len(game.events) == len(active)
            _t, _e, state = replay(store.export_journal(game_id))
            assert game.state.as_json() == state.as_json()
            assert rows(folder, "SELECT events FROM games WHERE id = ?", (game_id,)) == [
                (len(active),)]


# --- item 10: the WAL ------------------------------------------------------------------------


def test_close_folds_the_wal_into_the_games_file(tmp_path: Path) -> None:
    store, before = play_games(tmp_path / "data")
    assert events_in_main_file_alone(tmp_path / "data") < sum(
        len(a) + len(u) for a, u in before.values())  # the WAL held the newest events
    store.close()
    wal = tmp_path / "data" / f"{DB_NAME}-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    assert events_in_main_file_alone(tmp_path / "data") == sum(
        len(a) + len(u) for a, u in before.values())


def test_an_idle_store_folds_the_wal_into_the_games_file(tmp_path: Path) -> None:
    store, before = play_games(tmp_path / "data")
    store._db.idle = 0.2
    store.open_game(1).redo()  # a commit, and then nothing
    total = sum(len(a) + len(u) for a, u in before.values())
    deadline = time.monotonic() + 10
    while events_in_main_file_alone(tmp_path / "data") < total and time.monotonic() < deadline:
        time.sleep(0.1)
    assert events_in_main_file_alone(tmp_path / "data") == total
    store.close()


@pytest.mark.parametrize("damage", ["deleted", "cut", "garbled"])
def test_a_wal_lost_after_a_stop_is_told_and_its_events_come_back(
    tmp_path: Path, damage: str
) -> None:
    folder, before = stopped(tmp_path)
    wal = folder / f"{DB_NAME}-wal"
    data = wal.read_bytes()
    assert len(data) > 100_000
    if damage == "deleted":
        wal.unlink()
    elif damage == "cut":
        wal.write_bytes(data[: len(data) // 2])
    else:
        middle = len(data) // 2
        wal.write_bytes(data[:middle] + bytes(4096) + data[middle + 4096:])
    damaged_main = (folder / DB_NAME).read_bytes()
    left = wal.read_bytes() if wal.exists() else None
    with Store(folder) as store:
        notice = store.recovery_notice
        assert notice is not None and notice.startswith(LOST), notice
        (copy,) = damaged_copies(folder)
        assert copy.name in notice and copy.read_bytes() == damaged_main
        copy_wal = Path(f"{copy}-wal")
        if left:  # what was left of the WAL is kept beside the copy, as it was
            assert copy_wal.read_bytes() == left
        assert everything(store) == before
    assert_kept(folder, before)
    with Store(folder) as again:  # repaired: the next start says nothing
        assert again.recovery_notice is None


def test_a_stop_between_the_commit_and_the_journal_says_nothing(tmp_path: Path) -> None:
    # the one change a kill cut short is in the file and not yet in the journal: it was never
    # acknowledged, so nothing is lost either way, and no damage is reported
    store, _before = play_games(tmp_path / "data")
    game = store.open_game(1)
    path = log_path(tmp_path / "data", 1)
    size = path.stat().st_size
    assert game.redo() is not None
    after = everything(store)
    store.close()
    with open(path, "r+b") as f:
        f.truncate(size)
    with Store(tmp_path / "data") as again:
        assert again.recovery_notice is None
        assert everything(again) == after
    log = read_log(path, 1)  # and the journal was brought up to the file
    assert (len(log.active), len(log.tail)) == (len(after[1][0]), len(after[1][1]))


# --- item 11: a 0-byte games file ------------------------------------------------------------


@pytest.mark.parametrize("journals", [True, False])
def test_a_0_byte_games_file_with_its_wal_beside_it_is_damage(
    tmp_path: Path, journals: bool
) -> None:
    folder, before = stopped(tmp_path)
    if not journals:  # as a version without them left it: the WAL is all there is
        shutil.rmtree(folder / "journals")
    (folder / DB_NAME).write_bytes(b"")
    wal = (folder / f"{DB_NAME}-wal").read_bytes()
    with Store(folder) as store:
        notice = store.recovery_notice
        assert notice is not None and notice.startswith(DAMAGED), notice
        (copy,) = damaged_copies(folder)
        assert copy.name in notice and copy.read_bytes() == b""
        assert Path(f"{copy}-wal").read_bytes() == wal  # the WAL kept, not overwritten
        got = everything(store)
    if journals:
        assert got == before
        assert_kept(folder, before)
    else:
        # what the WAL alone still holds (it was never checkpointed here: everything)
        for game_id, (active, undone) in got.items():
            assert active == before[game_id][0][: len(active)]
        assert got, "nothing read back from the WAL"


def test_a_0_byte_games_file_alone_is_a_new_one(tmp_path: Path) -> None:
    # a stop while the file was being made: nothing was ever in it, nothing to tell
    (tmp_path / DB_NAME).write_bytes(b"")
    with Store(tmp_path) as store:
        assert store.recovery_notice is None and store.list_games() == []


# --- item 12: salvage keeps every intact event -----------------------------------------------


def test_a_games_file_cut_anywhere_keeps_every_event(tmp_path: Path) -> None:
    store, before = play_games(tmp_path / "data")
    store.close()
    data = (tmp_path / "data" / DB_NAME).read_bytes()
    for k, keep in enumerate([0, 1, 99, 100, 4096, 4097, *range(5000, len(data), len(data) // 23),
                              len(data) - 1]):
        folder = tmp_path / f"cut{k}"
        shutil.copytree(tmp_path / "data", folder)
        (folder / DB_NAME).write_bytes(data[:keep])
        with Store(folder) as cut:
            assert cut.recovery_notice is not None, keep
            assert everything(cut) == before, keep
        shutil.rmtree(folder)


def test_a_journal_cut_anywhere_keeps_every_event_before_the_cut(tmp_path: Path) -> None:
    # the games file unreadable too: the journal is all there is
    store = Store(tmp_path / "data")
    table = header(each=99)
    events = random_events(table, 150, 7)
    game = store.create_game(table)
    for event in events:
        game.apply(event)
    store.close()
    log = log_path(tmp_path / "data", 1).read_bytes()
    ends = [i + 1 for i, b in enumerate(log) if b == ord("\n")]
    for k, keep in enumerate(range(ends[0], len(log) + 1, max(1, len(log) // 61))):
        folder = tmp_path / f"cut{k}"
        shutil.copytree(tmp_path / "data", folder)
        (folder / DB_NAME).write_bytes(b"not a games file" * 10)
        log_path(folder, 1).write_bytes(log[:keep])
        whole_lines = sum(1 for e in ends if e <= keep) - 1  # the first line is the header
        with Store(folder) as cut:
            assert cut.export_journal(1) == dumps(game.table, events[:whole_lines]), keep
        shutil.rmtree(folder)


# --- item 14: a changed byte ------------------------------------------------------------------


def changed_reveal(data: bytes) -> bytes:
    """The bytes with one digit of a shown piece changed for another (same length)."""
    at = data.index(b'{"ev": "reveal"')
    end = data.index(b"}}", at)
    for i in range(at, end):
        if data[i:i + 1].isdigit() and data[i + 1:i + 2] == b'"':
            digit = data[i] - ord("0")
            new = ord("0") + (digit + 1) % 10 if digit not in (1, 9) else ord("2")
            return data[:i] + bytes([new]) + data[i + 1:]
    raise AssertionError("no reveal with a numbered piece")


def test_a_byte_changed_inside_a_stored_event_is_damage(tmp_path: Path) -> None:
    store, before = play_games(tmp_path / "data")
    store.close()
    path = tmp_path / "data" / DB_NAME
    changed = changed_reveal(path.read_bytes())
    path.write_bytes(changed)
    con = sqlite3.connect(path)  # SQLite itself sees nothing wrong
    assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    con.close()
    with Store(tmp_path / "data") as store:
        notice = store.recovery_notice
        assert notice is not None and notice.startswith(LOST), notice
        (copy,) = damaged_copies(tmp_path / "data")
        assert copy.read_bytes() == changed
        assert everything(store) == before
    assert_kept(tmp_path / "data", before)


def test_a_byte_changed_inside_a_journal_is_damage(tmp_path: Path) -> None:
    store, before = play_games(tmp_path / "data")
    store.close()
    path = log_path(tmp_path / "data", 1)
    original = path.read_bytes()
    # the same change in the journal's own (escaped) text
    at = original.index(b'{\\"ev\\": \\"reveal\\"')
    end = original.index(b"}}", at)
    i = next(i for i in range(at, end)
             if original[i:i + 1].isdigit() and original[i + 1:i + 3] == b'\\"')
    damaged = original[:i] + (b"2" if original[i:i + 1] != b"2" else b"3") + original[i + 1:]
    path.write_bytes(damaged)
    with Store(tmp_path / "data") as store:
        notice = store.recovery_notice
        assert notice is not None and notice.startswith("The journal file of game 1 was damaged")
        assert "checksum mismatch" in notice
        (copy,) = path.parent.glob("1.log.damaged-*")
        assert copy.read_bytes() == damaged and copy.name in notice
        assert everything(store) == before
    assert read_log(path, 1).damaged is None
    assert_kept(tmp_path / "data", before)


# --- the previous format ----------------------------------------------------------------------


def test_a_games_file_of_version_1_opens_with_every_game(tmp_path: Path) -> None:
    # tests/store/data/v1-games.sqlite3 was written by the store of version 1 (no journal
    # files): games 1 (3 events undone), 2 and 4, game 3 deleted, game 2 the last open
    shutil.copyfile(DATA / "v1-games.sqlite3", tmp_path / DB_NAME)
    old = {gid: stored_lines(tmp_path, gid) for (gid,) in rows(tmp_path, "SELECT id FROM games")}
    assert sorted(old) == [1, 2, 4] and len(old[1][1]) == 3
    assert rows(tmp_path, "PRAGMA user_version") == [(1,)]
    with Store(tmp_path) as store:
        assert store.recovery_notice is None
        assert everything(store) == old
        assert store.last_open() == 2
        assert rows(tmp_path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
        for game_id, (active, undone) in old.items():
            log = read_log(log_path(tmp_path, game_id), game_id)
            assert log.damaged is None
            assert ([a for a, _ in log.active], [t for t, _ in log.tail]) == (active, undone)
        game = store.open_game(1)
        game.redo()
        old[1] = stored_lines(tmp_path, 1)
    assert not log_path(tmp_path, 3).exists()
    with Store(tmp_path) as again:
        assert again.recovery_notice is None
        assert everything(again) == old


def test_journal_files_that_cannot_be_written_are_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.store import store as store_module

    shutil.copyfile(DATA / "v1-games.sqlite3", tmp_path / DB_NAME)

    def read_only(path: Path, recs: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(store_module, "write_log", read_only)
    with pytest.raises(StoreError, match=r"^The journal files in .* cannot be written "
                       r"\(Read-only file system\); nothing was changed\.$"):
        Store(tmp_path)
    monkeypatch.undo()
    with Store(tmp_path) as store:  # once the folder can be written, all is there
        assert store.recovery_notice is None and len(store.list_games()) == 3


# --- issue 21, item 11: the WAL lost and a journal damaged at once ----------------------------


def damage_line(path: Path, number: int) -> bytes:
    """Changes one byte inside line `number` (1-based) of a journal file: its checksum fails.
    Returns the file as it was damaged."""
    lines = path.read_bytes().split(b"\n")
    line = lines[number - 1]
    lines[number - 1] = line[:20] + (b"X" if line[20:21] != b"X" else b"Y") + line[21:]
    data = b"\n".join(lines)
    path.write_bytes(data)
    return data


def assert_never_done_again(got: Snapshot, before: Snapshot) -> None:
    """Every game's active events are the first of what the referee last saw active: no event
    undone (or replaced after an undo) comes back as done."""
    for game_id, (active, _undone) in got.items():
        seen = before[game_id][0]
        assert active == seen[: len(active)], f"game {game_id} shows an event it had undone"


@pytest.mark.parametrize("line", [303, 304, 298, 150, 2])
def test_a_wal_deleted_and_a_journal_damaged_bring_no_undone_event_back_as_done(
    tmp_path: Path, line: int
) -> None:
    """issue 21, item 11: "one undone event came back as active, and the notice named only the
    other games". Game 1 ends with four undos (its journal's lines 302-305); its journal is
    damaged at `line` while the WAL, which held every change, is deleted."""
    folder, before = stopped(tmp_path)
    (folder / f"{DB_NAME}-wal").unlink()
    path = log_path(folder, 1)
    intact = read_log(path, 1)
    assert [a for a, _ in intact.active] == before[1][0] and len(before[1][1]) == 4
    damaged = damage_line(path, line)
    prefix = read_log(path, 1)  # what the journal still says, up to its damage
    with Store(folder) as store:
        notice = store.recovery_notice
        got = everything(store)
    assert notice is not None
    assert_never_done_again(got, before)
    # the other games are whole, and named
    assert got[2] == before[2] and got[3] == before[3]
    assert notice.startswith(f"{LOST}s 2, 3; they were brought back whole"), notice
    # game 1 is named with what was done to it, its damaged journal kept as it was
    (copy,) = path.parent.glob("1.log.damaged-*")
    assert copy.read_bytes() == damaged
    active, undone = got[1]
    said = (f"Game 1's journal file was damaged as well (line {line}: checksum mismatch), so "
            f"the game was brought back as far as the two could be read, with "
            f"{len(active)} events")
    assert said in notice and copy.name in notice, notice
    # nothing the journal still held is lost: what is not active can be redone
    held = [a for a, _ in prefix.active]
    assert active + undone[: len(held) - len(active)] == held
    made_undone = len(held) - len(active)
    if made_undone:
        assert f"its last {made_undone} event" in notice
    with Store(folder) as again:  # repaired: the journal says what the file says
        assert again.recovery_notice is None
        assert everything(again) == got
        game = again.open_game(1)
        while game.can_redo:
            game.redo()
        assert [line for line in again.export_journal(1).splitlines()[1:]][: len(held)] == held


def test_a_journal_damaged_early_and_a_games_file_behind_keep_every_shown_event(
    tmp_path: Path,
) -> None:
    # the games file itself holds the game up to a checkpoint, its WAL the eight changes after
    # it, which is lost; the journal, damaged near its start, says less than the games file:
    # the games file's events are kept, and those eight changes could have undone any of its
    # last eight events: they are made undone (redo-able), never shown as done
    store, _ = play_games(tmp_path / "data")
    store._db.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    at_checkpoint = everything(store)[1]
    game = store.open_game(1)
    for change in (game.redo, game.redo, game.redo, game.redo, game.undo, game.undo,
                   game.undo, game.redo):
        change()
    before = everything(store)
    shutil.copytree(tmp_path / "data", tmp_path / "stopped")
    store.close()
    folder = tmp_path / "stopped"
    (folder / f"{DB_NAME}-shm").unlink(missing_ok=True)
    (folder / f"{DB_NAME}-wal").unlink()
    damage_line(log_path(folder, 1), 10)
    with Store(folder) as store:
        notice = store.recovery_notice
        got = everything(store)
    assert notice is not None
    assert notice.startswith("The games file had lost what was saved last, and the games "
                             "file as it was was kept as games.sqlite3.damaged-"), notice
    assert "Game 1's journal file was damaged as well (line 10: checksum mismatch)" in notice
    assert "its last 8 events were made undone" in notice, notice
    assert "game 2" not in notice and "game 3" not in notice  # nothing done to them
    assert got[2] == before[2] and got[3] == before[3]
    assert_never_done_again(got, before)
    active, undone = got[1]
    assert active + undone[:8] == at_checkpoint[0]
    assert undone[8:] == at_checkpoint[1]


def test_every_damaged_journal_is_named(tmp_path: Path) -> None:
    # two journals damaged, the games file whole: each written again from it, each said
    store, before = play_games(tmp_path / "data")
    store.close()
    for game_id in (1, 3):
        damage_line(log_path(tmp_path / "data", game_id), 5)
    with Store(tmp_path / "data") as store:
        notice = store.recovery_notice
        assert everything(store) == before
    assert notice is not None
    for game_id in (1, 3):
        assert f"The journal file of game {game_id} was damaged (line 5: checksum mismatch)" \
            in notice, notice
        (copy,) = log_path(tmp_path / "data", game_id).parent.glob(f"{game_id}.log.damaged-*")
        assert copy.name in notice
    assert_kept(tmp_path / "data", before)
