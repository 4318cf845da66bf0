"""The child process of the crash-safety test: plays random legal games through the Store until
it is killed.

Run as `python -m tests.store.crash_child FOLDER SEED` from the repository root. Before each
change it prints what it is about to do, and after the Store returns it prints `OK`: a change
followed by `OK` was acknowledged (the app would have shown it), one without may or may not
have reached the disk. Lines:

    C                  about to create a game       G <id>      a game is open (acknowledges C)
    A <id> <n> <line>  about to apply event n       U <id>      about to undo
    R <id>             about to redo                OK          the change returned
"""

from __future__ import annotations

import random
import sys

from companion.engine.gnav.journal import event_line
from companion.store import Game, Store

from .play import header, next_event

NAMES = ("Ann", "Bo", "Cy", "Dag", "Eva", "Finn", "Gro", "Hal")
MAX_EVENTS = 1_500  # a new game after this many, so each check in the parent stays quick


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def new_game(store: Store, rng: random.Random) -> Game:
    seats = tuple(NAMES[: rng.randint(2, 6)])
    table = header(
        seats=seats,
        rules=rng.choice(("damm", "pagat", "gamerules")),
        each=rng.randint(1, 6),
        dealer=rng.choice((None, "", seats[-1])),
    )
    say("C")
    game = store.create_game(table)
    say(f"G {game.id}")
    store.set_last_open(game.id)
    return game


def main(folder: str, seed: int) -> None:
    rng = random.Random(seed)
    store = Store(folder)
    last = store.last_open()
    game: Game | None = None
    if last is not None:
        game = store.open_game(last)
        say(f"G {game.id}")
    while True:
        if game is None or game.state.phase == "over" or len(game.events) >= MAX_EVENTS:
            game = new_game(store, rng)
        roll = rng.random()
        if game.can_undo and roll < 0.08:
            say(f"U {game.id}")
            game.undo()
        elif game.can_redo and roll < 0.3:
            say(f"R {game.id}")
            game.redo()
        else:
            event = next_event(game.state, rng)
            if event is None:
                continue
            say(f"A {game.id} {len(game.events)} {event_line(event)}")
            game.apply(event)
        say("OK")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
