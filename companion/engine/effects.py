"""What a call does when an asked holder (or the stock) makes it, in every game of the cuckoo
family: a frozen value with the parameters a rule book gives it (docs/journal.md, v2 section 6.4).

A game's rule data says which effect each call has (Gnav's pack gives the kind of effect of
each piece and its rule book the parameters: rules.py; the family's books/*.py build them
directly); the states interpret these values and never a piece's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Then = Literal["advance", "end", "pass"]
PlayOn = Literal["asker", "holder"]
Undo = Literal["none", "all", "offered"]
Kills = Literal["none", "asker", "origin"]

@dataclass(frozen=True, slots=True)
class Effect:
    """One call's effect (docs/journal.md, v2 section 6.4), as parameters: the asker's charge
    at once, whether the exchange is made, what is undone (a reversal), who dies, and where play
    goes on."""

    charge: int = 0
    exchange: bool = False
    then: Then = "advance"
    undo: Undo = "none"
    kills: Kills = "none"
    sale: bool = False  # the holder may sell: `sold` says whether the exchange is made
    # where play goes on after a block from a seat: after the asker, or after the holder (every
    # turn up to and including the holder's is over: Gnav's dragoon under chop_continues); a
    # block from the stock always goes on after the asker
    play_on: PlayOn = "asker"


EXCHANGE = Effect(exchange=True)
