"""How long a review of a whole hand takes, every decision exact, for every game.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/review.py [--hands N] [--games styrivolt,sjavs,...] [--seed N] [--player K] [--deadline S]

For each game, ``--hands`` hands (seeds ``--seed``, ``--seed`` + 1, ...) are
dealt in the game's first setup and played to their end by the game's
level ``--level`` (default: the beginner) at every seat; then
:func:`stytvolt.analysis.review` judges every decision of seat ``--player``
(default 0) within ``--deadline`` seconds a hand (default 60; 0: none), so
every decision of the card play is settled exactly by the game's solver
(``GameInfo.solve``) unless the deadline cuts it short (the count of
decisions settled exactly says how many were), and the decisions before the
card play by the game's strongest fair player.  Printed per game: the median and worst seconds of a
whole review, the decisions judged and settled, and the mistakes found (a cost
above 0), with the slowest hand's seed.  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from typing import Any

import stytvolt
from stytvolt.analysis import review
from stytvolt.core.words import counted

#: Each game's setup for the bench (the table's first), as ``GameInfo.new`` options.
SETUPS: dict[str, dict[str, Any]] = {
    "styrivolt": {},
    "sjavs": {"players": 4},
    "klorsjavs": {"variant": "klorsjavs"},
    "knorri": {"players": 4},
    "brus": {"players": 4},
    "vira": {"players": 3},
}


def played(name: str, seed: int, level: str) -> Any:
    """A hand of ``name`` from ``seed``, played to its end by the table's ``level`` at every seat."""
    info = stytvolt.game(name)
    kind = info.part("table").KIND
    levels = [lv for lv, _ in kind.levels]
    bot = kind.bot(level if level in levels else levels[-1], seed)
    state = info.new(seed, **SETUPS[name])
    while not state.is_terminal():
        state.apply(bot.choose(state.observation(state.current_player())))
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--player", type=int, default=0)
    parser.add_argument("--level", default="beginner", help="the level that plays the hands (default: beginner)")
    parser.add_argument("--deadline", type=float, default=60.0, help="seconds a review may take (0: no limit)")
    args = parser.parse_args(argv)
    print(f"review of a whole hand, {platform.python_implementation()} {platform.python_version()} "
          f"({sys.platform}), {args.hands} hands a game played by the {args.level}, seat {args.player} reviewed, "
          f"{f'{args.deadline:g} s a review at most' if args.deadline else 'no deadline'}")
    for name in args.games.split(","):
        times: list[tuple[float, int]] = []
        decisions = settled = mistakes = 0
        for seed in range(args.seed, args.seed + args.hands):
            state = played(name, seed, args.level)
            started = time.perf_counter()
            judged = review(state, args.player % state.num_players, seed=seed, deadline=args.deadline or None)
            times.append((time.perf_counter() - started, seed))
            decisions += len(judged)
            settled += sum(1 for d in judged if d.solved and d.exact)
            mistakes += sum(1 for d in judged if d.mistake)
        seconds = [t for t, _ in times]
        worst, worst_seed = max(times)
        print(f"  {name:10} median {statistics.median(seconds):6.2f} s, worst {worst:6.2f} s (seed {worst_seed}); "
              f"{counted(decisions, 'decision')}, {settled} settled exactly, {counted(mistakes, 'mistake')}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
