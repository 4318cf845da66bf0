"""Gnav's rule books: each a frozen set of values for the named rule points of
docs/rules/gnav.md, a RuleBook as every cuckoo game's is (companion/engine/cuckoo/rulebook.py).

A table's rule book is a preset (`damm`, `pagat`, `gamerules`) with optional house rules
applied by `dataclasses.replace`; nothing else in the engine branches on the preset's name.
The six journal-v1 fields keep their spelling (they are what a journal's `house` says); each
rule book translates them into what the state reads: the effect of every call with its
parameters (`effects`), the reveal's rules (`reveal`), and with them the rules a table plays by
(`compile`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from companion.core.errors import N_, GnavError, quoted
from companion.engine.cuckoo.effects import EXCHANGE, Effect
from companion.engine.cuckoo.ledger import COUNTERS
from companion.engine.cuckoo.reveal import DragsNext, LoneLoses, LowestLose, PairGains, RevealRule
from companion.engine.cuckoo.rulebook import RuleBook, Subset
from companion.engine.cuckoo.rules import CuckooRules, Refusals
from companion.engine.gnav.pieces import GNAV_PACK, MATADORS, Pack
from companion.engine.gnav.pieces import Effect as Kind

FoolScoring = Literal["damm", "drags_next"]
ChopContinues = Literal["after_asker", "after_holder"]

FOOL_SCORINGS: tuple[str, ...] = ("damm", "drags_next")
CHOP_CONTINUES: tuple[str, ...] = ("after_asker", "after_holder")


GNAV_REFUSALS = Refusals(
    query_off=N_("The dealer does not ask about the other fool under these rules ({rules}, "
                 "fool_query off)."),
    query_when=N_("{seat} cannot ask about the other fool now: {why}."),
    query_not_dealer=N_("Only the dealer asks about the other fool, and {dealer} deals "
                        "this round, not {seat}."),
    query_not_his_turn=N_("The dealer asks about the other fool on his own turn: {why}."),
    query_again=N_("The dealer has already asked about the other fool this round."),
    sit_out_who=N_("Only a seat that held one of two fools shown last round may sit out, "
                   "and {seat} did not."),
)


@dataclass(frozen=True, slots=True)
class Rulebook(RuleBook):
    """A rule book of Gnav (gnav.md, "Rule book fields"): a preset, or one with house rules."""

    source: str
    # Fool scoring: "damm" (the fool outside the order: two fools take from the pool, a lone
    # fool pays) or "drags_next" (the fool is lowest and drags the next lowest down with it).
    fool_scoring: FoolScoring
    # Two fools and sitting out: holders of two revealed fools may sit out the next round.
    two_fools_sit_out: bool
    # Where play goes on after a dragoon (chop): left of the asker, or left of the holder.
    chop_continues: ChopContinues
    # A cat undoes every exchange made this round.
    cat_reverses: bool
    # The calls the stock can make when the dealer (or a pass) asks it.
    stock_calls: Annotated[tuple[str, ...], Subset(MATADORS)]
    # The calls that charge the asker one counter (or stroke) at once.
    asker_pays: Annotated[tuple[str, ...], Subset(MATADORS)]
    # The dealer may ask whether anyone holds the other fool (journal v2's `query` event).
    fool_query: bool = False
    pack: Pack = GNAV_PACK
    refusals: Refusals = field(default=GNAV_REFUSALS, compare=False, repr=False)
    # What the fields above mean to the state, worked out once (a rule book is frozen).
    effects: dict[str, Effect] = field(init=False, compare=False, repr=False)
    reveal: tuple[RevealRule, ...] = field(init=False, compare=False, repr=False)
    # The piece whose two holders, both shown at a reveal, may sit out the next round (gnav.md:
    # two fools, whichever the fool scoring); None for a pack without one.
    pair_piece: str | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "effects", self._effects())
        object.__setattr__(self, "reveal", self._reveal())
        object.__setattr__(self, "pair_piece", self.pack.fool)

    def _effects(self) -> dict[str, Effect]:
        """Each call word (and `none`) with its effect: the pack gives the kind, the fields
        the parameters (gnav.md: `asker_pays` charges the asker 1 "whatever else it does";
        `chop_continues` is where play goes on after the block, `cat_reverses` what the
        reversing block undoes)."""
        out: dict[str, Effect] = {"none": EXCHANGE}
        for piece in self.pack.pieces:
            if piece.call is None:
                continue
            charge = 1 if piece.call in self.asker_pays else 0
            kind = piece.effect
            if kind is Kind.END_TURNS:
                effect = Effect(charge, then="end")
            elif kind is Kind.BLOCK:
                effect = Effect(charge, play_on="holder" if self.chop_continues == "after_holder"
                                else "asker")
            elif kind is Kind.BLOCK_REVERSE:
                effect = Effect(charge, undo="all" if self.cat_reverses else "none")
            elif kind is Kind.PASS_ON:
                effect = Effect(charge, then="pass")
            else:
                effect = Effect(charge, exchange=True)
            out[piece.call] = effect
        return out

    def _reveal(self) -> tuple[RevealRule, ...]:
        """gnav.md, fool scoring: under `damm` the fool stands outside the order, two fools
        revealed each take 1 from the pool and a lone fool pays; under `drags_next` the fool is
        the lowest piece and drags the next lowest down. Either way the lowest pays, ties each."""
        fool = self.pack.fool
        if fool is None:
            return (LowestLose(),)
        if self.fool_scoring == "damm":
            return (LowestLose(apart=(fool,)), LoneLoses(fool, "fool"), PairGains(fool))
        return (LowestLose(), DragsNext(fool, held="fool_lowest"))

    def house_fields(self) -> tuple[str, ...]:
        """Journal v1's six fields (what a house rule, a difference and the JSON name); a v2
        header may also set `fool_query` (`with_house(house, HOUSE_FIELDS_V2)`)."""
        return HOUSE_FIELDS

    def read_field(self, key: str, value: Any) -> Any:
        # the matadors of this book's pack, in Gnav's own sentences
        return _check_field(key, value, self.pack.matadors)

    def compile(self) -> CuckooRules:
        """The pack's order and direction, the effects and reveal rules its fields translate
        to, the stock's calls, knocking and the two fools' sit-out; a table's stakes and
        journal version add the ledger and the dealer's question (gnav/state.py)."""
        pack = self.pack
        effects = self.effects
        return CuckooRules(
            game=GNAV_PACK.name, name=self.name,
            order=tuple((p.name, p.count) for p in pack.pieces), direction=pack.direction,
            ledger=COUNTERS, effects=effects,
            stock_effects={c: e for c, e in effects.items()
                           if c == "none" or c in self.stock_calls},
            reveal=self.reveal, knocks=True, pair_piece=self.pair_piece,
            pair_sits_out=self.two_fools_sit_out, refusals=self.refusals,
            # a block by a piece the pack calls a reversing one is told so, whatever it undoes
            reverse_calls=frozenset(p.call for p in pack.pieces
                                    if p.call is not None and p.effect is Kind.BLOCK_REVERSE),
        )


HOUSE_FIELDS: tuple[str, ...] = (
    "fool_scoring",
    "two_fools_sit_out",
    "chop_continues",
    "cat_reverses",
    "stock_calls",
    "asker_pays",
)
# Journal v2 adds the dealer's question about the other fool; v1 refuses it as unknown.
HOUSE_FIELDS_V2: tuple[str, ...] = (*HOUSE_FIELDS, "fool_query")


def _shown(value: Any) -> str:
    """A value as the journal spells it (JSON), not as Python would."""
    return quoted(json.dumps(value, ensure_ascii=False))


def _check_field(key: str, value: Any, matadors: tuple[str, ...]) -> Any:
    if key == "fool_scoring":
        if value not in FOOL_SCORINGS:
            raise GnavError("fool_scoring must be \"damm\" or \"drags_next\", not {value}.",
                            value=_shown(value))
        return value
    if key == "chop_continues":
        if value not in CHOP_CONTINUES:
            raise GnavError(
                "chop_continues must be \"after_asker\" or \"after_holder\", not {value}.",
                value=_shown(value),
            )
        return value
    if key in ("two_fools_sit_out", "cat_reverses", "fool_query"):
        if not isinstance(value, bool):
            raise GnavError("{key} must be true or false, not {value}.", key=key,
                            value=_shown(value))
        return value
    # stock_calls, asker_pays: a list of matadors, each at most once
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GnavError("{key} must be a list of matadors, not {value}.", key=key,
                        value=_shown(value))
    for v in value:
        if v not in matadors:
            raise GnavError("{key} may only hold the matadors {matadors}, not {value}.", key=key,
                            matadors=", ".join(matadors), value=_shown(v))
    if len(set(value)) != len(value):
        raise GnavError("{key} lists a matador more than once.", key=key)
    # keep the pack's order so equal sets compare equal
    return tuple(m for m in matadors if m in value)


DAMM = Rulebook(
    name="damm",
    source="«GNAV — SPILLEREGLER», N. W. Damm & Søn, Oslo",
    fool_scoring="damm",
    two_fools_sit_out=False,
    chop_continues="after_asker",
    cat_reverses=False,
    stock_calls=(),
    asker_pays=("dragoon", "cat"),
    fool_query=True,
)
PAGAT = Rulebook(
    name="pagat",
    source="Wikipedia (en), «Gnav»; John McLeod, «Gnav», pagat.com",
    fool_scoring="drags_next",
    two_fools_sit_out=False,
    chop_continues="after_holder",
    cat_reverses=True,
    stock_calls=("horse", "house"),
    asker_pays=("dragoon", "cat"),
)
GAMERULES = Rulebook(
    name="gamerules",
    source="gamerules.com, «Gnav»",
    fool_scoring="drags_next",
    two_fools_sit_out=True,
    chop_continues="after_asker",
    cat_reverses=True,
    stock_calls=MATADORS,
    asker_pays=("dragoon", "cat"),
)

PRESETS: dict[str, Rulebook] = {r.name: r for r in (DAMM, PAGAT, GAMERULES)}
DEFAULT_RULES = "damm"


def rulebook(name: str, house: dict[str, Any] | None = None, version: int = 1) -> Rulebook:
    """The preset `name` with `house` overrides (the fields of journal `version`); raises
    GnavError for an unknown name or rule."""
    if name not in PRESETS:
        raise GnavError("'{name}' is not a rule book; choose damm, pagat or gamerules.",
                        name=name)
    book = PRESETS[name]
    if not house:
        return book
    return book.with_house(house, HOUSE_FIELDS_V2 if version == 2 else HOUSE_FIELDS)
