"""The family's screens without a browser (issue 14): New table makes a table of each family
game, a round is played through the table screen's own handlers, the Inn, buy-back and
re-entry dialogs answer through the engine, a refused tap says why, undo and redo say what
they did, and the journal goes out and back in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion import board
from companion.app import App, Games
from companion.engine.cuckoo.events import Stand
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.narrate import result_text
from companion.store import Store
from companion.views.family_pages import FamilyHistoryScreen, FamilyRulesScreen
from companion.views.family_setup import FamilySetup
from companion.views.learn import LearnScreen
from companion.views.new_table import NewTableScreen
from companion.views.share import ShareScreen
from companion.views.shell.table import TableScreen
from tests.family import FAMILY_GAMES

from ..engine.family_helpers import header, play
from .helpers import buttons, identified, tap, texts, walk

SEATS = ("Ann", "Bo", "Cy")


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def new_family_table(app: App, game: str, seats: tuple[str, ...] = SEATS,
                     dealer: str = "Ann", house: dict[str, Any] | None = None) -> TableScreen:
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in seats:
        screen.name_field.value = name
        tap(screen.view, "Add player")
    screen.set_game(game)
    for key, value in (house or {}).items():
        assert isinstance(screen.setup, FamilySetup)
        screen.setup.set_house(key, value)
    screen.set_dealer(dealer)
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen), texts(screen.view)
    return app.screen


def state(screen: TableScreen) -> FamilyState:
    return screen.state


def banner(screen: TableScreen) -> str:
    return " ".join(texts(identified(screen.view, "banner")))


def dialog_buttons(app: App) -> dict[str, Any]:
    assert isinstance(app.dialog, ft.AlertDialog)
    return buttons(app.dialog)


def press(app: App, label: str) -> None:
    found = dialog_buttons(app)
    assert label in found, sorted(found)
    found[label].on_click(None)


def reveal(screen: TableScreen, **pieces: str) -> None:
    """The reveal through the picker: a tap on each seat, then on its piece, then Settle."""
    picker = screen.parts.picker
    assert picker is not None
    for seat, piece in pieces.items():
        picker.select(seat)
        picker.pick(piece)
    tap(screen.view, "Settle")


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_new_table_makes_a_version_2_table_of_each_family_game(app: App, game: str) -> None:
    screen = new_family_table(app, game)
    header = screen.game.table
    assert (header.version, header.game, header.seats) == (2, game, SEATS)
    journal = app.store.export_journal(screen.game.id)
    assert f'"game": "{game}"' in journal.splitlines()[0]
    assert state(screen).phase == "ready"
    assert "Deal" in buttons(screen.view)


def test_new_table_offers_each_rule_book_house_rule_and_stake_of_the_game(app: App) -> None:
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    screen.set_game("cuccu")
    shown = " ".join(texts(screen.view))
    books = [c.label for c in walk(screen.view) if isinstance(c, ft.Radio)]
    assert "the Campli rules" in books and "Montorio's Stù" in books
    assert "Campli and Montorio al Vomano" in shown  # the game's line
    assert "What the Cat sends back" in shown  # a house field's explanation
    assert isinstance(screen.setup, FamilySetup) and screen.setup.amount_field.label == "Lives each"
    screen.setup.set_rules("stu")
    screen.setup.set_house("cat_undoes", "all")
    for name in SEATS:
        screen.name_field.value = name
        tap(screen.view, "Add player")
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen)
    header = app.screen.game.table
    assert header.rules == "stu" and dict(header.house) == {"cat_undoes": "all"}
    assert dict(header.stakes) == {"kind": "lives", "each": 3, "reentry": True}


def test_a_kille_round_through_the_screen(app: App) -> None:
    screen = new_family_table(app, "kille")
    tap(screen.view, "Deal")
    assert state(screen).turn_name == "Bo"  # Kille goes to the left: after Ann, Bo
    tap(screen.view, "Stand")
    assert banner(screen) == "Bo stands."
    tap(screen.view, "Change")  # Cy asks Ann
    labels = buttons(screen.view)
    assert "«Kuku står, ingen byta får!» Cuckoo stands, nobody may swap!" in labels
    assert "«Husar hugger» Hussar strikes!" in labels
    tap(screen.view, "Swap")
    tap(screen.view, "Change")  # Ann, the dealer, takes from the stock
    tap(screen.view, "Take the top card")
    assert state(screen).phase == "reveal"
    reveal(screen, Bo="cuckoo", Cy="5", Ann="mask")
    assert state(screen).dead == [False] * 3 and state(screen).out == [True, False, False]
    # told in the settlement's panel, as every game's (the banner is put away under it)
    assert "Dead this deal: Ann." in texts(identified(screen.view, "settlement"))
    tap(screen.view, "Next round")
    assert "Ann out: buy back in?" in buttons(screen.view)


def test_kille_buys_back_in_through_its_dialog(app: App) -> None:
    screen = new_family_table(app, "kille")
    tap(screen.view, "Deal")
    for _k in range(2):
        tap(screen.view, "Stand")
    tap(screen.view, "Stand")
    reveal(screen, Bo="cuckoo", Cy="5", Ann="mask")
    tap(screen.view, "Next round")
    tap(screen.view, "Ann out: buy back in?")
    assert "Ann died and may buy back in" in " ".join(texts(app.dialog))
    press(app, "Buy back in")
    s = state(screen)
    assert s.out == [False] * 3 and s.rebuys[0] == 1 and s.pot == 4
    assert banner(screen) == "Ann buys back in and pays one into the pot."


def test_cuccu_inn_sold_for_a_price_and_refused(app: App) -> None:
    screen = new_family_table(app, "cuccu")
    tap(screen.view, "Deal")
    assert state(screen).turn_name == "Cy"  # Cuccù asks the right-hand neighbour
    tap(screen.view, "Change")
    tap(screen.view, "«Fermatevi alquanto!» Stop a while!")
    # asked in the question's panel, not in a dialog over the seats
    assert "Bo offers Cy the swap for a price" in " ".join(texts(screen.view))
    field = next(c for c in walk(screen.view) if isinstance(c, ft.TextField))
    assert field.label == "Price offered"
    field.value = "3"
    tap(screen.view, "Sold")
    s = state(screen)
    assert s.money[2] == -4 and s.money[1] == 2  # -1 each to begin with, 3 paid
    assert "Cy buys the swap for 3." in banner(screen)
    tap(screen.view, "Change")  # Bo asks Ann
    tap(screen.view, "«Fermatevi alquanto!» Stop a while!")
    tap(screen.view, "Refused")
    assert state(screen).shelters == [(1, 0)]
    assert "No sale of the Inn: no swap. Ann shelters Bo this round" in banner(screen)
    assert journal_replies(app, screen) == [
        '{"ev": "reply", "from": "Bo", "call": "inn", "sold": true, "price": 3}',
        '{"ev": "reply", "from": "Ann", "call": "inn", "sold": false}']


def journal_replies(app: App, screen: TableScreen) -> list[str]:
    lines = app.store.export_journal(screen.game.id).splitlines()
    return [line for line in lines if '"reply"' in line]


def test_cuccu_re_entry_at_a_doubled_price_through_its_dialog(app: App) -> None:
    screen = new_family_table(app, "cuccu", seats=("Ann", "Bo"))
    for _round in range(3):  # Bo shows the lowest card three times: no lives left
        tap(screen.view, "Deal")
        tap(screen.view, "Stand")
        tap(screen.view, "Stand")
        reveal(screen, Ann="cuckoo", Bo="1")
        tap(screen.view, "Next round")
    s = state(screen)
    assert s.out == [False, True] and s.phase == "ready"
    tap(screen.view, "Bo out: re-enter?")
    assert "Bo is out and may re-enter with full lives for 2." in " ".join(texts(app.dialog))
    press(app, "Re-enter")
    s = state(screen)
    assert s.out == [False, False] and s.balance[1] == 3 and s.money[1] == -3
    assert banner(screen) == "Bo re-enters the game for 2 and plays on with full lives."


def test_a_refused_tap_says_why_and_changes_nothing(app: App) -> None:
    screen = new_family_table(app, "slabberjan")
    tap(screen.view, "Deal")
    events = len(screen.game.events)
    screen.act(Stand("Ann"))  # not Ann's turn (the sheet goes to the right): a stale tap
    assert screen.error.visible and screen.error.value == "It is Cy's turn, not Ann's."
    assert len(screen.game.events) == events


def test_undo_and_redo_say_what_they_did(app: App) -> None:
    screen = new_family_table(app, "vogelspiel")
    tap(screen.view, "Deal")
    first = state(screen).turn_name
    tap(screen.view, "Stand")
    tap(screen.view, "Undo")
    assert banner(screen).startswith(f"Undid: {first} stands.")
    assert ".." not in banner(screen)  # issue 23, item 12: "undo and redo sentences end in .."
    assert state(screen).turn_name == first
    tap(screen.view, "Redo")
    assert banner(screen).startswith(f"Redid: {first} stands.")
    assert ".." not in banner(screen)


@pytest.mark.parametrize("game", ["kille", "slabberjan"])
def test_an_export_is_named_after_its_game(app: App, game: str) -> None:
    """Issue 23, item 12: "exports of every game are named `gnav-game-N.jsonl`"."""
    screen = new_family_table(app, game)
    tap(screen.view, "Deal")
    app.go("/")
    tap(app.screen.view, f"Export game {screen.game.id}")
    saved: list[tuple[str, bytes]] = []
    app.save_file = lambda name, data: saved.append((name, data))  # type: ignore[method-assign]
    tap(app.screen.view, "Save as a file")
    assert [name for name, _data in saved] == [f"{game}-game-{screen.game.id}.jsonl"]


def test_a_family_journal_goes_out_and_back_in(app: App, tmp_path: Path) -> None:
    screen = new_family_table(app, "kille")
    tap(screen.view, "Deal")
    tap(screen.view, "Stand")
    text = app.store.export_journal(screen.game.id)
    with Store(tmp_path / "other") as other:
        game = other.import_journal(text)
        assert other.export_journal(game.id) == text
        assert game.state.as_json() == screen.state.as_json()


def test_history_tells_every_event(app: App) -> None:
    screen = new_family_table(app, "cuccu")
    tap(screen.view, "Deal")
    tap(screen.view, "Change")
    tap(screen.view, "«Bum!» Bang!")
    tap(screen.view, "History")
    page = app.screen
    assert isinstance(page, FamilyHistoryScreen) and app.route.endswith("/history")
    lines = texts(identified(page.view, "history"))
    assert lines == ["1. Round 1: Ann deals.", "2. Cy asks Bo to change.",
                     "3. Bo calls «Bum!» (Bang!). Cy loses a life."]
    tap(page.view, "Back to the table")
    assert isinstance(app.screen, TableScreen)


def test_the_history_page_of_a_family_table_before_anything_happened(app: App) -> None:
    screen = new_family_table(app, "kille")
    app.go(f"/game/{screen.game.id}/history")
    assert isinstance(app.screen, FamilyHistoryScreen)
    assert texts(identified(app.screen.view, "history")) == ["Nothing has happened yet."]


def play_cuccu_to_the_end(app: App) -> TableScreen:
    """Ann and Bo at Cuccù, three lives each: Ann shows the lower card three times, stays
    out rather than re-enter, and Bo wins."""
    screen = new_family_table(app, "cuccu", seats=("Ann", "Bo"))
    for _round in range(3):
        tap(screen.view, "Deal")
        while state(screen).phase == "turns":
            tap(screen.view, "Stand")
        reveal(screen, Ann="1", Bo="2")
        tap(screen.view, "Next round")
    tap(screen.view, "Ann out: re-enter?")
    press(app, "Stays out")
    assert state(screen).phase == "over"
    return screen


def test_share_shows_the_board_and_a_family_result_to_take_home(tmp_path: Path) -> None:
    sharing = board.SharingService(board.Sharing(port=8550, lan=True,
                                                 addresses=("192.168.1.20",), token="t" * 43))
    app = App(Games(tmp_path), sharing=sharing)
    app.start("/")
    screen = play_cuccu_to_the_end(app)
    tap(screen.view, "Share")
    share = app.screen
    assert isinstance(share, ShareScreen) and app.route == f"/game/{screen.game.id}/share"
    shown = texts(share.view)
    assert f"http://192.168.1.20:8550/board/{screen.game.id}" in shown
    assert identified(share.view, "board-qr") is not None
    text = result_text(screen.state)
    assert text.split("\n") == [
        "Cuccù result", "Table: Ann, Bo (2 seats), 3 lives each",
        "Rule book: the Campli rules", "Rounds: 3", "Bo wins", "Bo won the pot: 2 stakes.",
        "Pot: 2", "Standings:", "1. Bo: 3 lives, money −1, +1 with the pot (wins)",
        "2. Ann: 0 lives, out, money −1"]
    assert text in shown and identified(share.view, "result-qr") is not None


def test_a_family_result_too_long_for_one_code_is_shortened_to_fit() -> None:
    from companion.board import qr_fits

    names = tuple(f"{'😀' * 20}{i:02d}" for i in range(40))  # too long even when counted
    state = play(header("kille", "byteskille", seats=names, dealer=names[0]))
    full = result_text(state).split("\n")
    assert not qr_fits("\n".join(full))
    lines = result_text(state, fits=qr_fits).split("\n")
    assert qr_fits("\n".join(lines))
    assert lines[:2] == ["Kille result", "Table: 40 seats, a pot, 3 rebuys each"]
    assert lines[-1].startswith("... and ") and lines[-2] in full


def test_the_rules_card_of_a_family_table_with_its_house_rules(app: App) -> None:
    # Adrian's book plays to the right
    screen = new_family_table(app, "vogelspiel", house={"direction": "left"})
    tap(screen.view, "Rules card")
    card = app.screen
    assert isinstance(card, FamilyRulesScreen) and app.route.endswith("/rules")
    shown = " ".join(texts(card.view))
    assert "the deal and the turns go to the left." in shown
    assert "Vogelspiel (reconstructed) · " in shown
    house = texts(identified(card.view, "house-rules"))
    # a sentence of its own (issue 23, item 14), not "Which way...: to the left"
    assert house == ["• The turns and the deal go to the left."]


def test_the_rules_card_of_a_family_table_as_written(app: App) -> None:
    screen = new_family_table(app, "kille")
    app.go(f"/game/{screen.game.id}/rules")
    card = app.screen
    assert isinstance(card, FamilyRulesScreen)
    assert texts(identified(card.view, "house-rules")) == [
        "None: this table plays Byteskille as written."]
    assert "• Hussar «Husar hugger» (“Hussar strikes!”): No swap: the asker keeps their card. "\
        "The asker is out of the round at once." in texts(card.view)


def test_a_family_tables_learn_teaches_its_own_game_and_rule_book(app: App) -> None:
    """A table's Learn (/learn/N) teaches the game at that table under its rule book, not
    another game's pieces."""
    screen = new_family_table(app, "cuccu")
    tap(screen.view, "Learn")
    learn = app.screen
    assert isinstance(learn, LearnScreen)
    assert (learn.game, learn.book.name) == ("cuccu", screen.state.rules.name)
    shown = texts(learn.view)
    assert any(t.startswith("Cuccù: the 40 cards") for t in shown), shown[:3]


def test_new_tables_stake_follows_the_rule_book(app: App) -> None:
    """Issue 23, item 13: slabberjan.md, "stake each": "4 chips, 3 above 8 players (minderhoud,
    goudswaard)" under the family's rules; vogelspiel.md: Pichler's "6 or 7 «Strichel» each"."""
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    screen.set_game("slabberjan")
    setup = screen.setup
    assert isinstance(setup, FamilySetup)
    assert setup.amount_field.value == "3"  # the sheet's 3 cents
    setup.set_rules("family")
    assert (setup.amount, setup.amount_field.value) == (4, "4")
    labels = [c.label for c in walk(screen.view) if isinstance(c, ft.Radio)]
    assert "nobody" in labels and "nothing" not in labels  # who plays on credit: a person
    screen.set_game("vogelspiel")
    setup = screen.setup
    assert isinstance(setup, FamilySetup)
    setup.set_rules("pichler")
    assert setup.amount == 6
    labels = [c.label for c in walk(screen.view) if isinstance(c, ft.Radio)]
    assert "the numerals XII to I" in labels and "1-12" not in labels
    assert "1 life" in labels and "1" not in labels  # the silent matador's price
