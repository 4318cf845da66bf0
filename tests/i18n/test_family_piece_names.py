"""The family's pieces are named in every language of the app (issue 17: the app speaks seven
languages), from the rule data's own name and our English translated in the catalogues under
each game's context; a table in the game's own language names them as the game does, as its
calls stand untranslated."""

from __future__ import annotations

import pytest

from companion.engine.cuckoo.narrate import piece_title, settlement_lines
from companion.engine.cuckoo.teach import lessons, table_name
from companion.engine.gnav import Reveal
from companion.i18n import LANGUAGES, Tr
from tests.family import BOOKS

from ..engine.family_helpers import header, play

# The pictures whose name in a language is our English word too: Vogelspiel's Nulla (kept in
# every language), Swedish's "Mask" and "Blank", and Slabberjan's own "Pot" at a Dutch table.
SAME_AS_ENGLISH = {
    ("sv", "cuccu", "mask"), ("sv", "slabberjan", "blank"), ("nl", "slabberjan", "pot"),
    *((lang, "vogelspiel", "nulla") for lang in LANGUAGES if lang != "en"),
}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_language_names_the_familys_pieces_in_english(lang: str) -> None:
    tr = Tr(lang)
    english = [(lang, game, piece) for game, book in BOOKS.items()
               for piece, (_own, form) in book.words.pieces.items()
               if piece_title(book, piece, tr) == form.english]
    assert set(english) <= SAME_AS_ENGLISH


@pytest.mark.parametrize(("lang", "game", "names"), [
    # kille.md, "The pack": Harlekin, Kuku, Husar; cuccu.md: Cucco, Bragon, Secchia;
    # slabberjan.md: Ruiter (Kap-af), Vogel; vogelspiel.md: Pfeiff, Werda, Hex
    ("sv", "kille", {"harlequin": "Harlekin", "cuckoo": "Kuku", "hussar": "Husar"}),
    ("it", "cuccu", {"cuckoo": "Cucco", "hunter": "Bragon", "bucket": "Secchia"}),
    ("nl", "slabberjan", {"rider": "Ruiter", "bird": "Vogel"}),
    ("de", "vogelspiel", {"bird": "Pfeiff", "guard": "Werda", "witch": "Hex"}),
    # the others translate our English
    ("sv", "cuccu", {"cuckoo": "Gök", "hunter": "Jägare", "bucket": "Hink"}),
    ("de", "kille", {"harlequin": "Harlekin", "cuckoo": "Kuckuck", "hussar": "Husar"}),
    ("de", "cuccu", {"cuckoo": "Kuckuck", "hunter": "Jäger", "bucket": "Eimer"}),
    ("it", "kille", {"harlequin": "Arlecchino", "cuckoo": "Cuculo", "hussar": "Ussaro"}),
    ("nl", "vogelspiel", {"bird": "Vogel", "guard": "Wacht", "witch": "Heks"}),
    # Norwegian and Danish in the definite form, as before
    ("nb", "cuccu", {"cuckoo": "gauken", "hunter": "jegeren", "bucket": "bøtta"}),
    ("da", "kille", {"harlequin": "harlekinen", "cuckoo": "gøgen", "hussar": "husaren"}),
])
def test_each_table_names_the_pieces_in_its_language(lang: str, game: str,
                                                     names: dict[str, str]) -> None:
    assert {p: piece_title(BOOKS[game], p, Tr(lang)) for p in names} == names


def test_learn_and_the_printed_deck_name_a_piece_as_the_table_does() -> None:
    sv, de = Tr("sv"), Tr("de")
    assert [les.name for les in lessons(BOOKS["cuccu"], "campli", sv)][:3] == [
        "Gök", "Jägare", "Häst"]
    assert table_name(BOOKS["kille"], "harlequin", sv) == "Harlekin"
    assert table_name(BOOKS["vogelspiel"], "witch", de) == "Hex"
    assert table_name(BOOKS["kille"], "harlequin", Tr("nb")) == "Harlekinen"


# Each picture shown at the reveal is the object of its sentence: German's accusative ("den
# Löwen"), Italian's and Dutch's articles, the Scandinavian definite form; a Swedish Kille table
# says the game's own names, as it does on the picker. Numerals stand as they are.
SHOWN = {
    ("en", "cuccu"): "Bo shows the Hunter, Cy shows the Lion and Di shows 3.",
    ("nb", "cuccu"): "Bo viser jegeren, Cy viser løven og Di viser 3.",
    ("da", "cuccu"): "Bo viser jægeren, Cy viser løven og Di viser 3.",
    ("sv", "cuccu"): "Bo visar jägaren, Cy visar lejonet och Di visar 3.",
    ("it", "cuccu"): "Bo mostra il Bragon, Cy mostra il Leone e Di mostra 3.",
    ("nl", "cuccu"): "Bo toont de Jager, Cy toont de Leeuw en Di toont 3.",
    ("de", "cuccu"): "Bo zeigt den Jäger, Cy zeigt den Löwen und Di zeigt 3.",
    ("sv", "kille"): "Bo visar Husar, Cy visar Husu och Di visar 3.",
    ("it", "kille"): "Bo mostra l'Ussaro, Cy mostra il Maiale e Di mostra 3.",
    ("nl", "kille"): "Bo toont de Huzaar, Cy toont het Varken en Di toont 3.",
    ("de", "kille"): "Bo zeigt den Husaren, Cy zeigt das Schwein und Di zeigt 3.",
}
PIECES = {"cuccu": ("campli", "hunter", "lion"), "kille": ("byteskille", "hussar", "pig")}


@pytest.mark.parametrize(("lang", "game"), list(SHOWN))
def test_the_pieces_shown_at_the_reveal_are_named_as_the_objects_they_are(lang: str,
                                                                          game: str) -> None:
    rules, first, second = PIECES[game]
    state = play(header(game, rules, seats=("Bo", "Cy", "Di"), dealer="Bo"), {"ev": "deal"})
    event = Reveal(pieces=(("Bo", first), ("Cy", second), ("Di", "3")))
    assert settlement_lines(state, event, state, Tr(lang))[0] == SHOWN[(lang, game)]
