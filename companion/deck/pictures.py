"""The pieces' pictures: the one drawing of each piece of every pack, for the app and for print.

Each piece is a round wooden man seen from above: a disc, and on it the piece's own picture
(the matadors and the low pieces) or a tablet with its number of pips (12 … 0). Plain shapes
and flat colours only (circle, ellipse, rect, and paths of straight lines and quadratic curves),
so the pictures render the same in Flutter's SVG renderer, offline, with no font, and
companion.deck.paint can draw them onto a PDF without an SVG library.

tools/draw_pieces.py writes them as assets/pieces/*.svg for the app; the printed deck draws
`picture(name)` directly. Change a picture here, then run that tool.
"""

from __future__ import annotations

from companion.engine.registry import GAMES

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
    # --- the other games of the family (kille.md, cuccu.md, slabberjan.md, vogelspiel.md) ---
    "harlequin": f"""
  <path d="M26 86 L30 62 Q50 54 70 62 L74 86 Z" fill="#D94F3A" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <path d="M40 60 L50 72 L60 60 L70 62 L62 74 L50 86 L38 74 L30 62 Z" fill="#2E7D32"
        stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M44 74 L50 66 L56 74 L50 82 Z" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>
  <circle cx="50" cy="44" r="14" fill="#F6DCC0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M38 42 Q50 36 62 42 L60 48 Q50 44 40 48 Z" fill="{INK}"/>
  <circle cx="45" cy="44" r="1.6" fill="#FFFFFF"/><circle cx="55" cy="44" r="1.6" fill="#FFFFFF"/>
  <path d="M44 52 Q50 56 56 52" fill="none" stroke="{INK}" stroke-width="2"/>
  <path d="M30 32 Q40 14 50 30 Q60 14 70 32 Q50 26 30 32 Z" fill="#2B2B2B" stroke="{INK}"
        stroke-width="2" stroke-linejoin="round"/>
  <circle cx="38" cy="22" r="3" fill="#F2C230"/><circle cx="62" cy="22" r="3" fill="#F2C230"/>""",
    "hussar": f"""
  <path d="M28 86 Q30 66 50 64 Q70 66 72 86 Z" fill="#2E5E8C" stroke="{INK}" stroke-width="2.5"/>
  <path d="M36 72 h28 M38 78 h24" stroke="#F2C230" stroke-width="2.5"/>
  <circle cx="50" cy="52" r="12" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M40 57 Q45 53 50 56 Q55 53 60 57 Q55 60 50 58 Q45 60 40 57 Z" fill="#3B2414"
        stroke="{INK}" stroke-width="1.2"/>
  <circle cx="45" cy="50" r="1.6" fill="{INK}"/><circle cx="55" cy="50" r="1.6" fill="{INK}"/>
  <rect x="37" y="18" width="26" height="26" rx="3" fill="#3A3A3A" stroke="{INK}"
        stroke-width="2.5"/>
  <rect x="36" y="40" width="28" height="5" rx="1" fill="#B8860B" stroke="{INK}"
        stroke-width="1.5"/>
  <path d="M58 20 Q60 6 68 8 Q62 12 62 20 Z" fill="#FFFFFF" stroke="{INK}" stroke-width="1.5"/>
  <path d="M44 28 h12 M44 33 h12" stroke="#B8860B" stroke-width="2"/>""",
    "pig": f"""
  <path d="M22 44 L20 28 L36 36 Z M78 44 L80 28 L64 36 Z" fill="#E89AA8" stroke="{INK}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <ellipse cx="50" cy="54" rx="30" ry="26" fill="#F2B8C2" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="50" cy="62" rx="12" ry="9" fill="#E89AA8" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="45.5" cy="62" rx="2.2" ry="3.2" fill="{INK}"/>
  <ellipse cx="54.5" cy="62" rx="2.2" ry="3.2" fill="{INK}"/>
  <circle cx="39" cy="46" r="3" fill="{INK}"/><circle cx="61" cy="46" r="3" fill="{INK}"/>
  <circle cx="40" cy="45" r="1" fill="#FFFFFF"/><circle cx="62" cy="45" r="1" fill="#FFFFFF"/>
  <path d="M40 76 Q50 80 60 76" fill="none" stroke="{INK}" stroke-width="2"/>""",
    "cavalier": f"""
  <path d="M28 86 Q30 66 50 64 Q70 66 72 86 Z" fill="#6A3D7A" stroke="{INK}" stroke-width="2.5"/>
  <path d="M40 64 L50 74 L60 64" fill="#FFFFFF" stroke="{INK}" stroke-width="2"/>
  <path d="M38 50 Q36 66 44 70 L42 54 Z M62 50 Q64 66 56 70 L58 54 Z" fill="#6B3F1D"
        stroke="{INK}" stroke-width="1.5"/>
  <circle cx="50" cy="52" r="12" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="45" cy="51" r="1.6" fill="{INK}"/><circle cx="55" cy="51" r="1.6" fill="{INK}"/>
  <path d="M46 57 Q50 60 54 57" fill="none" stroke="{INK}" stroke-width="1.8"/>
  <ellipse cx="50" cy="40" rx="30" ry="7" fill="#2B2B2B" stroke="{INK}" stroke-width="2.5"/>
  <path d="M38 40 Q38 24 50 24 Q62 24 62 40 Z" fill="#2B2B2B" stroke="{INK}" stroke-width="2"/>
  <path d="M56 30 Q74 14 86 26 Q72 24 60 36 Z" fill="#D94F3A" stroke="{INK}" stroke-width="2"/>""",
    "inn": f"""
  <path d="M14 48 L42 24 L70 48 Z" fill="#6B3F1D" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <rect x="20" y="46" width="44" height="38" fill="#F3E3C3" stroke="{INK}" stroke-width="2.5"/>
  <rect x="36" y="62" width="13" height="22" fill="#6B3F1D" stroke="{INK}" stroke-width="2"/>
  <rect x="24" y="52" width="10" height="9" fill="#F2C230" stroke="{INK}" stroke-width="2"/>
  <rect x="51" y="52" width="10" height="9" fill="#F2C230" stroke="{INK}" stroke-width="2"/>
  <path d="M64 40 H84 M78 40 V46" stroke="{INK}" stroke-width="2.5"/>
  <rect x="70" y="46" width="16" height="18" rx="2" fill="#F7EBD3" stroke="{INK}"
        stroke-width="2"/>
  <path d="M74 50 h7 v10 h-7 Z" fill="#E0A030" stroke="{INK}" stroke-width="1.5"/>
  <path d="M81 52 Q85 55 81 58" fill="none" stroke="{INK}" stroke-width="1.5"/>
  <path d="M73 50 Q77 46 82 50" fill="#FFFFFF" stroke="{INK}" stroke-width="1.2"/>""",
    "wreath": f"""
  <circle cx="50" cy="50" r="26" fill="none" stroke="#3C7A2E" stroke-width="12"/>
  <circle cx="50" cy="50" r="26" fill="none" stroke="{INK}" stroke-width="1.2"/>
  <g fill="#4F9A3A" stroke="{INK}" stroke-width="1.5">
    <path d="M50 18 Q58 22 56 30 Q48 26 50 18 Z"/><path d="M78 40 Q76 50 68 50 Q70 42 78 40 Z"/>
    <path d="M70 74 Q62 72 62 64 Q70 66 70 74 Z"/><path d="M30 74 Q28 66 36 64 Q38 72 30 74 Z"/>
    <path d="M22 40 Q30 42 32 50 Q24 50 22 40 Z"/></g>
  <g fill="#D94F3A" stroke="{INK}" stroke-width="1.2">
    <circle cx="36" cy="28" r="3.5"/><circle cx="66" cy="28" r="3.5"/><circle cx="76" cy="60" r="3.5"/>
    <circle cx="24" cy="60" r="3.5"/></g>
  <path d="M44 76 L38 90 L46 86 L50 78 L54 86 L62 90 L56 76 Z" fill="#2E5E8C" stroke="{INK}"
        stroke-width="2" stroke-linejoin="round"/>
  <circle cx="50" cy="76" r="5" fill="#2E5E8C" stroke="{INK}" stroke-width="2"/>""",
    "mask": f"""
  <path d="M20 40 Q20 16 50 16 Q80 16 80 40 Q80 72 50 86 Q20 72 20 40 Z" fill="#F7EBD3"
        stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M28 36 Q36 28 44 36 Q36 44 28 36 Z M56 36 Q64 28 72 36 Q64 44 56 36 Z" fill="{INK}"/>
  <path d="M24 28 Q34 20 44 28 M56 28 Q66 20 76 28" fill="none" stroke="{INK}"
        stroke-width="3" stroke-linecap="round"/>
  <path d="M50 40 L44 56 L56 56 Z" fill="#D94F3A" stroke="{INK}" stroke-width="2"/>
  <path d="M32 62 Q50 80 68 62 Q50 70 32 62 Z" fill="#8B1A1A" stroke="{INK}" stroke-width="2"/>
  <circle cx="26" cy="52" r="4" fill="#E89AA8"/><circle cx="74" cy="52" r="4" fill="#E89AA8"/>""",
    "hunter": f"""
  <path d="M20 84 L78 30" stroke="#6B3F1D" stroke-width="5" stroke-linecap="round"/>
  <path d="M58 48 L80 28" stroke="#5A5A5A" stroke-width="3" stroke-linecap="round"/>
  <path d="M28 86 Q30 68 50 66 Q70 68 72 86 Z" fill="#3C7A2E" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="50" cy="54" r="12" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="45" cy="54" r="1.6" fill="{INK}"/><circle cx="55" cy="54" r="1.6" fill="{INK}"/>
  <path d="M44 60 Q50 64 56 60" fill="none" stroke="{INK}" stroke-width="1.8"/>
  <path d="M30 46 Q50 40 70 46 L66 40 Q62 24 50 24 Q38 24 34 40 Z" fill="#4F6B2E"
        stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M60 30 Q70 12 74 16 Q68 22 64 34 Z" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>
  <path d="M36 40 Q50 36 64 40" fill="none" stroke="#B8860B" stroke-width="2.5"/>""",
    "bucket": f"""
  <path d="M28 40 Q50 6 72 40" fill="none" stroke="{INK}" stroke-width="3"/>
  <path d="M26 40 L74 40 L68 84 L32 84 Z" fill="#A0703C" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <path d="M40 40 L42 84 M50 40 V84 M60 40 L58 84" stroke="#7A4A1E" stroke-width="1.5"/>
  <path d="M27 50 H73 M30 74 H70" stroke="#5A5A5A" stroke-width="4"/>
  <ellipse cx="50" cy="40" rx="24" ry="6" fill="#8EC5E8" stroke="{INK}" stroke-width="2.5"/>""",
    "lion": f"""
  <g fill="#B5651D" stroke="{INK}" stroke-width="2">
    <circle cx="50" cy="22" r="10"/><circle cx="70" cy="28" r="10"/><circle cx="78" cy="48" r="10"/>
    <circle cx="72" cy="68" r="10"/><circle cx="50" cy="76" r="10"/><circle cx="28" cy="68" r="10"/>
    <circle cx="22" cy="48" r="10"/><circle cx="30" cy="28" r="10"/></g>
  <circle cx="50" cy="50" r="22" fill="#E0A030" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="42" cy="44" r="2.6" fill="{INK}"/><circle cx="58" cy="44" r="2.6" fill="{INK}"/>
  <path d="M44 54 L56 54 L50 60 Z" fill="#5B3A1E" stroke="{INK}" stroke-width="1.5"/>
  <path d="M50 60 V64 M42 66 Q46 70 50 64 Q54 70 58 66" fill="none" stroke="{INK}"
        stroke-width="2"/>""",
    "rider": f"""
  <path d="M18 74 Q16 56 32 52 L62 52 Q72 44 76 34 L88 40 Q84 50 76 58 L72 76 L66 76 L66 64
           L36 64 L34 78 L28 78 L28 66 Q22 70 18 74 Z" fill="#8B5A2B" stroke="{INK}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <circle cx="80" cy="40" r="1.6" fill="{INK}"/>
  <path d="M42 54 L38 34 Q46 28 54 34 L52 54 Z" fill="#2E5E8C" stroke="{INK}" stroke-width="2"
        stroke-linejoin="round"/>
  <circle cx="46" cy="24" r="8" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M37 22 Q38 12 46 12 Q54 12 55 22 Z" fill="#C9CED6" stroke="{INK}" stroke-width="2"/>
  <path d="M46 12 Q50 4 58 6" fill="none" stroke="#D94F3A" stroke-width="3"
        stroke-linecap="round"/>
  <path d="M54 38 L78 14" stroke="#C9CED6" stroke-width="4" stroke-linecap="round"/>
  <path d="M54 38 L78 14" stroke="{INK}" stroke-width="1"/>
  <path d="M50 42 L58 34" stroke="#B8860B" stroke-width="4" stroke-linecap="round"/>""",
    "bird": f"""
  <path d="M14 76 Q50 66 88 74" fill="none" stroke="#6B3F1D" stroke-width="5"
        stroke-linecap="round"/>
  <path d="M30 56 L12 64 L16 52 Z" fill="#2E5E8C" stroke="{INK}" stroke-width="2"
        stroke-linejoin="round"/>
  <ellipse cx="48" cy="54" rx="22" ry="15" fill="#3A8FD0" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="52" cy="60" rx="13" ry="8" fill="#F2C230"/>
  <path d="M36 50 Q48 42 58 52 Q46 58 36 50 Z" fill="#2E5E8C" stroke="{INK}" stroke-width="2"/>
  <circle cx="66" cy="38" r="12" fill="#3A8FD0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M76 36 L88 40 L76 44 Z" fill="#E0A030" stroke="{INK}" stroke-width="2"/>
  <circle cx="69" cy="35" r="3" fill="#FFFFFF"/><circle cx="70" cy="35" r="1.6" fill="{INK}"/>
  <path d="M62 28 Q64 18 72 20 Q66 22 66 28" fill="#D94F3A" stroke="{INK}" stroke-width="1.5"/>
  <path d="M44 68 L42 74 M54 68 L54 74" stroke="{INK}" stroke-width="2.5"/>""",
    "blank": f"""
  <rect x="26" y="20" width="48" height="60" rx="8" fill="#FFFFFF" stroke="{INK}"
        stroke-width="2.5"/>
  <path d="M50 38 V62 M40 44 L60 56 M40 56 L60 44" stroke="#A9CCE3" stroke-width="2.5"
        stroke-linecap="round"/>""",
    "face": f"""
  <circle cx="50" cy="52" r="30" fill="#F6DCC0" stroke="{INK}" stroke-width="2.5"/>
  <path d="M22 44 Q24 20 50 20 Q76 20 78 44 Q66 30 50 32 Q34 30 22 44 Z" fill="#6B3F1D"
        stroke="{INK}" stroke-width="2"/>
  <circle cx="40" cy="48" r="3" fill="{INK}"/><circle cx="60" cy="48" r="3" fill="{INK}"/>
  <path d="M50 50 Q46 60 52 62" fill="none" stroke="{INK}" stroke-width="2"/>
  <path d="M38 68 Q50 76 62 68" fill="none" stroke="{INK}" stroke-width="2.5"
        stroke-linecap="round"/>
  <circle cx="34" cy="60" r="4" fill="#E89AA8"/><circle cx="66" cy="60" r="4" fill="#E89AA8"/>""",
    "chamberpot": f"""
  <path d="M70 46 Q86 46 84 60 Q82 72 68 68" fill="none" stroke="{INK}" stroke-width="7"/>
  <path d="M70 46 Q86 46 84 60 Q82 72 68 68" fill="none" stroke="#F7F7F2" stroke-width="3"/>
  <path d="M26 40 L74 40 Q76 78 62 84 L38 84 Q24 78 26 40 Z" fill="#F7F7F2" stroke="{INK}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M28 56 Q50 62 72 56" fill="none" stroke="#2E5E8C" stroke-width="3"/>
  <ellipse cx="50" cy="40" rx="28" ry="8" fill="#F7F7F2" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="50" cy="40" rx="20" ry="4.5" fill="#C9CED6" stroke="{INK}" stroke-width="1.5"/>""",
    "guard": f"""
  <path d="M74 88 V22" stroke="#6B3F1D" stroke-width="4" stroke-linecap="round"/>
  <path d="M74 10 L80 24 L74 30 L68 24 Z" fill="#C9CED6" stroke="{INK}" stroke-width="2"/>
  <path d="M74 24 Q86 26 86 36 Q80 30 74 30" fill="#C9CED6" stroke="{INK}" stroke-width="1.5"/>
  <path d="M24 86 Q26 66 48 64 Q70 66 70 86 Z" fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>
  <path d="M42 64 V86 M54 64 V86" stroke="#D94F3A" stroke-width="3"/>
  <circle cx="48" cy="54" r="11" fill="#F2D2B0" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="44" cy="53" r="1.6" fill="{INK}"/><circle cx="52" cy="53" r="1.6" fill="{INK}"/>
  <path d="M43 59 h10" stroke="{INK}" stroke-width="2"/>
  <path d="M34 46 L36 22 Q48 14 60 22 L62 46 Z" fill="#2B2B2B" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <rect x="33" y="43" width="30" height="5" rx="1" fill="#B8860B" stroke="{INK}"
        stroke-width="1.5"/>
  <circle cx="48" cy="32" r="4" fill="#F2C230" stroke="{INK}" stroke-width="1.5"/>""",
    "plate": f"""
  <circle cx="50" cy="50" r="32" fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="50" cy="50" r="22" fill="#F7F7F2" stroke="#2E5E8C" stroke-width="2"/>
  <circle cx="50" cy="50" r="27" fill="none" stroke="#2E5E8C" stroke-width="1.5"/>
  <g fill="#2E5E8C"><circle cx="50" cy="20.5" r="2"/><circle cx="79.5" cy="50" r="2"/>
    <circle cx="50" cy="79.5" r="2"/><circle cx="20.5" cy="50" r="2"/></g>
  <path d="M40 50 Q50 40 60 50 Q50 60 40 50 Z" fill="#4F9A3A" stroke="{INK}" stroke-width="1.5"/>""",
    "sausages": f"""
  <ellipse cx="50" cy="70" rx="34" ry="9" fill="#FFFFFF" stroke="{INK}" stroke-width="2.5"/>
  <ellipse cx="50" cy="70" rx="24" ry="5" fill="none" stroke="#2E5E8C" stroke-width="1.5"/>
  <g fill="#B5523B" stroke="{INK}" stroke-width="2.5">
    <rect x="14" y="34" width="26" height="14" rx="7"/>
    <rect x="37" y="44" width="26" height="14" rx="7"/>
    <rect x="60" y="34" width="26" height="14" rx="7"/></g>
  <path d="M38 44 L40 48 M60 48 L62 44" stroke="{INK}" stroke-width="2.5"/>
  <path d="M20 38 h10 M43 48 h10 M66 38 h10" stroke="#E89AA8" stroke-width="2"
        stroke-linecap="round"/>
  <path d="M14 41 L8 38 M86 41 L92 38" stroke="{INK}" stroke-width="2"/>""",
    "glass": f"""
  <path d="M32 18 L68 18 Q70 46 50 54 Q30 46 32 18 Z" fill="#E3F1F8" stroke="{INK}"
        stroke-width="2.5" stroke-linejoin="round"/>
  <path d="M34 30 L66 30 Q66 46 50 52 Q34 46 34 30 Z" fill="#8B1A1A"/>
  <path d="M38 22 Q36 36 42 44" fill="none" stroke="#FFFFFF" stroke-width="2.5"
        stroke-linecap="round"/>
  <path d="M47 53 L47 76 L53 76 L53 53 Z" fill="#E3F1F8" stroke="{INK}" stroke-width="2"/>
  <ellipse cx="50" cy="80" rx="16" ry="5" fill="#E3F1F8" stroke="{INK}" stroke-width="2.5"/>""",
    "witch": f"""
  <path d="M22 80 L74 46" stroke="#6B3F1D" stroke-width="4" stroke-linecap="round"/>
  <path d="M22 80 L12 74 M22 80 L15 80 M22 80 L20 84 M22 80 L26 86" stroke="#B8860B"
        stroke-width="3" stroke-linecap="round"/>
  <path d="M30 86 Q32 64 50 62 Q68 64 70 86 Z" fill="#3A3A3A" stroke="{INK}" stroke-width="2.5"/>
  <circle cx="50" cy="52" r="12" fill="#9BD35A" stroke="{INK}" stroke-width="2.5"/>
  <path d="M50 52 L60 58 L50 58 Z" fill="#7FB84A" stroke="{INK}" stroke-width="1.5"
        stroke-linejoin="round"/>
  <circle cx="45" cy="50" r="1.8" fill="{INK}"/><circle cx="55" cy="49" r="1.8" fill="{INK}"/>
  <path d="M44 60 Q48 62 54 61" fill="none" stroke="{INK}" stroke-width="1.8"/>
  <path d="M38 48 Q34 62 36 70 M62 48 Q68 60 66 70" fill="none" stroke="#8B8B8B"
        stroke-width="3" stroke-linecap="round"/>
  <path d="M24 44 Q50 36 76 44 Q50 48 24 44 Z" fill="#2B2B2B" stroke="{INK}" stroke-width="2"/>
  <path d="M36 42 L56 8 L62 16 L64 41 Z" fill="#2B2B2B" stroke="{INK}" stroke-width="2.5"
        stroke-linejoin="round"/>
  <path d="M37 38 Q50 34 63 37" fill="none" stroke="#6A3D7A" stroke-width="3"/>""",
}

# Pieces drawn as another piece's picture: Kille's flowerpot is Gnav's pot, the Tavern is an
# inn, Cuccù's and Vogelspiel's Nulla is the 0's tablet.
SAME_AS: dict[str, str] = {"flowerpot": "pot", "tavern": "inn", "nulla": "0"}
NUMERALS: tuple[str, ...] = tuple(str(n) for n in range(12, -1, -1))


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


def picture_name(piece: str, game: str | None = None) -> str:
    """The name of the picture `game` shows for `piece` (its file is assets/pieces/NAME.svg):
    the piece's own, or the one the game's deck says (Slabberjan's pot is a chamber pot, "Pot,
    Pispot, Waterpot", not Gnav's flowerpot)."""
    deck = GAMES[game].deck if game is not None else None
    return deck.pictures.get(piece, piece) if deck is not None else piece


def picture_names() -> tuple[str, ...]:
    """Every picture there is a file for: the numerals, each drawing and each piece drawn as
    another's."""
    return (*NUMERALS, *PICTURES, *SAME_AS)


def picture(name: str) -> str:
    """The whole SVG document of one picture (a numeral's name is its number)."""
    name = SAME_AS.get(name, name)
    return svg(PICTURES[name] if name in PICTURES else pips(int(name)))
