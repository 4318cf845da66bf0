"""Quiz questions for the family's other games, built from each game's rule data; every keyed
answer is what the ENGINE does when a tiny journal (journal-v2 lines) is played through the
game's kind, as gnav/quiz.py does for Gnav.

Two kinds of question, for a game and rule book:
  hold - "You are asked to swap and you hold the Hussar: what do you say, and what happens?"
         Options: each answer (no call, or a matador's call) played in the same position.
  pays - "These cards are shown: who loses?" Options: who loses what under this and the game's
         other rule books, and each single seat.
Each option's `key` is the engine's fact; tests replay the events and check it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.protocols import Dice
from companion.engine.cuckoo import teach as family_teach
from companion.engine.cuckoo.family import FamilyKind, FamilyState
from companion.engine.cuckoo.ledger import Lives
from companion.engine.cuckoo.rulebook import GameBook
from companion.engine.describe import Option, pick
from companion.i18n import EN, Tr
from companion.narrate.words import and_list

SEATS = ("Ann", "Bo", "Cy", "Dag")
JsonObj = dict[str, Any]
Moved = tuple[tuple[str, int], ...]  # (seat, change of its lives or counters), by name


@dataclass(frozen=True)
class FamilyQuestion:
    kind: str  # "hold" or "pays"
    game: str
    rules: str
    text: str
    options: tuple[Option, ...]
    answer: int
    explanation: tuple[str, ...]
    header: JsonObj  # the journal's first line
    events: tuple[JsonObj, ...]  # and the events the answer was played from
    subject: str = ""  # the matador asked about ("hold")
    shown: tuple[tuple[str, str], ...] = ()  # the cards shown ("pays")


def header(book: GameBook, rules: str) -> JsonObj:
    ledger = book.ledger
    stakes: JsonObj = ({"kind": ledger, ledger.amount: 3} if ledger.dies
                       else {"kind": ledger, ledger.amount: 6})
    return {"ev": "table", "version": 2, "game": book.game, "rules": rules, "stakes": stakes,
            "seats": list(SEATS), "dealer": SEATS[0]}


def play(book: GameBook, head: JsonObj, events: Sequence[JsonObj]) -> FamilyState:
    kind = FamilyKind(book)
    table = kind.parse_header(head)
    state = kind.new_state(table)
    for event in events:
        state.apply(kind.parse_event(event, table))
    return state


def ledger(state: FamilyState) -> dict[str, int]:
    """Each seat's lives or counters after the events; under Kille's stake, -1 for a seat dead
    this round or out of the game, else 0."""
    out: dict[str, int] = {}
    for seat in state.as_json()["seats"]:
        value = seat.get("lives", seat.get("counters"))
        out[seat["name"]] = (int(value) if value is not None
                             else -int(bool(seat.get("out")) or bool(seat.get("dead"))))
    return out


# --- hold: one change, answered -------------------------------------------------------------


def lead(book: GameBook, rules: str) -> tuple[tuple[JsonObj, ...], str, str]:
    """Deal, and the first seat asks: (events, asker, holder) in the game's direction."""
    head = header(book, rules)
    state = play(book, head, ({"ev": "deal"},))
    asker = state.turn_name
    assert asker is not None
    events = ({"ev": "deal"}, {"ev": "change", "seat": asker})
    holder = play(book, head, events).asked_name
    assert holder is not None
    return events, asker, holder


def reply(book: GameBook, rules: str, holder: str, call: str) -> JsonObj:
    """The holder's answer; a call that may sell (Cuccù's Inn) is played as not sold."""
    out: JsonObj = {"ev": "reply", "from": holder, "call": call}
    if family_teach.rules(book, rules).effects[call].sale:
        out["sold"] = False
    return out


def reply_fact(book: GameBook, rules: str, call: str) -> tuple[Hashable, ...]:
    """What the reply did, as the engine tells it: the phase, whose turn, who is asked, and
    how each seat's ledger moved."""
    head = header(book, rules)
    events, _asker, holder = lead(book, rules)
    before = ledger(play(book, head, events))
    state = play(book, head, (*events, reply(book, rules, holder, call)))
    after = ledger(state)
    moved = tuple(sorted((s, after[s] - before[s]) for s in SEATS if after[s] != before[s]))
    return (state.phase, state.turn_name, state.asked_name, moved)


def hold_question(book: GameBook, rules: str, matador: str, rng: Dice,
                  tr: Tr = EN) -> FamilyQuestion:
    _ = tr
    r = family_teach.rules(book, rules)
    events, _asker, holder = lead(book, rules)
    options: list[Option] = []
    right: Option | None = None
    for call in ("none", *family_teach.matadors(r)):
        fact = reply_fact(book, rules, call)
        effect = r.effects[call]
        what = " ".join(family_teach.effect_words(effect, r, tr, book.words.material))
        text = (_("Say nothing: {what}", what=what) if call == "none" else
                _("Say {words}: {what}", words=family_teach.call_words(book, call, tr),
                  what=what))
        option = Option(text, (call, fact))
        options.append(option)
        if call == matador:
            right = option
    assert right is not None
    chosen, answer = pick(options, right, rng)
    return FamilyQuestion(
        kind="hold", game=book.game, rules=rules,
        text=_("You are asked to swap and you hold the {piece}: what do you say, and what "
               "happens?", piece=family_teach.table_name(book, matador, tr)),
        options=chosen, answer=answer,
        explanation=tuple(family_teach.effect_words(r.effects[matador], r, tr,
                                                    book.words.material)),
        header=header(book, rules),
        events=(*events, reply(book, rules, holder, matador)), subject=matador)


# --- who loses -------------------------------------------------------------------------------


def random_reveal(book: GameBook, rules: str, rng: Dice) -> tuple[tuple[str, str], ...]:
    """Four cards of the pack as a table might show them; ties come up often enough."""
    r = family_teach.rules(book, rules)
    bag = [p for p, n in r.order for _ in range(n)]
    pieces: list[str] = []
    if rng.random() < 0.3:
        low = rng.choice([p for p, n in r.order[len(r.order) // 2:] if n >= 2])
        pieces = [low, low]
        bag.remove(low)
        bag.remove(low)
    while len(pieces) < len(SEATS):
        pieces.append(bag.pop(rng.randrange(len(bag))))
    rng.shuffle(pieces)
    return tuple(zip(SEATS, pieces, strict=True))


def pays_events(book: GameBook, rules: str, shown: tuple[tuple[str, str], ...]
                ) -> tuple[JsonObj, ...]:
    head = header(book, rules)
    events: list[JsonObj] = [{"ev": "deal"}]
    while True:
        seat = play(book, head, events).turn_name
        if seat is None:
            break
        events.append({"ev": "stand", "seat": seat})
    events.append({"ev": "reveal", "pieces": dict(shown)})
    return tuple(events)


def losses_fact(book: GameBook, rules: str, events: Sequence[JsonObj]) -> Moved:
    head = header(book, rules)
    before = ledger(play(book, head, events[:-1]))
    after = ledger(play(book, head, events))
    return tuple(sorted((s, after[s] - before[s]) for s in SEATS if after[s] != before[s]))


def losses_text(book: GameBook, fact: Moved, tr: Tr) -> str:
    _, _n = tr, tr.n
    if not fact:
        return _("Nobody loses.")
    lives = isinstance(book.ledger, Lives)
    parts: list[str] = []
    for seat, delta in fact:
        n = abs(int(delta))
        if book.ledger.dies:
            parts.append(_("{seat} is out", seat=seat))
        elif lives:
            parts.append(_n("{seat} loses {count} life", "{seat} loses {count} lives", n,
                             seat=seat) if delta < 0 else
                          _n("{seat} gains {count} life", "{seat} gains {count} lives", n,
                             seat=seat))
        else:
            parts.append(_n("{seat} pays {count} counter", "{seat} pays {count} counters", n,
                            seat=seat))
    return _("{parts}.", parts=and_list(parts, tr))


def pays_question(book: GameBook, rules: str, rng: Dice, tr: Tr = EN) -> FamilyQuestion:
    _ = tr
    shown = random_reveal(book, rules, rng)
    events = pays_events(book, rules, shown)
    right_fact = losses_fact(book, rules, events)
    facts: dict[Moved, None] = {right_fact: None}
    for other in family_teach.rule_books(book):
        facts[losses_fact(book, other, pays_events(book, other, shown))] = None
    for seat in SEATS:
        facts[((seat, -1),)] = None
    options = [Option(losses_text(book, f, tr), f) for f in facts]
    chosen, answer = pick(options, options[0], rng)
    return FamilyQuestion(
        kind="pays", game=book.game, rules=rules,
        text=tr.p(*book.words.material["who_loses"]),
        options=chosen, answer=answer,
        explanation=(tr.p(*book.words.material["shown"]),
                     *(f"{family_teach.table_name(book, p, tr)}: {s}"
                       for p in dict.fromkeys(dict(shown).values())
                       for s in family_teach.reveal_words(p, family_teach.rules(book, rules),
                                                          tr))),
        header=header(book, rules), events=events, shown=shown)


def questions(book: GameBook, rules: str, rng: Dice, tr: Tr = EN,
              reveals: int = 6) -> list[FamilyQuestion]:
    """One hold question per matador and `reveals` who-loses questions, shuffled (the same for
    the same dice, seeded alike)."""
    r = family_teach.rules(book, rules)
    out = [hold_question(book, rules, m, rng, tr) for m in family_teach.matadors(r)]
    out += [pays_question(book, rules, rng, tr) for _ in range(reveals)]
    rng.shuffle(out)
    return out
