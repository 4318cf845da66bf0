"""The pieces' pictures have one source (companion/deck/pictures.py) for the app's SVG files
and for the printed deck, whose painter draws the part of SVG they use and refuses the rest."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from companion.deck.paint import SVG_NS, PictureError, draw_picture
from companion.deck.pictures import picture, svg
from companion.engine import PIECES
from companion.views.pieces import piece_src

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.mark.parametrize("piece", PIECES)
def test_the_apps_svg_file_is_the_printed_picture(piece: str) -> None:
    """tools/draw_pieces.py writes assets/pieces from pictures.py: the two never differ."""
    assert (ASSETS / piece_src(piece)).read_text(encoding="utf-8") == picture(piece)


def painted(svg_text: str) -> list[str]:
    """The PDF's painting operators, one for each shape the painter drew."""
    canvas = Canvas(io.BytesIO(), pageCompression=0)
    draw_picture(canvas, svg_text, 0, 0, 100)
    canvas.showPage()
    data = canvas.getpdfdata().decode("latin-1")
    stream = data[data.index("stream") + 6:data.index("endstream")]
    return re.findall(r"^(B\*?|b\*?|f\*?|S|s)$", stream, re.MULTILINE)


@pytest.mark.parametrize("piece", PIECES)
def test_the_painter_draws_every_shape_of_every_picture(piece: str) -> None:
    shapes = [el for el in ET.fromstring(picture(piece)).iter()
              if el.tag.removeprefix(SVG_NS) in ("circle", "ellipse", "rect", "path")]
    ops = painted(picture(piece))
    assert len(ops) == len(shapes)
    # SVG fills with the non-zero winding rule: a PDF even-odd fill (f*, B*) would punch holes
    # where a shape crosses itself
    assert not [op for op in ops if op.endswith("*")]


def test_the_painter_fills_and_strokes_as_svg_does() -> None:
    """No fill attribute fills black; fill="none" or no stroke leaves that part unpainted."""
    assert painted(svg('<path d="M1 1 L9 9" stroke="#000000"/>'))[1:] == ["B"]
    assert painted(svg('<path d="M1 1 L9 9" fill="none" stroke="#000000"/>'))[1:] == ["S"]
    assert painted(svg('<rect x="1" y="1" width="5" height="5" fill="#123456"/>'))[1:] == ["f"]


@pytest.mark.parametrize("inner", [
    '<path d="M10 10 A 5 5 0 0 1 20 20"/>',  # an arc
    '<path d="M10 10 C 20 20 30 30 40 40"/>',  # a cubic curve
    '<polygon points="0,0 10,10 0,10"/>',
    '<circle cx="5" cy="5" r="2" fill="red"/>',  # a named colour
])
def test_the_painter_refuses_what_it_cannot_draw(inner: str) -> None:
    with pytest.raises(PictureError):
        draw_picture(Canvas(io.BytesIO()), svg(inner), 0, 0, 100)
