"""The money a family table keeps, on its screens (issue 23, items 1 and 2): Kille's and
Cuccù's pot, Cuccù's money per seat, Slabberjan's pool and side pot, on the table, in the
settlement, at the game's end, in History, on the board and in the result to take home; and
the standings by the order of going out, not by seat order."""

from __future__ import annotations

import flet as ft

from companion.app import App
from companion.engine.cuckoo.narrate import board_state, result_text
from companion.views.family_pages import FamilyHistoryScreen
from companion.views.shell.table import TableScreen

from ..engine.family_helpers import header, play
from .helpers import every_control, identified, tap, text_of, texts, walk
from .test_family_screens import app, new_family_table, play_cuccu_to_the_end, press, reveal, state

__all__ = ["app"]  # the fixture, used by name


def over_texts(screen: TableScreen) -> list[str]:
    return texts(screen.own)


def test_kille_standings_go_by_the_order_of_going_out_and_the_winner_takes_the_pot(
        app: App) -> None:
    """kille.md house default 13: "the last seat entitled to the pot takes it". Cy dies first,
    then Ann, then Dag: the standings read Bo, Dag, Ann, Cy (they read Bo, Ann, Cy, Dag in seat
    order), and the game over says what Bo won: the four stakes of the pot."""
    screen = new_family_table(app, "kille", seats=("Ann", "Bo", "Cy", "Dag"))
    for loser in ("Cy", "Ann", "Dag"):
        tap(screen.view, "Deal")
        while state(screen).phase == "turns":
            tap(screen.view, "Stand")
        alive = [n for i, n in enumerate(state(screen).names) if not state(screen).out[i]]
        high = iter(("12", "11", "10"))
        reveal(screen, **{n: ("mask" if n == loser else next(high)) for n in alive})
        tap(screen.view, "Next round")
        tap(screen.view, f"{loser} out: buy back in?")
        press(app, "Stays out")
    st = state(screen)
    assert st.phase == "over"
    lines = result_text(st).split("\n")
    assert lines[lines.index("Standings:") + 1:] == [
        "1. Bo: in the pot (wins)", "2. Dag: out", "3. Ann: out", "4. Cy: out"]
    assert "Bo won the pot: 4 stakes." in lines and "Pot: 4" in lines
    shown = over_texts(screen)
    assert "Bo won the pot: 4 stakes." in shown
    names = [t for t in shown if t[:2] in ("1.", "2.", "3.", "4.")]
    assert names == ["1. Bo", "2. Dag", "3. Ann", "4. Cy"]


def test_cuccu_shows_the_pot_and_each_seats_money_everywhere(app: App) -> None:
    """cuccu.md rule 3: "the app keeps each seat's money in stake units ... and the pot"; rule
    13: the last seat in takes the pot. On the table (the pot in the middle, each seat's money
    in its words), in the settlement, at the game's end, in History and on the board."""
    screen = new_family_table(app, "cuccu", seats=("Ann", "Bo"))
    assert texts(identified(screen.view, "pool")) == ["Pot 2"]
    assert "money −1" in (identified(screen.view, "seat-Ann").label or "")
    tap(screen.view, "Deal")
    while state(screen).phase == "turns":
        tap(screen.view, "Stand")
    reveal(screen, Ann="1", Bo="2")
    assert "Pot: 2" in texts(identified(screen.view, "settlement"))
    app.go("/")
    screen = play_cuccu_to_the_end(app)
    shown = over_texts(screen)
    assert "Bo won the pot: 2 stakes." in shown and "Pot: 2" in shown
    assert any("money −1" in t for t in shown)
    lines = result_text(state(screen)).split("\n")
    assert "Bo won the pot: 2 stakes." in lines and "Pot: 2" in lines
    assert board_state(state(screen))["money"] == ["Pot: 2"]
    app.go(f"/game/{screen.game.id}/history")
    assert isinstance(app.screen, FamilyHistoryScreen)
    assert any("Pot: 2" in t for t in texts(app.screen.view))


def test_slabberjans_side_pot_is_kept_apart_and_shown() -> None:
    """slabberjan.md rule 9: "The side pot is kept apart and counted": the table's middle, the
    settlement's money line, the board and the result show it beside the pool."""
    st = play(header("slabberjan", "dewaal"))
    from companion.engine.cuckoo.narrate import pot_lines
    from companion.views.cuckoo.seats import PoolView
    assert pot_lines(st) == ["Pool: 0", "Side pot: 0"]
    assert board_state(st)["money"] == ["Side pot: 0"]
    pool = PoolView()
    pool.set_mode("full", None)
    pool.show(st)
    assert pool.text.value == "Pool 0 · side pot 0"


def test_rematch_is_under_the_headline_above_the_standings(app: App) -> None:
    """Issue 23, item 6: on a phone Rematch needed a scroll past every standing; it is the
    first thing after the headline now."""
    screen = play_cuccu_to_the_end(app)
    order = [text_of(c) for c in walk(screen.own)
             if isinstance(c, (ft.Text, ft.FilledButton, ft.Button, ft.OutlinedButton))]
    assert "Rematch" in order
    assert order.index("Rematch") < order.index("Game over after 3 rounds.")
    assert order.index("Rematch") < order.index("Standings")


def test_a_squeezed_table_keeps_the_pot_off_the_seats() -> None:
    """Issue 23, item 6: under a phone's settlement the table is squeezed to two rows of seats
    and the pot in the middle covered a seat; the middle now holds what fits, else nothing."""
    from companion.views.cuckoo.seats import PoolView, SeatTile
    from companion.views.shell.parts import Face
    from companion.views.shell.ring import Table, layout

    names = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro")
    for height in (120, 140, 150, 170, 300):
        tiles: list[Face] = [SeatTile(n) for n in names]
        pool = PoolView()
        table, _scrolls, ringed = layout(tiles, pool, 366, height, compact=True,
                                         direction="left", words="")
        assert ringed
        assert isinstance(table, Table)
        middle = table.controls[-1]  # the middle of the table, drawn last
        holds_pool = pool.control in every_control(middle)
        # the pool is in the middle only where the middle has the room for it
        assert isinstance(middle, ft.Container)
        assert not holds_pool or (middle.height or 0) >= 28, height
