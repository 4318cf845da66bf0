"""The story of the game on every table's game over panel and History page (issue 26, item 3:
"each seat's counters, strokes, lives or stake after every round as a line chart, on the game
over panel and the History page"), drawn by the one shell and the shared history code, so
every game has it. On the game over panel it is a tap away, in a dialog beside Rematch, so
that Rematch stays under the headline (issue 23, item 6) and a tablet's panel, which does not
scroll, does not run off the screen."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.app import App, Games
from companion.views.shell.table import TableScreen

from .helpers import identified, tap, text_of, walk

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
    app.go(f"/game/{game.id}/history")
    assert "The story of the game" in (identified(app.screen.view, "story-chart").label or "")  # type: ignore[attr-defined]


def test_a_history_before_the_first_round_has_no_empty_chart(app: App) -> None:
    game = app.store.import_journal((JOURNALS / "kille-hussar.jsonl").read_text()
                                    .split("\n", 1)[0] + "\n")
    app.go(f"/game/{game.id}/history")
    with pytest.raises(AssertionError):
        identified(app.screen.view, "story-chart")  # type: ignore[attr-defined]
