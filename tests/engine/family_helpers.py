"""Builders for the family games' rule tests: a header and events as journal lines, played
through the registry's kind, the same path as a journal."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core import parse_header
from companion.engine import GnavError
from companion.engine.family import FamilyState

JsonObj = dict[str, Any]
STAKES = {"kille": {"kind": "stake", "rebuys": 3}, "cuccu": {"kind": "lives", "each": 3},
          "slabberjan": {"kind": "counters", "each": 3}, "vogelspiel": {"kind": "lives", "each": 6}}


def header(game: str, rules: str, seats: tuple[str, ...] = ("Ann", "Bo", "Cy", "Dag"),
           dealer: str | None = "Ann", stakes: JsonObj | None = None,
           house: JsonObj | None = None) -> JsonObj:
    out: JsonObj = {"ev": "table", "version": 2, "game": game, "rules": rules,
                    "stakes": stakes or STAKES[game], "seats": list(seats)}
    if dealer is not None:
        out["dealer"] = dealer
    if house is not None:
        out["house"] = house
    return out


def play(head: JsonObj, *events: JsonObj) -> FamilyState:
    kind, table = parse_header(head)
    state = kind.new_state(table)
    assert isinstance(state, FamilyState)
    for event in events:
        state.apply(kind.parse_event(event, table))
    return state


def refused(state: FamilyState, event: JsonObj) -> str:
    """The reason `event` is refused (by the parser or the state); the state unchanged."""
    before = state.as_json()
    kind, table = parse_header(state.table.as_json())
    with pytest.raises(GnavError) as info:
        state.apply(kind.parse_event(event, table))
    assert state.as_json() == before, "a refused event changed the state"
    return str(info.value)


def seat(state: FamilyState, name: str) -> JsonObj:
    seats: list[JsonObj] = state.as_json()["seats"]
    return next(s for s in seats if s["name"] == name)


def lives(state: FamilyState) -> dict[str, int]:
    return {s["name"]: s["lives"] for s in state.as_json()["seats"]}


def counters(state: FamilyState) -> dict[str, int]:
    return {s["name"]: s["counters"] for s in state.as_json()["seats"]}


def deal() -> JsonObj:
    return {"ev": "deal"}


def stand(name: str) -> JsonObj:
    return {"ev": "stand", "seat": name}


def change(name: str) -> JsonObj:
    return {"ev": "change", "seat": name}


def reply(source: str, call: str = "none", **more: Any) -> JsonObj:
    return {"ev": "reply", "from": source, "call": call, **more}


def reveal(**pieces: str) -> JsonObj:
    return {"ev": "reveal", "pieces": pieces}


def cut(**pieces: str) -> JsonObj:
    return {"ev": "cut", "pieces": pieces}


def leave(name: str) -> JsonObj:
    return {"ev": "leave", "seat": name}


def rebuy(name: str) -> JsonObj:
    return {"ev": "rebuy", "seat": name}
