"""What one event did, for the banner, the history and the boards: one vocabulary for every game
of the cuckoo family, whose outcomes are named by the effect of what happened (a block, a
reversing block, a pass, a piece set aside, a lapsed change), never by a game's piece; and a
reveal's round settled, as a value (Settlement, settlement.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .settlement import Settlement

OutcomeKind = Literal[
    "cut_tie",  # the cut tied for highest: the tied seats draw again
    "cut_dealer",  # the cut found the first dealer
    "deal",
    "knock",
    "stand",
    "change",  # a seat asked its neighbour (or the dealer asked the stock)
    "exchange",  # the change was answered with a swap
    "end_turns",  # no swap, the turns are over
    "block",  # no swap; play goes on after the asker (or the holder)
    "block_reverse",  # no swap, and the exchanges in the effect's scope undone (`handback`)
    "pass_on",  # the asker asks the next seat beyond the holder (or the stock)
    "set_aside",  # the stock showed a piece that passes on: set aside, the stock replies again
    "lapsed",  # the change reached an empty stock: no exchange
    "reveal",
    "sit_out",
    "leave",
    "query",  # the dealer asked about the other fool (journal v2)
    "shelter",  # an Inn refused: no swap, and an asker showing the shelter piece is sheltered
    "rebuy",  # a seat out bought back in (or re-entered)
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one event did, for the banner: who asked, who answered, who paid, what next."""

    kind: OutcomeKind
    seat: str | None = None  # the seat that acted (the asker, for replies)
    holder: str | None = None  # who answered a change (a seat or "stock")
    call: str | None = None
    charged: int = 0  # what the asker paid into the pool (or strokes taken) at once
    handback: tuple[tuple[str, str], ...] = ()  # a reversal: exchanges to undo, newest first
    lapsed: bool = False  # a pass ran into an empty stock
    settlement: Settlement | None = None
    tied: tuple[str, ...] = ()  # cut: the seats to draw again
