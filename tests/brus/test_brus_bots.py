"""Brus's computer players: they see an observation only, choose a legal action, and SimpleBot plays its
rules of thumb (worked by hand below) well enough to beat uniform choice."""

from __future__ import annotations

import random

import pytest

from stytvolt.brus import Action, HandState
from stytvolt.brus.bots import RandomBot, SimpleBot, unseen_live
from stytvolt.core.cards import parse_card
from stytvolt.core.errors import InvalidPosition

from test_brus import deck_for
from test_brus_hand import LURCH, PASSING


def choice(state: HandState, bot: SimpleBot | RandomBot | None = None) -> str:
    return str((bot or SimpleBot()).choose(state.observation(state.current_player())))


def test_on_lead_the_lowest_boss() -> None:
    # Seat 0 holds ♣J ♠8 ♥K ♣9 after laying out its sevens: the best live card it has not seen is ♠9, so all
    # four are bosses, and the lowest of them, ♣9, is a sure trick.
    state = HandState(deck_for(LURCH, 3), dealer=3)
    assert choice(state) == "C9"


def test_on_lead_without_a_boss_the_lowest_live_card() -> None:
    # Seat 3 after trick 1 of PASSING holds ♥K ♠9 ♥9 ♦9 ♣A ♥A ♠J; ♣J and ♠8 are unseen, so no boss: ♠J.
    state = HandState(deck_for(PASSING, 3), dealer=3)
    for action in ("D6", "H6", "S6", "C6"):
        state.apply(action)
    assert state.current_player() == 3
    obs = state.observation(3)
    assert [str(c) for c in unseen_live(obs)][:2] == ["CJ", "S8"]
    assert choice(state) == "SJ"


def test_following_with_an_opponent_still_to_play_the_lowest_boss() -> None:
    # ♦6 led; seat 1 holds ♣J and ♥6.  Seat 2 (an opponent) plays after it, and ♣J beats every unseen card.
    state = HandState(deck_for(PASSING, 3), dealer=3)
    state.apply("D6")
    assert choice(state) == "CJ"


def test_following_last_the_cheapest_card_that_beats() -> None:
    # ♦6 ♥6 ♠6: seat 3 plays last, so its cheapest beater, ♣6, takes the trick.
    state = HandState(deck_for(PASSING, 3), dealer=3)
    for action in ("D6", "H6", "S6"):
        state.apply(action)
    assert choice(state) == "C6"


def test_a_forced_pass() -> None:
    state = HandState(deck_for(LURCH, 3), dealer=3)
    state.apply("C9")
    assert choice(state) == "pass" and choice(state, RandomBot(1)) == "pass"


def test_bots_see_observations_only() -> None:
    state = HandState.deal(2)
    with pytest.raises(InvalidPosition, match="observation"):
        SimpleBot().choose(state)  # type: ignore[arg-type]
    waiting = state.observation((state.current_player() + 1) % 4)
    with pytest.raises(InvalidPosition, match="nothing to do"):
        SimpleBot().choose(waiting)
    with pytest.raises(InvalidPosition, match="nothing to do"):
        RandomBot(1).choose(waiting)


@pytest.mark.parametrize("players", [4, 6])
def test_bots_always_choose_a_legal_action(players: int) -> None:
    rng = random.Random(players)
    bots = [SimpleBot(), RandomBot(7)]
    for seed in range(60):
        state = HandState.deal(seed, seed % players, players=players)
        while not state.is_terminal():
            obs = state.observation(state.current_player())
            action = bots[rng.randrange(2)].choose(obs)
            assert isinstance(action, Action) and action in obs.legal
            state.apply(action)


def _net_strokes(players: int, deals: int) -> int:
    """SimpleBot's side's strokes less the RandomBot side's, over ``deals`` deals with the sides swapped
    every deal."""
    rng = random.Random(2024)
    simple, randomly = SimpleBot(), RandomBot(2024)
    net = 0
    for i in range(deals):
        side = i % 2
        state = HandState.deal(rng.randrange(2**32), i % players, players=players)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply((simple if seat % 2 == side else randomly).choose(state.observation(seat)))
        result = state.result()
        assert result is not None
        if result.side is not None:
            net += result.strokes if result.side == side else -result.strokes
    return net


@pytest.mark.parametrize("players", [4, 6])
def test_simple_bot_beats_random_choice(players: int) -> None:
    assert _net_strokes(players, 200) > 0


def test_unseen_live_counts_what_was_played() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    state.apply("D6")
    unseen = unseen_live(state.observation(2))
    assert parse_card("D6") not in unseen and parse_card("S8") not in unseen and parse_card("CJ") in unseen
