"""A journal cut off or damaged after its header (issue 6, Corruption): the tables screen says
what is wrong on which line, stores nothing, and offers to keep the events before that line;
keeping them saves the file as it came in the data folder and imports the good part."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.gnav.journal import replay
from companion.views.tables import TablesScreen

from .helpers import buttons, tap

HEADER = ('{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
          '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}\n')
GOOD = '{"ev": "deal"}\n{"ev": "stand", "seat": "Bo"}\n{"ev": "change", "seat": "Cy"}\n'
CUT = HEADER + GOOD + '{"ev": "reply", "fr'  # the file ends in the middle of line 5


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def damaged_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("imported-journal.damaged-*.jsonl"))


def test_a_journal_cut_mid_line_is_refused_then_its_good_part_kept(
        app: App, tmp_path: Path) -> None:
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tap(tables.view, "Import journal")
    tables.import_file(CUT.encode())
    assert tables.import_error.visible and tables.import_error.value.startswith("line 5: ")
    assert app.store.list_games() == [] and damaged_files(tmp_path) == []
    assert "Keep the events before line 5" in buttons(tables.view)

    tap(tables.view, "Keep the events before line 5")
    games = app.store.list_games()
    assert len(games) == 1
    assert app.store.export_journal(games[0].id) == HEADER + GOOD
    assert replay(HEADER + GOOD)[2].phase == "asking"
    kept = damaged_files(tmp_path)
    assert [f.read_bytes() for f in kept] == [CUT.encode()]  # the file exactly as it came
    notice = tables.notice.value
    assert tables.notice.visible and "\n" not in notice
    assert notice.startswith("Line 5 of the journal was cut off or damaged")
    assert "3 events before it" in notice and str(kept[0]) in notice
    assert f"game {games[0].id}" in notice
    assert not tables.recover_button.visible and not tables.import_error.visible


def test_no_keep_offered_for_a_bad_header_or_a_good_retry(app: App) -> None:
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tap(tables.view, "Import journal")
    tables.import_field.value = '{"ev": "table", "vers'
    tap(tables.view, "Import")
    assert tables.import_error.value.startswith("line 1: ")
    assert not tables.recover_button.visible  # nothing before line 1 to keep
    tables.import_file(CUT.encode())
    assert tables.recover_button.visible
    tap(tables.view, "Cancel")
    assert not tables.recover_button.visible and tables.damaged is None
    assert app.store.list_games() == []


def test_the_offer_and_the_notice_in_norwegian(app: App) -> None:
    app.set_language("nb")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tables.show_import()
    tables.import_file(CUT.encode())
    offer = tables.recover_button.content
    assert isinstance(offer, str) and "5" in offer
    assert offer != "Keep the events before line 5"  # translated
    tap(tables.view, offer)
    assert len(app.store.list_games()) == 1
    notice = tables.notice.value
    assert notice.startswith("Linje 5") and "The journal as it came" not in notice
