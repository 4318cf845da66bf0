"""The one place the views narrow a game's state to Gnav's: the screens are Gnav's today."""

from __future__ import annotations

from companion.engine.gnav import TableState
from companion.store import Game


def gnav_state(game: Game) -> TableState:
    """The Gnav state of `game`; a TypeError (a bug, not the referee's doing) for any other kind.

    The seam's GameState declares only what every game offers; Gnav's screens read Gnav's own
    fields (the table's rule book, the counters, the pool), so they ask here instead of trusting
    the protocol.
    """
    state = game.state
    if not isinstance(state, TableState):
        raise TypeError(f"table {game.id} is a {type(state).__name__}, not a Gnav table: "
                        "no Gnav screen can show it")
    return state
