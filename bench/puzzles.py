"""How fast puzzles are made and answered: puzzles generated per minute, and time per answer to the reader.

Runs unchanged in CPython and in Pyodide (``make bench`` does both, with the
small default sizes):

    python bench/puzzles.py [--seed N] [--count N] [--answers N]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/puzzles.py

Printed: how many puzzles ``generate(seed, count)`` made, in how many
seconds and hands, as puzzles a minute (one process; the published set was
made with two, one a seed); then, over the first ``--answers`` published
puzzles, the time to judge every legal first move (what a wrong or right card
costs the page), and the time the widget takes to answer the key move (the
judgement, the defence's replies and the redraw).  Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from stytvolt.styrivolt.puzzle_gen import generate
from stytvolt.styrivolt.puzzles import puzzles
from stytvolt.web import handle


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=101, help="the generator's seed (default 101)")
    parser.add_argument("--count", type=int, default=3, help="puzzles to generate (default 3)")
    parser.add_argument("--answers", type=int, default=20, help="published puzzles to time the answers on (default 20)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {sys.platform}")

    hands = [0]
    started = time.perf_counter()
    found = generate(args.seed, args.count, progress=lambda made, deals: hands.__setitem__(0, deals))
    seconds = time.perf_counter() - started
    print(f"generate: {len(found)} puzzles from {hands[0]} hands in {seconds:.1f} s: "
          f"{60 * len(found) / seconds:.1f} puzzles a minute ({seconds / max(len(found), 1):.1f} s a puzzle)")

    judged: list[float] = []
    answered: list[float] = []
    for p in puzzles()[: args.answers]:
        s = p.state()
        t = time.perf_counter()
        for action in s.legal_actions():
            p.judge(s, action)
        judged.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        response = handle({"widget": "puzzle", "params": {"id": p.id, "try": p.key}})
        answered.append((time.perf_counter() - t) * 1000)
        assert response["ok"], response
    print(f"judging every first move of {len(judged)} puzzles: median {quantile(judged, 0.5):.0f} ms, "
          f"90th percentile {quantile(judged, 0.9):.0f} ms, max {max(judged):.0f} ms")
    print(f"the widget's answer to the key move: median {quantile(answered, 0.5):.0f} ms, "
          f"90th percentile {quantile(answered, 0.9):.0f} ms, max {max(answered):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
