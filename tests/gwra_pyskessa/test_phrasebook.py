"""The phrasebook as data (docs/rules/gwra-pyskessa.md, "The phrasebook (data)" and
"Composing the sentences"): every card has its Cornish name as the seed's table writes it, the
seed's spellings and inconsistencies are kept, the sentences compose as the rules file shows,
and every English word has its Norwegian and Danish translation."""

from __future__ import annotations

import random
import re

import pytest

from companion.core.errors import Text
from companion.engine.gwra_pyskessa import CARD, PACK, PHRASES, RANK, RANKS, SUITS, answer, ask
from companion.engine.gwra_pyskessa.cards import JOKER, NUMBERS
from companion.engine.gwra_pyskessa.narrate import quiz_questions
from companion.i18n import Tr

from .helpers import RULES_MD, SEED


def _rules_table() -> dict[str, list[str]]:
    """The rules file's table of the 52 card names: rank -> the four names, spades first."""
    text = RULES_MD.read_text(encoding="utf-8")
    part = text[text.index("The 52 card names"):text.index("The seed's inconsistencies")]
    rows = re.findall(r"^\| (\w+) \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$", part, re.MULTILINE)
    return {row[0]: list(row[1:]) for row in rows if row[0] != "rank"}


TITLES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def test_the_pack_is_fifty_two_cards_each_once() -> None:
    assert len(PACK) == len(CARD) == 52
    assert [c.id for c in PACK[:5]] == ["2S", "2D", "2C", "2H", "3S"]
    assert {"7H", "10S", "QD"} <= set(CARD)
    assert [r.value for r in RANKS] == list(range(2, 15))  # ace high


def test_every_card_has_the_cornish_name_of_the_rules_files_table() -> None:
    table = _rules_table()
    assert len(table) == 13
    for rank in RANKS:
        names = [CARD[rank.id + s.letter].cornish for s in SUITS]
        assert names == table[TITLES.get(rank.id, rank.id)], rank.id


def test_every_cornish_name_is_in_the_seed_as_written() -> None:
    seed = SEED.read_text(encoding="utf-8")
    for card in PACK:
        assert card.cornish in seed, card.id
    for rank in RANKS:
        assert f"\n{rank.cornish}\t" in seed, rank.cornish  # the vocabulary list
    for suit in SUITS:
        assert f"\n{suit.vocabulary}\t" in seed, suit.vocabulary
    for cornish, _english in (JOKER, *NUMBERS.values()):
        assert f"{cornish}\t" in seed
    for phrase in PHRASES.values():
        assert phrase.cornish in seed, phrase.cornish
        assert phrase.english in seed, phrase.english


def test_the_seeds_inconsistencies_are_kept() -> None:
    assert PHRASES["yes_rules"].cornish == "Eus. Yma genev vy..."
    assert PHRASES["yes_vocab"].cornish == "Eus. Yma ... genev."
    assert PHRASES["yes_example2"].cornish == "Eus, yma genev vy seyth."
    assert PHRASES["no"].cornish == "Nag eus. Gwra pyskessa!"
    assert PHRASES["no_short"].cornish == "Nag eus. Pyskessa!"
    assert PHRASES["ask"].english == "Do you have...?"
    assert PHRASES["ask_vocab"].english == "Have you got any...?"
    assert "neb" in PHRASES["ask_any"].cornish and "neb" not in PHRASES["ask_example"].cornish
    hearts = next(s for s in SUITS if s.letter == "H")
    assert (hearts.cornish, hearts.vocabulary) == ("an Kolonnow", "... an kolonnow")
    assert dict(NUMBERS) == {"one": ("Onan", "one"), "nought": ("Mann", "nought")}
    assert RANK["A"].cornish == "Byd" and JOKER[0] == "Benni"


def test_the_ask_composes_as_the_rules_file_shows() -> None:
    said = ask("Pol", "7")
    assert (said.cornish, said.english) == ("Pol, eus seyth genes?",
                                           "Pol, have you got any sevens?")
    assert said.cornish == PHRASES["ask_example"].cornish
    assert said.english == PHRASES["ask_example"].english
    assert ask("Vicki", "K").cornish == "Vicki, eus myghtern genes?"  # the first form: no «neb»
    assert ask("Åse", "Q").english == "Åse, have you got any queens?"
    assert {ask("Bo", r.id).cornish.split()[2] for r in RANKS} == {
        r.cornish.lower() for r in RANKS}  # the rank word with a small letter


def test_the_answers_compose_as_the_rules_file_shows() -> None:
    one, two, three = (answer("7", n) for n in (1, 2, 3))
    assert (one.cornish, one.english) == ("Eus. Yma genev vy seyth.", "Yes. I have a seven.")
    assert one == PHRASES["yes_example"]
    # the Cornish keeps the rank word singular when two or three are given
    assert two.cornish == three.cornish == "Eus. Yma genev vy seyth."
    assert (two.english, three.english) == ("Yes. I have two sevens.",
                                            "Yes. I have three sevens.")
    assert answer("8", 1).english == "Yes. I have an eight."
    assert answer("A", 0) == PHRASES["no"]
    assert answer("A", 0).english == "No. Go fish!"


def test_the_english_card_names() -> None:
    assert CARD["2S"].english == "two of spades"
    assert CARD["QD"].english == "queen of diamonds"
    assert CARD["AH"].english == "ace of hearts"


@pytest.mark.parametrize("lang", ["nb", "da"])
def test_every_english_word_of_the_phrasebook_is_translated(lang: str) -> None:
    tr = Tr(lang)
    words: list[Text] = [p.english for p in PHRASES.values()]
    words += [Text(w) for r in RANKS for w in (r.singular, r.plural, r.article)]
    words += [Text(s.english) for s in SUITS] + [c.english for c in PACK]
    words += [Text(JOKER[1])] + [Text(e) for _c, e in NUMBERS.values()]
    words += [ask("Pol", "7").english] + [answer("7", n).english for n in range(4)]
    same = [str(w) for w in words if tr.error(w) == str(w) and str(w) != "Joker"]
    assert same == []


def test_the_sentences_in_norwegian_and_danish() -> None:
    nb, da = Tr("nb"), Tr("da")
    assert nb.error(ask("Pol", "7").english) == "Pol, har du noen sjuere?"
    assert da.error(ask("Pol", "7").english) == "Pol, har du nogen syvere?"
    assert nb.error(answer("7", 1).english) == "Ja. Jeg har en sjuer."
    assert da.error(answer("A", 2).english) == "Ja. Jeg har to esser."
    assert nb.error(answer("K", 0).english) == "Nei. Gå og fisk!"
    assert nb.error(CARD["QH"].english) == "hjerter dame"
    assert da.error(CARD["JC"].english) == "klør knægt"


def test_the_quiz_never_marks_learns_meaning_of_the_ask_wrong() -> None:
    """Issue 23, item 14: the quiz marked "Have you got any...?" wrong for «Eus ... genes?», the
    meaning Learn and the table give (the vocabulary list's spelling «Eus... genes?»)."""
    for seed in range(40):
        for q in quiz_questions(random.Random(seed), count=12):
            if q.prompt == "What does «Eus ... genes?» mean?":
                wrong = [o for i, o in enumerate(q.options) if i != q.answer]
                assert "Have you got any...?" not in wrong
                assert q.options[q.answer] == "Do you have...?"
