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
    # How a day and a time of day are written (strftime), as the language's own rules (CLDR's
    # short date, its year in full, and its short time; tests/i18n/test_languages.py checks
    # them against Babel's copy of CLDR)
    date_format: str = "%d.%m.%Y"
    time_format: str = "%H:%M"
    # A number's marks: decimal ("33,5 MB") and thousands ("1 234", "1.234")
    decimal_mark: str = ","
    group_mark: str = "."


# Norwegian and Swedish group thousands with a no-break space
NO_BREAK_SPACE = "\u00a0"
ALL: tuple[Language, ...] = (
    # the app's English is read on both sides of the Atlantic: a day in ISO 8601 (22/11 and
    # 11/22 would each be misread by one side) and the 24-hour clock of the rest of the app
    Language("en", "English", "English", date_format="%Y-%m-%d", decimal_mark=".",
             group_mark=","),
    Language("nb", "Norsk bokmål", "Norwegian Bokmål", group_mark=NO_BREAK_SPACE),
    Language("da", "Dansk", "Danish", time_format="%H.%M"),
    Language("sv", "Svenska", "Swedish", date_format="%Y-%m-%d", group_mark=NO_BREAK_SPACE),
    Language("it", "Italiano", "Italian", date_format="%d/%m/%Y"),
    Language("nl", "Nederlands", "Dutch", date_format="%d-%m-%Y"),
    Language("de", "Deutsch", "German", capital_nouns=True),
)
BY_CODE: dict[str, Language] = {lang.code: lang for lang in ALL}
