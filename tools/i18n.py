"""Keeps the gettext catalogues in step with the code, with Babel (a development tool only: the
app reads its .po files with the few lines of companion/i18n/catalog.py and never imports Babel).

    python tools/i18n.py update      # both templates (companion/locale/*.pot) from the source,
                                     # then every language merged with them: translations kept,
                                     # new messages added empty, a reworded message given its old
                                     # translation as a fuzzy suggestion, unused messages dropped
    python tools/i18n.py check       # exit 1 listing every message untranslated or fuzzy, and
                                     # every word a glossary (docs/glossary/<lang>.md) rules out
    python tools/i18n.py take REF    # after merging a branch (git ref REF): its translations of
                                     # the messages still untranslated or fuzzy here

A fuzzy entry ("#, fuzzy", with the English it was made for as "#| msgid") is a suggestion: the
app shows the English until someone who speaks the language has read it, corrected it and
deleted those two lines. The catalogues are sorted by message and name each message's files
without line numbers, so that code moved or added elsewhere does not touch them.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import re
import string
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.i18n import LANGUAGES, LOCALE_DIR, po_path
from companion.i18n.languages import BY_CODE

PACKAGE = REPO / "companion"
OTHER = LANGUAGES[1:]  # English is the source language

# --- where each domain's messages are made --------------------------------------------------
# The app's words (the "companion" domain): the screens and the sentences, and the games' words
# for them (the modules each game's description names as speaking the app's words: its rule
# books, narration, lessons and quiz, read from the registry). The engine's and the store's
# refusals and notices (the "errors" domain): every other module of the engine, the core and
# the store.


def game_words() -> list[Path]:
    from companion.engine.registry import GAMES  # the games, not the screens: no Flet

    return sorted({Path(str(module.__file__)) for game in GAMES for module in game.catalogue})


def _python(*folders: str) -> list[Path]:
    found: list[Path] = []
    for folder in folders:
        where = PACKAGE / folder
        found += [where] if where.is_file() else sorted(where.rglob("*.py"))
    return found


def companion_sources() -> list[Path]:
    return [*_python("views", "narrate", "app.py", "deck/pdf.py", "deck/sheet.py"), *game_words()]


def errors_sources() -> list[Path]:
    words = set(game_words())
    return [p for p in _python("engine", "core", "store", "records") if p not in words]


@dataclass(frozen=True)
class Domain:
    name: str
    what: str  # whose messages, for the catalogue's first line
    # Babel's keyword specs: the function names that mark a message, and which arguments are
    # the message, its plural and its context
    keywords: dict[str, tuple[int | tuple[int, str], ...] | None]

    def sources(self) -> list[Path]:
        return companion_sources() if self.name == "companion" else errors_sources()


COMPANION = Domain("companion", "Gnav Companion", {
    "_": None, "N_": None, "_n": (1, 2), "_p": ((1, "c"), 2), "Np_": ((1, "c"), 2)})
ERRORS = Domain("errors", "Gnav Companion's engine and store messages (the errors domain)", {
    "Text": None, "GnavError": None, "StoreError": None, "JournalError": (2,), "N_": None,
    "n": (1, 2)})  # Text.n(singular, plural, count)
DOMAINS = (COMPANION, ERRORS)

# --- the strict reading: a message must be written where it is marked -------------------------
# Babel's extractor skips what it cannot read (an f-string, a string built with +); this reading
# refuses it instead, so that no message is silently left untranslated, and tells whether an
# engine template is ever filled in (one made without values is shown as written, braces and
# all, and its translation must keep its braces literal).

ERROR_CALLS: dict[str, int] = {"Text": 0, "GnavError": 0, "StoreError": 0, "JournalError": 1,
                               "N_": 0}


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if (isinstance(func, ast.Attribute) and func.attr == "n" and isinstance(func.value, ast.Name)
            and func.value.id == "Text"):
        return "Text.n"
    return None


def view_messages_in(source: str, filename: str = "<source>") -> list[tuple[str | None, str]]:
    """(context, message) of every `_()`, `_n()`, `_p()`, `N_()` and `Np_()` of one module; a
    message built in place is an error. `_(PIECE_TITLES[p])` is a message marked with N_ where it
    was written, and skipped here."""
    out: list[tuple[str | None, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node.func)
        if name not in ("_", "N_", "_n", "_p", "Np_"):
            continue
        where = f"{filename}:{node.lineno}"
        args = [_literal(a) for a in node.args[:3]]
        message_at = 1 if name in ("_p", "Np_") else 0
        if name in ("_", "_p") and len(node.args) > message_at and args[message_at] is None \
                and not isinstance(node.args[message_at], (ast.JoinedStr, ast.BinOp)):
            continue
        if name in ("_", "N_"):
            if not node.args or args[0] is None:
                raise ValueError(f"{where}: {name}() needs a string literal")
            out.append((None, args[0]))
        elif name == "_n":
            if len(args) < 2 or args[0] is None or args[1] is None:
                raise ValueError(f"{where}: _n() needs two string literals")
            out.append((None, args[0]))
        else:
            if len(args) < 2 or args[0] is None or args[1] is None:
                raise ValueError(f"{where}: {name}() needs a context and a message literal")
            out.append((args[0], args[1]))
    return out


def _has_fields(text: str) -> bool:
    try:
        return any(f for _, f, _, _ in string.Formatter().parse(text))
    except ValueError:
        return False


def error_messages_in(source: str, filename: str = "<source>") -> list[tuple[str, bool]]:
    """(template, filled in) of every template an engine or store module makes; an f-string or a
    string built with + in a template's place is an error (it could never be translated)."""
    out: list[tuple[str, bool]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node.func)
        where = f"{filename}:{node.lineno}"
        if name == "Text.n":
            if len(node.args) < 3 or _literal(node.args[0]) is None \
                    or _literal(node.args[1]) is None:
                raise ValueError(f"{where}: Text.n() needs two string literals and a number")
            out.append((_literal(node.args[0]) or "", True))
            continue
        if name not in ERROR_CALLS or len(node.args) <= ERROR_CALLS[name]:
            continue
        arg = node.args[ERROR_CALLS[name]]
        if isinstance(arg, (ast.JoinedStr, ast.BinOp)):
            raise ValueError(  # noqa: TRY004 - a bad message, as for the views' _()
                f"{where}: {name}() is given a string built in place; write a template with "
                "named values instead")
        literal = _literal(arg)
        if literal is None:
            continue  # a Text, or a template marked with N_ where it was written
        # marked apart from its use (N_), a template is filled in when it names a field
        filled = _has_fields(literal) if name == "N_" else bool(node.keywords)
        out.append((literal, filled))
    return out


def filled_templates() -> set[str]:
    """The engine's templates filled in with values at some place (the others stand as written)."""
    filled: set[str] = set()
    for path in ERRORS.sources():
        for template, values in error_messages_in(path.read_text(encoding="utf-8"),
                                                  _rel(path)):
            if values:
                filled.add(template)
    return filled


def _rel(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


# --- extraction, with Babel -------------------------------------------------------------------

Key = tuple[str | None, str]  # (context, message)


def template(domain: Domain) -> Catalog:
    """The domain's messages as Babel extracts them from the source, each with the files that
    use it (the strict reading runs first and refuses a message built in place)."""
    catalog = Catalog(domain=domain.name, project="gnav-companion", charset="utf-8")
    filled = filled_templates() if domain is ERRORS else set()
    for path in domain.sources():
        source = path.read_text(encoding="utf-8")
        if domain is COMPANION:
            view_messages_in(source, _rel(path))
        else:
            error_messages_in(source, _rel(path))
        # Babel warns of an f-string handed to a message as a value; those are fine, and a real
        # message built in place was refused just above
        with contextlib.redirect_stderr(io.StringIO()):
            found = extract_from_file("python", str(path), keywords=domain.keywords)
        for _lineno, message, _comments, context in found:
            held = catalog.get(message, context)
            if held is not None:
                held.locations.append((_rel(path), None))
                continue
            catalog.add(message, None, [(_rel(path), None)], context=context)
    for message in catalog:
        if message.id:
            _set_format_flags(message, domain is COMPANION or _msgid(message) in filled)
    return catalog


def _msgid(message: Message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _set_format_flags(message: Message, formatted: bool) -> None:
    """python-brace-format on a message filled in with str.format; no-python-brace-format on an
    engine template shown as written whose braces are literal."""
    message.flags -= {"python-format", "python-brace-format", "no-python-brace-format"}
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    if formatted and any(_has_fields(i) for i in ids):
        message.flags.add("python-brace-format")
    elif not formatted and any("{" in i for i in ids):
        message.flags.add("no-python-brace-format")


def extracted(domain: Domain) -> dict[Key, Message]:
    return {(m.context, _msgid(m)): m for m in template(domain) if m.id}


# --- reading and writing the catalogues -------------------------------------------------------


def header(lang: str | None, what: str) -> str:
    """A catalogue's first lines: whose and which language it is, and its plural rule (Babel's
    own header would carry dates that change on every update)."""
    known = BY_CODE.get(lang or "")
    name = known.english_name if known else "LANGUAGE"
    plural_forms = (known or BY_CODE["en"]).plural_forms
    fields = ["Project-Id-Version: gnav-companion", f"Language: {lang or 'LANGUAGE'}",
              "MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8",
              "Content-Transfer-Encoding: 8bit", f"Plural-Forms: {plural_forms}"]
    lines = [f"# {name} translation of {what}.", 'msgid ""', 'msgstr ""']
    lines += [f'"{field}\\n"' for field in fields]
    return "\n".join(lines) + "\n\n"


def load(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=path.stem)


def dump(catalog: Catalog, path: Path, lang: str | None, what: str) -> None:
    for message in catalog:
        # Babel flags every message it reads whose English smells of str.format; a template
        # shown as written keeps its no-python-brace-format alone
        if "no-python-brace-format" in message.flags:
            message.flags.discard("python-brace-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=True, sort_output=True, ignore_obsolete=True,
             include_previous=True, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(header(lang, what) + buffer.getvalue().decode("utf-8"), encoding="utf-8")


def merge(pot: Catalog, path: Path, lang: str) -> Catalog:
    """The catalogue at `path` brought in step with the template: its translations kept, new
    messages added empty, a message no longer used dropped, and where an English message was
    reworded (or given a context), its old translation kept as a fuzzy suggestion."""
    catalog = load(path, lang) if path.exists() else Catalog(locale=lang, domain=pot.domain)
    catalog.update(pot, no_fuzzy_matching=False, update_header_comment=False,
                   keep_user_comments=True, update_creation_date=False)
    formats = {(m.context, _msgid(m)): m.flags for m in pot if m.id}
    for message in catalog:
        if message.id:
            fuzzy = "fuzzy" in message.flags
            message.flags = {f for f in formats[(message.context, _msgid(message))]
                             if f != "fuzzy"} | ({"fuzzy"} if fuzzy else set())
            if not fuzzy:
                message.previous_id = []
    return catalog


def update() -> list[str]:
    report: list[str] = []
    for domain in DOMAINS:
        pot = template(domain)
        dump(pot, LOCALE_DIR / f"{domain.name}.pot", None, domain.what)
        for lang in OTHER:
            path = po_path(lang, domain.name)
            catalog = merge(pot, path, lang)
            dump(catalog, path, lang, domain.what)
            todo = [m for m in catalog if m.id and not reviewed(m)]
            fuzzy = sum(1 for m in todo if "fuzzy" in m.flags)
            report.append(f"{_rel(path)}: {sum(1 for m in catalog if m.id)} messages, "
                          f"{len(todo) - fuzzy} untranslated, {fuzzy} fuzzy")
    return report


def reviewed(message: Message) -> bool:
    """Translated (every plural form) and not a fuzzy suggestion."""
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return "fuzzy" not in message.flags and all(strings)


# --- the glossaries (docs/glossary/<lang>.md) ------------------------------------------------

GLOSSARY_DIR = REPO / "docs" / "glossary"
CELL = re.compile(r"(?<!\\)\|")  # a table's cell border: a pipe not written as \|


def _rows(lang: str, heading: str) -> list[list[str]]:
    """The body rows of the table under `heading` in docs/glossary/<lang>.md, as cells."""
    path = GLOSSARY_DIR / f"{lang}.md"
    text = path.read_text(encoding="utf-8")
    if heading not in text:
        raise ValueError(f"{_rel(path)} has no {heading!r} section")
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        line = line.strip()
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [c.strip().replace("\\|", "|") for c in CELL.split(line.strip("|"))]
        rows.append(cells)
    return rows[1:]  # the header row


@dataclass(frozen=True)
class RuledOut:
    pattern: re.Pattern[str]
    written: str  # as the glossary writes it
    instead: str


def ruled_out(lang: str) -> list[RuledOut]:
    """The words the glossary rules out: each backticked regular expression in the first column
    of its "Ruled out" table, matched as whole words, in any case."""
    found = [RuledOut(re.compile(rf"(?<![\w-])(?:{written})(?![\w-])", re.IGNORECASE),
                      written, cells[1])
             for cells in _rows(lang, "## Ruled out") if len(cells) > 1
             for written in re.findall(r"`([^`]+)`", cells[0])]
    if not found:
        raise ValueError(f"docs/glossary/{lang}.md rules nothing out")
    return found


@dataclass(frozen=True)
class Term:
    term: str
    forms: tuple[str, ...]  # our word, in the forms the messages use
    shown_in: tuple[tuple[str | None, str], ...]  # (context, English message)


def terms(lang: str) -> list[Term]:
    """The glossary's terms: each with our word's forms and the messages that show it."""
    found: list[Term] = []
    for cells in _rows(lang, "## Terms"):
        if len(cells) < 3:
            continue
        forms = tuple(f.strip() for f in cells[1].split(",") if f.strip())
        shown = tuple((context or None, msgid) for msgid, context in re.findall(
            r"`([^`]+)`(?: \(context ([^)]+)\))?", cells[2]))
        found.append(Term(cells[0], forms, shown))
    return found


def _all_strings(lang: str, locale_dir: Path = LOCALE_DIR) -> dict[Key, list[str]]:
    """Every translation of `lang`, in both domains, by (context, English)."""
    found: dict[Key, list[str]] = {}
    for domain in DOMAINS:
        path = locale_dir / lang / "LC_MESSAGES" / f"{domain.name}.po"
        for message in load(path, lang):
            if message.id:
                strings = [message.string] if isinstance(message.string, str) \
                    else list(message.string)
                found.setdefault((message.context, _msgid(message)), strings)
    return found


def ruled_out_breaches(lang: str, strings: dict[Key, list[str]] | None = None) -> list[str]:
    """Every translation of `lang` that uses a word its glossary rules out."""
    rules = ruled_out(lang)
    breaches: list[str] = []
    for texts in (strings if strings is not None else _all_strings(lang)).values():
        for text in texts:
            for rule in rules:
                hit = rule.pattern.search(text)
                if hit:
                    breaches.append(f"{lang}: «{hit.group(0)}» is ruled out (say "
                                    f"{rule.instead}): {text!r}")
    return breaches


def term_breaches(lang: str, strings: dict[Key, list[str]] | None = None) -> list[str]:
    """Every message the glossary names for a term whose translation does not use its word."""
    strings = strings if strings is not None else _all_strings(lang)
    breaches: list[str] = []
    for term in terms(lang):
        for key in term.shown_in:
            if key not in strings:
                breaches.append(f"{lang}: the glossary's {term.term!r} names {key[1]!r}, "
                                "which is no message")
            elif not any(form.lower() in text.lower() for text in strings[key]
                         for form in term.forms):
                breaches.append(f"{lang}: {term.term!r} is {' or '.join(term.forms)} in the "
                                f"glossary, but {key[1]!r} says {strings[key][0]!r}")
    return breaches


def glossary_breaches(lang: str) -> list[str]:
    strings = _all_strings(lang)
    return ruled_out_breaches(lang, strings) + term_breaches(lang, strings)


# --- the check and taking translations from a merged branch -----------------------------------


def review_problems(held: Catalog, wanted: set[Key], lang: str) -> list[str]:
    """What keeps one catalogue from being in step with the code, translated and reviewed."""
    found: list[str] = []
    messages = {(m.context, _msgid(m)): m for m in held if m.id}
    if set(messages) != wanted:
        found.append(f"{lang}: not in step with the code ({len(wanted - set(messages))} "
                     f"missing, {len(set(messages) - wanted)} unused); run "
                     "python tools/i18n.py update")
    for key, message in messages.items():
        if key not in wanted:
            continue
        if "fuzzy" in message.flags:
            found.append(f"{lang}: fuzzy (review it, then delete its '#, fuzzy' and '#|' "
                         f"lines): {key[1]!r}")
        elif not reviewed(message):
            found.append(f"{lang}: untranslated {key[1]!r}")
    return found


def problems() -> list[str]:
    """Everything `check` lists: the catalogues' problems and the glossaries' breaches."""
    found: list[str] = []
    for domain in DOMAINS:
        wanted = set(extracted(domain))
        for lang in OTHER:
            found += review_problems(load(po_path(lang, domain.name), lang), wanted, lang)
    for lang in OTHER:
        found += glossary_breaches(lang)
    return found


def _catalogue_at(ref: str, path: Path, lang: str) -> Catalog | None:
    shown = subprocess.run(["git", "show", f"{ref}:{_rel(path)}"], cwd=REPO,
                           capture_output=True, check=False)
    if shown.returncode != 0:
        return None
    return read_po(io.BytesIO(shown.stdout), locale=lang)


def adopt(here: Catalog, there: Catalog) -> int:
    """Takes into `here` the translations `there` holds, reviewed, of the messages that are
    untranslated or fuzzy here; returns how many it took."""
    taken = 0
    for message in here:
        if not message.id or reviewed(message):
            continue
        theirs = there.get(message.id, message.context)
        if theirs is None or not reviewed(theirs) or \
                isinstance(theirs.id, str) != isinstance(message.id, str):
            continue
        message.string = theirs.string
        message.flags.discard("fuzzy")
        message.previous_id = []
        taken += 1
    return taken


def take(ref: str) -> list[str]:
    """The translations the catalogues at git `ref` hold (reviewed there) for messages that are
    untranslated or fuzzy here: after merging a branch whose catalogues conflicted, keep these
    (main's) catalogues, run `update`, then `take` the branch."""
    report: list[str] = []
    for domain in DOMAINS:
        for lang in OTHER:
            path = po_path(lang, domain.name)
            there = _catalogue_at(ref, path, lang)
            if there is None:
                continue
            catalog = load(path, lang)
            taken = adopt(catalog, there)
            if taken:
                dump(catalog, path, lang, domain.what)
            report.append(f"{_rel(path)}: {taken} translations taken from {ref}")
    return report


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Keeps the gettext catalogues in step.")
    parser.add_argument("command", choices=["update", "check", "take"], nargs="?",
                        default="check")
    parser.add_argument("ref", nargs="?", help="take: the git ref of the merged branch")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command == "update":
        print("\n".join(update()))
        return 0
    if args.command == "take":
        if not args.ref:
            parser.error("take needs the git ref of the branch")
        print("\n".join(take(args.ref)))
        return 0
    found = problems()
    print("\n".join(found) or "every catalogue is in step, translated and reviewed")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
