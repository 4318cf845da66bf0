"""House defaults 1-12 of gnav.md (where no source speaks), and house rules in the header.

Each docstring is a verbatim passage of `docs/rules/gnav.md` or of the journal format,
`docs/journal.md`. Seats are Ann, Bo, Cy, Dag clockwise; unless a test says
otherwise Ann deals, so the turns run Bo, Cy, Dag and Ann last.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import (
    HOUSE_FIELDS,
    PRESETS,
    Change,
    GnavError,
    Reply,
    TableState,
    parse_event,
    parse_header,
    rulebook,
)

from .helpers import (
    GNAV_MD,
    JOURNAL_MD,
    balances,
    change,
    cut,
    deal,
    knock,
    leave,
    out_seats,
    play,
    refused,
    reply,
    reveal,
    sit_out,
    stand,
    table,
    unquoted_docstrings,
)

ALL_STAND = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), GNAV_MD, JOURNAL_MD)
    assert not bad, f"docstrings that are not quotes of gnav.md or the journal spec: {bad}"


def winners(state: TableState) -> list[str]:
    return [state.names[i] for i in state.winners]


# --- 1. who pays what happens in order -----------------------------------------------------


def test_house_default_1_losers_pay_before_fools_are_scored() -> None:
    """Payments to the pool happen when they are made (at a dragoon or cat, at once; at the
    reveal, the round's losers pay first, then fools are scored).
    """
    # the pool is empty before the reveal: Cy's counter for the owl is the one Bo then takes
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="9", Bo="fool", Cy="owl", Dag="fool"))
    settled = state.last_round
    assert settled is not None
    assert [(x.seat, x.paid) for x in settled.losses] == [("Cy", 1)]
    assert [(t.seat, t.took) for t in settled.fool_takes] == [("Bo", 1), ("Dag", 0)]
    assert balances(state) == {"Ann": 3, "Bo": 4, "Cy": 2, "Dag": 3}
    assert (state.pool, settled.pool) == (0, 0)


def test_house_default_1_a_seat_with_nothing_left_pays_nothing_more() -> None:
    """A balance never goes below 0 counters (or above the stroke limit): a seat that owes with
    nothing left pays nothing more.
    """
    state = play(table(each=1), deal(), change("Bo"), reply("Cy", "dragoon"), stand("Cy"),
                 stand("Dag"), stand("Ann"), reveal(Ann="9", Bo="owl", Cy="5", Dag="4"))
    settled = state.last_round
    assert settled is not None
    # Bo still lost at the reveal, but had no counter left to pay
    assert [(x.seat, x.paid) for x in settled.losses] == [("Bo", 0)]
    assert settled.losers == ("Bo",)
    assert balances(state) == {"Ann": 1, "Bo": 0, "Cy": 1, "Dag": 1}
    assert state.pool == 1
    assert state.as_json()["last_round"]["losers"] == ["Bo"]
    strokes = play(table(strokes=1), deal(), change("Bo"), reply("Cy", "cat"), stand("Cy"),
                   stand("Dag"), stand("Ann"), reveal(Ann="9", Bo="owl", Cy="5", Dag="4"))
    assert strokes.last_round is not None
    assert [(x.seat, x.paid) for x in strokes.last_round.losses] == [("Bo", 0)]
    assert balances(strokes) == {"Ann": 0, "Bo": 1, "Cy": 0, "Dag": 0}


# --- 2. going out --------------------------------------------------------------------------


def test_house_default_2_going_out_is_checked_after_the_reveal() -> None:
    """A seat whose last counter went into the pool during the turns keeps its piece, can still be
    asked, and reveals. Going out is checked once, after the reveal is settled: every seat at 0
    counters (or at the stroke limit) is out. So a damm fool receipt at that reveal can keep a
    seat in.
    """
    turns = [deal(), change("Bo"), reply("Cy", "dragoon")]
    state = play(table(each=1), *turns)
    assert balances(state)["Bo"] == 0
    assert out_seats(state) == []
    assert state.in_round == [True, True, True, True]
    state = play(table(each=1), *turns, knock("Bo"), stand("Cy"), stand("Dag"), stand("Ann"))
    assert refused(state, reveal(Ann="2", Cy="5", Dag="fool")) == "The reveal leaves out Bo."
    # Ann pays for the lowest other piece (pool 2); Bo, first left of the dealer, then Dag take
    state = play(table(each=1), *turns, stand("Cy"), stand("Dag"), stand("Ann"),
                 reveal(Ann="2", Bo="fool", Cy="5", Dag="fool"))
    assert balances(state) == {"Ann": 0, "Bo": 1, "Cy": 1, "Dag": 2}
    assert state.pool == 0
    assert out_seats(state) == ["Ann"]
    assert state.last_round is not None and state.last_round.went_out == ("Ann",)


# --- 3. paying out of the pool -------------------------------------------------------------


def test_house_default_3_fools_take_in_turn_order_from_the_dealers_left() -> None:
    """Each fool holder takes 1 from the pool while the pool has counters, in turn order starting
    left of the dealer.
    """
    # Cy deals: the turn order is Dag, Ann, Bo, Cy; Cy's one counter goes to Dag, not Ann
    state = play(table(dealer="Cy"), deal(), stand("Dag"), stand("Ann"), stand("Bo"),
                 stand("Cy"), reveal(Ann="fool", Bo="7", Cy="3", Dag="fool"))
    assert state.last_round is not None
    assert [(t.seat, t.took) for t in state.last_round.fool_takes] == [("Dag", 1), ("Ann", 0)]
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 4}
    assert state.pool == 0


def test_house_default_3_under_strokes_a_take_wipes_a_stroke() -> None:
    """Under strokes, taking 1 means one stroke is wiped out (never below 0)."""
    round1 = [deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6")]
    round2 = [deal(), stand("Cy"), stand("Dag"), stand("Ann"), stand("Bo"),
              reveal(Ann="fool", Bo="fool", Cy="2", Dag="5")]
    state = play(table(strokes=3), *round1, *round2)
    assert state.last_round is not None
    # Cy's stroke for the lowest piece comes first; then Ann's stroke is wiped, Bo has none
    assert [(t.seat, t.took) for t in state.last_round.fool_takes] == [("Ann", 1), ("Bo", 0)]
    assert balances(state) == {"Ann": 0, "Bo": 0, "Cy": 1, "Dag": 0}
    assert state.pool == 0


# --- 4. everyone out at once ---------------------------------------------------------------


def test_house_default_4_last_seats_out_together_share_the_win() -> None:
    """When the last seats in the game all go out at the same reveal, they share the win."""
    state = play(table(seats=["Ann", "Bo"], each=1), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="5", Bo="5"))
    assert state.phase == "over"
    assert winners(state) == ["Ann", "Bo"]
    assert out_seats(state) == ["Ann", "Bo"]
    assert state.last_round is not None and state.last_round.winners == ("Ann", "Bo")
    # under drags_next two fools drag the third seat with them
    state = play(table(rules="pagat", seats=["Ann", "Bo", "Cy"], each=1), deal(), stand("Bo"),
                 stand("Cy"), stand("Ann"), reveal(Ann="fool", Bo="fool", Cy="3"))
    assert winners(state) == ["Ann", "Bo", "Cy"]
    assert state.as_json()["winners"] == ["Ann", "Bo", "Cy"]
    assert state.dealer_name == "Ann"


# --- 5. where play goes on -----------------------------------------------------------------


def test_house_default_5_play_goes_on_left_of_the_asker() -> None:
    """Once a change is answered (an exchange, a dragoon under `after_asker`, a cat), play goes on
    with the seat to the asker's left; seats passed over by a horse or house keep their own turns
    (except after a chop under `after_holder`, point 6). When the asker is the dealer, the turns
    are over.
    """
    passed = [deal(), change("Bo"), reply("Cy", "horse"), reply("Dag", "house")]
    state = play(table(), *passed, reply("Ann"))
    assert state.exchanges_named() == [("Bo", "Ann")]
    assert (state.phase, state.turn_name) == ("turns", "Cy")
    assert play(table(), *passed, reply("Ann", "dragoon")).turn_name == "Cy"
    assert play(table(), *passed, reply("Ann", "cat")).turn_name == "Cy"
    dealer = [deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann")]
    for call in ("none", "dragoon", "cat"):
        assert play(table(rules="gamerules"), *dealer, reply("stock", call)).phase == "reveal"


def test_house_default_5_cat_lists_the_exchanges_to_undo_newest_first() -> None:
    """After a cat reversal (`cat_reverses`) the app lists the exchanges to undo, newest first, so
    the table can hand pieces back.
    """
    state = play(table(rules="gamerules"), deal(), change("Bo"), reply("Cy", "horse"),
                 reply("Dag", "house"), reply("Ann", "horse"), reply("stock"), change("Cy"),
                 reply("Dag"), change("Dag"), reply("Ann", "cat"))
    assert state.handback_named() == [("Cy", "Dag"), ("Bo", "stock")]
    assert state.exchanges_named() == []
    assert state.stock == 38  # an exchange with the stock left its size unchanged
    assert (state.phase, state.turn_name) == ("turns", "Ann")
    # the list is gone once the round is settled
    state = play(table(rules="gamerules"), deal(), change("Bo"), reply("Cy"), change("Cy"),
                 reply("Dag", "cat"), stand("Dag"), stand("Ann"),
                 reveal(Ann="1", Bo="2", Cy="3", Dag="cat"))
    assert state.handback_named() == []


# --- 6. after a chop under after_holder ----------------------------------------------------


def test_house_default_6_chop_after_holder_ends_turns_up_to_the_holder() -> None:
    """**After a chop under `after_holder`**, the turns of every seat up to and including the holder
    are over; when the holder is the dealer, the turns are over.
    """
    five = ["Ann", "Bo", "Cy", "Dag", "Eve"]
    state = play(table(rules="pagat", seats=five), deal(), change("Bo"), reply("Cy", "house"),
                 reply("Dag", "horse"), reply("Eve", "dragoon"))
    assert (state.phase, state.turn_name) == ("turns", "Ann")
    assert refused(state, stand("Cy")) == "It is Ann's turn, not Cy's."
    state = play(table(rules="pagat", seats=five), deal(), change("Bo"), reply("Cy", "house"),
                 reply("Dag", "horse"), reply("Eve", "horse"), reply("Ann", "dragoon"))
    assert state.phase == "reveal"
    assert balances(state)["Bo"] == 2


def test_house_default_6_a_dragoon_from_the_stock_ends_only_the_askers_turn() -> None:
    """A dragoon drawn from the stock always ends the asker's turn as under `after_asker`."""
    house = {"stock_calls": ["dragoon", "horse", "house"]}
    state = play(table(rules="pagat", house=house), deal(), stand("Bo"), change("Cy"),
                 reply("Dag", "horse"), reply("Ann", "horse"), reply("stock", "dragoon"))
    assert (state.phase, state.turn_name) == ("turns", "Dag")
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}
    assert state.stock == 37


# --- 7. a pass past the dealer -------------------------------------------------------------


def test_house_default_7_a_pass_past_the_dealer_goes_to_the_stock() -> None:
    """**A pass that runs past the dealer** goes to the stock: the stock is always last in line."""
    state = play(table(), deal(), stand("Bo"), stand("Cy"), change("Dag"), reply("Ann", "house"))
    assert state.asked_name == "stock"
    assert refused(state, reply("Bo")) == "Bo was not asked: Dag asked stock."
    state.apply(Reply("stock", "none"))
    assert state.exchanges_named() == [("Dag", "stock")]
    assert (state.phase, state.turn_name) == ("turns", "Ann")


# --- 8. two fools and sitting out ----------------------------------------------------------


def test_house_default_8_sitting_out_and_the_deal_passing_on() -> None:
    """only a seat that held one of the two fools revealed in the last round may sit out, only
    for the next round, and only while at least two seats are still dealt in. A seat that sits
    out cannot deal: the deal passes to the next seat dealt in, and the rotation goes on from
    there.
    """
    round1 = [deal(), *ALL_STAND, reveal(Ann="5", Bo="fool", Cy="fool", Dag="7")]
    state = play(table(rules="gamerules"), *round1)
    # both fools pay, and Ann's 5 is the next lowest: she pays too
    assert balances(state) == {"Ann": 2, "Bo": 2, "Cy": 2, "Dag": 3}
    assert (state.pool, state.dealer_name) == (3, "Bo")
    assert refused(state, sit_out("Dag")).startswith("Only a seat that held one of two fools")
    state = play(table(rules="gamerules"), *round1, sit_out("Bo"))
    assert state.dealer_name == "Cy"
    assert refused(state, sit_out("Bo")) == "Bo already sits out the next round."
    state = play(table(rules="gamerules"), *round1, sit_out("Bo"), sit_out("Cy"))
    assert state.dealer_name == "Dag"
    state = play(table(rules="gamerules"), *round1, sit_out("Bo"), sit_out("Cy"), deal())
    assert state.in_round == [True, False, False, True]
    assert (state.dealer_name, state.turn_name, state.stock) == ("Dag", "Ann", 40)
    assert refused(state, sit_out("Bo")).startswith("Bo can only sit out between rounds")
    assert refused(state, reveal(Ann="1", Dag="2")).startswith("The pieces cannot be shown now")
    state = play(table(rules="gamerules"), *round1, sit_out("Bo"), sit_out("Cy"), deal(),
                 stand("Ann"), stand("Dag"))
    assert refused(state, reveal(Ann="3", Bo="9", Dag="4")) == (
        "Bo sits out this round and shows no piece.")
    state.apply(parse_event(reveal(Ann="3", Dag="4")))
    assert balances(state) == {"Ann": 1, "Bo": 2, "Cy": 2, "Dag": 3}
    # the rotation goes on from Dag; nobody sits out any more
    assert (state.phase, state.dealer_name) == ("ready", "Ann")
    assert state.sitting_out == [False, False, False, False]
    assert refused(state, sit_out("Bo")).startswith("Only a seat that held one of two fools")


def test_house_default_8_at_least_two_seats_stay_dealt_in() -> None:
    """only a seat that held one of the two fools revealed in the last round may sit out, only
    for the next round, and only while at least two seats are still dealt in.
    """
    state = play(table(rules="gamerules", seats=["Ann", "Bo", "Cy"]), deal(), stand("Bo"),
                 stand("Cy"), stand("Ann"), reveal(Ann="5", Bo="fool", Cy="fool"), sit_out("Bo"))
    assert refused(state, sit_out("Cy")) == (
        "Cy cannot sit out: at least two seats must be dealt in.")


def test_house_default_8_a_leave_that_leaves_one_dealt_in_lapses_every_sit_out() -> None:
    """When a seat leaves so that fewer than two would be dealt in, every sit-out lapses at
    that leave: those seats will be dealt in, and the dealer is found as if nobody sat out.
    """
    round1 = [deal(), *ALL_STAND, reveal(Ann="5", Bo="fool", Cy="fool", Dag="7")]
    sat_out = [*round1, sit_out("Bo"), sit_out("Cy")]  # Ann dealt; the deal passed Bo, Cy
    assert play(table(rules="gamerules"), *sat_out).dealer_name == "Dag"
    # Dag, the dealer, leaves: Ann alone would be dealt in; after Ann (the last dealer) comes Bo
    state = play(table(rules="gamerules"), *sat_out, leave("Dag"))
    assert state.sitting_out == [False, False, False, False]
    assert (state.phase, state.dealer_name) == ("ready", "Bo")
    # Ann leaves: Dag alone would be dealt in; the dealer is again the seat after Ann
    state = play(table(rules="gamerules"), *sat_out, leave("Ann"))
    assert state.sitting_out == [False, False, False, False]
    assert state.dealer_name == "Bo"
    state.apply(parse_event(deal()))
    assert (state.in_round, state.turn_name) == ([False, True, True, True], "Cy")


# --- 9. dealer rotation --------------------------------------------------------------------


def test_house_default_9_next_dealer_is_next_seat_still_in_the_game() -> None:
    """The next dealer is the next seat still in the game to the left of the last dealer (whether
    or not the last dealer went out).
    """
    dealer_out = play(table(each=1), deal(), *ALL_STAND, reveal(Ann="0", Bo="4", Cy="5", Dag="6"))
    assert (out_seats(dealer_out), dealer_out.dealer_name) == (["Ann"], "Bo")
    left_out = play(table(each=1), deal(), *ALL_STAND, reveal(Ann="7", Bo="4", Cy="5", Dag="6"))
    assert (out_seats(left_out), left_out.dealer_name) == (["Bo"], "Cy")
    assert play(table(), leave("Ann")).dealer_name == "Bo"
    assert play(table(), leave("Ann"), leave("Bo")).dealer_name == "Cy"


# --- 10. the stock runs dry ----------------------------------------------------------------


def test_house_default_10_the_stock_runs_dry() -> None:
    """The stock holds the 42 pieces less those dealt. An exchange with it leaves its size
    unchanged (the asker's old piece goes in); every other reply from the stock uses up one piece
    (a horse or house is set aside, a cuckoo, dragoon or cat is shown and not taken). A change
    that would go to an empty stock lapses: no exchange, and play goes on as after an answered
    change (when the asker is the dealer, the turns are over).
    """
    seats = [f"P{n:02}" for n in range(1, 41)]
    stands = [stand(s) for s in seats[1:39]]
    state = play(table(rules="pagat", seats=seats, dealer="P01"), deal())
    assert state.stock == 2
    state = play(table(rules="pagat", seats=seats, dealer="P01"), deal(), *stands, change("P40"),
                 reply("P01", "horse"), reply("stock", "horse"))
    assert (state.phase, state.asked_name, state.stock) == ("asking", "stock", 1)
    state.apply(Reply("stock", "house"))
    # the stock is empty: P40's change lapses and the dealer's turn comes
    assert (state.phase, state.turn_name, state.asked, state.stock) == ("turns", "P01", None, 0)
    assert state.exchanges_named() == []
    state.apply(Change("P01"))
    assert (state.phase, state.stock, state.exchanges_named()) == ("reveal", 0, [])
    swap = play(table(seats=seats, dealer="P01"), deal(), *stands, stand("P40"), change("P01"),
                reply("stock"))
    assert (swap.phase, swap.stock, swap.exchanges_named()) == ("reveal", 2, [("P01", "stock")])


# --- 11. chop_continues is the dragoon's alone ---------------------------------------------


def test_house_default_11_after_a_cat_play_goes_on_left_of_the_asker() -> None:
    """After a cat, under every rule book, play goes on with the seat to the asker's left."""
    for rules in PRESETS:
        state = play(table(rules=rules), deal(), change("Bo"), reply("Cy", "horse"),
                     reply("Dag", "cat"))
        assert (rules, state.phase, state.turn_name) == (rules, "turns", "Cy")
    held = play(table(house={"chop_continues": "after_holder"}), deal(), change("Bo"),
                reply("Cy", "horse"), reply("Dag", "cat"))
    assert held.turn_name == "Cy"


# --- 12. what is not checked ---------------------------------------------------------------


def test_house_default_12_pieces_counted_only_within_one_reveal_or_cut() -> None:
    """Pieces are only counted within one reveal and within one cut (never three of a piece)."""
    state = play(table(), deal(), *ALL_STAND)
    assert refused(state, reveal(Ann="7", Bo="7", Cy="7", Dag="1")) == (
        "The reveal shows 3 of 7; the pack has only 2.")
    state = play(table(dealer=None))
    assert refused(state, cut(Ann="cat", Bo="cat", Cy="cat", Dag="1")) == (
        "The cut shows 3 of cat; the pack has only 2.")
    # a tie draws again: the pieces of the first cut are back in the bag
    state = play(table(dealer=None), cut(Ann="cat", Bo="cat", Cy="2", Dag="1"),
                 cut(Ann="cat", Bo="cat"))
    assert (state.phase, [state.names[i] for i in state.cut_seats]) == ("cut", ["Ann", "Bo"])


def test_house_default_12_calls_and_knocks_not_cross_checked() -> None:
    """Calls, knocks and pieces set aside are not cross-checked against the reveal: the referee
    may have mis-tapped earlier, and the reveal is what the table sees.
    """
    state = play(table(rules="pagat"), deal(), knock("Bo"), change("Bo"), reply("Cy", "cuckoo"),
                 reveal(Ann="horse", Bo="5", Cy="2", Dag="horse"))
    assert state.last_round is not None and state.last_round.losers == ("Cy",)
    state = play(table(rules="pagat"), deal(), *ALL_STAND[:3], change("Ann"),
                 reply("stock", "horse"), reply("stock", "horse"), reply("stock"),
                 reveal(Ann="horse", Bo="horse", Cy="fool", Dag="fool"))
    assert state.last_round is not None and state.last_round.losers == ("Ann", "Bo", "Cy", "Dag")


# --- house rules in the header -------------------------------------------------------------


def test_house_rules_override_the_preset() -> None:
    """Every point above that has a name in `code font` is a field of a rule book; a journal
    header may override any of them with `"house": {"field": value}` (see `docs/journal.md`,
    versions 1 and 2).
    """
    house: dict[str, Any] = {"cat_reverses": True, "stock_calls": ["house", "horse"]}
    header = parse_header(table(house=house))
    book = TableState(header).rules
    assert (book.name, book.cat_reverses, book.stock_calls) == ("damm", True, ("horse", "house"))
    assert book.fool_scoring == "damm"  # the rest stays the preset's
    assert book == rulebook("damm", house)
    assert header.house_dict() == {"cat_reverses": True, "stock_calls": ["horse", "house"]}
    state = play(table(house=house), deal(), change("Bo"), reply("Cy"), change("Cy"),
                 reply("Dag", "cat"))
    assert state.handback_named() == [("Bo", "Cy")]
    state = play(table(house=house), deal(), *ALL_STAND[:3], change("Ann"),
                 reply("stock", "horse"))
    assert (state.asked_name, state.stock) == ("stock", 37)
    assert refused(state, reply("stock", "cat")) == (
        "The stock cannot call cat under these rules: the stock only calls horse or house.")
    assert state.as_json()["house"] == {"cat_reverses": True, "stock_calls": ["horse", "house"]}


def test_house_rules_change_fool_scoring_and_chop() -> None:
    """| `fool_scoring` | `"damm"` | `"drags_next"` | `"drags_next"` |"""
    damm_drags = play(table(house={"fool_scoring": "drags_next"}), deal(), *ALL_STAND,
                      reveal(Ann="fool", Bo="owl", Cy="2", Dag="fool"))
    assert damm_drags.last_round is not None
    assert damm_drags.last_round.losers == ("Ann", "Bo", "Dag")
    pagat_damm = play(table(rules="pagat", house={"fool_scoring": "damm"}), deal(), *ALL_STAND,
                      reveal(Ann="fool", Bo="owl", Cy="2", Dag="fool"))
    assert pagat_damm.last_round is not None
    assert pagat_damm.last_round.losers == ("Bo",)
    # Bo's counter is the whole pool: Dag, first of the fools left of the dealer, takes it
    assert balances(pagat_damm) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 4}
    chop = play(table(house={"chop_continues": "after_holder"}), deal(), change("Bo"),
                reply("Cy", "horse"), reply("Dag", "dragoon"))
    assert chop.turn_name == "Ann"


def test_house_rules_two_fools_sit_out_on_pagat() -> None:
    """| `two_fools_sit_out` | `false` | `false` | `true` |"""
    game = [deal(), *ALL_STAND, reveal(Ann="fool", Bo="3", Cy="fool", Dag="5")]
    assert play(table(rules="pagat", house={"two_fools_sit_out": True}), *game,
                sit_out("Ann")).sitting_out == [True, False, False, False]
    state = play(table(rules="gamerules", house={"two_fools_sit_out": False}), *game)
    assert refused(state, sit_out("Ann")) == (
        "Nobody sits out under these rules (gamerules, two_fools_sit_out off).")


def test_house_rules_asker_pays_charges_each_listed_call() -> None:
    """`stock_calls` and `asker_pays` hold any of the five matadors, each at most once; a call
    listed in `asker_pays` charges the asker one counter (or stroke) at once, whatever else it
    does.
    """
    free = play(table(house={"asker_pays": []}), deal(), change("Bo"), reply("Cy", "dragoon"))
    assert (balances(free)["Bo"], free.pool, free.turn_name) == (3, 0, "Cy")
    horse = play(table(house={"asker_pays": ["horse", "dragoon", "cat"]}), deal(), change("Bo"),
                 reply("Cy", "horse"), reply("Dag", "horse"))
    assert (balances(horse)["Bo"], horse.pool, horse.asked_name) == (1, 2, "Ann")
    strokes = play(table(strokes=5, house={"asker_pays": ["cuckoo"]}), deal(), change("Bo"),
                   reply("Cy", "cuckoo"))
    assert (balances(strokes)["Bo"], strokes.pool, strokes.phase) == (1, 0, "reveal")


def test_house_rules_unknown_fields_are_an_error() -> None:
    """`house`: optional object of house rules, each a rule-book field and its value, overriding
    the preset (fields and values in `docs/rules/gnav.md`, "Rule book fields"). Unknown fields
    are an error.
    """
    with pytest.raises(GnavError) as info:
        parse_header(table(house={"fool_scoring": "damm", "fool": "drags_next"}))
    assert str(info.value) == (
        "\"fool\" is not a house rule; the house rules are fool_scoring, two_fools_sit_out, "
        "chop_continues, cat_reverses, stock_calls, asker_pays.")
    assert HOUSE_FIELDS == ("fool_scoring", "two_fools_sit_out", "chop_continues",
                            "cat_reverses", "stock_calls", "asker_pays")
    with pytest.raises(GnavError) as info:
        parse_header(table(house=["cat_reverses"]))  # type: ignore[arg-type]
    assert str(info.value) == "\"house\" must be an object of house rules."


@pytest.mark.parametrize(("house", "reason"), [
    ({"fool_scoring": "lowest"}, "fool_scoring must be \"damm\" or \"drags_next\", not \"lowest\"."),
    ({"fool_scoring": None}, "fool_scoring must be \"damm\" or \"drags_next\", not null."),
    ({"chop_continues": "after_dealer"},
     "chop_continues must be \"after_asker\" or \"after_holder\", not \"after_dealer\"."),
    ({"two_fools_sit_out": "yes"}, "two_fools_sit_out must be true or false, not \"yes\"."),
    ({"cat_reverses": 1}, "cat_reverses must be true or false, not 1."),
    ({"stock_calls": "horse"}, "stock_calls must be a list of matadors, not \"horse\"."),
    ({"stock_calls": [True]}, "stock_calls must be a list of matadors, not [true]."),
    ({"stock_calls": ["fool"]},
     "stock_calls may only hold the matadors cuckoo, dragoon, cat, horse, house, not \"fool\"."),
    ({"asker_pays": ["cat", "cat"]}, "asker_pays lists a matador more than once."),
])
def test_house_rules_bad_values_are_an_error(house: dict[str, Any], reason: str) -> None:
    """`stock_calls` and `asker_pays` hold any of the five matadors, each at most once"""
    with pytest.raises(GnavError) as info:
        parse_header(table(house=house))
    assert str(info.value) == reason


# --- sourced house variants ----------------------------------------------------------------


@pytest.mark.parametrize("rules", ["damm", "pagat", "gamerules"])
def test_sourced_variant_the_asker_pays_at_the_cuckoo_too(rules: str) -> None:
    """**The asker pays at the cuckoo too** (Huldt Nystrom: the asker puts a cent in the pot
    "not only at the Cuckoo but also at the two pieces below it, the Dragoons and Cats"): set
    `"asker_pays": ["cuckoo", "dragoon", "cat"]` as a house rule on any rule book. No rule book
    has it by default."""
    house = {"asker_pays": ["cuckoo", "dragoon", "cat"]}
    state = play(table(rules, house=house), deal(), change("Bo"), reply("Cy", "cuckoo"))
    assert state.last is not None and state.last.charged == 1
    assert (state.phase, balances(state)["Bo"], state.pool) == ("reveal", 2, 1)
    preset = play(table(rules), deal(), change("Bo"), reply("Cy", "cuckoo"))
    assert (preset.phase, balances(preset)["Bo"], preset.pool) == ("reveal", 3, 0)
    # the dealer asking the stock pays at its cuckoo too, where the stock may call it
    if "cuckoo" in rulebook(rules).stock_calls:
        stock = play(table(rules, house=house), deal(), stand("Bo"), stand("Cy"), stand("Dag"),
                     change("Ann"), reply("stock", "cuckoo"))
        assert (stock.phase, balances(stock)["Ann"], stock.pool) == ("reveal", 2, 1)
