"""Issue 22, item 1, in the browser: the tables list names each table's own game, its rule book
where the game has several, its round and its state, for a table of every game of the
registry, at a phone's and a tablet's size (every table that was not Gnav's was called
"Gwra pyskessa", with no rule book and no round)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_ui import (
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    all_semantic_text,
    open_tables,
    settle,
)
from playwright.sync_api import Page

from companion.engine.registry import GAMES
from companion.store import Store

SEATS = ["Ann", "Bo", "Cy", "Dag"]
# each game's table, dealt once (and Gnav's played to the reveal), and what its line says
TABLES: dict[str, tuple[list[dict[str, object]], str]] = {
    "gnav": ([{"ev": "table", "version": 1, "rules": "gamerules",
               "stakes": {"kind": "strokes", "limit": 5}, "seats": SEATS, "dealer": "Ann"},
              {"ev": "deal"}, {"ev": "stand", "seat": "Bo"}, {"ev": "stand", "seat": "Cy"},
              {"ev": "stand", "seat": "Dag"}, {"ev": "stand", "seat": "Ann"}],
             "Gnav · gamerules · round 1 · reveal"),
    "kille": ([{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille",
                "stakes": {"kind": "stake", "rebuys": 2}, "seats": SEATS, "dealer": "Bo"},
               {"ev": "deal"}], "Kille · Byteskille · round 1 · turns"),
    "cuccu": ([{"ev": "table", "version": 2, "game": "cuccu", "rules": "campli",
                "stakes": {"kind": "lives", "each": 3}, "seats": SEATS, "dealer": "Cy"}],
              "Cuccù · the Campli rules · not dealt yet · between rounds"),
    "slabberjan": ([{"ev": "table", "version": 2, "game": "slabberjan", "rules": "dewaal",
                     "stakes": {"kind": "counters", "each": 4}, "seats": SEATS,
                     "dealer": "Dag"}, {"ev": "deal"}],
                   "Slabberjan · De Waal · round 1 · turns"),
    "vogelspiel": ([{"ev": "table", "version": 2, "game": "vogelspiel", "rules": "pichler",
                     "stakes": {"kind": "lives", "each": 3}, "seats": SEATS}],
                   ("Vogelspiel · Pichler's rule sheet, as summarised · not dealt yet · "
                    "drawing for dealer")),
    "gwra-pyskessa": ([{"ev": "table", "version": 2, "game": "gwra-pyskessa",
                        "rules": "kernewek", "seats": SEATS, "dealer": "Ann"}, {"ev": "deal"}],
                      "Gwra pyskessa · asking"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """An app whose data folder holds a table of every game, imported as a referee would."""
    data = tmp_path_factory.mktemp("tables") / "data"
    with Store(data) as store:
        for lines, _said in TABLES.values():
            store.import_journal("".join(json.dumps(line) + "\n" for line in lines))
    srv = AppServer(data).start()
    yield srv
    srv.stop()


def test_a_table_of_every_game_is_here() -> None:
    assert sorted(TABLES) == sorted(game.id for game in GAMES)


@pytest.mark.parametrize("size", (PHONE_UPRIGHT, TABLET),
                         ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_tables_list_names_each_tables_game_rule_book_and_state(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    shown = all_semantic_text(page)
    for _ in range(40):  # until every table's line is in the list
        if shown.count("last played") >= len(TABLES):
            break
        settle(page, 0.5)
        shown = all_semantic_text(page)
    for game, (_lines, said) in TABLES.items():
        assert said in shown, f"{game}: {said!r} is not in the list"
