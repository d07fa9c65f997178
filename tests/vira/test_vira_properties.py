"""Vira over thousands of random hands: cards conserved at every step, every hand ends, the settlement
as the rules say, and the shared protocol checks.

Uniformly random bidding nearly always ends in a high solo, so the hands here are also driven by a
policy that reaches every kind of contract: eldest opens with a random contract and the others
mostly pass; after the auction every action is uniformly random.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import checks
from stytvolt.vira import (
    GAME, SURRENDERED, HandState, Kind, Outcome, Rules, contract, misere_cards, outcome, points,
    suit_class_of,
)
from stytvolt.vira.variants import MisereHands

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_rules(rng: random.Random) -> Rules:
    return checks.random_rules(GAME, rng)


def choose(state: HandState, rng: random.Random, spread: bool) -> object:
    """A random legal action; with ``spread``, an auction that reaches every kind of contract."""
    legal = state.legal_actions()
    if spread and state.phase == "auction":
        if state.high is None:
            return rng.choice(legal)
        passing = [a for a in legal if a.kind == "pass"]
        if rng.random() < 0.8:
            return passing[0]
        return rng.choice(legal[: min(len(legal), 6)])
    return rng.choice(legal)


def deal(seed: int) -> tuple[HandState, random.Random, bool]:
    rng = random.Random(seed)
    players = rng.choice((3, 3, 4))
    rules = random_rules(rng) if rng.random() < 0.5 else Rules()
    state = HandState.deal(seed, dealer=rng.randrange(players), players=players, rules=rules)
    return state, rng, rng.random() < 0.85


def play_hand(seed: int) -> HandState:
    """One random hand played to its end, every step checked for the 52 cards."""
    state, rng, spread = deal(seed)
    steps = 0
    while not state.is_terminal():
        assert sorted(state.cards_everywhere()) == sorted(state.deck), f"seed {seed}: cards lost or doubled"
        state.apply(choose(state, rng, spread))
        steps += 1
        assert steps < 400, f"seed {seed}: the hand does not end"
    assert sorted(state.cards_everywhere()) == sorted(state.deck)
    return state


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_hands_conserve_cards_end_and_settle_as_the_rules_say(seed: int) -> None:
    state = play_hand(seed)
    item = state.contract
    assert item is not None and state.soloist is not None and state.bid is not None
    settled = state.settlement()
    assert settled is not None
    solo = state.soloist
    left, right = state.opponents()
    # Points pass only between players: they sum to zero; each opponent gains or loses the same.
    assert sum(settled.points) == 0
    assert settled.points[left] == settled.points[right]
    # Chips pass between the soloist (and, after a won cuckoo, the passers) and the pot.
    assert settled.pot == -sum(settled.chips)
    assert state.returns() == [p + 8 * c for p, c in zip(settled.points, settled.chips)]
    assert sum(state.returns()) == -8 * settled.pot
    if state.sitter is not None:
        assert settled.points[state.sitter] == 0 and settled.chips[state.sitter] == 0
    # The points are the table's: each opponent pays or is paid the rate, after a second try's first payment.
    misere = item.always_misere or state.misere
    first = 0
    if state.tries == 2:
        first = points(item, None if item.always_misere else state.first_class)
    if state.over == SURRENDERED:
        assert settled.result == SURRENDERED
        rate = settled.points[left] - first  # the soloist paid each opponent the rate
        assert rate >= 0
    else:
        tricks = state.won[solo]
        want = outcome(item, tricks, misere=state.misere if item.kind is Kind.GASK and item.has_misere_option
                       else None)
        assert settled.result is want
        cls = None if misere else suit_class_of(state.trump, state.preference)  # type: ignore[arg-type]
        rate = points(item, cls, misere=state.misere)
        sign = 1 if want is Outcome.WON else -1
        assert settled.points[left] == -sign * rate + first
        # Every trick was played: as many as the soloist's cards; opponents keep the rest.
        assert len(state.tricks) == state.trick_count == sum(state.won)
        for seat in (left, right):
            assert len(state.hands[seat]) == 13 - state.trick_count
        if misere:
            assert item.misere is not None
            size = misere_cards(item, state.rules.misere_hands is MisereHands.PARLETT) \
                if item.kind is Kind.MISERE else item.misere.cards
            assert state.trick_count == size
        else:
            assert state.trick_count == 13
    assert settled.points[solo] == -2 * settled.points[left]


def test_the_spread_policy_reaches_every_kind_of_contract() -> None:
    kinds: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for seed in range(600):
        state = play_hand(seed)
        assert state.contract is not None
        kinds[state.contract.kind.value] += 1
        ends[str(state.settlement().result)] += 1  # type: ignore[union-attr]
    assert set(kinds) == {k.value for k in Kind}, kinds
    assert {"won", "lost singly", "kodille", "surrendered"} <= set(ends), ends


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_undo_to_the_deal_and_replay(seed: int) -> None:
    state, rng, spread = deal(seed)
    start = state.to_json()
    prints = []
    while not state.is_terminal():
        prints.append((state.to_json(), state.hands, state.talon, state.discards))
        state.apply(choose(state, rng, spread))
    for want in reversed(prints):
        state.undo()
        assert (state.to_json(), state.hands, state.talon, state.discards) == want
    assert state.to_json() == start


@pytest.mark.parametrize("seed", range(12))
def test_the_shared_protocol_checks(seed: int) -> None:
    rng = random.Random(seed ^ 0x5EED)
    players = rng.choice((3, 4))
    rules = checks.random_rules(GAME, rng) if seed % 2 else Rules()
    stats = checks.check_all(GAME, seed, rules=rules, options={"players": players, "dealer": rng.randrange(players)},
                             zero_sum=False)
    assert stats.resamples > 0 and stats.changed > stats.resamples // 2 and stats.hands_compared > 0


@pytest.mark.parametrize("seed", range(6))
def test_resamples_keep_the_observation_across_contract_kinds(seed: int) -> None:
    # The spread policy reaches exchanges, turned cards and open hands, which uniform play rarely does.
    state, rng, spread = deal(1000 + seed)
    looks = 0
    while not state.is_terminal():
        if rng.random() < 0.3:
            for p in state.active:
                want = state.observation(p).to_json()
                again = state.resample(p, rng)
                assert again.observation(p).to_json() == want
                assert GAME.from_json(again.to_json()).to_json() == again.to_json()
                looks += 1
        state.apply(choose(state, rng, True))
    assert looks > 0
