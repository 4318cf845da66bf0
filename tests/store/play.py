"""Random legal play for the store tests (also run by the crash-safety child process).

Every move is one the engine offers (TableState.options()) or a reveal of random pieces from
the pack, so a game only ever holds accepted events. Seeded: a failing game can be replayed.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.gnav import (
    GNAV_PACK,
    Cut,
    Deal,
    Event,
    Knock,
    Leave,
    Reveal,
    SitOut,
    Stand,
    Table,
    TableState,
    parse_header,
)

PACK: list[str] = [p.name for p in GNAV_PACK.pieces for _ in range(p.count)]


def header(
    seats: tuple[str, ...] = ("Ann", "Bo", "Cy", "Dag"),
    rules: str = "damm",
    each: int = 3,
    dealer: str | None = "",
) -> Table:
    """A counters table; the first seat deals unless `dealer` names another (None: a cut)."""
    obj: dict[str, Any] = {
        "ev": "table", "version": 1, "rules": rules,
        "stakes": {"kind": "counters", "each": each}, "seats": list(seats),
    }
    if dealer is not None:
        obj["dealer"] = dealer or seats[0]
    return parse_header(obj)


def next_event(
    state: TableState, rng: random.Random, leave: float = 0.03, calm: float = 0.0
) -> Event | None:
    """A random event the engine accepts now, or None when the game is over. `leave` is how
    often a seat leaves between rounds, `calm` how often a seat simply stands (long games)."""
    if state.phase == "over":
        return None
    if state.phase == "cut":
        seats = [state.names[i] for i in state.cut_seats]
        return Cut(tuple(zip(seats, rng.sample(PACK, len(seats)), strict=True)))
    if state.phase == "reveal":
        seats = [name for i, name in enumerate(state.names) if state.in_round[i]]
        return Reveal(tuple(zip(seats, rng.sample(PACK, len(seats)), strict=True)))
    options = state.options()
    if state.phase == "ready":
        # mostly deal: a game where seats keep leaving ends before it says much
        rare = [e for e in options if isinstance(e, (Leave, SitOut))]
        if rare and rng.random() < leave:
            return rng.choice(rare)
        return Deal()
    knocks = [e for e in options if isinstance(e, Knock)]
    moves = [e for e in options if not isinstance(e, Knock)]
    if knocks and rng.random() < 0.05:
        return rng.choice(knocks)
    stands = [e for e in moves if isinstance(e, Stand)]
    if stands and rng.random() < calm:
        return stands[0]
    return rng.choice(moves)


def random_events(
    table: Table, count: int, seed: int, leave: float = 0.03, calm: float = 0.0
) -> list[Event]:
    """Up to `count` accepted events from the start of a game on `table`."""
    rng = random.Random(seed)
    state = TableState(table)
    out: list[Event] = []
    while len(out) < count:
        event = next_event(state, rng, leave, calm)
        if event is None:
            break
        state.apply(event)
        out.append(event)
    return out
