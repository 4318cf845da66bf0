"""The history screen ("/game/{N}/history"): every event of the game in order, in words.

Long games run to a hundred thousand events (40 seats, 2,000 rounds), so the list is shown a
page of PAGE events at a time, the latest page first, and a page's cost does not grow with the
game: the page's Text controls are made once and reused, so paging sends only the lines whose
words changed, never the rest of the page (PagedHistory, any game's). Gnav's lines
(HistoryScreen) are narrated from the Outcome the store kept for each event, the round a Deal
starts counted from the nearest place already known (the start, the end, or the last page
shown); the family's are in views/family_pages.py.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.gnav import Deal
from companion.engine.gnav.narrate import history_line
from companion.store import Game

from . import theme
from .charts import GameStory
from .gnav import gnav_state
from .shell.context import ScreenContext
from .widgets import button, heading, top_actions

PAGE = 200


def story_of(app: ScreenContext, game: Game) -> list[ft.Control]:
    """The story of the game over a History page, every game's (issue 26, item 3): one tap
    away, so that the page still opens at a page's cost however long the game."""
    if not game.events:
        return []
    return [ft.Row([GameStory(app, game).button()])]


class PagedHistory:
    """A game's history a page of PAGE events at a time, the latest page first, with the
    controls to page through it; any game's, as it says a page in `page_lines`. The page's
    Text controls are made once and reused: paging sends only the lines whose words changed."""

    def __init__(self, app: ScreenContext, game: Game, title: str) -> None:
        """`title` heads the page on a tablet (a phone's bar says only "History")."""
        self.app = app
        self.game = game
        _ = app.tr
        self.rows: list[ft.Text] = []  # the line controls, made as a page first needs them
        self.lines = ft.Column([], spacing=6)
        self.where = ft.Text("", size=theme.SMALL)
        self.earlier = button(_("Earlier"), self.show_earlier, kind="text")
        self.later = button(_("Later"), self.show_later, kind="text")
        # a 2,000-round game has hundreds of pages: its start and its end are one tap away
        self.first = button(_("From the start"), self.show_first, kind="text")
        self.last = button(_("Latest"), self.show_last, kind="text")
        # where the page is first, then the four moves: on a phone they wrap to two lines
        self.nav = ft.Column([self.where,
                              ft.Row([self.first, self.earlier, self.later, self.last],
                                     wrap=True, spacing=4, run_spacing=0)], spacing=0)
        total = len(game.events)
        self.start = max(0, total - PAGE)
        self.view = ft.View(
            route=f"/game/{game.id}/history",
            appbar=ft.AppBar(
                # a phone's bar also holds Back, language and theme: the long title was cut
                title=heading(_("History") if app.phone else title,
                              theme.NAME - 4 if app.phone else theme.TITLE),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text")),
            ),
            controls=[ft.Column(
                [*story_of(app, game), self.nav,
                 ft.Semantics(identifier="history", content=self.lines)],
                scroll=ft.ScrollMode.AUTO, expand=True, spacing=10,
            )],
            padding=16,
        )
        self.fill()

    def page_lines(self, start: int, stop: int) -> list[str]:
        """History lines for active events start..stop-1 (numbered from 1), at a cost of about
        a page whatever the length of the game."""
        raise NotImplementedError

    def fill(self) -> list[ft.Control]:
        """Shows the page from `self.start`; returns the controls whose properties changed
        (only those need sending). A line control keeps its place from page to page: only its
        words change; more are made only when a page is longer than any shown before."""
        _ = self.app.tr
        total = len(self.game.events)
        if self.start >= total:  # the game was cut back (undone in another tab) past the page
            self.start = max(0, total - PAGE)
        stop = min(total, self.start + PAGE)
        texts = self.page_lines(self.start, stop)
        if not texts:
            texts = [_("Nothing has happened yet.")]
        changed: list[ft.Control] = []
        grown = len(texts) > len(self.rows)
        while len(self.rows) < len(texts):
            # not selectable: Flutter web gives a selectable text an empty, disabled text
            # field in the accessibility tree, so a screen reader (or a test) read nothing
            row = ft.Text("", size=theme.BODY)
            self.rows.append(row)
        if grown:
            self.lines.controls = list(self.rows)
            changed.append(self.lines)
        for k, row in enumerate(self.rows):
            value, visible = (texts[k], True) if k < len(texts) else (row.value, False)
            if row.value != value or row.visible != visible:
                row.value, row.visible = value, visible
                changed.append(row)
        where = (_("Events {first}–{last} of {total}", first=self.start + 1, last=stop,
                   total=total) if total else _("No events"))
        for control, name, wanted in ((self.where, "value", where),
                                      (self.earlier, "disabled", self.start == 0),
                                      (self.first, "disabled", self.start == 0),
                                      (self.later, "disabled", stop >= total),
                                      (self.last, "disabled", stop >= total)):
            if getattr(control, name) != wanted:
                setattr(control, name, wanted)
                changed.append(control)
        if grown:  # the new rows go with their list
            rows = {id(row) for row in self.rows}
            changed = [c for c in changed if id(c) not in rows]
        return changed

    def show_earlier(self, e: Any = None) -> None:
        self.start = max(0, self.start - PAGE)
        self.send(self.fill())

    def show_later(self, e: Any = None) -> None:
        # never past the last full page, so every page but a short game's is full
        self.start = min(self.start + PAGE, max(0, len(self.game.events) - PAGE))
        self.send(self.fill())

    def show_first(self, e: Any = None) -> None:
        self.start = 0
        self.send(self.fill())

    def show_last(self, e: Any = None) -> None:
        self.start = max(0, len(self.game.events) - PAGE)
        self.send(self.fill())

    def send(self, changed: list[ft.Control]) -> None:
        if changed:  # app.refresh() with nothing named would send the whole page
            self.app.refresh(*changed)


class HistoryScreen(PagedHistory):
    """Gnav's: each line narrated from the Outcome the store kept for its event, the round a
    Deal starts counted from the nearest place already known (the start, the end, or the last
    page shown), so a page's cost does not grow with the game."""

    def __init__(self, app: ScreenContext, game: Game) -> None:
        # where round numbers are known: (index, Deals among the events before it, the event
        # just before it, to tell that the game was not cut back and played on since)
        self._known: tuple[int, int, object] = (0, 0, None)
        _ = app.tr
        super().__init__(app, game, _("History of game {n}", n=game.id))

    def deals_before(self, index: int) -> int:
        """How many Deals are among the active events before `index`, counted from the
        nearest known place: the start (none), the end (the state's round: only a Deal starts
        a round) or the page shown last. So paging costs one page, not the whole game."""
        events = self.game.events
        total = len(events)
        starts = [(0, 0), (total, self.game.state.round)]
        known_at, known, before = self._known
        if 0 < known_at <= total and events[known_at - 1] is before:
            starts.append((known_at, known))
        at, deals = min(starts, key=lambda s: abs(s[0] - index))
        if index >= at:
            deals += sum(1 for e in events[at:index] if isinstance(e, Deal))
        else:
            deals -= sum(1 for e in events[index:at] if isinstance(e, Deal))
        self._known = (index, deals, events[index - 1] if index > 0 else None)
        return deals

    def page_lines(self, start: int, stop: int) -> list[str]:
        state = gnav_state(self.game)
        rules, counters = state.table.rules, state.counters
        events, outcomes = self.game.events, self.game.outcomes
        # the round a deal starts is the number of deals up to and including it
        deals = self.deals_before(start)
        out = []
        for k in range(start, stop):
            event = events[k]
            if isinstance(event, Deal):
                deals += 1
            out.append(history_line(k + 1, event, outcomes[k], rules, counters, deals,
                                    self.app.tr))
        return out
