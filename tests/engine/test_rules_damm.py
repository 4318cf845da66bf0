"""The damm rule book, one test per rule point of the Damm & Søn sheet.

Each docstring is a verbatim passage of the Norwegian sheet, as kept in
`tests/excerpts/gnav-damm-spilleregler-no.txt`, or, where the sheet is silent, of
`docs/rules/gnav.md`.
Seats are Ann, Bo, Cy, Dag in clockwise order; unless a test says otherwise Ann deals, so the
turns run Bo, Cy, Dag and Ann last.
"""

from __future__ import annotations

from companion.engine import GNAV_PACK, MATADORS, PIECES, RANK, Deal, Reply, Stand, parse_event

from .helpers import (
    EXCERPTS,
    GNAV_MD,
    balances,
    change,
    cut,
    deal,
    out_seats,
    play,
    refused,
    reply,
    reveal,
    stand,
    table,
    unquoted_docstrings,
)

SOURCE = EXCERPTS / "gnav-damm-spilleregler-no.txt"
ALL_STAND = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE, GNAV_MD)
    assert not bad, f"docstrings that are not quotes of the sheet or gnav.md: {bad}"


# --- the pack ------------------------------------------------------------------------------


def test_damm_forty_two_pieces_two_of_each() -> None:
    """Gnavspillet består av 42 brikker, hvorav 2 og 2 er like."""
    assert GNAV_PACK.size == 42
    assert all(p.count == 2 for p in GNAV_PACK.pieces)
    state = play(table(), deal(), *ALL_STAND)
    assert "3 of 5;" in refused(state, reveal(Ann="5", Bo="5", Cy="5", Dag="7"))


def test_damm_piece_order_cuckoo_highest_owl_lowest() -> None:
    """Brikkene har denne rekkefølgen: gauken (høyest), dragonen, katten, hesten, huset, tallbrikkene
    fra 12 til 0, potta og ugla (lavest).
    """
    numerals = [str(n) for n in range(12, -1, -1)]
    assert list(PIECES[:-1]) == ["cuckoo", "dragoon", "cat", "horse", "house", *numerals,
                                 "pot", "owl"]
    # the owl, not the 0 or the pot, is the lowest piece shown and pays
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="0", Bo="pot", Cy="owl", Dag="12"))
    assert state.last_round is not None
    assert state.last_round.losers == ("Cy",)
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}


def test_damm_five_highest_are_matadors() -> None:
    """De fem høyeste brikkene (gauken, dragonen, katten, hesten, huset) kalles for matadorer."""
    assert MATADORS == ("cuckoo", "dragoon", "cat", "horse", "house")
    assert all(RANK[m] < RANK["12"] for m in MATADORS)


# --- first dealer, deal, counters ----------------------------------------------------------


def test_damm_first_dealer_highest_cut_deals() -> None:
    """Når alle har satt seg, trekker hver spiller en brikke. Den som trekker den høyeste brikken, skal
    gi til første spill
    """
    state = play(table(dealer=None))
    assert state.phase == "cut"
    state = play(table(dealer=None), cut(Ann="7", Bo="cat", Cy="fool", Dag="2"))
    assert state.phase == "ready"
    assert state.dealer_name == "Bo"
    state.apply(Deal())
    assert state.turn_name == "Cy"


def test_damm_cut_tie_for_highest_draws_again() -> None:
    """Hvis to spillere hver trekker den høyeste brikken, trekker de om igjen, og den av dem som da
    trekker høyest, skal gi først.
    """
    state = play(table(dealer=None), cut(Ann="cat", Bo="2", Cy="cat", Dag="fool"))
    assert state.phase == "cut"
    assert state.dealer is None
    assert [state.names[i] for i in state.cut_seats] == ["Ann", "Cy"]
    # only the tied seats draw again, and all of them must
    assert refused(state, cut(Ann="3", Bo="5", Cy="4")) == "Bo is not drawing in this cut."
    assert refused(state, cut(Ann="3")) == "The cut leaves out Cy."
    state.apply(parse_event(cut(Ann="3", Cy="5")))
    assert (state.phase, state.dealer_name) == ("ready", "Cy")


def test_damm_fool_is_lowest_when_drawing_for_the_deal() -> None:
    """Narren er den laveste brikken når man trekker om å gi."""
    state = play(table(seats=["Ann", "Bo"], dealer=None), cut(Ann="fool", Bo="owl"))
    assert state.dealer_name == "Bo"


def test_damm_deal_rotates_to_the_left() -> None:
    """og deretter går turen å gi til venstre rundt bordet."""
    round1 = [deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6")]
    state = play(table(), *round1)
    assert (state.phase, state.dealer_name) == ("ready", "Bo")
    state = play(table(), *round1, deal())
    assert (state.round, state.dealer_name, state.turn_name) == (2, "Bo", "Cy")
    state = play(table(), *round1, deal(), stand("Cy"), stand("Dag"), stand("Ann"), stand("Bo"),
                 reveal(Ann="3", Bo="4", Cy="5", Dag="6"))
    assert state.dealer_name == "Cy"


def test_damm_counters_each_usually_three() -> None:
    """Før spillet begynner får hver spiller like mange jetongs (knapper, fyrstikker, nøtter eller
    lignende). Som regel gir man tre jetongs til hver.
    """
    state = play(table())
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 3}
    assert state.counters and state.pool == 0
    assert balances(play(table(each=5))) == {"Ann": 5, "Bo": 5, "Cy": 5, "Dag": 5}


# --- the turns -----------------------------------------------------------------------------


def test_damm_left_of_dealer_begins() -> None:
    """Den som sitter til venstre for giveren begynner."""
    state = play(table(), deal())
    assert (state.phase, state.turn_name) == ("turns", "Bo")
    assert refused(state, stand("Cy")) == "It is Bo's turn, not Cy's."
    assert refused(state, stand("Ann")) == "It is Bo's turn, not Ann's."
    state = play(table(dealer="Dag"), deal())
    assert state.turn_name == "Ann"


def test_damm_turns_go_round_the_table_dealer_last() -> None:
    """Når førstemann er ferdig, kan nestemann stå eller bytte, og slik fortsetter man bordet rundt.
    """
    state = play(table(), deal())
    seen = []
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        seen.append(state.turn_name)
        state.apply(Stand(seat))
    assert seen == ["Bo", "Cy", "Dag", "Ann"]
    assert state.phase == "reveal"


def test_damm_stand_or_ask_to_swap() -> None:
    """Hvis han ikke vil bytte sier han «står», men ellers sier han «vil du bytte»."""
    state = play(table(), deal(), stand("Bo"))
    assert (state.turn_name, state.exchanges_named()) == ("Cy", [])
    state = play(table(), deal(), change("Bo"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Bo", "Cy")


def test_damm_asked_seat_is_the_neighbour_to_the_left() -> None:
    """Nå kan spillerne etter tur prøve å bytte brikken sin med sin nabo til venstre."""
    state = play(table(), deal(), stand("Bo"), change("Cy"))
    assert state.asked_name == "Dag"
    assert refused(state, reply("Bo")) == "Bo was not asked: Cy asked Dag."


def test_damm_asked_without_matador_must_swap() -> None:
    """Den som blir spurt, er nødt til å bytte, hvis han ikke har en matador."""
    state = play(table(), deal(), change("Bo"), reply("Cy", "none"))
    assert state.exchanges_named() == [("Bo", "Cy")]
    assert (state.phase, state.turn_name, state.asked) == ("turns", "Cy", None)
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 3}


def test_damm_cuckoo_no_more_swapping() -> None:
    """Hvis den som blir spurt har en gauk, sier han «ko-ko», og legger brikken på bordet. Da får ingen
    lov å bytte mer.
    """
    state = play(table(), deal(), change("Bo"), reply("Cy", "cuckoo"))
    assert state.phase == "reveal"
    assert state.turn is None and state.asked is None
    assert state.exchanges_named() == []
    assert state.pool == 0
    assert "cannot ask to change now" in refused(state, change("Cy"))


def test_damm_dragoon_asker_pays_and_turn_is_over() -> None:
    """Da må den som vil bytte, beholde brikken sin (han kan ikke spørre nestemann), og dessuten må han
    beta'e en jetong til kassen.
    """
    state = play(table(), deal(), change("Bo"), reply("Cy", "dragoon"))
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 3}
    assert state.pool == 1
    assert state.exchanges_named() == []
    assert (state.phase, state.turn_name, state.asked) == ("turns", "Cy", None)


def test_damm_cat_asker_pays_and_nothing_is_reversed() -> None:
    """Hvis den som blir spurt, har en dragon eller en katt, sier han «hogg av», hvis han har dragonen
    og «kiss», hvis han har katten.
    """
    state = play(table(), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag", "cat"))
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}
    assert state.pool == 1
    assert state.exchanges_named() == [("Bo", "Cy")]
    assert state.handback_named() == []
    assert (state.phase, state.turn_name) == ("turns", "Dag")


def test_damm_horse_asker_asks_the_next_seat() -> None:
    """Hvis den som blir spurt, har en hest eller et hus, sier han «hest forbi» eller «hus forbi». Da
    må den som vil bytte spørre nestemann.
    """
    state = play(table(), deal(), change("Bo"), reply("Cy", "horse"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Bo", "Dag")
    assert state.pool == 0
    state = play(table(), deal(), change("Bo"), reply("Cy", "horse"), reply("Dag"))
    assert state.exchanges_named() == [("Bo", "Dag")]
    # Cy was passed over and still has a turn of its own
    assert (state.phase, state.turn_name) == ("turns", "Cy")


def test_damm_house_passes_like_the_horse() -> None:
    """Hvis den som blir spurt, har en hest eller et hus, sier han «hest forbi» eller «hus forbi». Da
    må den som vil bytte spørre nestemann.
    """
    state = play(table(), deal(), change("Bo"), reply("Cy", "house"), reply("Dag", "house"))
    # Dag's neighbour is Ann, the dealer, who can still be asked
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Bo", "Ann")


def test_damm_pass_from_the_dealer_swaps_with_an_unused_piece() -> None:
    """Hvis det er giveren som sier «hest forbi» eller «hus forbi», kan den som vil bytte, bytte med en
    av de ubrukte brikkene.
    """
    state = play(table(), deal(), stand("Bo"), change("Cy"), reply("Dag", "horse"),
                 reply("Ann", "house"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Cy", "stock")
    state.apply(Reply("stock", "none"))
    assert state.exchanges_named() == [("Cy", "stock")]
    assert state.stock == 38
    assert (state.phase, state.turn_name) == ("turns", "Dag")


def test_damm_dealer_swaps_with_an_unused_piece() -> None:
    """Giveren har ingen å bytte med, men han kan bytte med en av de ubrukte brikkene."""
    state = play(table(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"))
    assert (state.phase, state.turn_name, state.asked_name) == ("asking", "Ann", "stock")
    assert state.stock == 38
    state = play(table(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"),
                 reply("stock"))
    assert state.exchanges_named() == [("Ann", "stock")]
    assert state.stock == 38
    assert state.phase == "reveal"


def test_damm_stock_makes_no_calls() -> None:
    """| dealer's turn | stand, or swap with an unused piece from the stock; the stock makes **no**
    calls (`stock_calls: []`) |
    """
    state = play(table(), deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann"))
    for call in MATADORS:
        assert refused(state, reply("stock", call)) == (
            f"The stock cannot call {call} under these rules: the stock makes no calls; "
            "the dealer simply swaps with it."
        )


def test_damm_reveal_when_all_have_swapped_or_cuckoo() -> None:
    """Når alle har byttet, eller når det blir sagt «ko-ko», legger man brikken sin opp på bordet.
    """
    assert play(table(), deal(), *ALL_STAND).phase == "reveal"
    assert play(table(), deal(), stand("Bo"), stand("Cy"), change("Dag"),
                reply("Ann", "cuckoo")).phase == "reveal"
    state = play(table(), deal(), stand("Bo"))
    assert "cannot be shown now" in refused(state, reveal(Ann="1", Bo="2", Cy="3", Dag="4"))


# --- the reveal ----------------------------------------------------------------------------


def test_damm_lowest_piece_pays_one_counter() -> None:
    """Den som har den laveste brikken, må betale en jetong til kassen."""
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="3", Bo="cat", Cy="12", Dag="5"))
    assert balances(state) == {"Ann": 2, "Bo": 3, "Cy": 3, "Dag": 3}
    assert state.pool == 1
    assert state.last_round is not None
    assert state.last_round.losers == ("Ann",)
    assert state.last_round.lowest == "3"
    assert [(x.seat, x.reason, x.paid) for x in state.last_round.losses] == [("Ann", "lowest", 1)]


def test_damm_tied_lowest_each_pay() -> None:
    """Hvis to spillere har den laveste brikken, må de betale en jetong hver."""
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="owl", Bo="9", Cy="owl", Dag="5"))
    assert balances(state) == {"Ann": 2, "Bo": 3, "Cy": 2, "Dag": 3}
    assert state.pool == 2
    assert state.last_round is not None and state.last_round.losers == ("Ann", "Cy")


def test_damm_fool_is_outside_the_order() -> None:
    """Dessuten har man narren, som er utenfor rekkefølgen."""
    # the fool is not the lowest piece: the owl still pays beside it
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="owl", Cy="2", Dag="5"))
    assert state.last_round is not None
    assert state.last_round.lowest == "owl"
    assert [(x.seat, x.reason) for x in state.last_round.losses] == [
        ("Ann", "fool"), ("Bo", "lowest")]


def test_damm_two_fools_each_take_from_the_pool() -> None:
    """Hvis en annen spiller har en narr, får de hver sin jetong av kassen"""
    # round 1 fills the pool: Ann pays; round 2 is dealt by Bo, so Cy is first in turn order
    round1 = [deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6")]
    round2 = [deal(), stand("Cy"), stand("Dag"), stand("Ann"), stand("Bo"),
              reveal(Ann="fool", Bo="2", Cy="fool", Dag="7")]
    state = play(table(), *round1, *round2)
    settled = state.last_round
    assert settled is not None
    # Bo pays for the lowest other piece first (pool 2), then Cy and Ann take one each
    assert settled.losers == ("Bo",)
    assert [(t.seat, t.took) for t in settled.fool_takes] == [("Cy", 1), ("Ann", 1)]
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 4, "Dag": 3}
    assert state.pool == 0
    assert settled.two_fools == ("Ann", "Cy")


def test_damm_two_fools_take_in_turn_order_while_the_pool_lasts() -> None:
    """Each fool holder takes 1 from the pool while the pool has counters, in turn order starting left
    of the dealer.
    """
    # the pool is empty until Dag pays for the owl: only one counter for two fools
    state = play(table(dealer="Bo"), deal(), stand("Cy"), stand("Dag"), stand("Ann"),
                 stand("Bo"), reveal(Ann="fool", Bo="fool", Cy="9", Dag="owl"))
    settled = state.last_round
    assert settled is not None
    # Bo deals, so Cy, Dag, Ann, Bo is the turn order: Ann comes before Bo
    assert [(t.seat, t.took) for t in settled.fool_takes] == [("Ann", 1), ("Bo", 0)]
    assert balances(state) == {"Ann": 4, "Bo": 3, "Cy": 3, "Dag": 2}
    assert state.pool == 0


def test_damm_lone_fool_pays() -> None:
    """men hvis den andre narren ligger blant de ubrukte brikkene, må den som har narren, betale en
    jetong.
    """
    state = play(table(), deal(), *ALL_STAND, reveal(Ann="7", Bo="fool", Cy="2", Dag="5"))
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 2, "Dag": 3}
    assert state.pool == 2
    assert state.last_round is not None
    assert state.last_round.losers == ("Bo", "Cy")
    assert state.last_round.fool_takes == ()


def test_damm_lowest_other_piece_pays_whatever_the_fool_does() -> None:
    """(Enten man får eller betaler for narren, må den som har den laveste brikken betale.)"""
    lone = play(table(), deal(), *ALL_STAND, reveal(Ann="cuckoo", Bo="fool", Cy="12", Dag="11"))
    assert lone.last_round is not None
    assert [(x.seat, x.reason) for x in lone.last_round.losses] == [
        ("Bo", "fool"), ("Dag", "lowest")]
    two = play(table(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="fool", Cy="12", Dag="11"))
    assert two.last_round is not None
    assert [(x.seat, x.reason) for x in two.last_round.losses] == [("Dag", "lowest")]
    # Dag's counter is the whole pool: Bo, first left of the dealer, takes it
    assert balances(two) == {"Ann": 3, "Bo": 4, "Cy": 3, "Dag": 2}


# --- out and the winner --------------------------------------------------------------------


def test_damm_seat_without_counters_goes_out() -> None:
    """Når en spiller har mistet alle jetongsene sine, går han ut av spillet."""
    state = play(table(each=1), deal(), *ALL_STAND, reveal(Ann="4", Bo="3", Cy="5", Dag="6"))
    assert out_seats(state) == ["Bo"]
    assert (state.phase, state.dealer_name) == ("ready", "Cy")
    state.apply(Deal())
    assert state.turn_name == "Dag"
    assert state.in_round == [True, False, True, True]
    assert state.stock == 39
    assert refused(state, stand("Bo")) == "Bo is out of the game."


def test_damm_last_seat_with_counters_wins() -> None:
    """De andre fortsetter til det bare er en spiller som har jetongs igjen. Han har vunnet."""
    seats = ["Ann", "Bo", "Cy"]
    state = play(table(seats=seats, each=1), deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="4", Bo="3", Cy="5"))
    assert state.phase == "ready"
    state = play(table(seats=seats, each=1), deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="4", Bo="3", Cy="5"), deal(), stand("Ann"), stand("Cy"),
                 reveal(Ann="6", Cy="2"))
    assert state.phase == "over"
    assert [state.names[i] for i in state.winners] == ["Ann"]
    assert out_seats(state) == ["Bo", "Cy"]
    assert state.dealer_name == "Cy"  # the seat that dealt last
    assert refused(state, deal()) == "The game is over: nothing more can happen."
