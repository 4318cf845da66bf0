"""The one follower: a journal's event lines to the state after them, with snapshots.

The store's games, the spectators' boards, salvage and `replay` all follow a journal this
way. A snapshot (a clone) is kept every SNAPSHOT_EVERY events, so going back (undo, a line
changed under a board) applies at most that many events again, however long the game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from .journal import SHORT_LINE, decode_line
from .protocols import GameKind, GameState, Header

SNAPSHOT_EVERY = 200

H = TypeVar("H", bound=Header)
E = TypeVar("E")
O = TypeVar("O")


class Follower(Generic[H, E, O]):
    """A game's events in order and the state after them. Raises GnavError for a line that
    is not an event or that the game refuses: everything before it stays followed."""

    def __init__(self, kind: GameKind[H, E, O], header: H, every: int = SNAPSHOT_EVERY,
                 keep: bool = True) -> None:
        """`keep` False: the events are not kept (`replay`, whose memory stays that of the
        state however long the file is), so there is no going back."""
        self.kind = kind
        self.keep = keep
        self.header = header
        self.every = every
        self.state: GameState[E, O] = kind.new_state(header)
        self.events: list[E] = []
        self._snapshots: dict[int, GameState[E, O]] = {0: self.state.clone()}
        # A game repeats its short lines (stands, changes, replies) thousands of times; the
        # same text always reads as the same frozen event, so each is decoded only once.
        self._read: dict[str, E] = {}

    def __len__(self) -> int:
        return len(self.events)

    def read(self, line: str) -> E:
        """The event a line holds (not applied); raises GnavError."""
        event = self._read.get(line)
        if event is None:
            event = self.kind.parse_event(decode_line(line), self.header)
            if len(line) <= SHORT_LINE:
                self._read[line] = event
        return event

    def apply(self, event: E) -> O:
        """Applies one event to the state and keeps it; what it did."""
        outcome = self.state.apply(event)
        self.record(event)
        return outcome

    def record(self, event: E) -> None:
        """Keeps an event the caller has already applied to `state` (the store applies to a
        clone first and commits before its state becomes that clone)."""
        if not self.keep:
            return
        self.events.append(event)
        if len(self.events) % self.every == 0:
            self._snapshots[len(self.events)] = self.state.clone()

    def extend(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.apply(self.read(line))

    def state_before(self, index: int) -> GameState[E, O]:
        """A new state after the first `index` events, from the nearest snapshot."""
        if not self.keep:
            raise ValueError("a follower that keeps no events cannot go back")
        if not 0 <= index <= len(self.events):
            raise IndexError(f"event {index} is not in this game of {len(self.events)} events")
        # every multiple of `every` up to len(events) has a snapshot (see record, forget_after)
        base = index - index % self.every
        state = self._snapshots[base].clone()
        for event in self.events[base:index]:
            state.apply(event)
        return state

    def forget_after(self, count: int) -> None:
        """Drops the events after the first `count` (the caller sets the state)."""
        del self.events[count:]
        for key in [k for k in self._snapshots if k > count]:
            del self._snapshots[key]

    def truncate(self, count: int) -> None:
        """Back to the state after the first `count` events."""
        if count >= len(self.events):
            return
        state = self.state_before(count)
        self.forget_after(count)
        self.state = state
