"""Gwra pyskessa's rules card ("/game/{N}/rules"): the rules of play in short, its source, and
that it keeps no stakes and has no house rules, as every table's card says. Its Learn and quiz
are the shared ones (views/learn.py, views/quiz.py), taught from its phrasebook
(companion/engine/gwra_pyskessa/teach.py).
"""

from __future__ import annotations

import flet as ft

from companion.engine.gwra_pyskessa.narrate import NAME, SOURCE, rules_lines
from companion.store import Game

from .. import theme
from ..shell.context import ScreenContext
from ..widgets import body, button, heading, top_actions


class GoFishRulesScreen:
    """A table's rules card ("/game/{N}/rules"): the rules of play in short, as Gnav's and the
    family's tables have theirs; the phrases are in Learn."""

    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("Rules card: {rules}", rules=NAME), size=theme.QUESTION,
                weight=ft.FontWeight.BOLD)),
            body(_("Source: {source}", source=SOURCE),
                 size=theme.SMALL, italic=True),
            # it keeps no stakes and has no house rules to choose: said, as every card says
            # what its table plays for and changed
            ft.Semantics(identifier="stakes", container=True, content=body(
                _("No stakes: the game is played for the sets alone."))),
            ft.Semantics(identifier="rules", container=True, content=ft.Column(
                [body(_("• {sentence}", sentence=line)) for line in rules_lines(app.tr)],
                spacing=6)),
            ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD),
            ft.Semantics(identifier="house-rules", container=True, content=body(
                _("None: this table plays {rules} as written.", rules=NAME))),
        ]
        self.view = ft.View(
            route=f"/game/{game.id}/rules",
            appbar=ft.AppBar(
                title=heading(_("Rules") if app.phone else _("Rules card"), theme.TITLE - 4),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text"))),
            controls=[ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=8)],
            padding=16,
        )
