"""Whole hands of Sjavs: a worked four-player hand, refusals, the three-player talon, and
properties over thousands of random hands for four, three and two players."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import IllegalAction, InvalidPosition, ParseError, game
from stytvolt.sjavs import PACK, HandState, card_points, parse_action, suit_of

HANDS = {  # dealer 0: seat 1 speaks and leads first
    1: "CQ SQ CJ SJ HA HK HQ HT",
    2: "SA ST SK S9 S8 S7 DK DT",
    3: "HJ DJ H9 H8 H7 CA CT DA",
    0: "CK C9 C8 C7 DQ D9 D8 D7",
}


def stacked(hands: dict[int, str], dealer: int = 0) -> HandState:
    """A four-player hand dealt (cut: two rounds of four from the dealer's left) so that each seat holds ``hands[seat]``."""
    order = [(dealer + k) % 4 for k in range(1, 5)]
    deck: list[str] = []
    for half in (0, 1):
        for seat in order:
            deck += hands[seat].split()[4 * half : 4 * half + 4]
    return HandState(" ".join(deck), players=4, dealer=dealer, cut=True)


def play(state: HandState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_the_registry_finds_sjavs() -> None:
    info = game("Sjavs")
    assert info.players == (4, 3, 2) and game("sjaus") is info


def test_a_worked_hand_one_announcer_wins_every_trick() -> None:
    state = stacked(HANDS)
    assert [sorted(map(str, h)) for h in state.hands] == [sorted(HANDS[s].split()) for s in range(4)]
    assert state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid 8"]
    play(state, "bid 8")
    assert [str(a) for a in state.legal_actions()] == ["pass"]  # six spades cannot beat 8
    play(state, "pass", "pass", "pass")
    assert state.phase == "trump" and state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["trump H"]  # the only suit of eight
    play(state, "trump H")
    tricks = [
        "CQ S7 HJ C7", "SQ S8 DJ C8", "CJ S9 H9 C9", "SJ ST H8 CK",
        "HA SK H7 D7", "HK SA CT D8", "HQ DT CA D9", "HT DK DA DQ",
    ]
    for cards in tricks:
        play(state, *(f"play {c}" for c in cards.split()))
    assert state.is_terminal() and all(t.winner == 1 for t in state.tricks)
    result = state.result()
    assert result is not None and (result.scorer, result.band, result.points) == ("announcers", "vol alone", 16)
    assert state.returns() == [-16, 16, -16, 16]


def test_following_suit_is_enforced_and_a_refusal_changes_nothing() -> None:
    state = stacked(HANDS)
    play(state, "bid 8", "pass", "pass", "pass", "trump H", "play CQ", "play S7")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="must be played") as err:
        state.apply("play CA")  # trumps were led and seat 3 holds ♥J ♦J ♥9 ♥8 ♥7
    assert err.value.reason.code == "must-follow" and "♥J" in str(err.value)
    assert state.to_json() == before
    with pytest.raises(IllegalAction, match="not in the hand"):
        state.apply("play SA")
    with pytest.raises(IllegalAction, match="turn to play"):
        state.apply("pass")
    with pytest.raises(ParseError, match="bad action"):
        state.apply("jump")
    assert state.to_json() == before


def test_bids_and_trump_are_checked() -> None:
    state = stacked(HANDS)
    with pytest.raises(IllegalAction, match="cannot bid 6"):
        state.apply("bid 6")  # seat 1's only suit of five or more is hearts, eight long
    play(state, "bid 8")
    with pytest.raises(IllegalAction, match="does not beat 8"):
        state.apply("bid 6")
    play(state, "pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="only 4 trumps with spades"):
        state.apply("trump S")


def test_all_passing_ends_the_hand_for_a_new_deal() -> None:
    hands = {1: "CK C9 C8 C7 DQ D9 D8 D7", 2: "SA ST SK S9 S8 S7 DK DT", 3: "HJ DJ H9 H8 H7 CA CT DA",
             0: "CQ SQ CJ SJ HA HK HQ HT"}
    state = stacked(hands)
    play(state, "pass", "pass", "pass", "pass")
    assert state.phase == "passed" and state.is_terminal() and state.returns() == [0, 0, 0, 0]
    assert state.result() is None


def test_three_players_the_talon_and_the_laid_away_cards_count_for_the_soloist() -> None:
    rng = random.Random(5)
    for seed in range(200):
        state = HandState.deal(seed, players=3, dealer=seed % 3)
        while state.phase == "bidding":
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == "passed":
            continue
        play(state, str(state.legal_actions()[0]))  # the trump
        soloist = state.current_player()
        before = list(state.hands[soloist])
        talon = list(state.talon)
        away = sorted(before, key=lambda c: -card_points([c]))[:2]
        state.apply(parse_action("exchange " + " ".join(map(str, away))))
        assert sorted(state.hands[soloist]) == sorted([c for c in before if c not in away] + talon)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        mine = card_points(state.won_cards[soloist])
        assert card_points(state.announcer_cards()) == mine + card_points(away)
        return
    pytest.fail("no three-player hand was bid in 200 deals")


def test_a_saved_hand_reads_back_and_bad_saves_are_refused() -> None:
    state = stacked(HANDS)
    play(state, "bid 8", "pass", "pass", "pass", "trump H", "play CQ")
    again = HandState.from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.current_player() == 2
    with pytest.raises(InvalidPosition, match="action 2"):
        HandState.from_json({**state.to_json(), "actions": ["bid 8", "bid 8"]})
    with pytest.raises(InvalidPosition, match="not a saved Sjavs hand"):
        HandState.from_json({"game": "styrivolt"})
    with pytest.raises(InvalidPosition, match="4, 3 or 2"):
        HandState.deal(1, players=5)


def test_an_observation_shows_only_what_the_seat_may_see() -> None:
    state = stacked(HANDS)
    seen = state.observation(2).to_json()
    assert sorted(seen["hand"]) == sorted(HANDS[2].split())
    text = str(seen)
    assert not any(card in text for card in HANDS[1].split())


# --- properties over random hands ---------------------------------------------------------------


@settings(max_examples=1500, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from((4, 3, 2)), st.booleans())
def test_random_hands_keep_every_rule(seed: int, players: int, cut: bool) -> None:
    rng = random.Random(seed)
    state = HandState.deal(seed, dealer=seed % players, players=players, cut=cut)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        assert legal
        action = rng.choice(legal)
        if action.kind == "play":
            card = action.cards[0]
            led = state.current[0] if state.current else None
            if led is not None and state.trump is not None:
                wanted = suit_of(led, state.trump)
                if any(suit_of(c, state.trump) is wanted for c in state.playable(seat)):
                    assert suit_of(card, state.trump) is wanted
        state.apply(action)
        # Every card accounted for, once.
        places = [c for h in state.hands for c in h] + list(state.current)
        places += [c for t in state.tricks for c in t.plays]
        places += [c for row in state.piles for pile in row for c in pile]
        places += state.talon[len(state.drawn):] + state.laid_away
        assert sorted(places) == sorted(PACK)
    if state.phase == "passed":
        assert state.returns() == [0] * players
        return
    assert len(state.tricks) == {4: 8, 3: 10, 2: 16}[players]
    assert all(0 <= t.winner < players for t in state.tricks)
    won = card_points(state.announcer_cards())
    assert won + sum(card_points(state.won_cards[s]) for s in range(players)
                     if state.side_of(s) != state.side_of(state.declarer or 0)) == 120
    result = state.result()
    assert result is not None
    if result.scorer == "announcers":
        assert won > 60
    elif result.scorer == "opponents":
        assert won < 60
    else:
        assert won == 60
    assert sum(state.returns()) == 0
