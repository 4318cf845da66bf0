"""The dealer's question about the other fool, tapped through at the table (issue 13, item 5;
gnav.md, house default 13): on the dealer's own turn the referee opens the question, taps the
table's answer, and the banner says it; asked once a round."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import (
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    button,
    new_table,
    open_tables,
    stored_game,
    tap,
    tap_and_wait,
    wait_text,
)
from playwright.sync_api import Page

from companion.engine.gnav import Query

ASK = "Ask about the other fool"


@pytest.mark.parametrize("size", (TABLET, PHONE_UPRIGHT),
                         ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_dealer_asks_about_the_other_fool_and_the_table_answers(
        page: Page, server: AppServer, data_dir: Path, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy"], rules="damm", dealer="Ann")
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert button(page, ASK).count() == 0  # only on the dealer's own turn
    tap_and_wait(page, "Stand")
    assert tap_and_wait(page, "Stand") == "Ann's turn"
    tap(page, ASK)
    wait_text(page, "Does anyone hold the other fool?")
    tap(page, "Yes")
    button(page, "Yes").wait_for(state="detached")
    wait_text(page, "Ann asked whether anyone holds the other fool: yes.")
    game = stored_game(page, data_dir)
    assert game.table.version == 2
    assert game.events[-1] == Query("Ann", "yes")
    assert button(page, ASK).is_disabled()  # once a round
