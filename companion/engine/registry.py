"""The one registration: every game this build referees, by the description its package
exports, in the order New table lists them (OpenSpiel's register_game, python-chess's
VARIANTS). A new game is a package under companion/engine/ and one line here.

Everything that lists games or tells them apart asks GAMES: the routes, New table, the tables
list, Learn and the quiz, Share, the boards, the deck, the catalogues' sources and the cli.
"""

from __future__ import annotations

from typing import Any

from companion.core.description import Registry
from companion.core.errors import JournalError
from companion.core.journal import Source
from companion.core.protocols import AnyKind, AnyState, Header
from companion.engine import cuccu, gnav, gwra_pyskessa, kille, slabberjan, vogelspiel
from companion.engine.describe import Description

GAMES: Registry[Description] = Registry(
    gnav.GAME,  # first: a version 1 journal, which names no game, is Gnav's
    kille.GAME,
    cuccu.GAME,
    slabberjan.GAME,
    vogelspiel.GAME,
    gwra_pyskessa.GAME,
)


def kind_named(name: str) -> AnyKind:
    """The kind of a header already parsed (its `game`); KeyError for none."""
    return GAMES.kind(name)


def parse_header(obj: object) -> tuple[AnyKind, Header]:
    """The kind the header's "game" names and the header it parsed; raises GnavError."""
    return GAMES.parse_header(obj)


def replay_until_bad(
    data: Source, keep: bool = True, most: int | None = None
) -> tuple[Header, list[Any], AnyState, JournalError | None]:
    """companion.core.replay.replay_until_bad, each header read by the game it names."""
    return GAMES.replay_until_bad(data, keep, most)


def replay_state(data: Source) -> AnyState:
    """The state at the end of a journal of any game (`replay`); raises JournalError."""
    return GAMES.replay_state(data)


def replay(data: Source) -> tuple[Header, list[Any], AnyState]:
    """Reads and applies a journal of any game; raises JournalError naming the first bad line."""
    header, events, state, error = replay_until_bad(data)
    if error is not None:
        raise error
    return header, events, state
