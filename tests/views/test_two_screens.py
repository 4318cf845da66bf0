"""Two sessions on one table (the referee link handed to a second device, or a second tab):
what one taps, the other shows at once, so neither offers a move the game has moved past;
"Next round" puts the settlement away on every screen of the table, though it is no event."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.gnav import Stakes, Table
from companion.views.shell.table import TableScreen
from tests.family import FAMILY_GAMES

from .helpers import buttons, identified, tap, texts
from .test_family_screens import new_family_table


def open_both(tmp_path: Path) -> tuple[App, App, int]:
    games = Games(tmp_path)
    first, second = App(games), App(games)
    game = games.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                         seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    for app in (first, second):
        app.start("/")
        app.go(f"/game/{game.id}")
        assert isinstance(app.screen, TableScreen)
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


def at_the_settlement(screen: TableScreen) -> None:
    """Dealt, every seat standing, each seat's piece picked and settled on this screen."""
    tap(screen.view, "Deal")
    while screen.state.phase == "turns":
        tap(screen.view, "Stand")
    picker = screen.parts.picker
    assert picker is not None and screen.state.phase == "reveal"
    pieces = [piece for piece, _count in picker.pack]
    for seat, piece in zip(picker.seats, pieces, strict=False):
        picker.select(seat)
        picker.pick(piece)
    tap(screen.view, "Settle")
    assert "Next round" in buttons(screen.view)


def phase_of(app: App) -> list[str]:
    return texts(identified(app.screen.view, "phase"))


def test_next_round_on_one_screen_puts_the_settlement_away_on_every_screen(
        tmp_path: Path) -> None:
    """Two screens of one table show the same moment: the settlement put away on one is put
    away on the other, and a screen opened on the table afterwards opens past it."""
    first, second, game_id = open_both(tmp_path)
    at_the_settlement(first.screen)
    assert phase_of(second) == ["Round 1 settled"]
    sent: list[object] = []
    second.refresh = lambda *controls: sent.append(controls)  # type: ignore[method-assign]
    tap(first.screen.view, "Next round")
    assert phase_of(first) == ["Bo deals round 2"]
    assert sent, "the second screen was not redrawn"
    assert "Next round" not in buttons(second.screen.view)
    assert phase_of(second) == ["Bo deals round 2"]
    third = App(first.games)
    third.start(f"/game/{game_id}")
    assert phase_of(third) == ["Bo deals round 2"]
    # the journal has no word of it: the settlement is a moment of the screens
    assert '"next' not in first.store.export_journal(game_id)


def test_undo_and_redo_of_the_reveal_after_next_round_show_alike_on_both_screens(
        tmp_path: Path) -> None:
    first, second, _ = open_both(tmp_path)
    at_the_settlement(first.screen)
    tap(first.screen.view, "Next round")
    tap(second.screen.view, "Undo")  # the reveal: its picker, on both
    for app in (first, second):
        assert app.screen.state.phase == "reveal" and "Settle" in buttons(app.screen.view)
    tap(first.screen.view, "Redo")  # the settlement stays put away, as it did on one screen
    for app in (first, second):
        assert phase_of(app) == ["Bo deals round 2"]


def test_a_reveal_corrected_after_next_round_shows_its_own_settlement_on_both_screens(
        tmp_path: Path) -> None:
    """The referee taps Next round, sees a piece was picked wrong, undoes the reveal and
    settles it again with other pieces: the corrected settlement is shown (a plain redo, above,
    stays put away)."""
    first, second, _ = open_both(tmp_path)
    at_the_settlement(first.screen)
    tap(first.screen.view, "Next round")
    tap(second.screen.view, "Undo")
    picker = second.screen.parts.picker
    assert picker is not None
    pieces = [piece for piece, _count in picker.pack]
    for seat, piece in zip(picker.seats, reversed(pieces), strict=False):  # other pieces
        picker.select(seat)
        picker.pick(piece)
    tap(second.screen.view, "Settle")
    for app in (first, second):
        assert phase_of(app) == ["Round 1 settled"]
        assert "Next round" in buttons(app.screen.view)


def test_undo_and_redo_of_the_reveal_before_next_round_show_the_settlement_on_both(
        tmp_path: Path) -> None:
    first, second, _ = open_both(tmp_path)
    at_the_settlement(first.screen)
    tap(second.screen.view, "Undo")
    tap(second.screen.view, "Redo")
    for app in (first, second):
        assert phase_of(app) == ["Round 1 settled"]
        assert "Next round" in buttons(app.screen.view)


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_next_round_puts_a_family_tables_settlement_away_on_every_screen(
        tmp_path: Path, game: str) -> None:
    games = Games(tmp_path)
    first, second = App(games), App(games)
    first.start("/")
    table = new_family_table(first, game)
    second.start(f"/game/{table.game.id}")
    assert isinstance(second.screen, TableScreen)
    at_the_settlement(first.screen)
    assert "Next round" in buttons(second.screen.view)
    tap(first.screen.view, "Next round")
    assert "Next round" not in buttons(second.screen.view)
    assert phase_of(second) == phase_of(first)
    assert "Deal" in buttons(second.screen.view)
    third = App(games)
    third.start(f"/game/{table.game.id}")
    assert "Next round" not in buttons(third.screen.view)
    assert phase_of(third) == phase_of(first)


def test_back_from_the_history_the_table_is_past_the_settlement_it_put_away(
        tmp_path: Path) -> None:
    """One screen leaving the table and coming back is a screen opened later: Next round
    holds (it showed the settlement again), and through a language switch as it did."""
    first, _second, game_id = open_both(tmp_path)
    at_the_settlement(first.screen)
    tap(first.screen.view, "Next round")
    first.go(f"/game/{game_id}/history")
    first.go(f"/game/{game_id}")
    assert phase_of(first) == ["Bo deals round 2"]
    first.set_language("da", remember=False)
    assert phase_of(first) == [first.tr("{dealer} deals round {round}", dealer="Bo", round=2)]
    assert phase_of(first) != ["Bo deals round 2"]  # told in Danish, past the settlement
