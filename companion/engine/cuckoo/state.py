"""The one engine of the cuckoo family: the state of a table of Gnav, Kille, Cuccù, Slabberjan
or Vogelspiel, built by applying its journal's events (docs/journal.md, v2 sections 6 and 9).

Every rule it plays by is a value of `play` (`CuckooRules`, rules.py), which the table's rule
book compiles (book.py): the pack (order, counts, the order of the cut, the direction), what
each call does (`Effect`, effects.py), the reveal as small rules (reveal.py), and the ledger
(a type per kind: stake, lives, counters with a pool or strokes with a limit, each paying,
gaining and going out by its own rules: ledger.py). `CuckooState` interprets those values and
never names a piece or compares a ledger's name, so the games share every line of it. What
each event did is told in one vocabulary (`Outcome`, outcome.py), a reveal's round as a value
(`Settlement`, settlement.py: `last_settlement`). Each game's state is a thin subclass that
prints its own replay keys: `FamilyState` (family.py) for the four, Gnav's `TableState`
(gnav/state.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from companion.core.errors import N_, GnavError, Text, either, quoted
from companion.core.fields import STOCK

from .effects import Undo
from .events import (
    Change,
    CuckooEvent,
    Cut,
    Deal,
    FamilyReply,
    Knock,
    Leave,
    Query,
    Rebuy,
    Reply,
    Reveal,
    SitOut,
    Stand,
)
from .ledger import Ledger
from .outcome import Outcome, OutcomeKind
from .reveal import Verdict, judge
from .rules import CuckooRules, Phase
from .seating import STOCK_SEAT, Seating
from .settlement import Loss, PoolTake, Settlement

Piece = str | int  # docs/journal.md, v2 section 6.6: a dealt piece by its seat's name, a drawn one by k


class Settled(NamedTuple):
    """What a reveal settled, for the game's own record of the round (a named tuple: made at
    every reveal, where a frozen dataclass's init costs more)."""

    shown: dict[int, str]
    lowest: str | None
    why: dict[int, str]
    loss: dict[int, int]  # what each loser was to lose (after shelters and Smith's rule)
    paid: dict[int, int]  # what each loser paid
    took: tuple[tuple[int, int], ...]  # the gains in turn order: (seat, what it got)
    pair: tuple[int, ...]  # the two holders of the rules' pair piece, when exactly two showed
    went_out: list[int]
    died: list[int]  # died in this deal (stake), in seat order
    reveal_died: list[int]
    side: tuple[tuple[int, int], ...] = ()  # the side pot's payments in turn order: (seat, paid)


class CuckooState(Seating):
    """The state of one table of a game of the cuckoo family, built by applying its journal's
    events: every rule it plays by is a value of `play` (CuckooRules), and what each event did
    is told in one vocabulary (Outcome), a reveal's round as a value (Settlement). A game's
    state is a thin subclass: its rules and header, its record of a settled round
    (`_settled`), its reply event and its replay keys."""

    table: Any
    play: CuckooRules

    def _seat_table(self, seats: tuple[str, ...], dealer: str | None, play: CuckooRules,
                    ledger: Ledger, each: int) -> None:
        self.play = play
        # read at every reply
        self._effects, self._stock_effects = play.effects, play.stock_effects
        self._says_more = play.replies_say_more
        self.names: tuple[str, ...] = seats
        self._index = {name: i for i, name in enumerate(seats)}
        self._folded = {name.casefold(): name for name in seats}
        self._step = play.step
        n = len(seats)
        self.each = each
        self.ledger = ledger
        self.limit = each
        self.credit = play.credit
        self.tokens_to_dealer = play.tokens_to_dealer
        self.all_out_return = play.all_out_return
        self.balance: list[int] = [ledger.start(each)] * n
        self.out = [False] * n
        self.in_round = [False] * n
        self.sitting_out = [False] * n
        self.knocked = [False] * n
        self.dead = [False] * n
        self.alive = [False] * n  # in the round and not dead: who takes turns and shows a piece
        self.died: list[int] = []  # died in this deal, in order
        self.holds: list[Piece | None] = [None] * n
        self.rebuys = [0] * n  # kille: used; cuccu: re-entries of the seat
        self.virgin = [True] * n
        self.money = [-1] * n
        self.collected = [0] * n
        self.sloffen = [False] * n
        # when each seat went out (the count of events then; -1 while in): the standings
        # rank the seats out by it, the last out first
        self.out_at = [-1] * n
        self.anyone_broke = False
        self.pot = ledger.pot(n)
        self.pool = 0
        self.side_pot = 0
        self.reentries = 0  # at this table, by anyone
        self.may_rebuy: list[int] = []
        self.may_sit_out: tuple[int, ...] = ()  # the pair's holders, last round
        self.query: str | None = None  # the answer to the dealer's question this round
        self.round = 0
        self.phase: Phase = "cut" if dealer is None else "ready"
        self.first_dealer: int | None = None if dealer is None else self._index[dealer]
        self.dealer: int | None = self.first_dealer
        self.last_dealer: int | None = None
        self.turn: int | None = None
        self.asked: int | None = None
        self.stock = 0
        self.taken = 0
        self.taker: dict[int, int] = {}  # drawn piece k -> the seat that took it
        # standing exchanges: (asker, other, what the asker gave, what the other gave)
        self.exchanges: list[tuple[int, int, Piece | None, Piece | None]] = []
        self.undone: list[tuple[int, int]] = []
        self.moved: list[Piece] = []
        self.shelters: list[tuple[int, int]] = []
        self.charges: list[bool] = []  # vogelspiel: each charge of the turns, paid in full?
        self.cut_seats: tuple[int, ...] = tuple(range(n)) if dealer is None else ()
        self.before_reveal: list[int] = []
        self._reveal_died: list[int] = []
        self.winners: tuple[int, ...] = ()
        self.last: Outcome | None = None
        self.last_settlement: Settlement | None = None  # the last reveal's round
        self.events = 0
        # Outcomes are frozen values and the same few recur all game long, so each is made
        # once per table (making one costs more than the turn); clones may share them
        self._outcomes: dict[tuple[Any, ...], Outcome] = {}

    # --- what each event did, in the one vocabulary ---------------------------------------------

    def _said(self, kind: str, seat: str | None = None, holder: str | None = None,
              call: str | None = None, charged: int = 0) -> Outcome:
        """The Outcome of a plain event, made once per table."""
        key = (kind, seat, holder, call, charged)
        outcome = self._outcomes.get(key)
        if outcome is None:
            outcome = self._outcomes[key] = self._outcome(kind, seat, holder, call, charged)
        return outcome

    def _outcome(self, kind: str, seat: str | None, holder: str | None, call: str | None,
                 charged: int) -> Outcome:
        """The engine's word for what happened, named by its effect: a change to an empty
        stock or a pass that runs into one has lapsed; a pass from the stock sets the piece
        aside; a block by a call the rules tell as reversing is a reversing block."""
        lapsed = kind == "lapsed"
        told: OutcomeKind
        if lapsed and call is None:
            told = "change"  # a change to an empty stock
        elif lapsed or kind == "pass":
            # the stock sets a piece that passes on aside and replies again
            told = "set_aside" if holder == STOCK else "pass_on"
        elif kind == "block":
            told = "block_reverse" if call in self.play.reversing else "block"
        else:
            told = cast(OutcomeKind, kind)
        return Outcome(told, seat, holder, call, charged, lapsed=lapsed)

    def _handed_back(self, seat: str, holder: str | None, call: str, charged: int) -> Outcome:
        """A block that undid exchanges (`undone`), with them named, newest first."""
        return Outcome(self._outcome("block", seat, holder, call, charged).kind, seat=seat,
                       holder=holder, call=call, charged=charged,
                       handback=tuple((self.names[a], self._name(b) or STOCK)
                                      for a, b in self.undone))

    def _cut_said(self, tied: tuple[int, ...]) -> Outcome:
        if len(tied) > 1:
            return Outcome("cut_tie", tied=tuple(self.names[i] for i in tied))
        return Outcome("cut_dealer", seat=self.names[tied[0]])

    def _settle(self, settled: Settled) -> Outcome:
        """A reveal's round as a value: the pieces shown, who lost what and why, who gained,
        who went out or died, the winners and the pool after it, who deals next."""
        names, shown = self.names, settled.shown
        paid = settled.paid
        settlement = Settlement(
            round=self.round,
            pieces=tuple((names[i], shown[i]) for i in sorted(shown)),
            lowest=settled.lowest,
            # a refused Inn's holder loses for the asker it sheltered (Cuccù's house default 8)
            losses=tuple(Loss(names[i], shown[i], settled.why.get(i, "shelter"), paid.get(i, 0))
                         for i in sorted(settled.loss)),
            fool_takes=tuple(PoolTake(names[i], took) for i, took in settled.took),
            two_fools=tuple(names[i] for i in settled.pair),
            went_out=tuple(names[i] for i in settled.went_out),
            winners=tuple(names[i] for i in self.winners),
            pool=self.pool,
            next_dealer=None if self.phase == "over" else self._name(self.dealer),
            died=tuple(names[i] for i in settled.died),
            side=tuple(PoolTake(names[i], paid) for i, paid in settled.side),
        )
        self.last_settlement = settlement
        self._settled(settlement)
        return Outcome("reveal", settlement=settlement)

    # --- what a game's state keeps in its own terms ---------------------------------------------

    def _settled(self, settlement: Settlement) -> None:
        """The game's record of a settled round, as its replay prints it."""
        raise NotImplementedError

    def _reply_event(self, source: str, call: str) -> Reply | FamilyReply:
        raise NotImplementedError

    # the lists an event may change in place: a clone gets its own (the rest are replaced, never
    # changed, or are shared on purpose)
    _LISTS = ("balance", "out", "in_round", "sitting_out", "knocked", "dead", "alive", "died",
              "holds", "rebuys", "virgin", "money", "collected", "sloffen", "out_at", "may_rebuy",
              "exchanges", "undone", "moved", "shelters", "charges", "before_reveal",
              "_reveal_died")

    def clone(self) -> Any:
        other = type(self).__new__(type(self))
        mine = self.__dict__
        theirs = other.__dict__
        theirs.update(mine)
        for name in self._LISTS:
            theirs[name] = mine[name].copy()
        theirs["taker"] = mine["taker"].copy()
        return other

    # --- asking -------------------------------------------------------------------------------

    def check(self, event: CuckooEvent) -> None:
        """Raises GnavError when `event` would not be accepted now; changes nothing."""
        if self.phase == "over":
            raise GnavError("The game is over: nothing more can happen.")
        if isinstance(event, Stand):
            self._check_turn(event.seat, N_("{seat} cannot stand now: {why}."))
        elif isinstance(event, Change):
            self._check_turn(event.seat, N_("{seat} cannot ask to change now: {why}."))
        elif isinstance(event, (Reply, FamilyReply)):
            self._check_reply(event)
        elif isinstance(event, Knock) and self.play.knocks:
            i = self._seat(event.seat)
            if self.phase not in ("turns", "asking"):
                raise GnavError("{seat} cannot knock now: {why}.", seat=event.seat,
                                why=self._phase_words())
            self._check_in_round(i)
        elif isinstance(event, Deal):
            if self.phase != "ready":
                raise GnavError("Nobody can deal now: {why}.", why=self._phase_words())
            if sum(1 for o in self.out if not o) < 2:
                raise GnavError("A deal needs two seats in the game; the seats out decide "
                                "first whether to buy back in.")
        elif isinstance(event, Reveal):
            if self.phase != "reveal":
                raise GnavError("The pieces cannot be shown now: {why}.",
                                why=self._phase_words())
            self._check_pieces(event.pieces, [i for i, a in enumerate(self.alive) if a],
                               "reveal", self.play.counts,
                               N_("{seat} died in this deal and shows no piece.")
                               if self.ledger.dies else
                               N_("{seat} sits out this round and shows no piece."))
        elif isinstance(event, Cut):
            if self.phase != "cut":
                raise GnavError("There is no cut now: {why}.", why=self._phase_words())
            self._check_pieces(event.pieces, list(self.cut_seats), "cut", self.play.counts, "")
        elif isinstance(event, SitOut) and self.play.refusals is not None:
            self._check_sit_out(event)
        elif isinstance(event, Query) and self.play.refusals is not None:
            self._check_query(event)
        elif isinstance(event, Leave):
            i = self._seat(event.seat)
            if self.phase != "ready":
                raise GnavError("{seat} can only leave between rounds: {why}.",
                                seat=event.seat, why=self._phase_words())
            if i not in self.may_rebuy:
                if self.out[i]:
                    raise GnavError("{seat} is already out of the game.", seat=event.seat)
                if sum(1 for o in self.out if not o) == 1:
                    raise GnavError("{seat} is the last seat in the game and cannot leave.",
                                    seat=event.seat)
        elif isinstance(event, Rebuy):
            i = self._seat(event.seat)
            if self.play.buy_back == "none":
                raise GnavError("Nobody buys back in under these rules.")
            if self.phase != "ready":
                raise GnavError("{seat} can only buy back in between rounds: {why}.",
                                seat=event.seat, why=self._phase_words())
            if i not in self.may_rebuy:
                raise GnavError("{seat} may not buy back in now.", seat=event.seat)
        else:  # an event of another game of the family
            raise GnavError("{event} is not an event.", event=repr(event))

    def _check_in_round(self, i: int) -> None:
        name = self.names[i]
        if self.out[i]:
            raise GnavError("{seat} is out of the game.", seat=name)
        if not self.in_round[i]:
            raise GnavError("{seat} sits out this round.", seat=name)

    def _check_turn(self, name: str, cannot: str) -> None:
        i = self._seat(name)
        if self.phase != "turns":
            raise GnavError(cannot, seat=name, why=self._phase_words())
        self._check_in_round(i)
        if i != self.turn:
            raise GnavError("It is {turn}'s turn, not {seat}'s.", turn=self._name(self.turn),
                            seat=name)

    def _check_reply(self, event: Reply | FamilyReply) -> None:
        if self.phase != "asking":
            raise GnavError("Nobody was asked to change: {why}.", why=self._phase_words())
        asked = self._name(self.asked)
        if event.source == STOCK:
            if self.asked != STOCK_SEAT:
                raise GnavError("The stock was not asked: {seat} asked {asked}.",
                                seat=self._name(self.turn), asked=asked)
            calls = self.play.stock_effects
            if event.call not in calls:
                rest = (Text("the stock only calls {calls}", calls=either(
                    [c for c in calls if c != "none"])) if len(calls) > 1 else
                    Text("the stock makes no calls; the dealer simply swaps with it"))
                raise GnavError("The stock cannot call {call} under these rules: {rest}.",
                                call=event.call, rest=rest)
            return
        i = self._seat(event.source)
        if i != self.asked:
            raise GnavError("{source} was not asked: {seat} asked {asked}.",
                            source=event.source, seat=self._name(self.turn), asked=asked)
        if self._says_more and isinstance(event, FamilyReply) and event.face_up:
            pair = (self._name(self.turn), event.source)
            for name in event.face_up:
                if name not in pair:
                    raise GnavError("Only {asker} and {holder} exchange here; {name} hands "
                                    "nothing over.", asker=pair[0], holder=pair[1],
                                    name=quoted(name))

    def _check_query(self, event: Query) -> None:
        """gnav.md, house default 13: at most once a round, on the dealer's own turn before
        he stands or changes; whether he holds the piece asked about is not checked (the app
        cannot know)."""
        i = self._seat(event.seat)
        words = self.play.refusals
        assert words is not None
        if not self.play.query:
            raise GnavError(words.query_off, rules=self.play.name)
        if self.phase != "turns":
            raise GnavError(words.query_when, seat=event.seat, why=self._phase_words())
        if i != self.dealer:
            raise GnavError(words.query_not_dealer, dealer=self._name(self.dealer),
                            seat=event.seat)
        if i != self.turn:
            raise GnavError(words.query_not_his_turn, why=self._phase_words())
        if self.query is not None:
            raise GnavError(words.query_again)

    def _check_sit_out(self, event: SitOut) -> None:
        i = self._seat(event.seat)
        if not self.play.pair_sits_out:
            raise GnavError(
                "Nobody sits out under these rules ({rules}, two_fools_sit_out off).",
                rules=self.play.name,
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
            assert self.play.refusals is not None
            raise GnavError(self.play.refusals.sit_out_who, seat=event.seat)
        dealt_in = sum(1 for j in range(len(self.names))
                       if not self.out[j] and not self.sitting_out[j])
        if dealt_in - 1 < 2:
            raise GnavError(
                "{seat} cannot sit out: at least two seats must be dealt in.", seat=event.seat
            )

    # --- applying -----------------------------------------------------------------------------

    def apply(self, event: CuckooEvent) -> Outcome:
        """Applies `event` (after checking it) and returns what it did."""
        self.check(event)
        if isinstance(event, Stand):
            self._advance(self._index[event.seat])
            outcome = self._said("stand", event.seat)
        elif isinstance(event, Change):
            outcome = self._change(self._index[event.seat])
        elif isinstance(event, (Reply, FamilyReply)):
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
            self.sitting_out[self._index[event.seat]] = True
            self._find_dealer()  # house default 8: the deal passes to the next seat dealt in
            outcome = self._said("sit_out", event.seat)
        elif isinstance(event, Query):
            self.query = event.answer
            outcome = self._said("query", event.seat)
        elif isinstance(event, Leave):
            outcome = self._leave(self._index[event.seat])
        else:
            outcome = self._rebuy(self._index[event.seat])
        self.last = outcome
        self.events += 1
        return outcome

    def _alive(self, i: int) -> bool:
        return self.alive[i]

    def _next_alive(self, i: int) -> int | None:
        """The next alive seat of the round after i; None when that passes a dead dealer (the
        turns are then over)."""
        n = len(self.names)
        j = (i + self._step) % n
        alive = self.alive
        if alive[j]:  # most often the very next seat
            return j
        step = self._step
        for _ in range(n):
            if alive[j]:
                return j
            if j == self.dealer:
                return None
            j = (j + step) % n
        return None

    def _advance(self, i: int) -> None:
        """docs/journal.md, v2 section 6.1, advance from i."""
        self.asked = None
        nxt = None if i == self.dealer else self._next_alive(i)
        if nxt is None:
            self.phase = "reveal"
        else:
            self.phase = "turns"
        self.turn = nxt

    def _change(self, i: int) -> Outcome:
        asker = self.names[i]
        target = STOCK_SEAT if i == self.dealer else self._next_alive(i)
        if target is None or target == i:
            target = STOCK_SEAT
        if target == STOCK_SEAT and self.stock == 0:
            self._advance(i)  # 6.5 (Gnav's house default 10): a change to an empty stock lapses
            return self._said("lapsed", asker, STOCK)
        self.phase, self.asked = "asking", target
        return self._said("change", asker, self._name(target))

    def _undo(self, scope: Undo, offered: Piece | None) -> None:
        """docs/journal.md, v2 section 6.6: the standing exchanges in `scope`, newest first."""
        undone: list[tuple[int, int]] = []
        kept: list[tuple[int, int, Piece | None, Piece | None]] = []
        for ex in reversed(self.exchanges):
            a, b, gave_a, gave_b = ex
            if scope == "all" or offered in (gave_a, gave_b):
                self.holds[a] = gave_a
                if b != STOCK_SEAT:
                    self.holds[b] = gave_b
                elif self.play.lay_aside:
                    self.stock += 1
                undone.append((a, b))
            else:
                kept.append(ex)
        self.exchanges = kept[::-1]
        self.undone = undone

    def _origin(self, piece: Piece) -> int:
        if isinstance(piece, int):
            return self.taker[piece]
        return self._index[piece]

    def _die(self, i: int) -> None:
        if not self.dead[i]:
            self.dead[i] = True
            self.alive[i] = False
            self.died.append(i)

    def _reply(self, event: Reply | FamilyReply) -> Outcome:
        asker, holder = self.turn, self.asked
        assert asker is not None and holder is not None
        play = self.play
        from_stock = holder == STOCK_SEAT
        call = event.call
        effect = (self._stock_effects if from_stock else self._effects)[call]
        if from_stock and call != "none":
            self.stock -= 1  # 6.4 (Gnav's house default 10): a shown or set-aside piece is used up
        charge = effect.charge
        charged = self.ledger.charge(self, asker, charge) if charge else 0
        if charge and play.only_if_unpaid:
            self.charges.append(charged == charge)
        said = (self.names[asker], self._name(holder), call, charged)
        # the family's replies that say more (Kille's face up, Cuccù's sale, Vogelspiel's silence)
        family = cast(FamilyReply, event) if self._says_more else None
        if effect.exchange or (effect.sale and family is not None and family.sold):
            if family is not None and family.face_up:
                for name in family.face_up:
                    gave = self.holds[self._index[name]]
                    if gave is not None and gave not in self.moved:
                        self.moved.append(gave)
            holds = self.holds
            gave = holds[asker]
            if from_stock:
                self.taken = taken = self.taken + 1
                self.taker[taken] = asker
                holds[asker] = taken
                self.exchanges.append((asker, STOCK_SEAT, gave, taken))
                if play.lay_aside:
                    self.stock -= 1  # the old piece is laid aside, not put back
            else:
                got = holds[holder]
                self.exchanges.append((asker, holder, gave, got))
                holds[asker], holds[holder] = got, gave
            if family is not None:
                if family.price:
                    self.money[asker] -= family.price
                    self.money[holder] += family.price
                if family.silent and play.silent_pays:
                    pays = play.silent_pays
                    paid = self.ledger.charge(self, holder, pays)
                    if play.only_if_unpaid:
                        self.charges.append(paid == pays)
            self._advance(asker)
            return self._said("exchange", *said)
        if effect.sale:
            self.shelters.append((asker, holder))
            self._advance(asker)
            return self._said("shelter", *said)
        offered = self.holds[asker]
        undone = effect.undo != "none"
        if undone:
            self._undo(effect.undo, offered)
        if effect.kills == "asker":
            self._die(asker)
        elif effect.kills == "origin" and offered is not None:
            self._die(self._origin(offered))
        if effect.then == "end":
            self._end_turns()
            return self._said("end_turns", *said)
        if effect.then == "pass":
            if from_stock or holder == self.dealer:
                target: int | None = STOCK_SEAT
            else:
                target = self._next_alive(holder)
                if target is None or target == asker:
                    target = STOCK_SEAT
            if target == STOCK_SEAT and self.stock == 0:
                self._advance(asker)
                return self._said("lapsed", *said)
            self.asked = target
            return self._said("pass", *said)
        # a block; Gnav's house default 6: after the holder, every turn up to and including
        # the holder's is over (from the stock, after the asker)
        self._advance(holder if effect.play_on == "holder" and not from_stock else asker)
        if undone and self.undone:
            return self._handed_back(*said)
        return self._said("block", *said)

    # --- between rounds -----------------------------------------------------------------------

    def _find_dealer(self) -> None:
        """docs/journal.md, v2 sections 6.2 and 6.12: who would deal now; Gnav's house default
        8: the next seat dealt in, when that one sits out."""
        if self.last_dealer is None:
            first = self.first_dealer
            assert first is not None
            self.dealer = first if not self.out[first] else self._next_in_game(first)
        else:
            self.dealer = self._next_in_game(self.last_dealer)
        dealer, sitting_out = self.dealer, self.sitting_out
        if dealer is not None and sitting_out[dealer]:
            n, step, out = len(self.names), self._step, self.out
            for _ in range(n):  # a sit-out leaves two seats dealt in (or lapses)
                dealer = (dealer + step) % n
                if not out[dealer] and not sitting_out[dealer]:
                    self.dealer = dealer
                    break

    def _deal(self) -> Outcome:
        # the dealer was found when it last could change (a reveal, a leave, a sit-out, a rebuy)
        assert self.dealer is not None
        self.may_rebuy = []
        self.round += 1
        n = len(self.names)
        out, sitting_out, names = self.out, self.sitting_out, self.names
        self.in_round = in_round = [not out[i] and not sitting_out[i] for i in range(n)]
        self.holds = [names[i] if in_round[i] else None for i in range(n)]
        self.dead = [False] * n
        self.alive = list(in_round)
        self.knocked = [False] * n
        self.died = []
        self.taken = 0
        self.taker = {}
        self.query = None
        self.stock = self.play.size - sum(self.in_round)
        self.exchanges, self.undone, self.moved, self.shelters, self.charges = [], [], [], [], []
        self.asked = None
        self.phase = "turns"
        self.turn = self._next_alive(self.dealer)
        return self._said("deal", self.names[self.dealer])

    def _cut(self, event: Cut) -> Outcome:
        return self._cut_said(self._cut_for_dealer(event.pieces, self.play.cut_ranks))

    def _placed(self, shown: dict[int, str]) -> dict[int, int] | None:
        """The showing seats ranked apart from their piece: Kille's moved piece placed by its
        marks (below the whole order when it was moved, above it when not)."""
        moved = self.play.moved_lowest
        if moved is None:
            return None
        below = len(self.play.ranks)
        return {i: below if self.holds[i] in self.moved else -1
                for i, p in shown.items() if p == moved}

    def _reveal(self, event: Reveal) -> Outcome:
        assert self.dealer is not None
        play = self.play
        n = len(self.names)
        shown = {self._index[s]: p for s, p in event.pieces}
        if len(shown) < play.reveal_needs:
            verdict = Verdict({}, {}, None, (), ())
        else:
            verdict = judge(play.reveal, shown, play.ranks, self._placed(shown))
        loss = dict(verdict.loss)
        if play.shelter_piece is not None:
            for asker, holder in self.shelters:
                if asker in loss and shown.get(asker) == play.shelter_piece:
                    loss[holder] = loss.get(holder, 0) + loss.pop(asker)
        if play.only_if_unpaid and self.charges and all(self.charges):
            loss = {}
        # Gnav's house default 1: the losers pay first, then the gains are made
        reveal_died: list[int] = []
        paid: dict[int, int] = {}
        ledger = self.ledger
        for i in self._turn_order(loss) if len(loss) > 1 else loss:
            if ledger.dies:
                self._die(i)
                reveal_died.append(i)
            else:
                paid[i] = ledger.charge(self, i, loss[i])
        # Gnav's house default 3: in turn order from the dealer's left, while the pool lasts
        took = (tuple((i, ledger.gain(self, i)) for i in self._turn_order(verdict.gains))
                if verdict.gains else ())
        side: tuple[tuple[int, int], ...] = ()
        if verdict.side:
            side = tuple((i, ledger.charge(self, i, 1, side=True))
                         for i in self._turn_order(verdict.side))
        pair: tuple[int, ...] = ()
        if play.pair_piece is not None:
            pair_piece = play.pair_piece
            held = [i for i, p in shown.items() if p == pair_piece]
            pair = tuple(sorted(held)) if len(held) == 2 else ()
        self.may_sit_out = pair
        before = [i for i, o in enumerate(self.out) if not o]
        # Gnav's house default 2: going out is checked once, after the reveal is settled
        went_out = self._going_out(before)
        reveal_died.sort()
        settled = Settled(shown, verdict.lowest, verdict.why, loss, paid, took, pair, went_out,
                          sorted(self.died) if self.died else [], reveal_died, side)
        self.before_reveal = before
        self._reveal_died = reveal_died
        self.last_dealer = self.dealer
        self.in_round = [False] * n
        self.sitting_out = [False] * n
        self.dead = [False] * n
        self.alive = [False] * n
        self.holds = [None] * n
        self.died = []
        self.query = None
        self.exchanges, self.undone, self.moved, self.shelters, self.charges = [], [], [], [], []
        self.turn = self.asked = None
        self.phase = "ready"
        if play.buy_back == "rebuy":
            self.may_rebuy = [i for i in went_out if self.rebuys[i] < self.each]
        elif play.buy_back == "reentry" and self.table.reentry:
            self.may_rebuy = list(went_out)
        if play.buy_back == "reentry":
            self._lapse_reentry()
        self._find_dealer()  # Gnav's house default 9
        if play.game_end == "first_out_loses" and went_out:
            rest = tuple(i for i in range(n) if not self.out[i])
            self._game_over(rest if rest else tuple(went_out))
        else:
            self._check_end()
        return self._settle(settled)

    def _going_out(self, before: list[int]) -> list[int]:
        """docs/journal.md, v2 section 6.11, 2; the seats that go out, in header order (the ledger says)."""
        out = self.ledger.going_out(self, before)
        for i in out:
            self.out[i] = True
            self.out_at[i] = self.events
            self.virgin[i] = False
        return out

    def _lapse_reentry(self) -> None:
        if self.play.buy_back == "reentry" and not any(
                self.virgin[i] and not self.out[i] for i in range(len(self.names))):
            self.may_rebuy = []

    def _check_end(self) -> None:
        if self.may_rebuy or self.out.count(False) > 1:
            return
        rest = tuple(i for i, o in enumerate(self.out) if not o)
        if len(rest) == 1:
            self._game_over(rest)
        elif not rest:
            share = self._reveal_died if self.ledger.dies else self.before_reveal
            self._game_over(tuple(share))

    def _game_over(self, winners: tuple[int, ...]) -> None:
        super()._game_over(winners)
        self.may_rebuy = []
        self.may_sit_out = ()

    def _leave(self, i: int) -> Outcome:
        if i in self.may_rebuy:
            self.may_rebuy.remove(i)
        else:
            self.out[i] = True
            self.out_at[i] = self.events
            self.sitting_out[i] = False
        remaining = [j for j in range(len(self.names)) if not self.out[j]]
        if len(remaining) > 1 and any(self.sitting_out) and sum(
                1 for j in remaining if not self.sitting_out[j]) < 2:
            # Gnav's house default 8: every sit-out lapses, and the dealer is found as if
            # nobody sat out
            for j in remaining:
                self.sitting_out[j] = False
        self._lapse_reentry()
        self._find_dealer()
        self._check_end()
        return self._said("leave", self.names[i])

    def _rebuy(self, i: int) -> Outcome:
        self.may_rebuy.remove(i)
        self.out[i] = False
        self.out_at[i] = -1
        if self.play.buy_back == "rebuy":
            self.rebuys[i] += 1
            self.pot += 1
        else:
            price = 2 ** (self.reentries + 1)
            self.reentries += 1
            self.rebuys[i] += 1
            self.balance[i] = self.each
            self.money[i] -= price
            self.pot += price
        self._find_dealer()
        self._check_end()
        return self._said("rebuy", self.names[i])

    # --- reading ------------------------------------------------------------------------------

    @property
    def dealer_name(self) -> str | None:
        return self._name(self.dealer)

    @property
    def turn_name(self) -> str | None:
        return self._name(self.turn)

    @property
    def asked_name(self) -> str | None:
        return self._name(self.asked)

    def _options(self) -> list[CuckooEvent]:
        """Every accepted event that needs no pieces (reveal and cut need the table's)."""
        out: list[CuckooEvent] = []
        play = self.play
        if self.phase == "ready":
            if self.can(Deal()):
                out.append(Deal())
            for name in self.names:
                for event in (Leave(name), SitOut(name), Rebuy(name)):
                    if self.can(event):
                        out.append(event)
        elif self.phase == "turns" and self.turn is not None:
            seat = self.names[self.turn]
            out += [Stand(seat), Change(seat)]
            if play.query:
                out += [q for q in (Query(seat, "yes"), Query(seat, "no")) if self.can(q)]
        elif self.phase == "asking":
            source = self._name(self.asked) or STOCK
            asker = self._name(self.turn) or STOCK
            calls = play.stock_effects if source == STOCK else play.effects
            for call, effect in calls.items():
                if effect.sale and source != STOCK:
                    out += [FamilyReply(source, call, sold=False),
                            FamilyReply(source, call, sold=True, price=1)]
                    continue
                out.append(self._reply_event(source, call))
                if call == "none" and source != STOCK:
                    if play.face_up:
                        out += [FamilyReply(source, call, face_up=(asker,)),
                                FamilyReply(source, call, face_up=(source,))]
                    if play.silent_pays is not None:
                        out.append(FamilyReply(source, call, silent=True))
        if play.knocks and self.phase in ("turns", "asking"):
            out += [Knock(self.names[i]) for i, r in enumerate(self.in_round) if r]
        return out


