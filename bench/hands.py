"""Figures for the rules engine: complete random hands and trick resolutions per second.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/hands.py [--hands N] [--tricks N] [--profile]

A complete hand is: shuffle and deal, choose suits, play every action through
the public state machine (``legal_actions()`` then ``apply()``, uniformly at
random) until the hand ends, and chalk its score.  Figures are printed, never
asserted; each is the best of three timed rounds.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import Chalkboard, HandState, Ranking
from stytvolt.styrivolt.tricks import winner_index


def complete_hands(n: int, seed: int = 1) -> int:
    """Play ``n`` random hands; return the number of actions applied."""
    rng = random.Random(seed)
    board = Chalkboard()
    steps = 0
    for i in range(n):
        state = HandState.deal(rng=rng, dealer=i % 4)
        while state.result is None:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.result.record(board)
    return steps


def trick_resolutions(n: int, seed: int = 2) -> None:
    """Resolve ``n`` random four-card tricks through the engine's hot path."""
    rng = random.Random(seed)
    pack = list(STYRIVOLT_PACK)
    rankings = [Ranking.of(p) for p in ("S,H", "S,D", "S,C", "H,D", "H,C", "D,C")]
    tricks = [rng.sample(pack, 4) for _ in range(1000)]
    flags = [False] * 4
    for i in range(n):
        winner_index(rankings[i % 6], tricks[i % 1000], flags)


def best_of(rounds: int, fn, *args) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    best, out = float("inf"), None
    for _ in range(rounds):
        t = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - t)
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--tricks", type=int, default=300_000)
    parser.add_argument("--profile", action="store_true", help="print where the time of the hand loop goes")
    args = parser.parse_args()
    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"runtime: {runtime} {platform.python_version()} ({platform.machine() or 'wasm'})")
    t, steps = best_of(3, complete_hands, args.hands)
    print(f"complete random hands: {args.hands / t:,.0f} hands/s  ({t / args.hands * 1e6:,.0f} µs a hand, "
          f"{steps / args.hands:.1f} actions a hand, {t / steps * 1e6:.2f} µs an action)")  # type: ignore[operator]
    t, _ = best_of(3, trick_resolutions, args.tricks)
    print(f"trick resolutions: {args.tricks / t:,.0f} tricks/s  ({t / args.tricks * 1e9:,.0f} ns a trick)")
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(complete_hands, min(args.hands, 1000))
        print("where the time of the hand loop goes (top 12 by own time):")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
