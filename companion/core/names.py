"""Seat names, for every game: how a journal's name is read, and which names a new table may
have (issue 21, item 4). Every game's header parsing reads its seats here (read_names); a new
table, an imported journal and `replay` also pass check_new_names.

Two levels, so that nothing saved is lost:

- **Reading** (docs/journal.md, v1 "Seats and pieces", docs/journal.md, v2 section 2): 1 to 24 characters
  after trimming, unique without regard to case, never "stock", one line of text. A name is
  read in Unicode's composed form (NFC), in the header and wherever an event names a seat, so
  "José" typed as J-o-s-e and a combining accent is the same name as "José" with its é: the
  two are canonically equivalent, the same text to Unicode. Every game stored before reads as
  before (an old game's header with such a name reads as the composed name).
- **New names** (a new table, an import, `replay`): on top of that, no invisible formatting
  character (Unicode's category Cf: a zero-width joiner or space, U+FEFF, the bidi controls
  such as U+202E, which turns the rest of a banner line around), no name that shows nothing,
  and no two names that look alike: the same skeleton of Unicode Technical Standard #39,
  section 4, or the same casefolded skeleton ("Аnn" with a Cyrillic А is "ANN", "B0" is "BO",
  but "Ian" is not "Lan"; see look_alike), nor a name that looks like "stock". A zero-width
  joiner inside an emoji (a family of three) and the tags of a flag such as Scotland's are
  part of the picture and stay. These rules are stricter than the journal format's: a game
  saved before them is not refused, so they are checked where names come in, not when a
  stored game is read.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from .confusables import IGNORABLE, PROTOTYPES
from .errors import GnavError, json_repr, quoted

MAX_NAME = 24
RESERVED = "stock"  # docs/journal.md, v2 section 2: the word that names the stock, in every game

# The format characters that reorder the text around them (Unicode's bidi controls and marks):
# a name holding U+202E shows the rest of a banner line backwards.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
_ZWJ = "\u200d"
_BLACK_FLAG = "\U0001f3f4"  # the tags after it name a flag (England's, Scotland's, Wales's)


def spelled(name: str) -> str:
    """A name as a journal line is read: trimmed, in Unicode's composed form (NFC)."""
    name = name.strip()
    return name if name.isascii() else unicodedata.normalize("NFC", name)


def read_names(names: Sequence[object]) -> tuple[str, ...]:
    """The header's seat names as read (trimmed, NFC); raises GnavError for a name the journal
    format does not allow: not text, not one line, empty or too long, "stock" in any case, or
    the same as another without regard to case."""
    seen: dict[str, str] = {}
    out: list[str] = []
    for raw in names:
        if not isinstance(raw, str):
            raise GnavError("a seat name must be text in quotes, not {value}.",
                            value=json_repr(raw))
        if not raw.isascii() and not _encodable(raw):
            # a lone surrogate (JSON "\ud800") is not text: it could never be printed or saved
            raise GnavError("a seat name holds a \\u escape that is not a whole character.")
        name = spelled(raw)
        if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
            # a line break or tab inside a name would break the one-line messages and the board
            raise GnavError(
                "the name {value} holds a line break or "
                "another control character; a name is one line of text.",
                value=quoted(json.dumps(name, ensure_ascii=False)),
            )
        if not 1 <= len(name) <= MAX_NAME:
            raise GnavError(
                "the name {value} has {count} characters; a name has 1 to {high}.",
                value=json_repr(raw), count=len(name), high=MAX_NAME,
            )
        key = name.casefold()
        if key == RESERVED:  # casefold, as for duplicates: "ſtock" (long s) is "stock" too
            raise GnavError("no seat may be called \"stock\": that word names the stock.")
        if key in seen:
            raise GnavError("{name} and {other} are the same name; every seat needs its own.",
                            name=name, other=seen[key])
        seen[key] = name
        out.append(name)
    return tuple(out)


def check_new_names(names: Iterable[str]) -> None:
    """Raises GnavError for the first name a new table may not have among `names` (each one as
    read_names gave it): an invisible formatting character, nothing to see, a look-alike of
    "stock" or of a name before it."""
    earlier: list[str] = []
    for name in names:
        problem = name_problem(name, earlier)
        if problem is not None:
            raise problem
        earlier.append(name)


def name_problem(name: str, others: Iterable[str]) -> GnavError | None:
    """Why `name` (trimmed, NFC) may not join a table of `others`, beyond what read_names
    says; None when it may. The New table screen asks it as a name is added."""
    hidden = format_character(name)
    if hidden is not None:
        shown = quoted("\"" + "".join(
            f"\\u{ord(c):04x}" if unicodedata.category(c) == "Cf" else c for c in name) + "\"")
        code = f"U+{ord(hidden):04X}"
        if hidden in BIDI_CONTROLS:
            return GnavError("{name} holds {code}, an invisible mark that turns or reorders the "
                             "text around it; a seat name is written without it.",
                             name=shown, code=code)
        return GnavError("{name} holds {code}, an invisible formatting character; a seat name "
                         "is written without it.", name=shown, code=code)
    if not skeleton(name).strip():
        return GnavError("{name} shows nothing that can be seen; a seat name needs a letter, a "
                         "number or a sign.", name=json_repr(name))
    if look_alike(name, RESERVED):
        return GnavError("{name} looks like \"stock\", the word that names the stock; no seat "
                         "may be called so.", name=json_repr(name))
    for other in others:
        if look_alike(name, other):
            like = _differing(name, other) or _differing(other, name)
            if like is None:
                return GnavError("{name} and {other} look alike; every seat needs a name the "
                                 "table can tell apart.", name=quoted(name), other=quoted(other))
            return GnavError("{name} and {other} look alike: {char} looks like {like}; every "
                             "seat needs a name the table can tell apart.", name=quoted(name),
                             other=quoted(other), char=f"{like[0]} (U+{ord(like[0]):04X})",
                             like=like[1])
    return None


def format_character(name: str) -> str | None:
    """The first invisible formatting character (category Cf) of `name` that is not part of an
    emoji: a joiner between two pictures, or the tags of a flag."""
    for i, c in enumerate(name):
        if unicodedata.category(c) != "Cf":
            continue
        after = name[i + 1:i + 2]
        if c == _ZWJ and after and unicodedata.category(after) == "So" and \
                _picture_before(name, i):
            continue
        if 0xE0020 <= ord(c) <= 0xE007F and _flag_tag(name, i):
            continue
        return c
    return None


def look_alike(name: str, other: str) -> bool:
    """Whether two names look the same: their UTS #39 skeletons match, or their casefolded
    skeletons do (the skeleton of the casefolded name). Names of one case are one name in the
    journal format (docs/journal.md, v2 section 2), so a look-alike in another case is one too:
    "Аnn" with a Cyrillic А and "ANN", "Marnie" and "Mamie" (m is drawn like rn). The plain
    skeleton keeps what only one case shows: "AI" and "Al" (I is drawn like l), "B0" and "BO".
    A name is read one way or the other, whole, never a letter each way: "Ian" and "Lan" are
    two names (I is drawn like l, and l is L's small letter, but no one reading of "Ian" is
    "Lan"), while "Ian" and "lan" are one. Each skeleton is taken again until it settles
    (M is m, and m is rn)."""
    return _plain(name) == _plain(other) or _folded(name) == _folded(other)


@lru_cache(maxsize=256)  # each pair of a table's names asks again
def _plain(name: str) -> str:
    """The skeleton of the composed name, taken again until it no longer changes."""
    text = unicodedata.normalize("NFC", name)
    for _ in range(4):
        looked = skeleton(text)
        if looked == text:
            break
        text = looked
    return text


@lru_cache(maxsize=256)
def _folded(name: str) -> str:
    """The casefolded skeleton of the casefolded composed name, taken again until it no longer
    changes."""
    text = unicodedata.normalize("NFC", name).casefold()
    for _ in range(4):
        looked = skeleton(text).casefold()
        if looked == text:
            break
        text = looked
    return text


def skeleton(text: str) -> str:
    """UTS #39 section 4 (revision 28): the text decomposed (NFD), its default-ignorable
    characters dropped, each character replaced by its prototype, and decomposed again."""
    table = _prototypes()
    ignorable = _ignorable()
    out = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)
                  if c not in ignorable)
    return unicodedata.normalize("NFD", out)


def _differing(name: str, other: str) -> tuple[str, str] | None:
    """A character of `name` that `other` has not and that looks like something else, with
    what it looks like: what tells the referee why the two are one name."""
    for c in name:
        proto = skeleton(c)
        if c not in other and proto and proto != unicodedata.normalize("NFD", c):
            return c, proto
    return None


def _picture_before(name: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and (name[j] == "\ufe0f" or 0x1F3FB <= ord(name[j]) <= 0x1F3FF):
        j -= 1  # an emoji's presentation selector or skin tone belongs to the picture
    return j >= 0 and unicodedata.category(name[j]) == "So"


def _flag_tag(name: str, i: int) -> bool:
    j = i - 1
    while j >= 0 and 0xE0020 <= ord(name[j]) <= 0xE007F:
        j -= 1
    return j >= 0 and name[j] == _BLACK_FLAG


@cache
def _prototypes() -> dict[str, str]:
    table: dict[str, str] = {}
    for entry in "".join(PROTOTYPES).split():
        source, _, target = entry.partition("=")
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split("."))
    return table


@cache
def _ignorable() -> frozenset[str]:
    return frozenset(chr(c) for low, high in IGNORABLE for c in range(low, high + 1))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
