"""The journal's header and events as frozen values, with their JSON form (journal v1 and v2)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal

from .errors import N_, GnavError, Text, quoted
from .pieces import CALLS, NOT_A_CALL, NOT_A_PIECE, PIECES, STOCK
from .rules import HOUSE_FIELDS, HOUSE_FIELDS_V2, PRESETS, Rulebook, rulebook

MAX_SEATS = 40
MIN_SEATS = 2
MAX_STAKE = 99
VERSIONS = (1, 2)
# docs/journal.md, v2 section 3: the games a v2 header may name. This parser reads Gnav's alone; the
# registry (companion/core/registry.py) hands every other game to its own kind, so a header of
# another game reaching this parser is refused, naming the game, rather than misread as Gnav.
GAMES: tuple[str, ...] = ("gnav", "kille", "cuccu", "slabberjan", "vogelspiel", "gwra-pyskessa")
PLAYED_GAMES: tuple[str, ...] = ("gnav",)
QUERY_ANSWERS: tuple[str, ...] = ("yes", "no")


@dataclass(frozen=True, slots=True)
class Stakes:
    kind: Literal["counters", "strokes"]
    amount: int  # counters each, or the stroke limit

    def as_json(self) -> dict[str, Any]:
        key = "each" if self.kind == "counters" else "limit"
        return {"kind": self.kind, key: self.amount}


@dataclass(frozen=True, slots=True)
class Table:
    """Line 1 of a journal."""

    rules: str
    stakes: Stakes
    seats: tuple[str, ...]
    dealer: str | None = None
    house: tuple[tuple[str, Any], ...] = ()
    version: int = 1
    game: str = "gnav"  # a v1 journal's game is always Gnav; v2 names it

    @property
    def rulebook(self) -> Rulebook:
        return rulebook(self.rules, self.house_dict(), self.version)

    def house_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.house}


@dataclass(frozen=True, slots=True)
class Cut:
    pieces: tuple[tuple[str, str], ...]  # (seat, piece) in the journal's order


@dataclass(frozen=True, slots=True)
class Deal:
    pass


@dataclass(frozen=True, slots=True)
class Knock:
    seat: str


@dataclass(frozen=True, slots=True)
class Stand:
    seat: str


@dataclass(frozen=True, slots=True)
class Change:
    seat: str


@dataclass(frozen=True, slots=True)
class Reply:
    source: str  # the journal's "from": a seat name or "stock"
    call: str


@dataclass(frozen=True, slots=True)
class Reveal:
    pieces: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class SitOut:
    seat: str


@dataclass(frozen=True, slots=True)
class Leave:
    seat: str


@dataclass(frozen=True, slots=True)
class Query:
    """Journal v2: the dealer asked whether anyone holds the other fool; the table's answer."""

    seat: str
    answer: str  # "yes" or "no"


Event = Cut | Deal | Knock | Stand | Change | Reply | Reveal | SitOut | Leave | Query

EVENT_NAMES: dict[type, str] = {
    Cut: "cut",
    Deal: "deal",
    Knock: "knock",
    Stand: "stand",
    Change: "change",
    Reply: "reply",
    Reveal: "reveal",
    SitOut: "sit_out",
    Leave: "leave",
    Query: "query",
}


def event_name(event: Event) -> str:
    return EVENT_NAMES[type(event)]


# --- to JSON -------------------------------------------------------------------------------


def journal_version_for(table: Table) -> Table:
    """The header a new table is written with: version 2 (naming its game) when its rule book
    lets the dealer ask about the other fool, else version 1 as before (docs/journal.md: v1
    readers keep reading every table that needs nothing of v2). Decided once at creation, not
    by rewriting the stored header at the first `query`: the header is line 1 of every export
    and log already written, and a header that changes under undo, salvage and live boards is
    a second truth to keep in step. An imported journal keeps the version it was written in."""
    if table.version == 1 and rulebook(table.rules, table.house_dict(), 2).fool_query:
        return replace(table, version=2, game="gnav")
    return table


def header_json(table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ev": "table",
        "version": table.version,
    }
    if table.version != 1:
        out["game"] = table.game
    out |= {
        "rules": table.rules,
        "stakes": table.stakes.as_json(),
        "seats": list(table.seats),
    }
    if table.dealer is not None:
        out["dealer"] = table.dealer
    if table.house:
        out["house"] = table.house_dict()
    return out


def event_json(event: Event) -> dict[str, Any]:
    name = EVENT_NAMES[type(event)]
    if isinstance(event, (Cut, Reveal)):
        return {"ev": name, "pieces": dict(event.pieces)}
    if isinstance(event, Deal):
        return {"ev": name}
    if isinstance(event, Reply):
        return {"ev": name, "from": event.source, "call": event.call}
    if isinstance(event, Query):
        return {"ev": name, "seat": event.seat, "answer": event.answer}
    return {"ev": name, "seat": event.seat}


# --- from JSON -----------------------------------------------------------------------------


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


def _fields(obj: dict[str, Any], what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in required:
        if key not in obj:
            raise GnavError(_FIELD_WORDS.get(what, _EVENT_FIELD_WORDS)[0], what=what, key=key)
    for key in obj:
        if key != "ev" and key not in required and key not in optional:
            raise GnavError(_FIELD_WORDS.get(what, _EVENT_FIELD_WORDS)[1], what=what,
                            key=quoted(key))


def _seat_name(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise GnavError("{what} must be a seat name in quotes, not {value}.", what=what,
                        value=json_repr(value))
    return spelled(value)


def spelled(name: str) -> str:
    """A seat name as a journal line spells it, read as the header's names are: trimmed and
    composed (NFC), so that an event names "José" however its é was typed
    (companion.core.names)."""
    if name.isascii():
        return name.strip()  # ASCII is composed already: the same as names.spelled, sooner
    composed, _read = _name_rules()
    return composed(name)


@cache
def _name_rules() -> tuple[Callable[[str], str], Callable[[Sequence[object]], tuple[str, ...]]]:
    """companion.core.names's spelled and read_names, imported when first needed:
    companion.core's package imports this engine (its registry)."""
    from companion.core.names import read_names, spelled
    return spelled, read_names


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


def _pieces(value: Any, what: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise GnavError("a {what} needs \"pieces\": an object of seat names and pieces.",
                        what=what)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for seat, piece in value.items():
        name = spelled(seat)
        if name in seen:
            raise GnavError("the {what} names {name} twice.", what=what, name=quoted(name))
        seen.add(name)
        if not isinstance(piece, str) or piece not in PIECES:
            raise GnavError(NOT_A_PIECE, value=json_repr(piece))
        out.append((name, piece))
    return tuple(out)


# docs/journal.md, v2 sections 2 and 5: what the other games have and Gnav has not, each with the
# games it belongs to, so that a line written for one of them is refused with a reason.
_OTHER_EVENTS: dict[str, str] = {"rebuy": "kille and cuccu", "ask": "gwra-pyskessa",
                                 "set": "gwra-pyskessa"}
_OTHER_REPLY_FIELDS: dict[str, str] = {"face_up": "kille", "sold": "cuccu", "price": "cuccu",
                                       "silent": "vogelspiel", "count": "gwra-pyskessa"}


def _present(obj: dict[str, Any]) -> dict[str, Any]:
    """docs/journal.md, v2 section 2: a key whose value is null counts as absent."""
    if None in obj.values():
        return {k: v for k, v in obj.items() if v is not None}
    return obj


def parse_event(obj: Any, version: int = 1) -> Event:
    """An event from its decoded JSON, read as journal `version` says (the header's);
    raises GnavError saying what is wrong."""
    if not isinstance(obj, dict):
        raise GnavError("an event must be a JSON object.")
    if version != 1:
        obj = _present(obj)
    ev = obj.get("ev")
    if ev == "table":
        raise GnavError("a table header may only be the first line.")
    if ev == "deal":
        _fields(obj, "deal", ())
        return Deal()
    if ev in ("knock", "stand", "change", "sit_out", "leave"):
        _fields(obj, ev, ("seat",))
        seat = _seat_name(obj["seat"], "\"seat\"")
        if ev == "knock":
            return Knock(seat)
        if ev == "stand":
            return Stand(seat)
        if ev == "change":
            return Change(seat)
        if ev == "sit_out":
            return SitOut(seat)
        return Leave(seat)
    if ev == "reply":
        if version != 1:
            for key, game in _OTHER_REPLY_FIELDS.items():
                if key in obj:
                    raise GnavError("a reply in gnav has no \"{key}\": that field is "
                                    "{game}'s.", key=key, game=game)
        _fields(obj, "reply", ("from", "call"))
        source = _seat_name(obj["from"], "\"from\"")
        if source.lower() == STOCK:
            source = STOCK
        call = obj["call"]
        if not isinstance(call, str) or call not in CALLS:
            raise GnavError(NOT_A_CALL, value=json_repr(call))
        return Reply(source, call)
    if ev in ("cut", "reveal"):
        _fields(obj, ev, ("pieces",))
        pieces = _pieces(obj["pieces"], ev)
        return Cut(pieces) if ev == "cut" else Reveal(pieces)
    if ev is None:
        raise GnavError("the line has no \"ev\" saying which event it is.")
    if version != 1:
        return _parse_v2_event(obj, ev)
    raise GnavError(
        "{value} is not an event; the events are cut, deal, knock, stand, change, "
        "reply, reveal, sit_out and leave.", value=json_repr(ev)
    )


def _parse_v2_event(obj: dict[str, Any], ev: Any) -> Event:
    """The events journal v2 adds to Gnav's (only `query`), and the other games' refused."""
    if ev == "query":
        _fields(obj, "query", ("seat", "answer"))
        seat = _seat_name(obj["seat"], "\"seat\"")
        answer = obj["answer"]
        if not isinstance(answer, str) or answer not in QUERY_ANSWERS:
            raise GnavError("the table answers the dealer's question \"yes\" or \"no\", "
                            "not {value}.", value=json_repr(answer))
        return Query(seat, answer)
    if isinstance(ev, str) and ev in _OTHER_EVENTS:
        raise GnavError("\"{event}\" is an event of {games}, not of gnav.", event=ev,
                        games=_OTHER_EVENTS[ev])
    raise GnavError(
        "{value} is not an event; the events are cut, deal, knock, stand, change, "
        "reply, reveal, sit_out, leave and query.", value=json_repr(ev)
    )


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise GnavError("{what} must be a whole number from {low} to {high}, not {value}.",
                        what=what, low=low, high=high, value=json_repr(value))
    return value


def parse_header(obj: Any) -> Table:
    """The table header from its decoded JSON; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        raise GnavError("the first line must be the table header, {\"ev\": \"table\", ...}.")
    if "version" not in obj:
        raise GnavError("the table header needs \"version\": 1.")
    version = obj["version"]
    if version == 2 and type(version) is int:
        obj = _present(obj)
        game = _game(obj.get("game"))
        required: tuple[str, ...] = ("version", "game", "rules", "stakes", "seats")
        fields = HOUSE_FIELDS_V2
    elif version != 1 or isinstance(version, bool):
        raise GnavError("this journal is version {value}; this app reads versions 1 and 2.",
                        value=json_repr(version))
    else:
        if "game" in obj:
            # a v1 journal is Gnav by definition: one naming a game must not be played as Gnav
            raise GnavError("a version 1 journal is always gnav and has no \"game\"; a "
                            "journal that names its game says version 2.")
        game, version = "gnav", 1  # 1, not a 1.0 that compared equal
        required = ("version", "rules", "stakes", "seats")
        fields = HOUSE_FIELDS
    _fields(obj, "table header", required, ("dealer", "house"))
    rules = obj["rules"]
    if not isinstance(rules, str) or rules not in PRESETS:
        raise GnavError("{value} is not a rule book; choose damm, pagat or gamerules.",
                        value=json_repr(rules))
    stakes_obj = obj["stakes"]
    if not isinstance(stakes_obj, dict):
        raise GnavError("\"stakes\" must be an object such as {\"kind\": \"counters\", \"each\": 3}.")
    kind = stakes_obj.get("kind")
    if kind == "counters":
        _fields(stakes_obj, "counters stake", ("kind", "each"))
        stakes = Stakes("counters", _int(stakes_obj["each"], "\"each\"", 1, MAX_STAKE))
    elif kind == "strokes":
        _fields(stakes_obj, "strokes stake", ("kind", "limit"))
        stakes = Stakes("strokes", _int(stakes_obj["limit"], "\"limit\"", 1, MAX_STAKE))
    else:
        raise GnavError("the stakes kind must be \"counters\" or \"strokes\", not {value}.",
                        value=json_repr(kind))
    seats_obj = obj["seats"]
    if not isinstance(seats_obj, list):
        raise GnavError("\"seats\" must be a list of names.")
    seats = check_seat_names(seats_obj)
    dealer = obj.get("dealer")
    if dealer is not None:
        dealer = _seat_name(dealer, "\"dealer\"")
        if dealer not in seats:
            raise GnavError("the dealer {name} is not one of the seats.", name=quoted(dealer))
    house_obj = obj.get("house", {})
    if house_obj is None:
        house_obj = {}
    if not isinstance(house_obj, dict):
        raise GnavError("\"house\" must be an object of house rules.")
    book = PRESETS[rules].with_house(house_obj, fields)  # validates
    house = tuple(
        (k, getattr(book, k)) for k in house_obj
    )
    return Table(rules=rules, stakes=stakes, seats=seats, dealer=dealer, house=house,
                 version=version, game=game)


def _game(value: Any) -> str:
    """A v2 header's game, when this build referees it; else GnavError naming it."""
    if value is None:
        raise GnavError("a version 2 table header needs \"game\", such as \"gnav\".")
    if isinstance(value, str) and value in PLAYED_GAMES:
        return value
    if isinstance(value, str) and value in GAMES:
        raise GnavError("this journal keeps a game of {game}; this build does not referee "
                        "{game} yet, only gnav.", game=value)
    raise GnavError("{value} is not a game; the games are gnav, kille, cuccu, slabberjan, "
                    "vogelspiel and gwra-pyskessa.", value=json_repr(value))


def check_seat_names(names: list[Any]) -> tuple[str, ...]:
    """The seat names as read (trimmed, NFC); raises GnavError for a bad, duplicate or reserved
    name, or a count of seats outside MIN_SEATS..MAX_SEATS. The rules of a name are every
    game's, in companion.core.names."""
    if not MIN_SEATS <= len(names) <= MAX_SEATS:
        raise GnavError("a table has {low} to {high} seats, not {count}.", low=MIN_SEATS,
                        high=MAX_SEATS, count=len(names))
    _composed, read = _name_rules()
    return read(names)
