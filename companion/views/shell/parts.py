"""What a game adds to the table screen: its parts.

The shell (table.py) is the same for every game: the top bar, the banner, the seats round
the table, the one question, undo and redo with their sentences, the settlement and the
game over, keeping what was half entered through a turn of the screen. A game's screens
name the maker of its parts (`PARTS.table`, views/parts.py; a `PartsMaker`, table.py), which
the shell calls with itself to get the game's `TableParts`: its seats' faces, its question
and answers (or its own picker), and its sentences. Which module holds them, the game's
description names (`table_parts`, a dotted module path; companion/app.py resolves it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import flet as ft

from companion.i18n import Tr

from .answers import Question

# The banner is kept as a function of the language, so that a switch retells the same news.
News = Callable[[Tr], list[str]]
# A sentence told in whatever language the screen is in when it is drawn.
Said = Callable[[Tr], str]
Direction = Literal["left", "right"]
# How the shell lays a seat out: round a tablet's table ("full"), small round a phone's table
# ("compact"), in a crowded table's grid ("grid"), a row of a crowded phone's list ("row").
Mode = Literal["full", "compact", "grid", "row"]


class Face(Protocol):
    """One seat (or the middle of the table) as a game draws it. The shell places `control`
    (left and top round the table) and tells it the room it has; the game fills it."""

    @property
    def control(self) -> ft.Container: ...

    def set_mode(self, mode: Mode, width: float | None, height: float | None = None
                 ) -> None: ...


@dataclass(frozen=True, slots=True)
class Settled:
    """A round's settlement as its panel tells it: the title, the sentences, and a game's own
    picture of it (the pieces shown)."""

    title: str
    lines: Sequence[str]
    shown: ft.Control | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat at the game's end: its place's words, and a game's own picture (the sets)."""

    name: str
    words: str
    shown: ft.Control | None = None


@dataclass(frozen=True, slots=True)
class Over:
    """The game's end: who won (the largest words), what else to say, and every seat."""

    headline: str
    lines: Sequence[str]
    standings: Sequence[Standing]
    shown: ft.Control | None = None  # the last round's pieces
    rematch: bool = True


@dataclass(slots=True)
class Told:
    """What an event did, for the banner: `asks` when it only tells what the question now
    asks about (a phone, short of height, then leaves the banner out)."""

    news: News
    asks: bool = False


class TableParts(Protocol):
    """A game's parts at the table (see the module)."""

    @property
    def faces(self) -> Sequence[Face]: ...  # each seat, in seating order, made once

    @property
    def centre(self) -> Face | None: ...  # the middle of the table: the pool, the deck

    # the way play goes round the table, and in words
    def direction(self, tr: Tr) -> tuple[Direction, str] | None: ...

    def title(self) -> str: ...

    def now(self, tr: Tr) -> str: ...  # what the table waits for, as a sentence

    def opening(self) -> Told: ...  # the banner as the screen opens on the game

    def show_seats(self) -> list[ft.Control]: ...  # each face set to the state: what changed

    def focus(self) -> int | None: ...  # the seat to keep in sight (asked, else to play)

    def question(self) -> Question | ft.Control: ...  # the answers, or a game's own panel

    def picking(self) -> bool: ...  # the question takes the seats' room (a piece picker)

    def settles(self) -> bool: ...  # the last event settled a round: its panel is shown

    def settlement(self) -> Settled: ...

    def over(self) -> Over: ...

    def keep(self) -> object: ...  # before a tap's event, an undo or a redo: for its sentence

    def told(self, kept: object, event: object, outcome: object) -> Told: ...

    def undone(self, kept: object, event: object) -> Said: ...  # an event undone, told

    # an event redone, told, and the news after it
    def redone(self, kept: object, event: object, outcome: object) -> tuple[Said, News]: ...

    def after_undo(self, event: object) -> list[ft.Control]: ...  # e.g. the picks restored

    def reset(self) -> None: ...  # the game moved on: what was half entered goes

    def adopt(self, old: TableParts) -> None: ...  # what was half entered, kept


