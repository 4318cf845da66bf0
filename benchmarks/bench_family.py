"""Replay per event of each cuckoo game against Gnav's, on 40-seat journals (issue 14, item 5).

    python benchmarks/bench_family.py [EVENTS]
    python benchmarks/bench_family.py [EVENTS] --against DIR   # and DIR's code, game by game

For Gnav and for each of Kille, Cuccù, Slabberjan and Vogelspiel (its first rule book), a
legal 40-seat game (or as many seats as the game allows) of up to EVENTS events (20,000 unless given) is made through the engine
(random legal events, the same seed each run; the stakes as high as the journal allows, and
every buy-back taken, so that the table stays full); then its journal text is replayed from
JSON Lines through the seam (`companion.core.replay.replay_state`, what `replay`, the store
and the boards use), best of 7 wall times, and divided by its number of events. The runs of
the five games are interleaved round by round, so that a change of load on this shared
machine falls on all of them alike. Target: each game within 1.2x of Gnav's per event.

With --against DIR (the root of another checkout, loaded beside this one by baseline.py), each
journal is also replayed by DIR's code, the two runs of each game interleaved AGAINST_REPS
times and timed in this process's CPU time (a run that waits for a core costs neither); prints
the median and best per event of each and their ratio (this / that). Target
(issue 22): no slower than before beyond the noise.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import baseline
from synthetic import build

from companion.engine.cuckoo.events import Cut, Deal, FamilyEvent, FamilyReply, Rebuy, Reveal
from companion.engine.cuckoo.family import FamilyKind, FamilyState
from companion.engine.cuckoo.rulebook import GameBook
from companion.engine.registry import GAMES, parse_header, replay_state

# the family's games, as the registry has them
FAMILY_BOOKS = tuple(game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind))
SEATS = 40
REPS = 7
AGAINST_REPS = 21
SEED = 14


def seats(book: GameBook) -> int:
    """40, or as many as the game's pack deals to (Cuccù's 40 cards leave a stock of two)."""
    return min(SEATS, book.max_seats)


def family_header(book: GameBook) -> dict[str, Any]:
    stakes: dict[str, Any] = {
        "stake": {"kind": "stake", "rebuys": 99},
        "lives": {"kind": "lives", "each": 99},
        "counters": {"kind": "counters", "each": 99},
    }[book.ledger]
    return {"ev": "table", "version": 2, "game": book.game, "rules": next(iter(book.presets)),
            "stakes": stakes, "seats": [f"Seat {i + 1}" for i in range(seats(book))],
            "dealer": "Seat 1"}


def _pieces(state: FamilyState, rng: random.Random, names: list[str]) -> tuple[tuple[str, str], ...]:
    bag = [p for p, n in state.rules.order for _ in range(n)]
    return tuple(zip(names, rng.sample(bag, len(names))))


def next_family_event(state: FamilyState, rng: random.Random) -> FamilyEvent:
    """A legal event: the cut and the reveal drawn from the pack, every buy-back taken, else
    one of the engine's own options (no seat leaves: the table stays full). Four answers in
    five are plain ones, as in Gnav's synthetic game (benchmarks/synthetic.py): a matador's
    call is as rare at the table as its piece, and each ends or turns a round."""
    if state.phase == "cut":
        return Cut(_pieces(state, rng, [state.names[i] for i in state.cut_seats]))
    if state.phase == "reveal":
        showing = [n for i, n in enumerate(state.names) if state.in_round[i] and not state.dead[i]]
        return Reveal(_pieces(state, rng, showing))
    options = state.options()
    rebuys = [e for e in options if isinstance(e, Rebuy)]
    if rebuys:
        return rebuys[0]
    deals = [e for e in options if isinstance(e, Deal)]
    if deals:
        return deals[0]
    plain = [e for e in options if isinstance(e, FamilyReply) and e.call == "none"]
    if plain and rng.random() < 0.8:
        return plain[0]
    return rng.choice(options)


def family_journal(book: GameBook, events: int) -> tuple[str, int]:
    """The journal text of a legal 40-seat game of `book`'s game and its number of events."""
    kind, header = parse_header(family_header(book))
    state = kind.new_state(header)
    assert isinstance(state, FamilyState)
    rng = random.Random(SEED)
    lines = [kind.header_line(header)]
    while len(lines) - 1 < events and state.phase != "over":
        event = next_family_event(state, rng)
        state.apply(event)
        lines.append(kind.event_line(event))
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines), len(lines) - 1


def gnav_journal(events: int) -> tuple[str, int]:
    return build(events), events


def replay_seconds(text: bytes, replay: Callable[[bytes], Any] = replay_state,
                   clock: Callable[[], float] = time.perf_counter) -> float:
    gc.collect()
    start = clock()
    replay(text)
    return clock() - start


def load() -> str:
    one = os.getloadavg()
    return f"load average {one[0]:.2f} {one[1]:.2f} {one[2]:.2f} on {os.cpu_count()} cpus"


def against(root: Path, journals: dict[str, tuple[bytes, int]]) -> None:
    """Each journal replayed by this code and by `root`'s, run for run interleaved."""
    baseline.load(root)
    theirs = baseline.module("engine.registry", "core.replay").replay_state
    for game, (data, _count) in journals.items():
        assert theirs(data).as_json() == replay_state(data).as_json(), f"{game}: the two disagree"
    times: dict[tuple[str, str], list[float]] = {}
    print(f"\nagainst the code in {root}: replay through the seam, {AGAINST_REPS} runs each, "
          f"interleaved, CPU time ({load()})")
    for _ in range(AGAINST_REPS):
        for game, (data, _count) in journals.items():
            times.setdefault((game, "this"), []).append(
                replay_seconds(data, replay_state, time.process_time))
            times.setdefault((game, "that"), []).append(
                replay_seconds(data, theirs, time.process_time))
    print(f"{'game':<11} {'this, median / best µs/event':>29} {'that':>15} "
          f"{'this/that, median (best)':>25}")
    for game, (_data, count) in journals.items():
        this = [t / count * 1e6 for t in times[(game, "this")]]
        that = [t / count * 1e6 for t in times[(game, "that")]]
        print(f"{game:<11} {statistics.median(this):>20.2f} / {min(this):5.2f} "
              f"{statistics.median(that):>7.2f} / {min(that):5.2f} "
              f"{statistics.median(this) / statistics.median(that):>16.3f} "
              f"({min(this) / min(that):.3f})")
    print(f"({load()})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("events", type=int, nargs="?", default=20_000)
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="also replay each journal with the code of the checkout at DIR")
    args = parser.parse_args(argv)
    events = args.events
    journals: dict[str, tuple[bytes, int]] = {}
    text, count = gnav_journal(events)
    journals["gnav"] = (text.encode(), count)
    for book in FAMILY_BOOKS:
        text, count = family_journal(book, events)
        journals[book.game] = (text.encode(), count)
    best = {game: float("inf") for game in journals}
    for _ in range(REPS):
        for game, (data, _count) in journals.items():
            best[game] = min(best[game], replay_seconds(data))
    gnav_per_event = best["gnav"] / journals["gnav"][1]
    print(f"replay through the seam, best of {REPS} (interleaved):")
    print(f"{'game':<11} {'seats':>5} {'events':>7} {'rounds':>7} {'ms':>8} {'µs/event':>9} "
          f"{'vs gnav':>8}")
    for game, (data, count) in journals.items():
        per_event = best[game] / count
        state = replay_state(data)
        print(f"{game:<11} {len(state.names):>5} {count:>7} {state.round:>7} "
              f"{best[game] * 1000:>8.1f} "
              f"{per_event * 1e6:>9.2f} {per_event / gnav_per_event:>8.2f}")
    if args.against is not None:
        against(args.against, journals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
