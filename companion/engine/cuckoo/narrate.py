"""What the screens of Kille, Cuccù, Slabberjan and Vogelspiel say, without Flet: each game's
line on New table, its pieces and calls (the call in the game's own words, our gloss beside),
the stakes of a seat, and every event as a plain sentence for the banner and the history.

The words come from each game's rule data (companion/engine/<game>/book.py), which its
GameBook carries (`book.words`); nothing here falls back to Gnav's words or keeps a list of
games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from companion.core.errors import N_
from companion.core.fields import STOCK
from companion.engine.cuckoo.effects import Effect
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    FamilyEvent,
    FamilyReply,
    Leave,
    Rebuy,
    Reveal,
    Stand,
)
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.ledger import Counters, Ledger, Lives, Stake
from companion.engine.cuckoo.outcome import Outcome
from companion.engine.cuckoo.reveal import SidePot
from companion.engine.cuckoo.rulebook import GameBook, RuleBook
from companion.i18n import EN, Tr
from companion.narrate.words import and_list, fitted_result, house_sentence, winners_sentence

# Each phase of a cuckoo game's state in words, for the tables list (Gnav's and the family's).
PHASES: Mapping[str, str] = MappingProxyType({
    "cut": N_("drawing for dealer"),
    "ready": N_("between rounds"),
    "turns": N_("turns"),
    "asking": N_("a swap waits"),
    "reveal": N_("reveal"),
    "over": N_("finished"),
})


def game_title(book: GameBook, tr: Tr = EN) -> str:
    """The game's name as New table and a result title it (Vogelspiel's says it is
    reconstructed)."""
    return tr(book.words.title)


def game_line(book: GameBook, tr: Tr = EN) -> str:
    """New table's line on the game, from its rule data."""
    return tr(book.words.line)


def book_title(book: GameBook, rules: str, tr: Tr = EN) -> str:
    """A rule book's name (its source, translated)."""
    return tr(book.words.rule_books[rules][0])


def book_summary(book: GameBook, rules: str, tr: Tr = EN) -> str:
    return tr(book.words.rule_books[rules][1])


def house_help(book: GameBook, key: str, tr: Tr = EN) -> str:
    """A house field's explanation, from the rule data."""
    return tr(book.words.house_rules[key])


def house_rule_sentences(book: GameBook, rulebook: RuleBook, tr: Tr = EN) -> list[str]:
    """Each house rule of a table (where its rule book differs from the book as written), a
    sentence of the rule data's (the rules card, Learn of the table)."""
    preset = book.presets[rulebook.name]
    return [house_sentence(book.words.house_sentences, key, rulebook.value(key),
                           lambda piece: tr.in_sentence(piece_title(book, piece, tr)), tr)
            for key in rulebook.house_fields() if rulebook.value(key) != preset.value(key)]


def piece_title(book: GameBook, piece: str, tr: Tr = EN) -> str:
    """A piece as the referee's language names it: numerals as they are, pictures by the
    catalogues' translation of the rule data's English (Norwegian and Danish in the definite
    form), and in the game's own language by the game's own name, as its calls are."""
    names = book.words.pieces.get(piece)
    if names is None:
        return piece
    if tr.lang == book.words.language:
        return own_picture_name(book, piece)
    return tr.p(*names[1])


def table_words(book: GameBook, key: str, tr: Tr = EN, **values: object) -> str:
    """The words of the game's table that name its pieces ("{seat}'s piece", "Show the
    pieces"), under the game's own catalogue context: a card game's table may say cards."""
    return tr.p(*book.words.table[key], **values)


def material_words(book: GameBook, key: str, tr: Tr = EN, **values: object) -> str:
    """A sentence naming what the game is played with (its cards and stock, or its pieces and
    bag), from its rule data (material.py)."""
    return tr.p(*book.words.material[key], **values)


def own_picture_name(book: GameBook, piece: str) -> str:
    """A picture's name in the game's own language, the first where the pack table gives
    several (Slabberjan's "Ruiter, Kap-af")."""
    return book.words.pieces[piece][0].split(",")[0]


def the_piece(book: GameBook, piece: str, tr: Tr = EN) -> str:
    """A piece as the object of a sentence, "Bo shows the Hussar" (German's accusative "den
    Husaren", Italian's article "l'Ussaro"), from the rule data's PIECE_FORMS; a numeral as
    it is."""
    forms = book.words.forms.get(piece)
    return piece if forms is None else tr.p(*forms["the"])


def face_up_piece(state: FamilyState, form: str, tr: Tr = EN) -> str:
    """The piece a swap may pass face up, named in `form` (the rule data's PIECE_FORMS): the
    piece ranked by whether it was moved (Kille's Harlequin), which a face-up pass marks."""
    piece = state.rules.moved_lowest
    if piece is None:
        raise ValueError(f"{state.rules.game} passes no piece face up")
    return tr.p(*state.book.words.forms[piece][form])


def piece_own(book: GameBook, piece: str) -> str:
    """The name on the game's own pieces (Swedish, Italian, Dutch, German)."""
    names = book.words.pieces.get(piece)
    return piece if names is None else names[0]


def call_words(book: GameBook, call: str) -> str:
    """A matador's call in the game's own words («Bum!»); never translated."""
    return book.words.calls[call][0]


def call_gloss(book: GameBook, call: str, tr: Tr = EN) -> str:
    """Our translation beside the call (also for "stand" and "change"); at a table in the
    game's own language, where our translation would repeat the call, the piece's own name
    that makes it (issue 23, item 11: «Kap af!» (Ruiter))."""
    if tr.lang == book.words.language and call in book.words.pieces:
        return own_picture_name(book, call)
    return tr.p("call", book.words.glosses[call])


def call_with_gloss(book: GameBook, call: str, tr: Tr = EN) -> str:
    return f"{call_words(book, call)}  {call_gloss(book, call, tr)}"


def direction_words(state: FamilyState, tr: Tr = EN) -> str:
    _ = tr
    if state.rules.direction == "right":
        return _("Play goes to the right: each seat asks its right-hand neighbour.")
    return _("Play goes to the left: each seat asks its left-hand neighbour.")


def stake_words(state: FamilyState, i: int, tr: Tr = EN, say_out: bool = True) -> str:
    """A seat's counters, lives or standing in the pot, in words (without "out" where the
    seat's out is shown beside them: the board's tag)."""
    _, _n = tr, tr.n
    ledger = state.ledger
    if isinstance(ledger, Stake):
        if state.out[i]:
            parts = [_("out")] if say_out else []
        elif state.dead[i]:
            parts = [_("dead this deal")]
        else:
            parts = [_("in the pot")]
        if state.rebuys[i]:
            parts.append(_n("bought back once", "bought back {count} times",
                              state.rebuys[i]))
        return ", ".join(parts)
    n = state.balance[i]
    words = (_n("{count} counter", "{count} counters", n) if isinstance(ledger, Counters)
             else _n("{count} life", "{count} lives", n))
    if isinstance(ledger, Counters) and state.sloffen[i]:
        words += ", " + _("on credit")
    if state.out[i] and say_out:
        words += ", " + _("out")
    if keeps_money(state):
        money = state.money[i]
        if state.phase == "over" and state.winners == (i,):
            # the journal keeps the pot apart from the winner's money (journal-v2 6.11): a
            # referee settling up needs what the winner ends with, the pot taken
            words += ", " + _("money {amount}, {total} with the pot",
                              amount=signed(money, tr), total=signed(money + state.pot, tr))
        else:
            words += ", " + _("money {amount}", amount=signed(money, tr))
    return words


def stakes_sentences(state: FamilyState, tr: Tr = EN) -> list[str]:
    """What a table plays for, as its header and rule book keep it (the rules card): the lives
    or counters each, the pot, the rebuys or the re-entries and their prices, the credit."""
    _, _n = tr, tr.n
    ledger, each = state.ledger, state.each
    lines: list[str] = []
    if isinstance(ledger, Lives):
        lines.append(_n("Stakes: {count} life each.", "Stakes: {count} lives each.", each))
    elif isinstance(ledger, Counters):
        lines.append(_n("Stakes: {count} counter each.", "Stakes: {count} counters each.", each))
    elif not isinstance(ledger, Stake):
        lines.append(_n("Stakes: chalk strokes, out at {count} stroke.",
                        "Stakes: chalk strokes, out at {count} strokes.", state.limit))
    if state.rules.buy_back != "none":
        lines.append(_("Each seat puts one stake into the pot at the start; the winner takes "
                       "the pot."))
    if state.rules.buy_back == "rebuy":
        lines.append(_n("A seat that dies may buy back in once, paying one stake into the pot.",
                        "A seat that dies may buy back in up to {count} times, paying one stake "
                        "into the pot each time.", each) if each
                     else _("A seat that dies may not buy back in."))
    elif state.rules.buy_back == "reentry":
        lines.append(_("A seat that goes out may re-enter before the next deal while a seat "
                       "that never went out is still in: the first re-entry costs 2 stakes, "
                       "the next 4, then 8, doubling each time.") if state.table.reentry
                     else _("No re-entry at this table: a seat that goes out stays out."))
    sentences = state.book.words.house_sentences
    if isinstance(ledger, Counters) and "credit" in sentences:
        lines.append(house_sentence(sentences, "credit", state.credit,
                                    lambda piece: piece_title(state.book, piece, tr), tr))
    return lines


def keeps_money(state: FamilyState) -> bool:
    """Whether the rule book keeps each seat's money (re-entry prices, an Inn's price)."""
    return state.rules.buy_back == "reentry"


def signed(amount: int, tr: Tr = EN) -> str:
    """An amount of money with its sign (+2, −1), as the table's language writes numbers."""
    if amount > 0:
        return "+" + tr.number(amount)
    return ("\u2212" + tr.number(-amount)) if amount < 0 else tr.number(0)


def pot_lines(state: FamilyState, tr: Tr = EN, pool: bool = True) -> list[str]:
    """The money in the middle of the table: the pot a winner takes, the pool, the side pot
    kept apart (each where the rule book has it)."""
    _ = tr
    lines: list[str] = []
    if state.rules.buy_back != "none":
        lines.append(_("Pot: {count}", count=tr.number(state.pot)))
    if isinstance(state.ledger, Counters):
        if pool:
            lines.append(_("Pool: {pool}", pool=tr.number(state.pool)))
        if any(isinstance(rule, SidePot) for rule in state.rules.reveal):
            lines.append(_("Side pot: {count}", count=tr.number(state.side_pot)))
    return lines


def won_sentence(state: FamilyState, tr: Tr = EN) -> str | None:
    """What the winner takes at the game's end (the pot), or None where nothing is won."""
    _, _n = tr, tr.n
    if state.phase != "over" or not state.winners or state.rules.buy_back == "none":
        return None
    names = [state.names[i] for i in state.winners]
    if len(names) == 1:
        return _n("{seat} won the pot: {count} stake.", "{seat} won the pot: {count} stakes.",
                  state.pot, seat=names[0])
    return _n("{seats} share the pot: {count} stake.", "{seats} share the pot: {count} stakes.",
              state.pot, seats=and_list(names, tr))


def now_sentence(state: FamilyState, tr: Tr = EN) -> str:
    """What the table waits for."""
    _ = tr
    phase = state.phase
    if phase == "cut":
        return table_words(state.book, "draw_now", tr)
    if phase == "ready":
        return _("{dealer} deals the next round.", dealer=state.dealer_name or "")
    if phase == "turns":
        return _("{seat}'s turn: stand or change.", seat=state.turn_name or "")
    if phase == "asking":
        asked = state.asked_name
        if asked == STOCK:
            return material_words(state.book, "draws_from", tr, seat=state.turn_name or "")
        return _("{seat} asks {asked} to change. {asked} answers:",
                 seat=state.turn_name or "", asked=asked or "")
    if phase == "reveal":
        return table_words(state.book, "show_now", tr)
    winners = [state.names[i] for i in state.winners]
    return _("The game is over: {names} won.", names=and_list(winners, tr))


def event_sentence(before: FamilyState, event: FamilyEvent, outcome: Outcome,
                   after: FamilyState, tr: Tr = EN) -> str:
    """One event as a plain sentence, for the banner and the history."""
    _ = tr
    if isinstance(event, Deal):
        return _("Round {n}: {dealer} deals.", n=after.round, dealer=outcome.seat or "")
    if isinstance(event, Stand):
        return _("{seat} stands.", seat=event.seat)
    if isinstance(event, Change):
        if outcome.lapsed:
            return material_words(before.book, "ask_empty", tr, seat=event.seat)
        if outcome.holder in (None, STOCK):  # its own sentence: German's case, the bag's verb
            return material_words(before.book, "asks", tr, seat=event.seat)
        return _("{seat} asks {holder} to change.", seat=event.seat, holder=outcome.holder)
    if isinstance(event, FamilyReply):
        return _reply_sentence(before, event, outcome, after, tr)
    if isinstance(event, Cut):
        if outcome.kind == "cut_tie":
            return _("The draw is tied: {names} draw again.",
                     names=and_list([after.names[i] for i in after.cut_seats], tr))
        return _("{seat} drew highest and deals first.", seat=outcome.seat or "")
    if isinstance(event, Reveal):
        return " ".join(settlement_lines(before, event, after, tr))
    if isinstance(event, Leave):
        return _("{seat} leaves the game.", seat=event.seat)
    if isinstance(before.ledger, Stake):
        return _("{seat} buys back in and pays one into the pot.", seat=event.seat)
    price = 2 ** (before.reentries + 1)
    return _("{seat} re-enters the game for {price} and plays on with full lives.",
             seat=event.seat, price=price)


def _holder(book: GameBook, name: str | None, tr: Tr) -> str:
    return material_words(book, "stock", tr) if name in (None, STOCK) else str(name)


def _reply_sentence(before: FamilyState, event: FamilyReply,
                    outcome: Outcome, after: FamilyState, tr: Tr) -> str:
    _, _n = tr, tr.n
    asker = outcome.seat or ""
    holder = _holder(before.book, outcome.holder, tr)
    if event.call == "none":
        if event.source == STOCK:
            return material_words(before.book, "takes", tr, seat=asker)
        text = _("{holder} swaps with {seat}.", holder=holder, seat=asker)
        if event.face_up:
            text += " " + _("{piece} was passed face up by {names}.",
                            piece=face_up_piece(before, "a_opening", tr),
                            names=and_list(list(event.face_up), tr))
        if event.silent:
            text += " " + _("{holder} let a matador go without its call.", holder=holder)
            lost = _lost(before, after, outcome.holder)
            if lost:
                text += " " + _charge_words(before, holder, lost, tr)
        return " ".join([text, *_credit_lines(before, after, tr)])
    call, gloss = call_words(before.book, event.call), call_gloss(before.book, event.call, tr)
    effects = before.rules.stock_effects if event.source == STOCK else before.rules.effects
    effect = effects[event.call]
    if event.source == STOCK:
        said = material_words(before.book, "calls", tr, call=call, gloss=gloss)
        if effect == Effect():
            # cuccu.md, rule 9: "a Cuckoo drawn is void"
            said += " " + material_words(before.book, "void", tr, seat=asker,
                                         piece=the_piece(before.book, event.call, tr))
    else:
        said = _("{holder} calls {call} ({gloss}).", holder=holder, call=call, gloss=gloss)
    parts = [said]
    if outcome.kind == "exchange" and event.sold:
        parts.append(_("{seat} buys the swap for {price}.", seat=asker, price=event.price or 0))
    elif outcome.kind == "shelter":
        shelter = before.rules.shelter_piece
        parts.append(_("No sale of {inn}: no swap.",
                       inn=the_piece(before.book, event.call, tr)))
        if shelter is not None:
            parts.append(_("{holder} shelters {seat} this round: if {seat} shows {piece} and "
                           "loses, {holder} loses instead.", holder=holder, seat=asker,
                           piece=the_piece(before.book, shelter, tr)))
    if outcome.charged:
        parts.append(_charge_words(before, asker, outcome.charged, tr))
    parts.extend(_credit_lines(before, after, tr))
    died = [after.names[i] for i in after.died if i not in before.died]
    if died:
        parts.append(_("{names} dies.", names=and_list(died, tr)) if len(died) == 1
                     else _("{names} die.", names=and_list(died, tr)))
    if effect.undo != "none" and after.undone:
        parts.append(_n("One swap goes back.", "{count} swaps go back.", len(after.undone)))
    if outcome.kind == "end_turns":
        parts.append(_("The turns are over."))
    elif outcome.lapsed:
        parts.append(material_words(before.book, "empty", tr))
    elif outcome.kind in ("pass_on", "set_aside"):
        asked = after.asked_name
        parts.append(material_words(before.book, "passes_to", tr) if asked in (None, STOCK)
                     else _("The ask passes on to {asked}.", asked=asked))
    return " ".join(parts)


def _lost(before: FamilyState, after: FamilyState, name: str | None) -> int:
    """What seat `name` lost between the two states (lives or counters)."""
    if name is None or name not in before.names:
        return 0
    i = before.names.index(name)
    return max(0, before.balance[i] - after.balance[i])


def _credit_lines(before: FamilyState, after: FamilyState, tr: Tr) -> list[str]:
    """slabberjan.md, house default 11: who went op sloffen, and who lost the credit (when it
    does not put the seat out at once: going out is checked after the showing)."""
    _ = tr
    lines = []
    for i, name in enumerate(after.names):
        if after.sloffen[i] and not before.sloffen[i]:
            lines.append(_("{seat} has paid the last counter and plays on credit.", seat=name))
        elif before.sloffen[i] and not after.sloffen[i] and not after.out[i]:
            lines.append(_("{seat} owes again and loses the credit: out after the showing "
                           "unless a counter comes back.", seat=name))
    return lines


def _out_line(before: FamilyState, after: FamilyState, i: int, tr: Tr) -> str:
    """Seat i is out of the game, and why (and whether it may come back)."""
    _ = tr
    name, ledger = after.names[i], after.ledger
    if isinstance(ledger, Stake):
        if i in after.may_rebuy:
            return _("Out of the game: {seat}; {seat} may buy back in before the next deal.",
                     seat=name)
        return _("Out of the game: {seat}, with no buy-back left.", seat=name)
    if isinstance(ledger, Counters):
        if before.sloffen[i]:
            return _("Out of the game: {seat}, who owed again while playing on credit.",
                     seat=name)
        return _("Out of the game: {seat}, with no counters left.", seat=name)
    if i in after.may_rebuy:
        return _("Out of the game: {seat}, with no lives left; {seat} may re-enter before the "
                 "next deal.", seat=name)
    return _("Out of the game: {seat}, with no lives left.", seat=name)


def _why_lines(before: FamilyState, event: Reveal, after: FamilyState, tr: Tr) -> list[str]:
    """Why a seat lost when it is not simply the lowest piece shown: a piece ranked by being
    passed face up (kille.md), a piece dying by house rule, a lone piece (cuccu.md, rule 10),
    an Inn's shelter (cuccu.md, rule 8)."""
    _ = tr
    last = after.last_settlement
    if last is None:
        return []
    book, rules, lines = before.book, before.rules, []
    also: list[str] = []
    for loss in last.losses:
        i = before.names.index(loss.seat)
        if loss.reason == "lowest" and loss.piece == rules.moved_lowest \
                and before.holds[i] in before.moved:
            lines.append(_("{piece} passed face up ranks below every other piece.",
                           piece=face_up_piece(before, "a_opening", tr)))
        elif loss.reason == "also":
            also.append(loss.seat)
        elif loss.reason == "lone":
            lines.append(_("{seat} loses for showing {piece} alone.", seat=loss.seat,
                           piece=the_piece(book, loss.piece, tr)))
        elif loss.reason == "shelter":
            for a, h in before.shelters:
                if h == i and dict(event.pieces).get(before.names[a]) == rules.shelter_piece:
                    assert rules.shelter_piece is not None
                    sold = next(c for c, e in rules.effects.items() if e.sale)
                    lines.append(_("{holder} loses in place of {seat}, who shows {piece}: "
                                   "{holder} sheltered {seat} when {inn} was not sold.",
                                   holder=loss.seat, seat=before.names[a],
                                   piece=the_piece(book, rules.shelter_piece, tr),
                                   inn=the_piece(book, sold, tr)))
                    break
    if also:
        piece = next(loss.piece for loss in last.losses if loss.reason == "also")
        lines.append(_("By the house rule {piece} dies too: {names}.",
                       piece=the_piece(book, piece, tr), names=and_list(also, tr)))
    return list(dict.fromkeys(lines))


def _charge_words(state: FamilyState, seat: str, n: int, tr: Tr) -> str:
    _n = tr.n
    if isinstance(state.ledger, Counters):
        return _n("{seat} pays a counter.", "{seat} pays {count} counters.", n, seat=seat)
    return _n("{seat} loses a life.", "{seat} loses {count} lives.", n, seat=seat)


def settlement_lines(before: FamilyState, event: Reveal, after: FamilyState,
                     tr: Tr = EN) -> list[str]:
    """The reveal's result as sentences: who showed what, who lost, who is out."""
    _ = tr
    shown = [_("{seat} shows {piece}", seat=s, piece=the_piece(before.book, p, tr))
             for s, p in event.pieces]
    lines = [and_list(shown, tr) + ".", *_why_lines(before, event, after, tr)]
    last = after.last_settlement
    losers = list(last.losers) if last is not None else []
    ledger = before.ledger
    if isinstance(ledger, Stake):
        died = last.died if last is not None else ()
        dead = sorted(set(losers) | set(died), key=after.names.index)
        if dead:
            lines.append(_("Dead this deal: {names}.", names=and_list(dead, tr)))
    elif last is not None:
        for loss in last.losses:
            if loss.paid > 0:
                lines.append(_charge_words(before, loss.seat, loss.paid, tr))
    gained = [after.names[i] for i in range(len(after.names))
              if isinstance(ledger, Lives) and after.balance[i] > before.balance[i]
              and not after.out[i]]
    if gained:
        lines.append(_("{names} gain a life.", names=and_list(gained, tr)))
    if isinstance(ledger, Counters) and last is not None:
        for take in last.fool_takes:
            lines.append(_("{seat} takes a counter from the pool.", seat=take.seat) if take.took
                         else _("{seat} would take a counter, but the pool is empty.",
                                seat=take.seat))
        for side in last.side:
            lines.append(_("{seat} pays a counter into the side pot.", seat=side.seat)
                         if side.took else
                         _("{seat} owes the side pot a counter but has none left.",
                           seat=side.seat))
        lines.extend(_credit_lines(before, after, tr))
    lines.extend(_out_line(before, after, i, tr) for i in range(len(after.names))
                 if after.out[i] and not before.out[i])
    if after.phase == "over":
        lines.append(now_sentence(after, tr))
    return lines


def history_lines(first: Any, events: list[Any], tr: Tr = EN) -> list[str]:
    """Every event of a game as a sentence, numbered, from the state before the first."""
    assert isinstance(first, FamilyState)
    state = first.clone()
    lines: list[str] = []
    for k, event in enumerate(events, 1):
        before = state.clone()
        outcome = state.apply(event)
        lines.append(f"{k}. {history_sentence(before, event, outcome, state, tr)}")
    return lines


def history_sentence(before: FamilyState, event: Any, outcome: Any, state: FamilyState,
                     tr: Tr = EN) -> str:
    """An event as History tells it: after a settlement or a buy-back, with the money in the
    middle as it then stood (the pot, the pool, the side pot)."""
    said = event_sentence(before, event, outcome, state, tr)
    if isinstance(event, (Reveal, Rebuy)):
        money = pot_lines(state, tr)
        if money:
            said = f"{said} ({' · '.join(money)})"
    return said


def stakes_label(ledger: Ledger, tr: Tr = EN) -> str:
    """What the stakes field asks for, by the game's ledger."""
    _ = tr
    if isinstance(ledger, Stake):
        return _("Rebuys allowed each")
    if isinstance(ledger, Lives):
        return _("Lives each")
    return _("Counters each")


def outcome_lines(state: FamilyState, tr: Tr = EN) -> list[str]:
    """The last event told from what it did (the spectators' board has no state before it)."""
    _ = tr
    last = state.last
    if last is None:
        return []
    book = state.book
    kind, seat, holder = last.kind, last.seat or "", _holder(book, last.holder, tr)
    if kind == "reveal":
        return last_round_lines(state, tr)
    if kind == "deal":
        return [_("Round {n}: {dealer} deals.", n=state.round, dealer=seat)]
    if kind == "stand":
        return [_("{seat} stands.", seat=seat)]
    if kind == "change":
        if last.lapsed:
            return [material_words(book, "ask_empty", tr, seat=seat)]
        if last.holder in (None, STOCK):
            return [material_words(book, "asks", tr, seat=seat)]
        return [_("{seat} asks {holder} to change.", seat=seat, holder=holder)]
    if kind in ("cut_tie", "cut_dealer"):
        return [_("{seat} drew highest and deals first.", seat=seat) if kind == "cut_dealer"
                else _("The draw is tied: {names} draw again.",
                       names=and_list([state.names[i] for i in state.cut_seats], tr))]
    if kind == "leave":
        return [_("{seat} leaves the game.", seat=seat)]
    if kind == "rebuy":
        return [_("{seat} buys back in and pays one into the pot.", seat=seat)
                if isinstance(state.ledger, Stake)
                else _("{seat} re-enters the game for {price} and plays on with full lives.",
                       seat=seat, price=2 ** state.reentries)]
    if last.call in (None, "none"):
        if last.holder == STOCK:
            return [material_words(book, "takes", tr, seat=seat)]
        return [_("{holder} swaps with {seat}.", holder=holder, seat=seat)]
    lines = [_("{holder} calls {call} ({gloss}).", holder=holder,
               call=call_words(book, last.call), gloss=call_gloss(book, last.call, tr))]
    if last.charged:
        lines.append(_charge_words(state, seat, last.charged, tr))
    return lines


def last_round_lines(state: FamilyState, tr: Tr = EN) -> list[str]:
    """The last reveal's result from what the state keeps of it (who lost, who died)."""
    _ = tr
    last = state.last_settlement
    lines: list[str] = []
    if last is not None and isinstance(state.ledger, Stake):
        dead = sorted(set(last.losers) | set(last.died), key=state.names.index)
        if dead:
            lines.append(_("Dead this deal: {names}.", names=and_list(dead, tr)))
    elif last is not None and last.losers:
        lines.append(_("Lost this round: {names}.", names=and_list(list(last.losers), tr)))
    gainers = [] if last is None else sorted((t.seat for t in last.fool_takes),
                                             key=state.names.index)
    if gainers:
        lines.append(_("{names} gain a life.", names=and_list(gainers, tr)))
    lines.append(now_sentence(state, tr))
    return lines


def board_state(state: FamilyState, tr: Tr = EN) -> dict[str, Any]:
    """The spectators' board of a family game, with the keys Gnav's board has."""
    book = state.book
    seats = []
    for i, name in enumerate(state.names):
        out = state.out[i] and i not in state.winners  # the board tags it
        seats.append({
            "name": name, "balance": state.balance[i],
            "words": stake_words(state, i, tr, say_out=not out),
            "out": out, "sits_out": False,
            "in_round": state.in_round[i], "knocked": False,
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i, "asked": state.asked == i, "winner": i in state.winners,
        })
    _ = tr
    rules = f"{game_title(book, tr)} · {book_title(book, state.rules.name, tr)}"
    return {
        # the board's title names this game alone (issue 23, item 12: not "Gnav · Cuccù")
        "title": _("{rules} · Round {round}", rules=rules, round=state.round) if state.round
        else rules,
        "rules": rules,
        "round": state.round, "phase": state.phase,
        "counters": isinstance(state.ledger, Counters), "limit": None, "pool": state.pool,
        "money": pot_lines(state, tr, pool=False),  # the pot, the side pot, in words
        "dealer": state.dealer_name, "turn": state.turn_name, "asked": state.asked_name,
        "seats": seats, "now": now_sentence(state, tr),
        "last_call": outcome_lines(state, tr), "settlement": None,
        "winners": [state.names[i] for i in state.winners], "query": None,
        "direction": direction_words(state, tr),
    }


def standings(state: FamilyState) -> list[int]:
    """Seat indexes best first: winners, then the seats still in (most lives or counters
    first), then the seats out by the order they went out, the last out first; where the rule
    book keeps money, the most money first among equals."""
    money = keeps_money(state)
    return sorted(range(len(state.names)),
                  key=lambda i: (i not in state.winners, state.out[i], -state.out_at[i],
                                 -state.balance[i], -state.money[i] if money else 0, i))


def result_text(state: FamilyState, tr: Tr = EN,
                fits: Callable[[str], bool] | None = None) -> str:
    """A family game told in plain text to take home, shortened as Gnav's is to fit one QR
    code when `fits` is given."""
    return fitted_result(lambda names: _result_lines(state, tr, names), tr, fits)


def _result_lines(state: FamilyState, tr: Tr, names: bool) -> tuple[list[str], list[str]]:
    """The result's lines down to "Standings:", and the standings' rows."""
    _, _n = tr, tr.n
    book, amount, ledger = state.book, state.each, state.ledger
    if isinstance(ledger, Stake):
        stakes = _n("a pot, {count} rebuy each", "a pot, {count} rebuys each", amount)
    elif isinstance(ledger, Lives):
        stakes = _n("{count} life each", "{count} lives each", amount)
    else:
        stakes = _n("{count} counter each", "{count} counters each", amount)
    count = len(state.names)
    seats = (_n("{names} ({count} seat)", "{names} ({count} seats)", count,
                names=", ".join(state.names)) if names
             else _n("{count} seat", "{count} seats", count))
    head = [_("{game} result", game=game_title(book, tr)),
            _("Table: {seats}, {stakes}", seats=seats, stakes=stakes),
            _("Rule book: {rules}", rules=book_title(book, state.rules.name, tr)),
            _("Rounds: {count}", count=state.round),
            winners_sentence([state.names[i] for i in state.winners], tr)
            if state.phase == "over" else _("Not finished")]
    won = won_sentence(state, tr)
    if won is not None:
        head.append(won)
    head += pot_lines(state, tr)
    head.append(_("Standings:"))
    rows = []
    for place, i in enumerate(standings(state), start=1):
        seat, words = state.names[i], stake_words(state, i, tr)
        if i in state.winners:
            rows.append(_("{place}. {seat}: {balance} (wins)", place=place, seat=seat,
                          balance=words))
        else:  # a seat out says so in its words
            rows.append(_("{place}. {seat}: {balance}", place=place, seat=seat, balance=words))
    return head, rows
