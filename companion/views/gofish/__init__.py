"""Gwra pyskessa's screens: the table (screen.py), its card faces (cards.py), the history
(history.py), Learn and the quiz (learn.py)."""

from ..parts import Parts
from .history import GoFishHistoryScreen
from .learn import GoFishLearnScreen, GoFishQuizScreen
from .screen import GoFishScreen, gofish_state

# Gwra pyskessa's screens, as its description names them (its table's rules card is Learn's
# phrasebook, on its table screen; New table needs nothing of it but the seats and the dealer)
PARTS = Parts(
    table=GoFishScreen, history=GoFishHistoryScreen, rules=GoFishScreen,
    learn=lambda app, game, table: GoFishLearnScreen(
        app, "/" if table is None else f"/game/{table.id}",
        f"/learn/{game}" if table is None else f"/learn/{table.id}"),
    quiz=lambda app, game: GoFishQuizScreen(app),
)

__all__ = ["PARTS", "GoFishHistoryScreen", "GoFishLearnScreen", "GoFishQuizScreen",
           "GoFishScreen", "gofish_state"]
