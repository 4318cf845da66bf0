"""Reading and writing journal version 2 for Gnav (docs/journal.md, v2 sections 1-3), beside the
scenario journals of tests/journals: what those cannot show (null values, which a written
journal leaves out; the header written back; where a v1 and a v2 reading part)."""

from __future__ import annotations

import json

import pytest

from companion.engine import GnavError, JournalError, Reply, Stand, parse_event, parse_header
from companion.engine.journal import dumps, header_line, replay, replay_state

from .helpers import table, table_v2


def test_a_v2_header_is_written_back_with_its_game_and_a_v1_header_without() -> None:
    v2 = parse_header(table_v2(house={"fool_query": False}))
    assert (v2.version, v2.game) == (2, "gnav")
    assert json.loads(header_line(v2)) == table_v2(house={"fool_query": False})
    v1 = parse_header(table())
    assert (v1.version, v1.game) == (1, "gnav")
    assert "game" not in json.loads(header_line(v1))


def test_in_v2_a_null_value_counts_as_absent_except_inside_house() -> None:
    """docs/journal.md, v2 section 2: "A key whose value is null counts as absent, except a field
    inside `house`"; version 1 reads exactly as before."""
    header = {**table_v2(), "dealer": None, "house": None, "note": None}
    assert parse_header(header).dealer is None
    reply = {"ev": "reply", "from": "Cy", "call": "none", "face_up": None, "count": None}
    assert parse_event(reply, 2) == Reply("Cy", "none")
    assert parse_event({"ev": "stand", "seat": "Bo", "note": None}, 2) == Stand("Bo")
    with pytest.raises(GnavError, match="has no field"):
        parse_event({"ev": "stand", "seat": "Bo", "note": None})
    with pytest.raises(GnavError, match="needs \"seat\""):
        parse_event({"ev": "stand", "seat": None}, 2)
    with pytest.raises(GnavError, match="needs \"game\""):
        parse_header({**table_v2(), "game": None})
    with pytest.raises(GnavError, match="cat_reverses must be true or false, not null"):
        parse_header(table_v2(house={"cat_reverses": None}))


def test_blank_lines_may_come_before_a_v2_header_and_count() -> None:
    v2 = json.dumps(table_v2())
    state = replay_state(f"\n \n{v2}\n" + '{"ev":"deal"}\n')
    assert (state.round, state.phase) == (1, "turns")
    with pytest.raises(JournalError) as info:
        replay_state(f"\n\n{v2}\n\n" + '{"ev":"stand","seat":"Ann"}\n')
    assert info.value.line == 5
    # version 1 keeps its header on line 1
    with pytest.raises(JournalError) as info:
        replay_state("\n" + json.dumps(table()) + "\n")
    assert info.value.line == 1


def test_a_v2_game_reads_and_writes_its_query() -> None:
    text = "\n".join(json.dumps(line) for line in (
        table_v2(), {"ev": "deal"}, {"ev": "stand", "seat": "Bo"}, {"ev": "stand", "seat": "Cy"},
        {"ev": "stand", "seat": "Dag"}, {"ev": "query", "seat": "Ann", "answer": "no"})) + "\n"
    table_, events, state = replay(text)
    assert state.as_json()["query"] == "no"
    again = dumps(table_, events)
    assert json.loads(again.splitlines()[-1]) == {"ev": "query", "seat": "Ann", "answer": "no"}
    assert replay_state(again).as_json() == state.as_json()


def test_v1_and_v2_give_the_same_values_for_every_v1_field() -> None:
    """docs/journal.md, v2 section 1: the same events under a version 2 header with game gnav give
    the same values for every field that version 1 requires."""
    events = [{"ev": "deal"}, {"ev": "change", "seat": "Bo"},
              {"ev": "reply", "from": "Cy", "call": "cat"}, {"ev": "stand", "seat": "Cy"},
              {"ev": "change", "seat": "Dag"}, {"ev": "reply", "from": "Ann", "call": "none"},
              {"ev": "change", "seat": "Ann"}, {"ev": "reply", "from": "stock", "call": "none"},
              {"ev": "reveal", "pieces": {"Ann": "fool", "Bo": "3", "Cy": "cat", "Dag": "fool"}}]
    for rules in ("damm", "pagat", "gamerules"):
        v1 = replay_state("\n".join(json.dumps(e) for e in [table(rules), *events]))
        v2 = replay_state("\n".join(json.dumps(e) for e in [table_v2(rules), *events]))
        one, two = v1.as_json(), v2.as_json()
        assert {k: two[k] for k in one if k != "seats"} == {
            k: v for k, v in one.items() if k != "seats"}
        assert [{k: s[k] for k in mine} for mine, s in zip(one["seats"], two["seats"])] == \
            one["seats"]
        assert set(two) - set(one) == {"version", "game", "undone", "query"}
