"""A piece named inside a sentence comes from the rule data in the form the sentence needs
(companion/engine/books/forms.py), and reads in every language as the whole sentence did when
it spelled the piece itself (issue 13: "piece names in every language ... live beside the rule
books, not in the views")."""

from __future__ import annotations

from types import ModuleType

import pytest

from companion.core import parse_header
from companion.engine.books import kille
from companion.engine.books.forms import Form
from companion.i18n import LANGUAGES, Tr, po_path
from companion.i18n.catalog import read_po
from companion.narrate.family import history_lines

from ..engine.family_helpers import header

BOOKS: tuple[ModuleType, ...] = (kille,)


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
    "de": "3. Cy tauscht mit Bo. Ein Harlekin wurde offen weitergegeben von Bo.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_harlequin_passed_face_up_is_named_as_each_language_names_it(lang: str) -> None:
    kind, table = parse_header(header("kille", "byteskille"))
    events = [kind.parse_event(ev, table) for ev in (
        {"ev": "deal"}, {"ev": "change", "seat": "Bo"},
        {"ev": "reply", "from": "Cy", "call": "none", "face_up": ["Bo"]})]
    assert history_lines(kind.new_state(table), events, Tr(lang))[2] == KILLE_FACE_UP[lang]
