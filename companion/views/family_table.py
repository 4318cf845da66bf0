"""The table screen ("/game/{N}") of a family game: Kille, Cuccù, Slabberjan or Vogelspiel.

As thin as Gnav's: the seats in seating order with the way play goes drawn between them, the
banner, and one question whose answers are exactly the events `state.options()` accepts (the
reveal and the cut go through the piece picker with the game's pack, and the engine checks
them again). Every event goes through `Game.apply`, which commits it before the screen is
redrawn; a refused event shows its sentence and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import GnavError
from companion.core.fields import STOCK
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    FamilyEvent,
    FamilyReply,
    Leave,
    Rebuy,
    Reveal,
    Stand,
)
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.journal import MAX_PRICE
from companion.engine.cuckoo.narrate import (
    book_title,
    call_gloss,
    call_words,
    direction_words,
    event_sentence,
    face_up_piece,
    game_title,
    material_words,
    now_sentence,
    piece_title,
    stake_words,
    table_words,
)
from companion.i18n import Tr
from companion.store import Game, StoreError

from . import theme
from .pieces import piece_face
from .reveal import PiecePicker, Pieces
from .settlement import settlement_shown
from .widgets import (
    big_button,
    body,
    button,
    error_text,
    show_error,
    stack_tools,
    teaching_tools,
    top_actions,
)

News = Callable[[Tr], list[str]]


def is_family(game: Game) -> bool:
    """Whether `game` is one of the family's games (this screen shows it, not Gnav's)."""
    return isinstance(game.state, FamilyState)


def family_state(game: Game) -> FamilyState:
    """The family state of `game`; a TypeError (a bug) for any other kind."""
    state = game.state
    if not isinstance(state, FamilyState):
        raise TypeError(f"table {game.id} is a {type(state).__name__}, not a family game")
    return state


def family_face(state: FamilyState, piece: str, size: float) -> ft.Control:
    """A piece of the table's pack as Learn and the deck draw it, its matadors ringed."""
    return piece_face(piece, size, game=state.rules.game, matador=piece in state.rules.effects,
                      decorative=True)


class FamilyScreen:
    def __init__(self, app: Any, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        self.title = ft.Text("", size=theme.TITLE - (8 if app.phone else 4),
                             weight=ft.FontWeight.BOLD, no_wrap=True,
                             overflow=ft.TextOverflow.ELLIPSIS)
        self.banner_text = ft.Column([], spacing=2)
        self.banner = ft.Container(
            content=ft.Semantics(identifier="banner", content=self.banner_text),
            padding=ft.Padding.symmetric(horizontal=16, vertical=10), border_radius=14,
            bgcolor=ft.Colors.PRIMARY_CONTAINER)
        self.error = error_text()
        self.undo_button = button(_("Undo"), self.undo, icon=ft.Icons.UNDO, kind="text")
        self.redo_button = button(_("Redo"), self.redo, icon=ft.Icons.REDO, kind="text")
        tools: list[ft.Control] = [
            self.undo_button, self.redo_button,
            button(_("History"), lambda e: app.go(f"/game/{game.id}/history"), kind="text"),
            button(_("Tables"), lambda e: app.go("/"), kind="text")]

        self.seats = ft.Row([], wrap=True, spacing=6, run_spacing=8)
        self.direction = body("", size=theme.SMALL, italic=True)
        self.question = ft.Container(padding=16, border_radius=18,
                                     bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)
        self.picker: PiecePicker | None = None
        self.picker_at = -1  # the event count the picker was made for
        state = self.state
        self.news: News = (lambda tr: [now_sentence(self.state, tr)])
        if game.events and state.phase != "over":
            before = game.state_before(len(game.events) - 1)
            assert isinstance(before, FamilyState)
            last, outcome = game.events[-1], game.outcomes[-1]
            self.news = lambda tr: [event_sentence(before, last, outcome, self.state, tr)]
        narrow = app.width < 1100
        if app.phone:  # the four tools in one row
            stack_tools(tools)
        # as on Gnav's table: labelled icons on a narrow bar, words among the tools on a wide one
        teach = teaching_tools(app.go, game.id, narrow, _)
        if not narrow:
            tools[3:3] = teach
        rows: list[ft.Control] = []
        if narrow:
            rows.append(ft.Row(tools, spacing=0, wrap=True))
        self.seat_column = ft.Column([self.direction, self.seats], scroll=ft.ScrollMode.AUTO,
                                     expand=True, spacing=6)
        # a phone held sideways: the seats beside the banner and the question, as Gnav's
        self.sideways = not app.phone and app.height < theme.SIDEWAYS_HEIGHT
        if self.sideways:
            self.seat_column.width = (app.width - 24) * 0.4
            rows.append(ft.Row(
                [self.seat_column,
                 ft.Column([self.banner, self.error, self.question], spacing=10, expand=True,
                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
                spacing=10, expand=True, vertical_alignment=ft.CrossAxisAlignment.STRETCH))
        else:
            rows += [self.banner, self.error, self.seat_column, self.question]
        self.view = ft.View(
            route=f"/game/{game.id}",
            appbar=ft.AppBar(title=self.title,
                             actions=top_actions(app, *teach) if narrow
                             else top_actions(app, *tools),
                             toolbar_height=64),
            controls=[ft.Column(rows, spacing=10, expand=True,
                                horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
            padding=12)
        self.render()

    @property
    def state(self) -> FamilyState:
        return family_state(self.game)

    # --- drawing -------------------------------------------------------------------------------

    def render(self) -> None:
        _ = tr = self.app.tr
        state = self.state
        game = state.book
        self.title.value = _("{game} · {book} · Round {round}", game=game_title(game, tr),
                              book=book_title(game, state.rules.name, tr),
                              round=max(state.round, 1))
        self.banner_text.controls = [
            ft.Text(line, size=theme.BANNER if k == 0 else theme.BODY,
                    weight=ft.FontWeight.BOLD if k == 0 else None)
            for k, line in enumerate(self.news(tr))]
        self.direction.value = direction_words(state, tr)
        self.seats.controls = self.seat_tiles(state)
        self.undo_button.disabled = not self.game.can_undo
        self.redo_button.disabled = not self.game.can_redo
        # the picker (a seat strip and the whole pack) takes the seats' room and scrolls, so
        # Settle is in reach on a phone too; the picker lists the seats itself
        # on a phone the answers share the height with the seats, each scrolling on its own
        picking = state.phase in ("cut", "reveal")
        self.seat_column.visible = not picking
        scrolls = picking or self.app.phone or self.sideways
        self.question.expand = scrolls
        question = self.build_question(state)
        self.question.content = (ft.Column([question], scroll=ft.ScrollMode.AUTO, expand=True)
                                 if scrolls else question)

    def seat_tiles(self, state: FamilyState) -> list[ft.Control]:
        _ = tr = self.app.tr
        arrow = (ft.Icons.ARROW_FORWARD if state.rules.direction == "left"
                 else ft.Icons.ARROW_BACK)
        out: list[ft.Control] = []
        for i, name in enumerate(state.names):
            badges = []
            if i == state.dealer:
                badges.append(_("dealer"))
            if state.dead[i] and not state.out[i]:
                badges.append(_("dead"))
            gone = state.out[i] or state.dead[i]
            turn, asked = i == state.turn, i == state.asked
            tile = ft.Container(
                ft.Column([ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD,
                                   no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                           ft.Text(stake_words(state, i, tr), size=theme.SMALL),
                           ft.Text(" · ".join(badges), size=theme.SMALL, italic=True,
                                   visible=bool(badges))],
                          spacing=2, tight=True),
                padding=10, border_radius=12, width=150 if self.app.phone else 170, opacity=0.45 if gone else 1,
                border=ft.Border.all(4 if turn or asked else 1,
                                     ft.Colors.PRIMARY if turn else ft.Colors.TERTIARY
                                     if asked else ft.Colors.OUTLINE_VARIANT),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)
            out.append(ft.Semantics(identifier=f"seat-{name}", content=tile,
                                    label=f"{name}: {stake_words(state, i, tr)}"))
            if i < len(state.names) - 1:
                out.append(ft.Icon(arrow, size=18, color=ft.Colors.OUTLINE))
        return out

    def build_question(self, state: FamilyState) -> ft.Control:
        phase = state.phase
        if phase in ("cut", "reveal"):
            return self.picker_for(state).control
        self.picker = None
        if phase == "over":
            return self.over_panel(state)
        if phase == "ready":
            if settlement_shown(self.app.games.put_away(self.game), self.game.events):
                return self.settled_panel()
            return self.ready_panel(state)
        if phase == "turns":
            return self.turn_panel(state)
        return self.asking_panel(state)

    def panel(self, prompt: str, answers: list[ft.Control], *more: ft.Control) -> ft.Control:
        return ft.Column(
            [ft.Semantics(identifier="phase",
                          content=ft.Text(prompt, size=theme.QUESTION,
                                          weight=ft.FontWeight.BOLD)),
             *more, ft.Row(answers, wrap=True, spacing=12, run_spacing=12)],
            spacing=10)

    def event_button(self, text: str | ft.Control, event: FamilyEvent,
                     filled: bool = True) -> ft.Control:
        """A big answer, enabled only when the engine would accept `event`."""
        return big_button(text, lambda e: self.act(event), filled=filled,
                          disabled=self.state.why_not(event) is not None)

    def call_label(self, call: str) -> ft.Control:
        """The call in the game's own words, large, our translation beside it."""
        game = self.state.book
        return ft.Column(
            [ft.Text(call_words(game, call), size=theme.BODY + 2, weight=ft.FontWeight.BOLD),
             ft.Text(call_gloss(game, call, self.app.tr), size=theme.SMALL - 2, italic=True)],
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def ready_panel(self, state: FamilyState) -> ft.Control:
        _ = self.app.tr
        answers: list[ft.Control] = [self.event_button(_("Deal"), Deal())]
        may = [ev for ev in state.options() if isinstance(ev, Rebuy)]
        for ev in may:
            answers.append(button(_("{seat} out: buy back in?", seat=ev.seat)
                                  if state.rules.buy_back == "rebuy"
                                  else _("{seat} out: re-enter?", seat=ev.seat),
                                  lambda e, s=ev.seat: self.buy_back(s)))
        leaves = [ev for ev in state.options() if isinstance(ev, Leave)
                  and ev.seat not in {r.seat for r in may}]
        if leaves:
            answers.append(button(_("Someone leaves"), lambda e: self.leave_menu()))
        hint = body(_("A seat out may buy back in before the next deal."), size=theme.SMALL,
                    italic=True, visible=bool(may))
        return self.panel(_("{dealer} deals round {round}", dealer=state.dealer_name or "",
                            round=state.round + 1), answers, hint)

    def turn_panel(self, state: FamilyState) -> ft.Control:
        _ = self.app.tr
        seat = state.turn_name or ""
        game = state.book
        return self.panel(
            _("{seat}'s turn", seat=seat),
            [self.event_button(_("Stand"), Stand(seat)),
             self.event_button(_("Change"), Change(seat))],
            body(_("{stand} or {change}", stand=call_gloss(game, "stand", self.app.tr),
                   change=call_gloss(game, "change", self.app.tr)),
                 size=theme.SMALL + 1, italic=True))

    def asking_panel(self, state: FamilyState) -> ft.Control:
        _ = self.app.tr
        answers: list[ft.Control] = []
        sale_shown = False
        for ev in state.options():
            if not isinstance(ev, FamilyReply):
                continue
            effects = (state.rules.stock_effects if ev.source == STOCK
                       else state.rules.effects)
            if effects[ev.call].sale:
                if not sale_shown:  # one button: the dialog asks the price and the answer
                    sale_shown = True
                    answers.append(big_button(self.call_label(ev.call),
                                              lambda e, c=ev.call: self.inn_dialog(c),
                                              filled=False))
                continue
            if ev.call == "none":
                if ev.face_up:
                    text = _("Swap: {seat} passes {piece} face up", seat=ev.face_up[0],
                             piece=face_up_piece(state, "a", _))
                elif ev.silent:
                    text = _("Swap: a silent matador")
                elif ev.source == STOCK:
                    text = material_words(state.book, "take", _)
                else:
                    text = _("Swap")
                if ev.face_up or ev.silent:  # the rarer swaps: smaller, under the others
                    answers.append(button(text, lambda e, ev=ev: self.act(ev),
                                          disabled=state.why_not(ev) is not None,
                                          icon=family_face(state, state.rules.moved_lowest, 36)
                                          if ev.face_up and state.rules.moved_lowest
                                          else None))
                else:
                    answers.append(self.event_button(text, ev))
            else:
                answers.append(self.event_button(self.call_label(ev.call), ev, filled=False))
        return self.panel(now_sentence(state, self.app.tr), answers)

    def picker_for(self, state: FamilyState) -> PiecePicker:
        _ = self.app.tr
        count = len(self.game.events)
        if self.picker is not None and self.picker_at == count:
            return self.picker
        game, tr = state.book, self.app.tr
        if state.phase == "cut":
            seats = [state.names[i] for i in state.cut_seats]
            action, prompt, done = _("Draw"), table_words(game, "drawn", tr), self.cut
        else:
            seats = [state.names[i] for i in state._turn_order(
                i for i in range(len(state.names)) if state._alive(i))]
            action, prompt, done = _("Settle"), table_words(game, "show", tr), self.settle

        def title(piece: str) -> str:
            return piece_title(game, piece, tr)

        self.picker = PiecePicker(seats, action, done, narrow=self.app.phone, prompt=prompt,
                                  on_change=lambda *c: self.app.refresh(), tr=tr,
                                  pack=state.rules.order, title=title,
                                  face=lambda p, size: family_face(state, p, size),
                                  pictured=True,
                                  whose=lambda seat: table_words(game, "whose_piece", tr,
                                                                 seat=seat))
        self.picker_at = count
        return self.picker

    def shown_pieces(self) -> ft.Control:
        """The pieces of the reveal just made, each seat's by its picture and name, as they lie
        on the table."""
        state, tr = self.state, self.app.tr
        last = self.game.events[-1]
        shown = last.pieces if isinstance(last, Reveal) else ()
        size = 44 if self.app.phone else 64
        tiles: list[ft.Control] = []
        for seat, piece in shown:
            title = piece_title(state.book, piece, tr)
            tiles.append(ft.Semantics(label=f"{seat}: {title}", container=True,
                                      exclude_semantics=True, content=ft.Column(
                [family_face(state, piece, size),
                 ft.Text(seat, size=theme.SMALL + 1, weight=ft.FontWeight.BOLD, no_wrap=True,
                         overflow=ft.TextOverflow.ELLIPSIS, width=size + 24,
                         text_align=ft.TextAlign.CENTER),
                 ft.Text(title, size=theme.SMALL, no_wrap=True, width=size + 24,
                         overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)],
                spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)))
        return ft.Semantics(identifier="shown", container=True, content=ft.Row(
            tiles, wrap=True, spacing=8, run_spacing=8), visible=bool(tiles))

    def settled_panel(self) -> ft.Control:
        _ = self.app.tr
        # Next round beside the title, in sight above the pieces however short the panel
        return ft.Column(
            [ft.Row([ft.Semantics(identifier="phase", content=ft.Text(
                _("Round {round} settled", round=self.state.round), size=theme.QUESTION,
                weight=ft.FontWeight.BOLD)),
                big_button(_("Next round"), self.next_round)],
                wrap=True, spacing=16, run_spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER),
             self.shown_pieces()],
            spacing=10)

    def over_panel(self, state: FamilyState) -> ft.Control:
        _ = self.app.tr
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                now_sentence(state, self.app.tr), size=theme.QUESTION,
                weight=ft.FontWeight.BOLD)),
            self.shown_pieces(),
            *(body(f"{name}: {stake_words(state, i, self.app.tr)}")
              for i, name in enumerate(state.names)),
            ft.Row([big_button(_("Rematch"), self.rematch),
                    button(_("Tables"), lambda e: self.app.go("/"))], wrap=True, spacing=12)]
        return ft.Column(rows, spacing=8)

    # --- dialogs -------------------------------------------------------------------------------

    def inn_dialog(self, call: str) -> None:
        """Cuccù's Inn: the holder offers the swap for a price; the asker buys or refuses."""
        _ = self.app.tr
        state = self.state
        game = state.book
        holder = state.asked_name or ""
        asker = state.turn_name or ""
        price = ft.TextField(label=_("Price offered"), value="1", width=200,
                             keyboard_type=ft.KeyboardType.NUMBER, autofocus=True)
        problem = error_text()

        def sold(e: Any = None) -> None:
            try:
                value = int((price.value or "").strip())
            except ValueError:
                value = -1
            if not 0 <= value <= MAX_PRICE:
                show_error(problem, _("Type a whole number from {low} to {count}.", low=0,
                                      count=MAX_PRICE))
                self.app.refresh()
                return
            self.act(FamilyReply(holder, call, sold=True, price=value))

        self.app.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(f"{call_words(game, call)}  {call_gloss(game, call, self.app.tr)}"),
            content=ft.Column(
                [body(_("{holder} offers {asker} the swap for a price. Does {asker} buy it?",
                        holder=holder, asker=asker), size=theme.SMALL + 1),
                 price, problem], tight=True),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog()),
                     ft.OutlinedButton(_("Refused"), on_click=lambda e: self.act(
                         FamilyReply(holder, call, sold=False))),
                     ft.FilledButton(_("Sold"), on_click=sold)]))

    def buy_back(self, seat: str) -> None:
        """Kille's rebuy or Cuccù's re-entry, asked in a dialog: the price said first."""
        _ = self.app.tr
        state = self.state
        i = state.names.index(seat)
        if state.rules.buy_back == "rebuy":
            title = _("Buy back in?")
            text = _("{seat} died and may buy back in with one more stake into the pot "
                     "({used} of {allowed} rebuys used).", seat=seat, used=state.rebuys[i],
                     allowed=state.each)
            yes = _("Buy back in")
        else:
            title = _("Re-enter?")
            text = _("{seat} is out and may re-enter with full lives for {price}.",
                     seat=seat, price=2 ** (state.reentries + 1))
            yes = _("Re-enter")
        self.app.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(title),
            content=body(text, size=theme.SMALL + 1),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog()),
                     ft.OutlinedButton(_("Stays out"), on_click=lambda e: self.act(
                         Leave(seat))),
                     ft.FilledButton(yes, on_click=lambda e: self.act(Rebuy(seat)))]))

    def leave_menu(self) -> None:
        _ = self.app.tr
        leaves = [ev for ev in self.state.options() if isinstance(ev, Leave)]
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Between rounds")),
            content=ft.Column(
                [body(_("A player who leaves is out of the game."), size=theme.SMALL),
                 ft.Row([button(_("{seat} leaves", seat=ev.seat),
                                lambda e, ev=ev: self.act(ev)) for ev in leaves],
                        wrap=True, spacing=8)], tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: self.app.close_dialog())]))

    # --- handlers ------------------------------------------------------------------------------

    def act(self, event: FamilyEvent) -> None:
        """Applies one event through the store (committed first), then redraws."""
        self.app.close_dialog()
        before = self.state.clone()
        try:
            outcome = self.game.apply(event)
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        show_error(self.error, None)
        self.news = lambda tr: [event_sentence(before, event, outcome, self.state, tr)]
        self.render()
        self.app.refresh()
        self.app.games.announce(self.game.id, self.app)

    def cut(self, pieces: Pieces) -> None:
        self.act(Cut(pieces))

    def settle(self, pieces: Pieces) -> None:
        self.act(Reveal(pieces))

    def next_round(self, e: Any = None) -> None:
        self.app.games.put_settlement_away(self.game)  # from every screen of the table
        self.news = lambda tr: [now_sentence(self.state, tr)]
        self.render()
        self.app.refresh()
        self.app.games.announce(self.game.id, self.app)

    def undo(self, e: Any = None) -> None:
        self._step(self.game.undo, "Undid: {event}.", "Nothing to undo.")

    def redo(self, e: Any = None) -> None:
        self._step(self.game.redo, "Redid: {event}.", "Nothing to redo.")

    def _step(self, step: Callable[[], Any], done: str, nothing: str) -> None:
        undoing = step == self.game.undo
        before = self.state.clone()
        try:
            event = step()
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        show_error(self.error, None)
        if event is None:
            self.news = lambda tr: [tr(nothing), now_sentence(self.state, tr)]
        else:
            # the sentence of the event itself, told from the state before it was applied
            first = self.state.clone() if undoing else before
            after = before if undoing else self.state.clone()
            outcome = first.clone().apply(event)
            def said(tr: Tr) -> str:  # "Undid: Bo stands.", never "Bo stands.."
                text = event_sentence(first, event, outcome, after, tr)
                return text.removesuffix(".")
            self.news = lambda tr: [tr(done, event=said(tr)), now_sentence(self.state, tr)]
        self.picker = None
        self.render()
        self.app.refresh()
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def follow(self) -> None:
        """The game changed on another device or tab: show where it stands now."""
        self.news = lambda _: [_("Changed on another screen."), now_sentence(self.state, _)]
        self.picker = None
        self.render()
        self.app.refresh()

    def rematch(self, e: Any = None) -> None:
        try:
            game = self.app.store.rematch(self.game.id)
        except StoreError as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        self.app.go(f"/game/{game.id}")
