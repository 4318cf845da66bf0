"""The dealer's question about the other fool (`fool_query`, journal v2's `query` event).

Each docstring is a verbatim passage of `docs/rules/gnav.md` (its damm rule point, house
default 13 and the rule book fields). Seats are Ann, Bo, Cy, Dag in clockwise order and Ann
deals, so the turns run Bo, Cy, Dag and Ann last.
"""

from __future__ import annotations

import pytest

from companion.engine import GnavError, Query, parse_event, parse_header, rulebook

from .helpers import (
    GNAV_MD,
    change,
    deal,
    play,
    query,
    refused,
    reply,
    reveal,
    stand,
    table,
    table_v2,
    unquoted_docstrings,
)

TO_THE_DEALER = [deal(), stand("Bo"), stand("Cy"), stand("Dag")]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), GNAV_MD)
    assert not bad, f"docstrings that are not quotes of gnav.md: {bad}"


def test_damm_dealer_may_ask_whether_anyone_has_the_other_fool_before_he_exchanges() -> None:
    """a dealer dealt a fool "may ask whether anyone has the other fool before he exchanges"
    («Hvis giveren har fått en narr, kan han spørre om noen har den andre narren før han
    bytter»); the table answers yes or no"""
    state = play(table_v2(), *TO_THE_DEALER, query("Ann", "yes"))
    assert (state.query, state.as_json()["query"]) == ("yes", "yes")
    # and then he still exchanges with the stock, as the question comes before
    state.apply(parse_event(change("Ann"), 2))
    assert (state.phase, state.asked_name) == ("asking", "stock")
    other = play(table_v2(), *TO_THE_DEALER, query("Ann", "no"))
    assert other.as_json()["query"] == "no"


def test_query_asked_at_most_once_a_round() -> None:
    """It is asked at most once a round"""
    state = play(table_v2(), *TO_THE_DEALER, query("Ann", "no"))
    assert "already asked" in refused(state, query("Ann", "yes"))
    # the next round the new dealer (Bo) may ask again; the last answer is gone
    for event in (stand("Ann"), reveal(Ann="3", Bo="5", Cy="7", Dag="9"), deal()):
        state.apply(parse_event(event, 2))
    assert state.as_json()["query"] is None
    for seat in ("Cy", "Dag", "Ann"):
        state.apply(parse_event(stand(seat), 2))
    state.apply(parse_event(query("Bo", "yes"), 2))
    assert state.query == "yes"


def test_query_on_the_dealers_own_turn_before_he_stands_or_changes() -> None:
    """on the dealer's own turn before he stands or changes"""
    early = play(table_v2(), deal())  # Bo's turn
    assert "his own turn" in refused(early, query("Ann", "yes"))
    assert "Only the dealer" in refused(early, query("Bo", "yes"))
    at_dealer = play(table_v2(), *TO_THE_DEALER)
    assert "Only the dealer" in refused(at_dealer, query("Dag", "yes"))
    changed = play(table_v2(), *TO_THE_DEALER, change("Ann"))  # the stock is asked
    assert "cannot ask" in refused(changed, query("Ann", "yes"))
    stood = play(table_v2(), *TO_THE_DEALER, stand("Ann"))  # the turns are over
    assert "cannot ask" in refused(stood, query("Ann", "yes"))
    between = play(table_v2(), *TO_THE_DEALER, stand("Ann"),
                   reveal(Ann="3", Bo="5", Cy="7", Dag="9"))
    assert "cannot ask" in refused(between, query("Bo", "yes"))


def test_query_changes_no_balance_and_no_turn() -> None:
    """the table's answer (yes or no) is recorded for everyone to see and changes no balance
    and no turn."""
    before = play(table_v2(), deal(), change("Bo"), reply("Cy", "dragoon"), stand("Cy"),
                  stand("Dag"))
    after = play(table_v2(), deal(), change("Bo"), reply("Cy", "dragoon"), stand("Cy"),
                 stand("Dag"), query("Ann", "yes"))
    want = before.as_json()
    got = after.as_json()
    assert (want["query"], got["query"]) == (None, "yes")
    for key in ("phase", "turn", "asked", "pool", "seats", "exchanges", "stock", "undone",
                "dealer", "round"):
        assert got[key] == want[key], key
    assert after.options()[:2] == before.options()[:2]  # stand and change, as before


def test_query_nothing_is_paid() -> None:
    """the table answers yes or no; nothing is paid"""
    state = play(table_v2(strokes=3), *TO_THE_DEALER, query("Ann", "yes"))
    assert state.pool == 0 and state.balance == [0, 0, 0, 0]


def test_query_answer_is_not_checked_against_the_pieces() -> None:
    """The app cannot know whether the dealer holds a fool, so it does not check (as point
    12)."""
    state = play(table_v2(), *TO_THE_DEALER, query("Ann", "yes"), stand("Ann"),
                 reveal(Ann="3", Bo="5", Cy="7", Dag="9"))
    assert state.last_round is not None and state.last_round.losers == ("Ann",)
    assert state.as_json()["query"] is None


def test_query_only_journal_version_2_records_it() -> None:
    """Only journal version 2 records it (`docs/journal.md`, event `query`); journal version 1
    has no such event."""
    with pytest.raises(GnavError, match="is not an event"):
        parse_event(query("Ann", "yes"))  # version 1, the default
    v1 = play(table(), *TO_THE_DEALER)
    assert v1.why_not(Query("Ann", "yes")) is not None
    assert not any(isinstance(e, Query) for e in v1.options())
    assert "query" not in v1.as_json()
    with pytest.raises(GnavError, match="not a house rule"):
        parse_header(table(house={"fool_query": True}))


def test_fool_query_presets_damm_true_pagat_and_gamerules_false() -> None:
    """`fool_query` (journal v2 only) | `true` | `false` | `false`"""
    assert [rulebook(name).fool_query for name in ("damm", "pagat", "gamerules")] == [
        True, False, False]
    v2 = play(table_v2(), *TO_THE_DEALER)
    assert [e for e in v2.options() if isinstance(e, Query)] == [Query("Ann", "yes"),
                                                                 Query("Ann", "no")]
    for rules in ("pagat", "gamerules"):
        state = play(table_v2(rules), *TO_THE_DEALER)
        assert "fool_query off" in refused(state, query("Ann", "yes"))
        assert not any(isinstance(e, Query) for e in state.options())


def test_fool_query_pagat_and_gamerules_not_said_no_question() -> None:
    """(not said: no question)"""
    # a house rule may still give the question to any rule book, or take it from damm
    pagat = play(table_v2("pagat", house={"fool_query": True}), *TO_THE_DEALER,
                 query("Ann", "no"))
    assert pagat.query == "no"
    damm = play(table_v2(house={"fool_query": False}), *TO_THE_DEALER)
    assert "fool_query off" in refused(damm, query("Ann", "no"))


def test_fool_query_is_true_or_false() -> None:
    """`two_fools_sit_out`, `cat_reverses` and `fool_query` are `true` or `false`."""
    for value in ("yes", 1, None, []):
        with pytest.raises(GnavError, match="fool_query must be true or false"):
            parse_header(table_v2(house={"fool_query": value}))
    state = play(table_v2(), *TO_THE_DEALER)
    with pytest.raises(GnavError, match='"yes" or "no"'):
        parse_event(query("Ann", "maybe"), 2)
    with pytest.raises(GnavError, match='"yes" or "no"'):
        parse_event(query("Ann", True), 2)  # type: ignore[arg-type]
    assert state.query is None
