"""A print-and-play deck of a game's pack: cards, their backs and stickers for wooden pawns.

No Flet here: the command line (`python -m companion print-deck`) and the Learn screen both
call `deck_pdf`. The pack comes from the engine, the names from the narration
(each game's teaching, through the registry), the pictures from pictures.py.

The screens read pictures.py for a piece's picture name; ReportLab, which pdf.py needs, loads
only when a deck is printed (the names below are imported on first use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .games import GAMES, Game
    from .pdf import PAPERS, deck_pdf

__all__ = ["GAMES", "PAPERS", "Game", "deck_pdf"]


def __getattr__(name: str) -> Any:
    if name in ("GAMES", "Game"):
        from . import games
        return getattr(games, name)
    if name in ("PAPERS", "deck_pdf"):
        from . import pdf
        return getattr(pdf, name)
    raise AttributeError(name)
