"""docs/adding-a-game.md is the checklist a contributor follows to add a game (issue 25, item 3):
it must say what the code asks. Every file it names is in the repository, every field of a
game's description is in its table and no other, every part of a game's screens it names is a
field of Parts, every name it says a cuckoo game's book.py defines is one Kille's does, and the
registration it shows is the one the registry makes."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from companion.core.description import GameDescription
from companion.engine import kille
from companion.engine.kille import book as kille_book
from companion.engine.registry import GAMES
from companion.views.parts import Parts

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
PATH = re.compile(r"`((?:companion|docs|tests|tools|assets)/[\w./<>{},-]*)`")


def _section(title: str) -> str:
    start = DOC.index(title)
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end != -1 else None]


def test_every_file_the_checklist_names_is_in_the_repository() -> None:
    named = {m.group(1).rstrip("/") for m in PATH.finditer(DOC)}
    concrete = {p for p in named if "<" not in p and "{" not in p}
    assert len(concrete) > 20  # the pattern reads the page
    missing = sorted(p for p in concrete if not (REPO / p).exists())
    assert missing == []


def test_the_description_s_fields_are_the_table_s_rows() -> None:
    rows = set(re.findall(r"^\| `(\w+)` \|", _section("### The description"), re.MULTILINE))
    fields = {f.name for f in dataclasses.fields(GameDescription)}
    assert rows == fields


def test_the_screens_parts_named_are_the_parts_of_a_game_s_screens() -> None:
    named = set(re.findall(r"^- `(\w+)`", _section("## 4. Its screens"), re.MULTILINE))
    named |= {n for line in re.findall(r"^- (`\w+`(?:, `\w+`)+):", _section("## 4. Its screens"),
                                        re.MULTILINE) for n in re.findall(r"`(\w+)`", line)}
    assert named == {f.name for f in dataclasses.fields(Parts)}


def test_what_a_cuckoo_game_s_book_defines_is_what_kille_s_does() -> None:
    """The names the checklist says book.py defines, as Kille's book.py (its model) does."""
    part = DOC[DOC.index("**A cuckoo game** needs only"):DOC.index("and `__init__.py`:")]
    names = set(re.findall(r"`([A-Z][A-Z_]+)\b", part))
    assert {"SOURCE", "PRESETS", "WORDS", "BOOK", "CALLS", "TABLE_WORDS"} <= names
    ledgers = {"STAKE", "LIVES", "COUNTERS", "STROKES"}
    assert sorted(n for n in names - ledgers if not hasattr(kille_book, n)) == []


def test_the_registration_shown_is_the_one_the_registry_reads() -> None:
    """The three lines of a cuckoo game's __init__.py make Kille's description, and the
    registry lists it, Gnav first."""
    shown = re.search(r"```python\n(.*?)```", DOC, re.DOTALL)
    assert shown is not None
    assert "GAME = family_game(book.BOOK, book)" in shown.group(1)
    assert "GAME = family_game(book.BOOK, book)" in (
        REPO / "companion" / "engine" / "kille" / "__init__.py").read_text(encoding="utf-8")
    assert kille.GAME in list(GAMES) and GAMES.first.id == "gnav"
    registry = (REPO / "companion" / "engine" / "registry.py").read_text(encoding="utf-8")
    assert "GAMES: Registry[Description] = Registry(" in registry
