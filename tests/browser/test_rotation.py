"""Turning a phone or a tablet never loses what the referee typed (issue 12, item 1): the new
table's players, the name being typed and the stakes stay through every turn of the screen."""

from __future__ import annotations

import re

import pytest
from browser_ui import (
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    add_players,
    button,
    open_tables,
    reach,
    stored_game,
    tap,
    type_into,
)
from playwright.sync_api import Page

from companion.engine.gnav import Stakes, Table, journal_version_for

TURNS = {
    "phone upright, then sideways": (PHONE_UPRIGHT, PHONE_SIDEWAYS),
    "phone sideways, then upright": (PHONE_SIDEWAYS, PHONE_UPRIGHT),
    "tablet, then a phone's width": (TABLET, PHONE_UPRIGHT),
}


@pytest.mark.parametrize("sizes", TURNS.values(), ids=list(TURNS))
def test_turning_the_screen_on_new_table_keeps_every_player(
        page: Page, server: AppServer, sizes: tuple[dict[str, int], dict[str, int]]) -> None:
    first, turned = sizes
    page.set_viewport_size(first)
    open_tables(page, server.url)
    tap(page, "New table")
    add_players(page, ["Ann", "Bo", "Cy"])
    # below the game's choice on a phone: the finger scrolls to the field first
    reach(page, page.get_by_role("textbox", name="Counters each"))
    type_into(page, "Counters each", "2")
    page.wait_for_timeout(500)  # the typed stakes reach the app before the turn

    page.set_viewport_size(turned)
    page.wait_for_timeout(1500)  # the resize reaches the app, which may build the screen anew
    for name in ("Ann", "Bo", "Cy"):
        button(page, f"Remove {name}").wait_for(state="attached", timeout=5_000)
    page.set_viewport_size(first)
    page.wait_for_timeout(1500)
    for name in ("Ann", "Bo", "Cy"):
        button(page, f"Remove {name}").wait_for(state="attached", timeout=5_000)
    tap(page, "Start game")
    button(page, "Undo").wait_for(state="attached")
    page.wait_for_url(re.compile(r"/game/\d+$"))
    # a damm table is written in journal version 2 (its dealer may ask about the other fool)
    assert stored_game(page, server.data_dir).table == journal_version_for(Table(
        rules="damm", stakes=Stakes("counters", 2), seats=("Ann", "Bo", "Cy"), dealer=None))
