"""The one error family of the engine: every message is a sentence a referee can read.

Each message is a `Text`: the English sentence itself (a `str`, so it prints, compares and
is written exactly as before), which also remembers the template it was made from and the
values filled into it. The app shows it in the referee's language by translating the
template and filling in the same values (companion.i18n); the engine itself knows nothing of
languages. Templates are `str.format` strings with named fields, written as literals where
the message is made, so tools/i18n.py finds every one of them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Self, overload


@overload
def one_line(text: Text) -> Text: ...
@overload
def one_line(text: str) -> str: ...
def one_line(text: str) -> str:
    """`text` with control characters and line breaks written as \\u escapes.

    A reason quotes what the journal said (an unknown seat, an unknown event name), and a
    journal line may hold any character; the message must still be one line. A `Text` stays
    a `Text`, with each of its values made one line.
    """
    if isinstance(text, Text) and text.values:
        return text.with_values(
            {k: one_line(v) if isinstance(v, str) else v for k, v in text.values.items()}
        )
    if text.isprintable() and not _BIDI.intersection(text):
        return text
    escaped = "".join(_escaped(c) for c in text)
    return Text(escaped).trimmed(text.trim) if isinstance(text, Text) else escaped


# Characters that reorder the text around them: quoted as they are, a name could make the
# sentence read backwards from there on.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
QUOTE_LENGTH = 40


def _escaped(c: str) -> str:
    if c in _BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp"):
        return f"\\u{ord(c):04x}"
    return c


def quoted(value: str, length: int = QUOTE_LENGTH) -> str:
    """A value from a journal as a message quotes it: on one line, its control and bidi
    characters escaped, and cut after about `length` characters with "…" (a 20 MB seat
    name must not make a 20 MB message)."""
    if len(value) <= length and value.isprintable() and not _BIDI.intersection(value):
        return value
    out: list[str] = []
    size = 0
    for c in value:
        if size >= length:
            out.append("…")
            break
        piece = _escaped(c)
        out.append(piece)
        size += len(piece)
    return "".join(out)


class Text(str):
    """An English sentence made from `template` and `values`, which it keeps for translation.

    Without values the template is the sentence as it stands (no `str.format`, so it may hold
    braces), as in companion.i18n.Tr. A value may itself be a Text (a clause), translated with
    the sentence. `Text.n` makes a sentence whose wording depends on a number.
    """

    template: str
    plural: str | None
    number: int | None  # the count of a Text.n (str.count is taken)
    values: dict[str, object]
    trim: str  # characters taken off the end of the sentence, in every language

    def __new__(cls, template: str, /, **values: object) -> Self:
        return cls._make(template, None, None, values, "")

    @classmethod
    def n(cls, singular: str, plural: str, count: int, /, **values: object) -> Self:
        """`singular` when `count` is 1, else `plural`; both may use {count}."""
        return cls._make(singular, plural, count, values, "")

    @classmethod
    def _make(
        cls, template: str, plural: str | None, count: int | None, values: Mapping[str, object],
        trim: str,
    ) -> Self:
        chosen = template if plural is None or count == 1 else plural
        filled = dict(values)
        if count is not None:
            filled["count"] = count
        sentence = chosen.format(**filled) if filled else chosen
        self = str.__new__(cls, sentence.rstrip(trim) if trim else sentence)
        self.template = template
        self.plural = plural
        self.number = count
        self.values = dict(values)
        self.trim = trim
        return self

    def with_values(self, values: Mapping[str, object]) -> Text:
        return Text._make(self.template, self.plural, self.number, values, self.trim)

    def trimmed(self, chars: str) -> Text:
        """This sentence without the `chars` at its end (say ". " to use it as a clause)."""
        return Text._make(self.template, self.plural, self.number, self.values, self.trim + chars)

    def render(
        self,
        gettext: Callable[[str], str],
        ngettext: Callable[[str, str, int], str],
    ) -> str:
        """The sentence in another language: its template and each Text value translated."""
        values: dict[str, object] = {
            k: v.render(gettext, ngettext) if isinstance(v, Text) else v
            for k, v in self.values.items()
        }
        if self.plural is not None and self.number is not None:
            values["count"] = self.number
            words = ngettext(self.template, self.plural, self.number).format(**values)
        else:
            words = gettext(self.template)
            words = words.format(**values) if values else words
        return words.rstrip(self.trim) if self.trim else words

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text._make, (self.template, self.plural, self.number, self.values, self.trim))


def as_text(message: str) -> Text:
    """`message` as a Text (a plain string stands for itself, untranslated)."""
    return message if isinstance(message, Text) else Text(message)


class GnavError(ValueError):
    """An event, header or journal line the rules do not accept.

    `GnavError(template, **values)`; `str(err)` is the English sentence and `err.text` the
    Text a view translates.
    """

    def __init__(self, message: str, /, **values: object) -> None:
        text = Text(message, **values) if values else as_text(message)
        super().__init__(text)
        self.text: Text = text


class JournalError(GnavError):
    """A journal line that cannot be read or applied; carries its 1-based line number."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason: Text = one_line(as_text(reason))
        super().__init__(N_("line {line}: {reason}"), line=line, reason=self.reason)


def N_(template: str) -> str:
    """Marks a template written apart from where its Text is made, for extraction."""
    return template


def either(items: list[str] | tuple[str, ...]) -> str:
    """"a or b or c" as a Text, so "or" is translated too."""
    if len(items) == 1:
        return items[0]
    return Text("{first} or {last}", first=either(items[:-1]), last=items[-1])


# Np_ lives beside N_ so that the rule data (companion/engine/books) can mark the app's words
# (the companion domain) without importing gettext; companion.i18n re-exports both.
def Np_(context: str, message: str) -> str:
    """N_ with a context, for messages translated with `_p(context, message)`."""
    return message


class Checked:
    """why_not and can for any game's state, from its own `check` (which raises GnavError and
    changes nothing): one definition for Gnav's, the family's and Gwra pyskessa's states."""

    def check(self, event: Any) -> None:  # pragma: no cover - every state defines its own
        raise NotImplementedError

    def why_not(self, event: Any) -> Text | None:
        """None when `event` would be accepted now, else the sentence saying why not."""
        try:
            self.check(event)
        except GnavError as err:
            return err.text
        return None

    def can(self, event: Any) -> bool:
        return self.why_not(event) is None
