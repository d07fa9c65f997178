"""The coach's figures: how long a hint takes, and how often it agrees with the review's best, for every game.

Runs unchanged in CPython and in Pyodide:

    python bench/coach.py hints [--positions N] [--games styrivolt,sjavs,...] [--seed N]
    python bench/coach.py agree [--hands H] [--games ...] [--seed N] [--deadline S]
    node bench/pyodide.mjs build/wheel/stytvolt-0.2.0-cp314-none-any.whl bench/coach.py hints --positions 40

``hints``: hands are dealt in each game's table setup and played by the
game's beginner at every seat; at every seat's decision with a choice (the
bidding, the exchanges, phase one and the card play alike), in turn, until
``--positions`` are met, :func:`stytvolt.analysis.hint` is asked for the
seat to move (the strongest fair player, from that seat's observation).
Printed per game: the median, 90th percentile and worst seconds of a hint.

``agree``: ``--hands`` hands a game (default 500; Stýrivolt, whose review
takes about half a minute a hand, 40, and Knorri, whose reviews list up to
200,000 positions a decision, 100, unless told) are played the same way;
seat 0's decisions of the card play are reviewed
(:func:`stytvolt.analysis.review`: every card visible, settled by the
game's solver), and at each settled one the hint that seat would have been
given there (fair: its observation only) is compared with the review's best
actions.  Printed per game: the share of decisions where the hint is one of
the best, with the count compared; and the mean cost of the hint's action
where it is not (what following every hint would have lost, in the game's
unit).  It measures the hint's quality; the review sees what a fair player
cannot, so 100 % is not to be expected.  Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from typing import Any, Iterator

import stytvolt
from stytvolt.analysis import hint, review
from stytvolt.analysis.coach import amount
from stytvolt.analysis.review import history

from review import SETUPS, played  # bench/review.py: each game's setup, and a hand played to its end by a level

#: Hands ``agree`` plays of a game unless told: Stýrivolt's whole-hand review takes about half a minute.
SLOW_HANDS = {"styrivolt": 40, "knorri": 100}


def beginner(name: str, seed: int) -> Any:
    kind = stytvolt.game(name).part("table").KIND
    return kind.bot(kind.levels[0][0], seed)


def decisions(name: str, seed: int) -> Iterator[tuple[Any, int]]:
    """Each moment of a hand from ``seed`` (played by the beginner) where the seat to move has a choice."""
    state = stytvolt.game(name).new(seed, **SETUPS[name])
    bot = beginner(name, seed)
    while not state.is_terminal():
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            yield state, seat
        state.apply(bot.choose(state.observation(seat)))


def hints(games: list[str], positions: int, seed: int) -> None:
    for name in games:
        times: list[float] = []
        slowest = (0.0, 0)
        hand = seed
        while len(times) < positions:
            for state, seat in decisions(name, hand):
                started = time.perf_counter()
                hint(state, seat, hand)
                took = time.perf_counter() - started
                times.append(took)
                slowest = max(slowest, (took, hand))
                if len(times) >= positions:
                    break
            hand += 1
        times.sort()
        print(f"{name:10} hints {len(times):4}  median {statistics.median(times):6.3f} s  "
              f"90% {times[int(0.9 * (len(times) - 1))]:6.3f} s  worst {times[-1]:6.3f} s (hand {slowest[1]})", flush=True)


def agree(games: list[str], hands: int | None, seed: int, deadline: float | None) -> None:
    for name in games:
        count = hands if hands is not None else SLOW_HANDS.get(name, 500)
        compared = agreed = 0
        lost = 0.0
        started = time.perf_counter()
        for hand in range(seed, seed + count):
            state = played(name, hand, "beginner")
            start, taken = history(state)
            judged = {d.index: d for d in review(state, 0, deadline=deadline) if d.solved and d.exact}
            for index, action in enumerate(taken):
                decision = judged.get(index)
                if decision is not None and len(start.legal_actions()) > 1:
                    tip = hint(start, 0, hand)
                    compared += 1
                    if tip.action in decision.best:
                        agreed += 1
                    else:
                        lost += decision.best_value - _value_of(name, start, tip.action)
                start.apply(action)
        took = time.perf_counter() - started
        share = agreed / compared if compared else 0.0
        mean = lost / (compared - agreed) if compared > agreed else 0.0
        print(f"{name:10} hands {count:4}  decisions {compared:5}  the hint among the best {share:6.1%}  "
              f"where not, it costs {amount(name, round(mean, 2))} on average  ({took:.0f} s)", flush=True)


def _value_of(name: str, state: Any, action: str) -> float:
    """What ``action`` is worth at ``state`` with every card visible (the game's solver)."""
    return float(stytvolt.game(name).solve(state).values[action])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("hints", "agree"))
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deadline", type=float, default=60.0, help="seconds a hand's review may take (0: none)")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    print(f"bench/coach.py {args.what}: {platform.python_implementation()} {platform.python_version()} "
          f"on {sys.platform}", flush=True)
    if args.what == "hints":
        hints(games, args.positions, args.seed)
    else:
        agree(games, args.hands, args.seed, args.deadline or None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
