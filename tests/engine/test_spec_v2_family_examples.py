"""The worked examples of the journal format for Kille, Cuccù, Slabberjan and Vogelspiel
(docs/journal.md, version 2, section 10).

Read from the page itself and replayed (as tests/engine/test_spec_v2_gnav_examples.py does for
Gnav), and kept as golden journals under tests/journals/family: `ok/NAME.jsonl` replays, on
the command line and in process, to a state showing exactly the fields of `NAME.expected.json`
(the page's: "only the fields shown are checked, and every field shown must be equal");
`bad/NAME.jsonl` is refused with exit status 2, nothing on standard output and exactly the one
line of `NAME.expected.txt` (the page's line number, our sentence).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core.replay import replay_state
from companion.engine import JournalError

from ..journal_doc import examples
from .test_spec_v2_gnav_examples import _shown

JOURNALS = Path(__file__).resolve().parents[1] / "journals" / "family"
REPO = JOURNALS.parents[2]
OK = sorted((JOURNALS / "ok").glob("*.jsonl"))
BAD = sorted((JOURNALS / "bad").glob("*.jsonl"))
SECTIONS = {"K": "Kille", "C": "Cuccù", "S": "Slabberjan", "V": "Vogelspiel"}
COUNTS = {"K": 8, "C": 8, "S": 7, "V": 7}

EXAMPLES = [(e.name, e.journal, e.want) for e in examples()
            if e.section in SECTIONS.values() and SECTIONS.get(e.name[0]) == e.section]


def test_the_spec_has_the_family_examples() -> None:
    names = [name for name, _j, _s in EXAMPLES]
    assert names == [f"{g}{n}" for g, count in COUNTS.items() for n in range(1, count + 1)]


def _outcome(journal: str) -> dict[str, Any]:
    try:
        return replay_state(journal).as_json()
    except JournalError as err:
        return {"error_line": err.line}


@pytest.mark.parametrize("name,journal,want", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_spec_example_replays_to_the_state_it_prints(name: str, journal: str,
                                                          want: dict[str, Any]) -> None:
    got = _outcome(journal)
    assert _shown(want, got) == want


def test_every_spec_example_is_kept_as_a_golden_journal() -> None:
    kept = {p.read_text(encoding="utf-8") for p in OK + BAD}
    assert [name for name, journal, _w in EXAMPLES if journal not in kept] == []


def _cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "replay", str(path)], check=False,
                          capture_output=True, text=True, encoding="utf-8", cwd=REPO,
                          timeout=120)


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_ok_family_journal_replays(path: Path) -> None:
    want = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    assert _shown(want, replay_state(path.read_bytes()).as_json()) == want
    run = _cli(path)
    assert (run.returncode, run.stderr) == (0, "")
    assert _shown(want, json.loads(run.stdout)) == want


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_family_journal_is_refused_at_its_line(path: Path) -> None:
    want = path.with_name(path.stem + ".expected.txt").read_text(encoding="utf-8")
    with pytest.raises(JournalError) as err:
        replay_state(path.read_bytes())
    assert str(err.value) + "\n" == want
    run = _cli(path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", want)


def test_the_written_journal_replays_to_the_same_state() -> None:
    """What the app writes (the kind's header and event lines) reads back as the same game."""
    from companion.core import Follower, parse_header
    from companion.engine.journal import decode_line, split_lines

    for path in OK:
        lines = [text for _n, text in split_lines(path.read_text(encoding="utf-8"))]
        kind, header = parse_header(decode_line(lines[0]))
        follower = Follower(kind, header)
        follower.extend(lines[1:])
        text = kind.dumps(header, follower.events)
        assert replay_state(text).as_json() == follower.state.as_json(), path.name
