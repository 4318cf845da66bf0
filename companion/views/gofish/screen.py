"""Gwra pyskessa's table screen ("/game/{N}" of a `gwra-pyskessa` table): the seats in order
with their hands and sets, the deck, the banner, and the one question.

Thin like Gnav's: every button is one of `state.options()` (enabled only when the engine would
accept it), every event goes through `Game.apply` (stored before the screen shows it), and a
refused one shows its sentence and changes nothing. An ask is two taps, whom and which rank;
the sentence to say comes from the phrasebook, in Cornish, with its meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import GnavError
from companion.games.gwra_pyskessa import (
    CARD,
    PACK,
    PHRASES,
    RANK,
    RANKS,
    Ask,
    Cut,
    Deal,
    Event,
    GoFishState,
    LayDown,
    Reply,
    answer,
)
from companion.i18n import Tr
from companion.narrate.gofish import (
    NAME,
    banner_lines,
    deck_words,
    event_sentence,
    meaning,
    now_sentence,
    rank_words,
    seat_words,
)
from companion.store import Game, StoreError

from .. import theme
from ..shell.context import TableContext
from ..widgets import (
    big_button,
    body,
    button,
    error_text,
    icon_button,
    labelled,
    show_error,
    top_actions,
)
from .cards import card_face

News = Callable[[Tr], list[str]]


def gofish_state(game: Game) -> GoFishState:
    """The Gwra pyskessa state of `game`; a TypeError (a bug) for any other kind."""
    state = game.state
    if not isinstance(state, GoFishState):
        raise TypeError(f"table {game.id} is a {type(state).__name__}, not Gwra pyskessa")
    return state


class GoFishScreen:
    def __init__(self, app: TableContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        self.target: str | None = None  # the seat chosen to be asked (the first tap)
        self.set_seat: str | None = None  # the seat chosen to lay down a set
        self.cut_cards: dict[str, str] = {}  # seat -> card id, while a cut is entered
        self.news: News = self._opening_news()
        self.banner_text = ft.Column([], spacing=2)
        self.banner = ft.Container(
            content=ft.Semantics(identifier="banner", content=self.banner_text),
            padding=ft.Padding.symmetric(horizontal=16, vertical=10), border_radius=14,
            bgcolor=ft.Colors.PRIMARY_CONTAINER,
        )
        self.error = error_text()
        self.seats = ft.ResponsiveRow([], spacing=8, run_spacing=8)
        self.deck = ft.Text("", size=theme.NAME, weight=ft.FontWeight.W_600)
        self.question = ft.Container(padding=16, border_radius=18,
                                     bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)
        self.undo_button = button(_("Undo"), self.undo, icon=ft.Icons.UNDO, kind="text")
        self.redo_button = button(_("Redo"), self.redo, icon=ft.Icons.REDO, kind="text")
        tools: list[ft.Control] = [
            self.undo_button, self.redo_button,
            button(_("History"), lambda e: app.go(f"/game/{game.id}/history"), kind="text"),
            button(_("Tables"), lambda e: app.go("/"), kind="text"),
        ]
        narrow = app.width < 1100
        if app.phone:
            for b in (self.undo_button, self.redo_button):
                b.icon = None

        def learn(e: Any) -> None:
            app.go(f"/learn/{game.id}")

        def share(e: Any) -> None:
            app.go(f"/game/{game.id}/share")

        bar: list[ft.Control]
        if narrow:
            bar = [icon_button(_("Learn"), ft.Icons.SCHOOL, learn),
                   icon_button(_("Share"), ft.Icons.QR_CODE, share)]
        else:
            bar = [*tools, button(_("Learn"), learn, kind="text"),
                   button(_("Share"), share, kind="text")]
        rows: list[ft.Control] = []
        if narrow:
            rows.append(ft.Row(tools, spacing=0 if app.phone else 8, wrap=True,
                               alignment=ft.MainAxisAlignment.SPACE_BETWEEN if app.phone
                               else ft.MainAxisAlignment.START))
        rows += [self.banner, self.error, self.question, self.deck, self.seats]
        self.view = ft.View(
            route=f"/game/{game.id}",
            appbar=ft.AppBar(
                title=ft.Text(NAME, size=theme.TITLE - (6 if app.phone else 0),
                              weight=ft.FontWeight.BOLD),
                actions=top_actions(app, *bar), toolbar_height=64),
            controls=[ft.Column(rows, spacing=10, expand=True, scroll=ft.ScrollMode.AUTO,
                                horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
            padding=12,
        )
        self.render()

    # --- drawing -------------------------------------------------------------------------

    @property
    def state(self) -> GoFishState:
        return gofish_state(self.game)

    @property
    def short(self) -> bool:
        """A phone, upright or sideways: too short a screen to tell the ask twice."""
        return bool(self.app.phone or self.app.height < theme.SIDEWAYS_HEIGHT)

    def _opening_news(self) -> News:
        if self.game.outcomes and self.state.phase != "over":
            last = self.game.outcomes[-1]
            return lambda tr: banner_lines(last, self.state, tr)
        return lambda tr: [now_sentence(self.state, tr)]

    def render(self) -> None:
        tr = self.app.tr
        state = self.state
        if state.phase != "turns":
            self.target = self.set_seat = None
        lines = self.news(tr)
        if state.phase == "asking" and self.short:
            # the ask is told once, in the answer panel with its Cornish large; the banner
            # keeps only what else it had to say
            lines = [line for line in lines if line != now_sentence(state, tr)]
        self.banner.visible = bool(lines)
        self.banner_text.controls = [
            ft.Text(line, size=theme.BANNER if i == 0 else theme.NAME,
                    weight=ft.FontWeight.BOLD if i == 0 else ft.FontWeight.NORMAL)
            for i, line in enumerate(lines)]
        self.deck.value = deck_words(state, tr)
        self.deck.visible = state.deck is not None
        self.seats.controls = [self.seat_tile(i) for i in range(len(state.names))]
        self.question.content = self.ask_panel()
        self.undo_button.disabled = not self.game.can_undo
        self.redo_button.disabled = not self.game.can_redo

    def seat_tile(self, i: int) -> ft.Control:
        _ = self.app.tr
        state = self.state
        name = state.names[i]
        marks: list[str] = []
        if state.dealer == i and state.phase != "over":  # as the board says it
            marks.append(_("dealer"))
        turn = state.turn == i and state.phase in ("turns", "asking")
        if turn:
            marks.append(_("turn"))
        if state.asked == i:
            marks.append(_("asked"))
        if i in state.winners:
            marks.append(_("winner"))
        faces = [card_face(r, _("Set of {rank}", rank=rank_words(r, self.app.tr)))
                 for r in sorted(state.sets[i], key=lambda r: RANK[r].value)]
        lines: list[ft.Control] = [
            ft.Row([ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD, expand=True,
                            no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)]),
            ft.Text(seat_words(state, i, self.app.tr) if state.deck is not None
                    else "", size=theme.BODY, visible=state.deck is not None),
        ]
        if marks:
            lines.insert(1, ft.Text(" · ".join(marks), size=theme.SMALL + 1,
                                    weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
        if faces:
            lines.append(ft.Row(faces, wrap=True, spacing=4, run_spacing=4))
        return ft.Container(
            content=ft.Semantics(identifier=f"seat-{i}", container=True,
                                 content=ft.Column(lines, spacing=4, tight=True)),
            col={"xs": 6, "md": 4, "lg": 3}, padding=10, border_radius=14,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if turn else ft.Colors.SURFACE_CONTAINER,
            border=ft.Border.all(3, ft.Colors.PRIMARY) if turn else None,
        )

    def ask_panel(self) -> ft.Control:
        state = self.state
        if state.phase == "cut":
            return self.cut_panel()
        if state.phase == "ready":
            return self.deal_panel()
        if state.phase == "asking":
            return self.answer_panel()
        if state.phase == "over":
            return self.over_panel()
        if self.set_seat is not None:
            return self.rank_panel(set_for=self.set_seat)
        if self.target is not None:
            return self.rank_panel()
        return self.whom_panel()

    def _title(self, text: str) -> ft.Text:
        return ft.Text(text, size=theme.QUESTION, weight=ft.FontWeight.BOLD)

    def deal_panel(self) -> ft.Control:
        _ = self.app.tr
        deal = Deal()
        return ft.Column([
            self._title(now_sentence(self.state, self.app.tr)),
            big_button(_("Deal"), lambda e: self.act(deal),
                       disabled=not self.accepts(deal)),
        ], spacing=12)

    def whom_panel(self) -> ft.Control:
        _ = self.app.tr
        state = self.state
        options = state.options()
        seat = state.names[state.turn] if state.turn is not None else ""
        asked = {ev.target for ev in options if isinstance(ev, Ask)}
        whom: list[ft.Control] = [big_button(name, lambda e, n=name: self.choose_target(n),
                           disabled=name not in asked, filled=False)
                for name in state.names if name != seat]
        setters = sorted({ev.seat for ev in options if isinstance(ev, LayDown)},
                         key=state.names.index)
        out: list[ft.Control] = [
            self._title(_("{seat}, whom do you ask?", seat=seat)),
            ft.Row(whom, wrap=True, spacing=10, run_spacing=10),
        ]
        if setters:
            out += [body(_("A set of four in a hand? Lay it down:"), size=theme.BODY),
                    ft.Row([button(_("{seat} lays down a set", seat=s),
                                   lambda e, s=s: self.choose_set(s), icon=ft.Icons.STYLE)
                            for s in setters], wrap=True, spacing=8)]
        return ft.Column(out, spacing=12)

    def rank_panel(self, set_for: str | None = None) -> ft.Control:
        _ = self.app.tr
        state = self.state
        seat = state.names[state.turn] if state.turn is not None else ""
        target = self.target
        tiles: list[ft.Control] = []
        for r in RANKS:
            event: Event = (LayDown(set_for, r.id) if set_for is not None
                            else Ask(seat, target or "", r.id))
            label = (_("Four {rank}", rank=r.cornish) if set_for is not None
                     else _("Ask for {rank}", rank=r.cornish))
            tiles.append(labelled(label, ft.Button(
                content=ft.Column([
                    ft.Text(r.id, size=theme.TITLE, weight=ft.FontWeight.BOLD),
                    ft.Text(r.cornish, size=theme.SMALL, no_wrap=True),
                ], spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                on_click=lambda e, ev=event: self.act(ev), disabled=not self.accepts(event),
                width=96, height=76,
                style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                                     padding=4))))
        if set_for is not None:
            title = _("{seat} lays down four of which rank?", seat=set_for)
            hint = body(_("Four cards of one rank, shown to the table."), size=theme.BODY)
        else:
            title = _("{seat} asks {target} for which rank?", seat=seat, target=target)
            # the phrasebook's ask with the name in front: «Pol, eus ... genes?»
            form = PHRASES["ask"].cornish
            hint = body(_("Say it in Cornish: «{cornish}»",
                          cornish=f"{target}, {form[0].lower()}{form[1:]}"),
                        size=theme.BODY, italic=True)
        return ft.Column([
            self._title(title), hint,
            ft.Row(tiles, wrap=True, spacing=8, run_spacing=8),
            button(_("Back"), self.back, icon=ft.Icons.ARROW_BACK, kind="text"),
        ], spacing=10)

    def answer_panel(self) -> ft.Control:
        _ = self.app.tr
        state = self.state
        say = state.say
        assert say is not None and state.asked is not None and state.rank is not None
        asked = state.names[state.asked]
        rank = state.rank
        replies = [ev for ev in state.options() if isinstance(ev, Reply)]
        answers: list[ft.Control] = []
        for count in range(4):
            reply = Reply(asked, count)
            saying = answer(rank, count)
            label = (_("None: go fish") if count == 0 else
                     self.app.tr.n("Gives {count} card", "Gives {count} cards", count))
            answers.append(labelled(label, big_button(
                ft.Column([
                    ft.Text(label, size=theme.QUESTION, weight=ft.FontWeight.W_600),
                    ft.Text(f"«{saying.cornish}»", size=theme.BODY, italic=True),
                ], spacing=0, tight=True),
                lambda e, ev=reply: self.act(ev), disabled=reply not in replies,
                filled=count > 0)))
        return ft.Column([
            # on a tablet the banner says who asks; a phone's answer panel says it instead
            body(_("{seat} asks:", seat=state.names[state.turn] if state.turn is not None
                   else "") if self.short else _("Say:"), size=theme.BODY),
            ft.Semantics(identifier="say", container=True, content=ft.Column([
                ft.Text(f"«{say.cornish}»", size=theme.TITLE + 4, weight=ft.FontWeight.BOLD),
                ft.Text(meaning(say, self.app.tr), size=theme.NAME, italic=True),
            ], spacing=2, tight=True)),
            self._title(_("What does {seat} answer?", seat=asked)),
            ft.Row(answers, wrap=True, spacing=10, run_spacing=10),
        ], spacing=10)

    def over_panel(self) -> ft.Control:
        _ = self.app.tr
        state = self.state
        rows: list[ft.Control] = []  # the banner says who won; here, every seat's sets
        for i in sorted(range(len(state.names)), key=lambda i: -len(state.sets[i])):
            rows.append(ft.Row([
                ft.Text(state.names[i], size=theme.NAME, weight=ft.FontWeight.BOLD, width=140,
                        no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Row([card_face(r, _("Set of {rank}", rank=rank_words(r, self.app.tr)))
                        for r in sorted(state.sets[i], key=lambda r: RANK[r].value)],
                       wrap=True, spacing=4, expand=True),
            ]))
        rows.append(button(_("Tables"), lambda e: self.app.go("/"), kind="filled"))
        return ft.Column(rows, spacing=10)

    def cut_panel(self) -> ft.Control:
        _ = self.app.tr
        state = self.state
        seats = [state.names[i] for i in state.cut_seats]
        pickers: list[ft.Control] = []
        for name in seats:
            pickers.append(ft.Dropdown(
                label=_("{seat} cuts", seat=name), value=self.cut_cards.get(name),
                options=[ft.DropdownOption(key=c.id, text=f"{c.id}  {c.cornish}") for c in PACK],
                on_select=lambda e, n=name: self.pick_cut(n, e.control.value),
                width=300, text_size=theme.BODY))
        cut = Cut(tuple((s, self.cut_cards[s]) for s in seats if s in self.cut_cards))
        ready = len(cut.cards) == len(seats) and self.accepts(cut)
        return ft.Column([
            self._title(now_sentence(state, self.app.tr)),
            ft.Row(pickers, wrap=True, spacing=10, run_spacing=10),
            big_button(_("Cut"), lambda e: self.act(cut), disabled=not ready),
        ], spacing=12)

    def accepts(self, event: Event) -> bool:
        return self.state.why_not(event) is None

    # --- handlers ------------------------------------------------------------------------

    def choose_target(self, name: str) -> None:
        self.target, self.set_seat = name, None
        self.render()
        self.app.refresh()

    def choose_set(self, name: str) -> None:
        self.set_seat, self.target = name, None
        self.render()
        self.app.refresh()

    def back(self, e: Any = None) -> None:
        self.target = self.set_seat = None
        self.render()
        self.app.refresh()

    def pick_cut(self, seat: str, card: str | None) -> None:
        if card is not None and card in CARD:
            self.cut_cards[seat] = card
        self.render()
        self.app.refresh()

    def act(self, event: Event) -> None:
        """Applies one event through the store (committed first), then redraws."""
        self.app.tapped_in_game()
        try:
            outcome = self.game.apply(event)
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        show_error(self.error, None)
        self.target = self.set_seat = None
        self.cut_cards = {}
        self.news = lambda tr: banner_lines(outcome, self.state, tr)
        self.render()
        self.app.refresh()
        self.app.games.announce(self.game.id, self.app)

    def undo(self, e: Any = None) -> None:
        try:
            event = self.game.undo()
        except StoreError as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        show_error(self.error, None)
        if event is None:
            self.news = lambda _: [_("Nothing to undo."), now_sentence(self.state, _)]
        else:
            undone = event
            self.news = lambda _: [_("Undid: {event}.", event=event_sentence(undone, _)),
                                   now_sentence(self.state, _)]
        self.render()
        self.app.refresh()
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def redo(self, e: Any = None) -> None:
        try:
            event = self.game.redo()
        except (GnavError, StoreError) as err:
            show_error(self.error, self.app.tr.error(err))
            self.app.refresh()
            return
        show_error(self.error, None)
        if event is None:
            self.news = lambda _: [_("Nothing to redo."), now_sentence(self.state, _)]
        else:
            redone, outcome = event, self.game.outcomes[-1]
            self.news = lambda _: [_("Redid: {event}.", event=event_sentence(redone, _)),
                                   *banner_lines(outcome, self.state, _)]
        self.render()
        self.app.refresh()
        if event is not None:
            self.app.games.announce(self.game.id, self.app)

    def follow(self) -> None:
        """The game changed on another device or tab: show where it stands now."""
        self.news = lambda _: [_("Changed on another screen."), now_sentence(self.state, _)]
        self.render()
        self.app.refresh()

    def adopt(self, old: object) -> None:
        """After a language switch or a turned screen: the same half-made ask, the same news
        told in the new language."""
        if not isinstance(old, GoFishScreen) or old.game is not self.game:
            return
        self.target, self.set_seat = old.target, old.set_seat
        self.cut_cards = dict(old.cut_cards)
        self.news = old.news
        self.render()
