"""What a game's description holds besides the floor's (companion.core.description): how it is
told wherever its table is not its own screen (`Narration`: the spectators' boards, the result
to take home, the tables list) and what the shared Learn and quiz teach of a game of pieces
(`Teaching`). Both speak the reader's language (a Tr); each game's package implements them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.description import GameDescription
from companion.core.protocols import AnyState, Dice
from companion.i18n import Tr

from .cuckoo.rulebook import RuleBook


class Narration(Protocol):
    """A table of one game told in sentences, outside its own screen."""

    @property
    def phases(self) -> Mapping[str, str]:
        """Each phase of its state in words, for the tables list (N_, translated there)."""
        ...

    def board_state(self, state: AnyState, tr: Tr) -> dict[str, Any]:
        """What the spectators' board shows of the state, as plain values."""
        ...

    def result_text(self, state: AnyState, tr: Tr,
                    fits: Callable[[str], bool] | None = None) -> str:
        """The game told in plain text to take home, shortened to what `fits` one QR code."""
        ...

    def call_words(self, rules: str, call: str) -> str:
        """A call as the game's own words say it under that rule book («Hogg av!», «Kuku!»),
        never translated (the records' calls made and suffered); the call itself when the
        book has no words for it."""
        ...


@dataclass(frozen=True, slots=True)
class Lesson:
    """One piece on Learn: its title, the lines under it, its call, what it does under the
    rule book and how the game's other rule books differ."""

    piece: str
    title: str
    lines: tuple[str, ...]
    call: str | None  # a matador's call in the game's words, with its meaning
    does: tuple[str, ...]
    differs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LearnPage:
    """What Learn shows of a game under one rule book."""

    heading: str
    summary: str
    source: str
    lessons: tuple[Lesson, ...]
    reconstructed: str | None = None  # said when the game is known from summaries only
    card: tuple[tuple[str, tuple[str, ...]], ...] = ()  # its rules card, where Learn shows one
    # words of the game's own language with their meaning, in headed lists: (identifier,
    # heading, (word, meaning) pairs); Gwra pyskessa's suits, numbers and phrases
    glossary: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = ()
    # its lessons are pieces ranked in order, some of them matadors (the cuckoo family's);
    # False: cards by their names (a Go Fish has no order of pieces and no matador)
    matadors: bool = True


CHOICES = 4  # options a quiz question shows


@dataclass(frozen=True)
class Option:
    """One answer a quiz question offers; `key` is the engine's fact it states."""

    text: str
    key: Hashable


def pick(options: list[Option], right: Option, rng: Dice
         ) -> tuple[tuple[Option, ...], int]:
    """The right option and up to CHOICES-1 others with different facts, in a random order."""
    others: list[Option] = []
    for o in options:
        if o.key != right.key and o.key not in {x.key for x in others} \
                and o.text not in {x.text for x in others} and o.text != right.text:
            others.append(o)
    rng.shuffle(others)
    chosen = [right, *others[:CHOICES - 1]]
    rng.shuffle(chosen)
    return tuple(chosen), chosen.index(right)


class Question(Protocol):
    """A quiz question whose keyed answer the engine worked out."""

    @property
    def text(self) -> str: ...

    @property
    def shown(self) -> tuple[tuple[str, str], ...]: ...  # (seat, piece) shown, if any

    @property
    def rules(self) -> str: ...

    @property
    def options(self) -> Sequence[Option]: ...

    @property
    def answer(self) -> int: ...

    @property
    def explanation(self) -> Sequence[str]: ...


class Teaching(Protocol):
    """What the shared Learn and quiz screens teach of a game of pieces, under its rule books."""

    def books(self) -> Mapping[str, RuleBook]:
        """Its rule books as written (the presets), the default first."""
        ...

    def book_title(self, name: str, tr: Tr) -> str: ...

    def table_book(self, state: AnyState) -> RuleBook:
        """The rule book a table of the game plays by, with its house rules."""
        ...

    def learn(self, book: RuleBook, tr: Tr, at_table: bool = False) -> LearnPage:
        """Learn under `book` (a table's, with its house rules, when `at_table`)."""
        ...

    def house_rules(self, book: RuleBook, tr: Tr) -> list[str]:
        """Each house rule of `book` (where it differs from its rule book as written), a
        sentence: Learn of a table and its rules card tell them."""
        ...

    def questions(self, book: RuleBook, dice: Dice, tr: Tr) -> Sequence[Question]:
        """Its quiz under `book`, drawn with `dice`."""
        ...

    def piece_name(self, piece: str, tr: Tr) -> str:
        """A piece as a quiz question names it."""
        ...

    def piece_title(self, piece: str, tr: Tr) -> str:
        """A piece as a title names it (the printed deck's cards)."""
        ...

    def print_words(self, tr: Tr) -> str:
        """What Print a deck prints, in a sentence."""
        ...


# A game as the app knows it: what every game describes, with its narration, and its teaching
# where Learn and the quiz teach it as a game of pieces (Gwra pyskessa's screens teach their own).
Description = GameDescription[Narration, Teaching | None]
