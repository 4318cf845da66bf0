"""Reading a journal line's fields, for every game: which keys it needs and may have, a seat's
name, a whole number in a range, a header's list of seats, and how a message quotes a value.

Each game's parser (its header and events) reads its lines with these, so that every game
refuses a missing field, an unknown one or a bad seat name in the same words.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from .errors import N_, GnavError, Text, quoted

MIN_SEATS = 2
MAX_SEATS = 40
MAX_NAME = 24
MAX_STAKE = 99
# The word a cuckoo journal's reply says for the stock ("from": "stock"): no seat of any game
# may be called so, so that a journal never reads one for the other.
STOCK = "stock"

# What a header's or stake's missing or unknown field is told with; an event's is the default.
_EVENT_FIELD_WORDS = (N_("a {what} needs \"{key}\"."), N_("a {what} has no field \"{key}\"."))
_FIELD_WORDS: dict[str, tuple[str, str]] = {
    "table header": (N_("a table header needs \"{key}\"."),
                     N_("a table header has no field \"{key}\".")),
    "counters stake": (N_("a counters stake needs \"{key}\"."),
                       N_("a counters stake has no field \"{key}\".")),
    "strokes stake": (N_("a strokes stake needs \"{key}\"."),
                      N_("a strokes stake has no field \"{key}\".")),
}


def fields(obj: dict[str, Any], what: str, required: tuple[str, ...],
           optional: tuple[str, ...] = ()) -> None:
    """`obj` (a line's object, "ev" aside) has every `required` key and no key but those and
    the `optional` ones; GnavError naming the first that is missing or unknown."""
    for key in required:
        if key not in obj:
            raise GnavError(_FIELD_WORDS.get(what, _EVENT_FIELD_WORDS)[0], what=what, key=key)
    for key in obj:
        if key != "ev" and key not in required and key not in optional:
            raise GnavError(_FIELD_WORDS.get(what, _EVENT_FIELD_WORDS)[1], what=what,
                            key=quoted(key))


def present(obj: dict[str, Any]) -> dict[str, Any]:
    """journal-v2.md, section 2: a key whose value is null counts as absent."""
    if None in obj.values():
        return {k: v for k, v in obj.items() if v is not None}
    return obj


def seat_name(value: Any, what: str) -> str:
    """A seat's name as a field gives it (trimmed); GnavError when it is not text."""
    if not isinstance(value, str):
        raise GnavError("{what} must be a seat name in quotes, not {value}.", what=what,
                        value=json_repr(value))
    return value.strip()


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` (true and false are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GnavError("{what} must be a whole number from {low} to {high}, not {value}.",
                        what=what, low=low, high=high, value=json_repr(value))
    return value


def json_repr(value: Any) -> str:
    """A journal's value as a message quotes it (shortened, on one line)."""
    if isinstance(value, str):
        return f"\"{quoted(value)}\""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return Text("an object") if isinstance(value, dict) else Text("a list")
    return quoted(str(value))


def check_seat_names(names: list[Any]) -> tuple[str, ...]:
    """The trimmed seat names; raises GnavError for a bad, duplicate or reserved name."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise GnavError("a table has {low} to {high} seats, not {count}.", low=MIN_SEATS,
                        high=MAX_SEATS, count=len(names))
    seen: dict[str, str] = {}
    out: list[str] = []
    for raw in names:
        if not isinstance(raw, str):
            raise GnavError("a seat name must be text in quotes, not {value}.",
                            value=json_repr(raw))
        name = raw.strip()
        if not name.isascii() and not _encodable(name):
            # a lone surrogate (JSON "\ud800") is not text: it could never be printed or saved
            raise GnavError("a seat name holds a \\u escape that is not a whole character.")
        if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
            # a line break or tab inside a name would break the one-line messages and the board
            raise GnavError(
                "the name {value} holds a line break or "
                "another control character; a name is one line of text.",
                value=quoted(json.dumps(name, ensure_ascii=False)),
            )
        if not 1 <= len(name) <= MAX_NAME:
            raise GnavError(
                "the name {value} has {count} characters; a name has 1 to {high}.",
                value=json_repr(raw), count=len(name), high=MAX_NAME,
            )
        key = name.casefold()
        if key == STOCK:  # casefold, as for duplicates: "ſtock" (long s) is "stock" too
            raise GnavError("no seat may be called \"stock\": that word names the stock.")
        if key in seen:
            raise GnavError("{name} and {other} are the same name; every seat needs its own.",
                            name=name, other=seen[key])
        seen[key] = name
        out.append(name)
    return tuple(out)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
