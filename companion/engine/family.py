"""One engine for the cuckoo family: Gnav, Kille, Cuccù, Slabberjan and Vogelspiel.

docs/journal.md, v2 sections 3, 5, 6, 8 and 9. A game is its rule data (companion/engine/books/
<game>.py): a `GameBook` with its rule-book fields and presets, which builds a frozen
`FamilyRules` for a header: the pack (order, counts, the order of the cut, the direction), what
each call does (`Effect`, effects.py), the reveal as small rules (reveal.py), and the ledger
(stake, lives, counters with a pool or strokes with a limit: ledger.py). `CuckooState`
interprets those values and never names a piece, so the games share every line of it; each
game's state is a thin subclass that says what happened in its own terms and prints its own
replay keys: `FamilyState` below for the four, and Gnav's `TableState` (state.py), whose rule
books (rules.py) translate journal-v1's six house fields into the same values.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, TypeVar, cast

from .effects import Effect, Undo
from .errors import N_, GnavError, Text, either, quoted
from .events import (
    MIN_SEATS,
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
    _fields,
    _int,
    _present,
    _seat_name,
    check_seat_names,
    json_repr,
    spelled,
)
from .ledger import Credit, Ledger, LedgerKind
from .pieces import STOCK
from .reveal import RevealRule, Verdict, judge
from .rules import Refusals
from .seating import STOCK_SEAT, Seating

Direction = Literal["left", "right"]
GameEnd = Literal["last_standing", "first_out_loses"]
Phase = Literal["cut", "ready", "turns", "asking", "reveal", "over"]


@dataclass(frozen=True, slots=True)
class FamilyRules:
    """What a table of one game plays by: its rule book with the house rules worked out."""

    game: str
    name: str
    fields: tuple[tuple[str, Any], ...]
    order: tuple[tuple[str, int], ...]  # (piece, count), highest first
    direction: Direction
    ledger: LedgerKind
    effects: Mapping[str, Effect]  # each call from a seat (and "none")
    stock_effects: Mapping[str, Effect]  # each call the stock makes (and "none")
    reveal: tuple[RevealRule, ...]
    cut_first: tuple[str, ...] = ()  # above the whole order in a cut (Kille's harlequin)
    cut_last: tuple[str, ...] = ()  # below it (Cuccù's fool)
    moved_lowest: str | None = None  # Kille: this piece ranks by whether it was moved
    moved_field: str = "moved"  # the state's name for the list of moved pieces
    shelter_piece: str | None = None  # Cuccù: an Inn refused shelters an asker showing this
    reveal_needs: int = 1  # fewer seats showing: nobody loses (Kille's lone survivor)
    silent_pays: int | None = None  # Vogelspiel: a silent matador costs this (None: no field)
    only_if_unpaid: bool = False
    tokens_to_dealer: bool = False
    credit: Credit = "none"
    game_end: GameEnd = "last_standing"
    face_up: bool = False  # Kille: a reply may name who passed a harlequin face up
    buy_back: Literal["none", "rebuy", "reentry"] = "none"  # Kille's rebuys, Cuccù's re-entry
    all_out_return: bool = False  # Cuccù: when every seat would go out, nobody does
    lay_aside: bool = False  # Slabberjan: the asker's old piece leaves the bag
    knocks: bool = False  # Gnav: a seat of the round may knock (docs/journal.md, v1 "knock")
    # Gnav's two fools: the holders of exactly two shown `pair_piece` are noted at the reveal,
    # and with `pair_sits_out` may sit out the next round
    pair_piece: str | None = None
    pair_sits_out: bool = False
    query: bool = False  # Gnav v2: the dealer may ask whether anyone holds the other pair piece
    # the sentences that refuse a sit-out or the dealer's question naming the pieces (Gnav's)
    refusals: Refusals | None = field(default=None, compare=False, repr=False)
    ranks: dict[str, int] = field(init=False, compare=False, repr=False)
    cut_ranks: dict[str, int] = field(init=False, compare=False, repr=False)
    counts: dict[str, int] = field(init=False, compare=False, repr=False)
    replies_say_more: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        names = [p for p, _n in self.order]
        object.__setattr__(self, "ranks", {p: i for i, p in enumerate(names)})
        cut = [*self.cut_first, *(p for p in names if p not in self.cut_first + self.cut_last),
               *self.cut_last]
        object.__setattr__(self, "cut_ranks", {p: i for i, p in enumerate(cut)})
        object.__setattr__(self, "counts", dict(self.order))
        object.__setattr__(self, "replies_say_more", self.face_up or self.silent_pays is not None
                           or self.shelter_piece is not None)

    @property
    def size(self) -> int:
        return sum(n for _p, n in self.order)

    @property
    def calls(self) -> tuple[str, ...]:
        return tuple(self.effects)

    @property
    def step(self) -> int:
        return 1 if self.direction == "left" else -1


# --- a game's rule data -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Subset:
    """A house field whose value is a list of some of `items`, each at most once."""

    items: tuple[str, ...]


FieldValues = tuple[Any, ...] | Subset


@dataclass(frozen=True, slots=True)
class GameBook:
    """One game of the family as its rules file gives it: the fields a rule book sets and their
    allowed values, the presets, and how a rule book's fields make the rules a table plays."""

    game: str
    max_seats: int
    ledger: LedgerKind
    fields: Mapping[str, FieldValues]
    presets: Mapping[str, Mapping[str, Any]]
    build: Callable[[str, Mapping[str, Any]], FamilyRules]

    def rules(self, name: str, house: Mapping[str, Any]) -> FamilyRules:
        values = dict(self.presets[name])
        values.update(house)
        return self.build(name, values)

    def check_house(self, house: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
        out: list[tuple[str, Any]] = []
        for key, value in house.items():
            allowed = self.fields.get(key)
            if allowed is None:
                raise GnavError("{value} is not a house rule; the house rules are {known}.",
                                value=_shown(key), known=", ".join(self.fields))
            out.append((key, _allowed(key, value, allowed)))
        return tuple(out)


def _shown(value: Any) -> str:
    return quoted(json.dumps(value, ensure_ascii=False))


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same JSON type (1 is not true, 1.0 is not 1)."""
    return type(a) is type(b) and a == b


def _allowed(key: str, value: Any, allowed: FieldValues) -> Any:
    if isinstance(allowed, Subset):
        items = allowed.items
        if (not isinstance(value, list) or not all(isinstance(v, str) for v in value)
                or any(v not in items for v in value) or len(set(value)) != len(value)):
            raise GnavError("{key} is a list of {items}, each at most once, not {value}.",
                            key=key, items=", ".join(items), value=_shown(value))
        return tuple(v for v in items if v in value)
    if any(_same(value, a) for a in allowed):
        return value
    raise GnavError("{key} must be {values}, not {value}.", key=key,
                    values=either([json.dumps(a) for a in allowed]), value=_shown(value))


# --- the header and the events ----------------------------------------------------------------


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
        value: int = dict(self.stakes)["rebuys" if self.stakes[0][1] == "stake" else "each"]
        return value

    @property
    def reentry(self) -> bool:
        return bool(dict(self.stakes).get("reentry", False))

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


@dataclass(frozen=True, slots=True)
class FamilyReply:
    """The asked seat's (or the stock's) answer, with the fields only some games have."""

    source: str
    call: str
    face_up: tuple[str, ...] | None = None  # kille
    sold: bool | None = None  # cuccu, the inn
    price: int | None = None
    silent: bool | None = None  # vogelspiel

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ev": "reply", "from": self.source, "call": self.call}
        if self.face_up is not None:
            out["face_up"] = list(self.face_up)
        if self.sold is not None:
            out["sold"] = self.sold
        if self.price is not None:
            out["price"] = self.price
        if self.silent is not None:
            out["silent"] = self.silent
        return out


@dataclass(frozen=True, slots=True)
class Rebuy:
    seat: str


FamilyEvent = Cut | Deal | Stand | Change | FamilyReply | Reveal | Leave | Rebuy
MAX_PRICE = 1000
MAX_STAKE = 99
_STAKE_KINDS: dict[LedgerKind, tuple[str, tuple[str, ...]]] = {
    "stake": ("rebuys", ()), "lives": ("each", ("reentry",)), "counters": ("each", ()),
}


def parse_family_header(obj: Any, book: GameBook) -> FamilyTable:
    """A v2 header of `book`'s game; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        raise GnavError("the first line must be the table header, {\"ev\": \"table\", ...}.")
    version = obj.get("version")
    if version != 2 or type(version) is not int or obj.get("game") != book.game:
        raise GnavError("a journal of {game} is version 2 and says \"game\": \"{game}\".",
                        game=book.game)
    obj = _present(obj)
    _fields(obj, "table header", ("version", "game", "rules", "stakes", "seats"),
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
        dealer = _seat_name(dealer, "\"dealer\"")
        if dealer not in seats:
            raise GnavError("the dealer {name} is not one of the seats.", name=quoted(dealer))
    house_obj = obj.get("house", {})
    if house_obj is None:
        house_obj = {}
    if not isinstance(house_obj, dict):
        raise GnavError("\"house\" must be an object of house rules.")
    house = book.check_house(house_obj)
    return FamilyTable(book.game, rules, stakes, seats, dealer, house)


def _stakes(value: Any, book: GameBook) -> tuple[tuple[str, Any], ...]:
    amount, optional = _STAKE_KINDS[book.ledger]
    if not isinstance(value, dict) or value.get("kind") != book.ledger:
        example = {"stake": '{"kind": "stake", "rebuys": 3}',
                   "lives": '{"kind": "lives", "each": 3}',
                   "counters": '{"kind": "counters", "each": 3}'}[book.ledger]
        raise GnavError("the stakes of {game} are {example}, not {value}.", game=book.game,
                        example=example, value=_shown(value))
    value = _present(value)
    _fields(value, f"{book.ledger} stake", ("kind", amount), optional)
    out: list[tuple[str, Any]] = [("kind", book.ledger),
                                  (amount, _int(value[amount], f"\"{amount}\"",
                                                0 if amount == "rebuys" else 1, MAX_STAKE))]
    if optional:
        reentry = value.get("reentry", True)
        if not isinstance(reentry, bool):
            raise GnavError("\"reentry\" must be true or false, not {value}.",
                            value=json_repr(reentry))
        out.append(("reentry", reentry))
    return tuple(out)


def _pieces(value: Any, what: str, rules: FamilyRules) -> tuple[tuple[str, str], ...]:
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


def parse_family_event(obj: Any, rules: FamilyRules) -> FamilyEvent:
    """An event of a family game's journal; raises GnavError saying what is wrong."""
    if not isinstance(obj, dict):
        raise GnavError("an event must be a JSON object.")
    obj = _present(obj)
    ev = obj.get("ev")
    game = rules.game
    if ev == "table":
        raise GnavError("a table header may only be the first line.")
    if ev == "deal":
        _fields(obj, "deal", ())
        return Deal()
    if ev in ("stand", "change", "leave", "rebuy"):
        if ev == "rebuy" and rules.buy_back == "none":
            raise GnavError("\"{event}\" is an event of {games}, not of {game}.", event=ev,
                            games="kille and cuccu", game=game)
        _fields(obj, ev, ("seat",))
        seat = _seat_name(obj["seat"], "\"seat\"")
        if ev == "stand":
            return Stand(seat)
        if ev == "change":
            return Change(seat)
        return Leave(seat) if ev == "leave" else Rebuy(seat)
    if ev == "reply":
        return _reply(obj, rules)
    if ev in ("cut", "reveal"):
        _fields(obj, ev, ("pieces",))
        pieces = _pieces(obj["pieces"], ev, rules)
        return Cut(pieces) if ev == "cut" else Reveal(pieces)
    if ev is None:
        raise GnavError("the line has no \"ev\" saying which event it is.")
    names = "cut, deal, stand, change, reply, reveal, leave" + (
        " and rebuy" if rules.buy_back != "none" else "")
    raise GnavError("{value} is not an event of {game}; the events are {names}.",
                    value=json_repr(ev), game=game, names=names)


def _reply(obj: dict[str, Any], rules: FamilyRules) -> FamilyReply:
    game = rules.game
    mine = {"face_up": rules.face_up, "sold": rules.shelter_piece is not None,
            "price": rules.shelter_piece is not None, "silent": rules.silent_pays is not None}
    for key, owner in _REPLY_FIELDS.items():
        if key in obj and not mine.get(key, False):
            raise GnavError("a reply in {game} has no \"{key}\": that field is {owner}'s.",
                            game=game, key=key, owner=owner)
    _fields(obj, "reply", ("from", "call"), tuple(k for k, v in mine.items() if v))
    source = _seat_name(obj["from"], "\"from\"")
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
                price = _int(obj["price"], "\"price\"", 0, MAX_PRICE)
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


# --- the state --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FamilyOutcome:
    """What one event did, for the banner."""

    kind: str  # the event's name, or for a reply what it did: exchange, block, pass, lapsed ...
    seat: str | None = None
    holder: str | None = None
    call: str | None = None
    charged: int = 0


Piece = str | int  # docs/journal.md, v2 6.6: a dealt piece by its seat's name, a drawn one by k
# Every event the engine takes: the family's, and Gnav's (its reply without the family's
# fields; knocking, sitting out and the dealer's question, which its rules switch on).
CuckooEvent = Cut | Deal | Knock | Stand | Change | Reply | FamilyReply | Reveal | SitOut \
    | Leave | Query | Rebuy
O = TypeVar("O")  # what an event did, as the game's screens tell it


class Settled(NamedTuple):
    """What a reveal settled, for the game's own record of the round (a named tuple: made at
    every reveal, where a frozen dataclass's init costs more)."""

    shown: dict[int, str]
    lowest: str | None
    why: dict[int, str]
    loss: dict[int, int]  # what each loser was to lose (after shelters and Smith's rule)
    paid: dict[int, int]  # what each loser paid
    took: tuple[tuple[int, int], ...]  # the gains in turn order: (seat, what it got)
    pair: tuple[int, ...]  # the two holders of the rules' pair piece, when exactly two showed
    went_out: list[int]
    died: list[int]  # died in this deal (stake), in seat order
    reveal_died: list[int]


class CuckooState(Seating, Ledger, Generic[O]):
    """The state of one table of a game of the cuckoo family, built by applying its journal's
    events: every rule it plays by is a value of `play` (FamilyRules). A game's state is a
    thin subclass: its rules and header, what its screens are told (`_said`, `_settled`), its
    reply event and its replay keys."""

    table: Any
    play: FamilyRules

    def _seat_table(self, seats: tuple[str, ...], dealer: str | None, play: FamilyRules,
                    ledger: LedgerKind, each: int) -> None:
        self.play = play
        # read at every reply
        self._effects, self._stock_effects = play.effects, play.stock_effects
        self._says_more = play.replies_say_more
        self.names: tuple[str, ...] = seats
        self._index = {name: i for i, name in enumerate(seats)}
        self._folded = {name.casefold(): name for name in seats}
        self._step = play.step
        n = len(seats)
        self.each = each
        self.ledger = ledger
        self.limit = each
        self.credit = play.credit
        self.tokens_to_dealer = play.tokens_to_dealer
        self.balance: list[int] = [0 if ledger in ("stake", "strokes") else each] * n
        self.out = [False] * n
        self.in_round = [False] * n
        self.sitting_out = [False] * n
        self.knocked = [False] * n
        self.dead = [False] * n
        self.alive = [False] * n  # in the round and not dead: who takes turns and shows a piece
        self.died: list[int] = []  # died in this deal, in order
        self.holds: list[Piece | None] = [None] * n
        self.rebuys = [0] * n  # kille: used; cuccu: re-entries of the seat
        self.virgin = [True] * n
        self.money = [-1] * n
        self.collected = [0] * n
        self.sloffen = [False] * n
        # when each seat went out (the count of events then; -1 while in): the standings
        # rank the seats out by it, the last out first
        self.out_at = [-1] * n
        self.anyone_broke = False
        self.pot = n if ledger not in ("counters", "strokes") else 0
        self.pool = 0
        self.side_pot = 0
        self.reentries = 0  # at this table, by anyone
        self.may_rebuy: list[int] = []
        self.may_sit_out: tuple[int, ...] = ()  # the pair's holders, last round
        self.query: str | None = None  # the answer to the dealer's question this round
        self.round = 0
        self.phase: Phase = "cut" if dealer is None else "ready"
        self.first_dealer: int | None = None if dealer is None else self._index[dealer]
        self.dealer: int | None = self.first_dealer
        self.last_dealer: int | None = None
        self.turn: int | None = None
        self.asked: int | None = None
        self.stock = 0
        self.taken = 0
        self.taker: dict[int, int] = {}  # drawn piece k -> the seat that took it
        # standing exchanges: (asker, other, what the asker gave, what the other gave)
        self.exchanges: list[tuple[int, int, Piece | None, Piece | None]] = []
        self.undone: list[tuple[int, int]] = []
        self.moved: list[Piece] = []
        self.shelters: list[tuple[int, int]] = []
        self.charges: list[bool] = []  # vogelspiel: each charge of the turns, paid in full?
        self.cut_seats: tuple[int, ...] = tuple(range(n)) if dealer is None else ()
        self.before_reveal: list[int] = []
        self._reveal_died: list[int] = []
        self.winners: tuple[int, ...] = ()
        self.last: O | None = None
        self.events = 0

    # --- what a game's state says in its own terms ---------------------------------------------

    def _said(self, kind: str, seat: str | None = None, holder: str | None = None,
              call: str | None = None, charged: int = 0) -> O:
        raise NotImplementedError

    def _handed_back(self, seat: str, holder: str | None, call: str, charged: int) -> O:
        """A block that undid exchanges (`undone`)."""
        return self._said("block", seat, holder, call, charged)

    def _cut_said(self, tied: tuple[int, ...]) -> O:
        raise NotImplementedError

    def _settled(self, settled: Settled) -> O:
        raise NotImplementedError

    def _reply_event(self, source: str, call: str) -> Reply | FamilyReply:
        raise NotImplementedError

    # the lists an event may change in place: a clone gets its own (the rest are replaced, never
    # changed, or are shared on purpose)
    _LISTS = ("balance", "out", "in_round", "sitting_out", "knocked", "dead", "alive", "died",
              "holds", "rebuys", "virgin", "money", "collected", "sloffen", "out_at", "may_rebuy",
              "exchanges", "undone", "moved", "shelters", "charges", "before_reveal",
              "_reveal_died")

    def clone(self) -> Any:
        other = type(self).__new__(type(self))
        mine = self.__dict__
        theirs = other.__dict__
        theirs.update(mine)
        for name in self._LISTS:
            theirs[name] = mine[name].copy()
        theirs["taker"] = mine["taker"].copy()
        return other

    # --- asking -------------------------------------------------------------------------------

    def check(self, event: CuckooEvent) -> None:
        """Raises GnavError when `event` would not be accepted now; changes nothing."""
        if self.phase == "over":
            raise GnavError("The game is over: nothing more can happen.")
        if isinstance(event, Stand):
            self._check_turn(event.seat, N_("{seat} cannot stand now: {why}."))
        elif isinstance(event, Change):
            self._check_turn(event.seat, N_("{seat} cannot ask to change now: {why}."))
        elif isinstance(event, (Reply, FamilyReply)):
            self._check_reply(event)
        elif isinstance(event, Knock) and self.play.knocks:
            i = self._seat(event.seat)
            if self.phase not in ("turns", "asking"):
                raise GnavError("{seat} cannot knock now: {why}.", seat=event.seat,
                                why=self._phase_words())
            self._check_in_round(i)
        elif isinstance(event, Deal):
            if self.phase != "ready":
                raise GnavError("Nobody can deal now: {why}.", why=self._phase_words())
            if sum(1 for o in self.out if not o) < 2:
                raise GnavError("A deal needs two seats in the game; the seats out decide "
                                "first whether to buy back in.")
        elif isinstance(event, Reveal):
            if self.phase != "reveal":
                raise GnavError("The pieces cannot be shown now: {why}.",
                                why=self._phase_words())
            self._check_pieces(event.pieces, [i for i, a in enumerate(self.alive) if a],
                               "reveal", self.play.counts,
                               N_("{seat} died in this deal and shows no piece.")
                               if self.ledger == "stake" else
                               N_("{seat} sits out this round and shows no piece."))
        elif isinstance(event, Cut):
            if self.phase != "cut":
                raise GnavError("There is no cut now: {why}.", why=self._phase_words())
            self._check_pieces(event.pieces, list(self.cut_seats), "cut", self.play.counts, "")
        elif isinstance(event, SitOut) and self.play.refusals is not None:
            self._check_sit_out(event)
        elif isinstance(event, Query) and self.play.refusals is not None:
            self._check_query(event)
        elif isinstance(event, Leave):
            i = self._seat(event.seat)
            if self.phase != "ready":
                raise GnavError("{seat} can only leave between rounds: {why}.",
                                seat=event.seat, why=self._phase_words())
            if i not in self.may_rebuy:
                if self.out[i]:
                    raise GnavError("{seat} is already out of the game.", seat=event.seat)
                if sum(1 for o in self.out if not o) == 1:
                    raise GnavError("{seat} is the last seat in the game and cannot leave.",
                                    seat=event.seat)
        elif isinstance(event, Rebuy):
            i = self._seat(event.seat)
            if self.play.buy_back == "none":
                raise GnavError("Nobody buys back in under these rules.")
            if self.phase != "ready":
                raise GnavError("{seat} can only buy back in between rounds: {why}.",
                                seat=event.seat, why=self._phase_words())
            if i not in self.may_rebuy:
                raise GnavError("{seat} may not buy back in now.", seat=event.seat)
        else:  # an event of another game of the family
            raise GnavError("{event} is not an event.", event=repr(event))

    def _check_in_round(self, i: int) -> None:
        name = self.names[i]
        if self.out[i]:
            raise GnavError("{seat} is out of the game.", seat=name)
        if not self.in_round[i]:
            raise GnavError("{seat} sits out this round.", seat=name)

    def _check_turn(self, name: str, cannot: str) -> None:
        i = self._seat(name)
        if self.phase != "turns":
            raise GnavError(cannot, seat=name, why=self._phase_words())
        self._check_in_round(i)
        if i != self.turn:
            raise GnavError("It is {turn}'s turn, not {seat}'s.", turn=self._name(self.turn),
                            seat=name)

    def _check_reply(self, event: Reply | FamilyReply) -> None:
        if self.phase != "asking":
            raise GnavError("Nobody was asked to change: {why}.", why=self._phase_words())
        asked = self._name(self.asked)
        if event.source == STOCK:
            if self.asked != STOCK_SEAT:
                raise GnavError("The stock was not asked: {seat} asked {asked}.",
                                seat=self._name(self.turn), asked=asked)
            calls = self.play.stock_effects
            if event.call not in calls:
                rest = (Text("the stock only calls {calls}", calls=either(
                    [c for c in calls if c != "none"])) if len(calls) > 1 else
                    Text("the stock makes no calls; the dealer simply swaps with it"))
                raise GnavError("The stock cannot call {call} under these rules: {rest}.",
                                call=event.call, rest=rest)
            return
        i = self._seat(event.source)
        if i != self.asked:
            raise GnavError("{source} was not asked: {seat} asked {asked}.",
                            source=event.source, seat=self._name(self.turn), asked=asked)
        if self._says_more and isinstance(event, FamilyReply) and event.face_up:
            pair = (self._name(self.turn), event.source)
            for name in event.face_up:
                if name not in pair:
                    raise GnavError("Only {asker} and {holder} exchange here; {name} hands "
                                    "nothing over.", asker=pair[0], holder=pair[1],
                                    name=quoted(name))

    def _check_query(self, event: Query) -> None:
        """gnav.md, house default 13: at most once a round, on the dealer's own turn before
        he stands or changes; whether he holds the piece asked about is not checked (the app
        cannot know)."""
        i = self._seat(event.seat)
        words = self.play.refusals
        assert words is not None
        if not self.play.query:
            raise GnavError(words.query_off, rules=self.play.name)
        if self.phase != "turns":
            raise GnavError(words.query_when, seat=event.seat, why=self._phase_words())
        if i != self.dealer:
            raise GnavError(words.query_not_dealer, dealer=self._name(self.dealer),
                            seat=event.seat)
        if i != self.turn:
            raise GnavError(words.query_not_his_turn, why=self._phase_words())
        if self.query is not None:
            raise GnavError(words.query_again)

    def _check_sit_out(self, event: SitOut) -> None:
        i = self._seat(event.seat)
        if not self.play.pair_sits_out:
            raise GnavError(
                "Nobody sits out under these rules ({rules}, two_fools_sit_out off).",
                rules=self.play.name,
            )
        if self.phase != "ready":
            raise GnavError(
                "{seat} can only sit out between rounds: {why}.", seat=event.seat,
                why=self._phase_words(),
            )
        if self.out[i]:
            raise GnavError("{seat} is out of the game.", seat=event.seat)
        if self.sitting_out[i]:
            raise GnavError("{seat} already sits out the next round.", seat=event.seat)
        if i not in self.may_sit_out:
            assert self.play.refusals is not None
            raise GnavError(self.play.refusals.sit_out_who, seat=event.seat)
        dealt_in = sum(1 for j in range(len(self.names))
                       if not self.out[j] and not self.sitting_out[j])
        if dealt_in - 1 < 2:
            raise GnavError(
                "{seat} cannot sit out: at least two seats must be dealt in.", seat=event.seat
            )

    # --- applying -----------------------------------------------------------------------------

    def apply(self, event: CuckooEvent) -> O:
        """Applies `event` (after checking it) and returns what it did."""
        self.check(event)
        if isinstance(event, Stand):
            self._advance(self._index[event.seat])
            outcome = self._said("stand", event.seat)
        elif isinstance(event, Change):
            outcome = self._change(self._index[event.seat])
        elif isinstance(event, (Reply, FamilyReply)):
            outcome = self._reply(event)
        elif isinstance(event, Knock):
            self.knocked[self._index[event.seat]] = True
            outcome = self._said("knock", event.seat)
        elif isinstance(event, Deal):
            outcome = self._deal()
        elif isinstance(event, Reveal):
            outcome = self._reveal(event)
        elif isinstance(event, Cut):
            outcome = self._cut(event)
        elif isinstance(event, SitOut):
            self.sitting_out[self._index[event.seat]] = True
            self._find_dealer()  # house default 8: the deal passes to the next seat dealt in
            outcome = self._said("sit_out", event.seat)
        elif isinstance(event, Query):
            self.query = event.answer
            outcome = self._said("query", event.seat)
        elif isinstance(event, Leave):
            outcome = self._leave(self._index[event.seat])
        else:
            outcome = self._rebuy(self._index[event.seat])
        self.last = outcome
        self.events += 1
        return outcome

    def _alive(self, i: int) -> bool:
        return self.alive[i]

    def _next_alive(self, i: int) -> int | None:
        """The next alive seat of the round after i; None when that passes a dead dealer (the
        turns are then over)."""
        n = len(self.names)
        j = (i + self._step) % n
        alive = self.alive
        if alive[j]:  # most often the very next seat
            return j
        step = self._step
        for _ in range(n):
            if alive[j]:
                return j
            if j == self.dealer:
                return None
            j = (j + step) % n
        return None

    def _advance(self, i: int) -> None:
        """docs/journal.md, v2 section 6.1, advance from i."""
        self.asked = None
        nxt = None if i == self.dealer else self._next_alive(i)
        if nxt is None:
            self.phase = "reveal"
        else:
            self.phase = "turns"
        self.turn = nxt

    def _change(self, i: int) -> O:
        asker = self.names[i]
        target = STOCK_SEAT if i == self.dealer else self._next_alive(i)
        if target is None or target == i:
            target = STOCK_SEAT
        if target == STOCK_SEAT and self.stock == 0:
            self._advance(i)  # 6.5 (Gnav's house default 10): a change to an empty stock lapses
            return self._said("lapsed", asker, STOCK)
        self.phase, self.asked = "asking", target
        return self._said("change", asker, self._name(target))

    def _undo(self, scope: Undo, offered: Piece | None) -> None:
        """docs/journal.md, v2 section 6.6: the standing exchanges in `scope`, newest first."""
        undone: list[tuple[int, int]] = []
        kept: list[tuple[int, int, Piece | None, Piece | None]] = []
        for ex in reversed(self.exchanges):
            a, b, gave_a, gave_b = ex
            if scope == "all" or offered in (gave_a, gave_b):
                self.holds[a] = gave_a
                if b != STOCK_SEAT:
                    self.holds[b] = gave_b
                elif self.play.lay_aside:
                    self.stock += 1
                undone.append((a, b))
            else:
                kept.append(ex)
        self.exchanges = kept[::-1]
        self.undone = undone

    def _origin(self, piece: Piece) -> int:
        if isinstance(piece, int):
            return self.taker[piece]
        return self._index[piece]

    def _die(self, i: int) -> None:
        if not self.dead[i]:
            self.dead[i] = True
            self.alive[i] = False
            self.died.append(i)

    def _reply(self, event: Reply | FamilyReply) -> O:
        asker, holder = self.turn, self.asked
        assert asker is not None and holder is not None
        play = self.play
        from_stock = holder == STOCK_SEAT
        call = event.call
        effect = (self._stock_effects if from_stock else self._effects)[call]
        if from_stock and call != "none":
            self.stock -= 1  # 6.4 (Gnav's house default 10): a shown or set-aside piece is used up
        charge = effect.charge
        charged = self._charge(asker, charge) if charge else 0
        if charge and play.only_if_unpaid:
            self.charges.append(charged == charge)
        said = (self.names[asker], self._name(holder), call, charged)
        # the family's replies that say more (Kille's face up, Cuccù's sale, Vogelspiel's silence)
        family = cast(FamilyReply, event) if self._says_more else None
        if effect.exchange or (effect.sale and family is not None and family.sold):
            if family is not None and family.face_up:
                for name in family.face_up:
                    gave = self.holds[self._index[name]]
                    if gave is not None and gave not in self.moved:
                        self.moved.append(gave)
            holds = self.holds
            gave = holds[asker]
            if from_stock:
                self.taken = taken = self.taken + 1
                self.taker[taken] = asker
                holds[asker] = taken
                self.exchanges.append((asker, STOCK_SEAT, gave, taken))
                if play.lay_aside:
                    self.stock -= 1  # the old piece is laid aside, not put back
            else:
                got = holds[holder]
                self.exchanges.append((asker, holder, gave, got))
                holds[asker], holds[holder] = got, gave
            if family is not None:
                if family.price:
                    self.money[asker] -= family.price
                    self.money[holder] += family.price
                if family.silent and play.silent_pays:
                    pays = play.silent_pays
                    paid = self._charge(holder, pays)
                    if play.only_if_unpaid:
                        self.charges.append(paid == pays)
            self._advance(asker)
            return self._said("exchange", *said)
        if effect.sale:
            self.shelters.append((asker, holder))
            self._advance(asker)
            return self._said("shelter", *said)
        offered = self.holds[asker]
        undone = effect.undo != "none"
        if undone:
            self._undo(effect.undo, offered)
        if effect.kills == "asker":
            self._die(asker)
        elif effect.kills == "origin" and offered is not None:
            self._die(self._origin(offered))
        if effect.then == "end":
            self._end_turns()
            return self._said("end_turns", *said)
        if effect.then == "pass":
            if from_stock or holder == self.dealer:
                target: int | None = STOCK_SEAT
            else:
                target = self._next_alive(holder)
                if target is None or target == asker:
                    target = STOCK_SEAT
            if target == STOCK_SEAT and self.stock == 0:
                self._advance(asker)
                return self._said("lapsed", *said)
            self.asked = target
            return self._said("pass", *said)
        # a block; Gnav's house default 6: after the holder, every turn up to and including
        # the holder's is over (from the stock, after the asker)
        self._advance(holder if effect.play_on == "holder" and not from_stock else asker)
        if undone and self.undone:
            return self._handed_back(*said)
        return self._said("block", *said)

    # --- between rounds -----------------------------------------------------------------------

    def _find_dealer(self) -> None:
        """docs/journal.md, v2 sections 6.2 and 6.12: who would deal now; Gnav's house default
        8: the next seat dealt in, when that one sits out."""
        if self.last_dealer is None:
            first = self.first_dealer
            assert first is not None
            self.dealer = first if not self.out[first] else self._next_in_game(first)
        else:
            self.dealer = self._next_in_game(self.last_dealer)
        dealer, sitting_out = self.dealer, self.sitting_out
        if dealer is not None and sitting_out[dealer]:
            n, step, out = len(self.names), self._step, self.out
            for _ in range(n):  # a sit-out leaves two seats dealt in (or lapses)
                dealer = (dealer + step) % n
                if not out[dealer] and not sitting_out[dealer]:
                    self.dealer = dealer
                    break

    def _deal(self) -> O:
        # the dealer was found when it last could change (a reveal, a leave, a sit-out, a rebuy)
        assert self.dealer is not None
        self.may_rebuy = []
        self.round += 1
        n = len(self.names)
        out, sitting_out, names = self.out, self.sitting_out, self.names
        self.in_round = in_round = [not out[i] and not sitting_out[i] for i in range(n)]
        self.holds = [names[i] if in_round[i] else None for i in range(n)]
        self.dead = [False] * n
        self.alive = list(in_round)
        self.knocked = [False] * n
        self.died = []
        self.taken = 0
        self.taker = {}
        self.query = None
        self.stock = self.play.size - sum(self.in_round)
        self.exchanges, self.undone, self.moved, self.shelters, self.charges = [], [], [], [], []
        self.asked = None
        self.phase = "turns"
        self.turn = self._next_alive(self.dealer)
        return self._said("deal", self.names[self.dealer])

    def _cut(self, event: Cut) -> O:
        return self._cut_said(self._cut_for_dealer(event.pieces, self.play.cut_ranks))

    def _placed(self, shown: dict[int, str]) -> dict[int, int] | None:
        """The showing seats ranked apart from their piece: Kille's moved piece placed by its
        marks (below the whole order when it was moved, above it when not)."""
        moved = self.play.moved_lowest
        if moved is None:
            return None
        below = len(self.play.ranks)
        return {i: below if self.holds[i] in self.moved else -1
                for i, p in shown.items() if p == moved}

    def _reveal(self, event: Reveal) -> O:
        assert self.dealer is not None
        play = self.play
        n = len(self.names)
        shown = {self._index[s]: p for s, p in event.pieces}
        if len(shown) < play.reveal_needs:
            verdict = Verdict({}, {}, None, (), ())
        else:
            verdict = judge(play.reveal, shown, play.ranks, self._placed(shown))
        loss = dict(verdict.loss)
        if play.shelter_piece is not None:
            for asker, holder in self.shelters:
                if asker in loss and shown.get(asker) == play.shelter_piece:
                    loss[holder] = loss.get(holder, 0) + loss.pop(asker)
        if play.only_if_unpaid and self.charges and all(self.charges):
            loss = {}
        # Gnav's house default 1: the losers pay first, then the gains are made
        reveal_died: list[int] = []
        paid: dict[int, int] = {}
        for i in self._turn_order(loss) if len(loss) > 1 else loss:
            if self.ledger == "stake":
                self._die(i)
                reveal_died.append(i)
            else:
                paid[i] = self._charge(i, loss[i])
        # Gnav's house default 3: in turn order from the dealer's left, while the pool lasts
        took = (tuple((i, self._gain(i)) for i in self._turn_order(verdict.gains))
                if verdict.gains else ())
        if verdict.side:
            for i in self._turn_order(verdict.side):
                self._charge(i, 1, side=True)
        pair: tuple[int, ...] = ()
        if play.pair_piece is not None:
            pair_piece = play.pair_piece
            held = [i for i, p in shown.items() if p == pair_piece]
            pair = tuple(sorted(held)) if len(held) == 2 else ()
        self.may_sit_out = pair
        before = [i for i, o in enumerate(self.out) if not o]
        # Gnav's house default 2: going out is checked once, after the reveal is settled
        went_out = self._going_out(before)
        reveal_died.sort()
        settled = Settled(shown, verdict.lowest, verdict.why, loss, paid, took, pair, went_out,
                          sorted(self.died) if self.died else [], reveal_died)
        self.before_reveal = before
        self._reveal_died = reveal_died
        self.last_dealer = self.dealer
        self.in_round = [False] * n
        self.sitting_out = [False] * n
        self.dead = [False] * n
        self.alive = [False] * n
        self.holds = [None] * n
        self.died = []
        self.query = None
        self.exchanges, self.undone, self.moved, self.shelters, self.charges = [], [], [], [], []
        self.turn = self.asked = None
        self.phase = "ready"
        if self.ledger == "stake":
            self.may_rebuy = [i for i in went_out if self.rebuys[i] < self.each]
        elif play.buy_back == "reentry" and self.table.reentry:
            self.may_rebuy = list(went_out)
        if play.buy_back == "reentry":
            self._lapse_reentry()
        self._find_dealer()  # Gnav's house default 9
        if play.game_end == "first_out_loses" and went_out:
            rest = tuple(i for i in range(n) if not self.out[i])
            self._game_over(rest if rest else tuple(went_out))
        else:
            self._check_end()
        return self._settled(settled)

    def _going_out(self, before: list[int]) -> list[int]:
        """docs/journal.md, v2 section 6.11, 2; the seats that go out, in header order."""
        ledger = self.ledger
        if ledger == "stake":
            out = sorted(self.died)
        elif ledger == "counters":
            out = [i for i in before if self.balance[i] == 0 and not self.sloffen[i]]
        elif ledger == "strokes":
            out = [i for i in before if self.balance[i] == self.limit]
        else:
            out = [i for i in before if self.balance[i] == 0]
            if out and len(out) == len(before) and self.play.all_out_return:
                for i in out:
                    self.balance[i] = self.each
                return []
        for i in out:
            self.out[i] = True
            self.out_at[i] = self.events
            self.virgin[i] = False
        return out

    def _lapse_reentry(self) -> None:
        if self.play.buy_back == "reentry" and not any(
                self.virgin[i] and not self.out[i] for i in range(len(self.names))):
            self.may_rebuy = []

    def _check_end(self) -> None:
        if self.may_rebuy or self.out.count(False) > 1:
            return
        rest = tuple(i for i, o in enumerate(self.out) if not o)
        if len(rest) == 1:
            self._game_over(rest)
        elif not rest:
            share = self._reveal_died if self.ledger == "stake" else self.before_reveal
            self._game_over(tuple(share))

    def _game_over(self, winners: tuple[int, ...]) -> None:
        super()._game_over(winners)
        self.may_rebuy = []
        self.may_sit_out = ()

    def _leave(self, i: int) -> O:
        if i in self.may_rebuy:
            self.may_rebuy.remove(i)
        else:
            self.out[i] = True
            self.out_at[i] = self.events
            self.sitting_out[i] = False
        remaining = [j for j in range(len(self.names)) if not self.out[j]]
        if len(remaining) > 1 and any(self.sitting_out) and sum(
                1 for j in remaining if not self.sitting_out[j]) < 2:
            # Gnav's house default 8: every sit-out lapses, and the dealer is found as if
            # nobody sat out
            for j in remaining:
                self.sitting_out[j] = False
        self._lapse_reentry()
        self._find_dealer()
        self._check_end()
        return self._said("leave", self.names[i])

    def _rebuy(self, i: int) -> O:
        self.may_rebuy.remove(i)
        self.out[i] = False
        self.out_at[i] = -1
        if self.ledger == "stake":
            self.rebuys[i] += 1
            self.pot += 1
        else:
            price = 2 ** (self.reentries + 1)
            self.reentries += 1
            self.rebuys[i] += 1
            self.balance[i] = self.each
            self.money[i] -= price
            self.pot += price
        self._find_dealer()
        self._check_end()
        return self._said("rebuy", self.names[i])

    # --- reading ------------------------------------------------------------------------------

    @property
    def dealer_name(self) -> str | None:
        return self._name(self.dealer)

    @property
    def turn_name(self) -> str | None:
        return self._name(self.turn)

    @property
    def asked_name(self) -> str | None:
        return self._name(self.asked)

    def _options(self) -> list[CuckooEvent]:
        """Every accepted event that needs no pieces (reveal and cut need the table's)."""
        out: list[CuckooEvent] = []
        play = self.play
        if self.phase == "ready":
            if self.can(Deal()):
                out.append(Deal())
            for name in self.names:
                for event in (Leave(name), SitOut(name), Rebuy(name)):
                    if self.can(event):
                        out.append(event)
        elif self.phase == "turns" and self.turn is not None:
            seat = self.names[self.turn]
            out += [Stand(seat), Change(seat)]
            if play.query:
                out += [q for q in (Query(seat, "yes"), Query(seat, "no")) if self.can(q)]
        elif self.phase == "asking":
            source = self._name(self.asked) or STOCK
            asker = self._name(self.turn) or STOCK
            calls = play.stock_effects if source == STOCK else play.effects
            for call, effect in calls.items():
                if effect.sale and source != STOCK:
                    out += [FamilyReply(source, call, sold=False),
                            FamilyReply(source, call, sold=True, price=1)]
                    continue
                out.append(self._reply_event(source, call))
                if call == "none" and source != STOCK:
                    if play.face_up:
                        out += [FamilyReply(source, call, face_up=(asker,)),
                                FamilyReply(source, call, face_up=(source,))]
                    if play.silent_pays is not None:
                        out.append(FamilyReply(source, call, silent=True))
        if play.knocks and self.phase in ("turns", "asking"):
            out += [Knock(self.names[i]) for i, r in enumerate(self.in_round) if r]
        return out


class FamilyState(CuckooState[FamilyOutcome]):
    """The state of one table of a family game, built by applying its journal's events."""

    def __init__(self, table: FamilyTable, book: GameBook) -> None:
        self.table = table
        self.book = book
        self.rules = book.rules(table.rules, dict(table.house))
        self._seat_table(table.seats, table.dealer, self.rules, self.rules.ledger, table.amount)
        self.last_round: dict[str, list[str]] | None = None

    def clone(self) -> FamilyState:
        other: FamilyState = super().clone()
        return other

    def _said(self, kind: str, seat: str | None = None, holder: str | None = None,
              call: str | None = None, charged: int = 0) -> FamilyOutcome:
        return FamilyOutcome(kind, seat, holder, call, charged)

    def _cut_said(self, tied: tuple[int, ...]) -> FamilyOutcome:
        if len(tied) > 1:
            return FamilyOutcome("cut_tie")
        return FamilyOutcome("cut_dealer", self.names[tied[0]])

    def _settled(self, settled: Settled) -> FamilyOutcome:
        names = self.names
        if self.ledger == "stake":
            self.last_round = {"losers": [names[i] for i in settled.reveal_died],
                               "died": [names[i] for i in settled.died]}
        else:
            self.last_round = {"losers": [names[i] for i in sorted(settled.loss)]}
            if self.rules.buy_back == "reentry":
                self.last_round["gainers"] = [names[i] for i, _got in sorted(settled.took)]
        return FamilyOutcome("reveal")

    def _reply_event(self, source: str, call: str) -> FamilyReply:
        return FamilyReply(source, call)

    def options(self) -> list[FamilyEvent]:
        """Every accepted event that needs no pieces (reveal and cut need the table's)."""
        return cast(list[FamilyEvent], self._options())

    def as_json(self) -> dict[str, Any]:
        """The state as `replay` prints it: docs/journal.md, v2 section 8."""
        in_round = self.phase in ("turns", "asking", "reveal")
        ledger = self.rules.ledger
        rules = self.rules
        seats: list[dict[str, Any]] = []
        for i, name in enumerate(self.names):
            seat: dict[str, Any] = {"name": name, "out": self.out[i], "holds": self.holds[i]}
            if ledger == "stake":
                seat |= {"dead": self.dead[i], "rebuys": self.rebuys[i]}
            elif ledger == "counters":
                seat |= {"counters": self.balance[i], "sloffen": self.sloffen[i]}
            else:
                seat["lives"] = self.balance[i]
                if rules.buy_back == "reentry":
                    seat |= {"virgin": self.virgin[i], "reentries": self.rebuys[i],
                             "money": self.money[i], "collected": self.collected[i]}
            seats.append(seat)
        out: dict[str, Any] = {
            "version": 2, "game": rules.game, "rules": rules.name, "round": self.round,
            "phase": self.phase, "dealer": self._name(self.dealer),
            "turn": self._name(self.turn), "asked": self._name(self.asked),
            "pool": self.pool, "seats": seats,
            "exchanges": [[self.names[a], self._name(b)] for a, b, _x, _y in self.exchanges],
            "undone": [[self.names[a], self._name(b)] for a, b in self.undone],
            "stock": self.stock if in_round else None,
            "last_round": self.last_round, "winners": [self.names[i] for i in self.winners],
            "stakes": dict(self.table.stakes), "house": self.table.house_dict(),
            "cut": [self.names[i] for i in self.cut_seats], "events": self.events,
        }
        if rules.buy_back != "none":
            out["pot"] = self.pot
            out["may_rebuy"] = ([self.names[i] for i in self.may_rebuy]
                                if self.phase == "ready" else [])
        if rules.moved_lowest is not None:
            out[rules.moved_field] = list(self.moved)
        if rules.buy_back == "reentry":
            out["shelters"] = [[self.names[a], self.names[b]] for a, b in self.shelters]
        if ledger == "counters":
            out["side_pot"] = self.side_pot
        return out



# --- the kind the registry names --------------------------------------------------------------


class FamilyKind:
    """A game of the family for companion.core: its header, events, state and lines."""

    def __init__(self, book: GameBook) -> None:
        self.book = book
        self.name = book.game
        self._rules: dict[Any, FamilyRules] = {}

    def rules(self, header: Any) -> FamilyRules:
        key = (header.rules, header.house)
        rules = self._rules.get(key)
        if rules is None:
            rules = self._rules[key] = self.book.rules(header.rules, dict(header.house))
        return rules

    def parse_header(self, obj: object) -> FamilyTable:
        return parse_family_header(obj, self.book)

    def parse_event(self, obj: object, header: Any) -> FamilyEvent:
        return parse_family_event(obj, self.rules(header))

    def new_state(self, header: Any) -> FamilyState:
        return FamilyState(header, self.book)

    def header_line(self, header: Any) -> str:
        return _encode(header.as_json())

    def event_line(self, event: Any) -> str:
        return _encode(family_event_json(event))

    def dumps(self, header: Any, events: Iterable[Any]) -> str:
        lines = [self.header_line(header)] + [self.event_line(e) for e in events]
        return "\n".join(lines) + "\n"

    def new_header(self, header: Any) -> FamilyTable:
        # through the header's JSON so that a new table is checked exactly as a stored one
        # (always version 2: a journal of this game names it)
        return parse_family_header(json.loads(self.header_line(header)), self.book)


def _encode(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
