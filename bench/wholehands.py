"""The follow-suit solver on whole hands: every first lead's value, the new search against the old, side by side.

Runs unchanged in CPython and in Pyodide:

    python bench/wholehands.py [--hands N] [--games sjavs-4,klorsjavs] [--seed N] [--old-deadline S] [--no-old]

For each game, seeds ``seed``, ``seed + 1`` ... are dealt by the game
(``HandState.deal(seed, dealer=seed % players)``); SimpleBot makes the bids,
the trump, the exchange and the cat in every seat until the first lead (a
deal everyone passes, or the declarer folds, is skipped and the next seed
taken), until ``--hands`` hands are at their first lead.  Each is solved
with ``objective="game"`` (the value of every first lead, in game points or
øre) by the search as it is now (:data:`~stytvolt.analysis.solve.TUNED`) and
by the search as it was before issue 26's speed-ups
(:data:`~stytvolt.analysis.solve.OLD`: the same module with those switched
off), in the same run, one after the other on each hand.  The switches
cover the move-list memo, the table's key on relative ranks, and trick
counting with quick and sure tricks (which serve games scored by tricks
alone, such as Vira: ``bench/vira_solver.py``, not Sjavs or Klørsjavs,
whose card points count); the bookkeeping made leaner on the way (side 0's
points kept as the search goes, the points left counted once a trick, the
cards left carried through a trick, a score's key hashed once) serves both,
so the ratio printed is below the one against the code as it was.  The old search has
a deadline a hand (``--old-deadline``, default 60 s): a hand that hits it
counts with its time at the deadline (so its ratio is a lower bound, marked
``>=``), and only its settled leads are compared.

Printed for each game: the median and worst seconds and nodes of each, the
ratio of the medians (old / new) and the median and smallest ratio of the
hands; and that the values of every lead agree on every hand (any difference
is printed hand by hand: it would be a bug).  Seconds are the process's CPU
seconds (``time.process_time``), so that other work on a shared machine
weighs less on them (the deadline is the solver's own, in wall seconds).
Figures are printed, never asserted.

Measured (CPython 3.11.7, a shared two-core machine, ``nice -n 10``, CPU
seconds), ``--hands 30``, issue 26's search (the relative ranks' key added):

* sjavs-4: median 0.43 s, worst 10.2 s (258,000 and 7,150,000 nodes); old
  median 0.70 s, worst 18.9 s (274,000 and 7,610,000 nodes); old/new 1.6x by
  the medians, by hand median 1.6x, smallest 0.9x; no value differs.  (Before
  the relative ranks' key, as the issue had it: median 0.48 s, worst 10.8 s.)
* klorsjavs: median 0.01 s, worst 0.03 s (3,560 and 22,300 nodes); old median
  0.01 s, worst 0.05 s; no value differs.

* sjavs-3 (``--games sjavs-3``): median 2.58 s, worst 196 s (1,800,000 and
  145,000,000 nodes: seed 27, which the old search had not settled at its 60 s
  deadline, and which the new search without the relative ranks' key settles
  one lead of in 150 s); old median 4.31 s; no settled value differs.  The
  "smallest 0.3x" printed for it is that cut hand's lower bound.

The relative ranks' key saves few nodes here (6% at sjavs-4's median): most
cards carry points, and only cards of equal points may stand for each other.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from typing import Any

from stytvolt.analysis.solve import OLD, TUNED, Solution, Tuning, solve
from stytvolt.core.errors import StytvoltError
from stytvolt.klorsjavs import HandState as KlorHand
from stytvolt.klorsjavs.bots import SimpleBot as KlorBot
from stytvolt.sjavs import HandState as SjavsHand
from stytvolt.sjavs.bots import SimpleBot as SjavsBot

GAMES = ("sjavs-4", "sjavs-3", "klorsjavs", "four-hand", "auction")


def first_lead(game: str, seed: int) -> Any | None:
    """The hand of ``seed`` bid by SimpleBot to its first lead, or None if it never gets there."""
    if game.startswith("sjavs"):
        players = int(game[-1])
        state: Any = SjavsHand.deal(seed, dealer=seed % players, players=players)
        bot: Any = SjavsBot()
    else:
        variant = "klorsjavs" if game == "klorsjavs" else game
        state = KlorHand.deal(seed, dealer=seed % (4 if variant == "four-hand" else 3), variant=variant)
        bot = KlorBot()
    while not state.is_terminal() and state.phase != "play":
        state.apply(bot.choose(state.observation(state.current_player())))
    if state.phase != "play" or state.tricks or state.current:
        return None
    return state


def hands_of(game: str, n: int, seed: int) -> list[tuple[int, Any]]:
    out: list[tuple[int, Any]] = []
    s = seed
    while len(out) < n:
        state = first_lead(game, s)
        if state is not None:
            out.append((s, state))
        s += 1
    return out


def run_one(state: Any, tuning: Tuning, deadline: float | None) -> tuple[Solution | None, float, int]:
    """The solution (None if not one lead was settled in time), the CPU seconds it took, and its nodes."""
    start = time.process_time()
    try:
        sol = solve(state, objective="game", deadline=deadline, tuning=tuning)
    except StytvoltError:  # not one lead settled within the deadline
        return None, time.process_time() - start, 0
    return sol, time.process_time() - start, sol.nodes


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def run(game: str, hands: int, seed: int, old_deadline: float, old: bool) -> None:
    new_t: list[float] = []
    new_n: list[float] = []
    old_t: list[float] = []
    old_n: list[float] = []
    ratios: list[float] = []
    cut = 0
    differ = 0
    for s, state in hands_of(game, hands, seed):
        new, tn, nn = run_one(state, TUNED, None)
        assert new is not None and new.exact
        new_t.append(tn)
        new_n.append(nn)
        line = f"    seed {s:4}: new {tn:7.2f} s {nn:9d} nodes"
        if old:
            was, to, no = run_one(state, OLD, old_deadline)
            exact = was is not None and was.exact
            cut += not exact
            old_t.append(to)
            old_n.append(no)
            ratios.append(to / tn)
            line += f" | old {to:7.2f} s {no:9d} nodes{'' if exact else ' (cut at the deadline)'} | x{to / tn:6.1f}"
            if was is not None:
                bad = {k: (v, new.values[k]) for k, v in was.values.items() if new.values.get(k) != v}
                if bad:
                    differ += 1
                    line += f" | VALUES DIFFER: {bad}"
        print(line, flush=True)
    print(f"  {game}: {len(new_t)} whole hands from the first lead, objective game")
    print(f"    new: median {median(new_t):6.2f} s, worst {max(new_t):6.2f} s; nodes median {median(new_n):9.0f}, "
          f"worst {max(new_n):9.0f}")
    if old:
        mark = ">=" if cut else ""
        print(f"    old: median {median(old_t):6.2f} s, worst {max(old_t):6.2f} s; nodes median {median(old_n):9.0f}, "
              f"worst {max(old_n):9.0f}; {cut} of {len(old_t)} cut at the {old_deadline:g} s deadline")
        print(f"    old/new: medians {mark}{median(old_t) / median(new_t):.1f}x; by hand median {mark}"
              f"{median(ratios):.1f}x, smallest {min(ratios):.1f}x; values differ on {differ} of {len(old_t)} hands")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10, help="whole hands a game (30 for the figures)")
    parser.add_argument("--games", default="sjavs-4,klorsjavs", help=f"which of {', '.join(GAMES)}")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--old-deadline", type=float, default=60.0, help="seconds the old search may spend a hand")
    parser.add_argument("--no-old", action="store_true", help="only the new search")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        run(game, args.hands, args.seed, args.old_deadline, not args.no_old)


if __name__ == "__main__":
    main()
