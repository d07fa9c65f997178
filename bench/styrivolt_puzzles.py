"""How Stýrivolt's theme searches go, and what a puzzle's proof costs: the figures behind its recipe.

Runs unchanged in CPython and in Pyodide:

    python bench/styrivolt_puzzles.py [--deals N] [--themes storm,trader,...] [--decided N]

For each theme: its search (:func:`stytvolt.styrivolt.puzzle_gen.found`) over
the first ``--deals`` deals of its seeds: how many puzzles it found, in how
many seconds, puzzles a minute, the slowest deal, and the other themes they
showed.  Then the seconds :func:`stytvolt.styrivolt.puzzles.decided` takes,
from nothing learnt before, at every position of the first ``--decided``
published puzzles' lines and at their ends (median and worst), and how many of
those it settles (each line's end, and only that).  (``bench/puzzles.py`` proves every published puzzle again and times
the refuting lines.)  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections import Counter

from stytvolt.styrivolt import puzzle_gen as G
from stytvolt.styrivolt.puzzles import _OUTCOMES, THEMES, decided, puzzles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals of each theme's seeds to search (default 100)")
    parser.add_argument("--themes", default="", help="themes, commas between (default: all seven)")
    parser.add_argument("--decided", type=int, default=40, help="published puzzles whose lines time decided()")
    args = parser.parse_args(argv)
    print(f"Stýrivolt's puzzle searches, {platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for theme in [t for t in args.themes.split(",") if t] or list(THEMES):
        started = time.perf_counter()
        found = 0
        slowest = 0.0
        shown: Counter[str] = Counter()
        for seed in list(G.THEME_SEEDS[theme])[:args.deals]:
            t = time.perf_counter()
            c = G.found(theme, seed)
            slowest = max(slowest, time.perf_counter() - t)
            if c is not None:
                found += 1
                shown.update(x for x in c.themes if x != theme)
        took = time.perf_counter() - started
        print(f"{theme}: {found} puzzles in {args.deals} deals, {took:.1f} s ({60 * found / took:.1f} a minute); "
              f"slowest deal {slowest:.2f} s; also shown: {dict(shown) or 'none'}")
    seconds: list[float] = []
    settled = 0
    for p in puzzles()[:args.decided]:
        s = p.state()
        for i in range(len(p.line) + 1):
            _OUTCOMES.clear()  # as a page that has just opened the puzzle asks it
            t = time.perf_counter()
            settled += decided(s, p.player) is not None
            seconds.append(time.perf_counter() - t)
            if i < len(p.line):
                s.apply(p.line[i])
    if seconds:
        print(f"decided() over {len(seconds)} positions of {min(args.decided, len(puzzles()))} lines: median "
              f"{statistics.median(seconds) * 1000:.1f} ms, worst {max(seconds) * 1000:.1f} ms, settled {settled}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
