"""Whatever the panel under the seats says, every seat stays in sight on the tablet (the oval
fits the height the settlement leaves it) and within reach on a phone (issue 12, item 6: the
settlement panel cut off the bottom seats on the tablet)."""

from __future__ import annotations

from pathlib import Path

from browser_ui import (
    AppServer,
    at_issue_sizes,
    button,
    enable_semantics,
    hook,
    in_view,
    reach,
    reveal,
    stand_round,
)
from playwright.sync_api import Page

from companion.engine.gnav import Stakes, Table
from companion.store import Store

SEATS = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn")
PIECES = {"Ann": "7", "Bo": "12", "Cy": "cat", "Dag": "0", "Eli": "fool", "Finn": "house"}


def game_at_the_reveal(data_dir: Path) -> int:
    store = Store(data_dir)
    try:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=SEATS, dealer="Bo"))
        stand_round(game)
        return game.id
    finally:
        store.close()


@at_issue_sizes
def test_every_seat_in_sight_beside_the_settlement(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    game_id = game_at_the_reveal(server.data_dir)
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    reveal(page, PIECES)
    button(page, "Next round").wait_for(state="attached")
    page.wait_for_timeout(1000)  # the seats are fitted to the height the panel leaves
    if size["width"] >= 1100:
        # a tile cut off at the foot of the seats' column reports only what shows of it
        heights = {seat: (hook(page, f"seat-{seat}").first.bounding_box() or {}).get("height")
                   for seat in SEATS}
        assert len({round(h or 0) for h in heights.values()}) == 1, heights
    for seat in SEATS:
        tile = hook(page, f"seat-{seat}").first
        if size["width"] >= 1100:
            assert in_view(page, tile), (seat, tile.bounding_box())
            question = page.get_by_text("Round 1 settled").bounding_box()
            box = tile.bounding_box()
            assert box is not None and question is not None
            assert box["y"] + box["height"] <= question["y"], (seat, box, question)
        else:
            reach(page, tile)
