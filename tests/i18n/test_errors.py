"""The engine's and the store's messages in every language (issue 4, item 1): every template
made in companion/engine and companion/store has a Norwegian and a Danish translation with
the same fields; str(err) stays the English sentence; a view's translator says it in the
referee's language, clause by clause."""

from __future__ import annotations

import pickle
import string
from pathlib import Path

import pytest

from companion.engine import (
    Change,
    Cut,
    Deal,
    Event,
    GnavError,
    JournalError,
    Knock,
    Leave,
    Reply,
    Reveal,
    SitOut,
    Stand,
    TableState,
    Text,
)
from companion.engine.errors import one_line
from companion.engine.journal import replay
from companion.i18n import ERRORS_DOMAIN, LANGUAGES, LOCALE_DIR, Tr, po_path
from companion.i18n.catalog import read_po
from companion.store import Store
from companion.store.salvage import SalvagedGame, notice

from .tool import error_messages, filled_templates, tool

OTHER = [lang for lang in LANGUAGES if lang != "en"]
# How each language starts a journal error: "line 5: ..."
LINE = {"nb": "linje ", "da": "linje ", "sv": "rad ", "it": "riga ", "nl": "regel ",
        "de": "Zeile "}
BAD = sorted((Path(__file__).resolve().parents[1] / "journals" / "bad").glob("*.jsonl"))


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _edges(text: str) -> tuple[str, str]:
    return text[: len(text) - len(text.lstrip())], text[len(text.rstrip()):]


@pytest.mark.parametrize("lang", OTHER)
def test_every_engine_and_store_message_has_a_translation_with_the_same_fields(lang: str) -> None:
    entries = {e.msgid: e for e in read_po(po_path(lang, ERRORS_DOMAIN)) if e.msgid}
    filled = filled_templates()
    missing, wrong = [], []
    for msgid, msg in error_messages().items():
        plural = None if isinstance(msg.id, str) else msg.id[1]
        entry = entries.get(msgid)
        if entry is None or not entry.translated or (plural is not None) != (
                entry.msgid_plural is not None):
            missing.append(f"{msgid!r} ({msg.locations[0][0]})")
            continue
        for form in entry.msgstr:
            if _edges(form) != _edges(msgid):
                wrong.append(f"{msgid!r} -> {form!r}: spaces at the ends differ")
            if msgid not in filled:
                continue
            wanted = _fields(msgid) | _fields(plural or "")
            # a singular form may leave the number out ("one line"); no form may invent one
            if _fields(form) - wanted or wanted - {"count"} - _fields(form):
                wrong.append(f"{msgid!r} -> {form!r}")
    assert missing == []
    assert wrong == []


def test_error_catalogues_hold_only_messages_the_code_makes() -> None:
    used = set(error_messages())
    assert len(used) > 100  # the scan finds the engine's and the store's messages
    for lang in OTHER:
        held = {e.msgid for e in read_po(po_path(lang, ERRORS_DOMAIN)) if e.msgid}
        assert held == used, f"{lang}: run python tools/i18n.py update"
    pot = {e.msgid for e in read_po(LOCALE_DIR / f"{ERRORS_DOMAIN}.pot") if e.msgid}
    assert pot == used


MADE = '''
raise GnavError("{seat} is out of the game.", seat=name)
raise JournalError(1, "the line is not UTF-8 text.")
raise StoreError("This game was deleted.")
why = Text("it is {seat}'s turn", seat=s)
both = Text.n("{count} event", "{count} events", n)
CUT = N_("The cut leaves out {names}.")
raise GnavError(CUT, names=x)
'''


def test_extraction_finds_each_way_a_message_is_made_and_refuses_a_built_string(
        tmp_path: Path) -> None:
    source = tmp_path / "made.py"
    source.write_text(MADE, encoding="utf-8")
    from babel.messages.extract import extract_from_file
    found = [m for _n, m, _c, _ctx in extract_from_file("python", str(source),
                                                          keywords=tool.ERRORS.keywords)]
    assert found == ["{seat} is out of the game.", "the line is not UTF-8 text.",
                     "This game was deleted.", "it is {seat}'s turn",
                     ("{count} event", "{count} events"), "The cut leaves out {names}."]
    # the strict reading: whether each is filled in (a template without values stands as
    # written, braces and all)
    assert tool.error_messages_in(MADE, "ok.py") == [
        ("{seat} is out of the game.", True),
        ("the line is not UTF-8 text.", False),
        ("This game was deleted.", False),
        ("it is {seat}'s turn", True),
        ("{count} event", True),
        ("The cut leaves out {names}.", True),
    ]
    for bad in ('raise GnavError(f"{name} is out of the game.")',
                'raise JournalError(3, "line " + str(n))',
                'Text(f"it is {seat}\'s turn")',
                'Text.n(one, "{count} events", n)'):
        with pytest.raises(ValueError):
            tool.error_messages_in(bad, "bad.py")


def _templates(text: object) -> list[str]:
    """Every template in a Text and its clauses."""
    if not isinstance(text, Text):
        return []
    out = [text.template]
    for value in text.values.values():
        out += _templates(value)
    return out


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_every_bad_journal_is_told_in_every_language(path: Path) -> None:
    with pytest.raises(JournalError) as info:
        replay(path.read_bytes())
    err = info.value
    expected = path.with_suffix(".expected.txt").read_text(encoding="utf-8").strip()
    assert str(err) == Tr("en").error(err) == expected  # English as it always was
    known = set(error_messages())
    assert set(_templates(err.text)) <= known
    for lang in OTHER:
        said = Tr(lang).error(err)
        assert said.startswith(LINE[lang]) and said != str(err)
        assert "\n" not in said


def test_a_refused_event_and_its_clauses_are_translated() -> None:
    data = (
        '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
        '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}\n{"ev": "deal"}\n'
    )
    _table, _events, state = replay(data)
    why = state.why_not(Stand("Cy"))
    assert why == "It is Bo's turn, not Cy's."
    assert Tr("nb").error(why) == "Det er turen til Bo, ikke til Cy."
    assert Tr("da").error(why) == "Det er Bo, der har tur, ikke Cy."
    deal = state.why_not(Deal())
    assert deal == "Nobody can deal now: it is Bo's turn."
    assert Tr("nb").error(deal) == "Ingen kan gi nå: det er turen til Bo."


def test_plural_notices_follow_the_number_in_every_language(tmp_path: Path) -> None:
    header = (
        '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
        '"each": 3}, "seats": ["Ann", "Bo"], "dealer": "Ann"}'
    )
    with Store(tmp_path) as store:
        _game, said = store.recover_journal(
            header + '\n{"ev": "deal"}\n{"ev": "stand", "seat": "Bo"}\n'
            '{"ev": "stand", "seat": "Ann"}\n{"ev": "sta')
        assert said == ("Line 5 of the journal was cut off or damaged (the line is not a "
                        "complete JSON object: it breaks off or goes wrong at character 8), so "
                        "the game was imported with the 3 events before it and the 1 line from "
                        "there on was left out.")
        assert Tr("nb").error(said) == (
            "Linje 5 i journalen var avkuttet eller skadet (linjen er ikke et helt JSON-objekt: "
            "den stopper eller går galt ved tegn 8), så spillet ble importert med 3 hendelser "
            "før den, og 1 linje derfra ble utelatt.")
        assert Tr("da").error(said).endswith("med 3 hændelser før den, og 1 linje derfra "
                                             "blev udeladt.")
    games = [SalvagedGame(1, _game.table, "", "", active=[("", "")])]
    one = notice(games, "games.sqlite3.damaged-1")
    assert one == ("The games file was damaged; 1 game with 1 event was recovered, and the "
                   "damaged file was kept as games.sqlite3.damaged-1.")
    assert Tr("nb").error(one) == ("Spillfilen var skadet; 1 spill med 1 hendelse ble berget, "
                                   "og den skadde filen ble tatt vare på som "
                                   "games.sqlite3.damaged-1.")
    two = notice(games * 2, "x")
    assert Tr("da").error(two).startswith("Spilfilen var beskadiget; 2 spil med 2 hændelser ")


def test_text_is_the_english_string_and_keeps_what_it_was_made_of() -> None:
    text = Text("{seat} is out of the game.", seat="Ann")
    assert text == "Ann is out of the game." and isinstance(text, str)
    assert (text.template, text.values) == ("{seat} is out of the game.", {"seat": "Ann"})
    raw = Text('{"ev": "table", ...}')  # no values: stands as written, braces and all
    assert raw == '{"ev": "table", ...}' and Tr("nb").error(raw) == raw
    err = GnavError("{seat} is out of the game.", seat="Ann")
    assert str(err) == "Ann is out of the game." and err.text == text
    assert Tr("nb").error(err) == "Ann er ute av spillet."
    # a view's own, already translated words pass through untouched
    assert Tr("nb").error(GnavError("Et bord trenger minst 2 spillere.")) == (
        "Et bord trenger minst 2 spillere.")
    broken = one_line(Text("There is no seat called {name}.", name="A\nB"))
    assert broken == "There is no seat called A\\u000aB." and isinstance(broken, Text)
    assert Tr("da").error(broken) == "Der er ingen spiller, der hedder A\\u000aB."
    again = pickle.loads(pickle.dumps(broken))
    assert again == broken and again.template == broken.template


OK = sorted((Path(__file__).resolve().parents[1] / "journals" / "ok").glob("*.jsonl"))


def _tries(state: TableState) -> list[Event]:
    """Every kind of event for every seat (and a stranger, and the stock), right or wrong."""
    names = [*state.names, "Nobody", "stock", state.names[0].upper()]
    tries: list[Event] = [Deal()]
    for name in names:
        tries += [Stand(name), Change(name), Knock(name), SitOut(name), Leave(name)]
        tries += [Reply(name, call) for call in ("none", "cat", "house")]
    pieces = list(zip(state.names, ["12", "12", "12", "fool", "cat"] * 8))
    tries += [Cut(tuple(pieces)), Reveal(tuple(pieces)), Cut(tuple(pieces[:1])),
              Reveal(tuple(pieces[:1]))]
    return tries


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_every_refusal_met_in_real_games_is_a_known_template(path: Path) -> None:
    """Each state of each sample game is asked about every kind of event: every refusal is
    made of templates the catalogues hold, and reads differently in Norwegian and Danish."""
    table, events, _state = replay(path.read_bytes())
    known = set(error_messages())
    state = TableState(table)
    seen: set[str] = set()
    nb, da = Tr("nb"), Tr("da")
    for event in [*events, None]:
        for attempt in _tries(state):
            why = state.why_not(attempt)
            if why is None:
                continue
            templates = _templates(why)
            assert set(templates) <= known, why
            if why.template not in seen:
                seen.add(why.template)
                assert nb.error(why) != why and da.error(why) != why, why
        if event is not None:
            state.apply(event)
    assert len(seen) >= 5
