"""The journal's header and events as frozen values, with their JSON form (journal v1 and v2)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.core.errors import GnavError, quoted
from companion.core.fields import (
    MAX_STAKE,
    STOCK,
    check_seat_names,
    fields,
    json_repr,
    present,
    seat_name,
    whole_number,
)
from companion.core.names import spelled
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    Knock,
    Leave,
    Query,
    Reply,
    Reveal,
    SitOut,
    Stand,
)

from .pieces import CALLS, NOT_A_CALL, NOT_A_PIECE, PIECES
from .rules import HOUSE_FIELDS, HOUSE_FIELDS_V2, PRESETS, Rulebook, rulebook

VERSIONS = (1, 2)
GAME = "gnav"  # docs/journal.md, v2 section 3: the game a v2 header of Gnav names
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
    game: str = GAME  # a v1 journal's game is always Gnav; v2 names it

    @property
    def rulebook(self) -> Rulebook:
        return rulebook(self.rules, self.house_dict(), self.version)

    def house_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.house}


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
        return replace(table, version=2, game=GAME)
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


def parse_event(obj: Any, version: int = 1) -> Event:
    """An event from its decoded JSON, read as journal `version` says (the header's);
    raises GnavError saying what is wrong."""
    if not isinstance(obj, dict):
        raise GnavError("an event must be a JSON object.")
    if version != 1:
        obj = present(obj)
    ev = obj.get("ev")
    if ev == "table":
        raise GnavError("a table header may only be the first line.")
    if ev == "deal":
        fields(obj, "deal", ())
        return Deal()
    if ev in ("knock", "stand", "change", "sit_out", "leave"):
        fields(obj, ev, ("seat",))
        seat = seat_name(obj["seat"], "\"seat\"")
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
        fields(obj, "reply", ("from", "call"))
        source = seat_name(obj["from"], "\"from\"")
        if source.lower() == STOCK:
            source = STOCK
        call = obj["call"]
        if not isinstance(call, str) or call not in CALLS:
            raise GnavError(NOT_A_CALL, value=json_repr(call))
        return Reply(source, call)
    if ev in ("cut", "reveal"):
        fields(obj, ev, ("pieces",))
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
        fields(obj, "query", ("seat", "answer"))
        seat = seat_name(obj["seat"], "\"seat\"")
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


def parse_header(obj: Any) -> Table:
    """The table header from its decoded JSON; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        raise GnavError("the first line must be the table header, {\"ev\": \"table\", ...}.")
    if "version" not in obj:
        raise GnavError("the table header needs \"version\": 1.")
    version = obj["version"]
    if version == 2 and type(version) is int:
        obj = present(obj)
        game = _game(obj.get("game"))
        required: tuple[str, ...] = ("version", "game", "rules", "stakes", "seats")
        house_fields = HOUSE_FIELDS_V2
    elif version != 1 or isinstance(version, bool):
        raise GnavError("this journal is version {value}; this app reads versions 1 and 2.",
                        value=json_repr(version))
    else:
        if "game" in obj:
            # a v1 journal is Gnav by definition: one naming a game must not be played as Gnav
            raise GnavError("a version 1 journal is always gnav and has no \"game\"; a "
                            "journal that names its game says version 2.")
        game, version = GAME, 1  # 1, not a 1.0 that compared equal
        required = ("version", "rules", "stakes", "seats")
        house_fields = HOUSE_FIELDS
    fields(obj, "table header", required, ("dealer", "house"))
    rules = obj["rules"]
    if not isinstance(rules, str) or rules not in PRESETS:
        raise GnavError("{value} is not a rule book; choose damm, pagat or gamerules.",
                        value=json_repr(rules))
    stakes_obj = obj["stakes"]
    if not isinstance(stakes_obj, dict):
        raise GnavError("\"stakes\" must be an object such as {\"kind\": \"counters\", \"each\": 3}.")
    kind = stakes_obj.get("kind")
    if kind == "counters":
        fields(stakes_obj, "counters stake", ("kind", "each"))
        stakes = Stakes("counters", whole_number(stakes_obj["each"], "\"each\"", 1, MAX_STAKE))
    elif kind == "strokes":
        fields(stakes_obj, "strokes stake", ("kind", "limit"))
        stakes = Stakes("strokes", whole_number(stakes_obj["limit"], "\"limit\"", 1, MAX_STAKE))
    else:
        raise GnavError("the stakes kind must be \"counters\" or \"strokes\", not {value}.",
                        value=json_repr(kind))
    seats_obj = obj["seats"]
    if not isinstance(seats_obj, list):
        raise GnavError("\"seats\" must be a list of names.")
    seats = check_seat_names(seats_obj)
    dealer = obj.get("dealer")
    if dealer is not None:
        dealer = seat_name(dealer, "\"dealer\"")
        if dealer not in seats:
            raise GnavError("the dealer {name} is not one of the seats.", name=quoted(dealer))
    house_obj = obj.get("house", {})
    if house_obj is None:
        house_obj = {}
    if not isinstance(house_obj, dict):
        raise GnavError("\"house\" must be an object of house rules.")
    book = PRESETS[rules].with_house(house_obj, house_fields)  # validates
    house = tuple(
        (k, getattr(book, k)) for k in house_obj
    )
    return Table(rules=rules, stakes=stakes, seats=seats, dealer=dealer, house=house,
                 version=version, game=game)


def _game(value: Any) -> str:
    """A v2 header's game, when it is Gnav; else GnavError. The registry hands every other game
    to its own kind and refuses a game no kind referees (companion.core.description), so a
    header of another game reaching this parser is refused, not misread as Gnav."""
    if value is None:
        raise GnavError("a version 2 table header needs \"game\", such as \"gnav\".")
    if value != GAME:
        raise GnavError("a journal of {game} is version 2 and says \"game\": \"{game}\".",
                        game=GAME)
    return GAME
