"""One copy of the app's store in a process of its own, driven line by line (issue 21, item 9):
the two-process tests start two of these on one data folder and interleave their taps.

Run as `python -m tests.store.copy_child FOLDER` from the repository root; it opens a Store on
FOLDER without the app's folder lock (as a process past the lock would: a script, a file system
without locks), so that only the games' own check stands between the two copies. Commands on
standard input, one JSON answer a line on standard output:

    open ID      the game (from the store's cache when it has it, as the app does)
    next         the next event this copy's screen offers (a seeded choice among its options)
    undo, redo   as the buttons
    quit

An answer: {"ok": true, "op": "add"|"undo"|"redo"|null, "seq": n, "line": ...} for a change the
store returned (the app would show it), or {"refused": "<sentence>"}; both with the game as
this copy now has it ("active", "undone": its lines).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from companion.store import Game, Store, StoreError

from .play import next_event


def answer(game: Game | None, **said: Any) -> None:
    if game is not None:
        kind = game._follow.kind
        said["active"] = [kind.event_line(e) for e in game.events]
        said["undone"] = [kind.event_line(e) for e in reversed(game._redo)]
    sys.stdout.write(json.dumps(said) + "\n")
    sys.stdout.flush()


def main(folder: str) -> None:
    store = Store(folder)
    game: Game | None = None
    answer(None, ok=True, op=None)  # the store is open
    for command in sys.stdin:
        word, _, rest = command.strip().partition(" ")
        if word == "quit":
            break
        try:
            if word == "open":
                game = store.open_game(int(rest))
                answer(game, ok=True, op=None)
                continue
            assert game is not None
            if word == "next":
                event = next_event(game.state, random.Random(len(game.events) * 7 + 1))
                assert event is not None
                game.apply(event)
                seq = len(game.events) - 1
                answer(game, ok=True, op="add", seq=seq,
                       line=game._follow.kind.event_line(event))
            elif word == "undo":
                undone = game.undo()
                answer(game, ok=True, op="undo" if undone else None, seq=len(game.events))
            elif word == "redo":
                redone = game.redo()
                answer(game, ok=True, op="redo" if redone else None, seq=len(game.events) - 1)
        except StoreError as err:
            answer(game, refused=str(err))
    store.close()


if __name__ == "__main__":
    main(sys.argv[1])
