"""The games file read for the spectators' boards, through its own read-only connection.

The referee's app commits every event before it shows it (Game.apply), so reading the file is
enough to follow the game live, and a read-only connection can change nothing whatever a
spectator's browser asks. Each game is followed incrementally by the seam's Follower: a new
event is one apply; an undo goes back to the nearest snapshot, as the store's Game does.

A game keeps at most the store's MAX_EVENTS; one an earlier version stored past it is not read
(TooLong), as the app does not open it, so a board's memory is that of a game the app keeps.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core import AnyState, Follower, Header
from companion.core.errors import GnavError
from companion.core.journal import decode_line
from companion.engine.registry import GAMES, parse_header
from companion.store.game import MAX_EVENTS
from companion.store.paths import DB_NAME

MAX_GAME_ID = 2**63 - 1  # SQLite's largest integer: no game can have a larger id


class Unreadable(Exception):
    """The games file cannot be read now: damaged, or being repaired. The board says so and
    tries again; the next read opens the file anew."""


class TooLong(Exception):
    """The game has more events than a game keeps (MAX_EVENTS: an earlier version stored it),
    so it is not read; the board says so. `version` stays while `count` does."""

    def __init__(self, game_id: int, count: int, version: int) -> None:
        super().__init__(f"game {game_id} has {count} events, more than {MAX_EVENTS}")
        self.game_id = game_id
        self.count = count
        self.most = MAX_EVENTS
        self.version = version


@dataclass
class Followed:
    """One game as the board last read it."""

    id: int
    header: str
    follower: Follower[Header, Any, Any]
    updated: str = ""
    version: int = 0  # goes up by one whenever the board has something new to show

    @property
    def table(self) -> Header:
        return self.follower.header

    @property
    def state(self) -> AnyState:
        return self.follower.state

    @property
    def count(self) -> int:
        """How many active events the board has followed."""
        return len(self.follower)

    def truncate(self, count: int) -> None:
        """Back to the state after the first `count` events."""
        self.follower.truncate(count)

    def extend(self, lines: Iterable[str]) -> None:
        """Follows the lines in order, as they come (the event lines are not kept: the
        follower's events are the game's); a refused line raises GnavError, the ones before
        it stay followed."""
        for line in lines:
            self.follower.extend((line,))


@dataclass(frozen=True)
class Listed:
    """One line of the boards list."""

    id: int
    seats: tuple[str, ...]
    rules: str
    round: int
    phase: str
    updated: str
    game: str = ""  # the journal's "game" (a header without one is the registry's first game)


class BoardReader:
    """Follows games in <folder>/games.sqlite3 without ever writing to it. Thread-safe."""

    def __init__(self, folder: str | Path) -> None:
        self.path = Path(folder) / DB_NAME
        self._con: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._games: dict[int, Followed] = {}
        self._too_long: dict[int, TooLong] = {}  # what was said of a game past the cap
        self._data_version: int | None = None
        self._file: tuple[int, int] | None = None  # (device, inode) of the file opened
        # versions are never reused, even across a reopening, so a board always sees a change
        self._versions = itertools.count(1)

    def _connect(self) -> sqlite3.Connection | None:
        try:
            stat = os.stat(self.path)
        except FileNotFoundError:
            self._reset()
            return None  # the app has not opened its games file yet
        if self._con is not None and (stat.st_dev, stat.st_ino) != self._file:
            # a repair puts a new file in the old one's place: the connection would go on
            # reading the old, deleted one, and never see another tap
            self._reset()
        if self._con is None:
            uri = self.path.resolve().as_uri() + "?mode=ro"
            self._file = (stat.st_dev, stat.st_ino)
            self._con = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=5.0,
                                        isolation_level=None)
        return self._con

    def _reset(self) -> None:
        """Forgets the connection and everything read through it (under the lock)."""
        if self._con is not None:
            self._con.close()
            self._con = None
        self._file = None
        self._games.clear()
        self._too_long.clear()
        self._data_version = None

    def _unreadable(self, err: Exception) -> Unreadable:
        self._reset()
        return Unreadable(str(err))

    def close(self) -> None:
        with self._lock:
            self._reset()

    def forget(self, game_id: int) -> None:
        """Drops what was kept to follow this game (nobody watches it any more). Without the
        lock, which a long read may hold: the event loop calls this, and one pop is atomic."""
        self._games.pop(game_id, None)
        self._too_long.pop(game_id, None)

    def changed(self) -> bool:
        """Whether anything was committed to the file since the last call (cheap: SQLite's
        data_version moves when another connection commits)."""
        with self._lock:
            try:
                con = self._connect()
                if con is None:
                    return False
                version = con.execute("PRAGMA data_version").fetchone()[0]
            except sqlite3.DatabaseError as err:
                raise self._unreadable(err) from None
            moved = version != self._data_version
            self._data_version = version
            return bool(moved)

    def list_games(self, limit: int = 50) -> list[Listed]:
        with self._lock:
            try:
                con = self._connect()
                if con is None:
                    return []
                rows = con.execute(
                    "SELECT id, header, round, phase, updated FROM games "
                    "ORDER BY updated DESC, id DESC LIMIT ?", (limit,)
                ).fetchall()
                out = []
                for game_id, header, round_, phase, updated in rows:
                    head = json.loads(header)
                    out.append(Listed(game_id, tuple(head["seats"]), head["rules"], round_,
                                      phase, updated[:19] + "Z",
                                      str(head.get("game", GAMES.first.id))))
            except (sqlite3.DatabaseError, ValueError, LookupError, TypeError) as err:
                raise self._unreadable(err) from None
        return out

    def game(self, game_id: int) -> Followed | None:
        """The game as it is in the file now (None when there is no such game); raises
        Unreadable when the file cannot be read, TooLong when the game has more events than
        a game keeps."""
        if not 0 < game_id <= MAX_GAME_ID:
            return None
        with self._lock:
            try:
                con = self._connect()
                if con is None:
                    return None
                # one read transaction, so the summary and the event lines agree
                con.execute("BEGIN")
                try:
                    return self._refresh(con, game_id)
                finally:
                    con.execute("COMMIT")
            except (sqlite3.DatabaseError, ValueError, LookupError, TypeError) as err:
                # a bad header (GnavError) is a damaged file too: the app repairs it
                raise self._unreadable(err) from None

    def _refresh(self, con: sqlite3.Connection, game_id: int) -> Followed | None:
        row = con.execute(
            "SELECT header, updated, events FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            self.forget(game_id)
            return None
        header, updated, count = row
        # as the store's open_game: a game an earlier version stored past the cap is not read
        # (one look down the primary key, whatever the game's length)
        (last,) = con.execute("SELECT max(seq) FROM events WHERE game_id = ?",
                              (game_id,)).fetchone()
        if last is not None and last + 1 > MAX_EVENTS:
            self._games.pop(game_id, None)
            said = self._too_long.get(game_id)
            if said is None or said.count != last + 1:
                said = TooLong(game_id, last + 1, next(self._versions))
                self._too_long[game_id] = said
            raise said
        self._too_long.pop(game_id, None)
        game = self._games.get(game_id)
        if game is not None and game.header == header and game.updated == updated \
                and game.count == count:
            return game
        if game is None or game.header != header or updated < game.updated:
            kind, table = parse_header(decode_line(header))
            game = Followed(game_id, header, Follower(kind, table))
            keep = 0
        else:
            # Events stored since the last read have `at` >= the last `updated`: the first of
            # them among the events followed is where this game's story changed (an undo and a
            # new event in its place keep the count but change the line).
            keep = min(game.count, count)
            first = con.execute(
                "SELECT min(seq) FROM events WHERE game_id = ? AND active = 1 AND seq < ? "
                "AND at >= ?", (game_id, keep, game.updated)
            ).fetchone()[0]
            if first is not None:
                keep = int(first)
        # the lines as the cursor gives them, one at a time: never the whole game's at once
        lines = (line for (line,) in con.execute(
            "SELECT line FROM events WHERE game_id = ? AND active = 1 AND seq >= ? ORDER BY seq",
            (game_id, keep),
        ))
        try:
            game.truncate(keep)
            game.extend(lines)
        except GnavError:
            # the app refuses such a line when it opens the game and cuts it there; until
            # then the board shows the game up to the line before
            pass
        game.updated = updated
        game.version = next(self._versions)
        self._games[game_id] = game
        return game
