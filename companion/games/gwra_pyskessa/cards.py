"""The pack of Gwra pyskessa and the names of its cards, as the seed writes them.

Cited from docs/rules/gwra-pyskessa.md, "The phrasebook (data)" and the 52 card names (the
seed's "Playing Cards" table and vocabulary list). The Cornish is kept exactly as the seed
spells it, inconsistencies included; it is never translated. The English is the rules file's
and is marked for translation (nb, da) in the errors catalogue, which renders every `Text`.
A card id is its rank id and suit letter: `7H`, `10S`, `QD`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.engine.errors import N_, Text

PACK_SIZE = 52
SET_SIZE = 4


@dataclass(frozen=True, slots=True)
class Rank:
    """One rank: the rules file's row `id: [Cornish, English singular, plural, with article,
    value (ace high)]`."""

    id: str
    cornish: str  # capitalised, as the card table and the vocabulary write it
    singular: str
    plural: str
    article: str
    value: int

    @property
    def word(self) -> str:
        """The Cornish rank word inside a sentence: a small first letter («seyth»), as in the
        seed's example of play."""
        return self.cornish[0].lower() + self.cornish[1:]


@dataclass(frozen=True, slots=True)
class Suit:
    """One suit: `letter: [Cornish as in the card table, vocabulary list, English]`."""

    letter: str
    cornish: str  # «an Palyow», capitalised as in the card table
    vocabulary: str  # «...an palyow», small, as the vocabulary list writes it
    english: str  # "of spades"
    card_english: str  # the English card name's template, "{rank} of spades"


# The rules file's ranks, lowest first; every English word is marked for the catalogue here.
RANKS: tuple[Rank, ...] = (
    Rank("2", "Dew", N_("two"), N_("twos"), N_("a two"), 2),
    Rank("3", "Tri", N_("three"), N_("threes"), N_("a three"), 3),
    Rank("4", "Peswar", N_("four"), N_("fours"), N_("a four"), 4),
    Rank("5", "Pymp", N_("five"), N_("fives"), N_("a five"), 5),
    Rank("6", "Hwegh", N_("six"), N_("sixes"), N_("a six"), 6),
    Rank("7", "Seyth", N_("seven"), N_("sevens"), N_("a seven"), 7),
    Rank("8", "Eth", N_("eight"), N_("eights"), N_("an eight"), 8),
    Rank("9", "Naw", N_("nine"), N_("nines"), N_("a nine"), 9),
    Rank("10", "Deg", N_("ten"), N_("tens"), N_("a ten"), 10),
    Rank("J", "Jakka", N_("jack"), N_("jacks"), N_("a jack"), 11),
    Rank("Q", "Myghternes", N_("queen"), N_("queens"), N_("a queen"), 12),
    Rank("K", "Myghtern", N_("king"), N_("kings"), N_("a king"), 13),
    Rank("A", "Byd", N_("ace"), N_("aces"), N_("an ace"), 14),
)
RANK: Mapping[str, Rank] = MappingProxyType({r.id: r for r in RANKS})
RANK_IDS: tuple[str, ...] = tuple(r.id for r in RANKS)

# In the card table's column order (spades, diamonds, clubs, hearts). The vocabulary's own
# spellings keep its small letters and its «... an kolonnow» with a space; the card name
# is translated whole ("{rank} of spades"), as the languages order its two words differently.
SUITS: tuple[Suit, ...] = (
    Suit("S", "an Palyow", "...an palyow", N_("of spades"), N_("{rank} of spades")),
    Suit("D", "an Adamantys", "...an adamantys", N_("of diamonds"), N_("{rank} of diamonds")),
    Suit("C", "an Mor Du", "...an mor du", N_("of clubs"), N_("{rank} of clubs")),
    Suit("H", "an Kolonnow", "... an kolonnow", N_("of hearts"), N_("{rank} of hearts")),
)
SUIT: Mapping[str, Suit] = MappingProxyType({s.letter: s for s in SUITS})

# The vocabulary list's words that are no card of the game: the joker is taken out of the
# pack ("Remove the jokers and from the pack.", a word missing in the seed), and "Onan" and
# "Mann" are numbers, not ranks (the ace is "Byd").
JOKER: tuple[str, str] = ("Benni", N_("Joker"))
NUMBERS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "one": ("Onan", N_("one")),
    "nought": ("Mann", N_("nought")),
})


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit

    @property
    def id(self) -> str:
        return self.rank.id + self.suit.letter

    @property
    def cornish(self) -> str:
        """The seed's card name: "{Cornish rank} {Cornish suit}", «Dew an Palyow»."""
        return f"{self.rank.cornish} {self.suit.cornish}"

    @property
    def english(self) -> Text:
        """"two of spades", translated whole."""
        return Text(self.suit.card_english, rank=Text(self.rank.singular))


PACK: tuple[Card, ...] = tuple(Card(r, s) for r in RANKS for s in SUITS)
CARD: Mapping[str, Card] = MappingProxyType({c.id: c for c in PACK})
