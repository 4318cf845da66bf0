"""Slabberjan: its rule data and words (book.py), which the cuckoo family's one engine
plays (companion/engine/cuckoo), and its description (GAME), which the registry reads."""

from companion.engine.cuckoo.describe import family_game

from . import book

GAME = family_game(book.BOOK, book)

__all__ = ["GAME"]
