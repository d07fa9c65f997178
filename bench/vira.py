"""Figures for Vira: complete random hands per second (three at the table, and four with one sitting out),
SimpleBot's speed, and SimpleBot against RandomBot.

Runs unchanged in CPython and in Pyodide:

    python bench/vira.py [--hands N] [--rounds N] [--match N]

A complete hand: shuffle, cut the second pack and deal (``HandState.deal(seed, dealer=..., players=...)``),
then ``legal_actions()`` and ``apply()`` of a uniformly random one until ``is_terminal()``, then
``returns()`` (which settles it).  Uniform bidding nearly always ends in a high solo; the contract kinds
reached are printed.  Also: SimpleBot choosing every action for all three seats, through observations.
Each speed is the best of the rounds.

SimpleBot against RandomBot: ``--match`` hands with one SimpleBot and two RandomBots (the SimpleBot's
seat turning with the deal), and as many with one RandomBot and two SimpleBots; printed: the lone
player's mean return per hand (points, a chip counted as eight) and how its hands ended.  Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from typing import Callable, TypeVar

from stytvolt.vira import HandState
from stytvolt.vira.bots import RandomBot, SimpleBot

T = TypeVar("T")


def random_hands(players: int, n: int, seed: int = 1) -> tuple[int, Counter[str]]:
    """Play ``n`` uniformly random hands; return (actions applied, contract kinds played)."""
    rng = random.Random(seed)
    steps = 0
    kinds: Counter[str] = Counter()
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        assert state.contract is not None
        kinds[state.contract.kind.value] += 1
    return steps, kinds


def bot_hands(n: int, seed: int = 2) -> int:
    """Play ``n`` hands with SimpleBot in every seat; return the decisions made."""
    rng = random.Random(seed)
    bot = SimpleBot()
    steps = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % 3)
        while not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
            steps += 1
    return steps


def lone_player(n: int, lone_simple: bool, seed: int = 3) -> tuple[float, Counter[str]]:
    """One SimpleBot (``lone_simple``) or one RandomBot against two of the other kind, ``n`` hands.

    Returns the lone player's mean return per hand and how the hands it played as soloist ended."""
    rng = random.Random(seed)
    simple, rand = SimpleBot(), RandomBot(seed)
    total = 0
    ends: Counter[str] = Counter()
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % 3)
        lone = i % 3
        while not state.is_terminal():
            seat = state.current_player()
            bot = (simple if lone_simple else rand) if seat == lone else (rand if lone_simple else simple)
            state.apply(bot.choose(state.observation(seat)))
        total += state.returns()[lone]
        settled = state.settlement()
        if settled is not None and state.soloist == lone:
            ends[f"{state.contract} {settled.result}"] += 1
    return total / n, ends


def best(fn: Callable[[], T], rounds: int) -> tuple[float, T]:
    times: list[float] = []
    result: T | None = None
    for _ in range(rounds):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    assert result is not None
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="random hands a round, per table size")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is printed)")
    parser.add_argument("--match", type=int, default=300, help="hands of SimpleBot against RandomBot, each way")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for players in (3, 4):
        seconds, (steps, kinds) = best(lambda: random_hands(players, args.hands), args.rounds)
        shares = ", ".join(f"{k} {v / args.hands:.0%}" for k, v in kinds.most_common())
        print(f"  {players} at the table, random play: {args.hands / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} actions/s; contracts: {shares})")
    n = max(1, args.hands // 10)
    seconds, decisions = best(lambda: bot_hands(n), args.rounds)
    print(f"  SimpleBot in every seat: {n / seconds:8.0f} hands/s ({decisions / seconds:8.0f} decisions/s)")
    for lone_simple in (True, False):
        mean, ends = lone_player(args.match, lone_simple)
        who = "one SimpleBot against two RandomBots" if lone_simple else "one RandomBot against two SimpleBots"
        played = ", ".join(f"{k} {v}" for k, v in ends.most_common(4)) or "never soloist"
        print(f"  {who}, {args.match} hands: the lone bot's mean return {mean:+.1f} points a hand "
              f"(as soloist: {played})")


if __name__ == "__main__":
    main()
