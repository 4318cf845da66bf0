"""Gwra pyskessa's parts for the one table screen (views/shell): each seat's face (its hand's
size and the sets laid down as small card faces), the deck in the middle of the table, and the
question: the cut, the deal, the two-tap ask (whom, then which rank), the answer with the
Cornish to say, a set laid down. The ask half made (its seat chosen) and the cut half drawn
are kept through a turn of the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.engine.gwra_pyskessa import (
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
from companion.engine.gwra_pyskessa.narrate import (
    NAME,
    banner_lines,
    deck_words,
    event_sentence,
    meaning,
    now_sentence,
    over_sentence,
    rank_words,
    seat_words,
    standings,
)
from companion.i18n import EN, Tr
from companion.narrate.words import winners_sentence

from .. import theme
from ..shell.answers import Answer, Question
from ..shell.parts import Direction, Face, Mode, News, Over, Said, Settled, Standing, Told
from ..shell.ring import COMPACT_TILE_H, FULL_TILE_H, GRID_TILE_H, ROW_TILE_H
from .cards import FACE_WIDTH, card_face

if TYPE_CHECKING:
    from ..shell.table import TableScreen

# "the player to the left of the dealer; then clockwise" (the seed)
CLOCKWISE: Direction = "left"
MINI = 0.55  # a set's card face in a seat's tile, against its face at the game's end
SET_GAP = 3


def gofish_state(state: object) -> GoFishState:
    """The Gwra pyskessa state; a TypeError (a bug) for any other kind."""
    if not isinstance(state, GoFishState):
        raise TypeError(f"a {type(state).__name__} is not Gwra pyskessa's")
    return state


class GoFishSeat:
    """One seat: name, dealer badge, its hand and sets in words, the sets as card faces."""

    def __init__(self, name: str, tr: Tr = EN) -> None:
        _p = tr.p
        self.name = name
        self.tr = tr
        self.name_text = ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD,
                                 no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, expand=True)
        self.dealer = ft.Container(
            content=ft.Text(_p("badge", "D"), size=theme.SMALL, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_TERTIARY),
            width=24, height=24, alignment=ft.Alignment.CENTER, shape=ft.BoxShape.CIRCLE,
            bgcolor=ft.Colors.TERTIARY, visible=False, tooltip=_p("badge", "Dealer"))
        self.words = ft.Text("", size=theme.BODY, no_wrap=True,
                             overflow=ft.TextOverflow.ELLIPSIS)
        self.marks = ft.Text("", size=theme.SMALL, weight=ft.FontWeight.W_600,
                             color=ft.Colors.PRIMARY, no_wrap=True, visible=False)
        self.sets = ft.Row([], spacing=SET_GAP)
        self.box = ft.Container(border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER,
                                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
        self.semantics = ft.Semantics(identifier=f"seat-{name}", container=True,
                                      content=self.box)
        self.control = ft.Container(content=self.semantics)
        self.mode: Mode = "full"
        self._key: tuple[object, ...] | None = None
        self._shape: tuple[object, ...] | None = None
        self.set_mode("full", 190)

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None) -> None:
        if (mode, width, height) == self._shape:
            return  # laid out again where it was: nothing to send
        self._shape = (mode, width, height)
        self.mode = mode
        self.box.width = width
        small = mode != "full"
        self.name_text.size = theme.NAME if not small else theme.BODY - 1
        self.words.size = theme.BODY if not small else theme.SMALL - 2
        self.box.height = {"full": FULL_TILE_H, "grid": GRID_TILE_H,
                           "compact": height or COMPACT_TILE_H}.get(mode, ROW_TILE_H)
        self.box.padding = ft.Padding.symmetric(horizontal=10 if small else 12,
                                                vertical=4 if small else 6)
        # whose turn it is, beside the name: a line of its own left the sets' faces no room
        # at the tile's foot (they were cut by its border)
        top = ft.Row([self.name_text, self.marks, self.dealer], spacing=6,
                     vertical_alignment=ft.CrossAxisAlignment.CENTER)
        # the sets' faces where the tile has room for them; elsewhere their count says it,
        # and whose turn it is the border
        self.box.content = ft.Column(
            [top, self.words, self.sets] if mode == "full" else [top, self.words],
            spacing=2 if mode == "full" else 0, tight=True)
        self._key = None

    def show(self, state: GoFishState, i: int) -> list[ft.Control]:
        turn = state.turn == i and state.phase in ("turns", "asking")
        asked = state.asked == i
        key = (state.hands[i], tuple(state.sets[i]), state.dealer == i, turn, asked,
               i in state.winners, state.phase, state.deck is None)
        if key == self._key:
            return []
        self._key = key
        _ = self.tr
        self.dealer.visible = state.dealer == i and state.phase != "over"
        words = seat_words(state, i, self.tr) if state.deck is not None else ""
        self.words.value = words
        self.words.visible = bool(words)
        marks: list[str] = []
        if turn:
            marks.append(_("turn"))
        if asked:
            marks.append(_("asked"))
        if i in state.winners:
            marks.append(_("winner"))
        self.marks.value = " · ".join(marks)
        self.marks.visible = bool(marks)
        ranks = sorted(state.sets[i], key=lambda r: RANK[r].value)
        # one line of faces, made smaller where many sets would need a second the tile lacks
        room = (self.box.width or 190) - 2 * 12 - 8
        scale = min(MINI, (room / max(len(ranks), 1) - SET_GAP) / FACE_WIDTH)
        self.sets.controls = [card_face(r, _("Set of {rank}", rank=rank_words(r, self.tr)),
                                        scale=scale) for r in ranks]
        self.box.bgcolor = (ft.Colors.SECONDARY_CONTAINER if turn
                            else ft.Colors.TERTIARY_CONTAINER if asked
                            else ft.Colors.SURFACE_CONTAINER)
        self.box.border = ft.Border.all(
            4 if turn or asked else 1,
            ft.Colors.PRIMARY if turn else ft.Colors.TERTIARY if asked
            else ft.Colors.OUTLINE_VARIANT)
        self.fit()
        said = " · ".join(w for w in (words, self.marks.value) if w)
        self.semantics.label = f"{self.name}: {said}" if said else None
        return [self.control]

    def fit(self) -> None:
        """A long name beside what the tile says of it (whose turn, the dealer's badge), and
        the hand's words under it, made just small enough to fit the tile rather than cut
        with room to spare ("Morwen…", "5 cards, 0 …" round a phone's table held sideways);
        past a small size cut as before."""
        small = self.mode != "full"
        inner = (self.box.width or 190) - 2 * (10 if small else 12)
        beside = ((theme.text_width(self.marks.value or "", theme.SMALL) + 6
                   if self.marks.visible else 0) + (30 if self.dealer.visible else 0))
        for text, size, room in ((self.name_text, theme.NAME if not small else theme.BODY - 1,
                                  inner - beside),
                                 (self.words, theme.BODY if not small else theme.SMALL - 2,
                                  inner)):
            fitted = theme.fitted_size(text.value or "", size, room, theme.TEXT_SPACING)
            text.size = fitted if fitted >= 11 else size


class DeckFace:
    """The deck in the middle of the table."""

    def __init__(self, tr: Tr = EN) -> None:
        self.tr = tr
        self.text = ft.Text("", size=theme.NAME, weight=ft.FontWeight.W_600, no_wrap=True)
        self.box = ft.Container(content=self.text, padding=10, border_radius=14,
                                bgcolor=ft.Colors.SECONDARY_CONTAINER)
        self.control = ft.Container(content=ft.Semantics(identifier="deck", content=self.box))
        self._key: tuple[int | None] | None = None  # the deck as last shown

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None) -> None:
        self.box.width = width
        self.text.size = theme.NAME if mode == "full" else theme.SMALL + 1
        # in the middle of a phone's table, on two lines rather than cut
        self.text.no_wrap = mode != "compact"
        self.text.text_align = ft.TextAlign.CENTER
        self.box.height = {"grid": GRID_TILE_H, "row": ROW_TILE_H}.get(mode)
        self._key = None

    def show(self, state: GoFishState) -> list[ft.Control]:
        if (state.deck,) == self._key:  # a tuple: an empty deck (0) is news, not "unset"
            return []
        self._key = (state.deck,)
        self.text.value = deck_words(state, self.tr)
        self.box.visible = state.deck is not None
        return [self.control]


class GoFishParts:
    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.app = screen.app
        self.game = screen.game
        tr = self.app.tr
        self.seats = [GoFishSeat(name, tr) for name in self.state.names]
        self.deck = DeckFace(tr)
        self.target: str | None = None  # the seat chosen to be asked (the first tap)
        self.set_seat: str | None = None  # the seat chosen to lay down a set
        self.cut_cards: dict[str, str] = {}  # seat -> card id, while a cut is entered
        self.cut_row: ft.Row | None = None
        self.cut_for: tuple[int, ...] = ()

    @property
    def state(self) -> GoFishState:
        return gofish_state(self.game.state)

    # --- the seats -----------------------------------------------------------------------------

    @property
    def faces(self) -> Sequence[Face]:
        return self.seats

    @property
    def centre(self) -> Face | None:
        return self.deck

    def direction(self, tr: Tr) -> tuple[Direction, str] | None:
        _ = tr
        return CLOCKWISE, _("The player to the dealer's left begins; play goes clockwise.")

    def show_seats(self) -> list[ft.Control]:
        state = self.state
        changed: list[ft.Control] = []
        for i, seat in enumerate(self.seats):
            changed += seat.show(state, i)
        changed += self.deck.show(state)
        return changed

    def focus(self) -> int | None:
        state = self.state
        return state.asked if state.asked is not None else state.turn

    # --- what is said ---------------------------------------------------------------------

    def title(self) -> str:
        return NAME

    def now(self, tr: Tr) -> str:
        return now_sentence(self.state, tr)

    def opening(self) -> Told:
        state = self.state
        if self.game.outcomes and state.phase != "over":
            last = self.game.outcomes[-1]
            return Told(lambda tr: banner_lines(last, state, tr),
                        asks=isinstance(self.game.events[-1], Ask))
        return Told(lambda tr: [now_sentence(state, tr)])

    def keep(self) -> object:
        return None  # an outcome says all its sentence needs

    def told(self, kept: object, event: object, outcome: object) -> Told:
        state = self.state
        return Told(lambda tr: banner_lines(outcome, state, tr),  # type: ignore[arg-type]
                    asks=isinstance(event, Ask))

    def undone(self, kept: object, event: object) -> Said:
        return lambda tr: event_sentence(event, tr)  # type: ignore[arg-type]

    def redone(self, kept: object, event: object, outcome: object) -> tuple[Said, News]:
        state = self.state
        return (lambda tr: event_sentence(event, tr),  # type: ignore[arg-type]
                lambda tr: banner_lines(outcome, state, tr))  # type: ignore[arg-type]

    # --- the question ---------------------------------------------------------------------

    def picking(self) -> bool:
        return False

    def settles(self) -> bool:
        return False  # no rounds: nothing is settled until the game's end

    def settlement(self) -> Settled:
        raise AssertionError("Gwra pyskessa has no settlement between rounds")

    def accepts(self, event: Event) -> bool:
        return self.state.why_not(event) is None

    def act(self, event: Event) -> Callable[[], None]:
        return partial(self.screen.act, event)

    def question(self) -> Question | ft.Control:
        state = self.state
        if state.phase != "turns":
            self.target = self.set_seat = None
        if state.phase == "cut":
            return self.cut_question(state)
        self.cut_row = None
        if state.phase == "ready":
            _ = self.app.tr
            deal = Deal()
            return Question(now_sentence(state, self.app.tr),
                            (Answer("deal", _("Deal"),
                                    self.act(deal) if self.accepts(deal) else None),))
        if state.phase == "asking":
            return self.answer_question(state)
        if self.set_seat is not None:
            return self.rank_question(state, set_for=self.set_seat)
        if self.target is not None:
            return self.rank_question(state)
        return self.whom_question(state)

    def whom_question(self, state: GoFishState) -> Question:
        _ = self.app.tr
        options = state.options()
        seat = state.names[state.turn] if state.turn is not None else ""
        asked = {ev.target for ev in options if isinstance(ev, Ask)}
        answers = [Answer(f"whom-{name}", name,
                          partial(self.choose_target, name) if name in asked else None,
                          "tonal")
                   for name in state.names if name != seat]
        setters = sorted({ev.seat for ev in options if isinstance(ev, LayDown)},
                         key=state.names.index)
        answers += [Answer(f"set-{s}", _("{seat} lays down a set", seat=s),
                           partial(self.choose_set, s), "small",
                           icon=lambda: ft.Icon(ft.Icons.STYLE), more=True)
                    for s in setters]
        return Question(_("{seat}, whom do you ask?", seat=seat), tuple(answers),
                        _("A set of four in a hand? Lay it down with its button after the "
                          "names.") if setters else None)

    def rank_question(self, state: GoFishState, set_for: str | None = None) -> Question:
        _ = self.app.tr
        seat = state.names[state.turn] if state.turn is not None else ""
        target = self.target or ""
        answers: list[Answer] = []
        for r in RANKS:
            event: Event = (LayDown(set_for, r.id) if set_for is not None
                            else Ask(seat, target, r.id))
            label = (_("Four {rank}", rank=r.cornish) if set_for is not None
                     else _("Ask for {rank}", rank=r.cornish))
            answers.append(Answer(f"rank-{r.id}", label,
                                  self.act(event) if self.accepts(event) else None, "tile",
                                  lines=((r.id, "mark"), (r.cornish, "under")), label=label))
        answers.append(Answer("back", _("Back"), self.back, "small",
                              icon=lambda: ft.Icon(ft.Icons.ARROW_BACK)))
        if set_for is not None:
            return Question(_("{seat} lays down four of which rank?", seat=set_for),
                            tuple(answers), _("Four cards of one rank, shown to the table."))
        # the phrasebook's ask with the name in front: «Pol, eus ... genes?»
        form = PHRASES["ask"].cornish
        return Question(_("{seat} asks {target} for which rank?", seat=seat, target=target),
                        tuple(answers), _("Say it in Cornish: «{cornish}»",
                                          cornish=f"{target}, {form[0].lower()}{form[1:]}"))

    def answer_question(self, state: GoFishState) -> Question:
        _ = self.app.tr
        say = state.say
        assert say is not None and state.asked is not None and state.rank is not None
        asked = state.names[state.asked]
        replies = [ev for ev in state.options() if isinstance(ev, Reply)]
        answers: list[Answer] = []
        for count in range(4):
            reply = Reply(asked, count)
            label = (_("None: go fish") if count == 0 else
                     self.app.tr.n("Gives {count} card", "Gives {count} cards", count))
            answers.append(Answer(f"gives-{count}", label,
                                  self.act(reply) if reply in replies else None,
                                  "big" if count else "tonal",
                                  lines=((label, "main"),
                                         (f"«{answer(state.rank, count).cornish}»", "said")),
                                  label=label))
        # on a tablet the banner says who asks; a phone's panel says it instead
        short = self.screen.short
        who = _("{seat} asks:", seat=state.names[state.turn] if state.turn is not None
                else "") if short else _("Say:")
        said = ft.Column([
            ft.Text(who, size=theme.BODY),
            ft.Semantics(identifier="say", container=True, content=ft.Column([
                ft.Text(f"«{say.cornish}»", size=theme.TITLE + (0 if short else 4),
                        weight=ft.FontWeight.BOLD),
                ft.Text(meaning(say, self.app.tr), size=theme.NAME - (2 if short else 0),
                        italic=True),
            ], spacing=2, tight=True))], spacing=4, tight=True)
        return Question(_("What does {seat} answer?", seat=asked), tuple(answers),
                        before=said)

    def cut_question(self, state: GoFishState) -> Question:
        _ = self.app.tr
        seats = [state.names[i] for i in state.cut_seats]
        if self.cut_row is None or self.cut_for != state.cut_seats:
            # the seats' pickers, made once for this cut (a tie makes a new one)
            self.cut_for = state.cut_seats
            # each named for a screen reader by the seat that cuts: its label is drawn, not read
            self.cut_row = ft.Row([ft.Semantics(
                label=_("{seat} cuts", seat=name), container=True, content=ft.Dropdown(
                    label=_("{seat} cuts", seat=name), value=self.cut_cards.get(name),
                    options=[ft.DropdownOption(key=c.id, text=f"{c.id}  {c.cornish}")
                             for c in PACK],
                    on_select=lambda e, n=name: self.pick_cut(n, e.control.value),
                    width=300, text_size=theme.BODY)) for name in seats],
                wrap=True, spacing=10, run_spacing=10)
        cut = Cut(tuple((s, self.cut_cards[s]) for s in seats if s in self.cut_cards))
        ready = len(cut.cards) == len(seats) and self.accepts(cut)
        return Question(now_sentence(state, self.app.tr),
                        (Answer("cut", _("Cut"), self.act(cut) if ready else None),),
                        before=self.cut_row)

    # --- half-made answers ------------------------------------------------------------------

    def choose_target(self, name: str) -> None:
        self.target, self.set_seat = name, None
        self.screen.redraw()

    def choose_set(self, name: str) -> None:
        self.set_seat, self.target = name, None
        self.screen.redraw()

    def back(self) -> None:
        self.target = self.set_seat = None
        self.screen.redraw()

    def pick_cut(self, seat: str, card: str | None) -> None:
        if card is not None and card in CARD:
            self.cut_cards[seat] = card
        self.screen.redraw()

    def after_undo(self, event: object) -> list[ft.Control]:
        return []

    def reset(self) -> None:
        self.target = self.set_seat = None
        self.cut_cards = {}
        self.cut_row = None

    def adopt(self, old: object) -> None:
        if not isinstance(old, GoFishParts):
            return
        self.target, self.set_seat = old.target, old.set_seat
        self.cut_cards = dict(old.cut_cards)
        self.cut_row = None

    # --- the game's end ---------------------------------------------------------------------

    def over(self) -> Over:
        _ = tr = self.app.tr
        state = self.state
        rows = [Standing(state.names[i], seat_words(state, i, tr), ft.Row(
            [card_face(r, _("Set of {rank}", rank=rank_words(r, tr)))
             for r in sorted(state.sets[i], key=lambda r: RANK[r].value)],
            wrap=True, spacing=4, run_spacing=4))
            for i in standings(state)]
        return Over(winners_sentence([state.names[i] for i in state.winners], tr),
                    [over_sentence(state, tr)], rows)
