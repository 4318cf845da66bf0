"""What every refusal must look like, shared by the import and `replay` fuzz tests."""

from __future__ import annotations

import os
import re

from hypothesis import HealthCheck, settings

from companion.core.errors import JournalError
from companion.engine.gnav.journal import replay

from .journals import line_count

LINE = re.compile(r"line (\d+): \S")


def fuzz(max_examples: int) -> settings:
    """Few enough examples for the whole folder to run in about a minute on two cores; CI
    runs the same examples every time (a failure there is reproducible)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=bool(os.environ.get("CI")),
        suppress_health_check=[
            HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
    )


def lines_of(data: bytes | str, count: int) -> bytes | str:
    """The first `count` lines of the file, as the same type."""
    if isinstance(data, bytes):
        return b"\n".join(data.split(b"\n")[:count])
    return "\n".join(data.split("\n")[:count])


def header_line(data: bytes | str) -> int:
    """The header's line number: the first line that is not blank, blank lines before it
    counted (journal-v2 section 2); a file of blank lines has its header missing at line 1."""
    lines = data.split(b"\n") if isinstance(data, bytes) else data.split("\n")
    for number, raw in enumerate(lines, 1):
        if number == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf" if isinstance(raw, bytes) else "\ufeff")
        if raw.strip():
            return number
    return 1


def check_error(err: JournalError, data: bytes | str) -> None:
    """A clean refusal: "line N: reason", N a line of the file, and N the first bad line:
    the lines before it replay, and the file cut after it is refused with the same words."""
    text = str(err)
    found = LINE.match(text)
    assert found, f"no 'line N: reason': {text!r}"
    assert int(found.group(1)) == err.line
    assert text == f"line {err.line}: {err.reason}"
    assert 1 <= err.line <= line_count(data), f"line {err.line} of {line_count(data)}"
    before = lines_of(data, err.line - 1)
    # lines before the header are blank (journal-v2 section 2 lets a version 2 header come
    # after blank lines): on their own they are an empty journal, not a good start
    if err.line > 1 and before.strip():
        try:
            replay(before)
        except JournalError as earlier:
            raise AssertionError(f"line {earlier.line} was bad before line {err.line}") from None
    try:
        replay(lines_of(data, err.line))
    except JournalError as again:
        # a blank line 1 is refused as such, but on its own the file reads as empty
        assert str(again) == text or (again.line == err.line == 1), (str(again), text)
    else:
        raise AssertionError(f"line {err.line} is not what made the file bad: {text}")


def expect(data: bytes | str) -> JournalError | None:
    """The engine's verdict, which import and `replay` must both follow."""
    try:
        replay(data)
    except JournalError as err:
        check_error(err, data)
        return err
    return None
