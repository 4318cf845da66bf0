"""Gnav's spectators' board and a game's result as plain text, told from the state: the board
server (companion.board) adds the game's id and version and draws it as HTML, without naming
a Gnav class.

The sentences are words.py's, so the board tells the last call and the settlement exactly as
the referee's banner does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import AnyState
from companion.engine.cuckoo import narrate as family
from companion.engine.cuckoo.family import FamilyState
from companion.engine.gnav import TableState
from companion.engine.gnav.narrate import (
    balance_words,
    banner_lines,
    now_sentence,
    pieces_words,
    query_sentence,
    rulebook_differences,
    settlement_lines,
)
from companion.engine.gnav.rules import PRESETS
from companion.engine.gwra_pyskessa import GoFishState
from companion.engine.gwra_pyskessa import narrate as gofish
from companion.i18n import EN, Tr

from .words import fitted_result, winners_sentence


def standings(state: TableState) -> list[int]:
    """Seat indexes best first: winners, then most counters (fewest strokes); out seats last."""
    return sorted(
        range(len(state.names)),
        key=lambda i: (state.out[i] and i not in state.winners,
                       -state.balance[i] if state.counters else state.balance[i], i),
    )


def board_state(state: AnyState, tr: Tr = EN) -> dict[str, Any]:
    """Everything the spectators' board shows of a game's state, as plain values; a TypeError
    (a bug, not a spectator's doing) for a game this narration does not tell."""
    if isinstance(state, GoFishState):
        return gofish.board_state(state, tr)
    if isinstance(state, FamilyState):  # Kille, Cuccù, Slabberjan, Vogelspiel (issue 14)
        return family.board_state(state, tr)
    if not isinstance(state, TableState):
        raise TypeError(f"no board for a {type(state).__name__}: only Gnav's is told")
    seats = []
    for i, name in enumerate(state.names):
        seats.append({
            "name": name,
            "balance": state.balance[i],
            "words": balance_words(state, i, tr),
            "out": state.out[i] and i not in state.winners,
            "sits_out": state.sitting_out[i],
            "in_round": state.in_round[i],
            "knocked": state.knocked[i] and state.in_round[i],  # as the referee's seats say
            # as on the referee's screen: a finished game has no dealer (the last may be out)
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i,
            "asked": state.asked == i,
            "winner": i in state.winners,
        })
    last = state.last
    settled = state.last_round
    return {
        "rules": state.table.rules,
        "round": state.round,
        "phase": state.phase,
        "counters": state.counters,
        "limit": state.limit,
        "pool": state.pool,
        "dealer": state.dealer_name,
        "turn": state.turn_name,
        "asked": state.asked_name,
        "seats": seats,
        "now": now_sentence(state, tr),
        "last_call": banner_lines(last, state, tr) if last is not None else [],
        "settlement": None if settled is None else {
            "round": settled.round,
            "lines": settlement_lines(state, tr),
            "pieces": pieces_words(settled.pieces, tr),
        },
        "winners": [state.names[i] for i in state.winners],
        # the answer to this round's question stays shown after the dealer's next call (while
        # it is the last call, the last call already says it)
        "query": (None if state.query is None or state.dealer_name is None
                  or (last is not None and last.kind == "query")
                  else query_sentence(state.dealer_name, state.query, tr)),
    }


def result_text(state: TableState, tr: Tr = EN,
                fits: Callable[[str], bool] | None = None) -> str:
    """A finished (or unfinished) game told in plain text, in the reader's language.

    With `fits` (does this text fit in one QR code?) a text too long for it is shortened:
    first the table line gives the number of seats instead of every name (the standings name
    them all), then the standings stop where the code is full, saying how many are left out.
    """
    return fitted_result(lambda names: _result_lines(state, tr, names), tr, fits)


def _result_lines(state: TableState, tr: Tr, names: bool) -> tuple[list[str], list[str]]:
    """The result's lines down to "Standings:", and the standings' rows."""
    _, _n = tr, tr.n
    table = state.table
    amount = table.stakes.amount
    stakes = (_n("{count} counter each", "{count} counters each", amount) if state.counters
              else _n("chalk strokes, out at {count} stroke",
                      "chalk strokes, out at {count} strokes", amount))
    count = len(state.names)
    seats = (_n("{names} ({count} seat)", "{names} ({count} seats)", count,
                names=", ".join(state.names)) if names
             else _n("{count} seat", "{count} seats", count))
    head = [_("Gnav result"), _("Table: {seats}, {stakes}", seats=seats, stakes=stakes),
            _("Rule book: {rules}", rules=table.rules)]
    preset = PRESETS.get(table.rules)
    if preset is not None:
        head += [_("House rule: {rule}", rule=line)
                 for line in rulebook_differences(state.rules, preset, tr)]
    head.append(_("Rounds: {count}", count=state.round))
    head.append(winners_sentence([state.names[i] for i in state.winners], tr)
                if state.phase == "over" else _("Not finished"))
    head.append(_("Standings:"))
    rows = []
    for place, i in enumerate(standings(state), start=1):
        seat, balance = state.names[i], balance_words(state, i, tr)
        if i in state.winners:
            rows.append(_("{place}. {seat}: {balance} (wins)", place=place, seat=seat,
                          balance=balance))
        elif state.out[i]:
            rows.append(_("{place}. {seat}: {balance} (out)", place=place, seat=seat,
                          balance=balance))
        else:
            rows.append(_("{place}. {seat}: {balance}", place=place, seat=seat,
                          balance=balance))
    return head, rows
