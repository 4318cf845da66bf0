"""Bad Gwra pyskessa journals are refused at their line with a reason (docs/journal.md, version
2, sections 2, 3, 5.2, 5.3 and 9): the header's keys and values, the events this game has and has
not, the fields of a reply, ranks and cards as the journal format writes them."""

from __future__ import annotations

import json

import pytest

from companion.core.replay import replay_state
from companion.engine import JournalError

HEADER = {"ev": "table", "version": 2, "game": "gwra-pyskessa", "rules": "kernewek",
          "seats": ["Ann", "Bo", "Cy"], "dealer": "Cy"}


def refused(*lines: object) -> tuple[int, str]:
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    with pytest.raises(JournalError) as info:
        replay_state(text)
    return info.value.line, str(info.value.reason)


@pytest.mark.parametrize("change,why", [
    ({"stakes": {"kind": "counters", "each": 3}}, "has no \"stakes\""),
    ({"rules": "damm"}, "\"damm\" is not a rule book of gwra-pyskessa"),
    ({"house": {"deal": 6}}, "no house field \"deal\""),
    ({"house": []}, "\"house\" must be an object"),
    ({"seats": ["Ann"]}, "2 to 10 seats, not 1"),
    ({"seats": [f"P{i}" for i in range(11)]}, "2 to 10 seats, not 11"),
    ({"seats": ["Ann", "ann"]}, "are the same name"),
    ({"dealer": "Dag"}, "the dealer Dag is not one of the seats"),
    ({"version": 1}, "a version 1 journal is always gnav"),  # docs/journal.md G7
    ({"colour": "red"}, "has no field \"colour\""),
])
def test_a_bad_header_is_refused_at_line_1(change: dict[str, object], why: str) -> None:
    line, reason = refused(HEADER | change, {"ev": "deal"})
    assert line == 1 and why in reason, reason


def test_null_counts_as_absent_in_the_header() -> None:
    assert replay_state(json.dumps(HEADER | {"stakes": None, "house": None})).as_json()[
        "phase"] == "ready"


@pytest.mark.parametrize("event,why", [
    ({"ev": "reply", "from": "Ann", "call": "none"}, "has no \"call\""),
    ({"ev": "reply", "from": "Ann", "count": True}, "from 0 to 3, not true"),
    ({"ev": "reply", "from": "Ann", "count": -1}, "from 0 to 3, not -1"),
    ({"ev": "reply", "from": "Ann", "count": 1, "face_up": []}, "has no field \"face_up\""),
    ({"ev": "stand", "seat": "Ann"}, "not an event of gwra-pyskessa"),
    ({"ev": "reveal", "pieces": {}}, "not an event of gwra-pyskessa"),
    ({"ev": "fish"}, "the events of gwra-pyskessa are cut, deal, ask, reply and set"),
    ({"ev": "ask", "seat": "Ann", "target": "Bo", "rank": "7H"}, "\"7H\" is not a rank"),
    ({"ev": "ask", "seat": "Ann", "target": "Bo", "rank": 7}, "7 is not a rank"),
    ({"ev": "ask", "seat": "Ann", "target": "Bo", "rank": None}, "needs \"rank\""),
    ({"ev": "set", "seat": "Ann", "rank": "k"}, "\"k\" is not a rank"),
    ({"ev": "ask", "seat": "Ann", "target": "bo", "rank": "7"}, "spelled Bo, not bo"),
    ({"ev": "ask", "seat": "Ann", "target": "stock", "rank": "7"}, "no seat called stock"),
    ({"ev": "table", **HEADER}, "only be the first line"),
])
def test_a_bad_event_is_refused_at_its_line(event: dict[str, object], why: str) -> None:
    line, reason = refused(HEADER, {"ev": "deal"}, event)
    assert line == 3 and why in reason, reason


@pytest.mark.parametrize("cut,why", [
    ({"Ann": "1H", "Bo": "2H", "Cy": "3H"}, "\"1H\" is not a card"),
    ({"Ann": "7h", "Bo": "2H", "Cy": "3H"}, "\"7h\" is not a card"),
    ({"Ann": "7H", "Bo": "7H", "Cy": "3H"}, "shows 7H twice"),
    ({"Ann": "7H", "Bo": "2H"}, "leaves out Cy"),
])
def test_a_bad_cut_is_refused(cut: dict[str, str], why: str) -> None:
    header = {k: v for k, v in HEADER.items() if k != "dealer"}
    line, reason = refused(header, {"ev": "cut", "pieces": cut})
    assert line == 2 and why in reason, reason


def test_nothing_before_the_deal_but_the_deal() -> None:
    assert refused(HEADER, {"ev": "ask", "seat": "Ann", "target": "Bo", "rank": "7"}) == (
        2, "Ann cannot ask for a card now: the cards are still to be dealt by Cy.")
    assert refused(HEADER, {"ev": "deal"}, {"ev": "deal"})[0] == 3
