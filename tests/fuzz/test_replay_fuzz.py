"""`python -m companion replay PATH` on damaged journals (issue 6, item 3; journal-v1 "Errors").

In process through companion.cli.main with pytest's capsys, and a few through a real child
process: exit 0 with the state `replay` computes, or exit 2 with nothing on standard output
and exactly one line on standard error, "line N: reason", N the first bad line of the file.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import event, given

from companion.cli import main
from companion.engine.gnav import parse_header
from companion.engine.gnav.journal import replay

from .checks import LINE, expect, fuzz
from .journals import (
    damaged_journals,
    header_obj,
    line_count,
    mutate,
    play_lines,
    random_journal,
    random_ops,
)

ROOT = Path(__file__).resolve().parents[2]


def run_in_process(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    capsys.readouterr()  # whatever an earlier example left
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def check_output(data: bytes, code: int, out: str, err: str) -> None:
    """The command's answer is the engine's verdict, in the journal-v1 form."""
    verdict = expect(data)
    if verdict is None:
        assert (code, err) == (0, ""), err
        assert out.endswith("\n") and out.count("\n") == 1
        assert json.loads(out) == replay(data)[2].as_json()
        return
    assert code == 2
    assert out == "", "nothing may be printed on standard output for a bad journal"
    assert err.endswith("\n") and "\n" not in err[:-1], f"not one line: {err!r}"
    found = LINE.match(err)
    assert found and int(found.group(1)) == verdict.line, (err, str(verdict))
    assert 1 <= verdict.line <= line_count(data)
    if str(verdict).isprintable():
        assert err == f"{verdict}\n"


@fuzz(300)
@given(data=damaged_journals())
def test_replay_damaged_journals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    code, out, err = run_in_process(path, capsys)
    event(f"exit {code}")
    check_output(data, code, out, err)


def subprocess_cases() -> list[bytes]:
    """A few damaged journals, the same every run; at least one accepted and one refused."""
    rng = random.Random(6)
    cases = [mutate(random_journal(rng), random_ops(rng)) for _ in range(5)]
    cases.append("\n".join(random_journal(random.Random(2))).encode("utf-8"))
    return cases


@pytest.mark.parametrize("index", range(6))
def test_replay_in_a_child_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int
) -> None:
    data = subprocess_cases()[index]
    path = tmp_path / "game.jsonl"
    path.write_bytes(data)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(path)], capture_output=True,
        cwd=ROOT, timeout=60, check=False, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    got = (proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))
    assert "Traceback" not in got[2]
    check_output(data, *got)
    assert got == run_in_process(path, capsys)


def test_the_child_process_cases_include_both_answers() -> None:
    verdicts = [expect(data) for data in subprocess_cases()]
    assert any(v is None for v in verdicts)
    assert any(v is not None and v.line > 1 for v in verdicts)


def test_the_damage_reaches_the_rules() -> None:
    """The damaged journals are not refused by the JSON parser alone: over a fixed sample,
    some are still good, most are refused after the header, and the refusals name the rules
    (whose turn, who was asked, what phase, a seat spelled in another case)."""
    rng = random.Random(11)
    accepted = 0
    reasons: list[str] = []
    for _ in range(400):
        verdict = expect(mutate(random_journal(rng), random_ops(rng)))
        if verdict is None:
            accepted += 1
        elif verdict.line > 1:
            reasons.append(verdict.reason)
    assert accepted >= 40
    assert len(reasons) >= 240
    parser = ("JSON", "needs \"", "has no \"ev\"", "not UTF-8", "has no field")
    rules = [r for r in reasons if not any(p in r for p in parser)]
    assert len(rules) >= len(reasons) // 2
    for words in ("'s turn, not ", " was asked to change: ", "cannot ask to change now",
                  "The seat is spelled ", "pieces cannot be shown now", "can deal now",
                  "There is no seat called ", " was not asked: "):
        assert any(words in r for r in rules), words


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_replay_prints_exotic_names_whatever_the_terminal_encoding(
    tmp_path: Path, encoding: str
) -> None:
    """Standard output is UTF-8 JSON and errors stay one line, even when Python would encode
    the terminal as ASCII or Latin-1 (a Windows console, a bare CI runner)."""
    head = header_obj(["مريم", "דוד", "👨‍👩‍👧", "Åse"], "pagat", {"kind": "counters", "each": 2}, None)
    lines = [json.dumps(head, ensure_ascii=False), *play_lines(parse_header(head), 5, 30)]
    good = "\n".join(lines).encode("utf-8") + b"\n"
    bad = good + json.dumps({"ev": "leave", "seat": "דודы"}, ensure_ascii=False).encode()
    for data in (good, bad):
        path = tmp_path / "game.jsonl"
        path.write_bytes(data)
        proc = subprocess.run(
            [sys.executable, "-m", "companion", "replay", str(path)], capture_output=True,
            cwd=ROOT, timeout=60, check=False, env={**os.environ, "PYTHONIOENCODING": encoding},
        )
        assert b"Traceback" not in proc.stderr
        if data is good:
            assert (proc.returncode, proc.stderr) == (0, b"")
            assert json.loads(proc.stdout.decode("utf-8")) == replay(data)[2].as_json()
        else:
            assert (proc.returncode, proc.stdout) == (2, b"")
            assert proc.stderr.endswith(b"\n") and proc.stderr.count(b"\n") == 1
            assert proc.stderr.startswith(f"line {line_count(data)}: ".encode())
