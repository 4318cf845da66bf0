"""Engine values told as sentences: calls in the rule book's words, banners, settlements, history.

No Flet here: every screen narrates through these functions, and the tests read them directly.
Every function takes the session's `Tr` (English when left out), so the same Outcome or
Settlement is told in every language from the one engine value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.fields import STOCK
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    Knock,
    Leave,
    Query,
    Reply,
    Reveal,
    SitOut,
    Stand,
)
from companion.engine.cuckoo.outcome import Outcome
from companion.engine.cuckoo.reveal import LoneLoses
from companion.engine.cuckoo.settlement import Settlement
from companion.engine.gnav.book import (
    CHOICE_WORDS,
    FIELD_HELP,
    FIELD_TITLES,
    HOUSE_SENTENCES,
    PIECE_DEFINITE,
    PIECE_FORMS,
    PIECE_TITLES,
    native_call,
)
from companion.engine.gnav.book import words as book_words
from companion.engine.gnav.events import Event
from companion.engine.gnav.rules import DEFAULT_RULES, PRESETS, Rulebook
from companion.engine.gnav.state import TableState
from companion.i18n import EN, Tr
from companion.narrate.words import and_list, fitted_result, house_sentence, winners_sentence


def call_words(rules: str, call: str) -> str:
    """The call (or stand/change) in the rule book's own words, e.g. «Kiss!»."""
    return book_words(rules).calls[call]


def call_gloss(rules: str, call: str, tr: Tr = EN) -> str | None:
    """What the call means in the reader's language, or None when the words already say it.

    Where a Gnav source says the call in the reader's language (DA1917 in Danish), the gloss is
    that source's call, cited, not our translation of the English."""
    _, _p = tr, tr.p
    native = native_call(tr.lang, call)
    if native is not None:
        source, said = native
        if said.casefold() == call_words(rules, call).casefold():
            return None
        return _("{source}: {call}", source=source, call=said)
    meaning = _p("call", book_words(rules).glosses[call])
    if meaning.casefold() == call_words(rules, call).strip("«»").casefold():
        return None
    return meaning


def call_with_gloss(rules: str, call: str, tr: Tr = EN) -> str:
    """«Kiss!» (“Puss!”): the rule book's words with their translation beside them; in Danish
    «Kiss!» (DA1917: «Kis! Kis!»), the Danish source's own call."""
    _ = tr
    words = call_words(rules, call)
    gloss = call_gloss(rules, call, tr)
    if gloss is None:
        return words
    if native_call(tr.lang, call) is not None:
        return _("{words} ({cited})", words=words, cited=gloss)
    return _("{words} (“{meaning}”)", words=words, meaning=gloss)


def piece_title(piece: str, tr: Tr = EN) -> str:
    _p = tr.p
    return _p("piece", PIECE_TITLES[piece]) if piece in PIECE_TITLES else piece


def the_piece(piece: str, tr: Tr = EN, place: str | None = None) -> str:
    """'the cuckoo', 'the 12' (in Norwegian 'gauken', 'brikken 12') as a subject; with `place`,
    in the form of its place in the sentence (PIECE_FORMS: "the" an object, "the_after" after
    a preposition), as German needs: "zeigt den Kuckuck", "mit dem Kuckuck". A numeral reads
    the same as a subject and as an object in every language ("die 12")."""
    _, _p = tr, tr.p
    if place is not None and not piece.isdigit():
        return piece_form(piece, place, tr)
    if place not in (None, "the"):
        raise ValueError(f"a numeral has no form {place!r}")
    if piece in PIECE_DEFINITE:
        return _p("definite", PIECE_DEFINITE[piece])
    return _("the {number}", number=piece)


# The piece that every Gnav rule book's pack scores in pairs (Rulebook.pair_piece), which is
# also the piece a knock announces and the dealer asks about (gnav.md: the fool), for the
# sentences told without a table's rule book at hand (a settlement, an event on its own).
PAIR_PIECE = PRESETS[DEFAULT_RULES].pair_piece


def piece_form(piece: str | None, form: str, tr: Tr = EN) -> str:
    """A piece inside a sentence about its role, in the form the sentence needs (gnav/book.py
    PIECE_FORMS, see cuckoo/forms.py): `piece` is the pack's piece for that role (the rule
    book's pair piece, the piece whose effect ends the turns)."""
    if piece is None:
        raise ValueError(f"the pack has no piece to name in the form {form!r}")
    return tr.p(*PIECE_FORMS[piece][form])


def holder_words(holder: str | None, tr: Tr = EN) -> str:
    _ = tr
    return _("the stock") if holder == STOCK or holder is None else holder


def pays_words(counters: bool, tr: Tr = EN) -> str:
    _ = tr
    return _("pays a counter into the pool") if counters else _("takes a stroke")


def handback_words(pairs: Sequence[tuple[str, str]], tr: Tr = EN) -> str:
    """'Everyone hands back: Cy ↔ Dag, then Bo ↔ Cy' (pairs newest first)."""
    _ = tr
    parts = [_("{a} ↔ {b}", a=a, b=holder_words(b, tr)) for a, b in pairs]
    return _("Everyone hands back: {pairs}", pairs=_(", then ").join(parts))


def rulebook_summary(rules: str, tr: Tr = EN) -> str:
    _ = tr
    return _(book_words(rules).summary)


def field_title(key: str, tr: Tr = EN) -> str:
    _ = tr
    return _(FIELD_TITLES[key])


def field_help(key: str, tr: Tr = EN) -> str:
    _ = tr
    return _(FIELD_HELP[key])


def rulebook_differences(book: Rulebook, preset: Rulebook, tr: Tr = EN) -> list[str]:
    """Each house rule that differs from the preset, a sentence of the rule data's
    (gnav/book.py's HOUSE_SENTENCES)."""
    return [house_sentence(HOUSE_SENTENCES, key, getattr(book, key),
                           lambda piece: tr.in_sentence(piece_title(piece, tr)), tr)
            for key in FIELD_TITLES if getattr(book, key) != getattr(preset, key)]


def field_value_words(key: str, value: Any, tr: Tr = EN) -> str:
    _ = tr
    if key in CHOICE_WORDS:
        return _(CHOICE_WORDS[key][value])
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (tuple, list)):
        return and_list([tr.in_sentence(piece_title(str(v), tr)) for v in value], tr) if value \
            else _("none")
    return str(value)


# --- what an event did (banner, history) ------------------------------------------------------


def _says(holder: str | None, rules: str, call: str, tr: Tr) -> str:
    """'Cy says «Hogg av!» (“Chop off!”)', or 'The stock shows ...' for the stock."""
    _ = tr
    words = call_with_gloss(rules, call, tr)
    if holder == STOCK or holder is None:
        return _("The stock shows {piece} {words}", piece=the_piece(call, tr, "the"),
                 words=words)
    return _("{holder} says {words}", holder=holder, words=words)


def outcome_sentences(outcome: Outcome, rules: str, counters: bool, tr: Tr = EN) -> list[str]:
    """What one event did, as sentences (no 'what now')."""
    _ = tr
    kind = outcome.kind
    seat = outcome.seat or ""
    holder = holder_words(outcome.holder, tr)
    call = outcome.call or "none"
    if kind == "cut_tie":
        return [_("A tie for the highest piece: {seats} draw again.",
                  seats=and_list(outcome.tied, tr))]
    if kind == "cut_dealer":
        return [_("{seat} drew the highest piece and deals first.", seat=seat)]
    if kind == "deal":
        return [_("{seat} deals.", seat=seat)]
    if kind == "knock":
        return [_("{seat} knocks: {seat} was dealt {piece}.", seat=seat,
                  piece=piece_form(PAIR_PIECE, "the", tr))]
    if kind == "stand":
        return [_("{seat} stands.", seat=seat)]
    if kind == "change":
        if outcome.lapsed:
            return [_("{seat} asks the stock, but the stock is empty: no swap.", seat=seat)]
        return [_("{seat} asks {holder} to swap.", seat=seat, holder=holder)]
    if kind == "exchange":
        if outcome.holder == STOCK:
            return [_("{seat} swaps with the stock.", seat=seat)]
        return [_("{seat} and {holder} swap.", seat=seat, holder=holder)]
    if kind == "reveal":
        assert outcome.settlement is not None
        return settlement_sentences(outcome.settlement, counters, tr)[:2]
    if kind == "sit_out":
        return [_("{seat} sits out the next round.", seat=seat)]
    if kind == "leave":
        return [_("{seat} leaves the game.", seat=seat)]
    out: list[str] = []
    says = _says(outcome.holder, rules, call, tr)
    # the piece is named by its call, as the pack's matadors are
    if kind == "end_turns":
        out.append(_("{says}: {piece} stops everything. No swap, and the turns are over.",
                     says=says, piece=the_piece(call, tr)))
    elif kind in ("block", "block_reverse"):
        out.append(_("{says}: {piece} stops the swap. {seat} keeps the piece.",
                     says=says, piece=the_piece(call, tr), seat=seat))
    elif kind == "pass_on":
        if outcome.lapsed:
            out.append(_("{says}: the swap passes on, but the stock is empty: no swap.",
                         says=says))
        else:
            out.append(_("{says}: {holder} keeps {piece}, and the swap passes on.",
                         says=says, holder=holder, piece=the_piece(call, tr, "the")))
    elif kind == "set_aside":
        if outcome.lapsed:
            out.append(_("{says}: it is set aside, and the stock is empty: no swap.",
                         says=says))
        else:
            out.append(_("{says}: it is set aside and the stock draws again.", says=says))
    if kind in ("block", "block_reverse") or outcome.charged:
        if outcome.charged:
            out.append(_("{seat} {pays}.", seat=seat, pays=pays_words(counters, tr)))
        else:  # a block charges the asker (asker_pays), who had nothing left
            out.append(_("{seat} has nothing left to pay.", seat=seat))
    if outcome.handback:
        out.append(handback_words(outcome.handback, tr) + ".")
    return out


def now_sentence(state: TableState, tr: Tr = EN) -> str:
    """What the table must do now."""
    _ = tr
    if state.phase == "cut":
        return _("Draw for dealer: {seats} draw.",
                 seats=and_list([state.names[i] for i in state.cut_seats], tr))
    if state.phase == "ready":
        return _("{dealer} deals round {round}.", dealer=state.dealer_name,
                 round=state.round + 1)
    if state.phase == "turns":
        return _("{seat}'s turn.", seat=state.turn_name)
    if state.phase == "asking":
        if state.asked_name == STOCK:
            return _("{seat} now asks the stock.", seat=state.turn_name)
        return _("{seat} now asks {holder}.", seat=state.turn_name, holder=state.asked_name)
    if state.phase == "reveal":
        return _("Show your pieces.")
    return winners_sentence([state.names[i] for i in state.winners], tr)


def answer_words(answer: str, tr: Tr = EN) -> str:
    """The table's answer to the dealer's question, 'yes' or 'no'."""
    _ = tr
    return _("yes") if answer == "yes" else _("no")


def query_sentence(seat: str, answer: str, tr: Tr = EN) -> str:
    """The dealer's question about the other fool and the table's answer (gnav.md, house
    default 13); the Outcome does not carry the answer, so callers pass the event's or the
    state's."""
    _ = tr
    return _("{seat} asked whether anyone holds {piece}: {answer}.", seat=seat,
             piece=piece_form(PAIR_PIECE, "the_other", tr), answer=answer_words(answer, tr))


def banner_lines(outcome: Outcome, state: TableState, tr: Tr = EN) -> list[str]:
    """The banner after an event: what happened, then what the table must do now."""
    _ = tr
    if outcome.kind == "query" and state.query is not None:
        return [query_sentence(outcome.seat or "", state.query, tr), now_sentence(state, tr)]
    lines = outcome_sentences(outcome, state.table.rules, state.counters, tr)
    if outcome.kind == "change" and state.phase == "asking":
        lines.append(_("The stock answers: what does its top piece show?")
                     if state.asked_name == STOCK
                     else _("{holder} answers.", holder=state.asked_name))
    elif outcome.kind != "reveal":
        lines.append(now_sentence(state, tr))
    return lines


# The reasons the rule books give a lone piece's loss at the reveal (rules.py: LoneLoses); a
# reason that is neither these nor the reveal's own "lowest" and "dragged" is the lowest piece
# that drags the next one down (DragsNext's `held`).
_LONE_REASONS = frozenset(rule.reason for book in PRESETS.values() for rule in book.reveal
                          if isinstance(rule, LoneLoses))


def settlement_sentences(s: Settlement, counters: bool, tr: Tr = EN) -> list[str]:
    """The reveal's settlement, told in order: losers pay, fools are scored, who is out."""
    _, _n = tr, tr.n
    out: list[str] = []
    pay = pays_words(counters, tr)
    pair = piece_form(PAIR_PIECE, "two_opening", tr) if s.fool_takes else ""
    for loss in s.losses:
        seat, piece = loss.seat, the_piece(loss.piece, tr, "the")
        if loss.reason == "lowest":
            why = _("{seat} shows {piece}, the lowest piece,", seat=seat, piece=piece)
        elif loss.reason in _LONE_REASONS:
            why = _("{seat} shows {piece},", seat=seat,
                    piece=piece_form(loss.piece, "the_only", tr))
        elif loss.reason == "dragged":
            why = _("{seat} shows {piece}, the next lowest after {lowest},", seat=seat,
                    piece=piece, lowest=piece_form(PAIR_PIECE, "the_after", tr))
        else:
            why = _("{seat} shows {piece}, the lowest piece,", seat=seat,
                    piece=piece_form(loss.piece, "a", tr))
        if loss.paid:
            out.append(_("{why} and {pays}.", why=why, pays=pay))
        else:
            out.append(_("{why} but has nothing left to pay.", why=why))
    for take in s.fool_takes:
        if take.took:
            out.append(_("{pieces}: {seat} takes a counter from the pool.", pieces=pair,
                         seat=take.seat)
                       if counters
                       else _("{pieces}: {seat} wipes out a stroke.", pieces=pair,
                              seat=take.seat))
        elif counters:
            out.append(_("{pieces}: {seat} takes nothing, the pool is empty.", pieces=pair,
                         seat=take.seat))
        else:
            out.append(_("{pieces}: {seat} has no stroke to wipe out.", pieces=pair,
                         seat=take.seat))
    if not s.losses and not s.fool_takes:
        out.append(_("Nobody pays this round."))
    for name in s.went_out:
        out.append(_("{seat} is out of the game.", seat=name))
    if s.winners:
        out.append(winners_sentence(s.winners, tr) + ".")
    else:
        if counters:
            out.append(_n("The pool holds {count} counter.", "The pool holds {count} counters.",
                          s.pool))
        if s.next_dealer:
            out.append(_("{seat} deals next.", seat=s.next_dealer))
    return out


def pair_sentence(s: Settlement, rulebook: Rulebook, tr: Tr = EN) -> str | None:
    """Who may sit out after showing the rule book's pair piece (both fools)."""
    _ = tr
    if s.two_fools and rulebook.two_fools_sit_out and not s.winners:
        return _("{seats} held {pieces} and may sit out the next round.",
                 seats=and_list(s.two_fools, tr),
                 pieces=piece_form(rulebook.pair_piece, "the_two", tr))
    return None



def settlement_lines(state: TableState, tr: Tr = EN) -> list[str]:
    """The last settlement told in full, as the settlement panel, the game-over panel and the
    spectators' board show it: who paid and why, who took, who is out, and the two fools."""
    s = state.last_round
    if s is None:
        return []
    lines = settlement_sentences(s, state.counters, tr)
    extra = pair_sentence(s, state.rules, tr)
    if extra:
        lines.append(extra)
    return lines

def balance_words(state: TableState, i: int, tr: Tr = EN) -> str:
    """'3 counters', '2 of 5 strokes'."""
    _n = tr.n
    if state.counters:
        return _n("{count} counter", "{count} counters", state.balance[i])
    return _n("{done} of {count} stroke", "{done} of {count} strokes", state.limit,
              done=state.balance[i])


# --- events as words (undo, history) ----------------------------------------------------------


def event_sentence(event: Event, rules: str, tr: Tr = EN) -> str:
    """An event told on its own, e.g. for 'Undid: Bo stands'."""
    _ = tr
    if isinstance(event, Stand):
        return _("{seat} stands", seat=event.seat)
    if isinstance(event, Change):
        return _("{seat} asks to swap", seat=event.seat)
    if isinstance(event, Reply):
        if event.source == STOCK:
            if event.call == "none":
                return _("The stock swaps")
            return _("The stock shows {piece} {words}", piece=the_piece(event.call, tr, "the"),
                     words=call_with_gloss(rules, event.call, tr))
        if event.call == "none":
            return _("{seat} swaps", seat=event.source)
        return _("{seat} answers with {piece}: {words}", seat=event.source,
                 words=call_with_gloss(rules, event.call, tr),
                 piece=the_piece(event.call, tr, "the_after"))
    if isinstance(event, Knock):
        return _("{seat} knocks", seat=event.seat)
    if isinstance(event, Deal):
        return _("the deal")
    if isinstance(event, Reveal):
        return _("the reveal ({pieces})", pieces=pieces_words(event.pieces, tr))
    if isinstance(event, Cut):
        return _("the draw for dealer ({pieces})", pieces=pieces_words(event.pieces, tr))
    if isinstance(event, SitOut):
        return _("{seat} sits out", seat=event.seat)
    if isinstance(event, Leave):
        return _("{seat} leaves", seat=event.seat)
    if isinstance(event, Query):
        return _("{seat}'s question about {piece} ({answer})", seat=event.seat,
                 piece=piece_form(PAIR_PIECE, "the_other_after", tr),
                 answer=answer_words(event.answer, tr))
    return str(event)  # pragma: no cover - the Event union is closed


def pieces_words(pieces: Sequence[tuple[str, str]], tr: Tr = EN) -> str:
    """'Ann fool, Bo 3' with the pieces named in the reader's language."""
    return ", ".join(f"{seat} {tr.in_sentence(piece_title(piece, tr))}" for seat, piece in pieces)


def history_line(number: int, event: Event, outcome: Outcome, rules: str, counters: bool,
                 round_no: int | None = None, tr: Tr = EN) -> str:
    """One line of the history: '12. Bo asks Cy to swap.'"""
    _ = tr
    if isinstance(event, Deal) and round_no is not None:
        text = _("Round {round}: {seat} deals.", round=round_no, seat=outcome.seat)
    elif isinstance(event, Query):
        text = query_sentence(event.seat, event.answer, tr)
    elif isinstance(event, Reveal) and outcome.settlement is not None:
        text = _("Reveal: {sentences}",
                 sentences=" ".join(settlement_sentences(outcome.settlement, counters, tr)))
    else:
        text = " ".join(outcome_sentences(outcome, rules, counters, tr))
    return f"{number}. {text}"


# --- the spectators' board and the result to take home ------------------------------------


def standings(state: TableState) -> list[int]:
    """Seat indexes best first: winners, then most counters (fewest strokes); out seats last."""
    return sorted(
        range(len(state.names)),
        key=lambda i: (state.out[i] and i not in state.winners,
                       -state.balance[i] if state.counters else state.balance[i], i),
    )


def board_state(state: TableState, tr: Tr = EN) -> dict[str, Any]:
    """Everything the spectators' board shows of a Gnav table's state, as plain values (the
    board server adds the game's id and version and draws it as HTML)."""
    seats = []
    for i, name in enumerate(state.names):
        seats.append({
            "name": name,
            "balance": state.balance[i],
            "words": balance_words(state, i, tr),
            "out": state.out[i] and i not in state.winners,
            "sits_out": state.sitting_out[i],
            "in_round": state.in_round[i],
            "knocked": state.knocked[i] and state.in_round[i],  # as the referee's seats say
            # as on the referee's screen: a finished game has no dealer (the last may be out)
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i,
            "asked": state.asked == i,
            "winner": i in state.winners,
        })
    last = state.last
    settled = state.last_round
    return {
        "rules": state.table.rules,
        "round": state.round,
        "phase": state.phase,
        "counters": state.counters,
        "limit": state.limit,
        "pool": state.pool,
        "dealer": state.dealer_name,
        "turn": state.turn_name,
        "asked": state.asked_name,
        "seats": seats,
        "now": now_sentence(state, tr),
        "last_call": banner_lines(last, state, tr) if last is not None else [],
        "settlement": None if settled is None else {
            "round": settled.round,
            "lines": settlement_lines(state, tr),
            "pieces": pieces_words(settled.pieces, tr),
        },
        "winners": [state.names[i] for i in state.winners],
        # the answer to this round's question stays shown after the dealer's next call (while
        # it is the last call, the last call already says it)
        "query": (None if state.query is None or state.dealer_name is None
                  or (last is not None and last.kind == "query")
                  else query_sentence(state.dealer_name, state.query, tr)),
    }


def result_text(state: TableState, tr: Tr = EN,
                fits: Callable[[str], bool] | None = None) -> str:
    """A finished (or unfinished) game told in plain text, in the reader's language.

    With `fits` (does this text fit in one QR code?) a text too long for it is shortened:
    first the table line gives the number of seats instead of every name (the standings name
    them all), then the standings stop where the code is full, saying how many are left out.
    """
    return fitted_result(lambda names: _result_lines(state, tr, names), tr, fits)


def _result_lines(state: TableState, tr: Tr, names: bool) -> tuple[list[str], list[str]]:
    """The result's lines down to "Standings:", and the standings' rows."""
    _, _n = tr, tr.n
    table = state.table
    amount = table.stakes.amount
    stakes = (_n("{count} counter each", "{count} counters each", amount) if state.counters
              else _n("chalk strokes, out at {count} stroke",
                      "chalk strokes, out at {count} strokes", amount))
    count = len(state.names)
    seats = (_n("{names} ({count} seat)", "{names} ({count} seats)", count,
                names=", ".join(state.names)) if names
             else _n("{count} seat", "{count} seats", count))
    head = [_("Gnav result"), _("Table: {seats}, {stakes}", seats=seats, stakes=stakes),
            _("Rule book: {rules}", rules=table.rules)]
    preset = PRESETS.get(table.rules)
    if preset is not None:
        head += [_("House rule: {rule}", rule=line)
                 for line in rulebook_differences(state.rules, preset, tr)]
    head.append(_("Rounds: {count}", count=state.round))
    head.append(winners_sentence([state.names[i] for i in state.winners], tr)
                if state.phase == "over" else _("Not finished"))
    head.append(_("Standings:"))
    rows = []
    for place, i in enumerate(standings(state), start=1):
        seat, balance = state.names[i], balance_words(state, i, tr)
        if i in state.winners:
            rows.append(_("{place}. {seat}: {balance} (wins)", place=place, seat=seat,
                          balance=balance))
        elif state.out[i]:
            rows.append(_("{place}. {seat}: {balance} (out)", place=place, seat=seat,
                          balance=balance))
        else:
            rows.append(_("{place}. {seat}: {balance}", place=place, seat=seat,
                          balance=balance))
    return head, rows
