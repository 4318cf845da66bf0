"""Gwra pyskessa told as sentences: the banner, where the table stands, the history, the asks
and answers with their Cornish (from the phrasebook, never translated) and its meaning.

No Flet here; every function takes the session's `Tr`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from companion.core.errors import N_, Text
from companion.core.protocols import Dice
from companion.engine.gwra_pyskessa.cards import JOKER, NUMBERS, PACK, RANK, RANKS, SUITS, Card
from companion.engine.gwra_pyskessa.events import Ask, Cut, Deal, Event, LayDown, Reply
from companion.engine.gwra_pyskessa.phrasebook import PHRASES, Saying
from companion.engine.gwra_pyskessa.state import GoFishState, Outcome, deal_size
from companion.i18n import EN, Tr
from companion.narrate.words import and_list, winners_sentence

NAME = "Gwra pyskessa"  # the game's own name: Cornish, never translated
# Its source as the rules file names it (gwra-pyskessa.md, "Source"): the one-page sheet by its
# title and its parts' headings; it names no author or year. A proper name, never translated.
SOURCE = "«Gwra pyskessa»: «Rules of Play», «Example of play», «Playing Cards», «Vocabulary»"
# New table's line on the game.
LINE = N_("Cornwall. 2 to 10 players, an ordinary pack of 52: Go Fish, asked only in Cornish; "
          "most sets of four wins.")
# Each phase of its state in words, for the tables list: no rounds, no swaps.
PHASES: Mapping[str, str] = MappingProxyType({
    "cut": N_("a cut for dealer"),
    "ready": N_("not dealt yet"),
    "turns": N_("asking"),
    "asking": N_("an answer waits"),
    "over": N_("finished"),
})


def rank_words(rank: str, tr: Tr = EN) -> str:
    """«Seyth» (sevens): the Cornish rank word and the English plural in the reader's
    language."""
    r = RANK[rank]
    _ = tr
    return _("{cornish} ({meaning})", cornish=r.cornish, meaning=tr.error(Text(r.plural)))


def meaning(saying: Saying, tr: Tr = EN) -> str:
    """What a Cornish sentence means, in the reader's language."""
    return tr.error(saying.english)


def said(saying: Saying, tr: Tr = EN) -> str:
    """«Pol, eus seyth genes?» (Pol, have you got any sevens?) on one line."""
    _ = tr
    return _("«{cornish}» ({meaning})", cornish=saying.cornish, meaning=meaning(saying, tr))


def draws_sentence(draws: Sequence[str], tr: Tr = EN) -> str | None:
    """The draws the app made, in order, each seat once with its count: what the referee tells
    the table to take from the deck."""
    if not draws:
        return None
    counts: dict[str, int] = {}
    for seat in draws:
        counts[seat] = counts.get(seat, 0) + 1
    _, _n = tr, tr.n
    parts = [_n("{seat} draws {count} card", "{seat} draws {count} cards", n, seat=seat)
             for seat, n in counts.items()]
    return _("From the deck: {draws}.", draws=and_list(parts, tr))


def skipped_sentence(skipped: Sequence[str], tr: Tr = EN) -> str | None:
    if not skipped:
        return None
    _ = tr
    return _("No card and the deck is empty: {seats} skipped.", seats=and_list(skipped, tr))


def now_sentence(state: GoFishState, tr: Tr = EN) -> str:
    """Where the table stands, as the banner says it when no event is being told."""
    _ = tr
    if state.phase == "cut":
        return _("Each player cuts the pack: the highest card deals.")
    if state.phase == "ready":
        dealer = state.names[state.dealer] if state.dealer is not None else ""
        return _("{seat} deals {count} cards to each player.", seat=dealer,
                 count=deal_size(len(state.names)))
    if state.phase == "asking" and state.say is not None and state.turn is not None:
        return _("{seat} asks: {said}", seat=state.names[state.turn], said=said(state.say, tr))
    if state.phase == "over":
        return over_sentence(state, tr)
    seat = state.names[state.turn] if state.turn is not None else ""
    return _("{seat}'s turn: whom do you ask, and for which rank?", seat=seat)


def over_sentence(state: GoFishState, tr: Tr = EN) -> str:
    _, _n = tr, tr.n
    winners = [state.names[i] for i in state.winners]
    count = max((len(s) for s in state.sets), default=0)
    tied = [state.names[i] for i, s in enumerate(state.sets)
            if len(s) == count and i not in state.winners]
    if tied and len(state.winners) == 1:
        # gwra-pyskessa.md, winner: "a tie goes to the tied player holding the highest set, ace
        # high"; the winner first, then why
        w = state.winners[0]
        high = max(state.sets[w], key=lambda r: RANK[r].value)
        return _("All thirteen sets are down. {seat} wins: {others} also have {sets}, and "
                 "{seat}'s highest set, {rank}, breaks the tie.", seat=state.names[w],
                 others=and_list(tied, tr), sets=_n("{count} set", "{count} sets", count),
                 rank=rank_words(high, tr))
    return _("All thirteen sets are down. {winners} ({sets}).",
             winners=winners_sentence(winners, tr),
             sets=_n("{count} set", "{count} sets", count))


def outcome_sentences(outcome: Outcome, tr: Tr = EN) -> list[str]:
    """What one event did: what was said, the cards handed over, the draws the app made and
    the turns it skipped."""
    _, _n = tr, tr.n
    out: list[str] = []
    if outcome.kind == "cut_tie":
        out.append(_("{seats} cut the same highest rank and cut again.",
                     seats=and_list(outcome.tied, tr)))
    elif outcome.kind == "cut_dealer":
        out.append(_("{seat} cut the highest card and deals.", seat=outcome.seat))
    elif outcome.kind == "deal":
        out.append(_("{seat} dealt.", seat=outcome.seat))
    elif outcome.kind == "ask" and outcome.say is not None:
        out.append(_("{seat} asks: {said}", seat=outcome.seat, said=said(outcome.say, tr)))
    elif outcome.kind == "catch" and outcome.say is not None and outcome.rank is not None:
        out.append(_("{target}: {said}", target=outcome.target, said=said(outcome.say, tr)))
        out.append(_n("{target} gives {seat} {count} card: {seat} asks again.",
                        "{target} gives {seat} {count} cards: {seat} asks again.",
                        outcome.count, target=outcome.target, seat=outcome.seat))
    elif outcome.kind == "go_fish" and outcome.say is not None:
        out.append(_("{target}: {said}", target=outcome.target, said=said(outcome.say, tr)))
    elif outcome.kind == "set" and outcome.rank is not None:
        out.append(_("{seat} lays down the four {rank}.", seat=outcome.seat,
                     rank=rank_words(outcome.rank, tr)))
    for line in (draws_sentence(outcome.draws, tr), skipped_sentence(outcome.skipped, tr)):
        if line is not None:
            out.append(line)
    return out


def banner_lines(outcome: Outcome, state: GoFishState, tr: Tr = EN) -> list[str]:
    """The banner after an event: what happened, then where the table stands now."""
    lines = outcome_sentences(outcome, tr)
    # an ask's own line already says what waits; after a tied cut, only the tied cut again
    if outcome.kind not in ("ask", "cut_tie"):
        lines.append(now_sentence(state, tr))
    return lines


def event_sentence(event: Event, tr: Tr = EN) -> str:
    """One event as the referee entered it (undo, redo, history)."""
    _, _n = tr, tr.n
    if isinstance(event, Ask):
        return _("{seat} asks {target} for {rank}", seat=event.seat, target=event.target,
                 rank=rank_words(event.rank, tr))
    if isinstance(event, Reply):
        if event.count == 0:
            return _("{seat} has none: go fish", seat=event.source)
        return _n("{seat} gives {count} card", "{seat} gives {count} cards", event.count,
                    seat=event.source)
    if isinstance(event, LayDown):
        return _("{seat} lays down the four {rank}", seat=event.seat,
                 rank=rank_words(event.rank, tr))
    if isinstance(event, Deal):
        return _("the deal")
    if isinstance(event, Cut):
        return _("a cut: {cards}", cards=", ".join(f"{s} {c}" for s, c in event.cards))
    return str(event)  # pragma: no cover - the Event union is closed


def history_lines(number: int, event: Event, outcome: Outcome, tr: Tr = EN) -> list[str]:
    """One event of the history: its number and what the referee entered, then what it did."""
    _ = tr
    said = event_sentence(event, tr)
    said = said[:1].upper() + said[1:]  # a sentence: "3. The deal."
    rest = outcome_sentences(outcome, tr)
    if rest and rest[0].rstrip(".") == said.rstrip("."):  # a set is told once
        rest = rest[1:]
    return [_("{number}. {event}.", number=number, event=said), *rest]


def rules_lines(tr: Tr = EN) -> list[str]:
    """The rules card of a table: the seed's rules of play in short
    (docs/rules/gwra-pyskessa.md, with its house defaults where the seed is silent)."""
    _ = tr
    return [
        _("A standard pack of 52 cards, no jokers. Two or three players are dealt 7 cards "
          "each, four or more 5 each; the rest is the deck in the middle."),
        _("The player to the dealer's left begins; play goes clockwise."),
        _("On your turn ask any other player, in Cornish only, for a rank you hold at least "
          "one card of."),
        _("A catch: the player asked gives you every card of that rank, and you ask again."),
        _("No catch: «Nag eus. Gwra pyskessa!» You draw a card from the deck and your turn "
          "ends."),
        _("Four of a kind are laid down at once, on anyone's turn, and leave play."),
        _("A player with no cards draws one at the start of the turn; with no deck left, "
          "the turn is skipped."),
        _("The game ends when all thirteen sets are down: most sets wins, a tie goes to the "
          "highest set (ace high)."),
    ]


def seat_words(state: GoFishState, i: int, tr: Tr = EN) -> str:
    """A seat's hand and sets in words (a board's or a screen reader's line)."""
    _, _n = tr, tr.n
    return _("{cards}, {sets}", cards=_n("{count} card", "{count} cards", state.hands[i]),
              sets=_n("{count} set", "{count} sets", len(state.sets[i])))


def deck_words(state: GoFishState, tr: Tr = EN) -> str:
    _, _n = tr, tr.n
    if state.deck is None:
        return _("The pack is not dealt yet.")
    return _n("Deck: {count} card", "Deck: {count} cards", state.deck)


def sets_words(state: GoFishState, i: int, tr: Tr = EN) -> str:
    """A seat's sets by rank, lowest first: «Dew, Seyth»."""
    ranks = sorted(state.sets[i], key=lambda r: RANK[r].value)
    return ", ".join(RANK[r].cornish for r in ranks)


def standings(state: GoFishState) -> list[int]:
    """Seat indexes best first: the winner, then most sets; seating order between equals."""
    return sorted(range(len(state.names)),
                  key=lambda i: (i not in state.winners, -len(state.sets[i]), i))


def board_state(state: GoFishState, tr: Tr = EN) -> dict[str, Any]:
    """The spectators' board of a Gwra pyskessa table, in the shape Gnav's board has (no
    pool, no settlement, no question), with the game's own title."""
    seats = []
    for i, name in enumerate(state.names):
        words = seat_words(state, i, tr) if state.deck is not None else ""
        if state.sets[i]:
            words = f"{words} · {sets_words(state, i, tr)}"
        seats.append({
            "name": name, "balance": len(state.sets[i]), "words": words, "out": False,
            "sits_out": False, "in_round": True, "knocked": False,
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i, "asked": state.asked == i, "winner": i in state.winners,
        })
    last = state.last
    return {
        "title": NAME if state.deck is None else f"{NAME} · {deck_words(state, tr)}",
        "rules": state.header.rules, "round": state.round, "phase": state.phase,
        "counters": False, "limit": None, "pool": 0,
        "dealer": None if state.dealer is None else state.names[state.dealer],
        "turn": None if state.turn is None else state.names[state.turn],
        "asked": None if state.asked is None else state.names[state.asked],
        "seats": seats, "now": now_sentence(state, tr),
        "last_call": banner_lines(last, state, tr) if last is not None else [],
        "settlement": None, "winners": [state.names[i] for i in state.winners],
        "query": None,
    }


def result_text(state: GoFishState, tr: Tr = EN) -> str:
    """The game told in plain text to take home: the winner, then each seat's sets (ten seats
    and thirteen rank words fit one QR code)."""
    _, _n = tr, tr.n
    lines = [NAME]
    if state.phase == "over":
        lines.append(over_sentence(state, tr))
    for i in standings(state):
        count = _n("{count} set", "{count} sets", len(state.sets[i]))
        sets = sets_words(state, i, tr)
        lines.append(_("{seat}: {count}", seat=state.names[i], count=count)
                     + (f" ({sets})" if sets else ""))
    return "\n".join(lines)


# --- Learn and the quiz: everything from the phrasebook's data --------------------------------

Pair = tuple[str, str]  # (the Cornish, what it means in the reader's language)


def rank_pairs(tr: Tr = EN) -> list[Pair]:
    """The thirteen ranks, lowest first: «Dew» two ... «Byd» ace."""
    return [(r.cornish, tr.error(Text(r.singular))) for r in RANKS]


def suit_pairs(tr: Tr = EN) -> list[Pair]:
    """The four suits as the card table writes them, with the vocabulary list's spelling where
    the seed writes it otherwise (kept, as the rules file decides)."""
    out: list[Pair] = []
    for s in SUITS:
        cornish = s.cornish
        if s.vocabulary != "..." + s.cornish.lower():  # «... an kolonnow», with a space
            cornish = f"{s.cornish} / {s.vocabulary}"
        out.append((cornish, tr.error(Text(s.english))))
    return out


def number_pairs(tr: Tr = EN) -> list[Pair]:
    """The vocabulary's words that are no rank: one, nought, and the joker taken out."""
    return [(c, tr.error(Text(e))) for c, e in (*NUMBERS.values(), JOKER)]


def phrase_pairs(tr: Tr = EN) -> list[Pair]:
    """Every phrase of the phrasebook, both spellings where the seed has two."""
    return [(p.cornish, tr.error(p.english)) for p in PHRASES.values()]


def card_pair(card: Card, tr: Tr = EN) -> Pair:
    """«Myghternes an Kolonnow», queen of hearts."""
    return card.cornish, tr.error(card.english)


@dataclass(frozen=True)
class Question:
    prompt: str
    options: tuple[str, ...]
    answer: int  # the index of the right option
    why: str


def quiz_questions(rng: Dice, tr: Tr = EN, count: int = 10) -> list[Question]:
    """A round of questions whose answers are the phrasebook's data: which card a Cornish name
    is, a rank's Cornish word, what to say when one has none, what a phrase means. `rng` (the
    screen's) picks the cards and orders the options; the answers never come from it."""
    _ = tr
    out: list[Question] = []

    def ask_of(prompt: str, right: str, wrong: list[str], why: str) -> Question:
        options = [right, *rng.sample(wrong, 3)]
        rng.shuffle(options)
        return Question(prompt, tuple(options), options.index(right), why)

    for n in range(count):
        kind = n % 4
        if kind == 0:
            card = rng.choice(PACK)
            cornish, english = card_pair(card, tr)
            others = [tr.error(c.english) for c in PACK if c != card
                      and (c.rank == card.rank or c.suit == card.suit)]
            out.append(ask_of(_("Which card is «{cornish}»?", cornish=cornish), english, others,
                              _("«{cornish}» is the {card}.", cornish=cornish, card=english)))
        elif kind == 1:
            rank = rng.choice(RANKS)
            meaning_ = tr.error(Text(rank.singular))
            out.append(ask_of(_("How do you say \"{word}\" in Cornish?", word=meaning_),
                              rank.cornish, [r.cornish for r in RANKS if r != rank],
                              _("«{cornish}» means {word}.", word=meaning_,
                                cornish=rank.cornish)))
        elif kind == 2:
            no = PHRASES["no"]
            wrong = [PHRASES[k].cornish for k in ("yes_rules", "ask", "thank_you", "please")]
            out.append(ask_of(_("You are asked for a rank you do not hold. What do you say?"),
                              no.cornish, wrong, said(no, tr)))
        else:
            key = rng.choice(("please", "thank_you", "yes_rules", "ask", "title"))
            phrase = PHRASES[key]
            # the same phrase spelt otherwise means the same: «Eus ... genes?» is also "Have
            # you got any...?", as Learn and the table give it, so that is never a wrong answer
            same = {tr.error(p.english) for p in PHRASES.values()
                    if _spelt(p.cornish) == _spelt(phrase.cornish)}
            wrong = sorted({tr.error(p.english) for k, p in PHRASES.items()} - same)
            out.append(ask_of(_("What does «{cornish}» mean?", cornish=phrase.cornish),
                              tr.error(phrase.english), wrong, said(phrase, tr)))
    return out


def _spelt(cornish: str) -> str:
    """A phrase with its spacing and dots left out: «Eus ... genes?» is «Eus... genes?»."""
    return "".join(c for c in cornish.lower() if c.isalpha())
