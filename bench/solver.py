"""The double-dummy solver's cost: endings of 3 to 6 cards a player, and "can the team to lead make five?" at the deal.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/solver.py [--positions N] [--sizes 3,4,5,6] [--compare-sizes 3,4,5,6]
                           [--slow-deadline S] [--deals N] [--deal-deadline S]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/solver.py --positions 10   (in Pyodide)

Endings: for each size k (cards a player), ``--positions`` positions (default
100; 20 in Pyodide) are made from the deals ``HandState.deal(seed,
dealer=seed % 4)``, seed 0, 1, 2 ..., each played with uniformly random legal
actions (a ``random.Random`` seeded per size) up to the start of the trick
with exactly k tricks left, kept when the position is solvable there
(``check_solvable``) and no hand holds more than k + 1 cards; a deal that never
gets there is skipped.  Each position is solved with ``solve(state)`` (median
and worst time and nodes), then, on the same positions in the same run, with
``table=False`` (no transposition table) and with ``merge=False`` (no merging of
equivalent cards), each of those with a per-position deadline
(``--slow-deadline``, default 20 s): a position that hits it counts with the
deadline as its time, so the time ratio is then a lower bound, and the node
ratio is taken over the positions every search settled.  The comparison runs on
``--compare-sizes`` (default every size in CPython, 3 to 5 in Pyodide).

Whole deals: ``achievable(state, "win")`` at the deal (can the team to lead
make sure of five tricks?) for ``--deals`` deals (default 10; 2 in Pyodide)
where nobody may take the stock, with a deadline per deal (``--deal-deadline``,
default 30 s; 10 s in Pyodide): how many were settled, their times and answers.

Figures are printed, never asserted.  The default run takes about a quarter of
an hour of CPython (the searches without the table on six-card endings, and the
deals that run to their deadline, are most of it).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from stytvolt.core.errors import InvalidPosition, StytvoltError
from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.fasthand import check_solvable
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.solver import achievable, solve

PYODIDE = sys.platform == "emscripten"
TRICKS = 9


def ending(seed: int, k: int, rng: random.Random) -> HandState | None:
    """The deal ``seed`` played at random to the start of the trick with ``k`` tricks left, or None when it
    does not get there solvable, with no hand above k + 1 cards."""
    state = HandState.deal(seed, dealer=seed % 4)
    while not state.is_terminal():
        left = TRICKS - len(state.tricks)
        if left < k:
            return None
        if left == k and state.phase is Phase.PLAY and not state.current and state.pending is None:
            if max(len(h) for h in state.hands) > k + 1:
                return None
            try:
                check_solvable(state)
            except InvalidPosition:
                return None
            return state
        state.apply(rng.choice(state.legal_actions()))
    return None


def endings(k: int, count: int) -> tuple[list[HandState], int, int]:
    """``count`` endings of ``k`` cards; also the deals skipped and the next seed."""
    rng = random.Random(f"bench/solver/{k}")
    out: list[HandState] = []
    seed = skipped = 0
    while len(out) < count:
        state = ending(seed, k, rng)
        seed += 1
        if state is None:
            skipped += 1
        else:
            out.append(state)
    return out, skipped, seed


class Run:
    """One variant of the search over a list of positions: each position's time, nodes (None when the
    deadline stopped it) and whether it hit the deadline."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seconds: list[float] = []
        self.nodes: list[int | None] = []
        self.hit = 0

    def measure(self, positions: list[HandState], deadline: float | None, **options: bool) -> "Run":
        for state in positions:
            t = time.perf_counter()
            try:
                sol = solve(state, deadline=deadline, **options)
                exact, nodes = sol.exact, sol.nodes
            except StytvoltError:  # the deadline passed before any action was settled
                exact, nodes = False, 0
            took = time.perf_counter() - t
            if exact:
                self.seconds.append(took)
                self.nodes.append(nodes)
            else:
                assert deadline is not None
                self.hit += 1
                self.seconds.append(deadline)
                self.nodes.append(None)
        return self

    def line(self) -> str:
        ts = self.seconds
        settled = [n for n in self.nodes if n is not None]
        bound = "≥" if self.hit else " "
        text = (f"  {self.name:<14} time median {ms(statistics.median(ts))} worst {bound}{ms(max(ts))} "
                f"total {bound}{sum(ts):8.2f} s | nodes median {statistics.median(settled) if settled else 0:>9,.0f} "
                f"worst {max(settled, default=0):>10,} total {sum(settled):>12,}")
        if self.hit:
            text += f"  [{self.hit} hit the deadline: counted as its time, nodes of the {len(settled)} settled]"
        return text


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def ratio(base: Run, other: Run) -> str:
    time_ratio = sum(other.seconds) / sum(base.seconds)
    both = [(a, b) for a, b in zip(base.nodes, other.nodes) if a is not None and b is not None]
    node_ratio = sum(b for _, b in both) / max(1, sum(a for a, _ in both))
    if other.hit:
        return (f"    {other.name} / with both: time ≥ {time_ratio:.2f}x (a lower bound: {other.hit} hit the deadline), "
                f"nodes {node_ratio:.2f}x (on the {len(both)} positions every search settled)")
    return f"    {other.name} / with both: time {time_ratio:.2f}x, nodes {node_ratio:.2f}x"


def warm_up() -> None:
    """Solve small endings until every pair of chosen suits has been seen, so the tables each pair
    compiles once are not charged to the first search that meets it."""
    rng = random.Random("bench/solver/warm-up")
    seen: set[object] = set()
    for seed in range(400):
        state = ending(seed, 2, rng)
        if state is not None:
            solve(state)
            seen.add(state.chosen)
            if len(seen) == 6:
                return


def deals(count: int, deadline: float) -> None:
    print(f'whole deals: "can the team to lead make five?" = achievable(state, "win") at the deal, '
          f"deadline {deadline:g} s a deal")
    seed = tried = 0
    settled: list[float] = []
    answers = {True: 0, False: 0}
    unsettled = 0
    while len(settled) + unsettled < count:
        state = HandState.deal(seed, dealer=seed % 4)
        seed += 1
        tried += 1
        try:
            check_solvable(state)  # in the play, and nobody may take the stock
        except InvalidPosition:
            continue
        t = time.perf_counter()
        answer = achievable(state, "win", deadline=deadline)
        took = time.perf_counter() - t
        if answer is None:
            unsettled += 1
            verdict = "not settled"
        else:
            settled.append(took)
            answers[answer] += 1
            verdict = "yes" if answer else "no"
        print(f"  deal {seed - 1:>4} (leader {state.to_move}, chosen {'+'.join(s.name for s in state.chosen)}): "
              f"{verdict:<12} {took:7.2f} s", flush=True)
    print(f"  {count} deals where nobody may take the stock (of {tried} dealt): {len(settled)} settled within "
          f"{deadline:g} s ({answers[True]} yes, {answers[False]} no), {unsettled} not settled")
    if settled:
        print(f"  settled: median {statistics.median(settled):.2f} s, fastest {min(settled):.2f} s, "
              f"slowest {max(settled):.2f} s")


def sizes(text: str) -> list[int]:
    out = sorted({int(x) for x in text.split(",") if x.strip()})
    if not all(1 <= k <= TRICKS for k in out):
        raise argparse.ArgumentTypeError(f"sizes are 1 to {TRICKS}, not {text}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20 if PYODIDE else 100,
                        help="endings of each size (0: the whole deals only)")
    parser.add_argument("--sizes", type=sizes, default=[3, 4, 5, 6], help="cards a player, e.g. 3,4,5,6")
    parser.add_argument("--compare-sizes", type=sizes, default=[3, 4, 5] if PYODIDE else [3, 4, 5, 6],
                        help="the sizes also searched with table=False and merge=False")
    parser.add_argument("--slow-deadline", type=float, default=20.0,
                        help="seconds a position for the searches with table=False or merge=False")
    parser.add_argument("--deals", type=int, default=2 if PYODIDE else 10)
    parser.add_argument("--deal-deadline", type=float, default=10.0 if PYODIDE else 30.0)
    args = parser.parse_args(argv)
    runtime = "Pyodide" if PYODIDE else "CPython"
    print(f"runtime: {runtime} {platform.python_version()} ({platform.machine() or 'wasm'})")
    started = time.perf_counter()
    warm_up()
    if args.positions <= 0:
        args.sizes = []
    compared = [k for k in args.sizes if k in args.compare_sizes]
    if args.sizes:
        print(f"endings: {args.positions} positions of each size, at the start of a trick; solve(state) on "
              f"{', '.join(map(str, args.sizes))} cards a player; table=False and merge=False (deadline "
              f"{args.slow_deadline:g} s a position) on {', '.join(map(str, compared)) or 'none'}")
    for k in args.sizes:
        t = time.perf_counter()
        positions, skipped, seeds = endings(k, args.positions)
        made = time.perf_counter() - t
        print(f"{k} cards a player: {len(positions)} positions from deals 0-{seeds - 1} ({skipped} skipped), "
              f"made in {made:.1f} s", flush=True)
        base = Run("solve(state)").measure(positions, None)
        print(base.line(), flush=True)
        if k not in compared:
            continue
        for name, options in (("table=False", {"table": False}), ("merge=False", {"merge": False})):
            run = Run(name).measure(positions, args.slow_deadline, **options)
            print(run.line())
            print(ratio(base, run), flush=True)
    if args.deals > 0:
        deals(args.deals, args.deal_deadline)
    print(f"whole run: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
