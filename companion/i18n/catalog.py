"""Reading a gettext .po catalogue into the translations the app looks messages up in, with no
tool but Python.

The .po files under companion/locale are the source the translators edit, and the app reads
them as they are when a language is first used, so nothing is compiled at build time and
nothing but the standard library runs on the tablet. Writing and merging them is development
work, done with Babel by tools/i18n.py; tests/i18n proves that this reading and Babel's agree
on every catalogue.
"""

from __future__ import annotations

import ast
import gettext
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Entry:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        """The lookup key: context and id joined by EOT, as GNU gettext does."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        """Translated in every form and reviewed: a fuzzy entry is a suggestion only, and the
        English shows until someone who speaks the language has read it."""
        return all(s for s in self.msgstr) and "fuzzy" not in self.flags


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise TypeError(f"not a string: {text}")
    return value


def parse_po(text: str) -> list[Entry]:
    """All entries of a .po file, the header (msgid "") first when present; the flags of a
    "#," line are kept, other comments (and "#~" entries no longer used) are not."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    flags: set[str] = set()

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and target is not None and target[0] == "msgstr":
                finish()
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"a string outside an entry: {raw}")
            name, index = target
            piece = _unquote(line)
            if name == "msgstr":
                current.msgstr[index] += piece
            else:
                setattr(current, name, (getattr(current, name) or "") + piece)
            continue
        if keyword == "msgctxt" or (keyword == "msgid" and (
                current is None or target is None or target[0] == "msgstr")):
            finish()
            current = Entry(msgid="", flags=flags)
            flags = set()
        if current is None:
            raise ValueError(f"a keyword outside an entry: {raw}")
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            setattr(current, keyword, _unquote(rest))
            target = (keyword, 0)
        elif keyword == "msgstr":
            current.msgstr = [_unquote(rest)]
            target = ("msgstr", 0)
        elif keyword.startswith("msgstr["):
            index = int(keyword[7:-1])
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = _unquote(rest)
            target = ("msgstr", index)
        else:
            raise ValueError(f"unknown line in a .po file: {raw}")
    finish()
    return entries


def read_po(path: Path) -> list[Entry]:
    return parse_po(path.read_text(encoding="utf-8"))


def plural_rule(entries: list[Entry]) -> str:
    """The C expression of the header's Plural-Forms ("n != 1" when there is none)."""
    for e in entries:
        if e.msgid == "" and e.msgctxt is None:
            for line in e.msgstr[0].splitlines():
                name, _, value = line.partition(":")
                if name.strip().lower() == "plural-forms":
                    for part in value.split(";"):
                        key, _, expr = part.partition("=")
                        if key.strip() == "plural":
                            return expr.strip()
    return "n != 1"


class Catalogue(gettext.GNUTranslations):
    """The translations of one catalogue, as GNUTranslations holds them once it has read a .mo
    file: each reviewed translation under its key, a plural's forms under (key, form). An
    untranslated or fuzzy entry is left out, so its English shows."""

    def __init__(self, entries: list[Entry]) -> None:
        super().__init__()
        self._charset = "utf-8"
        self.plural = gettext.c2py(plural_rule(entries))
        catalog: dict[str | tuple[str, int], str] = {}
        for e in entries:
            if not e.msgid or not e.translated:
                continue
            if e.msgid_plural is None:
                catalog[e.key] = e.msgstr[0]
            else:
                for form, text in enumerate(e.msgstr):
                    catalog[(e.key, form)] = text
        self._catalog = catalog
