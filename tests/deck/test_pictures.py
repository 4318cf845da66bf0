"""The pieces' pictures have one source (companion/deck/pictures.py) for the app's SVG files
and for the printed deck, whose painter draws the part of SVG they use and refuses the rest."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from companion.deck.paint import PictureError, draw_picture
from companion.deck.pictures import picture, svg
from companion.engine import PIECES
from companion.views.pieces import piece_src

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.mark.parametrize("piece", PIECES)
def test_the_apps_svg_file_is_the_printed_picture(piece: str) -> None:
    """tools/draw_pieces.py writes assets/pieces from pictures.py: the two never differ."""
    assert (ASSETS / piece_src(piece)).read_text(encoding="utf-8") == picture(piece)


@pytest.mark.parametrize("piece", PIECES)
def test_the_painter_draws_every_picture(piece: str) -> None:
    canvas = Canvas(io.BytesIO())
    draw_picture(canvas, picture(piece), 0, 0, 100)
    assert "c" in canvas.getpdfdata().decode("latin-1").split("stream")[1]  # curves drawn


@pytest.mark.parametrize("inner", [
    '<path d="M10 10 A 5 5 0 0 1 20 20"/>',  # an arc
    '<path d="M10 10 C 20 20 30 30 40 40"/>',  # a cubic curve
    '<polygon points="0,0 10,10 0,10"/>',
    '<circle cx="5" cy="5" r="2" fill="red"/>',  # a named colour
])
def test_the_painter_refuses_what_it_cannot_draw(inner: str) -> None:
    with pytest.raises(PictureError):
        draw_picture(Canvas(io.BytesIO()), svg(inner), 0, 0, 100)
