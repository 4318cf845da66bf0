"""A cuckoo table's parts (Gnav, Kille, Cuccù, Slabberjan, Vogelspiel), for the one table
screen (views/shell): the seats' faces, the question and its answers, the piece picker, the
menus between rounds, and what was half entered (the picks, an Inn's price) kept through a
turn of the screen.

One engine plays the five games (engine/cuckoo/state.py's CuckooState) from each game's rule data,
and these parts read the same data: whether seats may knock (Gnav) or buy back in (Kille,
Cuccù), which calls a seat or the stock may answer with, what a call does (an Inn's sale, a
Harlequin passed face up, a silent matador), the pack, the way play goes. The sentences come
from the table's voice (voice.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core.fields import STOCK
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    FamilyReply,
    Knock,
    Leave,
    Query,
    Rebuy,
    Reply,
    Reveal,
    SitOut,
    Stand,
)
from companion.engine.cuckoo.journal import MAX_PRICE
from companion.engine.cuckoo.state import CuckooState
from companion.engine.gnav.narrate import piece_form
from companion.i18n import Tr

from .. import theme
from ..shell.answers import Answer, Question
from ..shell.parts import Direction, Face, News, Over, Said, Settled, Standing, Told
from ..widgets import big_button, body, button, error_text, show_error
from .picker import PiecePicker, Pieces
from .seats import PoolView, SeatTile
from .voice import Voice

if TYPE_CHECKING:
    from ..shell.table import TableScreen

BOLD = 1.1  # a bold name's width over the regular font's, which theme.text_width measures


class CuckooParts:
    """A cuckoo table's parts, told in `voice`: Gnav's narration or the family's, as each
    game's screens name it (views/gnav_pages.py, views/family_pages.py)."""

    def __init__(self, screen: TableScreen, voice: Voice) -> None:
        self.screen = screen
        self.app = screen.app
        self.game = screen.game
        self.voice = voice
        _ = tr = self.app.tr
        state = self.state
        self.tiles = [SeatTile(name, tr=tr, words=self.voice.stance) for name in state.names]
        self.pool = PoolView(tr)
        self.picker: PiecePicker | None = None
        self.picker_key: tuple[object, ...] | None = None
        self.picker_box: ft.Column | None = None  # the picker in the panel's room
        # an Inn's price being typed (Cuccù): the call, the field, its problem
        self.pricing: str | None = None
        self.price = ft.TextField(label=_("Price offered"), value="1", width=200,
                                  keyboard_type=ft.KeyboardType.NUMBER)
        self.price_problem = error_text()
        self.price_box = ft.Column([self.price, self.price_problem], spacing=4, tight=True)

    @property
    def state(self) -> Any:
        state = self.game.state
        assert isinstance(state, CuckooState)
        return state

    # --- the seats -----------------------------------------------------------------------------

    @property
    def faces(self) -> Sequence[Face]:
        return self.tiles

    @property
    def centre(self) -> Face | None:
        return self.pool

    def direction(self, tr: Tr) -> tuple[Direction, str] | None:
        _ = tr
        direction: Direction = self.state.play.direction
        if direction == "right":
            return direction, _("Play goes to the right: each seat asks its right-hand "
                                "neighbour.")
        return direction, _("Play goes to the left: each seat asks its left-hand neighbour.")

    def show_seats(self) -> list[ft.Control]:
        state = self.state
        changed: list[ft.Control] = []
        for i, tile in enumerate(self.tiles):
            changed += tile.show(state, i)
        changed += self.pool.show(state)
        return changed

    def focus(self) -> int | None:
        state = self.state
        if state.phase == "asking" and state.asked is not None and state.asked >= 0:
            return int(state.asked)
        if state.phase in ("turns", "asking"):
            return None if state.turn is None else int(state.turn)
        if state.phase == "over" and state.winners:
            return int(state.winners[0])  # the game-over panel takes the height: the winner
        return None

    # --- what is said ---------------------------------------------------------------------

    def title(self) -> str:
        state = self.state
        round = state.round
        if state.phase == "ready" and round and not self.screen.show_settlement():
            round += 1  # the settlement put away, the table is at the next round's deal
        return self.voice.title(state, round, self.app.tr,
                                self.app.phone or self.screen.sideways)

    def now(self, tr: Tr) -> str:
        return self.voice.now(self.state, tr)

    def opening(self) -> Told:
        events = self.game.events
        return Told(self.voice.opening(self.game),
                    asks=bool(events) and isinstance(events[-1], Change)
                    and self.state.phase == "asking")

    def keep(self) -> object:
        return self.voice.keep(self.state)

    def told(self, kept: object, event: object, outcome: object) -> Told:
        return Told(self.voice.told(kept, event, outcome, self.state),
                    asks=isinstance(event, Change))

    def undone(self, kept: object, event: object) -> Said:
        return self.voice.undone(kept, event, self.state)

    def redone(self, kept: object, event: object, outcome: object) -> tuple[Said, News]:
        return self.voice.redone(kept, event, outcome, self.state)

    # --- the question ---------------------------------------------------------------------

    def picking(self) -> bool:
        return bool(self.state.phase in ("cut", "reveal"))

    def settles(self) -> bool:
        events = self.game.events
        return bool(events) and isinstance(events[-1], Reveal)

    def question(self) -> Question | ft.Control:
        state = self.state
        phase = state.phase
        if phase in ("cut", "reveal"):
            self.picker_for(state)
            assert self.picker_box is not None
            return self.picker_box
        self.picker = None
        self.picker_key = None
        self.picker_box = None
        if phase == "ready":
            return self.ready_question(state)
        if phase == "turns":
            return self.turn_question(state)
        if self.pricing is not None:
            return self.price_question(state, self.pricing)
        return self.asking_question(state)

    def act(self, event: object) -> Callable[[], None]:
        """An answer's tap: `event` applied through the screen (stored first)."""
        return partial(self.screen.act, event)

    def accepted(self, event: object) -> Callable[[], None] | None:
        """The answer's tap when the engine would take `event` now, else None (disabled)."""
        return self.act(event) if self.state.why_not(event) is None else None

    def ready_question(self, state: Any) -> Question:
        _ = self.app.tr
        options = state.options()
        answers = [Answer("deal", _("Deal"), self.accepted(Deal()))]
        rebuys = [ev for ev in options if isinstance(ev, Rebuy)]
        for ev in rebuys:
            text = (_("{seat} out: buy back in?", seat=ev.seat)
                    if state.play.buy_back == "rebuy"
                    else _("{seat} out: re-enter?", seat=ev.seat))
            answers.append(Answer(f"rebuy-{ev.seat}", text,
                                  partial(self.buy_back, ev.seat), "small", more=True))
        between = [ev for ev in options if isinstance(ev, SitOut)
                   or (isinstance(ev, Leave) and ev.seat not in {r.seat for r in rebuys})]
        answers.append(Answer("between", _("Between rounds"),
                              self.between_rounds if between else None, "small", more=True))
        hint = _("A seat out may buy back in before the next deal.") if rebuys else None
        return Question(_("{dealer} deals round {round}", dealer=state.dealer_name or "",
                          round=state.round + 1), tuple(answers), hint)

    def turn_question(self, state: Any) -> Question:
        _ = self.app.tr
        seat = state.turn_name or ""
        answers = [Answer("stand", _("Stand"), self.accepted(Stand(seat))),
                   Answer("change", _("Change"), self.accepted(Change(seat)))]
        answers += self.knock(state)
        if state.turn == state.dealer and state.play.query:
            # the dealer's question about the other pair piece, once a round (gnav.md, house
            # default 13): shown on the dealer's turn, enabled until it is asked
            asked = [q for q in (Query(seat, "yes"), Query(seat, "no"))
                     if state.why_not(q) is None]
            answers.append(Answer(
                "query", _("Ask about {piece}", piece=self.pair("the_other_after")),
                self.query_menu if asked else None, "small",
                icon=lambda: ft.Icon(ft.Icons.HELP_OUTLINE), more=True))
        return Question(_("{seat}'s turn", seat=seat), tuple(answers),
                        self.voice.turn_hint(state, self.app.tr))

    def knock(self, state: Any) -> list[Answer]:
        """Knocking (Gnav): shown whenever the rule data lets seats knock, enabled while one
        may."""
        if not state.play.knocks:
            return []
        knocks = any(isinstance(ev, Knock) for ev in state.options())
        _ = self.app.tr
        return [Answer("knock", _("Knock"), self.knock_menu if knocks else None,
                       "small", more=True)]

    def pair(self, form: str) -> str:
        """The rule book's pair piece (Gnav's fools) in the form a sentence needs."""
        return piece_form(self.state.play.pair_piece, form, self.app.tr)

    def asking_question(self, state: Any) -> Question:
        _ = tr = self.app.tr
        stock = state.asked_name in (None, STOCK)
        replies = [ev for ev in state.options() if isinstance(ev, (Reply, FamilyReply))]
        effects = state.play.stock_effects if stock else state.play.effects
        # the calls in the pack's order, highest first, after the plain swap
        order = {call: k for k, call in enumerate(effects)}
        replies.sort(key=lambda ev: order.get(ev.call, len(order)))
        answers: list[Answer] = []
        rarer: list[Answer] = []
        priced = False
        for ev in replies:
            effect = effects.get(ev.call)
            if effect is not None and effect.sale:
                if not priced:  # one button: the price and the answer are asked next
                    priced = True
                    answers.append(Answer(f"call-{ev.call}", "",
                                          partial(self.start_pricing, ev.call), "call",
                                          lines=self.voice.call_lines(state, ev.call, tr)))
                continue
            if ev.call != "none":
                answers.append(Answer(ev.call, "", self.act(ev), "call",
                                      lines=self.voice.call_lines(state, ev.call, tr)))
            elif isinstance(ev, FamilyReply) and ev.face_up:
                moved = state.play.moved_lowest
                rarer.append(Answer(
                    f"face-up-{ev.face_up[0]}",
                    self.voice.face_up(state, ev.face_up[0], tr),
                    self.act(ev), "small",
                    icon=partial(self.voice.face, state, moved, 36) if moved else None,
                    more=True))
            elif isinstance(ev, FamilyReply) and ev.silent:
                rarer.append(Answer("silent", _("Swap: a silent matador"), self.act(ev),
                                    "small", more=True))
            else:
                answers.insert(0, Answer("none", self.voice.swap(state, stock, tr), self.act(ev)))
        prompt, hint = self.voice.asking(state, tr, len(replies) == 1)
        return Question(prompt, (*answers, *rarer, *self.knock(state)), hint)

    def start_pricing(self, call: str) -> None:
        """Cuccù's Inn: the holder offers the swap for a price; the price is typed next, then
        the asker buys or refuses (asked in the panel, not a dialog over the seats)."""
        self.pricing = call
        show_error(self.price_problem, None)
        self.screen.redraw()

    def price_question(self, state: Any, call: str) -> Question:
        _ = self.app.tr
        holder, asker = state.asked_name or "", state.turn_name or ""
        self.price.label = _("Price offered")
        return Question(
            _("{holder} offers {asker} the swap for a price. Does {asker} buy it?",
              holder=holder, asker=asker),
            (Answer("sold", _("Sold"), lambda: self.sell(holder, call)),
             Answer("refused", _("Refused"), self.act(FamilyReply(holder, call, sold=False)),
                    "tonal"),
             Answer("back", _("Back"), self.stop_pricing, "small")),
            hint="  ".join(text for text, _style in self.voice.call_lines(state, call,
                                                                           self.app.tr)),
            before=self.price_box)

    def sell(self, holder: str, call: str) -> None:
        _ = self.app.tr
        try:
            value = int((self.price.value or "").strip())
        except ValueError:
            value = -1
        if not 0 <= value <= MAX_PRICE:
            show_error(self.price_problem, _("Type a whole number from {low} to {count}.",
                                             low=0, count=MAX_PRICE))
            self.app.refresh(self.price_problem)
            return
        self.screen.act(FamilyReply(holder, call, sold=True, price=value))

    def stop_pricing(self) -> None:
        self.pricing = None
        self.screen.redraw()

    def picker_for(self, state: Any) -> PiecePicker:
        tr = self.app.tr
        key = (state.phase, len(self.game.events), tuple(state.cut_seats))
        if self.picker is not None and self.picker_key == key:
            return self.picker
        voice = self.voice
        if state.phase == "cut":
            seats = [state.names[i] for i in state.cut_seats]
            prompt, action = voice.cut(state, tr)
            done = self.cut
        else:
            showing = [i for i in range(len(state.names)) if state.alive[i]]
            if voice.in_turn_order:
                n, start, step = len(state.names), state.dealer or 0, state.play.step
                showing.sort(key=lambda i: ((i - start) * step - 1) % n)
            seats = [state.names[i] for i in showing]
            prompt, action = voice.reveal(state, tr)
            done = self.settle
        self.picker = PiecePicker(
            seats, action, done, narrow=self.app.phone, prompt=prompt,
            on_change=self.app.refresh, tr=tr, scroll_to=self.screen.scroll_strip,
            pack=tuple(state.play.order), title=lambda p: voice.piece(state, p, tr),
            face=lambda p, size: voice.face(state, p, size), pictured=voice.pictured,
            whose=lambda seat: voice.whose(state, seat, tr), sideways=self.screen.sideways)
        self.picker_key = key
        # the picker scrolls its own pack in the room the panel leaves it
        self.picker_box = ft.Column([self.picker.control], expand=True)
        return self.picker

    def cut(self, pieces: Pieces) -> None:
        self.screen.act(Cut(pieces))

    def settle(self, pieces: Pieces) -> None:
        self.screen.act(Reveal(pieces))

    def after_undo(self, event: object) -> list[ft.Control]:
        if isinstance(event, (Reveal, Cut)) and self.picker is not None:
            # the picker comes back as it was: one piece to correct, not every one to enter
            return self.picker.restore(event.pieces)
        return []

    def reset(self) -> None:
        self.pricing = None

    def adopt(self, old: object) -> None:
        if not isinstance(old, CuckooParts):
            return
        if old.pricing is not None and self.state.phase == "asking":
            self.pricing = old.pricing
            self.price.value = old.price.value
        if old.picker is not None and old.picker_key is not None:
            self.screen.render()  # this screen's picker, for the same moment of the game
            if self.picker is not None and self.picker_key == old.picker_key:
                self.picker.picked = dict(old.picker.picked)
                self.picker.current = old.picker.current
                self.picker.fill()

    # --- the settlement and the game's end ------------------------------------------------------

    def shown(self) -> ft.Control | None:
        """The pieces of the reveal just made, each seat's by its picture and name, as they lie
        on the table."""
        last = self.game.events[-1] if self.game.events else None
        if not isinstance(last, Reveal):
            return None
        state, tr = self.state, self.app.tr
        size = 44 if self.app.phone else 64
        widest = 150 if self.app.phone else 220  # a long name: what a row of pieces can spare
        tiles: list[ft.Control] = []
        for seat, piece in last.pieces:
            title = self.voice.piece(state, piece, tr)
            # as wide as the seat's name and its piece's need, so neither is cut with room to
            # spare ("Ann-Sofie Öh…"); past the widest, the name is made smaller to fit
            # the name is bold: wider than the font's table says by about a tenth
            width = min(widest, max(size + 24.0, BOLD * theme.text_width(seat, theme.SMALL + 1),
                                    theme.text_width(title, theme.SMALL)))
            tiles.append(ft.Semantics(label=f"{seat}: {title}", container=True,
                                      exclude_semantics=True, content=ft.Column(
                [self.voice.face(state, piece, size),
                 ft.Text(seat, size=theme.fitted_size(seat, theme.SMALL + 1, width / BOLD),
                         weight=ft.FontWeight.BOLD, no_wrap=True,
                         overflow=ft.TextOverflow.ELLIPSIS, width=width,
                         text_align=ft.TextAlign.CENTER),
                 ft.Text(title, size=theme.fitted_size(title, theme.SMALL, width),
                         no_wrap=True, width=width,
                         overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)],
                spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)))
        return ft.Semantics(identifier="shown", container=True, content=ft.Row(
            tiles, wrap=True, spacing=8, run_spacing=8))

    def settlement(self) -> Settled:
        _ = tr = self.app.tr
        state = self.state
        lines = self.voice.settlement_lines(state, self.game, tr)
        money = self.voice.money(state, tr)
        if money:  # the pot and the side pot after the round, as the table counts them
            lines = [*lines, " · ".join(money)]
        return Settled(_("Round {round} settled", round=state.round), lines, self.shown())

    def over(self) -> Over:
        _ = tr = self.app.tr
        _n = tr.n
        state = self.state
        won = self.voice.won(state, tr)
        lines = [won] if won is not None else []
        lines.append(_n("Game over after {count} round.", "Game over after {count} rounds.",
                        state.round))
        last = self.voice.settlement_lines(state, self.game, tr)
        if last:
            lines.append(_("Last round: {sentences}", sentences=" ".join(last)))
        money = self.voice.money(state, tr)
        if money:
            lines.append(" · ".join(money))
        return Over(self.voice.headline(state, tr), lines,
                    [Standing(name, words) for name, words in self.voice.standings(state, tr)],
                    self.shown())

    # --- menus ------------------------------------------------------------------------------

    def knock_menu(self) -> None:
        _ = self.app.tr
        state = self.state
        knocks = [ev for ev in state.options() if isinstance(ev, Knock)]
        buttons: list[ft.Control] = [
            button(_("{seat} knocks", seat=ev.seat), lambda e, ev=ev: self.screen.act(ev),
                   disabled=state.knocked[state.names.index(ev.seat)])
            for ev in knocks]
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Who knocks?")),
            content=ft.Column(
                [body(_("A seat dealt {piece} knocks on the table.", piece=self.pair("the")),
                      size=theme.SMALL),
                 ft.Row(buttons, wrap=True, spacing=8)],
                tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog())],
        ))

    def query_menu(self) -> None:
        """The dealer asks the table about the other fool; the referee taps its answer."""
        _ = self.app.tr
        state = self.state
        seat = state.turn_name or ""
        answers: list[ft.Control] = [
            big_button(word, lambda e, q=q: self.screen.act(q),
                       disabled=state.why_not(q) is not None)
            for q, word in ((Query(seat, "yes"), _("Yes")), (Query(seat, "no"), _("No")))]
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Does anyone hold {piece}?", piece=self.pair("the_other"))),
            content=ft.Column(
                [body(_("{seat} deals and asks the table. The table answers:",
                        seat=seat), size=theme.SMALL),
                 ft.Row(answers, wrap=True, spacing=16)],
                tight=True),  # two answers fit any screen: no scroll, so no tall empty dialog
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog())],
        ))

    def between_rounds(self) -> None:
        _ = self.app.tr
        state = self.state
        options = state.options()
        rebuys = {ev.seat for ev in options if isinstance(ev, Rebuy)}
        sits = [ev for ev in options if isinstance(ev, SitOut)]
        leaves = [ev for ev in options if isinstance(ev, Leave) and ev.seat not in rebuys]
        rows: list[ft.Control] = []
        if sits:
            rows.append(body(_("Holders of {pieces} may sit out the next round.",
                               pieces=self.pair("the_two")), size=theme.SMALL))
            rows.append(ft.Row([button(_("{seat} sits out", seat=ev.seat),
                                       lambda e, ev=ev: self.screen.act(ev)) for ev in sits],
                               wrap=True, spacing=8))
        rows.append(body(_("A player who leaves is out of the game."), size=theme.SMALL))
        rows.append(ft.Row([button(_("{seat} leaves", seat=ev.seat),
                                   lambda e, ev=ev: self.screen.act(ev)) for ev in leaves],
                           wrap=True, spacing=8))
        self.app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Between rounds")),
            content=ft.Column(rows, tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: self.app.close_dialog())],
        ))

    def buy_back(self, seat: str) -> None:
        """Kille's rebuy or Cuccù's re-entry, asked in a dialog: the price said first."""
        _ = self.app.tr
        state = self.state
        i = state.names.index(seat)
        if state.play.buy_back == "rebuy":
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
                     ft.OutlinedButton(_("Stays out"),
                                       on_click=lambda e: self.screen.act(Leave(seat))),
                     ft.FilledButton(yes, on_click=lambda e: self.screen.act(Rebuy(seat)))]))
