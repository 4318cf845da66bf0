"""What the screens of Kille, Cuccù, Slabberjan and Vogelspiel say, without Flet: each game's
line on New table, its pieces and calls (the call in the game's own words, our gloss beside),
the stakes of a seat, and every event as a plain sentence for the banner and the history.

The words come from the rule data (companion/engine/books/<game>.py); nothing here falls back
to Gnav's words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from companion.engine.books import cuccu, kille, slabberjan, vogelspiel
from companion.engine.errors import N_
from companion.engine.events import Change, Cut, Deal, Leave, Reveal, Stand
from companion.engine.family import (
    FamilyEvent,
    FamilyOutcome,
    FamilyReply,
    FamilyRules,
    FamilyState,
    Rebuy,
)
from companion.engine.pieces import STOCK
from companion.engine.reveal import SidePot
from companion.i18n import EN, Tr

from .words import and_list, fitted_result, winners_sentence

MODULES: Mapping[str, ModuleType] = {
    "kille": kille, "cuccu": cuccu, "slabberjan": slabberjan, "vogelspiel": vogelspiel}
FAMILY_GAMES: tuple[str, ...] = tuple(MODULES)

# each game's name as its players write it; Vogelspiel's says it is reconstructed
_TITLES: Mapping[str, str] = {"kille": N_("Kille"), "cuccu": N_("Cuccù"),
                              "slabberjan": N_("Slabberjan"),
                              "vogelspiel": N_("Vogelspiel (reconstructed)")}


def game_title(game: str, tr: Tr = EN) -> str:
    return tr(_TITLES[game])


def game_line(game: str, tr: Tr = EN) -> str:
    """New table's line on the game, from its rule data."""
    return tr(MODULES[game].LINE)


def book_title(game: str, book: str, tr: Tr = EN) -> str:
    """A rule book's name (its source, translated)."""
    return tr(MODULES[game].RULE_BOOKS[book][0])


def book_summary(game: str, book: str, tr: Tr = EN) -> str:
    return tr(MODULES[game].RULE_BOOKS[book][1])


def house_help(game: str, key: str, tr: Tr = EN) -> str:
    """A house field's explanation, from the rule data."""
    return tr(MODULES[game].HOUSE_RULES[key])


def piece_title(game: str, piece: str, tr: Tr = EN) -> str:
    """A piece as the referee's language names it: numerals as they are, pictures by the
    catalogues' translation of the rule data's English (Norwegian and Danish in the definite
    form), and in the game's own language by the game's own name, as its calls are."""
    names = MODULES[game].PIECE_NAMES.get(piece)
    if names is None:
        return piece
    if tr.lang == MODULES[game].LANGUAGE:
        return own_picture_name(game, piece)
    return tr.p(*names[1])


def table_words(game: str, key: str, tr: Tr = EN, **values: object) -> str:
    """The words of the game's table that name its pieces ("{seat}'s piece", "Show the
    pieces"), under the game's own catalogue context: a card game's table may say cards."""
    return tr.p(*MODULES[game].TABLE_WORDS[key], **values)


def own_picture_name(game: str, piece: str) -> str:
    """A picture's name in the game's own language, the first where the pack table gives
    several (Slabberjan's "Ruiter, Kap-af")."""
    own: str = MODULES[game].PIECE_NAMES[piece][0]
    return own.split(",")[0]


def the_piece(game: str, piece: str, tr: Tr = EN) -> str:
    """A piece as the object of a sentence, "Bo shows the Hussar" (German's accusative "den
    Husaren", Italian's article "l'Ussaro"), from the rule data's PIECE_FORMS; a numeral as
    it is."""
    forms = MODULES[game].PIECE_FORMS.get(piece)
    return piece if forms is None else tr.p(*forms["the"])


def face_up_piece(rules: FamilyRules, form: str, tr: Tr = EN) -> str:
    """The piece a swap may pass face up, named in `form` (the rule data's PIECE_FORMS): the
    piece ranked by whether it was moved (Kille's Harlequin), which a face-up pass marks."""
    piece = rules.moved_lowest
    if piece is None:
        raise ValueError(f"{rules.game} passes no piece face up")
    return tr.p(*MODULES[rules.game].PIECE_FORMS[piece][form])


def piece_own(game: str, piece: str) -> str:
    """The name on the game's own pieces (Swedish, Italian, Dutch, German)."""
    names = MODULES[game].PIECE_NAMES.get(piece)
    return piece if names is None else str(names[0])


def call_words(game: str, call: str) -> str:
    """A matador's call in the game's own words («Bum!»); never translated."""
    return str(MODULES[game].CALLS[call][0])


def call_gloss(game: str, call: str, tr: Tr = EN) -> str:
    """Our translation beside the call (also for "stand" and "change")."""
    return tr.p("call", MODULES[game].GLOSSES[call])


def call_with_gloss(game: str, call: str, tr: Tr = EN) -> str:
    return f"{call_words(game, call)}  {call_gloss(game, call, tr)}"


def direction_words(state: FamilyState, tr: Tr = EN) -> str:
    _ = tr
    if state.rules.direction == "right":
        return _("Play goes to the right: each seat asks its right-hand neighbour.")
    return _("Play goes to the left: each seat asks its left-hand neighbour.")


def stake_words(state: FamilyState, i: int, tr: Tr = EN) -> str:
    """A seat's counters, lives or standing in the pot, in words."""
    _, _n = tr, tr.n
    ledger = state.rules.ledger
    if ledger == "stake":
        if state.out[i]:
            parts = [_("out")]
        elif state.dead[i]:
            parts = [_("dead this deal")]
        else:
            parts = [_("in the pot")]
        if state.rebuys[i]:
            parts.append(_n("bought back once", "bought back {count} times",
                              state.rebuys[i]))
        return ", ".join(parts)
    n = state.balance[i]
    words = (_n("{count} counter", "{count} counters", n) if ledger == "counters"
             else _n("{count} life", "{count} lives", n))
    if ledger == "counters" and state.sloffen[i]:
        words += ", " + _("on credit")
    if state.out[i]:
        words += ", " + _("out")
    if keeps_money(state):
        words += ", " + _("money {amount}", amount=signed(state.money[i], tr))
    return words


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
    if state.rules.ledger == "counters":
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
        return table_words(state.rules.game, "draw_now", tr)
    if phase == "ready":
        return _("{dealer} deals the next round.", dealer=state.dealer_name or "")
    if phase == "turns":
        return _("{seat}'s turn: stand or change.", seat=state.turn_name or "")
    if phase == "asking":
        asked = state.asked_name
        if asked == STOCK:
            return _("{seat} draws from the stock. The top piece is:",
                     seat=state.turn_name or "")
        return _("{seat} asks {asked} to change. {asked} answers:",
                 seat=state.turn_name or "", asked=asked or "")
    if phase == "reveal":
        return table_words(state.rules.game, "show_now", tr)
    winners = [state.names[i] for i in state.winners]
    return _("The game is over: {names} won.", names=and_list(winners, tr))


def event_sentence(before: FamilyState, event: FamilyEvent, outcome: FamilyOutcome,
                   after: FamilyState, tr: Tr = EN) -> str:
    """One event as a plain sentence, for the banner and the history."""
    _ = tr
    game = before.rules.game
    if isinstance(event, Deal):
        return _("Round {n}: {dealer} deals.", n=after.round, dealer=outcome.seat or "")
    if isinstance(event, Stand):
        return _("{seat} stands.", seat=event.seat)
    if isinstance(event, Change):
        if outcome.kind == "lapsed":
            return _("{seat} asks to change, but the stock is empty: the turn passes.",
                     seat=event.seat)
        return _("{seat} asks {holder} to change.", seat=event.seat,
                 holder=_holder(outcome.holder, tr))
    if isinstance(event, FamilyReply):
        return _reply_sentence(game, before, event, outcome, after, tr)
    if isinstance(event, Cut):
        if outcome.kind == "cut_tie":
            return _("The draw is tied: {names} draw again.",
                     names=and_list([after.names[i] for i in after.cut_seats], tr))
        return _("{seat} drew highest and deals first.", seat=outcome.seat or "")
    if isinstance(event, Reveal):
        return " ".join(settlement_lines(before, event, after, tr))
    if isinstance(event, Leave):
        return _("{seat} leaves the game.", seat=event.seat)
    if before.rules.ledger == "stake":
        return _("{seat} buys back in and pays one into the pot.", seat=event.seat)
    price = 2 ** (before.reentries + 1)
    return _("{seat} re-enters the game for {price} and plays on with full lives.",
             seat=event.seat, price=price)


def _holder(name: str | None, tr: Tr) -> str:
    _ = tr
    return _("the stock") if name in (None, STOCK) else str(name)


def _reply_sentence(game: str, before: FamilyState, event: FamilyReply,
                    outcome: FamilyOutcome, after: FamilyState, tr: Tr) -> str:
    _, _n = tr, tr.n
    asker = outcome.seat or ""
    holder = _holder(outcome.holder, tr)
    if event.call == "none":
        if event.source == STOCK:
            return _("{seat} takes the top piece of the stock.", seat=asker)
        text = _("{holder} swaps with {seat}.", holder=holder, seat=asker)
        if event.face_up:
            text += " " + _("{piece} was passed face up by {names}.",
                            piece=face_up_piece(before.rules, "a_opening", tr),
                            names=and_list(list(event.face_up), tr))
        if event.silent:
            text += " " + _("{holder} let a matador go without its call.", holder=holder)
        return text
    said = _("{holder} calls {call} ({gloss}).", holder=holder,
             call=call_words(game, event.call), gloss=call_gloss(game, event.call, tr))
    parts = [said]
    if outcome.kind == "exchange" and event.sold:
        parts.append(_("{seat} buys the swap for {price}.", seat=asker, price=event.price or 0))
    elif outcome.kind == "shelter":
        parts.append(_("{seat} refuses the price: no swap.", seat=asker))
    if outcome.charged:
        parts.append(_charge_words(before, asker, outcome.charged, tr))
    died = [after.names[i] for i in after.died if i not in before.died]
    if died:
        parts.append(_("{names} dies.", names=and_list(died, tr)) if len(died) == 1
                     else _("{names} die.", names=and_list(died, tr)))
    effects = before.rules.stock_effects if event.source == STOCK else before.rules.effects
    if effects[event.call].undo != "none" and after.undone:
        parts.append(_n("One swap goes back.", "{count} swaps go back.", len(after.undone)))
    if outcome.kind == "end_turns":
        parts.append(_("The turns are over."))
    elif outcome.kind == "pass":
        parts.append(_("The ask passes on to {asked}.", asked=_holder(after.asked_name, tr)))
    elif outcome.kind == "lapsed":
        parts.append(_("The stock is empty: the turn passes."))
    return " ".join(parts)


def _charge_words(state: FamilyState, seat: str, n: int, tr: Tr) -> str:
    _n = tr.n
    if state.rules.ledger == "counters":
        return _n("{seat} pays a counter.", "{seat} pays {count} counters.", n, seat=seat)
    return _n("{seat} loses a life.", "{seat} loses {count} lives.", n, seat=seat)


def settlement_lines(before: FamilyState, event: Reveal, after: FamilyState,
                     tr: Tr = EN) -> list[str]:
    """The reveal's result as sentences: who showed what, who lost, who is out."""
    _ = tr
    game = before.rules.game
    shown = [_("{seat} shows {piece}", seat=s, piece=the_piece(game, p, tr))
             for s, p in event.pieces]
    lines = [and_list(shown, tr) + "."]
    last: dict[str, Any] = after.last_round or {}
    losers = list(last.get("losers", []))
    ledger = before.rules.ledger
    if ledger == "stake":
        dead = sorted(set(losers) | set(last.get("died", [])),
                      key=after.names.index)
        if dead:
            lines.append(_("Dead this deal: {names}.", names=and_list(dead, tr)))
    else:
        for name in losers:
            i = after.names.index(name)
            lost = before.balance[i] - after.balance[i]
            if lost > 0:
                lines.append(_charge_words(before, name, lost, tr))
    gained = [after.names[i] for i in range(len(after.names))
              if ledger == "lives" and after.balance[i] > before.balance[i]
              and not after.out[i]]
    if gained:
        lines.append(_("{names} gain a life.", names=and_list(gained, tr)))
    newly_out = [after.names[i] for i in range(len(after.names))
                 if after.out[i] and not before.out[i]]
    if newly_out:
        lines.append(_("Out of the game: {names}.", names=and_list(newly_out, tr)))
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


def stakes_label(ledger: str, tr: Tr = EN) -> str:
    """What the stakes field asks for, by the game's ledger."""
    _ = tr
    if ledger == "stake":
        return _("Rebuys allowed each")
    if ledger == "lives":
        return _("Lives each")
    return _("Counters each")


def outcome_lines(state: FamilyState, tr: Tr = EN) -> list[str]:
    """The last event told from what it did (the spectators' board has no state before it)."""
    _ = tr
    last = state.last
    if last is None:
        return []
    game = state.rules.game
    kind, seat, holder = last.kind, last.seat or "", _holder(last.holder, tr)
    if kind == "reveal":
        return last_round_lines(state, tr)
    if kind == "deal":
        return [_("Round {n}: {dealer} deals.", n=state.round, dealer=seat)]
    if kind == "stand":
        return [_("{seat} stands.", seat=seat)]
    if kind == "change":
        return [_("{seat} asks {holder} to change.", seat=seat, holder=holder)]
    if kind in ("cut_tie", "cut_dealer"):
        return [_("{seat} drew highest and deals first.", seat=seat) if kind == "cut_dealer"
                else _("The draw is tied: {names} draw again.",
                       names=and_list([state.names[i] for i in state.cut_seats], tr))]
    if kind == "leave":
        return [_("{seat} leaves the game.", seat=seat)]
    if kind == "rebuy":
        return [_("{seat} buys back in and pays one into the pot.", seat=seat)
                if state.rules.ledger == "stake"
                else _("{seat} re-enters the game for {price} and plays on with full lives.",
                       seat=seat, price=2 ** state.reentries)]
    if last.call in (None, "none"):
        if kind == "lapsed":
            return [_("{seat} asks to change, but the stock is empty: the turn passes.",
                      seat=seat)]
        if last.holder == STOCK:
            return [_("{seat} takes the top piece of the stock.", seat=seat)]
        return [_("{holder} swaps with {seat}.", holder=holder, seat=seat)]
    lines = [_("{holder} calls {call} ({gloss}).", holder=holder,
               call=call_words(game, last.call), gloss=call_gloss(game, last.call, tr))]
    if last.charged:
        lines.append(_charge_words(state, seat, last.charged, tr))
    return lines


def last_round_lines(state: FamilyState, tr: Tr = EN) -> list[str]:
    """The last reveal's result from what the state keeps of it (who lost, who died)."""
    _ = tr
    last: dict[str, Any] = state.last_round or {}
    lines: list[str] = []
    if state.rules.ledger == "stake":
        dead = sorted(set(last.get("losers", [])) | set(last.get("died", [])),
                      key=state.names.index)
        if dead:
            lines.append(_("Dead this deal: {names}.", names=and_list(dead, tr)))
    elif last.get("losers"):
        lines.append(_("Lost this round: {names}.", names=and_list(last["losers"], tr)))
    if last.get("gainers"):
        lines.append(_("{names} gain a life.", names=and_list(last["gainers"], tr)))
    lines.append(now_sentence(state, tr))
    return lines


def board_state(state: FamilyState, tr: Tr = EN) -> dict[str, Any]:
    """The spectators' board of a family game, with the keys Gnav's board has."""
    game = state.rules.game
    seats = []
    for i, name in enumerate(state.names):
        seats.append({
            "name": name, "balance": state.balance[i], "words": stake_words(state, i, tr),
            "out": state.out[i] and i not in state.winners, "sits_out": False,
            "in_round": state.in_round[i], "knocked": False,
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i, "asked": state.asked == i, "winner": i in state.winners,
        })
    return {
        "rules": f"{game_title(game, tr)} · {book_title(game, state.rules.name, tr)}",
        "round": state.round, "phase": state.phase,
        "counters": state.rules.ledger == "counters", "limit": None, "pool": state.pool,
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
    game, amount, ledger = state.rules.game, state.each, state.rules.ledger
    if ledger == "stake":
        stakes = _n("a pot, {count} rebuy each", "a pot, {count} rebuys each", amount)
    elif ledger == "lives":
        stakes = _n("{count} life each", "{count} lives each", amount)
    else:
        stakes = _n("{count} counter each", "{count} counters each", amount)
    count = len(state.names)
    seats = (_n("{names} ({count} seat)", "{names} ({count} seats)", count,
                names=", ".join(state.names)) if names
             else _n("{count} seat", "{count} seats", count))
    head = [_("{game} result", game=game_title(game, tr)),
            _("Table: {seats}, {stakes}", seats=seats, stakes=stakes),
            _("Rule book: {rules}", rules=book_title(game, state.rules.name, tr)),
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
