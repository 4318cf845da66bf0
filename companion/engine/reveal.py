"""The reveal as small rules a rule book composes: who loses, and who takes from the pool.

A rule book lists its rules in the order they apply (`Rulebook.reveal`); `judge` runs them over
the pieces shown and says who loses and why, which piece was the lowest that lost, and who then
takes from the pool. The state makes the payments (house default 1: losers first, then takers).
"""

from __future__ import annotations

from collections.abc import Mapping
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


def _lowest(shown: dict[int, str], ranks: Mapping[str, int], leave_out: tuple[str, ...]) -> list[int]:
    """The seats whose piece ranks lowest (all of a tie), leaving out the pieces `leave_out`
    names; [] when no seat is left. One pass: a reveal can show forty pieces."""
    low, seats = -1, []
    for i, piece in shown.items():
        if piece in leave_out:
            continue
        rank = ranks[piece]
        if rank > low:
            low, seats = rank, [i]
        elif rank == low:
            seats.append(i)
    return seats


def judge(
    rules: tuple[RevealRule, ...], shown: dict[int, str], ranks: Mapping[str, int]
) -> Verdict:
    """`shown`: each seat of the round (by index, in any order) and its piece; `ranks`: the
    pack's order (0 the highest)."""
    losses: dict[int, LossReason] = {}
    lowest: str | None = None
    takers: tuple[int, ...] = ()
    held_by: dict[str, list[int]] = {}  # the holders of a piece, for the rules that count them

    def holders(piece: str) -> list[int]:
        if piece not in held_by:
            held_by[piece] = [i for i, shown_piece in shown.items() if shown_piece == piece]
        return held_by[piece]

    for rule in rules:
        if isinstance(rule, LowestPays):
            for i in _lowest(shown, ranks, rule.apart):
                losses[i] = "lowest"
                lowest = shown[i]
        elif isinstance(rule, DragsNext):
            held = [i for i, why in losses.items() if why == "lowest" and shown[i] == rule.piece]
            if held:
                for i in held:
                    losses[i] = rule.held
                for i in _lowest(shown, ranks, (rule.piece,)):
                    losses[i] = "dragged"
                    lowest = shown[i]
        elif isinstance(rule, LonePays):
            lone = holders(rule.piece)
            if len(lone) == 1:
                losses[lone[0]] = rule.reason
        else:
            showing = holders(rule.piece)
            if len(showing) == rule.shown:
                takers = tuple(showing)
    return Verdict(tuple(sorted(losses.items())), lowest, takers)
