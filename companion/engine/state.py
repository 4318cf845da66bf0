"""The table state: applies journal events one at a time and answers "would this be accepted?".

Every event has a check that raises GnavError without touching the state, and a mutation that
runs only after its check passed, so a refused event leaves the table exactly as it was. The
work per event depends on the number of seats, never on how long the game has run: nothing
here keeps a growing history (the journal is the history).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .errors import N_, GnavError, Text, either
from .events import (
    Change,
    Cut,
    Deal,
    Event,
    Knock,
    Leave,
    Query,
    Reply,
    Reveal,
    SitOut,
    Stand,
    Table,
)
from .ledger import Ledger
from .pieces import STOCK
from .pieces import Effect as Kind
from .reveal import judge
from .rules import Rulebook
from .seating import STOCK_SEAT, Seating
from .settlement import Loss, PoolTake, Settlement

Phase = Literal["cut", "ready", "turns", "asking", "reveal", "over"]

OutcomeKind = Literal[
    "cut_tie",  # the cut tied for highest: the tied seats draw again
    "cut_dealer",  # the cut found the first dealer
    "deal",
    "knock",
    "stand",
    "change",  # a seat asked its neighbour (or the dealer asked the stock)
    "exchange",  # the change was answered with a swap
    "end_turns",  # no swap, the turns are over
    "block",  # no swap; play goes on after the asker (or the holder)
    "block_reverse",  # no swap, and the exchanges in the effect's scope undone (`handback`)
    "pass_on",  # the asker asks the next seat beyond the holder (or the stock)
    "set_aside",  # the stock showed a piece that passes on: set aside, the stock replies again
    "lapsed",  # the change reached an empty stock: no exchange
    "reveal",
    "sit_out",
    "leave",
    "query",  # the dealer asked about the other fool (journal v2)
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one event did, for the banner: who asked, who answered, who paid, what next."""

    kind: OutcomeKind
    seat: str | None = None  # the seat that acted (the asker, for replies)
    holder: str | None = None  # who answered a change (a seat or "stock")
    call: str | None = None
    charged: int = 0  # what the asker paid into the pool (or strokes taken) at once
    handback: tuple[tuple[str, str], ...] = ()  # a reversal: exchanges to undo, newest first
    lapsed: bool = False  # a pass ran into an empty stock
    settlement: Settlement | None = None
    tied: tuple[str, ...] = ()  # cut: the seats to draw again


class TableState(Seating, Ledger):
    """The state of one table, built by applying its journal's events in order."""

    def __init__(self, table: Table, rules: Rulebook | None = None) -> None:
        """`rules`: the rule book to play by, when not the header's (another pack's table)."""
        self.table = table
        self.rules: Rulebook = table.rulebook if rules is None else rules
        self.names: tuple[str, ...] = table.seats
        self._index: dict[str, int] = {name: i for i, name in enumerate(table.seats)}
        self._folded: dict[str, str] = {name.casefold(): name for name in table.seats}
        self.pack = self.rules.pack
        self._step = self.pack.step
        self._effects = self.rules.effects
        # a block by a piece the pack calls a reversing one is told as such, whatever it undoes
        self._reversing = frozenset(p.call for p in self.pack.pieces
                                    if p.effect is Kind.BLOCK_REVERSE)
        self._outcomes: dict[tuple[Any, ...], Outcome] = {}  # see _said; clones may share it
        n = len(table.seats)
        self.counters = table.stakes.kind == "counters"
        self.ledger = "counters" if self.counters else "strokes"
        self.limit = table.stakes.amount
        self.balance: list[int] = [self.limit if self.counters else 0] * n
        self.out: list[bool] = [False] * n
        self.sitting_out: list[bool] = [False] * n
        self.in_round: list[bool] = [False] * n
        self.knocked: list[bool] = [False] * n
        # journal-v2.md 6.6: the piece each seat of the round holds, named by the seat it was
        # dealt to or by k for the k-th piece taken from the stock this round
        self.holds: list[str | int | None] = [None] * n
        self.taken = 0  # pieces taken from the stock this round
        self.query: str | None = None  # the answer to the dealer's question this round
        self.pool = 0
        self.round = 0
        self.phase: Phase = "cut" if table.dealer is None else "ready"
        self.dealer: int | None = None if table.dealer is None else self._index[table.dealer]
        self.first_dealer: int | None = self.dealer
        self.last_dealer: int | None = None
        self.turn: int | None = None
        self.asked: int | None = None  # a seat index or STOCK_SEAT
        self.stock = 0
        self.exchanges: list[tuple[int, int]] = []
        self.handback: tuple[tuple[int, int], ...] = ()
        self.cut_seats: tuple[int, ...] = tuple(range(n)) if table.dealer is None else ()
        self.last_round: Settlement | None = None
        self.may_sit_out: tuple[int, ...] = ()  # the pair's holders, last round
        self.winners: tuple[int, ...] = ()
        self.last: Outcome | None = None
        self.events = 0  # how many events were applied

    # --- copies (undo in the app keeps snapshots) --------------------------------------------

    def clone(self) -> TableState:
        other = TableState.__new__(TableState)
        other.__dict__.update(self.__dict__)
        for name in ("balance", "out", "sitting_out", "in_round", "knocked", "exchanges",
                     "holds"):
            setattr(other, name, list(getattr(self, name)))
        return other

    # --- the query the app enables its buttons from ------------------------------------------

    def check(self, event: Event) -> None:
        """Raises GnavError when `event` would not be accepted now; changes nothing."""
        if self.phase == "over":
            raise GnavError("The game is over: nothing more can happen.")
        if isinstance(event, Stand):
            self._check_turn(event.seat, N_("{seat} cannot stand now: {why}."))
        elif isinstance(event, Change):
            self._check_turn(event.seat, N_("{seat} cannot ask to change now: {why}."))
        elif isinstance(event, Reply):
            self._check_reply(event)
        elif isinstance(event, Knock):
            i = self._seat(event.seat)
            if self.phase not in ("turns", "asking"):
                raise GnavError("{seat} cannot knock now: {why}.", seat=event.seat,
                                why=self._phase_words())
            self._check_in_round(i)
        elif isinstance(event, Deal):
            if self.phase != "ready":
                raise GnavError("Nobody can deal now: {why}.", why=self._phase_words())
        elif isinstance(event, Reveal):
            self._check_reveal(event)
        elif isinstance(event, Cut):
            self._check_cut(event)
        elif isinstance(event, SitOut):
            self._check_sit_out(event)
        elif isinstance(event, Query):
            self._check_query(event)
        elif isinstance(event, Leave):
            i = self._seat(event.seat)
            if self.phase != "ready":
                raise GnavError(
                    "{seat} can only leave between rounds: {why}.", seat=event.seat,
                    why=self._phase_words(),
                )
            if self.out[i]:
                raise GnavError("{seat} is already out of the game.", seat=event.seat)
        else:  # pragma: no cover - the Event union is closed
            raise GnavError("{event} is not an event.", event=repr(event))

    # --- applying -------------------------------------------------------------------------

    def apply(self, event: Event) -> Outcome:
        """Applies `event` (after checking it) and returns what it did."""
        self.check(event)
        if isinstance(event, Stand):
            outcome = self._stand(event)
        elif isinstance(event, Change):
            outcome = self._change(event)
        elif isinstance(event, Reply):
            outcome = self._reply(event)
        elif isinstance(event, Knock):
            self.knocked[self._index[event.seat]] = True
            outcome = self._said("knock", event.seat)
        elif isinstance(event, Deal):
            outcome = self._deal()
        elif isinstance(event, Reveal):
            outcome = self._reveal(event)
        elif isinstance(event, Cut):
            outcome = self._cut(event)
        elif isinstance(event, SitOut):
            outcome = self._sit_out(event)
        elif isinstance(event, Query):
            self.query = event.answer
            outcome = Outcome("query", seat=event.seat)
        else:
            outcome = self._leave(event)
        self.last = outcome
        self.events += 1
        return outcome

    # --- seats ----------------------------------------------------------------------------

    def _check_in_round(self, i: int) -> None:
        name = self.names[i]
        if self.out[i]:
            raise GnavError("{seat} is out of the game.", seat=name)
        if not self.in_round[i]:
            raise GnavError("{seat} sits out this round.", seat=name)

    def _next(self, i: int, among: list[bool]) -> int:
        """The next seat after i in the pack's direction with `among` true."""
        n, step = len(among), self._step
        j = (i + step) % n
        while not among[j]:
            j = (j + step) % n
        return j

    # --- turns ----------------------------------------------------------------------------

    def _said(
        self, kind: OutcomeKind, seat: str, holder: str | None = None, call: str | None = None,
        charged: int = 0, lapsed: bool = False,
    ) -> Outcome:
        """The Outcome of a plain turn. Outcomes are frozen values and the same few recur all
        game long, so each is made once per table (making one costs more than the turn)."""
        key = (kind, seat, holder, call, charged, lapsed)
        outcome = self._outcomes.get(key)
        if outcome is None:
            outcome = Outcome(kind, seat, holder, call, charged, lapsed=lapsed)
            self._outcomes[key] = outcome
        return outcome

    def _check_turn(self, name: str, cannot: str) -> None:
        i = self._seat(name)
        if self.phase != "turns":
            raise GnavError(cannot, seat=name, why=self._phase_words())
        self._check_in_round(i)
        if i != self.turn:
            raise GnavError("It is {turn}'s turn, not {seat}'s.", turn=self._name(self.turn),
                            seat=name)

    def _check_query(self, event: Query) -> None:
        """gnav.md, house default 13: at most once a round, on the dealer's own turn before
        he stands or changes; whether he holds a fool is not checked (the app cannot know)."""
        i = self._seat(event.seat)
        words = self.rules.refusals
        if self.table.version == 1 or not self.rules.fool_query:
            raise GnavError(words.query_off, rules=self.rules.name)
        if self.phase != "turns":
            raise GnavError(words.query_when, seat=event.seat, why=self._phase_words())
        if i != self.dealer:
            raise GnavError(words.query_not_dealer, dealer=self._name(self.dealer),
                            seat=event.seat)
        if i != self.turn:
            raise GnavError(words.query_not_his_turn, why=self._phase_words())
        if self.query is not None:
            raise GnavError(words.query_again)

    def _stand(self, event: Stand) -> Outcome:
        i = self._index[event.seat]
        if i == self.dealer:
            self._end_turns()
        else:
            self.turn = self._next(i, self.in_round)
        return self._said("stand", event.seat)

    def _go_on_after(self, i: int) -> None:
        """Play goes on with the seat left of `i`; the turns end when `i` is the dealer."""
        self.asked = None
        if i == self.dealer:
            self._end_turns()
        else:
            self.phase = "turns"
            self.turn = self._next(i, self.in_round)

    def _change(self, event: Change) -> Outcome:
        i = self._index[event.seat]
        target = STOCK_SEAT if i == self.dealer else self._next(i, self.in_round)
        if target == STOCK_SEAT and self.stock == 0:
            # house default 10: a change to an empty stock lapses
            self._go_on_after(i)
            return self._said("change", event.seat, STOCK, lapsed=True)
        self.phase = "asking"
        self.asked = target
        return self._said("change", event.seat, self._name(target))

    def _check_reply(self, event: Reply) -> None:
        if self.phase != "asking":
            raise GnavError("Nobody was asked to change: {why}.", why=self._phase_words())
        asked = self._name(self.asked)
        if event.source == STOCK:
            if self.asked != STOCK_SEAT:
                raise GnavError(
                    "The stock was not asked: {seat} asked {asked}.", seat=self._name(self.turn),
                    asked=asked,
                )
            if event.call != "none" and event.call not in self.rules.stock_calls:
                if self.rules.stock_calls:
                    rest = Text("the stock only calls {calls}",
                                calls=either(self.rules.stock_calls))
                else:
                    rest = Text("the stock makes no calls; the dealer simply swaps with it")
                raise GnavError(
                    "The stock cannot call {call} under these rules: {rest}.", call=event.call,
                    rest=rest,
                )
            return
        i = self._seat(event.source)
        if i != self.asked:
            raise GnavError("{source} was not asked: {seat} asked {asked}.",
                            source=event.source, seat=self._name(self.turn), asked=asked)

    def _reply(self, event: Reply) -> Outcome:
        asker = self.turn
        holder = self.asked
        assert asker is not None and holder is not None
        asker_name = self.names[asker]
        call = event.call
        effect = self._effects[call]
        charged = self._pay(asker, effect.charge) if effect.charge else 0
        from_stock = holder == STOCK_SEAT
        if from_stock and not effect.exchange:
            self.stock -= 1  # house default 10: a shown or set-aside piece is used up
        said = (asker_name, self._name(holder), call, charged)
        if effect.exchange:
            self.exchanges.append((asker, holder))
            holds = self.holds
            if from_stock:
                self.taken += 1
                holds[asker] = self.taken
            else:
                holds[asker], holds[holder] = holds[holder], holds[asker]
            self._go_on_after(asker)
            return self._said("exchange", *said)
        then = effect.then
        if then == "end":
            self._end_turns()
            return self._said("end_turns", *said)
        if then == "pass":
            if from_stock:
                if self.stock == 0:
                    self._go_on_after(asker)
                    return self._said("set_aside", *said, lapsed=True)
                return self._said("set_aside", *said)
            target = STOCK_SEAT if holder == self.dealer else self._next(holder, self.in_round)
            if target == STOCK_SEAT and self.stock == 0:
                self._go_on_after(asker)
                return self._said("pass_on", *said, lapsed=True)
            self.asked = target
            return self._said("pass_on", *said)
        kind: OutcomeKind = "block_reverse" if call in self._reversing else "block"
        if effect.undo == "all":
            undone = tuple(reversed(self.exchanges))
            self.handback = undone
            self.exchanges = []
            # undone newest first, every seat gets back what it gave: what it was dealt
            for i, dealt in enumerate(self.in_round):
                if dealt:
                    self.holds[i] = self.names[i]
            handback = tuple((self.names[a], self._name(b) or STOCK) for a, b in undone)
            self._go_on_after(asker)
            if handback:
                return Outcome(kind, seat=asker_name, holder=said[1],
                               call=call, charged=charged, handback=handback)
            return self._said(kind, *said)
        if effect.play_on == "holder" and not from_stock:
            # house default 6: every turn up to and including the holder's is over
            self._go_on_after(holder)
        else:
            self._go_on_after(asker)  # house default 11: the chop rule is the dragoon's alone
        return self._said(kind, *said)

    # --- between rounds -------------------------------------------------------------------

    def _deal(self) -> Outcome:
        assert self.dealer is not None
        self.round += 1
        for i in range(len(self.names)):
            self.in_round[i] = not self.out[i] and not self.sitting_out[i]
            self.knocked[i] = False
            self.holds[i] = self.names[i] if self.in_round[i] else None
        self.taken = 0
        self.query = None
        self.stock = self.rules.pack.size - sum(self.in_round)
        self.exchanges = []
        self.handback = ()
        self.phase = "turns"
        self.asked = None
        self.turn = self._next(self.dealer, self.in_round)
        return Outcome("deal", seat=self.names[self.dealer])

    def _check_sit_out(self, event: SitOut) -> None:
        i = self._seat(event.seat)
        if not self.rules.two_fools_sit_out:
            raise GnavError(
                "Nobody sits out under these rules ({rules}, two_fools_sit_out off).",
                rules=self.rules.name,
            )
        if self.phase != "ready":
            raise GnavError(
                "{seat} can only sit out between rounds: {why}.", seat=event.seat,
                why=self._phase_words(),
            )
        if self.out[i]:
            raise GnavError("{seat} is out of the game.", seat=event.seat)
        if self.sitting_out[i]:
            raise GnavError("{seat} already sits out the next round.", seat=event.seat)
        if i not in self.may_sit_out:
            raise GnavError(self.rules.refusals.sit_out_who, seat=event.seat)
        dealt_in = sum(1 for j in range(len(self.names)) if not self.out[j] and not self.sitting_out[j])
        if dealt_in - 1 < 2:
            raise GnavError(
                "{seat} cannot sit out: at least two seats must be dealt in.", seat=event.seat
            )

    def _sit_out(self, event: SitOut) -> Outcome:
        i = self._index[event.seat]
        self.sitting_out[i] = True
        if self.dealer == i:
            # house default 8: the deal passes to the next seat dealt in
            dealt_in = [not o and not s for o, s in zip(self.out, self.sitting_out)]
            self.dealer = self._next(i, dealt_in)
        return Outcome("sit_out", seat=event.seat)

    def _leave(self, event: Leave) -> Outcome:
        i = self._index[event.seat]
        self.out[i] = True
        self.sitting_out[i] = False
        remaining = [j for j in range(len(self.names)) if not self.out[j]]
        if len(remaining) == 1:
            self._game_over(tuple(remaining))
            return Outcome("leave", seat=event.seat)
        if sum(1 for j in remaining if not self.sitting_out[j]) < 2 and any(self.sitting_out):
            # house default 8: every sit-out lapses, and the dealer is found as if nobody sat
            # out: the next seat in the game after the last dealer (sit-outs follow a reveal)
            for j in remaining:
                self.sitting_out[j] = False
            assert self.last_dealer is not None
            self.dealer = self._next_in_game(self.last_dealer)
            return Outcome("leave", seat=event.seat)
        if self.dealer == i:
            self.dealer = self._next_in_game(i)
        if self.dealer is not None and self.sitting_out[self.dealer]:
            dealt_in = [not o and not s for o, s in zip(self.out, self.sitting_out)]
            self.dealer = self._next(self.dealer, dealt_in)
        return Outcome("leave", seat=event.seat)

    # --- the cut --------------------------------------------------------------------------

    def _check_cut(self, event: Cut) -> None:
        if self.phase != "cut":
            raise GnavError("There is no cut now: {why}.", why=self._phase_words())
        self._check_pieces(event.pieces, list(self.cut_seats), "cut", self.pack.counts,
                          N_("{seat} sits out this round and shows no piece."))

    def _cut(self, event: Cut) -> Outcome:
        # when drawing for the deal the pack's order holds under every rule book
        tied = self._cut_for_dealer(event.pieces, self.pack.ranks)
        if len(tied) > 1:
            return Outcome("cut_tie", tied=tuple(self.names[i] for i in tied))
        return Outcome("cut_dealer", seat=self.names[tied[0]])

    # --- the reveal -----------------------------------------------------------------------

    def _check_reveal(self, event: Reveal) -> None:
        if self.phase != "reveal":
            raise GnavError("The pieces cannot be shown now: {why}.", why=self._phase_words())
        self._check_pieces(event.pieces, [i for i, r in enumerate(self.in_round) if r], "reveal",
                          self.pack.counts, N_("{seat} sits out this round and shows no piece."))

    def _reveal(self, event: Reveal) -> Outcome:
        assert self.dealer is not None
        n = len(self.names)
        shown: dict[int, str] = {self._index[s]: p for s, p in event.pieces}
        order = sorted(shown)  # seat order
        verdict = judge(self.rules.reveal, shown, self.pack.ranks)
        # house default 1: the losers pay first (in seat order), then the fools are scored
        loss, why = verdict.loss, verdict.why
        paid = [Loss(self.names[i], shown[i], why[i], self._pay(i, loss[i])) for i in sorted(loss)]
        # house default 3: in turn order from the dealer's left, while the pool lasts
        takes = [PoolTake(self.names[i], self._gain(i)) for i in self._turn_order(verdict.gains)]
        pair = [i for i in order if shown[i] == self.rules.pair_piece]
        self.may_sit_out = tuple(pair) if len(pair) == 2 else ()
        # house default 2: going out is checked once, after the reveal is settled
        went_out = []
        for i in range(n):
            if not self.out[i] and self.balance[i] == (0 if self.counters else self.limit):
                self.out[i] = True
                went_out.append(i)
        remaining = tuple(i for i in range(n) if not self.out[i])
        self.last_dealer = self.dealer
        for i in range(n):
            self.sitting_out[i] = False
            self.in_round[i] = False
            self.holds[i] = None
        self.query = None
        self.exchanges = []
        self.handback = ()
        self.turn = None
        self.asked = None
        winners: tuple[int, ...] = ()
        if len(remaining) <= 1:
            # house default 4: when the last seats all go out together, they share the win
            winners = remaining if remaining else tuple(went_out)
            self._game_over(winners)
            self.may_sit_out = ()
            next_dealer = None
        else:
            self.phase = "ready"
            self.dealer = self._next_in_game(self.dealer)  # house default 9
            next_dealer = self._name(self.dealer)
        settlement = Settlement(
            round=self.round,
            pieces=tuple((self.names[i], shown[i]) for i in order),
            lowest=verdict.lowest,
            losses=tuple(paid),
            fool_takes=tuple(takes),
            two_fools=tuple(self.names[i] for i in pair) if len(pair) == 2 else (),
            went_out=tuple(self.names[i] for i in went_out),
            winners=tuple(self.names[i] for i in winners),
            pool=self.pool,
            next_dealer=next_dealer,
        )
        self.last_round = settlement
        return Outcome("reveal", settlement=settlement)

    # --- reading --------------------------------------------------------------------------

    def name(self, i: int | None) -> str | None:
        return self._name(i)

    @property
    def turn_name(self) -> str | None:
        return self._name(self.turn)

    @property
    def asked_name(self) -> str | None:
        return self._name(self.asked)

    @property
    def dealer_name(self) -> str | None:
        return self._name(self.dealer)

    def exchanges_named(self) -> list[tuple[str, str]]:
        return [(self.names[a], self._name(b) or STOCK) for a, b in self.exchanges]

    def handback_named(self) -> list[tuple[str, str]]:
        return [(self.names[a], self._name(b) or STOCK) for a, b in self.handback]

    def in_game(self) -> list[str]:
        return [name for i, name in enumerate(self.names) if not self.out[i]]

    def options(self) -> list[Event]:
        """Every accepted event that needs no pieces (reveal and cut need the table's pieces)."""
        out: list[Event] = []
        if self.phase == "ready":
            out.append(Deal())
            for i, name in enumerate(self.names):
                if not self.out[i]:
                    out.append(Leave(name))
                    if self.can(SitOut(name)):
                        out.append(SitOut(name))
        elif self.phase == "turns" and self.turn is not None:
            seat = self.names[self.turn]
            out += [Stand(seat), Change(seat)]
            if self.table.version != 1 and self.rules.fool_query:
                out += [q for q in (Query(seat, "yes"), Query(seat, "no")) if self.can(q)]
        elif self.phase == "asking":
            source = self._name(self.asked) or STOCK
            for call in self.pack.calls:
                event = Reply(source, call)
                if self.can(event):
                    out.append(event)
        if self.phase in ("turns", "asking"):
            out += [Knock(self.names[i]) for i, r in enumerate(self.in_round) if r]
        return out

    def as_json(self) -> dict[str, Any]:
        """The state as the `replay` command prints it (journal-v1, plus extra fields; for a
        v2 journal also journal-v2.md section 8's Gnav fields)."""
        key = "counters" if self.counters else "strokes"
        v2 = self.table.version != 1
        seats = []
        for i, name in enumerate(self.names):
            seat: dict[str, Any] = {
                "name": name,
                key: self.balance[i],
                "out": self.out[i],
                "sits_out": self.sitting_out[i],
                "knocked": self.knocked[i],
            }
            if v2:
                seat["sitting"] = self.sitting_out[i]
                seat["holds"] = self.holds[i]
            seats.append(seat)
        out = self._v1_json(seats)
        if v2:
            # the version and game first, as section 8 lists them
            out = {"version": self.table.version, "game": self.table.game, **out,
                   "undone": out["handback"], "query": self.query}
        return out

    def _v1_json(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """journal-v1's state (its outputs are golden: tests/engine/test_golden_replay.py)."""
        return {
            "rules": self.rules.name,
            "round": self.round,
            "phase": self.phase,
            "dealer": self._name(self.dealer),
            "turn": self._name(self.turn),
            "asked": self._name(self.asked),
            "pool": self.pool,
            "seats": seats,
            "exchanges": [list(e) for e in self.exchanges_named()],
            "last_round": None if self.last_round is None else self.last_round.as_json(),
            "winners": [self.names[i] for i in self.winners],
            "stakes": self.table.stakes.as_json(),
            "house": self.table.house_dict(),
            "stock": self.stock if self.phase in ("turns", "asking", "reveal") else None,
            "handback": [list(e) for e in self.handback_named()],
            "cut": [self.names[i] for i in self.cut_seats],
            "events": self.events,
        }
