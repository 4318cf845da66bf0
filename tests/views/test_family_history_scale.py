"""The family's history at scale, as Gnav's (tests/views/test_history_scale.py): a 40-seat
Kille game of over 1,500 rounds (some 77,000 events) opens its history on one page of line
controls, each page told from the state before it (the store's nearest snapshot), not from a
replay of the whole game, and paging through every page tells the game in the same words as
the whole-game narration (narrate/family.history_lines)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, Games
from companion.core.follower import SNAPSHOT_EVERY
from companion.engine.books import FAMILY_BOOKS
from companion.engine.family import FamilyState
from companion.narrate.family import history_lines
from companion.store import Store
from companion.views.family_pages import FamilyHistoryScreen
from companion.views.history import PAGE

from .helpers import every_control, tap, texts

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_family import family_journal

EVENTS = 100_000  # the Kille game of bench_family's seed ends before that, at 77,158


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A data folder holding the long 40-seat Kille game (imported as the app imports a
    journal) and its id."""
    folder = tmp_path_factory.mktemp("family-scale")
    kille = next(book for book in FAMILY_BOOKS if book.game == "kille")
    text, count = family_journal(kille, EVENTS)
    assert count > 50_000
    with Store(folder) as store:
        game_id = store.import_journal(text).id
    return folder, game_id


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many events family states apply from now on (one count in a list)."""
    count = [0]
    apply = FamilyState.apply

    def counting(self: FamilyState, event: Any) -> Any:
        count[0] += 1
        return apply(self, event)

    monkeypatch.setattr(FamilyState, "apply", counting)
    return count


def open_history(folder: Path, game_id: int) -> tuple[App, FamilyHistoryScreen]:
    app = App(Games(folder))
    app.go(f"/game/{game_id}")  # the store replays the game once, opening it
    app.go(f"/game/{game_id}/history")
    screen = app.screen
    assert isinstance(screen, FamilyHistoryScreen)
    return app, screen


def test_the_family_history_of_a_long_game_opens_on_one_page(
        stored: tuple[Path, int], applied: list[int]) -> None:
    folder, game_id = stored
    app = App(Games(folder))
    app.go(f"/game/{game_id}")
    game = app.screen.game
    total = len(game.events)
    assert len(game.state.names) == 40 and game.state.round > 1500
    applied[0] = 0
    app.go(f"/game/{game_id}/history")
    screen = app.screen
    assert isinstance(screen, FamilyHistoryScreen)
    # the latest page only, told from the snapshot before it: not the whole game again
    assert applied[0] <= PAGE + SNAPSHOT_EVERY
    assert len(every_control(screen.view)) < PAGE + 40
    shown = texts(screen.lines)
    assert len(shown) == PAGE
    assert shown[0].startswith(f"{total - PAGE + 1}. ")
    assert shown[-1].startswith(f"{total}. ")
    assert screen.where.value == f"Events {total - PAGE + 1:,}–{total:,} of {total:,}"
    assert screen.later.disabled and not screen.earlier.disabled


def test_paging_the_family_history_tells_the_whole_game_in_place(
        stored: tuple[Path, int], applied: list[int]) -> None:
    folder, game_id = stored
    app, screen = open_history(folder, game_id)
    game = screen.game
    whole = history_lines(game.state_before(0), game.events)
    sent: list[tuple[Any, ...]] = []
    app.refresh = lambda *controls: sent.append(controls)  # type: ignore[method-assign]
    rows = list(screen.rows)
    tap(screen.view, "From the start")
    pages: list[str] = []
    while True:
        assert screen.rows == rows and all(a is b for a, b in zip(screen.rows, rows))
        allowed = {id(c) for c in (*rows, screen.where, screen.earlier, screen.later,
                                   screen.first, screen.last)}
        assert sent[-1] and all(id(c) in allowed for c in sent[-1])
        pages += texts(screen.lines)
        if screen.later.disabled:
            break
        applied[0] = 0
        tap(screen.view, "Later")
        assert applied[0] <= PAGE + SNAPSHOT_EVERY
    # the last page overlaps the one before (every page but a short game's is full)
    assert list(dict.fromkeys(pages)) == whole
