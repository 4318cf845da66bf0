"""The records against hand counts on a golden journal of every game (issue 26, items 2 and
7): each figure below was counted by hand from the journal beside it (tests/records/journals/)
and the rules of its game (docs/rules/<game>.md), not taken from the code's output."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.records import Filter, Records
from companion.store import Store, StoreError, records_io
from companion.store.records_io import CACHE_NAME, game_facts_of, one_game_facts, records_of

JOURNALS = Path(__file__).parent / "journals"
ORDER = ["gnav-damm-shared-win", "kille-hussar", "cuccu-cat", "slabberjan-side-pot",
         "vogelspiel-witch", "gwra-pyskessa-tie-break"]


@pytest.fixture
def games(store: Store) -> dict[str, int]:
    return {name: store.import_journal((JOURNALS / f"{name}.jsonl").read_bytes()).id
            for name in ORDER}


def records(store: Store, game: str | None = None) -> Records:
    return records_of(store, Filter(game=game))


def test_gnav_damm_the_cat_and_the_dragoon_and_a_shared_win(
        store: Store, games: dict[str, int]) -> None:
    # Cy asks Ann: the Cat («Kiss!», damm): Cy pays 1. Ann asks Bo: the Dragoon («Hogg av!»):
    # Ann pays 1. Reveal 5, 5, 12: Ann and Bo lowest, pay; Ann is out. Round 2: Bo and Cy
    # both show the owl, both pay their last and go out: a shared win (damm-shared-win).
    r = records(store, "gnav")
    ann, bo, cy = (r.players[n] for n in ("Ann", "Bo", "Cy"))
    assert (ann.played, ann.won, bo.won, cy.won) == (1, 0, 1, 1)
    assert (ann.paid, bo.paid, cy.paid) == (2, 2, 2)
    assert ann.hit_by == {"«Hogg av!»": 1} and cy.hit_by == {"«Kiss!»": 1}
    assert ann.said == {"«Kiss!»": 1} and bo.said == {"«Hogg av!»": 1} and cy.said == {}
    assert ann.paid_most_to == ("Bo", 1) and cy.paid_most_to == ("Ann", 1)
    assert bo.paid_most_to is None
    assert (ann.rounds_survived, bo.rounds_survived, cy.rounds_survived) == (0, 1, 1)
    game = r.games["gnav"]
    assert game.tables == 1 and game.most_rounds is not None and game.most_rounds.value == 2
    # "5" twice (Ann, Bo), the owl twice (Bo, Cy): the first by name among equals
    assert game.loser_piece == ("5", 2)


def test_kille_the_hussar_kills_the_asker_and_the_survivor_wins(
        store: Store, games: dict[str, int]) -> None:
    r = records(store, "kille")
    ann, bo = r.players["Ann"], r.players["Bo"]
    assert (ann.played, ann.won, bo.played, bo.won) == (1, 0, 1, 1)
    assert ann.paid == 1 and bo.paid == 0  # Ann's stake, lost at the Hussar
    assert ann.hit_by == {"«Husar hugger»": 1} and bo.said == {"«Husar hugger»": 1}
    assert ann.paid_most_to == ("Bo", 1)
    assert (ann.rounds_survived, bo.rounds_survived) == (0, 1)
    assert r.games["kille"].loser_piece is None  # nobody lost at the reveal


def test_cuccu_the_cat_takes_a_life_and_the_lowest_loses_the_last(
        store: Store, games: dict[str, int]) -> None:
    r = records(store, "cuccu")
    ann, bo = r.players["Ann"], r.players["Bo"]
    assert (ann.won, bo.won) == (1, 0)
    assert bo.paid == 2  # a life at the Cat («Gnaf!»), the last at the reveal (the 2)
    assert bo.hit_by == {"«Gnaf!»": 1} and ann.said == {"«Gnaf!»": 1}
    assert bo.paid_most_to == ("Ann", 1)
    assert r.games["cuccu"].loser_piece == ("2", 1)


def test_slabberjan_de_waal_the_fool_loses_and_two_pay_into_the_side_pot(
        store: Store, games: dict[str, int]) -> None:
    r = records(store, "slabberjan")
    assert [r.players[n].paid for n in ("Ann", "Bo", "Cy", "Dag")] == [1, 1, 1, 0]
    assert r.players["Dag"].won == 1 and r.players["Dag"].rounds_survived == 1
    assert r.games["slabberjan"].loser_piece == ("fool", 1)


def test_vogelspiel_the_witch_costs_two_lives_at_once(
        store: Store, games: dict[str, int]) -> None:
    r = records(store, "vogelspiel")
    assert r.players["Ann"].paid == 1  # once, two lives
    assert (r.players["Bo"].won, r.players["Cy"].won, r.players["Ann"].won) == (1, 1, 0)
    assert r.games["vogelspiel"].loser_piece == ("witch", 1)


def test_gwra_pyskessa_one_go_fish_and_the_tie_break(
        store: Store, games: dict[str, int]) -> None:
    r = records(store, "gwra-pyskessa")
    assert r.players["Bo"].won == 1 and sum(p.won for p in r.players.values()) == 1
    assert r.players["Bo"].hit_by == {"«Nag eus. Gwra pyskessa!»": 1}
    assert r.players["Eli"].said == {"«Nag eus. Gwra pyskessa!»": 1}
    assert all(p.paid == 0 for p in r.players.values())


def test_every_game_together_per_game_and_rule_book(
        store: Store, games: dict[str, int]) -> None:
    r = records(store)
    ann, bo = r.players["Ann"], r.players["Bo"]
    # Ann sits at all six tables, wins only Cuccù; Bo wins Gnav, Kille, Vogelspiel, Gwra
    assert (ann.played, ann.won) == (6, 1)
    assert (bo.played, bo.won) == (6, 4)
    assert {g: (t.played, t.won) for g, t in bo.games.items()} == {
        "gnav": (1, 1), "kille": (1, 1), "cuccu": (1, 0), "slabberjan": (1, 0),
        "vogelspiel": (1, 1), "gwra-pyskessa": (1, 1)}
    assert bo.rule_books["kille/oberg"].won == 1
    assert bo.win_share == pytest.approx(4 / 6)
    # in date order (the order imported): Kille, Cuccù(lost)...: gnav won, kille won, cuccu
    # lost, slabberjan lost, vogelspiel won, gwra won
    assert bo.longest_streak == 2
    assert r.tables == 6


def test_a_damaged_game_is_left_out_with_a_sentence_naming_it(
        store: Store, games: dict[str, int]) -> None:
    broken = games["cuccu-cat"]
    con = sqlite3.connect(store.path)
    con.execute("UPDATE events SET line = '{\"ev\":\"reveal\"' WHERE game_id = ? AND seq = 1",
                (broken,))
    con.commit()
    con.close()
    r = records(store)
    assert [str(t) for t in r.left_out] == [(
        f"Game {broken} is left out of the records: line 3 of its journal cannot be read "
        "(the line is not a complete JSON object: it breaks off or goes wrong at character "
        "15).")]
    assert r.tables == 5 and "cuccu" not in r.games


def test_the_second_time_the_records_come_from_the_cache(
        store: Store, games: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    first = records(store).as_json()
    assert (store.folder / CACHE_NAME).exists()

    def no_replay(*args: object) -> None:
        raise AssertionError("a game was replayed though its journal had not changed")

    monkeypatch.setattr(records_io, "game_facts", no_replay)
    assert records(store).as_json() == first


def test_a_changed_game_is_replayed_again(store: Store, games: dict[str, int]) -> None:
    records(store)
    game = store.open_game(games["gnav-damm-shared-win"])
    game.undo()  # the last reveal undone: the shared win is no more
    facts, _ = game_facts_of(store)
    gnav = next(f for f in facts if f.id == game.id)
    assert not gnav.over


def test_a_damaged_cache_is_found_again_from_the_journals(
        store: Store, games: dict[str, int]) -> None:
    first = records(store).as_json()
    (store.folder / CACHE_NAME).write_bytes(b"\x00{garbage")
    assert records(store).as_json() == first


def test_dates_filter_the_tables(store: Store, games: dict[str, int]) -> None:
    today = store.list_games()[0].created[:10]
    assert records_of(store, Filter(since=today)).tables == 6
    assert records_of(store, Filter(until="2000-01-01")).tables == 0


def test_the_story_of_a_game_is_each_seats_balance_after_every_round(
        store: Store, games: dict[str, int]) -> None:
    # damm-shared-win, 2 counters each: round 1 the Cat costs Cy 1, the Dragoon Ann 1, the
    # reveal Ann and Bo 1 each; round 2 the owls cost Bo and Cy their last
    gnav = one_game_facts(store, games["gnav-damm-shared-win"])
    assert gnav.story == ((2, 2, 2), (0, 1, 1), (0, 0, 0))
    # Vogelspiel salzburg, 2 lives: the Witch costs Ann both at the one reveal
    assert one_game_facts(store, games["vogelspiel-witch"]).story == ((2, 2, 2), (0, 2, 2))
    # Gwra pyskessa: a step per set laid down, 13 sets in all
    gofish = one_game_facts(store, games["gwra-pyskessa-tie-break"])
    assert len(gofish.story) == 14 and sum(gofish.story[-1]) == 13


def test_one_games_facts_of_a_game_not_there_is_a_sentence(store: Store) -> None:
    with pytest.raises(StoreError) as err:
        one_game_facts(store, 42)
    assert str(err.value) == "There is no game number 42; it may have been deleted."


def test_a_cache_of_another_records_format_is_found_again(
        store: Store, games: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    first = records(store).as_json()
    path = store.folder / CACHE_NAME
    cache = json.loads(path.read_text("utf-8"))
    cache["format"] -= 1  # written by an earlier build, whose facts may mean other things
    path.write_text(json.dumps(cache), "utf-8")
    replayed: list[int] = []
    real = records_io.game_facts

    def counted(game_id: int, *args: Any) -> Any:
        replayed.append(game_id)
        return real(game_id, *args)

    monkeypatch.setattr(records_io, "game_facts", counted)
    assert records(store).as_json() == first
    assert sorted(replayed) == sorted(games.values())
