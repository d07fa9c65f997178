"""Questions generated per second, per kind and level: the quiz's cost in CPython and in Pyodide.

    python bench/quiz.py [--seconds S]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/quiz.py   (the same in Pyodide)

For every question kind of every game and each level, makes questions with
consecutive seeds for about ``--seconds`` (default 0.3) and prints how many
per second, the mean and the slowest time for one, and the quiz widget's
whole answer (the question drawn as HTML, what the browser's worker does on
"New question").  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable

from stytvolt import learn
from stytvolt.web import handle


def measure(make: Callable[[int], object], seconds: float) -> tuple[int, float, float]:
    count, slowest = 0, 0.0
    start = time.perf_counter()
    while True:
        t0 = time.perf_counter()
        make(count)
        took = time.perf_counter() - t0
        slowest = max(slowest, took)
        count += 1
        if t0 + took - start >= seconds:
            return count, time.perf_counter() - start, slowest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.3)
    args = parser.parse_args(argv)
    print(f"{sys.implementation.name} {sys.version.split()[0]}: questions per second (mean and slowest ms for one)")
    print(f"{'kind':<28}{'level':>6}{'per s':>10}{'mean ms':>10}{'max ms':>9}")
    total_n, total_t = 0, 0.0
    for game in learn.games_with_kinds():
        for info in learn.kinds(game):
            for level in learn.LEVELS:
                n, t, worst = measure(lambda s: learn.question(game, info.name, level, s), args.seconds)
                total_n, total_t = total_n + n, total_t + t
                print(f"{game + '/' + info.name:<28}{level:>6}{n / t:>10,.0f}{1000 * t / n:>10.2f}{1000 * worst:>9.1f}")
    print(f"{'all kinds':<28}{'':>6}{total_n / total_t:>10,.0f}{1000 * total_t / total_n:>10.2f}")
    n, t, worst = measure(
        lambda s: handle({"widget": "quiz", "params": {"kind": "", "level": str(1 + s % 3), "seed": str(s)}}), args.seconds * 3)
    print(f"{'quiz widget answer (HTML)':<28}{'':>6}{n / t:>10,.0f}{1000 * t / n:>10.2f}{1000 * worst:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
