"""The state of a Gwra pyskessa table: the public record a real table needs, never the cards.

docs/rules/gwra-pyskessa.md says what the referee enters and what the app derives (hand
sizes, the deck, the draws it makes itself, whose turn, the sets, the end, the winner);
docs/journal.md (version 2, section 7) says exactly how. As in the Gnav engine, `check` raises
GnavError and changes nothing, `apply` checks first, so a refused event leaves the table as
it was; the work per event depends on the number of seats, not on the length of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from companion.engine.errors import Checked, GnavError, Text, quoted

from .cards import PACK_SIZE, RANK, RANK_IDS, SET_SIZE
from .events import Ask, Cut, Deal, Event, Header, LayDown, Reply
from .phrasebook import Saying, answer, ask

Phase = Literal["cut", "ready", "turns", "asking", "over"]
SETS = len(RANK_IDS)  # thirteen: the game ends when every rank is scored
MOST_CAUGHT = SET_SIZE - 1  # the asker holds at least one of the rank (house default 9)

OutcomeKind = Literal[
    "cut_tie",  # the cut tied for highest: the tied seats cut again
    "cut_dealer",  # the cut found the dealer
    "deal",
    "ask",  # a seat asked another for a rank
    "catch",  # the asked seat handed over `count` cards: the asker's turn goes on
    "go_fish",  # «Nag eus. Gwra pyskessa!»: the asker drew (if the deck had a card)
    "set",  # a seat laid down four of a kind
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one event did, for the banner: who, what was said, and what the app did by itself
    (the draws it made, in order, and the turns it skipped), so the referee can tell the
    table to draw."""

    kind: OutcomeKind
    seat: str | None = None  # who acted (the asker, for a reply)
    target: str | None = None
    rank: str | None = None
    count: int = 0
    say: Saying | None = None
    draws: tuple[str, ...] = ()  # each draw of one card from the deck, in order
    skipped: tuple[str, ...] = ()  # turns skipped: no card, and none in the middle
    turn: str | None = None  # whose turn it is now
    over: bool = False
    tied: tuple[str, ...] = ()  # cut: the seats to cut again


def deal_size(seats: int) -> int:
    """The seed: "If there are 2 or 3 players- deal 7 cards to each player. If there are 4 or
    more players- deal 5 cards to each player." """
    return 7 if seats <= 3 else 5


class GoFishState(Checked):
    """One table of Gwra pyskessa, built by applying its journal's events in order."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.names: tuple[str, ...] = header.seats
        self._index: dict[str, int] = {name: i for i, name in enumerate(header.seats)}
        self._folded: dict[str, str] = {name.casefold(): name for name in header.seats}
        n = len(header.seats)
        self.hands: list[int] = [0] * n
        self.sets: list[list[str]] = [[] for _ in range(n)]  # ranks, in the order laid down
        self.scored: dict[str, int] = {}  # rank -> the seat that laid it down
        self.deck: int | None = None  # None before the deal
        self.round = 0
        self.phase: Phase = "cut" if header.dealer is None else "ready"
        self.dealer: int | None = None if header.dealer is None else self._index[header.dealer]
        self.turn: int | None = None
        self.asked: int | None = None
        self.rank: str | None = None  # the rank asked for, while the answer waits
        self.cut_seats: tuple[int, ...] = tuple(range(n)) if header.dealer is None else ()
        self.winners: tuple[int, ...] = ()
        self.last: Outcome | None = None
        self.events = 0

    # --- copies --------------------------------------------------------------------------

    def clone(self) -> GoFishState:
        other = GoFishState.__new__(GoFishState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.sets = [list(s) for s in self.sets]
        other.scored = dict(self.scored)
        return other

    # --- asking ------------------------------------------------------------------------------

    def check(self, event: Event) -> None:
        """Raises GnavError when `event` would not be accepted now; changes nothing."""
        if self.phase == "over":
            raise GnavError("The game is over: nothing more can happen.")
        if isinstance(event, Ask):
            self._check_ask(event)
        elif isinstance(event, Reply):
            self._check_reply(event)
        elif isinstance(event, LayDown):
            self._check_set(event)
        elif isinstance(event, Deal):
            if self.phase != "ready":
                raise GnavError("Nobody can deal now: {why}.", why=self._phase_words())
        elif isinstance(event, Cut):
            self._check_cut(event)
        else:  # pragma: no cover - the Event union is closed
            raise GnavError("{event} is not an event.", event=repr(event))

    def _check_ask(self, event: Ask) -> None:
        i = self._seat(event.seat)
        j = self._seat(event.target)
        if self.phase != "turns":
            raise GnavError("{seat} cannot ask for a card now: {why}.", seat=event.seat,
                            why=self._phase_words())
        if i != self.turn:
            raise GnavError("It is {turn}'s turn, not {seat}'s.", turn=self._name(self.turn),
                            seat=event.seat)
        if i == j:
            raise GnavError("{seat} asks one of the other players, not himself.",
                            seat=event.seat)
        if self.hands[i] == 0:  # pragma: no cover - a turn never begins with an empty hand
            raise GnavError("{seat} holds no card, so has no card of a rank to ask for.",
                            seat=event.seat)
        if self.hands[j] == 0:
            raise GnavError("{target} holds no card and cannot be asked (house default 8).",
                            target=event.target)
        if event.rank in self.scored:
            raise GnavError("Nobody can be asked for {plural}: {seat} has laid them down as a "
                            "set already.", plural=Text(RANK[event.rank].plural),
                            seat=self.names[self.scored[event.rank]])

    def _check_reply(self, event: Reply) -> None:
        j = self._seat(event.source)
        if self.phase != "asking":
            raise GnavError("{seat} cannot answer now: {why}.", seat=event.source,
                            why=self._phase_words())
        if j != self.asked:
            raise GnavError("{seat} was not asked: {asker} asked {asked}.", seat=event.source,
                            asker=self._name(self.turn), asked=self._name(self.asked))
        if event.count > MOST_CAUGHT:
            raise GnavError("Nobody hands over {count} cards of one rank: the asker holds at "
                            "least one of the four, so a catch is 1 to 3 cards.",
                            count=event.count)
        if event.count > self.hands[j]:
            raise GnavError(Text.n("{seat} holds only one card and cannot hand over {given}.",
                                   "{seat} holds only {count} cards and cannot hand over "
                                   "{given}.", self.hands[j], seat=event.source,
                                   given=event.count))

    def _check_set(self, event: LayDown) -> None:
        i = self._seat(event.seat)
        if self.phase != "turns":
            raise GnavError("{seat} cannot lay down a set now: {why}.", seat=event.seat,
                            why=self._phase_words())
        if event.rank in self.scored:
            raise GnavError("Nobody lays down {plural} twice: {seat} has laid them down as a "
                            "set already.", plural=Text(RANK[event.rank].plural),
                            seat=self.names[self.scored[event.rank]])
        if self.hands[i] < SET_SIZE:
            raise GnavError(Text.n("{seat} holds one card, too few for a set of four.",
                                   "{seat} holds {count} cards, too few for a set of four.",
                                   self.hands[i], seat=event.seat))

    def _check_cut(self, event: Cut) -> None:
        if self.phase != "cut":
            raise GnavError("There is no cut now: {why}.", why=self._phase_words())
        drawing = set(self.cut_seats)
        given: set[int] = set()
        shown: set[str] = set()
        for name, card in event.cards:
            i = self._seat(name)
            if i not in drawing:
                raise GnavError("{seat} is not drawing in this cut.", seat=name)
            if card in shown:
                raise GnavError("The cut shows {card} twice; the pack has each card once.",
                                card=card)
            given.add(i)
            shown.add(card)
        missing = [self.names[i] for i in self.cut_seats if i not in given]
        if missing:
            raise GnavError("The cut leaves out {names}.", names=", ".join(missing))

    # --- applying ----------------------------------------------------------------------------

    def apply(self, event: Event) -> Outcome:
        """Applies `event` (after checking it) and returns what it did."""
        self.check(event)
        if isinstance(event, Ask):
            self.phase = "asking"
            self.asked = self._index[event.target]
            self.rank = event.rank
            outcome = Outcome("ask", event.seat, event.target, event.rank,
                              say=ask(event.target, event.rank), turn=event.seat)
        elif isinstance(event, Reply):
            outcome = self._reply(event)
        elif isinstance(event, LayDown):
            outcome = self._lay_down(event)
        elif isinstance(event, Deal):
            outcome = self._deal()
        else:
            outcome = self._cut(event)
        self.last = outcome
        self.events += 1
        return outcome

    def _deal(self) -> Outcome:
        assert self.dealer is not None
        n = len(self.names)
        each = deal_size(n)
        self.round = 1
        self.hands = [each] * n
        self.deck = PACK_SIZE - each * n
        draws: list[str] = []
        skipped: list[str] = []
        self._begin((self.dealer + 1) % n, draws, skipped)
        return Outcome("deal", self.names[self.dealer], draws=tuple(draws),
                       skipped=tuple(skipped), turn=self._name(self.turn))

    def _reply(self, event: Reply) -> Outcome:
        assert self.turn is not None and self.asked is not None and self.rank is not None
        asker, target, rank = self.turn, self.asked, self.rank
        self.asked = None
        self.rank = None
        self.phase = "turns"
        draws: list[str] = []
        skipped: list[str] = []
        if event.count:
            self.hands[target] -= event.count
            self.hands[asker] += event.count
            if self._alone(asker) and self._draw(asker, draws):
                self._begin(self._after(asker), draws, skipped)
            kind: OutcomeKind = "catch"
        else:
            # house default 5: a go-fish draw never gives another ask, whatever it is
            self._draw(asker, draws)
            self._begin(self._after(asker), draws, skipped)
            kind = "go_fish"
        return Outcome(kind, self.names[asker], self.names[target], rank, event.count,
                       answer(rank, event.count), tuple(draws), tuple(skipped),
                       self._name(self.turn))

    def _lay_down(self, event: LayDown) -> Outcome:
        i = self._index[event.seat]
        self.hands[i] -= SET_SIZE
        self.sets[i].append(event.rank)
        self.scored[event.rank] = i
        draws: list[str] = []
        skipped: list[str] = []
        if len(self.scored) == SETS:
            self._game_over()
        elif self.turn is not None:
            turn = self.turn
            if self.hands[turn] == 0:
                # house default 7: a hand emptied during one's own turn ends it
                self._begin(self._after(turn), draws, skipped)
            elif self._alone(turn) and self._draw(turn, draws):
                self._begin(self._after(turn), draws, skipped)
        return Outcome("set", event.seat, rank=event.rank, draws=tuple(draws),
                       skipped=tuple(skipped), turn=self._name(self.turn),
                       over=self.phase == "over")

    def _begin(self, seat: int, draws: list[str], skipped: list[str]) -> None:
        """docs/journal.md, v2 section 7, "A turn begins" for `seat`, and for the seats after it as
        long as a turn ends before it is played. Each pass draws a card or skips a seat with
        no card when the deck is empty; cards are conserved and some seat holds a card while
        fewer than thirteen sets are scored, so the loop ends."""
        while True:
            if self.hands[seat] == 0 and not self._draw(seat, draws):
                skipped.append(self.names[seat])
                seat = self._after(seat)
                continue
            if self._alone(seat) and self._draw(seat, draws):
                # house default 6: nobody to ask, so one card and the turn ends
                seat = self._after(seat)
                continue
            self.turn = seat
            self.phase = "turns"
            return

    def _draw(self, seat: int, draws: list[str]) -> bool:
        """One card from the deck to `seat`; False when the deck is empty."""
        if not self.deck:
            return False
        self.deck -= 1
        self.hands[seat] += 1
        draws.append(self.names[seat])
        return True

    def _alone(self, seat: int) -> bool:
        """No other seat holds a card."""
        return not any(h for j, h in enumerate(self.hands) if j != seat)

    def _after(self, seat: int) -> int:
        """The next seat to the left (clockwise): docs/journal.md, v2 section 4, Gwra pyskessa."""
        return (seat + 1) % len(self.names)

    def _game_over(self) -> None:
        self.phase = "over"
        self.turn = None
        self.asked = None
        self.rank = None
        most = max(len(s) for s in self.sets)
        tied = [i for i, s in enumerate(self.sets) if len(s) == most]
        # the seed: "If two or more players draw, the winner is the player with the highest
        # value set of 4 (ace high)"; every rank is scored once, so one seat holds it
        self.winners = (max(tied, key=lambda i: max(RANK[r].value for r in self.sets[i])),)

    def _cut(self, event: Cut) -> Outcome:
        # house default 3: the highest rank deals, ace high, suits do not count
        value = {i: RANK[card[:-1]].value for i, card in
                 ((self._index[s], c) for s, c in event.cards)}
        best = max(value.values())
        tied = tuple(sorted(i for i, v in value.items() if v == best))
        if len(tied) > 1:
            self.cut_seats = tied
            return Outcome("cut_tie", tied=tuple(self.names[i] for i in tied))
        self.dealer = tied[0]
        self.cut_seats = ()
        self.phase = "ready"
        return Outcome("cut_dealer", self.names[tied[0]])

    # --- seats and words -----------------------------------------------------------------

    def _seat(self, name: str) -> int:
        i = self._index.get(name)
        if i is None:
            spelled = self._folded.get(name.casefold())
            if spelled is not None:
                raise GnavError("The seat is spelled {spelled}, not {name}.", spelled=spelled,
                                name=quoted(name))
            raise GnavError("There is no seat called {name}.", name=quoted(name))
        return i

    def _name(self, i: int | None) -> str | None:
        return None if i is None else self.names[i]

    def _phase_words(self) -> Text:
        if self.phase == "cut":
            return Text("the first dealer is still to be found by a cut")
        if self.phase == "ready":
            return Text("the cards are still to be dealt by {seat}",
                        seat=self._name(self.dealer))
        if self.phase == "turns":
            return Text("it is {seat}'s turn", seat=self._name(self.turn))
        if self.phase == "asking":
            return Text("{seat} has asked {asked}, who must answer", seat=self._name(self.turn),
                        asked=self._name(self.asked))
        return Text("the game is over")  # pragma: no cover - check refuses everything then

    # --- reading -------------------------------------------------------------------------

    @property
    def say(self) -> Saying | None:
        """What the asker says, while the answer waits."""
        if self.phase != "asking" or self.asked is None or self.rank is None:
            return None
        return ask(self.names[self.asked], self.rank)

    def options(self) -> list[Event]:
        """Every accepted event but a cut (which needs the cards shown): asks to seats holding
        cards for ranks not scored (the app cannot see which the asker holds), the answers
        the asked hand can give, and the sets of seats holding four cards or more."""
        out: list[Event] = []
        if self.phase == "ready":
            out.append(Deal())
        elif self.phase == "turns" and self.turn is not None:
            seat = self.names[self.turn]
            open_ranks = [r for r in RANK_IDS if r not in self.scored]
            for j, name in enumerate(self.names):
                if j != self.turn and self.hands[j]:
                    out += [Ask(seat, name, r) for r in open_ranks]
            for j, name in enumerate(self.names):
                if self.hands[j] >= SET_SIZE:
                    out += [LayDown(name, r) for r in open_ranks]
        elif self.phase == "asking" and self.asked is not None:
            source = self.names[self.asked]
            out += [Reply(source, c) for c in range(min(MOST_CAUGHT, self.hands[self.asked]) + 1)]
        return out

    def as_json(self) -> dict[str, Any]:
        """The state as `replay` prints it: docs/journal.md, v2 section 8, the fields of every game
        and Gwra pyskessa's (`deck`, `rank`, `say`; per seat `hand` and `sets`)."""
        say = self.say
        return {
            "version": self.header.version,
            "game": self.header.game,
            "rules": self.header.rules,
            "round": self.round,
            "phase": self.phase,
            "dealer": self._name(self.dealer),
            "turn": self._name(self.turn),
            "asked": self._name(self.asked),
            "pool": 0,
            "seats": [{"name": name, "out": False, "hand": self.hands[i],
                       "sets": list(self.sets[i])} for i, name in enumerate(self.names)],
            "exchanges": [],
            "last_round": None,
            "winners": [self.names[i] for i in self.winners],
            "deck": self.deck,
            "rank": self.rank,
            "say": None if say is None else say.as_json(),
            "cut": [self.names[i] for i in self.cut_seats],
            "events": self.events,
        }
