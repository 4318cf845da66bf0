"""The rules card: the table's rule book in short, and exactly the house rules it changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.gnav import Stakes, Table
from companion.views.rules import RulesScreen

from .helpers import identified, tap, texts


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def open_card(app: App, table: Table) -> RulesScreen:
    game = app.store.create_game(table)
    app.go(f"/game/{game.id}")
    tap(app.screen.view, "Rules card")
    assert isinstance(app.screen, RulesScreen) and app.route == f"/game/{game.id}/rules"
    return app.screen


def test_house_rules_list_exactly_what_the_table_changed(app: App) -> None:
    card = open_card(app, Table(rules="pagat", stakes=Stakes("strokes", 5), seats=("Ann", "Bo"),
                                dealer="Ann", house=(("cat_reverses", False),
                                                     ("stock_calls", ("cuckoo",)))))
    # each a sentence (issue 23, item 14: "A cat undoes the swaps: no" was not one)
    assert texts(identified(card.view, "house-rules")) == [
        "• A cat stops the swap and hands nothing back.", "• The stock calls cuckoo."]
    shown = texts(card.view)
    assert "Rules card: pagat" in shown
    assert "Stakes: chalk strokes, out at 5 strokes." in shown
    assert "• The stock calls cuckoo." in shown
    # the card tells this table's book: a cat here hands nothing back
    assert any(t.startswith("• Cat «Miaow!»: No swap") and "Nothing is handed back." in t
               for t in shown)
    tap(card.view, "Back to the table")
    assert app.route.startswith("/game/") and not app.route.endswith("/rules")


def test_a_table_without_house_rules_says_so_in_its_language(app: App) -> None:
    card = open_card(app, Table(rules="damm", stakes=Stakes("counters", 3), seats=("Ann", "Bo"),
                                dealer="Ann"))
    assert texts(identified(card.view, "house-rules")) == [
        "None: this table plays damm as written."]
    assert "• The stock never calls: the dealer just swaps." in texts(card.view)
    app.set_language("nb")
    assert texts(identified(app.screen.view, "house-rules")) == [
        "Ingen: dette bordet spiller damm slik den står skrevet."]
    assert "Innsats: 3 sjetonger hver." in texts(app.screen.view)
