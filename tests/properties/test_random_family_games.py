"""Random legal games of Kille, Cuccù, Slabberjan and Vogelspiel under every rule book and
random house rules (issue 14): the invariants of docs/journal.md, v2 section 6 after every event, a
refused event changes nothing, and the written journal replays to the very state reached.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core import KINDS, parse_header
from companion.core.replay import replay_state
from companion.engine import GnavError
from companion.engine.books import FAMILY_BOOKS
from companion.engine.events import Change, Cut, Deal, Leave, Reveal, Stand
from companion.engine.family import FamilyEvent, FamilyReply, FamilyState, GameBook, Rebuy, Subset

from .test_random_games import games

STEP_CAP = 500
BOOKS = {book.game: book for book in FAMILY_BOOKS}
GAME_BOOKS = [(book.game, name) for book in FAMILY_BOOKS for name in book.presets]


@dataclass(frozen=True)
class Setup:
    header: dict[str, Any]
    seed: int


def _field(allowed: Any) -> st.SearchStrategy[Any]:
    if isinstance(allowed, Subset):
        return st.lists(st.sampled_from(allowed.items), unique=True)
    return st.sampled_from(allowed)


@st.composite
def setups(draw: st.DrawFn, game: str, rules: str, high: int = 7) -> Setup:
    book: GameBook = BOOKS[game]
    house = draw(st.fixed_dictionaries(
        {}, optional={k: _field(v) for k, v in book.fields.items()}), label="house")
    small = draw(st.integers(1, 3), label="stake")
    stakes: dict[str, Any] = {
        "stake": {"kind": "stake", "rebuys": small - 1},
        "lives": {"kind": "lives", "each": small},
        "counters": {"kind": "counters", "each": small},
    }[book.ledger]
    if game == "cuccu":
        stakes["reentry"] = draw(st.booleans(), label="reentry")
    count = draw(st.integers(2, min(high, book.max_seats)), label="seats")
    seats = [f"S{i}" for i in range(count)]
    header: dict[str, Any] = {"ev": "table", "version": 2, "game": game, "rules": rules,
                              "stakes": stakes, "seats": seats, "house": house}
    if draw(st.booleans(), label="named dealer"):
        header["dealer"] = draw(st.sampled_from(seats), label="dealer")
    return Setup(header, draw(st.integers(0, 2**32 - 1), label="seed"))


def draw_pieces(state: FamilyState, rng: random.Random,
                names: list[str]) -> tuple[tuple[str, str], ...]:
    bag = [p for p, n in state.rules.order for _ in range(n)]
    return tuple(zip(names, rng.sample(bag, len(names))))


def choose(state: FamilyState, rng: random.Random) -> FamilyEvent:
    if state.phase == "cut":
        return Cut(draw_pieces(state, rng, [state.names[i] for i in state.cut_seats]))
    if state.phase == "reveal":
        showing = [n for i, n in enumerate(state.names) if state.in_round[i] and not state.dead[i]]
        return Reveal(draw_pieces(state, rng, showing))
    options = state.options()
    deals = [e for e in options if isinstance(e, Deal)]
    # a seat leaves now and then, not at every chance, so that games are mostly played out
    if deals and rng.random() < 0.85:
        rest = [e for e in options if isinstance(e, Rebuy)]
        return rng.choice(rest) if rest and rng.random() < 0.5 else deals[0]
    return rng.choice(options)


def check_state(state: FamilyState, total: int, where: str) -> None:
    data = state.as_json()
    seats = data["seats"]
    if state.rules.ledger == "counters":
        assert sum(s["counters"] for s in seats) + state.pool + state.side_pot == total, where
    assert all(b >= 0 for b in state.balance), f"{where}: a balance below 0"
    phase = state.phase
    alive = [i for i in range(len(state.names)) if state.in_round[i] and not state.dead[i]]
    if phase in ("turns", "asking"):
        assert state.turn in alive, f"{where}: the turn is not an alive seat"
    else:
        assert state.turn is None
    if phase == "asking":
        assert state.asked == -1 or (state.asked in alive and state.asked != state.turn), where
        if state.asked == -1:
            assert state.stock > 0, f"{where}: the empty stock was asked"
    if phase in ("turns", "asking", "reveal"):
        held = [h for h in state.holds if h is not None]
        assert len(held) == len(set(held)) == sum(state.in_round), f"{where}: holds {held}"
        assert 0 <= state.stock <= state.rules.size - sum(state.in_round), where
        assert all(not state.out[i] for i in range(len(state.names)) if state.in_round[i])
    else:
        assert data["stock"] is None and data["exchanges"] == [] and data["undone"] == []
    if phase == "ready":
        in_game = [i for i, o in enumerate(state.out) if not o]
        assert (state.dealer is None) == (not in_game), where
        if state.dealer is not None:
            assert not state.out[state.dealer], f"{where}: the next dealer is out"
    if phase == "over":
        assert data["winners"], f"{where}: a finished game without a winner"
        standing = [s["name"] for s in seats if not s["out"]]
        if standing and state.rules.game_end == "last_standing":
            assert data["winners"] == standing


def check_refused(state: FamilyState, event: FamilyEvent, where: str) -> None:
    reason = state.why_not(event)
    if reason is None:
        state.clone().apply(event)
        return
    before = state.as_json()
    with pytest.raises(GnavError) as err:
        state.apply(event)
    assert str(err.value) == reason
    assert state.as_json() == before, f"{where}: refused {event} changed the state"


def wrong(state: FamilyState, rng: random.Random) -> FamilyEvent:
    """An event chosen with no regard to the state: a random seat and kind."""
    name = rng.choice(state.names)
    calls = list(state.rules.effects)
    return rng.choice([
        Stand(name), Change(name), Deal(), Leave(name), Rebuy(name),
        FamilyReply(rng.choice([name, "stock"]), rng.choice(calls)),
        Reveal(draw_pieces(state, rng, list(state.names))),
        Cut(draw_pieces(state, rng, list(state.names))),
    ])


def play(setup: Setup) -> tuple[FamilyState, list[FamilyEvent]]:
    kind, table = parse_header(setup.header)
    state = kind.new_state(table)
    assert isinstance(state, FamilyState)
    total = sum(state.balance)
    moves, probes = random.Random(setup.seed), random.Random(setup.seed ^ 0x5EED)
    events: list[FamilyEvent] = []
    check_state(state, total, "at the start")
    for step in range(STEP_CAP):
        if state.phase == "over":
            break
        where = f"event {step + 1}"
        for option in state.options():
            assert state.why_not(option) is None, f"{where}: option {option} refused"
        if probes.random() < 0.3:
            check_refused(state, wrong(state, probes), where)
        event = choose(state, moves)
        assert state.why_not(event) is None, f"{where}: {event}: {state.why_not(event)}"
        state.apply(event)
        events.append(event)
        check_state(state, total, f"{where} ({event})")
    # what the app writes reads back as the same game
    text = kind.dumps(table, events)
    assert replay_state(text).as_json() == state.as_json()
    return state, events


@pytest.mark.parametrize("game,rules", GAME_BOOKS, ids=[f"{g}-{r}" for g, r in GAME_BOOKS])
@games(max_examples=40)
@given(data=st.data())
def test_random_family_games_keep_every_invariant(game: str, rules: str,
                                                   data: st.DataObject) -> None:
    play(data.draw(setups(game, rules), label="setup"))


@pytest.mark.parametrize("game", sorted(BOOKS))
@games(max_examples=8)
@given(data=st.data())
def test_random_family_games_at_full_tables(game: str, data: st.DataObject) -> None:
    book = BOOKS[game]
    rules = data.draw(st.sampled_from(sorted(book.presets)), label="rules")
    play(data.draw(setups(game, rules, high=book.max_seats), label="setup"))


def test_most_small_family_games_finish() -> None:
    """The cap is long enough that the end-of-game checks really run."""
    rng = random.Random(14)
    finished: Counter[str] = Counter()
    for game, rules in GAME_BOOKS:
        for _ in range(6):
            header = {"ev": "table", "version": 2, "game": game, "rules": rules,
                      "stakes": {"kille": {"kind": "stake", "rebuys": 0}}.get(
                          game, {"kind": BOOKS[game].ledger, "each": 1}),
                      "seats": ["Ann", "Bo", "Cy"]}
            if game == "cuccu":
                header["stakes"] = {"kind": "lives", "each": 1, "reentry": False}
            state, _ = play(Setup(header, rng.randrange(2**32)))
            finished[game] += state.phase == "over"
    assert all(finished[g] >= 3 for g in BOOKS), finished
    assert KINDS.keys() >= BOOKS.keys()
