"""Knorri's phase-two solver behind the shared interface (``solve``, ``sides``), its sampler, and the expert.

``solve`` is checked against a brute force written here, sharing nothing with the solver's attractors: it
lists every position reachable (a position is the public observation, which in the standard game shows
every card; ``state.to_json()`` cannot be the key, as it carries the actions taken, and a pick-up brings a
position back by another road), then finds by value iteration from below what the player to move P can
force.  A position where P holds no card is settled: it is worth ``returns()[P]`` at any end reachable
from it (the test checks they all agree); a finished game is worth ``returns()[P]``; every other starts
at what P pays as the loser (a game that goes round for ever is not P getting out) and rises to the best
of its successors where P moves, the worst where another does, until nothing changes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import stytvolt
from stytvolt.analysis.players import Settings, sampling_of
from stytvolt.core.errors import InvalidPosition, StytvoltError
from stytvolt.knorri import KnorriState, Rules, phase_two, scores
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.expert import KnorriExpert
from stytvolt.knorri.solver import SAMPLING, sample, sides, solve
from stytvolt.knorri.state import Observation


def _key(state: KnorriState) -> str:
    obs = state.observation(0).to_json()
    for field in ("legal", "returns", "player"):
        obs.pop(field)
    obs["gone"] = sorted(obs["gone"])
    return json.dumps(obs, sort_keys=True)


def brute(state: KnorriState) -> dict[str, int]:
    """Each legal action's value for the player to move, by value iteration over the reachable graph."""
    root = state.current_player()
    n = state.num_players
    work = state.clone()
    index: dict[str, int] = {}
    succ: list[list[int]] = []
    mover: list[int] = []
    fixed: dict[int, int] = {}
    luck = random.Random(1)

    def visit() -> int:
        k = index.setdefault(_key(work), len(succ))
        if k == len(succ):
            succ.append([])
            mover.append(work.current_player())
            if work.is_terminal():
                fixed[k] = work.returns()[root]
            elif not work.hands[root]:
                # Out of it: the others play on (here at random) to an end, which pays P what any end would.
                end = work.clone()
                while not end.is_terminal():
                    end.apply(luck.choice(end.legal_actions()))
                fixed[k] = end.returns()[root]
            else:
                stack.append((k, list(work.legal_actions()), len(work.history)))
        return k

    stack: list[tuple[int, list[Any], int]] = []
    visit()
    while stack:
        k, todo, depth = stack[-1]
        while len(work.history) > depth:
            work.undo()
        if not todo:
            stack.pop()
            continue
        work.apply(todo.pop())
        succ[k].append(visit())
    holding = [p for p in range(n) if state.hands[p] and p != root]
    loses = (scores(n, list(state.out) + holding, root, list(state.no_cards))[root] if state.rules.scoring
             else -(n - 1))
    value = [fixed.get(k, loses) for k in range(len(succ))]
    changed = True
    while changed:
        changed = False
        for k in range(len(succ)):
            if k in fixed:
                continue
            got = [value[j] for j in succ[k]]
            v = max(got) if mover[k] == root else min(got)
            if v != value[k]:
                value[k], changed = v, True
    out: dict[str, int] = {}
    for action in state.legal_actions():
        work = state.clone()
        work.apply(action)
        out[str(action)] = value[index[_key(work)]]
    return out


def positions(count: int, seed: int) -> list[KnorriState]:
    """Small phase-two positions: short deals of 3 to 5 players, default and scoring, some played on a little."""
    rng = random.Random(seed)
    found: list[KnorriState] = []
    while len(found) < count:
        players = rng.choice((3, 3, 4, 4, 5))
        hand = rng.choice((1, 2)) if players < 5 else 1
        rules = Rules(scoring=rng.random() < 0.5, soft_clubs=rng.random() < 0.2, last_card=rng.random() < 0.2)
        state = KnorriState.short(rng.randrange(10**6), hand_size=hand, players=players, rules=rules)
        for _ in range(rng.randrange(4)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


@pytest.mark.parametrize("seed", range(4))
def test_solve_agrees_with_the_brute_force(seed: int) -> None:
    checked = 0
    for state in positions(90, seed):
        try:
            solution = solve(state, max_nodes=600)
        except StytvoltError:
            continue  # too big for the brute force too
        if not solution.exact:
            continue  # cut short (test_cut_short checks what is settled)
        before = json.dumps(state.to_json())
        assert solution.values == brute(state), state.to_json()
        assert json.dumps(state.to_json()) == before
        assert solution.exact and solution.seat == solution.player == state.current_player()
        assert solution.value == max(solution.values.values())
        assert set(solution.best) == {t for t, v in solution.values.items() if v == solution.value}
        assert set(solution.actions) == {str(a) for a in state.legal_actions()}
        checked += 1
    assert checked >= 45  # some 60 a seed, 230 in all, half of them scoring


def test_known_positions() -> None:
    state = phase_two(["H5 D2", "H9 S3", ""], leader=0)
    assert solve(state).values == {"play D2": 1, "play H5": -2}
    scored = phase_two(["H5 D2", "H9 S3", "C3"], leader=0, rules=Rules(scoring=True))
    values = solve(scored).values
    assert values == brute(scored)
    assert stytvolt.game("knorri").solve(scored).values == values


def test_sides() -> None:
    state = phase_two(["H5 D2", "H9 S3", "C3 C4", "D9"], leader=2)
    assert sides(state) == ((0, 1, 3), (2,))
    assert stytvolt.game("knorri").sides(state) == sides(state)
    state = phase_two(["H5 D2", "H9 S3", "C3 C4"], leader=0)
    assert sides(state) == ((0,), (1, 2))


def test_bad_input() -> None:
    dealt = KnorriState.deal(3)
    with pytest.raises(InvalidPosition, match="phase one"):
        solve(dealt)
    with pytest.raises(InvalidPosition, match="phase one"):
        sides(dealt)
    with pytest.raises(InvalidPosition, match="not a str"):
        solve("play D2")  # type: ignore[arg-type]
    done = phase_two(["D2", "H9 S3", ""], leader=0)
    done.apply("play D2")
    assert done.is_terminal()
    with pytest.raises(InvalidPosition, match="over"):
        solve(done)
    with pytest.raises(InvalidPosition, match="over"):
        sides(done)
    state = phase_two(["H5 D2", "H9 S3", ""], leader=0)
    for bad in (0, -1, True, "many"):
        with pytest.raises(InvalidPosition, match="max_nodes"):
            solve(state, max_nodes=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="deadline"):
        solve(state, deadline=0)


def test_cut_short() -> None:
    big = KnorriState.short(5, hand_size=4, players=4)
    with pytest.raises(StytvoltError, match="positions"):
        solve(big, max_nodes=50)
    # P can go out at once: that much is settled before the search is done.
    state = phase_two(["H9 S3 C5 CK", "D2", "H4 C3 S9 HK", "SA D5 C9 S4"], leader=0)
    state.apply("play H9")
    solution = solve(state, max_nodes=3)
    assert not solution.exact and solution.values == {"play D2": 1}
    assert set(solution.actions) == {"play D2", "pick up"}


def _every_observation(seed: int, rules: Rules, players: int) -> list[tuple[KnorriState, Observation]]:
    state = KnorriState.deal(seed, players=players, rules=rules)
    bots = [SimpleBot(seed + p) for p in range(players)]
    seen = []
    while not state.is_terminal() and len(state.history) < 400:
        p = state.current_player()
        obs = state.observation(p)
        seen.append((state.clone(), obs))
        state.apply(bots[p].choose(obs))
    return seen


@pytest.mark.parametrize(("rules", "players"), [(Rules(), 4), (Rules(overlooking=True, scoring=True), 3),
                                                 (Rules(phase_one="mas", last_card=True), 4),  # type: ignore[arg-type]
                                                 (Rules(two_packs=True), 5)])
def test_the_sampler_agrees_with_the_observation(rules: Rules, players: int) -> None:
    rng = random.Random(7)
    pictured = 0
    for state, obs in _every_observation(11, rules, players)[::3]:
        world = sample(obs, rng)
        if obs.phase not in ("turn", "claim", "play"):
            assert world is None
            continue
        assert world is not None
        assert world.observation(obs.player) == obs
        assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
        # Played on, the picture shows the same as the real game while no hidden card comes to light.
        real = state.clone()
        for _ in range(3):
            if real.is_terminal() or real.phase == "turn" and real.turned != world.turned:
                break
            action = real.legal_actions()[0]
            real.apply(action)
            world.apply(action)
            if real.phase == "turn" and real.turned != world.turned:
                break
            assert world.observation(obs.player).hands == real.observation(obs.player).hands
        pictured += 1
    assert pictured > 10


def test_sampling_parts_are_declared() -> None:
    assert sampling_of("knorri") is SAMPLING
    with pytest.raises(InvalidPosition):
        sample("an observation", random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "players"), [(Rules(overlooking=True, scoring=True), 4),
                                                 (Rules(phase_one="mas"), 3)])  # type: ignore[arg-type]
def test_the_expert_plays_fair(rules: Rules, players: int) -> None:
    """The expert's choice is the same when the cards its seat has not seen are dealt afresh (it cannot peek)."""
    rng = random.Random(3)
    asked = 0
    for state, obs in _every_observation(5, rules, players):
        if len(obs.legal) < 2 or rng.random() < 0.6 or asked >= 6:
            continue
        expert = KnorriExpert(9, phase_one_worlds=2, settings=Settings(worlds=2, solve_at=6, max_nodes=2_000))
        chosen = expert.decide(obs)
        assert chosen.action in obs.legal
        other = state.resample(obs.player, rng)
        assert KnorriExpert(9, phase_one_worlds=2, settings=Settings(worlds=2, solve_at=6, max_nodes=2_000)).choose(
            other.observation(obs.player)) == chosen.action
        asked += 1
    assert asked >= 4


def test_the_expert_solves_what_it_sees_whole() -> None:
    # Every card seen: ♦2 first makes sure of getting out (♥9 and ♠3 cannot beat it); ♥5 would be beaten.
    state = phase_two(["H5 D2", "H9 S3", ""], leader=0)
    thought = KnorriExpert(1).decide(state.observation(0))
    assert str(thought.action) == "play D2" and thought.solved == 1
    # With ♣7 in a third hand the trick needs three cards, and ♥5 first is the way out.
    state = phase_two(["H5 D2", "H9 S3", "C7"], leader=0)
    assert str(KnorriExpert(1).choose(state.observation(0))) == "play H5" == solve(state).best[0]
    # Short games to the end: the expert never makes an illegal move.
    for seed in range(6):
        game = KnorriState.short(seed, hand_size=3, players=3 + seed % 2, rules=Rules(scoring=seed % 2 == 0))
        expert = KnorriExpert(seed, settings=Settings(worlds=2, solve_at=7, max_nodes=3_000))
        bot = SimpleBot(seed)
        while not game.is_terminal() and len(game.history) < 300:
            p = game.current_player()
            obs = game.observation(p)
            game.apply(expert.choose(obs) if p == seed % game.num_players else bot.choose(obs))
