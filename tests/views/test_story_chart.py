"""The story of the game on every table's game over panel and History page (issue 26, item 3:
"each seat's counters, strokes, lives or stake after every round as a line chart, on the game
over panel and the History page"), offered by the one shell and the shared history code, so
every game has it. It is a tap away, in a dialog: on the game over panel beside Rematch, so
that Rematch stays under the headline (issue 23, item 6) and a tablet's panel, which does not
scroll, does not run off the screen; over History, so that a long game's History still opens
at a page's cost (tests/views/test_family_history_scale.py)."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.app import App, Games
from companion.views.shell.table import TableScreen

from .helpers import buttons, identified, tap, text_of, walk

JOURNALS = Path(__file__).parent.parent / "records" / "journals"
GAMES = ["gnav-damm-shared-win", "kille-hussar", "cuccu-cat", "slabberjan-side-pot",
         "vogelspiel-witch", "gwra-pyskessa-tie-break"]


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


@pytest.mark.parametrize("name", GAMES)
def test_every_games_over_panel_and_history_tell_the_story_of_the_game(
        app: App, name: str) -> None:
    game = app.store.import_journal((JOURNALS / f"{name}.jsonl").read_bytes())
    app.go(f"/game/{game.id}")
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.game.state.phase == "over"
    order = [text_of(c) for c in walk(screen.own)
             if isinstance(c, (ft.Text, ft.FilledButton, ft.Button, ft.OutlinedButton))]
    # Rematch first under the headline, the story beside it
    assert order.index("Rematch") < order.index("The story of the game")
    tap(screen.own, "The story of the game")
    chart = identified(app.dialog, "story-chart")
    assert "The story of the game" in (chart.label or "")
    app.close_dialog()
    app.go(f"/game/{game.id}/history")
    tap(app.screen.view, "The story of the game")  # type: ignore[attr-defined]
    assert "The story of the game" in (identified(app.dialog, "story-chart").label or "")


def test_a_history_before_anything_happened_offers_no_story(app: App) -> None:
    game = app.store.import_journal((JOURNALS / "kille-hussar.jsonl").read_text()
                                    .split("\n", 1)[0] + "\n")
    app.go(f"/game/{game.id}/history")
    assert "The story of the game" not in buttons(app.screen.view)  # type: ignore[attr-defined]
