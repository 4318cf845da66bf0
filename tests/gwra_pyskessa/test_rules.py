"""The kernewek rule book, one test per point of docs/rules/gwra-pyskessa.md (its rule points
and house defaults), each docstring a verbatim passage of that file or of the seed (as kept in
`tests/excerpts/gwra-pyskessa-cornish-go-fish.txt`). Seats sit clockwise in header order.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import Follower
from companion.core.errors import GnavError
from companion.core.journal import decode_line
from companion.engine.gwra_pyskessa import KIND, LayDown, Reply
from companion.engine.gwra_pyskessa.narrate import over_sentence
from companion.engine.registry import parse_header

from ..engine.helpers import unquoted_docstrings
from .helpers import RULES_MD, SEED, ask, cut, deal, hands, lay, play, refused, reply, table

F4 = (Path(__file__).resolve().parents[1] / "journals" / "gwra-pyskessa" / "ok"
      / "f4-a-whole-game-won-on-the-tie-break.jsonl")
TEN = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon")


def f4(lines: int) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The header and the first `lines` events of the spec's F4 (ten seats, every one dealt a
    set; the deck holds two aces)."""
    header, *events = [decode_line(line) for line in F4.read_text(encoding="utf-8").splitlines()]
    return header, events[:lines]


def test_every_rule_test_quotes_its_source() -> None:
    bad = unquoted_docstrings(globals(), RULES_MD, SEED)
    assert not bad, f"docstrings that are not quotes of the rules file or the seed: {bad}"


# --- the rule points -------------------------------------------------------------------------


def test_pack_is_fifty_two_cards_without_jokers() -> None:
    """| pack | a standard pack, jokers removed: "Remove the jokers and from the pack." (seed; a
    word is missing) |"""
    for n in range(2, 11):
        state = play(table(*TEN[:n], dealer="Ann"), deal())
        assert sum(state.hands) + (state.deck or 0) == 52
    with pytest.raises(GnavError, match="is not a card"):
        play(table("Ann", "Bo"), cut(Ann="Joker", Bo="7H"))


def test_deal_seven_each_for_two_or_three_five_each_for_four_or_more() -> None:
    """If there are 2 or 3 players- deal 7 cards to each player. If there are 4 or more
    players- deal 5 cards to each player. The remaining cards form a deck in the middle of the
    table."""
    for n, each in ((2, 7), (3, 7), (4, 5), (7, 5), (10, 5)):
        state = play(table(*TEN[:n], dealer="Ann"), deal())
        assert set(state.hands) == {each}
        assert state.deck == 52 - n * each


def test_aim_sets_of_four_and_the_most_sets_wins() -> None:
    """The aim of the game is to collect sets of 4 cards of a kind. At the end of the game, the
    player with the most sets of 4 wins."""
    # Ann, the first to play, lays down a set as soon as she holds four cards, and catches
    # three cards from Bo at each ask; Bo lays down what he can on her turn.
    header = table("Ann", "Bo", dealer="Bo")
    state = play(header, deal())
    events = []
    ranks = iter(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])
    while state.phase != "over":
        turn = state.names[state.turn or 0]
        if state.hands[state.turn or 0] >= 4:
            event = lay(turn, next(ranks))
        elif state.phase == "turns":
            other = "Bo" if turn == "Ann" else "Ann"
            event = ask(turn, other, "A")
        else:
            asked = state.names[state.asked or 0]
            event = reply(asked, min(3, state.hands[state.asked or 0]))
        state.apply(KIND.parse_event(event, state.header))
        events.append(event)
    counts = {name: len(s) for name, s in zip(state.names, state.sets)}
    assert sum(counts.values()) == 13
    winner = max(counts, key=lambda name: counts[name])
    assert counts[winner] > min(counts.values())
    assert [state.names[i] for i in state.winners] == [winner]


def test_first_turn_left_of_the_dealer_then_clockwise() -> None:
    """The players take turns, starting with the player to the left of the dealer."""
    state = play(table("Ann", "Bo", "Cy", dealer="Cy"), deal())
    assert state.names[state.turn or 0] == "Ann"
    state = play(table("Ann", "Bo", "Cy", dealer="Bo"), deal(), ask("Cy", "Ann", "5"),
                 reply("Ann", 0))
    assert state.names[state.turn or 0] == "Ann"  # after Cy, the last in the list, comes Ann


def test_an_ask_is_made_on_ones_own_turn() -> None:
    """| an ask | on your turn you "fish" by asking one of the other players, "using only
    Cornish" (seed) |"""
    state = play(table("Ann", "Bo", "Cy", dealer="Cy"), deal())
    assert refused(state, ask("Bo", "Cy", "7")) == "It is Ann's turn, not Bo's."
    state.apply(KIND.parse_event(ask("Ann", "Cy", "7"), state.header))
    assert state.say is not None and state.say.cornish == "Cy, eus seyth genes?"


def test_whom_any_other_player_and_the_target_may_change_between_asks() -> None:
    """| whom | any other player; the asker may change target between asks (seed, example) |"""
    state = play(table("Ann", "Bo", "Cy", dealer="Cy"), deal(), ask("Ann", "Bo", "7"),
                 reply("Bo", 1), ask("Ann", "Cy", "9"))
    assert (state.phase, state.names[state.asked or 0]) == ("asking", "Cy")
    state = play(table("Ann", "Bo", "Cy", dealer="Cy"), deal())
    assert "not himself" in refused(state, ask("Ann", "Ann", "7"))


def test_a_catch_hands_over_the_cards_and_the_turn_continues() -> None:
    """If a player makes a successful 'catch' their turn continues and they can ask for another
    card."""
    state = play(table("Joe", "Vicki", "Pol", dealer="Pol"), deal(), ask("Joe", "Pol", "7"),
                 reply("Pol", 1))
    assert (state.phase, state.names[state.turn or 0]) == ("turns", "Joe")
    assert hands(state) == {"Joe": 8, "Vicki": 7, "Pol": 6}
    assert state.deck == 31


def test_go_fish_the_asker_draws_and_the_turn_ends() -> None:
    """If a player is told **"Gwra pyskessa"** they draw a card from the deck and their turn
    ends. Play then passes to the next player (moving clockwise)."""
    state = play(table("Joe", "Vicki", "Pol", dealer="Pol"), deal(), ask("Joe", "Vicki", "K"))
    outcome = state.apply(KIND.parse_event(reply("Vicki", 0), state.header))
    assert (outcome.kind, outcome.draws, outcome.turn) == ("go_fish", ("Joe",), "Vicki")
    assert hands(state) == {"Joe": 8, "Vicki": 7, "Pol": 7}
    assert state.deck == 30


def test_a_set_leaves_play_and_the_turn_goes_on() -> None:
    """| a set | four of a kind are laid down at once and leave play; the turn goes on (seed,
    example) |"""
    state = play(table("Joe", "Vicki", "Pol", dealer="Pol"), deal(), ask("Joe", "Vicki", "7"),
                 reply("Vicki", 3), lay("Joe", "7"))
    assert (state.phase, state.names[state.turn or 0]) == ("turns", "Joe")
    assert hands(state)["Joe"] == 6 and state.sets[0] == ["7"]


def test_empty_hand_draws_first_then_plays_as_normal() -> None:
    """It is possible for a player to have no cards in their hand at the start of their turn.
    If this happens, they first draw a card from the pile in the middle and may take their turn
    as normal."""
    # Bo lays his last four cards down on Ann's turn: Ann has nobody to ask, draws, and her
    # turn ends (house default 6); Bo's turn begins with an empty hand, so he draws first.
    state = play(table("Ann", "Bo", dealer="Bo"), deal(), ask("Ann", "Bo", "7"), reply("Bo", 3),
                 lay("Ann", "7"))
    outcome = state.apply(KIND.parse_event(lay("Bo", "9"), state.header))
    assert (outcome.draws, outcome.turn) == (("Ann", "Bo"), "Bo")
    assert hands(state) == {"Ann": 7, "Bo": 1}
    assert state.deck == 36


def test_empty_hand_and_no_cards_in_the_middle_skips_the_turn() -> None:
    """If there are no cards in the middle, that player skips their turn."""
    header, events = f4(23)  # up to Bo's ask of Eli for aces
    state = play(header, *events)
    outcome = state.apply(KIND.parse_event(reply("Eli", 0), state.header))
    assert (outcome.draws, outcome.skipped, outcome.turn) == (("Bo",), ("Cy", "Dag"), "Eli")
    assert state.deck == 0


def test_the_game_ends_when_all_thirteen_sets_are_scored() -> None:
    """The game ends when all 13 sets of 4 cards have been scored."""
    header, events = f4(32)
    state = play(header, *events[:-1])
    assert state.as_json()["phase"] == "turns"
    state.apply(KIND.parse_event(events[-1], state.header))
    assert state.as_json()["phase"] == "over" and sum(len(s) for s in state.sets) == 13
    assert refused(state, lay("Ann", "2")) == "The game is over: nothing more can happen."


def test_a_tie_goes_to_the_highest_set_ace_high() -> None:
    """If two or more players draw, the winner is the player with the highest value set of 4
    (ace high)."""
    header, events = f4(32)
    state = play(header, *events)
    assert {n: s for n, s in zip(state.names, state.sets) if len(s) == 2} == {
        "Ann": ["2", "Q"], "Bo": ["3", "A"], "Eli": ["6", "K"]}
    assert [state.names[i] for i in state.winners] == ["Bo"]


# --- the house defaults ----------------------------------------------------------------------


def test_house_default_2_two_to_ten_players() -> None:
    """**Players:** 2 to 10 (10 players at 5 cards leave a deck of 2)."""
    assert play(table(*TEN, dealer="Jon"), deal()).deck == 2
    for seats in (TEN[:1], (*TEN, "Kari")):
        with pytest.raises(GnavError, match="2 to 10 seats"):
            play(table(*seats))


def test_house_default_3_the_cut_highest_rank_deals_suits_do_not_count() -> None:
    """The header names it, or the seats cut: each draws a card, the highest rank deals (ace
    high, suits do not count), a tie for highest cuts again."""
    seats = ("Ann", "Bo", "Cy")
    state = play(table(*seats), cut(Ann="KH", Bo="AS", Cy="10D"))
    assert (state.phase, state.names[state.dealer or 0]) == ("ready", "Bo")
    state = play(table(*seats), cut(Ann="KH", Bo="KS", Cy="10D"))
    assert (state.phase, [state.names[i] for i in state.cut_seats]) == ("cut", ["Ann", "Bo"])
    assert "not drawing" in refused(state, cut(Ann="2H", Cy="3H"))
    assert "leaves out Bo" in refused(state, cut(Ann="2H"))
    assert "twice" in refused(state, cut(Ann="2H", Bo="2H"))
    state.apply(KIND.parse_event(cut(Ann="2H", Bo="3S"), state.header))
    assert state.names[state.dealer or 0] == "Bo"
    assert "There is no cut now" in refused(state, cut(Ann="2H", Bo="3S", Cy="4C"))


def test_house_default_4_sets_are_entered_by_the_referee_on_anyones_turn() -> None:
    """The app never lays down a set by itself; it checks that the seat holds at least four
    cards and that the rank is not scored yet."""
    # right after the deal, and on another seat's turn
    state = play(table("Ann", "Bo", dealer="Bo"), deal(), lay("Bo", "4"))
    assert (hands(state), state.names[state.turn or 0]) == ({"Ann": 7, "Bo": 3}, "Ann")
    assert refused(state, lay("Bo", "5")) == "Bo holds 3 cards, too few for a set of four."
    assert "twice" in refused(state, lay("Ann", "4"))
    # a catch that makes four is not laid down until the referee says so
    state = play(table("Ann", "Bo", dealer="Bo"), deal(), ask("Ann", "Bo", "7"), reply("Bo", 3))
    assert state.sets == [[], []] and hands(state)["Ann"] == 10


def test_house_default_5_a_go_fish_draw_never_gives_another_ask() -> None:
    """**A go-fish draw never gives another ask**, even when it is the rank asked for: the turn
    ends (the seed says so). A deck that is empty gives nothing; the turn still ends."""
    header, events = f4(25)  # Eli's turn; the deck is empty
    state = play(header, *events, ask("Eli", "Finn", "K"))
    outcome = state.apply(KIND.parse_event(reply("Finn", 0), state.header))
    assert (outcome.draws, outcome.turn, state.deck) == ((), "Finn", 0)


def test_house_default_6_nobody_to_ask_and_an_empty_deck_leaves_only_sets() -> None:
    """if the deck is empty too, he holds every card left, lays them down as sets, and the game
    ends."""
    header, events = f4(31)  # Eli has caught every king; nobody else holds a card
    state = play(header, *events)
    assert hands(state)["Eli"] == 4 and sum(state.hands) == 4 and state.deck == 0
    assert state.names[state.turn or 0] == "Eli"
    assert state.options() == [LayDown("Eli", "K")]


def test_house_default_7_a_hand_emptied_on_ones_own_turn_ends_it() -> None:
    """**A hand emptied during one's own turn** (the last cards laid down as a set) ends the
    turn; the empty-hand rule applies at that player's next turn."""
    header, events = f4(17)  # Ann holds the four queens
    state = play(header, *events)
    outcome = state.apply(KIND.parse_event(lay("Ann", "Q"), state.header))
    assert (outcome.turn, outcome.draws) == ("Bo", ("Bo",))
    assert hands(state)["Ann"] == 0


def test_house_default_8_a_player_with_no_cards_cannot_be_asked() -> None:
    """**A player with no cards cannot be asked** (the app offers only players holding cards)."""
    header, events = f4(18)  # Bo's turn; Cy and Dag gave Ann their last cards
    state = play(header, *events)
    assert refused(state, ask("Bo", "Cy", "A")) == (
        "Cy holds no card and cannot be asked (house default 8).")
    targets = {e.target for e in state.options() if hasattr(e, "target")}
    assert "Cy" not in targets and "Dag" not in targets and "Ivar" in targets


def test_house_default_9_a_catch_is_one_to_three_cards_never_more_than_the_hand() -> None:
    """A catch is 1 to 3 cards (the asker holds at least one), never more than the asked
    hand."""
    state = play(table("Ann", "Bo", dealer="Bo"), deal(), ask("Ann", "Bo", "9"))
    assert "1 to 3 cards" in refused(state, reply("Bo", 4))
    header, events = f4(11)  # every hand holds one card
    state = play(header, *events, ask("Ann", "Bo", "Q"))
    assert refused(state, reply("Bo", 2)) == (
        "Bo holds only one card and cannot hand over 2.")
    assert state.options() == [Reply("Bo", 0), Reply("Bo", 1)]


def test_house_default_10_a_scored_rank_cannot_be_asked_for() -> None:
    """**A scored rank cannot be asked for.** Nobody holds it any more."""
    state = play(table("Ann", "Bo", dealer="Bo"), deal(), ask("Ann", "Bo", "7"), reply("Bo", 3),
                 lay("Ann", "7"))
    assert refused(state, ask("Ann", "Bo", "7")) == (
        "Nobody can be asked for sevens: Ann has laid them down as a set already.")
    assert all(getattr(e, "rank", None) != "7" for e in state.options())


def test_house_default_11_a_wrong_answer_is_put_right_with_undo() -> None:
    """a mistaken «Nag eus» found out later is put right with the app's undo"""
    first, *lines = [
        ('{"ev":"table","version":2,"game":"gwra-pyskessa","rules":"kernewek",'
         '"seats":["Joe","Vicki","Pol"],"dealer":"Pol"}'),
        '{"ev":"deal"}', '{"ev":"ask","seat":"Joe","target":"Vicki","rank":"K"}',
        '{"ev":"reply","from":"Vicki","count":0}']
    kind, header = parse_header(decode_line(first))
    follower = Follower(kind, header)
    follower.extend(lines)
    assert follower.state.as_json()["turn"] == "Vicki"
    follower.truncate(2)  # the «Nag eus» undone: the ask waits for its answer again
    follower.extend(['{"ev":"reply","from":"Vicki","count":1}'])
    got = follower.state.as_json()
    assert (got["turn"], got["deck"]) == ("Joe", 31)
    assert [s["hand"] for s in got["seats"]] == [8, 6, 7]


def test_a_tie_broken_by_the_highest_set_is_told_winner_first() -> None:
    """If two or more players draw, the winner is the player with the highest value set of 4
    (ace high)."""
    header, events = f4(32)
    said = over_sentence(play(header, *events))
    assert said == ("All thirteen sets are down. Bo wins: Ann and Eli also have 2 sets, and Bo's "
                    "highest set, Byd (aces), breaks the tie."), said

