"""`python -m companion print-deck`: poker-size cards nine to a page with cut marks, an
optional page of backs, a sheet of round stickers; read back with poppler (issue 16, item 2)."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from companion.cli import main
from companion.deck import GAMES, Game
from companion.deck.pdf import CARD_H, CARD_W, COLUMNS, INSET, PAPERS, ROWS, STICKER_PITCH
from companion.engine.gnav.pieces import GNAV_PACK
from companion.i18n import Tr

from .pdfread import MM, Word, has_ink, page_count, render, words

pytestmark = pytest.mark.usefixtures("poppler")
GNAV = GAMES["gnav"]
CARD_PAGES = math.ceil(GNAV_PACK.size / (COLUMNS * ROWS))  # 42 cards: 5 pages


def print_deck(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "deck.pdf"
    assert main(["print-deck", "--out", str(out), *args]) == 0
    return out


def card_cells(paper: str) -> list[tuple[float, float, float, float]]:
    """Each card's box in points from the top left, reading order, as the pages lay them."""
    width, height = PAPERS[paper]
    left, top = (width - COLUMNS * CARD_W) / 2, (height - ROWS * CARD_H) / 2
    return [(left + c * CARD_W, top + r * CARD_H, left + (c + 1) * CARD_W,
             top + (r + 1) * CARD_H) for r in range(ROWS) for c in range(COLUMNS)]


def text_in(page: list[Word], box: tuple[float, float, float, float]) -> str:
    x0, y0, x1, y1 = box
    inside = [w for w in page if x0 <= w.x0 and w.x1 <= x1 and y0 <= w.y0 and w.y1 <= y1]
    return " ".join(w.text for w in sorted(inside, key=lambda w: (round(w.y0), w.x0)))


def cards_read(pdf: Path, paper: str, game: Game, tr: Tr) -> Counter[str]:
    """Which piece each card cell shows, by its two names; a cell with text of no piece, or a
    word that crosses a cut line, fails."""
    pages = words(pdf)
    shown: Counter[str] = Counter()
    for page in pages[:math.ceil(game.size / 9)]:
        placed = 0
        for cell in card_cells(paper):
            text = text_in(page, cell)
            if not text:
                continue
            placed += len(text.split())
            matches = [p for p in game.names
                       if game.own_name(p).casefold() in text.casefold()
                       and game.table_name(p, tr) in text]
            # "tallbrikke 1" is inside "tallbrikke 12": the longest name is the card's
            best = max(matches, key=lambda p: len(game.own_name(p)))
            shown[best] += 1
        assert placed == len(page), "a word lies across a cut line or outside the cards"
    return shown


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("back", [True, False])
def test_print_deck_makes_both_papers_with_and_without_backs(tmp_path: Path, paper: str,
                                                             back: bool) -> None:
    pdf = print_deck(tmp_path, "--paper", paper, *([] if back else ["--no-back"]))
    # 42 cards nine to a page, the backs' page when asked, one sheet of 42 stickers
    assert page_count(pdf) == CARD_PAGES + back + 1 == (7 if back else 6)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert size, info
    assert (float(size[1]), float(size[2])) == pytest.approx(PAPERS[paper], abs=0.01)


@pytest.mark.parametrize(("paper", "lang"), [("a4", "en"), ("letter", "da"), ("a4", "nb")])
def test_every_piece_is_on_as_many_cards_as_the_pack_holds(tmp_path: Path, paper: str,
                                                           lang: str) -> None:
    pdf = print_deck(tmp_path, "--paper", paper, "--lang", lang)
    assert cards_read(pdf, paper, GNAV, Tr(lang)) == {p.name: p.count for p in GNAV_PACK.pieces}


def test_the_cards_name_each_piece_in_the_tables_language_and_the_games_own(
        tmp_path: Path) -> None:
    pdf = print_deck(tmp_path, "--lang", "da")
    first = text_in(words(pdf)[0], card_cells("a4")[0])
    assert "Gøg" in first and "gauken" in first
    # the rank in two corners (1 the highest piece), the second upside down
    assert first.split()[0] == first.split()[-1] == "1"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_is_printed_within_the_printer_margin(tmp_path: Path, paper: str) -> None:
    margins_are_clear(print_deck(tmp_path, "--paper", paper), tmp_path, 100)


def margins_are_clear(pdf: Path, tmp_path: Path, dpi: int) -> None:
    """No ink within 5 mm of the paper's edge on any page, and no page blank."""
    margin = 5 * dpi / 25.4  # 5 mm, in pixels
    images = render(pdf, tmp_path / "pages", dpi)
    assert len(images) == page_count(pdf)
    for n, image in enumerate(images, 1):
        w, h = image.size
        for box in ((0, 0, w, margin), (0, h - margin, w, h), (0, 0, margin, h),
                    (w - margin, 0, w, h)):
            assert not has_ink(image, box), f"page {n}: ink within 5 mm of the edge at {box}"
        assert has_ink(image, (margin, margin, w - margin, h - margin)), f"page {n} is blank"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_cut_mark_or_frame_shows_on_a_card_after_cutting(tmp_path: Path, paper: str) -> None:
    """The band just inside each cut line stays white on the cards and on the backs, so
    neither a cut mark nor a neighbour's frame is left on a card cut slightly off the line."""
    pdf = print_deck(tmp_path, "--paper", paper, "--no-stickers")
    dpi = 100
    px = dpi / 72
    band = (INSET - 1 * MM) * px  # 2.5 mm of the 3.5 mm between the cut and the frame
    images = render(pdf, tmp_path / "pages", dpi)
    for n, image in enumerate(images, 1):
        for x0, y0, x1, y1 in card_cells(paper):
            x0, y0, x1, y1 = x0 * px, y0 * px, x1 * px, y1 * px
            # each band runs across the cut lines at its ends: a mark that reached a card
            # along its cut line would show there
            for box in ((x0 - 1, y0 + 1, x1 + 1, y0 + band), (x0 - 1, y1 - band, x1 + 1, y1 - 1),
                        (x0 + 1, y0 - 1, x0 + band, y1 + 1), (x1 - band, y0 - 1, x1 - 1, y1 + 1)):
                assert not has_ink(image, box), f"page {n}: ink just inside a cut at {box}"


def test_the_cut_marks_line_up_with_the_cards(tmp_path: Path) -> None:
    pdf = print_deck(tmp_path, "--paper", "letter", "--no-stickers")
    dpi = 100
    px = dpi / 72
    image = render(pdf, tmp_path / "pages", dpi)[0]
    left, top = card_cells("letter")[0][:2]
    # 1 mm above the cards (letter leaves 7.7 mm there): a mark in line with each vertical
    # cut, and nothing between them
    y = (top - 1 * MM) * px
    for c in range(COLUMNS + 1):
        x = (left + c * CARD_W) * px
        assert has_ink(image, (x - 1, y - 1, x + 1, y + 1)), f"no mark above the cut {c}"
        if c < COLUMNS:
            mid = x + CARD_W * px / 2
            assert not has_ink(image, (mid - 20, y - 2, mid + 20, y + 2))


def test_the_stickers_are_one_for_each_piece_of_the_pack(tmp_path: Path) -> None:
    pdf = print_deck(tmp_path, "--no-back")
    sheet = words(pdf)[CARD_PAGES]
    width = PAPERS["a4"][0]
    columns = int((width - 24 * MM) // STICKER_PITCH)
    left = (width - columns * STICKER_PITCH) / 2
    top = 12 * MM + 10 * MM
    shown: Counter[str] = Counter()
    for i in range(GNAV_PACK.size):
        row, column = divmod(i, columns)
        box = (left + column * STICKER_PITCH, top + row * STICKER_PITCH,
               left + (column + 1) * STICKER_PITCH, top + (row + 1) * STICKER_PITCH)
        shown[text_in(sheet, box)] += 1
    assert shown == {GNAV.table_name(p.name, Tr("en")): p.count for p in GNAV_PACK.pieces}


def test_a_new_pack_prints_from_its_line_of_data(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of the family prints once GAMES has its pack: counts and order come from it."""
    game = Game("Prøve", (("12", 4), (GNAV_PACK.matadors[0], 1), ("0", 7)),
                frozenset(GNAV_PACK.matadors[:1]), lambda p: f"prøve {p}", GNAV.table_name)
    monkeypatch.setitem(GAMES, "proeve", game)
    pdf = print_deck(tmp_path, "--game", "proeve", "--paper", "letter")
    assert page_count(pdf) == 2 + 1 + 1  # 12 cards on two pages, the backs, the stickers
    assert cards_read(pdf, "letter", game, Tr("en")) == {"12": 4, GNAV_PACK.matadors[0]: 1,
                                                         "0": 7}
    assert "Prøve" in " ".join(w.text for w in words(pdf)[2])  # the backs carry its name


def test_an_unknown_game_or_paper_is_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deck.pdf"
    assert main(["print-deck", "--paper", "legal", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "no paper size 'legal' (there is: a4, letter)\n"
    assert main(["print-deck", "--game", "skat", "--out", str(out)]) == 2
    assert capsys.readouterr().err == ("no pack for the game 'skat' (there is: gnav, kille, "
                                       "cuccu, slabberjan, vogelspiel)\n")
    assert main(["print-deck", "--out", str(tmp_path / "no" / "such" / "deck.pdf")]) == 2
    assert capsys.readouterr().err.startswith("cannot write ")
    assert not out.exists()


def test_print_deck_needs_no_flet(tmp_path: Path) -> None:
    """The command line works where Flet is not importable (a server without it, a script)."""
    code = ("import sys; from companion.cli import main; "
            f"assert main(['print-deck', '--out', {str(tmp_path / 'd.pdf')!r}]) == 0; "
            "assert 'flet' not in sys.modules, 'print-deck imported Flet'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr


FAMILY = ("kille", "cuccu", "slabberjan", "vogelspiel")


@pytest.mark.parametrize(("game", "paper", "lang"), [
    ("kille", "a4", "nb"), ("cuccu", "letter", "da"), ("slabberjan", "a4", "en"),
    ("vogelspiel", "letter", "nb")])
def test_every_family_pack_prints_each_piece_as_often_as_the_pack_holds_it(
        tmp_path: Path, game: str, paper: str, lang: str) -> None:
    """Issue 16, item 2, "each family game as it arrives": the pack of the game's rules file
    (Kille 42, Cuccù 40, Slabberjan 42 with its 0, Vogelspiel 32 with one of each numeral)."""
    pdf = print_deck(tmp_path, "--game", game, "--paper", paper, "--lang", lang)
    the_game = GAMES[game]
    assert the_game.size == {"kille": 42, "cuccu": 40, "slabberjan": 42, "vogelspiel": 32}[game]
    card_pages = math.ceil(the_game.size / (COLUMNS * ROWS))
    sticker_pages = len(words(pdf)) - card_pages - 1
    assert sticker_pages >= 1
    assert cards_read(pdf, paper, the_game, Tr(lang)) == dict(the_game.order)
    assert the_game.title in " ".join(w.text for w in words(pdf)[card_pages])  # the backs


def test_a_family_card_names_its_piece_in_the_tables_language_and_the_games_own(
        tmp_path: Path) -> None:
    """kille.md's pack: the Harlequin, "Harlekin" in Swedish, is the highest card."""
    pdf = print_deck(tmp_path, "--game", "kille", "--lang", "nb")
    first = text_in(words(pdf)[0], card_cells("a4")[0])
    assert "Harlekinen" in first and "Harlekin" in first.replace("Harlekinen", "")
    pdf = print_deck(tmp_path, "--game", "vogelspiel", "--lang", "da")
    cells = [text_in(page, cell) for page in words(pdf)[:2] for cell in card_cells("a4")]
    # vogelspiel.md: the Bird is "Pfeiff"; "XII … I" on the cards, one of each, after the
    # five matadors' pairs
    assert "Fuglen" in cells[0] and "Pfeiff" in cells[0]
    assert "XII" in cells[10].split() and "XII" not in cells[11].split()


@pytest.mark.parametrize("game", FAMILY)
def test_nothing_of_a_family_deck_is_printed_within_the_printer_margin(
        tmp_path: Path, game: str) -> None:
    margins_are_clear(print_deck(tmp_path, "--game", game, "--paper", "letter"), tmp_path, 60)
