"""Records of random legal games of every kind agree with a straightforward recount
(issue 26, item 7): tables played and won per player and game from each journal's final
state as `replay` prints it, and the calls that hit each player and that each said counted
line by line from the journal's own text."""

from __future__ import annotations

import json
import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.club_games import club
from companion.engine.registry import replay_state
from companion.records import compute, game_facts

IN_CI = bool(os.environ.get("CI"))


def recount(journals: list[str]) -> dict[str, object]:
    played: Counter[tuple[str, str]] = Counter()
    won: Counter[tuple[str, str]] = Counter()
    hit: Counter[str] = Counter()
    said: Counter[str] = Counter()
    rounds: dict[str, int] = {}
    for text in journals:
        state = replay_state(text).as_json()
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        game = lines[0].get("game", "gnav")
        rounds[game] = max(rounds.get(game, 0), state["round"])
        if state["phase"] == "over":
            for seat in lines[0]["seats"]:
                played[seat, game] += 1
                won[seat, game] += seat in state["winners"]
        asker = None
        for obj in lines[1:]:
            if obj["ev"] in ("change", "ask"):
                asker = obj["seat"]
            elif obj["ev"] == "reply":
                # a cuckoo game's call other than a plain exchange; Go Fish's "none"
                called = obj.get("call", "none") != "none" or obj.get("count") == 0
                if called:
                    hit[asker] += 1
                    if obj["from"] != "stock":
                        said[obj["from"]] += 1
    return {"played": played, "won": won, "hit": hit, "said": said, "rounds": rounds}


@settings(max_examples=12 if not IN_CI else 25, deadline=None, derandomize=IN_CI,
          suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(1, 14), seed=st.integers(0, 2**32 - 1))
def test_records_of_random_legal_games_agree_with_a_recount(count: int, seed: int) -> None:
    journals = club(count, seed)
    facts = []
    for n, text in enumerate(journals, start=1):
        head, *lines = [line for line in text.splitlines() if line.strip()]
        facts.append(game_facts(n, head, [(line, None) for line in lines],
                                f"2026-01-{1 + n % 28:02d}T20:00:00Z"))
    records = compute(facts)
    expected = recount(journals)
    played: Counter[tuple[str, str]] = Counter()
    won: Counter[tuple[str, str]] = Counter()
    for name, player in records.players.items():
        for game, tally in player.games.items():
            played[name, game] += tally.played
            won[name, game] += tally.won
        assert player.played == sum(t.played for t in player.games.values())
        assert player.won == sum(t.won for t in player.games.values())
        assert 0 <= player.longest_streak <= player.won
    assert +played == +expected["played"]
    assert +won == +expected["won"]
    hit = Counter({n: sum(p.hit_by.values()) for n, p in records.players.items()})
    said = Counter({n: sum(p.said.values()) for n, p in records.players.items()})
    assert +hit == +expected["hit"]  # type: ignore[operator]
    assert +said == +expected["said"]  # type: ignore[operator]
    assert {g: r.most_rounds.value if r.most_rounds else 0
            for g, r in records.games.items()} == expected["rounds"]
    assert records.tables == count
