"""A game on one page to take home (issue 26, item 4): the table, the winners, the standings, the
story drawn as lines, the rule book and house rules, read back from the PDF with poppler."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from companion.app import App, Games
from companion.i18n import Tr
from companion.records import GameFacts, SeatFacts
from companion.store.records_io import one_game_facts, open_roster
from companion.views.records import sheet_of

from .pdfread import page_count, render

JOURNALS = Path(__file__).parent.parent / "records" / "journals"


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_a_games_page_names_its_table_winners_standings_rule_book_and_house_rules(
        tmp_path: Path, poppler: None) -> None:
    app = App(Games(tmp_path / "data"))
    game = app.store.import_journal((JOURNALS / "gnav-damm-shared-win.jsonl").read_bytes())
    facts = one_game_facts(app.store, game.id)
    roster, _notice = open_roster(app.store)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(sheet_of(app, facts, roster))
    assert page_count(pdf) == 1
    text = " ".join(text_of(pdf).split())
    assert f"Table {game.id}: Gnav" in text
    assert "Set up on" in text and "2 rounds" in text
    assert "Winners: Bo, Cy" in text
    # the standings, places and what each had at the end (damm-shared-win: Bo and Cy out
    # together, a shared win; Ann out first)
    assert "1. Bo" in text and "1. Cy" in text and "3. Ann" in text
    assert "The story of the game" in text
    assert "Rule book: " in text and "House rules" in text


def test_the_story_is_drawn_as_lines_in_each_seats_colour(tmp_path: Path, poppler: None) -> None:
    facts = GameFacts(
        id=7, game="kille", rules="oberg", date="2026-12-24T19:00:00Z", over=True, rounds=3,
        events=20, minutes=40.0, unit="lives",
        seats=(SeatFacts("Åse", 1, 2, 3, 1), SeatFacts("Bjørn", 2, 0, 2, 3)),
        story=((3, 3), (3, 2), (2, 1), (2, 0)))
    from companion.deck.sheet import game_sheet
    pdf = tmp_path / "story.pdf"
    pdf.write_bytes(game_sheet(facts, Tr("nb"), rule_book="Öberg", house=["rebuys: 3"],
                               unit="liv"))
    text = " ".join(text_of(pdf).split())
    assert "Åse" in text and "Bjørn" in text and "rebuys: 3" in text
    [page] = render(pdf, tmp_path / "png", 50)
    assert isinstance(page, Image.Image)
    # the first seat's line is the deck's red, the second's blue: both are on the page
    colours = {page.getpixel((x, y)) for x in range(page.width) for y in range(page.height)}
    red = any(abs(r - 0x8B) < 30 and g < 60 and b < 60 for r, g, b in colours)
    blue = any(abs(r - 0x1F) < 30 and abs(g - 0x5F) < 30 and abs(b - 0x8B) < 30
               for r, g, b in colours)
    assert red and blue


@pytest.mark.parametrize("lang", ["nb", "de"])
def test_the_page_speaks_the_readers_language(tmp_path: Path, poppler: None, lang: str) -> None:
    app = App(Games(tmp_path / "data"), lang=lang)
    game = app.store.import_journal((JOURNALS / "cuccu-cat.jsonl").read_bytes())
    facts = one_game_facts(app.store, game.id)
    roster, _notice = open_roster(app.store)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(sheet_of(app, facts, roster))
    text = " ".join(text_of(pdf).split())
    assert "Winners" not in text and "Standings" not in text


@pytest.mark.parametrize(("lang", "header"), [
    ("nb", {"ev": "table", "version": 1, "rules": "damm",
            "stakes": {"kind": "counters", "each": 3}, "seats": ["Ann", "Bo", "Cy"],
            "dealer": "Ann", "house": {"two_fools_sit_out": True}}),
    ("de", {"ev": "table", "version": 2, "game": "kille", "rules": "oberg",
            "stakes": {"kind": "stake", "rebuys": 0}, "seats": ["Ann", "Bo"], "dealer": "Bo",
            "house": {"mask_kills_holder": False}}),
])
def test_the_house_rules_are_the_rules_cards_sentences_in_the_tables_language(
        tmp_path: Path, poppler: None, lang: str, header: dict[str, object]) -> None:
    """Issue 26, item 4: "the rule book and house rules" on the page; they were raw
    `key: value` ("two_fools_sit_out: True"). Now each is the sentence the table's Rules card
    says, in the app's language."""
    import json

    from ..views.helpers import identified, texts
    app = App(Games(tmp_path / "data"), lang=lang)
    app.start("/")
    game = app.store.import_journal(json.dumps(header) + "\n")
    facts = one_game_facts(app.store, game.id)
    roster, _notice = open_roster(app.store)
    pdf = tmp_path / "game.pdf"
    pdf.write_bytes(sheet_of(app, facts, roster))
    text = " ".join(text_of(pdf).split())
    app.go(f"/game/{game.id}/rules")
    card = [line.removeprefix("• ") for line in
            texts(identified(app.screen.view, "house-rules"))]  # type: ignore[attr-defined]
    assert card and all(line for line in card)
    for line in card:
        assert line[:40] in text, (line, text)
    key = next(iter(header["house"]))  # type: ignore[call-overload]
    assert key not in text
