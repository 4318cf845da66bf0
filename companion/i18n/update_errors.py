"""Keeps the "errors" catalogues in step with the engine's and the store's messages.

    python -m companion.i18n.update_errors    # companion/locale/errors.pot from the source,
                                              # then nb and da merged with it (translations
                                              # kept, new messages added empty, unused dropped)
"""

from __future__ import annotations

from . import ERRORS_DOMAIN, LANGUAGES, LOCALE_DIR, po_path
from .catalog import Entry, read_po, write_po
from .extract import all_error_messages

NAMES = {"nb": "Norwegian Bokmål", "da": "Danish"}


def header(lang: str) -> Entry:
    return Entry(msgid="", msgstr=[(
        "Project-Id-Version: gnav-companion\n"
        f"Language: {lang}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"
    )], comments=[(f"# {NAMES.get(lang, lang)} translation of Gnav Companion's engine and "
                   "store messages (the errors domain).")])


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
    (LOCALE_DIR / f"{ERRORS_DOMAIN}.pot").write_text(write_po([header("LANGUAGE"), *pot]),
                                                      encoding="utf-8")
    report: list[str] = []
    for lang in LANGUAGES[1:]:
        path = po_path(lang, ERRORS_DOMAIN)
        old = {e.key: e for e in read_po(path)} if path.exists() else {}
        merged = [header(lang)]
        for e in pot:
            known = old.get(e.key)
            if known is not None and len(known.msgstr) == len(e.msgstr):
                e = Entry(e.msgid, e.msgctxt, e.msgid_plural, list(known.msgstr), e.comments)
            merged.append(e)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(write_po(merged), encoding="utf-8")
        missing = sum(1 for e in merged[1:] if not e.translated)
        report.append(f"{path.name} ({lang}): {len(merged) - 1} messages, {missing} untranslated")
    return report


if __name__ == "__main__":
    print("\n".join(update()))
