"""A glossary per language (docs/glossary/<lang>.md): the game's terms, each with the word the
catalogues use and why, and the words ruled out, which no translation may use (issue 24,
item 2: "a test that fails when a catalogue uses a word the glossary rules out (e.g. *jetong*,
the noun *byt*)")."""

from __future__ import annotations

import pytest

from .tool import tool

# The terms issue 24 asks every glossary to settle.
TERMS = ["piece", "counter", "pool", "stroke", "stock", "dealer", "seat / player", "round",
         "deal (verb)", "call", "reveal", "undo", "history"]

# What the review of the translations (the translation review of issue 24) found, each caught by a
# ruled-out word; and what each language rightly says, which none may catch.
WRONG = {
    "nb": ["Innsats: {count} jetonger hver.", "Jetonger", "En katt gjør om byttene",
           "en katt gjør ingenting om", "{seat} har tur.", "{seat} sin tur: stå eller bytte.",
           "Firling: {rank}", "et objekt med plassnavn og kort", "Kjøp seg inn igjen"],
    "da": ["Intet byt: den der spørger, beholder sin brik.", "Et byt går tilbage.",
           "{count} byt går tilbage.", "Alle byt i runden gives tilbage.", "alle byt",
           "En kat gør byttene om", "gør alle byt om og afslutter turene", "{seat}s tur.",
           "{seat}s brik", "et objekt med pladsnavne og kort", "Fortrydelsen kunne ikke gemmes"],
    "sv": ["{seat}s tur", "Det är {turn}s tur, inte {seat}s.", "ett platsnamn måste vara text",
           "Den sista platsen med liv vinner", "En plats som fått {piece} knackar i bordet.",
           "En katt ångrar bytena", "Nej. Fiska!", "2 för Blanketten"],
    "it": ["Copia il giornale", "Matador. La sua voce: {call}", "{dealer} dà la mano {round}",
           "Vince l'ultimo posto con delle vite", "Un posto che ha ricevuto {piece} bussa",
           "un oggetto di nomi di posti e carte", "Grado {rank} di {total}",
           "{seat} non ha più niente da pagare."],
    "nl": ["een plaatsnaam moet tekst zijn", "De laatste plaats met levens wint",
           "Een plaats die {piece} kreeg, klopt op tafel.", "Geschiedenis van spel {n}",
           "5 voor de Zot"],
    "de": ["Die Züge sind vorbei.", "ein Platzname muss Text sein",
           "Der letzte Platz mit Leben gewinnt", "Ein Platz, der {piece} bekommt, klopft",
           "Erlaubte Rückkäufe pro Spieler", "{seat} hat nichts mehr zu zahlen.",
           "wer zwei Narren hat, darf aussetzen"],
}
RIGHT = {
    "nb": ["Innsats: {count} sjetonger hver.", "En katt opphever byttene", "Gjør om",
           "{seat} står for tur.", "Fire like: {rank}", "{count} plasser"],
    "da": ["Intet bytte: den der spørger, beholder sin brik.", "Byt", "Et bytte går tilbage.",
           "En almindelig brik: Byt.", "{seat} har tur.", "Gentag", "Fortryd"],
    "sv": ["Turen går till {seat}.", "Ett bord har högst {count} platser.", "Inget att ångra.",
           "Nej. Finns i sjön!", "Ångra"],
    "it": ["Copia il registro", "Un tavolo ha al massimo {count} posti.",
           "{dealer} distribuisce la mano {round}", "Posizione {rank} su {total}"],
    "nl": ["Een tafel heeft hoogstens {count} plaatsen.", "Terug naar de tafel",
           "je houdt je stuk, en {asker} moet in plaats daarvan {next} vragen."],
    "de": ["Ein Tisch hat höchstens {count} Plätze.", "Zurück zum Tisch",
           "{seat} kann nichts mehr zahlen.", "Die Tauschrunde ist vorbei."],
}


@pytest.mark.parametrize("lang", tool.OTHER)
def test_no_translation_uses_a_word_its_glossary_rules_out(lang: str) -> None:
    assert tool.ruled_out_breaches(lang) == []


@pytest.mark.parametrize("lang", tool.OTHER)
def test_each_term_is_said_as_the_glossary_says_it(lang: str) -> None:
    """The glossary's word for a term is the one its named messages use (Undo is Rückgängig,
    not the Back button's Zurück)."""
    assert tool.term_breaches(lang) == []


@pytest.mark.parametrize("lang", tool.OTHER)
def test_each_glossary_settles_the_games_terms(lang: str) -> None:
    named = {t.term for t in tool.terms(lang)}
    assert set(TERMS) <= named
    assert all(t.forms and t.shown_in for t in tool.terms(lang) if t.term in TERMS)


@pytest.mark.parametrize("lang", tool.OTHER)
def test_the_ruled_out_words_catch_the_reviews_errors_and_nothing_right(lang: str) -> None:
    def caught(text: str) -> bool:
        return bool(tool.ruled_out_breaches(lang, {(None, text): [text]}))

    assert [text for text in WRONG[lang] if not caught(text)] == []
    assert [text for text in RIGHT[lang] if caught(text)] == []
