"""The journal of Kille, Cuccù, Slabberjan and Vogelspiel (docs/journal.md, v2 sections 3 and 5): the
header as a value, each event read from its JSON with the game's own rule data, and written back.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.core.errors import GnavError, either, quoted
from companion.core.fields import (
    MAX_STAKE,
    MIN_SEATS,
    STOCK,
    check_seat_names,
    fields,
    json_repr,
    present,
    seat_name,
    whole_number,
)
from companion.core.names import spelled

from .events import Change, Cut, Deal, FamilyEvent, FamilyReply, Leave, Rebuy, Reveal, Stand
from .ledger import LEDGERS
from .rulebook import GameBook, _shown
from .rules import CuckooRules


@dataclass(frozen=True, slots=True)
class FamilyTable:
    """Line 1 of a journal of one of the family's games (always version 2)."""

    game: str
    rules: str
    stakes: tuple[tuple[str, Any], ...]  # as the journal gives them, defaults filled in
    seats: tuple[str, ...]
    dealer: str | None = None
    house: tuple[tuple[str, Any], ...] = ()
    version: int = 2

    @property
    def amount(self) -> int:
        """Lives or counters each, or the rebuys allowed."""
        value: int = dict(self.stakes)[LEDGERS[self.stakes[0][1]].amount]
        return value

    @property
    def reentry(self) -> bool:
        return bool(dict(self.stakes).get("reentry", False))

    @property
    def house_values(self) -> dict[str, Any]:
        """The house rules as the rule book keeps them (lists as tuples)."""
        return dict(self.house)

    def house_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.house}

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ev": "table", "version": 2, "game": self.game,
                               "rules": self.rules, "stakes": dict(self.stakes),
                               "seats": list(self.seats)}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.house:
            out["house"] = self.house_dict()
        return out


MAX_PRICE = 1000


def parse_family_header(obj: Any, book: GameBook) -> FamilyTable:
    """A v2 header of `book`'s game; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        raise GnavError("the first line must be the table header, {\"ev\": \"table\", ...}.")
    version = obj.get("version")
    if version != 2 or type(version) is not int or obj.get("game") != book.game:
        raise GnavError("a journal of {game} is version 2 and says \"game\": \"{game}\".",
                        game=book.game)
    obj = present(obj)
    fields(obj, "table header", ("version", "game", "rules", "stakes", "seats"),
            ("dealer", "house"))
    rules = obj["rules"]
    if not isinstance(rules, str) or rules not in book.presets:
        raise GnavError("{value} is not a rule book of {game}; the rule books are {books}.",
                        value=json_repr(rules), game=book.game, books=", ".join(book.presets))
    stakes = _stakes(obj["stakes"], book)
    seats_obj = obj["seats"]
    if not isinstance(seats_obj, list):
        raise GnavError("\"seats\" must be a list of names.")
    if not MIN_SEATS <= len(seats_obj) <= book.max_seats:
        raise GnavError("a table has {low} to {high} seats, not {count}.", low=MIN_SEATS,
                        high=book.max_seats, count=len(seats_obj))
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
    checked = book.presets[rules].with_house(house_obj)
    house = tuple((key, checked.value(key)) for key in house_obj)
    return FamilyTable(book.game, rules, stakes, seats, dealer, house)


def _stakes(value: Any, book: GameBook) -> tuple[tuple[str, Any], ...]:
    ledger = book.ledger
    amount, optional = ledger.amount, ledger.optional
    if not isinstance(value, dict) or value.get("kind") != ledger:
        raise GnavError("the stakes of {game} are {example}, not {value}.", game=book.game,
                        example=ledger.example, value=_shown(value))
    value = present(value)
    fields(value, f"{book.ledger} stake", ("kind", amount), optional)
    out: list[tuple[str, Any]] = [("kind", str(book.ledger)),
                                  (amount, whole_number(value[amount], f"\"{amount}\"",
                                                0 if amount == "rebuys" else 1, MAX_STAKE))]
    if optional:
        reentry = value.get("reentry", True)
        if not isinstance(reentry, bool):
            raise GnavError("\"reentry\" must be true or false, not {value}.",
                            value=json_repr(reentry))
        out.append(("reentry", reentry))
    return tuple(out)


def _pieces(value: Any, what: str, rules: CuckooRules) -> tuple[tuple[str, str], ...]:
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
        if not isinstance(piece, str) or piece not in rules.counts:
            raise GnavError("{value} is not a piece of {game}; the pieces are {pieces}.",
                            value=json_repr(piece), game=rules.game,
                            pieces=", ".join(p for p, _n in rules.order))
        out.append((name, piece))
    return tuple(out)


_REPLY_FIELDS: dict[str, str] = {"face_up": "kille", "sold": "cuccu", "price": "cuccu",
                                 "silent": "vogelspiel", "count": "gwra-pyskessa"}


def parse_family_event(obj: Any, rules: CuckooRules) -> FamilyEvent:
    """An event of a family game's journal; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict):
        raise GnavError("an event must be a JSON object.")
    obj = present(obj)
    ev = obj.get("ev")
    game = rules.game
    if ev == "table":
        raise GnavError("a table header may only be the first line.")
    if ev == "deal":
        fields(obj, "deal", ())
        return Deal()
    if ev in ("stand", "change", "leave", "rebuy"):
        if ev == "rebuy" and rules.buy_back == "none":
            raise GnavError("\"{event}\" is an event of {games}, not of {game}.", event=ev,
                            games="kille and cuccu", game=game)
        fields(obj, ev, ("seat",))
        seat = seat_name(obj["seat"], "\"seat\"")
        if ev == "stand":
            return Stand(seat)
        if ev == "change":
            return Change(seat)
        return Leave(seat) if ev == "leave" else Rebuy(seat)
    if ev == "reply":
        return _reply(obj, rules)
    if ev in ("cut", "reveal"):
        fields(obj, ev, ("pieces",))
        pieces = _pieces(obj["pieces"], ev, rules)
        return Cut(pieces) if ev == "cut" else Reveal(pieces)
    if ev is None:
        raise GnavError("the line has no \"ev\" saying which event it is.")
    names = "cut, deal, stand, change, reply, reveal, leave" + (
        " and rebuy" if rules.buy_back != "none" else "")
    raise GnavError("{value} is not an event of {game}; the events are {names}.",
                    value=json_repr(ev), game=game, names=names)


def _reply(obj: dict[str, Any], rules: CuckooRules) -> FamilyReply:
    game = rules.game
    mine = {"face_up": rules.face_up, "sold": rules.shelter_piece is not None,
            "price": rules.shelter_piece is not None, "silent": rules.silent_pays is not None}
    for key, owner in _REPLY_FIELDS.items():
        if key in obj and not mine.get(key, False):
            raise GnavError("a reply in {game} has no \"{key}\": that field is {owner}'s.",
                            game=game, key=key, owner=owner)
    fields(obj, "reply", ("from", "call"), tuple(k for k, v in mine.items() if v))
    source = seat_name(obj["from"], "\"from\"")
    if source.lower() == STOCK:
        source = STOCK
    call = obj["call"]
    if not isinstance(call, str) or call not in rules.effects:
        raise GnavError("{value} is not a call of {game}; a reply calls {calls}.",
                        value=json_repr(call), game=game, calls=either(list(rules.effects)))
    face_up = sold = price = silent = None
    if "face_up" in obj:
        value = obj["face_up"]
        if call != "none" or source == STOCK:
            raise GnavError("\"face_up\" belongs to an exchange between two seats (call "
                            "none, from a seat).")
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise GnavError("\"face_up\" is a list of seat names, not {value}.",
                            value=json_repr(value))
        face_up = tuple(spelled(v) for v in value)
        if len(set(face_up)) != len(face_up):
            raise GnavError("\"face_up\" names a seat twice.")
    if rules.shelter_piece is not None:
        is_inn = rules.effects[call].sale and source != STOCK
        if not is_inn and ("sold" in obj or "price" in obj):
            raise GnavError("\"sold\" and \"price\" belong to the answer of an Inn's holder.")
        if is_inn:
            if "sold" not in obj or not isinstance(obj["sold"], bool):
                raise GnavError("the Inn's answer says whether it was sold: \"sold\" is true "
                                "or false.")
            sold = obj["sold"]
            if sold:
                if "price" not in obj:
                    raise GnavError("an Inn sold needs its \"price\".")
                price = whole_number(obj["price"], "\"price\"", 0, MAX_PRICE)
            elif "price" in obj:
                raise GnavError("an Inn not sold has no \"price\".")
    if "silent" in obj:
        value = obj["silent"]
        if call != "none" or source == STOCK:
            raise GnavError("\"silent\" belongs to an exchange with a seat (call none).")
        if not isinstance(value, bool):
            raise GnavError("\"silent\" must be true or false, not {value}.",
                            value=json_repr(value))
        silent = value
    return FamilyReply(source, call, face_up, sold, price, silent)


def family_event_json(event: FamilyEvent) -> dict[str, Any]:
    if isinstance(event, FamilyReply):
        return event.as_json()
    if isinstance(event, (Cut, Reveal)):
        return {"ev": "cut" if isinstance(event, Cut) else "reveal", "pieces": dict(event.pieces)}
    if isinstance(event, Deal):
        return {"ev": "deal"}
    name = {Stand: "stand", Change: "change", Leave: "leave", Rebuy: "rebuy"}[type(event)]
    return {"ev": name, "seat": event.seat}


def encode(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
