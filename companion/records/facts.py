"""What one game says for the records, found by replaying its journal through the engine
(issue 26, item 2). Pure: a journal's lines (and, when the store has them, when each was
kept) in, a GameFacts out; nothing is read from or written to disk here.

This is the records' one door into the engine: the registry's `parse_header`, the one
`Follower` every reader of a journal uses, and each game's own words for its calls. The
engine's modules are being moved into one package per game; only these imports change then.

Everything here is read from what the engine does, through the GameState protocol and the
values apply returns, never by comparing a game's id: a seat "pays" when its ledger goes
against it (counters or lives down, strokes up, a stake lost), a call "hits" the seat that
asked when the seat (or stock) asked answers with a call, and a round ends at a reveal.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.core import Follower
from companion.core.errors import GnavError, JournalError, Text, as_text
from companion.engine.registry import GAMES, parse_header
from companion.i18n import EN, Tr

# Bumped whenever what a GameFacts holds or how it is found changes: every cached entry of
# another version is found again from its journal.
FACTS_FORMAT = 3

NO_CALL = frozenset({None, "none", "stand", "change"})
GO_FISH = "go_fish"  # Gwra pyskessa's outcome when the asked seat has none: «...Gwra pyskessa!»
STORY_STEPS = frozenset({"reveal", "set"})  # a round settled; a set laid down (Go Fish)


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat of one game."""

    name: str  # as the journal has it
    place: int | None  # 1 for a winner; None while the game is not over
    balance: int  # what the seat has at the end: counters, lives, strokes, or sets laid down
    rounds_survived: int  # rounds it was dealt into and still in the game after
    paid: int  # times it paid, took a stroke, lost a life or its stake
    hit_by: Mapping[str, int] = field(default_factory=dict)  # call words -> times
    said: Mapping[str, int] = field(default_factory=dict)  # call words -> times
    paid_to: Mapping[str, int] = field(default_factory=dict)  # the caller's seat -> times

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "place": self.place, "balance": self.balance,
                "rounds_survived": self.rounds_survived, "paid": self.paid,
                "hit_by": dict(self.hit_by), "said": dict(self.said),
                "paid_to": dict(self.paid_to)}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> SeatFacts:
        return cls(str(obj["name"]), obj["place"], int(obj["balance"]),
                   int(obj["rounds_survived"]), int(obj["paid"]), dict(obj["hit_by"]),
                   dict(obj["said"]), dict(obj["paid_to"]))


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One game, as the records read it."""

    id: int  # the store's game number
    game: str  # the header's game: gnav, kille, ...
    rules: str  # the rule book
    date: str  # when the game was created, ISO-8601 UTC ("2026-11-22T18:03:11Z")
    over: bool
    rounds: int
    events: int
    minutes: float | None  # from its first event to its last, when the store kept the times
    unit: str  # what `balance` counts: counters, strokes, lives, stake or sets
    seats: tuple[SeatFacts, ...]
    loser_pieces: Mapping[str, int] = field(default_factory=dict)  # piece -> times it lost
    dealer: str | None = None  # who dealt first (named, or found by the cut)
    # the story of the game, for its chart: each seat's balance (in `unit`) at the start and
    # after every round (a reveal), or for a game without reveals after every set laid down
    story: tuple[tuple[int, ...], ...] = ()

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if self.over and s.place == 1)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "rules": self.rules, "date": self.date,
                "over": self.over, "rounds": self.rounds, "events": self.events,
                "minutes": self.minutes, "unit": self.unit,
                "seats": [s.as_json() for s in self.seats],
                "loser_pieces": dict(self.loser_pieces), "dealer": self.dealer,
                "story": [list(step) for step in self.story]}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameFacts:
        minutes = obj["minutes"]
        return cls(int(obj["id"]), str(obj["game"]), str(obj["rules"]), str(obj["date"]),
                   bool(obj["over"]), int(obj["rounds"]), int(obj["events"]),
                   None if minutes is None else float(minutes), str(obj["unit"]),
                   tuple(SeatFacts.from_json(s) for s in obj["seats"]),
                   dict(obj["loser_pieces"]), obj.get("dealer"),
                   tuple(tuple(int(v) for v in step) for step in obj.get("story", ())))


class Unreadable(Exception):
    """A game the records leave out; `text` says which and why, for the referee."""

    def __init__(self, text: Text) -> None:
        super().__init__(text)
        self.text = text


def game_facts(game_id: int, header_line: str, lines: Iterable[tuple[str, str | None]],
               created: str) -> GameFacts:
    """Replays one game (its header line and its active event lines, each with the time the
    store kept it, or None) and says what it holds for the records. Raises Unreadable for a
    journal the engine refuses at some line."""
    number = 1
    try:
        kind, header = parse_header(json.loads(header_line))
        follower = Follower(kind, header, keep=False)
        tally = _Tally(follower.state, header.game, str(getattr(header, "rules", "")))
        first: str | None = None
        last: str | None = None
        for number, (line, at) in enumerate(lines, start=2):
            event = follower.read(line)
            tally.before(event)
            outcome = follower.state.apply(event)
            tally.after(event, outcome)
            if at:
                first = first or at
                last = at
    except (GnavError, ValueError, KeyError, TypeError) as err:
        why = err.text if isinstance(err, GnavError) else as_text(type(err).__name__)
        if isinstance(err, JournalError):
            why = err.text
        raise Unreadable(Text(
            "Game {game} is left out of the records: line {line} of its journal cannot be "
            "read ({why}).", game=game_id, line=number, why=why.trimmed(". "))) from None
    return tally.facts(game_id, created, _minutes(first, last))


def _minutes(first: str | None, last: str | None) -> float | None:
    if not first or not last:
        return None
    try:
        start = datetime.fromisoformat(first)
        end = datetime.fromisoformat(last)
    except ValueError:
        return None
    minutes = (end - start).total_seconds() / 60
    return round(minutes, 1) if minutes > 0 else None


def call_said(game: str, rules: str, call: str, outcome: Any) -> str:
    """A call in the game's own words («Hogg av!», «Kuku!», «Nag eus. Gwra pyskessa!»);
    never translated."""
    say = getattr(outcome, "say", None)
    if say is not None and isinstance(getattr(say, "cornish", None), str):
        return f"«{say.cornish}»"
    described = GAMES.get(game)
    return call if described is None else described.narration.call_words(rules, call)


class _Tally:
    """Counts, event by event, what the records read from one game."""

    def __init__(self, state: Any, game: str, rules: str) -> None:
        self.state = state
        self.game = game
        self.rules = rules
        n = len(state.names)
        self.paid = [0] * n
        self.survived = [0] * n
        self.hit_by: list[Counter[str]] = [Counter() for _ in range(n)]
        self.said: list[Counter[str]] = [Counter() for _ in range(n)]
        self.paid_to: list[Counter[str]] = [Counter() for _ in range(n)]
        self.out_at = [0] * n  # the event it went out at (0: still in)
        self.loser_pieces: Counter[str] = Counter()
        self.story: list[tuple[int, ...]] = []
        self.reveals = 0
        self.events = 0
        self._index = {name: i for i, name in enumerate(state.names)}
        # read once: which of the ledger's lists this game's state has
        self._ledgered = isinstance(getattr(state, "balance", None), list)
        self._strokes = getattr(state, "ledger", None) == "strokes"
        self._stake = getattr(state, "ledger", None) == "stake"
        self._nobody = [False] * n
        self._balance: list[int] = []
        self._dead: list[bool] = []
        self._in_round: list[bool] = []
        self._gone = self._gone_now()
        self.story.append(tuple(self._balances()[0]))

    def _gone_now(self) -> list[bool]:
        """Who is out of the game (or dead in this deal) now."""
        state = self.state
        out = getattr(state, "out", None)
        if not isinstance(out, list):
            return self._nobody
        dead = state.dead if self._stake else None
        return list(out) if dead is None else [o or d for o, d in zip(out, dead, strict=True)]

    def before(self, event: Any) -> None:
        state = self.state
        if self._ledgered:
            self._balance = list(state.balance)
        if self._stake:
            self._dead = list(state.dead)
        if hasattr(event, "pieces"):  # a reveal (or a cut): who was dealt into the round
            self._in_round = list(getattr(state, "in_round", ()))

    def after(self, event: Any, outcome: Any) -> None:
        self.events += 1
        state = self.state
        payers: list[int] = []
        if self._ledgered:
            balance = state.balance
            strokes = self._strokes
            for i, had in enumerate(self._balance):
                now = balance[i]
                if now > had if strokes else now < had:
                    payers.append(i)
        if self._stake:
            dead = state.dead
            payers += [i for i, was in enumerate(self._dead) if dead[i] and not was
                       and i not in payers]
        for i in payers:
            self.paid[i] += 1
        was_gone = self._gone
        gone = self._gone_now()
        if gone != was_gone:
            for i, was in enumerate(was_gone):
                if gone[i] and not was:
                    self.out_at[i] = self.events
        self._gone = gone
        kind = getattr(outcome, "kind", None)
        call = GO_FISH if kind == GO_FISH else getattr(outcome, "call", None)
        if call not in NO_CALL:
            asker = self._index.get(getattr(outcome, "seat", None) or "")
            if asker is not None:
                self._called(str(call), asker, outcome, payers)
        if kind in STORY_STEPS:
            self.story.append(tuple(self._balances()[0]))
        if kind == "reveal":
            self.reveals += 1
            shown = dict(getattr(event, "pieces", ()))
            for i in self._losers(payers, gone, was_gone):
                piece = shown.get(state.names[i])
                if piece is not None:
                    self.loser_pieces[str(piece)] += 1
            for i, dealt in enumerate(self._in_round):
                if dealt and not gone[i]:
                    self.survived[i] += 1

    def _called(self, call: str, asker: int, outcome: Any, payers: list[int]) -> None:
        """A call answered the asker's change (or Go Fish's ask): it hit the asker; the seat
        that said it (not the stock) made every other seat that paid at it pay."""
        words = call_said(self.game, self.rules, call, outcome)
        self.hit_by[asker][words] += 1
        caller_name = getattr(outcome, "holder", None) or getattr(outcome, "target", None)
        caller = self._index.get(caller_name or "")
        if caller is not None:
            self.said[caller][words] += 1
            for i in payers:
                if i != caller:
                    self.paid_to[i][self.state.names[caller]] += 1

    def _losers(self, payers: list[int], gone: list[bool], was_gone: list[bool]) -> list[int]:
        """Who lost the round just revealed: as the game's state says it (its `last_round`,
        as `replay` prints it), else who paid and who went out though it had nothing left."""
        last = self.state.as_json().get("last_round")
        named = last.get("losers") if isinstance(last, dict) else None
        if isinstance(named, list):
            return [self._index[n] for n in named if n in self._index]
        return sorted(set(payers) | {i for i, g in enumerate(gone) if g and not was_gone[i]})

    def facts(self, game_id: int, created: str, minutes: float | None) -> GameFacts:
        state = self.state
        names: tuple[str, ...] = state.names
        over = state.phase == "over"
        n = len(names)
        if not self.reveals and over:  # a game of no reveals (Go Fish): one long round
            self.survived = [max(1, state.round)] * n
        balance, unit = self._balances()
        places = _places(n, set(state.winners), self.out_at, balance, unit) if over else \
            [None] * n
        seats = tuple(
            SeatFacts(names[i], places[i], balance[i], self.survived[i], self.paid[i],
                      dict(self.hit_by[i]), dict(self.said[i]), dict(self.paid_to[i]))
            for i in range(n))
        first = getattr(state, "first_dealer", None)  # the family's: who dealt first
        if not isinstance(first, int):
            first = getattr(state, "dealer", None)  # Go Fish deals once
        dealer = names[first] if isinstance(first, int) and 0 <= first < n else None
        return GameFacts(game_id, self.game, self.rules, created, over, state.round,
                         self.events, minutes, unit, seats, dict(self.loser_pieces), dealer,
                         tuple(self.story))

    def _balances(self) -> tuple[list[int], str]:
        state = self.state
        sets = getattr(state, "sets", None)
        if sets is not None:
            return [len(s) for s in sets], "sets"
        ledger = str(getattr(state, "ledger", "counters"))
        if ledger == "stake":
            return [0 if gone else 1 for gone in self._gone_now()], "stake"
        return list(getattr(state, "balance", [0] * len(state.names))), ledger


def _places(n: int, winners: set[int], out_at: list[int], balance: list[int],
            unit: str) -> list[int | None]:
    """Places at the end of a game: the winners first; then who stayed in longest; then the
    better balance (fewer strokes, more of anything else). Equal seats share a place."""
    def key(i: int) -> tuple[int, int, int]:
        if i in winners:
            return (0, 0, 0)
        good = -balance[i] if unit == "strokes" else balance[i]
        stayed = out_at[i] if out_at[i] else 1 << 40
        return (1, -stayed, -good)

    order = sorted(range(n), key=key)
    places: list[int | None] = [None] * n
    for rank, i in enumerate(order):
        prev = order[rank - 1] if rank else None
        places[i] = places[prev] if prev is not None and key(prev) == key(i) else rank + 1
    return places


def game_title(game: str, tr: Tr = EN) -> str:
    """A game's name, in the reader's language where it has one (Vogelspiel's says it is
    reconstructed)."""
    described = GAMES.get(game)
    if described is None:
        return game
    return tr(described.title) if described.title else described.name
