"""The pieces' pictures: the one drawing of each of the 21, for the app and for print.

Each piece is a round wooden man seen from above: a disc, and on it the piece's own picture
(the matadors and the low pieces) or a tablet with its number of pips (12 … 0). Plain shapes
and flat colours only (circle, ellipse, rect, and paths of straight lines and quadratic curves),
so the pictures render the same in Flutter's SVG renderer, offline, with no font, and
companion.deck.paint can draw them onto a PDF without an SVG library.

tools/draw_pieces.py writes them as assets/pieces/*.svg for the app; the printed deck draws
`picture(name)` directly. Change a picture here, then run that tool.
"""

from __future__ import annotations

WOOD, EDGE, INK = "#E9C88F", "#7A4A1E", "#2B1B10"

PICTURES: dict[str, str] = {
    "cuckoo": f"""
  <path d="M22 60 L8 70 L10 58 Z" fill="#5B4636" stroke="{INK}" stroke-width="2"/>
  <ellipse cx="46" cy="58" rx="26" ry="16" fill="#7D6B5A" stroke="{INK}" stroke-width="2.5"/>
  <path d="M36 56 Q48 46 62 56 Q50 66 36 56 Z" fill="#5B4636" stroke="{INK}" stroke-width="2"/>
  <path d="M40 66 h14 M42 70 h12" stroke="#F4E9D8" stroke-width="2"/>
  <circle cx="68" cy="40" r="12" fill="#7D6B5A" stroke="{INK}" stroke-width="2.5"/>
  <path d="M79 38 L92 41 L79 45 Z" fill="#E0A030" stroke="{INK}" stroke-width="2"/>
  <circle cx="71" cy="37" r="3" fill="#FFFFFF"/><circle cx="72" cy="37" r="1.6" fill="{INK}"/>
  <path d="M44 74 L42 84 M52 74 L54 84" stroke="{INK}" stroke-width="2.5"/>""",
    "dragoon": f"""
  <path d="M24 80 Q60 60 78 18" fill="none" stroke="#C9CED6" stroke-width="6"
        stroke-linecap="round"/>
  <path d="M24 80 Q60 60 78 18" fill="none" stroke="{INK}" stroke-width="1.5"/>
  <path d="M20 72 L34 86" stroke="#B8860B" stroke-width="6" stroke-linecap="round"/>
  <path d="M16 88 L24 80" stroke="{INK}" stroke-width="5" stroke-linecap="round"/>
  <path d="M34 44 Q34 26 50 24 Q66 26 66 44 Z" fill="#8B1A1A" stroke="{INK}" stroke-width="2.5"/>
  <path d="M50 24 Q56 10 70 12 Q60 16 58 26" fill="#2E5E8C" stroke="{INK}" stroke-width="2"/>
  <rect x="32" y="42" width="36" height="6" rx="2" fill="#B8860B" stroke="{INK}"
        stroke-width="2"/>
  <circle cx="50" cy="58" r="11" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M44 62 Q50 67 56 62" fill="none" stroke="{INK}" stroke-width="2"/>
  <circle cx="46" cy="56" r="1.6" fill="{INK}"/><circle cx="54" cy="56" r="1.6" fill="{INK}"/>""",
    "cat": f"""
  <path d="M68 78 Q90 74 84 52" fill="none" stroke="{INK}" stroke-width="5"
        stroke-linecap="round"/>
  <path d="M30 84 Q28 56 50 52 Q72 56 70 84 Z" fill="#3A3A3A" stroke="{INK}"
        stroke-width="2.5"/>
  <path d="M32 28 L36 46 L64 46 L68 28 L58 36 L42 36 Z" fill="#3A3A3A" stroke="{INK}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <circle cx="50" cy="44" r="15" fill="#3A3A3A" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="44" cy="42" rx="3.5" ry="4.5" fill="#9BD35A"/>
  <ellipse cx="56" cy="42" rx="3.5" ry="4.5" fill="#9BD35A"/>
  <ellipse cx="44" cy="42" rx="1" ry="3.5" fill="{INK}"/>
  <ellipse cx="56" cy="42" rx="1" ry="3.5" fill="{INK}"/>
  <path d="M48 49 L52 49 L50 52 Z" fill="#E89AA8"/>
  <path d="M36 50 L26 48 M36 53 L26 55 M64 50 L74 48 M64 53 L74 55" stroke="#DDDDDD"
        stroke-width="1.5"/>""",
    "horse": f"""
  <path d="M30 86 L34 60 Q30 44 40 30 L38 18 L46 26 Q56 20 64 28 Q74 38 82 52 Q84 60 76 62
           Q70 58 64 56 Q58 56 56 62 L60 86 Z" fill="#8B5A2B" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <path d="M40 30 Q30 40 30 56 Q26 44 30 34 Z M46 26 Q36 34 34 48" fill="#3B2414"
        stroke="{INK}" stroke-width="2"/>
  <circle cx="60" cy="36" r="2.6" fill="{INK}"/>
  <circle cx="78" cy="56" r="1.6" fill="{INK}"/>
  <path d="M40 72 h16" stroke="#B8860B" stroke-width="3"/>""",
    "house": f"""
  <rect x="64" y="22" width="8" height="16" fill="#8B1A1A" stroke="{INK}" stroke-width="2"/>
  <path d="M18 50 L50 22 L82 50 Z" fill="#8B1A1A" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <rect x="26" y="48" width="48" height="34" fill="#F3E3C3" stroke="{INK}" stroke-width="2.5"/>
  <rect x="44" y="60" width="13" height="22" fill="#6B3F1D" stroke="{INK}" stroke-width="2"/>
  <rect x="31" y="55" width="10" height="10" fill="#8EC5E8" stroke="{INK}" stroke-width="2"/>
  <rect x="61" y="55" width="10" height="10" fill="#8EC5E8" stroke="{INK}" stroke-width="2"/>
  <path d="M36 55 v10 M31 60 h10 M66 55 v10 M61 60 h10" stroke="{INK}" stroke-width="1.2"/>""",
    "pot": f"""
  <path d="M50 52 Q48 40 50 30" stroke="#3C7A2E" stroke-width="3" fill="none"/>
  <path d="M50 46 Q38 40 34 46 Q42 50 50 46 Z M50 42 Q62 34 66 40 Q58 46 50 42 Z"
        fill="#4F9A3A" stroke="{INK}" stroke-width="1.5"/>
  <g fill="#D94F70" stroke="{INK}" stroke-width="1.5">
    <circle cx="50" cy="18" r="6"/><circle cx="60" cy="25" r="6"/><circle cx="56" cy="36" r="6"/>
    <circle cx="44" cy="36" r="6"/><circle cx="40" cy="25" r="6"/></g>
  <circle cx="50" cy="28" r="5" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>
  <rect x="28" y="52" width="44" height="8" rx="2" fill="#C0603A" stroke="{INK}"
        stroke-width="2.5"/>
  <path d="M32 60 L68 60 L62 86 L38 86 Z" fill="#D2703F" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>""",
    "owl": f"""
  <path d="M28 30 L36 40 M72 30 L64 40" stroke="{INK}" stroke-width="4"
        stroke-linecap="round"/>
  <ellipse cx="50" cy="58" rx="24" ry="28" fill="#9C7A54" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="50" cy="66" rx="14" ry="16" fill="#E6D2B0"/>
  <path d="M42 62 l3 3 l3 -3 M52 62 l3 3 l3 -3 M46 70 l3 3 l3 -3" fill="none"
        stroke="#9C7A54" stroke-width="1.5"/>
  <circle cx="40" cy="46" r="10" fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="60" cy="46" r="10" fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="40" cy="46" r="5" fill="#E0A030"/><circle cx="60" cy="46" r="5" fill="#E0A030"/>
  <circle cx="40" cy="46" r="2.5" fill="{INK}"/><circle cx="60" cy="46" r="2.5" fill="{INK}"/>
  <path d="M46 54 L54 54 L50 61 Z" fill="#E0A030" stroke="{INK}" stroke-width="1.5"/>
  <path d="M40 86 v-4 M46 86 v-4 M54 86 v-4 M60 86 v-4" stroke="{INK}" stroke-width="2.5"/>""",
    "fool": f"""
  <path d="M28 48 Q22 24 12 26 Q26 14 42 36 Z" fill="#D94F3A" stroke="{INK}" stroke-width="2"/>
  <path d="M72 48 Q78 24 88 26 Q74 14 58 36 Z" fill="#2E7D32" stroke="{INK}" stroke-width="2"/>
  <path d="M36 46 Q40 16 50 12 Q60 16 64 46 Z" fill="#F2C230" stroke="{INK}" stroke-width="2"/>
  <circle cx="12" cy="26" r="4" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>
  <circle cx="88" cy="26" r="4" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>
  <circle cx="50" cy="11" r="4" fill="#D94F3A" stroke="{INK}" stroke-width="1.5"/>
  <path d="M30 48 L70 48 L68 54 L32 54 Z" fill="#7A4A1E" stroke="{INK}" stroke-width="2"/>
  <circle cx="50" cy="68" r="16" fill="#F6DCC0" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="44" cy="64" r="2" fill="{INK}"/><circle cx="56" cy="64" r="2" fill="{INK}"/>
  <circle cx="50" cy="70" r="2.5" fill="#D94F3A"/>
  <path d="M40 74 Q50 84 60 74" fill="none" stroke="{INK}" stroke-width="2.2"/>""",
}


def pips(n: int) -> str:
    """n pips (0 to 12) on a tablet, in rows of up to three, centred."""
    rows: list[int] = []
    left = n
    while left > 0:
        rows.append(min(3, left))
        left -= rows[-1]
    parts = [(f'<rect x="26" y="20" width="48" height="60" rx="8" fill="#F7EBD3" '
              f'stroke="{INK}" stroke-width="2.5"/>')]
    if n == 0:
        parts.append(f'<ellipse cx="50" cy="50" rx="11" ry="17" fill="none" stroke="{INK}" '
                     'stroke-width="5"/>')
    step_y = 52 / (len(rows) + 1) if rows else 0
    for r, count in enumerate(rows):
        y = 24 + step_y * (r + 1)
        for c in range(count):
            x = 50 + (c - (count - 1) / 2) * 13
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.6" fill="#8B1A1A"/>')
    return "\n  ".join(parts)


def svg(inner: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" '
        'height="100">\n'
        f'  <circle cx="50" cy="50" r="47" fill="{WOOD}" stroke="{EDGE}" stroke-width="3"/>\n'
        f"  {inner.strip()}\n</svg>\n"
    )


def picture(name: str) -> str:
    """The whole SVG document of one piece's picture (a numeral's name is its number)."""
    return svg(PICTURES[name] if name in PICTURES else pips(int(name)))
