"""The gamerules rule book, one test per rule point of the gamerules.com rewrite.

Each docstring is a verbatim passage of that text, as kept in
`tests/excerpts/gnav-gamerules.txt`, or, where it is silent, of `docs/rules/gnav.md`. Seats are
Ann, Bo, Cy, Dag clockwise; unless a test says otherwise Ann deals, so the turns run Bo, Cy, Dag
and Ann last.
"""

from __future__ import annotations

from companion.engine import MATADORS, PIECES, Deal, Reply, SitOut

from .helpers import (
    EXCERPTS,
    GNAV_MD,
    balances,
    change,
    cut,
    deal,
    knock,
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

SOURCE = EXCERPTS / "gnav-gamerules.txt"
ALL_STAND = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]
DEALER_ASKS_STOCK = [deal(), stand("Bo"), stand("Cy"), stand("Dag"), change("Ann")]


def gamerules(**kwargs: object) -> dict[str, object]:
    return table(rules="gamerules", **kwargs)  # type: ignore[arg-type]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE, GNAV_MD)
    assert not bad, f"docstrings that are not quotes of gnav-gamerules.txt or gnav.md: {bad}"


# --- before the turns ----------------------------------------------------------------------


def test_gamerules_fool_is_the_lowest_card() -> None:
    """Cuckoo (high), knight, cat, horse, house, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, pot,
    owl, and fool (low).
    """
    assert PIECES[-1] == "fool" and PIECES[0] == "cuckoo"
    # the fool is the lowest piece shown, and the owl beside it is the next lowest
    state = play(gamerules(), deal(), *ALL_STAND, reveal(Ann="owl", Bo="fool", Cy="1", Dag="0"))
    assert state.last_round is not None
    assert state.last_round.lowest == "owl"
    assert state.last_round.losers == ("Ann", "Bo")


def test_gamerules_first_dealer_random_and_deal_passes_left() -> None:
    """The first dealer is random and passes to the left for each new round."""
    # the random pick happens at the table: the header names the dealer, or a cut finds one
    assert play(gamerules()).dealer_name == "Ann"
    assert play(gamerules(dealer=None), cut(Ann="2", Bo="9", Cy="3", Dag="8")).dealer_name == "Bo"
    state = play(gamerules(), deal(), *ALL_STAND, reveal(Ann="3", Bo="4", Cy="5", Dag="6"))
    assert (state.phase, state.dealer_name) == ("ready", "Bo")


def test_gamerules_same_amount_of_chips_each() -> None:
    """Each player will receive the same amount of chips or markers at the start of the game."""
    state = play(gamerules(each=7))
    assert balances(state) == {"Ann": 7, "Bo": 7, "Cy": 7, "Dag": 7}
    assert state.pool == 0


def test_gamerules_knock_when_dealt_the_fool() -> None:
    """The fool is the exception. If a player receives the fool, they must knock on the table to
    tell the other players.
    """
    state = play(gamerules(), deal(), change("Bo"), knock("Ann"))
    assert state.knocked == [True, False, False, False]
    assert (state.phase, state.asked_name) == ("asking", "Cy")  # a knock waits for nothing
    assert "cannot knock now" in refused(play(gamerules()), knock("Ann"))


# --- the turns -----------------------------------------------------------------------------


def test_gamerules_player_left_of_dealer_starts() -> None:
    """The player left of the dealer starts the round and continues clockwise from them."""
    state = play(gamerules(dealer="Dag"), deal())
    assert state.turn_name == "Ann"
    state = play(gamerules(dealer="Dag"), deal(), stand("Ann"), stand("Bo"), stand("Cy"))
    assert state.turn_name == "Dag"


def test_gamerules_keep_or_swap_with_the_player_to_the_left() -> None:
    """On a player’s turn, they may keep their card or swap it with the player to their left."""
    state = play(gamerules(), deal(), stand("Bo"), change("Cy"))
    assert (state.turn_name, state.asked_name) == ("Cy", "Dag")


def test_gamerules_player_to_the_left_may_not_refuse_without_a_matador() -> None:
    """When swapping the player to the left may not refuse unless they have one of the top 5
    ranked cards.
    """
    state = play(gamerules(), deal(), stand("Bo"), change("Cy"), reply("Dag", "none"))
    assert state.exchanges_named() == [("Cy", "Dag")]
    assert (state.phase, state.turn_name) == ("turns", "Dag")


def test_gamerules_stop_cuckoo_stops_all_swapping() -> None:
    """When a cuckoo is declared the player states “stop cuckoo”. All swapping stops and cards
    will be shown, and the loser is determined.
    """
    state = play(gamerules(), deal(), change("Bo"), reply("Cy", "cuckoo"))
    assert state.phase == "reveal"
    state = play(gamerules(), deal(), change("Bo"), reply("Cy", "cuckoo"),
                 reveal(Ann="1", Bo="5", Cy="cuckoo", Dag="7"))
    assert state.last_round is not None and state.last_round.losers == ("Ann",)


def test_gamerules_knight_asker_pays_and_turn_is_over() -> None:
    """When a knight is declared the player states “cut off”. The player who attempted the swap
    must pay a marker into the center pile. They do not get to swap, and their turn is over.
    """
    state = play(gamerules(), deal(), change("Bo"), reply("Cy", "horse"), reply("Dag", "dragoon"))
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 3}
    assert state.pool == 1
    assert state.exchanges_named() == []
    # chop_continues after_asker: Cy, passed over by the horse, still has its turn
    assert (state.phase, state.turn_name) == ("turns", "Cy")


def test_gamerules_cat_undoes_all_earlier_swaps() -> None:
    """When a cat is declared the player states “meow”. The player who attempted the swap must pay
    a marker into the center and all previously made swaps are undone, and everyone right of the
    cat holder must receive their original card.
    """
    state = play(gamerules(), deal(), change("Bo"), reply("Cy"), stand("Cy"), change("Dag"),
                 reply("Ann"), change("Ann"), reply("stock", "cat"))
    # the dealer asked the stock and it showed a cat: the dealer pays, both swaps are undone
    assert state.handback_named() == [("Dag", "Ann"), ("Bo", "Cy")]
    assert state.exchanges_named() == []
    assert balances(state) == {"Ann": 2, "Bo": 3, "Cy": 3, "Dag": 3}
    assert state.phase == "reveal"
    assert state.stock == 37  # the cat was shown and not taken


def test_gamerules_horse_asker_tries_the_player_left_of_the_holder() -> None:
    """When a horse or a house is declared the player states “pass the horse/house”. The player
    who attempted the swap must now try to swap with the player left of the horse/house holder.
    """
    state = play(gamerules(), deal(), change("Bo"), reply("Cy", "horse"), reply("Dag", "house"))
    assert (state.turn_name, state.asked_name) == ("Bo", "Ann")
    state = play(gamerules(), deal(), change("Bo"), reply("Cy", "horse"), reply("Dag", "house"),
                 reply("Ann", "horse"))
    assert (state.turn_name, state.asked_name) == ("Bo", "stock")


def test_gamerules_dealer_swaps_with_the_deck_following_the_matador_rules() -> None:
    """Once the dealer is reached, they may swap with the top card of the deck but must follow the
    above rules if a top 5 card is revealed.
    """
    assert play(gamerules(), *DEALER_ASKS_STOCK).asked_name == "stock"
    for call in MATADORS:
        assert play(gamerules(), *DEALER_ASKS_STOCK).can(
            Reply("stock", call))
    cuckoo = play(gamerules(), *DEALER_ASKS_STOCK, reply("stock", "cuckoo"))
    assert (cuckoo.phase, cuckoo.pool, cuckoo.stock) == ("reveal", 0, 37)
    chop = play(gamerules(), *DEALER_ASKS_STOCK, reply("stock", "dragoon"))
    assert (chop.phase, chop.pool, chop.stock) == ("reveal", 1, 37)
    assert balances(chop)["Ann"] == 2
    passed = play(gamerules(), *DEALER_ASKS_STOCK, reply("stock", "horse"), reply("stock", "house"),
                  reply("stock"))
    assert (passed.phase, passed.stock) == ("reveal", 36)
    assert passed.exchanges_named() == [("Ann", "stock")]


def test_gamerules_stock_reached_by_a_pass_follows_the_matador_rules() -> None:
    """| dealer's turn | stand, or swap with an unused piece from the stock; the stock makes **no**
    calls (`stock_calls: []`) | stand, or swap with the top of the stock, **drawing again when a
    horse or house is drawn** (`stock_calls: [horse, house]`) | stand, or swap with the top of
    the stock, **following the matador rules for whatever it shows** (`stock_calls: all five`) |
    """
    state = play(gamerules(), deal(), stand("Bo"), change("Cy"), reply("Dag", "house"),
                 reply("Ann", "house"), reply("stock", "dragoon"))
    assert balances(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}
    assert (state.phase, state.turn_name) == ("turns", "Dag")


def test_gamerules_round_ends_after_dealer_or_cuckoo() -> None:
    """After the dealer has swapped or kept or a cuckoo is declared the round ends and players
    reveal their cards.
    """
    assert play(gamerules(), *DEALER_ASKS_STOCK, reply("stock")).phase == "reveal"
    assert play(gamerules(), deal(), *ALL_STAND).phase == "reveal"
    assert play(gamerules(), deal(), change("Bo"), reply("Cy", "cuckoo")).phase == "reveal"


# --- the reveal ----------------------------------------------------------------------------


def test_gamerules_lowest_pays_and_a_tie_both_pay() -> None:
    """The player with the lowest ranked card pays a chip to the center. If there is a tie both
    pay to the center.
    """
    state = play(gamerules(), deal(), *ALL_STAND, reveal(Ann="12", Bo="pot", Cy="house", Dag="pot"))
    assert state.last_round is not None and state.last_round.losers == ("Bo", "Dag")
    assert balances(state) == {"Ann": 3, "Bo": 2, "Cy": 3, "Dag": 2}
    assert state.pool == 2


def test_gamerules_fool_and_next_lowest_both_pay() -> None:
    """In the case of a fool. The fool and the next lowest card must both pay to the center."""
    state = play(gamerules(), deal(), *ALL_STAND, reveal(Ann="12", Bo="4", Cy="fool", Dag="4"))
    assert state.last_round is not None
    assert [(x.seat, x.reason) for x in state.last_round.losses] == [
        ("Bo", "dragged"), ("Cy", "fool_lowest"), ("Dag", "dragged")]
    assert state.pool == 3


def test_gamerules_two_fools_sit_out() -> None:
    """If there are two fools, they will both pay to the center but may choose to sit out of the
    next round.
    """
    state = play(gamerules(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="3", Cy="fool", Dag="5"))
    settled = state.last_round
    assert settled is not None
    assert settled.losers == ("Ann", "Bo", "Cy")  # both fools, and Bo with the next lowest
    assert settled.two_fools == ("Ann", "Cy")
    assert balances(state) == {"Ann": 2, "Bo": 2, "Cy": 2, "Dag": 3}
    assert refused(state, sit_out("Bo")) == (
        "Only a seat that held one of two fools shown last round may sit out, and Bo did not.")
    state.apply(SitOut("Cy"))
    assert state.sitting_out == [False, False, True, False]
    assert state.as_json()["seats"][2]["sits_out"] is True
    state.apply(Deal())
    # Bo deals, Cy sits out: the turns go Dag, Ann, Bo
    assert state.in_round == [True, True, False, True]
    assert state.turn_name == "Dag"
    assert state.stock == 39
    assert refused(state, reveal(Ann="1", Bo="2", Cy="3", Dag="4")).startswith("The pieces")


def test_gamerules_last_marker_paid_eliminates() -> None:
    """If a player pays their last marker to the center they are eliminated from the game."""
    state = play(gamerules(each=1), deal(), *ALL_STAND, reveal(Ann="9", Bo="8", Cy="7", Dag="6"))
    assert out_seats(state) == ["Dag"]
    assert balances(state) == {"Ann": 1, "Bo": 1, "Cy": 1, "Dag": 0}


def test_gamerules_single_player_remaining_wins() -> None:
    """The game ends when a single player remains in the game. They are the winner."""
    seats = ["Ann", "Bo", "Cy"]
    state = play(gamerules(seats=seats, each=1), deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="fool", Bo="pot", Cy="cat"))
    # the fool drags the pot down: Ann and Bo both pay their last marker
    assert state.phase == "over"
    assert [state.names[i] for i in state.winners] == ["Cy"]
    assert out_seats(state) == ["Ann", "Bo"]
    assert state.as_json()["winners"] == ["Cy"]
