"""Players and records on screen (issue 26, items 1-4): New table's chips of known players, a
look-alike offered and never merged by itself, the roster renamed and merged on the Records
screen, its figures against the hand counts of tests/records/ (test_golden_records.py counts
them from the journals by hand), its periods and the files it hands over."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, Games
from companion.records import Filter
from companion.records.exports import BGSTATS_LINK
from companion.store.records_io import open_roster
from companion.views import records as records_view
from companion.views.new_table import NewTableScreen
from companion.views.records import RecordsScreen, period_filter

from .helpers import buttons, identified, tap, texts

JOURNALS = Path(__file__).parent.parent / "records" / "journals"
ORDER = ["gnav-damm-shared-win", "kille-hussar", "cuccu-cat", "slabberjan-side-pot",
         "vogelspiel-witch", "gwra-pyskessa-tie-break"]
ROWS = 3 + 2 + 2 + 4 + 3 + 10  # a row per seat per game: the golden journals' seats


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


@pytest.fixture
def golden(app: App) -> dict[str, int]:
    return {name: app.store.import_journal((JOURNALS / f"{name}.jsonl").read_bytes()).id
            for name in ORDER}


def records_screen(app: App) -> RecordsScreen:
    app.go("/records")
    screen = app.screen
    assert isinstance(screen, RecordsScreen)
    return screen


def figures_of(screen: RecordsScreen, name: str) -> list[str]:
    return identified(screen.view, f"figures-{name}").label.split("\n")


def saved(app: App, monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    monkeypatch.setattr(app, "save_file", lambda name, data: files.__setitem__(name, data))
    return files


# --- New table --------------------------------------------------------------------------------


def test_new_table_offers_the_known_players_as_chips_and_filters_them_as_a_name_is_typed(
        app: App, golden: dict[str, int]) -> None:
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    chips = [c.content for c in screen.chips.controls]
    # the Go Fish table (imported last) is the most recent: its ten players come first
    assert set(chips) >= {"Ann", "Bo", "Cy", "Dag", "Jon"} and len(chips) == 10
    screen.name_field.value = "d"
    screen.typed()
    assert [c.content for c in screen.chips.controls] == ["Dag"]
    tap(screen.view, "Dag")
    assert screen.players == ["Dag"] and screen.name_field.value == ""
    assert "Dag" not in [c.content for c in screen.chips.controls]  # seated: not offered again


def test_a_new_name_joins_the_roster_when_the_game_is_created(app: App) -> None:
    app.go("/new")
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    assert screen.chips.controls == []  # nobody known yet
    for name in ("Åse", "Per"):
        screen.name_field.value = name
        tap(screen.view, "Add player")
    tap(screen.view, "Start game")
    roster, _notice = open_roster(app.store)
    assert sorted(p.name for p in roster.players) == ["Per", "Åse"]
    app.go("/new")
    assert isinstance(app.screen, NewTableScreen)
    assert sorted(c.content for c in app.screen.chips.controls) == ["Per", "Åse"]


def test_a_look_alike_of_a_known_player_is_offered_as_the_same_player_never_merged_by_itself(
        app: App, golden: dict[str, int]) -> None:
    cyrillic = "\u0410nn"  # a Cyrillic А
    for same in (False, True):
        app.go("/new")
        screen = app.screen
        assert isinstance(screen, NewTableScreen)
        for name in (cyrillic, "Per"):
            screen.name_field.value = name
            tap(screen.view, "Add player")
        assert screen.alike_box.visible, (same, screen.players, screen.name_error.value)
        assert f"{cyrillic} looks like Ann, who has played before." in texts(screen.alike_box)
        if same:
            roster, _notice = open_roster(app.store)
            ann = roster.player_for("Ann")
            assert ann is not None
            screen.same_player(cyrillic, ann.id, True)  # the switch, turned on
        tap(screen.view, "Start game")
        roster, _notice = open_roster(app.store)
        owner = roster.player_for(cyrillic)
        assert owner is not None
        if same:
            assert owner.name == "Ann" and cyrillic in owner.aliases
        else:
            assert owner.name == cyrillic  # a player of its own until the referee says


# --- the Records screen -----------------------------------------------------------------------


def test_the_records_of_gnav_on_screen_are_the_hand_counts(
        app: App, golden: dict[str, int]) -> None:
    screen = records_screen(app)
    screen.game_menu.value = "gnav"
    screen.set_game()
    # test_golden_records.py: the Cat and the Dragoon and a shared win, counted by hand
    assert figures_of(screen, "Ann") == [
        "1 table played, 0 won (0%)", "Rounds survived: 0", "Times paid or struck: 2",
        "Hit by «Hogg av!» once", "Said «Kiss!» once", "Paid most to Bo (once)",
        "Longest winning streak: 0", "Gnav: 1 played, 0 won"]
    assert figures_of(screen, "Bo")[:4] == [
        "1 table played, 1 won (100%)", "Rounds survived: 1", "Times paid or struck: 2",
        "Said «Hogg av!» once"]
    assert identified(screen.view, "game-gnav").label.split("\n") == [
        "1 table played to the end", "Most rounds: 2 (table 1)",
        "Longest evening: 2 rounds (table 1)",
        "Most common loser's piece: Numeral 5 (2 times)"]
    bars = identified(screen.view, "win-bars").label
    assert bars == "Tables won: Bo: 1; Cy: 1; Ann: 0"
    assert identified(screen.view, "share-bars").label == \
        "Win share (%): Bo: 100%; Cy: 100%; Ann: 0%"


def test_all_time_counts_every_game_of_a_player(app: App, golden: dict[str, int]) -> None:
    screen = records_screen(app)
    # Bo: six tables, won Gnav, Kille, Vogelspiel and Gwra pyskessa (the golden journals)
    assert figures_of(screen, "Bo")[0] == "6 tables played, 4 won (67%)"
    assert "6 tables counted." in texts(screen.view)


def test_a_renamed_player_keeps_the_figures_of_the_old_name(
        app: App, golden: dict[str, int]) -> None:
    screen = records_screen(app)
    before = figures_of(screen, "Bo")
    bo = screen.roster.player_for("Bo")
    assert bo is not None
    tap(screen.view, "Rename Bo")
    dialog: Any = app.dialog
    field = dialog.content.controls[0]
    field.value = "Bob"
    tap(dialog, "Save")
    again = records_screen(app)  # read again from the data folder
    assert figures_of(again, "Bob") == [*before, "Also written: Bo"]


def test_two_entries_merged_count_as_one_player(app: App, golden: dict[str, int]) -> None:
    screen = records_screen(app)
    ann, bo = figures_of(screen, "Ann")[0], figures_of(screen, "Bo")[0]
    assert (ann, bo) == ("6 tables played, 1 won (17%)", "6 tables played, 4 won (67%)")
    tap(screen.view, "Merge Ann")
    tap(app.dialog, "Merge Bo into Ann")
    again = records_screen(app)
    assert figures_of(again, "Ann")[0] == "12 tables played, 5 won (42%)"
    with pytest.raises(AssertionError):
        figures_of(again, "Bo")


def test_a_damaged_game_is_listed_with_its_sentence(app: App, golden: dict[str, int]) -> None:
    broken = golden["cuccu-cat"]
    con = sqlite3.connect(app.store.path)
    con.execute("UPDATE events SET line = '{\"ev\":\"reveal\"' WHERE game_id = ? AND seq = 1",
                (broken,))
    con.commit()
    con.close()
    screen = records_screen(app)
    assert identified(screen.view, "left-out") is not None
    assert any(t.startswith(f"Game {broken} is left out of the records: line 3")
               for t in texts(screen.view))
    assert "5 tables counted." in texts(screen.view)


def test_the_periods_this_evening_this_christmas_and_a_year() -> None:
    late = datetime(2027, 1, 2, 1, 30, tzinfo=UTC)
    assert period_filter("evening", late) == Filter(since="2027-01-01", until="2027-01-02")
    assert period_filter("christmas", late) == Filter(since="2026-12-24", until="2027-01-06")
    autumn = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
    assert period_filter("evening", autumn) == Filter(since="2026-11-27", until="2026-11-27")
    assert period_filter("christmas", autumn) == Filter(since="2025-12-24", until="2026-01-06")
    assert period_filter("2025", autumn, "kille") == Filter("2025-01-01", "2025-12-31", "kille")
    assert period_filter("all", autumn) == Filter()


def test_a_period_with_no_table_shows_none(
        app: App, golden: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records_view, "now", lambda: datetime(2031, 12, 30, tzinfo=UTC))
    screen = records_screen(app)
    screen.period_menu.value = "christmas"
    screen.set_period()
    assert "0 tables counted." in texts(screen.view)
    assert "No tables in this period." in texts(screen.view)


def test_the_results_csv_and_the_bg_stats_play_are_handed_over(
        app: App, golden: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    files = saved(app, monkeypatch)
    screen = records_screen(app)
    tap(screen.view, "Results as CSV")
    rows = list(csv.DictReader(io.StringIO(files["gnav-results.csv"].decode("utf-8"))))
    assert len(rows) == ROWS
    gnav = [r for r in rows if r["game"] == "gnav"]
    assert [(r["player"], r["place"]) for r in gnav] == [("Ann", "3"), ("Bo", "1"), ("Cy", "1")]
    screen.table_menu.value = str(golden["gnav-damm-shared-win"])
    screen.set_table()
    tap(screen.view, "BG Stats play file")
    play = json.loads(files[f"gnav-game-{golden['gnav-damm-shared-win']}.bgsplay"])
    assert [(p["name"], p["winner"]) for p in play["players"]] == [
        ("Ann", False), ("Bo", True), ("Cy", True)]
    link = buttons(screen.view)["Open in BG Stats"]
    assert link.url.startswith(BGSTATS_LINK) and not link.disabled
    assert identified(screen.view, "story-chart") is not None
    tap(screen.view, "One-page PDF")
    assert files[f"gnav-game-{golden['gnav-damm-shared-win']}.pdf"].startswith(b"%PDF")


def test_the_tables_list_leads_to_players_and_records(app: App) -> None:
    app.go("/")
    tap(app.screen.view, "Players and records")
    assert isinstance(app.screen, RecordsScreen) and app.route == "/records"


def test_a_finished_games_share_screen_hands_over_its_page_its_csv_and_its_bg_stats_play(
        app: App, golden: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    files = saved(app, monkeypatch)
    n = golden["kille-hussar"]
    app.go(f"/game/{n}/share")
    view = app.screen.view
    assert identified(view, "story-chart") is not None
    for label in ("One-page PDF", "Results as CSV", "BG Stats play file"):
        tap(view, label)
    assert files[f"kille-game-{n}.pdf"].startswith(b"%PDF")
    rows = list(csv.DictReader(io.StringIO(files[f"kille-game-{n}.csv"].decode("utf-8"))))
    assert [(r["player"], r["place"]) for r in rows] == [("Ann", "2"), ("Bo", "1")]
    play = json.loads(files[f"kille-game-{n}.bgsplay"])
    assert play["game"]["name"] == "Kille" and [p["winner"] for p in play["players"]] == [
        False, True]
    assert buttons(view)["Open in BG Stats"].url.startswith(BGSTATS_LINK)


def test_a_phones_bars_name_every_player_in_full(app: App, golden: dict[str, int]) -> None:
    """Issue 26, item 3: "readable on a phone". At 390 px the bars of ten players were
    labelled by initials only ("A", "B", ...); each bar now carries its player's whole name."""
    app.width, app.height = 390, 844
    screen = records_screen(app)
    names = {"Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon"}
    for bars in ("win-bars", "share-bars"):
        shown = set(texts(identified(screen.view, bars)))
        assert names <= shown, (bars, sorted(shown))


def test_bars_too_many_to_stand_in_their_room_lie_down_with_whole_names(
        app: App, golden: dict[str, int]) -> None:
    """A phone held sideways (915 px, the two charts side by side): ten standing bars had 45 px
    each for a name; they lie along the chart, each under its whole name."""
    app.width, app.height = 915, 412
    screen = records_screen(app)
    assert {"Ann", "Hege", "Ivar", "Jon"} <= set(texts(identified(screen.view, "win-bars")))


def test_a_phones_records_are_titled_short_enough_not_to_be_cut(app: App) -> None:
    """Seen in the phone's screenshot: "Players and rec…" beside Tables, the language and the
    theme; a phone's bar says "Records", a tablet's the whole title."""
    app.width, app.height = 390, 844
    assert texts(records_screen(app).view.appbar.title) == ["Records"]
    app.width, app.height = 1280, 800
    assert texts(records_screen(app).view.appbar.title) == [
        "Players and records"]
