"""The random sweeps (tests marked ``sweep``) run larger than ``make test`` runs them, with their time.

    python bench/sweeps.py [--scale N] [--workers N] [--site DIR]

``make test`` runs each sweep at a sample size that fits the test budget (several thousand random deals in all:
the shared protocol checks of every game, whole Stýrivolt hands under random rules, Knorri games at every table
size, computer players under every variation); this runs the same tests ``--scale`` times larger (default 4,
``STYTVOLT_SWEEP``, :mod:`tests.sweepkit`) on ``--workers`` cores and prints how long it took and what pytest
said.  With ``--site`` (a built site, as ``make test`` builds into build/site) it then checks every page of the
site in the dark scheme as well (``tests/site/test_every_page.py``'s laptop view, which ``make test`` sees dark on
a third of the pages).  A failure is printed, not raised: this is a figure, like every bench.  In Pyodide (``make bench`` runs every
bench there too) there is no pytest to start: it says so.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=4, help="how many times make test's sample (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (default 2)")
    parser.add_argument("--site", default="", help="a built site: check every page in the dark scheme too")
    args = parser.parse_args(argv)
    if sys.platform == "emscripten":
        print("sweeps: pytest is not started inside Pyodide; run bench/sweeps.py in CPython")
        return 0
    if args.scale < 2:
        parser.error("--scale is 2 or more (1 is make test's own sample)")
    env = dict(os.environ, STYTVOLT_SWEEP=str(args.scale))
    runs = [(f"sweeps at {args.scale}x make test's sample", ["-m", "sweep", "tests", "--ignore=tests/site",
                                                             "--ignore=tests/pyodide"])]
    if args.site:
        env["STYTVOLT_BUILT_SITE"] = str(Path(args.site).resolve())
        runs.append(("every page in the dark scheme too", ["tests/site/test_every_page.py", "-k", "laptop"]))
    for title, tests in runs:
        command = [sys.executable, "-m", "pytest", "-n", str(args.workers), "-p", "no:cacheprovider", "--durations=5",
                   *tests]
        start = time.perf_counter()
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True)
        took = time.perf_counter() - start
        lines = [line for line in done.stdout.splitlines()
                 if line.strip() and not set(line.strip()) <= set(".s[]% 0123456789")]
        print(f"{title}, {args.workers} workers: {took:.0f} s, pytest exit {done.returncode}")
        for line in lines[-12:]:
            print("  " + line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
