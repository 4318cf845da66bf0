"""The roster: the table's players kept across games (issue 26, item 1). Pure: no files here
(companion/store/records_io.py keeps it in the data folder).

A journal keeps the names the table used; the roster maps names to players. A player has a
display name, a badge (a colour index and an initial) and aliases: the other names the table
has used for that person ("Aase" one year and "Åse" the next, once the referee merged them).
A name is the same name as another without regard to case (the journal format's rule,
docs/journal.md, v2 section 2) once read composed (companion/core/names.py's `spelled`). A
name that only LOOKS like a known one (Cyrillic "Аnn" beside "Ann") is never merged by
itself: it becomes a new player, and `look_alikes` tells a screen whom it looks like, so the
referee can merge them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.errors import N_, GnavError
from companion.core.names import look_alike, skeleton, spelled

ROSTER_FORMAT = 1
COLOURS = 12  # badge colours a screen offers; a player keeps its index


class RosterError(GnavError):
    """A roster change that cannot be made; the message is one sentence for the referee."""


@dataclass(frozen=True, slots=True)
class Player:
    """One person at the table, across games."""

    id: int
    name: str  # as the roster shows it
    colour: int  # 0 .. COLOURS - 1
    initial: str  # the badge's letter
    aliases: tuple[str, ...] = ()  # the other names journals know this player by
    last_played: str = ""  # ISO-8601 UTC of the player's last game ("" when none yet)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "colour": self.colour,
                "initial": self.initial, "aliases": list(self.aliases),
                "last_played": self.last_played}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Player:
        aliases = obj.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise ValueError("aliases")
        player = cls(id=int(obj["id"]), name=_text(obj["name"]), colour=int(obj["colour"]),
                     initial=_text(obj["initial"]), aliases=tuple(aliases),
                     last_played=str(obj.get("last_played", "")))
        if player.id < 1 or not 0 <= player.colour < COLOURS or not player.name.strip():
            raise ValueError("player")
        return player


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("text")
    return value


def folded(name: str) -> str:
    """The key a name is the same name by: composed, trimmed, casefolded."""
    return spelled(name).casefold()


def initial_of(name: str) -> str:
    """The badge's letter: the name's first character, in capitals (a whole emoji kept)."""
    name = spelled(name)
    if not name:
        return "?"
    first = name[0]
    # a letter with its combining marks (a decomposed name) stays one letter
    rest = "".join(c for c in name[1:3] if unicodedata.combining(c))
    return (first + rest).upper()


def _bare(text: str) -> str:
    """A text for matching what is typed: casefolded, accents dropped (Åse, Ase)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _shape(text: str) -> str:
    """The look of a text for matching what is typed (Cyrillic А as a), casefolded."""
    return unicodedata.normalize("NFC", skeleton(text.casefold()).casefold())


@dataclass(frozen=True)
class Roster:
    """Every player, by id. Each change returns a new Roster; the caller saves it."""

    players: tuple[Player, ...] = ()
    next_id: int = 1
    _by_name: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _by_id: dict[int, Player] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[str, int] = {}
        for player in self.players:
            for name in player.names:
                index.setdefault(folded(name), player.id)
        object.__setattr__(self, "_by_name", index)
        object.__setattr__(self, "_by_id", {p.id: p for p in self.players})

    # --- reading --------------------------------------------------------------------------

    def player(self, player_id: int) -> Player:
        player = self._by_id.get(player_id)
        if player is not None:
            return player
        raise RosterError(N_("There is no player number {n} in the roster."), n=player_id)

    def player_for(self, name: str) -> Player | None:
        """The player a journal's name belongs to (its name or an alias, any case)."""
        player_id = self._by_name.get(folded(name))
        return None if player_id is None else self.player(player_id)

    def shown_name(self, name: str) -> str:
        """What the records call the person a journal's name belongs to."""
        player = self.player_for(name)
        return spelled(name) if player is None else player.name

    def mapping(self) -> dict[str, str]:
        """Every known name (folded) to its player's name: what records group by."""
        return {key: self.player(pid).name for key, pid in self._by_name.items()}

    def recent(self) -> list[Player]:
        """Most recently played first; players who never played last, by name."""
        by_name = sorted(self.players, key=lambda p: folded(p.name))
        return sorted(by_name, key=lambda p: p.last_played, reverse=True)

    def suggestions(self, typed: str, limit: int | None = None) -> list[Player]:
        """The players New table offers as chips while a name is typed: most recent first;
        those whose name or alias begins with what is typed before those that only hold it.
        Matched without regard to case, accents or look-alike letters ("ase" finds Åse,
        "Аnn" typed with a Cyrillic А finds Ann)."""
        typed = spelled(typed)
        if not typed:
            out = self.recent()
            return out if limit is None else out[:limit]
        # each way of reading compares like with like: accents dropped, or letters by look
        keys = [(f, f(typed)) for f in (_bare, _shape)]
        starts: list[Player] = []
        holds: list[Player] = []
        for player in self.recent():
            forms = [(key, f(n)) for n in player.names for f, key in keys]
            if any(form.startswith(key) for key, form in forms):
                starts.append(player)
            elif any(key in form for key, form in forms):
                holds.append(player)
        out = starts + holds
        return out if limit is None else out[:limit]

    def look_alikes(self, name: str) -> list[Player]:
        """Players whose name or alias looks like `name` without being it: the ones a screen
        may offer to merge; never merged by themselves."""
        key = folded(name)
        return [p for p in self.players
                if all(folded(n) != key for n in p.names)
                and any(look_alike(spelled(name), n) for n in p.names)]

    # --- changes --------------------------------------------------------------------------

    def add(self, name: str, when: str = "") -> tuple[Roster, Player]:
        """A new player (or the one the name already belongs to, unchanged but for `when`)."""
        name = spelled(name)
        if not name:
            raise RosterError(N_("A player needs a name."))
        known = self.player_for(name)
        if known is not None:
            if when > known.last_played:
                known = replace(known, last_played=when)
                return self._with(known), known
            return self, known
        player = Player(self.next_id, name, self._free_colour(), initial_of(name),
                        last_played=when)
        return Roster((*self.players, player), self.next_id + 1), player

    def saw(self, names: Iterable[str], when: str) -> Roster:
        """The names of one game (created, imported, or already kept), played `when`: a name
        the roster knows (in any case) brings its player's last game forward; any other name
        is a new player, even one that looks like a known name (the referee merges)."""
        return self.saw_all([(names, when)])

    def saw_all(self, games: Iterable[tuple[Iterable[str], str]]) -> Roster:
        """`saw` for many games at once (the oldest first), in one pass: a new name becomes
        a player in the order it first came."""
        latest: dict[int, str] = {}
        new: dict[str, tuple[str, str]] = {}  # folded -> (name as first seen, when)
        for names, when in games:
            for name in names:
                name = spelled(name)
                key = folded(name)
                known = self._by_name.get(key)
                if known is not None:
                    latest[known] = max(latest.get(known, ""), when)
                elif name:
                    first = new.get(key)
                    new[key] = (name, when) if first is None else (first[0], max(first[1], when))
        players = [replace(p, last_played=latest[p.id])
                   if latest.get(p.id, "") > p.last_played else p for p in self.players]
        next_id = self.next_id
        used = [0] * COLOURS
        for player in players:
            used[player.colour] += 1
        for name, when in new.values():
            colour = used.index(min(used))
            used[colour] += 1
            players.append(Player(next_id, name, colour, initial_of(name), last_played=when))
            next_id += 1
        if next_id == self.next_id and all(a is b for a, b in zip(players, self.players)):
            return self
        return Roster(tuple(players), next_id)

    def rename(self, player_id: int, new_name: str) -> Roster:
        """The player is called `new_name` from now on; the old name stays one of its names,
        so the games that used it still count for the player."""
        player = self.player(player_id)
        new_name = spelled(new_name)
        if not new_name:
            raise RosterError(N_("A player needs a name."))
        owner = self.player_for(new_name)
        if owner is not None and owner.id != player_id:
            raise RosterError(N_(
                "{name} is already a name of {player}; merge the two players instead."),
                name=new_name, player=owner.name)
        aliases = [a for a in player.names if folded(a) != folded(new_name)]
        changed = replace(player, name=new_name, aliases=tuple(aliases),
                          initial=initial_of(new_name))
        return self._with(changed)

    def merge(self, keep_id: int, other_id: int) -> Roster:
        """The two entries are one person: `other` goes, its names become `keep`'s aliases.
        No journal is touched."""
        if keep_id == other_id:
            raise RosterError(N_("A player cannot be merged with itself."))
        keep, other = self.player(keep_id), self.player(other_id)
        aliases = list(keep.aliases)
        for name in other.names:
            if all(folded(name) != folded(n) for n in (keep.name, *aliases)):
                aliases.append(name)
        merged = replace(keep, aliases=tuple(aliases),
                         last_played=max(keep.last_played, other.last_played))
        players = tuple(merged if p.id == keep_id else p for p in self.players
                        if p.id != other_id)
        return Roster(players, self.next_id)

    def recolour(self, player_id: int, colour: int) -> Roster:
        if not 0 <= colour < COLOURS:
            raise RosterError(N_("There is no badge colour {n}."), n=colour)
        return self._with(replace(self.player(player_id), colour=colour))

    # --- stored ---------------------------------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        return {"format": ROSTER_FORMAT, "next_id": self.next_id,
                "players": [p.as_json() for p in self.players]}

    @classmethod
    def from_json(cls, obj: object) -> Roster:
        """Raises ValueError (or KeyError, TypeError) for a roster this build cannot read."""
        if not isinstance(obj, dict) or obj.get("format") != ROSTER_FORMAT:
            raise ValueError("format")
        players = obj["players"]
        if not isinstance(players, list):
            raise TypeError("players")
        read = tuple(Player.from_json(p) for p in players)
        ids = [p.id for p in read]
        if len(set(ids)) != len(ids):
            raise ValueError("ids")
        next_id = max([int(obj["next_id"]), *(i + 1 for i in ids)])
        return cls(read, next_id)

    # --- inside ---------------------------------------------------------------------------

    def _with(self, changed: Player) -> Roster:
        return Roster(tuple(changed if p.id == changed.id else p for p in self.players),
                      self.next_id)

    def _free_colour(self) -> int:
        """The colour fewest players have (the lowest index among them): neighbours in the
        roster look different at a glance."""
        used = [0] * COLOURS
        for player in self.players:
            used[player.colour] += 1
        return used.index(min(used))
