"""The deck as a PDF: poker-size cards nine to a page with cut marks, a page of backs, and a
sheet of round stickers for the bases of wooden pawns.

Every mark stays at least PRINTER_MARGIN from the paper's edge (most printers leave that much
white), and no cut mark reaches a card: after cutting along the marks nothing of them is left.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path

import reportlab
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from companion.i18n import Tr

from .games import GAMES, Game
from .paint import draw_picture
from .pictures import EDGE, INK, WOOD, picture, picture_name

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
CARD_W, CARD_H = 63 * mm, 88 * mm  # poker size
COLUMNS, ROWS = 3, 3  # nine to a page: fits A4 (210 x 297 mm) and Letter (215.9 x 279.4 mm)
PRINTER_MARGIN = 5 * mm
MARK_GAP = 0.5 * mm  # between a cut mark and the cards: a slightly wide cut never shows it
MARK_LENGTH = 6 * mm
INSET = 3.5 * mm  # the card's frame, inside the cut line: a slightly crooked cut leaves it whole
STICKER = 20 * mm  # round, for the base of a wooden pawn
STICKER_PITCH = 26 * mm
INK_COLOUR, EDGE_COLOUR, WOOD_COLOUR = HexColor(INK), HexColor(EDGE), HexColor(WOOD)
MATADOR_RED = HexColor("#8B1A1A")
PAPER_WOOD = HexColor("#FBF3E4")

# Bitstream Vera, shipped inside the reportlab wheel with its licence
# (reportlab/fonts/bitstream-vera-license.txt): embedded as a subset, it has æ, ø, å and the
# rest of Latin-1 (à, ù, ä, ö, ü, ß for the family's other games).
FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"
SANS, BOLD, ITALIC = "DeckSans", "DeckSans-Bold", "DeckSans-Italic"


def _register_fonts() -> None:
    if SANS in pdfmetrics.getRegisteredFontNames():
        return
    for name, file in ((SANS, "Vera.ttf"), (BOLD, "VeraBd.ttf"), (ITALIC, "VeraIt.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))


@dataclass(frozen=True)
class Card:
    piece: str
    rank: int  # 1 is the highest piece of the pack
    matador: bool


def cards(game: Game) -> list[Card]:
    """Every piece as many times as the pack holds it, highest first."""
    return [Card(piece, i + 1, piece in game.matadors)
            for i, (piece, count) in enumerate(game.order) for _ in range(count)]


def deck_pdf(game: str | None = None, paper: str = "a4", lang: str = "en", backs: bool = True,
             stickers: bool = True) -> bytes:
    """The deck of `game` (the registry's first game with a pack when None) on `paper`, its
    names in `lang` and in the game's own language."""
    game = game or next(iter(GAMES))
    if game not in GAMES:
        raise ValueError(f"no pack for the game {game!r} (there is: {', '.join(GAMES)})")
    if paper not in PAPERS:
        raise ValueError(f"no paper size {paper!r} (there is: {', '.join(PAPERS)})")
    _register_fonts()
    the_game, tr = GAMES[game], Tr(lang)
    _ = tr
    out = io.BytesIO()
    # invariant: no date or random id inside, so the same deck is the same bytes
    canvas = Canvas(out, pagesize=PAPERS[paper], invariant=True, pageCompression=True,
                    initialFontName=SANS)  # else an unused, unembedded Helvetica is named
    canvas.setTitle(_("{game}: a print-and-play deck", game=the_game.title))
    canvas.setCreator("Gnav Companion")
    grid = Grid(*PAPERS[paper])
    deck = cards(the_game)
    for start in range(0, len(deck), COLUMNS * ROWS):
        for slot, card in enumerate(deck[start:start + COLUMNS * ROWS]):
            x, y = grid.slot(slot)
            draw_card(canvas, the_game, card, tr, x, y)
        grid.cut_marks(canvas)
        canvas.showPage()
    if backs:
        for slot in range(COLUMNS * ROWS):
            draw_back(canvas, the_game, *grid.slot(slot))
        grid.cut_marks(canvas)
        canvas.showPage()
    if stickers:
        draw_stickers(canvas, the_game, deck, tr, *PAPERS[paper])
    canvas.save()
    return out.getvalue()


class Grid:
    """Three by three cards, touching, centred on the page (so the backs page lines up with
    the cards on a two-sided print, whichever way the sheet turns)."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.left = (width - COLUMNS * CARD_W) / 2
        self.bottom = (height - ROWS * CARD_H) / 2
        if min(self.left, self.bottom) < PRINTER_MARGIN + MARK_GAP:
            raise ValueError("nine cards do not fit inside the printer margin of this paper")

    def slot(self, i: int) -> tuple[float, float]:
        """The lower left corner of the i-th card, reading from the top left."""
        row, column = divmod(i, COLUMNS)
        return self.left + column * CARD_W, self.bottom + (ROWS - 1 - row) * CARD_H

    def cut_marks(self, canvas: Canvas) -> None:
        """Short lines in the margins, in line with every cut; none touches a card."""
        canvas.saveState()
        canvas.setStrokeColor(INK_COLOUR)
        canvas.setLineWidth(0.5)
        top, right = self.bottom + ROWS * CARD_H, self.left + COLUMNS * CARD_W
        for c in range(COLUMNS + 1):
            x = self.left + c * CARD_W
            self._mark(canvas, x, self.bottom - MARK_GAP, x, PRINTER_MARGIN)
            self._mark(canvas, x, top + MARK_GAP, x, self.height - PRINTER_MARGIN)
        for r in range(ROWS + 1):
            y = self.bottom + r * CARD_H
            self._mark(canvas, self.left - MARK_GAP, y, PRINTER_MARGIN, y)
            self._mark(canvas, right + MARK_GAP, y, self.width - PRINTER_MARGIN, y)
        canvas.restoreState()

    @staticmethod
    def _mark(canvas: Canvas, x0: float, y0: float, x_limit: float, y_limit: float) -> None:
        """From (x0, y0) away from the cards, at most MARK_LENGTH, never past the limit."""
        dx, dy = x_limit - x0, y_limit - y0
        length = math.hypot(dx, dy)
        if length <= 0:
            return
        scale = min(1.0, MARK_LENGTH / length)
        canvas.line(x0, y0, x0 + dx * scale, y0 + dy * scale)



def draw_card(canvas: Canvas, game: Game, card: Card, tr: Tr, x: float, y: float) -> None:
    _ = tr
    canvas.saveState()
    canvas.translate(x, y)
    frame = MATADOR_RED if card.matador else EDGE_COLOUR
    canvas.setFillColor(PAPER_WOOD)
    canvas.setStrokeColor(frame)
    canvas.setLineWidth(2.2 if card.matador else 1.2)
    canvas.roundRect(INSET, INSET, CARD_W - 2 * INSET, CARD_H - 2 * INSET, 3 * mm,
                     stroke=1, fill=1)
    _rank(canvas, card.rank, frame, INSET + 5.2 * mm, CARD_H - INSET - 5.2 * mm)
    canvas.saveState()
    canvas.translate(CARD_W, CARD_H)
    canvas.rotate(180)  # the same corner seen from across the table
    _rank(canvas, card.rank, frame, INSET + 5.2 * mm, CARD_H - INSET - 5.2 * mm)
    canvas.restoreState()
    table_name = game.table_name(card.piece, tr)
    own = game.own_name(card.piece)
    _centred(canvas, table_name, BOLD, 16, CARD_W / 2, CARD_H - 17 * mm, 38 * mm, INK_COLOUR)
    size = 44 * mm
    draw_picture(canvas, picture(picture_name(card.piece, game.game)), (CARD_W - size) / 2,
                 23 * mm, size)
    if own.casefold() != table_name.casefold():
        _centred(canvas, own, ITALIC, 12, CARD_W / 2, 16 * mm, 40 * mm, INK_COLOUR)
    if card.matador:
        _centred(canvas, _("Matador"), BOLD, 8, CARD_W / 2, 10 * mm, 30 * mm, MATADOR_RED)
    canvas.restoreState()


def _rank(canvas: Canvas, rank: int, colour: Color, cx: float, cy: float) -> None:
    canvas.setFillColor(white)
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(1)
    canvas.circle(cx, cy, 3.6 * mm, stroke=1, fill=1)
    _centred(canvas, str(rank), BOLD, 10, cx, cy - 2.6, 6 * mm, colour)
    # underlined, as on playing cards: the upside-down corner's 6 is never read as a 9
    half = pdfmetrics.stringWidth(str(rank), BOLD, 10) / 2
    canvas.setLineWidth(0.9)
    canvas.line(cx - half, cy - 4.4, cx + half, cy - 4.4)


def _centred(canvas: Canvas, text: str, font: str, size: float, cx: float, baseline: float,
             width: float, colour: Color) -> None:
    """`text` centred on cx, made smaller (to 60% at most) until it fits in `width`."""
    fitted = size
    while fitted > size * 0.6 and pdfmetrics.stringWidth(text, font, fitted) > width:
        fitted -= 0.25
    canvas.setFillColor(colour)
    canvas.setFont(font, fitted)
    canvas.drawCentredString(cx, baseline, text)


def draw_back(canvas: Canvas, game: Game, x: float, y: float) -> None:
    """The same for every card: a wooden frame, a lattice and the game's name on a disc."""
    canvas.saveState()
    canvas.translate(x, y)
    w, h = CARD_W - 2 * INSET, CARD_H - 2 * INSET
    canvas.setFillColor(EDGE_COLOUR)
    canvas.setStrokeColor(INK_COLOUR)
    canvas.setLineWidth(1.2)
    canvas.roundRect(INSET, INSET, w, h, 3 * mm, stroke=1, fill=1)
    clip = canvas.beginPath()
    clip.roundRect(INSET + 2 * mm, INSET + 2 * mm, w - 4 * mm, h - 4 * mm, 2 * mm)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.setStrokeColor(WOOD_COLOUR)
    canvas.setLineWidth(0.8)
    step = 6 * mm
    for i in range(-int(CARD_H / step), int((CARD_W + CARD_H) / step) + 1):
        canvas.line(i * step, 0, i * step + CARD_H, CARD_H)
        canvas.line(i * step, CARD_H, i * step + CARD_H, 0)
    canvas.restoreState()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.setFillColor(WOOD_COLOUR)
    canvas.setStrokeColor(INK_COLOUR)
    canvas.setLineWidth(1.5)
    canvas.circle(CARD_W / 2, CARD_H / 2, 17 * mm, stroke=1, fill=1)
    _centred(canvas, game.title, BOLD, 22, CARD_W / 2, CARD_H / 2 - 3 * mm, 30 * mm,
             INK_COLOUR)
    canvas.restoreState()


def draw_stickers(canvas: Canvas, game: Game, deck: list[Card], tr: Tr, width: float,
                  height: float) -> None:
    """One round sticker for each piece of the pack, as many pages as they need."""
    _ = tr
    margin = 12 * mm
    heading = 10 * mm
    columns = int((width - 2 * margin) // STICKER_PITCH)
    rows = int((height - 2 * margin - heading) // STICKER_PITCH)
    left = (width - columns * STICKER_PITCH) / 2
    top = height - margin - heading
    for start in range(0, len(deck), columns * rows):
        _centred(canvas, _("{game}: stickers for the bases of wooden pawns. Cut round each "
                           "circle.", game=game.title),
                 BOLD, 11, width / 2, height - margin - 5 * mm, width - 2 * margin, INK_COLOUR)
        for i, card in enumerate(deck[start:start + columns * rows]):
            row, column = divmod(i, columns)
            cx = left + (column + 0.5) * STICKER_PITCH
            cy = top - (row + 0.5) * STICKER_PITCH
            _sticker(canvas, game, card, tr, cx, cy)
        canvas.showPage()


def _sticker(canvas: Canvas, game: Game, card: Card, tr: Tr, cx: float, cy: float) -> None:
    canvas.setFillColor(PAPER_WOOD)
    canvas.setStrokeColor(MATADOR_RED if card.matador else EDGE_COLOUR)
    canvas.setLineWidth(1.2 if card.matador else 0.7)
    canvas.circle(cx, cy, STICKER / 2, stroke=1, fill=1)
    size = 14 * mm
    draw_picture(canvas, picture(picture_name(card.piece, game.game)), cx - size / 2,
                 cy - size / 2 + 2 * mm, size)
    _centred(canvas, game.table_name(card.piece, tr), BOLD, 6, cx, cy - 7.2 * mm, 12 * mm,
             INK_COLOUR)
