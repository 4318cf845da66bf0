"""Issue 13's ratchet: no piece name of a pack appears in code outside the rule data.

A piece name in code (a string to compare with, an identifier such as `cat_reverses`) is a rule
the engine or a screen knows by heart instead of reading it from the pack and the rule book, and
that the next game of the cuckoo family would have to copy. Today's offenders are listed in
ALLOWED with the names each still spells; the list may only shrink: the test fails when a file
names a piece it is not listed for, and also when a listed file no longer does (then strike it).

What counts: string values (not docstrings, not comments) and identifiers of the `companion`
package, split into words (`cat_reverses` -> cat, reverses); a word is a piece name when it is
one of the pack's picture names (and the low pieces pot, owl, fool), in English as the pack
spells them or in Norwegian or Danish as gnav.md's pack table does, or its plural. Left out:
the numerals, which are everywhere; "house", which is also the journal's key and the word for
house rules (a house rule is not a piece); "pot", which is also gettext's template (`.pot`). The
other names catch any code that branches on the pack.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.engine import GNAV_PACK

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"

# The rule data: the files where the pack and the rule books are spelled out, and the pack's
# pictures (one drawing keyed by each piece: the app's SVGs and the printed deck's come from it).
RULE_DATA = frozenset({
    "companion/engine/pieces.py",
    "companion/engine/rules.py",
    "companion/engine/books/gnav.py",
    "companion/engine/books/kille.py",
    "companion/engine/books/cuccu.py",
    "companion/engine/books/slabberjan.py",
    "companion/engine/books/vogelspiel.py",
    "companion/deck/pictures.py",
})

# Today's offenders (issue 13) and the piece names each still spells: may only shrink, and is
# empty. The engine names no piece (the journal's own field names are spared, below); the
# screens' and lessons' sentences take a piece's name as a placeholder in the form the sentence
# needs (books/forms.py), and ask the rule book for the piece of a role (Rulebook.pair_piece,
# an effect's kind) instead of spelling it. The mechanism stays: a file that names a piece
# fails the first test.
ALLOWED: dict[str, frozenset[str]] = {}

# gnav.md, "The pack": the Norwegian (damm) and Danish names, definite as the table gives them.
NORWEGIAN_DANISH = (
    "gauken", "gøgen", "dragonen", "katten", "hesten", "potta", "potten", "ugla", "uglen",
    "narren",
)
NOT_SEARCHED = frozenset({"house", "pot"})
# The public names that spell a piece and keep their spelling (docs/journal.md, versions 1 and 2:
# the header's house fields; the replay's keys of a settled round, golden since v1): code that
# reads or writes them names the journal's field, not the piece, so they are taken out of a
# string or an identifier before its words are searched. Nothing else is.
SPEC_FIELDS = ("two_fools_sit_out", "fool_scoring", "cat_reverses", "fool_query", "fool_takes",
               "two_fools")
SPEC_FIELD = re.compile(r"(?<!\w)(?:" + "|".join(SPEC_FIELDS) + r")(?!\w)")
# The other games of the family (kille.md, cuccu.md, slabberjan.md, vogelspiel.md, "The pack"):
# their pictures whose English names are not also everyday words of the code (inn, mask, face,
# blank, glass and the numerals are left out for that reason).
FAMILY_PIECES = (
    "harlequin", "hussar", "pig", "cavalier", "wreath", "flowerpot", "hunter", "nulla", "bucket",
    "lion", "rider", "bird", "guard", "tavern", "plate", "sausages", "witch",
)


def piece_words() -> frozenset[str]:
    english = [name for name in GNAV_PACK.names if not name.isdigit()]
    words = [w for w in (*english, *NORWEGIAN_DANISH, *FAMILY_PIECES) if w not in NOT_SEARCHED]
    return frozenset(w.casefold() for name in words for w in (name, name + "s", name + "es"))


WORD = re.compile(r"[^\W\d_]+")


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def names_in(source: str, filename: str, words: frozenset[str]) -> list[str]:
    """Each piece name in `source`'s strings and identifiers, as "line: word"."""
    tree = ast.parse(source, filename)
    skip = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            texts = [node.value]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts = [node.name]
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            texts = [node.arg]
        for text in texts:
            for word in WORD.findall(SPEC_FIELD.sub(" ", text)):
                if word.casefold() in words:
                    found.append(f"{getattr(node, 'lineno', 0)}: {word}")
    return found


def offenders() -> dict[str, list[str]]:
    words = piece_words()
    out: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in RULE_DATA:
            continue
        found = names_in(path.read_text(encoding="utf-8"), rel, words)
        if found:
            out[rel] = found
    return out


def _words(hits: list[str]) -> frozenset[str]:
    return frozenset(hit.split(": ", 1)[1].casefold() for hit in hits)


def test_no_piece_name_outside_the_rule_data_but_todays_offenders() -> None:
    found = offenders()
    new = {f: sorted(_words(hits) - ALLOWED.get(f, frozenset()))
           for f, hits in found.items()}
    new = {f: words for f, words in new.items() if words}
    assert not new, f"piece names outside the rule data (read them from the pack): {new}"


def test_the_allow_list_only_shrinks() -> None:
    found = offenders()
    mended = {f: sorted(allowed - _words(found.get(f, [])))
              for f, allowed in ALLOWED.items()}
    mended = {f: words for f, words in mended.items() if words}
    assert not mended, f"no longer named, strike them from ALLOWED: {mended}"


def test_the_search_finds_what_it_should() -> None:
    words = piece_words()
    source = 'def f(cat_blocks: bool) -> str:\n    """The cuckoo."""\n    return "fool"\n'
    assert names_in(source, "x.py", words) == ["1: cat", "3: fool"]
    assert names_in('x = "House rules" + "gøgen"\n', "x.py", words) == ["1: gøgen"]
    assert "fools" in words and "12" not in words


def test_only_the_journals_own_field_names_are_spared() -> None:
    words = piece_words()
    source = ('if rules.two_fools_sit_out and s.fool_takes:\n'
              '    say("({rules}, fool_query off)")\n'
              'two_fools_x = s.fool + "two_fools"\n')
    assert names_in(source, "x.py", words) == ["3: fools", "3: fool"]
