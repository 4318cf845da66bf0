"""How a bad journal line is told (issue 11 item 8, issue 12 item 9).

docs/journal.md, version 1, "Errors": "print nothing on standard output and one line on
standard error: `line N: ` and the reason in plain words, N being the journal's line number".
Plain words are the referee's, in the referee's language, not Python's JSON parser's; and a
reason that quotes the journal quotes a bounded, readable piece of it, whatever the line holds.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import JournalError
from companion.engine.journal import replay
from companion.i18n import Tr

REPO = Path(__file__).resolve().parents[2]
HEADER = ('{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
          '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}')
PYTHONS_WORDS = ("Expecting", "delimiter", "property name", "Unterminated", "Extra data",
                 "Invalid", "BOM", "utf-8-sig", "Exceeds the limit", "int_max_str_digits")


def refusal(text: str) -> JournalError:
    with pytest.raises(JournalError) as caught:
        replay(text)
    return caught.value


@pytest.mark.parametrize("line", [
    '{"ev": "stand" "seat": "Bo"}',
    '{"ev": "stand", "seat": "Bo"',
    '{"ev": "sta',
    '{ev: "deal"}',
    '{"ev": "deal",}',
    "Bo stands",
    '{"ev": "deal"} {"ev": "deal"}',
    '{"ev": "stand", "seat": "B\to"}',
    '{"ev": "stand", "seat": "B\\o"}',
    '{"ev": "stand", "seat": "B\\u12"}',
    "\ufeff{\"ev\": \"deal\"}",
    '{"ev": "deal", "n": ' + "7" * 5000 + "}",
])
def test_errors_name_the_line_and_say_the_reason_in_plain_words(line: str) -> None:
    """docs/journal.md, version 1, "Errors": "`line N: ` and the reason in plain words"; issue 12
    item 9: "Say it in the referee's words and language ... keeping the line number"."""
    err = refusal(f'{HEADER}\n{{"ev": "deal"}}\n{line}\n')
    assert err.line == 3 and str(err).startswith("line 3: ")
    assert not [w for w in PYTHONS_WORDS if w in str(err)], str(err)
    for lang, prefix in (("nb", "linje 3: "), ("da", "linje 3: ")):
        said = Tr(lang).error(err)
        assert said.startswith(prefix) and said != str(err), said
        assert not [w for w in PYTHONS_WORDS if w in said], said


def test_a_broken_line_is_told_as_an_incomplete_object_at_a_character() -> None:
    """issue 12 item 9: "line 3 is not a complete JSON object"."""
    err = refusal(f'{HEADER}\n{{"ev": "deal"}}\n{{"ev": "stand" "seat": "Bo"}}\n')
    assert str(err) == ("line 3: the line is not a complete JSON object: it breaks off or goes "
                        "wrong at character 16.")
    assert Tr("nb").error(err) == ("linje 3: linjen er ikke et helt JSON-objekt: den stopper "
                                   "eller går galt ved tegn 16.")


def test_a_quoted_value_is_shortened_and_its_bidi_and_control_characters_escaped() -> None:
    """issue 11 item 8: "quote a bad value shortened (about 40 characters and "…") with bidi
    and control characters escaped"."""
    long_seat = "\u202e" + "Z" * 1_000_000
    err = refusal(f'{HEADER}\n{{"ev": "deal"}}\n{json.dumps({"ev": "stand", "seat": long_seat})}')
    assert str(err) == f"line 3: There is no seat called \\u202e{'Z' * 34}…."
    from companion.engine.errors import QUOTE_LENGTH, quoted

    assert quoted("Ann") == "Ann"
    assert quoted("x" * QUOTE_LENGTH) == "x" * QUOTE_LENGTH
    assert quoted("x" * 10_000) == "x" * QUOTE_LENGTH + "…"
    assert quoted("evil\u202eknaB") == "evil\\u202eknaB"
    assert quoted("a\nb\u2067") == "a\\u000ab\\u2067"
    for event in ({"ev": "x" * 100_000}, {"ev": "deal", "y" * 100_000: 1},
                  {"ev": "reply", "from": "Bo", "call": "c" * 100_000},
                  {"ev": "reveal", "pieces": {"Ann": "p" * 100_000}},
                  {"ev": "stand", "seat": 10 ** 4000}):
        err = refusal(f'{HEADER}\n{json.dumps(event)}')
        assert len(str(err)) < 300 and "…" in str(err), str(err)[:300]
    head = json.loads(HEADER)
    for seats, dealer in ((["Ann", "B" * 100_000], "Ann"), (["Ann", "Bo"], "D" * 100_000),
                          (["Ann", "Bo\n" + "B" * 100_000], "Ann")):
        err = refusal(json.dumps({**head, "seats": seats, "dealer": dealer}))
        assert len(str(err)) < 300 and "…" in str(err), str(err)[:300]


def test_replay_of_a_20_mb_seat_name_says_one_short_line(tmp_path: Path) -> None:
    """issue 11 item 8: "a 20 MB seat name gives a 20 MB error line today"."""
    path = tmp_path / "long-name.jsonl"
    head = json.loads(HEADER)
    path.write_text(json.dumps({**head, "seats": ["Ann", "N" * 20_000_000]}) + "\n")
    done = subprocess.run([sys.executable, "-m", "companion", "replay", str(path)], cwd=REPO,
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == b""
    line = done.stderr.decode("utf-8")
    assert line.startswith("line 1: the name \"NNN") and line.endswith("…\" has 20000000 "
                                                                     "characters; a name has "
                                                                     "1 to 24.\n")
    assert len(line) < 200
