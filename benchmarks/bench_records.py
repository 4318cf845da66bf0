"""Records of a club's decade (issue 26, item 6): 2,000 legal games of every kind in one data
folder; the records' first open (every journal replayed, the cache written) and cached
opens, against opening the tables list, in the same run.

    python benchmarks/bench_records.py [--games 2000] [--high 12] [--repeat 7]

The games (`club_games.club`: the six games in turn, 2 to 6 seats, stakes up to --high, each
played to its end through the engine) are imported into a temporary data folder through
Store.import_journal. Then, in this process:

- tables list: a new Store on the folder and its list_games(), as the tables screen opens;
- records, first open: records_of on a new Store with no cache (the roster found from the
  games and written, every journal replayed, records-cache.json written);
- records, cached: records_of again on a new Store (as at the next start), --repeat times;
- the same two on a Store already open, as in the running app (list_games; records_of);
- records, one game changed: one more event appended to one game, then records_of (that
  game alone replayed).

Medians with min/max; the load average is printed. Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from club_games import club

from companion.store import Store
from companion.store.records_io import CACHE_NAME, records_of


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def tables_list(folder: Path) -> None:
    with Store(folder) as store:
        store.list_games()


def records(folder: Path) -> None:
    with Store(folder) as store:
        records_of(store)


def spread(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return f"median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f})"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--high", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()}, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    start = time.perf_counter()
    journals = club(args.games, 1, args.high)
    events = sum(j.count("\n") - 1 for j in journals)
    size = sum(len(j.encode("utf-8")) for j in journals)
    print(f"{len(journals)} games built through the engine: {events:,} events, "
          f"{size / 1e6:.1f} MB of journals, {time.perf_counter() - start:.1f} s")
    with tempfile.TemporaryDirectory(prefix="bench-records-") as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        with Store(folder) as store:
            for text in journals:
                store.import_journal(text)
        print(f"imported in {time.perf_counter() - start:.1f} s")
        listing = [timed(lambda: tables_list(folder)) for _ in range(args.repeat)]
        first = timed(lambda: records(folder))
        cache = (folder / CACHE_NAME).stat().st_size
        cached: list[float] = []
        for _ in range(args.repeat):  # interleaved with the tables list, alike under load
            cached.append(timed(lambda: records(folder)))
            listing.append(timed(lambda: tables_list(folder)))
        open_listing: list[float] = []
        open_cached: list[float] = []
        with Store(folder) as store:  # as in the app, whose store is open all along
            for _ in range(args.repeat):
                open_cached.append(timed(lambda: records_of(store)))
                open_listing.append(timed(store.list_games))
        with Store(folder) as store:
            game = store.open_game(store.list_games()[-1].id)
            options = game.state.options()
            if options:
                game.apply(options[0])
        changed = timed(lambda: records(folder))
        print(f"tables list (Store opened, list_games): {spread(listing)}")
        print(f"records, first open (no cache): {first * 1000:.0f} ms "
              f"(cache {cache / 1e6:.1f} MB)")
        print(f"records, cached: {spread(cached)}")
        print(f"records, one game changed since: {changed * 1000:.0f} ms")
        ratio = statistics.median(cached) / statistics.median(listing)
        print(f"cached records / tables list: {ratio:.2f}")
        print(f"the store open (as in the app): tables list {spread(open_listing)}; "
              f"records, cached {spread(open_cached)}")
    print(f"load average {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
