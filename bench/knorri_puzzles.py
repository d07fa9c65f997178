"""Knorri's published puzzles swept whole: each re-solved, its search's size, and what a wrong move costs the reader.

    python bench/knorri_puzzles.py [--remake]

The tests re-solve a sample (``tests/knorri/test_knorri_puzzles.py``); this sweeps every one: the shared proof
(:func:`stytvolt.analysis.puzzles.check_sound`) from a fresh start (no analysis kept from before), the positions the
solver lists from the puzzle's start (the browser's bound is ``MAX_PUZZLE_POSITIONS``), and the time to answer each
wrong first move with its whole refuting line.  With ``--remake`` the recipe is run again (some twenty minutes) and
compared with the published set.  Figures are printed; a puzzle that is not sound is listed.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

from stytvolt.analysis.puzzles import check_sound, made, published, refutation
from stytvolt.knorri import puzzles as part
from stytvolt.knorri.solver import analyse


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--remake", action="store_true", help="make the set again from its recipe and compare")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {sys.platform}")
    every = published("knorri")
    solved: list[float] = []
    sizes: list[float] = []
    refuted: list[float] = []
    problems: list[str] = []
    for p in every:
        part.forget()
        t = time.perf_counter()
        problems += check_sound(p)
        solved.append((time.perf_counter() - t) * 1000)
        sizes.append(analyse(p.state(), p.player, max_positions=part.MAX_PUZZLE_POSITIONS).positions)
        state = p.state()
        for action in state.legal_actions():
            if str(action) != p.key:
                part.forget()
                t = time.perf_counter()
                refutation(state, p.player, str(action))
                refuted.append((time.perf_counter() - t) * 1000)
    print(f"{len(every)} puzzles re-solved: {len(problems)} problems" + "".join(f"\n  {x}" for x in problems))
    for name, values, unit in (("re-solving a puzzle", solved, "ms"), ("positions from a start", sizes, ""),
                               ("a wrong first move's refuting line", refuted, "ms")):
        print(f"{name}: median {quantile(values, 0.5):.0f}{unit}, 90th percentile {quantile(values, 0.9):.0f}{unit}, "
              f"max {max(values):.0f}{unit}")
    if args.remake:
        t = time.perf_counter()
        again = made("knorri")
        same = [(c.position, c.line, c.rating, c.themes) for c in sorted(again, key=lambda c: (c.rating, c.seed))]
        were = [(dict(p.position), p.line, p.rating, p.themes) for p in every]
        print(f"made again in {time.perf_counter() - t:.0f} s: {len(again)} puzzles, "
              + ("the published set" if same == were else "NOT the published set"))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
