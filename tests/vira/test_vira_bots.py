"""Vira's computer players: they see observations only, always choose a legal action, and SimpleBot
makes the choices a beginner is taught."""

from __future__ import annotations

import random

import pytest

from stytvolt import InvalidPosition, parse_cards
from stytvolt.core.cards import Suit
from stytvolt.vira import HandState
from stytvolt.vira.bots import RandomBot, SimpleBot, danger, estimate
from stytvolt.vira.contracts import contract
from stytvolt.vira.hand import Action, Observation

from test_vira_hand import SPADES, layout, play


def test_bots_are_shown_observations_only() -> None:
    state = HandState.deal(1)
    for bot in (SimpleBot(), RandomBot(1)):
        with pytest.raises(InvalidPosition):
            bot.choose(state)
        with pytest.raises(InvalidPosition, match="nothing to do"):
            bot.choose(state.observation(2))  # eldest (seat 1) bids first, not seat 2


def test_simplebot_and_randombot_always_choose_legal_actions() -> None:
    rng = random.Random(4)
    for i in range(60):
        state = HandState.deal(rng.randrange(2**32), dealer=i % 3, players=3 + i % 2)
        bots = [SimpleBot(), RandomBot(i)]
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            action = bots[(seat + i) % 2].choose(obs)
            assert action in obs.legal
            state.apply(action)


def test_simplebot_beats_randombot() -> None:
    # One SimpleBot against two RandomBots over 60 hands, its seat turning: it comes out ahead.
    rng = random.Random(8)
    simple, rand = SimpleBot(), RandomBot(8)
    total = 0
    for i in range(60):
        state = HandState.deal(rng.randrange(2**32), dealer=i % 3)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply((simple if seat == i % 3 else rand).choose(state.observation(seat)))
        total += state.returns()[i % 3]
    assert total > 0


def test_hand_values() -> None:
    # Thirteen spades with spades trumps: ace 1, king 0.8, queen 0.5, ten more trumps 0.9 each.
    assert estimate(parse_cards(SPADES), parse_cards("SA")[0].suit) == pytest.approx(11.3)
    # Parlett's safe low holdings for a misère: a 2, a 3-4, a 4-5-6.  ♥5 over ♥3 is not safe, nor a lone ace.
    assert danger(parse_cards("S2 H3 H4 D4 D5 D6")) == 0
    assert danger(parse_cards("S2 H3 H5 CA")) == 2


def test_simplebot_bids_what_its_hand_carries() -> None:
    # Thirteen spades: it opens at once with the highest it can carry, Solo 10 in preference (spades cut).
    state = layout({0: SPADES}, "")
    action = SimpleBot().choose(state.observation(0))
    assert str(action) == "bid Solo 10 in preference"
    # A weak middle hand passes.
    play(state, str(action))
    assert str(SimpleBot().choose(state.observation(1))) == "pass"


def test_simplebot_in_a_misere_plays_the_highest_card_that_still_loses() -> None:
    state = layout({1: "S2 S3 S9 H2 H3 H4 H5 H6 H7 D2 D3 D4 D5"}, "")
    play(state, "bid Beg", "bid Solo grande misère", "pass", "pass", "play", "keep", "keep")
    play(state, "card ST")  # eldest leads ♠10
    choice = SimpleBot().choose(state.observation(1))
    assert str(choice) == "card S9"  # ♠9 loses to ♠10 and sheds the most dangerous spade


def test_simplebot_soloist_draws_trumps_with_the_best_of_them() -> None:
    state = layout({0: SPADES}, "")
    play(state, "bid Solo 6", "pass", "pass", "trump S", "play", "keep", "keep")
    assert str(SimpleBot().choose(state.observation(0))) == "card SA"


def test_simplebot_opponent_ducks_when_the_other_opponent_wins() -> None:
    state = layout({0: "HA C2 C3 C4 C5 C6 C7 C8 C9 CT CJ CQ CK", 1: "H2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK SA",
                    2: "HK H3 H4 H5 H6 H7 H8 H9 HT HJ HQ D2 D3"}, "")
    play(state, "bid Beg", "bid Solo 6", "pass", "pass", "trump S", "play", "keep", "keep")
    play(state, "card HA", "card H2")  # eldest's ace wins against the soloist's two
    assert str(SimpleBot().choose(state.observation(2))) == "card H3"  # no need to spend the king


def _decisions(seed: int) -> list[tuple[Observation, Action]]:
    """Every play/surrender/retry decision SimpleBot makes in a hand it plays at all three seats."""
    state = HandState.deal(seed)
    bot = SimpleBot()
    out = []
    while not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        action = bot.choose(obs)
        if action.kind in ("play", "surrender", "retry"):
            out.append((obs, action))
        state.apply(action)
    return out


def test_simplebot_surrenders_a_hopeless_trump_contract() -> None:
    # Seed 26: Bo (seat 1) plays Beg (six tricks) with clubs trumps, holding after the exchange
    # ♠4 5 10, ♦6 8 10 Q K, ♣2 3 4 6 J. By the estimate: clubs have no ace, king or queen, and two
    # trumps past the third are 2 × 0.9 = 1.8; ♦K guarded is 0.6; no plain ace: 2.4 tricks, which
    # is 3.6 short of six, two or more short, so he surrenders (a single loss instead of a likely kodille).
    [(obs, action)] = _decisions(26)
    assert (obs.player, obs.contract, obs.trump) == (1, "Beg", Suit.CLUBS)
    assert sorted(obs.hand) == sorted(parse_cards("S4 S5 ST D6 D8 DT DQ DK C2 C3 C4 C6 CJ"))
    assert action == Action("surrender")


def test_simplebot_plays_a_contract_it_can_carry_and_never_surrenders_a_solo() -> None:
    # A surrendered solo pays double, as much as the kodille it would save: a solo is always played.
    # And a second try is never bought.
    seen = {"surrender": 0, "play": 0}
    for seed in range(200):
        for obs, action in _decisions(seed):
            assert action.kind != "retry"
            seen[action.kind] += 1
            if obs.contract is not None and contract(obs.contract).is_solo:
                assert action.kind == "play"
    assert seen["surrender"] > 0 and seen["play"] > seen["surrender"]
