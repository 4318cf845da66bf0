"""The protocols every game implements, fitted to what the Gnav engine's TableState offers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, Self

from companion.engine.errors import Text

# A game's events are its own frozen values: the seam only carries them from the kind's
# parser to its state, so it does not look inside (each kind's state types them exactly).
Event = Any
# What apply returns (for the banner): the views of that game's kind read it.
Outcome = Any


class Header(Protocol):
    """A journal's first line as the seam sees it."""

    @property
    def version(self) -> int: ...

    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> tuple[str, ...]: ...


class GameState(Protocol):
    """The state of one table, built by applying its journal's events in order."""

    @property
    def phase(self) -> str: ...

    @property
    def round(self) -> int: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    def check(self, event: Event) -> None: ...  # raises GnavError, changes nothing

    def why_not(self, event: Event) -> Text | None: ...

    def apply(self, event: Event) -> Outcome: ...  # raises GnavError, changes nothing then

    def options(self) -> list[Event]: ...

    def clone(self) -> Self: ...

    def as_json(self) -> dict[str, Any]: ...  # what `replay` prints


class GameKind(Protocol):
    """One game this build referees, named as journal v2 headers name it."""

    @property
    def name(self) -> str: ...

    def parse_header(self, obj: object) -> Header: ...  # raises GnavError

    def parse_event(self, obj: object, header: Header) -> Event: ...  # raises GnavError

    def new_state(self, header: Header) -> GameState: ...

    def header_line(self, header: Header) -> str: ...  # a journal's first line

    def event_line(self, event: Event) -> str: ...

    def dumps(self, header: Header, events: Iterable[Event]) -> str: ...  # the journal's text

    # A table set up on the New table screen, as it is stored: checked as a stored header is
    # (raises GnavError) and in the journal version the game decides its rules need.
    def new_header(self, header: Header) -> Header: ...
