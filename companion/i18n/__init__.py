"""The app's languages: English (the source language), Norwegian bokmål, Danish, Swedish,
Italian, Dutch and German (companion/i18n/languages.py lists them).

Every user-visible string in companion/views and companion/narrate goes through a `Tr` (used
under the local names `_`, `_n` and `_p`), whose messages live in gettext catalogues under
companion/locale. Each browser session has its own `Tr`, so two tablets on one server can
read two languages. Messages are `str.format` templates with named fields:
`_("{seat} stands.", seat=name)`.

The engine's and the store's messages (refused events, journal errors, recovery notices) are
`companion.engine.Text` values: English sentences that keep their template and values. They
live in a catalogue of their own, the "errors" domain (companion/locale/<lang>/LC_MESSAGES/
errors.po), and a view shows one with `tr.error(err)`.

The app reads the .po files itself (catalog.py); tools/i18n.py keeps them in step with the code,
with Babel, at development time only.
"""

from __future__ import annotations

import gettext
from datetime import date, datetime, time
from functools import cache
from pathlib import Path

from companion.engine.errors import N_ as N_
from companion.engine.errors import Np_ as Np_
from companion.engine.errors import Text

from .catalog import Catalogue, read_po
from .languages import ALL, BY_CODE

LANGUAGES: tuple[str, ...] = tuple(lang.code for lang in ALL)
DEFAULT_LANGUAGE = "en"
# Each language named in itself, as the switch shows it.
LANGUAGE_NAMES: dict[str, str] = {lang.code: lang.own_name for lang in ALL}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "companion"
ERRORS_DOMAIN = "errors"
# The fields whose whole numbers are amounts, written with the language's thousands mark
# ("1 234 counters"); any other (a game's number, a line, a round) is a label, as it stands.
QUANTITIES = frozenset({"count", "total", "first", "last", "most"})  # most: the store's caps


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalogue of `lang` (English is the source: messages stand as written)."""
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = po_path(lang, domain)
    if not path.exists():
        raise LookupError(f"no catalogue for language {lang!r} at {path}")
    return Catalogue(read_po(path))


class Tr:
    """Translates and fills in messages for one language."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self._t = translations(self.lang)
        self._errors = translations(self.lang, ERRORS_DOMAIN)

    def __call__(self, message: str, /, **values: object) -> str:
        text = self._t.gettext(message)
        return text.format(**self._numbers(values)) if values else text

    def n(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """A message with a number in it: `count` picks the plural form and fills {count}."""
        return self._t.ngettext(singular, plural, count).format(
            **self._numbers({**values, "count": count}))

    def p(self, context: str, message: str, /, **values: object) -> str:
        """A message whose translation depends on `context` (e.g. "definite" piece names)."""
        text = self._t.pgettext(context, message)
        return text.format(**self._numbers(values)) if values else text

    def decimal(self, value: float) -> str:
        """A number with a fraction as this language writes it: 33.5 in English, 33,5 in the
        others."""
        return self.number(value)

    def number(self, value: float) -> str:
        """A number as this language writes it: its decimal mark, its thousands grouped
        (1,234 in English, 1 234 in Norwegian and Swedish, 1.234 in the others)."""
        lang = BY_CODE[self.lang]
        text = format(abs(value), ",")
        text = text.replace(",", "\0").replace(".", lang.decimal_mark).replace("\0",
                                                                                lang.group_mark)
        return "-" + text if value < 0 else text

    def time(self, moment: time | datetime) -> str:
        """A time of day as this language writes it: 19:03, in Danish 19.03."""
        return moment.strftime(BY_CODE[self.lang].time_format)

    def _numbers(self, values: dict[str, object]) -> dict[str, object]:
        return {k: self.number(v) if isinstance(v, float) or (
            isinstance(v, int) and not isinstance(v, bool) and k in QUANTITIES) else v
            for k, v in values.items()}

    def in_sentence(self, name: str) -> str:
        """A name shown on its own ("Cuckoo") as it reads inside a sentence or on a small
        button: lower case, but as it is in a language that writes nouns with a capital."""
        return name if BY_CODE[self.lang].capital_nouns else name.lower()

    def day(self, moment: date) -> str:
        """A calendar day as this language writes it: 2026-11-22, 22.11.2026, 22/11/2026."""
        return moment.strftime(BY_CODE[self.lang].date_format)

    def error(self, message: object) -> str:
        """An engine or store message (a Text, or an error carrying one) in this language.

        A plain string (a message a view made already, in this language) stands as it is.
        """
        if isinstance(message, BaseException):
            message = getattr(message, "text", None) or str(message)
        if isinstance(message, Text):
            return self._render(message)
        return str(message)

    def _render(self, text: Text) -> str:
        """A Text in this language, its numbers (and its clauses') as the language writes
        them."""
        values = {k: self._render(v) if isinstance(v, Text) else v
                  for k, v in self._numbers(text.values).items()}
        if text.plural is not None and text.number is not None:
            values["count"] = self.number(text.number)
            words = self._errors.ngettext(text.template, text.plural, text.number)
        else:
            words = self._errors.gettext(text.template)
        words = words.format(**values) if values or text.plural is not None else words
        return words.rstrip(text.trim) if text.trim else words


EN = Tr(DEFAULT_LANGUAGE)
