"""A family table's rules card ("/game/{N}/rules") and history ("/game/{N}/history"): Kille,
Cuccù, Slabberjan and Vogelspiel, as Gnav's and Gwra pyskessa's tables have them.

The card is Learn's (companion/engine/cuckoo/teach.py's rules_card) for the table's rule book
with its house rules worked in, then the house rules themselves; the history is paged as Gnav's
(views/history.py), in the family's sentences (companion/engine/cuckoo/narrate.py). Their PARTS
(below) are what the family's descriptions name as their screens.
"""

from __future__ import annotations

import flet as ft

from companion.engine.cuckoo import teach as family_teach
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.narrate import (
    book_title,
    game_title,
    history_sentence,
    house_rule_sentences,
    stakes_sentences,
)
from companion.store import Game

from . import theme
from .cuckoo import CuckooParts, FamilyVoice
from .family_setup import FamilySetup
from .history import PagedHistory
from .learn import LearnScreen
from .parts import Parts
from .quiz import QuizScreen
from .shell.context import ScreenContext
from .widgets import body, button, heading, top_actions


def family_state(game: Game) -> FamilyState:
    """The family state of `game`; a TypeError (a bug) for any other kind."""
    state = game.state
    if not isinstance(state, FamilyState):
        raise TypeError(f"table {game.id} is a {type(state).__name__}, not a family game")
    return state


def _back(app: ScreenContext, game: Game) -> list[ft.Control]:
    _ = app.tr
    return top_actions(app, button(_("Back to the table"), lambda e: app.go(f"/game/{game.id}"),
                                   kind="text"))


class FamilyRulesScreen:
    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = tr = app.tr
        state = family_state(game)
        kind, name = state.book, state.rules.name
        book = book_title(kind, name, tr)
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("Rules card: {rules}", rules=f"{game_title(kind, tr)} · {book}"),
                size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            body(_("Source: {source}", source=family_teach.source(kind, name)), size=theme.SMALL,
                 italic=True),
            ft.Semantics(identifier="stakes", container=True, content=ft.Column(
                [body(line, size=theme.BODY) for line in stakes_sentences(state, tr)],
                spacing=4)),
        ]
        for title, lines in family_teach.rules_card(kind, name, tr, state.rules):
            rows.append(ft.Text(title, size=theme.NAME, weight=ft.FontWeight.BOLD))
            rows += [body(_("• {sentence}", sentence=line), size=theme.BODY) for line in lines]
        rows.append(ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD))
        house: list[ft.Control] = [
            body(_("• {sentence}", sentence=line), size=theme.BODY)
            for line in house_rule_sentences(kind, state.rulebook, tr)] or [
            body(_("None: this table plays {rules} as written.", rules=book), size=theme.BODY)]
        rows.append(ft.Semantics(identifier="house-rules", content=ft.Column(house, spacing=4)))
        self.view = ft.View(
            route=f"/game/{game.id}/rules",
            appbar=ft.AppBar(title=heading(_("Rules") if app.phone else _("Rules card"), theme.TITLE - 4),
                             actions=_back(app, game)),
            controls=[ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=8)],
            padding=16,
        )


class FamilyHistoryScreen(PagedHistory):
    """Paged as Gnav's (a 40-seat game runs to a hundred thousand events): a page is told from
    the state before its first event, which the store gives from its nearest snapshot."""

    def __init__(self, app: ScreenContext, game: Game) -> None:
        _ = app.tr
        title = game_title(family_state(game).book, app.tr)
        super().__init__(app, game, _("{game}: history of game {n}", game=title, n=game.id))

    def page_lines(self, start: int, stop: int) -> list[str]:
        state = self.game.state_before(start)
        assert isinstance(state, FamilyState)
        lines: list[str] = []
        for k, event in enumerate(self.game.events[start:stop], start + 1):
            before = state.clone()
            outcome = state.apply(event)
            lines.append(f"{k}. {history_sentence(before, event, outcome, state, self.app.tr)}")
        return lines


# The screens of Kille, Cuccù, Slabberjan and Vogelspiel, as their descriptions name them
# (companion/engine/cuckoo/describe.py)
PARTS = Parts(
    table=lambda screen: CuckooParts(screen, FamilyVoice()), history=FamilyHistoryScreen, rules=FamilyRulesScreen,
    learn=lambda app, game, table: LearnScreen(app, game, table),
    quiz=lambda app, game: QuizScreen(app, game), setup=FamilySetup,
)
