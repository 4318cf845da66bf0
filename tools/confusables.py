"""Writes companion/core/confusables.py: the data of a name's skeleton (Unicode Technical
Standard #39, section 4, "Confusable Detection"), so that the app tells look-alike seat names
apart with no download at run time.

    apt-get install python3-icu unicode-data   # Debian 12: ICU 72.1, Unicode 15.0
    /usr/bin/python3 tools/confusables.py      # Debian's Python, where PyICU is installed

Two tables, both from the Unicode Consortium's data as Debian ships it:

- each character's prototype, from confusables.txt as ICU 72.1 compiled it into its data
  (ICU's SpoofChecker.getSkeleton of that one character, which is the NFD of its
  confusables.txt target: Cyrillic а is a, Greek Ο is O, m is rn, 1 and I are l). Characters
  that NFD decomposes are left out: a skeleton decomposes a name before it looks anything up.
  PyICU needs ICU's library: PyPI has no wheel of it here, Debian has (python3-icu); the
  app itself never imports ICU, so the built Android app needs no binary package for this.
- Default_Ignorable_Code_Point, from DerivedCoreProperties.txt (the unicode-data package):
  UTS #39 (revision 28, Unicode 15.1) drops these characters from a skeleton, which the ICU
  72 of Debian 12 does not do yet.

Both are under the Unicode licence, which the written module carries with its notice of
modification (the data reduced to these two tables).
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import icu  # type: ignore[import-not-found]  # PyICU: Debian's python3-icu, at development time only

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "companion" / "core" / "confusables.py"
DERIVED = Path("/usr/share/unicode/DerivedCoreProperties.txt")
ROW = 96

NOTICE = '''COPYRIGHT AND PERMISSION NOTICE

Copyright (c) 1991-2022 Unicode, Inc. All rights reserved.
Distributed under the Terms of Use in https://www.unicode.org/copyright.html.

Permission is hereby granted, free of charge, to any person obtaining a copy of the Unicode
data files and any associated documentation (the "Data Files") or Unicode software and any
associated documentation (the "Software") to deal in the Data Files or Software without
restriction, including without limitation the rights to use, copy, modify, merge, publish,
distribute, and/or sell copies of the Data Files or Software, and to permit persons to whom
the Data Files or Software are furnished to do so, provided that either (a) this copyright and
permission notice appear with all copies of the Data Files or Software, or (b) this copyright
and permission notice appear in associated Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
PARTICULAR PURPOSE AND NONINFRINGEMENT OF THIRD PARTY RIGHTS. IN NO EVENT SHALL THE COPYRIGHT
HOLDER OR HOLDERS INCLUDED IN THIS NOTICE BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR
CONSEQUENTIAL DAMAGES, OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN
CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder shall not be used in
advertising or otherwise to promote the sale, use or other dealings in these Data Files or
Software without prior written authorization of the copyright holder.'''


def prototypes() -> list[tuple[int, str]]:
    checker = icu.SpoofChecker()
    out: list[tuple[int, str]] = []
    for cp in range(0x110000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        c = chr(cp)
        if unicodedata.normalize("NFD", c) != c:
            continue
        skeleton = checker.getSkeleton(0, c)
        if skeleton != c:
            out.append((cp, skeleton))
    return out


def ignorable() -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for line in DERIVED.read_text(encoding="utf-8").splitlines():
        data = line.split("#", 1)[0]
        if ";" not in data or data.split(";")[1].strip() != "Default_Ignorable_Code_Point":
            continue
        first, _, last = data.split(";")[0].strip().partition("..")
        ranges.append((int(first, 16), int(last or first, 16)))
    ranges.sort()
    merged: list[tuple[int, int]] = []
    for low, high in ranges:
        if merged and low <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(high, merged[-1][1]))
        else:
            merged.append((low, high))
    return merged


def rows(items: list[str], indent: str, sep: str) -> list[str]:
    """`items` joined by `sep` into lines that fit the module's width after `indent`."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(indent) + len(line) + len(sep) + len(item) + 3 > ROW:
            lines.append(line)
            line = item
        else:
            line = f"{line}{sep}{item}" if line else item
    lines.append(line)
    return lines


def main() -> int:
    table = prototypes()
    entries = [f"{cp:X}=" + ".".join(f"{ord(c):X}" for c in target) for cp, target in table]
    lines = rows(entries, "    ", " ")
    body = "\n".join(f'    "{line} "' for line in lines[:-1]) + f'\n    "{lines[-1]}"'
    spans = [f"(0x{low:04X}, 0x{high:04X})" for low, high in ignorable()]
    span_lines = rows(spans, "    ", ", ")
    span_body = ",\n".join(f"    {line}" for line in span_lines)
    OUT.write_text(f'''"""The data of a name's skeleton (Unicode Technical Standard #39, section 4): each
character's prototype, from the Unicode Consortium's confusables.txt (Unicode {icu.UNICODE_VERSION}, as
ICU {icu.ICU_VERSION} compiles it), and the Default_Ignorable_Code_Point ranges of
DerivedCoreProperties.txt (Unicode 15.0.0). Made by tools/confusables.py; do not edit by hand.
companion/core/names.py reads it.

Modified from the Unicode data files: reduced to these two tables ({len(table)} characters whose
prototype differs from themselves, written in hexadecimal: "430=61" says that U+0430 CYRILLIC
SMALL LETTER A looks like U+0061 "a"; "6D=72.6E" that "m" looks like "rn").

{NOTICE}
"""

UNICODE_VERSION = "{icu.UNICODE_VERSION}"
IGNORABLE: tuple[tuple[int, int], ...] = (
{span_body},
)
PROTOTYPES = (
{body}
)
''', encoding="utf-8")
    print(f"{OUT.relative_to(REPO)}: {len(table)} prototypes, {len(spans)} ignorable ranges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
