"""The app's seven languages are one list (companion/i18n/languages.py) that every place a
language is chosen reads: the switch, the boards' Accept-Language, the deck, the catalogues'
headers and their plural rules (issue 17, items 1, 3 and 4)."""

from __future__ import annotations

import pytest

from companion.board.web import choose_language
from companion.engine import Text
from companion.i18n import ERRORS_DOMAIN, LANGUAGE_NAMES, LANGUAGES, Tr, po_path
from companion.i18n.catalog import read_po
from companion.i18n.languages import BY_CODE

OTHER = [lang for lang in LANGUAGES if lang != "en"]
# issue 17: the languages of the family's players, besides English, bokmål and Danish
NEW = ["sv", "it", "nl", "de"]


def test_the_app_speaks_the_new_languages() -> None:
    assert LANGUAGES == ("en", "nb", "da", *NEW)


def test_the_switch_names_every_language_in_itself() -> None:
    assert list(LANGUAGE_NAMES) == list(LANGUAGES)
    assert LANGUAGE_NAMES["nb"] == "Norsk bokmål" and LANGUAGES[0] == "en"
    assert len(set(LANGUAGE_NAMES.values())) == len(LANGUAGES)


@pytest.mark.parametrize("lang", NEW)
def test_a_phone_in_the_language_gets_its_board_in_it(lang: str) -> None:
    # a regional tag (de-AT, sv-FI) reads as its language, ahead of English at a lower q
    assert choose_language(None, f"{lang}-XX,{lang};q=0.9,en;q=0.5") == lang
    assert choose_language(None, f"fr-FR,{lang};q=0.7,en;q=0.6") == lang
    assert choose_language(lang, "en") == lang


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize("domain", ["companion", ERRORS_DOMAIN])
def test_each_catalogue_says_its_language_and_its_plural_rule(lang: str, domain: str) -> None:
    header = read_po(po_path(lang, domain))[0]
    assert header.msgid == ""
    assert f"Language: {lang}\n" in header.msgstr[0]
    assert f"Plural-Forms: {BY_CODE[lang].plural_forms}\n" in header.msgstr[0]


@pytest.mark.parametrize("lang", NEW)
def test_one_takes_the_singular_and_zero_the_plural(lang: str) -> None:
    # Swedish, Italian, Dutch and German, like English and the Scandinavian languages, say
    # "1 Marke", "0 Marken", "2 Marken" (CLDR: one is n = 1, everything else other)
    tr = Tr(lang)
    forms = {n: tr.n("{count} counter", "{count} counters", n).split(" ", 1)[1]
             for n in (0, 1, 2, 21)}
    assert forms[0] == forms[2] == forms[21] != forms[1]


def test_german_names_keep_their_capital_inside_a_sentence() -> None:
    # German writes every noun with a capital: "du hast die Figur Kuckuck", never "kuckuck";
    # the other languages write the name in lower case inside a sentence
    from companion.engine import PRESETS
    from companion.views.quiz_data import questions

    held = [q for q in questions(PRESETS["damm"], Tr("de")) if q.kind == "hold"]
    assert held
    for q in held:
        name = q.text.split("die Figur ", 1)[1].split(":", 1)[0]
        assert name[0].isupper(), q.text
    assert Tr("de").in_sentence("Kuckuck") == "Kuckuck"
    assert [Tr(lang).in_sentence("Cuckoo") for lang in ("en", "sv", "it", "nl")] == ["cuckoo"] * 4


@pytest.mark.parametrize(("game", "lang"), [("kille", "sv"), ("cuccu", "it"),
                                            ("slabberjan", "nl")])
def test_where_the_sources_speak_the_language_their_calls_are_the_gloss(game: str,
                                                                         lang: str) -> None:
    # issue 17, item 2: kille.md's Swedish calls (ril, ct, ko), cuccu.md's Montorio calls
    # (agr, aga, gsl), slabberjan.md's Dutch calls (dewaal, francke): in that language the
    # gloss is the call itself, not a translation of our English
    from importlib import import_module

    book = import_module(f"companion.engine.books.{game}")
    tr = Tr(lang)
    for call, (words, _english) in book.CALLS.items():
        assert tr.p("call", book.GLOSSES[call]) == words.strip("«»"), call


def test_a_day_is_written_as_each_language_writes_it() -> None:
    # issue 17, item 4: the tables list's "last played" in the reader's own date order
    from datetime import timedelta, timezone

    from companion.views.tables import when

    oslo_winter = timezone(timedelta(hours=1))
    moment = "2026-11-22T18:03:11Z"
    assert when(moment, Tr("nb"), tz=oslo_winter) == "22.11.2026 kl. 19:03"
    assert when(moment, Tr("da"), tz=oslo_winter) == "22.11.2026 kl. 19.03"
    assert when(moment, Tr("de"), tz=oslo_winter) == "22.11.2026 19:03"
    assert when(moment, Tr("it"), tz=oslo_winter) == "22/11/2026 19:03"
    assert when(moment, Tr("nl"), tz=oslo_winter) == "22-11-2026 19:03"
    assert when(moment, Tr("sv"), tz=oslo_winter) == "2026-11-22 19:03"
    assert when(moment, Tr("en"), tz=oslo_winter) == "2026-11-22 19:03"


@pytest.mark.parametrize(("lang", "written"), [("en", "33.5"), ("nb", "33,5"), ("da", "33,5"),
                                               ("sv", "33,5"), ("it", "33,5"), ("nl", "33,5"),
                                               ("de", "33,5")])
def test_a_number_with_a_fraction_is_written_as_each_language_writes_it(lang: str,
                                                                       written: str) -> None:
    """Issue 17, item 4: "Numbers, plurals and dates follow each language's rules"."""
    assert Tr(lang).decimal(33.5) == written
    assert Tr(lang)("{count}", count=33.5) == written


@pytest.mark.parametrize("lang", OTHER)
def test_a_day_and_a_time_follow_the_languages_own_rules(lang: str) -> None:
    """Issue 24, item 3: "numbers and dates formatted by the locale's own rules": CLDR's short
    date (its year in full, so that no year is misread) and short time, as Babel has them."""
    from datetime import datetime

    from babel.dates import format_date, format_time, get_date_format

    moment = datetime(2026, 3, 4, 9, 5)  # every field with a leading zero to keep or drop
    pattern = get_date_format("short", locale=lang).pattern.replace("yy", "y")
    assert Tr(lang).day(moment) == format_date(moment, pattern, locale=lang)
    assert Tr(lang).time(moment) == format_time(moment, "short", locale=lang)


def test_english_writes_a_day_that_neither_side_of_the_atlantic_misreads() -> None:
    from datetime import datetime

    moment = datetime(2026, 3, 4, 21, 5)
    assert (Tr("en").day(moment), Tr("en").time(moment)) == ("2026-03-04", "21:05")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_follows_the_languages_own_rules(lang: str) -> None:
    """Its decimal mark and its thousands mark (a no-break space in Norwegian and Swedish), as
    CLDR (Babel) has them."""
    from babel.numbers import format_decimal

    for value in (0, 7, 999, 1000, 1234, 1234567, -5, -1234, 33.5, 1234.5, 0.25):
        assert Tr(lang).number(value) == format_decimal(value, locale=lang), value


def test_an_amount_in_a_sentence_is_grouped_and_a_label_is_not() -> None:
    tr = Tr("de")
    assert tr.n("{count} counter", "{count} counters", 1234) == "1.234 Marken"
    assert tr("Events {first}–{last} of {total}", first=1201, last=1400, total=2345) == (
        "Ereignis 1.201–1.400 von 2.345")
    assert tr("Open game {n}", n=1234).endswith("1234 öffnen")
    assert Tr("sv").error(Text.n("{count} event", "{count} events", 2000)) == "2\u00a0000 händelser"
