"""Gnav's words: piece names, calls, glosses, sources and summaries of each rule book.

Cited from docs/rules/gnav.md: "The pack" (each piece's name in Norwegian (damm), Danish and
English), "The calls" (each rule book's call words, and DA1917's Danish calls), "Sources".
The calls are names, never translated: a screen says them as the rule book does. The glosses,
source words and summaries are our own English, marked here and translated where shown (the
catalogues' context "call" for the glosses). Where a source gives the calls in the reader's
language (DA1917 in Danish), the screens show that source's words instead of a translation of
ours (issue 17).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.core.errors import N_, Np_
from companion.engine.cuckoo.forms import Form
from companion.engine.gnav.pieces import GNAV_PACK
from companion.engine.gnav.rules import PRESETS, rulebook

# New table's line on the game: where it is played, by how many, what is special.
LINE = N_("Norway and Denmark. 2 to 40 players, one piece each: keep it or swap it with the "
          "next player; the lowest piece pays.")

# What a call table names besides the matadors: a seat's stand and its ask to swap.
SAYINGS: tuple[str, ...] = ("stand", "change", *GNAV_PACK.matadors)


@dataclass(frozen=True, slots=True)
class PieceNames:
    """A piece's names as gnav.md's pack table gives them: Norwegian (damm), Danish, English."""

    nb: str
    da: str
    en: str


@dataclass(frozen=True, slots=True)
class NativeCalls:
    """A source's calls in one of the app's languages, for the glosses in that language."""

    language: str
    source: str  # how the gloss cites it, e.g. "DA1917"
    calls: Mapping[str, str]  # only what the source says; the rest keeps our gloss


@dataclass(frozen=True, slots=True)
class BookWords:
    """One rule book's words: its calls as its source says them, what they mean in our
    English (translated where shown), its source and summary (ours, translated)."""

    rules: str
    calls: Mapping[str, str]
    glosses: Mapping[str, str]
    source: str
    summary: str

    def __post_init__(self) -> None:
        for table in (self.calls, self.glosses):
            if set(table) != set(SAYINGS):
                # A programming error in this file, not something a referee can cause.
                raise ValueError(f"the words of rule book {self.rules} do not name every call")


def _frozen(table: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(table)


# gnav.md, "The pack". The numerals are named as a group ("tallbrikkene"); one numeral is
# NUMERAL_NB in Norwegian and its number in Danish and English.
PIECE_NAMES: Mapping[str, PieceNames] = MappingProxyType({
    "cuckoo": PieceNames("gauken", "gøgen", "Cuckoo"),
    "dragoon": PieceNames("dragonen", "dragonen", "Dragoon (gamerules: Knight)"),
    "cat": PieceNames("katten", "katten", "Cat"),
    "horse": PieceNames("hesten", "hesten", "Horse"),
    "house": PieceNames("huset", "huset", "House"),
    "pot": PieceNames("potta", "potten", "(Flower)pot"),
    "owl": PieceNames("ugla", "uglen", "Owl"),
    "fool": PieceNames("narren", "narren", "Fool"),
})
NUMERAL_NB = "tallbrikke {number}"  # damm's word for the numbered pieces: a name, not UI


def piece_names(piece: str) -> PieceNames:
    """The pack table's names; a numeral is 'tallbrikke 7' in Norwegian, '7' otherwise."""
    if piece in PIECE_NAMES:
        return PIECE_NAMES[piece]
    GNAV_PACK.piece(piece)  # a KeyError for what is not in the pack
    return PieceNames(NUMERAL_NB.format(number=piece), piece, piece)


# gnav.md, "The calls", the DA1917 (Danish) column: «Stå for gøgen!», «Hug af!», «Kis! Kis!»,
# «Hest forbi!», «Hus forbi!»; the stand and the ask to swap are "(not said)".
DA1917 = NativeCalls("da", "DA1917", _frozen({
    "cuckoo": "«Stå for gøgen!»",
    "dragoon": "«Hug af!»",
    "cat": "«Kis! Kis!»",
    "horse": "«Hest forbi!»",
    "house": "«Hus forbi!»",
}))
NATIVE_CALLS: tuple[NativeCalls, ...] = (DA1917,)


def native_call(language: str, call: str) -> tuple[str, str] | None:
    """(source, words) when a Gnav source says `call` in `language`, else None."""
    for native in NATIVE_CALLS:
        if native.language == language and call in native.calls:
            return native.source, native.calls[call]
    return None


GNAV_WORDS: Mapping[str, BookWords] = MappingProxyType({w.rules: w for w in (
    BookWords(
        rules="damm",
        calls=_frozen({
            "stand": "«Står»",
            "change": "«Vil du bytte?»",
            "cuckoo": "«Ko-ko!»",
            "dragoon": "«Hogg av!»",
            "cat": "«Kiss!»",
            "horse": "«Hest forbi!»",
            "house": "«Hus forbi!»",
        }),
        glosses=_frozen({
            "stand": Np_("call", "I stand"),
            "change": Np_("call", "Will you swap?"),
            "cuckoo": Np_("call", "Cuckoo!"),
            "dragoon": Np_("call", "Chop off!"),
            "cat": Np_("call", "Puss!"),
            "horse": Np_("call", "Horse, pass on!"),
            "house": Np_("call", "House, pass on!"),
        }),
        source=N_("the Damm rule sheet"),
        summary=N_(
            "The printed Norwegian rule sheet (Damm). A dragoon or cat stops the swap and the "
            "asker pays a counter; a cat undoes nothing. The dealer may swap with the stock, "
            "which never calls. The fool stands apart: a lone fool pays, two fools each take a "
            "counter from the pool."
        ),
    ),
    BookWords(
        rules="pagat",
        calls=_frozen({
            "stand": "«Jeg står»",
            "change": "«Jeg byter»",
            "cuckoo": "«Stop! Cuckoo!»",
            "dragoon": "«Chop!»",
            "cat": "«Miaow!»",
            "horse": "«Pass the horse!»",
            "house": "«Pass the house!»",
        }),
        glosses=_frozen({
            "stand": Np_("call", "I stand"),
            "change": Np_("call", "I swap"),
            "cuckoo": Np_("call", "Stop! Cuckoo!"),
            "dragoon": Np_("call", "Chop!"),
            "cat": Np_("call", "Miaow!"),
            "horse": Np_("call", "Pass the horse!"),
            "house": Np_("call", "Pass the house!"),
        }),
        source=N_("Wikipedia after pagat.com"),
        summary=N_(
            "The rules on Wikipedia, after pagat.com. After a dragoon play goes on left of the "
            "holder. A cat undoes every swap made this round. The stock passes on a horse or a "
            "house and draws again. The fool is the lowest piece and drags the next lowest "
            "down with it."
        ),
    ),
    BookWords(
        rules="gamerules",
        calls=_frozen({
            "stand": "«Keep»",
            "change": "«Swap»",
            "cuckoo": "«Stop cuckoo!»",
            "dragoon": "«Cut off!»",
            "cat": "«Meow!»",
            "horse": "«Pass the horse!»",
            "house": "«Pass the house!»",
        }),
        glosses=_frozen({
            "stand": Np_("call", "Keep"),
            "change": Np_("call", "Swap"),
            "cuckoo": Np_("call", "Stop cuckoo!"),
            "dragoon": Np_("call", "Cut off!"),
            "cat": Np_("call", "Meow!"),
            "horse": Np_("call", "Pass the horse!"),
            "house": Np_("call", "Pass the house!"),
        }),
        source=N_("gamerules.com"),
        summary=N_(
            "The modern English rewrite (gamerules.com). A cat undoes every swap made this "
            "round. The stock follows the matador rules for whatever it shows. The fool is the "
            "lowest piece and drags the next lowest down; the two holders of two fools may sit "
            "out the next round."
        ),
    ),
)})


# The pieces and the rule book fields in our English, translated where they are shown: a
# piece's title, as a button names it (context "piece"), and with its article, as a sentence
# does ("definite").
PIECE_TITLES: Mapping[str, str] = MappingProxyType({
    "cuckoo": Np_("piece", "Cuckoo"), "dragoon": Np_("piece", "Dragoon"),
    "cat": Np_("piece", "Cat"), "horse": Np_("piece", "Horse"), "house": Np_("piece", "House"),
    "pot": Np_("piece", "Pot"), "owl": Np_("piece", "Owl"), "fool": Np_("piece", "Fool"),
})
# The piece with its definite article, as a sentence names it: "the cuckoo", "gauken".
PIECE_DEFINITE: Mapping[str, str] = MappingProxyType({
    "cuckoo": Np_("definite", "the cuckoo"), "dragoon": Np_("definite", "the dragoon"),
    "cat": Np_("definite", "the cat"), "horse": Np_("definite", "the horse"),
    "house": Np_("definite", "the house"), "pot": Np_("definite", "the pot"),
    "owl": Np_("definite", "the owl"), "fool": Np_("definite", "the fool"),
})

# Every rule book field in words: its title and what it does (gnav.md, "Rule book fields").
FIELD_TITLES: Mapping[str, str] = MappingProxyType({
    "fool_scoring": N_("Fool scoring"),
    "two_fools_sit_out": N_("Two fools may sit out"),
    "chop_continues": N_("After a dragoon, play goes on"),
    "cat_reverses": N_("A cat undoes the swaps"),
    "stock_calls": N_("Calls the stock makes"),
    "asker_pays": N_("Calls the asker pays for"),
})
FIELD_HELP: Mapping[str, str] = MappingProxyType({
    "fool_scoring": N_(
        "Stands apart: the fool is outside the order; when both fools are shown each holder "
        "takes a counter from the pool, a lone fool pays. Drags the next: the fool is the "
        "lowest piece, and its holder and the holder of the next lowest piece both lose."
    ),
    "two_fools_sit_out": N_(
        "When both fools are shown, their holders may sit out the next round."
    ),
    "chop_continues": N_(
        "After a dragoon stops a swap: play goes on left of the asker, or left of the holder "
        "(the seats in between lose their turn)."
    ),
    "cat_reverses": N_(
        "A cat stops the swap and every swap made this round is handed back, newest first."
    ),
    "stock_calls": N_(
        "Which matadors count when the dealer swaps with the stock. None: the stock never "
        "calls, the dealer just swaps."
    ),
    "asker_pays": N_("Which calls make the asker pay a counter (or take a stroke) at once."),
})
CHOICE_WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "fool_scoring": {"damm": N_("Stands apart"), "drags_next": N_("Drags the next")},
    "chop_continues": {"after_asker": N_("Left of the asker"),
                       "after_holder": N_("Left of the holder")},
})
# Each house field's value told as a sentence (the rules card, Learn of a table): keyed by the
# value (true or false, "left", "2"); a list of pieces by "some" ({pieces}) or "none"; an
# order of pieces by "*" ({order})
HOUSE_SENTENCES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "fool_scoring": MappingProxyType({
        "damm": N_("The fool stands apart: a lone fool pays, two fools each take a counter "
                   "from the pool."),
        "drags_next": N_("The fool is the lowest piece and drags the next lowest down with "
                         "it."),
    }),
    "two_fools_sit_out": MappingProxyType({
        "true": N_("When both fools are shown, their holders may sit out the next round."),
        "false": N_("The holders of two fools shown play the next round as usual."),
    }),
    "chop_continues": MappingProxyType({
        "after_asker": N_("After a dragoon, play goes on left of the asker."),
        "after_holder": N_("After a dragoon, play goes on left of the holder: the seats in "
                           "between lose their turn."),
    }),
    "cat_reverses": MappingProxyType({
        "true": N_("A cat stops the swap and every swap made this round is handed back, newest "
                   "first."),
        "false": N_("A cat stops the swap and hands nothing back."),
    }),
    "stock_calls": MappingProxyType({
        "some": N_("The stock calls {pieces}."),
        "none": N_("The stock never calls: the dealer just swaps."),
    }),
    "asker_pays": MappingProxyType({
        "some": N_("The asker pays at once for {pieces}."),
        "none": N_("No call makes the asker pay at once."),
    }),
})
# How the new table screen labels a choice and a list entry of a rule book field.
CHOICE_LABELS: Mapping[str, str] = MappingProxyType({"fool_scoring": N_("Fool: {choice}"),
                                 "chop_continues": N_("Dragoon: {choice}")})
LIST_LABELS: Mapping[str, str] = MappingProxyType({"stock_calls": N_("The stock calls {piece}"),
                               "asker_pays": N_("The asker pays for {piece}")})


def check_every_book_has_words(books: Mapping[str, object],
                               words_of: Mapping[str, BookWords]) -> None:
    """A rule book without words is an error when the app loads, not a silent fallback."""
    missing = sorted(set(books) - set(words_of))
    if missing:
        raise ValueError(f"rule book(s) {', '.join(missing)} have no words in gnav/book.py")


check_every_book_has_words(PRESETS, GNAV_WORDS)


def words(rules: str) -> BookWords:
    """The words of rule book `rules`; a name that is not a rule book is an error."""
    return GNAV_WORDS[rulebook(rules).name]


# --- The pieces inside the sentences about their roles (issue 13: rule words are rule data) ---
# gnav.md: a seat dealt the fool may knock, the dealer may ask about the other fool (house
# default 13), two fools shown take from the pool or sit out, a lone fool pays, the lowest fool
# drags the next lowest down; the turns end at a cuckoo. The screens and lessons take these
# pieces as placeholders in the form each sentence needs (see forms.py).
PIECE_FORMS: Mapping[str, Mapping[str, Form]] = MappingProxyType({
    "fool": MappingProxyType({
        "the": Form("object", Np_("object", "the fool")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the fool")),
        "a": Form("object", Np_("object", "a fool")),
        "the_only": Form("object", Np_("object", "the only fool")),
        "the_other": Form("object", Np_("object", "the other fool")),
        "the_other_after": Form("after a preposition",
                                Np_("after a preposition", "the other fool")),
        "the_two": Form("object", Np_("object", "the two fools")),
        "two_opening": Form("opening a sentence", Np_("opening a sentence", "Two fools")),
        "both": Form("subject", Np_("subject", "both fools")),
        "a_lone": Form("subject", Np_("subject", "a lone fool")),
    }),
    "cuckoo": MappingProxyType({
        "a_after": Form("after a preposition", Np_("after a preposition", "a cuckoo")),
        "the": Form("object", Np_("object", "the cuckoo")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the cuckoo")),
    }),
    # Any piece is shown as the lowest, any call is shown by the stock, answered with or kept:
    # each picture as an object and after a preposition (German's "den Kuckuck", "mit dem").
    "dragoon": MappingProxyType({
        "the": Form("object", Np_("object", "the dragoon")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the dragoon")),
    }),
    "cat": MappingProxyType({
        "the": Form("object", Np_("object", "the cat")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the cat")),
    }),
    "horse": MappingProxyType({
        "the": Form("object", Np_("object", "the horse")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the horse")),
    }),
    "house": MappingProxyType({
        "the": Form("object", Np_("object", "the house")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the house")),
    }),
    "pot": MappingProxyType({
        "the": Form("object", Np_("object", "the pot")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the pot")),
    }),
    "owl": MappingProxyType({
        "the": Form("object", Np_("object", "the owl")),
        "the_after": Form("after a preposition", Np_("after a preposition", "the owl")),
    }),
})
