"""How well and how fast the computer players play: win rates with the seats swapped, and time per move.

Runs unchanged in CPython and in Pyodide (``make bench`` does both, with the
small default sizes):

    python bench/players.py [--deals N] [--levels club,expert] [--against simple,random] [--jobs K]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/players.py --deals 4   (time per move in Pyodide)

A match plays each of ``--deals`` deals twice, the level's pair sitting
South–North the first time and West–East the second, against a pair of
SimpleBots or of random players (``RandomBot``); so ``--deals 1000`` is 2,000
hands.  A hand is won by the team it scores for (``returns()`` > 0).  Printed
per match: hands, hands won by the level's pair with a 95% Wilson interval,
strokes per hand, and the level's time per decision (mean, 95th percentile,
max; every decision a computer player of that level made, the forced ones
too).  Figures are printed, never asserted.  ``--jobs`` spreads the deals
over processes (CPython only); the times per move are then measured with the
processes sharing the machine's cores.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from typing import Callable

from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.bots import Bot, RandomBot, SimpleBot
from stytvolt.styrivolt.players import LEVELS, computer

OPPONENTS: dict[str, Callable[[int], Bot]] = {"simple": SimpleBot, "random": RandomBot}


def play_deal(level: str, against: str, deal: int) -> tuple[list[int], list[float]]:
    """The deal played twice (the level's pair as team 0, then team 1): its pair's score each time, and its times per decision."""
    scores: list[int] = []
    times: list[float] = []
    for side in (0, 1):
        state = HandState.deal(10_000 + deal, dealer=deal % 4)
        players: list[Bot] = [
            computer(level, seed=deal * 8 + side * 4 + p) if p % 2 == side else OPPONENTS[against](deal * 8 + side * 4 + p)
            for p in range(4)
        ]
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            if p % 2 == side:
                started = time.perf_counter()
                action = players[p].choose(obs)
                times.append(time.perf_counter() - started)
            else:
                action = players[p].choose(obs)
            state.apply(action)
        scores.append(state.returns()[side])
    return scores, times


def _play_deal(args: tuple[str, str, int]) -> tuple[list[int], list[float]]:
    return play_deal(*args)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(level: str, against: str, deals: int, jobs: int) -> None:
    tasks = [(level, against, d) for d in range(deals)]
    started = time.perf_counter()
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            results = pool.map(_play_deal, tasks, chunksize=4)
    else:
        results = [_play_deal(t) for t in tasks]
    wall = time.perf_counter() - started
    scores = [s for r in results for s in r[0]]
    times = sorted(t for r in results for t in r[1])
    won = sum(1 for s in scores if s > 0)
    low, high = wilson(won, len(scores))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    print(f"{level} pair vs {against} pair: {len(scores)} hands ({deals} deals, seats swapped), "
          f"won {won} = {won / len(scores):.1%} (95% CI {low:.1%}–{high:.1%}), "
          f"{sum(scores) / len(scores):+.2f} strokes a hand")
    print(f"    {level}: {len(times)} decisions, {1000 * sum(times) / max(1, len(times)):.0f} ms mean, "
          f"{1000 * p95:.0f} ms 95th percentile, {1000 * (times[-1] if times else 0):.0f} ms max; {wall:.0f} s in all")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=5, help="deals per match; each is played twice (default 5)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels (default: all)")
    parser.add_argument("--against", default="simple,random", help="opponent pairs: simple, random (default both)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (CPython only; default 1)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} ({sys.platform}); {args.deals} deals a match, each played twice")
    for level in args.levels.split(","):
        for against in args.against.split(","):
            match(level, against, args.deals, args.jobs)


if __name__ == "__main__":
    main()
