"""Gnav's six journal-v1 house-rule fields, as the effects and reveal rules the state reads
(issue 13, item 3): each call's effect with its parameters, and the reveal as small rules.

The fields keep their journal spelling; a rule book translates them once. Each test quotes the
passage of docs/rules/gnav.md it proves.
"""

from __future__ import annotations

from companion.engine import rulebook
from companion.engine.effects import EXCHANGE, Effect
from companion.engine.reveal import (
    DragsNext,
    LoneLoses,
    LowestLose,
    PairGains,
    RevealRule,
    Verdict,
    judge,
)

from .helpers import GNAV_MD, change, deal, play, reply, table, unquoted_docstrings


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), GNAV_MD)
    assert not bad, f"docstrings that are not quotes of gnav.md: {bad}"


def test_presets_translate_their_fields_into_effects() -> None:
    """| `chop_continues` | `"after_asker"` | `"after_holder"` | `"after_asker"` | | `cat_reverses` |
    `false` | `true` | `true` |"""
    assert rulebook("damm").effects == {
        "none": EXCHANGE, "cuckoo": Effect(then="end"), "dragoon": Effect(1, play_on="asker"),
        "cat": Effect(1, undo="none"), "horse": Effect(then="pass"), "house": Effect(then="pass"),
    }
    assert rulebook("pagat").effects["dragoon"] == Effect(1, play_on="holder")
    assert rulebook("pagat").effects["cat"] == Effect(1, undo="all")
    assert rulebook("gamerules").effects["dragoon"] == Effect(1, play_on="asker")
    assert rulebook("gamerules").effects["cat"] == Effect(1, undo="all")


def test_asker_pays_charges_the_asker_whatever_else_the_call_does() -> None:
    """a call listed in `asker_pays` charges the asker one counter (or stroke) at once,
    whatever else it does."""
    book = rulebook("damm", {"asker_pays": ["cuckoo", "horse"]})
    charges = {call: effect.charge for call, effect in book.effects.items()}
    assert charges == {"none": 0, "cuckoo": 1, "dragoon": 0, "cat": 0, "horse": 1, "house": 0}
    assert book.effects["horse"] == Effect(1, then="pass")


def test_house_rules_change_the_effects_parameters() -> None:
    """a journal header may override any of them with `"house": {"field": value}`"""
    book = rulebook("damm", {"chop_continues": "after_holder", "cat_reverses": True})
    assert book.effects["dragoon"] == Effect(1, play_on="holder")
    assert book.effects["cat"] == Effect(1, undo="all")
    assert book == rulebook("damm", {"cat_reverses": True, "chop_continues": "after_holder"})


def test_fool_scoring_translates_into_reveal_rules() -> None:
    """`damm`: the fool is outside the order. When **both** fools are revealed, each fool
    holder **takes 1 from the pool**; when only one is revealed (the other is among the unused
    pieces), its holder **pays 1**. Either way the lowest other piece pays as usual."""
    assert rulebook("damm").reveal == (
        LowestLose(apart=("fool",)), LoneLoses("fool", "fool"), PairGains("fool"),
    )
    assert rulebook("pagat").reveal == (LowestLose(), DragsNext("fool", held="fool_lowest"))
    assert rulebook("damm", {"fool_scoring": "drags_next"}).reveal == rulebook("pagat").reveal


RANKS = {name: i for i, name in enumerate(("cuckoo", "12", "7", "3", "pot", "owl", "fool"))}


def verdict_of(rules: tuple[RevealRule, ...], shown: dict[int, str]) -> Verdict:
    """The shared reveal rules judging Gnav's pieces, ranked by the pack's order."""
    return judge(rules, shown, RANKS)


def losses(verdict: Verdict) -> tuple[tuple[int, str], ...]:
    """(seat, why) in seat order, each loss costing 1 as Gnav's every loss does."""
    assert set(verdict.loss.values()) <= {1}
    return tuple(sorted(verdict.why.items()))


def test_lowest_piece_pays_ties_each_pay() -> None:
    """| lowest piece | pays 1; ties each pay | loses (pays 1); ties both lose | pays 1; ties both
    pay |"""
    verdict = verdict_of((LowestLose(),), {0: "7", 1: "3", 2: "3", 3: "cuckoo"})
    assert (losses(verdict), verdict.lowest, verdict.gains) == (
        ((1, "lowest"), (2, "lowest")), "3", ())


def test_drags_next_the_fool_drags_the_next_lowest_down() -> None:
    """`drags_next`: the fool is lowest; when the lowest piece is a fool, its holder(s) **and**
    the holder(s) of the next lowest piece lose"""
    rules = (LowestLose(), DragsNext("fool", held="fool_lowest"))
    verdict = verdict_of(rules, {0: "owl", 1: "fool", 2: "12", 3: "owl"})
    assert losses(verdict) == ((0, "dragged"), (1, "fool_lowest"), (3, "dragged"))
    assert verdict.lowest == "owl"
    only_fools = verdict_of(rules, {0: "fool", 1: "fool"})
    assert (losses(only_fools), only_fools.lowest) == (((0, "fool_lowest"), (1, "fool_lowest")),
                                                       "fool")


def test_damm_fool_scoring_lone_fool_pays_two_fools_take() -> None:
    """When **both** fools are revealed, each fool holder **takes 1 from the pool**; when only
    one is revealed (the other is among the unused pieces), its holder **pays 1**. Either way
    the lowest other piece pays as usual."""
    rules = rulebook("damm").reveal
    lone = verdict_of(rules, {0: "pot", 1: "fool", 2: "12"})
    assert (losses(lone), lone.lowest, lone.gains) == (((0, "lowest"), (1, "fool")), "pot", ())
    both = verdict_of(rules, {0: "pot", 1: "fool", 2: "fool"})
    assert (losses(both), both.lowest, both.gains) == (((0, "lowest"),), "pot", (1, 2))


def test_outcomes_are_named_by_effect() -> None:
    """| dragoon | no swap; the asker pays 1 to the pool; the asker's turn is over |"""
    blocked = play(table(), deal(), change("Bo"), reply("Cy", "dragoon"))
    assert blocked.last is not None
    assert (blocked.last.kind, blocked.last.call, blocked.last.charged) == ("block", "dragoon", 1)
    kinds = {}
    for call in ("cuckoo", "cat", "horse"):
        state = play(table(), deal(), change("Bo"), reply("Cy", call))
        assert state.last is not None
        kinds[call] = state.last.kind
    assert kinds == {"cuckoo": "end_turns", "cat": "block_reverse", "horse": "pass_on"}
