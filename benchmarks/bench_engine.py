"""How fast the engine replays a long game, and whether late events cost more than early ones.

    python benchmarks/bench_engine.py

Builds the synthetic 40-seat game of `synthetic.py` (about 50,000 events) and prints:
- the time to replay it from its JSON Lines text (`companion.engine.journal.replay`, best of
  several runs), with a baseline from the same run: `json.loads` of the same lines;
- the cost of applying one event among the first 5,000 and among the last 5,000 (events parsed
  beforehand, each repetition applies them to a fresh clone of the state at that point; the
  median over the repetitions), and the late/early ratio.
Targets (issue 2, item 6): the ratio at most 1.2, the whole replay under one second.
Not a timed test: it reports figures, and exits 0 either way.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable

from synthetic import build

from companion.engine import Event, TableState, parse_event
from companion.engine.journal import decode_line, replay, split_lines

WINDOW = 5_000
REPLAY_RUNS = 7
APPLY_REPS = 15
TARGET_RATIO = 1.2
TARGET_REPLAY = 1.0


def best_of(
    runs: int, work: Callable[[], object], clock: Callable[[], float] = time.perf_counter
) -> float:
    times = []
    for _ in range(runs):
        start = clock()
        work()
        times.append(clock() - start)
    return min(times)


def apply_window(start: TableState, events: list[Event]) -> float:
    """Seconds to apply `events` to a fresh clone of `start` (the clone is not timed)."""
    state = start.clone()
    apply = state.apply
    begin = time.perf_counter()
    for event in events:
        apply(event)
    return time.perf_counter() - begin


def main() -> int:
    built = time.perf_counter()
    text = build()
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
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    met = "met" if whole < TARGET_REPLAY else "NOT met"
    print()
    print(f"replay from JSON Lines text, best of {REPLAY_RUNS} (load average {load:.1f} "
          f"on {os.cpu_count()} cpus)")
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
          f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
