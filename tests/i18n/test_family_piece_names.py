"""The family's pieces are named in every language of the app (issue 17: the app speaks seven
languages), from the rule data's own name and our English translated in the catalogues under
each game's context; a table in the game's own language names them as the game does, as its
calls stand untranslated."""

from __future__ import annotations

import pytest

from companion.engine import Reveal
from companion.i18n import LANGUAGES, Tr
from companion.narrate.family import MODULES, piece_title, settlement_lines
from companion.narrate.family_teach import lessons, table_name

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
    english = [(lang, game, piece) for game, module in MODULES.items()
               for piece, (_own, form) in module.PIECE_NAMES.items()
               if piece_title(game, piece, tr) == form.english]
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
    assert {p: piece_title(game, p, Tr(lang)) for p in names} == names


def test_learn_and_the_printed_deck_name_a_piece_as_the_table_does() -> None:
    sv, de = Tr("sv"), Tr("de")
    assert [les.name for les in lessons("cuccu", "campli", sv)][:3] == [
        "Gök", "Jägare", "Häst"]
    assert table_name("kille", "harlequin", sv) == "Harlekin"
    assert table_name("vogelspiel", "witch", de) == "Hex"
    assert table_name("kille", "harlequin", Tr("nb")) == "Harlekinen"


def test_the_reveal_of_a_swedish_table_playing_cuccu_names_the_pieces_in_swedish() -> None:
    state = play(header("cuccu", "campli", seats=("Bo", "Cy", "Di"), dealer="Bo"), {"ev": "deal"})
    event = Reveal(pieces=(("Bo", "hunter"), ("Cy", "bucket"), ("Di", "3")))
    line = settlement_lines(state, event, state, Tr("sv"))[0]
    assert line == "Bo visar Jägare, Cy visar Hink och Di visar 3."
