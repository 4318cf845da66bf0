"""The history screen ("/game/{N}/history"): every event of the game in order, in words.

Long games run to tens of thousands of events, so the list is shown a page at a time (the
latest page first); each line is narrated from the Outcome the store kept for its event.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine import Deal
from companion.store import Game

from . import theme
from .widgets import button, heading, top_actions
from .words import history_line

PAGE = 200


class HistoryScreen:
    def __init__(self, app: Any, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        self.lines = ft.Column([], spacing=6)
        self.where = ft.Text("", size=theme.SMALL)
        self.earlier = button(_("Earlier"), self.show_earlier, kind="text")
        self.later = button(_("Later"), self.show_later, kind="text")
        total = len(game.events)
        self.start = max(0, total - PAGE)
        self.view = ft.View(
            route=f"/game/{game.id}/history",
            appbar=ft.AppBar(
                title=heading(_("History of game {n}", n=game.id)),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text")),
            ),
            controls=[ft.Column(
                [ft.Row([self.earlier, self.where, self.later], wrap=True),
                 ft.Semantics(identifier="history", content=self.lines)],
                scroll=ft.ScrollMode.AUTO, expand=True, spacing=10,
            )],
            padding=16,
        )
        self.fill()

    def all_lines(self, start: int, stop: int) -> list[str]:
        """History lines for active events start..stop-1 (numbered from 1)."""
        state = self.game.state
        rules, counters = state.table.rules, state.counters
        events, outcomes = self.game.events, self.game.outcomes
        # the round a deal starts is the number of deals up to and including it
        deals = sum(1 for e in events[:start] if isinstance(e, Deal))
        out = []
        for k in range(start, stop):
            event = events[k]
            if isinstance(event, Deal):
                deals += 1
            out.append(history_line(k + 1, event, outcomes[k], rules, counters, deals,
                                    self.app.tr))
        return out

    def fill(self) -> None:
        _ = self.app.tr
        total = len(self.game.events)
        stop = min(total, self.start + PAGE)
        texts = self.all_lines(self.start, stop)
        if not texts:
            texts = [_("Nothing has happened yet.")]
        self.lines.controls = [ft.Text(t, size=theme.BODY, selectable=True) for t in texts]
        self.where.value = (_("Events {first}–{last} of {total}", first=self.start + 1,
                              last=stop, total=total) if total
                            else _("No events"))
        self.earlier.disabled = self.start == 0
        self.later.disabled = stop >= total

    def show_earlier(self, e: Any = None) -> None:
        self.start = max(0, self.start - PAGE)
        self.fill()
        self.app.refresh()

    def show_later(self, e: Any = None) -> None:
        self.start = min(max(0, len(self.game.events) - 1), self.start + PAGE)
        self.fill()
        self.app.refresh()
