"""The journal as JSON Lines text (journals v1 and v2): reading with line-numbered errors, writing.

Pure text in, text out: the files themselves are opened by the callers (cli, store).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, Self

from .errors import GnavError, JournalError, Text, quoted
from .events import Event, Table, event_json, header_json
from .state import TableState


def _reject_constant(name: str) -> Any:
    raise ValueError(Text("{name} is not a number JSON allows", name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise ValueError(Text("the field \"{key}\" appears twice", key=quoted(key)))
            seen.add(key)
    return out


# One decoder for every line: json.loads would build a new one per call when given hooks,
# which was a third of the time of a long replay.
_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys, parse_constant=_reject_constant)
_JSON_SPACE = " \t\n\r"


def _json_fault(err: json.JSONDecodeError, column: int) -> GnavError:
    """What is wrong with a line of bad JSON, in the referee's words (Python's parser speaks
    of delimiters and property names)."""
    msg = err.msg
    if msg == "Extra data":
        return GnavError("the line holds more than one JSON value (from character {column} "
                         "on); each event goes on a line of its own.", column=column)
    if msg.startswith("Invalid control character"):
        return GnavError("a text in quotes holds a tab, a line break or another control "
                         "character (character {column}); JSON writes them as \\t or \\n.",
                         column=column)
    if msg.startswith("Invalid \\"):
        return GnavError("a backslash in quotes starts an escape JSON does not know (character "
                         "{column}); a backslash itself is written \\\\.", column=column)
    if msg == "Expecting value" and err.pos == 0:
        return GnavError("the line is not JSON; each line is a JSON object such as "
                         "{\"ev\": \"deal\"}.")
    return GnavError("the line is not a complete JSON object: it breaks off or goes wrong at "
                     "character {column}.", column=column)


def decode_line(text: str) -> Any:
    """One line's JSON value; raises GnavError in plain words."""
    if text.startswith("\ufeff"):
        raise GnavError("the line starts with a byte order mark (U+FEFF), which only the "
                        "journal's first line may have.")
    body = text.lstrip(_JSON_SPACE)
    try:
        value, end = _DECODER.raw_decode(body)
        if end != len(body) and body[end:].strip(_JSON_SPACE):
            raise json.JSONDecodeError("Extra data", body, end)
        return value
    except RecursionError:
        raise GnavError("the line is nested too deeply to be an event.") from None
    except json.JSONDecodeError as err:
        raise _json_fault(err, len(text) - len(body) + err.pos + 1) from None
    except ValueError as err:
        why = err.args[0] if err.args else None
        if isinstance(why, Text):  # a duplicate field or a NaN, said by the hooks above
            raise GnavError("this is not valid JSON ({why}).", why=why) from None
        # Python's own limit on the digits of a whole number
        raise GnavError("a number on the line has too many digits to be read.") from None


def encode(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def header_line(table: Table) -> str:
    return encode(header_json(table))


def event_line(event: Event) -> str:
    return encode(event_json(event))


def dumps(table: Table, events: Iterable[Event]) -> str:
    """The whole journal as text, one line each, ending with a newline."""
    lines = [header_line(table)] + [event_line(e) for e in events]
    return "\n".join(lines) + "\n"


# A journal: its text, its bytes, or its bytes in pieces as they are read (any sizes, in order:
# the caller reads the file, the engine only splits what it is given).
Source = str | bytes | Iterable[bytes]
_CHUNK = 1 << 20


def _batches(data: Source) -> Iterator[list[str] | list[bytes]]:
    """The journal's lines (without their "\\n"), about a megabyte's worth at a time: split
    in C, but never all at once (a list of every line of 52 MB of short lines took a
    gigabyte)."""
    if isinstance(data, (str, bytes)):
        sep: Any = "\n" if isinstance(data, str) else b"\n"
        start, size = 0, len(data)
        while True:
            end = data.rfind(sep, start, start + _CHUNK) if start + _CHUNK < size else -1
            if end < 0 and start + _CHUNK < size:  # one line longer than a chunk
                end = data.find(sep, start + _CHUNK)
            if end < 0:
                yield data[start:].split(sep)
                return
            yield data[start:end].split(sep)
            start = end + 1
    line = _Pending()
    for piece in data:
        parts = piece.split(b"\n")
        if len(parts) == 1:
            line.add(piece)
            continue
        line.add(parts[0])
        batch = [line.take(), *parts[1:-1]]
        line = _Pending()
        line.add(parts[-1])
        yield batch
    yield [line.take()]


class _Pending:
    """A line arriving in pieces: joined once at its end (adding each piece to the line so far
    copied it again, quadratic in a long line), and never held past MAX_LINE: beyond it only
    whether it is blank and its length are kept."""

    def __init__(self) -> None:
        self.pieces: list[bytes] = []
        self.size = 0
        self.long = False  # past MAX_LINE: the pieces are dropped
        self.blank = True  # so far only white space (known once long)

    def add(self, piece: bytes) -> None:
        self.size += len(piece)
        if self.long:
            self.blank = self.blank and not piece.strip()
            return
        self.pieces.append(piece)
        if self.size > MAX_LINE:
            self.blank = all(not p.strip() for p in self.pieces)
            self.long, self.pieces = True, []

    def take(self) -> bytes:
        if not self.long:
            return b"".join(self.pieces)
        return b"" if self.blank else _LongLine(self.size)


# The longest line a journal's event or header can need is a few kilobytes (40 seats of 24
# characters, each written as escapes at most: about 13 KB). A line longer than the largest
# journal the app imports (32 MB, store.MAX_JOURNAL_MB) is not an event: it is refused at its
# own line number without ever being held whole, so reading a journal stays bounded however
# long its lines (a blank line of any length is still blank). `replay` of one line of 256 MB
# took 25 s and 533 MB, the line copied again at each megabyte read.
MAX_LINE = 32 << 20


class _LongLine(bytes):
    """Stands for a line over MAX_LINE with more than white space on it: only its length is
    kept (its one byte is not white space, so it counts as a line)."""

    size: int

    def __new__(cls, size: int) -> Self:
        self = super().__new__(cls, b"?")
        self.size = size
        return self


def split_lines(data: Source) -> Iterator[tuple[int, str]]:
    """(line number, text) for each non-blank line; bytes must be UTF-8. Lazy: a caller that
    stops at a bad line has read nothing far past it."""
    number = 0
    for batch in _batches(data):
        for raw in batch:
            number += 1
            if isinstance(raw, _LongLine) or (len(raw) > MAX_LINE and raw.strip()):
                size = raw.size if isinstance(raw, _LongLine) else len(raw)
                raise JournalError(number, Text(
                    "the line is {size} MB long, longer than any event can be (a line is read "
                    "up to {most} MB).", size=round(size / (1 << 20), 1), most=MAX_LINE >> 20))
            if not raw.strip():  # ASCII white space only: blank, whether bytes or text
                continue
            if isinstance(raw, bytes):
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise JournalError(number, "the line is not UTF-8 text.") from None
            else:
                text = raw
            if number == 1:
                text = text.removeprefix("\ufeff")
            if text.strip():
                yield number, text


def count_lines(data: Source, first: int) -> int:
    """How many lines with more than white space the journal has from line `first` on."""
    count = number = 0
    for batch in _batches(data):
        for raw in batch:
            number += 1
            if number >= first and raw.strip():
                count += 1
    return count


def read(data: Source) -> tuple[Table, list[Event]]:
    """The header and events of a journal, each event checked against the rules in order.

    Raises JournalError naming the first bad line. Blank lines are skipped (but counted).
    """
    table, events, _state = replay(data)
    return table, events


def replay(data: Source) -> tuple[Table, list[Event], TableState]:
    """Reads and applies a journal; raises JournalError naming the first bad line."""
    table, events, state, error = replay_until_bad(data)
    if error is not None:
        raise error
    return table, events, state


def replay_state(data: Source) -> TableState:
    """The state at the end of a journal, its events not kept (for `replay`, whose memory
    stays that of the state however long the file is); raises JournalError."""
    _table, _events, state, error = replay_until_bad(data, keep=False)
    if error is not None:
        raise error
    return state


def replay_until_bad(
    data: Source, keep: bool = True
) -> tuple[Table, list[Event], TableState, JournalError | None]:
    """The header, the events before the first bad line (all of them when `keep`) and the
    state after them, and the JournalError of that line (None when every line is good).
    Reading stops at the bad line. A bad header raises its JournalError: nothing was read.
    """
    # The one follower (companion.core) reads every journal: imported here, when called, as
    # the seam sits above the engine and refers its "gnav" games back to it.
    from companion.core.replay import replay_until_bad as follow

    table, events, state, error = follow(data, keep)
    if not isinstance(table, Table) or not isinstance(state, TableState):  # pragma: no cover
        raise TypeError("the registry gave this Gnav reader another game")
    return table, events, state, error


SHORT_LINE = 120

