"""The words of each game's rule books: rule data, beside the rules themselves.

One typed module per game, each citing its docs/rules/<game>.md (the family architecture's
"rule data as typed Python modules"). The screens read a rule book's words through `words()`
only; there is no fallback to another book's words.
"""

from __future__ import annotations

from . import cuccu, kille, slabberjan, vogelspiel
from .gnav import GNAV_WORDS, BookWords, PieceNames, words

# The other games of the cuckoo family, each a GameBook the one family engine plays.
FAMILY_BOOKS = (kille.BOOK, cuccu.BOOK, slabberjan.BOOK, vogelspiel.BOOK)

__all__ = ["FAMILY_BOOKS", "GNAV_WORDS", "BookWords", "PieceNames", "words"]
