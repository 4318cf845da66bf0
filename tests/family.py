"""The cuckoo family's games as the tests take them: from the registry, never a list of our own
(companion/engine/registry.py is the one registration)."""

from __future__ import annotations

from companion.engine.cuckoo.family import FamilyKind
from companion.engine.cuckoo.rulebook import GameBook
from companion.engine.registry import GAMES

# Kille, Cuccù, Slabberjan and Vogelspiel: each a GameBook the one family engine plays
FAMILY_BOOKS: tuple[GameBook, ...] = tuple(
    game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind))
FAMILY_GAMES: tuple[str, ...] = tuple(book.game for book in FAMILY_BOOKS)
BOOKS: dict[str, GameBook] = {book.game: book for book in FAMILY_BOOKS}
