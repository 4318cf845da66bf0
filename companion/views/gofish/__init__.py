"""Gwra pyskessa's screens: the table (screen.py), its card faces (cards.py), the history
(history.py)."""

from .history import GoFishHistoryScreen
from .screen import GoFishScreen, gofish_state

__all__ = ["GoFishHistoryScreen", "GoFishScreen", "gofish_state"]
