"""Figures for Klørsjavs: complete random hands per second for its three games, SimpleBot, and the solver.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/klorsjavs.py [--hands N] [--rounds N] [--solve-hands N]

A complete hand: shuffle and deal (``HandState.deal(seed, dealer=...,
variant=...)``), then ``legal_actions()`` and ``apply()`` of a uniformly
random one until ``is_terminal()``, then ``returns()``, for three-hand
Klørsjavs, four-hand Klørsjavs and Auction Klørsjavs.  Hands everyone passes
count too, and the share of them is printed.  Also: SimpleBot choosing every
action for all seats, through observations.  Each figure is the best of the
rounds.

The solver (:func:`stytvolt.analysis.solve`, every card visible): hands bid
by SimpleBot, solved for the player to move from the first trick (the whole
play: six cards each, four in four-hand), in game points (øre) and in card
points: mean and worst time, nodes a second.  Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Callable, TypeVar

from stytvolt.analysis import solve
from stytvolt.klorsjavs import VARIANTS, HandState
from stytvolt.klorsjavs.bots import SimpleBot

T = TypeVar("T")


def random_hands(variant: str, n: int, seed: int = 1) -> tuple[int, int]:
    """Play ``n`` random hands; return (actions applied, hands all passed)."""
    rng = random.Random(seed)
    players = VARIANTS[variant]
    steps = passed = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, variant=variant)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        passed += state.phase == "passed"
    return steps, passed


def bot_hands(variant: str, n: int, seed: int = 2) -> int:
    """Play ``n`` hands with SimpleBot in every seat; return the actions chosen."""
    rng = random.Random(seed)
    bot = SimpleBot()
    players = VARIANTS[variant]
    steps = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, variant=variant)
        while not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
            steps += 1
    return steps


def first_trick(variant: str, seed: int) -> HandState | None:
    """A hand bid (and its cat handled) by SimpleBot, at the first card of the play; None if all passed
    or the declarer folded."""
    state = HandState.deal(seed, dealer=seed % VARIANTS[variant], variant=variant)
    bot = SimpleBot()
    while state.phase not in ("play", "passed", "done", "folded"):
        state.apply(bot.choose(state.observation(state.current_player())))
    return state if state.phase == "play" else None


def best(fn: Callable[[], T], rounds: int) -> tuple[float, T]:
    times: list[float] = []
    results: list[T] = []
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        results.append(fn())
        times.append(time.perf_counter() - start)
    return min(times), results[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="random hands a round, per game")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is printed)")
    parser.add_argument("--solve-hands", type=int, default=20, help="hands the solver solves, per game")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for variant in VARIANTS:
        seconds, (steps, passed) = best(lambda: random_hands(variant, args.hands), args.rounds)
        print(f"  {variant:9}, random play: {args.hands / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} actions/s; {passed / args.hands:.0%} all passed)")
        n = max(1, args.hands // 10)
        seconds, decided = best(lambda: bot_hands(variant, n), args.rounds)
        print(f"  {variant:9}, SimpleBot in every seat: {n / seconds:8.0f} hands/s ({decided / seconds:8.0f} decisions/s)")
    for variant in VARIANTS:
        states = [s for s in (first_trick(variant, seed) for seed in range(args.solve_hands * 3)) if s is not None]
        states = states[: args.solve_hands]
        for objective in ("game", "points"):
            times, nodes = [], 0
            for state in states:
                solution = solve(state, objective=objective)
                times.append(solution.seconds)
                nodes += solution.nodes
            total = sum(times)
            print(f"  {variant:9}, solver from the first trick, {objective:6}: {1000 * total / len(times):7.1f} ms mean, "
                  f"{1000 * max(times):7.1f} ms worst, {nodes / total:8.0f} nodes/s ({len(times)} hands)")


if __name__ == "__main__":
    main()
