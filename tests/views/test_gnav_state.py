"""The Gnav screens read Gnav's own fields, which the seam's GameState does not declare: they
narrow the state in one place, and a game of another kind gets a clear error there rather than
an AttributeError deep in a screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.gnav import Stakes, Table, TableState
from companion.store import Store
from companion.views.gnav import gnav_state


class OtherGame:
    """A stand-in for another kind's state: what the seam declares, and no Gnav fields."""

    phase, round, names, winners = "dealing", 1, ("Ann", "Bo"), ()


def test_a_gnav_table_gives_its_table_state(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo", "Cy"), dealer="Ann"))
        state = gnav_state(game)
        assert isinstance(state, TableState) and state is game.state
        assert state.table.rules == "damm"


def test_another_kind_of_game_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo", "Cy"), dealer="Ann"))
        game.state = OtherGame()  # type: ignore[assignment]
        with pytest.raises(TypeError, match=f"table {game.id} is a OtherGame, not a Gnav"):
            gnav_state(game)
