"""Finding the messages in the source: every `_()`, `_n()`, `_p()`, `N_()` and `Np_()` call.

Used by `tools/i18n.py` to write the catalogues and by the tests to check that every message
the code can show has a translation in every language.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES: tuple[Path, ...] = (PACKAGE / "views", PACKAGE / "views" / "gofish",
                             PACKAGE / "views" / "shell", PACKAGE / "views" / "cuckoo",
                             PACKAGE / "narrate", PACKAGE / "app.py",
                             PACKAGE / "deck" / "pdf.py", PACKAGE / "engine" / "books")


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


# --- the engine's and the store's messages (the "errors" domain) -----------------------------

ERROR_SOURCES: tuple[Path, ...] = (PACKAGE / "engine", PACKAGE / "core", PACKAGE / "store",
                                   PACKAGE / "games" / "gwra_pyskessa")
# A call of one of these makes a message from the template in the given argument.
ERROR_CALLS: dict[str, int] = {"Text": 0, "GnavError": 0, "StoreError": 0, "JournalError": 1,
                               "N_": 0}


@dataclass(frozen=True)
class ErrorMessage:
    """A template of the engine or the store. `formatted`: filled in with str.format at some
    place (a template used without values stands as written, braces and all)."""

    msgid: str
    msgid_plural: str | None = None
    formatted: bool = False


def _call_of(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if (isinstance(func, ast.Attribute) and func.attr == "n" and isinstance(func.value, ast.Name)
            and func.value.id == "Text"):
        return "Text.n"
    return None


def error_messages_in(source: str, filename: str = "<source>") -> list[tuple[ErrorMessage, int]]:
    """The templates made in one engine or store module; an f-string or a string built with +
    in their place is an error (it could never be translated)."""
    out: list[tuple[ErrorMessage, int]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _call_of(node.func)
        where = f"{filename}:{node.lineno}"
        if name == "Text.n":
            if len(node.args) < 3 or _text(node.args[0]) is None or _text(node.args[1]) is None:
                raise ValueError(f"{where}: Text.n() needs two string literals and a number")
            out.append((ErrorMessage(_text(node.args[0]) or "", _text(node.args[1]), True),
                        node.lineno))
            continue
        if name not in ERROR_CALLS:
            continue
        index = ERROR_CALLS[name]
        if len(node.args) <= index:
            continue
        arg = node.args[index]
        if isinstance(arg, (ast.JoinedStr, ast.BinOp)):
            raise ValueError(  # noqa: TRY004 - a bad message, as for the views' _()
                f"{where}: {name}() is given a string built in place; write a template with "
                "named values instead")
        literal = _text(arg)
        if literal is None:
            continue  # a Text or a template marked with N_ where it was written
        values = any(k.arg is not None for k in node.keywords) or any(
            k.arg is None for k in node.keywords)
        if name == "N_":
            # marked apart from its use: formatted when it names a field
            values = _has_fields(literal)
        out.append((ErrorMessage(literal, None, values), node.lineno))
    return out


def _has_fields(text: str) -> bool:
    import string
    try:
        return any(f for _, f, _, _ in string.Formatter().parse(text))
    except ValueError:
        return False


def error_source_files() -> list[Path]:
    return [p for src in ERROR_SOURCES for p in sorted(src.glob("*.py"))]


def all_error_messages() -> dict[str, tuple[ErrorMessage, list[str]]]:
    """Every template of the engine and the store, with where each is made, in first-use order.
    A template made with values at one place and without at another counts as formatted."""
    found: dict[str, tuple[ErrorMessage, list[str]]] = {}
    for path in error_source_files():
        rel = path.relative_to(PACKAGE.parent).as_posix()
        for msg, line in error_messages_in(path.read_text(encoding="utf-8"), rel):
            if msg.msgid in found:
                old, where = found[msg.msgid]
                if msg.formatted and not old.formatted:
                    found[msg.msgid] = (msg, where)
                where.append(f"{rel}:{line}")
            else:
                found[msg.msgid] = (msg, [f"{rel}:{line}"])
    return found
