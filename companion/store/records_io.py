"""The records' files in the data folder, beside the games (issue 26, items 1, 2 and 6):

- players.json, the roster (companion/records/roster.py): written whole to a new file,
  fsynced and moved over the old one, so a stop at any moment leaves the old roster or the
  new one, never half of one. A roster that cannot be read is moved aside (kept, never
  overwritten) and the referee is told in a sentence; the players come back from the games.
- records-cache.json, each game's facts (companion/records/facts.py) keyed by its journal's
  identity (id, creation time, changes made) and the facts' format: a cache, never a second
  truth. A missing, old or damaged cache is simply found again from the journals.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any, Protocol, Self

from companion.core.errors import Text
from companion.engine.registry import GAMES
from companion.records.facts import FACTS_FORMAT, GameFacts, Unreadable, game_facts
from companion.records.roster import Roster
from companion.records.stats import Filter, Records, compute

from .errors import StoreError
from .logs import sync_dir
from .paths import DB_NAME
from .schema import SCHEMA_VERSION, display_time, file_stamp, newer_version_error
from .store import NO_GAME, GameSummary

ROSTER_NAME = "players.json"
CACHE_NAME = "records-cache.json"


def write_whole(path: Path, data: bytes) -> None:
    """The file replaced by `data` at once: written beside it, fsynced, moved over it."""
    # a name of this process's own: the app and a `records` beside it never share one
    fresh = path.with_name(f".{path.name}.{os.getpid()}.new")
    with open(fresh, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(fresh, path)
    sync_dir(path.parent)


# --- the roster ---------------------------------------------------------------------------


def load_roster(folder: Path) -> tuple[Roster, Text | None]:
    """The roster kept in the folder (empty when there is none yet), and a sentence when the
    file could not be read: then it is kept aside as it was and an empty roster returned."""
    path = folder / ROSTER_NAME
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Roster(), None
    except OSError as err:
        raise StoreError("The players file {path} cannot be read ({why}).", path=str(path),
                         why=str(err.strerror or err)) from None
    try:
        return Roster.from_json(json.loads(data)), None
    except (ValueError, KeyError, TypeError):
        kept = folder / f"players.damaged-{file_stamp()}.json"
        n = 1
        while kept.exists():
            kept = folder / f"players.damaged-{file_stamp()}-{n}.json"
            n += 1
        os.replace(path, kept)
        sync_dir(folder)
        return Roster(), Text(
            "The players file could not be read, so it was kept as {file} and the players "
            "were found again from the games; renamed and merged players are as they were "
            "before that file.", file=kept.name)


def save_roster(folder: Path, roster: Roster) -> None:
    try:
        write_whole(folder / ROSTER_NAME,
                    json.dumps(roster.as_json(), ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError as err:
        raise StoreError("The players file in {path} cannot be written ({why}); nothing was "
                         "changed.", path=str(folder), why=str(err.strerror or err)) from None


def synced(store: Games, roster: Roster) -> Roster:
    """The roster with every name of every game in it (a created or imported game's names
    join it; a look-alike of a known name is a new player, never merged by itself), each
    player's last game brought up to date."""
    games = sorted(store.list_games(), key=lambda s: (s.updated, s.id))
    return roster.saw_all((s.seats, s.updated) for s in games)


def open_roster(store: Games) -> tuple[Roster, Text | None]:
    """The data folder's roster with the names of every game in it, saved when that changed
    it, and the sentence load_roster gave (None when all was well)."""
    roster, notice = load_roster(store.folder)
    fresh = synced(store, roster)
    if fresh != roster or notice is not None:
        save_roster(store.folder, fresh)
    return fresh, notice


def change_roster(store: Games, roster: Roster) -> Roster:
    """Saves a roster a screen changed (renamed, merged, recoloured)."""
    save_roster(store.folder, roster)
    return roster


# --- the records --------------------------------------------------------------------------


def game_facts_of(store: Games) -> tuple[list[GameFacts], list[Text]]:
    """Every game's facts, from the cache where its journal is the same as when they were
    found, else by replaying it (then the cache is written again); and a sentence for each
    game left out because it could not be read."""
    path = store.folder / CACHE_NAME
    cached = _read_cache(path)
    out: list[GameFacts] = []
    left_out: list[Text] = []
    fresh: dict[str, Any] = {}
    changed = False
    for game_id, created, ops in store.journal_keys():
        key = [created, ops]
        entry = cached.get(str(game_id))
        if isinstance(entry, dict) and entry.get("key") == key:
            try:
                facts = GameFacts.from_json(entry["facts"])
            except (ValueError, KeyError, TypeError):
                facts = None
            if facts is not None:
                out.append(facts)
                fresh[str(game_id)] = entry
                continue
        changed = True
        try:
            header, created_at, lines = store.journal_rows(game_id)
            facts = game_facts(game_id, header, lines, created_at[:19] + "Z")
        except Unreadable as err:
            left_out.append(err.text)
            continue
        except StoreError as err:
            left_out.append(Text("Game {game} is left out of the records: {why}",
                                 game=game_id, why=err.text))
            continue
        out.append(facts)
        fresh[str(game_id)] = {"key": key, "facts": facts.as_json()}
    if changed or len(fresh) != len(cached):
        try:
            write_whole(path, json.dumps({"format": FACTS_FORMAT, "games": fresh},
                                         ensure_ascii=False, separators=(",", ":"))
                        .encode("utf-8"))
        except OSError:
            pass  # a cache: the records were found all the same, and are found again next time
    return out, left_out


def one_game_facts(store: Games, game_id: int) -> GameFacts:
    """One game's facts (the game over panel's story chart, its BG Stats play), from the
    cache when its journal is the same, else replayed (the cache is not written for one
    game). StoreError for a game that is not there; Unreadable for one that cannot be read."""
    keys = {g: (c, o) for g, c, o in store.journal_keys()}
    if game_id not in keys:
        raise StoreError(NO_GAME, n=game_id)
    created, ops = keys[game_id]
    entry = _read_cache(store.folder / CACHE_NAME).get(str(game_id))
    if isinstance(entry, dict) and entry.get("key") == [created, ops]:
        try:
            return GameFacts.from_json(entry["facts"])
        except (ValueError, KeyError, TypeError):
            pass
    header, created_at, lines = store.journal_rows(game_id)
    return game_facts(game_id, header, lines, created_at[:19] + "Z")


def _read_cache(path: Path) -> dict[str, Any]:
    try:
        obj = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(obj, dict) or obj.get("format") != FACTS_FORMAT:
        return {}
    games = obj.get("games")
    return games if isinstance(games, dict) else {}


def records_of(store: Games, only: Filter | None = None, roster: Roster | None = None) -> Records:
    """The records of the data folder's games the filter keeps, each name read as its
    roster's player; the games that could not be read are left out, each said in a
    sentence (Records.left_out)."""
    if roster is None:
        roster, _notice = open_roster(store)
    games, left_out = game_facts_of(store)
    return compute(games, roster.shown_name, only or Filter(), left_out)


class Games(Protocol):
    """What the records read of a data folder's games: a Store (the app's), or a
    GamesReader (the command line's)."""

    @property
    def folder(self) -> Path: ...

    def list_games(self) -> list[GameSummary]: ...

    def journal_keys(self) -> list[tuple[int, str, int]]: ...

    def journal_rows(self, game_id: int) -> tuple[str, str, list[tuple[str, str]]]: ...


class GamesReader:
    """A data folder's games read as they are, for the records from the command line: the
    games file opened read-only, never checked against the journals and never written, so
    that the app may go on running on the folder (a Store's start puts right what it finds,
    and would do so under the running app's feet)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        path = folder / DB_NAME
        if not path.is_file():
            raise StoreError("There are no games in {path}: it is not a data folder of the "
                             "app.", path=str(folder))
        try:
            self._con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            version = self._con.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as err:
            raise StoreError("The games file {path} cannot be opened ({why}).",
                             path=str(path), why=str(err)) from None
        if version > SCHEMA_VERSION:
            self._con.close()
            raise newer_version_error(version)

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._con.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            raise StoreError("The games file cannot be read ({why}).", why=str(err)) from None

    def list_games(self) -> list[GameSummary]:
        """Each game's summary (Store.list_games's), the most recently changed first."""
        out: list[GameSummary] = []
        for game_id, header, created, updated, events, round_, phase, winners in self._read(
                "SELECT id, header, created, updated, events, round, phase, winners FROM games "
                "ORDER BY updated DESC, id DESC"):
            head = json.loads(header)
            out.append(GameSummary(game_id, tuple(head["seats"]), head["rules"], round_, phase,
                                   tuple(json.loads(winners)), display_time(created),
                                   display_time(updated), events, head.get("game", GAMES.first.id)))
        return out

    def journal_keys(self) -> list[tuple[int, str, int]]:
        """Store.journal_keys."""
        rows = self._read("SELECT id, created, ops FROM games ORDER BY id")
        return [(int(i), str(c), int(o)) for i, c, o in rows]

    def journal_rows(self, game_id: int) -> tuple[str, str, list[tuple[str, str]]]:
        """Store.journal_rows."""
        rows = self._read("SELECT header, created FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(NO_GAME, n=game_id)
        lines = self._read("SELECT line, at FROM events WHERE game_id = ? AND active = 1 "
                           "ORDER BY seq", (game_id,))
        return rows[0][0], rows[0][1], [(line, at) for line, at in lines]

    def close(self) -> None:
        self._con.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_folder(folder: Path) -> GamesReader:
    """The games of an existing data folder, read-only; StoreError when there is none."""
    return GamesReader(folder)


def read_records(store: Games, only: Filter) -> tuple[Records, list[GameFacts], Roster]:
    """The records the filter keeps, the games' facts it kept (for the CSV of results) and
    the roster they were read with; nothing is written but the cache (the roster is read
    with every game's names in it, and saved only by the app and `import`)."""
    roster, _notice = load_roster(store.folder)
    roster = synced(store, roster)
    games, left_out = game_facts_of(store)
    kept = [g for g in games if only.keeps(g)]
    return compute(kept, roster.shown_name, only, left_out), kept, roster
