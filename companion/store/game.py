"""One stored game: its live state, its events, undo and redo, each change committed first.

The state is rebuilt only from the journal's events, by the seam's Follower: undo goes back to
the nearest snapshot (a clone kept every SNAPSHOT_EVERY events) and applies the few events
after it, so its cost does not grow with the length of the game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from companion.core import SNAPSHOT_EVERY, AnyState, Follower, GnavError, Header, Text
from companion.engine.registry import kind_named

from .errors import StoreError
from .logs import LogFile
from .schema import Database, summary_values, utc_now

__all__ = ["SNAPSHOT_EVERY", "Game"]

# Any game's events and what each did: the store keeps every game alike, its kind reads them.
Event = Any
Outcome = Any


class Game:
    """A game as the app plays it. Every method holds the store's lock.

    `events` and `outcomes` are the active events and what each did, in order; read them, do
    not change them (only apply/undo/redo do, after the database has the change).
    """

    def __init__(
        self,
        db: Database,
        game_id: int,
        table: Header,
        active: Sequence[str],
        tail: Sequence[str] = (),
        ops: int = 0,
        log: LogFile | None = None,
    ) -> None:
        """Builds the game from its stored lines: `active` in order, then the undone `tail`
        (the next redo first). Stops at the first line the engine refuses and records it in
        `bad_line` as (seq, reason); the store then cuts the stored game there."""
        self._db = db
        self.id = game_id
        self.table = table
        self._follow: Follower[Header, Event, Outcome] = Follower(kind_named(table.game), table)
        self.state = self._follow.state
        self.events = self._follow.events  # the same list: the follower keeps it
        self.outcomes: list[Outcome] = []
        self.recovery_notice: Text | None = None
        self.bad_line: tuple[int, str] | None = None
        self._redo: list[Event] = []  # a stack: the next event to redo is last
        self._deleted = False
        self.ops = ops  # changes made: the journal file's last n (logs.py)
        self.log = log
        for seq, line in enumerate(active):
            try:
                self.outcomes.append(self._follow.apply(self._follow.read(line)))
            except GnavError as err:
                self.bad_line = (seq, err.text)
                return
        probe = self.state.clone()
        redo: list[Event] = []
        for offset, line in enumerate(tail):
            try:
                event = self._follow.read(line)
                probe.apply(event)
            except GnavError as err:
                self.bad_line = (len(active) + offset, err.text)
                break
            redo.append(event)
        self._redo = redo[::-1]

    # --- reading --------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self.events)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_event(self) -> Event | None:
        """What redo would apply again, or None."""
        return self._redo[-1] if self._redo else None

    @property
    def redo_count(self) -> int:
        """How many undone events redo can bring back, one at a time."""
        return len(self._redo)

    @property
    def stored_lines(self) -> int:
        """Active plus redo-able events: the rows the database keeps for this game."""
        return len(self.events) + len(self._redo)

    def journal_text(self) -> str:
        """The journal (v1) of the active events: what export writes."""
        with self._db.lock:
            return self._follow.kind.dumps(self.table, self.events)

    def state_before(self, index: int) -> AnyState:
        """A fresh copy of the state before active event `index` (0-based); `index` equal to
        the number of events gives the current state."""
        with self._db.lock:
            return self._follow.state_before(index)

    # --- changing -------------------------------------------------------------------------

    def apply(self, event: Event) -> Outcome:
        """Checks `event` (GnavError when refused: nothing changes), commits it to the database,
        replacing any redo tail, then updates the state and returns what the event did."""
        with self._db.lock:
            self._check_usable()
            after = self.state.clone()
            outcome = after.apply(event)
            seq = len(self.events)
            now = utc_now()
            line = self._follow.kind.event_line(event)
            try:
                with self._db.transaction() as con:
                    con.execute(
                        "DELETE FROM events WHERE game_id = ? AND seq >= ? AND active = 0",
                        (self.id, seq),
                    )
                    # the primary key refuses this when another store wrote the same game
                    con.execute(
                        "INSERT INTO events (game_id, seq, line, active, at) VALUES (?, ?, ?, 1, ?)",
                        (self.id, seq, line, now),
                    )
                    self._save_summary(con, after, seq + 1, now)
            except sqlite3.IntegrityError:
                raise self._conflict() from None
            except sqlite3.Error as err:
                raise StoreError("The event could not be saved ({why}); nothing was changed.",
                                 why=str(err)) from None
            self._become(after)
            self._redo.clear()
            self._push(event, outcome)
            self._logged({"op": "add", "seq": seq, "line": line, "at": now})
            return outcome

    def undo(self) -> Event | None:
        """Takes back the last active event and returns it (None when there is none). It stays
        stored, redo-able, until a new event is applied."""
        with self._db.lock:
            self._check_usable()
            if not self.events:
                return None
            n = len(self.events)
            event = self.events[-1]
            before = self._follow.state_before(n - 1)
            now = utc_now()
            try:
                with self._db.transaction() as con:
                    cur = con.execute(
                        "UPDATE events SET active = 0 WHERE game_id = ? AND seq = ? AND active = 1",
                        (self.id, n - 1),
                    )
                    if cur.rowcount != 1:
                        raise self._conflict()
                    self._save_summary(con, before, n - 1, now)
            except sqlite3.Error as err:
                raise StoreError("The undo could not be saved ({why}); nothing was changed.",
                                 why=str(err)) from None
            self._become(before)
            self._follow.forget_after(n - 1)
            self.outcomes.pop()
            self._redo.append(event)
            self._logged({"op": "undo", "seq": n - 1, "at": now})
            return event

    def redo(self) -> Event | None:
        """Applies the last undone event again and returns it (None when there is none)."""
        with self._db.lock:
            self._check_usable()
            if not self._redo:
                return None
            event = self._redo[-1]
            after = self.state.clone()
            try:
                outcome = after.apply(event)
            except GnavError as err:  # pragma: no cover - the tail was checked when loaded
                raise StoreError("The undone event cannot be redone: {why}",
                                 why=err.text) from None
            seq = len(self.events)
            now = utc_now()
            try:
                with self._db.transaction() as con:
                    cur = con.execute(
                        "UPDATE events SET active = 1 WHERE game_id = ? AND seq = ? AND active = 0",
                        (self.id, seq),
                    )
                    if cur.rowcount != 1:
                        raise self._conflict()
                    self._save_summary(con, after, seq + 1, now)
            except sqlite3.Error as err:
                raise StoreError("The redo could not be saved ({why}); nothing was changed.",
                                 why=str(err)) from None
            self._become(after)
            self._redo.pop()
            self._push(event, outcome)
            self._logged({"op": "redo", "seq": seq, "at": now})
            return event

    # --- inside ---------------------------------------------------------------------------

    def _logged(self, record: dict[str, object]) -> None:
        """After the commit: the change into the game's journal file, fsynced, and the referee
        told when the WAL's or the journal's write failed."""
        self.ops += 1
        problem = None
        if self.log is not None:
            self.log.append({"n": self.ops, **record})
            problem = self.log.problem
        self._db.check_durable(problem, wait=self.log is None)

    def _push(self, event: Event, outcome: Outcome) -> None:
        # the state already is the one after `event` (see _become)
        self._follow.record(event)
        self.outcomes.append(outcome)

    def _become(self, other: AnyState) -> None:
        # the app's views may hold on to game.state: keep that object and give it the new
        # contents (`other` is a fresh clone, so nothing is shared with a snapshot)
        self.state.__dict__.clear()
        self.state.__dict__.update(other.__dict__)

    def _save_summary(self, con: sqlite3.Connection, state: AnyState, events: int, now: str) -> None:
        winners = tuple(state.names[i] for i in state.winners)
        cur = con.execute(
            "UPDATE games SET updated = ?, events = ?, round = ?, phase = ?, winners = ?, "
            "ops = ops + 1 WHERE id = ?",
            (now, *summary_values(events, state.round, state.phase, winners), self.id),
        )
        if cur.rowcount != 1:
            raise StoreError("This game was deleted.")

    def _conflict(self) -> StoreError:
        return StoreError(
            "This game was changed from somewhere else; open it again to see it as saved."
        )

    def _check_usable(self) -> None:
        if self._deleted:
            raise StoreError("This game was deleted.")
        if self._db.closed:
            raise StoreError("The games file is closed.")

    def _mark_deleted(self) -> None:
        self._deleted = True
        if self.log is not None:
            self.log.close()
