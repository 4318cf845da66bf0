"""The records: every figure of issue 26, item 2, from the games' facts (facts.py). Pure: a
function from replayed games (and the roster's names) to records; nothing is kept beside the
journals but a cache of facts the store layer may throw away at any time.

A table counts as played (and perhaps won) once it is over; rounds survived, payments and
calls count in every game, over or not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from companion.core.errors import GnavError, Text
from companion.i18n import EN, Tr

from .facts import GameFacts, game_title


@dataclass(frozen=True, slots=True)
class Tally:
    """Tables played and won (of those that are over)."""

    played: int = 0
    won: int = 0

    @property
    def share(self) -> float:
        return self.won / self.played if self.played else 0.0

    def as_json(self) -> dict[str, Any]:
        return {"played": self.played, "won": self.won, "win_share": round(self.share, 4)}


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player's figures."""

    name: str
    played: int
    won: int
    unfinished: int  # tables sat at that are not over yet
    games: Mapping[str, Tally]  # game id -> played and won
    rule_books: Mapping[str, Tally]  # "game/rules" (e.g. "gnav/damm") -> played and won
    rounds_survived: int
    paid: int  # times paid or struck
    hit_by: Mapping[str, int]  # a call in the game's words -> times it hit the player
    said: Mapping[str, int]  # a call in the game's words -> times the player said it
    paid_most_to: tuple[str, int] | None  # the seat whose calls made them pay most, and times
    longest_streak: int  # tables won one after another (by date)
    last_played: str  # ISO date-time of the player's latest table

    @property
    def win_share(self) -> float:
        return self.won / self.played if self.played else 0.0

    def as_json(self) -> dict[str, Any]:
        most = self.paid_most_to
        return {
            "played": self.played, "won": self.won, "win_share": round(self.win_share, 4),
            "unfinished": self.unfinished,
            "games": {g: t.as_json() for g, t in sorted(self.games.items())},
            "rule_books": {r: t.as_json() for r, t in sorted(self.rule_books.items())},
            "rounds_survived": self.rounds_survived, "paid": self.paid,
            "hit_by": dict(sorted(self.hit_by.items(), key=lambda kv: (-kv[1], kv[0]))),
            "said": dict(sorted(self.said.items(), key=lambda kv: (-kv[1], kv[0]))),
            "paid_most_to": None if most is None else {"name": most[0], "times": most[1]},
            "longest_streak": self.longest_streak, "last_played": self.last_played,
        }


@dataclass(frozen=True, slots=True)
class Best:
    """The table that holds a record: its number, and the figure."""

    table: int
    value: float

    def as_json(self) -> dict[str, Any]:
        value: float | int = int(self.value) if float(self.value).is_integer() else self.value
        return {"table": self.table, "value": value}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game's figures (Gnav, Kille, ...), over its tables."""

    game: str
    tables: int  # over
    unfinished: int
    most_rounds: Best | None
    # the longest evening: by the minutes from first to last event where the store kept
    # them, else (`by_rounds`) by rounds
    longest_evening: Best | None
    by_rounds: bool
    loser_piece: tuple[str, int] | None  # the piece that lost most often, and times

    def as_json(self) -> dict[str, Any]:
        piece = self.loser_piece
        return {
            "tables": self.tables, "unfinished": self.unfinished,
            "most_rounds": None if self.most_rounds is None else self.most_rounds.as_json(),
            "longest_evening": None if self.longest_evening is None else {
                **self.longest_evening.as_json(),
                "by": "rounds" if self.by_rounds else "minutes"},
            "loser_piece": None if piece is None else {"piece": piece[0], "times": piece[1]},
        }


@dataclass(frozen=True)
class Records:
    """Every figure, for the games a filter kept."""

    players: Mapping[str, PlayerRecord]  # by the player's name (the roster's)
    games: Mapping[str, GameRecord]  # by game id
    tables: int  # games counted (over or not)
    left_out: tuple[Any, ...] = field(default=())  # Texts: the games that could not be read

    def as_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "players": {name: p.as_json() for name, p in sorted(
                self.players.items(), key=lambda kv: kv[0].casefold())},
            "games": {g: r.as_json() for g, r in sorted(self.games.items())},
            "left_out": [str(t) for t in self.left_out],
        }


@dataclass(frozen=True, slots=True)
class Filter:
    """Which tables count: from `since` up to and including `until` (dates, "2026-12-24",
    compared with the day the table was set up, UTC) and of one game."""

    since: str | None = None
    until: str | None = None
    game: str | None = None

    @staticmethod
    def day(value: str, option: str = "--since") -> str:
        """A day as a filter takes it ("2026-12-24"); GnavError for anything else."""
        try:
            return date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            raise GnavError("{option} takes a day written as 2026-12-24, not {value}.",
                            option=option, value=value) from None

    def keeps(self, facts: GameFacts) -> bool:
        day = facts.date[:10]
        if self.since is not None and day < self.since:
            return False
        if self.until is not None and day > self.until:
            return False
        return self.game is None or facts.game == self.game


def compute(games: Iterable[GameFacts], name_of: Callable[[str], str] = lambda n: n,
            only: Filter | None = None, left_out: Iterable[Any] = ()) -> Records:
    """The records of these games: each seat's name read as its player's (`name_of`, e.g.
    Roster.shown_name, so "Aase" and "Åse" merged count as one player)."""
    only = only or Filter()
    kept = sorted((g for g in games if only.keeps(g)), key=lambda g: (g.date, g.id))
    per: dict[str, _Player] = {}
    per_game: dict[str, list[GameFacts]] = {}
    names: dict[str, str] = {}  # a journal's name -> its player's (asked once per name)

    def player_of(seat: str) -> str:
        name = names.get(seat)
        if name is None:
            name = names[seat] = name_of(seat)
        return name

    for facts in kept:
        per_game.setdefault(facts.game, []).append(facts)
        book = f"{facts.game}/{facts.rules}"
        for seat in facts.seats:
            p = per.get(player_of(seat.name))
            if p is None:
                p = per[player_of(seat.name)] = _Player()
            p.last = max(p.last, facts.date)
            p.rounds += seat.rounds_survived
            p.paid += seat.paid
            _add(p.hit_by, seat.hit_by)
            _add(p.said, seat.said)
            for other, n in seat.paid_to.items():
                key = player_of(other)
                p.paid_to[key] = p.paid_to.get(key, 0) + n
            if not facts.over:
                p.unfinished += 1
                continue
            won = int(seat.place == 1)
            p.played += 1
            p.won += won
            for key, table in ((facts.game, p.games), (book, p.books)):
                tally = table.get(key)
                if tally is None:
                    table[key] = [1, won]
                else:
                    tally[0] += 1
                    tally[1] += won
            p.streak = p.streak + 1 if won else 0
            p.best_streak = max(p.best_streak, p.streak)
    players = {name: p.record(name) for name, p in per.items()}
    records = {game: _game_record(game, tables) for game, tables in per_game.items()}
    return Records(players, records, len(kept), tuple(left_out))


def _add(into: dict[str, int], counts: Mapping[str, int]) -> None:
    for key, n in counts.items():
        into[key] = into.get(key, 0) + n


class _Player:
    def __init__(self) -> None:
        self.played = self.won = self.unfinished = self.rounds = self.paid = 0
        self.streak = self.best_streak = 0
        self.games: dict[str, list[int]] = {}  # played, won
        self.books: dict[str, list[int]] = {}
        self.hit_by: dict[str, int] = {}
        self.said: dict[str, int] = {}
        self.paid_to: dict[str, int] = {}
        self.last = ""

    def record(self, name: str) -> PlayerRecord:
        most = _most(self.paid_to)
        return PlayerRecord(
            name, self.played, self.won, self.unfinished,
            {g: Tally(*c) for g, c in self.games.items()},
            {b: Tally(*c) for b, c in self.books.items()},
            self.rounds, self.paid, dict(self.hit_by), dict(self.said), most,
            self.best_streak, self.last)


def _most(counts: Mapping[str, int]) -> tuple[str, int] | None:
    """The most frequent key (the first by name among equals), or None."""
    if not counts:
        return None
    key = min(counts, key=lambda k: (-counts[k], k))
    return key, counts[key]


def _game_record(game: str, tables: list[GameFacts]) -> GameRecord:
    over = [t for t in tables if t.over]
    most_rounds = max(tables, key=lambda t: (t.rounds, -t.id), default=None)
    timed = [t for t in tables if t.minutes is not None]
    if timed:
        longest = max(timed, key=lambda t: (t.minutes or 0.0, -t.id))
        evening: Best | None = Best(longest.id, longest.minutes or 0.0)
    else:
        evening = None if most_rounds is None else Best(most_rounds.id, most_rounds.rounds)
    pieces: Counter[str] = Counter()
    for t in tables:
        pieces.update(t.loser_pieces)
    return GameRecord(
        game, len(over), len(tables) - len(over),
        None if most_rounds is None else Best(most_rounds.id, most_rounds.rounds),
        evening, not timed, _most(pieces))


def summary(records: Records, tr: Tr = EN) -> list[Text]:
    """The records in a few sentences, as `records` prints them without --json or --csv: a
    line per player (most tables won first), a line per game, and each game left out."""
    lines: list[Text] = []
    for p in sorted(records.players.values(),
                    key=lambda p: (-p.won, -p.played, p.name.casefold())):
        lines.append(Text.n(
            "{name}: {count} table played, {won} won ({percent}%), times paid: {paid}, "
            "longest winning streak: {streak}.",
            "{name}: {count} tables played, {won} won ({percent}%), times paid: {paid}, "
            "longest winning streak: {streak}.",
            p.played, name=p.name, won=p.won, percent=round(100 * p.win_share), paid=p.paid,
            streak=p.longest_streak))
    for game, r in sorted(records.games.items()):
        rounds = r.most_rounds
        lines.append(Text.n(
            "{game}: {count} table played to the end; the most rounds at one table: {rounds}.",
            "{game}: {count} tables played to the end; the most rounds at one table: {rounds}.",
            r.tables, game=game_title(game, tr), rounds=0 if rounds is None else int(rounds.value)))
    lines.extend(records.left_out)
    return lines
