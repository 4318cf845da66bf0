"""The app's memory for a game at its cap (issue 21, item 7), against a short game in the same run.

Every figure comes from a fresh Python process of its own, so that nothing one step kept counts
for the next: its peak resident size (VmHWM) and what it still holds at the end (VmRSS), and
its wall time. The steps, for each game:

  import   a Store on an empty folder imports the journal (Store.import_journal)
  start    a later start of the app on that folder, as the referee meets it: the Store opened
           (every game's journal compared with the games file), and the game, the last one
           open, shown at its table by the app (companion.app's App without a browser, as the
           view tests build it: the table screen with its seats, banner and buttons)

The games:

  empty          no game at all: the app's own size (Python, Flet, the app's modules)
  short          Gnav, 4 seats, 300 events: the baseline a game is compared with
  gnav-40x2000   Gnav, 40 seats, 2,000 rounds (about 108,000 events): the longest game the
                 app is made for (README)
  gnav-cap       Gnav, 40 seats, played on to exactly MAX_EVENTS events
  gofish-cap     Gwra pyskessa, MAX_EVENTS events: after the deal, «Nag eus. Gwra pyskessa!»
                 forever (the rules allow it once the deck is empty)
  gofish-745015  the issue's journal, 745,015 such events (32 MB): refused at the import

    .venv/bin/python benchmarks/bench_memory.py                  # every game
    .venv/bin/python benchmarks/bench_memory.py short gofish-cap # some

Run from the repository folder with the app installed in the venv. To measure another tree (the
code before a change) with the same games, run its copy of this file with PYTHONPATH set to it:
the children run in the folder above the script.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import long_game

from companion.engine.journal import dumps
from companion.store import game as stored_game

# the cap (a tree from before it, run for comparison, gets the same games)
MAX_EVENTS: int = getattr(stored_game, "MAX_EVENTS", 200_000)

REPO = Path(__file__).resolve().parents[1]

GO_FISH = ('{"ev":"table","version":2,"game":"gwra-pyskessa","rules":"kernewek",'
           '"seats":["Jo","Vi"],"dealer":"Jo"}')


def go_fish_forever(events: int) -> str:
    pair = ['{"ev":"ask","seat":"Vi","target":"Jo","rank":"7"}',
            '{"ev":"reply","from":"Jo","count":0}',
            '{"ev":"ask","seat":"Jo","target":"Vi","rank":"7"}',
            '{"ev":"reply","from":"Vi","count":0}']
    lines = [GO_FISH, '{"ev":"deal"}'] + (pair * ((events - 1) // 4 + 1))[: events - 1]
    return "\n".join(lines) + "\n"


def gnav(rounds: int, seats: int, events: int | None = None) -> str:
    table, played = long_game(rounds, seats)
    return dumps(table, played[:events] if events is not None else played)


def journal(name: str) -> str | None:
    if name == "empty":
        return None
    if name == "short":
        return gnav(20, 4)
    if name == "gnav-40x2000":
        return gnav(2000, 40)
    if name == "gnav-cap":
        return gnav(MAX_EVENTS // 50, 40, MAX_EVENTS)
    if name == "gofish-cap":
        return go_fish_forever(MAX_EVENTS)
    if name == "gofish-745015":
        return go_fish_forever(745_015)
    raise SystemExit(f"no game called {name}")


MEASURE = textwrap.dedent("""
    import json, sys, time
    start = time.perf_counter()
    {body}
    took = time.perf_counter() - start
    with open("/proc/self/status", encoding="ascii") as status:
        fields = dict(line.split(":", 1) for line in status)
    print(json.dumps({{"peak": int(fields["VmHWM"].split()[0]) / 1024,
                      "rss": int(fields["VmRSS"].split()[0]) / 1024, "seconds": took,
                      "said": said}}))
""")

IMPORT = """
from companion.store import Store, StoreError
data = open(sys.argv[2], "rb").read()
with Store(sys.argv[1]) as store:
    try:
        game = store.import_journal(data)
        store.set_last_open(game.id)
        said = f"{len(game.events)} events"
    except StoreError as err:
        said = str(err)[:60] + "..."
"""

START = """
from companion.app import App, Games
games = Games(sys.argv[1])
app = App(games)
app.start()
game = getattr(app.screen, "game", None)
said = f"{len(game.events)} events at {app.route}" if game is not None else app.route
"""


def child(body: str, *args: str) -> dict[str, object]:
    code = MEASURE.format(body=textwrap.dedent(body).strip())
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True,
                          text=True, timeout=1800, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def main(names: list[str]) -> int:
    names = names or ["empty", "short", "gnav-40x2000", "gnav-cap", "gofish-cap",
                      "gofish-745015"]
    print(f"MAX_EVENTS = {MAX_EVENTS:,}; Python {sys.version.split()[0]}")
    print("| game | events | journal | import: peak, time | start: peak, held after, time | "
          "start's peak beyond the short game's |")
    print("| --- | --- | --- | --- | --- | --- |")
    base: float | None = None
    for name in names:
        with tempfile.TemporaryDirectory(prefix="bench-memory-") as tmp:
            folder = Path(tmp) / "data"
            folder.mkdir()
            text = journal(name)
            events = "0"
            imported = "-"
            size = "-"
            if text is not None:
                path = Path(tmp) / "game.jsonl"
                path.write_text(text, encoding="utf-8")
                size = f"{path.stat().st_size / 1e6:.1f} MB"
                events = f"{text.count(chr(10)) - 1:,}"
                got = child(IMPORT, str(folder), str(path))
                imported = f"{got['peak']:.0f} MB, {got['seconds']:.1f} s ({got['said']})"
            time.sleep(1)
            got = child(START, str(folder))
            started = (f"{got['peak']:.0f} MB, {got['rss']:.0f} MB, {got['seconds']:.1f} s "
                       f"({got['said']})")
            peak = float(str(got["peak"]))
            if name == "short":
                base = peak
            beyond = f"{peak - base:+.0f} MB" if base is not None else "-"
            print(f"| {name} | {events} | {size} | {imported} | {started} | {beyond} |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
