"""The project's own documents (docs/, README.md) stand on their own, and say what the code does.

Issue 25: cloned anywhere else, the repository must not point outside itself, and a user who
wants to know which rules the app follows, or what a journal line means, finds it in docs/.
So: no reference to a neighbour folder of the clone or to an absolute path on one machine, in
the code, the README, the documents or the tests; every Markdown file they name is in the
repository; every game has its rules page, whose rule books and fields are the code's, whose
rule points and house defaults are numbered as the page says and as the tests name them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.engine.cuckoo import teach
from companion.engine.cuckoo.family import FamilyKind
from companion.engine.gnav import PRESETS
from companion.engine.registry import GAMES

GAME_IDS = [game.id for game in GAMES]
BOOKS = {game.id: game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind)}

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
SCANNED = ("companion", "docs", "tests")  # and README.md
TEXT_SUFFIXES = {".py", ".md", ".txt", ".json", ".jsonl", ".po", ".pot", ".toml", ".html",
                 ".js", ".css", ".svg", ".cfg", ".ini", ".yaml", ".yml", ".sh", ""}

# Spelled in pieces, so that this file does not name what it looks for.
_NEIGHBOUR = "sha" + "red"
OUTSIDE = re.compile(
    r"\.\./" + _NEIGHBOUR                      # the folder beside the clone
    + r"|(?<![\w./-])" + _NEIGHBOUR + r"/"     # a path into it
    + r"|(?<![\w.~:/-])/(?:" + "work|root|home|tmp" + r")(?![\w-])"  # an absolute path
)
MARKDOWN_NAME = re.compile(r"[\w./-]*[\w-]\.md\b")


def _texts() -> list[tuple[Path, str]]:
    paths = [REPO / "README.md"]
    for folder in SCANNED:
        paths += sorted(p for p in (REPO / folder).rglob("*")
                        if p.is_file() and p.suffix in TEXT_SUFFIXES
                        and "__pycache__" not in p.parts)
    out = []
    for path in paths:
        try:
            out.append((path, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:
            continue  # not text
    return out


TEXTS = _texts()


def _where(path: Path, text: str, index: int) -> str:
    return f"{path.relative_to(REPO)}:{text.count(chr(10), 0, index) + 1}"


def test_nothing_points_outside_the_repository() -> None:
    found = [f"{_where(path, text, m.start())}: {m.group(0)}"
             for path, text in TEXTS for m in OUTSIDE.finditer(text)]
    assert found == []


def test_every_markdown_file_named_is_in_the_repository() -> None:
    """A name with a folder is found from the repository or from the naming file's folder (a
    Markdown link); a bare name ("gnav.md, house default 13") is a file of that name in the
    repository."""
    names = {p.name for p in REPO.rglob("*.md") if ".venv" not in p.parts}
    missing = []
    for path, text in TEXTS:
        for m in MARKDOWN_NAME.finditer(text):
            name = m.group(0).removeprefix("./")
            if "/" in name:
                found = (REPO / name).is_file() or (path.parent / name).is_file()
            else:
                found = name in names
            if not found:
                missing.append(f"{_where(path, text, m.start())}: {name}")
    assert missing == []


def test_every_game_has_its_rules_page() -> None:
    assert sorted(p.stem for p in RULES.glob("*.md")) == sorted(GAME_IDS)


def test_the_sources_a_family_table_shows_are_its_rules_pages_own() -> None:
    """Learn and the Rules card name each rule book's sources as its rules page lists them
    (issue 23, item 14: "Source: docs/rules/kille.md" named a file the referee has never seen):
    every title they quote is in the page, and the data still cites the page."""
    for game, book in BOOKS.items():
        page = (REPO / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        assert book.words.source == f"docs/rules/{game}.md"
        for name in book.presets:
            shown = teach.source(book, name)
            assert ".md" not in shown and "docs/" not in shown
            for title in re.findall(r"«([^»]+)»", shown):
                assert title in page, (game, name, title)


# --- each rules page against the code ------------------------------------------------------


def _section(page: str, title: str) -> str:
    start = page.index(f"\n## {title}")
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else len(page)]


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.splitlines() if line.startswith("|") and "---" not in line]


def _values(cell: str) -> list[Any]:
    """The JSON values written in code font in a cell: `"all"`, `false`, `["rider","bird"]`."""
    return [json.loads(code) for code in re.findall(r"`([^`]+)`", cell)]


def _page(game: str) -> str:
    return (RULES / f"{game}.md").read_text(encoding="utf-8")


def _book_fields(game: str) -> tuple[dict[str, dict[str, Any]], dict[str, Any] | None]:
    """The code's presets (rule book -> field -> value, as a journal writes it) and, for the
    family, each field's allowed values."""
    if game == "gnav":
        presets = {name: {**{k: v for k, v in book.as_json().items() if k != "name"},
                          "fool_query": book.fool_query} for name, book in PRESETS.items()}
        return presets, None
    book = BOOKS[game]
    presets = {name: {k: v for k, v in rule_book.as_json().items() if k != "name"}
               for name, rule_book in book.presets.items()}
    return presets, dict(book.fields)


@pytest.mark.parametrize("game", ["gnav", "kille", "cuccu", "slabberjan", "vogelspiel"])
def test_the_rules_page_gives_each_rule_book_s_fields_as_the_code_has_them(game: str) -> None:
    """"Rule book fields": every field of the game, each rule book's preset value, and the
    allowed values, as the engine reads them."""
    presets, allowed = _book_fields(game)
    header, *rows = _rows(_section(_page(game), "Rule book fields"))
    books = header[2:] if allowed is not None else header[1:]
    assert books == list(presets)
    written: dict[str, dict[str, Any]] = {name: {} for name in books}
    for row in rows:
        field = re.findall(r"`([^`]+)`", row[0])[0]
        cells = row[2:] if allowed is not None else row[1:]
        for name, cell in zip(books, cells):
            [written[name][field]] = _values(cell)
        if allowed is not None:
            given = re.findall(r"`([^`]+)`", row[1])
            choices = allowed[field]
            if hasattr(choices, "items"):  # a list of some of these, each at most once
                assert given == list(choices.items), field
            elif given:
                assert sorted(map(json.dumps, map(json.loads, given))) == sorted(
                    map(json.dumps, choices)), field
            else:
                assert all(f"`{json.dumps(c)}`" in _page(game) for c in choices), field
    assert written == presets


@pytest.mark.parametrize("game", sorted(GAME_IDS))
def test_rule_points_and_house_defaults_are_numbered_as_the_page_says(game: str) -> None:
    """"Rule points are numbered 1 to N"; "The house defaults are numbered 1 to M"."""
    page = _page(game)
    points = [int(row[0]) for row in _rows(_section(page, "Rule points"))[1:]]
    assert points == list(range(1, len(points) + 1))
    assert f"**Rule points** are numbered 1 to {len(points)}" in page
    defaults = [int(n) for n in re.findall(r"^(\d+)\. \*\*", _section(page, "House defaults"),
                                           re.MULTILINE)]
    assert defaults == list(range(1, len(defaults) + 1))
    assert f"are numbered 1 to {len(defaults)}" in " ".join(page.split())


TEST_FILES = {"gnav": ["engine/test_house_defaults.py", "engine/test_rules_fool_query.py"],
              "kille": ["engine/test_rules_kille.py"], "cuccu": ["engine/test_rules_cuccu.py"],
              "slabberjan": ["engine/test_rules_slabberjan.py"],
              "vogelspiel": ["engine/test_rules_vogelspiel.py"],
              "gwra-pyskessa": ["gwra_pyskessa/test_rules.py"]}


@pytest.mark.parametrize("game", sorted(TEST_FILES))
def test_every_house_default_a_rule_test_names_is_on_the_game_s_page(game: str) -> None:
    """A test named `..._house_default_7_...` proves the page's house default 7."""
    defaults = set(re.findall(r"^(\d+)\. \*\*", _section(_page(game), "House defaults"),
                              re.MULTILINE))
    named = {n for name in TEST_FILES[game]
             for n in re.findall(r"^def test_\w*?house_default_(\d+)_",
                                 (REPO / "tests" / name).read_text(encoding="utf-8"),
                                 re.MULTILINE)}
    assert named and named <= defaults
