"""Crash safety: a child process plays random legal games through the Store and is killed with
SIGKILL at random moments, over and over. After every kill the store must open without a word
of damage, hold every change the child saw acknowledged (and at most the one change it was
making), its state must equal the replay of the journal it exports, and each game's journal
file must say the same.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from companion.engine.gnav.journal import replay
from companion.store import Store
from companion.store.logs import log_path, read_log

from .files import rows, stored_lines

ROOT = Path(__file__).resolve().parents[2]
KILLS = 200


@dataclass
class Model:
    """What the child was told about one game: its active lines and undone lines (next redo
    first), as the store must hold them."""

    active: list[str] = field(default_factory=list)
    undone: list[str] = field(default_factory=list)

    def after(self, op: str, line: str = "") -> Model:
        active, undone = list(self.active), list(self.undone)
        if op == "A":
            active.append(line)
            undone = []
        elif op == "U":
            undone.insert(0, active.pop())
        elif op == "R":
            active.append(undone.pop(0))
        return Model(active, undone)

    def pair(self) -> tuple[list[str], list[str]]:
        return self.active, self.undone


def run_child(folder: Path, seed: int, rng: random.Random) -> tuple[bytes, str]:
    """Starts the child, kills it at a random moment, returns everything it printed."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_child", str(folder), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    fd = child.stdout.fileno()
    out = bytearray()
    if rng.random() < 0.1:
        when = "while starting"  # before or while the store opens
        time.sleep(rng.uniform(0.0, 0.15))
    else:
        when = "while playing"
        deadline = time.monotonic() + 30
        while b"\n" not in out and time.monotonic() < deadline:  # the store is open
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                out += chunk
        time.sleep(rng.uniform(0.005, 0.15))
    child.send_signal(signal.SIGKILL)
    rest, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL, f"the child ended by itself: {err.decode()}"
    return bytes(out + rest), when


def check(folder: Path, output: bytes, models: dict[int, Model], current: int | None) -> int | None:
    """Checks the store against what the child printed; updates `models` to what is stored.
    Returns the game the child last had open."""
    lines = output.decode("utf-8").split("\n")[:-1]  # only complete lines
    pending: tuple[str, int | None, str] | None = None
    touched: set[int] = set()
    for text in lines:
        op, _, rest = text.partition(" ")
        if op == "OK":
            assert pending is not None
            kind, game_id, line = pending
            if kind != "C":
                assert game_id is not None
                models[game_id] = models[game_id].after(kind, line)
            pending = None
        elif op == "G":
            game_id = int(rest)
            if pending is not None and pending[0] == "C":
                assert game_id not in models
                models[game_id] = Model()
                pending = None
            assert game_id in models, f"the child opened game {game_id}, unknown here"
            current = game_id
            touched.add(game_id)
        elif op == "C":
            pending = ("C", None, "")
        elif op == "A":
            game_id_text, n, line = rest.split(" ", 2)
            game_id = int(game_id_text)
            assert int(n) == len(models[game_id].active)
            pending = ("A", game_id, line)
        else:
            assert op in ("U", "R"), text
            pending = (op, int(rest), "")
    with Store(folder) as store:
        # the database always opens, and a kill never looks like damage
        assert store.recovery_notice is None
        stored_ids = {s.id for s in store.list_games()}
        new = stored_ids - set(models)
        if new:  # a game created by the change the child was making: allowed, and empty
            assert pending is not None and pending[0] == "C" and len(new) == 1
            (game_id,) = new
            models[game_id] = Model()
        assert set(models) == stored_ids
        if pending is not None and pending[0] != "C":
            touched.add(pending[1])  # type: ignore[arg-type]
        for game_id in touched:
            stored = stored_lines(folder, game_id)
            model = models[game_id]
            allowed = [model.pair()]
            if pending is not None and pending[1] == game_id:
                allowed.append(model.after(pending[0], pending[2]).pair())
            # every acknowledged change is there, and nothing else but the one in flight
            assert stored in allowed, (game_id, pending, len(stored[0]), len(model.active))
            models[game_id] = Model(*stored)
            game = store.open_game(game_id)
            assert len(game.events) == len(stored[0])
            _t, _e, state = replay(store.export_journal(game_id))
            assert game.state.as_json() == state.as_json()
            summary = rows(folder, "SELECT events FROM games WHERE id = ?", (game_id,))
            assert summary == [(len(stored[0]),)]
            # and the game's journal file says the same (brought up to it when a kill fell
            # between the commit and the journal's append)
            log = read_log(log_path(folder, game_id), game_id)
            assert log.damaged is None
            assert ([a for a, _ in log.active], [t for t, _ in log.tail]) == stored
    return current


def kill_over_and_over(folder: Path, kills: int, seed: int) -> tuple[dict[str, int], int, int]:
    """`kills` children in turn on one games file; returns (kill moments, acknowledged changes,
    active events stored at the end)."""
    rng = random.Random(seed)
    models: dict[int, Model] = {}
    current: int | None = None
    moments = {"while starting": 0, "while playing": 0}
    acknowledged = 0
    for kill in range(kills):
        output, when = run_child(folder, seed=seed * 100_000 + kill, rng=rng)
        moments[when] += 1
        acknowledged += output.count(b"\nOK\n") + output.startswith(b"OK\n")
        current = check(folder, output, models, current)
    return moments, acknowledged, sum(len(m.active) for m in models.values())


def test_killed_at_random_moments_loses_nothing_acknowledged(tmp_path: Path) -> None:
    started = time.monotonic()
    # two games files side by side, one child each at a time: the machine has two cores
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [
            pool.submit(kill_over_and_over, tmp_path / str(k), KILLS // 2, 20261122 + k)
            for k in range(2)
        ]
        results = [f.result() for f in futures]
    took = time.monotonic() - started
    playing = sum(r[0]["while playing"] for r in results)
    acknowledged = sum(r[1] for r in results)
    stored = sum(r[2] for r in results)
    # the kills really fell while the child was committing: many changes were acknowledged,
    # and the games went on from one child to the next
    assert playing > KILLS // 2
    assert acknowledged > 5 * KILLS, acknowledged
    assert stored > 2 * KILLS
    print(f"{KILLS} kills, {acknowledged} acknowledged changes, {stored} events kept, {took:.0f} s")
