"""The table screen ("/game/{N}"): the seats as they sit, the banner, and the one question.

Thin by design: the question offers exactly the events `state.options()` accepts (the reveal
and the cut go through the piece picker, and the engine checks them again). Every event goes
through `Game.apply`, which commits it before the screen is redrawn, so the screen never shows
what is not stored. A refused event shows its sentence and changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import (
    Change,
    Cut,
    Deal,
    Event,
    GnavError,
    Knock,
    Leave,
    Query,
    Reply,
    Reveal,
    SitOut,
    Stand,
    TableState,
)
from companion.engine.books.gnav import native_call
from companion.engine.pieces import STOCK
from companion.i18n import Tr
from companion.narrate.words import (
    banner_lines,
    call_gloss,
    call_with_gloss,
    call_words,
    event_sentence,
    now_sentence,
    piece_form,
    piece_title,
    query_sentence,
)
from companion.store import Game, StoreError

from . import theme
from .gnav import gnav_state
from .reveal import PiecePicker, Pieces
from .seats import PoolView, SeatGrid, SeatList, SeatTile, layout
from .settlement import game_over_panel, settlement_panel, settlement_shown
from .shell.context import TableContext
from .widgets import (
    AnyButton,
    big_button,
    body,
    button,
    error_text,
    scroll_key,
    show_error,
    teaching_tools,
    top_actions,
)

News = Callable[[Tr], list[str]]

CALL_HEIGHT_PHONE = 88  # a call button on a phone: piece, the call on up to two lines, gloss
CALL_HEIGHT_SHORT = 76  # the same on a phone under 700 px tall (360 x 640)


class GameScreen:
    def __init__(self, app: TableContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        state = game.state
        self.tiles = [SeatTile(name, tr=app.tr) for name in state.names]
        self.pool = PoolView(app.tr)
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
        self.undo_button = button(_("Undo"), self.undo, icon=ft.Icons.UNDO, kind="text")
        self.redo_button = button(_("Redo"), self.redo, icon=ft.Icons.REDO, kind="text")
        tools: list[ft.Control] = [
            self.undo_button, self.redo_button,
            button(_("History"), lambda e: app.go(f"/game/{game.id}/history"),
                   icon=None if app.phone else ft.Icons.HISTORY, kind="text"),
            button(_("Tables"), lambda e: app.go("/"), kind="text"),
        ]
        if app.phone:
            for b in (self.undo_button, self.redo_button):
                b.icon = None
        # a phone, or a tablet held upright: the bar has no room beside the title, so the
        # tools get a row of their own and the bar keeps the title and a few icons
        narrow = app.width < 1100
        teach = teaching_tools(app.go, game.id, narrow, _)
        if not narrow:
            tools[3:3] = teach
        self.seat_area = ft.Container()
        self.question = ft.Container(
            padding=16, border_radius=18, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )
        self.picker: PiecePicker | None = None
        self.picker_key: tuple[object, ...] | None = None
        self.picker_box: ft.Column | None = None  # the picker in its scrolling column
        self.asked_changed: list[ft.Control] = []  # what the last `ask` changed
        self._error_shown: tuple[object, object] = (None, None)
        # the banner is kept as a function of the language, so a switch retells the same news
        self.news: News = self._opening_banner()
        # whether the banner only tells the change that the question now asks about (then a
        # phone, short of height, leaves it out: the question says the same)
        events = game.events
        self.news_asks = (bool(events) and isinstance(events[-1], Change)
                          and state.phase == "asking")
        body_rows: list[ft.Control] = []
        if narrow:
            body_rows.append(ft.Row(tools, spacing=0 if app.phone else 8,
                                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN if app.phone
                                    else ft.MainAxisAlignment.START))
        self.seat_scroll = ft.Column([self.seat_area], scroll=ft.ScrollMode.AUTO, expand=True,
                                     on_size_change=self.seats_resized,
                                     size_change_interval=100)
        self.seat_box: tuple[int, int] | None = None  # the seats' column as last laid out
        self.seat_scrolls = False  # whether the seats may not all fit (see `relayout`)
        self.scrolled_to = -1  # the seat last scrolled into view
        for i, tile in enumerate(self.tiles):
            tile.control.key = scroll_key(f"seat-{i}")
        self.build_answers()
        # a phone held sideways: the seats beside the banner and the question, each column
        # scrolling on its own, so every answer is reachable and the asker and the asked
        # stay in sight
        self.sideways = not app.phone and app.height < theme.SIDEWAYS_HEIGHT
        self.question_shown: ft.Control | None = None  # the question's content, unwrapped
        if self.sideways:
            self.side = ft.Column([self.banner, self.error, self.question], spacing=10,
                                  expand=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
            body_rows.append(ft.Row([self.seat_scroll, self.side], spacing=10, expand=True,
                                    vertical_alignment=ft.CrossAxisAlignment.STRETCH))
        else:
            body_rows += [self.banner, self.error, self.seat_scroll, self.question]
        self.body = ft.Column(body_rows, spacing=10, expand=True,
                               horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.view = ft.View(
            route=f"/game/{game.id}",
            appbar=ft.AppBar(title=self.title,
                             actions=top_actions(app, *teach) if narrow
                             else top_actions(app, *tools),
                             toolbar_height=64),
            controls=[self.body],
            padding=12,
        )
        self.relayout()
        self.render()

    # --- drawing -------------------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        return gnav_state(self.game)

    def _opening_banner(self) -> News:
        state = self.state
        last = state.last
        if last is not None and state.phase != "over":
            return lambda tr: banner_lines(last, self.state, tr)
        return lambda tr: [now_sentence(self.state, tr)]

    def relayout(self) -> None:
        width = self.app.width - 24
        # what the bar, the tool row, the banner and the question leave for the seats
        tools = 56 if self.app.width < 1100 else 0
        height = self.app.height - 64 - 24 - tools - 90 - 200
        if self.sideways:  # half the width, the whole height
            width, height = (width - 10) / 2, self.app.height - 64 - 24 - tools
        self.place_seats(width, height)

    def seats_resized(self, e: Any) -> None:
        """The seats' column as the browser laid it out: the oval is fitted to the height the
        banner and the question leave it (a long banner, the settlement, the game over), so
        no seat is cut off at its foot. A phone's list and a crowded table's grid scroll
        themselves and stay as they are (rebuilding them costs a tap's worth of patch)."""
        box = (round(e.width), round(e.height))
        if box == self.seat_box or box[0] <= 0 or box[1] <= 0:
            return
        self.seat_box = box
        if self.app.phone or len(self.tiles) > 12:
            return
        self.place_seats(*box)
        self.app.refresh(self.seat_scroll)

    def place_seats(self, width: float, height: float) -> None:
        self.seat_area.content, self.seat_scrolls = layout(self.tiles, self.pool, width, height)
        # a grid or a list scrolls itself (and needs a bounded height); the oval scrolls in the
        # seat column
        own = isinstance(self.seat_area.content, (SeatGrid, SeatList))
        self.seat_scroll.scroll = None if own else ft.ScrollMode.AUTO
        self.seat_area.expand = own
        state = self.state
        for i, tile in enumerate(self.tiles):
            tile.show(state, i)
        self.pool.show(state)
        self.scrolled_to = -1

    def render(self) -> list[ft.Control]:
        """Sets the screen to the engine's state and returns the controls that changed, for
        the app to send: a few controls rather than the whole page, so a tap costs the same on
        a crowded table with a long history as on a new one."""
        _ = self.app.tr
        state = self.state
        rules = state.table.rules
        changed: list[ft.Control] = []
        error = (self.error.value, self.error.visible)
        if error != self._error_shown:
            self._error_shown = error
            changed.append(self.error)
        if not state.round:
            title = _("Gnav · {rules}", rules=rules)
        elif self.app.phone:
            # a phone's bar leaves room for a few words: the round first, so it is never cut
            title = _("Round {round} · {rules}", round=state.round, rules=rules)
        else:
            title = _("Gnav · {rules} · Round {round}", rules=rules, round=state.round)
        if title != self.title.value:
            self.title.value = title
            changed.append(self.title)
        for i, tile in enumerate(self.tiles):
            changed += tile.show(state, i)
        changed += self.pool.show(state)
        for b, off in ((self.undo_button, not self.game.can_undo),
                       (self.redo_button, not self.game.can_redo)):
            if b.disabled != off:
                b.disabled = off
                changed.append(b)
        banner_changed = self.show_banner(self.news(self.app.tr))
        picking = state.phase in ("cut", "reveal")
        if self.seat_scroll.visible == picking:
            self.seat_scroll.visible = not picking
            changed.append(self.seat_scroll)
        self.asked_changed = []
        content = self.build_question(state)
        # the settlement and game-over panels tell the same news at length
        banner = not (state.phase == "over" or (state.phase == "ready"
                                                and self.show_settlement()))
        if picking and self.app.phone:
            banner = False  # the picker needs the height; its prompt says it all
        if ((self.app.phone or self.sideways) and state.phase == "asking"
                and self.news_asks):
            banner = False  # the answers need the height; the question says who asks whom
        if banner != self.banner.visible:
            self.banner.visible = banner
            changed.append(self.banner)
        else:
            changed += banner_changed
        expand = picking or self.sideways
        if content is not self.question_shown or self.question.expand != expand:
            self.question_shown = content
            # sideways the question fills its column and scrolls (the picker scrolls itself)
            self.question.content = (
                ft.Column([content], scroll=ft.ScrollMode.AUTO, expand=True)
                if self.sideways and not picking else content)
            self.question.expand = expand
            changed.append(self.question)
        else:
            changed += self.asked_changed  # the same question: only what it changed
        self.scroll_into_view(state)
        return changed

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

    def scroll_into_view(self, state: TableState) -> None:
        """Where the seats do not all fit (a phone, a crowded upright tablet), brings the
        seat being asked, else the one whose turn it is, into view."""
        # asked and turn are None while no seat is asked or to play: no seat to show then
        target: int | None
        if state.phase == "asking" and state.asked is not None and state.asked >= 0:
            target = state.asked
        elif state.phase in ("turns", "asking"):
            target = state.turn
        elif state.phase == "over" and state.winners:
            target = state.winners[0]  # the game-over panel takes the height: the winner
        else:
            target = -1
        # the oval fits its seats until a panel as tall as the game over's squeezes it
        scrolls = self.seat_scrolls or state.phase == "over"
        if (target is None or target < 0 or target == self.scrolled_to or not scrolls
                or self.app.page is None):
            return
        self.scrolled_to = target
        seats = self.seat_area.content
        if isinstance(seats, (SeatGrid, SeatList)):
            # the pool is the first cell
            self.app.page.run_task(_scroll_grid, seats, seats.offset_of(target + 1))
        else:
            self.app.page.run_task(_scroll_to, self.seat_scroll, f"seat-{target}")

    def scroll_strip(self, strip: ft.Control, key: str) -> None:
        if self.app.page is not None:
            self.app.page.run_task(_scroll_to, strip, key)

    def adopt(self, old: object) -> None:
        """After a language switch: keeps what this screen held and the store does not (the
        banner's news, the pieces picked so far), then redraws."""
        if not isinstance(old, GameScreen) or old.game.id != self.game.id:
            return
        self.news = old.news
        self.news_asks = old.news_asks
        if old.picker is not None and old.picker_key is not None:
            self.render()
            if self.picker is not None and self.picker_key == old.picker_key:
                self.picker.picked = dict(old.picker.picked)
                self.picker.current = old.picker.current
                self.picker.fill()
        self.render()

    def build_question(self, state: TableState) -> ft.Control:
        phase = state.phase
        if phase in ("cut", "reveal"):
            self.picker_for(state)
            assert self.picker_box is not None
            return self.picker_box
        self.picker = None
        self.picker_key = None
        self.picker_box = None
        if phase == "over":
            return game_over_panel(state, self.rematch, lambda e: self.app.go("/"), self.app.tr,
                                   narrow=self.app.phone)
        if phase == "ready":
            if self.show_settlement():
                return settlement_panel(state, self.next_round, self.app.tr)
            return self.ready_question(state)
        if phase == "turns":
            return self.turn_question(state)
        return self.asking_question(state)

    def show_settlement(self) -> bool:
        return settlement_shown(self.app.games.put_away(self.game), self.game.events)

    def build_answers(self) -> None:
        """The question of the ready, turns and asking phases with every answer it can offer,
        made once: each tap only changes texts, visibility and enabled flags. (Rebuilt buttons
        cost a large patch per tap, and a quick second tap on a replaced button is lost.)"""
        _ = self.app.tr
        tr = self.app.tr
        phone = self.app.phone
        rules = self.state.table.rules
        w = self.answer_width()
        self.prompt = ft.Text("", size=theme.QUESTION - (2 if phone else 0),
                              weight=ft.FontWeight.BOLD)
        self.hint = body("", size=theme.SMALL + 1, italic=True, visible=False)
        self.answer_buttons: dict[str, AnyButton] = {
            "deal": big_button(_("Deal"), None, width=w),
            "stand": big_button(_("Stand"), None, width=w),
            "change": big_button(_("Change"), None, width=w),
            "none": big_button(_("Swap"), None, width=w),
        }
        call_height = CALL_HEIGHT_SHORT if self.app.height < 700 else CALL_HEIGHT_PHONE
        call_style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                                    shape=ft.RoundedRectangleBorder(radius=16))
        # the pack's calls, highest piece first, after its "none" (the swap, above)
        for call in self.state.rules.pack.calls[1:]:
            gloss = call_gloss(rules, call, tr)
            # on a phone the call may take two lines rather than be cut off
            lines: list[ft.Control] = [
                ft.Text(piece_title(call, tr), size=theme.SMALL - (2 if phone else 0)),
                ft.Text(call_words(rules, call),
                        size=theme.BODY - 1 if phone else theme.QUESTION - 2,
                        weight=ft.FontWeight.BOLD, no_wrap=not phone,
                        max_lines=2 if phone else 1, text_align=ft.TextAlign.CENTER)]
            if gloss is not None:
                native = native_call(tr.lang, call)
                # a source's own call in the reader's language (DA1917's «Hug af!») is shown as
                # itself on the button, where its citation would not fit; Learn cites it
                said = native[1] if native is not None else _("“{meaning}”", meaning=gloss)
                lines.append(ft.Text(said, size=theme.SMALL - 2,
                                     italic=True, no_wrap=True, max_lines=1,
                                     overflow=ft.TextOverflow.ELLIPSIS))
            content = ft.Column(lines, spacing=0, tight=True,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            call_button = big_button(content, None, filled=False, width=w)
            if phone:
                call_button.style = call_style
                call_button.height = call_height
            self.answer_buttons[call] = call_button
        if phone:
            self.answer_buttons["none"].height = call_height
        self.answer_buttons["between"] = button(_("Between rounds"), self.between_rounds)
        self.answer_buttons["knock"] = button(_("Knock"), self.knock_menu)
        self.answer_buttons["query"] = button(
            _("Ask about {piece}", piece=piece_form(self.state.rules.pair_piece,
                                                    "the_other_after", _)),
            self.query_menu, icon=ft.Icons.HELP_OUTLINE)
        menus = ("between", "knock", "query")
        for key, b in self.answer_buttons.items():
            b.visible = False
            if key not in menus:
                b.on_click = lambda e, b=b: self.answer(b)
        answers: list[ft.Control] = [b for k, b in self.answer_buttons.items() if k not in menus]
        extras: list[ft.Control] = [self.answer_buttons[k] for k in menus]
        rows: list[ft.Control] = [ft.Semantics(identifier="phase", content=self.prompt),
                                  self.hint]
        if phone:
            rows += [ft.Row(answers, wrap=True, spacing=12, run_spacing=12),
                     ft.Row(extras, wrap=True, spacing=8)]
        else:
            # one row on a tablet: the seats keep the height
            rows.append(ft.Row([*answers, *extras], wrap=True, spacing=12, run_spacing=12,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER))
        self.ask_panel = ft.Column(rows, spacing=10)

    def answer(self, b: ft.Control) -> None:
        """A tap on an answer: the event it offered when the question was last drawn."""
        if isinstance(b.data, Event):
            self.act(b.data)

    def ask(self, text: str, answers: dict[str, Event | bool | None],
            hint: str | None = None) -> ft.Control:
        """Shows `answers` (key -> the event, True for a menu, None for disabled), hides the
        rest."""
        changed = self.asked_changed
        if self.prompt.value != text:
            self.prompt.value = text
            changed.append(self.prompt)
        if self.hint.value != (hint or "") or self.hint.visible != bool(hint):
            self.hint.value = hint or ""
            self.hint.visible = bool(hint)
            changed.append(self.hint)
        for key, b in self.answer_buttons.items():
            value = answers.get(key)
            visible, disabled = key in answers, value is None or value is False
            if b.visible != visible or b.disabled != disabled:
                b.visible, b.disabled = visible, disabled
                changed.append(b)
            b.data = value if isinstance(value, Event) else None  # kept on the server only
        return self.ask_panel

    def answer_width(self) -> float | None:
        return (self.app.width - 24 - 32 - 12) / 2 if self.app.phone else None

    def ready_question(self, state: TableState) -> ft.Control:
        _ = self.app.tr
        between = [e for e in state.options() if isinstance(e, (SitOut, Leave))]
        return self.ask(
            _("{dealer} deals round {round}", dealer=state.dealer_name, round=state.round + 1),
            {"deal": Deal() if state.can(Deal()) else None, "between": bool(between)},
        )

    def turn_question(self, state: TableState) -> ft.Control:
        _ = self.app.tr
        seat = state.turn_name or ""
        rules = state.table.rules
        stand, change = Stand(seat), Change(seat)
        dealer = state.turn == state.dealer
        hint = _("{stand} or {change}", stand=call_with_gloss(rules, "stand", self.app.tr),
                 change=call_with_gloss(rules, "change", self.app.tr))
        if dealer:
            hint = _("{choice} — the dealer swaps with the stock", choice=hint)
        knocks = [e for e in state.options() if isinstance(e, Knock)]
        answers: dict[str, Event | bool | None] = {
            "stand": stand if state.can(stand) else None,
            "change": change if state.can(change) else None,
            "knock": bool(knocks)}
        if dealer and state.table.version != 1 and state.rules.fool_query:
            # shown on the dealer's turn under a rule book with the question, enabled until
            # it is asked (once a round: gnav.md, house default 13); then the hint keeps the answer
            answers["query"] = any(self.query_events(state))
            if state.query is not None:
                hint = f"{hint}\n{query_sentence(seat, state.query, self.app.tr)}"
        return self.ask(_("{seat}'s turn", seat=seat), answers, hint=hint)

    @staticmethod
    def query_events(state: TableState) -> list[Query]:
        """The dealer's question with each answer, as far as the engine accepts them now."""
        seat = state.turn_name or ""
        return [q for q in (Query(seat, "yes"), Query(seat, "no")) if state.why_not(q) is None]

    def asking_question(self, state: TableState) -> ft.Control:
        _ = self.app.tr
        asker = state.turn_name or ""
        source = state.asked_name or STOCK
        answers: dict[str, Event | bool | None] = {
            e.call: e for e in state.options() if isinstance(e, Reply)}
        if source == STOCK:
            text = _("{seat} asks the stock. The top piece of the stock is:", seat=asker)
            hint = (_("An ordinary piece: Swap.") if len(answers) == 1
                    else _("An ordinary piece: Swap; a matador the rule book lets the stock "
                           "call: its call."))
        else:
            text = _("{seat} asks {holder} to swap. {holder} answers:", seat=asker,
                     holder=source)
            hint = None
        answers["knock"] = any(isinstance(e, Knock) for e in state.options())
        return self.ask(text, answers, hint=hint)

    def picker_for(self, state: TableState) -> PiecePicker:
        _ = self.app.tr
        key = (state.phase, len(self.game.events), state.cut_seats)
        if self.picker is None or self.picker_key != key:
            if state.phase == "cut":
                seats = [state.names[i] for i in state.cut_seats]
                prompt = (_("Draw for dealer: each draws a piece, the highest deals")
                          if len(seats) == len(state.names)
                          else _("A tie: {seats} draw again", seats=", ".join(seats)))
                self.picker = PiecePicker(seats, _("Cut"), self.cut, self.app.phone, prompt,
                                          self.app.refresh, self.app.tr, self.scroll_strip)
            else:
                seats = [n for i, n in enumerate(state.names) if state.in_round[i]]
                self.picker = PiecePicker(seats, _("Settle"), self.settle, self.app.phone,
                                          _("Show your pieces"), self.app.refresh, self.app.tr,
                                          self.scroll_strip)
            self.picker_key = key
            self.picker_box = ft.Column([self.picker.control], scroll=ft.ScrollMode.AUTO)
        return self.picker

    # --- handlers ------------------------------------------------------------------------------

    def act(self, event: Event) -> None:
        """Applies one event through the store (committed first), then redraws."""
        self.app.close_dialog()
        self.app.tapped_in_game()
        try:
            outcome = self.game.apply(event)
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh(self.error)
            return
        show_error(self.error, None)
        self.news = lambda tr: banner_lines(outcome, self.state, tr)
        self.news_asks = isinstance(event, Change)
        self.app.refresh(*self.render())
        self.app.games.announce(self.game.id, self.app)

    def cut(self, pieces: Pieces) -> None:
        self.act(Cut(pieces))

    def settle(self, pieces: Pieces) -> None:
        self.act(Reveal(pieces))

    def next_round(self, e: Any = None) -> None:
        self.app.games.put_settlement_away(self.game)  # from every screen of the table
        self.news = lambda tr: [now_sentence(self.state, tr)]
        self.news_asks = False
        self.app.refresh(*self.render())
        self.app.games.announce(self.game.id, self.app)

    def undo(self, e: Any = None) -> None:
        try:
            event = self.game.undo()
        except StoreError as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh(self.error)
            return
        show_error(self.error, None)
        self.news_asks = False
        rules = self.state.table.rules
        if event is None:
            self.news = lambda _: [_("Nothing to undo."), now_sentence(self.state, _)]
        else:
            undone = event
            self.news = lambda _: [
                _("Undid: {event}.", event=event_sentence(undone, rules, _)),
                now_sentence(self.state, _)]
        changed = self.render()
        if isinstance(event, (Reveal, Cut)) and self.picker is not None:
            # the picker comes back as it was: one piece to correct, not every one to enter
            changed += self.picker.restore(event.pieces)
        self.app.refresh(*changed)
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def redo(self, e: Any = None) -> None:
        try:
            event = self.game.redo()
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh(self.error)
            return
        show_error(self.error, None)
        self.news_asks = False
        rules = self.state.table.rules
        if event is None:
            self.news = lambda _: [_("Nothing to redo."), now_sentence(self.state, _)]
        else:
            redone = event
            outcome = self.game.outcomes[-1]
            self.news = lambda _: [
                _("Redid: {event}.", event=event_sentence(redone, rules, _)),
                *banner_lines(outcome, self.state, _)]
        self.app.refresh(*self.render())
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def follow(self) -> None:
        """The game changed on another device or tab: show where it stands now."""
        self.news = lambda _: [_("Changed on another screen."), now_sentence(self.state, _)]
        self.news_asks = False
        self.app.refresh(*self.render())

    def knock_menu(self, e: Any = None) -> None:
        _ = self.app.tr
        knocks = [ev for ev in self.state.options() if isinstance(ev, Knock)]
        buttons: list[ft.Control] = [button(_("{seat} knocks", seat=ev.seat), lambda e, ev=ev: self.act(ev),
                          disabled=self.state.knocked[self.state.names.index(ev.seat)])
                   for ev in knocks]
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Who knocks?")),
            content=ft.Column(
                [body(_("A seat dealt {piece} knocks on the table.",
                        piece=piece_form(self.state.rules.pair_piece, "the", _)),
                      size=theme.SMALL),
                 ft.Row(buttons, wrap=True, spacing=8)],
                tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog())],
        ))

    def query_menu(self, e: Any = None) -> None:
        """The dealer asks the table about the other fool; the referee taps its answer."""
        _ = self.app.tr
        seat = self.state.turn_name or ""
        answers: list[ft.Control] = [big_button(word, lambda e, q=q: self.act(q),
                              disabled=self.state.why_not(q) is not None)
                   for q, word in ((Query(seat, "yes"), _("Yes")), (Query(seat, "no"), _("No")))]
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Does anyone hold {piece}?",
                            piece=piece_form(self.state.rules.pair_piece, "the_other", _))),
            content=ft.Column(
                [body(_("{seat} deals and asks the table. The table answers:",
                        seat=seat), size=theme.SMALL),
                 ft.Row(answers, wrap=True, spacing=16)],
                tight=True),  # two answers fit any screen: no scroll, so no tall empty dialog
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog())],
        ))

    def between_rounds(self, e: Any = None) -> None:
        _ = self.app.tr
        options = self.state.options()
        sits = [ev for ev in options if isinstance(ev, SitOut)]
        leaves = [ev for ev in options if isinstance(ev, Leave)]
        rows: list[ft.Control] = []
        if sits:
            rows.append(body(_("Holders of {pieces} may sit out the next round.",
                               pieces=piece_form(self.state.rules.pair_piece, "the_two", _)),
                             size=theme.SMALL))
            rows.append(ft.Row([button(_("{seat} sits out", seat=ev.seat), lambda e, ev=ev: self.act(ev))
                                for ev in sits], wrap=True, spacing=8))
        rows.append(body(_("A player who leaves is out of the game."), size=theme.SMALL))
        rows.append(ft.Row([button(_("{seat} leaves", seat=ev.seat), lambda e, ev=ev: self.act(ev))
                            for ev in leaves], wrap=True, spacing=8))
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Between rounds")),
            content=ft.Column(rows, tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: self.app.close_dialog())],
        ))

    def rematch(self, e: Any = None) -> None:
        try:
            game = self.app.store.rematch(self.game.id)
        except StoreError as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh(self.error)
            return
        self.app.go(f"/game/{game.id}")


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
