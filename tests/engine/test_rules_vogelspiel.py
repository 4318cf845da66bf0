"""Vogelspiel's rules, one test per rule point and house default of docs/rules/vogelspiel.md.

Each docstring is a verbatim passage of that file. Seats are Ann, Bo, Cy, Dag clockwise and Ann
deals unless a test says otherwise; play goes to the right, so the turns run Dag, Cy, Bo, Ann.
"""

from __future__ import annotations

from .family_helpers import (
    change,
    cut,
    deal,
    header,
    leave,
    lives,
    play,
    refused,
    reply,
    reveal,
    seat,
    stand,
)
from .helpers import RULES, unquoted_docstrings

SOURCE = RULES / "vogelspiel.md"
ALL_STAND = [stand("Dag"), stand("Cy"), stand("Bo"), stand("Ann")]


def vogel(rules: str = "adrian", **kwargs: object) -> dict[str, object]:
    return header("vogelspiel", rules, **kwargs)  # type: ignore[arg-type]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE)
    assert not bad, f"docstrings that are not quotes of vogelspiel.md: {bad}"


def test_vogelspiel_the_pack_has_one_set_of_twelve_numerals() -> None:
    """32 cards: ten pairs of pictures and **one** set of twelve numerals"""
    state = play(vogel(), deal())
    assert state.rules.size == 32 and state.stock == 28
    shown = play(vogel(), deal(), *ALL_STAND)
    assert "only one" in refused(shown, reveal(Ann="7", Bo="7", Cy="1", Dag="2"))


def test_vogelspiel_nulla_pack_variant() -> None:
    """Pack variant (`numerals: "1-10+nulla"`): some packs have two **Nulla** cards (`nulla`,
    count 2) instead of XI and XII, ranking between I and the Plate (wp)."""
    state = play(vogel(house={"numerals": "1-10+nulla"}), deal(), *ALL_STAND,
                 reveal(Ann="1", Bo="nulla", Cy="plate", Dag="10"))
    assert state.last_round == {"losers": ["Cy"]}
    assert "not a piece" in refused(play(vogel(house={"numerals": "1-10+nulla"}), deal(),
                                         *ALL_STAND), reveal(Ann="12", Bo="1", Cy="2", Dag="3"))


def test_vogelspiel_house_default_1_direction_right() -> None:
    """the next seat is the one to the **right** (the previous one in the header's clockwise
    list); each seat asks its right-hand neighbour; the first turn is the seat to the dealer's
    right, the dealer last; the deal passes to the right. A table may set `direction: "left"`."""
    state = play(vogel(), deal())
    assert state.turn_name == "Dag"
    state = play(vogel(), deal(), change("Dag"))
    assert state.asked_name == "Cy"
    state = play(vogel(), deal(), *ALL_STAND, reveal(Ann="1", Bo="2", Cy="3", Dag="4"))
    assert state.dealer_name == "Dag"
    assert play(vogel(house={"direction": "left"}), deal()).turn_name == "Bo"


def test_vogelspiel_house_default_2_first_dealer_by_cut() -> None:
    """The header names it, or the seats cut: highest deals, a tie draws again."""
    state = play(vogel(dealer=None), cut(Ann="bird", Bo="bird", Cy="5", Dag="witch"))
    assert state.phase == "cut"
    state = play(vogel(dealer=None), cut(Ann="bird", Bo="bird", Cy="5", Dag="witch"),
                 cut(Ann="guard", Bo="12"))
    assert (state.phase, state.dealer_name) == ("ready", "Ann")


def test_vogelspiel_house_default_3_lives_never_below_zero() -> None:
    """Each seat starts with the header's `each` lives, shown as strokes that are erased (usual:
    6 for adrian and pichler, 10 to 12 for salzburg). A life lost never takes a seat below 0."""
    state = play(vogel(stakes={"kind": "lives", "each": 1}, seats=("Ann", "Bo", "Cy")),
                 deal(), change("Cy"), reply("Bo", "bird"))
    assert lives(state) == {"Ann": 1, "Bo": 1, "Cy": 0}


def test_vogelspiel_bird_no_exchange_the_asker_loses_2() -> None:
    """| bird | no exchange; the asker loses 2 (wp2023; the seed: "two of three lives") | as
    adrian (wp) | as adrian |"""
    state = play(vogel(), deal(), change("Dag"), reply("Cy", "bird"))
    assert lives(state)["Dag"] == 4 and state.exchanges == [] and state.turn_name == "Cy"


def test_vogelspiel_guard_cat_tavern_cost_the_asker_1() -> None:
    """| guard, cat, tavern | no exchange; the asker loses 1 (wp, wp2023) | as adrian (wp) | as
    adrian |"""
    for call in ("guard", "cat", "tavern"):
        state = play(vogel(), deal(), change("Dag"), reply("Cy", call))
        assert lives(state)["Dag"] == 5 and state.exchanges == [], call


def test_vogelspiel_house_default_4_every_matador_blocks() -> None:
    """The Bird does not end the turns. Under `horse: "undo_all_end"` the Horse instead undoes
    every standing exchange of the round, newest first, and ends the turns, charging nothing."""
    assert play(vogel(), deal(), change("Dag"), reply("Cy", "bird")).phase == "turns"
    state = play(vogel(), deal(), change("Dag"), reply("Cy", "horse"))
    assert (state.phase, lives(state)["Dag"]) == ("turns", 5)
    state = play(vogel("pichler"), deal(), change("Dag"), reply("Cy"), change("Cy"),
                 reply("Bo", "horse"))
    assert state.phase == "reveal" and lives(state)["Cy"] == 6
    assert state.as_json()["undone"] == [["Dag", "Cy"]]


def test_vogelspiel_house_default_5_the_holders_duty() -> None:
    """the referee enters the exchange as *silent*: the exchange stands and the holder loses
    `silent_matador_pays` lives at once (0 = no penalty)."""
    state = play(vogel("pichler"), deal(), change("Dag"), reply("Cy", silent=True))
    assert lives(state)["Cy"] == 5 and state.as_json()["exchanges"] == [["Dag", "Cy"]]
    state = play(vogel(), deal(), change("Dag"), reply("Cy", silent=True))
    assert lives(state)["Cy"] == 6


def test_vogelspiel_house_default_6_the_dealers_turn() -> None:
    """Stand, or exchange with the top card of the stock (32 less the cards dealt); the stock
    makes no calls; the old card goes into the stock."""
    state = play(vogel(), deal(), stand("Dag"), stand("Cy"), stand("Bo"), change("Ann"),
                 reply("stock"))
    assert (state.phase, state.stock, seat(state, "Ann")["holds"]) == ("reveal", 28, 1)
    before = play(vogel(), deal(), stand("Dag"), stand("Cy"), stand("Bo"), change("Ann"))
    assert "no calls" in refused(before, reply("stock", "bird"))


def test_vogelspiel_house_default_7_the_showing() -> None:
    """The lowest card loses a life (ties all lose); a Witch costs `witch_loss` instead."""
    assert "only one" in refused(play(vogel(), deal(), *ALL_STAND),
                          reveal(Ann="3", Bo="3", Cy="12", Dag="bird"))
    state = play(vogel(), deal(), *ALL_STAND, reveal(Ann="glass", Bo="glass", Cy="12",
                                                        Dag="bird"))
    assert state.last_round == {"losers": ["Ann", "Bo"]}
    state = play(vogel("salzburg"), deal(), *ALL_STAND,
                 reveal(Ann="witch", Bo="2", Cy="12", Dag="bird"))
    assert lives(state)["Ann"] == 4


def test_vogelspiel_salzburg_witch_costs_two() -> None:
    """"the holder of the worst card erases one stroke, the holder of the Witch two"
    («Der Besitzer, der die schlechtesten Karten hat, muss einen Kreidestrich löschen, der
    Besitzer der Hexenkarte zwei Striche», sbg): `2`"""
    state = play(vogel("salzburg", stakes={"kind": "lives", "each": 12}), deal(), *ALL_STAND,
                 reveal(Ann="witch", Bo="witch", Cy="12", Dag="bird"))
    assert lives(state) == {"Ann": 10, "Bo": 10, "Cy": 12, "Dag": 12}


def test_vogelspiel_smiths_conjecture_only_if_unpaid() -> None:
    """Under `only_if_unpaid` the showing costs nothing when some seat was charged during the
    turns of this round (a matador, or the holder's duty) and every such charge was paid in
    full."""
    house = {"only_if_unpaid": True}
    state = play(vogel(house=house), deal(), change("Dag"), reply("Cy", "cat"), *ALL_STAND[1:],
                 reveal(Ann="witch", Bo="2", Cy="12", Dag="bird"))
    assert state.last_round == {"losers": []} and lives(state)["Ann"] == 6
    one = {"kind": "lives", "each": 1}
    state = play(vogel(house=house, stakes=one), deal(), change("Dag"), reply("Cy", "bird"),
                 *ALL_STAND[1:], reveal(Ann="witch", Bo="2", Cy="12", Dag="bird"))
    assert state.last_round == {"losers": ["Ann"]}


def test_vogelspiel_house_default_8_last_standing() -> None:
    """Under `"last_standing"` the last seat in the game wins; seats that all go out at the same
    showing share the win."""
    one = {"kind": "lives", "each": 1}
    state = play(vogel(stakes=one, seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="5", Bo="witch"))
    assert (state.phase, state.as_json()["winners"]) == ("over", ["Ann"])
    state = play(vogel(stakes=one, seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="witch", Bo="witch"))
    assert state.as_json()["winners"] == ["Ann", "Bo"]


def test_vogelspiel_house_default_8_first_out_loses() -> None:
    """Under `"first_out_loses"` the game ends at the first showing after which some seat has
    no lives: those seats have lost (they are out) and every other seat still in the game wins;
    if no seat is left, the seats that went out share."""
    one = {"kind": "lives", "each": 1}
    state = play(vogel("salzburg", stakes=one), deal(), *ALL_STAND,
                 reveal(Ann="witch", Bo="2", Cy="12", Dag="bird"))
    assert state.as_json()["winners"] == ["Bo", "Cy", "Dag"]
    assert seat(state, "Ann")["out"] is True


def test_vogelspiel_house_default_9_the_dealers_ask_ends_the_turns() -> None:
    """**When the asker is the dealer** the turns are over after his ask, whatever the answer."""
    state = play(vogel(seats=("Ann", "Bo")), deal(), stand("Bo"), change("Ann"), reply("stock"))
    assert state.phase == "reveal"


def test_vogelspiel_house_default_8_going_out_after_the_showing() -> None:
    """Going out is checked after each showing: a seat with no lives left is out."""
    state = play(vogel(stakes={"kind": "lives", "each": 2}), deal(), change("Dag"),
                 reply("Cy", "bird"), *ALL_STAND[1:])
    assert lives(state)["Dag"] == 0 and seat(state, "Dag")["out"] is False
    state = play(vogel(stakes={"kind": "lives", "each": 2}), deal(), change("Dag"),
                 reply("Cy", "bird"), *ALL_STAND[1:], reveal(Ann="1", Bo="2", Cy="3", Dag="4"))
    assert seat(state, "Dag")["out"] is True
    state = play(vogel(), leave("Bo"))
    assert seat(state, "Bo")["out"] is True
