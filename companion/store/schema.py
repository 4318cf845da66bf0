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
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from companion.engine import GnavError, parse_header
from companion.engine.journal import decode_line

from .errors import StoreError

SCHEMA_VERSION = 1
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
        winners TEXT NOT NULL
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
        # Durability, chosen against the tap's speed (benchmarks/bench_app.py):
        # WAL with synchronous=NORMAL makes a COMMIT durable against the app or the server
        # being killed (the WAL frames are in the operating system's cache when COMMIT
        # returns, and a killed process does not lose them; tests/store's SIGKILL test) and
        # against a clean reboot or shutdown (the system writes its cache out), and never
        # corrupts the file. It skips the fsync that synchronous=FULL makes inside every
        # COMMIT: 2 ms on a quiet disk here, 10 to 230 ms when other jobs write, on the path
        # of every tap. A power cut or kernel crash could lose what was committed but not yet
        # on the disk, so the Database fsyncs the WAL on its own thread right after each
        # commit (WalSync): the window is the time that fsync takes (about 2 ms on a quiet
        # disk, longer while other programs write), while the screen updates, instead of
        # until SQLite's next checkpoint.
        con.execute("PRAGMA synchronous = NORMAL")
        # deleted rows and freed pages are zeroed, so salvage (pages.py) cannot bring them back
        con.execute("PRAGMA secure_delete = ON")
        if version == 0:
            con.execute("BEGIN IMMEDIATE")
            try:
                create_schema(con)
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


def check_contents(con: sqlite3.Connection) -> None:
    """The tables are ours and every game's header is one the engine reads (cheap: headers only).

    The events themselves are checked by the engine when a game is opened.
    """
    try:
        rows = con.execute("SELECT id, header FROM games").fetchall()
        con.execute("SELECT game_id, seq, line, active, at FROM events LIMIT 0").fetchall()
        con.execute(
            "SELECT created, updated, events, round, phase, winners FROM games LIMIT 0"
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


class Database:
    """The open connection, the lock every Store and Game method holds, and transactions."""

    def __init__(self, con: sqlite3.Connection, path: Path) -> None:
        self._con: sqlite3.Connection | None = con
        self.path = path
        # re-entrant: a Store method may call another while holding it
        self.lock = threading.RLock()
        self.wal_sync = WalSync(Path(f"{path}-wal"))

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
        COMMIT survives the process being killed (WAL, synchronous=NORMAL), and its fsync has
        been asked of WalSync (see `open_database`)."""
        con = self.con
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
            con.execute("COMMIT")
            self.wal_sync.request()
        except BaseException:
            if con.in_transaction:
                try:
                    con.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the original error says more than a failed rollback
            raise

    def close(self) -> None:
        self.wal_sync.close()  # every commit on the disk first
        if self._con is not None:
            self._con.close()
            self._con = None


class WalSync:
    """fsyncs the WAL file on a thread of its own after each commit, so a commit reaches the
    disk a few milliseconds after it returns without the tap waiting for it. Requests that
    arrive during an fsync are covered by the next one. `flush()` waits until every commit
    asked so far is on the disk."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cond = threading.Condition()
        self._asked = 0  # commits asked to be synced
        self._done = 0  # commits known to be on the disk
        self._thread: threading.Thread | None = None
        self._closing = False

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

    def flush(self, timeout: float | None = 10.0) -> bool:
        with self._cond:
            target = self._asked
            return self._cond.wait_for(lambda: self._done >= target, timeout)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closing = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._asked > self._done or self._closing)
                if self._asked <= self._done:
                    return  # closing, and nothing left to sync
                target = self._asked
            self._sync()
            with self._cond:
                self._done = target
                self._cond.notify_all()

    def _sync(self) -> None:
        # A descriptor opened and closed here: SQLite holds no locks on the WAL file itself
        # (its locks are on the -shm and main files), so closing it releases none of them.
        try:
            fd = os.open(self.path, os.O_RDWR)
        except OSError:
            return  # no WAL file (checkpointed away): nothing waits to be synced
        try:
            os.fsync(fd)
        except OSError:
            pass  # the next checkpoint syncs it; nothing else can be done from here
        finally:
            os.close(fd)
