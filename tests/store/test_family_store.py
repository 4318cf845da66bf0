"""The family's tables in the store (issue 14, item 4): made from the kind's header, their
journal exported and imported unchanged, and a damaged games file recovered from the journal
files with every event, as Gnav's are."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.cuckoo.events import Change, Deal, FamilyReply, Stand
from companion.engine.registry import parse_header
from companion.store import DB_NAME, Store

HEADERS = {
    "kille": {"rules": "oberg", "stakes": {"kind": "stake", "rebuys": 2}},
    "cuccu": {"rules": "stu", "stakes": {"kind": "lives", "each": 3, "reentry": False}},
    "slabberjan": {"rules": "dewaal", "stakes": {"kind": "counters", "each": 5},
                   "house": {"credit": "everyone"}},
    "vogelspiel": {"rules": "salzburg", "stakes": {"kind": "lives", "each": 4}},
}


@pytest.mark.parametrize("game", HEADERS)
def test_a_family_table_survives_export_import_and_a_damaged_file(tmp_path: Path,
                                                                   game: str) -> None:
    _kind, header = parse_header({"ev": "table", "version": 2, "game": game,
                                  "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann",
                                  **HEADERS[game]})
    folder = tmp_path / "data"
    with Store(folder) as store:
        made = store.create_table(header)
        made.apply(Deal())
        first = made.state.turn_name or ""
        made.apply(Change(first))
        asked = made.state.asked_name or ""
        made.apply(FamilyReply(asked, "none"))
        made.apply(Stand(made.state.turn_name or ""))
        want, text = made.state.as_json(), store.export_journal(made.id)
    assert text.splitlines()[0].startswith(f'{{"ev": "table", "version": 2, "game": "{game}"')
    with Store(tmp_path / "other") as other:
        imported = other.import_journal(text)
        assert other.export_journal(imported.id) == text
        assert imported.state.as_json() == want
    (folder / DB_NAME).write_bytes(b"not a games file any more\n" * 400)
    with Store(folder) as store:
        assert store.recovery_notice is not None and "1 game with 4 events" in str(
            store.recovery_notice)
        (summary,) = store.list_games()
        recovered = store.open_game(summary.id)
        assert recovered.state.as_json() == want
        assert store.export_journal(recovered.id) == text
