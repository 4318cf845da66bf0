"""The packs the deck prints: every game of the registry whose description has a deck (its
pack, names in its own language, pictures) and teaching (each piece's name as a title)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.engine.describe import Description
from companion.engine.registry import GAMES as REGISTERED
from companion.i18n import Tr


@dataclass(frozen=True)
class Game:
    title: str  # the game's name as printed on the backs, in its own language
    order: tuple[tuple[str, int], ...]  # (piece, count), highest first
    matadors: frozenset[str]
    own_name: Callable[[str], str]  # a piece's name in the game's own language
    table_name: Callable[[str, Tr], str]  # its name in the table's language
    game: str | None = None  # whose pictures the cards show (one id may differ between packs)

    @property
    def size(self) -> int:
        return sum(n for _p, n in self.order)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p for p, _n in self.order)


def _printed(game: Description) -> Game | None:
    deck, teaching = game.deck, game.teaching
    if deck is None or teaching is None:
        return None
    return Game(deck.title, deck.order, deck.matadors, deck.own_names.__getitem__,
                teaching.piece_title, game.id)


GAMES: dict[str, Game] = {
    game.id: printed for game in REGISTERED if (printed := _printed(game)) is not None}
