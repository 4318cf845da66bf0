"""The results to take home (issue 26, item 4): a CSV of results, one row per seat per game,
and a BG Stats play file of a finished game. Pure: text and values out, no files.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote

from companion.core.errors import GnavError

from .facts import GameFacts, game_title

RESULT_COLUMNS = ("date", "table", "game", "rule_book", "seat", "player", "place", "rounds",
                  "balance", "unit")


def result_rows(games: Iterable[GameFacts],
                name_of: Callable[[str], str] = lambda n: n) -> list[dict[str, Any]]:
    """One row per seat per game, the oldest game first, its seats in order: the day (UTC),
    the table's number, the game and rule book, the seat's name as the journal has it and
    its player's (the roster's), its place (empty while the game is not over), the game's
    rounds and what the seat had at the end (`unit`: counters, strokes, lives, stake, sets)."""
    rows: list[dict[str, Any]] = []
    for facts in sorted(games, key=lambda g: (g.date, g.id)):
        for seat in facts.seats:
            rows.append({
                "date": facts.date[:10], "table": facts.id, "game": facts.game,
                "rule_book": facts.rules, "seat": seat.name, "player": name_of(seat.name),
                "place": "" if seat.place is None else seat.place, "rounds": facts.rounds,
                "balance": seat.balance, "unit": facts.unit,
            })
    return rows


def results_csv(games: Iterable[GameFacts], name_of: Callable[[str], str] = lambda n: n) -> str:
    """The rows of result_rows as CSV (RFC 4180, a header row, "\\r\\n" line ends)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=RESULT_COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(result_rows(games, name_of))
    return out.getvalue()


# BG Stats' published format for a play pushed from another app, "Push plays to BG Stats
# from other apps or websites" (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-
# from-other-apps-or-websites/): a JSON object with "playDate" ("2020-10-23 19:16:58"),
# "durationMin", "board", "game" ({"name", "sourceGameId", "highestWins", "noPoints", and an
# optional "bggId"}) and "players" ([{"name", "rank", "winner", "score", "startPlayer",
# "role", "sourcePlayerId"}]), url-encoded after https://app.bgstatsapp.com/createPlay.html?
# data= for a link. Our games have places, not points: noPoints, no score.
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="


def bgstats_play(facts: GameFacts,
                 name_of: Callable[[str], str] = lambda n: n) -> dict[str, Any]:
    """A finished game as a BG Stats play; GnavError for a game that is not over. The date is
    the table's (UTC), the duration from its first event to its last (0 when the store has
    no times, as for an imported game), each player with its place and whether it won."""
    if not facts.over:
        raise GnavError("Game {game} is not over yet, so it has no result to send to BG Stats.",
                        game=facts.id)
    return {
        "playDate": f"{facts.date[:10]} {facts.date[11:19]}",
        "durationMin": round(facts.minutes or 0),
        "board": facts.rules,
        "game": {"name": game_title(facts.game), "sourceGameId": facts.game,
                 "highestWins": True, "noPoints": True},
        "players": [
            {"name": name_of(seat.name), "rank": seat.place, "winner": seat.place == 1,
             "startPlayer": seat.name == facts.dealer, "sourcePlayerId": name_of(seat.name)}
            for seat in facts.seats
        ],
    }


def bgstats_json(play: dict[str, Any]) -> str:
    """The play file's text (UTF-8 JSON)."""
    return json.dumps(play, ensure_ascii=False, indent=1) + "\n"


def bgstats_link(play: dict[str, Any]) -> str:
    """The link that opens BG Stats' import dialog with this play, on a device that has it."""
    return BGSTATS_LINK + quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")))
