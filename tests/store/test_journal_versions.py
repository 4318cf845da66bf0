"""Every valid journal, version 1 or 2, kept by the store and followed by the boards means what
`replay` says it means (docs/journal.md, v2 section 1: "A version 1 journal is read exactly as
version 1 (above) says"; a version 2 journal's events, `query` among them, are read as version 2).
The store, a reopened store and the spectators' board reader each read the journal's own lines;
each must reach the state the scenario journal's expected output gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.board.reader import BoardReader
from companion.store import Store

OK = Path(__file__).resolve().parents[1] / "journals" / "ok"
JOURNALS = sorted(OK.glob("*.jsonl"))


@pytest.mark.parametrize("journal", JOURNALS, ids=[p.stem for p in JOURNALS])
def test_the_store_and_the_boards_read_a_journal_as_replay_does(journal: Path,
                                                                 tmp_path: Path) -> None:
    expected = json.loads(journal.with_suffix(".expected.json").read_text(encoding="utf-8"))
    data = tmp_path / "data"
    with Store(data) as store:
        game = store.import_journal(journal.read_bytes())
        assert game.state.as_json() == expected
        game_id = game.id
    with Store(data) as store:
        assert store.open_game(game_id).state.as_json() == expected
    reader = BoardReader(data)
    try:
        followed = reader.game(game_id)
        assert followed is not None
        assert followed.state.as_json() == expected
    finally:
        reader.close()


def test_version_2_journals_are_among_them() -> None:
    assert any('"query"' in p.read_text(encoding="utf-8") for p in JOURNALS)
