"""One stored game: its live state, its events, undo and redo, each change committed first.

The state is rebuilt only from the journal's events, by the seam's Follower: undo goes back to
the nearest snapshot (a clone kept every SNAPSHOT_EVERY events) and applies the few events
after it, so its cost does not grow with the length of the game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import overload

from companion.core import SNAPSHOT_EVERY, Event, Follower, GameState, Header, kind_named
from companion.core.protocols import Outcome
from companion.engine import GnavError, Text

from .errors import StoreError
from .logs import LogFile
from .schema import Database, summary_values, utc_now

__all__ = ["MAX_EVENTS", "SNAPSHOT_EVERY", "Game"]

# The most events a game keeps (active and undone). The longest game the app is made for, 40
# seats and 2,000 rounds of Gnav, has about 108,000 (a family game of that size has fewer):
# nearly twice that, so no game played at a table meets it. The memory a game takes grows
# with its events, not with the file it came from: a journal of any size can no longer take
# a tablet's memory at every start (a 32 MB Gwra pyskessa journal of 745,015 events took
# 740 MB to open; benchmarks/RESULTS.md measures a game at the cap).
MAX_EVENTS = 200_000


class _Stale(Exception):
    """The game in the file was changed by another process since this copy read it."""


class Outcomes(Sequence[Outcome]):
    """What each active event did (`Game.outcomes`), told again when asked instead of kept for
    every event: a Gwra pyskessa outcome with its sentence in Cornish and English took two
    thirds of a long game's memory. The last one is kept as apply or redo made it; any other
    is the engine's answer again, from the follower's nearest snapshot, a snapshot's stretch
    of events at a time (a history page asks for its events in order)."""

    def __init__(self, follow: Follower, lock: AbstractContextManager[object]) -> None:
        self._follow = follow
        self._lock = lock  # the store's: a screen asks while another thread taps
        self._last: Outcome | None = None
        self._window: tuple[int, list[Outcome]] = (0, [])  # (first index, their outcomes)

    def __len__(self) -> int:
        return len(self._follow.events)

    @overload
    def __getitem__(self, index: int) -> Outcome: ...

    @overload
    def __getitem__(self, index: slice) -> list[Outcome]: ...

    def __getitem__(self, index: int | slice) -> Outcome | list[Outcome]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        with self._lock:
            return self._told(index)

    def _told(self, index: int) -> Outcome:
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"no event {index} in a game of {count} events")
        if index == count - 1 and self._last is not None:
            return self._last
        base, told = self._window
        if not base <= index < base + len(told):
            every = self._follow.every
            base = index - index % every
            state = self._follow.state_before(base)
            told = [state.apply(event)
                    for event in self._follow.events[base:min(base + every, count)]]
            self._window = (base, told)
        return told[index - base]

    def changed(self, last: Outcome | None) -> None:
        """The events changed at the end (an event added or taken back): `last` is the new
        last event's outcome when known. What was told of the events from there on goes."""
        self._last = last
        base, told = self._window
        keep = len(self._follow.events) - 1 - base
        if len(told) > keep:
            self._window = (base, told[:max(keep, 0)])


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
        reloaded: Callable[[Game], None] | None = None,
    ) -> None:
        """Builds the game from its stored lines: `active` in order, then the undone `tail`
        (the next redo first). Stops at the first line the engine refuses and records it in
        `bad_line` as (seq, reason); the store then cuts the stored game there. `reloaded` is
        told when the game is read again from the file because another process changed it."""
        self._db = db
        self.id = game_id
        self.table = table
        self.recovery_notice: Text | None = None
        self._deleted = False
        self.ops = ops  # changes made: the journal file's last n (logs.py), and games.ops
        self.log = log
        self._reloaded = reloaded
        self._load(active, tail)

    def _load(self, active: Sequence[str], tail: Sequence[str]) -> None:
        self._follow = Follower(kind_named(self.table.game), self.table)
        self.state = self._follow.state
        self.events = self._follow.events  # the same list: the follower keeps it
        self.outcomes = Outcomes(self._follow, self._db.lock)
        self.bad_line: tuple[int, str] | None = None
        self._redo: list[Event] = []  # a stack: the next event to redo is last
        read, apply = self._follow.read, self._follow.apply
        for seq, line in enumerate(active):
            try:
                apply(read(line))
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

    def state_before(self, index: int) -> GameState:
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
            if len(self.events) >= MAX_EVENTS:
                raise StoreError(
                    "This game has {most} events, the most the app keeps in one game, so this "
                    "one was not added; start a new table to play on.", most=MAX_EVENTS,
                )
            after = self.state.clone()
            outcome = after.apply(event)
            seq = len(self.events)
            now = utc_now()
            line = self._follow.kind.event_line(event)
            try:
                with self._db.transaction() as con:
                    self._check_fresh(con)
                    con.execute(
                        "DELETE FROM events WHERE game_id = ? AND seq >= ? AND active = 0",
                        (self.id, seq),
                    )
                    con.execute(
                        "INSERT INTO events (game_id, seq, line, active, at) VALUES (?, ?, ?, 1, ?)",
                        (self.id, seq, line, now),
                    )
                    self._save_summary(con, after, seq + 1, now)
            except _Stale:
                raise self._changed_elsewhere() from None
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
                    self._check_fresh(con)
                    con.execute(
                        "UPDATE events SET active = 0 WHERE game_id = ? AND seq = ? AND active = 1",
                        (self.id, n - 1),
                    )
                    self._save_summary(con, before, n - 1, now)
            except _Stale:
                raise self._changed_elsewhere() from None
            except sqlite3.Error as err:
                raise StoreError("The undo could not be saved ({why}); nothing was changed.",
                                 why=str(err)) from None
            self._become(before)
            self._follow.forget_after(n - 1)
            self.outcomes.changed(None)
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
                    self._check_fresh(con)
                    con.execute(
                        "UPDATE events SET active = 1 WHERE game_id = ? AND seq = ? AND active = 0",
                        (self.id, seq),
                    )
                    self._save_summary(con, after, seq + 1, now)
            except _Stale:
                raise self._changed_elsewhere() from None
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
        self.outcomes.changed(outcome)

    def _become(self, other: GameState) -> None:
        # the app's views may hold on to game.state: keep that object and give it the new
        # contents (`other` is a fresh clone, so nothing is shared with a snapshot)
        self.state.__dict__.clear()
        self.state.__dict__.update(other.__dict__)

    def _save_summary(self, con: sqlite3.Connection, state: GameState, events: int, now: str) -> None:
        winners = tuple(state.names[i] for i in state.winners)
        cur = con.execute(
            "UPDATE games SET updated = ?, events = ?, round = ?, phase = ?, winners = ?, "
            "ops = ops + 1 WHERE id = ?",
            (now, *summary_values(events, state.round, state.phase, winners), self.id),
        )
        if cur.rowcount != 1:
            raise StoreError("This game was deleted.")

    def _check_fresh(self, con: sqlite3.Connection) -> None:
        """Inside the transaction, before anything is written: the game in the file is the one
        this object shows (its change counter is ours), else _Stale. Another process on the
        same file (past the folder's lock, lock.py) may have changed it since: a change made
        from this stale copy would undo, or write over, events that process showed."""
        row = con.execute("SELECT ops FROM games WHERE id = ?", (self.id,)).fetchone()
        if row is None:
            raise StoreError("This game was deleted.")
        if row[0] != self.ops:
            raise _Stale

    def stale(self) -> bool:
        """Whether another process changed the game in the file since this object read it."""
        with self._db.lock:
            if self._deleted or self._db.closed:
                return False
            row = self._db.con.execute("SELECT ops FROM games WHERE id = ?",
                                       (self.id,)).fetchone()
            return row is None or row[0] != self.ops

    def reload(self) -> None:
        """Reads the game again as the file has it now (the state object is kept, so a screen
        holding it shows the new contents), and tells whoever asked to be told."""
        with self._db.lock:
            con = self._db.con
            row = con.execute("SELECT ops FROM games WHERE id = ?", (self.id,)).fetchone()
            if row is None:
                self._mark_deleted()
                return
            active: list[str] = []
            tail: list[str] = []
            for line, flag in con.execute(
                "SELECT line, active FROM events WHERE game_id = ? ORDER BY seq", (self.id,)
            ):
                (active if flag == 1 else tail).append(line)
            shown = self.state
            self._load(active, tail)
            # the views hold on to the state object: it takes the new contents
            fresh, self.state = self.state, shown
            self._become(fresh)
            self._follow.state = shown
            self.ops = row[0]
        if self._reloaded is not None:
            self._reloaded(self)

    def _changed_elsewhere(self) -> StoreError:
        self.reload()
        return StoreError(
            "This game was changed by another copy of Gnav Companion on the same data folder, "
            "so this change was not made; the game is now shown as saved."
        )

    def _check_usable(self) -> None:
        if self._deleted:
            raise StoreError("This game was deleted.")
        if self._db.closed:
            raise StoreError("The games file is closed.")

    @property
    def deleted(self) -> bool:
        return self._deleted

    def _mark_deleted(self) -> None:
        self._deleted = True
        if self.log is not None:
            self.log.close()
