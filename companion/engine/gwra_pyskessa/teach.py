"""What the shared Learn and quiz teach of Gwra pyskessa (companion.engine.describe's Teaching),
as they teach every other game: its cards by their Cornish names with their meanings, the suits,
numbers and phrases of the phrasebook, its rules of play, and its quiz, all from the phrasebook's
data (narrate.py). Its one rule book is the seed's, with no house rules to choose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from companion.core.protocols import AnyState, Dice
from companion.engine.cuckoo.rulebook import RuleBook
from companion.engine.describe import LearnPage, Lesson, Option, Question
from companion.i18n import Tr

from . import narrate
from .cards import RANK, RANKS
from .events import RULES

QUESTIONS = 10  # a round of the quiz


@dataclass(frozen=True, slots=True)
class GoFishBook(RuleBook):
    """The seed's rules (gwra-pyskessa.md: one rule book, `kernewek`): no field a table may
    change, so nothing to compile; its play is its own state's (state.py)."""


BOOKS: Mapping[str, RuleBook] = MappingProxyType({name: GoFishBook(name) for name in RULES})


@dataclass(frozen=True)
class GoFishQuestion:
    """A question of the phrasebook's quiz as the shared quiz asks it (describe's Question)."""

    text: str
    options: tuple[Option, ...]
    answer: int
    explanation: tuple[str, ...]
    rules: str = RULES[0]
    shown: tuple[tuple[str, str], ...] = ()


class GoFishTeaching:
    """Gwra pyskessa in Learn and the quiz (companion.engine.describe's Teaching)."""

    def books(self) -> Mapping[str, RuleBook]:
        return BOOKS

    def book_title(self, name: str, tr: Tr) -> str:
        return narrate.NAME  # its one rule book is the sheet the game is named by

    def table_book(self, state: AnyState) -> RuleBook:
        return BOOKS[RULES[0]]

    def learn(self, book: RuleBook, tr: Tr, at_table: bool = False) -> LearnPage:
        _ = tr
        return LearnPage(
            heading=_("{game}: the Cornish at the table", game=narrate.NAME),
            summary=_("Ask only in Cornish. A card's name is its rank, then its suit: "
                      "«Myghternes an Kolonnow» is the queen of hearts."),
            source=narrate.SOURCE,
            lessons=tuple(Lesson(rank, cornish, (meaning,), None, (), ())
                          for rank, (cornish, meaning) in zip(
                              (r.id for r in RANKS), narrate.rank_pairs(tr), strict=True)),
            card=((_("Rules of play"), tuple(narrate.rules_lines(tr))),),
            glossary=(("suits", _("Suits"), tuple(narrate.suit_pairs(tr))),
                      ("numbers", _("Numbers"), tuple(narrate.number_pairs(tr))),
                      ("phrases", _("Phrases"), tuple(narrate.phrase_pairs(tr)))),
            matadors=False,
        )

    def house_rules(self, book: RuleBook, tr: Tr) -> list[str]:
        return []  # no house rules to choose (New table offers none)

    def questions(self, book: RuleBook, dice: Dice, tr: Tr) -> Sequence[Question]:
        return [GoFishQuestion(q.prompt, tuple(Option(o, o) for o in q.options), q.answer,
                               (q.why,))
                for q in narrate.quiz_questions(dice, tr, QUESTIONS)]

    def piece_name(self, piece: str, tr: Tr) -> str:
        return RANK[piece].cornish if piece in RANK else piece

    def piece_title(self, piece: str, tr: Tr) -> str:
        return self.piece_name(piece, tr)

    def print_words(self, tr: Tr) -> str:
        return ""  # an ordinary pack: no deck to print (its description has none)
