"""The packs the deck prints: a game of the family prints once it has a line here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.engine.pieces import GNAV_PACK, Pack
from companion.i18n import Tr
from companion.narrate.teach import names, title


@dataclass(frozen=True)
class Game:
    title: str  # the game's name as printed on the backs, in its own language
    pack: Pack
    own_name: Callable[[str], str]  # a piece's name in the game's own language
    table_name: Callable[[str, Tr], str]  # its name in the table's language


GAMES: dict[str, Game] = {
    "gnav": Game("Gnav", GNAV_PACK, lambda piece: names(piece)[0], title),
}
