"""Figures for Sjavs: complete random hands per second, for four, three and two players.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/sjavs.py [--hands N] [--rounds N]

A complete hand: shuffle and deal (``HandState.deal(seed, dealer=...)``),
then ``legal_actions()`` and ``apply()`` of a uniformly random one until
``is_terminal()``, then ``returns()`` (which scores it).  Hands everyone
passes count too (they end after the bidding), and the share of them is
printed.  Also: SimpleBot choosing every action for all seats, through
observations, as the site's computer players will.  Each figure is the best
of the rounds; figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from stytvolt.sjavs import HandState
from stytvolt.sjavs.bots import SimpleBot


def random_hands(players: int, n: int, seed: int = 1) -> tuple[int, int]:
    """Play ``n`` random hands; return (actions applied, hands all passed)."""
    rng = random.Random(seed)
    steps = passed = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players, cut=i % 2 == 0)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        passed += state.phase == "passed"
    return steps, passed


def bot_hands(players: int, n: int, seed: int = 2) -> int:
    """Play ``n`` hands with SimpleBot in every seat; return the actions chosen."""
    rng = random.Random(seed)
    bot = SimpleBot()
    steps = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
            steps += 1
    return steps


def best(fn: object, rounds: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        result = fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="random hands a round, per player count")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is printed)")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for players in (4, 3, 2):
        seconds, result = best(lambda: random_hands(players, args.hands), args.rounds)
        steps, passed = result  # type: ignore[misc]
        print(f"  {players} players, random play: {args.hands / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} actions/s; {passed / args.hands:.0%} all passed)")
        n = max(1, args.hands // 10)
        seconds, steps = best(lambda: bot_hands(players, n), args.rounds)
        print(f"  {players} players, SimpleBot in every seat: {n / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} decisions/s)")


if __name__ == "__main__":
    main()
