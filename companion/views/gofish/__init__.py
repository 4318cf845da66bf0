"""Gwra pyskessa's screens: its parts at the one table screen (parts.py: PARTS), its card
faces (cards.py), the history (history.py) and the rules card (learn.py); Learn and the quiz
are every game's (views/learn.py, views/quiz.py)."""

from ..learn import LearnScreen
from ..parts import Parts
from ..quiz import QuizScreen
from .cards import FACE_HEIGHT, card_face
from .history import GoFishHistoryScreen
from .learn import GoFishRulesScreen
from .parts import GoFishParts, gofish_state

# Gwra pyskessa's screens, as its description names them (companion/engine/gwra_pyskessa/
# describe.py): its parts at the one table screen, its history, its rules card, and Learn and
# the quiz as every game has them, its cards drawn as their faces; New table needs nothing of
# it but the seats and the dealer
PARTS = Parts(
    table=GoFishParts, history=GoFishHistoryScreen, rules=GoFishRulesScreen,
    learn=lambda app, game, table: LearnScreen(app, game, table),
    quiz=lambda app, game: QuizScreen(app, game),
    face=lambda rank, name, size: card_face(rank, name, scale=size / FACE_HEIGHT),
)

__all__ = ["PARTS", "GoFishHistoryScreen", "GoFishParts", "GoFishRulesScreen", "gofish_state"]
