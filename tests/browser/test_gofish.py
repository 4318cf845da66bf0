"""Gwra pyskessa in the browser (issue 15): New table makes one, and the referee plays asks, a
catch, a go-fish, a set and an undo at a phone's and a tablet's size."""

from __future__ import annotations

import re

import pytest
from browser_ui import (
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    add_players,
    button,
    choose,
    open_tables,
    stored_game,
    tap,
    wait_text,
)
from playwright.sync_api import Page


def new_gofish_table(page: Page, url: str, size: dict[str, int], players: list[str]) -> None:
    """From the tables screen: Gwra pyskessa, these players, the first one deals."""
    page.set_viewport_size(size)
    open_tables(page, url)
    tap(page, "New table")
    choose(page, "Gwra pyskessa")
    add_players(page, players)
    choose(page, f"Dealer {players[0]}")
    tap(page, "Start game")
    button(page, "Deal").wait_for(state="attached")
    page.wait_for_url(re.compile(r"/game/\d+$"))


@pytest.mark.parametrize("size", (PHONE_UPRIGHT, TABLET),
                         ids=lambda s: f"{s['width']}x{s['height']}")
def test_asks_a_go_fish_a_set_and_undo(page: Page, server: AppServer,
                                       size: dict[str, int]) -> None:
    new_gofish_table(page, server.url, size, ["Ann", "Pol", "Joe"])
    game = stored_game(page, server.data_dir)
    assert game.table.game == "gwra-pyskessa" and game.table.version == 2
    tap(page, "Deal")
    wait_text(page, "Pol, whom do you ask?")
    tap(page, "Ann")
    tap(page, "Ask for Seyth")
    wait_text(page, "«Ann, eus seyth genes?»")
    tap(page, "Gives 2 cards")
    wait_text(page, "Ann gives Pol 2 cards: Pol asks again.")
    tap(page, "Joe")
    tap(page, "Ask for Byd")
    wait_text(page, "«Joe, eus byd genes?»")
    tap(page, "None: go fish")
    wait_text(page, "From the deck: Pol draws 1 card.")
    assert stored_game(page, server.data_dir).state.hands == [5, 10, 7]
    tap(page, "Pol lays down a set")
    tap(page, "Four Seyth")
    wait_text(page, "Pol lays down the four Seyth (sevens).")
    assert stored_game(page, server.data_dir).state.sets[1] == ["7"]
    tap(page, "Undo")
    wait_text(page, "Undid: Pol lays down the four Seyth (sevens).")
    state = stored_game(page, server.data_dir).state
    assert state.sets == [[], [], []] and state.hands == [5, 10, 7]
