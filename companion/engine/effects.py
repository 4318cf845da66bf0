"""What a call does when an asked holder (or the stock) makes it: a closed set of frozen values,
each with the parameters a rule book gives it.

The pack says which kind of effect each piece has (`pieces.Effect`); the rule book fills in the
parameters (`Rulebook.effects`): what the asker pays at once, where play goes on after a block,
what a reversal undoes. The state interprets these values and never a piece's name, so a game
of the cuckoo family whose pieces do the same things under other names needs no new code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PlayOn = Literal["after_asker", "after_holder"]
UndoScope = Literal["nothing", "all"]


@dataclass(frozen=True, slots=True)
class Exchange:
    """No call: the asker and the asked seat (or the stock) swap pieces."""

    charge: int = 0  # what the asker pays at once (counters, or strokes)


@dataclass(frozen=True, slots=True)
class EndTurns:
    """No swap, and nobody swaps any more this round: go to the reveal."""

    charge: int = 0


@dataclass(frozen=True, slots=True)
class Block:
    """No swap; play goes on after the asker, or after the holder (every turn up to and
    including the holder's is over); a block from the stock always goes on after the asker."""

    charge: int = 0
    play_on: PlayOn = "after_asker"


@dataclass(frozen=True, slots=True)
class BlockReverse:
    """No swap, and the exchanges of the round in `undo` are undone, newest first; play goes on
    after the asker."""

    charge: int = 0
    undo: UndoScope = "nothing"


@dataclass(frozen=True, slots=True)
class PassOn:
    """No swap: the asker must ask the next seat beyond the holder (the stock after the dealer);
    from the stock, the piece is set aside and the stock answers again."""

    charge: int = 0


CallEffect = Exchange | EndTurns | Block | BlockReverse | PassOn
