"""Cuccù: its pack, rule books and words, cited from shared/rules/cuccu.md.

Two rule books: `campli` (the Campli rules, scr) and `stu` (Montorio's Stù, aga).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..effects import EXCHANGE, Effect, Undo
from ..errors import N_, Np_
from ..family import FamilyRules, GameBook
from ..reveal import LoneLoses, LowestLose, PairGains

SOURCE = "shared/rules/cuccu.md"

# "The pack": highest first; the Fool "outside the order".
MATADORS: tuple[str, ...] = ("cuckoo", "hunter", "horse", "cat", "inn")
LOW: tuple[str, ...] = ("nulla", "bucket", "mask", "lion")
FOOL = "fool"
NULLA = "nulla"
CUCKOO, HUNTER, HORSE, CAT, INN = MATADORS

FIELDS: Mapping[str, tuple[Any, ...]] = MappingProxyType({
    "cat_undoes": ("offered_piece", "all", "none"),
    "tokens_to_dealer": (True, False),
})
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "campli": {"cat_undoes": "offered_piece", "tokens_to_dealer": False},
    "stu": {"cat_undoes": "offered_piece", "tokens_to_dealer": True},
})
_UNDO: Mapping[str, Undo] = MappingProxyType(
    {"offered_piece": "offered", "all": "all", "none": "none"})


def build(name: str, f: Mapping[str, Any]) -> FamilyRules:
    """House defaults 4 to 10: the Cuckoo ends only that ask (void from the stock); Hunter and
    Cat take a life from the asker at once, the Cat sending back what `cat_undoes` says; the
    Horse passes on; the Inn is sold or shelters; the Fool outside the order at the reveal."""
    effects: dict[str, Effect] = {
        "none": EXCHANGE,
        CUCKOO: Effect(),
        HUNTER: Effect(charge=1),
        HORSE: Effect(then="pass"),
        CAT: Effect(charge=1, undo=_UNDO[f["cat_undoes"]]),
        INN: Effect(sale=True),
    }
    order = (*((p, 2) for p in MATADORS), *((str(n), 2) for n in range(10, 0, -1)),
             *((p, 2) for p in LOW), (FOOL, 2))
    return FamilyRules(
        game="cuccu", name=name, fields=tuple(f.items()), order=order, direction="right",
        ledger="lives", effects=effects, stock_effects={"none": EXCHANGE, CUCKOO: Effect()},
        reveal=(LowestLose(apart=(FOOL,), unless_lone=(FOOL, CUCKOO)), LoneLoses(FOOL),
                PairGains(FOOL)),
        cut_last=(FOOL,), shelter_piece=NULLA, tokens_to_dealer=f["tokens_to_dealer"],
        buy_back="reentry", all_out_return=True,
    )


BOOK = GameBook(game="cuccu", max_seats=38, ledger="lives", fields=FIELDS, presets=PRESETS,
                build=build)

PIECE_NAMES: Mapping[str, tuple[str, str, str, str]] = MappingProxyType({
    # piece: (Italian, Norwegian, Danish, English)
    "cuckoo": ("Cucco", "gauken", "gøgen", "Cuckoo"),
    "hunter": ("Bragon", "jegeren", "jægeren", "Hunter"),
    "horse": ("Cavallo", "hesten", "hesten", "Horse"),
    "cat": ("Gatto", "katten", "katten", "Cat"),
    "inn": ("Osteria", "vertshuset", "kroen", "Inn"),
    "nulla": ("Nulla", "nulla", "nulla", "Nothing"),
    "bucket": ("Secchia", "bøtta", "spanden", "Bucket"),
    "mask": ("Mascherone", "masken", "masken", "Mask"),
    "lion": ("Leone", "løven", "løven", "Lion"),
    "fool": ("Matto", "narren", "narren", "Fool"),
})
CALLS: Mapping[str, tuple[str, str]] = MappingProxyType({
    # call: (Montorio's words, English), "The calls"
    "cuckoo": ("«Cucù!»", "Cuckoo!"),
    "hunter": ("«Bum!»", "Bang!"),
    "horse": ("«Salta!»", "Jump!"),
    "cat": ("«Gnaf!»", "scratched"),
    "inn": ("«Fermatevi alquanto!»", "Stop a while!"),
})

# Our English, translated where shown: each call's gloss (context "call"), each house field's
# explanation, each rule book's source and summary.
GLOSSES: Mapping[str, str] = MappingProxyType({
    "stand": Np_("call", "I stay"),
    "change": Np_("call", "I pass"),
    "cuckoo": Np_("call", "Cuckoo!"),
    "hunter": Np_("call", "Bang!"),
    "horse": Np_("call", "Jump!"),
    "cat": Np_("call", "Scratched!"),
    "inn": Np_("call", "Stop a while!"),
})
HOUSE_RULES: Mapping[str, str] = MappingProxyType({
    "cat_undoes": N_("What the Cat sends back: the asker's card along its way, every swap, or "
                     "nothing."),
    "tokens_to_dealer": N_("Montorio: every life lost is a token handed to the round's "
                           "dealer."),
})
RULE_BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "campli": (N_("the Campli rules"),
               N_("To the right; Hunter and Cat cost the asker a life; the Inn may be sold; a "
                  "Fool drags the lowest card down, two Fools gain a life.")),
    "stu": (N_("Montorio's Stù"),
            N_("As Campli, and every life lost is a token for the dealer.")),
})
