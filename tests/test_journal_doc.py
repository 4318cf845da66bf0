"""docs/journal.md, the journal format as the project writes it for its users: every example on
the page is replayed through `python -m companion replay` (its `main`, in this process) and must
give the result the page states.

"Every example on this page is a whole journal in a `jsonl` block, followed by what `replay`
gives for it in a `json` block: the state (only the fields shown are checked, and every field
shown must be equal ...), or `{"error_line": N}` for a journal that `replay` refuses at line N."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main

from .journal_doc import JOURNAL_MD, Example, examples, shown

EXAMPLES = examples()


def test_the_journal_page_has_its_examples() -> None:
    """Version 1's (J1 to J4), the header of version 2 (J5), and section 10's worked examples:
    Gnav G1 to G13, Kille K1 to K8, Cuccù C1 to C8, Slabberjan S1 to S7, Vogelspiel V1 to V7,
    Gwra pyskessa F1 to F8, each name once."""
    names = [e.name for e in EXAMPLES]
    counts = {"J": 5, "G": 13, "K": 8, "C": 8, "S": 7, "V": 7, "F": 8}
    assert names == [f"{k}{n}" for k, count in counts.items() for n in range(1, count + 1)]


def test_a_journal_block_without_its_result_is_refused() -> None:
    page = "**X1. Alone.**\n\n```jsonl\n{\"ev\":\"deal\"}\n```\n\nNo result here.\n"
    with pytest.raises(ValueError, match="line 3: a journal without its result"):
        examples(page)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_every_journal_example_replays_to_what_the_page_states(
        example: Example, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{example.name}.jsonl"
    path.write_text(example.journal, encoding="utf-8")
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    where = f"{JOURNAL_MD.name} line {example.line} ({example.name})"
    if "error_line" in example.want:
        line = example.want["error_line"]
        assert (status, out) == (2, ""), where
        assert err.startswith(f"line {line}: ") and err.count("\n") == 1, (where, err)
        if "stderr" in example.want:
            assert err == example.want["stderr"] + "\n", where
        return
    assert (status, err) == (0, ""), (where, err)
    got = json.loads(out)
    assert shown(example.want, got) == example.want, where
