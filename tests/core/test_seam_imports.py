"""Issue 13, item 2: store, board, salvage, cli and app are typed on the seam and name no Gnav
class. What they import from companion.engine is read from their source (not run); the
registry is game-agnostic (and companion.core, the floor, is not the engine), anything else
is Gnav's."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
ON_THE_SEAM = sorted([
    *(COMPANION / "store").glob("*.py"), *(COMPANION / "board").glob("*.py"),
    COMPANION / "cli.py", COMPANION / "app.py", COMPANION / "server.py",
])
# Text and errors, and the framing of JSON lines: every game's journal has them.
AGNOSTIC = {
    "companion.engine": {"GnavError", "JournalError", "Text"},
    # the registry: any game's kind by its header, and replay through it
    "companion.engine.registry": {"GAMES", "kind_named", "parse_header", "replay_until_bad",
                                  "replay_state"},
    # what a game's description holds beside the floor's: its narration and teaching
    "companion.engine.describe": {"Description"},
}
# Today's exceptions: this list may only shrink.
EXCEPTIONS: dict[str, set[str]] = {}


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


def test_the_check_sees_a_gnav_import_and_lets_the_registry_through() -> None:
    source = ("from companion.engine import TableState, GnavError\n"
              "import companion.engine.state\n"
              "from ..engine.registry import kind_named, GNAV\n")
    assert gnav_imports(source) == {"companion.engine.TableState", "companion.engine.state",
                                    "companion.engine.registry.GNAV"}


# Imported with Flet made unimportable, as where the boards and `print-deck` run without it.
WITHOUT_FLET = """
import importlib, pkgutil, sys
sys.modules["flet"] = None  # `import flet` now raises ImportError
import companion.engine, companion.narrate
names = [m.name for package in (companion.narrate, companion.engine)
         for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in [*names, "companion.board", "companion.board.web", "companion.deck"]:
    importlib.import_module(name)
print(len(names))
"""


def test_the_narration_and_the_boards_need_no_flet() -> None:
    """Issue 13, item 6: the sentences live in companion.narrate and in each game's package
    (companion/engine/<game>/), which import no Flet (nor does anything they import), so the
    boards and the deck that tell them need none either."""
    done = subprocess.run([sys.executable, "-c", WITHOUT_FLET], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 20  # every game's package and the narration: the check saw them


def test_no_narration_is_left_in_the_views() -> None:
    # every views module is a screen (imports Flet) but gnav, the views' one narrowing to
    # Gnav's state, parts, the shape of a game's screens, and gnav_pages, Gnav's screens named
    # together; the quiz's questions are each game's (companion/engine/<game>/quiz.py)
    flet_free = sorted(p.name for p in (COMPANION / "views").glob("*.py")
                       if p.name != "__init__.py" and "import flet" not in p.read_text("utf-8"))
    assert flet_free == ["gnav.py", "gnav_pages.py", "parts.py"]
