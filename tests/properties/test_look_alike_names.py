"""Issue 21, item 4, as a property: two names that are one name once normalised, casefolded or
reduced to their look (Unicode Technical Standard #39's skeleton) are never both accepted, in
any game, whether a journal brings them (`replay`, import) or the New table's checks meet them.

The second name is made from the first by what a look-alike attack or a careless paste does:
Latin letters swapped for the Cyrillic and Greek ones drawn the same (listed here by hand from
the Unicode code charts, not read from the app's table), a decomposed accent, another case,
padding, and an invisible character (a zero-width joiner or space, U+FEFF, U+202E).
"""

from __future__ import annotations

import json
import os
import unicodedata
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion.core.names import check_new_names, look_alike, name_problem, read_names, spelled
from companion.core.replay import replay_state
from companion.engine import GnavError, JournalError

from ..engine.test_seat_names_look_alike import GAMES

IN_CI = bool(os.environ.get("CI"))

# Latin letter -> the Cyrillic and Greek letters drawn like it (Unicode's Cyrillic and Greek
# charts); every one must look alike to the app.
HOMOGLYPHS: dict[str, str] = {
    "A": "\u0410\u0391", "B": "\u0412\u0392", "C": "\u0421", "E": "\u0415\u0395",
    "H": "\u041d\u0397", "I": "\u0406\u0399", "J": "\u0408", "K": "\u041a\u039a",
    "M": "\u041c\u039c", "N": "\u039d", "O": "\u041e\u039f", "P": "\u0420\u03a1",
    "S": "\u0405", "T": "\u0422\u03a4", "X": "\u0425\u03a7", "Y": "\u03a5", "Z": "\u0396",
    "a": "\u0430", "c": "\u0441", "e": "\u0435", "i": "\u0456", "j": "\u0458",
    "o": "\u043e\u03bf", "p": "\u0440\u03c1", "s": "\u0455", "x": "\u0445", "y": "\u0443",
}
INVISIBLE = ("\u200d", "\u200b", "\ufeff", "\u202e", "\u200e", "\u2060", "\u00ad")
LETTERS = "ABCEHIJKMNOPSTXYZabcdeghijkmnoprstuvxyzåæøäöüéèàùßÅÆØÄÖÜÉ"

# Names of the seven languages' tables, all at one table: none may look like another.
ORDINARY = (
    "Ann", "Anne", "Anna", "Bo", "Cy", "Dag", "Eli", "Finn", "Ida", "Ina", "Ian", "Ola",
    "Ole", "Åse", "Øyvind", "Öyvind", "Björn", "Bjørn", "Sigrid", "Ingrid", "Kari", "Karin",
    "Knut", "Lars", "Liv", "Mads", "Mette", "Nils", "Per", "Pia", "Rut", "Siv", "Tor", "Tove",
    "Ulf", "Vera", "Clara", "Dara", "Marnie", "Marie", "Giulia", "Giulio", "Chiara", "Luca",
    "Lucia", "Matteo", "Sofia", "Jan", "Jens", "Joost", "Sanne", "Fleur", "Jürgen", "Jörg",
    "Grete", "Gretel", "Hans", "Heinz", "Uwe", "Zoë", "مريم", "דוד", "😀", "👨\u200d👩\u200d👧",
)


def other_spelling(draw: Any, name: str) -> str:
    """`name` as a look-alike attack, a paste or another case might spell it."""
    out = []
    for c in name:
        choices = HOMOGLYPHS.get(c, "")
        if choices and draw(st.booleans()):
            c = draw(st.sampled_from(choices))
        elif c.isalpha() and draw(st.booleans()):
            c = c.swapcase() if len(c.swapcase()) == 1 else c
        out.append(c)
    other = "".join(out)
    if draw(st.booleans()):
        other = unicodedata.normalize("NFD", other)
    if draw(st.booleans()):
        at = draw(st.integers(0, len(other)))
        other = other[:at] + draw(st.sampled_from(INVISIBLE)) + other[at:]
    return draw(st.sampled_from(("", " ", "  "))) + other + draw(st.sampled_from(("", " ")))


@st.composite
def look_alike_pairs(draw: Any) -> tuple[str, str]:
    name = draw(st.text(LETTERS, min_size=1, max_size=12).filter(
        lambda n: "stock" not in n.casefold()))
    return name, other_spelling(draw, name)


def journal(game: str, seats: list[str]) -> bytes:
    head = dict(GAMES[game], seats=seats, dealer="Zed")
    return (json.dumps(head, ensure_ascii=False) + "\n").encode("utf-8")


def refused_at_new_table(first: str, second: str) -> bool:
    """What the New table screen does with two names typed one after the other."""
    a, b = spelled(first), spelled(second)
    return a.casefold() == b.casefold() or name_problem(a, []) is not None or \
        name_problem(b, [a]) is not None


@settings(max_examples=150 if not IN_CI else 300, deadline=None, derandomize=IN_CI)
@given(pair=look_alike_pairs(), game=st.sampled_from(list(GAMES)))
@example(pair=("Ann", "\u0410nn"), game="gnav")
@example(pair=("José", unicodedata.normalize("NFD", "José")), game="kille")
@example(pair=("Bo", "Bo\u202e"), game="gwra-pyskessa")
@example(pair=("Ola", "\u039fla"), game="cuccu")
def test_two_names_that_are_one_name_are_never_both_accepted(
    pair: tuple[str, str], game: str
) -> None:
    first, second = pair
    data = journal(game, [first, second, "Zed"])
    with pytest.raises(JournalError) as info:
        replay_state(data)  # `replay`, and import, which reads the journal the same way
    assert str(info.value).startswith("line 1: ")
    assert refused_at_new_table(first, second)


@settings(max_examples=100 if not IN_CI else 200, deadline=None, derandomize=IN_CI)
@given(pair=look_alike_pairs())
def test_a_look_alike_is_found_whatever_its_case_form_or_hidden_characters(
    pair: tuple[str, str]
) -> None:
    first, second = pair
    try:
        read_names([first, second])
    except GnavError:
        return  # the same name without regard to case, as the journal format has it
    assert look_alike(spelled(first), spelled(second)) or \
        any(unicodedata.category(c) == "Cf" for c in second)


@pytest.mark.parametrize(("latin", "lookalike"), [
    (latin, other) for latin, others in HOMOGLYPHS.items() for other in others])
def test_every_cyrillic_and_greek_look_alike_of_a_latin_letter_is_caught(
    latin: str, lookalike: str
) -> None:
    assert look_alike(f"{latin}x", f"{lookalike}x"), unicodedata.name(lookalike)


def test_ordinary_names_of_the_seven_languages_all_sit_at_one_table() -> None:
    """No false alarm among real names: Clara and Dara, Øyvind and Öyvind, Björn and Bjørn,
    Ida and Ina are names apart."""
    names = read_names(list(ORDINARY))
    for start in range(0, len(names), 40):
        check_new_names(names[start:start + 40])
    clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if look_alike(a, b)]
    assert clashes == []
    # and the look-alikes among them are caught, by the same rule
    assert look_alike("Marnie", "Mamie") and look_alike("Ida", "lda")
    # the price of looking without regard to case, as the journal format names seats: I is
    # drawn like l, and l is L's small letter
    assert look_alike("Ian", "Lan")
