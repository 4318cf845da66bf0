"""Issue 13, item 2: store, board, salvage, cli and app are typed on the seam and name no Gnav
class. What they import from companion.engine is read from their source (not run); the
engine's errors and journal framing are game-agnostic, anything else is Gnav's."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
ON_THE_SEAM = sorted([
    *(COMPANION / "store").glob("*.py"), *(COMPANION / "board").glob("*.py"),
    COMPANION / "cli.py", COMPANION / "app.py", COMPANION / "server.py",
])
# Text and errors, and the framing of JSON lines: every game's journal has them.
AGNOSTIC = {
    "companion.engine.errors": {"GnavError", "JournalError", "Text", "N_", "as_text", "quoted"},
    "companion.engine.journal": {"decode_line", "split_lines", "count_lines", "encode"},
    "companion.engine": {"GnavError", "JournalError", "Text"},
}
# Today's exceptions: this list may only shrink.
EXCEPTIONS = {
    # the board this build draws is Gnav's (the views' words); one per kind later
    "board/render.py": {"companion.engine.TableState", "companion.engine.rules.PRESETS"},
    # creating and importing a game still goes through Gnav's header and journal reader
    "store/store.py": {
        "companion.engine.Table", "companion.engine.header_json", "companion.engine.parse_header",
        "companion.engine.journal_version_for",
        "companion.engine.journal.event_line", "companion.engine.journal.header_line",
        "companion.engine.journal.replay_until_bad",
    },
}


def gnav_imports(source: str) -> set[str]:
    """Each name imported from companion.engine that is not on the seam, as module.name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("companion.engine")}
        elif isinstance(node, ast.ImportFrom):
            # a relative import reaches the engine only from a level above the package
            module = ("companion." if node.level else "") + (node.module or "")
            if module == "companion.engine" or module.startswith("companion.engine."):
                allowed = AGNOSTIC.get(module, set())
                found |= {f"{module}.{a.name}" for a in node.names if a.name not in allowed}
    return found


def _imports(name: str) -> set[str]:
    return gnav_imports((COMPANION / name).read_text(encoding="utf-8"))


def test_store_board_cli_and_app_import_nothing_gnav_but_the_listed_exceptions() -> None:
    wrong = {}
    for path in ON_THE_SEAM:
        name = path.relative_to(COMPANION).as_posix()
        extra = _imports(name) - EXCEPTIONS.get(name, set())
        if extra:
            wrong[name] = sorted(extra)
    assert wrong == {}


def test_the_exceptions_are_still_needed() -> None:
    # an exception no longer used is struck from the list, so that it only shrinks
    stale = {name: sorted(names - _imports(name))
             for name, names in EXCEPTIONS.items() if names - _imports(name)}
    assert stale == {}


def test_the_check_sees_a_gnav_import_and_lets_errors_through() -> None:
    source = ("from companion.engine import TableState, GnavError\n"
              "import companion.engine.state\n"
              "from ..engine.journal import decode_line, replay\n")
    assert gnav_imports(source) == {"companion.engine.TableState", "companion.engine.state",
                                    "companion.engine.journal.replay"}
