"""Kille: its pack, rule books and words, cited from docs/rules/kille.md.

Two rule books: `byteskille` (ril, ct, enwp and the seed, which agree where they speak) and
`oberg` (bjo).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from companion.core.errors import N_, Np_
from companion.engine.cuckoo.effects import EXCHANGE, Effect
from companion.engine.cuckoo.forms import Form
from companion.engine.cuckoo.ledger import STAKE
from companion.engine.cuckoo.material import CARDS
from companion.engine.cuckoo.reveal import AlsoLose, LowestLose, RevealRule
from companion.engine.cuckoo.rulebook import GameBook, RuleBook
from companion.engine.cuckoo.rules import CuckooRules
from companion.engine.cuckoo.words import FamilyWords

SOURCE = "docs/rules/kille.md"

# "The pack", highest first: the Harlequin, the five matadors, 12 to 1, three low pictures.
HARLEQUIN = "harlequin"
MATADORS: tuple[str, ...] = ("cuckoo", "hussar", "pig", "cavalier", "inn")
LOW: tuple[str, ...] = ("wreath", "flowerpot", "mask")
CUCKOO, HUSSAR, PIG, CAVALIER, INN = MATADORS
MASK = "mask"


@dataclass(frozen=True, slots=True)
class KilleBook(RuleBook):
    """A rule book of Kille: kille.md's "Rule book fields", each a house rule too."""

    pig_undoes: Literal["all", "offered_piece"]
    mask_kills_holder: bool

    def compile(self) -> CuckooRules:
        """House defaults 4 to 11: the Cuckoo ends the turns; the Hussar kills the asker; the Pig
        undoes (`pig_undoes`) and kills the first holder of the offered card; Cavalier and Inn
        pass on; the stock makes no calls; the lowest alive die (a moved Harlequin below the
        mask), and under `mask_kills_holder` every mask too, when two or more show."""
        effects: dict[str, Effect] = {
            "none": EXCHANGE,
            CUCKOO: Effect(then="end"),
            HUSSAR: Effect(kills="asker"),
            PIG: Effect(undo="all" if self.pig_undoes == "all" else "offered", kills="origin"),
            CAVALIER: Effect(then="pass"),
            INN: Effect(then="pass"),
        }
        reveal: tuple[RevealRule, ...] = (LowestLose(),)
        if self.mask_kills_holder:
            reveal += (AlsoLose(MASK),)
        order = ((HARLEQUIN, 2), *((p, 2) for p in MATADORS),
                 *((str(n), 2) for n in range(12, 0, -1)), *((p, 2) for p in LOW))
        return CuckooRules(
            game="kille", name=self.name, order=order, direction="left", ledger=STAKE,
            effects=effects, stock_effects={"none": EXCHANGE}, reveal=reveal,
            cut_first=(HARLEQUIN,), moved_lowest=HARLEQUIN, moved_field="moved_harlequins",
            reveal_needs=2, face_up=True, buy_back="rebuy",
        )


PRESETS: Mapping[str, KilleBook] = MappingProxyType({book.name: book for book in (
    KilleBook("byteskille", pig_undoes="all", mask_kills_holder=False),
    KilleBook("oberg", pig_undoes="offered_piece", mask_kills_holder=True),
)})

# The language of the game's own words: its pieces' names and its calls, never translated;
# a table in that language names the pieces as the game does.
LANGUAGE = "sv"
PIECE_NAMES: Mapping[str, tuple[str, Form]] = MappingProxyType({
    # piece: (Swedish, our English under the catalogue context "Kille's piece", where
    # each language names it; Norwegian and Danish in the definite form, as gnav.md's pack)
    "harlequin": ("Harlekin", Form("Kille's piece", Np_("Kille's piece", "Harlequin"))),
    "cuckoo": ("Kuku", Form("Kille's piece", Np_("Kille's piece", "Cuckoo"))),
    "hussar": ("Husar", Form("Kille's piece", Np_("Kille's piece", "Hussar"))),
    "pig": ("Husu", Form("Kille's piece", Np_("Kille's piece", "Pig"))),
    "cavalier": ("Kavall", Form("Kille's piece", Np_("Kille's piece", "Cavalier"))),
    "inn": ("Värdshus", Form("Kille's piece", Np_("Kille's piece", "Inn"))),
    "wreath": ("Kransen", Form("Kille's piece", Np_("Kille's piece", "Wreath"))),
    "flowerpot": ("Blompottan", Form("Kille's piece", Np_("Kille's piece", "Flowerpot"))),
    "mask": ("Blaren", Form("Kille's piece", Np_("Kille's piece", "Mask"))),
})
CALLS: Mapping[str, tuple[str, str]] = MappingProxyType({
    # call: (the Swedish words, English), "The calls"
    "cuckoo": ("«Kuku står, ingen byta får!»", "Cuckoo stands, nobody may swap!"),
    "hussar": ("«Husar hugger»", "Hussar strikes!"),
    "pig": ("«Svinhugg går igen»", "The pig bites back!"),
    "cavalier": ("«Kavall förbi»", "Pass the cavalier!"),
    "inn": ("«Värdshus förbi»", "Pass the tavern!"),
})

# Our English, translated where shown: each call's gloss (context "call"), each house field's
# explanation, each rule book's source and summary.
GLOSSES: Mapping[str, str] = MappingProxyType({
    "stand": Np_("call", "I am satisfied"),
    "change": Np_("call", "Switch"),
    "cuckoo": Np_("call", "Cuckoo stands, nobody may swap!"),
    "hussar": Np_("call", "Hussar strikes!"),
    "pig": Np_("call", "The pig bites back!"),
    "cavalier": Np_("call", "Pass the cavalier!"),
    "inn": Np_("call", "Pass the tavern!"),
})
HOUSE_RULES: Mapping[str, str] = MappingProxyType({
    "pig_undoes": N_("What the Pig sends back: every swap of the deal, or only the swaps of "
                     "the offered card."),
    "mask_kills_holder": N_("Every Mask shown dies too, when two or more seats show."),
})
# Each house field's value told as a sentence (the rules card, Learn of a table): keyed by the
# value (true or false, "left", "2"); a list of pieces by "some" ({pieces}) or "none"; an
# order of pieces by "*" ({order})
HOUSE_SENTENCES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "pig_undoes": MappingProxyType({
        "all": N_("The Pig sends back every swap of the deal."),
        "offered_piece": N_("The Pig sends back only the swaps of the offered card."),
    }),
    "mask_kills_holder": MappingProxyType({
        "true": N_("Every Mask shown dies too, when two or more seats show."),
        "false": N_("A Mask dies only when it is the lowest card shown."),
    }),
})
RULE_BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "byteskille": (N_("Byteskille"),
                   N_("The Hussar kills the asker; the Pig sends every swap back and kills "
                      "the first holder of the offered card; the lowest die.")),
    "oberg": (N_("Öberg"),
              N_("As Byteskille, but the Pig sends back only the offered card, and the Mask "
                 "kills its holder.")),
})

# Each rule book's sources as the rules file's list names them (title, author, year), shown
# as its source: proper names, never translated, and never the rules file's own name
SOURCES: Mapping[str, str] = MappingProxyType({
    "byteskille": (
        "Wikipedia (sv), «Byteskille» (2008); "
        "casinotax.net, «Kille kortspel»; "
        "Wikipedia (en), «Kille (card game)»"),
    "oberg": "Björn Öberg, bjornoberg.com",
})

# --- Words for the screens (issue 13: rule words are rule data) ---------------------------------
# The reveal's and the draw's words at this game's table, each under the game's own context
# (issue 24): Kille's pack is cards, and a language that has a word for them says so,
# where Gnav's and Slabberjan's wooden pieces are pieces.
TABLE_WORDS: Mapping[str, Form] = MappingProxyType({
    "whose_piece": Form("Kille's table", Np_("Kille's table", "{seat}'s piece")),
    "show": Form("Kille's table", Np_("Kille's table", "Show the pieces")),
    "show_now": Form("Kille's table", Np_("Kille's table", "Show the pieces.")),
    "drawn": Form("Kille's table", Np_("Kille's table", "Draw for dealer: the piece each drew")),
    "draw_now": Form("Kille's table",
                     Np_("Kille's table", "Draw for dealer: each seat draws a piece.")),
})
# New table's line on the game: where it is played, how many, what is special (ours,
# translated where shown).
LINE = N_("Swedish Christmas tables; 2 to 40 players, to the left, for a pot: the Hussar "
          "strikes the asker dead, the Pig bites back, the dead buy back in.")
# The Harlequin in the sentences about a swap that passes it face up (forms.py).
PIECE_FORMS: Mapping[str, Mapping[str, Form]] = MappingProxyType({
    "harlequin": MappingProxyType({
        "a": Form("object", Np_("object", "a Harlequin")),
        "a_opening": Form("subject, opening a sentence",
                          Np_("subject, opening a sentence", "A Harlequin")),
        "the": Form("Kille's piece, object", Np_("Kille's piece, object", "the Harlequin")),
    }),
    # and every picture shown at the reveal, the object of its sentence
    "cuckoo": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Cuckoo"))}),
    "hussar": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Hussar"))}),
    "pig": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Pig"))}),
    "cavalier": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Cavalier"))}),
    "inn": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Inn"))}),
    "wreath": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Wreath"))}),
    "flowerpot": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Flowerpot"))}),
    "mask": MappingProxyType({"the": Form(
        "Kille's piece, object", Np_("Kille's piece, object", "the Mask"))}),
})


WORDS = FamilyWords(
    name="Kille", title=N_("Kille"), line=LINE, language=LANGUAGE, source=SOURCE,
    sources=SOURCES, house_sentences=HOUSE_SENTENCES,
    pieces=PIECE_NAMES, calls=CALLS, glosses=GLOSSES, house_rules=HOUSE_RULES,
    rule_books=RULE_BOOKS, forms=PIECE_FORMS, table=TABLE_WORDS,
    material=CARDS,  # cards dealt from a stock
)
BOOK = GameBook(game="kille", max_seats=40, ledger=STAKE, presets=PRESETS,
                words=WORDS,
                # kille.md: "it may buy back in three more times (ril)"
                stakes={"byteskille": 3, "oberg": 3})
