"""The edges of a table the referee may type in (issue 6, item 3), each with its exact answer.

Names with emoji, right-to-left text, padding, 24 and 25 characters, duplicates that differ
only in case, "stock"; 2, 40 and 41 seats; 99 and 100 counters; a stroke limit of 1. Each goes
through the engine (journal.replay, as `replay` and import read a file) and through the Store
(create_game, apply, import, export), and the names come back byte for byte.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as label
from hypothesis import strategies as st

from companion.core.names import check_new_names
from companion.engine import (
    Change,
    Deal,
    GnavError,
    JournalError,
    Reply,
    Reveal,
    Stakes,
    Stand,
    Table,
    TableState,
    parse_header,
)
from companion.engine.journal import dumps, replay
from companion.store import Store

from .conftest import snapshot
from .journals import header_obj

COUNTERS3 = {"kind": "counters", "each": 3}
EMOJI = ("😀", "👨‍👩‍👧", "🎲" * 24)  # one code point; a joined family of five; the longest
RTL = ("مريم", "سارة", "דוד", "רות")


def journal(
    seats: list[str], *events: dict[str, Any], rules: str = "damm",
    stakes: dict[str, Any] = COUNTERS3, dealer: str | None = None,
) -> bytes:
    """A journal file as a referee's editor saves it: raw UTF-8, names as typed."""
    head = header_obj(seats, rules, stakes, dealer if dealer is not None else seats[0])
    lines = [json.dumps(head, ensure_ascii=False)]
    lines += [json.dumps(e, ensure_ascii=False) for e in events]
    return ("\n".join(lines) + "\n").encode("utf-8")


def refusal(data: bytes) -> str:
    with pytest.raises(JournalError) as info:
        replay(data)
    return str(info.value)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path) as s:
        yield s


def stand(seat: str) -> dict[str, Any]:
    return {"ev": "stand", "seat": seat}


def change(seat: str) -> dict[str, Any]:
    return {"ev": "change", "seat": seat}


def reply(source: str, call: str = "none") -> dict[str, Any]:
    return {"ev": "reply", "from": source, "call": call}


def reveal(pieces: dict[str, str]) -> dict[str, Any]:
    return {"ev": "reveal", "pieces": pieces}


DEAL = {"ev": "deal"}


# --- names: accepted ------------------------------------------------------------------------


def exotic_round(names: list[str], padded: bool) -> bytes:
    """One damm round on these seats: the dealer is names[0], so the next seat starts; every
    seat but the dealer asks to change, the dealer swaps with the stock; the dealer shows
    the lowest piece. Events spell each seat with padding when `padded`."""
    pad = (lambda n: f"  {n}\t") if padded else (lambda n: n)
    order = names[1:] + names[:1]
    events: list[dict[str, Any]] = [DEAL]
    for asker, asked in zip(order, order[1:] + ["stock"]):
        events += [change(pad(asker)), reply(pad(asked) if asked != "stock" else "stock")]
    pieces = {pad(n): str(12 - i) for i, n in enumerate(order)}
    return journal([f" {n} " for n in names], *events, reveal(pieces), dealer=f"\t{names[0]}")


@pytest.mark.parametrize("names", [list(EMOJI), list(RTL), [RTL[0], EMOJI[1], "Åse", "x" * 24]])
@pytest.mark.parametrize("padded", [False, True])
def test_exotic_names_play_a_round_and_come_back_byte_exact(
    store: Store, names: list[str], padded: bool
) -> None:
    data = exotic_round(names, padded)
    table, events, state = replay(data)
    assert table.seats == tuple(names)  # trimmed in the header, nothing else changed
    assert table.dealer == names[0]
    assert state.phase == "ready" and state.round == 1
    assert state.exchanges_named() == []  # a settled round keeps no exchanges
    settled = state.last_round
    assert settled is not None and [loss.seat for loss in settled.losses] == [names[0]]
    assert dict(zip(state.names, state.balance)) == {n: 3 - (n == names[0]) for n in names}
    assert state.dealer_name == names[1]

    game = store.import_journal(data)
    exported = store.export_journal(game.id)
    expected = dumps(table, events)
    assert exported == expected
    encoded = exported.encode("utf-8")
    for name in names:
        # as raw UTF-8, not \u escapes
        assert json.dumps(name, ensure_ascii=False).encode("utf-8") in encoded
    assert "\\u" not in exported
    # and every seat named anywhere in the file is spelled as in the header, padding gone
    named: set[str] = set()
    for line in exported.splitlines()[1:]:
        obj = json.loads(line)
        named.update(obj.get("pieces", {}))
        named.update(v for k, v in obj.items() if k in ("seat", "from"))
    assert named == {*names, "stock"}
    assert store.list_games()[0].seats == tuple(names)
    again = store.import_journal(exported)
    assert store.export_journal(again.id) == exported
    # and after the file is closed and opened again
    folder = store.folder
    store.close()
    with Store(folder) as reopened:
        assert reopened.export_journal(game.id) == exported
        assert reopened.open_game(game.id).state.as_json() == state.as_json()
        assert reopened.list_games()[0].seats == tuple(names)


def test_names_escaped_in_the_file_are_exported_as_utf8(store: Store) -> None:
    """A file written with \\u escapes (ensure_ascii) reads the same, and exports raw UTF-8."""
    head = header_obj([RTL[0], EMOJI[1], "Zoë"], "damm", COUNTERS3, "Zoë")
    data = json.dumps(head, ensure_ascii=True) + "\n" + json.dumps(DEAL) + "\n"
    assert "\\u" in data
    game = store.import_journal(data)
    exported = store.export_journal(game.id)
    assert exported.startswith(
        '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
        '"each": 3}, "seats": ["مريم", "👨‍👩‍👧", "Zoë"], "dealer": "Zoë"}\n'
    )
    assert game.state.turn_name == RTL[0]


def test_twenty_four_characters_fit_and_twenty_five_do_not(store: Store) -> None:
    for name in ("x" * 24, "🎲" * 24, "  " + "y" * 24 + "  ", "ø" * 24):
        table, _, _ = replay(journal([name, "Bo"]))
        assert table.seats[0] == name.strip() and len(table.seats[0]) == 24
        assert store.create_game(table).table.seats[0] == name.strip()
    for name in ("x" * 25, "🎲" * 25, " " + "y" * 25):
        data = journal([name, "Bo"], dealer="Bo")
        shown = json.dumps(name, ensure_ascii=False)
        assert refusal(data) == (
            f"line 1: the name {shown} has 25 characters; a name has 1 to 24."
        )


# --- names: refused -------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "message"), [
    (["Ann", "ann"], "ann and Ann are the same name; every seat needs its own."),
    (["ANN", "Bo", " ann "], "ann and ANN are the same name; every seat needs its own."),
    (["Åse", "åSE"], "åSE and Åse are the same name; every seat needs its own."),
    (["Straße", "STRASSE"], "STRASSE and Straße are the same name; every seat needs its own."),
    (["Stock", "Bo"], "no seat may be called \"stock\": that word names the stock."),
    (["Bo", "STOCK"], "no seat may be called \"stock\": that word names the stock."),
    (["Bo", " stock "], "no seat may be called \"stock\": that word names the stock."),
    (["Bo", "ſtock"], "no seat may be called \"stock\": that word names the stock."),  # long s
    (["", "Bo"], "the name \"\" has 0 characters; a name has 1 to 24."),
    (["Bo", "   "], "the name \"   \" has 0 characters; a name has 1 to 24."),
    (["Bo", "\u3000"], "the name \"\u3000\" has 0 characters; a name has 1 to 24."),
])
def test_bad_names_are_refused_naming_them(
    store: Store, seats: list[str], message: str
) -> None:
    data = journal(seats, dealer="Bo")
    assert refusal(data) == f"line 1: {message}"
    before = snapshot(store)
    with pytest.raises(JournalError):
        store.import_journal(data)
    # the app builds a Table itself: create_game checks it the same way
    with pytest.raises(GnavError) as info:
        store.create_game(Table("damm", Stakes("counters", 3), tuple(seats)))
    assert str(info.value) == message
    assert snapshot(store) == before


def test_events_must_spell_the_seat_as_the_header_does() -> None:
    """Padding is trimmed, but case is not forgiven: the referee is told the spelling."""
    seats = ["Åse", "مريم", "Bo"]
    ok = journal([" Åse ", "مريم", "Bo"], DEAL, stand("  مريم "), stand("\tBo"))
    assert replay(ok)[2].turn_name == "Åse"
    wrong_case = journal(seats, DEAL, stand("مريم"), stand("BO"))
    assert refusal(wrong_case) == "line 4: The seat is spelled Bo, not BO."
    wrong_case = journal(seats, DEAL, change("مريم"), reply("bo"))
    assert refusal(wrong_case) == "line 4: The seat is spelled Bo, not bo."
    unknown = journal(seats, DEAL, stand("מרים"))
    assert refusal(unknown) == "line 3: There is no seat called מרים."
    dealer = journal(seats, dealer=" åse ")
    assert refusal(dealer) == "line 1: the dealer åse is not one of the seats."
    # the stock in any case is the stock, where the stock is asked
    stock = journal(["Ann", "Bo"], DEAL, stand("Bo"), change("Ann"), reply("STOCK"))
    assert replay(stock)[2].phase == "reveal"


# --- seats and stakes -----------------------------------------------------------------------


def test_two_seats_play_a_full_round(store: Store) -> None:
    """Bo (left of the dealer Ann) swaps with Ann, Ann swaps with the stock, Ann shows the
    lower piece and pays; the deal passes to Bo."""
    data = journal(
        ["Ann", "Bo"], DEAL, change("Bo"), reply("Ann"), change("Ann"), reply("stock"),
        reveal({"Bo": "7", "Ann": "3"}),
    )
    table, events, state = replay(data)
    shown = state.as_json()
    assert {k: shown[k] for k in ("round", "phase", "dealer", "turn", "asked", "pool",
                                  "exchanges", "winners")} == {
        "round": 1, "phase": "ready", "dealer": "Bo", "turn": None, "asked": None, "pool": 1,
        "exchanges": [], "winners": [],
    }
    assert [(s["name"], s["counters"], s["out"]) for s in shown["seats"]] == [
        ("Ann", 2, False), ("Bo", 3, False)
    ]
    assert shown["last_round"]["losers"] == ["Ann"]
    game = store.create_game(table)  # a damm table: written as journal v2 (fool_query)
    for event in events:
        game.apply(event)
    exported = store.export_journal(game.id)
    assert exported == dumps(game.table, events)
    _table, again_events, again = replay(exported)
    assert again_events == events and again.as_json() == game.state.as_json()
    v1_fields = state.as_json()
    assert {k: game.state.as_json()[k] for k in v1_fields if k != "seats"} == {
        k: v for k, v in v1_fields.items() if k != "seats"}


FORTY = [f"Sete {i}" for i in range(1, 37)] + ["مريم", "דוד", "😀", "Åse"]


def forty_seat_round() -> tuple[Table, list[Any]]:
    """Gamerules, 40 seats, the dealer last: the stock holds 42 - 40 = 2 pieces and runs dry.

    The first 38 seats stand. "😀" asks the dealer "Åse", who calls house: the pass goes to
    the stock, which shows a horse (set aside, 1 left) and a house (set aside, 0 left): the
    change lapses (house default 10) and play goes on with the dealer, whose change to the
    empty stock lapses too, ending the turns. Two of every piece but the fools are shown;
    both owls pay (gamerules: lowest pays, ties both pay)."""
    table = parse_header(header_obj(FORTY, "gamerules", {"kind": "counters", "each": 99}, "Åse"))
    events: list[Any] = [Deal()] + [Stand(name) for name in FORTY[:38]]
    events += [Change("😀"), Reply("Åse", "house"), Reply("stock", "horse"),
               Reply("stock", "house"), Change("Åse")]
    kinds = [p for p in ("cuckoo", "dragoon", "cat", "horse", "house", "12", "11", "10", "9",
                         "8", "7", "6", "5", "4", "3", "2", "1", "0", "pot", "owl")]
    events.append(Reveal(tuple(zip(FORTY, [k for k in kinds for _ in (0, 1)], strict=True))))
    return table, events


def test_forty_seats_play_a_full_round_and_run_the_stock_dry(store: Store) -> None:
    table, events = forty_seat_round()
    state = TableState(table)
    outcomes = []
    for event in events[:-1]:
        outcomes.append(state.apply(event))
        if isinstance(event, Deal):
            assert state.stock == 2 and state.turn_name == "Sete 1"
        if len(outcomes) == len(events) - 2:
            # the stock is empty: it cannot answer again, and the dealer's turn has come
            assert state.stock == 0 and state.turn_name == "Åse"
            assert state.why_not(Reply("stock", "none")) == (
                "Nobody was asked to change: it is Åse's turn."
            )
    kinds = [(o.kind, o.holder, o.lapsed) for o in outcomes[-4:]]
    assert kinds == [
        ("pass_on", "Åse", False), ("set_aside", "stock", False), ("set_aside", "stock", True),
        ("change", "stock", True),
    ]
    assert state.stock == 0 and state.phase == "reveal"
    settled = state.apply(events[-1]).settlement
    assert settled is not None and settled.next_dealer == "Sete 1"
    assert state.as_json()["phase"] == "ready" and state.round == 1 and state.dealer_name == "Sete 1"
    assert state.pool == 2
    owls = {n for n, p in events[-1].pieces if p == "owl"}
    assert owls == {"😀", "Åse"}
    assert dict(zip(state.names, state.balance)) == {n: 99 - (n in owls) for n in FORTY}
    text = dumps(table, events)
    assert replay(text)[2].as_json() == state.as_json()
    game = store.import_journal(text)
    assert store.export_journal(game.id) == text
    assert game.state.as_json() == state.as_json()


@pytest.mark.parametrize(("change", "message"), [
    ({"seats": [f"S{i}" for i in range(41)]}, "a table has 2 to 40 seats, not 41."),
    ({"seats": ["Ann"]}, "a table has 2 to 40 seats, not 1."),
    ({"stakes": {"kind": "counters", "each": 100}},
     "\"each\" must be a whole number from 1 to 99, not 100."),
    ({"stakes": {"kind": "counters", "each": 0}},
     "\"each\" must be a whole number from 1 to 99, not 0."),
    ({"stakes": {"kind": "strokes", "limit": 100}},
     "\"limit\" must be a whole number from 1 to 99, not 100."),
    ({"stakes": {"kind": "strokes", "limit": 0}},
     "\"limit\" must be a whole number from 1 to 99, not 0."),
])
def test_too_many_seats_or_counters_are_refused(
    store: Store, change: dict[str, Any], message: str
) -> None:
    head = header_obj(["Ann", "Bo"], "damm", COUNTERS3, None) | change
    data = json.dumps(head) + "\n"
    assert refusal(data.encode()) == f"line 1: {message}"
    with pytest.raises(JournalError):
        store.recover_journal(data)
    stakes = head["stakes"]
    table = Table("damm", Stakes(stakes["kind"], stakes.get("each", stakes.get("limit"))),
                  tuple(head["seats"]))
    with pytest.raises(GnavError) as info:
        store.create_game(table)
    assert str(info.value) == message
    assert store.list_games() == []


def test_forty_seats_and_99_counters_are_accepted(store: Store) -> None:
    for kind, key in (("counters", "each"), ("strokes", "limit")):
        table, _, state = replay(journal(FORTY, stakes={"kind": kind, key: 99}))
        assert len(state.names) == 40
        assert state.balance == [99 if kind == "counters" else 0] * 40
        assert store.create_game(table).state.limit == 99


def test_a_stroke_limit_of_one_puts_the_first_loser_out(store: Store) -> None:
    strokes = {"kind": "strokes", "limit": 1}
    # three seats: Cy shows the lowest piece, takes the one stroke and is out
    data = journal(["Ann", "Bo", "Cy"], DEAL, stand("Bo"), stand("Cy"), stand("Ann"),
                   reveal({"Ann": "5", "Bo": "9", "Cy": "2"}), stakes=strokes)
    state = replay(data)[2]
    seats = state.as_json()["seats"]
    assert [(s["name"], s["strokes"], s["out"]) for s in seats] == [
        ("Ann", 0, False), ("Bo", 0, False), ("Cy", 1, True)
    ]
    assert state.phase == "ready" and state.dealer_name == "Bo" and state.pool == 0
    # the next round is dealt without Cy, and Bo's loss ends the game: Ann wins
    more = data + journal(["Ann"], DEAL, stand("Ann"), stand("Bo"),
                          reveal({"Ann": "cuckoo", "Bo": "2"})).split(b"\n", 1)[1]
    _, _, over = replay(more)
    assert over.phase == "over" and over.as_json()["winners"] == ["Ann"]
    assert over.balance == [0, 1, 1]
    game = store.import_journal(more)
    assert game.state.as_json() == over.as_json()
    assert store.list_games()[0].winners == ("Ann",)
    assert refusal(more + b'{"ev": "deal"}\n') == (
        "line 11: The game is over: nothing more can happen."
    )


# --- any names at all -----------------------------------------------------------------------


def acceptable(names: list[str]) -> bool:
    """journal-v1 "Seats", written out independently of the engine: 1 to 24 characters after
    trimming, one line of text (no control characters or line breaks, no lone surrogates),
    unique without regard to case, never "stock", each name read composed (NFC, as Unicode's
    canonical equivalence has it); and then issue 21's rules for names a journal brings in
    (companion.core.names: no invisible formatting character, no two that look alike)."""
    trimmed = [n.strip() for n in names]
    if any(unicodedata.category(c) == "Cs" for n in trimmed for c in n):
        return False
    composed = [unicodedata.normalize("NFC", n) for n in trimmed]
    folded = [n.casefold() for n in composed]
    if not (
        all(1 <= len(n) <= 24 for n in composed)
        and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for n in composed
                    for c in n)
        and "stock" not in folded
        and len(set(folded)) == len(folded)
    ):
        return False
    try:
        check_new_names(composed)
    except GnavError:
        return False
    return True


name_text = (
    # mostly names that may well be fine, so that both answers are checked often
    st.text(st.characters(categories=("L", "M", "N", "P", "S", "Zs")), min_size=1, max_size=24)
    | st.text(st.characters(categories=("L", "M", "N", "P", "S", "Zs")), min_size=1, max_size=24)
    | st.text(
        st.characters(codec="utf-16", categories=None)
        | st.sampled_from(" \t\n\x00\u3000\u200f\u2028ſ\u212a\ud800"),
        max_size=26,
    )
    | st.sampled_from((*EMOJI, *RTL, "Stock", "ſtock", " Ann ", "ann", "x" * 24, "x" * 25))
)


@settings(max_examples=150, deadline=None, derandomize=bool(os.environ.get("CI")),
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(name_text, min_size=2, max_size=5)
       | st.lists(name_text, min_size=2, max_size=5, unique_by=lambda n: n.strip().casefold()))
def test_any_seat_names(filled_store: Store, names: list[str]) -> None:
    """A header with any names is accepted exactly when the spec and the rules for new names
    allow them; then the names come back byte-exact (composed) from export, the games list and
    a re-import; else the refusal is a clean line-1 error and nothing is stored."""
    head = header_obj(names, "damm", COUNTERS3, None)
    data = json.dumps(head, ensure_ascii=True) + "\n"  # \u escapes carry even lone surrogates
    before = snapshot(filled_store)
    label("accepted" if acceptable(names) else "refused")
    if not acceptable(names):
        message = refusal(data.encode("utf-8"))
        assert message.startswith("line 1: ") and len(message) > 8
        with pytest.raises(JournalError) as info:
            filled_store.import_journal(data)
        assert str(info.value) == message
        assert snapshot(filled_store) == before
        return
    trimmed = tuple(unicodedata.normalize("NFC", n.strip()) for n in names)
    game = filled_store.import_journal(data)
    exported = filled_store.export_journal(game.id)
    assert exported == json.dumps(
        {**head, "seats": list(trimmed)}, ensure_ascii=False, separators=(", ", ": ")
    ) + "\n"
    assert filled_store.list_games()[0].seats == trimmed
    again = filled_store.import_journal(exported.encode("utf-8"))
    assert filled_store.export_journal(again.id) == exported
    for made in (game, again):
        filled_store.delete_game(made.id)
    assert snapshot(filled_store) == before
