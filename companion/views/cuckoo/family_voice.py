"""The family's voice at the table (Kille, Cuccù, Slabberjan, Vogelspiel): narrate/family.py's
sentences, each event told from the state before it and after it, the calls in the game's own
words with their meaning beside."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.cuckoo.events import Reveal
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.narrate import (
    book_title,
    call_gloss,
    call_words,
    event_sentence,
    face_up_piece,
    game_title,
    material_words,
    now_sentence,
    piece_title,
    pot_lines,
    settlement_lines,
    stake_words,
    standings,
    table_words,
    won_sentence,
)
from companion.i18n import Tr
from companion.narrate.words import winners_sentence
from companion.store import Game

from ..pieces import piece_face
from ..shell.answers import Line
from ..shell.parts import News, Said


class FamilyVoice:
    pictured = True  # the family's packs, whose names the referee may not know
    in_turn_order = True

    def title(self, state: FamilyState, round: int, tr: Tr, short: bool) -> str:
        _ = tr
        game = state.book
        # the round first: a rule book's long name is what the bar cuts, never the round
        return _("Round {round} · {game} · {book}", game=game_title(game, tr),
                 book=book_title(game, state.rules.name, tr), round=max(round, 1))

    def now(self, state: FamilyState, tr: Tr) -> str:
        return now_sentence(state, tr)

    def opening(self, game: Game) -> News:
        state = game.state
        assert isinstance(state, FamilyState)
        if game.events and state.phase != "over":
            before = game.state_before(len(game.events) - 1)
            last, outcome = game.events[-1], game.outcomes[-1]
            return lambda tr: [event_sentence(before, last, outcome, state, tr)]  # type: ignore[arg-type]
        return lambda tr: [now_sentence(state, tr)]

    def keep(self, state: FamilyState) -> object:
        return state.clone()  # each event is told from the state before it

    def told(self, kept: object, event: Any, outcome: Any, state: FamilyState) -> News:
        assert isinstance(kept, FamilyState)
        return lambda tr: [event_sentence(kept, event, outcome, state, tr)]

    def undone(self, kept: object, event: Any, state: FamilyState) -> Said:
        # kept: the state with the event; now: the state before it
        assert isinstance(kept, FamilyState)
        first = state.clone()
        outcome = first.clone().apply(event)
        return lambda tr: event_sentence(first, event, outcome, kept, tr)

    def redone(self, kept: object, event: Any, outcome: Any, state: FamilyState
               ) -> tuple[Said, News]:
        assert isinstance(kept, FamilyState)
        after = state.clone()
        return (lambda tr: event_sentence(kept, event, outcome, after, tr),
                lambda tr: [now_sentence(state, tr)])

    def stance(self, state: FamilyState, i: int, tr: Tr) -> str:
        return stake_words(state, i, tr)

    def piece(self, state: FamilyState, piece: str, tr: Tr) -> str:
        return piece_title(state.book, piece, tr)

    def face(self, state: FamilyState, piece: str, size: float) -> ft.Control:
        """A piece of the table's pack as Learn and the deck draw it, its matadors ringed."""
        return piece_face(piece, size, game=state.rules.game,
                          matador=piece in state.rules.effects, decorative=True)

    def call_lines(self, state: FamilyState, call: str, tr: Tr) -> tuple[Line, ...]:
        game = state.book
        return ((call_words(game, call), "call"), (call_gloss(game, call, tr), "gloss"))

    def turn_hint(self, state: FamilyState, tr: Tr) -> str:
        _ = tr
        game = state.book
        return _("{stand} or {change}", stand=call_gloss(game, "stand", tr),
                 change=call_gloss(game, "change", tr))

    def asking(self, state: FamilyState, tr: Tr, swaps_only: bool) -> tuple[str, str | None]:
        return now_sentence(state, tr), None

    def swap(self, state: FamilyState, stock: bool, tr: Tr) -> str:
        _ = tr
        return material_words(state.book, "take", tr) if stock else _("Swap")

    def face_up(self, state: FamilyState, seat: str, tr: Tr) -> str:
        _ = tr
        return _("Swap: {seat} passes {piece} face up", seat=seat,
                 piece=face_up_piece(state, "a", tr))

    # the reveal's words under the game's own context: a card game's table says card
    def cut(self, state: FamilyState, tr: Tr) -> tuple[str, str]:
        _ = tr
        return table_words(state.book, "drawn", tr), _("Draw")

    def reveal(self, state: FamilyState, tr: Tr) -> tuple[str, str]:
        _ = tr
        return table_words(state.book, "show", tr), _("Settle")

    def whose(self, state: FamilyState, seat: str, tr: Tr) -> str:
        return table_words(state.book, "whose_piece", tr, seat=seat)

    def settlement_lines(self, state: FamilyState, game: Game, tr: Tr) -> list[str]:
        """The last reveal's sentences, told from the state before it."""
        if not game.events or not isinstance(game.events[-1], Reveal):
            return []
        before = game.state_before(len(game.events) - 1)
        assert isinstance(before, FamilyState)
        return settlement_lines(before, game.events[-1], state, tr)

    def standings(self, state: FamilyState, tr: Tr) -> list[tuple[str, str]]:
        _ = tr
        out = []
        for i in standings(state):
            words = stake_words(state, i, tr)
            if i in state.winners:
                words = _("{balance} · winner", balance=words)
            out.append((state.names[i], words))
        return out

    def headline(self, state: FamilyState, tr: Tr) -> str:
        return winners_sentence([state.names[i] for i in state.winners], tr)

    def money(self, state: FamilyState, tr: Tr) -> list[str]:
        return pot_lines(state, tr)

    def won(self, state: FamilyState, tr: Tr) -> str | None:
        return won_sentence(state, tr)
