"""Gnav as the app knows it: its description, how a table of it is told outside its own screen,
and what Learn and the quiz teach of it under each rule book.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core.description import Deck, GameDescription
from companion.core.fields import MAX_SEATS
from companion.core.protocols import AnyState, Dice
from companion.engine.cuckoo.narrate import PHASES
from companion.engine.cuckoo.rulebook import RuleBook
from companion.engine.describe import Description, LearnPage, Question
from companion.i18n import Tr

from . import book as words
from . import narrate, quiz, teach
from .kind import KIND
from .pieces import GNAV_PACK, PIECES
from .rules import PRESETS, Rulebook
from .state import TableState

# Its table's screens (views; named, not imported: the engine knows no Flet).
TABLE_PARTS = "companion.views.gnav_pages"


def _gnav(state: AnyState) -> TableState:
    if not isinstance(state, TableState):
        raise TypeError(f"a {type(state).__name__} is not a Gnav table")
    return state


def _rulebook(book: RuleBook) -> Rulebook:
    if not isinstance(book, Rulebook):
        raise TypeError(f"a {type(book).__name__} is not a rule book of Gnav")
    return book


class GnavNarration:
    """A Gnav table told outside its own screen (companion.engine.describe's Narration)."""

    phases: Mapping[str, str] = PHASES

    def board_state(self, state: AnyState, tr: Tr) -> dict[str, Any]:
        return narrate.board_state(_gnav(state), tr)

    def result_text(self, state: AnyState, tr: Tr,
                    fits: Callable[[str], bool] | None = None) -> str:
        return narrate.result_text(_gnav(state), tr, fits)

    def call_words(self, rules: str, call: str) -> str:
        try:
            return narrate.call_words(rules, call)
        except KeyError:
            return call


class GnavTeaching:
    """What Learn and the quiz teach of Gnav (companion.engine.describe's Teaching)."""

    def books(self) -> Mapping[str, RuleBook]:
        return PRESETS

    def book_title(self, name: str, tr: Tr) -> str:
        return name  # Gnav's rule books are named as their sources are known

    def table_book(self, state: AnyState) -> RuleBook:
        return _gnav(state).rules

    def learn(self, book: RuleBook, tr: Tr, at_table: bool = False) -> LearnPage:
        return teach.learn_page(_rulebook(book), tr)

    def house_rules(self, book: RuleBook, tr: Tr) -> list[str]:
        return narrate.rulebook_differences(_rulebook(book), PRESETS[book.name], tr)

    def questions(self, book: RuleBook, dice: Dice, tr: Tr) -> Sequence[Question]:
        return quiz.questions(_rulebook(book), dice, tr)

    def piece_name(self, piece: str, tr: Tr) -> str:
        return tr.in_sentence(narrate.piece_title(piece, tr))

    def piece_title(self, piece: str, tr: Tr) -> str:
        return teach.title(piece, tr)

    def print_words(self, tr: Tr) -> str:
        return teach.print_words(tr)


GAME: Description = GameDescription(
    id=KIND.name, name="Gnav", line=words.LINE, kind=KIND, books=dict.fromkeys(PRESETS),
    max_seats=MAX_SEATS, narration=GnavNarration(), teaching=GnavTeaching(),
    table_parts=TABLE_PARTS, catalogue=(words, narrate, teach, quiz),
    deck=Deck(title="Gnav", order=tuple((p.name, p.count) for p in GNAV_PACK.pieces),
              matadors=frozenset(GNAV_PACK.matadors),
              own_names={piece: teach.names(piece)[0] for piece in PIECES}),
)
