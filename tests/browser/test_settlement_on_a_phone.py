"""On a phone the settlement keeps every seat in sight and shows every seat's piece, upright
and sideways, at five and at eight seats (issue 23, item 6: the panel showed the first row of
pieces only, four of five or of eight, the piece that decided the round hidden, and it covered
the seats); the game-over panel too; and Gwra pyskessa's set buttons, one a seat, no longer
push the seats below the fold (item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_ui import AppServer, button, enable_semantics, hook, in_view, reach, settle
from playwright.sync_api import FloatRect, Page

from companion.engine.cuckoo.events import Deal, Reveal, Stand
from companion.engine.gwra_pyskessa import Deal as GoFishDeal
from companion.engine.gwra_pyskessa import Header, parse_header
from companion.engine.gwra_pyskessa.events import header_json
from companion.store import Store

SEATS = ("Åse", "Bjørn", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege")
GAMES = {"gnav": ("damm", {"kind": "counters", "each": 1}),
         "cuccu": ("campli", {"kind": "lives", "each": 1})}
SIZES = ({"width": 390, "height": 844}, {"width": 844, "height": 390})
at_phone_sizes = pytest.mark.parametrize("size", SIZES, ids=("upright", "sideways"))


def header(game: str, seats: tuple[str, ...]) -> str:
    rules, stakes = GAMES[game]
    head: dict[str, object] = {"ev": "table", "version": 1 if game == "gnav" else 2,
                               "rules": rules, "stakes": stakes, "seats": list(seats),
                               "dealer": seats[0]}
    if game != "gnav":
        head["game"] = game
    return json.dumps(head) + "\n"


def settled(data_dir: Path, game: str, seats: tuple[str, ...], rounds: int = 1) -> int:
    """A table whose rounds each ended with every seat in showing a number, highest first:
    the last seat in shows the lowest, the piece that decides the round."""
    with Store(data_dir) as store:
        table = store.import_journal(header(game, seats))
        for _round in range(rounds):
            table.apply(Deal())
            while table.state.phase == "turns":
                table.apply(Stand(table.state.turn_name or ""))
            st = table.state
            alive = [n for i, n in enumerate(st.names) if not st.out[i]]
            table.apply(Reveal(tuple((seat, str(10 - k)) for k, seat in enumerate(alive))))
        return table.id


def open_game(page: Page, server: AppServer, game_id: int, size: dict[str, int],
              ready: str) -> None:
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    button(page, ready).wait_for(state="attached")
    settle(page, 1.5)  # the seats are fitted to the height the panel leaves them


def seats_in_sight(page: Page, seats: tuple[str, ...],
                   question: FloatRect | None = None) -> FloatRect:
    """Every seat's tile wholly on the screen and clear of the question's panel (above it
    upright, beside it sideways): a tile under the panel, clipped away by the seats' own
    column, still reports a box on the screen, so the panel's edge is what tells. The
    question's words as the panel opened, before a scroll moved them (returned, to pass
    again after one)."""
    question = question or hook(page, "phase").first.bounding_box()
    size = page.viewport_size
    assert question is not None and size is not None
    sideways = size["width"] > size["height"]
    for seat in seats:
        tile = hook(page, f"seat-{seat}").first
        box = tile.bounding_box()
        assert box is not None and box["height"] >= 40, (seat, box)
        assert in_view(page, tile), (seat, box)
        if sideways:
            assert box["x"] + box["width"] <= question["x"], (seat, box, question)
        else:
            assert box["y"] + box["height"] <= question["y"], (seat, box, question)
    return question


@at_phone_sizes
@pytest.mark.parametrize("count", (5, 8))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_settlement_shows_every_piece_and_keeps_every_seat_in_sight(
        page: Page, server: AppServer, data_dir: Path, game: str, count: int,
        size: dict[str, int]) -> None:
    seats = SEATS[:count]
    open_game(page, server, settled(data_dir, game, seats), size, "Next round")
    question = seats_in_sight(page, seats)
    assert in_view(page, button(page, "Next round"))
    # every seat's piece, the last (the lowest, which decided the round) too, on the screen
    # or scrolled onto it in the panel, and the seats still in sight after that
    for k, seat in enumerate(seats):
        shown = page.get_by_text(f"{seat}: {10 - k}", exact=True).first
        shown.wait_for(state="attached")
        reach(page, shown)
    seats_in_sight(page, seats, question)


@at_phone_sizes
def test_the_game_over_keeps_every_seat_in_sight(
        page: Page, server: AppServer, data_dir: Path, size: dict[str, int]) -> None:
    seats = SEATS[:5]
    open_game(page, server, settled(data_dir, "gnav", seats, rounds=4), size, "Rematch")
    seats_in_sight(page, seats)
    assert in_view(page, button(page, "Rematch"))


@at_phone_sizes
def test_gwra_pyskessas_set_buttons_leave_the_seats_in_sight(
        page: Page, server: AppServer, data_dir: Path, size: dict[str, int]) -> None:
    """Every seat may lay down a set after the deal (the app never sees a hand): ten seats, ten
    set buttons; the seats round the table stay on the screen, the buttons scroll."""
    seats = ("Ann", "Pol", "Joe", "Kerensa", "Jenna", "Tamsin", "Morwenna", "Piran",
             "Demelza", "Lowen")
    with Store(data_dir) as store:
        table = store.create_game(parse_header(header_json(Header(seats=seats,
                                                                  dealer=seats[0]))))
        table.apply(GoFishDeal())
    open_game(page, server, table.id, size, "Undo")
    question = seats_in_sight(page, seats)
    for seat in seats:
        reach(page, button(page, f"{seat} lays down a set"))
    seats_in_sight(page, seats, question)
