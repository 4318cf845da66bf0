"""Random legal games under every rule book and random house rules (issue 2, item 5).

After every event the invariants of gnav.md are checked; at the end the written journal must
replay to the very state the live table reached.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.errors import GnavError
from companion.core.fields import STOCK
from companion.engine.gnav import (
    PRESETS,
    Change,
    Cut,
    Deal,
    Event,
    Knock,
    Leave,
    Reply,
    Reveal,
    Stand,
    TableState,
    parse_header,
)
from companion.engine.gnav.journal import dumps, replay

from .strategies import Setup, choose_move, random_event, setups

IN_CI = bool(os.environ.get("CI"))
STEP_CAP = 600


def games(max_examples: int) -> Any:
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=IN_CI,
        suppress_health_check=[HealthCheck.too_slow],
    )


# --- the invariants ------------------------------------------------------------------------


class Book:
    """What the checks remember across events: the game's total stake, who left."""

    def __init__(self, state: TableState) -> None:
        self.total = sum(state.balance) + state.pool
        self.left: set[int] = set()


def seats_named(event: Event) -> list[str]:
    """The seats an event says act (knock, stand, change, reply) or show a piece."""
    if isinstance(event, (Knock, Stand, Change)):
        return [event.seat]
    if isinstance(event, Reply):
        return [] if event.source == STOCK else [event.source]
    if isinstance(event, (Reveal, Cut)):
        return [name for name, _ in event.pieces]
    return []


def check_before(state: TableState, event: Event, where: str) -> None:
    """An accepted event never lets an out seat act, show a piece or deal."""
    index = {name: i for i, name in enumerate(state.names)}
    for name in seats_named(event):
        i = index[name]
        assert not state.out[i], f"{where}: out seat {name} named by {event}"
        if not isinstance(event, Cut):
            assert state.in_round[i], f"{where}: {name} is not in the round but in {event}"
    if isinstance(event, Deal):
        assert state.dealer is not None
        assert not state.out[state.dealer], f"{where}: out seat deals"
        assert not state.sitting_out[state.dealer], f"{where}: a seat sitting out deals"
    if isinstance(event, Reply) and event.source != STOCK:
        assert state.asked == index[event.source]


def check_state(state: TableState, book: Book, where: str) -> None:
    n = len(state.names)
    if state.counters:
        assert sum(state.balance) + state.pool == book.total, f"{where}: counters + pool changed"
        assert all(b >= 0 for b in state.balance), f"{where}: a balance below 0"
        assert state.pool >= 0
    else:
        assert state.pool == 0, f"{where}: a pool under strokes"
        assert all(0 <= b <= state.limit for b in state.balance), f"{where}: strokes out of range"
    for i in range(n):
        if state.out[i]:
            # house default 2: only a reveal that leaves a seat at the end puts it out (or it left)
            at_end = state.balance[i] == (0 if state.counters else state.limit)
            assert at_end or i in book.left, f"{where}: {state.names[i]} out with a balance left"
            assert not state.in_round[i] and not state.sitting_out[i]
    phase = state.phase
    if phase in ("turns", "asking", "reveal"):
        assert state.dealer is not None and state.in_round[state.dealer], (
            f"{where}: the dealer {state.dealer_name} is not in the round"
        )
        assert sum(state.in_round) >= 2, f"{where}: a round with fewer than two seats"
    if phase in ("turns", "asking"):
        assert state.turn is not None and state.in_round[state.turn], (
            f"{where}: the turn {state.turn_name} is not in the round"
        )
    else:
        assert state.turn is None, f"{where}: a turn in phase {phase}"
    if phase == "asking":
        assert state.asked is not None
        assert state.asked == -1 or (state.in_round[state.asked] and state.asked != state.turn), (
            f"{where}: asked {state.asked_name} is not another seat in the round"
        )
        if state.asked == -1:
            assert state.stock > 0, f"{where}: the empty stock was asked"
    else:
        assert state.asked is None, f"{where}: someone asked in phase {phase}"
    if phase == "ready":
        assert state.dealer is not None
        assert not state.out[state.dealer] and not state.sitting_out[state.dealer], (
            f"{where}: the next dealer {state.dealer_name} cannot deal"
        )
        assert not any(state.in_round)
        assert sum(1 for i in range(n) if not state.out[i]) >= 2
    if phase == "over":
        check_winners(state, where)
    else:
        assert state.winners == (), f"{where}: winners before the end"
    if phase in ("turns", "asking", "reveal"):
        assert 0 <= state.stock <= state.rules.pack.size - sum(state.in_round)


def check_winners(state: TableState, where: str) -> None:
    winners = [state.names[i] for i in state.winners]
    assert winners, f"{where}: a finished game without a winner"
    standing = [name for i, name in enumerate(state.names) if not state.out[i]]
    if standing:
        assert winners == standing, f"{where}: winners {winners} but still in {standing}"
        assert len(standing) == 1
    else:
        # house default 4: the last seats all went out at one reveal and share the win
        assert state.last is not None and state.last.kind == "reveal"
        assert state.last_round is not None
        assert tuple(winners) == state.last_round.went_out, (
            f"{where}: winners {winners}, but {state.last_round.went_out} went out last"
        )


def check_refused(state: TableState, event: Event, where: str) -> None:
    """why_not, can, check and apply agree; a refused event changes nothing."""
    reason = state.why_not(event)
    assert state.can(event) == (reason is None)
    if reason is None:
        check_before(state, event, where)  # a random event that is accepted obeys the rules too
        state.clone().apply(event)  # must not raise: the app enables its buttons from why_not
        return
    assert isinstance(reason, str) and reason.strip(), f"{where}: an empty reason"
    before = state.as_json()
    with pytest.raises(GnavError) as err:
        state.apply(event)
    assert str(err.value) == reason
    assert state.as_json() == before, f"{where}: refused {event} changed the state"


# --- one game ------------------------------------------------------------------------------


def play(setup: Setup) -> tuple[TableState, list[Event]]:
    """Plays a random legal game, checking every invariant after every event."""
    state = TableState(setup.table)
    book = Book(state)
    moves = random.Random(setup.seed)
    # a separate stream for the wrong events, so that probing never changes the game played
    probes = random.Random(setup.seed ^ 0x5EED)
    events: list[Event] = []
    check_state(state, book, "at the start")
    for step in range(STEP_CAP):
        if state.phase == "over":
            break
        where = f"event {step + 1}"
        for option in state.options():
            assert state.why_not(option) is None, f"{where}: option {option} refused"
        if probes.random() < 0.3:
            check_refused(state, random_event(state, probes), where)
        event = choose_move(state, moves)
        assert state.why_not(event) is None, f"{where}: {event}: {state.why_not(event)}"
        check_before(state, event, where)
        state.apply(event)
        if isinstance(event, Leave):
            book.left.add(state.names.index(event.seat))
        events.append(event)
        check_state(state, book, f"{where} ({event})")
    if state.phase == "over":
        check_refused(state, Deal(), "after the end")
    return state, events


def check_journal(setup: Setup, state: TableState, events: list[Event]) -> None:
    text = dumps(setup.table, events)
    table, read, replayed = replay(text)
    assert table == setup.table
    assert read == events
    assert replayed.as_json() == state.as_json()
    _, _, from_bytes = replay(text.encode("utf-8"))
    assert from_bytes.as_json() == state.as_json()


def replay_prefix(setup: Setup, events: list[Event], cut: int) -> None:
    """Replaying part of the journal equals applying that part live."""
    live = TableState(setup.table)
    for event in events[:cut]:
        live.apply(event)
    _, _, replayed = replay(dumps(setup.table, events[:cut]))
    assert replayed.as_json() == live.as_json()


# --- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", sorted(PRESETS))
@games(max_examples=150)
@given(data=st.data())
def test_random_games_keep_every_invariant(rules: str, data: st.DataObject) -> None:
    setup = data.draw(setups(rules=rules), label="setup")
    state, events = play(setup)
    check_journal(setup, state, events)
    if events:
        replay_prefix(setup, events, setup.seed % (len(events) + 1))


@games(max_examples=40)
@given(setup=setups(low=13, high=40))
def test_random_games_at_full_tables(setup: Setup) -> None:
    state, events = play(setup)
    check_journal(setup, state, events)


@games(max_examples=100)
@given(setup=setups(low=2, high=4))
def test_small_random_games_end_with_a_winner(setup: Setup) -> None:
    """Two to four seats with small stakes nearly always finish within the cap."""
    state, events = play(setup)
    check_journal(setup, state, events)
    if state.phase == "over":
        check_winners(state, "at the end")


def test_most_small_games_finish() -> None:
    """The cap is long enough that the end-of-game checks really run."""
    finished = 0
    rng = random.Random(2024)
    for _ in range(30):
        table = parse_header({
            "ev": "table", "version": 1, "rules": rng.choice(sorted(PRESETS)),
            "stakes": {"kind": "counters", "each": rng.randint(1, 3)},
            "seats": ["Ann", "Bo", "Cy"],
        })
        state, _ = play(Setup(table, rng.randrange(2**32)))
        finished += state.phase == "over"
    assert finished >= 20
