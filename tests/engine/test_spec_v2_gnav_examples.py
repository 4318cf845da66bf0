"""The Gnav worked examples of the journal format (docs/journal.md, version 2, section 10),
read from the page itself and replayed.

The same journals are kept under tests/journals (ok/v*-spec-g*, bad/v2-spec-g*) with the full
state; this test reads the public contract as written, so that a change on either side shows:
"only the fields shown are checked, and every field shown must be equal (in `seats`, only the
keys shown for each seat; in `last_round`, only the keys shown)".
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import JournalError
from companion.engine.journal import replay_state

from ..journal_doc import examples, shown

EXAMPLES = [(e.name, e.journal, e.want) for e in examples() if e.section == "Gnav"]


def test_the_spec_has_the_thirteen_gnav_examples() -> None:
    assert [name for name, _j, _s in EXAMPLES] == [f"G{n}" for n in range(1, 14)]


def _shown(want: dict[str, Any], got: dict[str, Any]) -> dict[str, Any]:
    """`got` cut down to what `want` shows."""
    return shown(want, got)


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
