"""A start that brings a game back from its journal file stays bounded by the cap (issue 21,
item 7: "memory bounded by the game, not by the file"): when the games file is damaged, or
lost its last changes with its WAL, and a journal file holds a game an earlier version stored
past the cap, the start writes that game back a line at a time, keeps every event of it on the
disk, and says, in the tables list's sentence, that it is not opened. Memory is measured in a
child process, against the same start with a short game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import DB_NAME, Store, StoreError
from companion.store.logs import log_path, records, write_log

from .test_import_bounds import go_fish_forever, peak_mb

LONG = 300_000  # an earlier version's game (the cap is 200,000)

START = """
    import sys
    from companion.store import Store, StoreError
    with Store(sys.argv[1]) as store:
        print(store.recovery_notice)
        try:
            store.open_game(int(sys.argv[2]))
        except StoreError as err:
            print(err)
        else:
            print("opened")
"""


def journal_of(folder: Path, game_id: int, events: int) -> str:
    """Game `game_id`'s journal file grown to `events` go-fish events, numbered past what the
    games file has (its later changes, which the games file lost); its journal (v1) text."""
    con = sqlite3.connect(folder / DB_NAME)
    ((header, created, ops),) = con.execute(
        "SELECT header, created, ops FROM games WHERE id = ?", (game_id,)).fetchall()
    ((at,),) = con.execute("SELECT max(at) FROM events WHERE game_id = ?", (game_id,)).fetchall()
    con.close()
    journal = go_fish_forever(events)
    lines = [(line, at) for line in journal.splitlines()[1:]]
    write_log(log_path(folder, game_id),
              records(game_id, header, created, lines, [], ops + events))
    return journal


def data_with(tmp_path: Path, name: str, events: int) -> tuple[Path, int, str]:
    """A data folder with one game of 60 events in its games file and `events` in its
    journal file."""
    data = tmp_path / name
    with Store(data) as store:
        game_id = store.import_journal(go_fish_forever(60)).id
    return data, game_id, journal_of(data, game_id, events)


def events_of(journal: str) -> str:
    """A journal's events (the store writes its header in its own spelling)."""
    return journal.split("\n", 1)[1]


def not_a_database(data: Path) -> None:
    (data / DB_NAME).write_bytes(b"These are my notes, not a games file.\n" * 300)


@pytest.mark.parametrize("damage", [None, not_a_database], ids=["wal-lost", "file-damaged"])
def test_a_journal_past_the_cap_is_brought_back_whole_without_holding_it(
    tmp_path: Path, damage: object
) -> None:
    short, short_id, short_journal = data_with(tmp_path, "short", 120)
    data, game_id, journal = data_with(tmp_path, "long", LONG)
    if callable(damage):
        damage(short)
        damage(data)
    short_peak, out, err = peak_mb(START, str(short), str(short_id))
    assert err == "" and out.splitlines()[-1] == "opened"
    peak, out, err = peak_mb(START, str(data), str(game_id))
    said = (f"Game {game_id} has {LONG} events, more than the 200000 the app keeps in one "
            "game (an earlier version stored it), so it is not opened. Its journal can still "
            "be exported from the tables list.")
    assert err == ""
    # the start held none of its 300,000 events (it read them all, and replayed them)
    assert peak < short_peak + 25, (
        f"a start bringing back a {LONG}-event journal peaked at {peak:.0f} MB "
        f"(with a short one: {short_peak:.0f} MB)")
    notice, refused = out.splitlines()
    assert refused == said and notice.endswith(said), out
    with Store(data) as store:  # nothing lost: every event is on the disk, and exported
        assert store.recovery_notice is None
        assert events_of(store.export_journal(game_id)) == events_of(journal)
        (summary,) = store.list_games()
        assert summary.id == game_id and summary.events == LONG
        with pytest.raises(StoreError) as again:
            store.open_game(game_id)
        assert str(again.value) == said
    with Store(short) as store:
        assert events_of(store.export_journal(short_id)) == events_of(short_journal)
