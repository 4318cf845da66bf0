"""The app's languages, in one place: each one's code, its name in itself (as the switch shows
it), its name in English (a catalogue's heading) and its gettext plural rule.

English is the source language and comes first; every other language has its catalogues under
companion/locale/<code>/LC_MESSAGES. Adding a language is a line here and its two catalogues.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    own_name: str
    english_name: str
    # The gettext Plural-Forms of the catalogue header: each of the seven has "one" and "other"
    # (0 takes the plural in all of them, as the CLDR plural rules say).
    plural_forms: str = "nplurals=2; plural=(n != 1);"
    # German writes every noun with a capital, so a piece's name keeps it inside a sentence
    # ("du hast die Figur Kuckuck"), where the others write "the cuckoo", "gauken", "il cuculo".
    capital_nouns: bool = False
    # How a day is written (strftime): ISO in English and the Scandinavian languages, as the
    # app always wrote it (and Sweden's own standard); day first elsewhere
    date_format: str = "%Y-%m-%d"
    # A number's decimal mark: a comma in every language of the app but English ("33,5 MB")
    decimal_mark: str = ","


ALL: tuple[Language, ...] = (
    Language("en", "English", "English", decimal_mark="."),
    Language("nb", "Norsk bokmål", "Norwegian Bokmål"),
    Language("da", "Dansk", "Danish"),
    Language("sv", "Svenska", "Swedish"),
    Language("it", "Italiano", "Italian", date_format="%d/%m/%Y"),
    Language("nl", "Nederlands", "Dutch", date_format="%d-%m-%Y"),
    Language("de", "Deutsch", "German", capital_nouns=True, date_format="%d.%m.%Y"),
)
BY_CODE: dict[str, Language] = {lang.code: lang for lang in ALL}
