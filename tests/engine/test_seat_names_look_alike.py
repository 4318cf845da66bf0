"""Issue 21, item 4: look-alike seat names, in every game's journal.

docs/journal.md (v1 "Seats and pieces") and docs/journal.md, v2 section 2: seats are "unique without regard
to case", and "an event names a seat by the header's spelling". A name is read composed (NFC):
"José" with a combining accent is the same text as "José" with its é (Unicode's canonical
equivalence). A journal that brings new names (`replay`, import) is refused, at line 1, when
two of its names look alike (the same skeleton of Unicode Technical Standard #39: "Аnn" with a
Cyrillic А is "Ann") or a name holds an invisible formatting character (U+202E turns the rest
of a banner line around; U+FEFF, a zero-width joiner or space cannot be seen). A game saved
before these rules still opens and plays.
"""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core.replay import replay_state, replay_until_bad
from companion.engine import GnavError, JournalError
from companion.store import Store

REPO = Path(__file__).resolve().parents[2]
JsonObj = dict[str, Any]

# every game's header, as its journal writes it (docs/journal.md, v2 section 3)
GAMES: dict[str, JsonObj] = {
    "gnav": {"ev": "table", "version": 1, "rules": "damm",
             "stakes": {"kind": "counters", "each": 3}},
    "kille": {"ev": "table", "version": 2, "game": "kille", "rules": "byteskille",
              "stakes": {"kind": "stake", "rebuys": 3}},
    "cuccu": {"ev": "table", "version": 2, "game": "cuccu", "rules": "campli",
              "stakes": {"kind": "lives", "each": 3}},
    "slabberjan": {"ev": "table", "version": 2, "game": "slabberjan", "rules": "sheet",
                   "stakes": {"kind": "counters", "each": 3}},
    "vogelspiel": {"ev": "table", "version": 2, "game": "vogelspiel", "rules": "adrian",
                   "stakes": {"kind": "lives", "each": 6}},
    "gwra-pyskessa": {"ev": "table", "version": 2, "game": "gwra-pyskessa",
                      "rules": "kernewek"},
}
EACH_GAME = pytest.mark.parametrize("game", list(GAMES))

CYRILLIC_A = "\u0410"  # CYRILLIC CAPITAL LETTER A, drawn as Latin A
NFD_JOSE = unicodedata.normalize("NFD", "José")  # J, o, s, e and U+0301 COMBINING ACUTE ACCENT


def journal(game: str, seats: list[str], dealer: str | None = None,
            *events: JsonObj) -> bytes:
    head = dict(GAMES[game], seats=seats, dealer=dealer or seats[-1])
    lines = [json.dumps(head, ensure_ascii=False), *(json.dumps(e, ensure_ascii=False)
                                                    for e in events)]
    return ("\n".join(lines) + "\n").encode("utf-8")


def refusal(data: bytes) -> str:
    with pytest.raises(JournalError) as info:
        replay_state(data)
    return str(info.value)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path) as s:
        yield s


# --- look-alikes: one name ------------------------------------------------------------------


@EACH_GAME
def test_a_name_with_a_cyrillic_letter_looks_like_the_latin_one_and_is_refused(game: str) -> None:
    data = journal(game, ["Ann", CYRILLIC_A + "nn", "Bo"])
    assert refusal(data) == (
        "line 1: \u0410nn and Ann look alike: \u0410 (U+0410) looks like A; every seat needs a "
        "name the table can tell apart.")


@EACH_GAME
def test_names_that_differ_in_case_and_alphabet_both_look_alike(game: str) -> None:
    """"ANN" and "аnn" with a Cyrillic а: the same skeleton once casefolded."""
    assert refusal(journal(game, ["ANN", "\u0430nn", "Bo"])).startswith(
        "line 1: \u0430nn and ANN look alike: \u0430 (U+0430) looks like a;")


@EACH_GAME
def test_a_greek_omicron_and_a_latin_o(game: str) -> None:
    assert refusal(journal(game, ["Bo", "B\u03bf", "Cy"])).startswith(
        "line 1: B\u03bf and Bo look alike: \u03bf (U+03BF) looks like o;")


@EACH_GAME
def test_composed_and_decomposed_spellings_are_the_same_name(game: str) -> None:
    assert refusal(journal(game, ["José", NFD_JOSE, "Bo"])) == (
        "line 1: José and José are the same name; every seat needs its own.")


# --- invisible characters -------------------------------------------------------------------


TURNS = "holds {code}, an invisible mark that turns or reorders the text around it; a seat " \
    "name is written without it."
HIDDEN = "holds {code}, an invisible formatting character; a seat name is written without it."
BLANK = "shows nothing that can be seen; a seat name needs a letter, a number or a sign."


@EACH_GAME
@pytest.mark.parametrize(("name", "said"), [
    ("Bo\u202e", "\"Bo\\u202e\" " + TURNS.format(code="U+202E")),
    ("\u202eoB", "\"\\u202eoB\" " + TURNS.format(code="U+202E")),
    ("Bo\ufeff", "\"Bo\\ufeff\" " + HIDDEN.format(code="U+FEFF")),
    ("B\u200do", "\"B\\u200do\" " + HIDDEN.format(code="U+200D")),
    ("B\u200bo", "\"B\\u200bo\" " + HIDDEN.format(code="U+200B")),
    ("\u3164", "\"\u3164\" " + BLANK),
])
def test_an_invisible_character_in_a_name_is_refused_naming_it(
    game: str, name: str, said: str
) -> None:
    assert refusal(journal(game, ["Ann", name, "Cy"], dealer="Ann")) == f"line 1: {said}"


@EACH_GAME
def test_a_zero_width_joiner_between_letters_is_refused_inside_an_emoji_it_is_the_picture(
    game: str
) -> None:
    family = "👨\u200d👩\u200d👧"
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # tags
    state = replay_state(journal(game, [family, scotland, "Bo"]))
    assert state.names == (family, scotland, "Bo")
    assert "holds U+200D" in refusal(journal(game, ["A\u200dnn", family, "Bo"]))
    assert "holds U+E0067" in refusal(journal(game, ["Bo\U000e0067", "Cy"]))


@EACH_GAME
def test_a_name_that_looks_like_stock_is_refused(game: str) -> None:
    assert refusal(journal(game, ["Ann", "\u0455tock"])) == (
        "line 1: \"\u0455tock\" looks like \"stock\", the word that names the stock; no seat may "
        "be called so.")


# --- NFC: how a name is read ------------------------------------------------------------------


@EACH_GAME
def test_a_decomposed_name_is_read_composed_and_events_may_spell_it_either_way(game: str) -> None:
    """The header spells José decomposed, its dealer composed: one seat, named composed."""
    header, _events, state, error = replay_until_bad(
        journal(game, [NFD_JOSE, "Bo", "Cy"], "José"))
    assert error is None
    assert header.seats == ("José", "Bo", "Cy")
    assert unicodedata.is_normalized("NFC", state.names[0]) and state.names[0] == "José"
    assert state.as_json()["seats"][0]["name"] == "José"


def test_a_gnav_event_names_a_decomposed_seat_composed_or_decomposed() -> None:
    seats = [NFD_JOSE, "Bo", "Cy"]
    for spelling in ("José", NFD_JOSE, f"  {NFD_JOSE} "):
        state = replay_state(journal("gnav", seats, "Cy", {"ev": "deal"},
                                     {"ev": "stand", "seat": spelling}))
        assert state.as_json()["turn"] == "Bo"


# --- where names come in: import, replay, a new table; a saved game stays -------------------


@EACH_GAME
def test_an_imported_journal_with_look_alike_names_is_refused_and_nothing_is_stored(
    game: str, store: Store
) -> None:
    data = journal(game, ["Ann", CYRILLIC_A + "nn", "Bo"])
    for bring in (store.import_journal, store.recover_journal):
        with pytest.raises(JournalError) as info:
            bring(data)
        assert str(info.value).startswith("line 1: \u0410nn and Ann look alike")
    assert store.list_games() == []


def test_an_imported_decomposed_name_is_stored_composed(store: Store) -> None:
    game = store.import_journal(journal("gnav", [NFD_JOSE, "Bo"], "José", {"ev": "deal"}))
    exported = store.export_journal(game.id)
    assert NFD_JOSE not in exported and '"seats": ["José", "Bo"]' in exported


@EACH_GAME
def test_a_new_table_with_look_alike_names_is_refused(game: str, store: Store) -> None:
    from companion.core import parse_header

    _kind, lenient = parse_header(json.loads(journal(game, ["Ann", "Bo", "Cy"])))
    header = _with_seats(lenient, ("Ann", "Bo", CYRILLIC_A + "nn"))
    with pytest.raises(GnavError, match="look alike"):
        store.create_game(header)
    assert store.list_games() == []


def _with_seats(header: Any, seats: tuple[str, ...]) -> Any:
    from dataclasses import replace
    return replace(header, seats=seats, dealer=seats[0])


@EACH_GAME
def test_a_game_saved_before_the_rules_still_opens_and_plays(game: str, tmp_path: Path) -> None:
    """Stored as the app stored a new table before issue 21: its names as typed, decomposed
    José, look-alikes and U+202E among them. The stricter rules apply where names come in, so
    the saved game reads as the journal format reads it (José composed) and nothing is lost:
    it opens, plays on, and opens again."""
    from companion.core import parse_header

    _kind, lenient = parse_header(json.loads(journal(game, ["Ann", "Bo", "Cy"])))
    old = _with_seats(lenient, (NFD_JOSE, "Ann", CYRILLIC_A + "nn", "B\u202eo"))
    with Store(tmp_path) as before:
        saved = before._insert(old, []).id  # the header line exactly as it was written then
    names = ("José", "Ann", CYRILLIC_A + "nn", "B\u202eo")
    with Store(tmp_path) as after:
        assert after.recovery_notice is None
        opened = after.open_game(saved)
        assert opened.state.names == names
        opened.apply(opened.state.options()[0])
    with Store(tmp_path) as again:
        assert again.recovery_notice is None
        reopened = again.open_game(saved)
        assert reopened.state.names == names and len(reopened.events) == 1


# --- the command line -----------------------------------------------------------------------


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "replay", str(path)], cwd=REPO,
                          capture_output=True, text=True, encoding="utf-8", check=False,
                          timeout=120)


def test_replay_refuses_look_alike_names_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(journal("kille", ["Ann", CYRILLIC_A + "nn", "Bo"]))
    done = _replay(path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("line 1: \u0410nn and Ann look alike: \u0410 (U+0410) looks like A; "
                           "every seat needs a name the table can tell apart.\n")


def test_replay_prints_a_decomposed_name_composed(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(journal("gwra-pyskessa", [NFD_JOSE, "Bo"], "José"))
    done = _replay(path)
    assert (done.returncode, done.stderr) == (0, "")
    state = json.loads(done.stdout)
    assert [s["name"] for s in state["seats"]] == ["José", "Bo"]
    assert NFD_JOSE not in done.stdout
