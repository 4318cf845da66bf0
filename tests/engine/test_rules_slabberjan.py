"""Slabberjan's rules, one test per rule point and house default of docs/rules/slabberjan.md.

Each docstring is a verbatim passage of that file. Seats are Ann, Bo, Cy, Dag clockwise and Ann
holds the bag unless a test says otherwise. Under `sheet` play goes to the right (turns Dag, Cy,
Bo, Ann); under the other books to the left (Bo, Cy, Dag, Ann).
"""

from __future__ import annotations

from .family_helpers import (
    change,
    counters,
    cut,
    deal,
    header,
    play,
    refused,
    reply,
    reveal,
    seat,
    stand,
)
from .helpers import RULES, unquoted_docstrings

SOURCE = RULES / "slabberjan.md"
RIGHT = [stand("Dag"), stand("Cy"), stand("Bo"), stand("Ann")]
LEFT = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]


def slab(rules: str = "sheet", **kwargs: object) -> dict[str, object]:
    return header("slabberjan", rules, **kwargs)  # type: ignore[arg-type]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE)
    assert not bad, f"docstrings that are not quotes of slabberjan.md: {bad}"


def test_slabberjan_the_pack_42_pieces_two_of_each() -> None:
    """42 pieces, two of each of 21 (sheet, zld p. 16, pp, evz): four matadors, the numerals 12
    to 0, and four low pictures"""
    state = play(slab(), deal())
    assert (state.rules.size, state.stock) == (42, 38)


def test_slabberjan_low_order_is_a_field() -> None:
    """The order of the low pieces is the main dispute (zld p. 18), so it is a field,
    `low_order`"""
    shown = reveal(Ann="face", Bo="pot", Cy="fool", Dag="blank")
    assert play(slab("dewaal"), deal(), *LEFT, shown).last_round == {"losers": ["Cy"]}
    assert play(slab("family"), deal(), *LEFT, shown).last_round == {"losers": ["Cy"]}
    shown = reveal(Ann="face", Bo="pot", Cy="9", Dag="blank")
    assert play(slab("dewaal"), deal(), *LEFT, shown).last_round == {"losers": ["Bo"]}
    assert play(slab("family"), deal(), *LEFT, shown).last_round == {"losers": ["Ann"]}
    state = play(slab("vanwallenburg"), deal(), *LEFT, reveal(Ann="fool", Bo="pot", Cy="9",
                                                                 Dag="blank"))
    assert state.last_round == {"losers": ["Bo"]}


def test_slabberjan_direction_sheet_right_francke_left() -> None:
    """the bag-holder deals from his **right**-hand neighbour, himself last; the first asks his
    right-hand neighbour (sheet): `"right"`"""
    state = play(slab(), deal(), change("Dag"))
    assert (state.turn_name, state.asked_name) == ("Dag", "Cy")
    state = play(slab("dewaal"), deal(), change("Bo"))
    assert (state.turn_name, state.asked_name) == ("Bo", "Cy")


def test_slabberjan_house_default_2_first_dealer_by_cut_low_order_included() -> None:
    """the seats cut: each draws, the highest deals (in the table's order, `low_order`
    included), a tie for highest draws again."""
    pieces = cut(Ann="face", Bo="face", Cy="pot", Dag="fool")
    state = play(slab(dealer=None), pieces)
    assert state.phase == "cut" and state.as_json()["cut"] == ["Ann", "Bo"]
    state = play(slab("family", dealer=None), pieces)
    assert (state.phase, state.dealer_name) == ("ready", "Cy")


def test_slabberjan_house_default_3_any_seat_may_stand() -> None:
    """**Stand.** Any seat may stand on its turn."""
    state = play(slab("family"), deal(), *LEFT)
    assert state.phase == "reveal"


def test_slabberjan_rider_the_asker_pays_a_cent() -> None:
    """the asker pays a cent into the pot (dewaal)"""
    state = play(slab("dewaal"), deal(), change("Bo"), reply("Cy", "rider"))
    assert counters(state)["Bo"] == 2 and state.pool == 1 and state.turn_name == "Cy"
    assert state.as_json()["exchanges"] == []


def test_slabberjan_bird_ends_turns_under_vanwallenburg() -> None:
    """swapping stops at the Bird and the pieces are shown (vw): `true`"""
    assert play(slab("vanwallenburg"), deal(), change("Bo"), reply("Cy", "bird")).phase == "reveal"
    state = play(slab("dewaal"), deal(), change("Bo"), reply("Cy", "bird"))
    assert (state.phase, state.turn_name, state.pool) == ("turns", "Cy", 1)


def test_slabberjan_cat_undoes_every_swap_of_the_round() -> None:
    """all swaps of the round are undone "until everyone has his own piece back" (zld p. 15)"""
    state = play(slab("dewaal"), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag"),
                 change("Dag"), reply("Ann", "cat"))
    assert [seat(state, n)["holds"] for n in ("Ann", "Bo", "Cy", "Dag")] == [
        "Ann", "Bo", "Cy", "Dag"]
    assert state.as_json()["undone"] == [["Cy", "Dag"], ["Bo", "Cy"]]
    assert state.pool == 0


def test_slabberjan_family_the_cat_costs_the_asker_too() -> None:
    """the asker pays a marker, his turn is over, all earlier swaps are undone (grs)"""
    state = play(slab("family"), deal(), change("Bo"), reply("Cy"), change("Cy"),
                 reply("Dag", "cat"))
    assert counters(state)["Cy"] == 2 and state.as_json()["exchanges"] == []


def test_slabberjan_inn_the_asker_swaps_with_the_next_neighbour() -> None:
    """the asker swaps with the Inn holder's next neighbour; the holder is skipped (zld p. 15)"""
    state = play(slab("dewaal"), deal(), change("Bo"), reply("Cy", "inn"))
    assert state.asked_name == "Dag"
    state = play(slab("dewaal"), deal(), change("Bo"), reply("Cy", "inn"), reply("Dag"))
    assert state.as_json()["exchanges"] == [["Bo", "Dag"]] and state.turn_name == "Cy"


def test_slabberjan_house_default_4_the_bag_holders_ask_ends_the_turns() -> None:
    """When the asker is the bag-holder, the turns are over."""
    state = play(slab("dewaal"), deal(), *LEFT[:3], change("Ann"), reply("stock"))
    assert state.phase == "reveal"


def test_slabberjan_house_default_6_an_inn_at_the_bag_holder_sends_to_the_bag() -> None:
    """if the holder is the bag-holder, the asker draws from the bag."""
    state = play(slab("dewaal"), deal(), stand("Bo"), stand("Cy"), change("Dag"),
                 reply("Ann", "inn"))
    assert state.asked_name == "stock"
    state = play(slab("dewaal"), deal(), stand("Bo"), stand("Cy"), change("Dag"),
                 reply("Ann", "inn"), reply("stock"))
    assert (state.turn_name, state.stock, seat(state, "Dag")["holds"]) == ("Ann", 37, 1)


def test_slabberjan_house_default_7_the_bag_shrinks() -> None:
    """the piece he gives up is laid on the table and stays out of the bag this round, so every
    exchange with the bag leaves it one piece smaller."""
    state = play(slab("dewaal"), deal(), *LEFT[:3], change("Ann"), reply("stock"))
    assert state.stock == 37
    before = play(slab("dewaal"), deal(), *LEFT[:3], change("Ann"))
    assert "no calls" in refused(before, reply("stock", "cat"))


def test_slabberjan_house_default_8_the_bag_runs_dry() -> None:
    """A change that would go to an empty bag lapses: no exchange; play goes on as after an
    answered ask."""
    names = tuple(f"P{i}" for i in range(40))
    head = slab("dewaal", seats=names, dealer="P0")
    events = [stand(n) for n in names[1:]]
    state = play(head, deal(), *events, change("P0"), reply("stock"))
    assert state.stock == 1
    state = play(head, deal(), *events)
    assert state.stock == 2


def test_slabberjan_house_default_9_the_showing_pays_in_turn_order() -> None:
    """The lowest piece pays (ties all pay), in turn order starting next to the bag-holder."""
    state = play(slab(), deal(), *RIGHT, reveal(Ann="fool", Bo="fool", Cy="3", Dag="4"))
    assert counters(state) == {"Ann": 2, "Bo": 2, "Cy": 3, "Dag": 3}


def test_slabberjan_loss_by_piece_vdb_costs() -> None:
    """under `loss_by_piece` the vdb cost of the piece shown (blank 2, pot 3, face 4, fool 5)
    whatever the `low_order`."""
    five = {"kind": "counters", "each": 5}
    house = {"loss_by_piece": True}
    for piece, cost in (("blank", 2), ("pot", 3), ("face", 4), ("fool", 5), ("0", 1)):
        state = play(slab(house=house, stakes=five), deal(), *RIGHT,
                     reveal(Ann=piece, Bo="bird", Cy="12", Dag="11"))
        assert counters(state)["Ann"] == 5 - cost, piece


def test_slabberjan_dewaals_side_pot() -> None:
    """Then, under `side_pot`, every seat showing the fool, the face, the pot or the 0 pays 1 into
    the side pot, in the same order. The side pot is kept apart and counted; the app does not
    pay it out."""
    state = play(slab("dewaal"), deal(), *LEFT, reveal(Ann="0", Bo="face", Cy="pot", Dag="1"))
    assert state.as_json()["side_pot"] == 3 and state.pool == 1
    assert counters(state) == {"Ann": 2, "Bo": 2, "Cy": 1, "Dag": 3}


def test_slabberjan_house_default_10_paying_what_one_has() -> None:
    """A debt is paid from the seat's counters, never below 0; a shortfall is not carried over."""
    one = {"kind": "counters", "each": 1}
    state = play(slab(house={"loss_by_piece": True}, stakes=one, seats=("Ann", "Bo", "Cy")),
                 deal(), stand("Cy"), stand("Bo"), stand("Ann"),
                 reveal(Ann="fool", Bo="3", Cy="4"))
    assert counters(state) == {"Ann": 0, "Bo": 1, "Cy": 1} and state.pool == 1


def test_slabberjan_house_default_11_credit_none_is_out() -> None:
    """Under `"none"` a seat with 0 counters after the showing is out."""
    one = {"kind": "counters", "each": 1}
    state = play(slab(stakes=one, seats=("Ann", "Bo", "Cy")), deal(), stand("Cy"), stand("Bo"),
                 stand("Ann"), reveal(Ann="fool", Bo="3", Cy="4"))
    assert seat(state, "Ann")["out"] is True and seat(state, "Ann")["sloffen"] is False


def test_slabberjan_house_default_11_op_sloffen() -> None:
    """A seat op sloffen that owes anything again (a charge or a loss, even a second one at the
    same showing) loses its credit and is out after that showing."""
    one = {"kind": "counters", "each": 1}
    head = slab("dewaal", stakes=one, seats=("Ann", "Bo", "Cy"),
                house={"credit": "everyone", "side_pot": True})
    state = play(head, deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="5", Bo="8", Cy="fool"))
    assert seat(state, "Cy")["out"] is True and seat(state, "Cy")["sloffen"] is False
    state = play(head, deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="5", Bo="8", Cy="blank"))
    assert seat(state, "Cy")["out"] is False and seat(state, "Cy")["sloffen"] is True


def test_slabberjan_house_default_11_first_broke() -> None:
    """under `"first_broke"` only the first seat of the game to reach 0 does (payments at a
    showing count in turn order)."""
    one = {"kind": "counters", "each": 1}
    head = slab(stakes=one, seats=("Ann", "Bo", "Cy"), house={"credit": "first_broke"})
    state = play(head, deal(), stand("Cy"), stand("Bo"), stand("Ann"),
                 reveal(Ann="fool", Bo="fool", Cy="4"))
    # the sheet goes to the right: Cy, Bo, Ann pay in that order, so Bo was first
    assert seat(state, "Bo")["sloffen"] is True and seat(state, "Ann")["out"] is True


def test_slabberjan_house_default_12_going_out_after_the_showing() -> None:
    """Going out is checked after each showing, as in Gnav (a seat that paid its last counter
    during the turns still shows). The last seat in the game wins; seats that all go out at the
    same showing share the win."""
    one = {"kind": "counters", "each": 1}
    state = play(slab("dewaal", stakes=one, seats=("Ann", "Bo")), deal(), change("Bo"),
                 reply("Ann", "rider"))
    assert counters(state)["Bo"] == 0 and seat(state, "Bo")["out"] is False
    state = play(slab("dewaal", stakes=one, seats=("Ann", "Bo")), deal(), change("Bo"),
                 reply("Ann", "rider"), stand("Ann"), reveal(Ann="1", Bo="2"))
    assert (state.phase, state.as_json()["winners"]) == ("over", ["Ann", "Bo"])


def test_slabberjan_asker_pays_is_a_house_field() -> None:
    """| `asker_pays` | any of `rider`, `bird`, `cat`, `inn`, each at most once |"""
    state = play(slab("dewaal", house={"asker_pays": ["inn"]}), deal(), change("Bo"),
                 reply("Cy", "inn"))
    assert counters(state)["Bo"] == 2 and state.asked_name == "Dag"
    assert play(slab("dewaal", house={"asker_pays": []}), deal(), change("Bo"),
                reply("Cy", "rider")).pool == 0
