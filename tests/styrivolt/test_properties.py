"""Random complete hands: 2,000 hypothesis examples × 5 hands = 10,000 hands a run.

Every step: all 48 cards are somewhere, exactly once; every trick has one
winner, who leads the next; the hand ends exactly when the rules say; refused
actions change nothing.  Every hand's score goes on a chalk-up whose
invariants hold.
"""

from __future__ import annotations

import random

import pytest
from sweepkit import sized
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.errors import IllegalAction
from stytvolt.styrivolt import Chalkboard, CutRule, HandState, Phase, Result, Rules, Scoring
from stytvolt.styrivolt.actions import PLAYS, parse_action

HANDS_PER_EXAMPLE = 5
# Actions of every kind to probe positions with: every card played, and every simple action.
PROBES = [*PLAYS, *(parse_action(w) for w in ("take", "pass", "keep", "back", "both", "stop", "play-on",
                                             "trade H5 H7", "trade HK H2", "trade C5 C4", "discard C2", "with D7"))]

rules_strategy = st.builds(
    Rules,
    cut_for_stikkar=st.sampled_from(CutRule),
    queen_claims_cut_stikkar=st.booleans(),
    open_choosing=st.booleans(),
    king_of_hearts_takes_bird=st.booleans(),
    compulsory_beating=st.booleans(),
    late_stock=st.booleans(),
    scoring=st.sampled_from(Scoring),
    enforce_stock_right=st.booleans(),
    partner_trick_ends_play_on=st.booleans(),
    promote_kings_and_queens=st.booleans(),
)


def play_checked(state: HandState, rng: random.Random) -> None:
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action in {state!r}"
        assert not state.validate(), state.validate()
        if rng.random() < 0.1:  # legal_actions() and the refusals come from the same predicates
            for probe in rng.sample(PROBES, 12):
                assert (state.refusal(probe) is None) == (probe in legal), (str(probe), state.dumps())
        if rng.random() < 0.05:  # a refused action must change nothing
            wrong = rng.choice(PLAYS)
            if wrong not in legal:
                before = state.dumps()
                try:
                    state.apply(wrong)
                except IllegalAction as err:
                    assert err.reason.code.startswith("refused.")
                assert state.dumps() == before
        state.apply(rng.choice(legal))
        steps += 1
        assert steps < 200
    assert not state.validate(), state.validate()


@pytest.mark.sweep
@settings(max_examples=sized(1000), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=rules_strategy)
def test_random_complete_hands(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    board = Chalkboard(scoring=rules.scoring)
    for n in range(HANDS_PER_EXAMPLE):
        state = HandState.deal(rng=rng, dealer=n % 4, rules=rules)
        play_checked(state, rng)
        r = state.result
        assert r is not None
        t = state.team_tricks()
        if r.result is Result.STOCK_PENALTY:
            assert not rules.enforce_stock_right and any(not take.rightful for take in state.takes)
        else:
            assert t[r.team] >= 5
            assert state.playing_on is not None or r.result is not Result.ORDINARY or t[r.team] == 5
        assert sum(state.returns()) == 0
        before = board.value(r.team) - board.value(1 - r.team)
        r.record(board)
        assert board.value(r.team) - board.value(1 - r.team) >= before  # the scoring team never loses ground
        s = board.state
        assert min(s.erased) >= 0 and max(s.erased) <= 2
        assert 0 in (s.crosses[0] + s.monks[0], s.crosses[1] + s.monks[1])  # only one team holds crosses


def test_a_seeded_hand_is_the_same_every_time() -> None:
    a, b = HandState.deal(2024, dealer=1), HandState.deal(2024, dealer=1)
    assert a.deck == b.deck and a.hands == b.hands and a.chosen == b.chosen
    assert a.phase in (Phase.PLAY, Phase.EXPOSE)
