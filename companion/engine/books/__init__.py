"""The words of each game's rule books: rule data, beside the rules themselves.

One typed module per game, each citing its shared/rules/<game>.md (the family architecture's
"rule data as typed Python modules"). The screens read a rule book's words through `words()`
only; there is no fallback to another book's words.
"""

from __future__ import annotations

from .gnav import GNAV_WORDS, BookWords, PieceNames, words

__all__ = ["GNAV_WORDS", "BookWords", "PieceNames", "words"]
