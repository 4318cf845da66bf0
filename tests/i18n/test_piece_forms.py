"""A piece named inside a sentence comes from the rule data in the form the sentence needs
(companion/engine/books/forms.py), and reads in every language as the whole sentence did when
it spelled the piece itself (issue 13: "piece names in every language ... live beside the rule
books, not in the views")."""

from __future__ import annotations

from types import ModuleType

import pytest

from companion.core import parse_header
from companion.engine import Deal, Reply, Reveal, Stakes, Stand, Table, TableState
from companion.engine.books import cuccu, gnav, kille, slabberjan, vogelspiel
from companion.engine.books.forms import Form
from companion.i18n import LANGUAGES, Tr, po_path
from companion.i18n.catalog import read_po
from companion.narrate.family import history_lines
from companion.narrate.words import event_sentence, query_sentence, settlement_sentences

from ..engine.family_helpers import header

BOOKS: tuple[ModuleType, ...] = (gnav, kille, cuccu, slabberjan, vogelspiel)


def forms() -> list[Form]:
    return [form for book in BOOKS for named in book.PIECE_FORMS.values()
            for form in named.values()]


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_form_of_a_piece_is_translated_under_its_own_context(lang: str) -> None:
    # the screens look a form up under Form.context: a context that differs from the one the
    # catalogue holds it under would show the English in every language, silently
    catalogue = {e.key: e for e in read_po(po_path(lang))}
    missing = [form for form in forms()
               if f"{form.context}\x04{form.english}" not in catalogue
               or not catalogue[f"{form.context}\x04{form.english}"].translated]
    assert forms() and missing == []


KILLE_FACE_UP = {
    "en": "3. Cy swaps with Bo. A Harlequin was passed face up by Bo.",
    "nb": "3. Cy bytter med Bo. En harlekin ble gitt med billedsiden opp av Bo.",
    "da": "3. Cy bytter med Bo. En harlekin blev givet med billedsiden op af Bo.",
    "sv": "3. Cy byter med Bo. En Harlekin gavs med bildsidan upp av Bo.",
    "it": "3. Cy scambia con Bo. Un Arlecchino è stato passato scoperto da Bo.",
    "nl": "3. Cy ruilt met Bo. Een Harlekijn werd open doorgegeven door Bo.",
    "de": "3. Cy tauscht mit Bo. Ein Harlekin wurde von Bo offen weitergegeben.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_harlequin_passed_face_up_is_named_as_each_language_names_it(lang: str) -> None:
    kind, table = parse_header(header("kille", "byteskille"))
    events = [kind.parse_event(ev, table) for ev in (
        {"ev": "deal"}, {"ev": "change", "seat": "Bo"},
        {"ev": "reply", "from": "Cy", "call": "none", "face_up": ["Bo"]})]
    assert history_lines(kind.new_state(table), events, Tr(lang))[2] == KILLE_FACE_UP[lang]


# Each language's sentences as they read when they spelled the fool themselves.
ASKED = {
    "en": "Ann asked whether anyone holds the other fool: yes.",
    "nb": "Ann spurte om noen har den andre narren: ja.",
    "da": "Ann spurgte, om nogen har den anden nar: ja.",
    "sv": "Ann frågade om någon har den andra narren: ja.",
    "it": "Ann ha chiesto se qualcuno ha l'altro matto: sì.",
    "nl": "Ann vroeg of iemand de andere nar heeft: ja.",
    "de": "Ann fragte, ob jemand den anderen Narren hat: ja.",
}
DRAGGED = {
    "en": ["Ann shows a fool, the lowest piece, and pays a counter into the pool.",
           ("Cy shows the owl, the next lowest after the fool, and pays a counter into the "
            "pool.")],
    "nb": ["Ann viser en narr, den laveste brikken, og betaler en sjetong til kassen.",
           "Cy viser ugla, den nest laveste etter narren, og betaler en sjetong til kassen."],
    "da": ["Ann viser en nar, den laveste brik, og betaler en jeton til puljen.",
           "Cy viser uglen, den næstlaveste efter narren, og betaler en jeton til puljen."],
    "sv": ["Ann visar en narr, den lägsta brickan, och betalar en mark till potten.",
           "Cy visar ugglan, den näst lägsta efter narren, och betalar en mark till potten."],
    "it": ["Ann mostra un matto, il pezzo più basso, e paga un gettone nel piatto.",
           "Cy mostra il gufo, il più basso dopo il matto, e paga un gettone nel piatto."],
    "nl": ["Ann toont een nar, het laagste stuk, en betaalt een fiche in de pot.",
           "Cy toont de uil, het laagste na de nar, en betaalt een fiche in de pot."],
    "de": ["Ann zeigt einen Narren, die niedrigste Figur, und zahlt eine Marke in den Pott.",
           ("Cy zeigt die Eule, die nächstniedrige nach dem Narren, und zahlt eine Marke in "
            "den Pott.")],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_fool_is_named_in_the_case_each_sentence_needs(lang: str) -> None:
    # German's accusative "den anderen Narren", "einen Narren" beside its dative "nach dem
    # Narren"; Danish's "den anden nar" beside Norwegian's "den andre narren"
    assert query_sentence("Ann", "yes", Tr(lang)) == ASKED[lang]
    state = TableState(Table(rules="pagat", stakes=Stakes("counters", 3),
                             seats=("Ann", "Bo", "Cy", "Dag"), dealer="Ann"))
    for event in (Deal(), Stand("Bo"), Stand("Cy"), Stand("Dag"), Stand("Ann")):
        state.apply(event)
    outcome = state.apply(Reveal((("Ann", "fool"), ("Bo", "3"), ("Cy", "owl"), ("Dag", "9"))))
    assert outcome.settlement is not None
    assert settlement_sentences(outcome.settlement, True, Tr(lang))[:2] == DRAGGED[lang]


# A piece shown by the stock or as the lowest is the sentence's object, one answered with
# follows a preposition: German's accusative "den Kuckuck", "den Topf" and dative "mit dem
# Kuckuck" (it said "zeigt der Kuckuck", "mit der Kuckuck"); the other languages as before.
SHOWN_AND_ANSWERED = {
    "en": ["The stock shows the cuckoo «Ko-ko!» (“Cuckoo!”)",
           "Bo answers with the dragoon: «Hogg av!» (“Chop off!”)",
           "Cy shows the pot, the lowest piece, and pays a counter into the pool."],
    "nb": ["Bunken viser gauken «Ko-ko!»",
           "Bo svarer med dragonen: «Hogg av!»",
           "Cy viser potta, den laveste brikken, og betaler en sjetong til kassen."],
    "da": ["Bunken viser gøgen «Ko-ko!» (DA1917: «Stå for gøgen!»)",
           "Bo svarer med dragonen: «Hogg av!» (DA1917: «Hug af!»)",
           "Cy viser potten, den laveste brik, og betaler en jeton til puljen."],
    "sv": ["Talongen visar göken «Ko-ko!» (”Kuku!”)",
           "Bo svarar med dragonen: «Hogg av!» (”Hugg av!”)",
           "Cy visar krukan, den lägsta brickan, och betalar en mark till potten."],
    "it": ["Il tallone mostra il cuculo «Ko-ko!» (“Cucù!”)",
           "Bo risponde con il dragone: «Hogg av!» (“Taglia!”)",
           "Cy mostra il vaso, il pezzo più basso, e paga un gettone nel piatto."],
    "nl": ["De stapel toont de koekoek «Ko-ko!» („Koekoek!”)",
           "Bo antwoordt met de dragonder: «Hogg av!» („Hak af!”)",
           "Cy toont de bloempot, het laagste stuk, en betaalt een fiche in de pot."],
    "de": ["Der Talon zeigt den Kuckuck «Ko-ko!» („Kuckuck!“)",
           "Bo antwortet mit dem Dragoner: «Hogg av!» („Abhacken!“)",
           "Cy zeigt den Topf, die niedrigste Figur, und zahlt eine Marke in den Pott."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_piece_shown_or_answered_with_is_in_the_case_its_sentence_needs(lang: str) -> None:
    tr = Tr(lang)
    state = TableState(Table(rules="damm", stakes=Stakes("counters", 3),
                             seats=("Ann", "Bo", "Cy", "Dag"), dealer="Ann"))
    for event in (Deal(), Stand("Bo"), Stand("Cy"), Stand("Dag"), Stand("Ann")):
        state.apply(event)
    outcome = state.apply(Reveal((("Ann", "cuckoo"), ("Bo", "cat"), ("Cy", "pot"),
                                  ("Dag", "horse"))))
    assert outcome.settlement is not None
    assert [event_sentence(Reply("stock", "cuckoo"), "damm", tr),
            event_sentence(Reply("Bo", "dragoon"), "damm", tr),
            settlement_sentences(outcome.settlement, True, tr)[0]] == SHOWN_AND_ANSWERED[lang]
