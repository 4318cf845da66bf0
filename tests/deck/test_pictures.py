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
from companion.deck.pictures import picture, picture_name, picture_names, svg
from companion.engine.gnav import PIECES
from companion.views.pieces import piece_src
from tests.family import FAMILY_BOOKS

ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.mark.parametrize("piece", PIECES)
def test_the_apps_svg_file_is_the_printed_picture(piece: str) -> None:
    """tools/draw_pieces.py writes assets/pieces from pictures.py: the two never differ."""
    assert (ASSETS / piece_src(piece)).read_text(encoding="utf-8") == picture(piece)


FAMILY_PIECES = sorted({(book.game, piece) for book in FAMILY_BOOKS
                        for name in book.presets
                        for house in ({}, *({f: v} for f, vs in book.fields.items()
                                            if isinstance(vs, tuple) for v in vs))
                        for piece, _count in book.rules(name, house).order})


@pytest.mark.parametrize(("game", "piece"), FAMILY_PIECES)
def test_every_piece_of_the_familys_packs_has_its_picture(game: str, piece: str) -> None:
    """Issue 14, item 3: the new pieces drawn in the same style; every rule book's pack and
    every pack variant (Vogelspiel's Nulla) has a picture, the app's file the printed one."""
    path = ASSETS / piece_src(piece, game)
    assert path.read_text(encoding="utf-8") == picture(picture_name(piece, game))


def test_a_piece_shows_its_own_games_picture() -> None:
    """slabberjan.md: the pot is "Pot, Pispot, Waterpot", a chamber pot, where Gnav's is a
    "(Flower)pot" (gnav.md)."""
    assert picture_name("pot", "slabberjan") != picture_name("pot", "gnav")
    assert picture(picture_name("pot", "slabberjan")) != picture("pot")


@pytest.mark.parametrize("name", [n for n in picture_names() if n not in PIECES])
def test_every_new_picture_keeps_inside_its_disc(name: str) -> None:
    """The same frame as Gnav's: a wooden disc of radius 47 and, on it, shapes whose points
    stay on the disc (a broom's bristles once stuck out over the rim). Gnav's own pictures are
    left as they were drawn (the dragoon's hilt touches the rim)."""
    root = ET.fromstring(picture(name))
    for el in root.iter():
        tag = el.tag.removeprefix(SVG_NS)
        points: list[tuple[float, float]] = []
        if tag == "path":
            numbers = [float(n) for n in re.findall(r"-?\d+\.?\d*", el.attrib["d"])]
            if not re.search(r"[a-zHV]", el.attrib["d"]):  # M, L, Q only: every pair a point
                points = list(zip(numbers[::2], numbers[1::2], strict=False))
        elif tag == "circle" and el.attrib.get("r") != "47":
            r = float(el.attrib["r"])
            cx, cy = float(el.attrib["cx"]), float(el.attrib["cy"])
            points = [(cx + r, cy), (cx - r, cy), (cx, cy + r), (cx, cy - r)]
        for x, y in points:
            assert (x - 50) ** 2 + (y - 50) ** 2 <= 47.5 ** 2, (name, tag, x, y)


def painted(svg_text: str) -> list[str]:
    """The PDF's painting operators, one for each shape the painter drew."""
    canvas = Canvas(io.BytesIO(), pageCompression=0)
    draw_picture(canvas, svg_text, 0, 0, 100)
    canvas.showPage()
    data = canvas.getpdfdata().decode("latin-1")
    stream = data[data.index("stream") + 6:data.index("endstream")]
    return re.findall(r"^(B\*?|b\*?|f\*?|S|s)$", stream, re.MULTILINE)


@pytest.mark.parametrize("piece", picture_names())
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
