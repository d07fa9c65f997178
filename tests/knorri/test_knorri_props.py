"""Knorri over many random games: every card accounted for at every step, every game ending with one
loser (or none, when nobody took a card), scores as the rules say, and the shared protocol checks for
3 to 8 players and every rule switch."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sweepkit import sized
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import checks
from stytvolt.knorri import GAME, PACK, TWO_PACKS, KnorriState, PhaseOne, Rules

RULES = st.builds(
    Rules, soft_clubs=st.booleans(), phase_one=st.sampled_from(list(PhaseOne)), scoring=st.booleans(),
    last_card=st.booleans(), two_packs=st.booleans(), overlooking=st.booleans())

#: A random game gets this many actions to end; the longest of thousands measured was about 5,300
#: (eight players, random play picks up often).
LIMIT = 30_000


def every_card_once(state: KnorriState) -> None:
    """Each card of the deck is in exactly one place: a hand, a Mas hand, the table, the turned card,
    the pack or stock, the trick, the Mas trick, or the cards set aside."""
    places: list[int] = []
    for h in state._hands + state._held:
        places += h
    places += state.table + state.mas_plays + state.gone
    for group in state.trick:
        places += group
    places += range(state.pos, len(state.deck))  # the turned card and the pack, or the Mas stock
    if state.start_hands is not None:
        assert state.pos == len(state.deck)
    assert sorted(places) == list(range(len(state.deck))), "a card is missing or in two places"
    want = sorted(map(str, TWO_PACKS if state.rules.two_packs else PACK.cards))
    if state.start_hands is None:
        assert sorted(map(str, state.deck)) == want


def play_out(state: KnorriState, rng: random.Random) -> dict[str, Any]:
    """Play random legal actions to the end, checking at every step; return what was seen."""
    n = state.num_players
    record: dict[str, Any] = {"holding": None, "credit": [0] * n, "out": []}
    steps = 0
    while not state.is_terminal():
        every_card_once(state)
        if record["holding"] is None and state.phase == "play":
            record["holding"] = [p for p in range(n) if state.hands[p]]
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
        assert steps < LIMIT, "the game did not end"
        if action.kind == "play" and state.phase in ("play", "done") and record["holding"] is not None \
                and not state.hands[player] and player not in record["out"]:
            # Going out: one point for each player still holding cards at that moment.
            record["out"].append(player)
            record["credit"][player] = sum(1 for p in range(n) if state.hands[p])
    every_card_once(state)
    if record["holding"] is None:  # phase two never began: nobody, or one player alone, held cards
        record["holding"] = [p for p in range(n) if state.hands[p]]
    return record


def check_the_end(state: KnorriState, record: dict[str, Any]) -> None:
    n = state.num_players
    holding = record["holding"]
    returns = state.returns()
    assert sum(returns) == 0
    left = [p for p in range(n) if state.hands[p]]
    if not holding:
        assert state.loser == -1 and returns == [0] * n  # nobody took a card: nobody loses
        return
    assert left == [state.loser], "exactly one player is left holding cards, and that player loses"
    assert sorted(record["out"] + [state.loser]) == sorted(holding)
    if not state.rules.scoring:
        assert returns == [-(n - 1) if p == state.loser else 1 for p in range(n)]
        return
    want = list(record["credit"])
    for p in range(n):
        if p not in holding:
            want[p] = len(holding)  # safe from the start: one point for each player holding cards
    want[state.loser] = -sum(want)
    assert returns == want


@pytest.mark.sweep
@settings(max_examples=sized(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from((3, 3, 3, 4, 4, 5, 6, 8)), rules=RULES,
       hand_size=st.one_of(st.none(), st.none(), st.integers(1, 6)))
def test_random_games(seed: int, players: int, rules: Rules, hand_size: int | None) -> None:
    rng = random.Random(seed)
    if hand_size is None:
        state = KnorriState.deal(seed, players=players, dealer=seed % players, rules=rules)
    else:
        state = KnorriState.short(seed, hand_size=hand_size, players=players, dealer=seed % players, rules=rules)
    record = play_out(state, rng)
    check_the_end(state, record)
    if rules.phase_one is not PhaseOne.MAS and state.phase == "done":
        for p in range(players):  # nothing was ever hidden but the pack, now all turned
            assert state.observation(p).hidden == (0,) * players


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(9, 12))
def test_two_packs_seat_up_to_twelve(seed: int, players: int) -> None:
    state = KnorriState.short(seed, hand_size=3, players=players, rules=Rules(two_packs=True, scoring=True))
    check_the_end(state, play_out(state, random.Random(seed)))


def test_thousands_of_three_player_games() -> None:
    """1,000 whole three-player games, every rule switch varied, checked at the end (the hypothesis
    test above checks every step of fewer, longer ones)."""
    for seed in range(1000):
        rng = random.Random(seed)
        rules = checks.random_rules(GAME, rng)
        state = KnorriState.deal(seed, players=3, dealer=seed % 3, rules=rules)
        n = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            n += 1
            assert n < LIMIT
        assert sum(state.returns()) == 0
        assert state.loser >= 0 or not any(state.hands)
        assert sum(len(h) for h in state.hands) + sum(len(g) for g in state.trick) + len(state.gone) \
            + len(state.table) == len(state.deck)


# -- the shared protocol ------------------------------------------------------------------------------------


def test_protocol_on_short_games_for_every_player_count() -> None:
    total = checks.ObservationStats()
    for seed in range(30):
        rng = random.Random(seed)
        players = 3 + seed % 6
        options = {"players": players, "dealer": rng.randrange(players), "hand_size": 1 + seed % (2 if players > 5 else 4)}
        rules = checks.random_rules(GAME, rng) if seed % 2 else Rules()
        stats = checks.check_all(GAME, seed, rules=rules, options=options)
        total.resamples += stats.resamples
    assert total.resamples > 0


def test_protocol_on_whole_games() -> None:
    """Whole three-player games, phase one included: the table, the all-lower version, the Mas version
    (whose hands are hidden: the direct check compares them), and "you missed one"."""
    compared = changed = 0
    for seed, rules in enumerate((Rules(), Rules(phase_one=PhaseOne.ALL_LOWER, overlooking=True),
                                  Rules(phase_one=PhaseOne.MAS, last_card=True))):
        stats = checks.check_all(GAME, seed, rules=rules, options={"players": 3, "dealer": seed % 3})
        compared += stats.hands_compared
        changed += stats.changed
    assert compared > 0  # the Mas hands are hidden, and no observation names them
    assert changed > 0  # and resampling deals them afresh


def test_resampling_redeals_what_was_not_seen() -> None:
    # At the start of a game the 42 cards still in the pack are unseen: a resample deals them afresh.
    state = KnorriState.deal(7, players=4)
    other = state.resample(0, random.Random(1))
    assert other.deck[:10] == state.deck[:10] and other.deck != state.deck
    assert other.observation(0).to_json() == state.observation(0).to_json()
