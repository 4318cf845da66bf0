"""Reading game and event rows straight from the pages of a damaged SQLite file.

SQLite reaches a row through the interior pages of its b-tree; when one of those is lost (a
truncated file loses the pages at its end, which is where the interior pages of a growing
table end up), every row below it is out of reach although its own page is intact. This
module reads every leaf page on its own, following the documented file format
(https://sqlite.org/fileformat2.html), and keeps the rows shaped like ours:

- `events` is a WITHOUT ROWID table, so its rows sit in index b-tree pages as records
  (game_id, seq, line, active, at): in the leaves (type 0x0A) and, one between each two
  children, in the interior pages (type 0x02);
- `games` rows sit in table-leaf pages (type 0x0D) as records (NULL for the id, which is the
  rowid, header, created, updated, events, round, phase, winners).

The store turns secure_delete on, so a deleted row or a freed page is overwritten with zeros
and cannot come back from here. What is found is still only a candidate: the engine checks
every game's events again before anything is kept.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

Value = int | float | str | bytes | None

TABLE_LEAF = 0x0D
INDEX_LEAF = 0x0A
INDEX_INTERIOR = 0x02
MAX_OVERFLOW_PAGES = 10_000


@dataclass(frozen=True)
class CarvedGame:
    id: int
    header: str
    created: str
    updated: str


@dataclass(frozen=True)
class CarvedEvent:
    game_id: int
    seq: int
    line: str
    active: int
    at: str


def page_size_of(data: bytes, default: int) -> int:
    if len(data) >= 18 and data[:16] == b"SQLite format 3\x00":
        (size,) = struct.unpack_from(">H", data, 16)
        size = 65536 if size == 1 else size
        if size >= 512 and size & (size - 1) == 0:
            return size
    return default


WAL_MAGIC = (0x377F0682, 0x377F0683)


def with_wal(data: bytes, wal: bytes) -> bytes:
    """The file's bytes with the pages its WAL holds put in their places, as SQLite would read
    them (https://sqlite.org/fileformat.html#the_write_ahead_log): the last version of each
    page from the frames up to the last commit, of the WAL's current salt. Carving the result
    finds the rows that only the WAL has, also when the file itself is empty or cut."""
    if len(wal) < 32 or struct.unpack_from(">I", wal, 0)[0] not in WAL_MAGIC:
        return data
    (page_size,) = struct.unpack_from(">I", wal, 8)
    if page_size < 512 or page_size & (page_size - 1):
        return data
    salts = wal[16:24]
    pages: dict[int, bytes] = {}
    pending: dict[int, bytes] = {}
    size = 0
    pos = 32
    while pos + 24 + page_size <= len(wal):
        pgno, commit = struct.unpack_from(">II", wal, pos)
        if wal[pos + 8: pos + 16] != salts or pgno == 0:
            break  # a frame of an earlier round of the WAL, or garbage: the end
        pending[pgno] = wal[pos + 24: pos + 24 + page_size]
        if commit:
            pages.update(pending)
            pending = {}
            size = commit
        pos += 24 + page_size
    if not pages:
        return data
    out = bytearray(data)
    end = max(max(pages), size) * page_size
    if len(out) < end:
        out += bytes(end - len(out))
    for pgno, page in pages.items():
        out[(pgno - 1) * page_size: pgno * page_size] = page
    return bytes(out)


def carve(data: bytes, default_page_size: int, skip: set[int] | None = None
          ) -> tuple[list[CarvedGame], list[CarvedEvent]]:
    """Every games row and events row found in the leaf pages of `data` (a whole file), but
    the events of the games in `skip` (read from elsewhere: not held)."""
    skip = skip or set()
    page_size = page_size_of(data, default_page_size)
    reserved = data[20] if len(data) >= 100 and data[:16] == b"SQLite format 3\x00" else 0
    reader = _Reader(data, page_size, page_size - reserved)
    games: list[CarvedGame] = []
    events: list[CarvedEvent] = []
    pages = (len(data) + page_size - 1) // page_size
    for number in range(1, pages + 1):
        for kind, rowid, record in reader.records(number):
            if kind != TABLE_LEAF:
                event = _as_event(record)
                if event is not None and event.game_id not in skip:
                    events.append(event)
            else:
                game = _as_game(rowid, record)
                if game is not None:
                    games.append(game)
    return games, events


def _as_event(record: list[Value]) -> CarvedEvent | None:
    if len(record) != 5:
        return None
    game_id, seq, line, active, at = record
    if (
        isinstance(game_id, int) and game_id > 0 and isinstance(seq, int) and seq >= 0
        and isinstance(line, str) and active in (0, 1) and isinstance(active, int)
        and isinstance(at, str)
    ):
        return CarvedEvent(game_id, seq, line, active, at)
    return None


def _as_game(rowid: int, record: list[Value]) -> CarvedGame | None:
    # 9 columns since games.ops; a row a version-1 file wrote keeps its 8 until it changes
    if len(record) not in (8, 9) or record[0] is not None or rowid <= 0:
        return None
    header, created, updated = record[1], record[2], record[3]
    if isinstance(header, str) and isinstance(created, str) and isinstance(updated, str):
        return CarvedGame(rowid, header, created, updated)
    return None


class _Bad(Exception):
    """A cell that does not parse: skipped alone."""


class _Reader:
    def __init__(self, data: bytes, page_size: int, usable: int) -> None:
        self.data = data
        self.page_size = page_size
        self.usable = usable

    def records(self, number: int) -> list[tuple[int, int, list[Value]]]:
        """(page type, rowid or 0, record) for every cell that parses on a page holding rows."""
        start = (number - 1) * self.page_size
        head = start + (100 if number == 1 else 0)
        if head + 8 > len(self.data):
            return []
        kind = self.data[head]
        if kind not in (TABLE_LEAF, INDEX_LEAF, INDEX_INTERIOR):
            return []
        (cells,) = struct.unpack_from(">H", self.data, head + 3)
        pointers = head + (12 if kind == INDEX_INTERIOR else 8)  # interior: + right child
        out: list[tuple[int, int, list[Value]]] = []
        for k in range(cells):
            at = pointers + 2 * k
            if at + 2 > len(self.data):
                break
            (offset,) = struct.unpack_from(">H", self.data, at)
            try:
                rowid, payload = self._cell(kind, start, start + offset)
                out.append((kind, rowid, _record(payload)))
            except (_Bad, IndexError, struct.error, UnicodeDecodeError):
                continue
        return out

    def _cell(self, kind: int, page_start: int, pos: int) -> tuple[int, bytes]:
        if not page_start <= pos < page_start + self.page_size:
            raise _Bad
        if kind == INDEX_INTERIOR:
            pos += 4  # the left child's page number
        size, pos = _varint(self.data, pos)
        rowid = 0
        if kind == TABLE_LEAF:
            rowid, pos = _varint(self.data, pos)
            max_local = self.usable - 35
        else:
            max_local = (self.usable - 12) * 64 // 255 - 23
        min_local = (self.usable - 12) * 32 // 255 - 23
        if size <= max_local:
            local = size
        else:
            local = min_local + (size - min_local) % (self.usable - 4)
            if local > max_local:
                local = min_local
        if pos + local > min(len(self.data), page_start + self.page_size):
            raise _Bad
        payload = bytearray(self.data[pos:pos + local])
        if local < size:
            (next_page,) = struct.unpack_from(">I", self.data, pos + local)
            for _ in range(MAX_OVERFLOW_PAGES):
                if len(payload) >= size:
                    break
                first = (next_page - 1) * self.page_size
                if next_page < 1 or first + self.usable > len(self.data):
                    raise _Bad
                (next_page,) = struct.unpack_from(">I", self.data, first)
                payload += self.data[first + 4:first + 4 + min(self.usable - 4, size - len(payload))]
            if len(payload) != size:
                raise _Bad
        return rowid, bytes(payload)


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    value = 0
    for i in range(9):
        byte = data[pos + i]
        if i == 8:
            return (value << 8) | byte, pos + 9
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, pos + i + 1
    raise _Bad  # pragma: no cover - the loop always returns


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> list[Value]:
    header_size, pos = _varint(payload, 0)
    if header_size > len(payload) or header_size < 1:
        raise _Bad
    types: list[int] = []
    while pos < header_size:
        serial, pos = _varint(payload, pos)
        types.append(serial)
    body = header_size
    values: list[Value] = []
    for serial in types:
        if serial == 0:
            values.append(None)
        elif serial in _INT_SIZES:
            n = _INT_SIZES[serial]
            if body + n > len(payload):
                raise _Bad
            values.append(int.from_bytes(payload[body:body + n], "big", signed=True))
            body += n
        elif serial == 7:
            if body + 8 > len(payload):
                raise _Bad
            values.append(struct.unpack_from(">d", payload, body)[0])
            body += 8
        elif serial in (8, 9):
            values.append(serial - 8)
        elif serial >= 12:
            n = (serial - 12) // 2
            if body + n > len(payload):
                raise _Bad
            raw = payload[body:body + n]
            values.append(raw.decode("utf-8") if serial % 2 else raw)
            body += n
        else:
            raise _Bad
    if body != len(payload):
        raise _Bad
    return values
