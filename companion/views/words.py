"""Engine values told as sentences: calls in the rule book's words, banners, settlements, history.

No Flet here: every screen narrates through these functions, and the tests read them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.engine import (
    Change,
    Cut,
    Deal,
    Event,
    Knock,
    Leave,
    Outcome,
    Reply,
    Reveal,
    Rulebook,
    Settlement,
    SitOut,
    Stand,
    TableState,
)
from companion.engine.pieces import STOCK

# The calls as each rule book's source says them (shared/rules/gnav.md, "The calls").
CALL_WORDS: dict[str, dict[str, str]] = {
    "damm": {
        "stand": "«Står»",
        "change": "«Vil du bytte?»",
        "cuckoo": "«Ko-ko!»",
        "dragoon": "«Hogg av!»",
        "cat": "«Kiss!»",
        "horse": "«Hest forbi!»",
        "house": "«Hus forbi!»",
    },
    "pagat": {
        "stand": "«Jeg står»",
        "change": "«Jeg byter»",
        "cuckoo": "«Stop! Cuckoo!»",
        "dragoon": "«Chop!»",
        "cat": "«Miaow!»",
        "horse": "«Pass the horse!»",
        "house": "«Pass the house!»",
    },
    "gamerules": {
        "stand": "«Keep»",
        "change": "«Swap»",
        "cuckoo": "«Stop cuckoo!»",
        "dragoon": "«Cut off!»",
        "cat": "«Meow!»",
        "horse": "«Pass the horse!»",
        "house": "«Pass the house!»",
    },
}

PIECE_TITLES: dict[str, str] = {
    "cuckoo": "Cuckoo", "dragoon": "Dragoon", "cat": "Cat", "horse": "Horse", "house": "House",
    "pot": "Pot", "owl": "Owl", "fool": "Fool",
}

RULEBOOK_SUMMARY: dict[str, str] = {
    "damm": (
        "The printed Norwegian rule sheet (Damm). A dragoon or cat stops the swap and the asker "
        "pays a counter; a cat undoes nothing. The dealer may swap with the stock, which never "
        "calls. The fool stands apart: a lone fool pays, two fools each take a counter from "
        "the pool."
    ),
    "pagat": (
        "The rules on Wikipedia, after pagat.com. After a dragoon play goes on left of the "
        "holder. A cat undoes every swap made this round. The stock passes on a horse or a "
        "house and draws again. The fool is the lowest piece and drags the next lowest down "
        "with it."
    ),
    "gamerules": (
        "The modern English rewrite (gamerules.com). A cat undoes every swap made this round. "
        "The stock follows the matador rules for whatever it shows. The fool is the lowest "
        "piece and drags the next lowest down; the two holders of two fools may sit out the "
        "next round."
    ),
}

# Every rule book field in words: its title and what it does (gnav.md, "Rule book fields").
FIELD_TITLES: dict[str, str] = {
    "fool_scoring": "Fool scoring",
    "two_fools_sit_out": "Two fools may sit out",
    "chop_continues": "After a dragoon, play goes on",
    "cat_reverses": "A cat undoes the swaps",
    "stock_calls": "Calls the stock makes",
    "asker_pays": "Calls the asker pays for",
}
FIELD_HELP: dict[str, str] = {
    "fool_scoring": (
        "Stands apart: the fool is outside the order; when both fools are shown each holder "
        "takes a counter from the pool, a lone fool pays. Drags the next: the fool is the "
        "lowest piece, and its holder and the holder of the next lowest piece both lose."
    ),
    "two_fools_sit_out": (
        "When both fools are shown, their holders may sit out the next round."
    ),
    "chop_continues": (
        "After a dragoon stops a swap: play goes on left of the asker, or left of the holder "
        "(the seats in between lose their turn)."
    ),
    "cat_reverses": (
        "A cat stops the swap and every swap made this round is handed back, newest first."
    ),
    "stock_calls": (
        "Which matadors count when the dealer swaps with the stock. None: the stock never "
        "calls, the dealer just swaps."
    ),
    "asker_pays": "Which calls make the asker pay a counter (or take a stroke) at once.",
}
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "fool_scoring": {"damm": "Stands apart", "drags_next": "Drags the next"},
    "chop_continues": {"after_asker": "Left of the asker", "after_holder": "Left of the holder"},
}


def call_words(rules: str, call: str) -> str:
    """The call (or stand/change) in the rule book's own words, e.g. «Kiss!»."""
    return CALL_WORDS.get(rules, CALL_WORDS["damm"])[call]


def piece_title(piece: str) -> str:
    return PIECE_TITLES.get(piece, piece)


def the_piece(piece: str) -> str:
    """'the cuckoo', 'the 12'."""
    return f"the {piece}"


def and_list(names: Sequence[str]) -> str:
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def holder_words(holder: str | None) -> str:
    return "the stock" if holder == STOCK or holder is None else holder


def pays_words(counters: bool) -> str:
    return "pays a counter into the pool" if counters else "takes a stroke"


def handback_words(pairs: Sequence[tuple[str, str]]) -> str:
    """'Everyone hands back: Cy ↔ Dag, then Bo ↔ Cy' (pairs newest first)."""
    parts = [f"{a} ↔ {holder_words(b)}" for a, b in pairs]
    return "Everyone hands back: " + ", then ".join(parts)


def rulebook_differences(book: Rulebook, preset: Rulebook) -> list[str]:
    """Each house rule that differs from the preset, in words."""
    out = []
    for key, title in FIELD_TITLES.items():
        mine, theirs = getattr(book, key), getattr(preset, key)
        if mine != theirs:
            out.append(f"{title}: {field_value_words(key, mine)}")
    return out


def field_value_words(key: str, value: Any) -> str:
    if key in CHOICE_WORDS:
        return CHOICE_WORDS[key][value]
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return and_list([str(v) for v in value]) if value else "none"
    return str(value)


# --- what an event did (banner, history) ------------------------------------------------------


def outcome_sentences(outcome: Outcome, rules: str, counters: bool) -> list[str]:
    """What one event did, as sentences (no 'what now')."""
    kind = outcome.kind
    seat = outcome.seat or ""
    holder = holder_words(outcome.holder)
    call = outcome.call or "none"
    if kind == "cut_tie":
        return [f"A tie for the highest piece: {and_list(outcome.tied)} draw again."]
    if kind == "cut_dealer":
        return [f"{seat} drew the highest piece and deals first."]
    if kind == "deal":
        return [f"{seat} deals."]
    if kind == "knock":
        return [f"{seat} knocks: {seat} was dealt the fool."]
    if kind == "stand":
        return [f"{seat} stands."]
    if kind == "change":
        if outcome.lapsed:
            return [f"{seat} asks the stock, but the stock is empty: no swap."]
        return [f"{seat} asks {holder} to swap."]
    if kind == "exchange":
        if outcome.holder == STOCK:
            return [f"{seat} swaps with the stock."]
        return [f"{seat} and {holder} swap."]
    out: list[str] = []
    words = call_words(rules, call) if call != "none" else ""
    who = "The stock shows" if outcome.holder == STOCK else f"{holder} holds"
    if kind == "cuckoo":
        out.append(f"{words} {who} the cuckoo: no swap, the turns are over.")
    elif kind == "chop":
        out.append(f"{words} {who} the dragoon: no swap.")
    elif kind == "cat":
        out.append(f"{words} {who} the cat: no swap.")
    elif kind == "pass":
        if outcome.lapsed:
            out.append(f"{words} {who} the {call}, and the stock is empty: no swap.")
        else:
            out.append(f"{words} {who} the {call}: the swap passes on.")
    elif kind == "set_aside":
        if outcome.lapsed:
            out.append(f"{words} The stock shows the {call}; it is set aside and the stock is "
                       "empty: no swap.")
        else:
            out.append(f"{words} The stock shows the {call}: it is set aside and the stock "
                       "draws again.")
    elif kind == "reveal":
        assert outcome.settlement is not None
        return settlement_sentences(outcome.settlement, counters)[:2]
    elif kind == "sit_out":
        return [f"{seat} sits out the next round."]
    elif kind == "leave":
        return [f"{seat} leaves the game."]
    if kind in ("chop", "cat") or outcome.charged:
        if outcome.charged:
            out.append(f"{seat} {pays_words(counters)}.")
        elif call in ("dragoon", "cat"):
            out.append(f"{seat} has nothing left to pay.")
    if outcome.handback:
        out.append(handback_words(outcome.handback) + ".")
    return out


def now_sentence(state: TableState) -> str:
    """What the table must do now."""
    if state.phase == "cut":
        return f"Draw for dealer: {and_list([state.names[i] for i in state.cut_seats])} draw."
    if state.phase == "ready":
        return f"{state.dealer_name} deals round {state.round + 1}."
    if state.phase == "turns":
        return f"{state.turn_name}'s turn."
    if state.phase == "asking":
        if state.asked_name == STOCK:
            return f"{state.turn_name} now asks the stock."
        return f"{state.turn_name} now asks {state.asked_name}."
    if state.phase == "reveal":
        return "Show your pieces."
    return winners_sentence([state.names[i] for i in state.winners])


def banner_lines(outcome: Outcome, state: TableState) -> list[str]:
    """The banner after an event: what happened, then what the table must do now."""
    lines = outcome_sentences(outcome, state.table.rules, state.counters)
    if outcome.kind == "change" and state.phase == "asking":
        lines.append("The stock answers: what does its top piece show?"
                     if state.asked_name == STOCK else f"{state.asked_name} answers.")
    elif outcome.kind != "reveal":
        lines.append(now_sentence(state))
    return lines


def winners_sentence(winners: Sequence[str]) -> str:
    if not winners:
        return "The game is over."
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return f"{and_list(winners)} share the win"


def settlement_sentences(s: Settlement, counters: bool) -> list[str]:
    """The reveal's settlement, told in order: losers pay, fools are scored, who is out."""
    out: list[str] = []
    pay = pays_words(counters)
    for loss in s.losses:
        piece = the_piece(loss.piece)
        if loss.reason == "lowest":
            why = f"{loss.seat} shows {piece}, the lowest piece,"
        elif loss.reason == "fool":
            why = f"{loss.seat} shows the only fool,"
        elif loss.reason == "fool_lowest":
            why = f"{loss.seat} shows a fool, the lowest piece,"
        else:
            why = f"{loss.seat} shows {piece}, the next lowest after the fool,"
        if loss.paid:
            out.append(f"{why} and {pay}.")
        else:
            out.append(f"{why} but has nothing left to pay.")
    for take in s.fool_takes:
        if take.took:
            gain = "takes a counter from the pool" if counters else "wipes out a stroke"
            out.append(f"Two fools: {take.seat} {gain}.")
        elif counters:
            out.append(f"Two fools: {take.seat} takes nothing, the pool is empty.")
        else:
            out.append(f"Two fools: {take.seat} has no stroke to wipe out.")
    if not s.losses and not s.fool_takes:
        out.append("Nobody pays this round.")
    for name in s.went_out:
        out.append(f"{name} is out of the game.")
    if s.winners:
        out.append(winners_sentence(s.winners) + ".")
    else:
        if counters:
            out.append(f"The pool holds {plural(s.pool, 'counter')}.")
        if s.next_dealer:
            out.append(f"{s.next_dealer} deals next.")
    return out


def two_fools_sentence(s: Settlement, rulebook: Rulebook) -> str | None:
    if s.two_fools and rulebook.two_fools_sit_out and not s.winners:
        return f"{and_list(s.two_fools)} held the two fools and may sit out the next round."
    return None


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def balance_words(state: TableState, i: int) -> str:
    """'3 counters', '2 of 5 strokes'."""
    if state.counters:
        return plural(state.balance[i], "counter")
    return f"{state.balance[i]} of {plural(state.limit, 'stroke')}"


# --- events as words (undo, history) ----------------------------------------------------------


def event_sentence(event: Event, rules: str) -> str:
    """An event told on its own, e.g. for 'Undid: Bo stands'."""
    if isinstance(event, Stand):
        return f"{event.seat} stands"
    if isinstance(event, Change):
        return f"{event.seat} asks to swap"
    if isinstance(event, Reply):
        who = holder_words(event.source)
        who = who[0].upper() + who[1:]
        if event.call == "none":
            return f"{who} swaps"
        return f"{who} calls {call_words(rules, event.call)} ({event.call})"
    if isinstance(event, Knock):
        return f"{event.seat} knocks"
    if isinstance(event, Deal):
        return "the deal"
    if isinstance(event, Reveal):
        return "the reveal (" + ", ".join(f"{s} {p}" for s, p in event.pieces) + ")"
    if isinstance(event, Cut):
        return "the draw for dealer (" + ", ".join(f"{s} {p}" for s, p in event.pieces) + ")"
    if isinstance(event, SitOut):
        return f"{event.seat} sits out"
    if isinstance(event, Leave):
        return f"{event.seat} leaves"
    return str(event)  # pragma: no cover - the Event union is closed


def history_line(number: int, event: Event, outcome: Outcome, rules: str, counters: bool,
                 round_no: int | None = None) -> str:
    """One line of the history: '12. Bo asks Cy to swap.'"""
    if isinstance(event, Deal) and round_no is not None:
        text = f"Round {round_no}: {outcome.seat} deals."
    elif isinstance(event, Reveal) and outcome.settlement is not None:
        text = "Reveal: " + " ".join(settlement_sentences(outcome.settlement, counters))
    else:
        text = " ".join(outcome_sentences(outcome, rules, counters))
    return f"{number}. {text}"
