"""Figures for Brus: complete random deals per second for four and six players, SimpleBot, and SimpleBot
against random play.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/brus.py [--deals N] [--rounds N] [--match N]

A complete deal: shuffle, cut and deal (``HandState.deal(seed, dealer=...,
players=...)``), then ``legal_actions()`` and ``apply()`` of a uniformly
random one until ``is_terminal()``, then ``returns()`` (which scores it).
Also: SimpleBot choosing every action for all seats, through observations,
as the site's computer players will; and SimpleBot's side against RandomBot's
over ``--match`` deals per table size, the sides swapped every deal (deals
won and lost, net strokes).  Each speed is the best of the rounds; figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Callable, TypeVar

from stytvolt.brus import HandState
from stytvolt.brus.bots import RandomBot, SimpleBot

T = TypeVar("T")


def random_deals(players: int, n: int, seed: int = 1) -> tuple[int, int]:
    """Play ``n`` random deals; return (actions applied, deals that ended with no side at six)."""
    rng = random.Random(seed)
    steps = unfinished = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        unfinished += state.end == "no-live"
    return steps, unfinished


def bot_deals(players: int, n: int, seed: int = 2) -> int:
    """Play ``n`` deals with SimpleBot in every seat; return the actions chosen."""
    rng = random.Random(seed)
    bot = SimpleBot()
    steps = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
            steps += 1
    return steps


def simple_against_random(players: int, n: int, seed: int = 3) -> tuple[int, int, int]:
    """SimpleBot's side against RandomBot's over ``n`` deals, sides swapped every deal: (deals SimpleBot's side
    scored, deals RandomBot's side scored, SimpleBot's strokes less RandomBot's)."""
    rng = random.Random(seed)
    simple, randomly = SimpleBot(), RandomBot(seed)
    won = lost = net = 0
    for i in range(n):
        side = i % 2
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            seat = state.current_player()
            state.apply((simple if seat % 2 == side else randomly).choose(state.observation(seat)))
        result = state.result()
        if result is None or result.side is None:
            continue
        if result.side == side:
            won, net = won + 1, net + result.strokes
        else:
            lost, net = lost + 1, net - result.strokes
    return won, lost, net


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
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="random deals a round, per table size")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is printed)")
    parser.add_argument("--match", type=int, default=400, help="deals of SimpleBot against RandomBot, per table size")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for players in (4, 6):
        seconds, (steps, unfinished) = best(lambda: random_deals(players, args.deals), args.rounds)
        print(f"  {players} players, random play: {args.deals / seconds:8.0f} deals/s "
              f"({steps / seconds:8.0f} actions/s; {unfinished / args.deals:.1%} ended with no side at six)")
        n = max(1, args.deals // 10)
        seconds, steps = best(lambda: bot_deals(players, n), args.rounds)
        print(f"  {players} players, SimpleBot in every seat: {n / seconds:8.0f} deals/s "
              f"({steps / seconds:8.0f} decisions/s)")
    for players in (4, 6):
        won, lost, net = simple_against_random(players, args.match)
        print(f"  {players} players, SimpleBot against RandomBot over {args.match} deals: "
              f"scored {won} ({won / args.match:.0%}), conceded {lost} ({lost / args.match:.0%}), "
              f"net {net:+d} strokes ({net / args.match:+.2f} a deal)")


if __name__ == "__main__":
    main()
