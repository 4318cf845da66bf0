"""A tablet held upright (800x1280) shows every table's title in its bar with its round, beside
the bar's icons, at the table, at a settlement and at the game's end, in English and in
German (issue 23, item 9: the title vanished on a tablet held upright)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_ui import AppServer, button, enable_semantics, remember_language, settle
from playwright.sync_api import Browser, Page

from companion.engine.cuckoo.events import Deal, Reveal, Stand
from companion.store import Store

UPRIGHT = {"width": 800, "height": 1280}
SEATS = ["Ann-Sofie Öhrström", "Annunziata", "Bartholomew", "Cy", "Dag"]
GAMES = {"gnav": ("damm", {"kind": "counters", "each": 1}),
         "kille": ("byteskille", {"kind": "stake", "rebuys": 3}),
         "cuccu": ("campli", {"kind": "lives", "each": 1}),
         "slabberjan": ("family", {"kind": "counters", "each": 1}),
         "vogelspiel": ("adrian", {"kind": "lives", "each": 1})}
# the round as the title says it
ROUND = {"en": "Round 1", "de": "Runde 1"}
READY = {"en": ("Undo", "Next round"), "de": ("Rückgängig", "Nächste Runde")}

# the bar's title: Flutter names it a heading, as wide as the words it draws
_TITLE_JS = """() => [...document.querySelectorAll('h1, h2, h3')]
    .map(e => ({text: e.textContent.trim(), box: e.getBoundingClientRect().toJSON()}))
    .filter(t => t.box.top < 60)"""


def header(game: str) -> str:
    rules, stakes = GAMES[game]
    head: dict[str, object] = {"ev": "table", "version": 1 if game == "gnav" else 2,
                               "rules": rules, "stakes": stakes, "seats": SEATS,
                               "dealer": SEATS[0]}
    if game != "gnav":
        head["game"] = game
    return json.dumps(head) + "\n"


def title(page: Page) -> tuple[str, float]:
    found = page.evaluate(_TITLE_JS)
    assert found, "no title in the bar"
    return found[0]["text"], found[0]["box"]["width"]


@pytest.mark.parametrize("lang", sorted(ROUND))
@pytest.mark.parametrize("settled", [False, True], ids=["playing", "settled"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tablet_upright_shows_the_title_with_its_round(
        browser: Browser, server: AppServer, data_dir: Path, game: str, settled: bool,
        lang: str) -> None:
    with Store(data_dir) as store:
        table = store.import_journal(header(game))
        table.apply(Deal())
        if settled:
            while table.state.phase == "turns":
                table.apply(Stand(table.state.turn_name or ""))
            table.apply(Reveal(tuple((seat, str(10 - k)) for k, seat in enumerate(SEATS))))
    context = browser.new_context(viewport=UPRIGHT)
    try:
        remember_language(context, lang)
        page = context.new_page()
        page.goto(f"{server.url}/game/{table.id}")
        enable_semantics(page)
        button(page, READY[lang][1 if settled else 0]).wait_for(state="attached")
        settle(page, 1.0)
        text, width = title(page)
        assert ROUND[lang] in text, text  # Gnav's names the game first where it has room
        assert width >= 150, (text, width)  # drawn, not squeezed away by the icons
    finally:
        context.close()
