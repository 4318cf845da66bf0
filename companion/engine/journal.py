"""The journal as JSON Lines text (journal v1): reading with line-numbered errors, writing.

Pure text in, text out: the files themselves are opened by the callers (cli, store).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .errors import GnavError, JournalError
from .events import Event, Table, event_json, header_json, parse_event, parse_header
from .state import TableState


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the field \"{key}\" appears twice")
        out[key] = value
    return out


def decode_line(text: str) -> Any:
    """One line's JSON value; raises GnavError in plain words."""
    try:
        return json.loads(
            text, object_pairs_hook=_unique_keys, parse_constant=_reject_constant
        )
    except RecursionError:
        raise GnavError("the line is nested too deeply to be an event.") from None
    except ValueError as err:
        msg = getattr(err, "msg", None) or str(err)
        raise GnavError(f"this is not valid JSON ({msg}).") from None


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
    first = next(lines, None)
    if first is None:
        raise JournalError(1, "the journal is empty; its first line must be the table header.")
    number, text = first
    if number != 1:
        # the header belongs on line 1: that is the line at fault, not the first one with text
        raise JournalError(1, "the first line must be the table header, not a blank line.")
    try:
        table = parse_header(decode_line(text))
    except GnavError as err:
        raise JournalError(number, str(err)) from None
    state = TableState(table)
    events: list[Event] = []
    for number, text in lines:
        try:
            event = parse_event(decode_line(text))
            state.apply(event)
        except GnavError as err:
            raise JournalError(number, str(err)) from None
        events.append(event)
    return table, events, state


