"""The reveal as small rules a rule book composes, in every game of the cuckoo family: who loses
and how much and why, which piece was the lowest that lost, who gains and who owes the side pot.

A rule book lists its rules in the order they apply; `judge` runs them over the pieces shown.
The states make the payments (Gnav's house default 1: losers first, then the gains).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

# Why a seat lost at the reveal. Gnav's replay names it (docs/journal.md, version 1: "lowest",
# "dragged" and the reasons its rule books give below); the family's replay does not.
LossReason = str


@dataclass(frozen=True, slots=True)
class LowestLose:
    """The seats showing the lowest piece lose (all of a tie, "lowest"); pieces in `apart`
    stand outside the order: they neither are the lowest nor escape it. `costs`: what a piece
    costs its holder when it is the lowest (else 1). With `unless_lone` = (piece, spared): when
    exactly one seat shows `piece` and every other seat shows `spared`, nobody loses by this
    rule."""

    apart: tuple[str, ...] = ()
    costs: tuple[tuple[str, int], ...] = ()
    unless_lone: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class DragsNext:
    """When the lowest piece is `piece`, its holders lose (for the reason `held`) and drag the
    holders of the next lowest piece down with them ("dragged")."""

    piece: str
    held: LossReason


@dataclass(frozen=True, slots=True)
class LoneLoses:
    """A seat showing `piece` loses 1 (for the reason `reason`) when no other seat shows one."""

    piece: str
    reason: LossReason = "lone"


@dataclass(frozen=True, slots=True)
class PairGains:
    """When exactly two seats show `piece`, each gains 1 (after the losses, in turn order from
    the dealer's next seat): a life back, a counter from the pool while it lasts, or a stroke
    wiped (the ledger's `_gain`)."""

    piece: str


@dataclass(frozen=True, slots=True)
class AlsoLose:
    """Every seat showing `piece` loses too (Kille's mask under `mask_kills_holder`)."""

    piece: str


@dataclass(frozen=True, slots=True)
class SidePot:
    """After the losses, every seat showing one of `pieces` pays 1 into the side pot."""

    pieces: tuple[str, ...]


RevealRule = LowestLose | DragsNext | LoneLoses | PairGains | AlsoLose | SidePot


class Verdict(NamedTuple):
    """What a reveal's rules say, before anybody pays (a named tuple: made at every reveal,
    where a frozen dataclass's init costs more)."""

    loss: dict[int, int]  # seat -> what it loses (a copy is the caller's to change)
    why: dict[int, LossReason]  # seat -> why it loses
    lowest: str | None  # the lowest piece that lost (None when no piece in the order lost)
    gains: tuple[int, ...]  # seats that gain 1, not yet in turn order
    side: tuple[int, ...]  # seats that owe the side pot, not yet in turn order


def judge(rules: tuple[RevealRule, ...], shown: Mapping[int, str], ranks: Mapping[str, int],
          placed: Mapping[int, int] | None = None) -> Verdict:
    """The reveal's rules run in order over `shown` (each seat of the round and its piece),
    ranked by `ranks` (the pack's order, 0 the highest) except for the seats `placed` gives
    a rank of their own (Kille's moved Harlequin). One pass per rule: a reveal can show forty
    pieces, and it is the dearest event of a game."""
    loss: dict[int, int] = {}
    why: dict[int, LossReason] = {}
    lowest: str | None = None
    gains: tuple[int, ...] = ()
    side: tuple[int, ...] = ()
    held_by: dict[str, list[int]] = {}  # the holders of a piece, for the rules that count them

    def holders(piece: str) -> list[int]:
        if piece not in held_by:
            held_by[piece] = [i for i, shown_piece in shown.items() if shown_piece == piece]
        return held_by[piece]

    for rule in rules:
        if isinstance(rule, LowestLose):
            if rule.unless_lone is not None:
                piece, spared = rule.unless_lone
                among = [i for i in shown if shown[i] not in rule.apart]
                if (len(holders(piece)) == 1 and among
                        and all(shown[i] == spared for i in among)):
                    continue
            costs = dict(rule.costs)
            for i in _lowest(shown, ranks, placed, rule.apart):
                lowest = shown[i]
                loss[i], why[i] = costs.get(lowest, 1), "lowest"
        elif isinstance(rule, DragsNext):
            held = [i for i, w in why.items() if w == "lowest" and shown[i] == rule.piece]
            if held:
                for i in held:
                    why[i] = rule.held
                for i in _lowest(shown, ranks, placed, (rule.piece,)):
                    lowest = shown[i]
                    loss[i], why[i] = 1, "dragged"
        elif isinstance(rule, LoneLoses):
            lone = holders(rule.piece)
            if len(lone) == 1:
                loss[lone[0]], why[lone[0]] = 1, rule.reason
        elif isinstance(rule, PairGains):
            pair = holders(rule.piece)
            if len(pair) == 2:
                gains = tuple(pair)
        elif isinstance(rule, AlsoLose):
            for i in holders(rule.piece):
                loss[i], why[i] = 1, "also"
        else:
            side = tuple(i for i in shown if shown[i] in rule.pieces)
    return Verdict(loss, why, lowest, gains, side)


def _lowest(shown: Mapping[int, str], ranks: Mapping[str, int], placed: Mapping[int, int] | None,
            leave_out: tuple[str, ...]) -> list[int]:
    """The seats whose piece ranks lowest (all of a tie), leaving out the pieces `leave_out`
    names; [] when no seat is left."""
    low, seats = -2, []  # -1 is a rank: Kille's Harlequin never moved, above the whole order
    if placed:
        for i, piece in shown.items():
            if piece in leave_out:
                continue
            rank = placed[i] if i in placed else ranks[piece]
            if rank > low:
                low, seats = rank, [i]
            elif rank == low:
                seats.append(i)
        return seats
    for i, piece in shown.items():
        if piece in leave_out:
            continue
        rank = ranks[piece]
        if rank > low:
            low, seats = rank, [i]
        elif rank == low:
            seats.append(i)
    return seats
