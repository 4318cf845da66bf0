"""Finding the messages in the source: every `_()`, `_n()`, `_p()`, `N_()` and `Np_()` call.

Used by `tools/i18n.py` to write the catalogues and by the tests to check that every message
the code can show has a translation in every language.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES: tuple[Path, ...] = (PACKAGE / "views", PACKAGE / "app.py")


@dataclass(frozen=True)
class Message:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.msgctxt, self.msgid)


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return None


def messages_in(source: str, filename: str = "<source>") -> list[tuple[Message, int]]:
    """Messages in one module, with their line numbers; a non-literal message is an error."""
    out: list[tuple[Message, int]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in ("_", "N_", "_n", "_p", "Np_"):
            continue
        args = [_text(a) for a in node.args[:3]]
        where = f"{filename}:{node.lineno}"
        if name in ("_", "_p") and node.args and args[-1 if name == "_" else 1] is None \
                and not isinstance(node.args[-1 if name == "_" else 1], ast.JoinedStr):
            # _(PIECE_TITLES[p]): a message marked with N_()/Np_() where it was written
            continue
        if name in ("_", "N_"):
            if not node.args or args[0] is None:
                raise ValueError(f"{where}: {name}() needs a string literal")
            out.append((Message(args[0]), node.lineno))
        elif name == "_n":
            if len(args) < 2 or args[0] is None or args[1] is None:
                raise ValueError(f"{where}: _n() needs two string literals")
            out.append((Message(args[0], msgid_plural=args[1]), node.lineno))
        else:
            if len(args) < 2 or args[0] is None or args[1] is None:
                raise ValueError(f"{where}: {name}() needs a context and a message literal")
            out.append((Message(args[1], msgctxt=args[0]), node.lineno))
    return out


def source_files() -> list[Path]:
    files: list[Path] = []
    for src in SOURCES:
        files += sorted(src.glob("*.py")) if src.is_dir() else [src]
    return files


def all_messages() -> dict[tuple[str | None, str], tuple[Message, list[str]]]:
    """Every message in the app's views, with where each is used, in first-use order."""
    found: dict[tuple[str | None, str], tuple[Message, list[str]]] = {}
    for path in source_files():
        rel = path.relative_to(PACKAGE.parent).as_posix()
        for msg, line in messages_in(path.read_text(encoding="utf-8"), rel):
            if msg.key in found:
                found[msg.key][1].append(f"{rel}:{line}")
            else:
                found[msg.key] = (msg, [f"{rel}:{line}"])
    return found
