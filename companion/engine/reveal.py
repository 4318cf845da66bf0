"""The reveal as small rules a rule book composes: who loses, and who takes from the pool.

A rule book lists its rules in the order they apply (`Rulebook.reveal`); `judge` runs them over
the pieces shown and says who loses and why, which piece was the lowest that lost, and who then
takes from the pool. The state makes the payments (house default 1: losers first, then takers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .settlement import LossReason


@dataclass(frozen=True, slots=True)
class LowestPays:
    """The seats showing the lowest piece lose, each of a tie ("lowest"). Pieces in `apart`
    stand outside the order: they neither are the lowest nor escape it."""

    apart: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DragsNext:
    """When the lowest piece is `piece`, its holders lose (for the reason `held`) and drag the
    holders of the next lowest piece down with them ("dragged")."""

    piece: str
    held: LossReason  # how the replay names a loss for holding `piece` itself


@dataclass(frozen=True, slots=True)
class LonePays:
    """A seat showing `piece` loses (for the reason `reason`) when no other seat shows one."""

    piece: str
    reason: LossReason


@dataclass(frozen=True, slots=True)
class EachTakes:
    """When exactly `shown` seats show `piece`, each takes 1 from the pool, in turn order
    (from the seat after the dealer), after the losses are paid."""

    piece: str
    shown: int = 2


RevealRule = LowestPays | DragsNext | LonePays | EachTakes


@dataclass(frozen=True, slots=True)
class Verdict:
    losses: tuple[tuple[int, LossReason], ...]  # (seat, why) in seat order
    lowest: str | None  # the lowest piece that lost (None when no piece in the order lost)
    takers: tuple[int, ...]  # seats that take from the pool, not yet in turn order


def _lowest(seats: list[int], shown: dict[int, str], rank: Callable[[str], int]) -> list[int]:
    """The seats among `seats` whose piece ranks lowest (all of a tie); [] for no seats."""
    if not seats:
        return []
    low = max(rank(shown[i]) for i in seats)
    return [i for i in seats if rank(shown[i]) == low]


def judge(
    rules: tuple[RevealRule, ...], shown: dict[int, str], rank: Callable[[str], int]
) -> Verdict:
    """`shown`: each seat of the round (by index, in seat order) and its piece."""
    losses: dict[int, LossReason] = {}
    lowest: str | None = None
    takers: tuple[int, ...] = ()
    for rule in rules:
        if isinstance(rule, LowestPays):
            considered = [i for i, piece in shown.items() if piece not in rule.apart]
            for i in _lowest(considered, shown, rank):
                losses[i] = "lowest"
                lowest = shown[i]
        elif isinstance(rule, DragsNext):
            holders = [i for i, why in losses.items() if why == "lowest" and shown[i] == rule.piece]
            if holders:
                for i in holders:
                    losses[i] = rule.held
                rest = [i for i, piece in shown.items() if piece != rule.piece]
                for i in _lowest(rest, shown, rank):
                    losses[i] = "dragged"
                    lowest = shown[i]
        elif isinstance(rule, LonePays):
            holders = [i for i, piece in shown.items() if piece == rule.piece]
            if len(holders) == 1:
                losses[holders[0]] = rule.reason
        else:
            holders = [i for i, piece in shown.items() if piece == rule.piece]
            if len(holders) == rule.shown:
                takers = tuple(holders)
    return Verdict(tuple(sorted(losses.items())), lowest, takers)
