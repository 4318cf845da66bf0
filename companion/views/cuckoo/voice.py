"""How a cuckoo table's parts say things: Gnav's narration (narrate/words.py, its outcomes
told with its rule books' words) and the family's (narrate/family.py). The parts are the same
for all five games; only the sentences come from two places, and the engine's one state
(family.CuckooState) is read for the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.engine.gnav import TableState
from companion.engine.gnav.book import native_call
from companion.engine.gnav.narrate import (
    balance_words,
    banner_lines,
    call_gloss,
    call_with_gloss,
    call_words,
    event_sentence,
    now_sentence,
    piece_title,
    query_sentence,
    settlement_lines,
)
from companion.engine.gnav.narrate import standings as seat_order
from companion.i18n import Tr
from companion.narrate.words import winners_sentence
from companion.store import Game

from ..pieces import piece_face
from ..shell.answers import Line
from ..shell.parts import News, Said

# The sentence a tap, an undo or a redo tells, made when it happens and told in the
# language of the moment.
Telling = Callable[[Tr], list[str]]


class Voice(Protocol):
    """What one of the two narrations says of a cuckoo table (see the module)."""

    pictured: bool  # the reveal picker shows the pieces by their pictures
    in_turn_order: bool  # the reveal picker lists the seats in turn order

    # the table's title at round `round` (the round dealt next, once a settlement is put
    # away); `short` on a phone's bar, upright or sideways
    def title(self, state: Any, round: int, tr: Tr, short: bool) -> str: ...

    def now(self, state: Any, tr: Tr) -> str: ...

    def opening(self, game: Game) -> News: ...

    def keep(self, state: Any) -> object: ...

    def told(self, kept: object, event: Any, outcome: Any, state: Any) -> News: ...

    def undone(self, kept: object, event: Any, state: Any) -> Said: ...

    def redone(self, kept: object, event: Any, outcome: Any, state: Any
               ) -> tuple[Said, News]: ...

    def stance(self, state: Any, i: int, tr: Tr) -> str: ...  # a seat's counters, lives...

    def piece(self, state: Any, piece: str, tr: Tr) -> str: ...  # a piece's name, alone

    def face(self, state: Any, piece: str, size: float) -> ft.Control: ...

    def call_lines(self, state: Any, call: str, tr: Tr) -> tuple[Line, ...]: ...

    def turn_hint(self, state: Any, tr: Tr) -> str: ...

    def asking(self, state: Any, tr: Tr, swaps_only: bool) -> tuple[str, str | None]: ...

    def swap(self, state: Any, stock: bool, tr: Tr) -> str: ...

    def face_up(self, state: Any, seat: str, tr: Tr) -> str: ...  # a swap passed face up

    def cut(self, state: Any, tr: Tr) -> tuple[str, str]: ...  # the prompt and the action

    def reveal(self, state: Any, tr: Tr) -> tuple[str, str]: ...

    def whose(self, state: Any, seat: str, tr: Tr) -> str: ...  # a seat's button in the picker

    def settlement_lines(self, state: Any, game: Game, tr: Tr) -> list[str]: ...

    def standings(self, state: Any, tr: Tr) -> list[tuple[str, str]]: ...

    def headline(self, state: Any, tr: Tr) -> str: ...

    def money(self, state: Any, tr: Tr) -> list[str]: ...  # the pot, the side pot, in words

    def won(self, state: Any, tr: Tr) -> str | None: ...  # what the winner takes, if anything


class GnavVoice:
    """Gnav's: its outcomes, its rule books' calls («Hogg av!») with their meaning."""

    pictured = False
    in_turn_order = False

    def title(self, state: TableState, round: int, tr: Tr, short: bool) -> str:
        _ = tr
        rules = state.table.rules
        if not round:
            return _("Gnav · {rules}", rules=rules)
        if short:
            # a phone's bar leaves room for a few words: the round first, so it is never cut
            return _("Round {round} · {rules}", round=round, rules=rules)
        # the round first, as every game's table: a bar that cuts cuts the rule book's name
        return _("Round {round} · Gnav · {rules}", round=round, rules=rules)

    def now(self, state: TableState, tr: Tr) -> str:
        return now_sentence(state, tr)

    def opening(self, game: Game) -> News:
        state = game.state
        assert isinstance(state, TableState)
        last = state.last
        if last is not None and state.phase != "over":
            return lambda tr: banner_lines(last, state, tr)
        return lambda tr: [now_sentence(state, tr)]

    def keep(self, state: TableState) -> object:
        return None  # Gnav's outcomes say all a sentence needs

    def told(self, kept: object, event: Any, outcome: Any, state: TableState) -> News:
        return lambda tr: banner_lines(outcome, state, tr)

    def undone(self, kept: object, event: Any, state: TableState) -> Said:
        rules = state.table.rules
        return lambda tr: event_sentence(event, rules, tr)

    def redone(self, kept: object, event: Any, outcome: Any, state: TableState
               ) -> tuple[Said, News]:
        rules = state.table.rules
        return (lambda tr: event_sentence(event, rules, tr),
                lambda tr: banner_lines(outcome, state, tr))

    def stance(self, state: TableState, i: int, tr: Tr) -> str:
        return balance_words(state, i, tr)

    def piece(self, state: TableState, piece: str, tr: Tr) -> str:
        return tr.in_sentence(piece_title(piece, tr))

    def face(self, state: TableState, piece: str, size: float) -> ft.Control:
        return piece_face(piece, size)

    def call_lines(self, state: TableState, call: str, tr: Tr) -> tuple[Line, ...]:
        _ = tr
        rules = state.table.rules
        lines: list[Line] = [(piece_title(call, tr), "over"), (call_words(rules, call), "call")]
        gloss = call_gloss(rules, call, tr)
        if gloss is not None:
            native = native_call(tr.lang, call)
            # a source's own call in the reader's language (DA1917's «Hug af!») is shown as
            # itself on the button, where its citation would not fit; Learn cites it
            lines.append((native[1] if native is not None
                          else _("“{meaning}”", meaning=gloss), "gloss"))
        return tuple(lines)

    def turn_hint(self, state: TableState, tr: Tr) -> str:
        _ = tr
        rules = state.table.rules
        hint = _("{stand} or {change}", stand=call_with_gloss(rules, "stand", tr),
                 change=call_with_gloss(rules, "change", tr))
        if state.turn == state.dealer:
            hint = _("{choice} — the dealer swaps with the stock", choice=hint)
            if state.query is not None:
                hint = f"{hint}\n{query_sentence(state.turn_name or '', state.query, tr)}"
        return hint

    def asking(self, state: TableState, tr: Tr, swaps_only: bool) -> tuple[str, str | None]:
        _ = tr
        asker = state.turn_name or ""
        source = state.asked_name
        if source is None or source == "stock":
            return (_("{seat} asks the stock. The top piece of the stock is:", seat=asker),
                    _("An ordinary piece: Swap.") if swaps_only
                    else _("An ordinary piece: Swap; a matador the rule book lets the stock "
                           "call: its call."))
        return (_("{seat} asks {holder} to swap. {holder} answers:", seat=asker,
                  holder=source), None)

    def swap(self, state: TableState, stock: bool, tr: Tr) -> str:
        _ = tr
        return _("Swap")

    def cut(self, state: TableState, tr: Tr) -> tuple[str, str]:
        _ = tr
        seats = [state.names[i] for i in state.cut_seats]
        return ((_("Draw for dealer: each draws a piece, the highest deals")
                 if len(seats) == len(state.names)
                 else _("A tie: {seats} draw again", seats=", ".join(seats))), _("Cut"))

    def reveal(self, state: TableState, tr: Tr) -> tuple[str, str]:
        _ = tr
        return _("Show your pieces"), _("Settle")

    def whose(self, state: TableState, seat: str, tr: Tr) -> str:
        _p = tr.p
        return _p("Gnav's table", "{seat}'s piece", seat=seat)

    def settlement_lines(self, state: TableState, game: Game, tr: Tr) -> list[str]:
        return settlement_lines(state, tr)

    def standings(self, state: TableState, tr: Tr) -> list[tuple[str, str]]:
        """(name, words) best first: most counters (fewest strokes); out seats last, in seat
        order."""
        _ = tr
        out = []
        for i in seat_order(state):
            words = balance_words(state, i, tr)
            if i in state.winners:
                words = _("{balance} · winner", balance=words)
            elif state.out[i]:
                words = _("{balance} · out", balance=words)
            out.append((state.names[i], words))
        return out

    def face_up(self, state: TableState, seat: str, tr: Tr) -> str:
        return ""  # no piece of Gnav's pack is passed face up

    def headline(self, state: TableState, tr: Tr) -> str:
        return winners_sentence([state.names[i] for i in state.winners], tr)

    def money(self, state: TableState, tr: Tr) -> list[str]:
        return []  # Gnav's pool is on the table and in every settlement's sentences

    def won(self, state: TableState, tr: Tr) -> str | None:
        return None
