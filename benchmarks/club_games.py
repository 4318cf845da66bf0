"""A club's games for the records (issue 26, item 6): legal games of every game this build
referees, played through the engine with seeded randomness, as journal text.

Every event is one the engine accepts at that moment (its `options()`, or a reveal or cut of
pieces from the game's own pack), so the journals replay without error. Deterministic: the
same seed gives the same journals byte for byte. Used by benchmarks/bench_records.py and by
the records' property test (tests/records/test_records_property.py).

    python benchmarks/club_games.py [COUNT] [SEED]     # prints the journals, one per line blank
"""

from __future__ import annotations

import random
import sys
from typing import Any

from companion.engine import cuccu, kille, slabberjan, vogelspiel
from companion.engine.cuckoo.events import Cut, Rebuy
from companion.engine.cuckoo.state import CuckooState
from companion.engine.gnav import GNAV_PACK, Deal, Reveal, Stand, TableState
from companion.engine.gwra_pyskessa import CARD, GoFishState, LayDown
from companion.engine.gwra_pyskessa import Cut as CardCut
from companion.engine.gwra_pyskessa import Reply as CardReply
from companion.engine.registry import GAMES, parse_header

FAMILY_BOOKS = (kille.book.BOOK, cuccu.book.BOOK, slabberjan.book.BOOK, vogelspiel.book.BOOK)

NAMES = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon", "Åse", "Kari")
GNAV_BOOKS = ("damm", "pagat", "gamerules")
GNAV_BAG = [p.name for p in GNAV_PACK.pieces for _ in range(p.count)]
STEP_CAP = 800  # a game still going after this many events is kept as an unfinished one


def header(game: str, rng: random.Random, high: int = 5) -> dict[str, Any]:
    """A small table of `game` (a few seats, stakes up to `high`), named dealer or a cut."""
    count = rng.randint(2, 6) if game != "gnav" else rng.randint(3, 6)
    seats = rng.sample(NAMES, count)
    head: dict[str, Any] = {"ev": "table", "seats": seats}
    if rng.random() < 0.8:
        head["dealer"] = seats[0]
    if game == "gnav":
        kind = rng.choice(("counters", "strokes"))
        amount = "each" if kind == "counters" else "limit"
        return {**head, "version": 1, "rules": rng.choice(GNAV_BOOKS),
                "stakes": {"kind": kind, amount: rng.randint(1, high)}}
    if game == "gwra-pyskessa":
        return {**head, "version": 2, "game": game, "rules": "kernewek"}
    book = next(b for b in FAMILY_BOOKS if b.game == game)
    small = rng.randint(1, high)
    stakes: dict[str, Any] = {
        "stake": {"kind": "stake", "rebuys": small - 1},
        "lives": {"kind": "lives", "each": small},
        "counters": {"kind": "counters", "each": small},
    }[book.ledger]
    if book.ledger == "lives" and "reentry" in _stake_fields(game):
        stakes["reentry"] = False
    seats = head["seats"][:book.max_seats]
    return {**head, "seats": seats, "version": 2, "game": game,
            "rules": rng.choice(sorted(book.presets)), "stakes": stakes}


def _stake_fields(game: str) -> tuple[str, ...]:
    return ("reentry",) if game == "cuccu" else ()


def games() -> tuple[str, ...]:
    return tuple(sorted(game.id for game in GAMES))


def next_event(state: Any, rng: random.Random) -> Any:
    """An event the engine accepts now, weighted so that games move on to their end."""
    if isinstance(state, GoFishState):
        if state.phase == "cut":
            cards = rng.sample(sorted(CARD), len(state.cut_seats))
            return CardCut(tuple((state.names[i], c) for i, c in
                                 zip(state.cut_seats, cards, strict=True)))
        options = state.options()
        sets = [e for e in options if isinstance(e, LayDown)]
        if sets and rng.random() < 0.6:
            return rng.choice(sets)
        catches = [e for e in options if isinstance(e, CardReply) and e.count]
        if catches and rng.random() < 0.7:
            return rng.choice(catches)
        return rng.choice([e for e in options if not isinstance(e, LayDown)] or options)
    assert isinstance(state, CuckooState)
    bag = (GNAV_BAG if isinstance(state, TableState)
           else [p for p, n in state.rules.order for _ in range(n)])
    if state.phase == "cut":
        names = [state.names[i] for i in state.cut_seats]
        return Cut(tuple(zip(names, rng.sample(bag, len(names)), strict=True)))
    if state.phase == "reveal":
        names = [n for i, n in enumerate(state.names) if state.in_round[i] and not state.dead[i]]
        return Reveal(tuple(zip(names, rng.sample(bag, len(names)), strict=True)))
    options = state.options()
    if state.phase == "ready":
        deals = [e for e in options if isinstance(e, Deal)]
        rebuys = [e for e in options if isinstance(e, Rebuy)]
        if rebuys and rng.random() < 0.3:
            return rng.choice(rebuys)
        if deals and rng.random() < 0.97:
            return deals[0]
        return rng.choice(options)
    if state.phase == "turns" and rng.random() < 0.5:
        stands = [e for e in options if isinstance(e, Stand)]
        if stands:
            return stands[0]
    return rng.choice(options)


def journal(game: str, seed: int, high: int = 5) -> str:
    """One legal game of `game` as journal text, played to its end (or STEP_CAP events)."""
    rng = random.Random(seed)
    head = header(game, rng, high)
    kind, table = parse_header(head)
    state = kind.new_state(table)
    events: list[Any] = []
    while state.phase != "over" and len(events) < STEP_CAP:
        event = next_event(state, rng)
        state.apply(event)
        events.append(event)
    return kind.dumps(table, events)


def club(count: int, seed: int = 1, high: int = 5) -> list[str]:
    """`count` journals, the games in turn, stakes up to `high` (longer evenings)."""
    kinds = games()
    return [journal(kinds[n % len(kinds)], seed * 1_000_003 + n, high) for n in range(count)]


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 6
    seed = int(argv[1]) if len(argv) > 1 else 1
    for text in club(count, seed):
        sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
