"""A games file with games in it, shared by every example of a module's fuzz tests.

Hypothesis runs hundreds of examples per test, so the store is made once per module; each
example proves it left the store as it found it (see `Snapshot`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from companion.engine.gnav import parse_header
from companion.engine.gnav.journal import dumps
from companion.store import Store
from tests.store.play import random_events

from .journals import header_obj


@dataclass(frozen=True)
class Snapshot:
    """Everything a referee could see of the saved games, and the raw row counts."""

    games: list[Any]
    journals: dict[int, str]
    states: dict[int, Any]
    redo: dict[int, int]
    rows: tuple[int, int]
    last_open: int | None


def snapshot(store: Store) -> Snapshot:
    games = store.list_games()
    ids = [g.id for g in games]
    opened = {i: store.open_game(i) for i in ids}
    # a separate read-only connection: the rows on disk, not what the store believes
    con = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        counts = tuple(
            con.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
            for name in ("games", "events")
        )
    finally:
        con.close()
    return Snapshot(
        games=games,
        journals={i: store.export_journal(i) for i in ids},
        states={i: json.dumps(g.state.as_json(), ensure_ascii=False) for i, g in opened.items()},
        redo={i: g.redo_count for i, g in opened.items()},
        rows=(counts[0], counts[1]),
        last_open=store.last_open(),
    )


def fill(store: Store) -> None:
    """Three games a bad import must not touch: one mid-round with undone events waiting to
    be redone, one with right-to-left and emoji names still cutting for the first dealer, and
    one played to its end."""
    plain = parse_header(header_obj(
        ["Ann", "Bo", "Cy", "Dag"], "damm", {"kind": "counters", "each": 3}, "Ann"
    ))
    game = store.create_game(plain)
    for event in random_events(plain, 40, seed=3):
        game.apply(event)
    for _ in range(3):
        game.undo()
    exotic = parse_header(header_obj(
        ["مريم", "דוד", "😀", " Åse "], "pagat", {"kind": "strokes", "limit": 2}, None
    ))
    game = store.create_game(exotic)
    for event in random_events(exotic, 2, seed=4):
        game.apply(event)
    short = parse_header(header_obj(
        ["Ann", "Bo"], "gamerules", {"kind": "counters", "each": 1}, "Bo"
    ))
    events = random_events(short, 500, seed=5)
    finished = store.import_journal(dumps(short, events))
    assert finished.state.phase == "over"
    store.set_last_open(finished.id)


@pytest.fixture(scope="module")
def filled_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    store = Store(tmp_path_factory.mktemp("games"))
    fill(store)
    yield store
    store.close()
