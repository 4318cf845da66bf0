"""A Kille and a Cuccù table made and a round played through the UI alone (issue 14, item 2),
on a phone (412 x 915) and a tablet (1280 x 800): the game chosen on New table, the answers
the game's calls in its own words with the translation beside, Cuccù's Inn sold in its
dialog, the reveal with the game's pack, the settlement told in the banner."""

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
    hook_text,
    open_tables,
    phase,
    reveal,
    tap,
    tap_and_wait,
    tap_until,
    type_into,
)
from playwright.sync_api import Page

SIZES = {"phone": PHONE_UPRIGHT, "tablet": TABLET}


def new_family_table(page: Page, game: str, players: list[str]) -> None:
    tap(page, "New table")
    choose(page, game)
    add_players(page, players)
    choose(page, f"Dealer {players[0]}")
    tap(page, "Start game")
    button(page, "Undo").wait_for(state="attached")
    page.wait_for_url(re.compile(r"/game/\d+$"))


@pytest.mark.parametrize("size", SIZES)
def test_a_kille_round_is_played_through_the_screen(page: Page, server: AppServer,
                                                    size: str) -> None:
    page.set_viewport_size(SIZES[size])
    open_tables(page, server.url)
    new_family_table(page, "Kille", ["Ann", "Bo", "Cy"])
    assert phase(page) == "Ann deals round 1"
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Change") == "Bo asks Cy to change. Cy answers:"
    # the calls in Swedish, our English beside
    button(page, "«Kuku står, ingen byta får!» Cuckoo stands, nobody may swap!").wait_for(
        state="attached")
    assert tap_and_wait(page, "Swap") == "Cy's turn"
    assert tap_and_wait(page, "Stand") == "Ann's turn"
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "Harlequin", "Bo": "5", "Cy": "Mask"})
    assert "Dead this deal: Cy." in hook_text(page, "settlement")
    assert "out" in hook_text(page, "seat-Cy")
    assert phase(page) == "Round 1 settled"
    assert tap_and_wait(page, "Next round") == "Bo deals round 2"


@pytest.mark.parametrize("size", SIZES)
def test_a_cuccu_round_with_the_inn_sold(page: Page, server: AppServer, size: str) -> None:
    page.set_viewport_size(SIZES[size])
    open_tables(page, server.url)
    new_family_table(page, "Cuccù", ["Ann", "Bo", "Cy"])
    assert tap_and_wait(page, "Deal") == "Cy's turn"  # to the right
    assert tap_and_wait(page, "Change") == "Cy asks Bo to change. Bo answers:"
    tap_until(page, "«Fermatevi alquanto!» Stop a while!",
              page.get_by_role("textbox", name="Price offered"))
    type_into(page, "Price offered", "2")
    assert tap_and_wait(page, "Sold") == "Bo's turn"
    assert "Cy buys the swap for 2." in hook_text(page, "banner")
    assert tap_and_wait(page, "Change") == "Bo asks Ann to change. Ann answers:"
    assert tap_and_wait(page, "«Bum!» Bang!") == "Ann's turn"
    assert "2 lives" in hook_text(page, "seat-Bo")
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "Cuckoo", "Bo": "7", "Cy": "1"})
    # the settlement's panel tells it in full
    assert "Lost" not in hook_text(page, "settlement")
    assert "Cy loses a life." in hook_text(page, "settlement")
    assert "2 lives" in hook_text(page, "seat-Cy")
