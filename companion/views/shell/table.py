"""The table screen ("/game/{N}") of every game: the seats round the table, the banner, and the
one question.

Thin by design: the answers are exactly the events the engine accepts now, as the game's parts
(parts.py) say them; a game's own picker (the reveal, the cut) gives its events to the same
`act`. Every event goes through `Game.apply`, which commits it before the screen is redrawn, so
the screen never shows what is not stored; a refused event shows its sentence and changes
nothing. Written once for every game: the top bar, act, undo and redo with their sentences,
telling the other screens of the table, following them, Next round, Rematch, the wake lock at
a tap, the teaching tools, the settlement and game-over panels, and what was half entered kept
through a turn of the screen or a language switch (`adopt`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import GnavError
from companion.store import Game, StoreError

from .. import theme
from ..charts import GameStory
from ..widgets import (
    AnyButton,
    big_button,
    body,
    button,
    error_text,
    scroll_key,
    show_error,
    stack_tools,
    teaching_tools,
    top_actions,
)
from .answers import AnswerPanel, Question
from .context import TableContext
from .parts import News, Over, Settled, TableParts, Told
from .ring import MAX_RING, SeatGrid, SeatList, layout, least_ring_height

# the height a phone upright shares between the seats and a settlement's panel below them
SHARE = (2, 3)


class TableScreen:
    def __init__(self, app: TableContext, game: Game, parts: PartsMaker) -> None:
        self.app = app
        self.game = game
        self.parts: TableParts = parts(self)
        _ = app.tr
        self.title = ft.Text("", size=theme.TITLE - (8 if app.phone else 4),
                             weight=ft.FontWeight.BOLD,
                             no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
        self.banner_text = ft.Column([], spacing=2)
        self.banner = ft.Container(
            content=ft.Semantics(identifier="banner", content=self.banner_text),
            padding=ft.Padding.symmetric(horizontal=16, vertical=10), border_radius=14,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )
        self.error = error_text()
        # the form the screen is built for: a phone upright, a phone held sideways (wider than
        # a phone, shorter than a tablet), a tablet upright (narrow) or lying (wide)
        self.sideways = not app.phone and app.height < theme.SIDEWAYS_HEIGHT
        self.compact = app.phone or self.sideways  # small seats round a phone's table
        narrow = app.width < 1100 and not self.sideways
        history, tables = (lambda e: app.go(f"/game/{game.id}/history")), (lambda e: app.go("/"))
        teach = teaching_tools(app.go, game.id, narrow or self.sideways, _)
        tool_row: ft.Control | None = None
        actions: list[ft.Control]
        self.undo_button: AnyButton
        self.redo_button: AnyButton
        if app.phone:
            # the four tools in one row, each word beneath its icon in the small size, so
            # that they fit a 360 px phone in every language (Rückgängig, Ongedaan maken)
            self.undo_button = button(_("Undo"), self.undo, kind="text")
            self.redo_button = button(_("Redo"), self.redo, kind="text")
            tools: list[ft.Control] = [self.undo_button, self.redo_button,
                                       button(_("History"), history, kind="text"),
                                       button(_("Tables"), tables, kind="text")]
            stack_tools(tools)
            for tool in tools:
                tool.expand = True
            tool_row = ft.Row(tools, spacing=0)
            actions = top_actions(app, *teach)
        elif self.sideways:
            # held sideways every tool is in the bar, its word fitted beneath its icon: the
            # height is the table's
            room = 72
            self.undo_button = tool_button(_("Undo"), ft.Icons.UNDO, self.undo, room)
            self.redo_button = tool_button(_("Redo"), ft.Icons.REDO, self.redo, room)
            tools = [self.undo_button, self.redo_button,
                     tool_button(_("History"), ft.Icons.HISTORY, history, room),
                     tool_button(_("Tables"), ft.Icons.TABLE_RESTAURANT, tables, room)]
            actions = top_actions(app, *tools, *teach)
        else:
            self.undo_button = button(_("Undo"), self.undo, icon=ft.Icons.UNDO, kind="text")
            self.redo_button = button(_("Redo"), self.redo, icon=ft.Icons.REDO, kind="text")
            tools = [self.undo_button, self.redo_button,
                     button(_("History"), history, icon=ft.Icons.HISTORY, kind="text"),
                     button(_("Tables"), tables, kind="text")]
            if narrow:
                # a tablet held upright: the bar has no room beside the title, so the tools
                # get a row of their own and the bar keeps the title and a few icons
                tool_row = ft.Row(tools, spacing=8)
                actions = top_actions(app, *teach)
            else:
                actions = top_actions(app, *tools[:3], *teach, tools[3])
        self.seat_area = ft.Container()
        self.question = ft.Container(
            padding=12 if self.compact else 16, border_radius=18,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )
        self._error_shown: tuple[object, object] = (None, None)
        self.story = GameStory(app, game)  # the game over's chart, found when asked
        told = self.parts.opening()
        self.news: News = told.news
        self.news_asks = told.asks  # the banner tells only what the question asks
        body_rows: list[ft.Control] = [tool_row] if tool_row is not None else []
        # the way play goes, above the seats when they do not sit round the table
        self.way = ft.Text("", size=theme.SMALL, italic=True, visible=False)
        self.seat_scroll = ft.Column([self.way, self.seat_area], scroll=ft.ScrollMode.AUTO,
                                     expand=True, spacing=4,
                                     on_size_change=self.seats_resized,
                                     size_change_interval=100)
        self.seat_box: tuple[int, int] | None = None  # the seats' column as last laid out
        self.seat_scrolls = False  # whether the seats may not all fit (see `relayout`)
        self.ringed = False  # whether the seats sit round the table (else a grid, a list)
        self.scrolled_to = -1  # the seat last scrolled into view
        for i, face in enumerate(self.parts.faces):
            face.control.key = scroll_key(f"seat-{i}")
        self.answers = AnswerPanel(app.phone, self.question_width(), app.height < 700,
                                   self.sideways)
        # the question's panel: the answers (kept on the page from tap to tap), or in their
        # place a panel of the game's (the picker) or the shell's (the settlement, the end)
        self.own = ft.Container(visible=False)
        self.question_body = ft.Column([self.answers.control, self.own], spacing=0)
        self.question.content = self.question_body
        if self.sideways:
            # a phone held sideways: the table with the news over it, the question beside it
            # with the whole height, so that every answer is in reach
            self.side = ft.Column([self.error, self.question], spacing=8, expand=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            self.left = ft.Column([self.banner, self.seat_scroll], spacing=8, expand=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            body_rows.append(ft.Row([self.left, self.side], spacing=10, expand=True,
                                    vertical_alignment=ft.CrossAxisAlignment.STRETCH))
        else:
            body_rows += [self.banner, self.error, self.seat_scroll, self.question]
        self.body = ft.Column(body_rows, spacing=8 if self.compact else 10, expand=True,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.view = ft.View(
            route=f"/game/{game.id}",
            appbar=ft.AppBar(title=self.title, actions=actions,
                             toolbar_height=56 if self.compact else 64),
            controls=[self.body],
            padding=12,
        )
        self.relayout()
        self.render()

    @property
    def state(self) -> Any:
        """The game's state, as its parts read it (the shell reads only the seam's phase)."""
        return self.game.state

    @property
    def answer_buttons(self) -> dict[str, AnyButton]:
        """The answers drawn so far, by their key."""
        return self.answers.buttons

    # --- drawing -------------------------------------------------------------------------------

    def question_width(self) -> float:
        """The width the question's panel has: the page's less its padding; half sideways."""
        width = self.app.width - 24
        return (width - 10) / 2 if self.sideways else width

    def relayout(self) -> None:
        """The seats laid out for the window as it is: their room guessed from what the bar,
        the tools, the banner and the question take, until the browser says (`seats_resized`)."""
        width, height = self.app.width - 24, self.app.height - 24
        bar = 56 if self.compact else 64
        if self.sideways:  # beside the question, under the banner
            width, height = (width - 10) / 2, height - bar - 70
        elif self.app.phone:
            height -= bar + 52 + 80 + 300
        else:
            height -= bar + (56 if self.app.width < 1100 else 0) + 90 + 200
        self.place_seats(width, max(height, 0))

    def seats_resized(self, e: Any) -> None:
        """The seats' column as the browser laid it out: the table is fitted to the room the
        banner and the question leave it (a long banner, the settlement, the game over), so
        no seat is cut off at its foot. A crowded table's grid (a phone's list) scrolls itself
        and stays as it is (rebuilding it costs a tap's worth of patch)."""
        box = (round(e.width), round(e.height))
        if box == self.seat_box or box[0] <= 0 or box[1] <= 0:
            return
        self.seat_box = box
        if len(self.parts.faces) > MAX_RING:
            return
        width, height = box
        if self.way.visible:
            height -= 24  # the words over the seats go once they sit round the table
        self.place_seats(width, height)
        self.app.refresh(self.seat_scroll)

    def place_seats(self, width: float, height: float) -> None:
        way = self.parts.direction(self.app.tr)
        direction, words = way if way is not None else (None, "")
        self.seat_area.content, self.seat_scrolls, self.ringed = layout(
            self.parts.faces, self.parts.centre, width, height, compact=self.compact,
            direction=direction, words=words, previous=self.seat_area.content)
        self.way.value = words
        self.way.visible = bool(words) and not self.ringed
        # a grid or a list scrolls itself (and needs a bounded height); the table scrolls in
        # the seat column only where it cannot fit (a phone's table under a tall panel)
        own = isinstance(self.seat_area.content, (SeatGrid, SeatList))
        self.seat_scroll.scroll = None if own else ft.ScrollMode.AUTO
        self.seat_area.expand = own
        self.parts.show_seats()
        self.scrolled_to = -1

    def render(self) -> list[ft.Control]:
        """Sets the screen to the engine's state and returns the controls that changed, for
        the app to send: a few controls rather than the whole page, so a tap costs the same on
        a crowded table with a long history as on a new one."""
        state = self.game.state
        changed: list[ft.Control] = []
        error = (self.error.value, self.error.visible)
        if error != self._error_shown:
            self._error_shown = error
            changed.append(self.error)
        title = self.parts.title()
        if title != self.title.value:
            self.title.value = title
            changed.append(self.title)
        changed += self.parts.show_seats()
        for b, off in ((self.undo_button, not self.game.can_undo),
                       (self.redo_button, not self.game.can_redo)):
            if b.disabled != off:
                b.disabled = off
                changed.append(b)
        banner_changed = self.show_banner(self.banner_lines())
        picking = self.parts.picking()
        if self.seat_scroll.visible == picking:
            self.seat_scroll.visible = not picking
            changed.append(self.seat_scroll)
            if self.sideways:  # the picker takes the whole width, the news with the seats
                self.left.visible = not picking
                changed.append(self.left)
        over = state.phase == "over"
        settled = not over and self.show_settlement()
        own: ft.Control | None = None  # a panel of the game's or the shell's own
        question_shown: Question | ft.Control | None = None
        if over:
            own = self.over_panel(self.parts.over())
        elif settled:
            own = self.settlement_panel(self.parts.settlement())
        else:
            question = question_shown = self.parts.question()
            if isinstance(question, Question):
                changed += self.answers.show(question)
            else:
                own = question
        # the answers stay on the page, hidden under a panel: were they taken off it, the
        # browser would be told of their changes as if it still had them
        if self.answers.control.visible != (own is None):
            self.answers.control.visible = own is None
            changed.append(self.answers.control)
        if self.own.content is not own:
            self.own.content = own
            self.own.visible = own is not None
            changed.append(self.own)
        # the settlement and game-over panels tell the same news at length
        banner = not (over or settled) and any(
            isinstance(t, ft.Text) and t.visible for t in self.banner_text.controls)
        if picking and self.compact:
            banner = False  # the picker needs the room; its prompt says it all
        if banner != self.banner.visible:
            self.banner.visible = banner
            changed.append(self.banner)
        else:
            changed += banner_changed
        # the picker fills the screen and scrolls itself; sideways the question fills its
        # column and scrolls; on a phone upright the settlement (a row of pieces a seat), the
        # game's end (every seat's standing) and a question too tall to leave the seats their
        # room (Gwra pyskessa's set buttons, one a seat) share the height with the table and
        # scroll, never pushing the seats off the screen
        tall = isinstance(question_shown, Question) and self.answers.height(
            question_shown) > self.answers_room()
        shared = (over or settled or tall) and self.app.phone and not picking
        expand = picking or self.sideways or shared
        scroll = ft.ScrollMode.AUTO if expand and not picking else None
        # shared, a settlement's panel takes three fifths, as much of its pieces as it can
        # show, the seats the least they sit round the table in; the game's end and many
        # answers half, the seats' tiles as wide as a long name needs
        share = SHARE if settled else (1, 1)
        weight: bool | int = share[1] if shared else expand
        if self.question.expand != weight or self.question_body.scroll != scroll or (
                self.own.expand != picking):
            self.question.expand = weight
            self.question_body.expand = expand
            self.question_body.scroll = scroll
            self.own.expand = picking  # the picker's column scrolls itself in the room left
            changed.append(self.question)
        seats_weight: bool | int = share[0] if shared else True
        if self.seat_scroll.expand != seats_weight:
            self.seat_scroll.expand = seats_weight
            changed.append(self.seat_scroll)
        self.scroll_into_view()
        return changed

    def answers_room(self) -> float:
        """The height a phone upright can give the question's answers and keep the seats
        round the table in sight: the screen's less the bar, the tools, a banner of two lines
        and the least the seats sit round the table in (their smallest tiles, in two rows where
        few enough)."""
        n = len(self.parts.faces)
        seats = least_ring_height(n, self.app.width - 24) if n <= MAX_RING else 4 * 60
        return self.app.height - 24 - 56 - 60 - 2 * 8 - 90 - seats

    @property
    def short(self) -> bool:
        """A phone, upright or sideways: too short a screen to tell the question twice."""
        return self.app.phone or self.sideways

    def banner_lines(self) -> list[str]:
        """The news; on a short screen, while a seat is asked, not what the question says."""
        tr = self.app.tr
        lines = self.news(tr)
        if self.short and self.game.state.phase == "asking":
            if self.news_asks:
                return []
            now = self.parts.now(tr)
            lines = [line for line in lines if line != now]
        return lines

    def show_banner(self, lines: list[str]) -> list[ft.Control]:
        """The banner's lines, in Text controls kept from tap to tap (spares hidden); returns
        those that changed."""
        shown = self.banner_text.controls
        if len(shown) < len(lines):
            while len(shown) < len(lines):
                first = not shown
                shown.append(ft.Text("", size=theme.BANNER if first else theme.BODY + 2,
                                     weight=ft.FontWeight.BOLD if first
                                     else ft.FontWeight.W_500))
            changed: list[ft.Control] = [self.banner_text]
        else:
            changed = []
        for k, text in enumerate(shown):
            assert isinstance(text, ft.Text)  # the banner holds only the Texts made above
            value = lines[k] if k < len(lines) else ""
            visible = k < len(lines)
            if text.value != value or text.visible != visible:
                text.value, text.visible = value, visible
                if not changed or changed[0] is not self.banner_text:
                    changed.append(text)
        return changed

    def show_settlement(self) -> bool:
        """A round's settlement is shown until Next round, on any screen of the table, puts
        it away (the app's `put_away`: a moment of the screens, never in the journal)."""
        return self.parts.settles() and not self.app.games.put_away(self.game)

    def settlement_panel(self, settled: Settled) -> ft.Control:
        _ = self.app.tr
        # Next round beside the title, in sight above the pieces however short the panel
        rows: list[ft.Control] = [
            ft.Row([ft.Semantics(identifier="phase", content=ft.Text(
                settled.title, size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
                big_button(_("Next round"), self.next_round)],
                wrap=True, spacing=16, run_spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Semantics(identifier="settlement", content=ft.Column(
                [body(line, size=theme.BODY + 2) for line in settled.lines], spacing=4)),
        ]
        if settled.shown is not None:
            rows.append(settled.shown)
        return ft.Column(rows, spacing=10)

    def over_panel(self, over: Over) -> ft.Control:
        _ = self.app.tr
        narrow = self.app.phone
        ends: list[ft.Control] = [big_button(_("Tables"), lambda e: self.app.go("/"),
                                             filled=not over.rematch)]
        if over.rematch:
            ends.insert(0, big_button(_("Rematch"), self.rematch))
        # the story of the game one tap away, in a dialog of its own: in the panel it would
        # push Rematch off a phone, or run off a tablet's panel, which does not scroll
        ends.append(self.story.button())
        # Rematch under the headline, in reach however long the standings (a phone's panel
        # scrolls them)
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                over.headline, size=44, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)),
            ft.Row(ends, wrap=True, spacing=12),
            *(body(line, size=theme.NAME if k == 0 else theme.BODY)
              for k, line in enumerate(over.lines)),
        ]
        if over.shown is not None:
            rows.append(over.shown)
        rows.append(ft.Text(_("Standings"), size=theme.NAME, weight=ft.FontWeight.BOLD))
        # the words take what the name leaves and wrap: a phone cut them off ("3 counters · wi")
        standings: list[ft.Control] = []
        for k, seat in enumerate(over.standings):
            words: list[ft.Control] = [body(seat.words, expand=True)] if seat.words else []
            if seat.shown is not None:
                words.append(seat.shown)
            standings.append(ft.Row(
                [ft.Text(f"{k + 1}. {seat.name}", size=theme.BODY + 2,
                         weight=ft.FontWeight.W_600, width=140 if narrow else 240,
                         no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                 ft.Column(words, spacing=4, expand=True, tight=True)],
                vertical_alignment=ft.CrossAxisAlignment.START))
        rows.append(ft.Column(standings, spacing=2))
        return ft.Column(rows, spacing=10)

    def scroll_into_view(self) -> None:
        """Where the seats do not all fit (a phone, a crowded upright tablet), brings the
        seat being asked, else the one whose turn it is, into view."""
        target = self.parts.focus()
        over = self.game.state.phase == "over"
        # the oval fits its seats until a panel as tall as the game over's squeezes it
        scrolls = self.seat_scrolls or over
        if (target is None or target < 0 or target == self.scrolled_to or not scrolls
                or self.app.page is None):
            return
        self.scrolled_to = target
        seats = self.seat_area.content
        if isinstance(seats, (SeatGrid, SeatList)):
            # the pool is the first cell
            first = 1 if self.parts.centre is not None else 0
            self.app.page.run_task(_scroll_grid, seats, seats.offset_of(target + first))
        else:
            self.app.page.run_task(_scroll_to, self.seat_scroll, f"seat-{target}")

    def scroll_strip(self, strip: ft.Control, key: str) -> None:
        if self.app.page is not None:
            self.app.page.run_task(_scroll_to, strip, key)

    def adopt(self, old: object) -> None:
        """After a language switch or a turned screen: keeps what this screen held and the
        store does not (the banner's news, what was half entered), then redraws."""
        if not isinstance(old, TableScreen) or old.game.id != self.game.id:
            return
        self.news = old.news
        self.news_asks = old.news_asks
        self.parts.adopt(old.parts)
        self.render()

    # --- handlers ------------------------------------------------------------------------------

    def act(self, event: object) -> None:
        """Applies one event through the store (committed first), then redraws."""
        self.app.close_dialog()
        self.app.tapped_in_game()
        kept = self.parts.keep()
        try:
            outcome = self.game.apply(event)
        except (GnavError, StoreError) as err:
            self.refused(err)
            return
        show_error(self.error, None)
        self.tell(self.parts.told(kept, event, outcome))
        self.parts.reset()
        self.app.refresh(*self.render())
        self.app.games.announce(self.game.id, self.app)

    def refused(self, err: GnavError | StoreError) -> None:
        show_error(self.error, self.app.tr.error(err))
        self.app.refresh(self.error)

    def tell(self, told: Told) -> None:
        self.news, self.news_asks = told.news, told.asks

    def redraw(self, *also: ft.Control) -> None:
        """After a tap that changed only the screen (a seat chosen, a piece picked): sends
        what changed."""
        self.app.refresh(*self.render(), *also)

    def next_round(self, e: object = None) -> None:
        self.app.tapped_in_game()
        self.app.games.put_settlement_away(self.game)  # from every screen of the table
        self.now_news()
        self.app.refresh(*self.render())
        self.app.games.announce(self.game.id, self.app)

    def now_news(self) -> None:
        parts = self.parts
        self.tell(Told(lambda tr: [parts.now(tr)]))

    def undo(self, e: object = None) -> None:
        self.app.tapped_in_game()
        kept = self.parts.keep()
        try:
            event = self.game.undo()
        except StoreError as err:
            self.refused(err)
            return
        show_error(self.error, None)
        now = self.parts.now
        if event is None:
            self.tell(Told(lambda _: [_("Nothing to undo."), now(_)]))
        else:
            said = self.parts.undone(kept, event)
            # "Undid: Bo stands.", never "Bo stands.."
            self.tell(Told(lambda _: [_("Undid: {event}.", event=said(_).removesuffix(".")),
                                      now(_)]))
        self.parts.reset()
        changed = self.render()
        if event is not None:
            # the picker comes back as it was: one piece to correct, not every one to enter
            changed += self.parts.after_undo(event)
        self.app.refresh(*changed)
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def redo(self, e: object = None) -> None:
        self.app.tapped_in_game()
        kept = self.parts.keep()
        try:
            event = self.game.redo()
        except (GnavError, StoreError) as err:
            self.refused(err)
            return
        show_error(self.error, None)
        if event is None:
            now = self.parts.now
            self.tell(Told(lambda _: [_("Nothing to redo."), now(_)]))
        else:
            said, after = self.parts.redone(kept, event, self.game.outcomes[-1])
            self.tell(Told(lambda _: [_("Redid: {event}.", event=said(_).removesuffix(".")),
                                      *after(_)]))
        self.parts.reset()
        self.app.refresh(*self.render())
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def follow(self) -> None:
        """The game changed on another device or tab: show where it stands now."""
        now = self.parts.now
        self.tell(Told(lambda _: [_("Changed on another screen."), now(_)]))
        self.parts.reset()
        self.app.refresh(*self.render())

    def rematch(self, e: object = None) -> None:
        try:
            game = self.app.store.rematch(self.game.id)
        except StoreError as err:
            self.refused(err)
            return
        self.app.go(f"/game/{game.id}")


def tool_button(label: str, icon: ft.IconData, on_click: Any, room: float) -> ft.TextButton:
    """A tool of a phone's bar: its icon with its word beneath, the word made just small
    enough to fit (never broken, never cut)."""
    size = max(9.0, theme.fitted_size(label, 13, room, theme.TEXT_SPACING))
    return ft.TextButton(
        content=ft.Column([ft.Icon(icon, size=22),
                           ft.Text(label, size=size, no_wrap=True)],
                          spacing=0, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        on_click=on_click, height=52, width=room + 8,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4, vertical=2),
                             shape=ft.RoundedRectangleBorder(radius=12)))


async def _scroll_grid(seats: ft.GridView | ft.ListView, offset: float) -> None:
    try:
        await asyncio.wait_for(seats.scroll_to(offset=offset, duration=200), timeout=10)
    except (TimeoutError, RuntimeError):
        pass  # the seats stay where they are; nothing else depends on it


async def _scroll_to(column: Any, key: str) -> None:
    try:
        await asyncio.wait_for(column.scroll_to(scroll_key=key, duration=200), timeout=10)
    except (TimeoutError, RuntimeError):
        pass  # the seats stay where they are; nothing else depends on it


# What a game's screens give the one table screen: the maker of its parts, called with the
# screen (here, not in parts.py, which the screen imports: no import circle)
PartsMaker = Callable[[TableScreen], TableParts]
