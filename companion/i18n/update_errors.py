"""Keeps the "errors" catalogues in step with the engine's and the store's messages.

    python -m companion.i18n.update_errors    # companion/locale/errors.pot from the source,
                                              # then every language merged with it (translations
                                              # kept, new messages added empty, unused dropped)
"""

from __future__ import annotations

from . import ERRORS_DOMAIN, LANGUAGES, LOCALE_DIR, po_path
from .catalog import Entry, merge_po, po_header, write_po
from .extract import all_error_messages


def template() -> list[Entry]:
    out: list[Entry] = []
    for msg, where in all_error_messages().values():
        flag = [] if msg.formatted else ["#, no-format (shown as written: braces are literal)"]
        out.append(Entry(msgid=msg.msgid, msgid_plural=msg.msgid_plural,
                         msgstr=["", ""] if msg.msgid_plural else [""],
                         comments=[f"#: {' '.join(where[:4])}", *flag]))
    return out


def update() -> list[str]:
    """Writes the template and merges every language; returns one line per catalogue."""
    pot = template()
    what = "Gnav Companion's engine and store messages (the errors domain)"
    (LOCALE_DIR / f"{ERRORS_DOMAIN}.pot").write_text(
        write_po([po_header("LANGUAGE", what), *pot]), encoding="utf-8")
    report: list[str] = []
    for lang in LANGUAGES[1:]:
        path = po_path(lang, ERRORS_DOMAIN)
        count, missing = merge_po(pot, path, lang, what)
        report.append(f"{path.name} ({lang}): {count} messages, {missing} untranslated")
    return report


if __name__ == "__main__":
    print("\n".join(update()))
