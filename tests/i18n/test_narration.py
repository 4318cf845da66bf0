"""The table speaks every language: each banner, settlement line and history line that the
English narration produces for a game comes out translated in Norwegian and Danish, from the
same engine values; a language switch mid-game keeps the game and retells the banner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.gnav import (
    Change,
    Cut,
    Deal,
    Event,
    Knock,
    Outcome,
    Reply,
    Reveal,
    Stakes,
    Stand,
    Table,
    TableState,
)
from companion.engine.gnav.narrate import (
    PIECE_TITLES,
    banner_lines,
    event_sentence,
    history_line,
    piece_title,
    settlement_sentences,
    the_piece,
)
from companion.i18n import LANGUAGES, Tr
from companion.views.shell.table import TableScreen
from tests.views.helpers import buttons, identified, tap, texts

SEATS = ("Ann", "Bo", "Cy", "Dag")

# Games that between them reach every kind of Outcome and every kind of settlement line.
GAMES: list[tuple[str, str | None, list[Event]]] = [
    ("damm", None, [
        Cut((("Ann", "5"), ("Bo", "cat"), ("Cy", "cat"), ("Dag", "2"))),
        Cut((("Bo", "3"), ("Cy", "house"))),
        Deal(), Knock("Ann"), Change("Dag"), Reply("Ann", "dragoon"), Change("Ann"),
        Reply("Bo", "horse"), Reply("Cy", "house"), Reply("stock", "none"), Stand("Bo"),
        Stand("Cy"),
        Reveal((("Ann", "fool"), ("Bo", "horse"), ("Cy", "fool"), ("Dag", "3"))),
        Deal(), Change("Ann"), Reply("Bo", "none"), Stand("Bo"), Change("Cy"),
        Reply("Dag", "none"), Change("Dag"), Reply("stock", "none"),
        Reveal((("Ann", "fool"), ("Bo", "9"), ("Cy", "owl"), ("Dag", "owl"))),
    ]),
    ("pagat", "Ann", [
        Deal(), Change("Bo"), Reply("Cy", "none"), Change("Cy"), Reply("Dag", "none"),
        Change("Dag"), Reply("Ann", "cat"), Stand("Ann"),
        Reveal((("Ann", "fool"), ("Bo", "3"), ("Cy", "owl"), ("Dag", "9"))),
        Deal(), Stand("Cy"), Stand("Dag"), Change("Ann"), Reply("Bo", "cuckoo"),
        Reveal((("Ann", "4"), ("Bo", "cuckoo"), ("Cy", "4"), ("Dag", "7"))),
    ]),
    ("gamerules", "Ann", [
        Deal(), Stand("Bo"), Stand("Cy"), Stand("Dag"), Change("Ann"), Reply("stock", "house"),
        Reply("stock", "cat"),
        Reveal((("Ann", "2"), ("Bo", "fool"), ("Cy", "fool"), ("Dag", "9"))),
    ]),
]


def narrate(tr: Tr) -> list[str]:
    out: list[str] = []
    for rules, dealer, events in GAMES:
        state = TableState(Table(rules=rules, stakes=Stakes("counters", 3), seats=SEATS,
                                 dealer=dealer))
        for k, event in enumerate(events):
            outcome: Outcome = state.apply(event)
            out += banner_lines(outcome, state, tr)
            out.append(event_sentence(event, rules, tr))
            out.append(history_line(k + 1, event, outcome, rules, True, 1, tr))
            if outcome.settlement is not None:
                out += settlement_sentences(outcome.settlement, False, tr)
    return out


def test_the_games_reach_every_kind_of_news() -> None:
    kinds: set[str] = set()
    reasons: set[str] = set()
    for rules, dealer, events in GAMES:
        state = TableState(Table(rules=rules, stakes=Stakes("counters", 3), seats=SEATS,
                                 dealer=dealer))
        for event in events:
            outcome = state.apply(event)
            kinds.add(outcome.kind)
            if outcome.settlement is not None:
                reasons |= {loss.reason for loss in outcome.settlement.losses}
                if outcome.settlement.fool_takes:
                    reasons.add("fool_takes")
            if outcome.handback:
                kinds.add("handback")
    assert kinds >= {"cut_tie", "cut_dealer", "deal", "knock", "stand", "change", "exchange",
                     "end_turns", "block", "block_reverse", "pass_on", "set_aside", "reveal",
                     "handback"}
    assert reasons == {"lowest", "fool", "fool_lowest", "dragged", "fool_takes"}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_sentence_is_told_in_the_language(lang: str) -> None:
    english = narrate(Tr("en"))
    other = narrate(Tr(lang))
    assert len(english) == len(other)
    same = [(e, o) for e, o in zip(english, other, strict=True) if e == o]
    assert same == []
    # no English word of the narration survives in the other language (the calls inside
    # «...» are the rule book's own words and stay as the rule book says them)
    told = [re.sub(r"«[^»]*»", "", o) for o in other]
    leaks = [o for o in told if any(w in f" {o} " for w in
                                    (" the ", " pays ", " swap", " pool", " counter", " asks "))]
    assert leaks == []


def test_sentences_read_as_the_issue_asks() -> None:
    state = TableState(Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS,
                             dealer="Ann"))
    for event in (Deal(), Stand("Bo"), Stand("Cy"), Stand("Dag"), Stand("Ann")):
        state.apply(event)
    outcome = state.apply(Reveal((("Ann", "5"), ("Bo", "9"), ("Cy", "7"), ("Dag", "1"))))
    assert outcome.settlement is not None
    assert settlement_sentences(outcome.settlement, True, Tr("en"))[0] == (
        "Dag shows the 1, the lowest piece, and pays a counter into the pool.")
    assert settlement_sentences(outcome.settlement, True, Tr("nb"))[0] == (
        "Dag viser brikken 1, den laveste brikken, og betaler en sjetong til kassen.")
    assert settlement_sentences(outcome.settlement, True, Tr("da"))[0] == (
        "Dag viser brikken 1, den laveste brik, og betaler en jeton til puljen.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_piece_has_its_names_in_every_language(lang: str) -> None:
    tr = Tr(lang)
    for piece in PIECE_TITLES:
        assert piece_title(piece, tr) and the_piece(piece, tr)
    if lang == "nb":
        assert [the_piece(p, tr) for p in ("cuckoo", "pot", "owl")] == ["gauken", "potta", "ugla"]
    if lang == "da":
        assert [the_piece(p, tr) for p in ("cuckoo", "pot", "owl")] == ["gøgen", "potten", "uglen"]


def test_switching_language_mid_game_keeps_the_game_and_retells_the_banner(
        tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    game = app.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS,
                                       dealer="Ann"))
    app.go(f"/game/{game.id}")
    tap(app.screen.view, "Deal")
    tap(app.screen.view, "Change")
    tap(app.screen.view, "Dragoon «Hogg av!» “Chop off!”")
    banner = texts(identified(app.screen.view, "banner"))
    assert banner[1] == "Bo pays a counter into the pool."
    events = len(app.screen.game.events)
    app.set_language("nb")
    screen = app.screen
    assert isinstance(screen, TableScreen) and app.route == f"/game/{game.id}"
    assert len(screen.game.events) == events
    assert texts(identified(screen.view, "banner")) == [
        "Cy sier «Hogg av!»: dragonen stanser byttet. Bo beholder brikken sin.",
        "Bo betaler en sjetong til kassen.", "Cy står for tur."]
    assert {"Stå", "Bytte", "Angre", "Språk"} <= set(buttons(screen.view))
    app.set_language("da")
    assert "Bo betaler en jeton til puljen." in texts(identified(app.screen.view, "banner"))
    app.set_language("en")
    tap(app.screen.view, "Stand")
    assert app.screen.game.state.turn_name == "Dag"


def test_switching_language_keeps_the_pieces_picked_so_far(tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    game = app.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS,
                                       dealer="Ann"))
    app.go(f"/game/{game.id}")
    for label in ("Deal", "Stand", "Stand", "Stand", "Stand"):
        tap(app.screen.view, label)
    tap(app.screen.view, "cat")
    tap(app.screen.view, "owl")
    app.set_language("da")
    picker = app.screen.parts.picker
    assert picker is not None and picker.picked == {"Ann": "cat", "Bo": "owl"}
    assert "kat" in buttons(app.screen.view) and "Vis brikkerne" in texts(app.screen.view)


def test_new_table_keeps_its_players_across_a_switch(tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    app.go("/new")
    app.screen.players = ["Åse", "Bjørn"]
    app.screen.fill()
    app.set_language("nb")
    assert app.screen.players == ["Åse", "Bjørn"]
    assert "Flytt Åse ned" in buttons(app.screen.view)
