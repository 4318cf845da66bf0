"""The story of the game on the game over panel and the History page, in the browser (issue 26,
item 3), at a phone's and a tablet's size: a tap away on both, the chart is drawn by the stock
web client and fits the screen's width, and the headline and Rematch are still in sight
without a scroll (issue 23, item 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    button,
    enable_semantics,
    hook,
    in_view,
    reach,
)
from playwright.sync_api import Page

from companion.store import Store

JOURNALS = Path(__file__).parent.parent / "records" / "journals"


def imported(data_dir: Path, name: str) -> int:
    store = Store(data_dir)
    try:
        return store.import_journal((JOURNALS / f"{name}.jsonl").read_bytes()).id
    finally:
        store.close()


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("name", ["cuccu-cat", "gwra-pyskessa-tie-break"])
def test_the_story_chart_is_on_the_game_over_panel_and_the_history_page(
        page: Page, server: AppServer, size: dict[str, int], name: str) -> None:
    game_id = imported(server.data_dir, name)
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    rematch = button(page, "Rematch")
    rematch.wait_for(state="attached", timeout=30_000)
    page.wait_for_timeout(500)
    assert in_view(page, hook(page, "phase").first) and in_view(page, rematch), \
        rematch.bounding_box()
    story = button(page, "The story of the game")
    reach(page, story)
    story.click()
    chart = hook(page, "story-chart").first
    chart.wait_for(state="attached")
    reach(page, chart)
    box = chart.bounding_box()
    assert box is not None and box["width"] <= size["width"] and box["height"] > 150, box

    button(page, "Close").click()
    page.goto(f"{server.url}/game/{game_id}/history")
    enable_semantics(page)
    story = button(page, "The story of the game")
    story.wait_for(state="attached", timeout=30_000)
    story.click()
    chart = hook(page, "story-chart").first
    chart.wait_for(state="attached")
    box = chart.bounding_box()
    assert box is not None and box["width"] <= size["width"] and box["height"] > 150, box
