"""Reading gettext .po catalogues and compiling them to .mo bytes, with no tool but Python.

The .po files under companion/locale are the source the translators edit. The app compiles
them in memory when a language is first used, so nothing extra (Babel, msgfmt) is needed at
run time or in an APK build; `tools/i18n.py` uses the same code to extract and merge.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

from .languages import BY_CODE, Language


@dataclass
class Entry:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        """The .mo lookup key: context and id joined by EOT, as GNU gettext does."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return all(s for s in self.msgstr)


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise TypeError(f"not a string: {text}")
    return value


def parse_po(text: str) -> list[Entry]:
    """All entries of a .po file, the header (msgid "") first when present."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    comments: list[str] = []

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
            comments.append(raw)
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
            current = Entry(msgid="", comments=comments)
            comments = []
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


def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU .mo bytes for these entries (untranslated ones left out, so English shows)."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.msgid and not e.translated:
            continue
        key = e.key if e.msgid_plural is None else f"{e.key}\x00{e.msgid_plural}"
        pairs[key.encode()] = "\x00".join(e.msgstr).encode()
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(pairs[k])))
        ids += k + b"\x00"
        strs += pairs[k] + b"\x00"
    n = len(keys)
    start_ids = 7 * 4
    start_strs = start_ids + n * 8
    data_ids = start_strs + n * 8
    data_strs = data_ids + len(ids)
    out = struct.pack("<7I", 0x950412DE, 0, n, start_ids, start_strs, 0, 0)
    for id_off, id_len, _, _ in offsets:
        out += struct.pack("<2I", id_len, data_ids + id_off)
    for _, _, s_off, s_len in offsets:
        out += struct.pack("<2I", s_len, data_strs + s_off)
    return out + ids + strs


def _quote(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t"))
    return f'"{escaped}"'


def write_po(entries: list[Entry]) -> str:
    """Entries as .po text (one line per string; comments kept)."""
    blocks: list[str] = []
    for e in entries:
        lines = list(e.comments)
        if e.msgctxt is not None:
            lines.append(f"msgctxt {_quote(e.msgctxt)}")
        lines.append(f"msgid {_quote(e.msgid)}")
        if e.msgid_plural is not None:
            lines.append(f"msgid_plural {_quote(e.msgid_plural)}")
            for i, s in enumerate(e.msgstr):
                lines.append(f"msgstr[{i}] {_quote(s)}")
        else:
            lines.append(f"msgstr {_quote(e.msgstr[0])}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def read_po(path: Path) -> list[Entry]:
    return parse_po(path.read_text(encoding="utf-8"))


def po_header(lang: str, what: str) -> Entry:
    """The header entry of a catalogue in `lang`; `what` says whose messages it holds."""
    known = BY_CODE.get(lang)
    name = known.english_name if known else lang
    # the template (lang "LANGUAGE") carries the rule most of our languages share
    plural_forms = known.plural_forms if known else Language("", "", "").plural_forms
    return Entry(msgid="", msgstr=[(
        "Project-Id-Version: gnav-companion\n"
        f"Language: {lang}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {plural_forms}\n"
    )], comments=[f"# {name} translation of {what}."])


def merge_po(pot: list[Entry], path: Path, lang: str, what: str) -> tuple[int, int]:
    """Rewrites the catalogue at `path` to hold exactly the template's messages: known
    translations kept, new messages added empty, messages no longer used dropped. Returns how
    many messages it holds and how many lack a translation."""
    old = {e.key: e for e in read_po(path)} if path.exists() else {}
    merged = [po_header(lang, what)]
    for e in pot:
        known = old.get(e.key)
        if known is not None and len(known.msgstr) == len(e.msgstr):
            e = Entry(e.msgid, e.msgctxt, e.msgid_plural, list(known.msgstr), e.comments)
        merged.append(e)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_po(merged), encoding="utf-8")
    return len(merged) - 1, sum(1 for e in merged[1:] if not e.translated)
