"""Quiz questions a newcomer meets at the table, generated from the rule data; every keyed
answer (and every wrong one) is what the ENGINE does when a tiny journal is played through
`TableState`, never a second copy of the rules.

Three kinds of question, for a rule book (with its house rules):
  hold  - "Your neighbour on the right asks to swap and you hold the cat: what do you say, and
          what happens?" Options: each reply (swap, or a matador's call) played in the same
          position, told without naming the piece.
  hear  - "Someone says «Hus forbi!»: what now?" Options: what the table must do after each
          call under each rule book, played in the same position.
  pays  - "These pieces are shown: who pays?" Options: who pays (and who takes from the pool)
          under this and the other rule books, and each single seat.
Each option carries a `key`, the engine fact it stands for; tests replay the journal and
check the keyed option's fact, and that no two options share one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from companion.core.protocols import Dice
from companion.engine.cuckoo.events import Change, Deal, Reply, Reveal, Stand
from companion.engine.cuckoo.outcome import Outcome
from companion.engine.describe import Option, pick
from companion.engine.gnav.events import Event, Stakes, Table
from companion.engine.gnav.narrate import (
    banner_lines,
    call_with_gloss,
    piece_title,
    settlement_sentences,
)
from companion.engine.gnav.pieces import CALLS, MATADORS, PIECES
from companion.engine.gnav.rules import HOUSE_FIELDS, PRESETS, Rulebook
from companion.engine.gnav.state import TableState
from companion.engine.gnav.teach import effect_words
from companion.i18n import EN, Tr
from companion.narrate.words import and_list

SEATS = ("Ann", "Bo", "Cy", "Dag", "Eli")
REVEAL_SEATS = SEATS[:4]




@dataclass(frozen=True)
class Question:
    kind: str  # "hold", "hear" or "pays"
    rules: str
    text: str
    options: tuple[Option, ...]
    answer: int  # index of the right option
    explanation: tuple[str, ...]
    table: Table
    events: tuple[Event, ...]  # the journal the answer was played from
    subject: str = ""  # the matador asked about ("hold", "hear")
    shown: tuple[tuple[str, str], ...] = ()  # the pieces shown ("pays")


def table_for(book: Rulebook, seats: Sequence[str] = SEATS) -> Table:
    """A table under `book`, its house rules written into the header as a journal would."""
    preset = PRESETS[book.name]
    house = tuple((k, getattr(book, k)) for k in HOUSE_FIELDS
                  if getattr(book, k) != getattr(preset, k))
    return Table(rules=book.name, stakes=Stakes("counters", 3), seats=tuple(seats),
                 dealer=seats[0], house=house)


def play(table: Table, events: Sequence[Event]) -> tuple[TableState, Outcome]:
    state = TableState(table)
    outcome: Outcome | None = None
    for event in events:
        outcome = state.apply(event)
    assert outcome is not None
    return state, outcome


# --- hold and hear: one change, answered ---------------------------------------------------

# Bo asks Cy and they swap; then Cy asks Dag (you), who answers. A swap made earlier in the
# round lets a cat show what it hands back.
ASKER, HOLDER = "Cy", "Dag"
LEAD: tuple[Event, ...] = (Deal(), Change("Bo"), Reply("Cy", "none"), Change(ASKER))


def reply_fact(state: TableState, outcome: Outcome) -> tuple[Hashable, ...]:
    """What a reply did, as the engine tells it: the fact a quiz option stands for."""
    if outcome.kind == "exchange":
        return ("swap",)
    if state.phase == "reveal":
        return ("reveal",)
    if outcome.kind == "pass_on":
        return ("pass", state.asked_name)
    return ("block", outcome.charged > 0, bool(outcome.handback), state.turn_name)


def hold_text(call: str, fact: tuple[Hashable, ...], rules: str, tr: Tr) -> str:
    """'Say «Kiss!» (“Puss!”): you keep your piece, ...' from Dag's side, piece unnamed."""
    _ = tr
    what = fact_text(fact, tr, you=True)
    if call == "none":
        return _("Say nothing: {what}", what=what)
    return _("Say {words}: {what}", words=call_with_gloss(rules, call, tr), what=what)


def fact_text(fact: tuple[Hashable, ...], tr: Tr, you: bool) -> str:
    _ = tr
    kind = fact[0]
    if kind == "swap":
        return (_("you and {asker} swap pieces.", asker=ASKER) if you
                else _("The two swap pieces."))
    if kind == "reveal":
        return (_("no swap, and nobody swaps any more: everyone shows their pieces.") if you
                else _("No swap, and nobody swaps any more: everyone shows their pieces."))
    if kind == "pass":
        return (_("you keep your piece, and {asker} must ask {next} instead.", asker=ASKER,
                  next=fact[1]) if you
                else _("No swap: the asker must ask the next player beyond the one who "
                       "called."))
    _kind, charged, handback, next_seat = fact
    parts = [_("you keep your piece.") if you else _("No swap: the asker keeps the piece.")]
    if charged:
        parts.append(_("{asker} pays a counter into the pool.", asker=ASKER) if you
                     else _("The asker pays a counter into the pool."))
    if handback:
        parts.append(_("Every swap made this round is handed back."))
    if you:
        parts.append(_("{seat} plays next.", seat=next_seat))
    elif next_seat == SEATS[SEATS.index(ASKER) + 1]:
        parts.append(_("Play goes on left of the asker."))
    else:
        parts.append(_("Play goes on left of the one who called: the players in between "
                       "lose their turn."))
    return " ".join(parts)


def hold_question(book: Rulebook, matador: str, rng: Dice, tr: Tr) -> Question:
    _ = tr
    table = table_for(book)
    options: list[Option] = []
    right: Option | None = None
    explanation: tuple[str, ...] = ()
    for call in CALLS:
        state, outcome = play(table, (*LEAD, Reply(HOLDER, call)))
        fact = reply_fact(state, outcome)
        option = Option(hold_text(call, fact, book.name, tr), (call, fact))
        options.append(option)
        if call == matador:
            right = option
            explanation = (*banner_lines(outcome, state, tr),
                           *effect_words(matador, book, tr)[:-1])
    assert right is not None
    chosen, answer = pick(options, right, rng)
    return Question(
        kind="hold", rules=book.name,
        text=_("Your neighbour on the right asks to swap and you hold the {piece}: what do "
               "you say, and what happens?", piece=tr.in_sentence(piece_title(matador, tr))),
        options=chosen, answer=answer, explanation=explanation, table=table,
        events=(*LEAD, Reply(HOLDER, matador)), subject=matador)


def hear_question(book: Rulebook, matador: str, rng: Dice, tr: Tr) -> Question:
    _ = tr
    table = table_for(book)
    facts: dict[tuple[Hashable, ...], None] = {("swap",): None}
    right_fact: tuple[Hashable, ...] | None = None
    explanation: tuple[str, ...] = ()
    for other in (book, *PRESETS.values()):
        for call in MATADORS:
            state, outcome = play(table_for(other), (*LEAD, Reply(HOLDER, call)))
            fact = general_fact(reply_fact(state, outcome))
            facts[fact] = None
            if other is book and call == matador:
                right_fact = fact
                explanation = (*banner_lines(outcome, state, tr),
                               *effect_words(matador, book, tr)[:-1])
    assert right_fact is not None
    options = [Option(fact_text(f, tr, you=False), f) for f in facts]
    right = next(o for o in options if o.key == right_fact)
    chosen, answer = pick(options, right, rng)
    return Question(
        kind="hear", rules=book.name,
        text=_("{asker} asks {holder} to swap, and {holder} says {words}: what now?",
               asker=ASKER, holder=HOLDER, words=call_with_gloss(book.name, matador, tr)),
        options=chosen, answer=answer, explanation=explanation, table=table,
        events=(*LEAD, Reply(HOLDER, matador)), subject=matador)


def general_fact(fact: tuple[Hashable, ...]) -> tuple[Hashable, ...]:
    """A fact told by roles, not names: who is asked next or plays next, relative to the asker."""
    if fact[0] == "pass":
        return ("pass",)
    if fact[0] == "block":
        next_is_asker_left = fact[3] == SEATS[SEATS.index(ASKER) + 1]
        return ("block", fact[1], fact[2], "asker" if next_is_asker_left else "holder")
    return fact


# --- who pays ------------------------------------------------------------------------------


def payers_fact(state: TableState, outcome: Outcome) -> tuple[frozenset[str], frozenset[str]]:
    s = outcome.settlement
    assert s is not None
    return (frozenset(loss.seat for loss in s.losses if loss.paid),
            frozenset(t.seat for t in s.fool_takes if t.took))


def payers_text(fact: tuple[frozenset[str], frozenset[str]], tr: Tr) -> str:
    _, _n = tr, tr.n
    payers = [s for s in REVEAL_SEATS if s in fact[0]]
    takers = [s for s in REVEAL_SEATS if s in fact[1]]
    text = (_n("{seats} pays a counter.", "{seats} each pay a counter.", len(payers),
               seats=and_list(payers, tr)) if payers else _("Nobody pays."))
    if takers:
        text += " " + _n("{seats} takes a counter from the pool.",
                         "{seats} each take a counter from the pool.", len(takers),
                         seats=and_list(takers, tr))
    return text


def random_reveal(rng: Dice) -> tuple[tuple[str, str], ...]:
    """Four pieces as a table might show them: fools and ties come up often enough to learn."""
    odd = PIECES[-1]  # the lowest piece, which every rule book's reveal singles out
    bag = [p for p in PIECES for _ in range(2)]
    roll = rng.random()
    pieces: list[str] = []
    if roll < 0.25:
        pieces = [odd, odd]
    elif roll < 0.55:
        pieces = [odd]
    elif roll < 0.75:
        low = rng.choice(PIECES[5:-1])
        pieces = [low, low]
    for p in pieces:
        bag.remove(p)
    while len(pieces) < len(REVEAL_SEATS):
        p = rng.choice([b for b in bag if b != odd])
        bag.remove(p)
        pieces.append(p)
    rng.shuffle(pieces)
    return tuple(zip(REVEAL_SEATS, pieces, strict=True))


def pays_events(shown: tuple[tuple[str, str], ...]) -> tuple[Event, ...]:
    return (Deal(), Stand("Bo"), Stand("Cy"), Stand("Dag"), Stand("Ann"), Reveal(shown))


def pays_question(book: Rulebook, rng: Dice, tr: Tr) -> Question:
    _ = tr
    shown = random_reveal(rng)
    events = pays_events(shown)
    table = table_for(book, REVEAL_SEATS)
    state, outcome = play(table, events)
    right_fact = payers_fact(state, outcome)
    facts: dict[tuple[frozenset[str], frozenset[str]], None] = {right_fact: None}
    for other in PRESETS.values():
        st, out = play(table_for(other, REVEAL_SEATS), events)
        facts[payers_fact(st, out)] = None
    for seat in REVEAL_SEATS:
        facts[(frozenset([seat]), frozenset())] = None
    options = [Option(payers_text(f, tr), f) for f in facts]
    right = options[0]
    chosen, answer = pick(options, right, rng)
    assert outcome.settlement is not None
    return Question(
        kind="pays", rules=book.name,
        text=_("The turns are over and these pieces are shown: who pays?"),
        options=chosen, answer=answer,
        explanation=tuple(settlement_sentences(outcome.settlement, True, tr)),
        table=table, events=events, shown=shown)


# --- a quiz --------------------------------------------------------------------------------


def questions(book: Rulebook, rng: Dice, tr: Tr = EN, reveals: int = 6) -> list[Question]:
    """Every question for `book`: one hold and one hear per matador, and `reveals` who-pays
    questions, in a shuffled order (the same for the same dice, seeded alike)."""
    out = [hold_question(book, m, rng, tr) for m in MATADORS]
    out += [hear_question(book, m, rng, tr) for m in MATADORS]
    out += [pays_question(book, rng, tr) for _ in range(reveals)]
    rng.shuffle(out)
    return out
