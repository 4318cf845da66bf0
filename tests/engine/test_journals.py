"""The scenario journals under tests/journals, replayed the way a user and the app do.

`ok/NAME.jsonl` must replay to exactly `ok/NAME.expected.json` (the full `replay` JSON, worked
out by hand from docs/rules/gnav.md, not copied from the engine). `bad/NAME.jsonl` must be
refused with exactly the one line in `bad/NAME.expected.txt`. Every file goes through both
`python -m companion replay` in a subprocess and `companion.engine.journal.replay` in process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.engine import (
    JournalError,
    event_json,
    header_json,
    parse_event,
    parse_header,
)
from companion.engine.journal import (
    decode_line,
    dumps,
    event_line,
    header_line,
    read,
    replay,
    replay_state,
    split_lines,
)

JOURNALS = Path(__file__).resolve().parents[1] / "journals"
REPO = JOURNALS.parents[1]
OK = sorted((JOURNALS / "ok").glob("*.jsonl"))
BAD = sorted((JOURNALS / "bad").glob("*.jsonl"))

SPEC_HEADER = (
    '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", "each": 3},'
    ' "seats": ["Ann", "Bo", "Cy", "Dag"], "dealer": "Ann"}'
)
# The event examples of the journal spec's table, as written there.
SPEC_EVENTS = [
    '{"ev":"cut","pieces":{"Ann":"7","Bo":"cat","Cy":"fool","Dag":"2"}}',
    '{"ev":"deal"}',
    '{"ev":"knock","seat":"Bo"}',
    '{"ev":"stand","seat":"Bo"}',
    '{"ev":"change","seat":"Bo"}',
    '{"ev":"reply","from":"Cy","call":"none"}',
    '{"ev":"reveal","pieces":{"Ann":"3","Bo":"cat","Cy":"fool","Dag":"12"}}',
    '{"ev":"sit_out","seat":"Cy"}',
    '{"ev":"leave","seat":"Bo"}',
]


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str


def _replay_cli(path: Path) -> Run:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)],
        check=False, capture_output=True, text=True, encoding="utf-8", cwd=REPO,
        timeout=120,
    )
    return Run(done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def cli_runs() -> dict[Path, Run]:
    """`replay` on every journal, a few at a time: each start of Python costs a fifth of a
    second here, and a hundred of them one after the other would dominate the suite."""
    with ThreadPoolExecutor(max_workers=max(2, (os.cpu_count() or 1) * 2)) as pool:
        return dict(zip(OK + BAD, pool.map(_replay_cli, OK + BAD)))


def expected_state(path: Path) -> Any:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def expected_error(path: Path) -> str:
    return path.with_name(path.stem + ".expected.txt").read_text(encoding="utf-8").rstrip("\n")


def test_there_are_journals_with_expectations() -> None:
    assert len(OK) >= 10 and len(BAD) >= 40
    for path in OK:
        assert path.with_name(path.stem + ".expected.json").is_file(), path.name
    for path in BAD:
        assert path.with_name(path.stem + ".expected.txt").is_file(), path.name


# --- good journals -------------------------------------------------------------------------


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_ok_journal_replays_on_the_command_line(path: Path, cli_runs: dict[Path, Run]) -> None:
    run = cli_runs[path]
    assert (run.code, run.stderr) == (0, "")
    assert run.stdout.endswith("\n") and run.stdout.count("\n") == 1  # one JSON object, one line
    assert json.loads(run.stdout) == expected_state(path)


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_ok_journal_replays_in_process(path: Path) -> None:
    _table, _events, state = replay(path.read_bytes())
    assert state.as_json() == expected_state(path)


@pytest.mark.parametrize("path", OK, ids=[p.stem for p in OK])
def test_ok_journal_round_trips(path: Path) -> None:
    table, events = read(path.read_bytes())
    text = dumps(table, events)
    _t, again, state = replay(text)
    assert state.as_json() == expected_state(path)
    assert again == events
    assert dumps(*read(text)) == text
    # the written journal says the same thing as the file, line for line
    original = [decode_line(line) for _n, line in split_lines(path.read_text(encoding="utf-8"))]
    written = [json.loads(line) for line in text.splitlines()]
    assert written[1:] == original[1:]
    assert parse_header(written[0]) == parse_header(original[0])


def test_the_spec_header_appears_in_the_journals() -> None:
    with_spec_header = [p.name for p in OK if p.read_text(encoding="utf-8").startswith(
        SPEC_HEADER + "\n")]
    assert with_spec_header, "no journal starts with the spec's example header"


def test_every_event_type_every_call_and_every_rule_book_is_covered() -> None:
    seen_events: set[str] = set()
    seat_calls: dict[str, set[str]] = {}
    stock_calls: dict[str, set[str]] = {}
    stakes: set[tuple[str, str]] = set()
    endings: set[str] = set()
    shared_win = False
    for path in OK:
        lines = [decode_line(line) for _n, line in split_lines(path.read_bytes())]
        rules = lines[0]["rules"]
        stakes.add((rules, lines[0]["stakes"]["kind"]))
        for line in lines[1:]:
            seen_events.add(line["ev"])
            if line["ev"] == "reply" and "house" not in lines[0]:  # the presets' calls
                into = stock_calls if line["from"] == "stock" else seat_calls
                into.setdefault(rules, set()).add(line["call"])
        state = expected_state(path)
        endings.add(state["phase"])
        shared_win = shared_win or len(state["winners"]) > 1
    assert seen_events == {"cut", "deal", "knock", "stand", "change", "reply", "reveal",
                           "sit_out", "leave", "query"}
    every_call = {"none", "cuckoo", "dragoon", "cat", "horse", "house"}
    assert seat_calls == {"damm": every_call, "pagat": every_call, "gamerules": every_call}
    assert stock_calls == {"damm": {"none"}, "pagat": {"none", "horse", "house"},
                           "gamerules": every_call}
    assert stakes == {(r, k) for r in ("damm", "pagat", "gamerules")
                      for k in ("counters", "strokes")}
    assert endings == {"cut", "ready", "turns", "asking", "reveal", "over"}
    assert shared_win


# --- bad journals --------------------------------------------------------------------------


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_journal_is_refused_on_the_command_line(path: Path, cli_runs: dict[Path, Run]) -> None:
    run = cli_runs[path]
    assert run.code == 2
    assert run.stdout == ""
    assert run.stderr == expected_error(path) + "\n"


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_journal_is_refused_in_process(path: Path) -> None:
    with pytest.raises(JournalError) as info:
        replay(path.read_bytes())
    assert str(info.value) == expected_error(path)
    assert str(info.value) == f"line {info.value.line}: {info.value.reason}"


def test_replay_reads_standard_input() -> None:
    path = JOURNALS / "ok" / "damm-spec-header-two-rounds.jsonl"
    done = subprocess.run([sys.executable, "-m", "companion", "replay", "-"], check=False, cwd=REPO,
                          input=path.read_bytes(), capture_output=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout) == expected_state(path)


# --- writing JSON Lines --------------------------------------------------------------------


def test_header_line_is_the_spec_header_on_one_line() -> None:
    table = parse_header(json.loads(SPEC_HEADER))
    line = header_line(table)
    assert line == SPEC_HEADER
    assert "\n" not in line
    assert header_json(table) == json.loads(SPEC_HEADER)


def test_header_line_keeps_a_missing_dealer_missing_and_house_rules() -> None:
    obj = {"ev": "table", "version": 1, "rules": "pagat",
           "stakes": {"kind": "strokes", "limit": 5}, "seats": ["Åse", "Bo"],
           "house": {"cat_reverses": False}}
    line = header_line(parse_header(obj))
    assert json.loads(line) == obj
    assert "Åse" in line  # UTF-8 as written, not \u escapes


@pytest.mark.parametrize("text", SPEC_EVENTS, ids=[json.loads(t)["ev"] for t in SPEC_EVENTS])
def test_event_line_writes_the_spec_examples_back(text: str) -> None:
    event = parse_event(json.loads(text))
    line = event_line(event)
    assert "\n" not in line
    assert json.loads(line) == json.loads(text)
    assert event_json(event) == json.loads(text)
    assert parse_event(json.loads(line)) == event


def test_dumps_is_json_lines() -> None:
    table = parse_header(json.loads(SPEC_HEADER))
    events = [parse_event(json.loads(t)) for t in SPEC_EVENTS]
    text = dumps(table, events)
    assert text.endswith("\n")
    lines = text.split("\n")[:-1]
    assert len(lines) == 1 + len(SPEC_EVENTS)
    assert lines[0] == SPEC_HEADER
    assert [json.loads(line) for line in lines[1:]] == [json.loads(t) for t in SPEC_EVENTS]


@pytest.mark.parametrize("size", [1, 7, 4096])
def test_a_journal_read_in_pieces_replays_as_the_whole(size: int) -> None:
    """`replay` reads a file as it goes: however the bytes are cut, every journal gives the
    same state or the same first bad line as read whole (docs/journal.md, version 1, "Errors")."""
    for path in [*OK, *BAD]:
        data = path.read_bytes()
        pieces = [data[i:i + size] for i in range(0, len(data), size)]
        try:
            whole = replay_state(data).as_json()
        except JournalError as err:
            with pytest.raises(JournalError) as again:
                replay_state(iter(pieces))
            assert str(again.value) == str(err), path.name
            continue
        assert replay_state(iter(pieces)).as_json() == whole, path.name
