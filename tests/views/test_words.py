"""Narration: the banner, settlement and history sentences the table reads, from engine values."""

from __future__ import annotations

import pytest

from companion.core.errors import GnavError
from companion.engine.gnav import Change, Deal, Reply, Reveal, Stakes, Stand, Table, TableState
from companion.engine.gnav.narrate import (
    banner_lines,
    call_gloss,
    call_with_gloss,
    call_words,
    event_sentence,
    handback_words,
    history_line,
    now_sentence,
    settlement_sentences,
)
from companion.i18n import Tr
from companion.narrate.words import winners_sentence


def state(rules: str = "damm", seats: tuple[str, ...] = ("Ann", "Bo", "Cy", "Dag"),
          strokes: int | None = None, house: tuple = ()) -> TableState:
    stakes = Stakes("strokes", strokes) if strokes else Stakes("counters", 3)
    return TableState(Table(rules=rules, stakes=stakes, seats=seats, dealer="Ann", house=house))


def test_calls_are_in_the_rule_books_own_words() -> None:
    assert [call_words("damm", c) for c in ("cuckoo", "dragoon", "cat", "horse", "house")] == [
        "«Ko-ko!»", "«Hogg av!»", "«Kiss!»", "«Hest forbi!»", "«Hus forbi!»"]
    assert call_words("pagat", "cat") == "«Miaow!»"
    assert call_words("gamerules", "dragoon") == "«Cut off!»"


def test_dragoon_banner_says_who_paid_and_whose_turn_it_is() -> None:
    s = state()
    s.apply(Deal())
    s.apply(Change("Bo"))
    lines = banner_lines(s.apply(Reply("Cy", "dragoon")), s)
    assert lines == [("Cy says «Hogg av!» (“Chop off!”): the dragoon stops the swap. "
                      "Bo keeps the piece."),
                     "Bo pays a counter into the pool.", "Cy's turn."]


def test_strokes_banner_says_a_stroke_is_taken() -> None:
    s = state(strokes=5)
    s.apply(Deal())
    s.apply(Change("Bo"))
    lines = banner_lines(s.apply(Reply("Cy", "cat")), s)
    assert "Bo takes a stroke." in lines


def test_pass_banner_says_who_is_asked_now() -> None:
    s = state()
    s.apply(Deal())
    s.apply(Change("Bo"))
    lines = banner_lines(s.apply(Reply("Cy", "horse")), s)
    assert lines[0] == ("Cy says «Hest forbi!» (“Horse, pass on!”): Cy keeps the horse, and "
                        "the swap passes on.")
    assert lines[-1] == "Bo now asks Dag."


def test_change_banner_says_who_answers() -> None:
    s = state()
    s.apply(Deal())
    assert banner_lines(s.apply(Change("Bo")), s) == ["Bo asks Cy to swap.", "Cy answers."]


def test_pagat_cat_lists_the_handback_newest_first() -> None:
    s = state("pagat")
    s.apply(Deal())
    s.apply(Change("Bo"))
    s.apply(Reply("Cy", "none"))  # Bo <-> Cy
    s.apply(Change("Cy"))
    s.apply(Reply("Dag", "none"))  # Cy <-> Dag
    s.apply(Change("Dag"))
    lines = banner_lines(s.apply(Reply("Ann", "cat")), s)
    assert "Everyone hands back: Cy ↔ Dag, then Bo ↔ Cy." in lines
    assert lines[0].startswith("Ann says «Miaow!»: the cat stops the swap.")
    assert "Dag pays a counter into the pool." in lines


def test_handback_names_the_stock() -> None:
    assert handback_words([("Ann", "stock")]) == "Everyone hands back: Ann ↔ the stock"


def test_damm_two_fools_settlement_in_order() -> None:
    s = state()
    s.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        s.apply(Stand(seat))
    outcome = s.apply(Reveal((("Ann", "fool"), ("Bo", "3"), ("Cy", "fool"), ("Dag", "9"))))
    assert outcome.settlement is not None
    lines = settlement_sentences(outcome.settlement, counters=True)
    assert lines[0] == "Bo shows the 3, the lowest piece, and pays a counter into the pool."
    # house default 3: fool holders take in turn order from the dealer's left (Cy before Ann)
    assert lines[1:3] == ["Two fools: Cy takes a counter from the pool.",
                          "Two fools: Ann takes nothing, the pool is empty."]
    assert lines[-1] == "Bo deals next."


def test_drags_next_settlement_names_the_dragged_seat() -> None:
    s = state("pagat")
    s.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        s.apply(Stand(seat))
    outcome = s.apply(Reveal((("Ann", "fool"), ("Bo", "3"), ("Cy", "owl"), ("Dag", "9"))))
    assert outcome.settlement is not None
    lines = settlement_sentences(outcome.settlement, counters=True)
    assert lines[0] == "Ann shows a fool, the lowest piece, and pays a counter into the pool."
    assert lines[1] == ("Cy shows the owl, the next lowest after the fool, and pays a counter "
                        "into the pool.")
    assert "The pool holds 2 counters." in lines


def test_settlement_says_who_goes_out_and_who_wins() -> None:
    s = TableState(Table(rules="damm", stakes=Stakes("counters", 1), seats=("Ann", "Bo"),
                         dealer="Ann"))
    s.apply(Deal())
    s.apply(Stand("Bo"))
    s.apply(Stand("Ann"))
    outcome = s.apply(Reveal((("Ann", "5"), ("Bo", "4"))))
    assert outcome.settlement is not None
    lines = settlement_sentences(outcome.settlement, counters=True)
    assert lines == ["Bo shows the 4, the lowest piece, and pays a counter into the pool.",
                     "Bo is out of the game.", "Ann wins."]
    assert now_sentence(s) == "Ann wins"


def test_winners_sentence_shares_the_win() -> None:
    assert winners_sentence(["Bo"]) == "Bo wins"
    assert winners_sentence(["Ann", "Bo"]) == "Ann and Bo share the win"


def test_event_sentence_for_undo() -> None:
    assert event_sentence(Stand("Bo"), "damm") == "Bo stands"
    assert event_sentence(Reply("stock", "none"), "damm") == "The stock swaps"
    assert event_sentence(Reply("Cy", "cat"), "damm") == "Cy answers with the cat: «Kiss!» (“Puss!”)"
    assert event_sentence(Deal(), "damm") == "the deal"


def test_history_line_numbers_rounds() -> None:
    s = state()
    outcome = s.apply(Deal())
    assert history_line(1, Deal(), outcome, "damm", True, 1) == "1. Round 1: Ann deals."


def test_an_unknown_rule_book_has_no_calls_not_damms() -> None:
    # issue 13, item 4: "no silent fallback to damm"
    with pytest.raises(GnavError, match="not a rule book"):
        call_words("kortgnav", "cat")


def test_danish_glosses_are_da1917s_own_calls() -> None:
    # gnav.md, "The calls", DA1917 (Danish): «Stå for gøgen!», «Hug af!», «Kis! Kis!»,
    # «Hest forbi!», «Hus forbi!». Issue 17: where a source gives the calls in the app's
    # language, the app uses those words, not a translation of the English.
    da = Tr("da")
    assert call_with_gloss("damm", "dragoon", da) == "«Hogg av!» (DA1917: «Hug af!»)"
    assert call_with_gloss("damm", "cuckoo", da) == "«Ko-ko!» (DA1917: «Stå for gøgen!»)"
    assert call_with_gloss("pagat", "cat", da) == "«Miaow!» (DA1917: «Kis! Kis!»)"
    assert call_gloss("gamerules", "house", da) == "DA1917: «Hus forbi!»"
    # the same words as the rule book's: nothing beside them
    assert call_with_gloss("damm", "horse", da) == "«Hest forbi!»"
    # DA1917 does not say the stand: our translation stays
    assert "DA1917" not in call_with_gloss("damm", "stand", da)
    # the other languages unchanged
    assert call_with_gloss("damm", "dragoon") == "«Hogg av!» (“Chop off!”)"
    assert "DA1917" not in call_with_gloss("damm", "dragoon", Tr("nb"))
