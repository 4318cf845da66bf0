"""Random tables and random legal play for the property tests.

Hypothesis draws the table (rule book, every house-rule field, stakes, seats, dealer) and a
seed; the game itself is played with `random.Random(seed)`. A game runs to hundreds of events,
each needing several choices, which is more than Hypothesis lets one example draw; the seed
keeps every failing game reproducible (Hypothesis prints it) while the table still shrinks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from companion.core.fields import STOCK
from companion.engine.gnav import (
    CALLS,
    MATADORS,
    PIECES,
    PRESETS,
    Change,
    Cut,
    Deal,
    Event,
    Knock,
    Leave,
    Reply,
    Reveal,
    SitOut,
    Stand,
    Table,
    TableState,
    parse_header,
)
from companion.engine.gnav.rules import CHOP_CONTINUES, FOOL_SCORINGS

FOOL = "fool"


def house_rules() -> st.SearchStrategy[dict[str, Any]]:
    """Any subset of the rule-book fields of gnav.md, each with any allowed value."""
    matador_sets = st.lists(st.sampled_from(MATADORS), unique=True, max_size=len(MATADORS))
    return st.fixed_dictionaries(
        {},
        optional={
            "fool_scoring": st.sampled_from(FOOL_SCORINGS),
            "two_fools_sit_out": st.booleans(),
            "chop_continues": st.sampled_from(CHOP_CONTINUES),
            "cat_reverses": st.booleans(),
            "stock_calls": matador_sets,
            "asker_pays": matador_sets,
        },
    )


def stakes() -> st.SearchStrategy[dict[str, Any]]:
    """Small stakes, so that games end within the step cap."""
    return st.one_of(
        st.builds(lambda n: {"kind": "counters", "each": n}, st.integers(1, 5)),
        st.builds(lambda n: {"kind": "strokes", "limit": n}, st.integers(1, 5)),
    )


# Name stems with letters the app must cope with: Norwegian letters, spaces inside a name,
# and padding that the header trims.
_STEMS = ("P", "Åse", "Bjørn", "Cy", "dag", "Æ ø")


@st.composite
def seat_names(draw: st.DrawFn, low: int = 2, high: int = 12) -> list[str]:
    count = draw(st.integers(low, high))
    stem = draw(st.sampled_from(_STEMS))
    pad = draw(st.sampled_from(("", " ", "\t")))
    return [f"{pad}{stem}{i}{pad}" for i in range(count)]


@st.composite
def headers(
    draw: st.DrawFn, rules: str | None = None, low: int = 2, high: int = 12
) -> dict[str, Any]:
    """A valid journal header (as decoded JSON)."""
    names = draw(seat_names(low, high))
    header: dict[str, Any] = {
        "ev": "table",
        "version": 1,
        "rules": rules if rules is not None else draw(st.sampled_from(sorted(PRESETS))),
        "stakes": draw(stakes()),
        "seats": names,
    }
    dealer = draw(st.one_of(st.none(), st.sampled_from(names)))
    if dealer is not None or draw(st.booleans()):
        header["dealer"] = dealer  # a null dealer means "find one by a cut", like a missing one
    house = draw(house_rules())
    if house or draw(st.booleans()):
        header["house"] = house
    return header


@dataclass(frozen=True)
class Setup:
    table: Table
    seed: int


@st.composite
def setups(
    draw: st.DrawFn, rules: str | None = None, low: int = 2, high: int = 12
) -> Setup:
    table = parse_header(draw(headers(rules, low, high)))
    return Setup(table, draw(st.integers(0, 2**32 - 1)))


# --- pieces --------------------------------------------------------------------------------


def draw_pieces(rng: random.Random, names: list[str]) -> tuple[tuple[str, str], ...]:
    """A piece for each seat, at most two of any piece, ties and fools made likely.

    The pieces come from a bag of two of each of a few piece kinds, so that equal pieces and
    pairs of fools (which decide most settlement rules) turn up often.
    """
    need = (len(names) + 1) // 2
    kinds = rng.sample(PIECES, rng.randint(need, len(PIECES)))
    if FOOL not in kinds and rng.random() < 0.4:
        kinds[0] = FOOL
    bag = kinds * 2
    rng.shuffle(bag)
    order = list(names)
    rng.shuffle(order)  # the journal's order of seats in a reveal is free
    return tuple(zip(order, bag))


def in_round_names(state: TableState) -> list[str]:
    return [name for i, name in enumerate(state.names) if state.in_round[i]]


def cut_names(state: TableState) -> list[str]:
    return [state.names[i] for i in state.cut_seats]


# --- legal play ----------------------------------------------------------------------------


def choose_move(state: TableState, rng: random.Random) -> Event:
    """One accepted event, weighted so that games move on (deals, stands, plain exchanges)."""
    if state.phase == "cut":
        return Cut(draw_pieces(rng, cut_names(state)))
    if state.phase == "reveal":
        return Reveal(draw_pieces(rng, in_round_names(state)))
    options = state.options()
    roll = rng.random()
    if state.phase == "ready":
        sit = [e for e in options if isinstance(e, SitOut)]
        leave = [e for e in options if isinstance(e, Leave)]
        if sit and roll < 0.5:
            return rng.choice(sit)
        if roll > 0.97:
            return rng.choice(leave)
        return Deal()
    knocks = [e for e in options if isinstance(e, Knock)]
    if roll < 0.04:
        return rng.choice(knocks)
    if state.phase == "turns":
        return rng.choice([e for e in options if isinstance(e, (Stand, Change))])
    replies = [e for e in options if isinstance(e, Reply)]
    plain = [e for e in replies if e.call == "none"]
    # the stock's calls are drawn more often, so that full tables run their stock dry
    if plain and roll < (0.3 if state.asked == -1 else 0.55):
        return plain[0]
    return rng.choice(replies)


def random_event(state: TableState, rng: random.Random) -> Event:
    """Any event at all, often a wrong one: wrong seat, wrong phase, bad pieces."""
    out_names = [n for i, n in enumerate(state.names) if state.out[i]]
    names = list(state.names)
    junk = ["Nobody", STOCK, "STOCK", names[0].upper(), names[-1].lower()]
    seat = rng.choice(names + out_names * 3 + junk)
    kind = rng.randrange(9)
    if kind == 0:
        return Deal()
    if kind == 1:
        return Knock(seat)
    if kind == 2:
        return Stand(seat)
    if kind == 3:
        return Change(seat)
    if kind == 4:
        source = rng.choice([seat, STOCK, state.name(state.asked) or STOCK])
        return Reply(source, rng.choice(CALLS))
    if kind == 5:
        return SitOut(seat)
    if kind == 6:
        return Leave(seat)
    # a reveal or cut over a random set of seats, sometimes with three of a piece
    chosen = rng.sample(names + junk[:1], rng.randint(1, min(len(names) + 1, 6)))
    if state.phase == "reveal" and rng.random() < 0.5:
        chosen = in_round_names(state)
    if state.phase == "cut" and rng.random() < 0.5:
        chosen = cut_names(state)
    pieces = [(name, rng.choice(PIECES)) for name in chosen]
    if len(pieces) >= 3 and rng.random() < 0.3:
        pieces = [(name, "7") for name, _ in pieces]
    return Cut(tuple(pieces)) if kind == 7 else Reveal(tuple(pieces))
