"""New table: the seating order follows a drag (the list's reorder event), and the table is
made in that order."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from companion.app import App, Games
from companion.views.new_table import ROW_HEIGHT, NewTableScreen


def test_a_dragged_player_takes_its_new_place(tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    app.start("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in ("Ann", "Bo", "Cy", "Dag"):
        screen.name_field.value = name
        screen.add_player()
    assert screen.player_list.height == 4 * ROW_HEIGHT  # every row shown, nothing to scroll
    screen.reordered(SimpleNamespace(old_index=3, new_index=0))
    assert screen.players == ["Dag", "Ann", "Bo", "Cy"]
    screen.reordered(SimpleNamespace(old_index=1, new_index=3))
    assert screen.players == ["Dag", "Bo", "Cy", "Ann"]
    screen.reordered(SimpleNamespace(old_index=None, new_index=2))  # a drag that ended nowhere
    assert screen.players == ["Dag", "Bo", "Cy", "Ann"]
    assert [c.key for c in screen.player_list.controls] == [
        "player-dag", "player-bo", "player-cy", "player-ann"]
    assert screen.header().seats == ("Dag", "Bo", "Cy", "Ann")
