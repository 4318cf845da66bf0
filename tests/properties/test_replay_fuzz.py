"""`replay` on any text at all: exit 0 with the state, or exit 2 with one `line N: ` line.

Never a traceback, never a half-written output (issue 2, item 5; journal-v1 "Errors").
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.core.errors import JournalError
from companion.engine.gnav import CALLS, PIECES, TableState, parse_header
from companion.engine.gnav.journal import dumps, replay

from .strategies import choose_move, headers

IN_CI = bool(os.environ.get("CI"))
ROOT = Path(__file__).resolve().parents[2]
REQUIRED = (
    "rules", "round", "phase", "dealer", "turn", "asked", "pool", "seats", "exchanges",
    "last_round", "winners",
)
EVENT_NAMES = ("cut", "deal", "knock", "stand", "change", "reply", "reveal", "sit_out", "leave")
KEYS = ("ev", "seat", "from", "call", "pieces", "version", "rules", "stakes", "seats",
        "dealer", "house", "kind", "each", "limit")


def fuzz(max_examples: int) -> Any:
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=IN_CI,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --- running replay ------------------------------------------------------------------------


def run_in_process(data: bytes) -> tuple[int, str, str]:
    """`companion replay -` with `data` on standard input, in this process."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["replay", "-"])
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def run_subprocess(args: list[str], data: bytes | None = None) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, *args], check=False, input=data, capture_output=True, cwd=ROOT, timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def check_contract(data: bytes, code: int, out: str, err: str) -> None:
    assert "Traceback" not in err
    assert code in (0, 2), (code, err)
    if code == 0:
        assert err == ""
        assert out.endswith("\n") and out.count("\n") == 1
        state = json.loads(out)
        assert all(key in state for key in REQUIRED)
        return
    assert out == "", "nothing may be printed on standard output for a bad journal"
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err!r}"
    found = re.match(r"line (\d+): \S", err)
    assert found, f"no 'line N: reason': {err!r}"
    number, lines = int(found.group(1)), data.count(b"\n") + 1
    assert 1 <= number <= lines, f"line {number} of a {lines}-line input"


def check_replay(data: bytes) -> None:
    """The engine raises nothing but JournalError, and the command says exactly that."""
    try:
        _, _, state = replay(data)
    except JournalError as error:
        expected: tuple[int, str, str] = (2, "", str(error).replace("\n", " ") + "\n")
    else:
        expected = (0, json.dumps(state.as_json(), ensure_ascii=False) + "\n", "")
    got = run_in_process(data)
    check_contract(data, *got)
    assert got == expected


# --- what to feed it -----------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**20, max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(PIECES + CALLS + EVENT_NAMES + ("stock", "table", "damm", "pagat"))
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=5),
    max_leaves=16,
)


def line(value: Any, ascii: bool) -> str:
    # allow_nan writes NaN and Infinity, which JSON does not allow and the journal must refuse
    return json.dumps(value, allow_nan=True, ensure_ascii=ascii)


@st.composite
def event_dicts(draw: st.DrawFn, names: list[str]) -> dict[str, Any]:
    seatish = st.sampled_from(names) | st.sampled_from(("stock", "STOCK", " x ")) | scalars
    pieces = st.dictionaries(
        st.sampled_from(names) | st.text(max_size=4),
        st.sampled_from(PIECES) | scalars,
        max_size=len(names) + 1,
    )
    return draw(st.fixed_dictionaries(
        {"ev": st.sampled_from(EVENT_NAMES) | scalars},
        optional={
            "seat": seatish, "from": seatish, "call": st.sampled_from(CALLS) | scalars,
            "pieces": pieces, "extra": json_values,
        },
    ))


@st.composite
def header_then_events(draw: st.DrawFn) -> bytes:
    header = draw(headers())
    names = [name.strip() for name in header["seats"]]
    events = draw(st.lists(event_dicts(names), max_size=12))
    return "\n".join(json.dumps(obj) for obj in [header, *events]).encode("utf-8")


@st.composite
def mutated_games(draw: st.DrawFn) -> bytes:
    """A real game's journal, then bytes inserted, deleted or overwritten."""
    table = parse_header(draw(headers(high=5)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    state = TableState(table)
    events = []
    for _ in range(draw(st.integers(0, 60))):
        if state.phase == "over":
            break
        event = choose_move(state, rng)
        state.apply(event)
        events.append(event)
    data = bytearray(dumps(table, events).encode("utf-8"))
    edits = draw(st.lists(
        st.tuples(st.integers(0, 2**16), st.sampled_from("idr"), st.integers(0, 255)),
        max_size=4,
    ))
    for position, op, byte in edits:
        at = position % (len(data) + 1)
        if op == "i":
            data[at:at] = bytes([byte])
        elif op == "d":
            del data[at:at + 1]
        else:
            data[at:at + 1] = bytes([byte])
    return bytes(data)


# --- the properties ------------------------------------------------------------------------

HEADER = '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", ' \
    '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}'
NASTY: list[bytes] = [
    b"",
    b"\n\n\n",
    b"   \t  ",
    b"\xef\xbb\xbf" + HEADER.encode() + b"\n",  # a byte order mark is allowed
    HEADER.encode().replace(b"\n", b"") + b"\r\n{\"ev\": \"deal\"}\r\n",
    b"\n" + HEADER.encode(),
    b"[" * 100_000,
    b'{"a":' * 50_000,
    HEADER.replace('"dealer"', '"house": ' + '[' * 5000 + ']' * 5000 + ', "dealer"').encode(),
    HEADER.replace("3}", "1" + "0" * 5000 + "}").encode(),
    HEADER.replace("3}", "1e999}").encode(),
    HEADER.replace("3}", "-1e999}").encode(),
    HEADER.replace("3}", "NaN}").encode(),
    HEADER.replace("3}", "Infinity}").encode(),
    HEADER.replace("3}", "3.0}").encode(),
    HEADER.replace("3}", "true}").encode(),
    HEADER.replace('"version": 1', '"version": 1, "version": 1').encode(),
    HEADER.replace('"version": 1', '"version": 1.0').encode(),
    HEADER.replace('"version": 1', '"version": true').encode(),
    (HEADER + '\n{"ev": "deal", "ev": "deal"}').encode(),
    (HEADER + '\n{"ev": "deal"}\n{"ev": "knock", "seat": "\\ud800"}').encode(),
    HEADER.replace('"Ann", "Bo"', '"\\ud800", "Bo"').replace('"dealer": "Ann"', '"dealer": null')
    .encode(),
    HEADER.replace('"Ann", "Bo"', '"Ann\\nB", "Bo\\r"').replace('"dealer": "Ann"', '"dealer": "Bo"')
    .encode(),
    (HEADER + "\n\xff\xfe").encode("latin-1"),
    b"\xff" + HEADER.encode(),
    (HEADER + '\n{"ev": "deal"}\n\x00').encode(),
    (HEADER + "\n" + HEADER).encode(),
    (HEADER + '\n{"ev": "leave", "seat": "Bo"}\n{"ev": "leave", "seat": "Cy"}\n{"ev": "deal"}')
    .encode(),
    HEADER.replace('["Ann", "Bo", "Cy"]', json.dumps([f"S{i}" for i in range(41)])).encode(),
    HEADER.replace('"dealer": "Ann"', '"house": {"stock_calls": ["cat", "cat"]}').encode(),
    HEADER.replace('"dealer": "Ann"', '"house": {"fool_scoring": {"x": []}}').encode(),
    HEADER.replace('"dealer": "Ann"', '"house": {"stock_calls": [[]]}').encode(),
    HEADER.replace('"dealer": "Ann"', '"house": {"asker_pays": "cat"}').encode(),
    (HEADER + '\n{"ev": "cut", "pieces": {"Ann": "7"}}').encode(),
    (HEADER.replace(', "dealer": "Ann"', "") + '\n{"ev": "cut", "pieces": {"Ann": "7", "Bo": "7", '
     '"Cy": "7"}}').encode(),
    (HEADER + '\n{"ev": "deal"}\n{"ev": "reply", "from": "stock", "call": "cuckoo"}').encode(),
    (HEADER + '\n{"ev": "deal"}\n{"ev": "reveal", "pieces": {"Ann": 7}}').encode(),
    (HEADER + '\n{"ev": "deal"}\n{"ev": "knock", "seat": ["Bo"]}').encode(),
    (HEADER + '\n["deal"]\n').encode(),
    (HEADER + "\n1e99999").encode(),
]


@pytest.mark.parametrize("data", NASTY, ids=range(len(NASTY)))
def test_nasty_journals_exit_0_or_2(data: bytes) -> None:
    check_replay(data)


@fuzz(max_examples=300)
@given(data=st.binary(max_size=400))
@example(data=b"\x80")
@example(data=b'{"ev": "table"}\n\xed\xa0\x80')  # an encoded surrogate is not UTF-8
def test_any_bytes(data: bytes) -> None:
    check_replay(data)


@fuzz(max_examples=300)
@given(lines=st.lists(st.text(max_size=80), max_size=8))
def test_any_text_lines(lines: list[str]) -> None:
    check_replay("\n".join(lines).encode("utf-8"))


@fuzz(max_examples=300)
@given(values=st.lists(json_values, min_size=1, max_size=6), ascii=st.booleans())
def test_json_ish_lines(values: list[Any], ascii: bool) -> None:
    check_replay("\n".join(line(v, ascii) for v in values).encode("utf-8"))


@fuzz(max_examples=200)
@given(data=header_then_events())
def test_valid_header_then_random_events(data: bytes) -> None:
    check_replay(data)


@fuzz(max_examples=150)
@given(data=mutated_games())
def test_real_journals_with_damaged_bytes(data: bytes) -> None:
    check_replay(data)


def test_a_real_game_replays_to_exit_0() -> None:
    """So that the fuzz above is not only ever checking exit 2."""
    rng = random.Random(7)
    table = parse_header(json.loads(HEADER))
    state = TableState(table)
    events = []
    while state.phase != "over" and len(events) < 200:
        event = choose_move(state, rng)
        state.apply(event)
        events.append(event)
    code, out, err = run_in_process(dumps(table, events).encode("utf-8"))
    assert (code, err) == (0, "")
    assert json.loads(out) == state.as_json()


# --- the real command ----------------------------------------------------------------------

SUBPROCESS_CASES = [NASTY[i] for i in (0, 3, 6, 9, 12, 21, 22, 23)] + [
    (HEADER + '\n{"ev": "deal"}\n{"ev": "stand", "seat": "Bo"}\n').encode(),
]


@pytest.mark.parametrize("data", SUBPROCESS_CASES, ids=range(len(SUBPROCESS_CASES)))
def test_the_command_on_standard_input(data: bytes) -> None:
    code, out, err = run_subprocess(["-m", "companion", "replay", "-"], data)
    check_contract(data, code, out, err)
    assert (code, out, err) == run_in_process(data)


def test_the_command_reads_a_file_and_refuses_a_missing_one(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + '\n{"ev": "deal"}\n', encoding="utf-8")
    code, out, err = run_subprocess(["-m", "companion", "replay", str(path)])
    assert (code, err) == (0, "")
    assert json.loads(out)["phase"] == "turns"
    code, out, err = run_subprocess(["-m", "companion", "replay", str(tmp_path / "none.jsonl")])
    assert code == 2 and out == ""
    assert re.fullmatch(r"line 1: cannot read .*\n", err)


CHILD = """
import json, runpy, sys
sys.argv = ["companion", "replay", sys.argv[1]]
try:
    runpy.run_module("companion", run_name="__main__", alter_sys=True)
except SystemExit as done:
    code = done.code
flet = sorted(m for m in sys.modules if m.split(".")[0] in ("flet", "flet_web"))
sys.stderr.write("\\nCHILD " + json.dumps({"code": code, "flet": flet}) + "\\n")
"""


@pytest.mark.parametrize("good", [True, False])
def test_replay_does_not_import_flet(tmp_path: Path, good: bool) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(HEADER + ("\n" if good else '\n{"ev": "stand", "seat": "Bo"}\n'))
    code, _, err = run_subprocess(["-c", CHILD, str(path)])
    assert code == 0, err
    report = json.loads(err.rsplit("CHILD ", 1)[1])
    assert report == {"code": 0 if good else 2, "flet": []}
    # and the real command line, as a user runs it: no flet module is ever imported
    code, _, err = run_subprocess(["-X", "importtime", "-m", "companion", "replay", str(path)])
    assert code == (0 if good else 2)
    imported = [row.rsplit("|", 1)[-1].strip() for row in err.splitlines() if "|" in row]
    assert "companion.cli" in imported
    assert not [m for m in imported if m.split(".")[0] in ("flet", "flet_web")]


def test_the_checks_here_can_fail() -> None:
    """A traceback, a second line or output on stdout with exit 2 all break the contract."""
    bad = [
        (1, "", "Traceback (most recent call last):\n"),
        (2, "", "line 1: one\nline 2: two\n"),
        (2, "{}\n", "line 1: bad\n"),
        (2, "", "line 9: past the end\n"),
        (2, "", "bad\n"),
    ]
    for code, out, err in bad:
        with pytest.raises(AssertionError):
            check_contract(b"x\ny", code, out, err)
