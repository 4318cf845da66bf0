"""The worked examples of docs/journal.md, read from the page itself.

Every example there is a whole journal in a ```jsonl block followed by what `replay` gives for it
in a ```json block: the state, of which "only the fields shown are checked, and every field shown
must be equal (in `seats`, only the keys shown for each seat; in `last_round`, only the keys
shown)", or `{"error_line": N}` (and optionally the exact `"stderr"` line) for a journal that
`replay` refuses at line N. An example is named by the bold label before it (**G1.**).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
JOURNAL_MD = REPO / "docs" / "journal.md"

_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)
_LABEL = re.compile(r"\*\*([A-Z]\d+)\. ")


@dataclass(frozen=True)
class Example:
    name: str  # the label, "G1"
    section: str  # the heading it stands under, "Gnav"
    line: int  # where its journal block starts on the page
    journal: str  # the journal's text, every line ending with a newline
    want: dict[str, Any]


def examples(text: str | None = None) -> list[Example]:
    """Every example of the page, in its order; a ```jsonl block that no ```json block follows
    is an error, so that no example goes unchecked."""
    text = JOURNAL_MD.read_text(encoding="utf-8") if text is None else text
    blocks = list(_BLOCK.finditer(text))
    out: list[Example] = []
    for i, block in enumerate(blocks):
        if block.group(1) != "jsonl":
            continue
        line = text.count("\n", 0, block.start()) + 1
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        between = text[block.end():following.start()] if following else ""
        if following is None or following.group(1) != "json" or between.strip():
            raise ValueError(f"docs/journal.md line {line}: a journal without its result")
        before = text[:block.start()]
        labels = _LABEL.findall(before)
        headings = re.findall(r"^#+ (.+)$", before, re.MULTILINE)
        out.append(Example(name=labels[-1] if labels else f"line{line}",
                           section=headings[-1] if headings else "",
                           line=line, journal=block.group(2),
                           want=json.loads(following.group(2))))
    return out


def shown(want: dict[str, Any], got: dict[str, Any]) -> dict[str, Any]:
    """`got` cut down to what `want` shows."""
    out: dict[str, Any] = {}
    for key, value in want.items():
        mine = got.get(key, "(missing)")
        if key == "seats" and isinstance(mine, list):
            mine = [{k: seat.get(k, "(missing)") for k in shown_keys}
                    for shown_keys, seat in zip(value, mine)] + mine[len(value):]
        elif key == "last_round" and isinstance(value, dict) and isinstance(mine, dict):
            mine = {k: mine.get(k, "(missing)") for k in value}
        out[key] = mine
    return out
