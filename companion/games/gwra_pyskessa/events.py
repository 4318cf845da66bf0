"""Gwra pyskessa's journal: its header and events as frozen values, read from and written to
JSON exactly as docs/journal.md says (version 2: section 3, the header; 5.2 and 5.3, the events).

Lines, names and values follow section 2 as Gnav's do, so the engine's readers of them are
used here (required and unknown keys, seat names, quoting a bad value).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.errors import GnavError, quoted

# docs/journal.md, v2 section 2 reads the same for every game: the engine's readers of it are shared
from companion.engine.events import (
    _fields,
    _present,
    _seat_name,
    check_seat_names,
    json_repr,
    spelled,
)

from .cards import CARD, RANK

GAME = "gwra-pyskessa"
RULES: tuple[str, ...] = ("kernewek",)  # the rules file's one rule book, the seed
MIN_SEATS = 2
MAX_SEATS = 10  # house default 2: ten players at five cards leave a deck of two


@dataclass(frozen=True, slots=True)
class Header:
    """Line 1 of a Gwra pyskessa journal (always version 2; no stakes, no house fields)."""

    seats: tuple[str, ...]
    dealer: str | None = None
    rules: str = "kernewek"
    version: int = 2
    game: str = GAME


@dataclass(frozen=True, slots=True)
class Cut:
    cards: tuple[tuple[str, str], ...]  # (seat, card id) in the journal's order


@dataclass(frozen=True, slots=True)
class Deal:
    pass


@dataclass(frozen=True, slots=True)
class Ask:
    seat: str
    target: str
    rank: str


@dataclass(frozen=True, slots=True)
class Reply:
    source: str  # the journal's "from"
    count: int


@dataclass(frozen=True, slots=True)
class LayDown:
    """The journal's `set`: a seat lays down four of a kind."""

    seat: str
    rank: str


Event = Cut | Deal | Ask | Reply | LayDown

# the events of the games with one piece each, refused with the reason, not as unknown words
_ONE_PIECE_EVENTS = ("stand", "change", "reveal", "knock", "sit_out", "leave", "query", "rebuy")


# --- to JSON -------------------------------------------------------------------------------


def header_json(header: Header) -> dict[str, Any]:
    out: dict[str, Any] = {"ev": "table", "version": header.version, "game": header.game,
                           "rules": header.rules, "seats": list(header.seats)}
    if header.dealer is not None:
        out["dealer"] = header.dealer
    return out


def event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, Cut):
        return {"ev": "cut", "pieces": dict(event.cards)}
    if isinstance(event, Deal):
        return {"ev": "deal"}
    if isinstance(event, Ask):
        return {"ev": "ask", "seat": event.seat, "target": event.target, "rank": event.rank}
    if isinstance(event, Reply):
        return {"ev": "reply", "from": event.source, "count": event.count}
    return {"ev": "set", "seat": event.seat, "rank": event.rank}


# --- from JSON -----------------------------------------------------------------------------


def parse_header(obj: Any) -> Header:
    """The header from its decoded JSON; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        raise GnavError("the first line must be the table header, {\"ev\": \"table\", ...}.")
    version = obj.get("version")
    if version != 2 or type(version) is not int:
        raise GnavError("a journal of gwra-pyskessa is version 2, not {value}.",
                        value=json_repr(version))
    obj = _present(obj)
    if "stakes" in obj:
        raise GnavError("a table of gwra-pyskessa has no \"stakes\": the game is won by sets, "
                        "not paid for.")
    _fields(obj, "table header", ("version", "game", "rules", "seats"), ("dealer", "house"))
    if obj["game"] != GAME:  # pragma: no cover - the registry sends only this game here
        raise GnavError("this header names {value}, not gwra-pyskessa.",
                        value=json_repr(obj["game"]))
    rules = obj["rules"]
    if not isinstance(rules, str) or rules not in RULES:
        raise GnavError("{value} is not a rule book of gwra-pyskessa; its one rule book is "
                        "kernewek.", value=json_repr(rules))
    house = obj.get("house", {})
    if not isinstance(house, dict):
        raise GnavError("\"house\" must be an object of house rules.")
    if house:
        raise GnavError("gwra-pyskessa has no house field \"{key}\": the kernewek rule book "
                        "has no fields to change.", key=quoted(next(iter(house))))
    seats_obj = obj["seats"]
    if not isinstance(seats_obj, list):
        raise GnavError("\"seats\" must be a list of names.")
    if not MIN_SEATS <= len(seats_obj) <= MAX_SEATS:
        raise GnavError("a table of gwra-pyskessa has {low} to {high} seats, not {count}.",
                        low=MIN_SEATS, high=MAX_SEATS, count=len(seats_obj))
    seats = check_seat_names(seats_obj)
    dealer = obj.get("dealer")
    if dealer is not None:
        dealer = _seat_name(dealer, "\"dealer\"")
        if dealer not in seats:
            raise GnavError("the dealer {name} is not one of the seats.", name=quoted(dealer))
    return Header(seats=seats, dealer=dealer, rules=rules)


def parse_event(obj: Any) -> Event:
    """An event from its decoded JSON; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict):
        raise GnavError("an event must be a JSON object.")
    obj = _present(obj)
    ev = obj.get("ev")
    if ev == "deal":
        _fields(obj, "deal", ())
        return Deal()
    if ev == "ask":
        _fields(obj, "ask", ("seat", "target", "rank"))
        return Ask(_seat_name(obj["seat"], "\"seat\""), _seat_name(obj["target"], "\"target\""),
                   _rank(obj["rank"]))
    if ev == "reply":
        if "call" in obj:
            raise GnavError("a reply in gwra-pyskessa has no \"call\": it says how many cards "
                            "were handed over, as \"count\".")
        _fields(obj, "reply", ("from", "count"))
        count = obj["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise GnavError("\"count\" must be a whole number of cards from 0 to 3, not "
                            "{value}.", value=json_repr(count))
        return Reply(_seat_name(obj["from"], "\"from\""), count)
    if ev == "set":
        _fields(obj, "set", ("seat", "rank"))
        return LayDown(_seat_name(obj["seat"], "\"seat\""), _rank(obj["rank"]))
    if ev == "cut":
        _fields(obj, "cut", ("pieces",))
        return Cut(_cards(obj["pieces"]))
    if ev == "table":
        raise GnavError("a table header may only be the first line.")
    if ev is None:
        raise GnavError("the line has no \"ev\" saying which event it is.")
    if isinstance(ev, str) and ev in _ONE_PIECE_EVENTS:
        raise GnavError("\"{event}\" is not an event of gwra-pyskessa but of the games with one "
                        "piece each (gnav, kille, cuccu, slabberjan, vogelspiel).", event=ev)
    raise GnavError("{value} is not an event; the events of gwra-pyskessa are cut, deal, ask, "
                    "reply and set.", value=json_repr(ev))


def _rank(value: Any) -> str:
    if not isinstance(value, str) or value not in RANK:
        raise GnavError("{value} is not a rank; the ranks are 2 to 10, J, Q, K and A.",
                        value=json_repr(value))
    return value


def _cards(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise GnavError("a cut needs \"pieces\": an object of seat names and cards.")
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for seat, card in value.items():
        name = spelled(seat)
        if name in seen:
            raise GnavError("the {what} names {name} twice.", what="cut", name=quoted(name))
        seen.add(name)
        if not isinstance(card, str) or card not in CARD:
            raise GnavError("{value} is not a card; a card is its rank and suit, such as 7H, "
                            "10S or QD.", value=json_repr(card))
        out.append((name, card))
    return tuple(out)
