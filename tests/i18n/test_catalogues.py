"""Every message the app can show exists in every language, and no view shows a string that
bypasses the translation function (issue 4, item 1 and its tests); the catalogues are kept by
Babel at development time and read by the app with no tool but Python (issue 24, item 3)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion.i18n import ERRORS_DOMAIN, LANGUAGES, LOCALE_DIR, Tr, po_path, translations
from companion.i18n.catalog import Entry, parse_po, read_po

from .tool import app_messages, tool

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
    for path in tool.companion_sources():
        problems += untranslated(path.read_text(encoding="utf-8"),
                                 path.relative_to(tool.REPO).as_posix())
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
    for key, msg in app_messages().items():
        ids = [msg.id] if isinstance(msg.id, str) else list(msg.id)
        entry = entries.get(key)
        if entry is None or not entry.translated:
            missing.append(f"{ids[0]!r} ({msg.locations[0][0]})")
            continue
        wanted = set().union(*(_fields(i) for i in ids))
        for form in entry.msgstr:
            # a singular form may leave out {count} ("one counter"); no form may invent a field
            if not _fields(form) <= wanted | {"count"} or (
                    _fields(form) | {"count"} < wanted - {"count"} | {"count"}):
                wrong.append(f"{ids[0]!r} -> {form!r}")
    assert missing == []
    assert wrong == []


def test_catalogues_hold_only_messages_the_code_uses() -> None:
    used = set(app_messages())
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


def test_extraction_refuses_a_message_it_cannot_read() -> None:
    with pytest.raises(ValueError):
        tool.view_messages_in('_n(f"{x} counter", "counters", 2)', "bad.py")
    with pytest.raises(ValueError):
        tool.view_messages_in('_("Bo " + verb)', "bad.py")
    assert tool.view_messages_in('_("Stand")\nN_("Cat")\n_p("piece", "Cat")\n_(TITLES[p])',
                                 "ok.py") == [(None, "Stand"), (None, "Cat"), ("piece", "Cat")]


def test_every_language_loads() -> None:
    for lang in LANGUAGES:
        assert translations(lang) is not None
    assert Tr("xx").lang == "en"


def test_entry_key_matches_gettext_context_join() -> None:
    assert Entry("Cat", msgctxt="piece").key == "piece\x04Cat"
    assert Path(po_path("nb")).name == "companion.po"


# --- issue 24, item 3: Babel keeps the catalogues; the app reads them itself -----------------

CATALOGUES = [(lang, domain) for lang in OTHER for domain in ("companion", ERRORS_DOMAIN)]


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_the_apps_reading_of_each_catalogue_is_babels(lang: str, domain: str) -> None:
    """The app's few lines of .po reading (companion/i18n/catalog.py) and Babel's reader, which
    wrote the file, find the same messages with the same translations; the app shows each
    reviewed one, and the English of a fuzzy one."""
    babel = [m for m in tool.load(po_path(lang, domain), lang) if m.id]
    ours = {e.key: e for e in read_po(po_path(lang, domain)) if e.msgid}
    assert len(babel) == len(ours) > 100
    shown = translations(lang, domain)
    for message in babel:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        key = msgid if message.context is None else f"{message.context}\x04{msgid}"
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert ours[key].msgstr == strings
        assert ours[key].translated == tool.reviewed(message)
        if isinstance(message.id, str):
            expected = strings[0] if tool.reviewed(message) else msgid
            looked_up = (shown.gettext(msgid) if message.context is None
                         else shown.pgettext(message.context, msgid))
            assert looked_up == expected


FUZZY_CATALOGUE = '''
msgid ""
msgstr ""
"Language: nb\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#, fuzzy
#| msgid "{seat} stands."
msgid "{seat} stands still."
msgstr "{seat} står."

msgid "{count} counter"
msgid_plural "{count} counters"
msgstr[0] "{count} sjetong"
msgstr[1] "{count} sjetonger"
'''


def test_a_fuzzy_entry_shows_the_english_until_it_is_reviewed() -> None:
    from companion.i18n.catalog import Catalogue

    entries = parse_po(FUZZY_CATALOGUE)
    assert [e.flags for e in entries] == [set(), {"fuzzy"}, set()]
    shown = Catalogue(entries)
    assert shown.gettext("{seat} stands still.") == "{seat} stands still."
    assert shown.ngettext("{count} counter", "{count} counters", 2) == "{count} sjetonger"
    assert shown.ngettext("{count} counter", "{count} counters", 1) == "{count} sjetong"


def _catalogue(tmp_path: Path, english: str, norwegian: str) -> Path:
    path = tmp_path / "companion.po"
    pot = tool.Catalog(domain="companion")
    pot.add(english, locations=[("companion/views/table.py", None)])
    catalog = tool.merge(pot, path, "nb")
    catalog.get(english).string = norwegian
    tool.dump(catalog, path, "nb", "a test")
    return path


def test_a_reworded_message_keeps_its_old_translation_as_a_fuzzy_suggestion(
        tmp_path: Path) -> None:
    """Issue 24, item 3: "when an English message is reworded, its old translations are kept as
    fuzzy suggestions for review instead of dropped, and a fuzzy entry fails the check"."""
    path = _catalogue(tmp_path, "{seat} has nothing left to pay.",
                      "{seat} har ikke noe igjen å betale med.")
    reworded = tool.Catalog(domain="companion")
    reworded.add("{seat} has nothing left to pay with.",
                 locations=[("companion/views/table.py", None)])
    tool.dump(tool.merge(reworded, path, "nb"), path, "nb", "a test")
    text = path.read_text(encoding="utf-8")
    assert '#, fuzzy, python-brace-format\n#| msgid "{seat} has nothing left to pay."\n' in text
    (entry,) = [e for e in parse_po(text) if e.msgid]
    assert entry.msgstr == ["{seat} har ikke noe igjen å betale med."]
    assert not entry.translated  # the app shows the English meanwhile
    wanted = {(None, "{seat} has nothing left to pay with.")}
    (problem,) = tool.review_problems(tool.load(path, "nb"), wanted, "nb")
    assert "fuzzy" in problem
    # reviewed: the two lines deleted, the check is content
    path.write_text(text.replace('#, fuzzy, python-brace-format\n#| msgid "{seat} has nothing '
                                 'left to pay."\n', "#, python-brace-format\n"),
                    encoding="utf-8")
    assert tool.review_problems(tool.load(path, "nb"), wanted, "nb") == []


def test_a_message_given_a_context_keeps_its_translation_as_a_fuzzy_suggestion(
        tmp_path: Path) -> None:
    path = _catalogue(tmp_path, "{seat}'s piece", "Brikken til {seat}")
    with_context = tool.Catalog(domain="companion")
    with_context.add("{seat}'s piece", locations=[("companion/views/reveal.py", None)],
                     context="Kille's table")
    merged = tool.merge(with_context, path, "nb")
    message = merged.get("{seat}'s piece", "Kille's table")
    assert message.string == "Brikken til {seat}" and "fuzzy" in message.flags


def test_every_catalogue_is_in_step_translated_and_reviewed() -> None:
    """`python tools/i18n.py check`: no message untranslated or fuzzy, none missing or left
    over."""
    assert tool.problems() == []


def test_a_catalogue_names_the_files_of_a_message_without_line_numbers() -> None:
    """Code moved or added within a file leaves the catalogues as they are: only the files
    that use a message are named, and the messages are in the order of their English."""
    for path in [LOCALE_DIR / "companion.pot", *(po_path(lang, domain)
                                                  for lang, domain in CATALOGUES)]:
        text = path.read_text(encoding="utf-8")
        places = [line for line in text.splitlines() if line.startswith("#:")]
        assert places and not [p for p in places if re.search(r"\.py:\d", p)], path
        ids = [(e.msgid, e.msgctxt or "") for e in parse_po(text) if e.msgid]
        assert ids == sorted(ids), path


def test_the_running_app_reads_its_catalogues_without_babel() -> None:
    """Babel is a development tool: the app, in every language, never imports it (a built app
    does not carry it), and its package holds no extractor, merger or writer of catalogues,
    only the reader it uses."""
    import subprocess
    import sys

    held = {p.name for p in (tool.PACKAGE / "i18n").glob("*.py")}
    assert held == {"__init__.py", "catalog.py", "languages.py"}

    code = ("import sys, main\n"
            "from companion.app import *\n"
            "from companion.i18n import LANGUAGES, Tr\n"
            "from companion.engine import GnavError\n"
            "for lang in LANGUAGES:\n"
            "    tr = Tr(lang)\n"
            "    assert tr.n('{count} counter', '{count} counters', 3)\n"
            "    assert tr.error(GnavError('{seat} is out of the game.', seat='Bo'))\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'babel'))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tool.REPO, capture_output=True,
                          text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"


def test_after_a_merge_a_branchs_reviewed_translations_fill_what_is_untranslated_here() -> None:
    """`python tools/i18n.py take <branch>`: the lead keeps main's catalogues where a merge
    conflicted, runs `update`, and takes the branch's translations of the messages it added."""
    here, there = tool.Catalog(locale="nb"), tool.Catalog(locale="nb")
    here.add("{seat} names the seat.")
    here.add("{seat} leaves.", "{seat} går.", flags=["fuzzy"])
    here.add("Stand", "Stå")
    here.add("Keep the name")
    there.add("{seat} names the seat.", "{seat} gir plassen navn.")
    there.add("{seat} leaves.", "{seat} forlater bordet.")
    there.add("Stand", "Bli")
    there.add("Keep the name", "Behold navnet", flags=["fuzzy"])
    assert tool.adopt(here, there) == 2
    assert [(m.id, m.string, tool.reviewed(m)) for m in here if m.id] == [
        ("{seat} names the seat.", "{seat} gir plassen navn.", True),
        ("{seat} leaves.", "{seat} forlater bordet.", True),
        ("Stand", "Stå", True),  # reviewed here: kept
        ("Keep the name", None, False),  # only a suggestion there
    ]


@pytest.mark.parametrize(("lang", "domain"), CATALOGUES)
def test_the_tool_writes_back_each_catalogue_as_it_read_it(lang: str, domain: str,
                                                           tmp_path: Path) -> None:
    """Reading a catalogue and writing it again (as `take` does) changes nothing: no flag, no
    order, no line."""
    path = po_path(lang, domain)
    copy = tmp_path / path.name
    tool.dump(tool.load(path, lang), copy, lang,
              tool.COMPANION.what if domain == "companion" else tool.ERRORS.what)
    assert copy.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
