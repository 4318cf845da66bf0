"""Gwra pyskessa's screens: its parts at the one table screen (parts.py: PARTS), its card
faces (cards.py), the history (history.py), Learn, the quiz and the rules card (learn.py)."""

from .history import GoFishHistoryScreen
from .learn import GoFishLearnScreen, GoFishQuizScreen, GoFishRulesScreen
from .parts import PARTS, GoFishParts, gofish_state

__all__ = ["PARTS", "GoFishHistoryScreen", "GoFishLearnScreen", "GoFishParts",
           "GoFishQuizScreen", "GoFishRulesScreen", "gofish_state"]
