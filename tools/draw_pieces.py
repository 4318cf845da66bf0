"""Writes every pack's piece pictures as SVG files under assets/pieces/ (run again after a change).

    python tools/draw_pieces.py

The drawings live in companion/deck/pictures.py, which the printed deck draws from too.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.deck.pictures import picture, picture_names  # after the repository is on the path

OUT = ROOT / "assets" / "pieces"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in picture_names():
        (OUT / f"{name}.svg").write_text(picture(name), encoding="utf-8")


if __name__ == "__main__":
    main()
