"""The phrasebook: every phrase of the seed in Cornish with its English, and the sentences the
table says, composed with a seat's name and a rank.

Cited from docs/rules/gwra-pyskessa.md, "Composing the sentences" and "The phrasebook
(data)". The seed's inconsistencies are kept as data, each phrase under its own key, so a
screen can show both spellings where the seed has two: "Eus. Yma genev vy..." (rules) and
"Eus. Yma ... genev." (vocabulary); «Nag eus. Gwra pyskessa!» and the example's «Nag eus.
Pyskessa!». The Cornish stays as written; the English is a `Text`, translated (nb, da) by the
errors catalogue like every sentence of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.engine.errors import N_, Text

from .cards import RANK


@dataclass(frozen=True, slots=True)
class Saying:
    """Something said at the table: the Cornish to say, and what it means."""

    cornish: str
    english: Text

    def as_json(self) -> dict[str, str]:
        return {"cornish": self.cornish, "english": str(self.english)}


def _phrase(cornish: str, english: str) -> Saying:
    return Saying(cornish, Text(english))


PHRASES: Mapping[str, Saying] = MappingProxyType({
    "ask": _phrase("Eus ... genes?", N_("Do you have...?")),  # rules text
    "ask_vocab": _phrase("Eus... genes?", N_("Have you got any...?")),  # vocabulary list
    "ask_example": _phrase("Pol, eus seyth genes?", N_("Pol, have you got any sevens?")),
    "ask_any": _phrase("Vicki, eus neb myghtern genes?", N_("Vicki, have you got any kings?")),
    "yes_rules": _phrase("Eus. Yma genev vy...", N_("Yes. I have...")),
    "yes_vocab": _phrase("Eus. Yma ... genev.", N_("Yes. I have...")),
    "yes_example": _phrase("Eus. Yma genev vy seyth.", N_("Yes. I have a seven.")),
    # Joe gives two sevens: the seed writes a comma, and no full stop in the English
    "yes_example2": _phrase("Eus, yma genev vy seyth.", N_("Yes. I have a seven")),
    "no": _phrase("Nag eus. Gwra pyskessa!", N_("No. Go fish!")),
    "no_short": _phrase("Nag eus. Pyskessa!", N_("No. Go fish!")),  # example of play
    "please": _phrase("Mar pleg", N_("Please")),
    "thank_you": _phrase("Meur ras", N_("Thank you")),
    "title": _phrase("Gwra pyskessa", N_("Go fish")),
})


def ask(name: str, rank: str) -> Saying:
    """An ask to `name` for `rank`: «Pol, eus seyth genes?», "Pol, have you got any sevens?".
    The rules file's first form, without the example's «neb»; the rank word with a small
    letter; the name as the header spells it."""
    r = RANK[rank]
    return Saying(f"{name}, eus {r.word} genes?",
                  Text("{name}, have you got any {plural}?", name=name, plural=Text(r.plural)))


def answer(rank: str, count: int) -> Saying:
    """The asked seat's answer: «Eus. Yma genev vy seyth.» with cards ("Yes. I have a seven."
    for one, "Yes. I have two sevens." for two or three: the Cornish keeps the rank word
    singular), «Nag eus. Gwra pyskessa!» without."""
    if count == 0:
        return PHRASES["no"]
    r = RANK[rank]
    if count == 1:
        english = Text("Yes. I have {article}.", article=Text(r.article))
    elif count == 2:
        english = Text("Yes. I have two {plural}.", plural=Text(r.plural))
    elif count == 3:
        english = Text("Yes. I have three {plural}.", plural=Text(r.plural))
    else:
        raise ValueError(f"nobody hands over {count} cards of one rank")
    return Saying(f"Eus. Yma genev vy {r.word}.", english)
