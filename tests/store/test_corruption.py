"""A damaged games file or a journal cut mid-line: the app opens, says in one sentence what was
wrong, keeps a copy of the damaged file beside it, and recovers every event that was intact.

What "intact" means is worked out independently of the store: SQLite's dbstat table says which
page holds each row of the undamaged file, so a test knows which rows a truncation or a
garbled page destroyed. A game can keep its events only up to the first destroyed one.
"""

from __future__ import annotations

import random
import re
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.core.errors import JournalError
from companion.engine.gnav.journal import dumps, header_line, replay
from companion.store import DB_NAME, Store
from companion.store.pages import carve

from .files import count_rows, row_pages, rows, stored_lines
from .play import header, next_event, random_events

PAGE = 4096
LONG_NAMES = tuple(f"Player with a long na{k:03d}" for k in range(40))  # 24 characters


@dataclass
class Original:
    folder: Path
    data: bytes
    games: dict[int, tuple[str, list[str], list[str]]]  # id -> header, active, undone lines
    game_pages: dict[int, set[int]]
    event_pages: dict[tuple[int, int], set[int]]
    deleted: int


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Original:
    folder = tmp_path_factory.mktemp("original")
    plans = [
        (header(), 1_000, 0, 0.03),  # a whole game, to its winner
        (header(seats=tuple(f"P{k}" for k in range(10)), each=99), 600, 3, 0.0),
        (header(seats=("Ann", "Bo", "Cy", "Dag", "Eva", "Finn"), dealer=None, each=20), 300, 0, 0),
        (header(seats=LONG_NAMES, each=99), 250, 5, 0.0),  # reveals spill to overflow pages
        (header(seats=("Ann", "Bo", "Cy"), each=99, rules="pagat"), 1_000, 2, 0.0),
    ]
    with Store(folder) as store:
        for seed, (table, count, undo, leave) in enumerate(plans):
            game = store.import_journal(dumps(table, random_events(table, count, seed, leave)))
            for _ in range(undo):
                game.undo()
            if seed == 1:
                doomed = store.create_game(header())
                for event in random_events(doomed.table, 80, 99):
                    doomed.apply(event)
                deleted = doomed.id
                store.delete_game(deleted)  # must never come back from the damaged file
        store.set_last_open(2)
    games = {}
    for (game_id, head) in rows(folder, "SELECT id, header FROM games"):
        games[game_id] = (head, *stored_lines(folder, game_id))
    game_pages, event_pages = row_pages(folder)
    assert any(len(p) > 1 for p in event_pages.values()), "no row used an overflow page"
    return Original(folder, (folder / DB_NAME).read_bytes(), games, game_pages, event_pages,
                    deleted)


def damaged_store(folder: Path, data: bytes) -> Store:
    folder.mkdir(exist_ok=True)
    (folder / DB_NAME).write_bytes(data)
    return Store(folder)


def intact_prefix(orig: Original, game_id: int, lost: set[int]) -> int | None:
    """How many of the game's stored events come before the first one on a lost page (None:
    the game's own row is lost)."""
    if orig.game_pages[game_id] & lost:
        return None
    _head, active, tail = orig.games[game_id]
    n = 0
    while n < len(active) + len(tail) and not orig.event_pages[(game_id, n)] & lost:
        n += 1
    return n


def check_recovery(
    store: Store, folder: Path, damaged: bytes, orig: Original, lost: set[int]
) -> int:
    """Everything the tests ask of a recovered file; returns how many events were kept."""
    notice = store.recovery_notice
    assert notice is not None and notice.startswith("The games file was damaged")
    assert "\n" not in notice and notice.endswith(".")
    copies = list(folder.glob(f"{DB_NAME}.damaged-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == damaged
    assert copies[0].name in notice
    summaries = {s.id: s for s in store.list_games()}
    assert orig.deleted not in summaries
    kept_events = 0
    for game_id, (head, active, tail) in orig.games.items():
        need = intact_prefix(orig, game_id, lost)
        if game_id not in summaries:
            assert need is None, f"game {game_id} was intact but not recovered"
            continue
        game = store.open_game(game_id)
        assert game.recovery_notice is None
        assert header_line(game.table) == head
        text = store.export_journal(game_id)
        got = text.splitlines()[1:]
        assert got == active[: len(got)], "recovered events are not the game's own, in order"
        redo: list[str] = []
        while game.can_redo:
            game.redo()
        redo = store.export_journal(game_id).splitlines()[1 + len(got):]
        if len(got) < len(active):
            assert redo == []
        assert redo == tail[: len(redo)]
        assert len(got) + len(redo) >= (need or 0), (
            f"game {game_id}: {len(got) + len(redo)} events kept, {need} were intact"
        )
        _t, _e, state = replay(text + "\n".join(redo) + ("\n" if redo else ""))
        assert game.state.as_json() == state.as_json()
        assert summaries[game_id].events == len(got)
        kept_events += len(got)
    recovered = len(summaries)
    if recovered:
        assert re.search(rf"\b{recovered} games? with {kept_events} events?\b", notice), notice
    # the new file is sound: usable, and it opens next time without a word
    for game_id in summaries:
        game = store.open_game(game_id)
        event = next_event(game.state, random.Random(0))
        if event is not None:
            game.apply(event)
            break
    store.close()
    with Store(folder) as again:
        assert again.recovery_notice is None
        assert len(again.list_games()) == recovered
    return kept_events


# --- the file cut short ----------------------------------------------------------------------


@pytest.mark.parametrize("cut", [60, 4096 + 10, 0.1, 0.3, 0.5, 0.75, 0.9, -PAGE, -PAGE // 2])
def test_truncated_file(original: Original, tmp_path: Path, cut: float) -> None:
    size = len(original.data)
    keep = int(size * cut) if isinstance(cut, float) else (size + cut if cut < 0 else cut)
    damaged = original.data[:keep]
    store = damaged_store(tmp_path / "data", damaged)
    # a page cut in two counts as lost (its first part may still give some rows back)
    lost = set(range(keep // PAGE + 1, size // PAGE + 1))
    kept = check_recovery(store, tmp_path / "data", damaged, original, lost)
    if keep < PAGE:
        assert kept == 0 and "no game in it could be read" in (store.recovery_notice or "")


def test_truncation_keeps_more_the_more_is_left(original: Original, tmp_path: Path) -> None:
    size = len(original.data)
    kept = []
    for i, fraction in enumerate((0.2, 0.4, 0.6, 0.8)):
        damaged = original.data[: int(size * fraction)]
        store = damaged_store(tmp_path / str(i), damaged)
        lost = set(range(int(size * fraction) // PAGE + 1, size // PAGE + 1))
        kept.append(check_recovery(store, tmp_path / str(i), damaged, original, lost))
    assert kept == sorted(kept) and kept[-1] > kept[0]


# --- garbled pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_random_pages_overwritten_with_garbage(
    original: Original, tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    data = bytearray(original.data)
    pages = len(data) // PAGE
    lost = set(rng.sample(range(2, pages + 1), 1 + seed % 3))  # page numbers are 1-based
    if seed == 7:
        lost.add(1)  # the first page too: header and schema gone, only the pages remain
    for page in lost:
        data[(page - 1) * PAGE: page * PAGE] = rng.randbytes(PAGE)
    check_recovery(damaged_store(tmp_path / "data", bytes(data)), tmp_path / "data",
                   bytes(data), original, lost)


def test_one_garbled_page_of_events_loses_only_the_games_on_it(
    original: Original, tmp_path: Path
) -> None:
    # a page holding only events of the last game (a leaf in the middle of that game; an
    # interior page would hold rows of several games): the others must come back whole
    *others, last = sorted(original.games)
    on_page: dict[int, list[tuple[int, int]]] = {}
    for key, pages in original.event_pages.items():
        for p in pages:
            on_page.setdefault(p, []).append(key)
    only_last = sorted(p for p, keys in on_page.items()
                       if len(keys) > 5 and all(g == last for g, _ in keys))
    page = only_last[len(only_last) // 2]
    first_lost = min(seq for _g, seq in on_page[page])
    data = bytearray(original.data)
    data[(page - 1) * PAGE: page * PAGE] = b"\xa5" * PAGE
    store = damaged_store(tmp_path / "data", bytes(data))
    whole = {}
    for game_id in original.games:
        game = store.open_game(game_id)
        whole[game_id] = game.stored_lines
    check_recovery(store, tmp_path / "data", bytes(data), original, {page})
    for game_id in others:
        assert whole[game_id] == len(original.games[game_id][1]) + len(original.games[game_id][2])
    assert whole[last] == first_lost


def test_zeroed_header_loses_nothing(original: Original, tmp_path: Path) -> None:
    data = bytes(100) + original.data[100:]
    store = damaged_store(tmp_path / "data", data)
    assert store.last_open() == 2
    kept = check_recovery(store, tmp_path / "data", data, original, set())
    assert kept == sum(len(active) for _h, active, _t in original.games.values())


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    data = b"These are my notes, not a games file.\n" * 300
    store = damaged_store(tmp_path / "data", data)
    assert store.list_games() == []
    assert store.recovery_notice is not None and "no game in it could be read" in store.recovery_notice
    assert (tmp_path / "data" / DB_NAME).read_bytes() != data
    (copy,) = (tmp_path / "data").glob(f"{DB_NAME}.damaged-*")
    assert copy.read_bytes() == data
    store.create_game(header())
    store.close()


def test_a_game_garbled_inside_a_sound_file(original: Original, tmp_path: Path) -> None:
    # SQLite's own check finds nothing wrong here: the engine finds the bad event when the
    # game is opened, and the game keeps the events before it
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(original.folder / DB_NAME, folder / DB_NAME)
    con = sqlite3.connect(folder / DB_NAME)
    con.execute("UPDATE events SET line = '{\"ev\": \"stand\", \"se' WHERE game_id = 2 AND seq = 40")
    con.commit()
    con.close()
    damaged = (folder / DB_NAME).read_bytes()
    store = Store(folder)
    assert store.recovery_notice is None
    assert len(store.open_game(1).events) == len(original.games[1][1])
    game = store.open_game(2)
    assert len(game.events) == 40 and not game.can_redo
    assert game.recovery_notice == store.recovery_notice
    assert game.recovery_notice is not None and "Game 2" in game.recovery_notice
    (copy,) = folder.glob(f"{DB_NAME}.damaged-*")
    assert copy.name in game.recovery_notice
    con = sqlite3.connect(copy)  # the copy holds the game as it was, bad line and all
    assert con.execute("SELECT count(*) FROM events WHERE game_id = 2").fetchone()[0] == 600
    con.close()
    assert len(damaged) > 0
    assert rows(folder, "SELECT events FROM games WHERE id = 2") == [(40,)]
    store.close()
    with Store(folder) as again:
        assert again.recovery_notice is None
        assert len(again.open_game(2).events) == 40


def test_a_garbled_header_row_drops_that_game_only(original: Original, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(original.folder / DB_NAME, folder / DB_NAME)
    con = sqlite3.connect(folder / DB_NAME)
    con.execute("UPDATE games SET header = '{\"ev\": \"table\", \"vers' WHERE id = 4")
    con.commit()
    con.close()
    store = Store(folder)
    assert store.recovery_notice is not None and "4 games" in store.recovery_notice
    assert sorted(s.id for s in store.list_games()) == sorted(set(original.games) - {4})
    assert count_rows(folder)[1] == sum(
        len(a) + len(t) for gid, (_h, a, t) in original.games.items() if gid != 4
    )
    store.close()


# --- the page reader agrees with SQLite ------------------------------------------------------


def test_carving_an_intact_file_finds_exactly_its_rows(original: Original) -> None:
    games, events = carve(original.data, PAGE)
    assert {g.id: g.header for g in games} == {
        gid: head for gid, (head, _a, _t) in original.games.items()
    }
    expected = rows(original.folder, "SELECT game_id, seq, line, active, at FROM events")
    assert sorted((e.game_id, e.seq, e.line, e.active, e.at) for e in events) == sorted(expected)


# --- a journal cut mid-line ------------------------------------------------------------------


def test_a_journal_cut_mid_line(tmp_path: Path) -> None:
    table = header(seats=("Ann", "Bø", "Cy"), each=9)
    events = random_events(table, 40, seed=3)
    assert len(events) == 40
    text = dumps(table, events)
    cut = text[: text.rindex("\n", 0, len(text) - 1) + 9]  # 8 characters into the last line
    with Store(tmp_path) as store:
        with pytest.raises(JournalError, match="^line 41: "):
            store.import_journal(cut)
        assert count_rows(tmp_path) == (0, 0)
        game, notice = store.recover_journal(cut)
        assert game.events == events[:-1]
        assert notice is not None and "\n" not in notice
        assert notice.startswith("Line 41 of the journal was cut off or damaged")
        assert "39 events before it" in notice and "1 line from there on" in notice
        assert store.export_journal(game.id) == dumps(table, events[:-1])


def test_a_journal_cut_inside_a_character(tmp_path: Path) -> None:
    table = header(seats=("Ann", "Bø", "Cy"), each=9)
    events = random_events(table, 40, seed=3)
    data = dumps(table, events).encode()
    last_oe = data.rindex("ø".encode())
    with Store(tmp_path) as store:
        game, notice = store.recover_journal(data[: last_oe + 1])  # half of "ø"
        n = data[:last_oe].count(b"\n")  # complete lines before the cut one, header included
        assert len(game.events) == n - 1
        assert notice is not None and f"Line {n + 1} " in notice


def test_a_journal_damaged_in_the_middle_keeps_what_came_before(tmp_path: Path) -> None:
    table = header(each=9)
    events = random_events(table, 30, seed=5)
    assert len(events) == 30
    lines = dumps(table, events).splitlines()
    lines[10] = "\x00\x00garbage"
    with Store(tmp_path) as store:
        game, notice = store.recover_journal("\n".join(lines) + "\n")
        assert game.events == events[:9]
        assert notice is not None and "Line 11 " in notice and "21 lines from there on" in notice


def test_recover_journal_of_a_good_journal_says_nothing(tmp_path: Path) -> None:
    table = header()
    text = dumps(table, random_events(table, 30, seed=5))
    with Store(tmp_path) as store:
        game, notice = store.recover_journal(text)
        assert notice is None and store.export_journal(game.id) == text


def test_recover_journal_with_a_bad_header_stores_nothing(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        with pytest.raises(JournalError, match="^line 1: "):
            store.recover_journal('{"ev": "table", "vers')
        assert count_rows(tmp_path) == (0, 0)
