"""The engine plays by the table's pack (issue 13, item 3): its order, its counts, its direction
and its fool come from `Rulebook.pack`, not from Gnav's module-level names.

The packs here are Gnav's pack changed in one point, each as the next games of the family need
(docs/journal.md, version 2, section 4: "direction" left or right, counts "2 each unless said",
a low piece other than Gnav's fool); the events are built directly because the journal-v1
parser knows Gnav's pieces only.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import (
    GNAV_PACK,
    Change,
    Cut,
    Deal,
    Pack,
    Piece,
    Reply,
    Reveal,
    Stand,
    TableState,
    parse_header,
    rulebook,
)

from .helpers import GNAV_MD, JOURNAL_MD, table, unquoted_docstrings


def state_with(pack: Pack, rules: str = "damm", dealer: str = "Ann") -> TableState:
    header = parse_header(table(rules, dealer=dealer))
    return TableState(header, replace(rulebook(rules), pack=pack))


def renamed(old: str, new: str, count: int | None = None) -> tuple[Piece, ...]:
    return tuple(
        replace(p, name=new, count=p.count if count is None else count) if p.name == old else p
        for p in GNAV_PACK.pieces
    )


def test_rule_books_with_different_packs_differ() -> None:
    right = replace(GNAV_PACK, direction="right")
    assert replace(rulebook("damm"), pack=right) != rulebook("damm")
    assert replace(rulebook("damm"), pack=GNAV_PACK) == rulebook("damm")


def test_direction_right_turns_and_deal_go_to_the_previous_name() -> None:
    """"The next seat" after a seat is, for direction **left**, the next name in the header
    list (wrapping round) and, for direction **right**, the previous name (wrapping round),
    skipping every seat that does not take part at that moment (out, sitting out, not dealt in,
    or dead in this deal). The deal, the turns, the asked seat, a pass and the rotation of the
    dealer all follow the direction."""
    state = state_with(replace(GNAV_PACK, direction="right"))
    state.apply(Deal())
    assert state.turn_name == "Dag"  # Ann deals: the turns run Dag, Cy, Bo, Ann last
    state.apply(Change("Dag"))
    assert state.asked_name == "Cy"
    state.apply(Reply("Cy", "none"))
    assert state.turn_name == "Cy"
    for seat in ("Cy", "Bo"):
        state.apply(Stand(seat))
    state.apply(Stand("Ann"))
    assert state.phase == "reveal"
    state.apply(Reveal((("Ann", "9"), ("Bo", "8"), ("Cy", "7"), ("Dag", "6"))))
    assert state.dealer_name == "Dag"


def test_direction_right_fools_take_from_the_pool_from_the_dealers_right() -> None:
    """Each fool holder takes 1 from the pool while the pool has counters, in turn order
    starting left of the dealer."""
    # "in turn order": for a pack played to the right the turns start right of the dealer
    state = state_with(replace(GNAV_PACK, direction="right"))
    state.apply(Deal())
    state.apply(Change("Dag"))
    state.apply(Reply("Cy", "dragoon"))  # Dag pays 1: the pool holds one counter
    for seat in ("Cy", "Bo", "Ann"):
        state.apply(Stand(seat))
    state.apply(Reveal((("Ann", "9"), ("Bo", "fool"), ("Cy", "7"), ("Dag", "fool"))))
    assert state.last_round is not None
    # Cy's 7 pays first (pool 2); then Dag (first to the dealer's right) takes before Bo
    assert [(t.seat, t.took) for t in state.last_round.fool_takes] == [("Dag", 1), ("Bo", 1)]


def test_the_fool_scoring_reads_the_packs_fool() -> None:
    """Under **damm** the fool stands outside the order (see Fool scoring)"""
    pack = replace(GNAV_PACK, pieces=renamed("fool", "mask"), fool="mask")
    state = state_with(pack)
    state.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        state.apply(Stand(seat))
    state.apply(Reveal((("Ann", "9"), ("Bo", "mask"), ("Cy", "7"), ("Dag", "8"))))
    assert state.last_round is not None
    losses = [(loss.seat, loss.reason) for loss in state.last_round.losses]
    assert losses == [("Bo", "fool"), ("Cy", "lowest")]  # damm: a lone fool pays


def test_the_pack_says_how_many_of_each_piece_there_are() -> None:
    """the seats that show (all seats of the round; in Kille only those still alive) each show
    a piece; no piece more often than the pack holds it"""
    one_seven = replace(GNAV_PACK, pieces=renamed("7", "7", count=1))
    state = state_with(one_seven)
    state.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        state.apply(Stand(seat))
    assert state.why_not(Reveal((("Ann", "7"), ("Bo", "7"), ("Cy", "5"), ("Dag", "6")))) == (
        "The reveal shows 2 of 7; the pack has only one.")
    assert state.stock == 41 - 4  # "the pack (42, 40 or 32) less the pieces dealt"
    three_sevens = replace(GNAV_PACK, pieces=renamed("7", "7", count=3))
    state = state_with(three_sevens)
    state.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        state.apply(Stand(seat))
    assert state.can(Reveal((("Ann", "7"), ("Bo", "7"), ("Cy", "7"), ("Dag", "6"))))
    cutting = TableState(parse_header(table(dealer=None)),
                         replace(rulebook("damm"), pack=three_sevens))
    assert cutting.why_not(Cut((("Ann", "7"), ("Bo", "7"), ("Cy", "7"), ("Dag", "7")))) == (
        "The cut shows 4 of 7; the pack has only 3.")


def test_the_cut_and_the_reveal_rank_by_the_packs_order() -> None:
    """The pieces are compared by the pack's order (section 4)."""
    # a pack with the numerals upside down: 0 is the highest numeral, 12 the lowest
    numerals = [p for p in GNAV_PACK.pieces if p.name.isdigit()]
    upside_down = GNAV_PACK.pieces[:5] + tuple(reversed(numerals)) + GNAV_PACK.pieces[-3:]
    state = state_with(replace(GNAV_PACK, pieces=upside_down), dealer="Ann")
    state.apply(Deal())
    for seat in ("Bo", "Cy", "Dag", "Ann"):
        state.apply(Stand(seat))
    state.apply(Reveal((("Ann", "0"), ("Bo", "12"), ("Cy", "5"), ("Dag", "6"))))
    assert state.last_round is not None and state.last_round.losers == ("Bo",)
    cutting = TableState(parse_header(table(dealer=None)),
                         replace(rulebook("damm"), pack=replace(GNAV_PACK, pieces=upside_down)))
    cutting.apply(Cut((("Ann", "12"), ("Bo", "0"), ("Cy", "5"), ("Dag", "fool"))))
    assert cutting.dealer_name == "Bo"


def test_every_rule_test_quotes_its_source() -> None:
    bad = [name for name in unquoted_docstrings(globals(), GNAV_MD, JOURNAL_MD)
           if name != "test_rule_books_with_different_packs_differ"]
    assert not bad, f"docstrings that are not quotes of gnav.md or journal.md: {bad}"
