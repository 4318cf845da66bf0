"""Slabberjan: its pack, rule books and words, cited from docs/rules/slabberjan.md.

Four rule books (`sheet`, `dewaal`, `vanwallenburg`, `family`) after Francke's study in
*Zeeland* 12/4 (2003) and the modern family rules; every field is also a house rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Annotated, Literal, get_args

from companion.core.errors import N_, Np_
from companion.engine.cuckoo.effects import EXCHANGE, Effect
from companion.engine.cuckoo.forms import Form
from companion.engine.cuckoo.ledger import COUNTERS, Credit
from companion.engine.cuckoo.material import BAG
from companion.engine.cuckoo.reveal import LowestLose, RevealRule, SidePot
from companion.engine.cuckoo.rulebook import GameBook, RuleBook, Subset
from companion.engine.cuckoo.rules import CuckooRules
from companion.engine.cuckoo.words import FamilyWords

SOURCE = "docs/rules/slabberjan.md"

# "The pack": four matadors, the numerals 12 to 0, and four low pictures; two of each.
MATADORS: tuple[str, ...] = ("rider", "bird", "cat", "inn")
NUMERALS: tuple[str, ...] = tuple(str(n) for n in range(12, -1, -1))
# House default 9: "the vdb cost of the piece shown (blank 2, pot 3, face 4, fool 5)".
VDB_COSTS: tuple[tuple[str, int], ...] = (("blank", 2), ("pot", 3), ("face", 4), ("fool", 5))
# House default 9: "every seat showing the fool, the face, the pot or the 0 pays 1 into the
# side pot".
SIDE_POT: tuple[str, ...] = ("fool", "face", "pot", "0")

LowOrder = Literal["blank,face,pot,fool", "blank,pot,face,fool", "blank,face,fool,pot"]
LOW_ORDERS: tuple[str, ...] = get_args(LowOrder)


@dataclass(frozen=True, slots=True)
class SlabberjanBook(RuleBook):
    """A rule book of Slabberjan: slabberjan.md's "Rule book fields", each a house rule too."""

    direction: Literal["left", "right"]
    low_order: LowOrder
    asker_pays: Annotated[tuple[str, ...], Subset(MATADORS)]
    bird_ends_turns: bool
    loss_by_piece: bool
    side_pot: bool
    credit: Credit

    def compile(self) -> CuckooRules:
        """House defaults 5 to 9: a call in `asker_pays` charges the asker 1 at once; the Rider
        blocks; the Bird blocks or ends the turns (`bird_ends_turns`); the Cat undoes every
        standing exchange; the Inn passes on; the bag makes no calls and lays the old piece
        aside; the lowest pays 1 (or its vdb cost), then the side pot."""
        pays = self.asker_pays

        def charge(call: str) -> int:
            return 1 if call in pays else 0

        rider, bird, cat, inn = MATADORS
        effects: dict[str, Effect] = {
            "none": EXCHANGE,
            rider: Effect(charge=charge(rider)),
            bird: Effect(charge=charge(bird), then="end" if self.bird_ends_turns else "advance"),
            cat: Effect(charge=charge(cat), undo="all"),
            inn: Effect(charge=charge(inn), then="pass"),
        }
        low = tuple(self.low_order.split(","))
        reveal: tuple[RevealRule, ...] = (
            LowestLose(costs=VDB_COSTS if self.loss_by_piece else ()),)
        if self.side_pot:
            reveal += (SidePot(SIDE_POT),)
        return CuckooRules(
            game="slabberjan", name=self.name,
            order=tuple((p, 2) for p in (*MATADORS, *NUMERALS, *low)),
            direction=self.direction, ledger=COUNTERS, effects=effects,
            stock_effects={"none": EXCHANGE}, reveal=reveal, credit=self.credit, lay_aside=True,
        )


DEWAAL = SlabberjanBook("dewaal", direction="left", low_order="blank,face,pot,fool",
                        asker_pays=("rider", "bird"), bird_ends_turns=False,
                        loss_by_piece=False, side_pot=True, credit="none")
PRESETS: Mapping[str, SlabberjanBook] = MappingProxyType({book.name: book for book in (
    replace(DEWAAL, name="sheet", direction="right", side_pot=False),
    DEWAAL,
    replace(DEWAAL, name="vanwallenburg", low_order="blank,face,fool,pot",
            bird_ends_turns=True, side_pot=False),
    replace(DEWAAL, name="family", low_order="blank,pot,face,fool",
            asker_pays=("rider", "bird", "cat"), side_pot=False, credit="everyone"),
)})

# The language of the game's own words: its pieces' names and its calls, never translated;
# a table in that language names the pieces as the game does.
LANGUAGE = "nl"
PIECE_NAMES: Mapping[str, tuple[str, Form]] = MappingProxyType({
    # piece: (Dutch, our English under the catalogue context "Slabberjan's piece", where
    # each language names it; Norwegian and Danish in the definite form, as gnav.md's pack)
    "rider": ("Ruiter, Kap-af", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Rider"))),
    "bird": ("Vogel", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Bird"))),
    "cat": ("Kat, Poesje", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Cat"))),
    "inn": ("Herberg, Huisje", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Inn"))),
    "blank": ("Blind, Sneeuw", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Blank"))),
    "face": ("Smoel, Gezicht", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Face"))),
    "pot": ("Pot, Pispot", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Pot"))),
    "fool": ("Nar, Zot, Jan Rit", Form("Slabberjan's piece", Np_("Slabberjan's piece", "Fool"))),
})
CALLS: Mapping[str, tuple[str, str]] = MappingProxyType({
    # call: (the Dutch words, English), "The calls"
    "rider": ("«Kap af!»", "Cut off!"),
    "bird": ("«Sta voor den vogel!»", "Stand for the bird!"),
    "cat": ("«Poesje krabt alles terug!»", "Pussy scratches everything back!"),
    "inn": ("«Herberg voorbij!»", "Inn, pass by!"),
})

# Our English, translated where shown: each call's gloss (context "call"), each house field's
# explanation, each rule book's source and summary.
GLOSSES: Mapping[str, str] = MappingProxyType({
    "stand": Np_("call", "I stay"),
    "change": Np_("call", "Swap?"),
    "rider": Np_("call", "Cut off!"),
    "bird": Np_("call", "Stand for the bird!"),
    "cat": Np_("call", "Pussy scratches everything back!"),
    "inn": Np_("call", "Inn, pass by!"),
})
HOUSE_RULES: Mapping[str, str] = MappingProxyType({
    "direction": N_("Which way the turns and the bag go: left or right."),
    "low_order": N_("The order of the four low pieces, highest first."),
    "asker_pays": N_("The calls that cost the asker a counter at once."),
    "bird_ends_turns": N_("The Bird stops all swapping and the pieces are shown."),
    "loss_by_piece": N_("Van der Baan's costs: the lowest pays 2 for the Blank, 3 the Pot, "
                        "4 the Face, 5 the Fool."),
    "side_pot": N_("De Waal's side pot: the Fool, the Face, the Pot and the 0 each pay a "
                   "counter into it."),
    "credit": N_("Who pays his last counter plays on credit (op sloffen) until he must pay "
                 "again: nobody, everyone, or only the first to go broke."),
})
# Each house field's value told as a sentence (the rules card, Learn of a table): keyed by the
# value (true or false, "left", "2"); a list of pieces by "some" ({pieces}) or "none"; an
# order of pieces by "*" ({order})
HOUSE_SENTENCES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "direction": MappingProxyType({
        "left": N_("The turns and the bag go to the left."),
        "right": N_("The turns and the bag go to the right."),
    }),
    "low_order": MappingProxyType({
        "*": N_("The four low pieces rank, highest first: {order}."),
    }),
    "asker_pays": MappingProxyType({
        "some": N_("These calls cost the asker a counter at once: {pieces}."),
        "none": N_("No call costs the asker a counter at once."),
    }),
    "bird_ends_turns": MappingProxyType({
        "true": N_("The Bird stops all swapping and the pieces are shown."),
        "false": N_("The Bird blocks the swap, and the turns go on."),
    }),
    "loss_by_piece": MappingProxyType({
        "true": N_("The lowest pays by its piece: 2 for the Blank, 3 the Pot, 4 the Face, 5 the "
                   "Fool."),
        "false": N_("The lowest pays one counter, whatever its piece."),
    }),
    "side_pot": MappingProxyType({
        "true": N_("The Fool, the Face, the Pot and the 0 each pay a counter into a side pot."),
        "false": N_("There is no side pot."),
    }),
    "credit": MappingProxyType({
        "none": N_("Nobody plays on credit (op sloffen)."),
        "everyone": N_("Whoever pays his last counter plays on credit (op sloffen) until he "
                       "must pay again."),
        "first_broke": N_("Only the first to pay his last counter plays on credit (op "
                          "sloffen) until he must pay again."),
    }),
})
RULE_BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "sheet": (N_("the printed sheet"),
              N_("To the right; the Rider and the Bird cost the asker a counter; the Cat "
                 "scratches every swap back.")),
    "dewaal": (N_("De Waal"),
               N_("To the left; the low pieces also pay into a side pot.")),
    "vanwallenburg": (N_("Van Wallenburg"),
                      N_("To the left; the Bird stops the swapping; the Pot is lowest.")),
    "family": (N_("the modern family rules"),
               N_("To the left; the Cat costs a counter too; who goes broke plays on "
                  "credit.")),
})

# Each rule book's sources as the rules file's list names them (title, author, year), shown
# as its source: proper names, never translated, and never the rules file's own name
SOURCES: Mapping[str, str] = MappingProxyType({
    "sheet": (
        "«SLABBERJAN. Een echt vroolijk gezelschapspel voor iedereen»; "
        "Johan Francke, «Kap af! Een Noorse matador in Zeeland», Zeeland 12/4 (2003), p. 19"),
    "dewaal": (
        "Is. de Waal, «Slabbejans- of Slabberjansspel»; "
        "Johan Francke, «Kap af! Een Noorse matador in Zeeland», Zeeland 12/4 (2003), pp. 15–16"),
    "vanwallenburg": (
        "L. van Wallenburg, «Slabberjan – een Zeeuws volksspel», Eigen Volk 8 (1936); "
        "Johan Francke, «Kap af! Een Noorse matador in Zeeland», Zeeland 12/4 (2003), pp. 15–18"),
    "family": "PoppelePats, poppelepats.wordpress.com; gamerules.com, «Slabberjan»",
})

# --- Words for the screens (issue 13: rule words are rule data) ---------------------------------
# The reveal's and the draw's words at this game's table, each under the game's own context
# (issue 24): Slabberjan's are wooden pieces drawn from a bag.
TABLE_WORDS: Mapping[str, Form] = MappingProxyType({
    "whose_piece": Form("Slabberjan's table", Np_("Slabberjan's table", "{seat}'s piece")),
    "show": Form("Slabberjan's table", Np_("Slabberjan's table", "Show the pieces")),
    "show_now": Form("Slabberjan's table", Np_("Slabberjan's table", "Show the pieces.")),
    "drawn": Form("Slabberjan's table",
                  Np_("Slabberjan's table", "Draw for dealer: the piece each drew")),
    "draw_now": Form("Slabberjan's table",
                     Np_("Slabberjan's table", "Draw for dealer: each seat draws a piece.")),
})
# New table's line on the game: where it is played, how many, what is special (ours,
# translated where shown).
LINE = N_("Zeeland families at Christmas; 2 to 40 players, with counters and a bag of 42 "
          "pieces: four rule books, for no game is argued more.")
# Each picture shown at the reveal, the object of its sentence ("Bo shows the ...",
# German's accusative), in the game's words at a table in its language (forms.py).
PIECE_FORMS: Mapping[str, Mapping[str, Form]] = MappingProxyType({
    "rider": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Rider"))}),
    "bird": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Bird"))}),
    "cat": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Cat"))}),
    "inn": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Inn"))}),
    "blank": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Blank"))}),
    "face": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Face"))}),
    "pot": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Pot"))}),
    "fool": MappingProxyType({"the": Form(
        "Slabberjan's piece, object", Np_("Slabberjan's piece, object", "the Fool"))}),
})


WORDS = FamilyWords(
    name="Slabberjan", title=N_("Slabberjan"), line=LINE, language=LANGUAGE, source=SOURCE,
    sources=SOURCES, house_sentences=HOUSE_SENTENCES,
    pieces=PIECE_NAMES, calls=CALLS, glosses=GLOSSES, house_rules=HOUSE_RULES,
    rule_books=RULE_BOOKS, forms=PIECE_FORMS, table=TABLE_WORDS,
    pictures={"pot": "chamberpot"},  # "Pot, Pispot": the pack draws a chamber pot
    material=BAG,  # "The pack": 42 wooden pieces, drawn from a bag
)
BOOK = GameBook(game="slabberjan", max_seats=40, ledger=COUNTERS, presets=PRESETS,
                words=WORDS,
                # slabberjan.md, "stake each": 3 (sheet), what is agreed (dewaal), 3 to 6 by
                # the number of players (vw), 4 chips (the family's)
                stakes={"sheet": 3, "dewaal": 3, "vanwallenburg": 3, "family": 4})
