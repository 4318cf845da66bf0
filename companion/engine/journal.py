"""The journal as JSON Lines text (journal v1): reading with line-numbered errors, writing.

Pure text in, text out: the files themselves are opened by the callers (cli, store).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .errors import N_, GnavError, JournalError, Text
from .events import Event, Table, event_json, header_json, parse_event, parse_header
from .state import TableState


def _reject_constant(name: str) -> Any:
    raise ValueError(Text("{name} is not a number JSON allows", name=name))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise ValueError(Text("the field \"{key}\" appears twice", key=key))
            seen.add(key)
    return out


# One decoder for every line: json.loads would build a new one per call when given hooks,
# which was a third of the time of a long replay.
_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys, parse_constant=_reject_constant)
_JSON_SPACE = " \t\n\r"


# What Python's json module says of bad JSON, so the reason can be translated too.
_JSON_WORDS: frozenset[str] = frozenset((
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Unexpected UTF-8 BOM (decode using utf-8-sig)"),
))


def _json_words(msg: object) -> str:
    if isinstance(msg, Text):
        return msg
    text = str(msg)
    return Text(text) if text in _JSON_WORDS else text


def decode_line(text: str) -> Any:
    """One line's JSON value; raises GnavError in plain words."""
    try:
        if text.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        body = text.lstrip(_JSON_SPACE)
        value, end = _DECODER.raw_decode(body)
        if end != len(body) and body[end:].strip(_JSON_SPACE):
            raise json.JSONDecodeError("Extra data", body, end)
        return value
    except RecursionError:
        raise GnavError("the line is nested too deeply to be an event.") from None
    except ValueError as err:
        msg = getattr(err, "msg", None) or (err.args[0] if err.args else str(err))
        raise GnavError("this is not valid JSON ({why}).", why=_json_words(msg)) from None


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


def split_lines(data: str | bytes) -> Iterator[tuple[int, str]]:
    """(line number, text) for each non-blank line; bytes must be UTF-8."""
    if isinstance(data, bytes):
        for number, raw in enumerate(data.split(b"\n"), start=1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise JournalError(number, "the line is not UTF-8 text.") from None
            if number == 1:
                text = text.removeprefix("\ufeff")
            if text.strip():
                yield number, text
        return
    for number, text in enumerate(data.split("\n"), start=1):
        if number == 1:
            text = text.removeprefix("\ufeff")
        if text.strip():
            yield number, text


def read(data: str | bytes) -> tuple[Table, list[Event]]:
    """The header and events of a journal, each event checked against the rules in order.

    Raises JournalError naming the first bad line. Blank lines are skipped (but counted).
    """
    table, events, _state = replay(data)
    return table, events


def replay(data: str | bytes) -> tuple[Table, list[Event], TableState]:
    """Reads and applies a journal; raises JournalError naming the first bad line."""
    lines = split_lines(data)
    try:
        first = next(lines, None)
    except JournalError as err:
        if err.line == 1:
            raise
        # lines before it were blank, so line 1, where the header belongs, is the first bad one
        raise JournalError(1, "the first line must be the table header, not a blank line.") from None
    if first is None:
        raise JournalError(1, "the journal is empty; its first line must be the table header.")
    number, text = first
    if number != 1:
        # the header belongs on line 1: that is the line at fault, not the first one with text
        raise JournalError(1, "the first line must be the table header, not a blank line.")
    try:
        table = parse_header(decode_line(text))
    except GnavError as err:
        raise JournalError(number, err.text) from None
    state = TableState(table)
    events: list[Event] = []
    # A game repeats its short lines (stands, changes, replies) thousands of times; the same
    # text always reads as the same frozen event, so each is decoded only once.
    read: dict[str, Event] = {}
    apply = state.apply
    for number, text in lines:
        try:
            event = read.get(text)
            if event is None:
                event = parse_event(decode_line(text))
                if len(text) <= SHORT_LINE:
                    read[text] = event
            apply(event)
        except GnavError as err:
            raise JournalError(number, err.text) from None
        events.append(event)
    return table, events, state


SHORT_LINE = 120


