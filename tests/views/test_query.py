"""The dealer's question about the other fool at the table (gnav.md, house default 13: "asked
at most once a round, on the dealer's own turn before he stands or changes; the table's answer
(yes or no) is recorded for everyone to see and changes no balance and no turn")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.board import BoardReader, board_json
from companion.board.render import board_html
from companion.engine.gnav import Change, Deal, Query, Stakes, Stand, Table
from companion.engine.gnav.narrate import query_sentence
from companion.i18n import Tr
from companion.store import DB_NAME, Store
from companion.views.history import HistoryScreen
from companion.views.shell.table import TableScreen

from .helpers import buttons, tap, texts

SEATS = ("Ann", "Bo", "Cy")
ASK = "Ask about the other fool"


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def table(rules: str = "damm") -> Table:
    return Table(rules=rules, stakes=Stakes("counters", 3), seats=SEATS, dealer="Ann")


def to_dealers_turn(app: App, rules: str = "damm") -> TableScreen:
    """A new game, dealt, every seat but the dealer (Ann) standing: Ann's own turn."""
    game = app.store.create_game(table(rules))
    app.go(f"/game/{game.id}")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    tap(screen.view, "Deal")
    assert ASK not in buttons(screen.view)  # Bo's turn: only the dealer asks
    tap(screen.view, "Stand")
    tap(screen.view, "Stand")
    assert screen.state.turn_name == "Ann"
    return screen


def test_a_damm_table_is_written_in_journal_v2_the_others_in_v1(tmp_path: Path) -> None:
    """Only journal v2 records the question (gnav.md 13), so a table whose rule book has
    fool_query is created as v2 naming its game; pagat and gamerules tables stay v1."""
    store = Store(tmp_path)
    damm = store.create_game(table("damm"))
    pagat = store.create_game(table("pagat"))
    head = json.loads(store.export_journal(damm.id).splitlines()[0])
    assert (head["version"], head["game"]) == (2, "gnav")
    assert json.loads(store.export_journal(pagat.id).splitlines()[0])["version"] == 1
    assert store.rematch(damm.id).table.version == 2
    off = Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS, dealer="Ann",
                house=(("fool_query", False),), version=2, game="gnav")
    assert store.create_game(off).table.version == 2  # asked for v2: kept
    store.close()


def test_the_dealer_asks_and_the_table_answers_yes(app: App) -> None:
    screen = to_dealers_turn(app)
    assert not buttons(screen.view)[ASK].disabled
    tap(screen.view, ASK)
    assert app.dialog is not None
    assert "Does anyone hold the other fool?" in texts(app.dialog)
    tap(app.dialog, "Yes")
    assert app.dialog is None
    assert screen.game.events[-1] == Query("Ann", "yes")
    shown = texts(screen.view)
    assert "Ann asked whether anyone holds the other fool: yes." in shown
    # once a round: still shown, no longer enabled; the turn is still Ann's
    assert buttons(screen.view)[ASK].disabled
    assert screen.state.turn_name == "Ann"
    tap(screen.view, "Stand")
    app.go(f"/game/{screen.game.id}/history")
    history = app.screen
    assert isinstance(history, HistoryScreen)
    assert "4. Ann asked whether anyone holds the other fool: yes." in texts(history.view)


def test_no_and_undo_of_the_first_question_and_a_restart(app: App, tmp_path: Path) -> None:
    screen = to_dealers_turn(app)
    tap(screen.view, ASK)
    assert app.dialog is not None
    tap(app.dialog, "No")
    assert screen.state.query == "no"
    tap(screen.view, "Undo")
    assert screen.state.query is None and screen.state.turn_name == "Ann"
    assert "Undid: Ann's question about the other fool (no)." in texts(screen.view)
    assert not buttons(screen.view)[ASK].disabled
    tap(screen.view, "Redo")
    assert screen.game.events[-1] == Query("Ann", "no")
    game_id = screen.game.id
    exported = app.store.export_journal(game_id)
    app.store.close()
    # a restart reads the v2 journal back, question and all
    store = Store(tmp_path)
    again = store.open_game(game_id)
    assert again.table.version == 2 and again.state.query == "no"
    assert store.import_journal(exported).state.query == "no"
    data = board_json(BoardReader(tmp_path).game(game_id))  # type: ignore[arg-type]
    assert data["last_call"][0] == "Ann asked whether anyone holds the other fool: no."
    store.close()


def test_the_board_keeps_the_answer_after_the_dealers_next_call(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table())
    for event in (Deal(), Stand("Bo"), Stand("Cy"), Query("Ann", "yes"), Change("Ann")):
        game.apply(event)
    data = board_json(BoardReader(tmp_path).game(game.id))  # type: ignore[arg-type]
    assert data["query"] == "Ann asked whether anyone holds the other fool: yes."
    assert 'id="query"' in board_html(data)
    store.close()


def test_no_question_under_pagat(app: App) -> None:
    screen = to_dealers_turn(app, "pagat")
    assert ASK not in buttons(screen.view)


def test_a_question_is_salvaged_from_the_journal_when_the_games_file_is_lost(
        tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table())
    for event in (Deal(), Stand("Bo"), Stand("Cy"), Query("Ann", "yes")):
        game.apply(event)
    exported = store.export_journal(game.id)
    store.close()
    (tmp_path / DB_NAME).write_bytes(b"not a games file" * 10)
    with Store(tmp_path) as again:
        assert again.export_journal(game.id) == exported
        assert again.open_game(game.id).state.query == "yes"


def test_the_answer_is_told_in_norwegian_and_danish() -> None:
    assert (query_sentence("Ann", "yes", Tr("nb"))
            == "Ann spurte om noen har den andre narren: ja.")
    assert (query_sentence("Ann", "no", Tr("da"))
            == "Ann spurgte, om nogen har den anden nar: nej.")
