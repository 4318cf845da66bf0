"""Imports and `replay` stay bounded (issue 11 item 8): lines are read as the engine goes, the
reading stops at the first bad line, and the app refuses a journal larger than it takes, in a
sentence. Memory is measured in a child process (its peak resident size), with bounds far
above what the code needs and far below what reading every line at once took."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.i18n import Tr
from companion.store import Store, StoreError

REPO = Path(__file__).resolve().parents[2]
HEADER = ('{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
          '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}')
SHORT_LINES_MB = 20


def peak_mb(code: str, *args: str) -> tuple[float, str, str]:
    """Runs `code` in a fresh Python; its peak resident size in MB, its stdout and stderr."""
    # VmHWM, not getrusage's ru_maxrss: Linux carries a process's peak across fork and exec,
    # so a child of a test run grown to 300 MB reported 300 MB whatever it did itself
    probe = textwrap.dedent(code) + textwrap.dedent("""
        import sys
        with open("/proc/self/status", encoding="ascii") as status:
            peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
        print(peak, file=sys.stderr)
    """)
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False)
    *said, peak = done.stderr.strip().split("\n")
    return int(peak) / 1024, done.stdout, "\n".join(said)


def short_lines(tmp_path: Path, bad: bool) -> Path:
    """A journal with 20 MB of short lines after the deal (blank ones: a line is read, kept
    or dropped; here only the reading counts), with or without a broken line before them."""
    path = tmp_path / "short-lines.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'{HEADER}\n{{"ev": "deal"}}\n' + ('{"ev": "sta\n' if bad else ""))
        block = "  \n" * (1 << 18)
        f.writelines(block for _ in range(SHORT_LINES_MB * (1 << 20) // len(block)))
    return path


def test_replay_reads_lines_as_it_goes(tmp_path: Path) -> None:
    """issue 11 item 8: "`replay` of 52 MB of short lines peaks at 1 GB"."""
    path = short_lines(tmp_path, bad=False)
    peak, out, err = peak_mb("""
        import sys
        from companion.cli import main
        code = main(["replay", sys.argv[1]])
        assert code == 0, code
    """, str(path))
    assert err == "" and json.loads(out)["phase"] == "turns"
    assert peak < 150, f"replay of {SHORT_LINES_MB} MB of short lines peaked at {peak:.0f} MB"


def test_keeping_the_events_before_a_bad_line_reads_the_file_once(tmp_path: Path) -> None:
    """issue 11 item 8: "the 'keep the events before line N' path at 3 GB and 6 s"."""
    path = short_lines(tmp_path, bad=True)
    peak, out, err = peak_mb("""
        import sys
        from companion.store import Store
        data = open(sys.argv[1], "rb").read()
        with Store(sys.argv[2]) as store:
            game, said = store.recover_journal(data)
        print(len(game.events), said)
    """, str(path), str(tmp_path / "data"))
    assert err == ""
    assert out.startswith("1 Line 3 of the journal was cut off or damaged (the line is not a "
                          "complete JSON object"), out
    assert "and the 1 line from there on was left out." in out
    assert peak < 200, f"recovering a {SHORT_LINES_MB} MB journal peaked at {peak:.0f} MB"


@pytest.mark.parametrize("how", ["import_journal", "recover_journal", "keep_damaged_journal"])
def test_a_journal_larger_than_the_app_takes_is_refused_in_a_sentence(
    tmp_path: Path, how: str
) -> None:
    """issue 11 item 8: "cap the size of a journal the app accepts (with a sentence saying
    so)"; a 40-seat 2,000-round game is about 5 MB, the cap well above it."""
    from companion.store.store import MAX_JOURNAL_BYTES, MAX_JOURNAL_MB

    assert MAX_JOURNAL_MB >= 20
    data = (HEADER + "\n" + '{"ev": "deal"}\n' + " " * MAX_JOURNAL_BYTES).encode()
    with Store(tmp_path) as store:
        with pytest.raises(StoreError) as caught:
            getattr(store, how)(data)
        assert store.list_games() == []
    assert not list(tmp_path.glob("*.jsonl"))  # nothing written either
    said = str(caught.value)
    assert said == (f"The journal is 32.0 MB; the app takes journals of up to {MAX_JOURNAL_MB} MB "
                    "(the longest game it is made for, 40 seats and 2,000 rounds, is about "
                    "5 MB). Nothing was imported.")
    # the size as each language writes a number with a fraction (issue 17, item 4)
    assert Tr("nb").error(caught.value).startswith("Journalen er på 32,0 MB; appen tar imot ")
    assert Tr("da").error(caught.value).startswith("Journalen er på 32,0 MB; appen tager imod ")
    assert "32,0 MB" in Tr("de").error(caught.value)


def test_a_journal_under_the_cap_still_imports(tmp_path: Path) -> None:
    from companion.store.store import MAX_JOURNAL_BYTES

    data = (HEADER + "\n" + '{"ev": "deal"}\n' + " " * (MAX_JOURNAL_BYTES - 1000)).encode()
    with Store(tmp_path) as store:
        game = store.import_journal(data)
        assert len(game.events) == 1 and game.state.phase == "turns"
