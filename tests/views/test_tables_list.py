"""Issue 22, item 1: the tables list names each table by its own game, its rule book where the
game has several, its round where it is played in rounds, and its state, as the registry's
description of the game tells them (it called every table that was not Gnav's "Gwra pyskessa",
with no rule book and no round)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.app import App, Games
from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.views.tables import TablesScreen, summary_line

from .helpers import texts

SEATS = ["Ann", "Bo", "Cy", "Dag"]
# A table of each game, dealt once: its header, and what its line says before "last played"
TABLES: dict[str, tuple[dict[str, Any], str]] = {
    "gnav": ({"ev": "table", "version": 1, "rules": "pagat",
              "stakes": {"kind": "counters", "each": 3}, "seats": SEATS, "dealer": "Ann"},
             "Gnav · pagat · round 1 · turns"),
    "kille": ({"ev": "table", "version": 2, "game": "kille", "rules": "oberg",
               "stakes": {"kind": "stake", "rebuys": 3}, "seats": SEATS, "dealer": "Ann"},
              "Kille · Öberg · round 1 · turns"),
    "cuccu": ({"ev": "table", "version": 2, "game": "cuccu", "rules": "stu",
               "stakes": {"kind": "lives", "each": 3}, "seats": SEATS, "dealer": "Ann"},
              "Cuccù · Montorio's Stù · round 1 · turns"),
    "slabberjan": ({"ev": "table", "version": 2, "game": "slabberjan", "rules": "family",
                    "stakes": {"kind": "counters", "each": 3}, "seats": SEATS,
                    "dealer": "Ann"},
                   "Slabberjan · the modern family rules · round 1 · turns"),
    "vogelspiel": ({"ev": "table", "version": 2, "game": "vogelspiel", "rules": "salzburg",
                    "stakes": {"kind": "lives", "each": 3}, "seats": SEATS, "dealer": "Ann"},
                   "Vogelspiel · the Salzburg pack of about 1816 · round 1 · turns"),
    "gwra-pyskessa": ({"ev": "table", "version": 2, "game": "gwra-pyskessa",
                       "rules": "kernewek", "seats": SEATS, "dealer": "Ann"},
                      "Gwra pyskessa · asking"),
}


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def journal(game: str) -> str:
    head, _line = TABLES[game]
    return json.dumps(head) + "\n" + json.dumps({"ev": "deal"}) + "\n"


def test_every_game_of_the_registry_has_a_table_here() -> None:
    assert sorted(TABLES) == sorted(game.id for game in GAMES)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_tables_list_names_each_tables_game_rule_book_round_and_state(
        app: App, game: str) -> None:
    stored = app.store.import_journal(journal(game))
    summary = next(g for g in app.store.list_games() if g.id == stored.id)
    line = summary_line(summary)
    _head, expected = TABLES[game]
    assert line.startswith(expected + " · last played "), line
    app.go("/")
    assert isinstance(app.screen, TablesScreen)
    assert any(t.startswith(expected) for t in texts(app.screen.view))


@pytest.mark.parametrize("lang", ["nb", "de"])
def test_a_family_table_is_told_in_the_readers_language(app: App, lang: str) -> None:
    stored = app.store.import_journal(journal("slabberjan"))
    summary = next(g for g in app.store.list_games() if g.id == stored.id)
    tr = Tr(lang)
    line = summary_line(summary, tr)
    assert line.startswith("Slabberjan · ")
    assert line.split(" · ")[1] == tr("the modern family rules")
    assert tr("round {round}", round=1) in line and tr("turns") in line
