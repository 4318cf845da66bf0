"""Cuccù's rules, one test per rule point and house default of docs/rules/cuccu.md.

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
    rebuy,
    refused,
    reply,
    reveal,
    seat,
    stand,
)
from .helpers import RULES, unquoted_docstrings

SOURCE = RULES / "cuccu.md"
ALL_STAND = [stand("Dag"), stand("Cy"), stand("Bo"), stand("Ann")]
ONE = {"kind": "lives", "each": 1}


def cuccu(rules: str = "campli", **kwargs: object) -> dict[str, object]:
    return header("cuccu", rules, **kwargs)  # type: ignore[arg-type]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE)
    assert not bad, f"docstrings that are not quotes of cuccu.md: {bad}"


def test_cuccu_the_pack_forty_cards() -> None:
    """40 cards, two of each of 20 (pagat, 7b, agr)"""
    state = play(cuccu(), deal())
    assert (state.rules.size, state.stock) == (40, 36)


def test_cuccu_house_default_1_direction_right() -> None:
    """The first turn is the seat to the dealer's right; each seat asks its right-hand
    neighbour; the dealer is last; the deal passes to the right."""
    state = play(cuccu(), deal(), change("Dag"))
    assert state.asked_name == "Cy"
    state = play(cuccu(), deal(), *ALL_STAND, reveal(Ann="1", Bo="2", Cy="3", Dag="4"))
    assert state.dealer_name == "Dag"


def test_cuccu_house_default_2_the_fool_lowest_in_the_cut() -> None:
    """the seats cut: highest deals, the Fool lowest, a tie for highest cuts again."""
    state = play(cuccu(dealer=None), cut(Ann="fool", Bo="lion", Cy="lion", Dag="fool"))
    assert state.as_json()["cut"] == ["Bo", "Cy"]


def test_cuccu_house_default_3_stakes_and_money() -> None:
    """Lives start at the header's `each` (3). Every seat stakes 1 unit into the pot at the
    start"""
    state = play(cuccu())
    assert state.as_json()["pot"] == 4 and lives(state) == {"Ann": 3, "Bo": 3, "Cy": 3, "Dag": 3}
    assert seat(state, "Ann")["money"] == -1


def test_cuccu_house_default_4_a_cuckoo_ends_only_that_ask() -> None:
    """A Cuckoo ends only that ask, never the round."""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "cuckoo"))
    assert (state.phase, state.turn_name, lives(state)["Dag"]) == ("turns", "Cy", 3)


def test_cuccu_hunter_the_asker_loses_a_life_at_once() -> None:
    """no exchange, the asker loses a life at once (scr, wp)"""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "hunter"))
    assert lives(state)["Dag"] == 2 and state.as_json()["exchanges"] == []


def test_cuccu_horse_the_asker_tries_the_next_seat() -> None:
    """the asker tries the next seat; the Horse is skipped when a Cat sends cards back (scr,
    wp)"""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "horse"))
    assert state.asked_name == "Bo"
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "horse"), reply("Bo"),
                 stand("Cy"), change("Bo"), reply("Ann", "cat"))
    assert state.as_json()["undone"] == [["Dag", "Bo"]]
    assert [seat(state, n)["holds"] for n in ("Bo", "Cy", "Dag")] == ["Bo", "Cy", "Dag"]


def test_cuccu_house_default_5_a_horse_at_the_dealer_sends_to_the_stock() -> None:
    """**A pass that reaches the dealer's Horse** goes to the stock (the asker draws its top
    card)."""
    state = play(cuccu(), deal(), stand("Dag"), stand("Cy"), change("Bo"),
                 reply("Ann", "horse"), reply("stock"))
    assert seat(state, "Bo")["holds"] == 1 and state.turn_name == "Ann"


def test_cuccu_house_default_6_lives_lost_at_once_never_below_0() -> None:
    """Hunter and Cat take one life from the asker as they happen, never below 0. A seat at 0
    during the turns keeps its card, can be asked, and shows"""
    state = play(cuccu(stakes=ONE), deal(), change("Dag"), reply("Cy", "hunter"))
    assert lives(state)["Dag"] == 0 and not seat(state, "Dag")["out"]
    state = play(cuccu(stakes=ONE), deal(), change("Dag"), reply("Cy", "hunter"),
                 stand("Cy"), stand("Bo"), change("Ann"), reply("stock"))
    assert state.phase == "reveal"


def test_cuccu_house_default_7_the_cat_sends_the_offered_card_back() -> None:
    """Let X be the asker's card. Every standing exchange of this round in which X changed hands
    is undone, newest first, so X goes back to the seat it was dealt to and every seat on its
    way gets back the card it had."""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy"), change("Cy"), reply("Bo"),
                 change("Bo"), reply("Ann", "cat"))
    assert state.as_json()["undone"] == [["Cy", "Bo"], ["Dag", "Cy"]]
    assert lives(state)["Bo"] == 2


def test_cuccu_cat_undoes_all_or_none_as_house_rules() -> None:
    """`"all"` undoes every standing exchange of the round instead, `"none"` nothing."""
    events = [deal(), change("Dag"), reply("Cy"), stand("Cy"), change("Bo"), reply("Ann", "cat")]
    state = play(cuccu(house={"cat_undoes": "all"}), *events)
    assert state.as_json()["exchanges"] == [] and state.as_json()["undone"] == [["Dag", "Cy"]]
    state = play(cuccu(house={"cat_undoes": "none"}), *events)
    assert state.as_json()["exchanges"] == [["Dag", "Cy"]] and lives(state)["Bo"] == 2


def test_cuccu_house_default_8_the_inn_sold() -> None:
    """Sold: the exchange is made (the asker takes the Inn) and the price, a whole number of
    stake units (0 to 1000), passes from the asker's money to the holder's."""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "inn", sold=True, price=3))
    assert state.as_json()["exchanges"] == [["Dag", "Cy"]]
    assert (seat(state, "Dag")["money"], seat(state, "Cy")["money"]) == (-4, 2)
    before = play(cuccu(), deal(), change("Dag"))
    assert "1000" in refused(before, reply("Cy", "inn", sold=True, price=1001))


def test_cuccu_house_default_8_the_inn_refused_shelters() -> None:
    """Refused: no exchange and no charge; the asker is *sheltered* by the Inn's holder for this
    round: if at the reveal the asker shows the Nulla and loses a life, the Inn's holder loses it
    instead."""
    state = play(cuccu(), deal(), change("Dag"), reply("Cy", "inn", sold=False), stand("Cy"),
                 stand("Bo"), stand("Ann"), reveal(Ann="5", Bo="4", Cy="inn", Dag="nulla"))
    assert lives(state) == {"Ann": 3, "Bo": 3, "Cy": 2, "Dag": 3}
    assert state.last_round == {"losers": ["Cy"], "gainers": []}


def test_cuccu_house_default_9_a_cuckoo_drawn_is_void() -> None:
    """A Cuckoo drawn is void: the dealer keeps his card and the Cuckoo is laid aside (the
    stock's only call); any other card is simply taken and the old card goes into the stock."""
    state = play(cuccu(), deal(), *ALL_STAND[:3], change("Ann"), reply("stock", "cuckoo"))
    assert (seat(state, "Ann")["holds"], state.stock, state.phase) == ("Ann", 35, "reveal")
    state = play(cuccu(), deal(), *ALL_STAND[:3], change("Ann"), reply("stock"))
    assert (seat(state, "Ann")["holds"], state.stock) == (1, 36)
    before = play(cuccu(), deal(), *ALL_STAND[:3], change("Ann"))
    assert "cuckoo" in refused(before, reply("stock", "hunter"))


def test_cuccu_house_default_10_no_fool() -> None:
    """No Fool: the lowest card loses a life (all tied seats)."""
    state = play(cuccu(), deal(), *ALL_STAND, reveal(Ann="lion", Bo="lion", Cy="1", Dag="2"))
    assert state.last_round == {"losers": ["Ann", "Bo"], "gainers": []}


def test_cuccu_house_default_10_one_fool() -> None:
    """One Fool: its holder loses a life, and among the other seats the lowest loses a life (all
    tied), unless every other seat shows a Cuckoo (then only the Fool's holder loses, wp)."""
    state = play(cuccu(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="3", Cy="1", Dag="2"))
    assert state.last_round == {"losers": ["Ann", "Cy"], "gainers": []}
    state = play(cuccu(seats=("Ann", "Bo", "Cy")), deal(), stand("Cy"), stand("Bo"),
                 stand("Ann"), reveal(Ann="fool", Bo="cuckoo", Cy="cuckoo"))
    assert state.last_round == {"losers": ["Ann"], "gainers": []}


def test_cuccu_house_default_10_two_fools() -> None:
    """Two Fools: each holder gains a life, and among the other seats the lowest loses a life as
    usual. Losses come first, then gains; lives have no upper limit."""
    state = play(cuccu(), deal(), *ALL_STAND, reveal(Ann="fool", Bo="fool", Cy="1", Dag="2"))
    assert lives(state) == {"Ann": 4, "Bo": 4, "Cy": 2, "Dag": 3}
    assert state.last_round == {"losers": ["Cy"], "gainers": ["Ann", "Bo"]}


def test_cuccu_house_default_11_re_entry_doubles() -> None:
    """it gets the header's `each` lives, pays 2^(n+1) stakes into the pot (n = re-entries
    already made at this table by anyone: 2, 4, 8 …), and is no longer a virgin."""
    state = play(cuccu(stakes=ONE), deal(), *ALL_STAND,
                 reveal(Ann="1", Bo="2", Cy="lion", Dag="lion"))
    assert state.as_json()["may_rebuy"] == ["Cy", "Dag"]
    state = play(cuccu(stakes=ONE), deal(), *ALL_STAND,
                 reveal(Ann="1", Bo="2", Cy="lion", Dag="lion"), rebuy("Cy"), rebuy("Dag"))
    assert (seat(state, "Cy")["money"], seat(state, "Dag")["money"]) == (-3, -5)
    assert state.as_json()["pot"] == 4 + 2 + 4 and seat(state, "Dag")["virgin"] is False


def test_cuccu_house_default_11_the_next_deal_closes_the_offer() -> None:
    """It may decline (it leaves). The next deal closes the offer."""
    state = play(cuccu(stakes=ONE), deal(), *ALL_STAND,
                 reveal(Ann="1", Bo="2", Cy="3", Dag="lion"), deal())
    assert seat(state, "Dag")["out"] is True and state.as_json()["may_rebuy"] == []
    assert seat(state, "Dag")["holds"] is None and state.turn_name == "Bo"
    assert "between rounds" in refused(state, rebuy("Dag"))


def test_cuccu_reentry_can_be_switched_off() -> None:
    """The header may switch re-entry off (`"reentry": false`)."""
    stakes = {"kind": "lives", "each": 1, "reentry": False}
    state = play(cuccu(stakes=stakes), deal(), *ALL_STAND,
                 reveal(Ann="1", Bo="2", Cy="3", Dag="lion"))
    assert state.as_json()["may_rebuy"] == []


def test_cuccu_house_default_11_the_offer_lapses_with_the_last_virgin() -> None:
    """When the last virgin in the game leaves the table, the offer lapses"""
    two = ("Ann", "Bo", "Cy")
    state = play(cuccu(stakes=ONE, seats=two), deal(), stand("Cy"), stand("Bo"), stand("Ann"),
                 reveal(Ann="1", Bo="2", Cy="lion"), rebuy("Cy"), deal(), stand("Bo"),
                 stand("Ann"), stand("Cy"), reveal(Ann="1", Bo="lion", Cy="2"))
    assert state.as_json()["may_rebuy"] == ["Bo"]
    state = play(cuccu(stakes=ONE, seats=two), deal(), stand("Cy"), stand("Bo"), stand("Ann"),
                 reveal(Ann="1", Bo="2", Cy="lion"), rebuy("Cy"), deal(), stand("Bo"),
                 stand("Ann"), stand("Cy"), reveal(Ann="1", Bo="lion", Cy="2"), leave("Ann"))
    assert state.as_json()["may_rebuy"] == [] and state.phase == "over"
    assert state.as_json()["winners"] == ["Cy"]


def test_cuccu_house_default_12_everyone_out_at_once() -> None:
    """When every seat in the game goes out at the same reveal, nobody goes out: each gets
    `each` lives back, free, and stays a virgin if it was one."""
    state = play(cuccu(stakes=ONE, seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="lion", Bo="lion"))
    assert lives(state) == {"Ann": 1, "Bo": 1} and state.phase == "ready"
    assert seat(state, "Ann")["virgin"] is True


def test_cuccu_house_default_13_winner() -> None:
    """When nobody may re-enter and one seat is in the game, it takes the pot."""
    stakes = {"kind": "lives", "each": 1, "reentry": False}
    state = play(cuccu(stakes=stakes, seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="lion", Bo="1"))
    assert (state.phase, state.as_json()["winners"]) == ("over", ["Bo"])


def test_cuccu_house_default_14_montorios_tokens() -> None:
    """Every life lost in a round, during the turns or at the reveal, is a token handed to that
    round's dealer; the app counts them for him (`collected`); they are not lives."""
    state = play(cuccu("stu"), deal(), change("Dag"), reply("Cy", "hunter"), *ALL_STAND[1:],
                 reveal(Ann="1", Bo="2", Cy="3", Dag="lion"))
    assert seat(state, "Ann")["collected"] == 2 and lives(state)["Ann"] == 3


def test_cuccu_house_default_15_the_stock_runs_dry() -> None:
    """A change that would go to an empty stock lapses: no exchange; play goes on as after an
    answered ask."""
    names = tuple(f"P{i}" for i in range(38))
    head = cuccu(seats=names, dealer="P0")
    order = [names[0], *reversed(names[1:])]
    state = play(head, deal(), *(stand(n) for n in order[1:]), change("P0"), reply("stock"))
    assert state.stock == 2
    state = play(head, deal(), *(stand(n) for n in order[1:]), change("P0"),
                 reply("stock", "cuckoo"))
    assert state.stock == 1 and state.phase == "reveal"
