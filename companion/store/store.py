"""The games file: saved games, import and export of journals, recovery from damage."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from companion.core import AnyState, Header
from companion.core.errors import N_, JournalError, Text
from companion.core.journal import count_lines
from companion.core.names import check_new_names
from companion.core.replay import TooManyEvents
from companion.engine.registry import GAMES, kind_named, parse_header, replay_until_bad

from .errors import StoreError
from .game import MAX_EVENTS, Event, Game, too_long
from .logs import (
    Line,
    Log,
    LogFile,
    digest,
    log_path,
    logged_ids,
    read_digests,
    read_log,
    records,
    write_log,
)
from .paths import DB_NAME, default_data_dir
from .salvage import (
    LongGame,
    fsync_file,
    keep_copy,
    recover_file,
    stored_records,
    write_long,
)
from .schema import (
    Damaged,
    Database,
    display_time,
    file_stamp,
    open_database,
    summary_values,
    utc_now,
)

Lines = list[tuple[str, str]]  # (event line, when it was stored)

NO_GAME = N_("There is no game number {n}; it may have been deleted.")


@dataclass(frozen=True)
class GameSummary:
    """One line of the games list, read without replaying the game."""

    id: int
    seats: tuple[str, ...]
    rules: str
    round: int
    phase: str
    winners: tuple[str, ...]
    created: str  # ISO-8601 UTC to the second, e.g. "2026-11-22T18:03:11Z"
    updated: str  # the last event, undo or redo (or the creation)
    events: int  # active events
    game: str  # the header's game (a v1 header names none: the registry's first, Gnav)


class Store:
    """The games kept in <folder>/games.sqlite3, each also in its own journal file,
    <folder>/journals/<id>.log (logs.py; docs/data.md says why). Safe to share between
    threads: every method (and every method of its Games) holds one lock."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_data_dir()
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                "The data folder {path} cannot be made ({why}).", path=str(self.folder),
                why=str(err.strerror or err),
            ) from None
        self.path = self.folder / DB_NAME
        self.recovery_notice: Text | None = None
        # told (with the game's id) when a game is read again because another process changed
        # it: the app redraws the screens showing it
        self.on_reloaded: Callable[[int], None] | None = None
        self._games: dict[int, Game] = {}
        try:
            empty_but_not_new(self.path)
            con = open_database(self.path)
        except Damaged as damage:
            try:
                self.recovery_notice = recover_file(self.path, damage.reason)
            except (OSError, sqlite3.Error) as err:
                raise StoreError(
                    "The games file {path} is damaged and could not be repaired ({why}).",
                    path=str(self.path), why=str(err),
                ) from None
            try:
                con = open_database(self.path)
            except Damaged as again:  # pragma: no cover - the file was just written
                raise StoreError(
                    "The games file {path} is damaged and could not be repaired ({why}).",
                    path=str(self.path), why=again.reason,
                ) from None
        self._db = Database(con, self.path)
        try:
            self._reconcile()
        except OSError as err:
            self._db.close()
            raise StoreError(
                "The journal files in {path} cannot be written ({why}); nothing was changed.",
                path=str(self.folder), why=str(err.strerror or err),
            ) from None
        except BaseException:
            self._db.close()
            raise

    # --- the games list -------------------------------------------------------------------

    def list_games(self) -> list[GameSummary]:
        """Every saved game, the most recently changed first."""
        with self._db.lock:
            rows = self._read(
                "SELECT id, header, created, updated, events, round, phase, winners FROM games "
                "ORDER BY updated DESC, id DESC"
            )
        out: list[GameSummary] = []
        for game_id, header, created, updated, events, round_, phase, winners in rows:
            head = json.loads(header)
            out.append(GameSummary(
                id=game_id,
                seats=tuple(head["seats"]),
                rules=head["rules"],
                round=round_,
                phase=phase,
                winners=tuple(json.loads(winners)),
                created=display_time(created),
                updated=display_time(updated),
                events=events,
                game=head.get("game", GAMES.first.id),
            ))
        return out

    def create_game(self, table: Header) -> Game:
        """A new game of any kind with this table, as the New table screen sets it up (checked
        by its game's kind: GnavError when it is bad), in the journal version its rules need."""
        header = kind_named(table.game).new_header(table)
        check_new_names(header.seats)  # a new table's names (companion.core.names)
        return self._insert(header, [])

    def create_table(self, header: Header) -> Game:
        """A new game of any kind from a header its kind parsed (the kind re-reads the line it
        writes, so a header that kind would refuse is refused here too: GnavError)."""
        table = _header(json.loads(kind_named(header.game).header_line(header)))
        check_new_names(table.seats)
        return self._insert(table, [])

    def open_game(self, game_id: int) -> Game:
        """The game with this id, built from its stored events. The same Game object is
        returned each time, so several screens share one live state."""
        with self._db.lock:
            game = self._games.get(game_id)
            if game is not None:
                if game.stale():  # changed by another process: never a stale game again
                    game.reload()
                    if game.deleted:
                        del self._games[game_id]
                        raise StoreError(NO_GAME, n=game_id)
                return game
            rows = self._read("SELECT header, ops FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StoreError(NO_GAME, n=game_id)
            # a game an earlier version stored past the cap is not read into memory
            ((last,),) = self._read("SELECT max(seq) FROM events WHERE game_id = ?", (game_id,))
            if last is not None and last + 1 > MAX_EVENTS:
                raise StoreError(too_long(game_id, last + 1))
            table = _header(json.loads(rows[0][0]))  # checked when the file was opened
            active, tail, broken = self._event_lines(game_id)
            game = Game(self._db, game_id, table, active, tail, ops=rows[0][1],
                        log=LogFile(log_path(self.folder, game_id)), reloaded=self._reloaded)
            if game.bad_line is not None or broken is not None:
                self._cut_damaged(game)
            self._games[game_id] = game
            return game

    def delete_game(self, game_id: int) -> None:
        with self._db.lock:
            rows = self._read("SELECT ops FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StoreError(NO_GAME, n=game_id)
            # said in the journal first: a stop between the two leaves a journal that says
            # "deleted" beside a file that still has the game (kept, the deletion was not
            # done) or no longer has it (the journal goes); never a game back from the dead
            path = log_path(self.folder, game_id)
            if path.exists():
                log = LogFile(path)
                log.append({"n": rows[0][0] + 1, "op": "delete"})
                log.close()
            try:
                with self._db.transaction() as con:
                    cur = con.execute("DELETE FROM games WHERE id = ?", (game_id,))
                    if cur.rowcount != 1:
                        raise StoreError(NO_GAME, n=game_id)
                    con.execute("DELETE FROM events WHERE game_id = ?", (game_id,))
                    con.execute(
                        "DELETE FROM meta WHERE key = 'last_open' AND value = ?",
                        (json.dumps(game_id),),
                    )
            except sqlite3.Error as err:
                raise StoreError("The game could not be deleted ({why}).", why=str(err)) from None
            game = self._games.pop(game_id, None)
            if game is not None:
                game._mark_deleted()
            path.unlink(missing_ok=True)
            self._db.check_durable()

    def rematch(self, game_id: int) -> Game:
        """A new game with the same header: seats, rule book, stakes, house rules, and the same
        first dealer (or none, to be found by a cut, when the game had none)."""
        with self._db.lock:
            rows = self._read("SELECT header FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StoreError(NO_GAME, n=game_id)
            return self._insert(_header(json.loads(rows[0][0])), [])

    # --- journals -------------------------------------------------------------------------

    def import_journal(self, data: bytes | str, once: bool = False) -> Game:
        """A new game from a journal file. The engine checks the whole file first: a bad one
        raises JournalError ("line N: reason") and nothing is stored; one larger than the app
        takes (in bytes, or in events: MAX_EVENTS) raises StoreError. With `once`, a journal
        whose game is already here (the same header and events, `same_game`) raises
        AlreadyHere and nothing is stored: the referee's imports (the app's, the command
        line's) never make a second identical table without a word."""
        _check_size(data)
        header, events, _state, error = _read_journal(data)
        if error is not None:
            raise error
        lines = _lines_of(header, events)
        del events, _state  # the game is built again from its lines: not both held at once
        if once:
            with self._db.lock:  # nothing stored between the look and the insert
                there = self._same(header, lines)
                if there is not None:
                    raise AlreadyHere(there)
                return self._insert(header, lines)
        return self._insert(header, lines)

    def same_game(self, data: bytes | str) -> int | None:
        """The table already here whose game is this journal's (the same header and the same
        events, however the file was named or spaced), else None. Raises as import_journal
        does for a journal it would refuse."""
        _check_size(data)
        header, events, _state, error = _read_journal(data)
        if error is not None:
            raise error
        with self._db.lock:
            return self._same(header, _lines_of(header, events))

    def _same(self, header: Header, lines: list[str]) -> int | None:
        """Decided by a digest of the canonical lines (as the store writes them), compared
        only with the games of the same header and number of events."""
        first = kind_named(header.game).header_line(header)
        digest = lines_digest(first, lines)
        for (game_id,) in self._read("SELECT id FROM games WHERE header = ? AND events = ? "
                                     "ORDER BY id", (first, len(lines))):
            stored = [line for (line,) in self._read(
                "SELECT line FROM events WHERE game_id = ? AND active = 1 ORDER BY seq",
                (game_id,))]
            if lines_digest(first, stored) == digest:
                return int(game_id)
        return None

    def recover_journal(self, data: bytes | str) -> tuple[Game, Text | None]:
        """Imports a journal that may be cut off or damaged: every line before the first bad
        one is kept. Returns the game and a sentence saying what was left out (None when the
        whole file was good). A bad header still raises JournalError: there is nothing to keep.
        """
        _check_size(data)
        # one reading, stopped at the first bad line: the events before it are the game
        header, events, _state, first_bad = _read_journal(data)
        lines = _lines_of(header, events)
        del events, _state  # the game is built again from its lines: not both held at once
        game = self._insert(header, lines)
        if first_bad is None:
            return game, None
        dropped = count_lines(data, first_bad.line)
        kept = len(game.events)
        reason = first_bad.reason.trimmed(". ")
        return game, Text.n(
            "Line {line} of the journal was cut off or damaged ({reason}), so the game was "
            "imported with the {events} before it and the {count} line from there on was "
            "left out.",
            "Line {line} of the journal was cut off or damaged ({reason}), so the game was "
            "imported with the {events} before it and the {count} lines from there on were "
            "left out.",
            dropped, line=first_bad.line, reason=reason,
            events=Text.n("{count} event", "{count} events", kept),
        )

    def keep_damaged_journal(self, data: bytes | str) -> Path:
        """Writes a damaged journal, exactly as it came, into the data folder before
        `recover_journal` keeps part of it: nothing the referee brought is thrown away (one
        larger than the app takes is refused here too, before anything is written)."""
        _check_size(data)
        kept = self.folder / f"imported-journal.damaged-{file_stamp()}.jsonl"
        n = 1
        while kept.exists():
            kept = self.folder / f"imported-journal.damaged-{file_stamp()}-{n}.jsonl"
            n += 1
        kept.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "replace"))
        fsync_file(kept)
        return kept

    def export_journal(self, game_id: int) -> str:
        """The journal (v1) of the game's active events, as `replay` reads it."""
        with self._db.lock:
            rows = self._read("SELECT header FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StoreError(NO_GAME, n=game_id)
            lines = [rows[0][0]] + [
                line for (line,) in self._read(
                    "SELECT line FROM events WHERE game_id = ? AND active = 1 ORDER BY seq",
                    (game_id,),
                )
            ]
        return "\n".join(lines) + "\n"

    def journal_keys(self) -> list[tuple[int, str, int]]:
        """Every game's (id, created, changes made): a game whose three are the same as
        before has the same journal (ids are never reused; every append, undo and redo counts
        a change). What the records' cache is keyed by."""
        with self._db.lock:
            rows = self._read("SELECT id, created, ops FROM games ORDER BY id")
        return [(int(i), str(c), int(o)) for i, c, o in rows]

    def journal_rows(self, game_id: int) -> tuple[str, str, list[tuple[str, str]]]:
        """A game's header line, when it was created, and its active event lines each with
        the time it was kept, in order: what the records replay."""
        with self._db.lock:
            rows = self._read("SELECT header, created FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StoreError(NO_GAME, n=game_id)
            lines = self._read(
                "SELECT line, at FROM events WHERE game_id = ? AND active = 1 ORDER BY seq",
                (game_id,))
        return rows[0][0], rows[0][1], [(line, at) for line, at in lines]

    # --- the game the app showed last -----------------------------------------------------

    def last_open(self) -> int | None:
        with self._db.lock:
            rows = self._read(
                "SELECT g.id FROM meta m JOIN games g ON g.id = CAST(m.value AS INTEGER) "
                "WHERE m.key = 'last_open'"
            )
        return int(rows[0][0]) if rows else None

    def set_last_open(self, game_id: int | None) -> None:
        with self._db.lock:
            try:
                with self._db.transaction() as con:
                    if game_id is None:
                        con.execute("DELETE FROM meta WHERE key = 'last_open'")
                        return
                    if con.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                        raise StoreError(NO_GAME, n=game_id)
                    con.execute(
                        "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_open', ?)",
                        (json.dumps(game_id),),
                    )
            except sqlite3.Error as err:
                raise StoreError("The open game could not be saved ({why}).",
                                 why=str(err)) from None

    # --- closing --------------------------------------------------------------------------

    def close(self) -> None:
        """Closes the file (the WAL is folded back into it); the Games stop working."""
        with self._db.lock:
            for game in self._games.values():
                if game.log is not None:
                    game.log.close()
            self._db.close()
            self._games.clear()

    def _reloaded(self, game: Game) -> None:
        if self.on_reloaded is not None:
            self.on_reloaded(game.id)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- inside ---------------------------------------------------------------------------

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._db.con.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise StoreError("The games file cannot be read ({why}).", why=str(err)) from None

    def _insert(self, header: Header, lines: list[str]) -> Game:
        """Stores a new game with these (engine-checked) event lines in one transaction."""
        first = kind_named(header.game).header_line(header)
        with self._db.lock:
            game = Game(self._db, 0, header, lines, reloaded=self._reloaded)
            if game.bad_line is not None:  # pragma: no cover - the callers checked the lines
                raise StoreError("The game cannot be stored: {why}", why=game.bad_line[1])
            now = utc_now()
            state = game.state
            winners = tuple(state.names[i] for i in state.winners)
            try:
                with self._db.transaction() as con:
                    cur = con.execute(
                        "INSERT INTO games (header, created, updated, events, round, phase, "
                        "winners, ops) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (first, now, now,
                         *summary_values(len(lines), state.round, state.phase, winners),
                         len(lines)),
                    )
                    game_id = cur.lastrowid
                    assert game_id is not None
                    con.executemany(
                        "INSERT INTO events (game_id, seq, line, active, at) "
                        "VALUES (?, ?, ?, 1, ?)",
                        ((game_id, seq, line, now) for seq, line in enumerate(lines)),
                    )
            except sqlite3.Error as err:
                raise StoreError("The game could not be saved ({why}); nothing was stored.",
                                 why=str(err)) from None
            game.id = game_id
            game.ops = len(lines)
            self._games[game_id] = game
            path = log_path(self.folder, game_id)
            problem = None
            try:
                write_log(path, records(game_id, first, now,
                                        [(line, now) for line in lines], [], game.ops))
            except OSError as err:
                problem = f"{path.name}: {err.strerror or err}"
            game.log = LogFile(path)
            self._db.check_durable(problem, wait=problem is not None)
            return game

    def _stored(self, game_id: int) -> tuple[Lines, Lines]:
        """A game's stored (line, at) pairs: the active ones in order and the undone ones, the
        next redo first."""
        active: Lines = []
        tail: Lines = []
        for line, flag, at in self._read(
            "SELECT line, active, at FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        ):
            (active if flag == 1 else tail).append((line, at))
        return active, tail

    def _stored_records(self, game_id: int) -> Iterator[dict[str, Any]]:
        """The records of the game's journal file written afresh from the database, its rows
        read one at a time (salvage.stored_records)."""
        return stored_records(self._db.con, game_id)

    def _rewrite_log(self, game: Game) -> None:
        """The game's journal file written afresh from the database."""
        if game.log is not None:
            game.log.close()
        path = log_path(self.folder, game.id)
        write_log(path, self._stored_records(game.id))
        game.log = LogFile(path)

    def _reconcile(self) -> None:
        """Each game's journal file against the database, at open (logs.py says how they are
        written). The same: nothing to do. The journal behind by the one change a stop cut
        short, missing (a file of an older version), or saying "deleted" for a game the file
        still has: written again from the database. The journal ahead of the database, or the
        same length and different: the database lost commits (a WAL deleted, cut or damaged)
        or had an event changed; the damaged file is kept, those games are brought back from
        their journals, and the referee is told. A damaged journal is kept aside and written
        again from the database when that has every change; when it has not either (the WAL
        lost as well), the game is brought back from whichever of the two holds more, and
        every event the changes lost after the damage could have undone is made undone (Redo
        brings it back): an event the referee saw undone never comes back as done.

        Each journal is compared by digests, read a line at a time, so a start's memory is
        that of one game's digests, not of every line of every journal."""
        in_db = {
            row[0]: row
            for row in self._read("SELECT id, header, created, updated, ops FROM games")
        }
        restore: list[_Restore] = []
        told: list[Text] = []  # what was done to the journals written again
        for game_id in sorted(set(in_db) | set(logged_ids(self.folder))):
            path = log_path(self.folder, game_id)
            log = read_digests(path, game_id) if path.exists() else None
            row = in_db.get(game_id)
            if row is None:
                assert log is not None
                if log.header is None:
                    told.append(Text(
                        "The journal file of game {game} was damaged at its first line ({why}) "
                        "and the games file has no game {game}, so nothing could be brought "
                        "back from it; it was kept as {file}.", game=game_id,
                        why=log.damaged or "", file=keep_copy(path).name))
                    path.unlink()
                elif log.deleted:
                    path.unlink()  # its deletion was committed: the journal goes too
                else:
                    restore.append(self._from_journal(path, log, log.later, _damage(log)))
                continue
            _id, header, _created, _updated, ops = row
            if log is not None and not log.deleted and log.header is not None:
                active, tail = self._digests(game_id)
                same = (log.header, log.active, log.tail) == (header, active, tail)
                if log.ops == ops and same and log.damaged is None:
                    continue
                end = max(ops, log.ops + log.later)  # the last change the two know was made
                if log.ops > ops or (log.ops == ops and not same):
                    restore.append(self._from_journal(path, log, end - log.ops, _damage(log)))
                    continue
                if end > ops:  # the journal's lost part once held changes the file lacks
                    restore.append(self._from_database(row, end, log.damaged,
                                                       len(active), len(active) + len(tail)))
                    continue
            if log is not None and log.damaged is not None and ops - log.ops > 1:
                told.append(Text(
                    "The journal file of game {game} was damaged ({why}); it was written again "
                    "from the games file, which had every event, and the damaged one was kept "
                    "as {file}.", game=game_id, why=log.damaged, file=keep_copy(path).name))
            write_log(path, self._stored_records(game_id))
        if restore:
            told = self._restore(restore) + told
        if told:
            if self.recovery_notice is not None:  # a salvage's notice first
                told.insert(0, self.recovery_notice)
            self.recovery_notice = sentences(told)

    def _digests(self, game_id: int) -> tuple[array[int], array[int]]:
        """A game's stored events as digests (logs.digest, eight bytes each), the active ones
        in order and the undone ones, read a row at a time."""
        active = array("q")
        tail = array("q")
        try:
            for line, flag, at in self._db.con.execute(
                "SELECT line, active, at FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            ):
                (active if flag == 1 else tail).append(digest(line, at))
        except sqlite3.Error as err:
            raise StoreError("The games file cannot be read ({why}).", why=str(err)) from None
        return active, tail

    def _from_journal(self, path: Path, counted: Log[int], later: int,
                      damaged: str | None) -> _Restore:
        """A game to bring back from its journal file (`counted`: its digests), `later`
        changes after what the file still says: read whole this time, or, for a game an
        earlier version stored past the cap, written into the games file a line at a time."""
        game_id = counted.game_id
        copy = keep_copy(path) if damaged is not None else None
        if counted.stored > MAX_EVENTS:
            log = Log[Line](game_id, counted.header, counted.created, counted.updated,
                            ops=counted.ops + later)
            long = LongGame(path, counted.lines, len(counted.active), counted.stored)
            return _Restore(log, damaged, long.undo_uncertain(later), copy, long)
        log = read_log(path, game_id)
        undone = _undo_uncertain(log, later)
        return _Restore(log, damaged, undone, copy)

    def _from_database(self, row: tuple[Any, ...], end: int, damaged: str | None,
                       active: int, stored: int) -> _Restore:
        """A game whose games file holds more than its damaged journal, though not every
        change the journal once held: its stored events (`active` of `stored` active), the
        uncertain ones made undone (in the file itself, for a game past the cap)."""
        game_id, header, created, updated, ops = row
        copy = keep_copy(log_path(self.folder, game_id))
        if stored > MAX_EVENTS:
            log = Log[Line](game_id, header, created, updated, ops=end)
            long = LongGame(None, 0, active, stored)
            return _Restore(log, damaged, long.undo_uncertain(end - ops), copy, long)
        lines, tail = self._stored(game_id)
        log = Log[Line](game_id, header, created, updated, lines, tail, ops)
        undone = _undo_uncertain(log, end - ops)
        return _Restore(log, damaged, undone, copy)

    def _restore(self, games: list[_Restore]) -> list[Text]:
        """Brings games back into the database from their journal files (see _reconcile), or
        from the database itself with some events made undone; returns what to tell."""
        kept = keep_copy(self.path)
        try:
            with self._db.transaction() as con:
                for one in games:
                    log = one.log
                    assert log.header is not None
                    table = _header(json.loads(log.header))
                    if one.long is not None:
                        state = write_long(con, log.game_id, table, one.long)
                        count = one.long.active
                    else:
                        game = Game(self._db, log.game_id, table, [a for a, _ in log.active],
                                    [t for t, _ in log.tail])
                        state, count = game.state, len(game.events)
                        con.execute("DELETE FROM events WHERE game_id = ?", (log.game_id,))
                    winners = tuple(state.names[i] for i in state.winners)
                    con.execute(
                        "INSERT OR REPLACE INTO games (id, header, created, updated, events, "
                        "round, phase, winners, ops) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (log.game_id, log.header, log.created, log.updated,
                         *summary_values(count, state.round, state.phase, winners), log.ops),
                    )
                    if one.long is None:
                        con.executemany(
                            "INSERT INTO events (game_id, seq, line, active, at) "
                            "VALUES (?, ?, ?, ?, ?)", _rows(log),
                        )
        except sqlite3.Error as err:
            raise StoreError(
                "The games file {path} is damaged and could not be repaired ({why}).",
                path=str(self.path), why=str(err),
            ) from None
        told: list[Text] = []
        whole = [one.log.game_id for one in games if one.damaged is None]
        if whole:
            told.append(Text.n(
                "The games file had lost or changed what was saved of game {games}; it was "
                "brought back whole from its journal file, and the games file as it was was "
                "kept as {file}.",
                "The games file had lost or changed what was saved of games {games}; they "
                "were brought back whole from their journal files, and the games file as it "
                "was was kept as {file}.",
                len(whole), games=", ".join(str(g) for g in whole), file=kept.name,
            ))
        else:
            told.append(Text("The games file had lost what was saved last, and the games file "
                             "as it was was kept as {file}.", file=kept.name))
        for one in games:
            if one.damaged is None:
                continue
            log = one.log
            assert one.copy is not None
            # the journal file as the games file now has it (its damaged copy is kept)
            write_log(log_path(self.folder, log.game_id), self._stored_records(log.game_id))
            active = one.long.active if one.long is not None else len(log.active)
            events = Text.n("{count} event", "{count} events", active)
            if one.undone:
                told.append(Text.n(
                    "Game {game}'s journal file was damaged as well ({why}), so the game was "
                    "brought back as far as the two could be read, with {events}; its last "
                    "{count} event was made undone, as what was lost may have undone it "
                    "(Redo brings it back), and the damaged journal was kept as {file}.",
                    "Game {game}'s journal file was damaged as well ({why}), so the game was "
                    "brought back as far as the two could be read, with {events}; its last "
                    "{count} events were made undone, as what was lost may have undone them "
                    "(Redo brings them back), and the damaged journal was kept as {file}.",
                    one.undone, game=log.game_id, why=one.damaged, events=events,
                    file=one.copy.name))
            else:
                told.append(Text(
                    "Game {game}'s journal file was damaged as well ({why}), so the game was "
                    "brought back as far as the two could be read, with {events}, and the "
                    "damaged journal was kept as {file}.", game=log.game_id, why=one.damaged,
                    events=events, file=one.copy.name))
        # a game past the cap is back on the disk as it was, and exportable, but not opened
        told += [too_long(one.log.game_id, one.long.stored) for one in games
                 if one.long is not None]
        return told

    def _event_lines(self, game_id: int) -> tuple[list[str], list[str], int | None]:
        """The active lines, the undone ones, and the seq where the stored order breaks."""
        active: list[str] = []
        tail: list[str] = []
        broken: int | None = None
        rows = self._read(
            "SELECT seq, line, active FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        for seq, line, flag in rows:
            expected = len(active) + len(tail)
            if seq != expected or not isinstance(line, str) or flag not in (0, 1) or (
                flag == 1 and tail
            ):
                broken = expected
                break
            (active if flag == 1 else tail).append(line)
        return active, tail, broken

    def _cut_damaged(self, game: Game) -> None:
        """A game whose stored events stop making sense at some point (the file itself read
        fine): keep a copy of the file, then keep the game's events before that point."""
        keep = game.stored_lines
        # everything into the main file first, so the copy is one file
        self._db.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        kept = keep_copy(self.path)
        state = game.state
        winners = tuple(state.names[i] for i in state.winners)
        try:
            with self._db.transaction() as con:
                con.execute("DELETE FROM events WHERE game_id = ? AND seq >= ?", (game.id, keep))
                con.execute(
                    "UPDATE games SET events = ?, round = ?, phase = ?, winners = ?, "
                    "ops = ops + 1 WHERE id = ?",
                    (*summary_values(len(game.events), state.round, state.phase, winners),
                     game.id),
                )
        except sqlite3.Error as err:
            raise StoreError("The damaged game could not be repaired ({why}).",
                             why=str(err)) from None
        game.ops += 1
        self._rewrite_log(game)
        n = len(game.events)
        game.recovery_notice = Text.n(
            "Game {game} was damaged in the games file; its first {count} event was kept, and "
            "the damaged file was kept as {file}.",
            "Game {game} was damaged in the games file; its first {count} events were kept, "
            "and the damaged file was kept as {file}.",
            n, game=game.id, file=kept.name,
        )
        self.recovery_notice = game.recovery_notice


@dataclass
class _Restore:
    """A game to write into the games file at open: its contents and what to tell."""

    log: Log[Line]  # header, times, events (active, then undone), the change counter
    damaged: str | None  # why the journal file stopped early; None: it was whole
    undone: int  # events made undone because the lost changes may have undone them
    copy: Path | None  # the damaged journal file, kept
    long: LongGame | None = None  # a game past the cap: its events are not in `log`


def _undo_uncertain(log: Log[Line], later: int) -> int:
    """Makes undone the active events that `later` lost changes could have undone or
    replaced, and returns how many. A change moves the active count by one at most, so an
    event `later` or more places from the end was never touched; the others go to the front
    of the undone ones, still redo-able, never shown as done again. The counter takes the
    lost changes and this one: the journal written afresh follows every number used."""
    keep = max(0, len(log.active) - later)
    moved = list(log.active[keep:])
    log.active, log.tail = list(log.active[:keep]), moved + list(log.tail)
    log.ops += later
    return len(moved)


def _damage(log: Log[int]) -> str | None:
    """Why a journal file is damaged; None when it is whole but for a last line cut off, the
    one change a stop cut short, which was never shown (its file lacks nothing shown)."""
    return None if log.torn else log.damaged


def _rows(log: Log[Line]) -> Iterator[tuple[int, int, str, int, str]]:
    for seq, (line, at) in enumerate(log.active):
        yield log.game_id, seq, line, 1, at
    for k, (line, at) in enumerate(log.tail):
        yield log.game_id, len(log.active) + k, line, 0, at


def sentences(told: list[Text]) -> Text:
    """Several sentences as one notice, each translated on its own."""
    out = told[0]
    for more in told[1:]:
        out = Text("{first} {then}", first=out, then=more)
    return out


def _read_journal(data: bytes | str) -> tuple[Header, list[Event], AnyState, JournalError | None]:
    """replay_until_bad, refusing a journal of more events than a game keeps as soon as it
    reads one more (so that no more are ever held), in a sentence."""
    try:
        return replay_until_bad(data, most=MAX_EVENTS)
    except TooManyEvents as err:
        raise StoreError(
            "The journal has more than {most} events (line {line} is one more), the most the "
            "app keeps in one game; the longest game it is made for, 40 seats and 2,000 "
            "rounds, has about 108,000. Nothing was imported.", most=err.most, line=err.line,
        ) from None


def _header(obj: object) -> Header:
    """A stored header, read by its game's kind (GnavError when it is bad)."""
    return parse_header(obj)[1]


def _lines_of(header: Header, events: list[Event]) -> list[str]:
    """Events read from a journal, as its game's kind writes them."""
    line = kind_named(header.game).event_line
    return [line(event) for event in events]


def lines_digest(header: str, lines: Sequence[str]) -> str:
    """A game's identity as a journal: the SHA-256 of its canonical header and event lines."""
    digest = hashlib.sha256(header.encode("utf-8"))
    for line in lines:
        digest.update(b"\n")
        digest.update(line.encode("utf-8"))
    return digest.hexdigest()


ALREADY_HERE = N_("This game is already here as table {n}.")


class AlreadyHere(StoreError):
    """An imported journal whose game is already a table here (`game_id`)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(ALREADY_HERE, n=game_id)
        self.game_id = game_id


def empty_but_not_new(path: Path) -> None:
    """A games file of 0 bytes is new only when nothing else was ever written beside it (a
    stop while the file was being made); with a WAL or journal files beside it, it is a file
    whose contents were lost: damage (Damaged), so that its WAL is kept and not overwritten
    by a new file's, and the games are recovered."""
    try:
        if path.stat().st_size != 0:
            return
    except FileNotFoundError:
        return
    wal = Path(f"{path}-wal")
    if (wal.exists() and wal.stat().st_size > 0) or logged_ids(path.parent):
        raise Damaged("the file is empty")


# The largest journal the app takes: a 40-seat game of 2,000 rounds (108,000 events, the most
# the app is made for) is about 5 MB, so six times that leaves room for long names and longer
# games, while a file of any size can no longer take the app's memory.
MAX_JOURNAL_MB = 32
MAX_JOURNAL_BYTES = MAX_JOURNAL_MB * 1024 * 1024


def _check_size(data: bytes | str) -> None:
    size = len(data)
    if isinstance(data, str) and size * 4 > MAX_JOURNAL_BYTES:  # a character is 1 to 4 bytes
        size = len(data.encode("utf-8", "replace"))
    if size > MAX_JOURNAL_BYTES:
        raise StoreError(
            "The journal is {size} MB; the app takes journals of up to {limit} MB (the longest "
            "game it is made for, 40 seats and 2,000 rounds, is about 5 MB). Nothing was "
            "imported.", size=round(size / 1024 / 1024, 1), limit=MAX_JOURNAL_MB,
        )
