"""Whole games through the UI alone, in headless Chromium (issue 3, Tests a, b, d, e).

Every step taps a control by its accessible label (ui-labels) and reads the screen through
the semantics hooks ("phase", "banner", "seat-{Name}", "pool"); nothing reaches into the store.
"""

from __future__ import annotations

import re
from pathlib import Path

from browser_ui import (
    AppServer,
    button,
    hook_text,
    new_table,
    open_tables,
    phase,
    picker_seats,
    reveal,
    tap,
    tap_and_wait,
    type_into,
    wait_text,
)
from playwright.sync_api import Page

from companion.core.errors import JournalError
from companion.engine.gnav.journal import replay

PLAYERS = ["Ann", "Bo", "Cy", "Dag"]


def seat_texts(page: Page, names: list[str]) -> dict[str, str]:
    return {name: hook_text(page, f"seat-{name}") for name in names}


def test_a_whole_damm_game_is_played_to_its_winner(page: Page, server: AppServer) -> None:
    open_tables(page, server.url)
    new_table(page, PLAYERS, rules="damm", amount=1, dealer="Ann")

    # Round 1: Ann deals; Bo changes with Cy; the others stand; Dag shows the 0 and goes out.
    assert phase(page) == "Ann deals round 1"
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Change") == "Bo asks Cy to swap. Cy answers:"
    assert tap_and_wait(page, "Swap") == "Cy's turn"
    assert tap_and_wait(page, "Stand") == "Dag's turn"
    assert tap_and_wait(page, "Stand") == "Ann's turn"
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "11", "Cy": "10", "Dag": "0"})
    button(page, "Next round").wait_for(state="attached")
    assert phase(page).startswith("Round 1 settled")
    assert "out" in hook_text(page, "seat-Dag")
    assert hook_text(page, "pool") == "Pool 1"

    # Round 2: Bo deals; Cy changes and Ann chops («Hogg av!»): Cy pays its last counter.
    assert tap_and_wait(page, "Next round") == "Bo deals round 2"
    assert tap_and_wait(page, "Deal") == "Cy's turn"
    assert tap_and_wait(page, "Change") == "Cy asks Ann to swap. Ann answers:"
    assert tap_and_wait(page, re.compile(r"^Dragoon")) == "Ann's turn"
    assert "Cy pays" in hook_text(page, "banner")
    assert hook_text(page, "pool") == "Pool 2"
    assert tap_and_wait(page, "Stand") == "Bo's turn"
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "5", "Cy": "0"})
    button(page, "Next round").wait_for(state="attached")
    assert "out" in hook_text(page, "seat-Cy")

    # Round 3: Ann deals (Cy and Dag are out); Bo shows the 0 and Ann is left.
    assert tap_and_wait(page, "Next round") == "Ann deals round 3"
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Stand") == "Ann's turn"
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "3", "Bo": "0"})
    wait_text(page, "Ann wins")
    button(page, "Rematch").wait_for(state="attached")
    assert not button(page, "Stand").count()
    seats = seat_texts(page, PLAYERS)
    assert all("out" in seats[name] for name in ("Bo", "Cy", "Dag")), seats
    assert "out" not in seats["Ann"]


def test_b_pagat_cat_hands_back_two_exchanges_newest_first(
    page: Page, server: AppServer
) -> None:
    open_tables(page, server.url)
    new_table(page, PLAYERS, rules="pagat", dealer="Ann")
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Change") == "Bo asks Cy to swap. Cy answers:"
    assert tap_and_wait(page, "Swap") == "Cy's turn"
    assert tap_and_wait(page, "Change") == "Cy asks Dag to swap. Dag answers:"
    assert tap_and_wait(page, "Swap") == "Dag's turn"
    assert tap_and_wait(page, "Change") == "Dag asks Ann to swap. Ann answers:"
    # The cat: Dag pays, and every exchange of the round is undone, the newest first.
    assert tap_and_wait(page, re.compile(r"^Cat")) == "Ann's turn"
    banner = hook_text(page, "banner")
    assert "Everyone hands back: Cy ↔ Dag, then Bo ↔ Cy" in banner, banner
    assert "Dag pays" in banner, banner
    assert hook_text(page, "pool") == "Pool 1"
    assert "2" in hook_text(page, "seat-Dag")

    tap_and_wait(page, "Stand")  # the dealer stands: the turns are over
    reveal(page, {"Ann": "cat", "Bo": "5", "Cy": "7", "Dag": "3"})
    button(page, "Next round").wait_for(state="attached")
    assert phase(page).startswith("Round 1 settled")
    assert hook_text(page, "pool") == "Pool 2"


def test_d_a_bad_journal_shows_its_line_and_changes_nothing(
    page: Page, server: AppServer, tmp_path: Path
) -> None:
    header = (
        '{"ev":"table","version":1,"rules":"damm","stakes":{"kind":"counters","each":3},'
        '"seats":["Ann","Bo","Cy"],"dealer":"Ann"}'
    )
    # Line 3: Cy stands, but after the deal it is Bo's turn.
    bad = f'{header}\n{{"ev":"deal"}}\n{{"ev":"stand","seat":"Cy"}}\n'
    try:
        replay(bad)
    except JournalError as err:
        expected = str(err)
    else:
        raise AssertionError("the journal meant to be bad replays")
    assert expected.startswith("line 3: ")

    open_tables(page, server.url)
    games = page.get_by_role("button", name=re.compile(r"^Open game \d+"))
    before = sorted(games.all_text_contents())
    tap(page, "Import journal")
    type_into(page, "Journal text", bad)
    tap(page, "Import")
    wait_text(page, expected)
    # Nothing was stored: the same games, and a fresh look at the list agrees.
    assert sorted(games.all_text_contents()) == before
    open_tables(page, server.url)
    assert sorted(games.all_text_contents()) == before

    # The same journal as a file, chosen with 'Open a file': the same reason, nothing stored.
    bad_file = tmp_path / "bad.jsonl"
    bad_file.write_text(bad, encoding="utf-8")
    tap(page, "Import journal")
    with page.expect_file_chooser(timeout=30_000) as chooser:
        tap(page, "Open a file")
    chooser.value.set_files(str(bad_file))
    wait_text(page, expected)
    open_tables(page, server.url)
    assert sorted(games.all_text_contents()) == before


def test_e_undo_back_through_a_settlement_and_redo_it(page: Page, server: AppServer) -> None:
    names = ["Ann", "Bo", "Cy"]
    open_tables(page, server.url)
    new_table(page, names, rules="damm", amount=3, dealer="Ann")
    tap_and_wait(page, "Deal")
    tap_and_wait(page, "Stand")
    tap_and_wait(page, "Stand")
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "5", "Cy": "0"})
    button(page, "Next round").wait_for(state="attached")
    settled = seat_texts(page, names)
    settled_phase = phase(page)
    assert hook_text(page, "pool") == "Pool 1"

    # Undo the reveal: the pieces are asked again; then the dealer's stand, back in the turns
    # with Cy's counter out of the pool again.
    tap(page, "Undo")
    wait_text(page, re.compile(r"^Undid: the reveal"))
    button(page, "Settle").wait_for(state="attached")
    tap(page, "Undo")
    wait_text(page, re.compile(r"^Undid: Ann stands"))
    assert phase(page) == "Ann's turn"
    assert hook_text(page, "pool") == "Pool 0"
    assert seat_texts(page, names)["Cy"] != settled["Cy"]

    # Redo both: the same settlement, the same counters.
    tap(page, "Redo")
    button(page, "Settle").wait_for(state="attached")
    tap(page, "Redo")
    button(page, "Next round").wait_for(state="attached")
    assert phase(page) == settled_phase
    assert seat_texts(page, names) == settled
    assert hook_text(page, "pool") == "Pool 1"
    assert button(page, "Redo").get_attribute("aria-disabled") == "true"


def test_quick_taps_in_the_piece_picker_are_all_taken(page: Page, server: AppServer) -> None:
    """A referee who knows the pieces taps them one after another without waiting for the
    screen: every tap lands, each on the seat then highlighted. Real pointer taps at the
    buttons' boxes, 60 ms apart (not the accessibility tree's clicks, which Flutter's web
    engine debounces)."""
    open_tables(page, server.url)
    new_table(page, PLAYERS, rules="damm", amount=3, dealer="Ann")
    tap_and_wait(page, "Deal")
    for _ in PLAYERS:
        tap_and_wait(page, "Stand")
    button(page, "Settle").wait_for(state="attached")
    order = picker_seats(page)
    pieces = dict(zip(order, ["12", "11", "10", "0"], strict=True))
    boxes = []
    for seat in order:
        box = button(page, pieces[seat]).bounding_box()
        assert box is not None
        boxes.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    for x, y in boxes:
        page.mouse.click(x, y)
        page.wait_for_timeout(60)
    settle_button = button(page, "Settle")
    page.wait_for_function(
        "() => { const b = [...document.querySelectorAll('flt-semantics[role=\"button\"]')]"
        ".find(e => e.textContent.trim() === 'Settle');"
        " return b && b.getAttribute('aria-disabled') !== 'true'; }",
        timeout=15_000,
    )
    tap(page, "Settle")
    button(page, "Next round").wait_for(state="attached")
    # the settlement shows what each seat showed: every tap landed, each on its own seat
    shown = hook_text(page, "shown")
    for seat in PLAYERS:
        assert f"{seat}: {pieces[seat]}" in shown, shown
    assert settle_button.count() == 0


def test_export_saves_the_journal_as_a_file(page: Page, server: AppServer) -> None:
    """Export, then 'Save as a file': the browser downloads the game's journal, which replays
    to the game on the screen."""
    open_tables(page, server.url)
    new_table(page, ["Eva", "Finn"], rules="pagat", dealer="Eva")
    tap_and_wait(page, "Deal")
    tap(page, "Tables")
    button(page, "New table").wait_for(state="attached")
    export = page.get_by_role("button", name=re.compile(r"^Export game \d+$")).first
    game_id = int((export.get_attribute("aria-label") or export.inner_text()).split()[-1])
    tap(page, f"Export game {game_id}")
    button(page, "Save as a file").wait_for(state="attached")
    with page.expect_download(timeout=30_000) as download:
        tap(page, "Save as a file")
    saved = download.value
    assert saved.suggested_filename == f"gnav-game-{game_id}.jsonl"
    table, events, state = replay(Path(saved.path()).read_text(encoding="utf-8"))
    assert table.seats == ("Eva", "Finn") and table.rules == "pagat"
    assert len(events) == 1 and state.phase == "turns"
