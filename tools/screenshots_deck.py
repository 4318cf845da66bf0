"""Page images of the print-and-play deck for docs/screenshots/ (needs poppler's pdftoppm).

    python tools/screenshots_deck.py

deck-a4-cards.png (the first sheet of cards), deck-a4-backs.png, deck-a4-stickers.png (in
English), and deck-letter-da-cards.png (Letter paper, Danish names); for each other game of the
family its first sheet of cards, its backs and its stickers (deck-kille-nb-cards.png, ...).
"""

from __future__ import annotations

import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.deck import GAMES, deck_pdf  # after the repository is on the path

OUT = ROOT / "docs" / "screenshots"
DPI = 100


def page_image(pdf: bytes, page: int, name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "deck.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                        "-singlefile", str(path), str(OUT / name)], check=True)


def main() -> None:
    a4 = deck_pdf("gnav", "a4", "en")
    page_image(a4, 1, "deck-a4-cards")
    page_image(a4, 6, "deck-a4-backs")
    page_image(a4, 7, "deck-a4-stickers")
    page_image(deck_pdf("gnav", "letter", "da"), 1, "deck-letter-da-cards")
    for game, paper, lang in (("kille", "a4", "nb"), ("cuccu", "a4", "en"),
                              ("slabberjan", "letter", "da"), ("vogelspiel", "a4", "en")):
        pdf = deck_pdf(game, paper, lang)
        cards = math.ceil(GAMES[game].size / 9)
        page_image(pdf, 1, f"deck-{game}-{lang}-cards")
        page_image(pdf, 2, f"deck-{game}-{lang}-cards-2")
        page_image(pdf, cards + 1, f"deck-{game}-{lang}-backs")
        page_image(pdf, cards + 2, f"deck-{game}-{lang}-stickers")


if __name__ == "__main__":
    main()
