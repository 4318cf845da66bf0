"""The packs the deck prints: a game of the family prints once it has a line here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from companion.engine.cuckoo import teach as family_teach
from companion.engine.gnav.pieces import GNAV_PACK
from companion.engine.gnav.teach import names, title
from companion.i18n import Tr


@dataclass(frozen=True)
class Game:
    title: str  # the game's name as printed on the backs, in its own language
    order: tuple[tuple[str, int], ...]  # (piece, count), highest first
    matadors: frozenset[str]
    own_name: Callable[[str], str]  # a piece's name in the game's own language
    table_name: Callable[[str, Tr], str]  # its name in the table's language
    game: str = "gnav"  # whose pictures the cards show (one id may differ between packs)

    @property
    def size(self) -> int:
        return sum(n for _p, n in self.order)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p for p, _n in self.order)


def _family(game: str) -> Game:
    """The pack of the game's first rule book (every rule book of a game deals the same pack
    but Vogelspiel's Nulla variant, a house rule)."""
    rules = family_teach.rules(game)
    return Game(family_teach.TITLES[game], rules.order,
                frozenset(family_teach.matadors(rules)),
                partial(family_teach.own_name, game), partial(family_teach.table_name, game),
                game)


GAMES: dict[str, Game] = {
    "gnav": Game("Gnav", tuple((p.name, p.count) for p in GNAV_PACK.pieces),
                 frozenset(GNAV_PACK.matadors), lambda piece: names(piece)[0], title),
    **{game: _family(game) for game in family_teach.MODULES},
}
