"""Vira's sampler (the hands a fair player pictures), the sampling player on it, and the solver's score of a finished
play against the hand's own ``returns()``.

The observations come from hands whose auction and procedure were made at random (so every kind of contract turns
up, second tries among them, at both table sizes and with the rule switches the observation shows set either way)
and whose play was then made at random to a random point.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import stytvolt
from stytvolt.analysis.games import position_of
from stytvolt.analysis.players import SamplingPlayer, Settings
from stytvolt.vira import Rules
from stytvolt.vira.sampling import sample
from stytvolt.vira.variants import MisereHands, SitOut

VIRA = stytvolt.game("vira")


def in_play(seed: int, *, tricks_left: int | None = None) -> Any:
    """Hand ``seed`` with a random first bid (the others passing), a random procedure (a second try half the time it
    is offered), played at random to a random point of the play (or until ``tricks_left`` tricks are left); None if
    it never came to the play or is over."""
    rng = random.Random(f"vira-sampling/{seed}")
    players = 3 + seed % 2
    rules = Rules(misere_hands=MisereHands.PARLETT if seed % 3 == 0 else MisereHands.TABLE,
                  sitter=SitOut.DEALER if seed % 5 == 0 else SitOut.DEALERS_RIGHT,
                  royale_open_defence=seed % 2 == 0)
    state = VIRA.new(seed, players=players, rules=rules, dealer=seed % players)
    opened = False
    while not state.is_terminal() and state.phase != "play":
        legal = state.legal_actions()
        if state.phase == "auction":
            state.apply(rng.choice(legal) if not opened else next(a for a in legal if str(a) == "pass"))
            opened = True
            continue
        retry = [a for a in legal if str(a) == "retry"]
        if retry and rng.random() < 0.5:
            state.apply(retry[0])
            continue
        choices = [a for a in legal if str(a) != "surrender"] or legal
        done = [a for a in choices if a.kind in ("draw", "keep", "play")]
        state.apply(rng.choice(done) if done and rng.random() < 0.4 else rng.choice(choices))
    if state.phase != "play":
        return None
    moves = rng.randint(0, state.trick_count * 3 - 1) if tricks_left is None else \
        3 * (state.trick_count - tricks_left)
    for _ in range(max(0, moves)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def kind_of(state: Any) -> str:
    return state.contract.kind.value + (" as a misère" if state.misere else "") + f", try {state.tries}"


def test_every_pictured_hand_shows_the_seat_exactly_what_it_saw() -> None:
    kinds: collections.Counter[str] = collections.Counter()
    drawn = asked = 0
    for seed in range(260):
        state = in_play(seed)
        if state is None:
            continue
        kinds[kind_of(state)] += 1
        for seat in state.active:
            obs = state.observation(seat)
            world = sample(obs, random.Random(seed * 10 + seat), rules=state.rules)
            asked += 1
            if world is None:
                continue
            drawn += 1
            assert world.observation(seat).to_json() == obs.to_json(), (seed, seat)
            # The seat's own cards and the cards it has seen lie where they lie in the real hand.
            assert world.hands[seat] == state.hands[seat]
            for other, cards in obs.open_hands:
                assert tuple(world.hands[other]) == cards
    assert drawn >= 0.97 * asked, (drawn, asked)
    assert len(kinds) >= 8, kinds  # draws, turn-ups, gasks (both ways), solos, viras, cuckoos, misères, retried


def test_a_pictured_hand_differs_from_the_real_one_only_where_the_seat_cannot_see() -> None:
    state = next(s for s in (in_play(seed) for seed in range(40, 80)) if s is not None and len(s.tricks) >= 2)
    seat = state.active[0]
    worlds = [sample(state.observation(seat), random.Random(k), rules=state.rules) for k in range(6)]
    others = {tuple(sorted(w.hands[state.active[1]])) for w in worlds if w is not None}
    assert len(others) > 1  # the hidden cards are dealt afresh
    for world in worlds:
        assert world is not None
        for leader, cards, winner in state.tricks:
            assert (leader, cards, winner) in world.tricks


def test_outside_the_play_nothing_is_pictured() -> None:
    state = VIRA.new(4)
    assert sample(state.observation(0), random.Random(1)) is None


def test_the_solvers_score_of_a_finished_play_is_the_hands_returns() -> None:
    checked = 0
    for seed in range(120):
        state = in_play(seed, tricks_left=1)
        if state is None:
            continue
        position = position_of(state)
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        active = (0, 1, 2) if state.players == 3 else state.active  # the position's seats (see solving._order)
        tricks = tuple(state.won[s] for s in active)
        score = position.score((0, 0, 0), tricks)
        assert list(score) == [state.returns()[s] for s in active], (seed, kind_of(state))
        checked += 1
    assert checked >= 40


def test_the_sampling_player_cannot_peek() -> None:
    # Its choice is a function of the observation: the same with the hidden cards dealt afresh (resample).
    settings = Settings(worlds=4, solve_at=3, max_nodes=4_000)
    checked = 0
    for seed in range(0, 120, 2):  # three at the table (four: test_at_four_the_expert_pictures_the_hand_...)
        state = in_play(seed)
        if state is None or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        bot = SamplingPlayer("vira", seed=seed, settings=settings, rules=state.rules)
        choice = bot.choose(state.observation(seat))
        other = state.resample(seat, random.Random(seed))
        assert other.observation(seat).to_json() == state.observation(seat).to_json()
        assert bot.choose(other.observation(seat)) == choice, seed
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_at_three_the_position_numbers_the_hands_seats_whoever_deals() -> None:
    # The shared sampling player scores a pictured hand for the observer's seat number in the position.
    from stytvolt.analysis.position import bits

    dealers = set()
    for seed in range(0, 40, 2):
        state = in_play(seed)
        if state is None:
            continue
        position = position_of(state)
        assert position.hands == tuple(bits(state.hands[s]) for s in range(3))
        assert position.to_move == state.current_player()
        assert VIRA.solve(state).player == state.current_player() if len(state.tricks) >= state.trick_count - 2 \
            else True
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2}


def test_at_four_the_expert_pictures_the_hand_and_scores_for_the_seat_to_move() -> None:
    # At four the position numbers only the three active players; the sampling player scores each pictured hand for
    # the position's player to move, which is the observer, so it plays by the figures there too, and fairly.
    settings = Settings(worlds=4, solve_at=3, max_nodes=4_000)
    checked = 0
    for seed in range(1, 80, 2):
        state = in_play(seed)
        if state is None or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        bot = SamplingPlayer("vira", seed=seed, settings=settings, rules=state.rules)
        decided = bot.decide(state.observation(seat))
        assert decided.worlds == 4 and set(decided.scores) == {str(a) for a in state.legal_actions()}
        other = state.resample(seat, random.Random(seed))
        assert bot.choose(other.observation(seat)) == decided.action, seed
        checked += 1
        if checked == 6:
            break
    assert checked == 6
