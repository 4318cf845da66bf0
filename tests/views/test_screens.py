"""The screens without a browser: a real Store in a temp folder, handlers called as taps would.

Each test asserts the engine state after the tap and what the screen offers (labels, enabled
flags, sentences), the same things the browser tests read from the accessibility tree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.app import App, Games
from companion.engine.gnav import Deal, Stakes, Stand, Table
from companion.engine.gnav.journal import replay
from companion.views.gnav_setup import GnavSetup
from companion.views.history import HistoryScreen
from companion.views.new_table import NewTableScreen
from companion.views.shell.table import TableScreen
from companion.views.tables import TablesScreen

from .helpers import buttons, identified, tap, texts

SEATS = ("Ann", "Bo", "Cy", "Dag")


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def new_game(app: App, rules: str = "damm", seats: tuple[str, ...] = SEATS,
             dealer: str | None = "Ann", each: int = 3) -> TableScreen:
    game = app.store.create_game(Table(rules=rules, stakes=Stakes("counters", each),
                                       seats=seats, dealer=dealer))
    app.go(f"/game/{game.id}")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def new_table_of(app: App, *names: str) -> NewTableScreen:
    """New table, from the tables screen, with these players added."""
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in names:
        screen.name_field.value = name
        tap(screen.view, "Add player")
    return screen


def test_start_reads_the_stakes_field_even_before_its_change_handler_ran(app: App) -> None:
    """Flet sets a field's value as the browser's message arrives but runs its change handler
    on a worker thread: a quick tap on Start may come first. Start reads the field itself."""
    screen = new_table_of(app, "Ann", "Bo")
    setup = screen.setup
    assert isinstance(setup, GnavSetup)
    setup.amount_field.value = "1"  # typed; the handler has not run: setup.amount is 3
    assert setup.amount == 3
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen)
    assert app.screen.game.table.stakes == Stakes("counters", 1)


def test_new_table_builds_the_header_and_opens_the_game(app: App) -> None:
    tap(app.screen.view, "New table")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    assert buttons(screen.view)["Start game"].disabled
    for name in ("Ann", "Bo", "Cy"):
        screen.name_field.value = name
        tap(screen.view, "Add player")
    screen.name_field.value = "bo"
    tap(screen.view, "Add player")
    assert screen.name_error.value == "Bo is already at the table; every seat needs its own name."
    tap(screen.view, "Move Cy up")
    assert screen.players == ["Ann", "Cy", "Bo"]
    assert buttons(screen.view)["Move Ann up"].disabled
    screen.rename("Cy", "Cyril")
    tap(screen.view, "Remove Ann")
    setup = screen.setup
    assert isinstance(setup, GnavSetup)
    setup.set_rules("pagat")
    setup.set_house("cat_reverses", False)
    setup.set_stakes_kind("strokes")
    assert setup.amount_field.label == "Stroke limit"
    setup.amount_field.value = "5"  # what the browser sends, then its change event
    setup.set_amount("5")
    screen.set_dealer("Bo")
    tap(screen.view, "Start game")
    game_screen = app.screen
    assert isinstance(game_screen, TableScreen)
    table = game_screen.game.table
    assert table.seats == ("Cyril", "Bo")
    assert table.rules == "pagat" and table.dealer == "Bo"
    assert table.stakes == Stakes("strokes", 5)
    assert table.house_dict() == {"cat_reverses": False}
    assert app.route == f"/game/{game_screen.game.id}"


def test_random_dealer_is_drawn_by_the_app_into_the_header(app: App) -> None:
    app.go("/new")
    screen = app.screen
    screen.players = ["Ann", "Bo", "Cy"]
    screen.set_dealer("random")
    seen = {screen.header().dealer for _ in range(60)}
    assert seen == {"Ann", "Bo", "Cy"}


def test_turn_offers_only_stand_and_change_and_commits_before_showing(app: App) -> None:
    screen = new_game(app)
    assert texts(identified(screen.view, "phase")) == ["Ann deals round 1"]
    tap(screen.view, "Deal")
    labels = buttons(screen.view)
    assert "Stand" in labels and "Change" in labels and "Deal" not in labels
    assert texts(identified(screen.view, "phase")) == ["Bo's turn"]
    tap(screen.view, "Change")
    # the event is on disk: a second store on the same folder sees it
    from companion.store import Store
    other = Store(app.store.folder)
    try:
        assert [type(e).__name__ for e in other.open_game(screen.game.id).events] == [
            "Deal", "Change"]
    finally:
        other.close()
    labels = buttons(screen.view)
    # each call: the piece, the rule book's words, then their meaning in the reader's language
    assert {"Swap", "Cuckoo «Ko-ko!» “Cuckoo!”", "Dragoon «Hogg av!» “Chop off!”",
            "Cat «Kiss!» “Puss!”", "Horse «Hest forbi!» “Horse, pass on!”",
            "House «Hus forbi!» “House, pass on!”"} <= set(labels)
    tap(screen.view, "Cat «Kiss!» “Puss!”")
    banner = texts(identified(screen.view, "banner"))
    assert banner == ["Cy says «Kiss!» (“Puss!”): the cat stops the swap. Bo keeps the piece.", "Bo pays a counter into the pool.",
                      "Cy's turn."]
    assert screen.game.state.balance[1] == 2 and screen.game.state.pool == 1


def test_in_danish_the_call_buttons_show_the_danish_rules_own_calls(app: App) -> None:
    """gnav.md's DA1917 column: the Danish calls («Hug af!», «Kis! Kis!») stand under the rule
    book's words on the buttons, as themselves (Learn cites the source)."""
    screen = new_game(app)
    tap(screen.view, "Deal")
    tap(screen.view, "Change")
    app.set_language("da", remember=False)
    labels = set(buttons(app.screen.view))
    assert {"Dragon «Hogg av!» «Hug af!»", "Kat «Kiss!» «Kis! Kis!»"} <= labels, sorted(labels)
    assert not any("DA1917" in label or "“«" in label for label in labels)


def test_the_damm_stock_offers_only_the_swap(app: App) -> None:
    screen = new_game(app, seats=("Ann", "Bo"), dealer="Bo")
    tap(screen.view, "Deal")
    tap(screen.view, "Stand")  # Ann
    tap(screen.view, "Change")  # Bo, the dealer, asks the stock
    labels = buttons(screen.view)
    assert "Swap" in labels
    assert not any("«" in label for label in labels)
    assert texts(identified(screen.view, "phase")) == [
        "Bo asks the stock. The top piece of the stock is:"]


def test_a_refused_event_shows_its_sentence_and_changes_nothing(app: App) -> None:
    screen = new_game(app)
    screen.act(Deal())
    before = screen.game.state.as_json()
    screen.act(Stand("Cy"))
    assert screen.error.visible and screen.error.value == "It is Bo's turn, not Cy's."
    assert screen.game.state.as_json() == before
    assert len(screen.game.events) == 1


def test_undo_says_what_it_undid_and_redo_brings_it_back(app: App) -> None:
    screen = new_game(app)
    assert buttons(screen.view)["Undo"].disabled
    tap(screen.view, "Deal")
    tap(screen.view, "Stand")
    tap(screen.view, "Undo")
    assert texts(identified(screen.view, "banner")) == ["Undid: Bo stands.", "Bo's turn."]
    assert screen.game.state.turn_name == "Bo"
    assert not buttons(screen.view)["Redo"].disabled
    tap(screen.view, "Redo")
    assert screen.game.state.turn_name == "Cy"
    assert texts(identified(screen.view, "banner"))[0] == "Redid: Bo stands."


def play_to_reveal(screen: TableScreen) -> None:
    tap(screen.view, "Deal")
    for _ in range(len(screen.game.state.names)):
        tap(screen.view, "Stand")


def test_reveal_picker_uses_a_piece_at_most_twice_and_settles(app: App) -> None:
    screen = new_game(app)
    play_to_reveal(screen)
    assert screen.game.state.phase == "reveal"
    assert buttons(screen.view)["Settle"].disabled
    tap(screen.view, "3")  # Ann
    tap(screen.view, "3")  # Bo
    assert buttons(screen.view)["3"].disabled  # picked twice
    tap(screen.view, "owl")  # Cy
    assert buttons(screen.view)["Settle"].disabled
    tap(screen.view, "Bo's piece")
    assert not buttons(screen.view)["3"].disabled  # Bo's own pick may stay
    tap(screen.view, "9")  # corrects Bo
    tap(screen.view, "Dag's piece")
    tap(screen.view, "12")
    tap(screen.view, "Settle")
    state = screen.game.state
    assert state.phase == "ready"
    assert state.balance == [3, 3, 2, 3]  # Cy's owl was lowest
    shown = texts(identified(screen.view, "settlement"))
    assert shown[0] == "Cy shows the owl, the lowest piece, and pays a counter into the pool."
    tap(screen.view, "Next round")
    assert texts(identified(screen.view, "phase")) == ["Bo deals round 2"]
    # undo goes back through the settlement
    tap(screen.view, "Undo")
    assert screen.game.state.phase == "reveal"
    assert texts(identified(screen.view, "banner"))[0].startswith("Undid: the reveal")


def test_undoing_a_reveal_brings_the_picker_back_with_every_piece_entered(app: App) -> None:
    """Issue 12, item 5: to correct one piece the referee must not enter them all again."""
    screen = new_game(app)
    play_to_reveal(screen)
    for piece in ("3", "9", "owl", "12"):  # Ann, Bo, Cy, Dag
        tap(screen.view, piece)
    tap(screen.view, "Settle")
    tap(screen.view, "Undo")
    picker = screen.parts.picker
    assert picker is not None and screen.game.state.phase == "reveal"
    assert picker.picked == {"Ann": "3", "Bo": "9", "Cy": "owl", "Dag": "12"}
    assert not buttons(screen.view)["Settle"].disabled
    tap(screen.view, "Cy's piece")
    tap(screen.view, "10")  # the one correction
    tap(screen.view, "Settle")
    assert screen.game.state.last_round is not None
    assert dict(screen.game.state.last_round.pieces)["Cy"] == "10"


def test_undoing_a_draw_for_dealer_brings_its_pieces_back(app: App) -> None:
    screen = new_game(app, seats=("Ann", "Bo", "Cy"), dealer=None)
    for piece in ("5", "cuckoo", "2"):
        tap(screen.view, piece)
    tap(screen.view, "Cut")
    tap(screen.view, "Undo")
    assert screen.game.state.phase == "cut"
    assert screen.parts.picker is not None
    assert screen.parts.picker.picked == {"Ann": "5", "Bo": "cuckoo", "Cy": "2"}


def test_draw_for_dealer_redraws_a_tie(app: App) -> None:
    screen = new_game(app, seats=("Ann", "Bo", "Cy"), dealer=None)
    assert screen.game.state.phase == "cut"
    tap(screen.view, "cuckoo")
    tap(screen.view, "cuckoo")
    assert buttons(screen.view)["cuckoo"].disabled
    tap(screen.view, "5")
    tap(screen.view, "Cut")
    state = screen.game.state
    assert state.phase == "cut" and [state.names[i] for i in state.cut_seats] == ["Ann", "Bo"]
    assert set(buttons(screen.view)) >= {"Ann's piece", "Bo's piece"}
    assert "Cy's piece" not in buttons(screen.view)
    tap(screen.view, "2")
    tap(screen.view, "fool")
    tap(screen.view, "Cut")
    assert screen.game.state.phase == "ready" and screen.game.state.dealer_name == "Ann"


def test_game_over_shows_winner_standings_and_rematch(app: App) -> None:
    screen = new_game(app, seats=("Ann", "Bo"), each=1)
    play_to_reveal(screen)
    tap(screen.view, "5")
    tap(screen.view, "4")
    tap(screen.view, "Settle")
    assert screen.game.state.phase == "over"
    assert texts(identified(screen.view, "phase")) == ["Ann wins"]
    shown = texts(screen.view)
    assert "Game over after 1 round." in shown
    tap(screen.view, "Rematch")
    again = app.screen
    assert isinstance(again, TableScreen) and again.game.id != screen.game.id
    assert again.game.table == screen.game.table and again.game.events == []


def test_knock_and_between_rounds_menus(app: App) -> None:
    screen = new_game(app)
    tap(screen.view, "Deal")
    tap(screen.view, "Knock")
    assert app.dialog is not None
    tap(app.dialog, "Cy knocks")
    assert screen.game.state.knocked[2]
    assert app.dialog is None
    # between rounds: leave
    screen.game.undo()
    screen.game.undo()
    screen.render()
    tap(screen.view, "Between rounds")
    assert "Dag sits out" not in buttons(app.dialog)  # damm: nobody sits out
    tap(app.dialog, "Dag leaves")
    assert screen.game.state.out[3]


def test_tables_list_delete_needs_confirmation(app: App) -> None:
    screen = new_game(app)
    game_id = screen.game.id
    app.go("/")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    assert any(b.startswith(f"Open game {game_id}: ") for b in buttons(tables.view))
    tap(tables.view, f"Delete game {game_id}")
    assert app.dialog is not None and "Delete this game?" in texts(app.dialog)
    tap(app.dialog, "Cancel")
    assert [g.id for g in app.store.list_games()] == [game_id]
    tap(tables.view, f"Delete game {game_id}")
    tap(app.dialog, "Delete")
    assert app.store.list_games() == []
    assert not any(b.startswith(f"Open game {game_id}") for b in buttons(tables.view))


def test_import_shows_the_line_numbered_error_and_stores_nothing(app: App) -> None:
    tables = app.screen
    tap(tables.view, "Import journal")
    tables.import_field.value = (
        '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
        '"each": 3}, "seats": ["Ann", "Bo"], "dealer": "Ann"}\n{"ev": "stand", "seat": "Bo"}\n'
    )
    tap(tables.view, "Import")
    assert tables.import_error.value.startswith("line 2: ")
    assert app.store.list_games() == []
    tables.import_field.value = tables.import_field.value.replace(
        '{"ev": "stand", "seat": "Bo"}', '{"ev": "deal"}')
    tap(tables.view, "Import")
    assert isinstance(app.screen, TableScreen) and app.screen.game.state.phase == "turns"


def test_export_shows_the_journal_text(app: App) -> None:
    screen = new_game(app)
    tap(screen.view, "Deal")
    app.go("/")
    tap(app.screen.view, f"Export game {screen.game.id}")
    shown = app.screen.export_box.controls[0].value
    assert shown.splitlines()[1] == '{"ev": "deal"}'
    saved: list[tuple[str, bytes]] = []
    app.save_file = lambda name, data: saved.append((name, data))  # type: ignore[method-assign]
    tap(app.screen.view, "Save as a file")
    assert saved == [(f"gnav-game-{screen.game.id}.jsonl", shown.encode("utf-8"))]
    assert replay(saved[0][1].decode("utf-8"))[2].phase == "turns"


def test_start_goes_back_to_the_last_open_game(tmp_path: Path) -> None:
    first = App(Games(tmp_path))
    first.start("/")
    screen = new_game(first)
    tap(screen.view, "Deal")
    first.store.close()
    again = App(Games(tmp_path))
    again.start("/")
    assert isinstance(again.screen, TableScreen)
    assert again.screen.game.id == screen.game.id
    assert again.screen.game.state.phase == "turns"


def test_history_lists_every_event_in_words(app: App) -> None:
    screen = new_game(app)
    tap(screen.view, "Deal")
    tap(screen.view, "Change")
    tap(screen.view, "Swap")
    tap(screen.view, "History")
    history = app.screen
    assert isinstance(history, HistoryScreen)
    assert texts(history.lines) == ["1. Round 1: Ann deals.", "2. Bo asks Cy to swap.",
                                    "3. Bo and Cy swap."]


def test_seat_tiles_show_turn_dealer_and_counters(app: App) -> None:
    screen = new_game(app)
    tap(screen.view, "Deal")
    bo = screen.parts.tiles[1]
    assert bo.status.value == "to play"
    assert screen.parts.tiles[0].dealer.visible and not bo.dealer.visible
    assert bo.count.value == "3" and bo.marks.shown == 3
    # the three counters are three dots of one path on one canvas
    assert len(bo.marks.path.elements) == 3
    tap(screen.view, "Change")
    assert screen.parts.tiles[2].status.value == "is asked"


def test_tally_marks_are_one_shape_of_line_segments_that_fit_the_box() -> None:
    import flet.canvas as cv

    from companion.views.cuckoo.seats import MIN_STROKE, Marks

    marks = Marks(box=(110, 32))
    marks.show(67, counters=False)  # 13 groups of five and two strokes
    assert marks.control.shapes == [marks.strokes]
    assert marks.strokes.point_mode == cv.PointMode.LINES
    points = marks.strokes.points
    assert points is not None and len(points) == 2 * 67  # one segment per stroke
    xs = [p[0] for p in points if isinstance(p, tuple)]
    ys = [p[1] for p in points if isinstance(p, tuple)]
    assert len(xs) == len(points)
    width, height = marks.control.width, marks.control.height
    assert width is not None and height is not None and 0 < width <= 110 and 0 < height <= 32
    # the bars lie inside the canvas (the slashes overhang a group's left edge by 3 px)
    bars = [x for i, x in enumerate(xs) if i % 10 < 8 or i >= 2 * 65]
    assert min(bars) >= 0 and max(xs) <= width
    assert min(ys) >= 0 and max(ys) <= height + 1e-9
    # a group of five: four upright bars, then one slash rising to the right
    (ax, ay), (bx, by) = points[8], points[9]  # type: ignore[misc]
    assert points[0][0] == points[1][0] and bx > ax and by < ay  # type: ignore[index]
    # a crowded tile shrinks the marks, but a stroke is never drawn thinner than a pixel
    tiny = Marks(box=(40, 14))
    tiny.show(98, counters=False)
    assert tiny.strokes.paint.stroke_width == MIN_STROKE
    assert marks.strokes.paint.stroke_width is not None
    assert marks.strokes.paint.stroke_width >= MIN_STROKE
    # back to counters: the dots' path is drawn again, not the strokes
    marks.show(3, counters=True)
    assert marks.control.shapes == [marks.path] and len(marks.path.elements) == 3


def test_tables_list_tells_the_time_on_the_device_clock_not_utc() -> None:
    from datetime import timedelta, timezone

    from companion.i18n import Tr
    from companion.views.tables import when

    oslo_winter = timezone(timedelta(hours=1))
    assert when("2026-11-22T18:03:11Z", tz=oslo_winter) == "2026-11-22 19:03"
    assert when("2026-12-31T23:30:00Z", tz=oslo_winter) == "2027-01-01 00:30"
    assert when("2026-11-22T18:03:11Z", Tr("nb"), tz=oslo_winter) == "22.11.2026 kl. 19:03"
    assert "UTC" not in when("2026-11-22T18:03:11Z")
    assert when("not a time") == "not a time"


def test_phone_picker_scrolls_its_seat_strip_to_the_highlighted_seat() -> None:
    from companion.views.cuckoo.picker import PiecePicker

    calls: list[str] = []

    def picker(narrow: bool) -> PiecePicker:
        return PiecePicker(["Ann", "Bo", "Cy", "Dag", "Eli", "Finn"], "Settle", lambda p: None,
                           narrow, "Show your pieces",
                           scroll_to=lambda strip, key: calls.append(key))

    phone = picker(True)
    phone.pick("12")
    phone.pick("11")
    assert calls == ["pick-1", "pick-2"]
    phone.select("Finn")
    assert calls[-1] == "pick-5"
    calls.clear()
    tablet = picker(False)  # the seats are a column beside the grid: nothing to scroll
    tablet.pick("12")
    assert calls == []


def test_a_tap_at_the_table_asks_again_for_the_wake_lock_until_granted(app: App) -> None:
    """Browsers grant a screen wake lock only during a gesture: a game opened straight from
    the address bar asks again at its taps, and stops asking once the lock is granted."""
    screen = new_game(app)

    class Page:
        def __init__(self) -> None:
            self.tasks: list[object] = []

        def run_task(self, fn: object, *args: object) -> None:
            self.tasks.append(fn)

        def update(self, *controls: object) -> None:
            pass

    page = Page()
    app.page, app.wakelock = page, object()  # type: ignore[assignment]
    app.awake, app.awake_granted = True, False
    tap(screen.view, "Deal")
    assert page.tasks == [app._set_wakelock]
    app.awake_granted = True
    tap(screen.view, "Stand")
    assert page.tasks == [app._set_wakelock]


def test_import_a_journal_file_bad_then_good(app: App) -> None:
    """'Open a file' hands the chosen file's bytes to the same check as pasted text: a bad file
    gets its line-numbered reason and stores nothing; a good one opens its game."""
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    chosen: list[object] = []
    app.open_file = lambda then: chosen.append(then)  # type: ignore[method-assign]
    tap(tables.view, "Import journal")
    tap(tables.view, "Open a file")
    assert chosen == [tables.import_file]
    header = ('{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
              '"each": 3}, "seats": ["Ann", "Bo"], "dealer": "Ann"}\n')
    tables.import_file((header + '{"ev": "deal"}\n{"ev": "stand", "seat": "Cy"}\n').encode())
    assert tables.import_error.visible and tables.import_error.value.startswith("line 3:")
    assert app.store.list_games() == []
    tables.import_file((header + '{"ev": "deal"}\n').encode())
    assert isinstance(app.screen, TableScreen) and app.screen.game.state.phase == "turns"


def test_phone_leaves_out_a_banner_that_only_repeats_the_question(app: App) -> None:
    """On a phone the answers need the height: while a swap waits, a banner that only tells
    who asks whom (the question says it) is left out; news beyond that (an undo) is shown."""
    app.width, app.height = 360, 640
    screen = new_game(app)
    tap(screen.view, "Deal")
    tap(screen.view, "Change")
    assert screen.state.phase == "asking"
    assert not screen.banner.visible
    assert screen.answer_buttons["cuckoo"].height == 76  # short phone: shorter call buttons
    tap(screen.view, "Undo")
    tap(screen.view, "Redo")
    assert screen.state.phase == "asking" and screen.banner.visible
    assert "Redid" in " ".join(texts(screen.banner))
    app.width, app.height = 1280, 800
    tablet = new_game(app)
    tap(tablet.view, "Deal")
    tap(tablet.view, "Change")
    assert tablet.banner.visible


def test_a_crowded_table_is_a_grid_that_scrolls_itself_and_a_list_on_a_phone(
        app: App) -> None:
    """Past 12 seats on a tablet the seats are a SeatGrid, on a phone a SeatList (each tile
    its own repaint boundary), which scroll themselves: the seat column around them must not
    scroll too (a grid or list in a scrolling column has no height to fill)."""
    from companion.views.shell.ring import ROW_GAP, ROW_TILE_H, SeatGrid, SeatList

    screen = new_game(app, seats=tuple(f"P{n:02d}" for n in range(1, 41)), dealer="P01")
    assert isinstance(screen.seat_area.content, SeatGrid)
    assert screen.seat_scroll.scroll is None and screen.seat_area.expand
    grid = screen.seat_area.content
    assert grid.controls[0] is screen.parts.pool.control  # the pool first, then the seats in order
    assert grid.controls[1:] == [t.control for t in screen.parts.tiles]
    assert grid.offset_of(0) == 0 and grid.offset_of(grid.cols) == grid.offset_of(1) + 76
    app.width, app.height = 390, 844
    screen.relayout()
    rows = screen.seat_area.content
    assert isinstance(rows, SeatList)
    assert screen.seat_scroll.scroll is None and screen.seat_area.expand
    assert rows.controls == [screen.parts.pool.control, *[t.control for t in screen.parts.tiles]]
    assert screen.parts.pool.box.height == ROW_TILE_H  # every row as tall: scrolled to by offset
    assert all(t.box.height == ROW_TILE_H for t in screen.parts.tiles)
    assert rows.offset_of(3) == 3 * (ROW_TILE_H + ROW_GAP)
    app.width, app.height = 1280, 800  # 5 seats: the oval, which the seat column scrolls
    small = new_game(app, seats=("Ann", "Bo", "Cy", "Dag", "Eli"))
    assert not isinstance(small.seat_area.content, (SeatGrid, SeatList))
    assert small.seat_scroll.scroll == ft.ScrollMode.AUTO and not small.seat_area.expand


def test_turning_a_tablet_or_shrinking_to_a_phone_rebuilds_the_table_for_its_new_form(
        app: App) -> None:
    """A tablet turned upright (1280 -> 800 wide) gives the tools a row of their own, a phone
    sizes the answers to half its width: the screen is built again for the new form, at once,
    keeping the game and the banner's news (before, some sizes changed only at the next tap)."""
    from types import SimpleNamespace

    screen = new_game(app)
    tap(screen.view, "Deal")
    tap(app.screen.view, "Stand")
    news = texts(app.screen.banner)
    assert "Bo stands." in news
    assert app.screen.body.controls[0] is app.screen.banner  # no tool row on a wide tablet

    app._on_resize(SimpleNamespace(width=800, height=1280))
    upright = app.screen
    assert upright is not screen and upright.game is screen.game
    assert isinstance(upright.body.controls[0], ft.Row)  # the tools' own row
    assert "History" in buttons(upright.body.controls[0])
    assert texts(upright.banner) == news

    app._on_resize(SimpleNamespace(width=390, height=844))
    phone = app.screen
    assert phone is not upright and texts(phone.banner) == news
    assert phone.answer_buttons["stand"].width == (390 - 24 - 32 - 12) / 2
    assert phone.title.size == upright.title.size - 4
    assert "Cy's turn" in texts(phone.view)

    same = app.screen
    app._on_resize(SimpleNamespace(width=390, height=800))  # same form: only relaid out
    assert app.screen is same


def test_start_waits_for_the_stakes_fields_last_change_while_it_has_the_focus(
        app: App) -> None:
    """Issue 12, item 3: a tap on Start can reach the app before the stakes field's last
    change. While the field has the focus, Start moves the focus to itself and makes the
    game only once the field's blur is in, which the browser sends after its last change."""
    import asyncio
    import threading

    screen = new_table_of(app, "Ann", "Bo")
    setup = screen.setup
    assert isinstance(setup, GnavSetup)
    setup.amount_focus()  # the referee tapped into the field and typed "2": not yet in

    class Browser:
        """The browser's side: the focus leaves the field, its last change then its blur
        arrive; the app's tasks run here, its threads at once."""

        def run_task(self, handler: Any, *args: Any) -> None:
            # a loop of its own, on a thread of its own (a browser test's may be running)
            worker = threading.Thread(target=asyncio.run, args=(handler(*args),))
            worker.start()
            worker.join()

        def run_thread(self, handler: Any, *args: Any) -> None:
            app.page = None  # the game opens without a browser to tell
            handler(*args)

    async def focus_moves_to_start() -> None:
        setup.amount_field.value = "2"
        setup.amount_blur()

    app.page = Browser()  # type: ignore[assignment]
    object.__setattr__(screen.start_button, "focus", focus_moves_to_start)
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen)
    assert app.screen.game.table.stakes == Stakes("counters", 2)
