"""Gwra pyskessa's history ("/game/{N}/history"): every event in order, in sentences, each
with what it did (the Cornish said, the cards handed over, the draws the app made).

A game of Go Fish has at most a few hundred events (every ask of a card ends, in the end, in
a set or a draw from a deck of 52), so the whole history is one page.
"""

from __future__ import annotations

import flet as ft

from companion.engine.gwra_pyskessa.narrate import NAME, history_lines
from companion.store import Game

from .. import theme
from ..history import story_of
from ..shell.context import ScreenContext
from ..widgets import body, button, heading, top_actions


class GoFishHistoryScreen:
    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        entries: list[ft.Control] = []
        for number, (event, outcome) in enumerate(zip(game.events, game.outcomes,
                                                      strict=True), start=1):
            first, *rest = history_lines(number, event, outcome, app.tr)
            lines: list[ft.Control] = [ft.Text(first, size=theme.BODY,
                                               weight=ft.FontWeight.BOLD)]
            lines += [ft.Text(line, size=theme.BODY) for line in rest]
            entries.append(ft.Column(lines, spacing=2))
        if not entries:
            entries.append(body(_("Nothing has happened yet.")))
        entries[:0] = story_of(app, game)
        self.view = ft.View(
            route=f"/game/{game.id}/history",
            appbar=ft.AppBar(
                title=heading(_("History") if app.phone else
                              _("{game}: history of game {n}", game=NAME, n=game.id),
                              theme.NAME - 4 if app.phone else theme.TITLE),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text")),
            ),
            controls=[ft.Semantics(identifier="history", container=True, content=ft.Column(
                entries, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True))],
            padding=16,
        )
