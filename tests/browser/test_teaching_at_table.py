"""What a table teaches of itself, on a phone and a tablet (issue 23, item 14): the rules card
tells each house rule in a sentence, the stakes and the real sources; Learn of a table tells its
house rules; Gwra pyskessa's table has the same Learn and quiz as every other; and after an
answer the quiz marks the right one, not only the wrong one in red."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    all_semantic_text,
    enable_semantics,
    hook,
    hook_text,
    tap,
    wait_text,
)
from playwright.sync_api import Page

from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.store import Store

SIZES = pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
SLABBERJAN = {"ev": "table", "version": 2, "game": "slabberjan", "rules": "sheet",
              "stakes": {"kind": "counters", "each": 5}, "seats": ["Ann", "Bo", "Cy"],
              "dealer": "Ann", "house": {"side_pot": True, "credit": "everyone"}}
GWRA = {"ev": "table", "version": 2, "game": "gwra-pyskessa", "rules": "kernewek",
        "seats": ["Ann", "Pol"], "dealer": "Ann"}


def stored(data_dir: Path, header: dict[str, object]) -> int:
    store = Store(data_dir)
    try:
        return store.import_journal(json.dumps(header) + "\n").id
    finally:
        store.close()


def open_page(page: Page, url: str, size: dict[str, int], text: str) -> None:
    page.set_viewport_size(size)
    page.goto(url)
    enable_semantics(page)
    wait_text(page, text, 30_000)


@SIZES
def test_the_rules_card_tells_house_rules_stakes_and_sources(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    n = stored(server.data_dir, SLABBERJAN)
    open_page(page, f"{server.url}/game/{n}/rules", size, "Rules card")
    house = hook_text(page, "house-rules")
    assert "The Fool, the Face, the Pot and the 0 each pay a counter into a side pot." in house
    assert ": yes" not in house and ": no" not in house
    assert hook_text(page, "stakes").startswith("Stakes: 5 counters each.")
    seen = all_semantic_text(page)
    assert "Source: «SLABBERJAN. Een echt vroolijk gezelschapspel voor iedereen»" in seen
    assert ".md" not in seen


@SIZES
def test_learn_of_a_table_tells_its_house_rules(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    n = stored(server.data_dir, SLABBERJAN)
    open_page(page, f"{server.url}/learn/{n}", size, "Slabberjan")
    house = hook_text(page, "learn-house-rules")
    assert house.startswith("House rules")
    assert ("Whoever pays his last counter plays on credit (op sloffen) until he must pay "
            "again.") in house


@SIZES
def test_gwra_pyskessas_table_has_every_games_learn_and_quiz(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    n = stored(server.data_dir, GWRA)
    open_page(page, f"{server.url}/game/{n}", size, "Ann")
    tap(page, "Learn")
    wait_text(page, "Gwra pyskessa: the Cornish at the table")
    assert "None: this table plays Gwra pyskessa as written." in hook_text(
        page, "learn-house-rules")
    assert "Myghternes" in all_semantic_text(page)
    tap(page, "Quiz")
    wait_text(page, "Ann's question")  # the table's players, in turn
    assert "Ann: 0 of 0" in all_semantic_text(page)


@SIZES
def test_after_a_wrong_answer_the_right_one_is_marked(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    teaching = GAMES["kille"].teaching
    assert teaching is not None
    book = next(iter(teaching.books().values()))
    # the quiz's first question, as the screen draws it (its dice seeded by game, book, set)
    q = teaching.questions(book, Random(f"kille-{book.name}-0"), Tr("en"))[0]
    open_page(page, f"{server.url}/quiz/kille", size, q.text)
    right = q.options[q.answer].text
    wrong = next(o.text for i, o in enumerate(q.options) if i != q.answer)
    tap(page, wrong)
    assert hook_text(page, "quiz-right") == f"The right answer: {right}"
    assert hook_text(page, "quiz-wrong") == f"Your answer, not right: {wrong}"
    box = hook(page, "quiz-right").first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]
