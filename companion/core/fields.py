"""Reading a journal line's fields, for every game: which keys it needs and may have, a seat's
name, a whole number in a range, a header's list of seats, and how a message quotes a value.

Each game's parser (its header and events) reads its lines with these, so that every game
refuses a missing field, an unknown one or a bad seat name in the same words.
"""

from __future__ import annotations

from typing import Any

from .errors import N_, GnavError, json_repr, quoted
from .names import MAX_NAME, read_names, spelled

# json_repr and MAX_NAME are read here by every game's parser, beside the other readers
__all__ = ["MAX_NAME", "MAX_SEATS", "MAX_STAKE", "MIN_SEATS", "STOCK", "check_seat_names",
           "fields", "json_repr", "present", "seat_name", "whole_number"]

MIN_SEATS = 2
MAX_SEATS = 40
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
    """docs/journal.md, v2 section 2: a key whose value is null counts as absent."""
    if None in obj.values():
        return {k: v for k, v in obj.items() if v is not None}
    return obj


def seat_name(value: Any, what: str) -> str:
    """A seat's name as a field gives it, read as the header's names are: trimmed and composed
    (NFC), so that an event names "José" however its é was typed (companion.core.names);
    GnavError when it is not text."""
    if not isinstance(value, str):
        raise GnavError("{what} must be a seat name in quotes, not {value}.", what=what,
                        value=json_repr(value))
    return spelled(value)


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` (true and false are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GnavError("{what} must be a whole number from {low} to {high}, not {value}.",
                        what=what, low=low, high=high, value=json_repr(value))
    return value


def check_seat_names(names: list[Any]) -> tuple[str, ...]:
    """The seat names as read (trimmed, NFC); raises GnavError for a bad, duplicate or reserved
    name, or a count of seats outside MIN_SEATS..MAX_SEATS. The rules of a name are every
    game's, in companion.core.names."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise GnavError("a table has {low} to {high} seats, not {count}.", low=MIN_SEATS,
                        high=MAX_SEATS, count=len(names))
    return read_names(names)
