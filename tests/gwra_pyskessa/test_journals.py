"""The journal format's Gwra pyskessa examples (docs/journal.md, version 2, section 10: F1 to
F8), kept as golden journals under tests/journals/gwra-pyskessa and replayed as a user and the
app do.

`ok/NAME.jsonl` replays to the page's JSON (`NAME.expected.json`, copied from the page): "only
the fields shown are checked, and every field shown must be equal (in `seats`, only the keys
shown for each seat)". `bad/NAME.jsonl` is refused with exactly the line of `NAME.expected.txt`,
whose line number is the page's `error_line`. The copies are checked against the page itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core import KINDS, Follower, parse_header
from companion.core.replay import replay_state, replay_until_bad
from companion.engine import JournalError
from companion.engine.journal import decode_line

from ..engine.test_spec_v2_gnav_examples import _shown
from ..journal_doc import examples

JOURNALS = Path(__file__).resolve().parents[1] / "journals" / "gwra-pyskessa"
REPO = JOURNALS.parents[2]
OK = sorted((JOURNALS / "ok").glob("*.jsonl"))
BAD = sorted((JOURNALS / "bad").glob("*.jsonl"))
# every field docs/journal.md (version 2, section 8) requires of a Gwra pyskessa state
REQUIRED = {"version", "game", "rules", "round", "phase", "dealer", "turn", "asked", "pool",
            "seats", "exchanges", "last_round", "winners", "deck", "rank", "say"}


def _expected(path: Path, suffix: str) -> str:
    return path.with_name(path.stem + suffix).read_text(encoding="utf-8")


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "replay", str(path)], check=False,
                          capture_output=True, text=True, encoding="utf-8", cwd=REPO, timeout=120)


def test_the_eight_examples_are_kept() -> None:
    names = sorted(p.stem[:2] for p in OK + BAD)
    assert names == [f"f{n}" for n in range(1, 9)]


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_good_example_replays_to_the_spec_state_on_the_command_line(path: Path) -> None:
    done = _cli(path)
    assert (done.returncode, done.stderr) == (0, "")
    got = json.loads(done.stdout)
    want = json.loads(_expected(path, ".expected.json"))
    assert _shown(want, got) == want
    assert REQUIRED <= set(got)
    assert all(set(seat) >= {"name", "out", "hand", "sets"} for seat in got["seats"])


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_example_is_refused_at_the_spec_line_on_the_command_line(path: Path) -> None:
    done = _cli(path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == _expected(path, ".expected.txt")


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_example_keeps_the_state_before_its_line(path: Path) -> None:
    _header, events, state, error = replay_until_bad(path.read_bytes())
    assert error is not None and f"{error}\n" == _expected(path, ".expected.txt")
    assert len(events) == error.line - 2  # every line before it, less the header
    assert state.as_json()["events"] == len(events)


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_good_example_round_trips_through_its_kind(path: Path) -> None:
    header, events, state, error = replay_until_bad(path.read_bytes())
    assert error is None
    kind = KINDS["gwra-pyskessa"]
    text = kind.dumps(header, events)
    assert replay_state(text).as_json() == state.as_json()
    original = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [json.loads(line) for line in text.splitlines()] == original


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_the_follower_goes_back_to_every_state_replay_gives(path: Path) -> None:
    first, *lines = path.read_text(encoding="utf-8").splitlines()
    kind, header = parse_header(decode_line(first))
    follower = Follower(kind, header, every=3)
    follower.extend(lines)
    for index in range(len(lines) + 1):
        want = replay_state("\n".join([first, *lines[:index]])).as_json()
        assert follower.state_before(index).as_json() == want, index
    follower.truncate(1)
    follower.extend(lines[1:])
    assert follower.state.as_json() == replay_state(path.read_bytes()).as_json()


def _spec_examples() -> dict[str, tuple[str, Any]]:
    return {e.name.lower(): (e.journal, e.want) for e in examples()
            if e.section == "Gwra pyskessa"}


def test_the_kept_journals_are_the_spec_examples_as_written() -> None:
    kept = _spec_examples()
    assert sorted(kept) == [f"f{n}" for n in range(1, 9)]
    for path in OK + BAD:
        journal, want = kept[path.stem[:2]]
        assert path.read_text(encoding="utf-8") == journal, path.name
        if path in OK:
            assert json.loads(_expected(path, ".expected.json")) == want, path.name
        else:
            assert _expected(path, ".expected.txt").startswith(f"line {want['error_line']}: ")
            with pytest.raises(JournalError) as info:
                replay_state(journal)
            assert info.value.line == want["error_line"]
