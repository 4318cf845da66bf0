"""Gwra pyskessa's screens: the table (screen.py), its card faces (cards.py), the history
(history.py), Learn and the quiz (learn.py)."""

from .history import GoFishHistoryScreen
from .learn import GoFishLearnScreen, GoFishQuizScreen
from .screen import GoFishScreen, gofish_state

__all__ = ["GoFishHistoryScreen", "GoFishLearnScreen", "GoFishQuizScreen", "GoFishScreen",
           "gofish_state"]
