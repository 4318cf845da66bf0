"""The protocols every game implements: its journal's header, its state and its kind.

Generic in the game's own header, event and outcome types: a game's package types them exactly
(Gnav's kind is a GameKind[Table, Event, Outcome]); the store, the boards, salvage and the cli,
which carry any game's lines, hold them as GameKind[Any, Any, Any], found by the registry.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Protocol, Self, TypeVar

from .errors import Text

E = TypeVar("E")  # a game's events: its own frozen values, carried by the seam unopened
O_co = TypeVar("O_co", covariant=True)  # what applying one event did (the banner reads it)


class Header(Protocol):
    """A journal's first line as the seam sees it."""

    @property
    def version(self) -> int: ...

    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> tuple[str, ...]: ...


H = TypeVar("H", bound=Header)


class GameState(Protocol[E, O_co]):
    """The state of one table, built by applying its journal's events in order."""

    @property
    def phase(self) -> str: ...

    @property
    def round(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    def check(self, event: E) -> None: ...  # raises GnavError, changes nothing

    def why_not(self, event: E) -> Text | None: ...

    def apply(self, event: E) -> O_co: ...  # raises GnavError, changes nothing then

    def options(self) -> list[E]: ...

    def clone(self) -> Self: ...

    def as_json(self) -> dict[str, Any]: ...  # what `replay` prints


class GameKind(Protocol[H, E, O_co]):
    """One game this build referees, named as journal v2 headers name it."""

    @property
    def name(self) -> str: ...

    def parse_header(self, obj: object) -> H: ...  # raises GnavError

    def parse_event(self, obj: object, header: H) -> E: ...  # raises GnavError

    def new_state(self, header: H) -> GameState[E, O_co]: ...

    def header_line(self, header: H) -> str: ...  # a journal's first line

    def event_line(self, event: E) -> str: ...

    def dumps(self, header: H, events: Iterable[E]) -> str: ...  # the journal's text

    # A table set up on the New table screen, as it is stored: checked as a stored header is
    # (raises GnavError) and in the journal version the game decides its rules need.
    def new_header(self, header: H) -> H: ...


# Any game, as the seam carries it: the registry hands out kinds of every game alike.
AnyKind = GameKind[Any, Any, Any]
AnyState = GameState[Any, Any]


T = TypeVar("T")


class Dice(Protocol):
    """The chance a game's lessons are handed (a quiz's cards and the order of its options),
    already seeded by whoever hands it: the engine draws none of its own. random.Random is one."""

    def random(self) -> float: ...

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int: ...

    def choice(self, seq: Sequence[T]) -> T: ...

    def sample(self, population: Sequence[T], k: int) -> list[T]: ...

    def shuffle(self, x: MutableSequence[Any]) -> None: ...
