"""New table: a player dragged by the handle to another place in the seating order (issue 3,
item 2: "drag, or move up/down"), with a real pointer in headless Chromium."""

from __future__ import annotations

import re
import time

from browser_ui import AppServer, button, open_tables, tap, type_into
from playwright.sync_api import Locator, Page

ROW = re.compile(r"^Drag (.+)\n(\d+)\.\n")


def rows(page: Page) -> Locator:
    """Each player's row: its accessible label reads 'Drag <name>', its number, its name."""
    return page.locator('flt-semantics[aria-label^="Drag "]')


def order(page: Page) -> list[str]:
    seats: dict[int, str] = {}
    for label in rows(page).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"):
        found = ROW.match(label)
        assert found, label
        seats[int(found.group(2))] = found.group(1)
    return [seats[k] for k in sorted(seats)]


def test_drag_a_player_to_the_top(page: Page, server: AppServer) -> None:
    names = ["Ann", "Bo", "Cy"]
    open_tables(page, server.url)
    tap(page, "New table")
    for name in names:
        type_into(page, "Player name", name)
        tap(page, "Add player")
        button(page, f"Remove {name}").wait_for(state="attached")
    assert order(page) == ["Ann", "Bo", "Cy"]
    boxes = {label.split("\n")[0]: box for label, box in zip(
        rows(page).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"),
        [rows(page).nth(k).bounding_box() for k in range(rows(page).count())], strict=True)}
    cy, ann = boxes["Drag Cy"], boxes["Drag Ann"]
    assert cy is not None and ann is not None
    x, y = cy["x"] + 24, cy["y"] + cy["height"] / 2  # the handle: the row's first 48 px
    page.mouse.move(x, y)
    page.mouse.down()
    time.sleep(0.2)
    page.mouse.move(x, y - 3)  # a person's drag starts with a small move
    time.sleep(0.2)
    target = ann["y"] + 4  # into the top of the first row: Cy goes before Ann
    for k in range(1, 21):
        page.mouse.move(x, y + (target - y) * k / 20)
        time.sleep(0.02)
    time.sleep(0.3)
    page.mouse.up()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and order(page)[0] != "Cy":
        time.sleep(0.1)
    assert order(page) == ["Cy", "Ann", "Bo"]
    tap(page, "Move Ann down")  # and the arrows go on from the dragged order
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and order(page) != ["Cy", "Bo", "Ann"]:
        time.sleep(0.1)
    assert order(page) == ["Cy", "Bo", "Ann"]
