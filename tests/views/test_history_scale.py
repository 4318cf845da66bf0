"""Scale (issue 6, point 4), without a browser and without timing: a 40-seat game of 2,000
settled rounds (over 100,000 events) is stored, opened again, equals its replay, and its
history screen holds one page of line controls, pages by changing their words in place, sends
only what changed, and numbers every round right without reading the whole game per page."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, Games
from companion.engine import PIECES, Deal, Event, Reveal, Stand
from companion.engine.journal import dumps, replay
from companion.store import Store
from companion.views import history as history_module
from companion.views.history import PAGE, HistoryScreen

from .helpers import every_control, tap, texts

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from synthetic import long_game

SEATS, ROUNDS = 40, 2000


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str]:
    """A data folder holding the 40 x 2,000 game (imported as the app imports a journal),
    its id, and its journal text."""
    folder = tmp_path_factory.mktemp("scale")
    text = dumps(*long_game(ROUNDS, SEATS))
    with Store(folder) as store:
        game_id = store.import_journal(text).id
    return folder, game_id, text


def round_numbers(lines: list[str]) -> dict[int, int]:
    """{event number: round} for the 'N. Round R: X deals.' lines."""
    out = {}
    for line in lines:
        number, _, rest = line.partition(". ")
        if rest.startswith("Round "):
            out[int(number)] = int(rest.split()[1].rstrip(":"))
    return out


class CountingEvents(list[Event]):
    """The game's event list, counting how many events the screen reads through slices."""

    read = 0

    def __getitem__(self, key: Any) -> Any:
        item = super().__getitem__(key)
        if isinstance(key, slice):
            CountingEvents.read += len(item)
        return item


def test_the_store_opens_the_long_game_and_its_state_equals_the_replay(
        stored: tuple[Path, int, str]) -> None:
    folder, game_id, text = stored
    _table, events, replayed = replay(text)
    assert len(events) > 100_000
    with Store(folder) as store:  # a fresh process's view: nothing cached
        game = store.open_game(game_id)
        assert game.recovery_notice is None
        assert len(game.events) == len(events)
        assert game.state.round == ROUNDS + 1 and game.state.phase == "turns"
        assert not any(game.state.out) and len(game.state.names) == SEATS
        assert json.dumps(game.state.as_json(), sort_keys=True) == json.dumps(
            replayed.as_json(), sort_keys=True)
        # the listing says the same without replaying
        summary = next(s for s in store.list_games() if s.id == game_id)
        assert (summary.events, summary.round) == (len(events), ROUNDS + 1)
        # undo and redo at the end of the long game go back to the same state
        before = json.dumps(game.state.as_json(), sort_keys=True)
        undone = game.undo()
        assert undone == Deal() and game.state.phase == "ready"
        assert game.redo() == Deal()
        assert json.dumps(game.state.as_json(), sort_keys=True) == before


def test_history_of_the_long_game_builds_one_page_and_pages_in_place(
        stored: tuple[Path, int, str]) -> None:
    folder, game_id, _text = stored
    app = App(Games(folder))
    app.go(f"/game/{game_id}/history")
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    game = screen.game
    total = len(game.events)
    # one page of line controls, and not many more controls on the whole screen
    assert len(screen.lines.controls) == PAGE
    assert len(every_control(screen.view)) < PAGE + 40
    shown = texts(screen.lines)
    assert len(shown) == PAGE
    assert shown[-1] == f"{total}. Round {ROUNDS + 1}: {game.state.names[game.state.dealer or 0]} deals."
    assert screen.where.value == f"Events {total - PAGE + 1:,}–{total:,} of {total:,}"

    sent: list[tuple[Any, ...]] = []
    app.refresh = lambda *controls: sent.append(controls)  # type: ignore[method-assign]
    rows = list(screen.rows)
    game.events = CountingEvents(game.events)  # type: ignore[assignment]
    true_rounds: dict[int, int] = {}
    deals = 0
    for k, event in enumerate(game.events):
        if isinstance(event, Deal):
            deals += 1
            true_rounds[k + 1] = deals
    seen: dict[int, int] = round_numbers(shown)
    pages = 1
    while not screen.earlier.disabled:
        CountingEvents.read = 0
        tap(screen.view, "Earlier")
        pages += 1
        # a page reads at most its own events and the page it came from, never the game
        assert CountingEvents.read <= 2 * PAGE
        assert screen.rows == rows and all(a is b for a, b in zip(screen.rows, rows))
        controls = sent[-1]
        assert controls, "paging sent the whole page"
        allowed = {id(c) for c in (*rows, screen.where, screen.earlier, screen.later,
                                   screen.first, screen.last)}
        assert all(id(c) in allowed for c in controls)
        seen.update(round_numbers(texts(screen.lines)))
    assert pages == -(-total // PAGE)
    assert texts(screen.lines)[0] == "1. Round 1: Ann deals."
    assert screen.where.value == f"Events 1–{PAGE} of {total:,}"
    assert seen == true_rounds
    # and forward again to the end, with the same numbers
    while not screen.later.disabled:
        CountingEvents.read = 0
        tap(screen.view, "Later")
        assert CountingEvents.read <= 2 * PAGE
        for number, round_no in round_numbers(texts(screen.lines)).items():
            assert true_rounds[number] == round_no
    assert screen.rows == rows


def test_history_keeps_round_numbers_right_after_undo_and_new_events(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page shown last is a place where round numbers are known; when the game is cut
    back past it and played on differently (from another tab), it is not trusted any more."""
    monkeypatch.setattr(history_module, "PAGE", 7)
    table, events = long_game(8, seats=3)
    with Store(tmp_path) as store:
        game_id = store.import_journal(dumps(table, events)).id
    app = App(Games(tmp_path))
    app.go(f"/game/{game_id}/history")
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    game = screen.game
    for _ in range(3):
        tap(screen.view, "Earlier")
    known = screen.start
    assert known >= 12
    deals_then = sum(isinstance(e, Deal) for e in game.events[:known])
    # back to a deal well before that page, then rounds where everyone stands: shorter
    # rounds than before, so more Deals come before the place the screen remembers
    while len(game.events) > known - 8 or game.state.phase != "ready":
        game.undo()
    while len(game.events) < known + 12:
        state = game.state
        if state.phase == "ready":
            game.apply(Deal())
        elif state.phase == "turns" and state.turn_name is not None:
            game.apply(Stand(state.turn_name))
        elif state.phase == "reveal":
            seats = [n for i, n in enumerate(state.names) if state.in_round[i]]
            game.apply(Reveal(tuple(zip(seats, PIECES))))
        else:
            raise AssertionError(f"unexpected phase {state.phase}")
    assert sum(isinstance(e, Deal) for e in game.events[:known]) != deals_then
    true_rounds: dict[int, int] = {}
    deals = 0
    for k, e in enumerate(game.events):
        if isinstance(e, Deal):
            deals += 1
            true_rounds[k + 1] = deals
    screen.start = known - 3  # nearer the remembered place than the start or the end
    screen.fill()
    got = round_numbers(texts(screen.lines))
    assert got, "no deal on the page"
    assert got == {n: true_rounds[n] for n in got}
    # cut back far past the page shown: the next page turn shows what is left
    while len(game.events) > 2:
        game.undo()
    assert screen.start - 7 >= 2
    tap(screen.view, "Earlier")
    shown = texts(screen.lines)
    assert len(shown) == 2 and shown[0] == "1. Round 1: Ann deals." and shown[1].startswith("2. ")
    assert screen.where.value == "Events 1–2 of 2"


def test_history_jumps_to_the_start_and_back_to_the_latest(
        stored: tuple[Path, int, str]) -> None:
    """544 pages are too many to page through: 'From the start' shows the first page with the
    game's first lines, 'Latest' the last page again, each a page's worth of work."""
    folder, game_id, _text = stored
    app = App(Games(folder))
    app.go(f"/game/{game_id}/history")
    screen = app.screen
    assert isinstance(screen, HistoryScreen)
    total = len(screen.game.events)
    latest = [row.value for row in screen.rows]
    assert screen.first.disabled is False and screen.last.disabled is True
    screen.game.events = CountingEvents(screen.game.events)
    CountingEvents.read = 0
    tap(screen.view, "From the start")
    assert screen.start == 0 and CountingEvents.read <= PAGE
    assert screen.rows[0].value.startswith("1. Round 1: ")
    first_rounds = list(round_numbers([r.value for r in screen.rows]).values())
    assert first_rounds == list(range(1, len(first_rounds) + 1)) and len(first_rounds) > 1
    assert screen.first.disabled is True and screen.earlier.disabled is True
    assert screen.last.disabled is False
    CountingEvents.read = 0
    tap(screen.view, "Latest")
    assert screen.start == total - PAGE and CountingEvents.read <= PAGE
    assert [row.value for row in screen.rows] == latest
    assert screen.last.disabled is True and screen.later.disabled is True
