"""The rule books' words are rule data (issue 13, item 4; issue 17's Danish calls).

Quotes docs/rules/gnav.md: "The pack" (the Danish column of piece names) and "The calls"
(the DA1917 (Danish) column).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.engine import DEFAULT_RULES, PRESETS, GnavError
from companion.engine.books import gnav


def test_da1917_calls_are_gnav_md_danish_column() -> None:
    # gnav.md, "The calls", DA1917 (Danish): | cuckoo | «Stå for gøgen!» ("stand for the
    # cuckoo") | dragoon | «Hug af!» ("chop off") | cat | «Kis! Kis!» ("puss, puss") | horse |
    # «Hest forbi!» ("horse, pass by") | house | «Hus forbi!» ("house, pass by"); stand and
    # ask to swap: "(not said)".
    assert dict(gnav.DA1917.calls) == {
        "cuckoo": "«Stå for gøgen!»", "dragoon": "«Hug af!»", "cat": "«Kis! Kis!»",
        "horse": "«Hest forbi!»", "house": "«Hus forbi!»"}
    assert gnav.native_call("da", "stand") is None
    assert gnav.native_call("da", "cat") == ("DA1917", "«Kis! Kis!»")
    assert gnav.native_call("nb", "cat") is None


def test_danish_piece_names_are_gnav_md_pack_table() -> None:
    # gnav.md, "The pack", Danish column: gøgen, dragonen, katten, hesten, huset, potten,
    # uglen, narren.
    danish = [gnav.piece_names(p).da for p in
              ("cuckoo", "dragoon", "cat", "horse", "house", "pot", "owl", "fool")]
    assert danish == ["gøgen", "dragonen", "katten", "hesten", "huset", "potten", "uglen",
                      "narren"]
    assert gnav.piece_names("7") == gnav.PieceNames("tallbrikke 7", "7", "7")


def test_every_rule_book_has_its_words() -> None:
    assert set(gnav.GNAV_WORDS) == set(PRESETS)
    for name in PRESETS:
        assert gnav.words(name).rules == name


def test_a_rule_book_without_words_is_an_error_at_import() -> None:
    books = {**PRESETS, "kortgnav": PRESETS[DEFAULT_RULES]}
    with pytest.raises(ValueError, match="kortgnav"):
        gnav.check_every_book_has_words(books, gnav.GNAV_WORDS)
    with pytest.raises(ValueError, match="every call"):
        gnav.BookWords("x", calls={"stand": "«Står»"}, glosses={}, source="", summary="")


def test_no_silent_fallback_to_damm_for_an_unknown_rule_book() -> None:
    with pytest.raises(GnavError, match="not a rule book"):
        gnav.words("kortgnav")


def _damm_literals() -> dict[str, int]:
    package = Path(__file__).resolve().parents[2] / "companion"
    out: dict[str, int] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)
        n = sum(1 for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and node.value == "damm")
        if n:
            out[rel] = n
    return out


def test_the_default_rule_book_is_named_once() -> None:
    # issue 13, item 4: "the default rule book is named once" (DEFAULT_RULES). "damm" stays
    # only in the rule data and where it is the value of fool_scoring (gnav.md, "Rule book
    # fields": `fool_scoring` | `"damm"` | `"drags_next"`), which is not the default book.
    reasons = {
        "companion/engine/rules.py": "the preset, its fool_scoring and DEFAULT_RULES",
        "companion/engine/books/gnav.py": "the preset's words and the fool_scoring choice",
        "companion/narrate/teach.py": "book.fool_scoring == 'damm' (singled_out_words)",
    }
    found = _damm_literals()
    assert set(found) <= set(reasons), {f: n for f, n in found.items() if f not in reasons}
    assert found["companion/narrate/teach.py"] == 1
