"""A game of the family in words: what its rule data says to the table, beside its rules.

Each game's book module (companion/engine/<game>/book.py) fills one `FamilyWords` from its own
constants, cited from its rules file; the family's narration, lessons, quiz and deck read a
game's words from its GameBook, so no list of games is kept here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .forms import Form
from .material import CARDS, Material


@dataclass(frozen=True, slots=True)
class FamilyWords:
    """One game's words: its names, its pieces and calls in its own language with our English
    (translated where shown), its rule books' and house rules' explanations."""

    name: str  # the game's own name, never translated: "Cuccù"
    title: str  # its name as New table and the results title it (N_): "Vogelspiel (reconstructed)"
    line: str  # New table's line on it (N_)
    language: str  # the language of its own words: a table in it names the pieces as it does
    source: str  # the rules file its data cites (for the code's reader; never shown)
    pieces: Mapping[str, tuple[str, Form]]  # picture: (its own name, our English)
    calls: Mapping[str, tuple[str, str]]  # matador: (its call in its words, our English)
    glosses: Mapping[str, str]  # call (and "stand", "change"): our gloss (context "call")
    house_rules: Mapping[str, str]  # house field: what it does (N_)
    rule_books: Mapping[str, tuple[str, str]]  # rule book: (its title, its summary) (N_)
    forms: Mapping[str, Mapping[str, Form]]  # piece: its name in the forms sentences need
    # the reveal's and the draw's words at its table ("{seat}'s piece", "Show the pieces"),
    # under the game's own context: a card game's table may say cards
    table: Mapping[str, Form]
    roman: bool = False  # its numerals are written X ... I on the pack
    pictures: Mapping[str, str] = field(default_factory=dict)  # piece: the picture it shows,
    # where not its own (Slabberjan's pot is a chamber pot)
    reconstructed: bool = False  # from summaries only: no living tradition is known
    # a house field's values in words where they are the game's own (N_): Vogelspiel's numerals
    values: Mapping[str, str] = field(default_factory=dict)
    # what the players hold and the dealer draws from (material.py)
    material: Material = field(default_factory=lambda: CARDS)
    # each rule book's sources as the rules file's list names them (title, author, year), as
    # Learn and the rules card show them: proper names, never translated
    sources: Mapping[str, str] = field(default_factory=dict)
    # each house field's values told as sentences (companion.narrate.words.house_sentence)
    house_sentences: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
