"""Killing the server mid-round loses nothing (issue 3, Tests c; item 6).

SIGKILL runs no shutdown code, as when the power goes. The server is started again on the same
data folder; opening the app goes straight back to the table, exactly as it was.
"""

from __future__ import annotations

import re

from browser_ui import (
    TABLET,
    AppServer,
    button,
    enable_semantics,
    hook_text,
    new_table,
    open_tables,
    tap_and_wait,
)
from playwright.sync_api import Browser, Page

PLAYERS = ["Ann", "Bo", "Cy", "Dag"]


def table_now(page: Page) -> dict[str, str]:
    seen = {name: hook_text(page, f"seat-{name}") for name in PLAYERS}
    seen["phase"] = hook_text(page, "phase")
    seen["pool"] = hook_text(page, "pool")
    return seen


def test_c_a_killed_server_comes_back_to_the_same_table(
    browser: Browser, page: Page, server: AppServer
) -> None:
    open_tables(page, server.url)
    new_table(page, PLAYERS, rules="damm", amount=3, dealer="Ann")
    tap_and_wait(page, "Deal")
    tap_and_wait(page, "Change")  # Bo asks Cy
    tap_and_wait(page, "Swap")
    tap_and_wait(page, "Stand")  # Cy
    tap_and_wait(page, "Change")  # Dag asks Ann, who chops: Dag pays, Ann's turn
    assert tap_and_wait(page, re.compile(r"^Dragoon")) == "Ann's turn"
    before = table_now(page)
    assert before["pool"] == "Pool 1"
    assert "to play" in before["Ann"] and "2" in before["Dag"]

    server.kill()
    server.start()

    context = browser.new_context(viewport=TABLET)
    try:
        again = context.new_page()
        again.goto(server.url + "/")  # no game named: the app reopens the last one
        enable_semantics(again)
        button(again, "Stand").wait_for(state="attached")
        assert table_now(again) == before
    finally:
        context.close()


def test_a_clean_stop_leaves_every_event_in_the_games_file(
    browser: Browser, page: Page, server: AppServer
) -> None:
    # issue 11, item 10: after SIGTERM some events were only in the WAL, which a copy of the
    # games file alone, or a WAL deleted or damaged afterwards, then lost without a word
    import shutil
    import sqlite3

    open_tables(page, server.url)
    new_table(page, PLAYERS, rules="damm", amount=3, dealer="Ann")
    tap_and_wait(page, "Deal")
    tap_and_wait(page, "Stand")
    tap_and_wait(page, "Stand")
    server.stop()  # SIGTERM
    data = server.data_dir
    wal = data / "games.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0
    alone = data.parent / "alone"
    alone.mkdir(exist_ok=True)
    shutil.copyfile(data / "games.sqlite3", alone / "games.sqlite3")
    con = sqlite3.connect(alone / "games.sqlite3")
    try:
        (game_id,) = con.execute("SELECT max(id) FROM games").fetchone()
        lines = [line for (line,) in con.execute(
            "SELECT line FROM events WHERE game_id = ? AND active = 1 ORDER BY seq", (game_id,))]
    finally:
        con.close()
    assert lines == ['{"ev": "deal"}', '{"ev": "stand", "seat": "Bo"}',
                     '{"ev": "stand", "seat": "Cy"}']
    server.start()
