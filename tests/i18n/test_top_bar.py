"""A table's four tools fit the narrowest phone in every language (issue 24, item 1: "Where a
fix makes a button longer (Rückgängig, Ongedaan maken), check the top bar at a 360 px phone ...
and shorten by design (icons with labels beneath, a menu for the rarely used) rather than by a
wrong word"): on a phone each tool's word stands beneath its icon, in the small size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.app import App, Games
from companion.i18n import LANGUAGES, Tr
from companion.views.theme import BODY, TEXT_SPACING, text_width

from ..views.helpers import text_of, walk

NARROWEST = 360  # logical pixels: the narrowest phone held upright
VIEW_PADDING = 12  # the table screen's, each side
SEATS = '["Ann", "Bo", "Cy"]'
HEADERS = {
    "gnav": '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
            '"each": 3}, "seats": ' + SEATS + ', "dealer": "Ann"}',
    "kille": '{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille", '
             '"stakes": {"kind": "stake", "rebuys": 3}, "seats": ' + SEATS + ', "dealer": "Ann"}',
    "gwra-pyskessa": '{"ev": "table", "version": 2, "game": "gwra-pyskessa", '
                     '"rules": "kernewek", "seats": ' + SEATS + ', "dealer": "Ann"}',
}


def tool_width(tool: Any) -> float:
    """What a tool takes of its row: its word (or its icon, if wider) and its padding."""
    words = [c for c in walk(tool.content) if isinstance(c, ft.Text)] \
        if isinstance(tool.content, ft.Control) else []
    size = words[0].size if words else BODY
    icon = 22 if words else (26 if tool.icon else 0)
    beside = 8 + icon if tool.icon and not words else 0
    padding = tool.style.padding
    return max(icon, text_width(text_of(tool), size, TEXT_SPACING) + beside) \
        + padding.left + padding.right


@pytest.mark.parametrize("game", sorted(HEADERS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tables_four_tools_fit_a_360_px_phone_in_every_language(
        tmp_path: Path, lang: str, game: str) -> None:
    app = App(Games(tmp_path))
    app.width, app.height = NARROWEST, 740
    app.start("/")
    app.set_language(lang)
    table = app.store.import_journal(HEADERS[game] + "\n")
    app.go(f"/game/{table.id}")
    screen = app.screen
    row = next(c for c in walk(screen.view) if isinstance(c, ft.Row)
               and screen.undo_button in c.controls)
    tr = Tr(lang)
    assert [text_of(t) for t in row.controls] == [tr("Undo"), tr("Redo"), tr("History"),
                                                  tr("Tables")]
    widths = [tool_width(t) for t in row.controls]
    assert sum(widths) <= NARROWEST - 2 * VIEW_PADDING, dict(zip(
        [text_of(t) for t in row.controls], [round(w) for w in widths], strict=True))
