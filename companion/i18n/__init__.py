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
errors.po, found in the source by extract.all_error_messages), and a view shows one with
`tr.error(err)`.
"""

from __future__ import annotations

import gettext
import io
from datetime import date
from functools import cache
from pathlib import Path

from companion.core.errors import N_ as N_
from companion.core.errors import Np_ as Np_
from companion.core.errors import Text

from .catalog import compile_mo, read_po
from .languages import ALL, BY_CODE

LANGUAGES: tuple[str, ...] = tuple(lang.code for lang in ALL)
DEFAULT_LANGUAGE = "en"
# Each language named in itself, as the switch shows it.
LANGUAGE_NAMES: dict[str, str] = {lang.code: lang.own_name for lang in ALL}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "companion"
ERRORS_DOMAIN = "errors"


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The compiled catalogue of `lang` (English is the source: messages stand as written)."""
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = po_path(lang, domain)
    if not path.exists():
        raise LookupError(f"no catalogue for language {lang!r} at {path}")
    return gettext.GNUTranslations(io.BytesIO(compile_mo(read_po(path))))


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
        return self._t.ngettext(singular, plural, count).format(count=count,
                                                                **self._numbers(values))

    def p(self, context: str, message: str, /, **values: object) -> str:
        """A message whose translation depends on `context` (e.g. "definite" piece names)."""
        text = self._t.pgettext(context, message)
        return text.format(**self._numbers(values)) if values else text

    def decimal(self, value: float) -> str:
        """A number with a fraction as this language writes it: 33.5 in English, 33,5 in the
        others."""
        return str(value).replace(".", BY_CODE[self.lang].decimal_mark)

    def _numbers(self, values: dict[str, object]) -> dict[str, object]:
        return {k: self.decimal(v) if isinstance(v, float) else v for k, v in values.items()}

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
            if any(isinstance(v, float) for v in message.values.values()):
                message = message.with_values(self._numbers(message.values))
            return message.render(self._errors.gettext, self._errors.ngettext)
        return str(message)


EN = Tr(DEFAULT_LANGUAGE)
