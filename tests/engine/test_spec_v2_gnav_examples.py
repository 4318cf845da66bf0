"""journal-v2.md section 10's Gnav worked examples, read from the spec itself and replayed.

The same journals are kept under tests/journals (ok/v*-spec-g*, bad/v2-spec-g*) with the full
state; this test reads the public contract as written, so that a change on either side shows:
"only the fields shown are checked, and every field shown must be equal (in `seats`, only the
keys shown for each seat; in `last_round`, only the keys shown)".
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from companion.core.errors import JournalError
from companion.engine.gnav.journal import replay_state

from .helpers import SHARED

SPEC = SHARED / "spec" / "journal-v2.md"


def _examples() -> list[tuple[str, str, Any]]:
    if not SPEC.is_file():
        return []
    text = SPEC.read_text(encoding="utf-8")
    gnav = text[text.index("### Gnav"):text.index("### Kille")]
    out = []
    for name, body in re.findall(r"\*\*(G\d+)\. (.*?)(?=\n\*\*G\d+\. |\Z)", gnav, re.DOTALL):
        blocks = re.findall(r"```(?:jsonl|json)\n(.*?)```", body, re.DOTALL)
        out.append((name, blocks[0], json.loads(blocks[1])))
    return out


EXAMPLES = _examples()


def test_the_spec_has_the_thirteen_gnav_examples() -> None:
    if not SPEC.is_file():
        pytest.skip(f"the spec is not beside this clone ({SHARED})")
    assert [name for name, _j, _s in EXAMPLES] == [f"G{n}" for n in range(1, 14)]


def _shown(want: dict[str, Any], got: dict[str, Any]) -> dict[str, Any]:
    """`got` cut down to what `want` shows."""
    out: dict[str, Any] = {}
    for key, value in want.items():
        mine = got.get(key, "(missing)")
        if key == "seats" and isinstance(mine, list):
            mine = [{k: seat.get(k, "(missing)") for k in shown}
                    for shown, seat in zip(value, mine)] + mine[len(value):]
        elif key == "last_round" and isinstance(value, dict) and isinstance(mine, dict):
            mine = {k: mine.get(k, "(missing)") for k in value}
        out[key] = mine
    return out


@pytest.mark.parametrize("name,journal,want", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_spec_gnav_example_replays_to_the_state_it_gives(
        name: str, journal: str, want: dict[str, Any]) -> None:
    if "error_line" in want:
        with pytest.raises(JournalError) as info:
            replay_state(journal)
        assert info.value.line == want["error_line"], name
        return
    got = replay_state(journal).as_json()
    assert _shown(want, got) == want, name
