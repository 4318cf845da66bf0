"""Small builders so that Gwra pyskessa's tests read like journals: every game goes through
the same path as a journal line (decoded JSON, the kind's parser, the state's apply)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import GnavError
from companion.games.gwra_pyskessa import KIND, GoFishState

from ..engine.helpers import EXCERPTS, RULES

JsonObj = dict[str, Any]
RULES_MD = RULES / "gwra-pyskessa.md"
SEED = EXCERPTS / "gwra-pyskessa-cornish-go-fish.txt"  # the lines of the seed the tests read


def table(*seats: str, dealer: str | None = None, **more: Any) -> JsonObj:
    out: JsonObj = {"ev": "table", "version": 2, "game": "gwra-pyskessa", "rules": "kernewek",
                    "seats": list(seats)}
    if dealer is not None:
        out["dealer"] = dealer
    return out | more


def play(header: JsonObj, *events: JsonObj) -> GoFishState:
    """The state after applying `events` in order to a table made from `header`."""
    parsed = KIND.parse_header(header)
    state = KIND.new_state(parsed)
    for event in events:
        state.apply(KIND.parse_event(event, parsed))
    return state


def refused(state: GoFishState, event: JsonObj) -> str:
    """The reason `event` is refused; fails when it is accepted or when it changed the state."""
    before = state.as_json()
    parsed = KIND.parse_event(event, state.header)
    reason = state.why_not(parsed)
    assert reason is not None, f"{event} was accepted"
    with pytest.raises(GnavError) as info:
        state.apply(parsed)
    assert str(info.value) == reason
    assert state.as_json() == before, "a refused event changed the state"
    return reason


def hands(state: GoFishState) -> dict[str, int]:
    return dict(zip(state.names, state.hands))


def cut(**cards: str) -> JsonObj:
    return {"ev": "cut", "pieces": cards}


def deal() -> JsonObj:
    return {"ev": "deal"}


def ask(seat: str, target: str, rank: str) -> JsonObj:
    return {"ev": "ask", "seat": seat, "target": target, "rank": rank}


def reply(source: str, count: int) -> JsonObj:
    return {"ev": "reply", "from": source, "count": count}


def lay(seat: str, rank: str) -> JsonObj:
    return {"ev": "set", "seat": seat, "rank": rank}
