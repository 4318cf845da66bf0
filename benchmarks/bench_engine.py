"""How fast the engine replays a long game, and whether late events cost more than early ones.

    python benchmarks/bench_engine.py            # issue 2: 40 seats, about 50,000 events
    python benchmarks/bench_engine.py --scale    # issue 6: 40 seats, 2,000 settled rounds
    python benchmarks/bench_engine.py --rounds N --seats S   # any size of the long game
    python benchmarks/bench_engine.py --against DIR   # issue 13: per event, against DIR's engine

Builds a synthetic game (`synthetic.build`: 40 seats, 99 counters, about 50,000 events; with
--scale or --rounds, `synthetic.long_game`: a stroke game of N settled rounds and the next one
dealt, about 108,000 events at 40 x 2,000) and prints:
- the time to replay it from its JSON Lines text (`companion.engine.journal.replay`, best of
  several runs), with a baseline from the same run: `json.loads` of the same lines;
- the cost of applying one event among the first 5,000 and among the last 5,000 (events parsed
  beforehand, each repetition applies them to a fresh clone of the state at that point; the
  median over the repetitions), and the late/early ratio.
- with --scale or --rounds, the storage layer too (`companion.store`, the app's path): the
  time to import the journal into a new data folder (checks every event, one transaction),
  to open the games file afresh and `open_game` it (reads the rows, replays them), the state
  compared with the engine's replay; and one undo and redo of the last event.
- with --against DIR (the root of another checkout, e.g. `git worktree add` or `git archive` of
  main): that checkout's engine, loaded in this process under another name (baseline.py), applies
  the same first and last 5,000 events, interleaved with this engine's runs so that the load of
  a shared machine hits both alike, timed in this process's CPU time (a run that waits for a
  core then costs neither); prints both and the ratio (this engine / that one).
Targets (issue 2, item 6): the ratio at most 1.2, the whole replay under one second (for the
50,000-event game); issue 13, item 7: per event within 1.1x of the engine before it. Not a timed
test: it reports figures, and exits 0 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import baseline
from synthetic import build, long_game

from companion.core.journal import decode_line, split_lines
from companion.engine.gnav import Event, TableState, parse_event
from companion.engine.gnav.journal import dumps, replay

WINDOW = 5_000
REPLAY_RUNS = 7
APPLY_REPS = 15
TARGET_RATIO = 1.2
TARGET_REPLAY = 1.0
TARGET_AGAINST = 1.1
AGAINST_REPS = 31


def best_of(
    runs: int, work: Callable[[], object], clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


def apply_window(start: TableState, events: list[Event],
                 clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds to apply `events` to a fresh clone of `start` (the clone is not timed)."""
    state = start.clone()
    apply = state.apply
    begin = clock()
    for event in events:
        apply(event)
    return clock() - begin


def against(root: Path, text: str, table: Any, events: list[Event]) -> None:
    """Per event, this engine and `root`'s, over the same first and last WINDOW events."""
    baseline.load(root)
    journal = baseline.module("engine.gnav.journal", "engine.journal")
    base_table, base_events, base_final = journal.replay(text)
    base_state = type(base_final)
    _, _, final = replay(text)
    assert base_final.as_json() == final.as_json(), "the two engines disagree on this game"
    starts: dict[str, list[Any]] = {}
    for name, state_class, tab, evs in (("this", TableState, table, events),
                                        ("base", base_state, base_table, base_events)):
        late = state_class(tab)
        for event in evs[:-WINDOW]:
            late.apply(event)
        starts[name] = [(state_class(tab), evs[:WINDOW]), (late, evs[-WINDOW:])]
    times: dict[tuple[str, int], list[float]] = {}
    for _ in range(AGAINST_REPS):  # interleaved: drift in the machine hits both alike
        for part in (0, 1):
            for name in ("this", "base"):
                start, evs = starts[name][part]
                times.setdefault((name, part), []).append(
                    apply_window(start, evs, time.process_time))
    print()
    print(f"against the engine in {root} (median and best of {AGAINST_REPS} interleaved runs, "
          f"this process's CPU time, {load()})")
    for part, label in ((0, "first"), (1, "last ")):
        this = [t / WINDOW * 1e6 for t in times[("this", part)]]
        base = [t / WINDOW * 1e6 for t in times[("base", part)]]
        ratio = statistics.median(this) / statistics.median(base)
        print(f"  {label} {WINDOW:,} events: this {statistics.median(this):5.2f} us/event "
              f"(best {min(this):5.2f}), that {statistics.median(base):5.2f} "
              f"(best {min(base):5.2f}): {ratio:4.2f}x (best/best {min(this) / min(base):4.2f}x)"
              f"   target <= {TARGET_AGAINST}: {'met' if ratio <= TARGET_AGAINST else 'NOT met'}")


def load() -> str:
    one = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return f"load average {one[0]:.2f} {one[1]:.2f} {one[2]:.2f} on {os.cpu_count()} cpus"


def store_figures(text: str, final: TableState, runs: int) -> None:
    """Import, reopen and open_game through companion.store, in a temporary data folder."""
    from companion.store import Store

    folder = Path(tempfile.mkdtemp(prefix="gnav-bench-store-"))
    try:
        imports: list[float] = []
        opens: list[float] = []
        game_id = 0
        same = True
        for run in range(runs):
            data = folder / f"import-{run}"
            begin = time.perf_counter()
            with Store(data) as store:
                game_id = store.import_journal(text).id
            imports.append(time.perf_counter() - begin)
        data = folder / "import-0"
        for _ in range(runs):
            begin = time.perf_counter()
            store = Store(data)
            game = store.open_game(game_id)
            opens.append(time.perf_counter() - begin)
            same = same and state_json(game.state) == state_json(final)
            store.close()
        with Store(data) as store:
            game = store.open_game(game_id)
            begin = time.perf_counter()
            undone = game.undo()
            undo = time.perf_counter() - begin
            begin = time.perf_counter()
            game.redo()
            redo = time.perf_counter() - begin
            equal = state_json(game.state) == state_json(final) and undone is not None
            size = store.path.stat().st_size
        print()
        print(f"storage (companion.store, games file {size / 1e6:.1f} MB; {load()})")
        print(f"  import the journal into a new data folder: median {ms(imports)} "
              f"(min {min(imports) * 1000:.0f} ms, n={runs})")
        print(f"  open the games file + open_game (replay):  median {ms(opens)} "
              f"(min {min(opens) * 1000:.0f} ms, n={runs})")
        print(f"  undo of the last event: {undo * 1000:.1f} ms, redo: {redo * 1000:.1f} ms "
              f"(one each, fsync included)")
        print(f"  the opened game's state equals the engine's replay: {equal and same}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def state_json(state: TableState) -> str:
    """The state as `replay` prints it: every field the journal spec requires."""
    return json.dumps(state.as_json(), sort_keys=True)


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", action="store_true",
                        help="40 seats and 2,000 settled rounds (issue 6), with the store")
    parser.add_argument("--rounds", type=int, help="a stroke game of this many rounds")
    parser.add_argument("--seats", type=int, default=40)
    parser.add_argument("--store-runs", type=int, default=5)
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="also time the engine of the checkout at DIR, event for event")
    args = parser.parse_args(argv)
    rounds = 2000 if args.scale and args.rounds is None else args.rounds
    built = time.perf_counter()
    text = build() if rounds is None else dumps(*long_game(rounds, args.seats))
    built = time.perf_counter() - built
    lines = [line for _, line in split_lines(text)]
    table, events, final = replay(text)
    seats_in = sum(1 for out in final.out if not out)
    print(f"Gnav engine benchmark (python {sys.version.split()[0]})")
    print(f"  journal: {len(events):,} events after the header, {len(text):,} characters, "
          f"{len(table.seats)} seats, {final.round} rounds, {seats_in} seats still in at the end "
          f"(built in {built:.2f} s)")

    whole = best_of(REPLAY_RUNS, lambda: replay(text))
    whole_cpu = best_of(REPLAY_RUNS, lambda: replay(text), time.process_time)
    loads = best_of(REPLAY_RUNS, lambda: [json.loads(line) for line in lines])
    decode = best_of(REPLAY_RUNS, lambda: [decode_line(line) for line in lines[1:]])
    decoded = [decode_line(line) for line in lines[1:]]
    parse = best_of(REPLAY_RUNS, lambda: [parse_event(obj) for obj in decoded])
    apply_all = best_of(REPLAY_RUNS, lambda: apply_window(TableState(table), events))
    met = "met" if whole < TARGET_REPLAY else "NOT met"
    print()
    print(f"replay from JSON Lines text, best of {REPLAY_RUNS} ({load()})")
    print(f"  wall time:  {whole * 1000:7.1f} ms   target < {TARGET_REPLAY * 1000:.0f} ms: {met}")
    print(f"  CPU time:   {whole_cpu * 1000:7.1f} ms   (this process alone)")
    print(f"  baseline, json.loads of every line:    {loads * 1000:7.1f} ms "
          f"(replay = {whole / loads:.1f} x json.loads)")
    print("  the parts, each over all lines (replay reads each distinct short line only once):")
    print(f"    decode_line (JSON, duplicate keys):  {decode * 1000:7.1f} ms")
    print(f"    parse_event (JSON -> event):         {parse * 1000:7.1f} ms")
    print(f"    TableState.apply (check + apply):    {apply_all * 1000:7.1f} ms")

    # the states just before the first and the last WINDOW events
    early_start = TableState(table)
    late_start = TableState(table)
    for event in events[:-WINDOW]:
        late_start.apply(event)
    early_events, late_events = events[:WINDOW], events[-WINDOW:]
    early: list[float] = []
    late: list[float] = []
    for _ in range(APPLY_REPS):  # interleaved, so that drift in the machine hits both alike
        early.append(apply_window(early_start, early_events))
        late.append(apply_window(late_start, late_events))
    early_us = statistics.median(early) / WINDOW * 1e6
    late_us = statistics.median(late) / WINDOW * 1e6
    ratio = late_us / early_us
    print()
    print(f"apply one event (median of {APPLY_REPS} runs over {WINDOW:,} events, parsed beforehand)")
    print(f"  first {WINDOW:,} events: {early_us:6.2f} us/event")
    print(f"  last  {WINDOW:,} events: {late_us:6.2f} us/event")
    print(f"  late/early ratio:     {ratio:6.2f}     target <= {TARGET_RATIO}: "
          f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}   ({load()})")
    if args.against is not None:
        against(args.against, text, table, events)
    if rounds is not None:
        store_figures(text, final, args.store_runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
