"""What a game is to the app: one typed description each game's package exports, and the
registry that reads them (OpenSpiel's one registration, python-chess's VARIANTS).

Everything that lists or tells games apart asks the registry: the routes, New table, the
tables list, Learn and the quiz, Share, the boards, the deck, the catalogues' sources, the cli.
Nothing outside a game's package compares a game's id or keeps a list of games.

A description is generic in the game's narration and teaching, which speak the reader's
language (companion.i18n, above this floor): companion.engine.registry says what they are.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

from .errors import GnavError, JournalError, every
from .fields import json_repr
from .journal import Source
from .protocols import AnyKind, AnyState, Header
from .replay import replay_state, replay_until_bad

N = TypeVar("N")  # a game's narration: its board, its result to take home, its phases' words
T = TypeVar("T")  # its teaching: Learn, the quiz, the rules card


@dataclass(frozen=True, slots=True)
class Deck:
    """A game's print-and-play pack (companion.deck): the cards, their names in the game's own
    language, which are matadors, and the pictures it shows where a piece has another's."""

    title: str  # printed on the backs, in the game's own language
    order: tuple[tuple[str, int], ...]  # (piece, how many), highest first
    matadors: frozenset[str]
    own_names: Mapping[str, str]  # piece -> its name in the game's own language
    pictures: Mapping[str, str] = field(default_factory=dict)  # piece -> the picture it shows

    @property
    def size(self) -> int:
        return sum(n for _p, n in self.order)


@dataclass(frozen=True, slots=True)
class GameDescription(Generic[N, T]):
    """One game the app referees, as its package describes it."""

    id: str  # the journal's "game" (docs/journal.md, v2 section 3): "gnav", "gwra-pyskessa"
    name: str  # the game's own name, never translated: "Cuccù", "Gwra pyskessa"
    line: str  # New table's line: where it is played, by how many, what is special (N_)
    kind: AnyKind  # its journal: the header, the events, the state they make
    books: Mapping[str, str | None]  # its rule books, the default first, each with its title
    # (N_; None: the book's name is its title)
    max_seats: int
    narration: N
    teaching: T
    table_parts: str  # the dotted path of the views module whose PARTS are its screens
    catalogue: tuple[ModuleType, ...]  # its modules that speak the app's words (the
    # companion catalogue; the rest of its package speaks the errors catalogue)
    title: str | None = None  # its name in the reader's language where it differs (N_)
    deck: Deck | None = None  # its pack to print, None for a game of ordinary cards
    rounds: bool = True  # whether it is played in rounds (the tables list counts them)

    @property
    def default_book(self) -> str:
        return next(iter(self.books))


D = TypeVar("D", bound=GameDescription[Any, Any])


class Registry(Generic[D]):
    """The games of this build, in the order New table lists them, by their journal's id."""

    def __init__(self, *games: D) -> None:
        self._games = {game.id: game for game in games}
        if len(self._games) != len(games):
            raise ValueError("two games of the registry have the same id")
        self.first = games[0]  # a version 1 journal's game (docs/journal.md, v2 section 1)

    def __iter__(self) -> Iterator[D]:
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, game: object) -> bool:
        return game in self._games

    def __getitem__(self, game: str) -> D:
        """The game of that id; KeyError for none."""
        return self._games[game]

    def get(self, game: str) -> D | None:
        return self._games.get(game)

    def kind(self, game: str) -> AnyKind:
        """The kind of a header already parsed (its `game`); KeyError for none."""
        return self._games[game].kind

    def of_header(self, obj: object) -> D:
        """The game a header's JSON names (a version 1 header is the first game's); raises
        GnavError, before the game's own parser reads it, when it names no game of this build."""
        if not isinstance(obj, dict) or not _v2(obj):
            return self.first
        name = obj.get("game")
        if name is None:
            return self.first  # its own parser says what a version 2 header lacks
        game = self._games.get(name) if isinstance(name, str) else None
        if game is None:
            raise GnavError("{value} is not a game; the games are {games}.",
                            value=json_repr(name), games=every([g.id for g in self]))
        return game

    def parse_header(self, obj: object) -> tuple[AnyKind, Header]:
        """The kind the header's "game" names and the header it parsed; raises GnavError."""
        kind = self.of_header(obj).kind
        return kind, kind.parse_header(obj)

    def replay_until_bad(self, data: Source, keep: bool = True, most: int | None = None
                         ) -> tuple[Header, list[Any], AnyState, JournalError | None]:
        """companion.core.replay.replay_until_bad, each header read by the game it names."""
        return replay_until_bad(data, self.parse_header, keep, most)

    def replay_state(self, data: Source) -> AnyState:
        """The state at the end of a journal of any game (`replay`); raises JournalError."""
        return replay_state(data, self.parse_header)


def _v2(obj: dict[str, Any]) -> bool:
    version = obj.get("version")
    return obj.get("ev") == "table" and version == 2 and type(version) is int
