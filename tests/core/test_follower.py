"""The seam's one follower (issue 13, item 2): journal lines to state with snapshots, the same
state replay gives after any number of events, and the registry's header errors unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import Follower
from companion.core.errors import GnavError, JournalError
from companion.core.journal import decode_line
from companion.engine.gnav.journal import replay_state
from companion.engine.registry import GAMES, parse_header, replay

OK = Path(__file__).resolve().parents[1] / "journals" / "ok"
SCENARIOS = sorted(OK.glob("*.jsonl"))


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _follower(header: str, every: int) -> Follower:
    kind, table = parse_header(decode_line(header))
    return Follower(kind, table, every=every)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_state_before_an_event_is_replays_state_after_the_ones_before(path: Path) -> None:
    header, *events = _lines(path)
    follower = _follower(header, every=3)  # small, so most indices start from a snapshot
    follower.extend(events)
    assert len(follower) == len(events)
    for index in range(len(events) + 1):
        want = replay_state("\n".join([header, *events[:index]]))
        assert follower.state_before(index).as_json() == want.as_json(), index
    assert follower.state.as_json() == replay_state(path.read_bytes()).as_json()


@pytest.mark.parametrize("path", SCENARIOS[:4], ids=lambda p: p.stem)
def test_truncate_then_extend_again_reaches_the_same_state(path: Path) -> None:
    header, *events = _lines(path)
    follower = _follower(header, every=2)
    follower.extend(events)
    end = follower.state.as_json()
    for count in (len(events) - 1, len(events) // 2, 0):
        follower.truncate(count)
        assert len(follower) == count
        assert follower.state.as_json() == replay_state("\n".join([header, *events[:count]])).as_json()
        follower.extend(events[count:])
        assert follower.state.as_json() == end


def test_a_refused_line_raises_and_keeps_what_came_before() -> None:
    header, *events = _lines(SCENARIOS[0])
    follower = _follower(header, every=200)
    follower.extend(events[:2])
    before = follower.state.as_json()
    with pytest.raises(GnavError):
        follower.extend([events[0]])  # a second cut or deal where it does not belong
    assert len(follower) == 2
    assert follower.state.as_json() == before


def test_the_registry_knows_gnav_by_its_header_name() -> None:
    header = _lines(SCENARIOS[0])[0]
    kind, table = parse_header(decode_line(header))
    assert kind is GAMES.kind("gnav")
    assert table.game == "gnav"


def test_a_game_this_build_does_not_know_gets_the_engines_sentence() -> None:
    obj = {"ev": "table", "version": 2, "game": "skat", "rules": "damm",
           "stakes": {"kind": "counters", "amount": 10}, "seats": ["A", "B", "C"]}
    with pytest.raises(GnavError) as err:
        parse_header(json.loads(json.dumps(obj)))
    assert str(err.value.text) == ('"skat" is not a game; the games are gnav, kille, cuccu, '
                                   "slabberjan, vogelspiel and gwra-pyskessa.")


def test_replay_refuses_a_game_this_build_does_not_know_at_line_1() -> None:
    head = {"ev": "table", "version": 2, "game": "skat", "rules": "damm",
            "stakes": {"kind": "counters", "each": 3}, "seats": ["A", "B"]}
    with pytest.raises(JournalError) as err:
        replay(json.dumps(head) + "\n{\"ev\": \"deal\"}\n")
    assert str(err.value) == ('line 1: "skat" is not a game; the games are gnav, kille, cuccu, '
                              "slabberjan, vogelspiel and gwra-pyskessa.")


def test_replay_keeping_no_events_cannot_go_back() -> None:
    header, *events = _lines(SCENARIOS[0])
    kind, table = parse_header(decode_line(header))
    follower = Follower(kind, table, keep=False)
    follower.extend(events)
    assert follower.events == []
    assert follower.state.as_json() == replay_state(SCENARIOS[0].read_bytes()).as_json()
    with pytest.raises(ValueError):
        follower.state_before(0)
