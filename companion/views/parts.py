"""A game's screens, as the app's routes open them: each game's description names the views
module whose PARTS they are (`table_parts`), and the app resolves it in one place (app.py).

Every game's table is the one table screen (views/shell/): a game gives only its parts there
(`table`, the maker of its TableParts), beside its own history, rules card, Learn, quiz and
part of New table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.protocols import Header
from companion.store import Game

from .shell.table import PartsMaker

# the app (companion.app.App) and a screen, as the screens take and make them
App = Any
Screen = Any


class Setup(Protocol):
    """A game's part of New table: what its header needs beside the players and the dealer
    (a rule book, house rules, stakes), in `control`."""

    control: Any

    @property
    def editing(self) -> bool:
        """A field has the focus: its last keys may still be on their way to the server."""
        ...

    def header(self, players: list[str], dealer: str | None) -> Header:
        """The game's header for these seats; raises GnavError saying what is not ready."""
        ...

    def adopt(self, old: Any, same_language: bool) -> None:
        """After a language switch or a turned screen: what the old part held."""
        ...


@dataclass(frozen=True)
class Parts:
    table: PartsMaker  # its parts at the one table screen (views/shell/table.py)
    history: Callable[[App, Game], Screen]
    rules: Callable[[App, Game], Screen]  # the table's rules card
    learn: Callable[[App, str, Game | None], Screen]  # Learn of a game, from a table or not
    quiz: Callable[[App, str], Screen]  # the quiz of a game
    # its part of New table (None: a header of seats and a dealer, the game's first rule book)
    setup: Callable[[App, str, Callable[[], None]], Setup] | None = None
    # how Learn draws one of its pieces or cards: (its id, its name, the size) -> the picture
    # (None: the piece's own picture, views/pieces.py)
    face: Callable[[str, str, float], Any] | None = None
