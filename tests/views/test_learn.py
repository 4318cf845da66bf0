"""The Learn screen: the 21 pieces in order, each with its own picture, names, rank, and for
matadors the call and what it does under the table's rule book, with the other books' ways."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import flet as ft
import pytest

from companion.app import App, Games
from companion.engine import PIECES, PRESETS, Stakes, Table
from companion.narrate.teach import lesson
from companion.views.learn import LearnScreen
from companion.views.pieces import piece_src

from .helpers import buttons, identified, tap, texts, walk

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def test_every_piece_has_its_own_svg_picture() -> None:
    seen: set[bytes] = set()
    for piece in PIECES:
        path = ASSETS / piece_src(piece)
        root = ET.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox") == "0 0 100 100"
        # no text: the web client has no fonts offline beyond Roboto, and pictures need none
        assert not any(el.tag.endswith("text") for el in root.iter())
        seen.add(path.read_bytes())
    assert len(seen) == len(PIECES)


def test_learn_lists_the_pieces_in_order_with_pictures(app: App) -> None:
    tap(app.screen.view, "Learn")
    screen = app.screen
    assert isinstance(screen, LearnScreen) and app.route == "/learn"
    images = [c.src for c in walk(screen.view) if isinstance(c, ft.Image)]
    assert images == [piece_src(p) for p in PIECES]
    shown = texts(screen.view)
    assert shown.index("1. Cuckoo") < shown.index("11. Numeral 7") < shown.index("21. Fool")
    assert "Norwegian: gauken · Danish: gøgen · English: Cuckoo" in shown
    assert "Matador. Its call: «Kiss!» (“Puss!”)" in shown
    assert "• Nothing is handed back." in shown
    assert any(t.startswith("pagat (Wikipedia after pagat.com): Every swap made this round is "
                            "handed back") for t in shown)


def test_learn_follows_the_tables_rule_book(app: App) -> None:
    game = app.store.create_game(Table(rules="pagat", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo"), dealer="Ann"))
    app.go(f"/game/{game.id}")
    tap(app.screen.view, "Learn")
    screen = app.screen
    assert isinstance(screen, LearnScreen) and screen.book == PRESETS["pagat"]
    assert "pagat" in texts(identified(screen.view, "phase"))[0]
    shown = texts(screen.view)
    assert "Matador. Its call: «Miaow!»" in shown
    assert "• Every swap made this round is handed back, newest first." in shown
    tap(screen.view, "Back to the table")
    assert app.route == f"/game/{game.id}"


def test_learn_without_a_game_can_show_each_rule_book(app: App) -> None:
    app.go("/learn")
    tap(app.screen.view, "gamerules")
    assert app.screen.book == PRESETS["gamerules"]
    assert "• When both fools are shown, their holders may sit out the next round." in texts(
        app.screen.view)
    assert "Tables" in buttons(app.screen.view)


@pytest.mark.parametrize("rules", list(PRESETS))
def test_lessons_differ_exactly_where_the_rule_books_do(rules: str) -> None:
    book = PRESETS[rules]
    for piece in PIECES:
        les = lesson(piece, book)
        others = {name for name, other in PRESETS.items()
                  if name != rules and lesson(piece, other).does != les.does}
        assert {d.split(" ")[0] for d in les.differs} == others


def test_learn_speaks_danish(app: App) -> None:
    app.go("/learn")
    app.set_language("da")
    shown = texts(app.screen.view)
    assert "1. Gøg" in shown and "Norsk: gauken · Dansk: gøgen · Engelsk: Cuckoo" in shown


def test_print_a_deck_saves_the_pdf_in_the_tables_language(app: App) -> None:
    """Learn's "Print a deck" hands the deck to the app's file saver (a download in a
    browser, the save dialog on a phone), on the paper chosen, in the app's language."""
    from companion.deck import deck_pdf

    saved: list[tuple[str, bytes]] = []
    app.save_file = lambda name, data: saved.append((name, data))  # type: ignore[method-assign]
    app.set_language("nb", remember=False)
    app.go("/learn")
    tap(app.screen.view, "Skriv ut kortstokk")
    assert app.dialog is not None
    assert any("63 × 88 mm" in t for t in texts(app.dialog))
    tap(app.dialog, "Lagre for Letter")
    assert app.dialog is None
    assert saved == [("gnav-deck-letter.pdf", deck_pdf("gnav", "letter", "nb"))]
    tap(app.screen.view, "Skriv ut kortstokk")
    tap(app.dialog, "Avbryt")
    assert app.dialog is None and len(saved) == 1
