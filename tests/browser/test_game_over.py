"""Game over on a phone and a tablet: the standings are read whole, and the winner's own seat
is in sight beside the game-over panel (issue 12, item 4: a phone cut the standings off,
"3 counters · wi", and the panel hid the winner's seat)."""

from __future__ import annotations

from pathlib import Path

from browser_ui import (
    AppServer,
    at_issue_sizes,
    enable_semantics,
    hook,
    in_view,
    stand_round,
    wait_text,
)
from playwright.sync_api import Page

from companion.engine.gnav import Reveal, Stakes, Table
from companion.store import Store

SEATS = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn")


def game_won_by_the_last_seat(data_dir: Path) -> int:
    """Each round the first seat still in pays a counter with the lowest piece, until only
    Finn, last at the table, is left, with the three counters of the start."""
    store = Store(data_dir)
    try:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=SEATS, dealer="Ann"))
        while game.state.phase != "over":
            stand_round(game)
            left = [n for i, n in enumerate(game.state.names) if game.state.in_round[i]]
            high = iter(("12", "11", "10", "9", "8"))
            game.apply(Reveal(tuple((n, "0" if n == left[0] else next(high)) for n in left)))
        return game.id
    finally:
        store.close()


@at_issue_sizes
def test_game_over_shows_whole_standings_and_the_winners_seat(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    game_id = game_won_by_the_last_seat(server.data_dir)
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    wait_text(page, "Finn wins")
    page.wait_for_timeout(800)  # the seats scroll to the winner (animated)
    words = page.get_by_text("3 counters · winner", exact=True)
    words.wait_for(state="attached")
    box = words.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"], box
    # a text cut off at the panel's edge has a box narrower than its words (Flutter's canvas
    # is not measurable; the browser's sans-serif at the same size is close to Roboto)
    needs: float = page.evaluate(
        """() => { const c = document.createElement('canvas').getContext('2d');
                   c.font = '18px Roboto, Arial, sans-serif';
                   return c.measureText('3 counters · winner').width; }""")
    assert box["width"] >= 0.9 * needs or box["height"] > 40, (box, needs)
    winner = hook(page, "seat-Finn").first
    assert in_view(page, winner), winner.bounding_box()
