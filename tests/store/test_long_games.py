"""Undo on a long game costs about the same as on a short one: it starts from the nearest
snapshot, not from the first event."""

from __future__ import annotations

import time
from pathlib import Path

from companion.engine.gnav import TableState
from companion.engine.gnav.journal import dumps, replay
from companion.store import SNAPSHOT_EVERY, Store

from .play import header, random_events

EVENTS = 20_000


def test_undo_and_redo_stay_fast_on_a_20000_event_game(tmp_path: Path) -> None:
    table = header(seats=tuple(f"Seat {i}" for i in range(30)), each=99)
    events = random_events(table, EVENTS, seed=2, leave=0.0, calm=0.8)
    assert len(events) == EVENTS
    text = dumps(table, events)
    with Store(tmp_path) as store:
        game_id = store.import_journal(text).id
    with Store(tmp_path) as store:
        game = store.open_game(game_id)
        assert len(game.events) == EVENTS

        start = time.perf_counter()
        replay(text)
        full_replay = time.perf_counter() - start

        start = time.perf_counter()
        for _ in range(100):
            game.undo()
        undo_100 = time.perf_counter() - start

        start = time.perf_counter()
        for _ in range(100):
            game.redo()
        redo_100 = time.perf_counter() - start

        # one undo costs at most SNAPSHOT_EVERY applies and a commit: 100 of them together
        # are far below 100 full replays, and well under two seconds on a slow machine
        assert undo_100 < 2.0, f"100 undos took {undo_100:.2f} s"
        assert undo_100 / 100 < full_replay / 4, (undo_100, full_replay)
        assert redo_100 < 2.0, f"100 redos took {redo_100:.2f} s"
        assert game.events == events
        _t, _e, state = replay(text)
        assert game.state.as_json() == state.as_json()

        # undo across a snapshot boundary gives exactly the replayed state
        for _ in range(SNAPSHOT_EVERY + 3):
            game.undo()
        expected = TableState(table)
        for event in events[: EVENTS - SNAPSHOT_EVERY - 3]:
            expected.apply(event)
        assert game.state.as_json() == expected.as_json()
