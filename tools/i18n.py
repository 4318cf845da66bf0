"""Keeps the gettext catalogues in step with the code.

    python tools/i18n.py update     # companion/locale/companion.pot from the source, then
                                    # every language merged with it (translations kept, new messages
                                    # added empty, messages no longer used dropped)
    python tools/i18n.py check      # exit 1 listing every message without a translation

The app reads the .po files directly (companion.i18n compiles them in memory).
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.i18n import LANGUAGES, LOCALE_DIR, po_path
from companion.i18n.catalog import Entry, merge_po, po_header, read_po, write_po
from companion.i18n.extract import all_messages


def template() -> list[Entry]:
    out = []
    for msg, where in all_messages().values():
        out.append(Entry(msgid=msg.msgid, msgctxt=msg.msgctxt, msgid_plural=msg.msgid_plural,
                         msgstr=["", ""] if msg.msgid_plural else [""],
                         comments=[f"#: {' '.join(where[:4])}"]))
    return out


def update() -> None:
    pot = template()
    what = "Gnav Companion"
    (LOCALE_DIR / "companion.pot").write_text(write_po([po_header("LANGUAGE", what), *pot]),
                                              encoding="utf-8")
    for lang in LANGUAGES[1:]:
        path = po_path(lang)
        count, missing = merge_po(pot, path, lang, what)
        print(f"{path.relative_to(REPO)}: {count} messages, {missing} untranslated")


def check() -> int:
    bad = 0
    for lang in LANGUAGES[1:]:
        entries = {e.key: e for e in read_po(po_path(lang))}
        for msg, where in all_messages().values():
            key = msg.msgid if msg.msgctxt is None else f"{msg.msgctxt}\x04{msg.msgid}"
            if key not in entries or not entries[key].translated:
                print(f"{lang}: untranslated {msg.msgid!r} ({where[0]})")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    else:
        sys.exit(check())
