"""A damaged games file: keep a copy of it, read every intact game from it, start afresh.

SQLite refuses a damaged file at the first bad page, so the rows are read in small pieces
(one game header at a time, one game's events in order) and each piece that fails is given
up alone. A game keeps its events up to the first one that cannot be read or that the
engine refuses: a journal cannot skip an event. When the file's first 100 bytes (its header)
are wiped, a standard header is written into a work copy, which is often enough to read
every row again.

A game an earlier version stored past the cap (MAX_EVENTS) is brought back from its journal
file without being held: its rows go from the journal into the new file a line at a time, and
the notice says why the app does not open it (the damaged file itself is still read whole to
find the rows SQLite cannot reach).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import struct
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core import AnyKind, AnyState, Follower, Header
from companion.core.errors import GnavError, Text
from companion.core.journal import decode_line
from companion.engine.registry import kind_named, parse_header

from .game import MAX_EVENTS, too_long
from .logs import (
    Line,
    Log,
    counted_records,
    journal_events,
    log_path,
    logged_ids,
    read_digests,
    read_log,
    records,
    sync_dir,
    write_log,
)
from .pages import carve, with_wal
from .paths import DB_NAME
from .schema import (
    PAGE_SIZE,
    SCHEMA_VERSION,
    connect,
    create_schema,
    file_stamp,
    summary_values,
    utc_now,
)

MAGIC = b"SQLite format 3\x00"
MAX_ID_PROBES = 100_000  # a garbled id bound must not make the salvage run for hours


@dataclass
class LongGame:
    """A game an earlier version stored past the cap, brought back without holding its events
    (the store does not open it): from the first `lines` lines of its journal file `path`, or
    as the games file has it (`path` None); `active` of its `stored` events active."""

    path: Path | None
    lines: int
    active: int
    stored: int
    damaged: bool = False  # its journal stopped early: written again from the games file

    def undo_uncertain(self, later: int) -> int:
        """The store's _undo_uncertain, counted: the events `later` lost changes could have
        undone, made undone."""
        keep = max(0, self.active - later)
        moved, self.active = self.active - keep, keep
        return moved


@dataclass
class SalvagedGame:
    id: int
    table: Header
    created: str
    updated: str
    active: list[tuple[str, str]] = field(default_factory=list)  # (line, at)
    tail: list[tuple[str, str]] = field(default_factory=list)  # undone, next redo first
    partial: bool = False  # something after the kept events could not be read or was refused
    state: AnyState | None = None
    ops: int = 0  # the journal file's counter (logs.py)
    long: LongGame | None = None  # past the cap: its events are not in active and tail

    @property
    def events(self) -> int:
        """Its active events."""
        return self.long.active if self.long is not None else len(self.active)

    @property
    def stored(self) -> int:
        """Its events, active and undone."""
        return self.long.stored if self.long is not None else len(self.active) + len(self.tail)


def _kind(game: SalvagedGame) -> AnyKind:
    return kind_named(game.table.game)


def _header_line(game: SalvagedGame) -> str:
    return _kind(game).header_line(game.table)


def recover_file(path: Path, reason: str) -> Text:
    """Keeps a copy of the damaged file beside it, replaces it with a new file holding every
    intact game, and returns the sentence that tells the referee."""
    kept = keep_copy(path)
    long = long_journals(path.parent)
    with tempfile.TemporaryDirectory(prefix="gnav-salvage-") as tmp:
        work = Path(tmp) / DB_NAME
        shutil.copyfile(kept, work)
        wal = Path(str(kept) + "-wal")
        original = kept.read_bytes()
        if wal.exists():
            shutil.copyfile(wal, Path(str(work) + "-wal"))
            original = with_wal(original, wal.read_bytes())
        games, last_open = read_damaged(work, original,
                                        {game_id: log.stored for game_id, log in long.items()})
        del original
    games = with_journals(games, path.parent, long)
    write_fresh(path, games, last_open)
    for g in games:  # each journal file says what the new file says, counter included
        if g.long is None:
            write_log(log_path(path.parent, g.id),
                      records(g.id, _header_line(g), g.created, g.active, g.tail, g.ops))
        elif g.long.path is None or g.long.damaged:
            con = connect(path)
            try:
                write_log(log_path(path.parent, g.id), stored_records(con, g.id))
            finally:
                con.close()
        # else its journal file, whole, says it already
    return notice(games, kept.name)


def long_journals(folder: Path) -> dict[int, Log[int]]:
    """The journal files that hold a game past the cap (an earlier version's), each counted
    (its digests, eight bytes an event) and never read whole: a file of no more lines than
    the cap allows is not even counted."""
    found: dict[int, Log[int]] = {}
    for game_id in logged_ids(folder):
        path = log_path(folder, game_id)
        if _line_count(path) <= MAX_EVENTS + 1:
            continue  # its header and at most MAX_EVENTS adds: within the cap
        log = read_digests(path, game_id)
        if log.header is None or log.deleted or log.stored <= MAX_EVENTS:
            continue
        try:
            parse_header(decode_line(log.header))
        except GnavError:
            continue  # read from the journal as any other: it brings nothing back
        found[game_id] = log
    return found


def _line_count(path: Path) -> int:
    count = 0
    try:
        with open(path, "rb") as f:
            while block := f.read(1 << 20):
                count += block.count(b"\n")
    except OSError:
        return 0
    return count


def with_journals(games: list[SalvagedGame], folder: Path,
                  long: dict[int, Log[int]] | None = None) -> list[SalvagedGame]:
    """The games read from the damaged file, each replaced by what its journal file holds
    when that is more (the journal is complete unless it was damaged too), and the games
    only the journals still have. A journal saying "deleted" brings nothing back. A journal
    in `long` (long_journals) holds a game past the cap: it is taken as it is, to be written
    into the new file a line at a time."""
    by_id = {g.id: g for g in games}
    long = long or {}
    for game_id in logged_ids(folder):
        if game_id in long:
            counted = long[game_id]
            game = _long_game(game_id, counted, log_path(folder, game_id))
            have = by_id.get(game_id)
            if have is None or game.stored >= have.stored:
                by_id[game_id] = game
            continue
        log = read_log(log_path(folder, game_id), game_id)
        if log.header is None or log.deleted:
            continue
        rows: dict[int, Row] = {}
        for seq, (line, at) in enumerate(log.active):
            rows[seq] = (line, 1, at)
        for k, (line, at) in enumerate(log.tail):
            rows[len(log.active) + k] = (line, 0, at)
        checked = _check_game(game_id, (log.header, log.created, log.updated,
                                         len(log.active)), rows)
        if checked is None:
            continue
        checked.ops = max(log.ops, checked.ops)
        have = by_id.get(game_id)
        if have is None or checked.stored >= have.stored:
            by_id[game_id] = checked
    return [by_id[k] for k in sorted(by_id)]


def _long_game(game_id: int, counted: Log[int], path: Path) -> SalvagedGame:
    assert counted.header is not None
    _kind, table = parse_header(decode_line(counted.header))  # read by long_journals
    long = LongGame(path, counted.lines, len(counted.active), counted.stored,
                    damaged=counted.damaged is not None and not counted.torn)
    return SalvagedGame(game_id, table, counted.created, counted.updated, ops=counted.ops,
                        long=long)


def notice(games: list[SalvagedGame], kept_name: str) -> Text:
    told = _notice(games, kept_name)
    # a game past the cap is back on the disk as it was, and exportable, but not opened
    for g in games:
        if g.stored > MAX_EVENTS:
            told = Text("{first} {then}", first=told, then=too_long(g.id, g.stored))
    return told


def _notice(games: list[SalvagedGame], kept_name: str) -> Text:
    n = len(games)
    events = sum(g.events for g in games)
    partial = sum(1 for g in games if g.partial)
    if n == 0:
        return Text(
            "The games file was damaged and no game in it could be read; the damaged file was "
            "kept as {file}.", file=kept_name,
        )
    part: str = ""
    if partial:
        part = (Text(" ({partial} of them only up to the damage)", partial=partial) if n > 1
                else Text(" (up to the damage)"))
    return Text.n(
        "The games file was damaged; {count} game with {events} was recovered{part}, and the "
        "damaged file was kept as {file}.",
        "The games file was damaged; {count} games with {events} were recovered{part}, and the "
        "damaged file was kept as {file}.",
        n, events=Text.n("{count} event", "{count} events", events), part=part, file=kept_name,
    )


def keep_copy(path: Path) -> Path:
    """Copies the damaged file (and its WAL, which may hold the latest events) beside it."""
    stamp = file_stamp()
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while kept.exists():
        kept = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    shutil.copyfile(path, kept)
    _fsync(kept)
    wal = Path(str(path) + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        # SQLite finds a file's WAL by its name, so the copy can be opened as it was
        shutil.copyfile(wal, Path(str(kept) + "-wal"))
        _fsync(Path(str(kept) + "-wal"))
    sync_dir(path.parent)
    return kept


# --- reading what can be read ----------------------------------------------------------------

Row = tuple[str, int, str]  # (line, active, at) of one stored event


def read_damaged(work: Path, original: bytes, covered: dict[int, int] | None = None
                 ) -> tuple[list[SalvagedGame], int | None]:
    """Every game that can be read from `work` (a scratch copy that may be changed), through
    SQLite where its b-trees still lead to the rows, and from the leaf pages of `original`
    (the damaged file's bytes) where they do not. A game in `covered` (its id to the events
    its journal file holds, past the cap) is left to its journal, unless SQLite reads more
    of it here: its rows are not held."""
    covered = dict(covered or {})
    headers: dict[int, tuple[str, str, str, int | None]] = {}
    events: dict[int, dict[int, Row]] = {}
    last_open: int | None = None
    con = _open_readable(work)
    if con is not None:
        try:
            for game_id in _game_ids(con):
                if game_id in covered and _stored_here(con, game_id) > covered[game_id]:
                    del covered[game_id]  # the file holds more than the journal: read here
                if game_id in covered:
                    continue
                row = _game_row(con, game_id)
                if row is not None:
                    headers[game_id] = row
                    events[game_id] = _event_rows(con, game_id)
            last_open = _last_open(con)
        finally:
            con.close()
    carved_games, carved_events = carve(original, PAGE_SIZE, skip=set(covered))
    for cg in carved_games:
        if cg.id in covered:
            continue
        headers.setdefault(cg.id, (cg.header, cg.created, cg.updated, None))
    found: dict[tuple[int, int], set[Row]] = {}
    for ce in carved_events:
        found.setdefault((ce.game_id, ce.seq), set()).add((ce.line, ce.active, ce.at))
    for (game_id, seq), rows in found.items():
        have = events.setdefault(game_id, {})
        # SQLite's own answer wins (it also sees the WAL); two different carved rows for one
        # place leave it empty, so the game stops there
        if seq not in have and len(rows) == 1:
            have[seq] = next(iter(rows))
    games: list[SalvagedGame] = []
    for game_id in sorted(headers):
        game = _check_game(game_id, headers[game_id], events.get(game_id, {}))
        if game is not None:
            games.append(game)
    return games, last_open


def _last_open(con: sqlite3.Connection) -> int | None:
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'last_open'").fetchone()
        return int(row[0]) if row is not None else None
    except Exception:  # noqa: BLE001 - a damaged file can fail in any way; go on without it
        return None


def _schema_readable(con: sqlite3.Connection) -> bool:
    try:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    except Exception:  # noqa: BLE001 - any failure means "not readable as it is"
        return False
    return "games" in names and "events" in names


def _open_readable(work: Path) -> sqlite3.Connection | None:
    con = connect(work)
    con.execute("PRAGMA cell_size_check = ON")  # refuse bad cells rather than read past them
    if _schema_readable(con):
        return con
    con.close()
    # the header may be wiped: write a standard one and try the page sizes, ours first
    size = work.stat().st_size
    for page_size in (PAGE_SIZE, 1024, 2048, 8192, 16384, 32768, 65536, 512):
        if size < page_size:
            continue
        _write_header(work, page_size, size // page_size)
        con = connect(work)
        con.execute("PRAGMA cell_size_check = ON")
        if _schema_readable(con):
            return con
        con.close()
    return None


def _write_header(path: Path, page_size: int, pages: int) -> None:
    """A database header (https://sqlite.org/fileformat.html#the_database_header) for a file
    whose own header is lost: rollback journal format, UTF-8, no free list."""
    header = bytearray(100)
    header[0:16] = MAGIC
    struct.pack_into(">H", header, 16, 1 if page_size == 65536 else page_size)
    header[18] = 1  # write version: legacy (a WAL beside the copy is ignored then)
    header[19] = 1  # read version
    header[20] = 0  # reserved bytes per page
    header[21], header[22], header[23] = 64, 32, 32
    struct.pack_into(">I", header, 24, 1)  # change counter
    struct.pack_into(">I", header, 28, pages)  # size in pages, valid: 92 equals the counter
    struct.pack_into(">I", header, 40, 1)  # schema cookie
    struct.pack_into(">I", header, 44, 4)  # schema format
    struct.pack_into(">I", header, 56, 1)  # text encoding UTF-8
    struct.pack_into(">I", header, 60, SCHEMA_VERSION)  # user_version
    struct.pack_into(">I", header, 92, 1)  # version-valid-for
    struct.pack_into(">I", header, 96, sqlite3.sqlite_version_info[0] * 1_000_000
                     + sqlite3.sqlite_version_info[1] * 1_000 + sqlite3.sqlite_version_info[2])
    with open(path, "r+b") as f:
        f.write(header)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def _game_ids(con: sqlite3.Connection) -> list[int]:
    """The ids of the games whose rows can be found, even when a scan of the table breaks."""
    ids: set[int] = set()
    try:
        for (game_id,) in con.execute("SELECT id FROM games ORDER BY id"):
            if isinstance(game_id, int):
                ids.add(game_id)
    except Exception:  # noqa: BLE001, S110 - keep the ids read before the break
        pass
    top = max(ids, default=0)
    for query in (
        "SELECT seq FROM sqlite_sequence WHERE name = 'games'",
        "SELECT max(id) FROM games",
        "SELECT max(game_id) FROM events",
    ):
        try:
            row = con.execute(query).fetchone()
        except Exception:  # noqa: BLE001, S112 - another bound may still be readable
            continue
        if row is not None and isinstance(row[0], int):
            top = max(top, row[0])
    for game_id in range(1, min(top, MAX_ID_PROBES) + 1):
        if game_id in ids:
            continue
        try:
            if con.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                ids.add(game_id)
        except Exception:  # noqa: BLE001, S112 - this row is lost, the next may not be
            continue
    return sorted(ids)


def _stored_here(con: sqlite3.Connection, game_id: int) -> int:
    """How many events SQLite finds of a game (0 when it cannot tell)."""
    try:
        row = con.execute("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
    except Exception:  # noqa: BLE001 - a damaged file can fail in any way
        return 0
    return row[0] + 1 if row is not None and isinstance(row[0], int) else 0


def _game_row(con: sqlite3.Connection, game_id: int) -> tuple[str, str, str, int | None] | None:
    try:
        row = con.execute(
            "SELECT header, created, updated, events FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    except Exception:  # noqa: BLE001 - the game's row is unreadable here (carving may find it)
        return None
    if row is None or not all(isinstance(v, str) for v in row[:3]):
        return None
    return row[0], row[1], row[2], row[3] if isinstance(row[3], int) else None


def _event_rows(con: sqlite3.Connection, game_id: int) -> dict[int, Row]:
    rows: dict[int, Row] = {}
    try:
        cursor = con.execute(
            "SELECT seq, line, active, at FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        for seq, line, active, at in cursor:
            if isinstance(seq, int) and isinstance(line, str) and active in (0, 1):
                rows[seq] = (line, int(active), at if isinstance(at, str) else utc_now())
    except Exception:  # noqa: BLE001, S110 - keep the events read before the damage
        pass
    return rows


def _check_game(
    game_id: int, head: tuple[str, str, str, int | None], rows: dict[int, Row]
) -> SalvagedGame | None:
    """The game with its events in order up to the first missing one or the first the engine
    refuses: first the active events, then the undone ones after them (still redo-able)."""
    header, created, updated, active_count = head
    try:
        kind, table = parse_header(decode_line(header))
    except GnavError:
        return None
    game = SalvagedGame(game_id, table, created, updated)
    follower = Follower(kind, table)
    probe: AnyState | None = None
    seq = 0
    while seq in rows:
        line, active, at = rows[seq]
        if active == 1 and probe is not None:
            break  # an active event after an undone one: the order is broken here
        try:
            event = follower.read(line)
            if active == 1:
                follower.apply(event)
            else:
                if probe is None:
                    probe = follower.state.clone()
                probe.apply(event)
        except GnavError:
            break
        (game.active if active == 1 else game.tail).append((line, at))
        seq += 1
    kept = len(game.active) + len(game.tail)
    game.partial = any(s >= kept for s in rows) or (
        active_count is not None and len(game.active) < active_count
    )
    game.state = follower.state
    game.ops = len(game.active) + 2 * len(game.tail)
    return game


# --- writing the new file --------------------------------------------------------------------


def write_fresh(path: Path, games: list[SalvagedGame], last_open: int | None) -> None:
    """Writes the recovered games to a new file and puts it in the damaged file's place."""
    fresh = path.with_name(path.name + ".new")
    for p in (fresh, Path(str(fresh) + "-journal")):
        p.unlink(missing_ok=True)
    con = connect(fresh)
    try:
        con.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        con.execute("PRAGMA secure_delete = ON")
        con.execute("PRAGMA synchronous = FULL")
        con.execute("BEGIN IMMEDIATE")
        create_schema(con)
        for g in games:
            if g.long is not None:
                state = write_long(con, g.id, g.table, g.long)
            else:
                state = g.state if g.state is not None else _kind(g).new_state(g.table)
            winners = tuple(state.names[i] for i in state.winners)
            con.execute(
                "INSERT INTO games (id, header, created, updated, events, round, phase, winners, "
                "ops) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (g.id, _header_line(g), g.created, g.updated,
                 *summary_values(g.events, state.round, state.phase, winners), g.ops),
            )
            if g.long is not None:
                continue
            rows = [(g.id, seq, line, 1, at) for seq, (line, at) in enumerate(g.active)]
            rows += [
                (g.id, len(g.active) + k, line, 0, at) for k, (line, at) in enumerate(g.tail)
            ]
            con.executemany(
                "INSERT INTO events (game_id, seq, line, active, at) VALUES (?, ?, ?, ?, ?)", rows
            )
        if last_open is not None and any(g.id == last_open for g in games):
            con.execute(
                "INSERT INTO meta (key, value) VALUES ('last_open', ?)", (json.dumps(last_open),)
            )
        con.execute("COMMIT")
    finally:
        con.close()
    _fsync(fresh)
    for suffix in ("-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    os.replace(fresh, path)
    sync_dir(path.parent)


def write_long(con: sqlite3.Connection, game_id: int, table: Header,
               long: LongGame) -> AnyState:
    """Writes a game past the cap into the games file of `con` without holding its events:
    its rows from its journal file as they are read (the last one added at a seq is the one
    stored there), or kept as the file has them (`long.path` None); those from `long.active`
    on made undone. The state its summary needs is followed from the rows, keeping no event
    (a line the engine refuses ends it there: such a game is never opened)."""
    if long.path is not None:
        con.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
        con.executemany(
            "INSERT OR REPLACE INTO events (game_id, seq, line, active, at) "
            "VALUES (?, ?, ?, 1, ?)",
            ((game_id, seq, line, at)
             for seq, line, at in journal_events(long.path, game_id, long.lines)))
        con.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game_id, long.stored))
    con.execute("UPDATE events SET active = 0 WHERE game_id = ? AND seq >= ? AND active = 1",
                (game_id, long.active))
    follow = Follower(kind_named(table.game), table, keep=False)
    try:
        for (line,) in con.execute(
                "SELECT line FROM events WHERE game_id = ? AND active = 1 ORDER BY seq",
                (game_id,)):
            follow.extend((line,))
    except GnavError:
        pass
    return follow.state


def stored_records(con: sqlite3.Connection, game_id: int) -> Iterator[dict[str, Any]]:
    """The records of a journal file written afresh from the games file of `con`: the game's
    stored events read a row at a time (one past the cap is never held in memory)."""
    header, created, ops = con.execute(
        "SELECT header, created, ops FROM games WHERE id = ?", (game_id,)).fetchone()
    stored, active = con.execute(
        "SELECT count(*), coalesce(sum(active = 1), 0) FROM events WHERE game_id = ?",
        (game_id,)).fetchone()

    def rows() -> Iterator[Line]:
        for flag in (1, 0):  # the active ones in order, then the undone ones
            yield from con.execute(
                "SELECT line, at FROM events WHERE game_id = ? AND active = ? ORDER BY seq",
                (game_id, flag))

    return counted_records(game_id, header, created, rows(), active, stored - active, ops)


def fsync_file(path: Path) -> None:
    """The file and its folder entry on the disk."""
    _fsync(path)
    sync_dir(path.parent)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
