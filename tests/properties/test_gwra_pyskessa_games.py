"""Random legal games of Gwra pyskessa (issue 15): any number of seats from 2 to 10, a dealer
named or cut for, then the referee's entries drawn from what the state offers. After every
event the invariants of docs/rules/gwra-pyskessa.md ("What the app derives") and
docs/journal.md, v2 section 7 hold; at the end the written journal replays to the very same state.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.replay import replay_state
from companion.games.gwra_pyskessa import (
    CARD,
    KIND,
    RANK_IDS,
    Ask,
    Cut,
    Event,
    GoFishState,
    LayDown,
    Reply,
    deal_size,
)

IN_CI = bool(os.environ.get("CI"))
STEP_CAP = 3000
NAMES = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon")


def check_invariants(state: GoFishState) -> None:
    n = len(state.names)
    assert all(h >= 0 for h in state.hands)
    sets = [r for s in state.sets for r in s]
    assert len(sets) == len(set(sets)) == len(state.scored) <= 13  # no rank laid down twice
    assert {r: state.names[i] for r, i in state.scored.items()} == {
        r: state.names[i] for i, s in enumerate(state.sets) for r in s}
    if state.deck is None:
        assert state.round == 0 and sum(state.hands) == 0
        return
    # cards conserved: hands + deck + 4 x sets = 52
    assert state.deck >= 0
    assert sum(state.hands) + state.deck + 4 * len(sets) == 52
    assert state.deck <= 52 - deal_size(n) * n
    if state.phase == "turns":
        assert state.turn is not None and state.hands[state.turn] >= 1
        others = sum(state.hands) - state.hands[state.turn]
        assert others > 0 or state.deck == 0  # nobody to ask: the deck is empty too
    if state.phase == "asking":
        assert state.turn is not None and state.asked is not None
        assert state.asked != state.turn and state.hands[state.asked] >= 1
        assert state.rank is not None and state.rank not in state.scored
        assert state.say is not None
    else:
        assert state.rank is None and state.say is None and state.asked is None
    if state.phase == "over":
        assert len(sets) == 13 and state.turn is None and len(state.winners) == 1
        counts = [len(s) for s in state.sets]
        best = state.winners[0]
        assert counts[best] == max(counts)
        top = max(RANK_IDS.index(r) for r in state.sets[best])
        for i, s in enumerate(state.sets):
            if i != best and len(s) == counts[best]:
                assert max(RANK_IDS.index(r) for r in s) < top
    else:
        assert len(sets) < 13 and state.winners == ()


def universe(state: GoFishState) -> list[Event]:
    """Every ask, reply and set the table could name now, accepted or not."""
    out: list[Event] = []
    for seat in state.names:
        for rank in RANK_IDS:
            out.append(LayDown(seat, rank))
            out += [Ask(seat, target, rank) for target in state.names]
        out += [Reply(seat, c) for c in range(5)]
    return out


def random_cut(state: GoFishState, rng: random.Random) -> Cut:
    cards = rng.sample(sorted(CARD), len(state.cut_seats))
    return Cut(tuple((state.names[i], c) for i, c in zip(state.cut_seats, cards)))


def choose(state: GoFishState, rng: random.Random) -> Event:
    if state.phase == "cut":
        return random_cut(state, rng)
    options = state.options()
    sets = [e for e in options if isinstance(e, LayDown)]
    if sets and rng.random() < 0.5:
        return rng.choice(sets)
    if state.phase == "asking":
        # mostly a catch, so that cards gather into sets as at a real table
        catches = [e for e in options if isinstance(e, Reply) and e.count]
        if catches and rng.random() < 0.7:
            return rng.choice(catches)
    asks = [e for e in options if not isinstance(e, LayDown)]
    return rng.choice(asks or options)


@settings(max_examples=60 if not IN_CI else 100, deadline=None, derandomize=IN_CI,
          suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 10), named=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_games_keep_the_invariants(seats: int, named: bool, seed: int) -> None:
    rng = random.Random(seed)
    names = NAMES[:seats]
    header = KIND.parse_header({"ev": "table", "version": 2, "game": "gwra-pyskessa",
                                "rules": "kernewek", "seats": list(names),
                                "dealer": rng.choice(names) if named else None})
    state = KIND.new_state(header)
    events: list[Event] = []
    check_invariants(state)
    for _step in range(STEP_CAP):
        if state.phase == "over":
            break
        if state.phase != "cut" and rng.random() < 0.1:
            # what the state offers is exactly what it accepts
            sample = rng.sample(universe(state), 40)
            options = set(state.options())
            for event in sample:
                assert (state.why_not(event) is None) == (event in options), event
        event = choose(state, rng)
        before = state.clone()
        state.apply(event)
        events.append(event)
        assert before.as_json() != state.as_json() or isinstance(event, Cut)
        check_invariants(state)
    text = KIND.dumps(header, events)
    assert replay_state(text).as_json() == state.as_json()


def test_a_clone_shares_nothing_with_its_original() -> None:
    header = KIND.parse_header({"ev": "table", "version": 2, "game": "gwra-pyskessa",
                                "rules": "kernewek", "seats": ["Ann", "Bo"], "dealer": "Bo"})
    state = KIND.new_state(header)
    for event in (KIND.parse_event({"ev": "deal"}, header),
                  Ask("Ann", "Bo", "7"), Reply("Bo", 3)):
        state.apply(event)
    copy = state.clone()
    before = state.as_json()
    copy.apply(LayDown("Ann", "7"))
    assert state.as_json() == before and copy.as_json() != before
