"""A print-and-play deck of a game's pack: cards, their backs and stickers for wooden pawns.

No Flet here: the command line (`python -m companion print-deck`) and the Learn screen both
call `deck_pdf`. The pack comes from the engine, the names from the narration
(companion.narrate.teach and words), the pictures from pictures.py.
"""

from __future__ import annotations

from .games import GAMES, Game
from .pdf import PAPERS, deck_pdf

__all__ = ["GAMES", "PAPERS", "Game", "deck_pdf"]
