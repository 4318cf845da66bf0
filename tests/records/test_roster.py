"""The roster of the table's players (issue 26, item 1): names joining it from games, rename,
merge, the chips New table offers, look-alikes never merged by themselves, a damaged players
file kept and said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.records import Roster, RosterError
from companion.records.roster import folded
from companion.store import Store
from companion.store.records_io import ROSTER_NAME, load_roster, open_roster, save_roster

NAMES = ["Ann", "Bo", "Cy", "Dag", "Åse", "Aase", "ANN", "Eli"]


def journal(*seats: str, game: str = "gnav") -> bytes:
    head = {"ev": "table", "version": 1, "rules": "damm",
            "stakes": {"kind": "counters", "each": 3}, "seats": list(seats),
            "dealer": seats[0]}
    return (json.dumps(head, ensure_ascii=False) + "\n").encode("utf-8")


def test_an_imported_games_names_join_the_roster_and_stay_after_a_restart(
        store: Store, tmp_path: Path) -> None:
    store.import_journal(journal("Ann", "Bo", "Cy"))
    roster, notice = open_roster(store)
    assert notice is None
    assert sorted(p.name for p in roster.players) == ["Ann", "Bo", "Cy"]
    again, _ = load_roster(tmp_path)
    assert again == roster


def test_a_name_in_another_case_is_the_same_player(store: Store) -> None:
    store.import_journal(journal("Ann", "Bo"))
    store.import_journal(journal("ANN", "bo", "Åse"))
    roster, _ = open_roster(store)
    assert sorted(p.name for p in roster.players) == ["Ann", "Bo", "Åse"]


def test_a_look_alike_of_a_known_player_is_a_new_player_not_merged(store: Store) -> None:
    store.import_journal(journal("Ann", "Bo"))
    store.import_journal(journal("\u0410nn", "Cy"))  # Cyrillic А
    roster, _ = open_roster(store)
    assert len(roster.players) == 4
    cyrillic = roster.player_for("\u0410nn")
    ann = roster.player_for("Ann")
    assert cyrillic is not None and ann is not None and cyrillic.id != ann.id
    assert [p.id for p in roster.look_alikes("\u0410nn")] == [ann.id]


def test_rename_keeps_the_old_name_so_old_games_still_count() -> None:
    roster, aase = Roster().add("Aase", "2025-12-24T18:00:00Z")
    roster = roster.rename(aase.id, "Åse")
    player = roster.player(aase.id)
    assert player.name == "Åse" and player.aliases == ("Aase",) and player.initial == "Å"
    assert roster.shown_name("aase") == "Åse"


def test_rename_to_another_players_name_is_refused_with_a_sentence() -> None:
    roster, ann = Roster().add("Ann")
    roster, _bo = roster.add("Bo")
    with pytest.raises(RosterError) as err:
        roster.rename(ann.id, "bo")
    assert str(err.value) == "bo is already a name of Bo; merge the two players instead."


def test_merge_makes_two_entries_one_player_without_touching_a_journal(
        store: Store) -> None:
    store.import_journal(journal("Aase", "Bo"))
    store.import_journal(journal("Åse", "Bo"))
    before = [store.export_journal(g.id) for g in store.list_games()]
    roster, _ = open_roster(store)
    keep, other = roster.player_for("Åse"), roster.player_for("Aase")
    assert keep is not None and other is not None
    roster = roster.merge(keep.id, other.id)
    save_roster(store.folder, roster)
    assert roster.shown_name("Aase") == roster.shown_name("Åse") == "Åse"
    assert len(roster.players) == 2
    assert [store.export_journal(g.id) for g in store.list_games()] == before
    # the merge stays: a new look at the games does not split them again
    again, _ = open_roster(store)
    assert again.shown_name("Aase") == "Åse" and len(again.players) == 2


def test_chips_are_most_recent_first_and_filtered_as_typed() -> None:
    roster = Roster().saw(["Åse", "Bo"], "2025-01-01T00:00:00Z")
    roster = roster.saw(["Asbjørn", "Cy"], "2026-01-01T00:00:00Z")
    # the same evening: by name
    assert [p.name for p in roster.suggestions("")] == ["Asbjørn", "Cy", "Bo", "Åse"]
    # without regard to case and accents, beginning before holding
    assert [p.name for p in roster.suggestions("as")] == ["Asbjørn", "Åse"]
    assert [p.name for p in roster.suggestions("Ø")] == ["Asbjørn"]
    assert [p.name for p in roster.suggestions("y")] == ["Cy"]
    # a look-alike letter typed (Cyrillic С) finds the name it looks like
    assert [p.name for p in roster.suggestions("\u0421y")] == ["Cy"]


def test_badges_differ_for_the_first_players() -> None:
    roster = Roster().saw(["Ann", "Bo", "Cy", "Dag"], "2026-01-01T00:00:00Z")
    assert len({p.colour for p in roster.players}) == 4
    assert [p.initial for p in roster.players] == ["A", "B", "C", "D"]


def test_a_damaged_players_file_is_kept_aside_and_said_in_a_sentence(
        store: Store, tmp_path: Path) -> None:
    store.import_journal(journal("Ann", "Bo"))
    (tmp_path / ROSTER_NAME).write_bytes(b'{"format": 1, "players": [{"id": "x"')
    roster, notice = open_roster(store)
    assert notice is not None
    assert str(notice).startswith("The players file could not be read, so it was kept as "
                                  "players.damaged-")
    kept = list(tmp_path.glob("players.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b'{"format": 1')
    assert sorted(p.name for p in roster.players) == ["Ann", "Bo"]
    assert load_roster(tmp_path) == (roster, None)  # written anew, whole


def test_the_roster_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    roster = Roster().saw(["Ann"], "2026-01-01T00:00:00Z")
    save_roster(tmp_path, roster)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert load_roster(tmp_path)[0] == roster


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["rename", "merge"]), st.integers(0, 5),
                          st.integers(0, 5), st.sampled_from(NAMES)), max_size=12))
def test_every_name_a_journal_used_stays_one_players_whatever_is_renamed_or_merged(
        steps: list[tuple[str, int, int, str]]) -> None:
    roster = Roster().saw(NAMES[:6], "2026-01-01T00:00:00Z")
    used = set(NAMES[:6])
    for verb, a, b, name in steps:
        ids = [p.id for p in roster.players]
        one, other = ids[a % len(ids)], ids[b % len(ids)]
        try:
            roster = roster.rename(one, name) if verb == "rename" else roster.merge(one, other)
        except RosterError:
            continue
        if verb == "rename":
            used.add(name)
    for name in used:
        owners = [p for p in roster.players if any(folded(n) == folded(name) for n in p.names)]
        assert len(owners) == 1, name
        assert roster.player_for(name) == owners[0]
    assert len({p.id for p in roster.players}) == len(roster.players)
