"""Every game's solver behind one interface (``GameInfo.solve``, ``GameInfo.sides``) and the review written on it.

The expectations come from the brute force of :mod:`protocol.brute` (plain minimax over the public state,
sharing nothing with any solver), on finished hands whose last decisions are small enough for it: each
decision's value, best value, best actions and cost.  The hands are played to their end by each game's
beginner, in every setup the games are dealt in.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import stytvolt
from protocol.brute import brute_values
from stytvolt import InvalidPosition, StytvoltError
from stytvolt.analysis import LEVELS, Decision, player, review, review_steps
from stytvolt.core.protocol import run_to_end

#: Each game's setups, as ``GameInfo.new`` options, and how many of the last actions the brute force can
#: afford from (two or so tricks of the play).
SETUPS: dict[str, list[tuple[dict[str, Any], int]]] = {
    "styrivolt": [({}, 5)],
    "sjavs": [({"players": 4}, 8), ({"players": 3}, 6), ({"players": 2}, 4)],
    "klorsjavs": [({"variant": "klorsjavs"}, 9), ({"variant": "four-hand"}, 8)],
    "knorri": [({"players": 3, "hand_size": 3}, 6), ({"players": 4, "hand_size": 2}, 6)],
    "brus": [({"players": 4}, 8), ({"players": 6}, 6)],
    "vira": [({"players": 3}, 6), ({"players": 4}, 6)],
}


def finished(name: str, options: dict[str, Any], seed: int) -> Any:
    """A hand of ``name`` dealt from ``seed`` and played to its end by the game's beginner at every seat."""
    info = stytvolt.game(name)
    kind = info.part("table").KIND
    bot = kind.bot(kind.levels[0][0], seed)
    state = info.new(seed, **options)
    moves = 0
    while not state.is_terminal():
        state.apply(bot.choose(state.observation(state.current_player())))
        moves += 1
        assert moves < 5_000
    return state


def back(state: Any, steps: int) -> Any:
    """A clone of ``state`` with its last ``steps`` actions taken back."""
    out = state.clone()
    for _ in range(steps):
        out.undo()
    return out


def actions_of(state: Any) -> list[str]:
    start = state.clone()
    taken = []
    while True:
        try:
            taken.append(str(start.undo()))
        except StytvoltError:
            return taken[::-1]


# Knorri's phase two can go round in circles (a card led, picked up, led again), where a tree minimax never ends:
# its solver is checked against a brute force over the graph of positions in tests/knorri/test_knorri_solve.py.
CASES = [(name, options, tail) for name, setups in SETUPS.items() for options, tail in setups if name != "knorri"]


@pytest.mark.parametrize(("name", "options", "tail"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_last_decisions_of_finished_hands_against_the_brute_force(name: str, options: dict[str, Any], tail: int) -> None:
    info = stytvolt.game(name)
    checked = hands = was = 0
    for seed in range(60):
        if hands == 6:
            break
        state = finished(name, options, seed)
        before = json.dumps(state.to_json(), sort_keys=True)
        taken = actions_of(state)
        since = max(0, len(taken) - tail)
        for player in range(state.num_players):
            got = review(state, player, since=since)
            expected: list[Decision] = []
            for i in range(since, len(taken)):
                at = back(state, len(taken) - i)
                if at.current_player() != player:
                    continue
                try:
                    sides = info.sides(at)
                except InvalidPosition:
                    continue  # not the card play: judged by the fair player, not settled
                values = brute_values(at, sides)
                best_value = max(values.values())
                expected.append(Decision(taken[i], i, values[taken[i]], best_value,
                                         tuple(t for t, v in values.items() if v == best_value),
                                         best_value - values[taken[i]]))
            assert [d for d in got if d.solved] == expected, (name, options, seed, player)
            checked += len(expected)
        assert json.dumps(state.to_json(), sort_keys=True) == before, "the review changed the state"
        hands += checked > was
        was = checked
    assert hands == 6, "six hands were played to the card play"


@pytest.mark.parametrize("name", list(SETUPS))
def test_solve_gives_every_legal_action_and_the_sides_cover_every_seat(name: str) -> None:
    info = stytvolt.game(name)
    options, tail = SETUPS[name][0]
    state = finished(name, options, 101)
    at = back(state, tail)
    while True:
        try:
            sides = info.sides(at)
            break
        except InvalidPosition:
            at.apply(at.legal_actions()[0])
    assert sorted(s for side in sides for s in side) == list(range(at.num_players))
    assert list(sides) == sorted(sides)
    solution = info.solve(at)
    assert set(solution.values) == {str(a) for a in at.legal_actions()}
    assert solution.exact and solution.value == max(solution.values.values())
    assert set(solution.best) == {t for t, v in solution.values.items() if v == solution.value}


@pytest.mark.parametrize("name", list(SETUPS))
def test_solve_refuses_a_state_outside_the_card_play(name: str) -> None:
    info = stytvolt.game(name)
    state = finished(name, SETUPS[name][0][0], 5)
    with pytest.raises(InvalidPosition):
        info.solve(state)  # over
    with pytest.raises(InvalidPosition):
        info.sides(state)


def test_the_review_comes_a_decision_at_a_time_and_can_stop() -> None:
    state = finished("sjavs", {"players": 4}, 3)
    taken = actions_of(state)
    found: list[Decision] = []
    steps = review_steps(state, 0, since=len(taken) - 12, found=found)
    progress = [next(steps)]
    assert len(found) == 1 and 0 < progress[0] <= 1
    rest = run_to_end(steps)
    assert rest is found and len(found) >= 2
    assert found == review(state, 0, since=len(taken) - 12)


def test_decisions_before_the_card_play_carry_the_fair_players_choice() -> None:
    state = finished("sjavs", {"players": 4}, 3)
    decisions = review(state, 0, since=0, deadline=60)
    before = [d for d in decisions if not d.solved]
    assert before, "seat 0 bid in this hand"
    legal_texts = set()
    for d in before:
        at = back(state, len(actions_of(state)) - d.index)
        legal_texts = {str(a) for a in at.legal_actions()}
        assert set(d.best) <= legal_texts and len(d.best) == 1 and d.action in legal_texts


def test_bad_input_is_named() -> None:
    state = finished("sjavs", {"players": 4}, 3)
    with pytest.raises(InvalidPosition, match="seat"):
        review(state, 4)
    with pytest.raises(InvalidPosition, match="state of one of the games"):
        review("a hand", 0)  # type: ignore[arg-type]
    with pytest.raises(StytvoltError, match="deadline"):
        review(state, 0, deadline=0)
    with pytest.raises(StytvoltError, match="since"):
        review(state, 0, since=-1)


def test_a_deadline_too_short_says_so() -> None:
    rng = random.Random(7)
    state = finished("styrivolt", {}, rng.randrange(1000))
    decisions = review(state, 0, deadline=0.001)
    assert decisions and not all(d.exact for d in decisions if d.solved)


@pytest.mark.parametrize("name", list(SETUPS))
def test_every_game_offers_the_three_levels_and_each_plays_legally(name: str) -> None:
    info = stytvolt.game(name)
    assert [level for level, _ in info.part("table").KIND.levels] == list(LEVELS)
    state = info.new(4, **SETUPS[name][0][0])
    for level in LEVELS:
        seat = state.current_player()
        assert player(name, level, 4).choose(state.observation(seat)) in state.legal_actions()


def test_a_level_or_game_that_is_not_one_is_named() -> None:
    with pytest.raises(InvalidPosition, match="level is one of beginner, club, expert, not 'master'"):
        player("sjavs", "master")
    with pytest.raises(InvalidPosition, match="not 'bridge'"):
        player("bridge", "expert")
