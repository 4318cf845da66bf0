"""Store.import_journal and Store.recover_journal on anything at all (issue 6, item 3).

A file is either accepted, and stored as exactly the game `replay` makes of it, or refused
with a JournalError "line N: reason" naming its first bad line, and then nothing is stored and
no saved game changes. Never another exception. The saved games are compared, through the
store and through a separate connection to the file, before and after every example.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st

from companion.core.errors import JournalError
from companion.engine.gnav import CALLS, PIECES, parse_header
from companion.engine.gnav.journal import dumps, replay
from companion.store import Store

from .checks import check_error, expect, fuzz, header_line, lines_of
from .conftest import Snapshot, fill, snapshot
from .journals import (
    EVENT_NAMES,
    NAMES,
    damaged_journals,
    game_journals,
    header_obj,
    play_lines,
)

HEADER = json.dumps(header_obj(
    ["Ann", "Bo", "Cy"], "damm", {"kind": "counters", "each": 3}, "Ann"
))


@pytest.fixture(scope="module")
def before(filled_store: Store) -> Snapshot:
    return snapshot(filled_store)


def as_input(data: bytes, text: bool) -> bytes | str:
    """The file as bytes, or as the text an upload widget hands over (when it is UTF-8)."""
    if text:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    return data


def check_import(store: Store, before: Snapshot, data: bytes | str) -> None:
    verdict = expect(data)
    try:
        game = store.import_journal(data)
    except JournalError as err:
        check_error(err, data)
        assert verdict is not None, f"replay accepts the file, import refused it: {err}"
        assert str(err) == str(verdict)
        event(f"refused at line {'1' if err.line == 1 else 'N > 1'}")
    else:
        assert verdict is None, f"replay refuses the file, import stored it: {verdict}"
        table, events, state = replay(data)
        assert game.table == table and game.events == events
        assert game.state.as_json() == state.as_json()
        assert store.export_journal(game.id) == dumps(table, events)
        event("accepted")
        store.delete_game(game.id)
    assert snapshot(store) == before, "an import changed the saved games"


def check_recover(store: Store, before: Snapshot, data: bytes | str) -> None:
    verdict = expect(data)
    try:
        game, notice = store.recover_journal(data)
    except JournalError as err:
        check_error(err, data)
        # only a bad header leaves nothing to keep: every line before the refused one is blank
        # (a v2 header may follow blank lines and is refused at its own line, journal-v2 §2; a
        # v1 header belongs on line 1, which is then the line at fault)
        assert verdict is not None and verdict.line == err.line <= header_line(data), str(err)
        assert str(err) == str(verdict)
        assert snapshot(store) == before, "a refused recovery changed the saved games"
        event("refused: bad header")
        return
    event("recovered whole" if verdict is None else "recovered a part")
    if verdict is None:
        assert notice is None
        kept = data
    else:
        assert verdict.line > header_line(data), f"recovered a file whose header is bad: {verdict}"
        assert notice is not None and notice.startswith(f"Line {verdict.line} of the journal ")
        kept = lines_of(data, verdict.line - 1)
    table, events, state = replay(kept)
    assert game.table == table and game.events == events
    assert game.state.as_json() == state.as_json()
    assert store.export_journal(game.id) == dumps(table, events)
    store.delete_game(game.id)
    assert snapshot(store) == before, "a recovery changed the saved games"


# --- what to throw ----------------------------------------------------------------------------

scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=10)
    | st.sampled_from(PIECES + CALLS + EVENT_NAMES + NAMES + ("stock", "table", "damm"))
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(("ev", "seat", "from", "call", "pieces", "seats", "stakes", "rules",
                         "version", "dealer", "house")) | st.text(max_size=5),
        inner, max_size=5,
    ),
    max_leaves=12,
)


@st.composite
def json_lines(draw: st.DrawFn) -> bytes:
    """Arbitrary JSON lines, after a good header half of the time so the events are reached."""
    values = draw(st.lists(json_values, min_size=1, max_size=6))
    lines = [json.dumps(v, ensure_ascii=draw(st.booleans())) for v in values]
    if draw(st.booleans()):
        lines.insert(0, HEADER)
    return "\n".join(lines).encode("utf-8")


@st.composite
def spliced(draw: st.DrawFn) -> bytes:
    """A valid journal with raw bytes put in at one place."""
    lines = draw(game_journals())
    data = "\n".join(lines).encode("utf-8")
    # mostly among the events: the header is the easy case
    at = draw(st.integers(0, len(data)) | st.integers(len(lines[0].encode("utf-8")), len(data)))
    return data[:at] + draw(st.binary(min_size=1, max_size=6)) + data[at:]


# --- the properties ---------------------------------------------------------------------------


@fuzz(150)
@given(data=st.binary(max_size=300), text=st.booleans())
@example(data=b"", text=False)
@example(data=b"\n\n", text=True)
@example(data=b"\xef\xbb\xbf" + HEADER.encode(), text=False)
@example(data=HEADER.encode() + b"\n\xff", text=False)
@example(data=b"\n\x80", text=False)  # a blank line 1 is the first bad line, not line 2
def test_import_raw_bytes(filled_store: Store, before: Snapshot, data: bytes, text: bool) -> None:
    check_import(filled_store, before, as_input(data, text))


@fuzz(150)
@given(data=json_lines(), text=st.booleans())
def test_import_json_lines(
    filled_store: Store, before: Snapshot, data: bytes, text: bool
) -> None:
    check_import(filled_store, before, as_input(data, text))


@fuzz(400)
@given(data=damaged_journals(), text=st.booleans())
def test_import_damaged_journals(
    filled_store: Store, before: Snapshot, data: bytes, text: bool
) -> None:
    check_import(filled_store, before, as_input(data, text))


@fuzz(120)
@given(data=spliced())
def test_import_journals_with_bytes_put_in(
    filled_store: Store, before: Snapshot, data: bytes
) -> None:
    check_import(filled_store, before, data)


@fuzz(250)
@given(data=damaged_journals() | json_lines(), text=st.booleans())
@example(  # a bad header after two blank lines is refused at its own line, line 3
    data=b'\n\n{"ev": "table", "version": 2, "game": "gnav", "rules": "pagat", "stakes": '
    b'{"kind": "strokes", "limit": 3}, "seats": ["Ann", "Bo", "Cy"], "Dealer": "Cy"}\n'
    b'{"ev":"deal"}',
    text=False,
)
@example(  # a v1 header after a blank line: line 1 is at fault, it is where the header belongs
    data=b'\n{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
    b'"each": 1}, "seats": ["Ann", "Bo"], "dealer": "Ann"}\n{"ev": "deal"}',
    text=False,
)
def test_recover_damaged_journals(
    filled_store: Store, before: Snapshot, data: bytes, text: bool
) -> None:
    check_recover(filled_store, before, as_input(data, text))


def test_the_snapshot_sees_a_change(tmp_path: Path) -> None:
    """The snapshot holds the saved games (so the fuzz above compares something), and even one
    undone event redone shows in it."""
    with Store(tmp_path) as store:
        fill(store)
        first = snapshot(store)
        assert len(first.games) == 3 and first.rows[1] > 40
        assert sorted(first.redo.values()) == [0, 0, 3]
        game = store.open_game(next(i for i, n in first.redo.items() if n))
        game.redo()
        assert snapshot(store) != first


def test_a_failed_check_is_caught() -> None:
    """check_error fails on a wrong line number (past the end, or not the first bad line)."""
    data = HEADER + '\n{"ev": "deal"}\n{"ev": "stand", "seat": "Cy"}\n{"ev": "deal"}'
    with pytest.raises(AssertionError):
        check_error(JournalError(9, "made up."), data)
    with pytest.raises(AssertionError):
        check_error(JournalError(4, "Nobody can deal now."), data)  # line 3 is the first bad one
    real = expect(data)
    assert real is not None and real.line == 3



def test_recover_a_journal_cut_inside_a_name(tmp_path: Path) -> None:
    """The file ends in the middle of a two-byte letter of the last line: import refuses it
    naming that line, recovery keeps every event before it and says so in one sentence."""
    head = header_obj(["Åse", "مريم", "Bo"], "damm", {"kind": "counters", "each": 3}, "Bo")
    lines = [json.dumps(head, ensure_ascii=False), *play_lines(parse_header(head), 8, 40)]
    last = max(i for i, line in enumerate(lines) if "مريم" in line)
    lines = lines[: last + 1]
    data = "\n".join(lines).encode("utf-8")
    data = data[: data.rindex("مريم".encode()) + 1]  # half of the first Arabic letter
    with Store(tmp_path) as store:
        with pytest.raises(JournalError) as info:
            store.import_journal(data)
        assert str(info.value) == f"line {len(lines)}: the line is not UTF-8 text."
        assert store.list_games() == []
        game, notice = store.recover_journal(data)
        kept = len(lines) - 2
        assert notice == (
            f"Line {len(lines)} of the journal was cut off or damaged (the line is not UTF-8 "
            f"text), so the game was imported with the {kept} events before it and the 1 line "
            "from there on was left out."
        )
        assert store.export_journal(game.id) == "\n".join(lines[:-1]) + "\n"
        assert [g.id for g in store.list_games()] == [game.id]
