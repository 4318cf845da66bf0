"""Writes companion/text_widths.py: the advance width of every character from U+0020 to
U+017F in Roboto Regular, the one font Flet's web client carries (flet-web's
assets/fonts/roboto.woff2), read with Pillow. The views measure a name with it before choosing
its size, since Flutter sizes text only on the device.

    python tools/text_widths.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import flet_web
from PIL import ImageFont

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "companion" / "text_widths.py"
FIRST, LAST = 0x20, 0x17F
EM = 1000


def main() -> int:
    font_file = Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"
    font = ImageFont.truetype(str(font_file), EM, layout_engine=ImageFont.Layout.BASIC)
    widths = [round(font.getlength(chr(c))) for c in range(FIRST, LAST + 1)]
    rows = [", ".join(str(w) for w in widths[k:k + 16]) for k in range(0, len(widths), 16)]
    body = ",\n    ".join(rows)
    OUT.write_text(f'''"""Roboto Regular's advance widths in thousandths of an em, U+{FIRST:04X} to U+{LAST:04X}
(Latin-1 and Latin Extended-A: every letter of the app's seven languages). Made by
tools/text_widths.py from the font flet-web carries; do not edit by hand."""

FIRST = 0x{FIRST:X}
EM = {EM}
WIDTHS = (
    {body},
)
''')
    print(f"{OUT.relative_to(REPO)}: {len(widths)} widths")
    return 0


if __name__ == "__main__":
    sys.exit(main())
