"""Each game's own material is rule data (issue 23, item 10: "Slabberjan is worded as a card game
... it is 42 wooden pieces drawn from a bag"; slabberjan.md, "The pack": 42 pieces, drawn from a
bag): every sentence that names what the players hold or what the dealer draws from takes it
from the game's book, so Slabberjan's never says cards, a stock or a Talon, and the card games'
still do."""

from __future__ import annotations

import re

import pytest

from companion.engine.cuckoo.family import FamilyKind, FamilyState
from companion.engine.cuckoo.material import BAG, CARDS
from companion.engine.cuckoo.narrate import history_lines, now_sentence
from companion.engine.cuckoo.teach import learn_page
from companion.engine.registry import GAMES, parse_header
from companion.i18n import LANGUAGES, Tr

BOOKS = {game.id: game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind)}
# what a card table says, in each language; none of it may be said of Slabberjan's bag
CARD_WORDS = {
    "en": r"\bcards?\b|\bstock\b", "nb": r"\bkort|\bbunke", "da": r"\bkort|\bbunke",
    "sv": r"\bkort|\btalong", "de": r"Karte|Talon", "nl": r"kaart|stapel",
    "it": r"\bcart[ae]\b|tallone",
}


def test_the_books_name_their_material() -> None:
    assert BOOKS["slabberjan"].words.material is BAG
    assert all(BOOKS[g].words.material is CARDS for g in ("kille", "cuccu", "vogelspiel"))
    assert set(BAG) == set(CARDS)


def slabberjan_told(tr: Tr) -> list[str]:
    """A Slabberjan round whose bag-holder draws from the bag, told, and its Learn page."""
    head = {"ev": "table", "version": 2, "game": "slabberjan", "rules": "sheet",
            "stakes": {"kind": "counters", "each": 3}, "seats": ["Ann", "Bo", "Cy"],
            "dealer": "Ann"}
    kind, table = parse_header(head)
    first = kind.new_state(table)
    assert isinstance(first, FamilyState)
    events = [{"ev": "deal"}, {"ev": "stand", "seat": "Cy"}, {"ev": "stand", "seat": "Bo"},
              {"ev": "change", "seat": "Ann"}]
    parsed = [kind.parse_event(e, table) for e in events]
    state = first.clone()
    for event in parsed:
        state.apply(event)
    lines = [now_sentence(state, tr)]
    reply = kind.parse_event({"ev": "reply", "from": "stock", "call": "none"}, table)
    lines += history_lines(first, [*parsed, reply], tr)
    page = learn_page(BOOKS["slabberjan"], BOOKS["slabberjan"].presets["sheet"], tr)
    lines += [page.heading, *(line for _h, card in page.card for line in card)]
    lines += [s for lesson in page.lessons for s in lesson.does]
    return lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_slabberjan_is_told_as_pieces_drawn_from_a_bag(lang: str) -> None:
    lines = slabberjan_told(Tr(lang))
    said = "\n".join(lines)
    wrong = [line for line in lines if re.search(CARD_WORDS[lang], line, re.IGNORECASE)]
    assert not wrong, wrong
    bag = {"en": "bag", "nb": "pose", "da": "pose", "sv": "påse", "de": "Beutel", "nl": "zak",
           "it": "sacchetto"}[lang]
    assert bag in said


def test_german_never_puts_the_stock_in_the_wrong_case() -> None:
    """Issue 23, item 12: German "bittet der Talon", "an der Talon", "Ich bleibe oder Willst du
    tauschen?": the stock's sentences are its material's own, whole."""
    head = {"ev": "table", "version": 2, "game": "kille", "rules": "byteskille",
            "stakes": {"kind": "stake", "rebuys": 3}, "seats": ["Ann", "Bo", "Cy"],
            "dealer": "Ann"}
    kind, table = parse_header(head)
    first = kind.new_state(table)
    assert isinstance(first, FamilyState)
    events = [{"ev": "deal"}, {"ev": "stand", "seat": "Bo"}, {"ev": "stand", "seat": "Cy"},
              {"ev": "change", "seat": "Ann"}]
    said = history_lines(first, [kind.parse_event(e, table) for e in events], Tr("de"))
    assert said[-1] == "4. Ann will mit dem Talon tauschen."
    assert not [line for line in said if re.search(r"(bittet|an) der Talon", line)]
    tr = Tr("de")
    assert tr("{stand} or {change}", stand="Ich bleibe", change="Willst du tauschen?") == \
        "„Ich bleibe“ oder „Willst du tauschen?“"
