"""The family's rule data names every piece, call, house field and rule book it plays, in its
own words and in ours (translated): nothing a screen shows may fall back to another game's."""

from __future__ import annotations

from types import ModuleType

import pytest

from companion.engine.cuccu import book as cuccu
from companion.engine.kille import book as kille
from companion.engine.slabberjan import book as slabberjan
from companion.engine.vogelspiel import book as vogelspiel

BOOKS = (kille, cuccu, slabberjan, vogelspiel)


@pytest.mark.parametrize("module", BOOKS, ids=[m.__name__.rsplit(".", 1)[1] for m in BOOKS])
def test_the_words_cover_the_game(module: ModuleType) -> None:
    book = module.BOOK
    assert set(module.HOUSE_RULES) == set(book.fields)
    assert set(module.RULE_BOOKS) == set(book.presets)
    for name in book.presets:
        rules = book.rules(name, {})
        calls = {c for c in rules.effects if c != "none"}
        assert set(module.GLOSSES) == {"stand", "change", *calls}
        assert set(module.CALLS) == calls
        pictures = {p for p, _n in rules.order if not p.isdigit()}
        assert pictures <= set(module.PIECE_NAMES)
        assert all(own and english for own, (_context, english) in module.PIECE_NAMES.values())
        assert module.LANGUAGE in {"sv", "it", "nl", "de"}


def test_vogelspiel_says_it_is_reconstructed() -> None:
    assert vogelspiel.RECONSTRUCTED
    assert vogelspiel.__doc__ is not None and "Reconstructed from summaries" in vogelspiel.__doc__
    assert all(summary.startswith("Reconstructed") for _s, summary in
               vogelspiel.RULE_BOOKS.values())


def test_the_nulla_pack_is_named_too() -> None:
    rules = vogelspiel.BOOK.rules("adrian", {"numerals": "1-10+nulla"})
    assert {p for p, _n in rules.order if not p.isdigit()} <= set(vogelspiel.PIECE_NAMES)
