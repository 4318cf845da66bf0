"""The pagat rule book, one test per rule point of the Wikipedia rules section (after pagat.com).

Each docstring is a verbatim passage of that section, as kept in
`tests/excerpts/gnav-wikipedia-rules-section.txt`, or, where it is silent, of
`docs/rules/gnav.md`. Seats are Ann, Bo, Cy, Dag clockwise; unless a test says otherwise Ann
deals, so the turns run Bo, Cy, Dag and Ann last.
"""

from __future__ import annotations

from companion.engine import parse_event

from .helpers import (
    EXCERPTS,
    GNAV_MD,
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
    stand,
    table,
    unquoted_docstrings,
)

SOURCE = EXCERPTS / "gnav-wikipedia-rules-section.txt"
ALL_STAND = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]
FIVE = ["Ann", "Bo", "Cy", "Dag", "Eve"]


def pagat(**kwargs: object) -> dict[str, object]:
    return table(rules="pagat", **kwargs)  # type: ignore[arg-type]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE, GNAV_MD)
    assert not bad, f"docstrings that are not quotes of the rules section or gnav.md: {bad}"


# --- before the turns ----------------------------------------------------------------------


def test_pagat_first_dealer_not_said_so_the_header_names_one_or_a_cut_finds_one() -> None:
    """| first dealer | each draws a piece, highest deals, a tie for highest draws again, the fool
    lowest | (not said: random) | random |
    """
    assert play(pagat()).phase == "ready"
    state = play(pagat(dealer=None), cut(Ann="fool", Bo="owl", Cy="pot", Dag="0"))
    assert (state.phase, state.dealer_name) == ("ready", "Dag")


def test_pagat_deal_rotates_to_the_left() -> None:
    """| deal rotates | to the left | to the left (inferred: pagat says play goes to the left; the
    rotation of the deal is not stated) | to the left |"""
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6"))
    assert state.dealer_name == "Bo"
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6"),
                 deal(), stand("Cy"), stand("Dag"), stand("Ann"), stand("Bo"),
                 reveal(Ann="4", Bo="5", Cy="6", Dag="7"))
    assert state.dealer_name == "Cy"


def test_pagat_equal_supplies_of_counters() -> None:
    """Players also receive equal supplies of [[counter (cards)|counters]]."""
    assert balances(play(pagat(each=4))) == {"Ann": 4, "Bo": 4, "Cy": 4, "Dag": 4}


def test_pagat_strokes_instead_of_counters() -> None:
    """Instead of using counters, players may keep score using a chalk and slate. Players receive
    strokes (////) on the slate instead of paying counters to the pool and a player is
    eliminated on scoring an agreed number of strokes.
    """
    state = play(pagat(strokes=2), deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6"))
    assert not state.counters
    assert balances(state) == {"Ann": 1, "Bo": 0, "Cy": 0, "Dag": 0}
    assert state.pool == 0
    assert state.as_json()["seats"][0] == {
        "name": "Ann", "strokes": 1, "out": False, "sits_out": False, "knocked": False}
    # a second loss reaches the agreed number: Ann is out
    state = play(pagat(strokes=2), deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6"),
                 deal(), stand("Cy"), stand("Dag"), stand("Ann"), stand("Bo"),
                 reveal(Ann="2", Bo="4", Cy="5", Dag="6"))
    assert balances(state) == {"Ann": 2, "Bo": 0, "Cy": 0, "Dag": 0}
    assert out_seats(state) == ["Ann"]


def test_pagat_knock_when_dealt_the_fool() -> None:
    """If a player is dealt the Fool, they must knock the table to alert other players to this
    fact.
    """
    state = play(pagat(), deal(), knock("Dag"))
    assert state.knocked == [False, False, False, True]
    assert (state.phase, state.turn_name) == ("turns", "Bo")
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 3}
    assert state.as_json()["seats"][3]["knocked"] is True
    # a knock is news for this round only
    state = play(pagat(), deal(), knock("Dag"), *ALL_STAND,
                 reveal(Ann="3", Bo="4", Cy="5", Dag="fool"), deal())
    assert state.knocked == [False, False, False, False]


def test_pagat_knocked_holds_for_the_round_it_was_dealt_in() -> None:
    """If a player is dealt the Fool, they must knock the table to alert other players to this
    fact.
    """
    # a knock tells what was dealt: it stays news while the round lasts, also once Dag has
    # swapped the fool away (the screens say "knocked this round" only while it lasts)
    state = play(pagat(), deal(), knock("Dag"), stand("Bo"), stand("Cy"), change("Dag"),
                 reply("Ann", "none"))
    assert state.phase == "turns" and state.knocked == [False, False, False, True]
    assert state.in_round[3]
    state.apply(parse_event(stand("Ann")))
    state.apply(parse_event(reveal(Ann="fool", Bo="4", Cy="5", Dag="3")))
    assert state.phase == "ready" and not any(state.in_round)


# --- the turns -----------------------------------------------------------------------------


def test_pagat_turns_start_left_of_the_dealer() -> None:
    """Play then proceeds by turns, starting to the left of the [[dealer (card player)|dealer]]."""
    state = play(pagat(dealer="Cy"), deal())
    assert state.turn_name == "Dag"
    assert refused(state, change("Ann")) == "It is Dag's turn, not Ann's."


def test_pagat_stand_or_change_with_the_left_hand_neighbour() -> None:
    """In turn, a player may either choose to keep the card dealt, by saying "stand"
    (''"jeg står"''), or swap it with the left-hand neighbour by saying "change"
    """
    state = play(pagat(), deal(), stand("Bo"), change("Cy"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Cy", "Dag")


def test_pagat_exchange_made_unless_the_asked_holds_a_matador() -> None:
    """If a player attempts to swap the card held with one of the five highest cards in the pack
    (picture cards known as [[matador (cards)|matador]]), the exchange is prevented and another
    action ensues, depending on the matador held by the opponent:
    """
    state = play(pagat(), deal(), change("Bo"), reply("Cy", "none"))
    assert state.exchanges_named() == [("Bo", "Cy")]
    assert (state.phase, state.turn_name) == ("turns", "Cy")


def test_pagat_cuckoo_ends_the_round_at_once() -> None:
    """* '''Cuckoo''': its holder says "Cuckoo!" or "Stop! Cuckoo!" and the round ends
    immediately.
    """
    state = play(pagat(), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag", "cuckoo"))
    assert state.phase == "reveal"
    assert state.exchanges_named() == [("Bo", "Cy")]  # the cuckoo undoes nothing
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 3}


def test_pagat_chop_asker_pays_a_counter() -> None:
    """* '''Dragoon''': its holder says "Chop!" (''"hugg av"''), and the player who tried to swap
    cards must pay a counter to the [[pool (cards)|pool]].
    """
    state = play(pagat(), deal(), change("Bo"), reply("Cy", "dragoon"))
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 3}
    assert state.pool == 1
    assert state.exchanges_named() == []


def test_pagat_chop_continues_after_holder() -> None:
    """Play then proceeds with the player to the holder's left."""
    # Bo asks Cy, who passes the horse to Dag; Dag chops: Cy's turn is over too, Eve goes on
    state = play(pagat(seats=FIVE), deal(), change("Bo"), reply("Cy", "horse"),
                 reply("Dag", "dragoon"))
    assert (state.phase, state.turn_name, state.asked) == ("turns", "Eve", None)
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 3, "Eve": 3}
    assert refused(state, stand("Cy")) == "It is Eve's turn, not Cy's."
    # the same chop straight from the neighbour: the holder's left is Dag
    state = play(pagat(seats=FIVE), deal(), change("Bo"), reply("Cy", "dragoon"))
    assert state.turn_name == "Dag"


def test_pagat_chop_by_the_dealer_ends_the_turns() -> None:
    """| dragoon | no swap; the asker pays 1 to the pool; the asker's turn is over | the asker pays
    1; **play goes on with the seat to the holder's left** (`chop_continues: after_holder`) |
    """
    state = play(pagat(), deal(), stand("Bo"), change("Cy"), reply("Dag", "horse"),
                 reply("Ann", "dragoon"))
    assert state.phase == "reveal"
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}


def test_pagat_cat_reverses_every_exchange_with_handback_newest_first() -> None:
    """* '''Cat''': its holder says "Miaow!" or hisses like a cat and says "Change back!" (''"kiss,
    bytt om"''), the challenger pays a counter to the pool, and the game is reset so that every
    player has the card they started with.
    """
    state = play(pagat(), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag"),
                 change("Dag"), reply("Ann", "cat"))
    assert state.exchanges_named() == []
    assert state.handback_named() == [("Cy", "Dag"), ("Bo", "Cy")]
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 2}
    assert state.pool == 1
    # play goes on left of the asker Dag: the dealer's own turn
    assert (state.phase, state.turn_name) == ("turns", "Ann")
    assert state.as_json()["handback"] == [["Cy", "Dag"], ["Bo", "Cy"]]
    # an exchange after the cat stands again
    state = play(pagat(), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag"),
                 change("Dag"), reply("Ann", "cat"), change("Ann"), reply("stock"))
    assert state.exchanges_named() == [("Ann", "stock")]
    assert state.phase == "reveal"


def test_pagat_horse_exchanger_swaps_with_the_seat_left_of_the_holder() -> None:
    """* '''Horse''' or '''House''': its holder says "Pass the horse!" (''"hest vorbi"'') or "Pass
    the house!" (''"hus vorbi"''), and the exchanger must now swap with the player to the left of
    the holder
    """
    state = play(pagat(), deal(), change("Bo"), reply("Cy", "house"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Bo", "Dag")
    state = play(pagat(), deal(), change("Bo"), reply("Cy", "house"), reply("Dag"))
    assert state.exchanges_named() == [("Bo", "Dag")]
    assert state.turn_name == "Cy"


def test_pagat_pass_from_the_dealer_goes_to_the_top_of_the_deck() -> None:
    """(or with the top card of the deck, if the holder is also the dealer)."""
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), change("Dag"), reply("Ann", "horse"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Dag", "stock")
    # the stock shows a house: set aside, the next piece is drawn
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), change("Dag"), reply("Ann", "horse"),
                 reply("stock", "house"))
    assert (state.phase, state.asked_name, state.stock) == ("asking", "stock", 37)
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), change("Dag"), reply("Ann", "horse"),
                 reply("stock", "house"), reply("stock"))
    assert state.exchanges_named() == [("Dag", "stock")]
    assert (state.phase, state.turn_name, state.stock) == ("turns", "Ann", 37)


def test_pagat_dealer_swaps_with_the_stock_drawing_again_on_horse_or_house() -> None:
    """Play continues until reaching the dealer, who has the choice of keeping the card dealt or
    exchanging it with the top card of the [[stock (cards)|stock]], [[draw (cards)|drawing]]
    another card if a Horse or House is drawn.
    """
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"),
                 reply("stock", "horse"), reply("stock", "house"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Ann", "stock")
    assert state.stock == 36
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"),
                 reply("stock", "horse"), reply("stock", "house"), reply("stock"))
    assert state.exchanges_named() == [("Ann", "stock")]
    assert state.phase == "reveal"


def test_pagat_stock_calls_only_horse_and_house() -> None:
    """| dealer's turn | stand, or swap with an unused piece from the stock; the stock makes **no**
    calls (`stock_calls: []`) | stand, or swap with the top of the stock, **drawing again when a
    horse or house is drawn** (`stock_calls: [horse, house]`) |
    """
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"))
    for call in ("cuckoo", "dragoon", "cat"):
        assert refused(state, reply("stock", call)) == (
            f"The stock cannot call {call} under these rules: the stock only calls horse or house."
        )


def test_pagat_the_dealers_turn_ends_the_round() -> None:
    """The dealer's turn ends the round."""
    assert play(pagat(), deal(), *ALL_STAND).phase == "reveal"
    state = play(pagat(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"),
                 reply("stock"))
    assert state.phase == "reveal"
    assert "cannot stand now" in refused(state, stand("Bo"))


# --- the reveal ----------------------------------------------------------------------------


def test_pagat_lowest_loses_and_ties_both_lose() -> None:
    """When the round ends, all the players reveal their cards and the one with the lowest loses
    the round. If two tie, they both lose.
    """
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="5", Bo="owl", Cy="pot", Dag="9"))
    assert state.last_round is not None and state.last_round.losers == ("Bo",)
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="5", Bo="2", Cy="9", Dag="2"))
    assert state.last_round is not None and state.last_round.losers == ("Bo", "Dag")
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 2}
    assert state.pool == 2


def test_pagat_fool_drags_next_lowest_down() -> None:
    """If the lowest card was the Fool, then both its holder and the player with the next lowest
    card lose.
    """
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="2", Cy="owl", Dag="5"))
    settled = state.last_round
    assert settled is not None
    assert [(x.seat, x.piece, x.reason) for x in settled.losses] == [
        ("Ann", "fool", "fool_lowest"), ("Cy", "owl", "dragged")]
    assert balances(state) == {"Ann": 2, "Bo": 3, "Cy": 2, "Dag": 3}
    assert state.pool == 2
    assert settled.fool_takes == ()


def test_pagat_two_fools_both_lose_with_the_next_lowest() -> None:
    """| fool scoring (`fool_scoring`) | `damm`: the fool is outside the order. When **both** fools
    are revealed, each fool holder **takes 1 from the pool**; when only one is revealed (the other
    is among the unused pieces), its holder **pays 1**. Either way the lowest other piece pays as
    usual. | `drags_next`: the fool is lowest; when the lowest piece is a fool, its holder(s)
    **and** the holder(s) of the next lowest piece lose |
    """
    state = play(pagat(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="2", Cy="fool", Dag="5"))
    assert state.last_round is not None
    assert state.last_round.losers == ("Ann", "Bo", "Cy")
    assert state.pool == 3
    assert refused(state, {"ev": "sit_out", "seat": "Ann"}) == (
        "Nobody sits out under these rules (pagat, two_fools_sit_out off).")


def test_pagat_loser_with_no_counters_left_is_eliminated() -> None:
    """A losing player pays one counter to the pool and is eliminated if they have no counters
    left.
    """
    state = play(pagat(each=1), deal(), *ALL_STAND, reveal(Ann="5", Bo="6", Cy="0", Dag="9"))
    assert out_seats(state) == ["Cy"]
    assert balances(state) == {"Ann": 1, "Bo": 1, "Cy": 0, "Dag": 1}
    assert state.pool == 1
    assert state.as_json()["seats"][2] == {
        "name": "Cy", "counters": 0, "out": True, "sits_out": False, "knocked": False}


def test_pagat_last_player_remaining_wins() -> None:
    """The last player remaining is the winner."""
    seats = ["Ann", "Bo"]
    state = play(pagat(seats=seats, each=2), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="1", Bo="2"), deal(), stand("Ann"), stand("Bo"),
                 reveal(Ann="owl", Bo="pot"))
    assert state.phase == "over"
    assert [state.names[i] for i in state.winners] == ["Bo"]
    assert state.last_round is not None and state.last_round.winners == ("Bo",)
    # a winner also comes from the others leaving the table
    state = play(pagat(), leave("Bo"), leave("Cy"), leave("Dag"))
    assert state.phase == "over"
    assert [state.names[i] for i in state.winners] == ["Ann"]
