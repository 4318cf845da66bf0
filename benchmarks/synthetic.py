"""Synthetic, legal Gnav games as journal text (JSON Lines), for the benchmarks.

`build`: a 40-seat game of about 50,000 events (issue 2's engine benchmark).
`long_game`: a game of N settled rounds under chalk strokes, then the next round dealt, as
the app would hold it at the table (issue 3's app benchmark at 20 x 500, issue 6's scale
benchmark at 40 x 2,000).

Deterministic: the same seed gives the same journal byte for byte. Every event is checked by
the engine as it is made, so the journal replays without error. Under damm with 99 counters
each and most changes answered with a plain exchange, all 40 seats are still in the game after
50,000 events, so the late events act on a table as full as the early ones.

    python benchmarks/synthetic.py [EVENTS] > game.jsonl
    python benchmarks/synthetic.py --rounds 2000 [--seats 40] > long.jsonl
"""

from __future__ import annotations

import random
import sys

from companion.engine.gnav import (
    GNAV_PACK,
    RANK,
    Change,
    Deal,
    Event,
    Knock,
    Reply,
    Reveal,
    Stand,
    Table,
    TableState,
    parse_header,
)
from companion.engine.gnav.journal import dumps

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


NAMES: tuple[str, ...] = (
    "Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon",
    "Kari", "Lars", "Mia", "Nils", "Ola", "Per", "Rut", "Siv", "Tor", "Unn",
    "Vera", "Wenche", "Yngve", "Åse", "Øystein", "Astrid", "Bjørn", "Dagny", "Egil", "Frøydis",
    "Geir", "Hallvard", "Ingrid", "Jostein", "Kjersti", "Leif", "Marit", "Nora", "Oddvar", "Ragnhild",
)


def stroke_table(seats: int = 40, limit: int = 99, rules: str = "damm") -> Table:
    """A table of `seats` named seats playing for chalk strokes up to `limit`."""
    if not 2 <= seats <= len(NAMES):
        raise ValueError(f"2 to {len(NAMES)} seats")
    names = list(NAMES[:seats])
    return parse_header({
        "ev": "table", "version": 1, "rules": rules,
        "stakes": {"kind": "strokes", "limit": limit}, "seats": names, "dealer": names[0],
    })


def _reveal(state: TableState, rng: random.Random, pace: float) -> Reveal:
    """Pieces for every seat in the round, drawn from the pack at random, the lowest three
    given to the seats with the fewest strokes; of up to 50 draws, the first that keeps the
    table's strokes near `pace` per seat per round (one that adds strokes when the table is
    behind, one that adds at most one when ahead), else the nearest. So a long game under
    strokes keeps every seat in, with tally marks that grow round by round."""
    seats = [i for i in range(len(state.names)) if state.in_round[i]]
    before = sum(state.balance)
    behind = before < pace * len(seats) * state.round
    best: tuple[int, Reveal] | None = None
    for _ in range(50):
        bag = BAG[:]
        rng.shuffle(bag)
        # the lowest first; the fool (outside the order under damm) anywhere
        pieces = sorted(bag[:len(seats)], key=lambda p: 0 if p == "fool" else -RANK[p])
        order = sorted(seats, key=lambda i: state.balance[i])
        low, rest = order[:3], order[3:]
        rng.shuffle(rest)
        shown = dict(zip(low + rest, pieces[:3] + rng.sample(pieces[3:], len(pieces) - 3)))
        reveal = Reveal(tuple((state.names[i], shown[i]) for i in seats))
        probe = state.clone()
        probe.apply(reveal)
        cost = sum(probe.balance) - before
        if best is None or (cost > best[0] if behind else cost < best[0]):
            best = (cost, reveal)
        if (1 <= cost <= 3) if behind else cost <= 1:
            break
    assert best is not None
    return best[1]


def long_game(rounds: int, seats: int = 40, seed: int = 1, limit: int = 99,
              rules: str = "damm") -> tuple[Table, list[Event]]:
    """A legal game of `rounds` settled rounds, then the next round dealt (Stand is up).

    Each turn stands or changes (4 in 10), about one answer in 20 is a matador's call, and
    the reveal is as `_reveal` says (every seat near two thirds of the stroke limit
    by the end); every event is checked by the engine as it is made.
    """
    rng = random.Random(seed)
    table = stroke_table(seats, limit, rules)
    state = TableState(table)
    events: list[Event] = []

    def play(event: Event) -> None:
        state.apply(event)
        events.append(event)

    while state.round < rounds or state.phase != "ready":
        if state.phase == "over":
            raise RuntimeError(f"the generated game ended in round {state.round}; raise the limit")
        if state.phase == "ready":
            play(Deal())
        elif state.phase == "turns":
            seat = state.turn_name
            assert seat is not None
            play(Change(seat) if rng.random() < 0.4 else Stand(seat))
        elif state.phase == "asking":
            source = state.asked_name or "stock"
            calls = [c for c in ("cuckoo", "dragoon", "cat", "horse", "house")
                     if rng.random() < 0.01]
            options = [Reply(source, c) for c in calls if state.can(Reply(source, c))]
            play(options[0] if options else Reply(source, "none"))
        elif state.phase == "reveal":
            # about two thirds of the limit by the last round
            play(_reveal(state, rng, limit * 2 / 3 / max(rounds, 1)))
        else:
            raise RuntimeError(f"unexpected phase {state.phase!r}")
    play(Deal())
    return table, events


def main(argv: list[str]) -> int:
    if argv[:1] == ["--rounds"]:
        rounds = int(argv[1])
        seats = int(argv[3]) if argv[2:3] == ["--seats"] else 40
        sys.stdout.write(dumps(*long_game(rounds, seats)))
    else:
        sys.stdout.write(build(int(argv[0]) if argv else 50_000))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
