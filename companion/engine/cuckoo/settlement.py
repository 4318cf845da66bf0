"""What a round's reveal settles, as values a view can narrate and a test can assert: every game
of the cuckoo family's round result (Gnav's replay prints it as journal-v1 gives it,
`as_json`; the family's replay prints its own keys of it, family.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.cuckoo.reveal import LossReason


@dataclass(frozen=True, slots=True)
class Loss:
    seat: str
    piece: str
    reason: LossReason
    paid: int  # 1, or 0 when it had nothing left to pay (rule: house default 1)

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "piece": self.piece, "reason": self.reason, "paid": self.paid}


@dataclass(frozen=True, slots=True)
class PoolTake:
    """damm, two fools revealed: the holder takes 1 from the pool (or wipes a stroke)."""

    seat: str
    took: int  # 1, or 0 when the pool was empty (or there was no stroke to wipe)

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "took": self.took}


@dataclass(frozen=True, slots=True)
class Settlement:
    round: int
    pieces: tuple[tuple[str, str], ...]  # as revealed, in seat order
    lowest: str | None  # the lowest piece that paid (None when only fools were shown)
    losses: tuple[Loss, ...]  # in seat order; the payments are made in this order
    fool_takes: tuple[PoolTake, ...]  # in turn order from the dealer's left, after the losses
    two_fools: tuple[str, ...]  # holders of two revealed fools (may sit out), else ()
    went_out: tuple[str, ...]  # seat order
    winners: tuple[str, ...]  # non-empty when this reveal ended the game
    pool: int  # the pool after the settlement
    next_dealer: str | None  # None when the game is over
    died: tuple[str, ...] = ()  # a stake's: who died in this deal, in seat order
    # the side pot's payments in turn order (Slabberjan's de Waal): who paid, and what (0 when
    # it had nothing left); not in the replay, which counts the side pot only
    side: tuple[PoolTake, ...] = ()

    @property
    def losers(self) -> tuple[str, ...]:
        return tuple(loss.seat for loss in self.losses)

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "losers": list(self.losers),
            "lowest": self.lowest,
            "losses": [loss.as_json() for loss in self.losses],
            "fool_takes": [t.as_json() for t in self.fool_takes],
            "two_fools": list(self.two_fools),
            "went_out": list(self.went_out),
            "winners": list(self.winners),
            "pool": self.pool,
            "next_dealer": self.next_dealer,
        }
