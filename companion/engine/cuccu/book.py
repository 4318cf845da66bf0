"""Cuccù: its pack, rule books and words, cited from docs/rules/cuccu.md.

Two rule books: `campli` (the Campli rules, scr) and `stu` (Montorio's Stù, aga).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from companion.core.errors import N_, Np_
from companion.engine.cuckoo.effects import EXCHANGE, Effect, Undo
from companion.engine.cuckoo.forms import Form
from companion.engine.cuckoo.ledger import LIVES
from companion.engine.cuckoo.material import CARDS
from companion.engine.cuckoo.reveal import LoneLoses, LowestLose, PairGains
from companion.engine.cuckoo.rulebook import GameBook, RuleBook
from companion.engine.cuckoo.rules import CuckooRules
from companion.engine.cuckoo.words import FamilyWords

SOURCE = "docs/rules/cuccu.md"

# "The pack": highest first; the Fool "outside the order".
MATADORS: tuple[str, ...] = ("cuckoo", "hunter", "horse", "cat", "inn")
LOW: tuple[str, ...] = ("nulla", "bucket", "mask", "lion")
FOOL = "fool"
NULLA = "nulla"
CUCKOO, HUNTER, HORSE, CAT, INN = MATADORS

_UNDO: Mapping[str, Undo] = MappingProxyType(
    {"offered_piece": "offered", "all": "all", "none": "none"})


@dataclass(frozen=True, slots=True)
class CuccuBook(RuleBook):
    """A rule book of Cuccù: cuccu.md's "Rule book fields", each a house rule too."""

    cat_undoes: Literal["offered_piece", "all", "none"]
    tokens_to_dealer: bool

    def compile(self) -> CuckooRules:
        """House defaults 4 to 10: the Cuckoo ends only that ask (void from the stock); Hunter
        and Cat take a life from the asker at once, the Cat sending back what `cat_undoes` says;
        the Horse passes on; the Inn is sold or shelters; the Fool outside the order at the
        reveal."""
        effects: dict[str, Effect] = {
            "none": EXCHANGE,
            CUCKOO: Effect(),
            HUNTER: Effect(charge=1),
            HORSE: Effect(then="pass"),
            CAT: Effect(charge=1, undo=_UNDO[self.cat_undoes]),
            INN: Effect(sale=True),
        }
        order = (*((p, 2) for p in MATADORS), *((str(n), 2) for n in range(10, 0, -1)),
                 *((p, 2) for p in LOW), (FOOL, 2))
        return CuckooRules(
            game="cuccu", name=self.name, order=order, direction="right", ledger=LIVES,
            effects=effects, stock_effects={"none": EXCHANGE, CUCKOO: Effect()},
            reveal=(LowestLose(apart=(FOOL,), unless_lone=(FOOL, CUCKOO)), LoneLoses(FOOL),
                    PairGains(FOOL)),
            cut_last=(FOOL,), shelter_piece=NULLA, tokens_to_dealer=self.tokens_to_dealer,
            buy_back="reentry", all_out_return=True,
        )


PRESETS: Mapping[str, CuccuBook] = MappingProxyType({book.name: book for book in (
    CuccuBook("campli", cat_undoes="offered_piece", tokens_to_dealer=False),
    CuccuBook("stu", cat_undoes="offered_piece", tokens_to_dealer=True),
)})

# The language of the game's own words: its pieces' names and its calls, never translated;
# a table in that language names the pieces as the game does.
LANGUAGE = "it"
PIECE_NAMES: Mapping[str, tuple[str, Form]] = MappingProxyType({
    # piece: (Italian, our English under the catalogue context "Cuccù's piece", where
    # each language names it; Norwegian and Danish in the definite form, as gnav.md's pack)
    "cuckoo": ("Cucco", Form("Cuccù's piece", Np_("Cuccù's piece", "Cuckoo"))),
    "hunter": ("Bragon", Form("Cuccù's piece", Np_("Cuccù's piece", "Hunter"))),
    "horse": ("Cavallo", Form("Cuccù's piece", Np_("Cuccù's piece", "Horse"))),
    "cat": ("Gatto", Form("Cuccù's piece", Np_("Cuccù's piece", "Cat"))),
    "inn": ("Osteria", Form("Cuccù's piece", Np_("Cuccù's piece", "Inn"))),
    "nulla": ("Nulla", Form("Cuccù's piece", Np_("Cuccù's piece", "Nothing"))),
    "bucket": ("Secchia", Form("Cuccù's piece", Np_("Cuccù's piece", "Bucket"))),
    "mask": ("Mascherone", Form("Cuccù's piece", Np_("Cuccù's piece", "Mask"))),
    "lion": ("Leone", Form("Cuccù's piece", Np_("Cuccù's piece", "Lion"))),
    "fool": ("Matto", Form("Cuccù's piece", Np_("Cuccù's piece", "Fool"))),
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
# Each house field's value told as a sentence (the rules card, Learn of a table): keyed by the
# value (true or false, "left", "2"); a list of pieces by "some" ({pieces}) or "none"; an
# order of pieces by "*" ({order})
HOUSE_SENTENCES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "cat_undoes": MappingProxyType({
        "offered_piece": N_("The Cat sends the asker's card back along its way."),
        "all": N_("The Cat sends back every swap of the round."),
        "none": N_("The Cat sends nothing back."),
    }),
    "tokens_to_dealer": MappingProxyType({
        "true": N_("Every life lost is a token handed to the round's dealer."),
        "false": N_("Nobody collects the lives lost as tokens."),
    }),
})
RULE_BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "campli": (N_("the Campli rules"),
               N_("To the right; Hunter and Cat cost the asker a life; the Inn may be sold; a "
                  "Fool drags the lowest card down, two Fools gain a life.")),
    "stu": (N_("Montorio's Stù"),
            N_("As Campli, and every life lost is a token for the dealer.")),
})

# Each rule book's sources as the rules file's list names them (title, author, year), shown
# as its source: proper names, never translated, and never the rules file's own name
SOURCES: Mapping[str, str] = MappingProxyType({
    "campli": (
        "«Regole Cuccù» (Campli); "
        "John McLeod, «Cucù», pagat.com; "
        "N. Farina, «Cucù Antico Gioco di Carte» (Campli 2010)"),
    "stu": "Associazione Giochi Antichi, «Stù» (Montorio al Vomano); «Regole Cuccù» (Campli)",
})

# --- Words for the screens (issue 13: rule words are rule data) ---------------------------------
# The reveal's and the draw's words at this game's table, each under the game's own context
# (issue 24): Cuccù's pack is cards, and a language that has a word for them says so.
TABLE_WORDS: Mapping[str, Form] = MappingProxyType({
    "whose_piece": Form("Cuccù's table", Np_("Cuccù's table", "{seat}'s piece")),
    "show": Form("Cuccù's table", Np_("Cuccù's table", "Show the pieces")),
    "show_now": Form("Cuccù's table", Np_("Cuccù's table", "Show the pieces.")),
    "drawn": Form("Cuccù's table", Np_("Cuccù's table", "Draw for dealer: the piece each drew")),
    "draw_now": Form("Cuccù's table",
                     Np_("Cuccù's table", "Draw for dealer: each seat draws a piece.")),
})
# New table's line on the game: where it is played, how many, what is special (ours,
# translated where shown).
LINE = N_("Campli and Montorio al Vomano; 2 to 38 players, to the right, three lives each: "
          "the Inn may sell a swap, the out may re-enter at a doubled price.")
# Each picture shown at the reveal, the object of its sentence ("Bo shows the ...",
# German's accusative), in the game's words at a table in its language (forms.py).
PIECE_FORMS: Mapping[str, Mapping[str, Form]] = MappingProxyType({
    "cuckoo": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Cuckoo"))}),
    "hunter": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Hunter"))}),
    "horse": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Horse"))}),
    "cat": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Cat"))}),
    "inn": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Inn"))}),
    "nulla": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Nothing"))}),
    "bucket": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Bucket"))}),
    "mask": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Mask"))}),
    "lion": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Lion"))}),
    "fool": MappingProxyType({"the": Form(
        "Cuccù's piece, object", Np_("Cuccù's piece, object", "the Fool"))}),
})


WORDS = FamilyWords(
    name="Cuccù", title=N_("Cuccù"), line=LINE, language=LANGUAGE, source=SOURCE,
    sources=SOURCES, house_sentences=HOUSE_SENTENCES,
    pieces=PIECE_NAMES, calls=CALLS, glosses=GLOSSES, house_rules=HOUSE_RULES,
    rule_books=RULE_BOOKS, forms=PIECE_FORMS, table=TABLE_WORDS,
    roman=True,  # "The pack": its numerals are written X … I
    material=CARDS,  # cards dealt from a stock
)
BOOK = GameBook(game="cuccu", max_seats=38, ledger=LIVES, presets=PRESETS,
                words=WORDS,
                # cuccu.md, "lives": three (scr; aga's three tokens)
                stakes={"campli": 3, "stu": 3})
