"""Gnav's screens, as its description names them (companion/engine/gnav/describe.py): its
parts at the one table screen (views/cuckoo, which it shares with the family's four games),
its history (history.py), its rules card (rules.py), Learn and the quiz, and its part of New
table (gnav_setup.py: the rule book, house rules and stakes).
"""

from __future__ import annotations

from .cuckoo import CuckooParts, GnavVoice
from .gnav_setup import GnavSetup
from .history import HistoryScreen
from .learn import LearnScreen
from .parts import Parts
from .quiz import QuizScreen
from .rules import RulesScreen

PARTS = Parts(
    table=lambda screen: CuckooParts(screen, GnavVoice()), history=HistoryScreen, rules=RulesScreen,
    learn=lambda app, game, table: LearnScreen(app, game, table),
    quiz=lambda app, game: QuizScreen(app, game), setup=GnavSetup,
)
