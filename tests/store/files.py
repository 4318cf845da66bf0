"""Looking at the games file from outside the Store, as another process would."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from companion.store import DB_NAME


def rows(folder: Path, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(folder / DB_NAME)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def count_rows(folder: Path) -> tuple[int, int]:
    """(games, events) rows in the file."""
    games = rows(folder, "SELECT count(*) FROM games")[0][0]
    events = rows(folder, "SELECT count(*) FROM events")[0][0]
    return int(games), int(events)


def stored_lines(folder: Path, game_id: int) -> tuple[list[str], list[str]]:
    """(active lines, undone lines) of a game, in order."""
    got = rows(folder, "SELECT line, active FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
    return [line for line, a in got if a == 1], [line for line, a in got if a == 0]
