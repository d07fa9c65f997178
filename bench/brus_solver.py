"""How quick the Brus solver is on whole deals, and how strong and quick the expert (the sampling player) is.

    python bench/brus_solver.py [--deals N] [--matches N] [--players 4|6] [--level expert|club] [--seed N]
                                [--worlds N]

1. The solver: ``--deals`` seeded whole deals (``HandState.deal(seed, dealer=seed % players)``, seeds from
   ``--seed``) solved from the first lead, every action's value (``stytvolt.brus.solving.solve``): median and
   worst seconds and positions searched.
2. The match: ``--matches`` seeded deals, each played twice: the experts (the sampling player at ``--level``,
   seeded by the deal) on side 0 against SimpleBots on side 1 (two against two, or three against three), then
   the sides swapped on the same deal.  Printed: the expert side's mean strokes a deal with a 95% interval, its
   gain over SimpleBot in the same seats of the same deal (paired, so a tighter interval), how often it scored
   in the deals someone scored (with a 95% Wilson interval), SimpleBot against itself on the same deals for
   comparison, and the time of an expert's decision (median and worst; a move with one legal action is not a
   decision).  ``--worlds`` overrides the deals the level pictures a decision.

Measured (CPython 3.11, a shared two-core machine, ``nice -n 10``): whole deals from the first lead, 100 a
setup: four players median 0.0011 s, worst 0.010 s (325 and 2,024 positions); six players median 0.0007 s,
worst 0.006 s.  The expert against SimpleBot, 2,000 four-player deals with sides swapped (19 minutes): +0.087 ±
0.035 strokes a deal, a gain of +0.087 ± 0.021 over SimpleBot in the same seats, 53.4% (51.8% to 54.9%) of the
deals scored; decisions median 0.045 s, worst 0.83 s.  A double-dummy player that sees every card gains +0.275 ±
0.054 in the same match (300 deals): the room left to a fair player.

Figures are printed, never asserted.  The defaults (50 matches) are for ``make bench``; the issue's figure wants ``--matches 2000``.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from dataclasses import replace
from typing import Any

from stytvolt.analysis.players import SamplingPlayer, player
from stytvolt.brus import HandState
from stytvolt.brus.bots import SimpleBot
from stytvolt.brus.solving import solve


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z = 1.96
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - r) / d, (c + r) / d)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, half


def bench_solver(deals: int, players: int, seed: int) -> None:
    times: list[float] = []
    nodes: list[int] = []
    for s in range(seed, seed + deals):
        state = HandState.deal(s, dealer=s % players, players=players)
        started = time.perf_counter()
        solution = solve(state)
        times.append(time.perf_counter() - started)
        nodes.append(solution.nodes)
    print(f"solver, {deals} whole {players}-player deals from the first lead: median {statistics.median(times):.4f} s, "
          f"worst {max(times):.4f} s; positions median {statistics.median(nodes):.0f}, worst {max(nodes)}")


def play(state: HandState, bots: list[Any], times: list[float] | None, timed: set[int]) -> int:
    """Plays ``state`` to its end with ``bots[seat]``; ``returns()[0]``."""
    while not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)
        if times is not None and seat in timed and len(obs.legal) > 1:
            started = time.perf_counter()
            action = bots[seat].choose(obs)
            times.append(time.perf_counter() - started)
        else:
            action = bots[seat].choose(obs)
        state.apply(action)
    return state.returns()[0]


def bench_match(matches: int, players: int, level: str, seed: int, worlds: int = 0) -> None:
    simple = SimpleBot()
    expert_side: list[float] = []
    base_side: list[float] = []
    scored = won = 0
    base_scored = base_won = 0
    times: list[float] = []
    started = time.perf_counter()
    for s in range(seed, seed + matches):
        expert = player("brus", level, seed=s)
        if worlds:
            expert = SamplingPlayer("brus", seed=s, settings=replace(expert.settings, worlds=worlds))
        for side in (0, 1):
            state = HandState.deal(s, dealer=s % players, players=players)
            bots: list[Any] = [expert if seat % 2 == side else simple for seat in range(players)]
            result = play(state, bots, times, {seat for seat in range(players) if seat % 2 == side})
            mine = result if side == 0 else -result
            expert_side.append(mine)
            if mine:
                scored += 1
                won += mine > 0
            base = play(HandState.deal(s, dealer=s % players, players=players), [simple] * players, None, set())
            base_mine = base if side == 0 else -base
            base_side.append(base_mine)
            if base_mine:
                base_scored += 1
                base_won += base_mine > 0
    m, half = mean_ci(expert_side)
    bm, bhalf = mean_ci(base_side)
    gain, ghalf = mean_ci([a - b for a, b in zip(expert_side, base_side)])
    lo, hi = wilson(won, scored)
    blo, bhi = wilson(base_won, base_scored)
    half_table = ("two", "three")[players == 6]
    print(f"{level} ({half_table}) against SimpleBot ({half_table}), {matches} {players}-player deals, sides swapped "
          f"({len(expert_side)} deals played):")
    print(f"  {level} side's strokes a deal: {m:+.3f} ± {half:.3f} (95%); SimpleBot in the same seats: {bm:+.3f} ± "
          f"{bhalf:.3f}")
    print(f"  the {level} side's gain over SimpleBot in the same seats of the same deal: {gain:+.3f} ± {ghalf:.3f} "
          f"strokes a deal (95%)")
    print(f"  deals scored by the {level} side, of those someone scored: {won}/{scored} = "
          f"{won / max(scored, 1):.1%} (95% {lo:.1%} to {hi:.1%}); SimpleBot in the same seats: "
          f"{base_won}/{base_scored} = {base_won / max(base_scored, 1):.1%} (95% {blo:.1%} to {bhi:.1%})")
    print(f"  {level}'s decisions: {len(times)}, median {statistics.median(times):.4f} s, worst {max(times):.3f} s; "
          f"the match took {time.perf_counter() - started:.0f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--players", type=int, default=4, choices=(4, 6))
    parser.add_argument("--level", default="expert", choices=("expert", "club"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=0, help="deals pictured a decision (0: the level's own)")
    args = parser.parse_args(argv)
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    if args.deals:
        bench_solver(args.deals, args.players, args.seed)
    if args.matches:
        bench_match(args.matches, args.players, args.level, args.seed, args.worlds)


if __name__ == "__main__":
    main()
