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


def row_pages(folder: Path) -> tuple[dict[int, set[int]], dict[tuple[int, int], set[int]]]:
    """Which pages of the file hold each games row (by id) and each events row (by game id and
    seq), as SQLite's own dbstat table tells: the b-trees walked in key order, each cell with
    its overflow pages. Tests use it to know which rows a damaged page takes with it."""
    info: dict[tuple[str, str], tuple[int, str, int]] = {}
    overflow: dict[tuple[str, str, int], set[int]] = {}
    for name, path, pageno, pagetype, ncell in rows(
        folder, "SELECT name, path, pageno, pagetype, ncell FROM dbstat"
    ):
        if pagetype == "overflow":
            page_path, _, rest = path.rpartition("/")
            cell = int(rest.split("+")[0], 16)
            overflow.setdefault((name, page_path + "/", cell), set()).add(pageno)
        else:
            info[(name, path)] = (pageno, pagetype, ncell)

    def walk(name: str, path: str, interior_rows: bool) -> list[set[int]]:
        pageno, pagetype, ncell = info[(name, path)]
        if pagetype == "leaf":
            return [{pageno} | overflow.get((name, path, k), set()) for k in range(ncell)]
        out: list[set[int]] = []
        for i in range(ncell + 1):
            out += walk(name, f"{path}{i:03x}/", interior_rows)
            if interior_rows and i < ncell:  # an index b-tree keeps a row between children
                out.append({pageno} | overflow.get((name, path, i), set()))
        return out

    game_ids = [r[0] for r in rows(folder, "SELECT id FROM games ORDER BY id")]
    keys = [(g, s) for g, s in rows(folder, "SELECT game_id, seq FROM events ORDER BY 1, 2")]
    game_pages = walk("games", "/", interior_rows=False)
    event_pages = walk("events", "/", interior_rows=True)
    assert len(game_pages) == len(game_ids) and len(event_pages) == len(keys)
    return dict(zip(game_ids, game_pages, strict=True)), dict(zip(keys, event_pages, strict=True))
