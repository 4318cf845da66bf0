"""The games file read for the spectators' boards, through its own read-only connection.

The referee's app commits every event before it shows it (Game.apply), so reading the file is
enough to follow the game live, and a read-only connection can change nothing whatever a
spectator's browser asks. Each game is followed incrementally by the seam's Follower: a new
event is one apply; an undo goes back to the nearest snapshot, as the store's Game does.
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core import AnyState, Follower, Header
from companion.core.errors import GnavError
from companion.core.journal import decode_line
from companion.engine.registry import GAMES, parse_header
from companion.store.paths import DB_NAME

MAX_GAME_ID = 2**63 - 1  # SQLite's largest integer: no game can have a larger id


class Unreadable(Exception):
    """The games file cannot be read now: damaged, or being repaired. The board says so and
    tries again; the next read opens the file anew."""


@dataclass
class Followed:
    """One game as the board last read it."""

    id: int
    header: str
    follower: Follower[Header, Any, Any]
    lines: list[str] = field(default_factory=list)
    updated: str = ""
    version: int = 0  # goes up by one whenever the board has something new to show

    @property
    def table(self) -> Header:
        return self.follower.header

    @property
    def state(self) -> AnyState:
        return self.follower.state

    def truncate(self, count: int) -> None:
        """Back to the state after the first `count` events."""
        self.follower.truncate(count)
        del self.lines[count:]

    def extend(self, lines: list[str]) -> None:
        """Follows the lines in order; a refused line raises GnavError, the ones before it
        stay followed."""
        for line in lines:
            self.follower.extend((line,))
            self.lines.append(line)


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
        Unreadable when the file cannot be read."""
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
            self._games.pop(game_id, None)
            return None
        header, updated, count = row
        game = self._games.get(game_id)
        if game is not None and game.header == header and game.updated == updated \
                and len(game.lines) == count:
            return game
        if game is None or game.header != header or updated < game.updated:
            kind, table = parse_header(decode_line(header))
            game = Followed(game_id, header, Follower(kind, table))
            keep = 0
        else:
            # Events stored since the last read have `at` >= the last `updated`: the first of
            # them among the lines we hold is where this game's story changed (an undo and a
            # new event in its place keep the count but change the line).
            keep = min(len(game.lines), count)
            first = con.execute(
                "SELECT min(seq) FROM events WHERE game_id = ? AND active = 1 AND seq < ? "
                "AND at >= ?", (game_id, keep, game.updated)
            ).fetchone()[0]
            if first is not None:
                keep = int(first)
        lines = [line for (line,) in con.execute(
            "SELECT line FROM events WHERE game_id = ? AND active = 1 AND seq >= ? ORDER BY seq",
            (game_id, keep),
        )]
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
