"""Kille's rules, one test per rule point and house default of docs/rules/kille.md.

Each docstring is a verbatim passage of that file. Seats are Ann, Bo, Cy, Dag clockwise and Ann
deals unless a test says otherwise; play goes to the left, so the turns run Bo, Cy, Dag, Ann.
"""

from __future__ import annotations

from companion.engine.family import FamilyState

from .family_helpers import (
    change,
    cut,
    deal,
    header,
    leave,
    play,
    rebuy,
    refused,
    reply,
    reveal,
    seat,
    stand,
)
from .helpers import RULES, unquoted_docstrings

SOURCE = RULES / "kille.md"
ALL_STAND = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]
NO_REBUYS = {"kind": "stake", "rebuys": 0}


def kille(rules: str = "byteskille", **kwargs: object) -> dict[str, object]:
    return header("kille", rules, **kwargs)  # type: ignore[arg-type]


def dead(state: FamilyState) -> list[str]:
    return [s["name"] for s in state.as_json()["seats"] if s["dead"]]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), SOURCE)
    assert not bad, f"docstrings that are not quotes of kille.md: {bad}"


def test_kille_the_pack_42_cards() -> None:
    """42 cards, two of each of 21 (enwp, ril, ct, uu)."""
    assert (play(kille(), deal()).stock, play(kille()).rules.size) == (38, 42)


def test_kille_house_default_1_seating_to_the_left() -> None:
    """The first turn is the seat left of the dealer; the dealer's turn is last."""
    state = play(kille(), deal())
    assert state.turn_name == "Bo"
    assert play(kille(), deal(), change("Bo")).asked_name == "Cy"


def test_kille_house_default_2_the_cut_a_harlequin_drawn_is_highest() -> None:
    """the seats cut: each draws a card, the highest deals (a Harlequin drawn is highest), a tie
    for highest cuts again."""
    state = play(kille(dealer=None), cut(Ann="cuckoo", Bo="harlequin", Cy="mask", Dag="1"))
    assert (state.phase, state.dealer_name) == ("ready", "Bo")


def test_kille_house_default_3_the_pot() -> None:
    """Every seat puts one stake in the pot when the game starts, and one more for each
    rebuy"""
    state = play(kille())
    assert state.as_json()["pot"] == 4
    state = play(kille(), deal(), *ALL_STAND, reveal(Ann="1", Bo="2", Cy="3", Dag="mask"),
                 rebuy("Dag"))
    assert state.as_json()["pot"] == 5 and seat(state, "Dag")["rebuys"] == 1


def test_kille_cuckoo_no_exchange_exchanges_stop() -> None:
    """no exchange; exchanges stop; everyone shows (ril, ct, enwp)"""
    state = play(kille(), deal(), change("Bo"), reply("Cy", "cuckoo"))
    assert state.phase == "reveal" and state.as_json()["exchanges"] == []


def test_kille_hussar_the_asker_dies() -> None:
    """the asker is cut down: dies (ct; seed "the exchanger is out")"""
    state = play(kille(), deal(), change("Bo"), reply("Cy", "hussar"))
    assert dead(state) == ["Bo"] and state.turn_name == "Cy"


def test_kille_house_default_6_a_dead_seat_is_never_asked() -> None:
    """it has no turn, cannot be asked (an ask or pass that would reach it goes to the next seat
    still alive), and does not show at the reveal."""
    state = play(kille(), deal(), change("Bo"), reply("Cy", "hussar"), stand("Cy"),
                 stand("Dag"), stand("Ann"))
    assert "died" in refused(state, reveal(Ann="1", Bo="2", Cy="3", Dag="4"))
    assert seat(state, "Bo")["holds"] == "Bo"  # the dead keep their card until the reveal
    state = play(kille(), deal(), change("Bo"), reply("Cy", "hussar"), stand("Cy"),
                 stand("Dag"), stand("Ann"), reveal(Ann="1", Cy="3", Dag="4"))
    assert state.last_round == {"losers": ["Ann"], "died": ["Ann", "Bo"]}


def test_kille_pig_under_byteskille_all_exchanges_go_back() -> None:
    """"all exchanges made go back, and the one who first had the cut card dies" (ct)"""
    state = play(kille(), deal(), change("Bo"), reply("Cy"), change("Cy"), reply("Dag", "pig"))
    assert state.as_json()["undone"] == [["Bo", "Cy"]] and dead(state) == ["Bo"]
    assert seat(state, "Cy")["holds"] == "Cy" and state.turn_name == "Dag"


def test_kille_pig_under_oberg_only_the_offered_card() -> None:
    """"reverses all previous exchanges involving this card, knocking out the original holder"
    (bjo): `"offered_piece"`"""
    five = ("Ann", "Bo", "Cy", "Dag", "Eli")
    state = play(kille("oberg", seats=five, dealer="Eli"), deal(), change("Ann"), reply("Bo"),
                 stand("Bo"), change("Cy"), reply("Dag", "pig"))
    assert state.as_json()["exchanges"] == [["Ann", "Bo"]] and dead(state) == ["Cy"]


def test_kille_house_default_7_the_pig_kills_the_asker_holding_its_own_card() -> None:
    """Then O dies (it is the asker when X was the asker's own card). The Pig costs nothing
    else."""
    state = play(kille(), deal(), change("Bo"), reply("Cy", "pig"))
    assert dead(state) == ["Bo"] and state.as_json()["undone"] == []


def test_kille_cavalier_and_inn_pass_on() -> None:
    """the asker asks the next seat instead (ct, seed)"""
    for call in ("cavalier", "inn"):
        state = play(kille(), deal(), change("Bo"), reply("Cy", call))
        assert state.asked_name == "Dag", call


def test_kille_house_default_5_a_pass_at_the_dealer_goes_to_the_stock() -> None:
    """**A pass that reaches the dealer's Cavalier or Inn** goes to the stock: the asker takes
    its top card."""
    state = play(kille(), deal(), stand("Bo"), stand("Cy"), change("Dag"),
                 reply("Ann", "inn"), reply("stock"))
    assert seat(state, "Dag")["holds"] == 1 and state.turn_name == "Ann"


def test_kille_house_default_8_the_harlequin_passed_face_up_is_lowest() -> None:
    """At the reveal a Harlequin ranks above the cuckoo unless the card the seat holds is
    moved; then it ranks below the mask."""
    state = play(kille(), deal(), change("Bo"), reply("Cy", face_up=["Bo"]), *ALL_STAND[1:],
                 reveal(Ann="mask", Bo="5", Cy="harlequin", Dag="harlequin"))
    assert state.last_round == {"losers": ["Cy"], "died": ["Cy"]}


def test_kille_house_default_8_the_mark_stays_after_a_reversal() -> None:
    """a reversal does not clear the mark ("even if the card comes back", ct)."""
    state = play(kille(), deal(), change("Bo"), reply("Cy", face_up=["Bo"]), change("Cy"),
                 reply("Dag", "pig"))
    assert state.as_json()["moved_harlequins"] == ["Bo"]
    state = play(kille(), deal(), change("Bo"), reply("Cy", face_up=["Bo"]), change("Cy"),
                 reply("Dag", "pig"), stand("Dag"), stand("Ann"),
                 reveal(Ann="mask", Cy="5", Dag="3"))
    assert state.last_round == {"losers": ["Ann"], "died": ["Ann", "Bo"]}


def test_kille_house_default_8_the_stock_never_marks() -> None:
    """A Harlequin given to or taken from the stock is not moved by that (bjo: "drawn" is
    highest)."""
    before = play(kille(), deal(), *ALL_STAND[:3], change("Ann"))
    assert "face_up" in refused(before, reply("stock", face_up=["Ann"]))


def test_kille_house_default_10_the_dealers_turn() -> None:
    """the stock makes no calls, the dealer simply takes the card, and his old card goes into the
    stock (its size does not change)."""
    state = play(kille(), deal(), *ALL_STAND[:3], change("Ann"), reply("stock"))
    assert (state.stock, state.phase) == (38, "reveal")
    before = play(kille(), deal(), *ALL_STAND[:3], change("Ann"))
    assert "no calls" in refused(before, reply("stock", "cuckoo"))


def test_kille_house_default_11_the_reveal() -> None:
    """Only the seats still alive in this deal show and are compared. With two or more, the
    lowest rank dies (all tied seats die)"""
    state = play(kille(), deal(), *ALL_STAND, reveal(Ann="mask", Bo="mask", Cy="1", Dag="2"))
    assert state.last_round == {"losers": ["Ann", "Bo"], "died": ["Ann", "Bo"]}


def test_kille_mask_kills_holder_under_oberg() -> None:
    """"one of the lowest; knocks out the holder" (bjo): `true`"""
    events = [deal(), change("Bo"), reply("Cy", face_up=["Bo"]), *ALL_STAND[1:],
              reveal(Ann="mask", Bo="5", Cy="harlequin", Dag="2")]
    state = play(kille("oberg"), *events)
    assert state.last_round == {"losers": ["Ann", "Cy"], "died": ["Ann", "Cy"]}
    state = play(kille(), *events)
    assert state.last_round == {"losers": ["Cy"], "died": ["Cy"]}


def test_kille_house_default_11_a_lone_survivor_dies_of_nothing() -> None:
    """With one seat alive, nobody dies at the reveal."""
    state = play(kille("oberg", seats=("Ann", "Bo"), dealer="Bo"), deal(), change("Ann"),
                 reply("Bo", "hussar"), stand("Bo"), reveal(Bo="mask"))
    assert state.last_round == {"losers": [], "died": ["Ann"]}


def test_kille_house_default_12_buying_back() -> None:
    """After the reveal, every seat that died in this deal is out; one that has rebuys left (the
    header's `rebuys`, 3 in ril) may buy back in for one stake before the next deal, or decline
    (it leaves)."""
    state = play(kille(), deal(), *ALL_STAND, reveal(Ann="1", Bo="2", Cy="mask", Dag="mask"))
    assert state.as_json()["may_rebuy"] == ["Cy", "Dag"]
    state = play(kille(), deal(), *ALL_STAND, reveal(Ann="1", Bo="2", Cy="mask", Dag="mask"),
                 rebuy("Cy"), leave("Dag"))
    assert [seat(state, n)["out"] for n in ("Cy", "Dag")] == [False, True]
    assert state.as_json()["may_rebuy"] == []


def test_kille_house_default_12_a_deal_needs_two_seats() -> None:
    """A deal needs two seats, so when fewer than two are alive the dead must decide first."""
    state = play(kille(seats=("Ann", "Bo", "Cy")), deal(), stand("Bo"), stand("Cy"),
                 stand("Ann"), reveal(Ann="mask", Bo="mask", Cy="1"))
    assert "two seats" in refused(state, deal())


def test_kille_house_default_13_the_last_seat_takes_the_pot() -> None:
    """When nobody may buy back in any more and one seat is in the game, it takes the pot."""
    state = play(kille(stakes=NO_REBUYS, seats=("Ann", "Bo")), deal(), stand("Bo"),
                 stand("Ann"), reveal(Ann="mask", Bo="1"))
    assert (state.phase, state.as_json()["winners"]) == ("over", ["Bo"])


def test_kille_house_default_13_the_last_to_die_share() -> None:
    """When none is (everyone alive at the last reveal died there and nobody bought back), the
    seats that died at that reveal share the pot."""
    state = play(kille(seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="mask", Bo="mask"))
    assert state.as_json()["dealer"] is None and state.phase == "ready"
    state = play(kille(seats=("Ann", "Bo")), deal(), stand("Bo"), stand("Ann"),
                 reveal(Ann="mask", Bo="mask"), leave("Ann"), leave("Bo"))
    assert (state.phase, state.as_json()["winners"]) == ("over", ["Ann", "Bo"])


def test_kille_house_default_14_the_stock_runs_dry() -> None:
    """A change that would go to an empty stock lapses: no exchange; play goes on as after an
    answered ask."""
    names = tuple(f"P{i}" for i in range(40))
    state = play(kille(seats=names, dealer="P0"), deal(), *(stand(n) for n in names[1:]),
                 change("P0"), reply("stock"))
    assert state.stock == 2 and state.phase == "reveal"
