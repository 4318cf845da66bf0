"""Every change of a counter, life, credit or stake is told with its reason, in the banner and
the history (issue 23, items 3 to 5): the event's sentence, as the table's banner tells it
(views/cuckoo/family_voice.py) and family_pages.py numbers it in the history. Each docstring
quotes the rule it tells (docs/rules/<game>.md)."""

from __future__ import annotations

from typing import Any

from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.narrate import history_lines
from companion.engine.registry import parse_header

from .family_helpers import change, deal, header, reply, reveal, stand

JsonObj = dict[str, Any]
RIGHT = [stand("Dag"), stand("Cy"), stand("Bo"), stand("Ann")]
LEFT = [stand("Bo"), stand("Cy"), stand("Dag"), stand("Ann")]


def told(head: JsonObj, *events: JsonObj) -> list[str]:
    """The history's sentences of `events`, without their numbers."""
    kind, table = parse_header(head)
    first = kind.new_state(table)
    assert isinstance(first, FamilyState)
    lines = history_lines(first, [kind.parse_event(e, table) for e in events])
    return [line.split(". ", 1)[1] for line in lines]


def test_slabberjan_side_pot_payments_are_told() -> None:
    """slabberjan.md, house default 9: "every seat showing the fool, the face, the pot or the 0
    pays 1 into the side pot, in the same order"."""
    last = told(header("slabberjan", "dewaal"), deal(), *LEFT,
                reveal(Ann="0", Bo="face", Cy="pot", Dag="1"))[-1]
    assert "Cy pays a counter." in last
    for seat in ("Ann", "Bo", "Cy"):
        assert f"{seat} pays a counter into the side pot." in last
    assert "Dag pays" not in last


def test_slabberjan_op_sloffen_and_losing_the_credit_are_told() -> None:
    """slabberjan.md, house default 11: "a seat whose counters reach 0 goes *op sloffen* and
    stays in"; "A seat op sloffen that owes anything again ... loses its credit and is out after
    that showing"."""
    one = {"kind": "counters", "each": 1}
    head = header("slabberjan", "dewaal", seats=("Ann", "Bo", "Cy"), stakes=one,
                  house={"credit": "everyone", "side_pot": True})
    blank = told(head, deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                 reveal(Ann="5", Bo="8", Cy="blank"))[-1]
    assert "Cy has paid the last counter and plays on credit." in blank
    assert "Out of the game" not in blank
    fool = told(head, deal(), stand("Bo"), stand("Cy"), stand("Ann"),
                reveal(Ann="5", Bo="8", Cy="fool"))[-1]
    assert "Cy pays a counter into the side pot." not in fool
    assert "Cy owes the side pot a counter but has none left." in fool
    assert "Out of the game: Cy, with no counters left." in fool


def test_slabberjan_out_of_the_game_says_why() -> None:
    """slabberjan.md, house default 11: "Under `"none"` a seat with 0 counters after the
    showing is out."""
    one = {"kind": "counters", "each": 1}
    last = told(header("slabberjan", "sheet", seats=("Ann", "Bo", "Cy"), stakes=one), deal(),
                stand("Cy"), stand("Bo"), stand("Ann"), reveal(Ann="fool", Bo="3", Cy="4"))[-1]
    assert "Out of the game: Ann, with no counters left." in last


def test_vogelspiel_silent_matador_costs_the_holder_a_life_told() -> None:
    """vogelspiel.md, rule 5: "the exchange stands and the holder loses `silent_matador_pays`
    lives at once"."""
    said = told(header("vogelspiel", "pichler"), deal(), change("Dag"),
                reply("Cy", silent=True))[-1]
    assert said.endswith("Cy let a matador go without its call. Cy loses a life."), said


def test_kille_harlequin_passed_face_up_ranks_below_is_told() -> None:
    """kille.md, house default 8: "At the reveal a Harlequin ranks above the cuckoo unless the
    card the seat holds is moved; then it ranks below the mask."""
    last = told(header("kille", "byteskille"), deal(), change("Bo"),
                reply("Cy", face_up=["Bo"]), *LEFT[1:],
                reveal(Ann="mask", Bo="5", Cy="harlequin", Dag="harlequin"))[-1]
    assert "A Harlequin passed face up ranks below every other piece." in last


def test_kille_mask_dying_by_house_rule_is_told() -> None:
    """kille.md, `mask_kills_holder`: "one of the lowest; knocks out the holder" (bjo)."""
    last = told(header("kille", "oberg"), deal(), change("Bo"), reply("Cy", face_up=["Bo"]),
                *LEFT[1:], reveal(Ann="mask", Bo="5", Cy="harlequin", Dag="2"))[-1]
    assert "By the house rule the Mask dies too: Ann." in last


def test_kille_out_may_buy_back_before_the_next_deal() -> None:
    """kille.md, house default 12: "one that has rebuys left ... may buy back in for one stake
    before the next deal"."""
    last = told(header("kille", "byteskille"), deal(), *LEFT,
                reveal(Ann="1", Bo="2", Cy="mask", Dag="mask"))[-1]
    assert "Out of the game: Cy; Cy may buy back in before the next deal." in last
    none_left = told(header("kille", "byteskille", stakes={"kind": "stake", "rebuys": 0}),
                     deal(), *LEFT, reveal(Ann="1", Bo="2", Cy="mask", Dag="3"))[-1]
    assert "Out of the game: Cy, with no buy-back left." in none_left


def test_cuccu_inn_refused_shelter_is_told_at_the_refusal_and_the_reveal() -> None:
    """cuccu.md, rule 8: "Refused: no exchange and no charge; the asker is *sheltered* by the
    Inn's holder for this round: if at the reveal the asker shows the Nulla and loses a life,
    the Inn's holder loses it instead."""
    said = told(header("cuccu", "campli"), deal(), change("Dag"),
                reply("Cy", "inn", sold=False), stand("Cy"), stand("Bo"), stand("Ann"),
                reveal(Ann="5", Bo="4", Cy="inn", Dag="nulla"))
    assert ("No sale of the Inn: no swap. Cy shelters Dag this round: if Dag shows the Nothing "
            "and loses, Cy loses instead.") in said[2]
    assert ("Cy loses in place of Dag, who shows the Nothing: Cy sheltered Dag when the Inn was "
            "not sold.") in said[-1]
    assert "Cy loses a life." in said[-1]


def test_cuccu_the_stocks_cuckoo_is_void_and_told_capitalised() -> None:
    """cuccu.md, rule 9: "A Cuckoo drawn is void: the dealer keeps his card and the Cuckoo is
    laid aside"."""
    said = told(header("cuccu", "campli"), deal(), *RIGHT[:3], change("Ann"),
                reply("stock", "cuckoo"))[-1]
    assert said.startswith("The stock calls «Cucù!»"), said
    assert "It is void: Ann keeps the old card, and the Cuckoo is laid aside." in said


def test_cuccu_a_lone_fool_loses_is_told() -> None:
    """cuccu.md, rule 10: "One Fool: its holder loses a life, and among the other seats the
    lowest loses a life"."""
    last = told(header("cuccu", "campli"), deal(), *RIGHT,
                reveal(Ann="fool", Bo="4", Cy="5", Dag="6"))[-1]
    assert "Ann loses for showing the Fool alone." in last
