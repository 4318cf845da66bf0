"""Gwra pyskessa's screens: its parts at the one table screen (parts.py: PARTS), its card
faces (cards.py), the history (history.py), Learn, the quiz and the rules card (learn.py)."""

from ..parts import Parts
from .history import GoFishHistoryScreen
from .learn import GoFishLearnScreen, GoFishQuizScreen, GoFishRulesScreen
from .parts import GoFishParts, gofish_state

# Gwra pyskessa's screens, as its description names them (companion/engine/gwra_pyskessa/
# describe.py): its parts at the one table screen, its history, its rules card (Learn's
# phrasebook), Learn and the quiz; New table needs nothing of it but the seats and the dealer
PARTS = Parts(
    table=GoFishParts, history=GoFishHistoryScreen, rules=GoFishRulesScreen,
    learn=lambda app, game, table: GoFishLearnScreen(
        app, "/" if table is None else f"/game/{table.id}",
        f"/learn/{game}" if table is None else f"/learn/{table.id}"),
    quiz=lambda app, game: GoFishQuizScreen(app),
)

__all__ = ["PARTS", "GoFishHistoryScreen", "GoFishLearnScreen", "GoFishParts",
           "GoFishQuizScreen", "GoFishRulesScreen", "gofish_state"]
