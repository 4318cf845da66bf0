"""Issue 22, item 6: an evening of each game at the one table screen, through the UI alone, as
a new referee would play it: New table, a few rounds with every call the game has, undo and
redo, a language switch and a turn of the screen with a reveal (Gwra pyskessa: an ask) half
entered, the settlement against the rules worked out by hand from docs/rules/<game>.md,
History, and the journal exported and imported again; each evening begins at one size (a phone
or a tablet) and ends at the other.

The numbers asserted are worked out from the rules files, round by round, in the comments.
"""

from __future__ import annotations

import re
from pathlib import Path

from browser_ui import (
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    add_players,
    button,
    choose,
    hook,
    hook_text,
    new_table,
    open_tables,
    phase,
    pick_piece,
    picker_seats,
    reach,
    stored_game,
    tap,
    tap_first,
    tap_until,
    tap_until_changed,
    type_into,
    wait_hook_change,
    wait_text,
)
from playwright.sync_api import Page

from companion.engine.registry import replay_state

SEATS = ["Ann", "Bo", "Cy", "Dag"]


# --- the steps of an evening ----------------------------------------------------------------


def step(page: Page, name: str) -> str:
    """Tap an answer by its name once the question is on the screen, and wait for the next
    question (tapped again only while the question stays and the button is still there)."""
    hook_text(page, "phase")
    return tap_until_changed(page, name, wait=8_000)


def pick(page: Page, piece: str) -> None:
    """One piece for the highlighted seat, the picker scrolled to it first where the pack
    runs below the screen (a phone held sideways)."""
    reach(page, button(page, piece))
    pick_piece(page, piece)


def reveal_all(page: Page, pieces: dict[str, str]) -> None:
    """Each seat's piece in the picker's order, then Settle, and the settlement."""
    button(page, "Settle").wait_for(state="attached")
    order = picker_seats(page)
    assert sorted(order) == sorted(pieces), order
    for seat in order:
        pick(page, pieces[seat])
    settle_now(page)


def settle_now(page: Page) -> None:
    reach(page, button(page, "Settle"))
    tap_until_changed(page, "Settle", wait=8_000)


def answer(page: Page, call: str | re.Pattern[str], identifier: str = "phase") -> str:
    """Tap an answer (a call by its words) and wait for the question to change."""
    loc = button(page, call) if isinstance(call, str) else page.get_by_role("button", name=call)
    before = hook_text(page, identifier)
    loc.first.click()
    return wait_hook_change(page, identifier, before)


def in_dialog(page: Page, opener: str, choice: str) -> None:
    """A menu's or a dialog's button: opened, then the choice tapped, the dialog gone."""
    before = hook_text(page, "banner")
    tap_until(page, opener, button(page, choice))
    tap(page, choice)
    wait_hook_change(page, "banner", before)


def seat_says(page: Page, name: str, *words: str) -> None:
    said = hook_text(page, f"seat-{name}")
    for word in words:
        assert word in said, (name, word, said)


def new_game_table(page: Page, game: str, players: list[str], book: str | None = None) -> None:
    """New table of `game` (its radio's label), the players, a rule book, the first deals."""
    tap(page, "New table")
    choose(page, game)
    add_players(page, players)
    if book is not None:
        choose(page, book)
    choose(page, f"Dealer {players[0]}")
    tap(page, "Start game")
    button(page, "Undo").wait_for(state="attached")
    page.wait_for_url(re.compile(r"/game/\d+$"))


def undo_and_redo(page: Page, undid: str, redid_phase: str) -> None:
    """Undo says what it undid; redo brings the same moment back."""
    tap(page, "Undo")
    wait_text(page, re.compile(f"^Undid: .*{re.escape(undid)}"))
    tap(page, "Redo")
    wait_text(page, re.compile(f"^Redid: .*{re.escape(undid)}"))
    assert phase(page) == redid_phase


def switch_language(page: Page, name: str) -> None:
    """The top bar's Language button, then the language named in itself."""
    tap_until(page, page_language_label(page), button(page, name))
    tap(page, name)
    button(page, name).wait_for(state="detached")


def page_language_label(page: Page) -> str:
    for label in ("Language", "Språk", "Sprog", "Lingua", "Taal", "Sprache"):
        if button(page, label).count():
            return label
    raise AssertionError("no Language button on the bar")


def turn_the_screen(page: Page, size: dict[str, int]) -> None:
    """The phone or tablet turned: the screen built anew for its form."""
    page.set_viewport_size(size)
    page.wait_for_timeout(1500)  # the resize reaches the app, which builds the screen anew
    hook(page, "phase").first.wait_for(state="attached")


def half_entered_reveal_is_kept(page: Page, size: dict[str, int]) -> None:
    """With some pieces picked: Norwegian, the screen turned, English again; the same seats
    still lack a piece (the picks are kept, as the README promises)."""
    status = hook_text(page, "picker-status")
    assert "still without one" in status, status
    switch_language(page, "Norsk bokmål")
    turn_the_screen(page, size)
    switch_language(page, "English")
    button(page, "Settle").wait_for(state="attached")
    assert hook_text(page, "picker-status") == status


def history_tells(page: Page, count: int | None, *lines: str) -> None:
    """History: every event (paged: "Events 1–N of N"), these lines among them."""
    tap(page, "History")
    button(page, "Back to the table").wait_for(state="attached")
    if count is not None:
        wait_text(page, f"Events 1–{count} of {count}")
    for line in lines:
        wait_text(page, line)
    tap(page, "Back to the table")
    button(page, "Undo").wait_for(state="attached")


def export_and_import(page: Page, server: AppServer, tmp_path: Path) -> None:
    """Tables, Export, Save as a file: the journal replays to the game as stored; Import
    journal, Open a file: it is the game already here (issue 23, item 18: never a second
    identical table), which opens from there."""
    game = stored_game(page, server.data_dir)
    tap_first(page, "Tables")  # a game's end has one more
    button(page, "New table").wait_for(state="attached")
    tap(page, f"Export game {game.id}")
    button(page, "Save as a file").wait_for(state="attached")
    with page.expect_download(timeout=30_000) as download:
        tap(page, "Save as a file")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert replay_state(text).as_json() == game.state.as_json()
    saved = tmp_path / "evening.jsonl"
    saved.write_text(text, encoding="utf-8")
    tap(page, "Import journal")
    with page.expect_file_chooser(timeout=30_000) as chooser:
        tap(page, "Open a file")
    chooser.value.set_files(str(saved))
    wait_text(page, f"This game is already here as table {game.id}.")
    tap(page, f"Open table {game.id}")
    page.wait_for_url(re.compile(rf"/game/{game.id}$"))
    button(page, "Undo").wait_for(state="attached")
    again = stored_game(page, server.data_dir)
    assert again.id == game.id and again.state.as_json() == game.state.as_json()


def settled(page: Page, *sentences: str) -> None:
    """The settlement's panel tells these sentences."""
    button(page, "Next round").wait_for(state="attached")
    told = hook_text(page, "settlement")
    for sentence in sentences:
        assert sentence in told, (sentence, told)


# --- the evenings ---------------------------------------------------------------------------


def test_an_evening_of_gnav(page: Page, server: AppServer, tmp_path: Path) -> None:
    """damm (gnav.md), 3 counters each; Ann deals first; turns go to the left."""
    page.set_viewport_size(TABLET)
    open_tables(page, server.url)
    new_table(page, SEATS, rules="damm", amount=3, dealer="Ann")
    # Round 1. «Hogg av!»: Bo pays 1 (pool 1); «Kiss!» (damm: nothing reversed): Cy pays 1
    # (pool 2); «Hest forbi!» from Ann, the dealer: Dag takes from the stock; Ann asks about
    # the other fool, stands. Shown: one fool (Bo): the lowest other piece pays first (Dag's 3,
    # pool 3), then the fool's holder (Bo, pool 4).
    assert step(page, "Deal") == "Bo's turn"
    assert step(page, "Change") == "Bo asks Cy to swap. Cy answers:"
    assert answer(page, re.compile("^Dragoon")) == "Cy's turn"
    undo_and_redo(page, "Cy answers with the dragoon: «Hogg av!»", "Cy's turn")
    assert step(page, "Change") == "Cy asks Dag to swap. Dag answers:"
    assert answer(page, re.compile("^Cat")) == "Dag's turn"
    assert step(page, "Change") == "Dag asks Ann to swap. Ann answers:"
    assert answer(page, re.compile("^Horse")) == (
        "Dag asks the stock. The top piece of the stock is:")
    assert step(page, "Swap") == "Ann's turn"
    in_dialog(page, "Ask about the other fool", "Yes")
    assert "Ann asked whether anyone holds the other fool: yes." in hook_text(page, "banner")
    step(page, "Stand")
    reveal_all(page, {"Ann": "12", "Bo": "fool", "Cy": "5", "Dag": "3"})
    settled(page)
    assert hook_text(page, "pool") == "Pool 4"
    for name, counters in (("Ann", "3 counters"), ("Bo", "1 counter"), ("Cy", "2 counters"),
                           ("Dag", "2 counters")):
        seat_says(page, name, counters)
    # Round 2 (Bo deals). Cy knocks; «Hus forbi!» from Dag: Cy asks Ann; «Ko-ko!»: the turns
    # are over. Both fools shown (Ann, Cy): the lowest other piece pays (Dag's 1, pool 5),
    # then each fool's holder takes 1 from the pool, left of the dealer first (pool 3).
    assert step(page, "Next round") == "Bo deals round 2"
    assert step(page, "Deal") == "Cy's turn"
    in_dialog(page, "Knock", "Cy knocks")
    assert step(page, "Change") == "Cy asks Dag to swap. Dag answers:"
    assert answer(page, re.compile("^House")) == "Cy asks Ann to swap. Ann answers:"
    answer(page, re.compile("^Cuckoo"))
    reveal_all(page, {"Ann": "fool", "Bo": "7", "Cy": "fool", "Dag": "1"})
    settled(page)
    assert hook_text(page, "pool") == "Pool 3"
    for name, counters in (("Ann", "4 counters"), ("Bo", "1 counter"), ("Cy", "3 counters"),
                           ("Dag", "1 counter")):
        seat_says(page, name, counters)
    # Round 3 (Cy deals): a swap, the dealer swaps with the stock; half the pieces picked,
    # Norwegian, the tablet turned to a phone, English: the picks are still there. Bo's 0 is
    # lowest: his last counter (pool 4), and he is out.
    assert step(page, "Next round") == "Cy deals round 3"
    assert step(page, "Deal") == "Dag's turn"
    assert step(page, "Stand") == "Ann's turn"
    assert step(page, "Change") == "Ann asks Bo to swap. Bo answers:"
    assert step(page, "Swap") == "Bo's turn"
    assert step(page, "Stand") == "Cy's turn"
    step(page, "Change")
    step(page, "Swap")
    button(page, "Settle").wait_for(state="attached")
    pick(page, "10")  # Ann
    pick(page, "0")  # Bo
    half_entered_reveal_is_kept(page, PHONE_UPRIGHT)
    pick(page, "9")  # Cy
    pick(page, "4")  # Dag
    settle_now(page)
    settled(page, "Bo shows the 0, the lowest piece, and pays a counter into the pool.")
    assert hook_text(page, "pool") == "Pool 4"
    seat_says(page, "Bo", "out")
    state = stored_game(page, server.data_dir).state
    assert (state.balance, state.pool, state.out) == ([4, 0, 3, 1], 4, [False, True, False,
                                                                         False])
    # 11 events in round 1, 6 in round 2, 8 in round 3
    history_tells(page, 25, "2. Bo asks Cy to swap.", "12. Round 2: Bo deals.")
    export_and_import(page, server, tmp_path)


def test_an_evening_of_kille(page: Page, server: AppServer, tmp_path: Path) -> None:
    """Byteskille (kille.md), a pot of stakes and 3 rebuys each; turns go to the left."""
    page.set_viewport_size(PHONE_UPRIGHT)
    open_tables(page, server.url)
    new_game_table(page, "Kille", SEATS)
    # Round 1 (Ann deals). «Husar hugger»: Bo, the asker, dies. «Värdshus förbi» from Dag: Cy
    # asks Ann, who swaps. Dag passes a Harlequin face up to Ann. Ann takes from the stock.
    # Shown (Cy, Dag, Ann alive): the Mask is lowest: Cy dies (house default 11).
    assert step(page, "Deal") == "Bo's turn"
    assert step(page, "Change") == "Bo asks Cy to change. Cy answers:"
    assert answer(page, re.compile("Husar hugger")) == "Cy's turn"
    undo_and_redo(page, "Cy calls «Husar hugger»", "Cy's turn")
    assert step(page, "Change") == "Cy asks Dag to change. Dag answers:"
    assert answer(page, re.compile("Värdshus förbi")) == "Cy asks Ann to change. Ann answers:"
    assert step(page, "Swap") == "Dag's turn"
    assert step(page, "Change") == "Dag asks Ann to change. Ann answers:"
    assert step(page, "Swap: Dag passes a Harlequin face up") == "Ann's turn"
    step(page, "Change")
    step(page, "Take the top card")
    button(page, "Settle").wait_for(state="attached")
    pick(page, "Mask")  # Cy (turn order: Cy, Dag, Ann)
    half_entered_reveal_is_kept(page, TABLET)
    pick(page, "12")
    pick(page, "7")
    settle_now(page)
    settled(page, "Dead this deal: Bo and Cy.")
    # Bo buys back in (the pot: 4 stakes and 1), Cy stays out
    tap(page, "Next round")
    in_dialog(page, "Bo out: buy back in?", "Buy back in")
    in_dialog(page, "Cy out: buy back in?", "Stays out")
    assert hook_text(page, "pool") == "Pot 5"
    # Round 2 (Bo deals; Dag, Ann, Bo play). «Kavall förbi» from Ann: Dag asks Bo, who swaps.
    # «Svinhugg går igen» from Bo: the swap is undone, and Ann, the first holder of the card
    # she offered, dies. Bo stands. Shown: Dag's 3 is lower than Bo's 9: Dag dies.
    assert step(page, "Deal") == "Dag's turn"
    assert step(page, "Change") == "Dag asks Ann to change. Ann answers:"
    assert answer(page, re.compile("Kavall förbi")) == "Dag asks Bo to change. Bo answers:"
    assert step(page, "Swap") == "Ann's turn"
    assert step(page, "Change") == "Ann asks Bo to change. Bo answers:"
    assert answer(page, re.compile("Svinhugg går igen")) == "Bo's turn"
    step(page, "Stand")
    reveal_all(page, {"Dag": "3", "Bo": "9"})
    settled(page, "Dead this deal: Ann and Dag.")
    tap(page, "Next round")
    in_dialog(page, "Ann out: buy back in?", "Buy back in")
    in_dialog(page, "Dag out: buy back in?", "Stays out")
    assert hook_text(page, "pool") == "Pot 6"
    # Round 3 (Ann deals; Bo, Ann play). «Kuku står, ingen byta får!»: the turns are over.
    # Bo's Harlequin, never passed, is highest: Ann dies, stays out, and Bo takes the pot.
    assert step(page, "Deal") == "Bo's turn"
    step(page, "Change")
    answer(page, re.compile("Kuku står"))
    reveal_all(page, {"Bo": "Harlequin", "Ann": "2"})
    tap(page, "Next round")
    in_dialog(page, "Ann out: buy back in?", "Stays out")
    wait_text(page, "Bo wins")
    state = stored_game(page, server.data_dir).state
    assert (state.pot, state.rebuys, [state.names[i] for i in state.winners]) == (
        6, [1, 1, 0, 0], ["Bo"])
    history_tells(page, 28, "2. Bo asks Cy to change.")
    export_and_import(page, server, tmp_path)


def test_an_evening_of_cuccu(page: Page, server: AppServer, tmp_path: Path) -> None:
    """The Campli rules (cuccu.md), 3 lives each; each seat asks its right-hand neighbour."""
    page.set_viewport_size(PHONE_UPRIGHT)
    open_tables(page, server.url)
    new_game_table(page, "Cuccù", SEATS)
    # Round 1 (Ann deals; Dag, Cy, Bo, Ann play). «Bum!»: Dag loses a life. The Inn sold for
    # 2: Cy pays Bo 2. «Salta!» from Ann, the dealer: Bo draws from the stock. Ann stands.
    # Shown: Dag's 1 is lowest: he loses a life (1 left).
    assert step(page, "Deal") == "Dag's turn"
    assert step(page, "Change") == "Dag asks Cy to change. Cy answers:"
    assert answer(page, re.compile("Bum!")) == "Cy's turn"
    assert step(page, "Change") == "Cy asks Bo to change. Bo answers:"
    tap_until(page, "«Fermatevi alquanto!» Stop a while!",
              page.get_by_role("textbox", name="Price offered"))
    type_into(page, "Price offered", "2")
    assert step(page, "Sold") == "Bo's turn"
    undo_and_redo(page, "Bo calls «Fermatevi alquanto!»", "Bo's turn")
    assert step(page, "Change") == "Bo asks Ann to change. Ann answers:"
    answer(page, re.compile("Salta!"))
    assert step(page, "Take the top card") == "Ann's turn"
    step(page, "Stand")
    reveal_all(page, {"Ann": "10", "Bo": "5", "Cy": "Inn", "Dag": "1"})
    settled(page, "Dag loses a life.")
    seat_says(page, "Dag", "1 life")
    # Round 2 (Dag deals; Cy, Bo, Ann, Dag). «Gnaf!»: Cy loses a life. «Cucù!» stops Bo's
    # ask only. Ann swaps with Dag; Dag stands. Shown: Ann's Nulla (Nothing) is lowest: Ann
    # loses one.
    assert step(page, "Next round") == "Dag deals round 2"
    assert step(page, "Deal") == "Cy's turn"
    step(page, "Change")
    assert answer(page, re.compile("Gnaf!")) == "Bo's turn"
    step(page, "Change")
    assert answer(page, re.compile("Cucù!")) == "Ann's turn"
    step(page, "Change")
    assert step(page, "Swap") == "Dag's turn"
    step(page, "Stand")
    reveal_all(page, {"Ann": "Nothing", "Bo": "4", "Cy": "7", "Dag": "2"})
    settled(page, "Ann loses a life.")
    # Round 3 (Cy deals; Bo, Ann, Dag, Cy). The Inn refused: Bo is sheltered by Ann. Ann
    # swaps with Dag. «Bum!»: Dag's last life. Shown: Bo's Nulla is lowest, and Ann, the
    # Inn's holder, loses the life for him (house default 8); Dag, at 0, is out.
    assert step(page, "Next round") == "Cy deals round 3"
    assert step(page, "Deal") == "Bo's turn"
    step(page, "Change")
    tap_until(page, "«Fermatevi alquanto!» Stop a while!", button(page, "Refused"))
    assert step(page, "Refused") == "Ann's turn"
    step(page, "Change")
    assert step(page, "Swap") == "Dag's turn"
    step(page, "Change")
    assert answer(page, re.compile("Bum!")) == "Cy's turn"
    step(page, "Stand")
    button(page, "Settle").wait_for(state="attached")
    order = picker_seats(page)
    assert order == ["Bo", "Ann", "Dag", "Cy"]
    pick(page, "Nothing")  # Bo, the Nulla
    pick(page, "9")  # Ann
    half_entered_reveal_is_kept(page, PHONE_SIDEWAYS)
    pick(page, "3")  # Dag
    pick(page, "8")  # Cy
    settle_now(page)
    settled(page, "Ann loses a life.", "Out of the game: Dag, with no lives left")
    # Dag re-enters while virgins are in: 2 stakes (the first re-entry), 3 lives again
    tap(page, "Next round")
    in_dialog(page, "Dag out: re-enter?", "Re-enter")
    seat_says(page, "Dag", "3 lives")
    state = stored_game(page, server.data_dir).state
    assert (state.balance, state.money, state.pot) == ([1, 3, 2, 3], [-1, 1, -3, -3], 6)
    history_tells(page, 29, "3. Cy calls «Bum!» (Bang!). Dag loses a life.")
    export_and_import(page, server, tmp_path)


def test_an_evening_of_slabberjan(page: Page, server: AppServer, tmp_path: Path) -> None:
    """The modern family rules (slabberjan.md), 4 counters each (the book's stake); to the left."""
    page.set_viewport_size(TABLET)
    open_tables(page, server.url)
    new_game_table(page, "Slabberjan", SEATS, book="the modern family rules")
    # Round 1 (Ann deals). «Kap af!»: Bo pays 1 (pool 1). Cy and Dag swap. «Sta voor den
    # vogel!»: Dag pays 1 (pool 2). Ann draws from the bag. Shown: Cy's Fool is lowest (the
    # family's low order): Cy pays 1 (pool 3).
    assert step(page, "Deal") == "Bo's turn"
    step(page, "Change")
    assert answer(page, re.compile("Kap af!")) == "Cy's turn"
    step(page, "Change")
    assert step(page, "Swap") == "Dag's turn"
    step(page, "Change")
    assert answer(page, re.compile("Sta voor den vogel!")) == "Ann's turn"
    undo_and_redo(page, "Ann calls «Sta voor den vogel!»", "Ann's turn")
    step(page, "Change")
    step(page, "Draw from the bag")
    reveal_all(page, {"Bo": "5", "Cy": "Fool", "Dag": "3", "Ann": "12"})
    settled(page, "Cy pays a counter.")
    assert hook_text(page, "pool") == "Pool 3"
    # Round 2 (Bo deals; Cy, Dag, Ann, Bo). Cy and Dag swap. «Herberg voorbij!» from Ann: Dag
    # asks Bo, whose «Poesje krabt alles terug!» costs Dag 1 (pool 4) and undoes the swap. Ann
    # and Bo stand; half the pieces picked, the tablet turned to a phone and back. Shown:
    # Ann's 0 is lowest: Ann pays 1 (pool 5).
    assert step(page, "Next round") == "Bo deals round 2"
    assert step(page, "Deal") == "Cy's turn"
    step(page, "Change")
    assert step(page, "Swap") == "Dag's turn"
    step(page, "Change")
    assert answer(page, re.compile("Herberg voorbij!")) == "Dag asks Bo to change. Bo answers:"
    assert answer(page, re.compile("Poesje krabt")) == "Ann's turn"
    step(page, "Stand")
    step(page, "Stand")
    button(page, "Settle").wait_for(state="attached")
    pick(page, "6")  # Cy (turn order: Cy, Dag, Ann, Bo)
    pick(page, "10")  # Dag
    half_entered_reveal_is_kept(page, PHONE_UPRIGHT)
    pick(page, "0")  # Ann
    pick(page, "8")  # Bo
    settle_now(page)
    settled(page, "Ann pays a counter.")
    assert hook_text(page, "pool") == "Pool 5"
    state = stored_game(page, server.data_dir).state
    assert (state.balance, state.pool) == ([3, 3, 3, 2], 5)
    history_tells(page, 19, "2. Bo asks Cy to change.")
    export_and_import(page, server, tmp_path)


def test_an_evening_of_vogelspiel(page: Page, server: AppServer, tmp_path: Path) -> None:
    """Adrian (vogelspiel.md), 3 lives each; each seat asks its right-hand neighbour."""
    page.set_viewport_size(PHONE_SIDEWAYS)
    open_tables(page, server.url)
    new_game_table(page, "Vogelspiel (reconstructed)", SEATS)
    # Round 1 (Ann deals; Dag, Cy, Bo, Ann). «Pfeiff!»: Dag loses 2. «Werda!»: Cy loses 1.
    # «Miau!»: Bo loses 1. Ann stands. Shown: Dag's Witch is lowest: his last life; out.
    assert step(page, "Deal") == "Dag's turn"
    step(page, "Change")
    assert answer(page, re.compile("Pfeiff!")) == "Cy's turn"
    step(page, "Change")
    assert answer(page, re.compile("Werda!")) == "Bo's turn"
    step(page, "Change")
    assert answer(page, re.compile("Miau!")) == "Ann's turn"
    undo_and_redo(page, "Ann calls «Miau!»", "Ann's turn")
    step(page, "Stand")
    reveal_all(page, {"Ann": "12", "Bo": "3", "Cy": "5", "Dag": "Witch"})
    settled(page, "Dag loses a life.", "Out of the game: Dag, with no lives left.")
    # Round 2 (Cy deals: the deal passes to the right, past Dag). «Hott!»: Bo loses 1.
    # «Einkerth!»: Ann loses 1. Cy draws from the stock. Shown: Bo's Plate: his last life.
    assert step(page, "Next round") == "Cy deals round 2"
    assert step(page, "Deal") == "Bo's turn"
    step(page, "Change")
    assert answer(page, re.compile("Hott!")) == "Ann's turn"
    step(page, "Change")
    assert answer(page, re.compile("Einkerth!")) == "Cy's turn"
    step(page, "Change")
    step(page, "Take the top card")
    button(page, "Settle").wait_for(state="attached")
    pick(page, "Plate")  # Bo (turn order: Bo, Ann, Cy)
    half_entered_reveal_is_kept(page, PHONE_UPRIGHT)
    pick(page, "7")  # Ann
    pick(page, "2")  # Cy
    settle_now(page)
    settled(page, "Bo loses a life.", "Out of the game: Bo, with no lives left.")
    # Round 3 (Ann deals). Ann lets a silent matador go to Cy (Adrian: no penalty). Ann
    # stands. Shown: Cy's Fool is lower than Ann's 9: Cy loses a life.
    assert step(page, "Next round") == "Ann deals round 3"
    assert step(page, "Deal") == "Cy's turn"
    step(page, "Change")
    assert step(page, "Swap: a silent matador") == "Ann's turn"
    step(page, "Stand")
    reveal_all(page, {"Cy": "Fool", "Ann": "9"})
    settled(page, "Cy loses a life.")
    state = stored_game(page, server.data_dir).state
    assert (state.balance, state.out) == ([2, 0, 1, 0], [False, True, False, True])
    history_tells(page, 22, "3. Cy calls «Pfeiff!» (Whistle!). Dag loses 2 lives.")
    export_and_import(page, server, tmp_path)


def test_an_evening_of_gwra_pyskessa(page: Page, server: AppServer, tmp_path: Path) -> None:
    """Kernewek (gwra-pyskessa.md): three players, 7 cards each, a deck of 31."""
    page.set_viewport_size(PHONE_UPRIGHT)
    open_tables(page, server.url)
    new_game_table(page, "Gwra pyskessa", ["Ann", "Pol", "Joe"])
    tap(page, "Deal")
    wait_text(page, "Pol, whom do you ask?")
    # Pol asks Joe for sevens: 2 (Pol 9, Joe 5), asks again; Ann has no ace: go fish, Pol
    # draws (10, deck 30). Joe lays down the twos (1 left), asks Pol for kings: 1 (Joe 2, Pol
    # 9), asks Ann for queens: go fish, draws (3, deck 29).
    tap(page, "Joe")
    tap(page, "Ask for Seyth")
    wait_text(page, "«Joe, eus seyth genes?»")
    tap(page, "Gives 2 cards")
    wait_text(page, "Joe gives Pol 2 cards: Pol asks again.")
    tap(page, "Ann")
    tap(page, "Ask for Byd")
    tap(page, "None: go fish")
    wait_text(page, "From the deck: Pol draws 1 card.")
    tap(page, "Joe lays down a set")
    tap(page, "Four Dew")
    wait_text(page, "Joe lays down the four Dew (twos).")
    undo_and_redo(page, "Joe lays down the four Dew (twos)", "Joe, whom do you ask?")
    tap(page, "Pol")
    tap(page, "Ask for Myghtern")
    tap(page, "Gives 1 card")
    wait_text(page, "Pol gives Joe 1 card: Joe asks again.")
    tap(page, "Ann")
    tap(page, "Ask for Myghternes")
    tap(page, "None: go fish")
    wait_text(page, "From the deck: Joe draws 1 card.")
    # Ann's ask half made (Pol chosen): Norwegian, the phone turned to a tablet, English: Pol
    # is still the one asked. Pol gives 3 sevens (Ann 10, Pol 6).
    tap(page, "Pol")
    wait_text(page, "Ann asks Pol for which rank?")
    switch_language(page, "Norsk bokmål")
    turn_the_screen(page, TABLET)
    switch_language(page, "English")
    wait_text(page, "Ann asks Pol for which rank?")
    tap(page, "Ask for Seyth")
    tap(page, "Gives 3 cards")
    wait_text(page, "Pol gives Ann 3 cards: Ann asks again.")
    for name, words in (("Ann", "10 cards, 0 sets"), ("Pol", "6 cards, 0 sets"),
                        ("Joe", "3 cards, 1 set")):
        seat_says(page, name, words)
    assert hook_text(page, "deck") == "Deck: 29 cards"
    state = stored_game(page, server.data_dir).state
    assert (state.hands, state.deck, state.sets) == ([10, 6, 3], 29, [[], [], ["2"]])
    # one page, each event with what it did under it
    history_tells(page, None, "2. Pol asks Joe for Seyth (sevens).")
    export_and_import(page, server, tmp_path)
