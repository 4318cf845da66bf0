"""Two sessions on one table (the referee link handed to a second device, or a second tab):
what one taps, the other shows at once, so neither offers a move the game has moved past."""

from __future__ import annotations

from pathlib import Path

from companion.app import App, Games
from companion.engine import Stakes, Table
from companion.views.table import GameScreen

from .helpers import buttons, tap, texts


def open_both(tmp_path: Path) -> tuple[App, App, int]:
    games = Games(tmp_path)
    first, second = App(games), App(games)
    game = games.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                         seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    for app in (first, second):
        app.start("/")
        app.go(f"/game/{game.id}")
        assert isinstance(app.screen, GameScreen)
    return first, second, game.id


def test_a_tap_on_one_screen_redraws_the_other(tmp_path: Path) -> None:
    first, second, _ = open_both(tmp_path)
    assert "Deal" in buttons(second.screen.view)
    sent: list[object] = []
    second.refresh = lambda *controls: sent.append(controls)  # type: ignore[method-assign]
    tap(first.screen.view, "Deal")
    assert sent and sent[-1], "the second screen was not redrawn"
    assert "Deal" not in buttons(second.screen.view)
    assert "Stand" in buttons(second.screen.view)
    assert any("Changed on another screen." in t for t in texts(second.screen.view))
    tap(second.screen.view, "Stand")  # the second device plays on from where the game is
    assert first.screen.state.turn == first.screen.state.names.index("Cy")
    assert "Stand" in buttons(first.screen.view)
    tap(first.screen.view, "Undo")
    assert second.screen.state.turn == second.screen.state.names.index("Bo")


def test_a_screen_elsewhere_is_left_alone(tmp_path: Path) -> None:
    first, second, _ = open_both(tmp_path)
    second.go("/")
    before = second.screen
    tap(first.screen.view, "Deal")
    assert second.screen is before  # the tables list is not a table: nothing to redraw
