"""Every published puzzle of every game proven again, and what a puzzle costs the page.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/puzzles.py [--games sjavs,brus,...] [--limit N] [--refute N] [--make N]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/puzzles.py --limit 20

For each game with puzzles in the shared format (its puzzle part names its
``PREFIX``): every published puzzle (or the first ``--limit``)
re-solved by :func:`stytvolt.analysis.puzzles.check_sound` (the goal
reachable against every defence, one key at every turn of the solving side
with a choice, the line the most stubborn defence's, the goal reached), with
the count of sound ones and any problem printed in full; the median and
worst seconds a proof took; the seconds the page spends on a wrong first move
(:func:`~stytvolt.analysis.puzzles.refutation`, the whole refuting line) over
``--refute`` puzzles; and, with ``--make N``, how many puzzles the game's
recipe finds in its first N seeds, and how fast.  This is the full sweep
``make test`` samples.  Figures are printed, never asserted; the exit code is
1 when a puzzle is not sound.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from stytvolt.analysis import puzzles as P
from stytvolt.core import registry


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="games, by name, commas between (default: every game with puzzles)")
    parser.add_argument("--limit", type=int, default=0, help="prove only the first N puzzles of each game (0: all)")
    parser.add_argument("--refute", type=int, default=20, help="puzzles whose wrong first moves are refuted and timed")
    parser.add_argument("--make", type=int, default=0, help="seeds of each game's recipe to search afresh (0: none)")
    args = parser.parse_args(argv)
    names = [n for n in args.games.split(",") if n] or [
        i.name for i in registry.games() if i.puzzle_module and hasattr(i.part("puzzle_module"), "PREFIX")]
    print(f"puzzles proven again, {platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    unsound = 0
    for name in names:
        info = registry.game(name)
        found = P.published(info.name)
        chosen = found[:args.limit] if args.limit else found
        seconds: list[float] = []
        problems: list[str] = []
        for p in chosen:
            started = time.perf_counter()
            problems += P.check_sound(p)
            seconds.append(time.perf_counter() - started)
        unsound += len({x.split(":")[0] for x in problems})
        refuted: list[float] = []
        for p in chosen[:args.refute]:
            state = p.state()
            for action in state.legal_actions():
                if str(action) != p.key:
                    started = time.perf_counter()
                    P.refutation(state, p.player, str(action))
                    refuted.append(time.perf_counter() - started)
        print(f"{info.title}: {len(chosen) - len({x.split(':')[0] for x in problems})} of {len(chosen)} sound "
              f"({len(found)} published); proof median {statistics.median(seconds):.3f} s, worst {max(seconds):.3f} s, "
              f"all {sum(seconds):.1f} s; a refuting line median "
              f"{statistics.median(refuted) if refuted else 0:.3f} s, worst {max(refuted, default=0):.3f} s "
              f"({len(refuted)} wrong moves)")
        for problem in problems:
            print(f"  {problem}")
        if args.make:
            part = info.part("puzzle_module")
            if hasattr(part, "SEEDS"):
                seeds = list(part.SEEDS)[:args.make]
                started = time.perf_counter()
                made = P.generate(info.name, seeds, part.SETUP, **dict(getattr(part, "OPTIONS", {})))
                took = time.perf_counter() - started
                print(f"  made afresh: {len(made)} puzzles in {len(seeds)} deals, {took:.1f} s "
                      f"({60 * len(made) / took:.1f} a minute)")
    return 1 if unsound else 0


if __name__ == "__main__":
    raise SystemExit(main())
