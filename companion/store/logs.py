"""Each game's own append-only journal file, beside the games file: the second copy.

Why a second copy (docs/data.md): the SQLite file is one structure. A cut or a garbled page
takes rows of many games with it, and what salvage can read back from the pages is a fraction
of what was intact (a file cut in half gave back 48 of 1,598 intact events); a WAL deleted or
damaged after a stop loses its newest commits without a word; and a byte changed inside an
event row replays cleanly into another score. A plain file per game, one line per change,
each line with its own checksum, has none of these failures: a cut loses only the lines after
it, a changed byte fails its line's checksum, and a game's file is never touched by another
game's writes.

Every change is committed to SQLite first, then appended here and fsynced, and only then handed
back to the app (Game.apply and the others): this fsync is the one the tap waits for, so what
the screen shows is on the disk (the WAL's own fsync runs beside it, schema.WalSync). So after a kill the file is never ahead of the
database, and at most one change behind (the one being made, never acknowledged). Each record
carries `n`, the game's change counter, which the database keeps too (games.ops): when the
database is behind its journals, it lost commits (its WAL went), and the Store says so and
brings them back from here.

A line is `<crc32 of the JSON, 8 hex digits> <JSON>`; the records are

    {"n": 0, "op": "game", "id": 1, "header": "<journal line 1>", "created": "..."}
    {"n": 1, "op": "add", "seq": 0, "line": "<event line>", "at": "..."}
    {"n": 2, "op": "undo", "seq": 0, "at": "..."}       the last active event becomes undone
    {"n": 3, "op": "redo", "seq": 0, "at": "..."}       the next undone one is active again
    {"n": 4, "op": "delete"}                            the game is being deleted

(`add` at seq s drops the undone events from s on, as a new event does.) A file written afresh
(after a repair, or for a game stored by an older version) starts at n = ops - (its adds and
undos), so that its last n is the database's counter.
"""

from __future__ import annotations

import itertools
import json
import os
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Generic, TypeVar

LOG_DIR = "journals"
SUFFIX = ".log"

Line = tuple[str, str]  # (event line, when it was stored)
E = TypeVar("E")

# The longest line a journal file can hold: a record carries one event line or the header,
# and neither comes near it (the engine refuses a journal line over companion.engine.journal's
# MAX_LINE). A longer one is damage, and is never read into memory whole.
MAX_RECORD = 4 << 20


@dataclass
class Log(Generic[E]):
    """What a game's journal file says, read up to its first bad line: each stored event as a
    Line (read_log) or as its digest (read_digests), which is all a comparison needs."""

    game_id: int
    header: str | None = None
    created: str = ""
    updated: str = ""
    active: list[E] = field(default_factory=list)
    tail: list[E] = field(default_factory=list)  # undone, the next redo first
    ops: int = -1  # `n` of the last good record; -1 when not even the header was read
    deleted: bool = False
    damaged: str | None = None  # why reading stopped before the end of the file
    # changes the file held after the damage: its whole lines from there on, or more when a
    # record read past the damage is numbered higher. Any of them may have undone an event
    # the lines before the damage leave active. A last line cut off is not counted: it is the
    # one change a stop cut short, which was never shown.
    later: int = 0
    torn: bool = False  # all that is wrong is a last line cut off (the change a stop cut short)

    @property
    def stored(self) -> int:
        return len(self.active) + len(self.tail)


_decode = json.JSONDecoder().decode  # one decoder for every line, on text: json.loads of
# bytes first guesses their encoding, a fifth of the time of reading a long journal


def digest(line: str, at: str) -> int:
    """A stored event in a comparison (this process's hash: never written anywhere)."""
    return hash((line, at))


def log_dir(folder: Path) -> Path:
    return folder / LOG_DIR


def log_path(folder: Path, game_id: int) -> Path:
    return log_dir(folder) / f"{game_id}{SUFFIX}"


def logged_ids(folder: Path) -> list[int]:
    """The game ids that have a journal file."""
    out = []
    directory = log_dir(folder)
    if not directory.is_dir():
        return []
    for path in directory.glob(f"*{SUFFIX}"):
        stem = path.name[: -len(SUFFIX)]
        if stem.isdigit():
            out.append(int(stem))
    return sorted(out)


def encode(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(body), body)


def read_log(path: Path, game_id: int) -> Log[Line]:
    """The journal file's state, every line up to the first that is cut, fails its checksum or
    does not follow from the ones before it (then `damaged` says which and why)."""
    return _read(path, Log[Line](game_id), _line)


def read_digests(path: Path, game_id: int) -> Log[int]:
    """read_log with each event as its digest: a long game compared in a tenth of the
    memory."""
    return _read(path, Log[int](game_id), digest)


def _line(line: str, at: str) -> Line:
    return line, at


def _read(path: Path, log: Log[E], keep: Callable[[str, str], E]) -> Log[E]:
    """Reads the file a line at a time (never the whole file at once), into `log`."""
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed below, whatever happens
    except OSError as err:
        log.damaged = f"{path.name}: {err.strerror or err}"
        return log
    try:
        with f:
            number = 0
            for raw, whole in _lines(f):
                number += 1
                if len(raw) > MAX_RECORD:
                    why: str | None = "the line is too long"
                elif not whole:
                    log.damaged = f"line {number} is cut off"
                    log.torn = True
                    break  # the end of the file
                else:
                    why = _apply(log, raw, keep)
                    if why is None:
                        continue
                log.damaged = f"line {number}: {why}"
                log.later = _count_later(log, _lines(f), 1 if whole else 0)
                break
    except OSError as err:
        log.damaged = f"{path.name}: {err.strerror or err}"
    return log


def _lines(f: BinaryIO) -> Iterator[tuple[bytes, bool]]:
    """Each line without its newline, and whether it ended with one. A line over MAX_RECORD
    comes as its first MAX_RECORD + 1 bytes, the rest of it skipped."""
    while True:
        raw = f.readline(MAX_RECORD + 1)
        if not raw:
            return
        if raw.endswith(b"\n"):
            yield raw[:-1], True
            continue
        if len(raw) <= MAX_RECORD:
            yield raw, False  # the last line, cut off
            return
        whole = False
        while True:  # skip the rest of a line too long to be a record
            more = f.readline(MAX_RECORD + 1)
            if not more:
                break
            if more.endswith(b"\n"):
                whole = True
                break
        yield raw, whole


def _count_later(log: Log[E], rest: Iterator[tuple[bytes, bool]], bad: int) -> int:
    """How many changes the file may hold after its damage: its whole lines from the bad one
    on (`bad` of them already read), or more when a readable record there has a higher n."""
    count = bad
    highest = log.ops
    for raw, whole in rest:
        if not whole:
            break  # a last line cut off: the change a stop cut short
        count += 1
        n = _number(raw)
        if n is not None:
            highest = max(highest, n)
    return max(count, highest - log.ops)


def _number(raw: bytes) -> int | None:
    """The n of a line whose checksum holds, else None."""
    if len(raw) < 10 or raw[8:9] != b" ":
        return None
    try:
        if int(raw[:8], 16) != zlib.crc32(raw[9:]):
            return None
        rec = _decode(raw[9:].decode("utf-8"))
    except ValueError:
        return None
    n = rec.get("n") if isinstance(rec, dict) else None
    return n if isinstance(n, int) else None


def _apply(log: Log[E], raw: bytes, keep: Callable[[str, str], E]) -> str | None:
    """Applies one line to `log`; the reason when it cannot be."""
    if len(raw) < 10 or raw[8:9] != b" ":
        return "not a journal line"
    body = raw[9:]
    try:
        if int(raw[:8], 16) != zlib.crc32(body):
            return "checksum mismatch"
        rec = _decode(body.decode("utf-8"))
    except ValueError:
        return "not a journal line"
    if not isinstance(rec, dict) or rec.get("n") != log.ops + 1 and log.ops >= 0:
        return "out of order"
    op = rec.get("op")
    seq = rec.get("seq")
    at = rec.get("at", log.updated)
    if log.deleted:
        return "a change after the deletion"
    if log.header is None:
        if op != "game" or rec.get("id") != log.game_id or not isinstance(rec.get("header"), str):
            return "not this game's first line"
        if not isinstance(rec.get("n"), int) or rec["n"] < 0:
            return "out of order"
        log.header, log.created = rec["header"], str(rec.get("created", ""))
        log.updated = log.created
    elif op == "add" and seq == len(log.active) and isinstance(rec.get("line"), str):
        log.tail.clear()
        log.active.append(keep(rec["line"], str(at)))
    elif op == "undo" and log.active and seq == len(log.active) - 1:
        log.tail.insert(0, log.active.pop())  # an event keeps the time it was stored
    elif op == "redo" and log.tail and seq == len(log.active):
        log.active.append(log.tail.pop(0))
    elif op == "delete":
        log.deleted = True
    else:
        return "a change that does not follow"
    log.ops = rec["n"]
    if isinstance(at, str):
        log.updated = at
    return None


def records(
    game_id: int, header: str, created: str, active: list[Line], tail: list[Line], ops: int
) -> Iterator[dict[str, Any]]:
    """The records that bring a new journal file to this state, the last numbered `ops`, one
    at a time (a long game's would take ten times its journal's size in memory at once)."""
    count = len(active) + 2 * len(tail)
    n = max(ops - count, 0)
    yield {"n": n, "op": "game", "id": game_id, "header": header, "created": created}
    for seq, (line, at) in enumerate(itertools.chain(active, tail)):
        n += 1
        yield {"n": n, "op": "add", "seq": seq, "line": line, "at": at}
    for seq in range(len(active) + len(tail) - 1, len(active) - 1, -1):
        n += 1
        yield {"n": n, "op": "undo", "seq": seq}


def write_log(path: Path, recs: Iterable[dict[str, Any]]) -> None:
    """Writes a journal file afresh: a new file, on the disk, then put in place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = path.with_name(path.name + ".new")
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        records = iter(recs)
        while piece := b"".join(encode(r) for r in itertools.islice(records, 1000)):
            _write_all(fd, piece)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(fresh, path)
    sync_dir(path.parent)


def sync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - some systems cannot open a folder
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - a folder that cannot be synced is synced by the system
        pass
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class LogFile:
    """A game's journal file open for appending, its descriptor kept (as WalSync's, for the
    open-file limit). A failure is kept in `problem` for the caller to tell.

    A write the disk cuts short (a full disk) would leave part of a line at the end, and every
    later record after it unreadable until the next start rewrote the file: so a failed append
    cuts the file back to its last whole line, and the records it could not take are written
    again, in order, before the next one (each record's `n` follows the one before)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        self._fd: int | None = None
        self._end = 0  # where the last whole line ends: the file's size when all went well
        self._torn = False  # a write or fsync failed after `_end`: cut back before writing
        self._waiting: list[bytes] = []  # records not yet on the disk, oldest first
        try:
            self._open()
        except OSError:
            pass  # tried again at the first append, which tells when it fails

    def _open(self) -> int:
        if self._fd is None:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            try:
                self._end = os.lseek(fd, 0, os.SEEK_END)
            except OSError:
                os.close(fd)
                raise
            self._fd = fd
        return self._fd

    def append(self, record: dict[str, Any]) -> None:
        """Appends one record (after any the disk refused before) and fsyncs it; `problem`
        says why when it could not be, and the file then still ends with a whole line."""
        self.problem = None
        self._waiting.append(encode(record))
        try:
            fd = self._open()
            if self._torn:
                os.ftruncate(fd, self._end)
                self._torn = False
            data = b"".join(self._waiting)
            self._torn = True  # until the bytes are written and on the disk
            _write_all(fd, data)
            os.fsync(fd)
            self._torn = False
            self._end += len(data)
            self._waiting.clear()
        except OSError as err:
            self.problem = f"{self.path.name}: {err.strerror or err}"
            if self._torn and self._fd is not None:
                try:
                    os.ftruncate(self._fd, self._end)
                    self._torn = False
                except OSError:
                    pass  # cut at the next append, before anything is written

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
