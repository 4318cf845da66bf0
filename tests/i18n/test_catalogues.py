"""Every message the app can show exists in every language, and no view shows a string that
bypasses the translation function (issue 4, item 1 and its tests)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES, LOCALE_DIR, Tr, po_path, translations
from companion.i18n.catalog import Entry, compile_mo, parse_po, read_po, write_po
from companion.i18n.extract import PACKAGE, all_messages, messages_in, source_files

OTHER = [lang for lang in LANGUAGES if lang != "en"]
# Controls and helpers whose text a person reads or a screen reader speaks.
VISIBLE_CALLS = {
    "Text", "Button", "TextButton", "OutlinedButton", "FilledButton", "FilledTonalButton",
    "ElevatedButton", "IconButton", "Radio", "Checkbox", "Switch", "TextField", "AlertDialog",
    "AppBar", "Semantics", "Tooltip", "SnackBar", "Chip", "PopupMenuItem", "View",
    "button", "big_button", "body", "heading", "labelled", "icon_button", "error_text",
}
VISIBLE_KEYWORDS = {
    "label", "tooltip", "text", "value", "hint_text", "helper_text", "title", "content",
    "semantics_label", "error_text", "prefix_text", "suffix_text",
}
LETTER = re.compile(r"[^\W\d_]", re.UNICODE)


def _has_words(node: ast.expr) -> bool:
    """A literal (or f-string, or + of strings) that carries words of its own."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(LETTER.search(node.value))
    if isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values
                 if isinstance(v, ast.Constant) and isinstance(v.value, str)]
        if any("/" in p for p in parts) and not any(c.isspace() for p in parts for c in p):
            return False  # a path or route such as f"pieces/{name}.svg", never shown
        return any(LETTER.search(p) for p in parts)
    if isinstance(node, ast.BinOp):
        return _has_words(node.left) or _has_words(node.right)
    if isinstance(node, ast.IfExp):
        return _has_words(node.body) or _has_words(node.orelse)
    return False


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def untranslated(source: str, filename: str) -> list[str]:
    """Where a view hands a control words that did not come through `_`, `_n` or `_p`."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call) and _call_name(node) in VISIBLE_CALLS:
            # a Radio's or Switch's value is a key, not words: only a Text shows its value
            shown = VISIBLE_KEYWORDS - ({"value"} if _call_name(node) != "Text" else set())
            args = [*node.args, *(k.value for k in node.keywords if k.arg in shown)]
            found += [f"{filename}:{a.lineno}: {ast.unparse(a)}" for a in args if _has_words(a)]
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if (isinstance(target, ast.Attribute) and target.attr in VISIBLE_KEYWORDS
                        and _has_words(node.value)):
                    found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Return) and node.value is not None and _has_words(node.value) or (isinstance(node, ast.Call) and _call_name(node) == "append" and node.args
              and _has_words(node.args[0])) or isinstance(node, (ast.List, ast.Tuple)) and any(
                isinstance(e, ast.JoinedStr) and _has_words(e) for e in node.elts):
            found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_view_shows_a_string_that_skips_translation() -> None:
    problems: list[str] = []
    for path in source_files():
        problems += untranslated(path.read_text(encoding="utf-8"),
                                 path.relative_to(PACKAGE.parent).as_posix())
    assert problems == []


def test_the_scan_catches_each_way_a_string_can_slip_through() -> None:
    bad = '''
ft.Text("Stand")
button(f"{name} stands", go)
ft.Radio(value="x", label="Counters")
box.tooltip = "Dealer"
def f(): return "Nobody pays."
out.append("Two fools")
lines = [f"Undid: {x}"]
'''
    assert len(untranslated(bad, "bad.py")) == 7
    good = '''
ft.Text(_("Stand"))
button(_("{name} stands", name=name), go)
ft.Radio(value="counters", label=_("Counters"))
ft.Semantics(identifier="banner", content=x)
ft.Text(f"{i + 1}.")
ft.Image(src=f"pieces/{name}.svg")
'''
    assert untranslated(good, "good.py") == []


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", OTHER)
def test_every_message_has_a_translation_with_the_same_fields(lang: str) -> None:
    entries = {(e.msgctxt, e.msgid): e for e in read_po(po_path(lang))}
    missing, wrong = [], []
    for key, (msg, where) in all_messages().items():
        entry = entries.get(key)
        if entry is None or not entry.translated:
            missing.append(f"{msg.msgid!r} ({where[0]})")
            continue
        wanted = _fields(msg.msgid) | _fields(msg.msgid_plural or "")
        for form in entry.msgstr:
            # a singular form may leave out {count} ("one counter"); no form may invent a field
            if not _fields(form) <= wanted | {"count"} or (
                    _fields(form) | {"count"} < wanted - {"count"} | {"count"}):
                wrong.append(f"{msg.msgid!r} -> {form!r}")
    assert missing == []
    assert wrong == []


def test_catalogues_hold_only_messages_the_code_uses() -> None:
    used = set(all_messages())
    for lang in OTHER:
        held = {(e.msgctxt, e.msgid) for e in read_po(po_path(lang)) if e.msgid}
        assert held == used, f"{lang}: run python tools/i18n.py update"
    template = {(e.msgctxt, e.msgid) for e in read_po(LOCALE_DIR / "companion.pot") if e.msgid}
    assert template == used


@pytest.mark.parametrize("lang", OTHER)
def test_plural_forms_follow_the_number(lang: str) -> None:
    tr = Tr(lang)
    one, many = tr.n("{count} counter", "{count} counters", 1), tr.n(
        "{count} counter", "{count} counters", 3)
    assert one.startswith("1 ") and many.startswith("3 ") and one[2:] != many[2:]


def test_po_reader_and_mo_writer_agree_with_gettext() -> None:
    entries = parse_po('''
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

# a comment
msgctxt "piece"
msgid "Cat"
msgstr "Katt"

msgid "{count} counter"
msgid_plural "{count} counters"
msgstr[0] "{count} jetong"
msgstr[1] "{count} jetonger"

msgid "Untranslated"
msgstr ""
''')
    assert [e.msgid for e in entries] == ["", "Cat", "{count} counter", "Untranslated"]
    import gettext
    import io
    t = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    assert t.pgettext("piece", "Cat") == "Katt"
    assert t.gettext("Cat") == "Cat"
    assert t.ngettext("{count} counter", "{count} counters", 2) == "{count} jetonger"
    assert t.gettext("Untranslated") == "Untranslated"
    again = parse_po(write_po(entries))
    assert [(e.msgctxt, e.msgid, e.msgstr) for e in again] == [
        (e.msgctxt, e.msgid, e.msgstr) for e in entries]


def test_extraction_refuses_a_message_it_cannot_read() -> None:
    with pytest.raises(ValueError):
        messages_in('_n(f"{x} counter", "counters", 2)', "bad.py")
    assert [m.msgid for m, _ in messages_in('_("Stand")\nN_("Cat")', "ok.py")] == ["Stand", "Cat"]


def test_every_language_loads() -> None:
    for lang in LANGUAGES:
        assert translations(lang) is not None
    assert Tr("xx").lang == "en"


def test_entry_key_matches_gettext_context_join() -> None:
    assert Entry("Cat", msgctxt="piece").key == "piece\x04Cat"
    assert Path(po_path("nb")).name == "companion.po"
