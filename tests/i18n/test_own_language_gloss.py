"""At a table whose language is the game's own, a call is glossed by the piece that makes it,
not by our translation of it, which would repeat the call (issue 23, item 11: «Kap af!» (Kap
af!), «Husar hugger» / *Husar hugger*; "gloss with the piece's name ... ("Ruiter: «Kap
af!»")"); at any other table by its meaning, as before."""

from __future__ import annotations

import pytest

from companion.engine.cuckoo.family import FamilyKind
from companion.engine.cuckoo.narrate import call_gloss, own_picture_name
from companion.engine.cuckoo.teach import call_words
from companion.engine.registry import GAMES
from companion.i18n import Tr

BOOKS = {game.id: game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind)}


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_a_call_at_its_own_languages_table_is_glossed_by_its_piece(game: str) -> None:
    book = BOOKS[game]
    tr = Tr(book.words.language)
    for call, (words, _english) in book.words.calls.items():
        gloss = call_gloss(book, call, tr)
        assert gloss == own_picture_name(book, call)
        assert call_words(book, call, tr) == f"{own_picture_name(book, call)}: {words}"


def test_slabberjans_rider_reads_ruiter_kap_af_in_dutch() -> None:
    book = BOOKS["slabberjan"]
    assert call_words(book, "rider", Tr("nl")) == "Ruiter: «Kap af!»"
    assert call_gloss(book, "rider", Tr("nl")) == "Ruiter"
    assert call_gloss(book, "rider", Tr("en")) == "Cut off!"  # elsewhere, the meaning
