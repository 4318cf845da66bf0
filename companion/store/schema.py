"""The SQLite file: its tables, how it is opened and checked, and one transaction at a time.

One row per game (its journal header, plus a summary kept for the games list) and one row per
event (its exact journal line). `active` is 1 for the events the state is built from and 0 for
undone events, which stay stored, redo-able, until a new event replaces them. The active
events of a game are always seq 0..n-1 and the undone ones n.. after them.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from companion.core.errors import GnavError
from companion.core.journal import decode_line
from companion.engine.registry import parse_header

from .errors import StoreError

# 2: games.ops, the change counter each game's journal file also keeps (logs.py). A file of
# version 1 is brought to 2 when it is opened (migrate), its journal files written then.
SCHEMA_VERSION = 2
PAGE_SIZE = 4096  # also what salvage assumes first when it has to rebuild a wiped header

SCHEMA = (
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a deleted game's id stays dead
        header TEXT NOT NULL,                  -- the journal's line 1, exactly as exported
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        events INTEGER NOT NULL,               -- the rest is a summary for the games list,
        round INTEGER NOT NULL,                -- written in the same transaction as each event
        phase TEXT NOT NULL,
        winners TEXT NOT NULL,
        ops INTEGER NOT NULL DEFAULT 0         -- changes made (logs.py: the journal's last n)
    )""",
    """CREATE TABLE events (
        game_id INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        line TEXT NOT NULL,
        active INTEGER NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID""",
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)

# SQLite result codes (the low byte of extended codes) that mean the file itself is damaged
SQLITE_CORRUPT = 11
SQLITE_NOTADB = 26
DAMAGE_CODES = {SQLITE_CORRUPT, SQLITE_NOTADB}


class Damaged(Exception):
    """The file is not a sound games file; `reason` says what SQLite or the check found."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def utc_now() -> str:
    # microseconds so that the games list orders two changes within one second correctly
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def display_time(stamp: str) -> str:
    """The stored time to the second, as the games list shows it: 2026-11-22T18:03:11Z."""
    return stamp[:19] + "Z" if len(stamp) >= 19 else stamp


def file_stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def connect(path: Path) -> sqlite3.Connection:
    # isolation_level None: transactions are begun and ended explicitly (see Database.transaction)
    return sqlite3.connect(
        str(path), timeout=10.0, isolation_level=None, check_same_thread=False
    )


def is_damage(err: sqlite3.Error) -> bool:
    code = getattr(err, "sqlite_errorcode", None)
    if isinstance(code, int) and (code & 0xFF) in DAMAGE_CODES:
        return True
    text = str(err).lower()
    return "malformed" in text or "not a database" in text


def create_schema(con: sqlite3.Connection) -> None:
    """Makes the tables in a new, empty file (the caller holds a transaction)."""
    for statement in SCHEMA:
        con.execute(statement)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def newer_version_error(version: int) -> StoreError:
    return StoreError(
        "The games file was written by a newer version of Gnav Companion (format {version}, "
        "this version reads format {ours}); update the app to open it.", version=version,
        ours=SCHEMA_VERSION,
    )


def open_database(path: Path) -> sqlite3.Connection:
    """Opens (or makes) the games file in WAL mode with synchronous=NORMAL, and checks it.

    Raises Damaged when the file is corrupt or is not a games file, StoreError when it cannot
    be opened at all or was written by a newer version of the app.
    """
    try:
        con = connect(path)
    except sqlite3.Error as err:
        raise StoreError("The games file {path} cannot be opened ({why}).", path=str(path),
                         why=str(err)) from None
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise newer_version_error(version)
        if version == 0:
            tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise Damaged("the file holds tables that Gnav Companion did not make")
            # page size can only be set before the first table, and not in WAL mode
            con.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError("The games file {path} cannot be opened in WAL mode.",
                             path=str(path))
        # Durability: WAL with synchronous=NORMAL makes a COMMIT durable against the app or
        # the server being killed (the WAL frames are in the operating system's cache when
        # COMMIT returns, and a killed process does not lose them; tests/store's SIGKILL
        # test) and never corrupts the file. Against a power cut or a kernel crash, each
        # change is also appended to its game's journal file and that is fsynced in the
        # tap's own thread before the change is handed back (logs.py, Game._logged): the
        # screen shows an event only once it is on the disk, and the journals bring back at
        # the next start whatever the WAL lost. The WAL itself is fsynced right after each
        # commit on a thread beside the tap (WalSync), whose failure is told too. Measured
        # with benchmarks/bench_app.py (RESULTS.md, issue 11): the tap waiting for the WAL's
        # fsync as well cost 0.5 to 1.2 of the ratio to the bare app under load (a thread's
        # wake-ups on two busy cores); the journal's fsync alone, within the noise.
        con.execute("PRAGMA synchronous = NORMAL")
        # deleted rows and freed pages are zeroed, so salvage (pages.py) cannot bring them back
        con.execute("PRAGMA secure_delete = ON")
        if version in (0, 1):
            con.execute("BEGIN IMMEDIATE")
            try:
                if version == 0:
                    create_schema(con)
                else:
                    migrate_from_1(con)
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
        check = con.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise Damaged(str(check[0][0]) if check else "the integrity check gave no answer")
        check_contents(con)
    except sqlite3.Error as err:
        con.close()
        if is_damage(err):
            raise Damaged(str(err)) from None
        raise StoreError("The games file {path} cannot be opened ({why}).", path=str(path),
                         why=str(err)) from None
    except BaseException:
        con.close()
        raise
    return con


def migrate_from_1(con: sqlite3.Connection) -> None:
    """A file written by a version without journal files: the change counter each game's
    journal will carry, as many as its events need (one per event, one per undone one). The
    journal files are written by the Store right after (Store._reconcile)."""
    con.execute("ALTER TABLE games ADD COLUMN ops INTEGER NOT NULL DEFAULT 0")
    con.execute(
        "UPDATE games SET ops = (SELECT count(*) + sum(1 - active) FROM events "
        "WHERE events.game_id = games.id) WHERE EXISTS (SELECT 1 FROM events "
        "WHERE events.game_id = games.id)"
    )
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def check_contents(con: sqlite3.Connection) -> None:
    """The tables are ours and every game's header is one the engine reads (cheap: headers only).

    The events themselves are checked by the engine when a game is opened.
    """
    try:
        rows = con.execute("SELECT id, header FROM games").fetchall()
        con.execute("SELECT game_id, seq, line, active, at FROM events LIMIT 0").fetchall()
        con.execute(
            "SELECT created, updated, events, round, phase, winners, ops FROM games LIMIT 0"
        ).fetchall()
        con.execute("SELECT key, value FROM meta LIMIT 0").fetchall()
    except sqlite3.OperationalError as err:
        if is_damage(err):
            raise
        raise Damaged(f"the tables are not those of a games file ({err})") from None
    for game_id, header in rows:
        if not isinstance(header, str):
            raise Damaged(f"game {game_id} has no readable table header")
        try:
            parse_header(decode_line(header))
        except GnavError as err:
            raise Damaged(f"game {game_id} has a bad table header ({err})") from None


def summary_values(
    events: int, round_: int, phase: str, winners: tuple[str, ...]
) -> tuple[int, int, str, str]:
    return events, round_, phase, json.dumps(list(winners), ensure_ascii=False)


IDLE_CHECKPOINT = 2.0  # seconds without a commit before the WAL is folded into the file


class Database:
    """The open connection, the lock every Store and Game method holds, and transactions.

    When no commit came for `idle` seconds, the WAL is checkpointed into the main file (and
    truncated), as it is when the file is closed: a table at rest has every event in the
    games file itself, so a WAL deleted or damaged afterwards takes nothing with it.
    """

    def __init__(self, con: sqlite3.Connection, path: Path, idle: float = IDLE_CHECKPOINT) -> None:
        self._con: sqlite3.Connection | None = con
        self.path = path
        # re-entrant: a Store method may call another while holding it
        self.lock = threading.RLock()
        self.wal_sync = WalSync(Path(f"{path}-wal"))
        self.idle = idle
        self._idle_cond = threading.Condition()
        self._last_commit: float | None = None  # monotonic time of a commit not checkpointed
        self._idle_thread: threading.Thread | None = None

    def _committed(self) -> None:
        with self._idle_cond:
            self._last_commit = time.monotonic()
            if self._idle_thread is None:
                self._idle_thread = threading.Thread(
                    target=self._checkpoint_when_idle, name="gnav-checkpoint", daemon=True)
                self._idle_thread.start()
            self._idle_cond.notify_all()

    def _checkpoint_when_idle(self) -> None:
        while True:
            with self._idle_cond:
                while True:
                    if self._con is None:
                        return
                    last = self._last_commit
                    if last is None:
                        self._idle_cond.wait()
                        continue
                    left = last + self.idle - time.monotonic()
                    if left <= 0:
                        break
                    self._idle_cond.wait(left)
                self._last_commit = None
            with self.lock:
                if self._con is None:
                    return
                try:
                    self._con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                except sqlite3.Error:
                    # nothing is lost: the WAL keeps the commits, and the next idle moment
                    # or the close checkpoints them
                    pass

    @property
    def con(self) -> sqlite3.Connection:
        if self._con is None:
            raise StoreError("The games file is closed.")
        return self._con

    @property
    def closed(self) -> bool:
        return self._con is None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT; rolled back when the block raises. When this returns the
        COMMIT is made and its WAL's fsync under way (see `open_database`); the caller
        updates its state and then calls `check_durable`."""
        con = self.con
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
            con.execute("COMMIT")
            self.wal_sync.request()
            self._committed()
        except BaseException:
            if con.in_transaction:
                try:
                    con.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the original error says more than a failed rollback
            raise

    def check_durable(self, log_problem: str | None = None, wait: bool = True) -> None:
        """Raises the StoreError that tells the referee a commit may not be on the disk, or
        not in the game's journal file (after the caller took the committed change into its
        state). With `wait`, once the WAL's fsync of this commit is over (a change without a
        journal file written: a deletion); without, a change whose journal file was fsynced
        is told of an earlier WAL fsync's failure only."""
        problem = (self.wal_sync.wait() if wait else self.wal_sync.take_problem()) or log_problem
        if problem is not None:
            raise StoreError(
                "The change was saved, but the disk did not confirm writing it ({why}): a "
                "power cut now could lose it. Check the disk (free space, a removed card) and "
                "export the journal to keep a copy.", why=problem,
            )

    def close(self) -> None:
        """Every commit on the disk, the WAL folded into the main file, the file closed."""
        self.wal_sync.close()
        if self._con is not None:
            try:
                self._con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass  # closing the connection checkpoints too, when it can
            self._con.close()
            self._con = None
        with self._idle_cond:
            self._idle_cond.notify_all()  # the idle checkpointer ends


class WalSync:
    """fsyncs the WAL file after each commit, through one descriptor kept open from the start.

    Kept open because a descriptor opened at each commit fails when the process has run out of
    them (EMFILE: every idle board connection holds a socket, and 1,024 is a common limit),
    and a sync that cannot open the file syncs nothing. SQLite keeps the WAL file (the same
    inode: it is reset or truncated in place, never replaced) while the connection is open,
    so the descriptor stays good.

    The fsync runs on a thread of its own, started by `request()` right after the COMMIT, so
    the tap does not wait for it: the change is already on the disk in its game's journal
    file (see `open_database`). `wait()` returns once every commit asked so far is synced and
    says why not when an fsync failed; `take_problem()` says it without waiting. A failure is
    never swallowed: the caller tells it (Database.check_durable), at the latest with the
    next change.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cond = threading.Condition()
        self._asked = 0  # commits asked to be synced
        self._done = 0  # commits whose sync is over
        self._problem: str | None = None  # why the last sync failed, until told
        self._thread: threading.Thread | None = None
        self._closing = False
        self._fd: int | None = None
        self._open()

    def _open(self) -> bool:
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            self._problem = f"{self.path.name}: {err.strerror or err}"
            return False
        return True

    def request(self) -> None:
        with self._cond:
            if self._closing:
                return
            self._asked += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="gnav-wal-sync",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait(self, timeout: float | None = 30.0) -> str | None:
        """Waits for every commit asked so far to be synced; why one was not, or None."""
        with self._cond:
            target = self._asked
            if not self._cond.wait_for(lambda: self._done >= target, timeout):
                return f"{self.path.name}: no answer from the disk in {timeout:.0f} s"
            problem, self._problem = self._problem, None
            return problem

    def take_problem(self) -> str | None:
        """Why an fsync failed since the last time this was asked, without waiting."""
        with self._cond:
            problem, self._problem = self._problem, None
            return problem

    def close(self) -> None:
        self.wait()
        with self._cond:
            self._closing = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=10)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._asked > self._done or self._closing)
                if self._asked <= self._done:
                    return  # closing, and nothing left to sync
                target = self._asked
            problem = self._sync()
            with self._cond:
                if problem is not None:
                    self._problem = problem
                self._done = target
                self._cond.notify_all()

    def _sync(self) -> str | None:
        if self._fd is None and not self._open():
            return self._problem
        assert self._fd is not None
        try:
            os.fsync(self._fd)
        except OSError as err:
            return f"{self.path.name}: {err.strerror or err}"
        return None
