"""Draws a piece's SVG picture onto a ReportLab canvas, shape by shape.

An SVG renderer for ReportLab (svglib) needs lxml, and cairosvg needs Cairo: binary packages a
`flet build apk` may not have. The pictures use a small part of SVG (see pictures.py), so this
module reads exactly that part with the standard library's XML parser and refuses anything else
(a new picture that needs more fails its test instead of printing wrong).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

SVG_NS = "{http://www.w3.org/2000/svg}"
VIEW = 100.0  # the pictures' viewBox is 0 0 100 100
PAINT = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin")
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}
_TOKEN = re.compile(r"[MmLlHhVvQqZz]|-?(?:\d+\.?\d*|\.\d+)")


class PictureError(ValueError):
    """The picture uses a part of SVG this painter does not draw."""


def draw_picture(canvas: Canvas, svg: str, x: float, y: float, size: float) -> None:
    """Draws `svg` into the square of side `size` whose lower left corner is (x, y), in points."""
    root = ET.fromstring(svg)
    canvas.saveState()
    # SVG's y runs down, the PDF's up: flip once, so every shape keeps its own coordinates
    canvas.translate(x, y + size)
    canvas.scale(size / VIEW, -size / VIEW)
    for element, style in _shapes(root, {"fill": "#000000"}):
        _draw(canvas, element, style)
    canvas.restoreState()


def _shapes(parent: ET.Element, inherited: Mapping[str, str]
            ) -> Iterator[tuple[ET.Element, dict[str, str]]]:
    for child in parent:
        style = dict(inherited) | {k: child.attrib[k] for k in PAINT if k in child.attrib}
        tag = child.tag.removeprefix(SVG_NS)
        if tag == "g":
            yield from _shapes(child, style)
        else:
            yield child, style


def _draw(canvas: Canvas, element: ET.Element, style: dict[str, str]) -> None:
    tag = element.tag.removeprefix(SVG_NS)
    if tag not in ("circle", "ellipse", "rect", "path"):
        raise PictureError(f"the picture has a <{tag}>, which the print painter cannot draw")
    a = {k: float(v) for k, v in element.attrib.items() if k not in PAINT and k != "d"}
    path = canvas.beginPath()
    if tag == "circle":
        path.circle(a["cx"], a["cy"], a["r"])
    elif tag == "ellipse":
        path.ellipse(a["cx"] - a["rx"], a["cy"] - a["ry"], 2 * a["rx"], 2 * a["ry"])
    elif tag == "rect":
        if a.get("rx", 0.0) > 0:
            path.roundRect(a["x"], a["y"], a["width"], a["height"], a["rx"])
        else:
            path.rect(a["x"], a["y"], a["width"], a["height"])
    else:
        _trace(path, element.attrib["d"])
    fill, stroke = _colour(style.get("fill")), _colour(style.get("stroke"))
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(float(style.get("stroke-width", "1")))
        canvas.setLineCap(CAPS[style.get("stroke-linecap", "butt")])
        canvas.setLineJoin(JOINS[style.get("stroke-linejoin", "miter")])
    # SVG fills with the non-zero rule unless told otherwise (ReportLab's default is even-odd)
    canvas.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None),
                    fillMode=FILL_NON_ZERO)


def _colour(value: str | None) -> Color | None:
    if value is None or value == "none":
        return None
    if not value.startswith("#"):
        raise PictureError(f"the picture has the colour {value!r}; only #RRGGBB is drawn")
    return HexColor(value)


def _trace(path: PDFPathObject, d: str) -> None:
    """Follows an SVG path's moves, lines and quadratic curves (absolute and relative)."""
    tokens = _TOKEN.findall(d)
    if "".join(tokens).replace(" ", "") != re.sub(r"[\s,]", "", d):
        raise PictureError(f"the path {d!r} has a command the print painter cannot draw")
    x = y = x0 = y0 = 0.0
    i, command = 0, ""

    def number() -> float:
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        rel = command.islower()
        dx, dy = (x, y) if rel else (0.0, 0.0)
        c = command.upper()
        if c == "M":
            x, y = dx + number(), dy + number()
            x0, y0 = x, y
            path.moveTo(x, y)
            command = "l" if rel else "L"  # further pairs after a move are lines
        elif c == "L":
            x, y = dx + number(), dy + number()
            path.lineTo(x, y)
        elif c == "H":
            x = dx + number()
            path.lineTo(x, y)
        elif c == "V":
            y = dy + number()
            path.lineTo(x, y)
        elif c == "Q":
            qx, qy = dx + number(), dy + number()
            ex, ey = dx + number(), dy + number()
            # a quadratic curve is the cubic whose controls lie 2/3 of the way to its control
            path.curveTo(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                         ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey)
            x, y = ex, ey
        elif c == "Z":
            path.close()
            x, y = x0, y0
        else:
            raise PictureError(f"the path {d!r} has no command before its numbers")
