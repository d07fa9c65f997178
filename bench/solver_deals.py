"""Whole Stýrivolt deals solved: "the value of every first lead", the new search against the old on the same deals.

    python bench/solver_deals.py [--deals N] [--deadline S] [--old N] [--old-deadline S] [--first SEED]
                                 [--seeds S,S,...] [--off TECHNIQUE,...]

For ``--deals`` deals (default 10, for ``make bench``; the issue's figure wants 100): ``HandState.deal(seed, dealer=seed % 4)``
for seed ``--first``, ``--first`` + 1 ..., kept when the play can be solved at
the first lead (the suits are chosen and nobody may take the stock:
``check_solvable``), each solved with ``solve(state, deadline=...)``: the value
of every legal first lead, for the leader's team.  Printed: each deal's time,
nodes and whether it was settled; how many were settled, the median and the
worst time.  A deal stopped by ``--deadline`` (default 30 s) counts with the
deadline as its time (so the median and worst are then lower bounds).

``--old N``: the first N of those deals are also solved, in the same run,
by the search as it was before issue 26 (``techniques=OLD``: every switch of
``solver.Techniques`` off), with ``--old-deadline`` (default 30 s) a deal;
printed beside the new search's time, and the ratio old/new of the total time
over those deals (a lower bound when the old search hit its deadline).  Its
values are checked equal to the new search's wherever both settled.
``--seeds`` solves the deals of those seeds instead (each must be solvable at
its first lead), e.g. deals the new search settles, to compare the old on them
with a longer ``--old-deadline``.  ``--off`` runs the new search with some techniques switched off (to measure
what one is worth).

Times drift with the machine's load: compare the columns of one run, not runs.
Nodes do not: on the deals of seeds 2, 20, 18 and 15 (``--seeds 2,20,18,15
--old 4``) the new search needs 1.6M, 1.3M, 1.8M and 1.0M nodes, the old 7.1M,
6.0M, 5.7M and 7.1M (issue 26's closing note has the times).  The sure tricks
among the first five (``early``, added after) take deal 2 to 1.39M and deal 18
to 1.71M, and save about 1% of the time (``--seeds 2,10,18,15`` against
``--off early``: 56.0 s and 56.3 s over the four deals, one machine, idle).
"""

from __future__ import annotations

import argparse
import dataclasses
import platform
import statistics
import sys
import time

from stytvolt.core.errors import InvalidPosition, StytvoltError
from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.fasthand import check_solvable
from stytvolt.styrivolt.solver import OLD, Solution, Techniques, solve


def first_leads(count: int, first: int) -> list[tuple[int, HandState]]:
    """``count`` dealt hands at their first lead that can be solved there, with their seeds."""
    out: list[tuple[int, HandState]] = []
    seed = first
    while len(out) < count:
        state = HandState.deal(seed, dealer=seed % 4)
        try:
            check_solvable(state)
        except InvalidPosition:
            pass
        else:
            out.append((seed, state))
        seed += 1
    return out


def timed(state: HandState, deadline: float, techniques: Techniques) -> tuple[float, Solution | None]:
    t = time.perf_counter()
    try:
        sol: Solution | None = solve(state, deadline=deadline, techniques=techniques)
    except StytvoltError:  # the deadline passed before any first lead was settled
        sol = None
    return time.perf_counter() - t, sol


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--deadline", type=float, default=30.0)
    parser.add_argument("--old", type=int, default=0, help="how many of the deals the old search also solves")
    parser.add_argument("--old-deadline", type=float, default=30.0)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--seeds", default="", help="the seeds of the deals, instead of --deals and --first")
    parser.add_argument("--off", default="", help="techniques to switch off in the new search, e.g. canonical")
    args = parser.parse_args(argv)
    off = [x for x in args.off.split(",") if x]
    new = dataclasses.replace(Techniques(), **{x: False for x in off})
    print(f"runtime: CPython {platform.python_version()} ({platform.machine()}); new search {new}")
    which = f"the deals of seeds {args.seeds}" if args.seeds else f"{args.deals} deals from seed {args.first}"
    print(f'"value of every first lead" = solve(state) at the first lead: {which}, '
          f"deadline {args.deadline:g} s a deal; the old search on the first {args.old} "
          f"(deadline {args.old_deadline:g} s a deal)", flush=True)
    if args.seeds:
        deals = [(int(x), HandState.deal(int(x), dealer=int(x) % 4)) for x in args.seeds.split(",")]
        for _, state in deals:
            check_solvable(state)
    else:
        deals = first_leads(args.deals, args.first)
    times: list[float] = []
    settled = 0
    old_times: list[float] = []
    new_on_old: list[float] = []
    old_hit = 0
    mismatches = 0
    for i, (seed, state) in enumerate(deals):
        took, sol = timed(state, args.deadline, new)
        ok = sol is not None and sol.exact
        settled += ok
        times.append(took if ok else args.deadline)
        line = (f"deal {seed:>4} (leader {state.to_move}, {'+'.join(s.name for s in state.chosen):<16}) "
                f"{'settled' if ok else 'NOT settled':<11} {took:7.2f} s {sol.nodes if sol else 0:>10,} nodes")
        if sol is not None and ok:
            line += f"  value {sol.value:+d}"
        if i < args.old:
            old_took, old_sol = timed(state, args.old_deadline, OLD)
            old_ok = old_sol is not None and old_sol.exact
            old_hit += not old_ok
            old_times.append(old_took if old_ok else args.old_deadline)
            new_on_old.append(times[-1])
            line += (f" | old {'≥' if not old_ok else ' '}{old_times[-1]:7.2f} s "
                     f"{old_sol.nodes if old_sol else 0:>10,} nodes")
            if old_sol is not None and sol is not None:
                both = set(old_sol.values) & set(sol.values)
                if any(old_sol.values[a] != sol.values[a] for a in both):
                    mismatches += 1
                    line += "  VALUES DIFFER"
        print(line, flush=True)
    bound = "" if settled == len(deals) else "≥"
    print(f"new: {settled} of {len(deals)} deals settled within {args.deadline:g} s; "
          f"median {bound}{statistics.median(times):.2f} s, worst {bound}{max(times):.2f} s, "
          f"total {bound}{sum(times):.1f} s")
    if old_times:
        ratio = sum(old_times) / sum(new_on_old)
        print(f"old, on the first {len(old_times)} deals: {len(old_times) - old_hit} settled within "
              f"{args.old_deadline:g} s; median {statistics.median(old_times):.2f} s, worst {max(old_times):.2f} s "
              f"(an unsettled deal counts as its deadline)")
        print(f"old / new on those deals: total time {'≥ ' if old_hit else ''}{ratio:.1f}x "
              f"({sum(old_times):.1f} s / {sum(new_on_old):.1f} s); values compared where both settled: "
              f"{mismatches} deals differ")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
