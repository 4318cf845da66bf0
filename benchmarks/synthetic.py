"""A synthetic, legal 40-seat game of about 50,000 events, as journal text (JSON Lines).

Deterministic: the same seed gives the same journal byte for byte. Every event is checked by
the engine as it is made, so the journal replays without error. Under damm with 99 counters
each and most changes answered with a plain exchange, all 40 seats are still in the game after
50,000 events, so the late events act on a table as full as the early ones.

    python benchmarks/synthetic.py [EVENTS] > game.jsonl
"""

from __future__ import annotations

import random
import sys

from companion.engine import (
    GNAV_PACK,
    Change,
    Deal,
    Event,
    Knock,
    Reply,
    Reveal,
    Stand,
    TableState,
    parse_header,
)
from companion.engine.journal import dumps

BAG: list[str] = [piece.name for piece in GNAV_PACK.pieces for _ in range(piece.count)]


def header(seats: int, rules: str, each: int) -> dict[str, object]:
    return {
        "ev": "table",
        "version": 1,
        "rules": rules,
        "stakes": {"kind": "counters", "each": each},
        "seats": [f"Seat {i + 1}" for i in range(seats)],
        "dealer": "Seat 1",
    }


def next_event(state: TableState, rng: random.Random) -> Event:
    """A legal event: stands and changes, every kind of reply, knocks, deals and reveals."""
    phase = state.phase
    if phase == "ready":
        return Deal()
    if phase == "reveal":
        bag = BAG[:]
        rng.shuffle(bag)
        seats = [name for i, name in enumerate(state.names) if state.in_round[i]]
        return Reveal(tuple(zip(seats, bag)))
    roll = rng.random()
    if roll < 0.02:
        in_round = [name for i, name in enumerate(state.names) if state.in_round[i]]
        return Knock(rng.choice(in_round))
    if phase == "turns":
        seat = state.turn_name
        assert seat is not None
        return Change(seat) if roll < 0.55 else Stand(seat)
    source = state.asked_name or "stock"
    if roll < 0.8:
        return Reply(source, "none")
    calls = [c for c in ("cuckoo", "dragoon", "cat", "horse", "house") if state.can(Reply(source, c))]
    return Reply(source, rng.choice(calls)) if calls else Reply(source, "none")


def build(events: int = 50_000, seats: int = 40, rules: str = "damm", each: int = 99,
          seed: int = 20_240) -> str:
    """The journal text of a legal game of exactly `events` events after the header."""
    table = parse_header(header(seats, rules, each))
    state = TableState(table)
    rng = random.Random(seed)
    made: list[Event] = []
    while len(made) < events:
        if state.phase == "over":
            raise RuntimeError(f"the synthetic game ended after {len(made)} events; raise the stakes")
        event = next_event(state, rng)
        state.apply(event)
        made.append(event)
    return dumps(table, made)


if __name__ == "__main__":
    sys.stdout.write(build(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000))
