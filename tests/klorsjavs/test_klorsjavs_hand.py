"""Whole hands of Klørsjavs, four-hand Klørsjavs and Auction Klørsjavs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt import IllegalAction, InvalidPosition, ParseError, game
from stytvolt.klorsjavs import FOUR_HAND_PACK, PACK, VARIANTS, HandState, card_points, parse_action, suit_of


def play(state: HandState, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_the_registry_finds_klorsjavs() -> None:
    info = game("Klørsjavs")
    assert info.players == (3, 4) and game("club sjavs") is info and game("klorsjavs") is info


def test_the_deal_three_then_the_cat_then_three() -> None:
    deck = sorted(PACK)
    state = HandState(deck, dealer=2)  # seat 0 is dealt first
    assert state.hands[0] == deck[0:3] + deck[11:14]
    assert state.cat == deck[9:11]


def test_the_first_play_ends_the_bidding_and_all_passing_redeals() -> None:
    state = HandState.deal(1)
    play(state, "play")
    assert state.declarer == 1 and state.phase == "cat"
    passed = HandState.deal(1)
    play(passed, "pass", "pass", "pass")
    assert passed.phase == "passed" and passed.is_terminal() and passed.returns() == [0, 0, 0]


def test_swiping_the_cat() -> None:
    state = HandState.deal(3)
    play(state, "play")
    hand = sorted(state.hands[1])
    cat = list(state.cat)
    play(state, f"swipe {hand[0]} {hand[1]}")
    assert sorted(state.hands[1]) == sorted(hand[2:] + cat)
    assert state.observation(1).laid_away == (hand[0], hand[1])  # the declarer may look until the first lead
    assert state.observation(2).laid_away == ()
    state.apply(state.legal_actions()[0])
    assert state.observation(1).laid_away == ()


def test_refusals_change_nothing() -> None:
    state = HandState.deal(3)
    play(state, "play", "stroke")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot bid"):
        state.apply("bid spil")
    held = state.hands[0][0]
    with pytest.raises(IllegalAction):
        state.apply(f"card {held}")  # seat 0 is not to play (seat 1 leads)
    with pytest.raises(ParseError, match="bad action"):
        state.apply("swipe")
    assert state.to_json() == before


def test_in_a_tout_the_declarer_leads() -> None:
    state = HandState.deal(9, variant="auction", dealer=0)
    play(state, "pass", "bid tout", "pass", "trump S")
    state.apply(state.legal_actions()[0])  # the swipe
    assert state.current_player() == 2


def test_the_auction_bids_must_rise() -> None:
    state = HandState.deal(9, variant="auction")
    play(state, "bid stryger")
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid tout", "bid strøget tout"]
    with pytest.raises(IllegalAction, match="does not beat stryger"):
        state.apply("bid spil")


def test_saved_hands() -> None:
    state = HandState.deal(5, variant="four-hand", dealer=1)
    play(state, "pass", "play", "stroke")
    assert HandState.from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(InvalidPosition, match="action 2"):
        HandState.from_json({**state.to_json(), "actions": ["pass", "swipe CA CK"]})
    with pytest.raises(InvalidPosition, match="variant must be one of"):
        HandState.deal(1, variant="grand")


@settings(max_examples=1500, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(VARIANTS)))
def test_random_hands_keep_every_rule(seed: int, variant: str) -> None:
    rng = random.Random(seed)
    players = VARIANTS[variant]
    pack = FOUR_HAND_PACK if variant == "four-hand" else PACK
    state = HandState.deal(seed, dealer=seed % players, variant=variant)
    while not state.is_terminal():
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        if action.kind == "card" and state.current:
            led = suit_of(state.current[0], state.trump)
            if any(suit_of(c, state.trump) is led for c in state.hands[seat]):
                assert suit_of(action.cards[0], state.trump) is led
        state.apply(action)
        away = state.laid_away if state.swiped else state.cat
        places = [c for h in state.hands for c in h] + state.current + [c for _, p, _ in state.tricks for c in p] + list(away)
        assert sorted(places) == sorted(pack)
    assert sum(state.returns()) == 0
    if state.phase == "done":
        total = card_points(list(pack))
        assert state.declarer_points() + sum(card_points(state.won[s]) for s in range(players) if s != state.declarer) == total
