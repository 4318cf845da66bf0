"""Issue 13's guard rail: the reshaped engine replays every seeded random game byte for byte as
the engine before it did (tests/properties/golden.py says how the games are made and stored)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.properties.golden import GAMES, GOLDEN, SETS, journal, play, stored


@pytest.mark.parametrize("set_name", SETS)
def test_seeded_games_replay_as_stored(set_name: str) -> None:
    records = list(stored(set_name))
    assert len(records) == GAMES
    wrong = []
    for game, want in enumerate(records):
        _text, output, got = play(set_name, game)
        assert got.seed == want.seed
        if (got.replay, got.trace) != (want.replay, want.trace):
            changed = "the game played" if got.journal != want.journal else "the replay"
            wrong.append(f"{want.seed} ({changed} changed)")
        if want.output is not None:
            assert json.loads(output) == want.output, want.seed
    assert not wrong, f"{len(wrong)} of {GAMES} games differ: {', '.join(wrong[:10])}"


def test_the_command_prints_the_stored_outputs() -> None:
    """The full outputs kept in the golden files, through `python -m companion replay -`."""
    cwd = GOLDEN.parents[2]
    for set_name in SETS:
        for game, want in enumerate(stored(set_name)):
            if want.output is None:
                continue
            text, _trace = journal(set_name, game)
            done = subprocess.run(
                [sys.executable, "-m", "companion", "replay", "-"], input=text.encode("utf-8"),
                capture_output=True, check=True, cwd=cwd, timeout=60,
            )
            assert json.loads(done.stdout) == want.output, want.seed
