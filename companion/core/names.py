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
  and no two names that look alike without regard to case: the same casefolded skeleton of
  Unicode Technical Standard #39, section 4, letter by letter ("Аnn" with a Cyrillic А is
  "Ann", "B0" is "BO"; see look_alike), nor a name that looks like "stock". A zero-width
  joiner inside an emoji (a family of three) and the tags of a flag such as Scotland's are
  part of the picture and stay. These rules are stricter than the journal format's: a game
  saved before them is not refused, so they are checked where names come in, not when a
  stored game is read.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache

from companion.engine.errors import GnavError, quoted
from companion.engine.events import json_repr

from .confusables import IGNORABLE, PROTOTYPES

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
    """Whether two names look the same without regard to case, letter by letter: names of one
    case are one name in the journal format (docs/journal.md, v2 section 2), so a look-alike in
    another case is one too. A letter looks like its casefolded UTS #39 skeleton, taken again
    until it settles, or like that of its casefolded self: Cyrillic А like a, I like l or i,
    Greek Υ like y, M and m like rn, ſ (the long s) like f or s. Two names look alike when
    their letters can be read as the same text: "Аnn" and "ANN", "AI" and "Al", "Marnie" and
    "Mamie", "ΙΥ" in Greek and "iy". Letter by letter, so that two looks of one letter never
    join two others: i and l stay apart, though I looks like both. The price of looking
    without regard to case: "Ian" looks like "Lan" (I is drawn like l, and l is L's small
    letter)."""
    return _same_text(_looks(name), _looks(other))


def _looks(name: str) -> list[frozenset[str]]:
    """What each character of the decomposed name may be read as (none for an ignorable)."""
    out: list[frozenset[str]] = []
    ignorable = _ignorable()
    for c in unicodedata.normalize("NFD", name):
        if c not in ignorable:
            looks = _char_looks(c)
            if looks:
                out.append(looks)
    return out


@cache
def _char_looks(c: str) -> frozenset[str]:
    return frozenset({_settled(c), _settled(c.casefold())}) - {""}


def _settled(text: str) -> str:
    """The casefolded skeleton, taken again until it no longer changes (M is m, and m is rn)."""
    for _ in range(4):
        looked = skeleton(text).casefold()
        if looked == text:
            break
        text = looked
    return text


def _same_text(xs: list[frozenset[str]], ys: list[frozenset[str]]) -> bool:
    """Whether one reading of each of xs's characters, end to end, can spell what a reading of
    ys's does (a reading may be longer than one letter: rn for m)."""
    todo: list[tuple[int, int, str, str]] = [(0, 0, "", "")]
    seen: set[tuple[int, int, str, str]] = set()
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        i, j, left, right = state  # left: what xs has read beyond ys so far, or right: ys's
        if not left and not right and i == len(xs) and j == len(ys):
            return True
        if not left and i < len(xs):
            todo += [s for look in xs[i] if (s := _matched(i + 1, j, look, right))]
        elif not right and left and j < len(ys):
            todo += [s for look in ys[j] if (s := _matched(i, j + 1, left, look))]
    return False


def _matched(i: int, j: int, left: str, right: str) -> tuple[int, int, str, str] | None:
    if left.startswith(right):
        return i, j, left[len(right):], ""
    if right.startswith(left):
        return i, j, "", right[len(left):]
    return None


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
