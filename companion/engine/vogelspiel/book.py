"""Vogelspiel (Hexenspiel): its pack, rule books and words, cited from docs/rules/vogelspiel.md.

Reconstructed from summaries: no living tradition is known, and the rules file's "house
defaults" are a playable reading of Adrian's and Pichler's summaries and of a Salzburg library
note, not a record. The app labels the game "reconstructed" (vogelspiel.md, first paragraph).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from companion.core.errors import N_, Np_
from companion.engine.cuckoo.effects import EXCHANGE, Effect
from companion.engine.cuckoo.forms import Form
from companion.engine.cuckoo.ledger import LIVES
from companion.engine.cuckoo.material import CARDS
from companion.engine.cuckoo.reveal import LowestLose
from companion.engine.cuckoo.rulebook import GameBook, RuleBook
from companion.engine.cuckoo.rules import CuckooRules, GameEnd
from companion.engine.cuckoo.words import FamilyWords

SOURCE = "docs/rules/vogelspiel.md"
RECONSTRUCTED = True

# "The pack": ten pairs of pictures and one set of numerals, highest first.
MATADORS: tuple[str, ...] = ("bird", "guard", "cat", "horse", "tavern")
LOW: tuple[str, ...] = ("plate", "sausages", "glass", "fool", "witch")
# "Fixed in every rule book: the charges of the matadors (Bird 2, the others 1)".
CHARGES: Mapping[str, int] = MappingProxyType(
    {"bird": 2, "guard": 1, "cat": 1, "horse": 1, "tavern": 1})
WITCH = "witch"

def _numerals(kind: str) -> tuple[tuple[str, int], ...]:
    """"one set of twelve numerals" (XII to I, one each); with "1-10+nulla", "two Nulla cards
    instead of XI and XII, ranking between I and the Plate"."""
    if kind == "1-12":
        return tuple((str(n), 1) for n in range(12, 0, -1))
    return (*((str(n), 1) for n in range(10, 0, -1)), ("nulla", 2))


@dataclass(frozen=True, slots=True)
class VogelspielBook(RuleBook):
    """A rule book of Vogelspiel: vogelspiel.md's "Rule book fields", each a house rule too."""

    direction: Literal["right", "left"]
    numerals: Literal["1-12", "1-10+nulla"]
    horse: Literal["block", "undo_all_end"]
    silent_matador_pays: Literal[0, 1, 2]
    witch_loss: Literal[1, 2, 3]
    only_if_unpaid: bool
    game_end: GameEnd

    def compile(self) -> CuckooRules:
        """House default 4, every matador blocks: no exchange, the asker loses its charge; under
        `horse: "undo_all_end"` the Horse undoes every standing exchange and ends the turns,
        charging nothing. House default 6: the stock makes no calls. House default 7: the lowest
        loses a life, a Witch `witch_loss`."""
        effects: dict[str, Effect] = {"none": EXCHANGE}
        for call, charge in CHARGES.items():
            effects[call] = Effect(charge=charge)
        if self.horse == "undo_all_end":
            effects["horse"] = Effect(then="end", undo="all")
        return CuckooRules(
            game="vogelspiel", name=self.name,
            order=(*((p, 2) for p in MATADORS), *_numerals(self.numerals),
                   *((p, 2) for p in LOW)),
            direction=self.direction, ledger=LIVES, effects=effects,
            stock_effects={"none": EXCHANGE},
            reveal=(LowestLose(costs=((WITCH, self.witch_loss),)),),
            silent_pays=self.silent_matador_pays, only_if_unpaid=self.only_if_unpaid,
            game_end=self.game_end,
        )


ADRIAN = VogelspielBook("adrian", direction="right", numerals="1-12", horse="block",
                        silent_matador_pays=0, witch_loss=1, only_if_unpaid=False,
                        game_end="last_standing")
PRESETS: Mapping[str, VogelspielBook] = MappingProxyType({book.name: book for book in (
    ADRIAN,
    replace(ADRIAN, name="pichler", horse="undo_all_end", silent_matador_pays=1),
    replace(ADRIAN, name="salzburg", witch_loss=2, game_end="first_out_loses"),
)})

# "The pack" and "The calls": each piece's names (German on the card, our Norwegian and Danish,
# English) and each matador's call.
# The language of the game's own words: its pieces' names and its calls, never translated;
# a table in that language names the pieces as the game does.
LANGUAGE = "de"
PIECE_NAMES: Mapping[str, tuple[str, Form]] = MappingProxyType({
    # piece: (German, our English under the catalogue context "Vogelspiel's piece", where
    # each language names it; Norwegian and Danish in the definite form, as gnav.md's pack)
    "bird": ("Pfeiff", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Bird"))),
    "guard": ("Werda", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Guard"))),
    "cat": ("Miau", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Cat"))),
    "horse": ("Hott", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Horse"))),
    "tavern": ("Einkerth", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Tavern"))),
    "nulla": ("Nulla", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Nulla"))),
    "plate": ("Deller", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Plate"))),
    "sausages": ("Wurst", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Sausages"))),
    "glass": ("Glas", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Glass"))),
    "fool": ("Narr", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Fool"))),
    "witch": ("Hex", Form("Vogelspiel's piece", Np_("Vogelspiel's piece", "Witch"))),
})
CALLS: Mapping[str, tuple[str, str]] = MappingProxyType({
    # call: (the word at the top of the card, its English)
    "bird": ("«Pfeiff!»", "Whistle!"),
    "guard": ("«Werda!»", "Who goes there?"),
    "cat": ("«Miau!»", "Miaow!"),
    "horse": ("«Hott!»", "Gee-up!"),
    "tavern": ("«Einkerth!»", "Stop in!"),
})

# Our English, translated where shown: each call's gloss (context "call"), each house field's
# explanation, each rule book's source and summary.
GLOSSES: Mapping[str, str] = MappingProxyType({
    "stand": Np_("call", "I stand"),
    "change": Np_("call", "Will you swap?"),
    "bird": Np_("call", "Whistle!"),
    "guard": Np_("call", "Who goes there?"),
    "cat": Np_("call", "Miaow!"),
    "horse": Np_("call", "Gee-up!"),
    "tavern": Np_("call", "Stop in!"),
})
HOUSE_RULES: Mapping[str, str] = MappingProxyType({
    "direction": N_("Which way the turns and the deal go: right (as Cuccù) or left."),
    "numerals": N_("The pack's numerals: XII to I, or X to I and two Nullas."),
    "horse": N_("The Horse blocks and costs the asker a life, or undoes every swap and ends "
                "the turns."),
    "silent_matador_pays": N_("What a seat loses when it let a matador be swapped without "
                              "its call."),
    "witch_loss": N_("How many lives the Witch costs when it is shown."),
    "only_if_unpaid": N_("Smith's conjecture: the lowest card is spared when every charge of "
                         "the turns was paid in full."),
    "game_end": N_("The last seat with lives wins, or the first seat out has lost."),
})
# Each house field's value told as a sentence (the rules card, Learn of a table): keyed by the
# value (true or false, "left", "2"); a list of pieces by "some" ({pieces}) or "none"; an
# order of pieces by "*" ({order})
HOUSE_SENTENCES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "direction": MappingProxyType({
        "right": N_("The turns and the deal go to the right, as in Cuccù."),
        "left": N_("The turns and the deal go to the left."),
    }),
    "numerals": MappingProxyType({
        "1-12": N_("The pack's numerals run from XII to I."),
        "1-10+nulla": N_("The pack's numerals run from X to I, with two Nullas."),
    }),
    "horse": MappingProxyType({
        "block": N_("The Horse blocks the swap and costs the asker a life."),
        "undo_all_end": N_("The Horse undoes every swap and ends the turns."),
    }),
    "silent_matador_pays": MappingProxyType({
        "0": N_("A matador swapped without its call costs its holder nothing."),
        "1": N_("A matador swapped without its call costs its holder a life."),
        "2": N_("A matador swapped without its call costs its holder two lives."),
    }),
    "witch_loss": MappingProxyType({
        "1": N_("The Witch costs one life when it is shown."),
        "2": N_("The Witch costs two lives when it is shown."),
        "3": N_("The Witch costs three lives when it is shown."),
    }),
    "only_if_unpaid": MappingProxyType({
        "true": N_("The lowest card is spared when every charge of the turns was paid in full "
                   "(Smith's conjecture)."),
        "false": N_("The lowest card loses, whatever was paid in the turns."),
    }),
    "game_end": MappingProxyType({
        "last_standing": N_("The last seat with lives wins."),
        "first_out_loses": N_("The first seat with no lives left has lost."),
    }),
})
RULE_BOOKS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "adrian": (N_("Adrian (1909), as summarised"),
               N_("Reconstructed: every matador blocks and costs the asker; the Bird costs "
                  "two lives. The lowest card loses a life.")),
    "pichler": (N_("Pichler's rule sheet, as summarised"),
                N_("Reconstructed: the Horse undoes every swap and ends the turns; a matador "
                   "swapped without its call costs its holder a life.")),
    "salzburg": (N_("the Salzburg pack of about 1816"),
                 N_("Reconstructed: the Witch costs two lives, and the first seat with no "
                    "lives left has lost.")),
})

# Each rule book's sources as the rules file's list names them (title, author, year), shown
# as its source: proper names, never translated, and never the rules file's own name
SOURCES: Mapping[str, str] = MappingProxyType({
    "adrian": "K. Adrian (1909); Wikipedia (en), «Vogelspiel» (2023); wikisum.wiki, «Vogelspiel»",
    "pichler": (
        "Johann Georg Pichler; "
        "Wikipedia (en), «Vogelspiel» (2023); "
        "wikisum.wiki, «Vogelspiel»"),
    "salzburg": (
        "Ignaz Preisinger, «Salzburger Hexenspiel» (Salzburg, ~1816); "
        "Universitätsbibliothek Salzburg, «Buch des Monats» (11/2011)"),
})

# --- Words for the screens (issue 13: rule words are rule data) ---------------------------------
# The reveal's and the draw's words at this game's table, each under the game's own context
# (issue 24): Vogelspiel's pack is cards, and a language that has a word for them says so.
TABLE_WORDS: Mapping[str, Form] = MappingProxyType({
    "whose_piece": Form("Vogelspiel's table", Np_("Vogelspiel's table", "{seat}'s piece")),
    "show": Form("Vogelspiel's table", Np_("Vogelspiel's table", "Show the pieces")),
    "show_now": Form("Vogelspiel's table", Np_("Vogelspiel's table", "Show the pieces.")),
    "drawn": Form("Vogelspiel's table",
                  Np_("Vogelspiel's table", "Draw for dealer: the piece each drew")),
    "draw_now": Form("Vogelspiel's table",
                     Np_("Vogelspiel's table", "Draw for dealer: each seat draws a piece.")),
})
# New table's line on the game: where it is played, how many, what is special (ours,
# translated where shown).
LINE = N_("Reconstructed from summaries (Bavaria, Austria, Salzburg); 2 to 30 players, to the "
          "right, with lives: the Bird costs two, the Witch loses.")
# Each picture shown at the reveal, the object of its sentence ("Bo shows the ...",
# German's accusative), in the game's words at a table in its language (forms.py).
PIECE_FORMS: Mapping[str, Mapping[str, Form]] = MappingProxyType({
    "bird": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Bird"))}),
    "guard": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Guard"))}),
    "cat": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Cat"))}),
    "horse": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Horse"))}),
    "tavern": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Tavern"))}),
    "nulla": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Nulla"))}),
    "plate": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Plate"))}),
    "sausages": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Sausages"))}),
    "glass": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Glass"))}),
    "fool": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Fool"))}),
    "witch": MappingProxyType({"the": Form(
        "Vogelspiel's piece, object", Np_("Vogelspiel's piece, object", "the Witch"))}),
})


WORDS = FamilyWords(
    name="Vogelspiel", title=N_("Vogelspiel (reconstructed)"), line=LINE, language=LANGUAGE,
    source=SOURCE, sources=SOURCES, house_sentences=HOUSE_SENTENCES,
    pieces=PIECE_NAMES, calls=CALLS, glosses=GLOSSES, house_rules=HOUSE_RULES,
    rule_books=RULE_BOOKS, forms=PIECE_FORMS, table=TABLE_WORDS,
    roman=True,  # "The pack": its numerals are written XII … I
    reconstructed=RECONSTRUCTED,
    material=CARDS,  # cards dealt from a stock
    # the values of `numerals` in words (vogelspiel.md, "The pack": XII … I, or X … I and Nulla)
    values={"1-12": N_("the numerals XII to I"),
            "1-10+nulla": N_("the numerals X to I and the Nulla")},
)
BOOK = GameBook(game="vogelspiel", max_seats=30, ledger=LIVES, presets=PRESETS,
                words=WORDS,
                # vogelspiel.md, "lives": "two of three lives" (adrian's Bird), Pichler's "6
                # or 7 «Strichel»", Salzburg's circle of 10 to 12 cross-strokes
                stakes={"adrian": 3, "pichler": 6, "salzburg": 10})
