"""The results to take home (issue 26, item 4): the CSV of results, one row per seat per
game, and a BG Stats play file of a finished game (their published push-plays format: game
name, date, duration, players with rank and winner)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from companion.core.errors import GnavError
from companion.records import GameFacts, Roster, game_facts
from companion.records.exports import (
    BGSTATS_LINK,
    bgstats_json,
    bgstats_link,
    bgstats_play,
    results_csv,
)

JOURNALS = Path(__file__).parent / "journals"


def facts(name: str, table: int = 7, times: tuple[str, str] | None = None,
          cut: int | None = None) -> GameFacts:
    head, *lines = (JOURNALS / f"{name}.jsonl").read_text("utf-8").splitlines()[:cut]
    stamps = [None] * len(lines)
    if times is not None:
        stamps = [times[0]] + [times[1]] * (len(lines) - 1)
    return game_facts(table, head, list(zip(lines, stamps, strict=True)),
                      "2026-12-24T18:55:00Z")


def test_the_csv_has_a_row_per_seat_per_game_with_its_place_and_balance() -> None:
    roster = Roster().saw(["Ann"], "")
    roster = roster.rename(roster.players[0].id, "Anne")
    text = results_csv([facts("vogelspiel-witch", 2), facts("kille-hussar", 1)],
                       roster.shown_name)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["table"], r["seat"], r["player"], r["place"], r["balance"]) for r in rows] == [
        ("1", "Ann", "Anne", "2", "0"), ("1", "Bo", "Bo", "1", "1"),
        ("2", "Ann", "Anne", "3", "0"), ("2", "Bo", "Bo", "1", "2"), ("2", "Cy", "Cy", "1", "2")]
    assert {r["date"] for r in rows} == {"2026-12-24"}
    assert rows[2]["game"] == "vogelspiel" and rows[2]["rule_book"] == "salzburg"
    assert rows[2]["rounds"] == "1" and rows[2]["unit"] == "lives"
    assert text.endswith("\r\n")


def test_an_unfinished_game_has_an_empty_place() -> None:
    rows = list(csv.DictReader(io.StringIO(results_csv([facts("kille-hussar", cut=3)]))))
    assert [r["place"] for r in rows] == ["", ""]


def test_a_bgstats_play_has_the_game_the_date_the_duration_and_each_rank() -> None:
    play = bgstats_play(facts("gnav-damm-shared-win",
                              times=("2026-12-24T19:00:00.000000Z", "2026-12-24T21:30:30Z")))
    assert play["game"] == {"name": "Gnav", "sourceGameId": "gnav", "highestWins": True,
                            "noPoints": True}
    assert play["playDate"] == "2026-12-24 18:55:00"
    assert play["durationMin"] == 150
    assert [(p["name"], p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", 3, False, False), ("Bo", 1, True, True), ("Cy", 1, True, False)]
    assert json.loads(bgstats_json(play)) == play


def test_an_imported_game_without_times_has_no_duration() -> None:
    assert bgstats_play(facts("kille-hussar"))["durationMin"] == 0


def test_the_bgstats_link_carries_the_play() -> None:
    play = bgstats_play(facts("kille-hussar"))
    link = bgstats_link(play)
    assert link.startswith(BGSTATS_LINK)
    assert json.loads(unquote(link[len(BGSTATS_LINK):])) == play


def test_a_game_not_over_has_no_bgstats_play() -> None:
    with pytest.raises(GnavError) as err:
        bgstats_play(facts("kille-hussar", cut=3))
    assert str(err.value) == ("Game 7 is not over yet, so it has no result to send to "
                              "BG Stats.")
