"""Kille, Cuccù, Slabberjan and Vogelspiel as the app knows them: each game's description, made
from its GameBook (its rule data and words) by `family_game`, with the narration and teaching
the four share. Each game's package exports what this makes (companion/engine/<game>/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from companion.core.description import Deck, GameDescription
from companion.core.protocols import AnyState, Dice
from companion.engine.describe import Description, LearnPage, Question
from companion.i18n import Tr

from . import material, narrate, quiz, teach
from .family import FamilyKind, FamilyState
from .narrate import PHASES, book_title
from .quiz import questions
from .rulebook import GameBook, RuleBook
from .teach import learn_page, matadors, own_name, print_words, rules, table_name

# The screens of a family table (views; named, not imported: the engine knows no Flet).
TABLE_PARTS = "companion.views.family_pages"


def _family(state: AnyState) -> FamilyState:
    if not isinstance(state, FamilyState):
        raise TypeError(f"a {type(state).__name__} is not a table of the family")
    return state


@dataclass(frozen=True)
class FamilyNarration:
    """A family table told outside its own screen (companion.engine.describe's Narration)."""

    book: GameBook
    phases: ClassVar[Mapping[str, str]] = PHASES

    def board_state(self, state: AnyState, tr: Tr) -> dict[str, Any]:
        return narrate.board_state(_family(state), tr)

    def result_text(self, state: AnyState, tr: Tr,
                    fits: Callable[[str], bool] | None = None) -> str:
        return narrate.result_text(_family(state), tr, fits)

    def call_words(self, rules: str, call: str) -> str:
        try:
            return narrate.call_words(self.book, call)
        except KeyError:
            return call


@dataclass(frozen=True)
class FamilyTeaching:
    """What Learn and the quiz teach of one game of the family (companion.engine.describe's
    Teaching), from its GameBook."""

    book: GameBook

    def books(self) -> Mapping[str, RuleBook]:
        return self.book.presets

    def book_title(self, name: str, tr: Tr) -> str:
        return book_title(self.book, name, tr)

    def table_book(self, state: AnyState) -> RuleBook:
        return _family(state).rulebook

    def learn(self, book: RuleBook, tr: Tr, at_table: bool = False) -> LearnPage:
        return learn_page(self.book, book, tr)

    def house_rules(self, book: RuleBook, tr: Tr) -> list[str]:
        return narrate.house_rule_sentences(self.book, book, tr)

    def questions(self, book: RuleBook, dice: Dice, tr: Tr) -> Sequence[Question]:
        return questions(self.book, book.name, dice, tr)

    def piece_name(self, piece: str, tr: Tr) -> str:
        return table_name(self.book, piece, tr)

    def piece_title(self, piece: str, tr: Tr) -> str:
        return table_name(self.book, piece, tr)

    def print_words(self, tr: Tr) -> str:
        return print_words(self.book, tr)


def family_game(book: GameBook, words: ModuleType) -> Description:
    """The description of one game of the family, from its GameBook and the module of its
    rule data (`words`: its book.py, whose messages are the app's catalogue's)."""
    first = rules(book)
    return GameDescription(
        id=book.game, name=book.words.name, line=book.words.line, kind=FamilyKind(book),
        books={name: title for name, (title, _summary) in book.words.rule_books.items()},
        max_seats=book.max_seats, narration=FamilyNarration(book), teaching=FamilyTeaching(book),
        table_parts=TABLE_PARTS, catalogue=(words, material, narrate, teach, quiz),
        title=book.words.title,
        # every rule book of a game deals the same pack but Vogelspiel's Nulla variant, a
        # house rule: the deck prints its first rule book's
        deck=Deck(title=book.words.name, order=first.order,
                  matadors=frozenset(matadors(first)),
                  own_names={piece: own_name(book, piece) for piece, _n in first.order},
                  pictures=book.words.pictures),
    )
