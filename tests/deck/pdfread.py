"""Reading a deck back with poppler: its pages, the words on them and where, and each page as
pixels."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

MM = 72 / 25.4  # points in a millimetre


@dataclass(frozen=True)
class Word:
    text: str
    x0: float  # points from the page's left edge
    y0: float  # points from the page's top edge
    x1: float
    y1: float


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    found = re.search(r"^Pages:\s+(\d+)$", info.stdout, re.MULTILINE)
    assert found, info.stdout
    return int(found.group(1))


def words(pdf: Path) -> list[list[Word]]:
    """Every page's words with their boxes, as pdftotext -bbox finds them."""
    xhtml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    ns = "{http://www.w3.org/1999/xhtml}"
    pages = ET.fromstring(xhtml).iter(f"{ns}page")
    return [[Word(w.text or "", *(float(w.attrib[k]) for k in ("xMin", "yMin", "xMax", "yMax")))
             for w in page.iter(f"{ns}word")] for page in pages]


def render(pdf: Path, out: Path, dpi: int) -> list[Image.Image]:
    """Every page as an RGB image, through pdftoppm."""
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(out / "page")],
                   check=True)
    return [Image.open(p).convert("RGB") for p in sorted(out.glob("page-*.png"))]


def has_ink(image: Image.Image, box: tuple[float, float, float, float]) -> bool:
    """Whether anything but white paper shows in `box` (left, top, right, bottom, in pixels)."""
    darkest, _ = image.crop(tuple(round(v) for v in box)).convert("L").getextrema()
    return bool(darkest < 245)
