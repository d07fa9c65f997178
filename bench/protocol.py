"""Figures for the state protocol, before and after the shared core: complete hands and apply+undo pairs per second.

    python bench/protocol.py [--hands N] [--pairs N] [--old-pairs N] [--rounds N]

Two measurements, through the public state only:

* complete random hands: deal (``HandState.deal(seed, dealer=...)``), then
  ``legal_actions()`` and ``apply()`` of a random one until ``is_terminal()``;
* apply+undo pairs: at positions reached by random play in random hands
  (made before the clock starts), ``apply()`` a legal action and ``undo()``
  it, over and over.  Before the refactor ``undo()`` replayed the hand from
  the deal, so far fewer pairs are timed there.

"Before" is the package at git commit 7683d9f, the last commit before the
refactor (``git archive 7683d9f stytvolt`` into a temporary directory);
"after" is the working tree.  Each side runs in its own subprocess
(``python -S``, the package's directory first on ``sys.path``, so the
editable install cannot pick the package), the two alternating so both
see the same machine; each figure is the best of the rounds.  Figures are
printed, never asserted.

In Pyodide (``make bench`` runs every bench/*.py there too) there are no
subprocesses and no git, and without git (or without that commit) there is
no "before": then only the "after" figures are printed, measured in-process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BEFORE = "7683d9f"  # the last commit before the shared core and constant-time undo
REPO = Path(__file__).resolve().parent.parent


# -- the measurements (the same code for both packages: the API they share) --------------------------


def complete_hands(n: int, seed: int = 1) -> tuple[float, int]:
    """Play ``n`` random hands through the public state; return the seconds taken and the actions applied."""
    from stytvolt.styrivolt import HandState

    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % 4)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    return time.perf_counter() - start, steps


def positions(count: int, seed: int = 2) -> list[tuple[Any, Any]]:
    """``count`` (state, legal action) pairs at random steps of random hands (not timed)."""
    from stytvolt.styrivolt import HandState

    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    while len(out) < count:
        hand_seed, dealer = rng.randrange(2**32), rng.randrange(4)
        state = HandState.deal(hand_seed, dealer=dealer)
        actions = []
        while not state.is_terminal():
            actions.append(rng.choice(state.legal_actions()))
            state.apply(actions[-1])
        state = HandState.deal(hand_seed, dealer=dealer)  # the same hand again, stopped at a random step
        for action in actions[:rng.randrange(len(actions))]:
            state.apply(action)
        out.append((state, rng.choice(state.legal_actions())))
    return out


def apply_undo_pairs(n: int, where: list[tuple[Any, Any]]) -> float:
    """``n`` apply+undo pairs, cycling through ``where``; return the seconds taken."""
    start = time.perf_counter()
    for i in range(n):
        state, action = where[i % len(where)]
        state.apply(action)
        state.undo()
    return time.perf_counter() - start


def measure(hands: int, pairs: int, rounds: int = 1) -> dict[str, Any]:
    """Both figures for the package imported now, each the best of ``rounds``."""
    import stytvolt

    complete_hands(max(1, hands // 10), seed=99)  # warm up
    hand_time, steps = min(complete_hands(hands) for _ in range(rounds))
    where = positions(200)
    apply_undo_pairs(min(pairs, 200), where)  # warm up
    pair_time = min(apply_undo_pairs(pairs, where) for _ in range(rounds))
    return {
        "package": str(Path(stytvolt.__file__).resolve().parent),
        "hands_per_s": hands / hand_time,
        "actions_per_hand": steps / hands,
        "pairs_per_s": pairs / pair_time,
        "mean_history": sum(len(s.history) for s, _ in where) / len(where),
    }


def worker(root: str, hands: int, pairs: int) -> None:
    """In a subprocess: import the package from ``root``, measure once, print the figures as JSON."""
    sys.path.insert(0, root)
    import stytvolt

    found = Path(stytvolt.__file__).resolve()
    if Path(root).resolve() not in found.parents:
        raise SystemExit(f"bench/protocol.py: imported stytvolt from {found}, not from {root}")
    print(json.dumps(measure(hands, pairs)))


# -- running both sides ---------------------------------------------------------------------------------


def why_no_before() -> str | None:
    """Why there can be no "before" run here, or None when there can."""
    if sys.platform == "emscripten":
        return "running in Pyodide: no subprocesses and no git"
    if shutil.which("git") is None:
        return "git is not on PATH"
    try:
        subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", "--quiet", f"{BEFORE}^{{commit}}"],
                       check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return f"{REPO} is not a git checkout holding commit {BEFORE}"
    return None


def run_side(root: Path, hands: int, pairs: int) -> dict[str, Any]:
    cmd = [sys.executable, "-S", str(Path(__file__).resolve()), "--worker", str(root),
           "--hands", str(hands), "--pairs", str(pairs)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"bench/protocol.py: the run in {root} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def table(rows: list[tuple[str, float, float | None, str]]) -> None:
    print(f"{'':26} {'before':>12} {'after':>12} {'after/before':>13}")
    for name, after, before, unit in rows:
        b = f"{before:,.0f}" if before is not None else "-"
        ratio = f"{after / before:,.2f}x" if before else "-"
        print(f"{name:26} {b:>12} {f'{after:,.0f}':>12} {ratio:>13}  {unit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="complete hands a round (both sides)")
    parser.add_argument("--pairs", type=int, default=100_000, help="apply+undo pairs a round, after the refactor")
    parser.add_argument("--old-pairs", type=int, default=4000, help="apply+undo pairs a round, before it (undo replays)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating before/after rounds; the best counts")
    parser.add_argument("--worker", metavar="ROOT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.hands, args.pairs)
        return

    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"runtime: {runtime} {platform.python_version()} ({platform.machine() or 'wasm'})")
    reason = why_no_before()
    if reason is not None:
        print(f"only the working tree's figures ({reason}), in-process, best of {args.rounds}:")
        after = measure(args.hands, args.pairs, args.rounds)
        table([("complete hands/s", after["hands_per_s"], None, f"{after['actions_per_hand']:.1f} actions a hand"),
               ("apply+undo pairs/s", after["pairs_per_s"], None, f"{after['mean_history']:.1f} actions before, on average")])
        return

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="stytvolt-before-") as old:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", BEFORE, "stytvolt"], check=True,
                                 capture_output=True, timeout=60).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True, timeout=60)
        befores, afters = [], []
        for _ in range(args.rounds):  # alternating, so both sides see the same machine
            befores.append(run_side(Path(old), args.hands, args.old_pairs))
            afters.append(run_side(REPO, args.hands, args.pairs))
    print(f"before: git {BEFORE} (undo replays the hand); after: the working tree (undo rebinds saved fields); "
          f"each in its own process, best of {args.rounds} alternating rounds ({time.perf_counter() - started:.0f} s)")
    b_hands, a_hands = (max(r["hands_per_s"] for r in rs) for rs in (befores, afters))
    b_pairs, a_pairs = (max(r["pairs_per_s"] for r in rs) for rs in (befores, afters))
    table([
        ("complete hands/s", a_hands, b_hands, f"{afters[0]['actions_per_hand']:.1f} actions a hand "
                                               f"(before: {befores[0]['actions_per_hand']:.1f})"),
        ("apply+undo pairs/s", a_pairs, b_pairs, f"{args.pairs:,} pairs a round after, {args.old_pairs:,} before; "
                                                 f"{afters[0]['mean_history']:.1f} actions before each position"),
    ])


if __name__ == "__main__":
    main()
