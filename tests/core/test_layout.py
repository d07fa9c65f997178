"""The test suite's own shape: grouped as the package is, every file named once, and complete on both cores.

``make test`` runs pytest on two workers (pytest-xdist).  These tests check what that relies on:

* the tests are grouped by what they test, as the package is (``tests/<game>/`` for each registered game,
  ``tests/core/``, ``tests/web/``, ``tests/analysis/``, ``tests/protocol/``, ``tests/pyodide/``,
  ``tests/site/``), and nothing else lies at the top;
* no two test files, nor two helper modules, share a name anywhere under ``tests/``: pytest imports
  each under its bare name ("prepend" import mode), so a second ``test_x.py`` in another folder would
  stop the whole run at collection, as it once did in CI;
* the run on two workers is complete: the test ids the workers collect are exactly those a serial
  run collects (xdist runs each collected id once), and the Makefile's ``test`` target runs on them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import stytvolt

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
SHARED = {"core", "web", "analysis", "protocol", "pyodide", "site"}
TOP_FILES = {"conftest.py", "htmlkit.py", "sweepkit.py"}  # helpers every folder may use


def test_the_tests_are_grouped_as_the_package_is() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name not in ("__pycache__",)}
    games = {info.name for info in stytvolt.games()}
    assert folders == games | SHARED, f"folders for no game: {folders - games - SHARED}; games with no folder: {games - folders}"
    top = {p.name for p in TESTS.glob("*.py")}
    assert top == TOP_FILES, f"test files belong in a folder of what they test: {sorted(top - TOP_FILES)}"
    for game in games:
        assert list((TESTS / game).glob("test_*.py")), f"tests/{game}/ has no tests"


def test_no_two_test_modules_share_a_name() -> None:
    modules = [p for p in TESTS.rglob("*.py") if p.name not in ("conftest.py", "__init__.py") and "__pycache__" not in p.parts]
    # A package's modules (tests/protocol/) are imported under the package's name, so only they may repeat a name.
    bare = [p for p in modules if not (p.parent / "__init__.py").exists()]
    # tests/pyodide/checks.py is a script run by path (CPython and Pyodide), never imported by name.
    bare = [p for p in bare if p != TESTS / "pyodide" / "checks.py"]
    twice = {name: sorted(str(p.relative_to(TESTS)) for p in bare if p.name == name)
             for name, n in Counter(p.name for p in bare).items() if n > 1}
    assert not twice, f"modules that share a name (pytest imports each by its bare name): {twice}"


def _serial_ids() -> set[str]:
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "tests"],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return {line for line in proc.stdout.splitlines() if "::" in line}


def _worker_ids(tmp_path: Path) -> dict[str, set[str]]:
    """The ids each of two xdist workers collected, as the controller was told them (no test is run)."""
    out = tmp_path / "ids"
    env = dict(os.environ, STYTVOLT_COLLECTED_IDS=str(out))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "tests"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, env=env)
    found = {p.name.rsplit(".", 1)[1]: set(p.read_text(encoding="utf-8").splitlines()) for p in tmp_path.glob("ids.gw*")}
    assert len(found) == 2, f"expected the ids of two workers (exit {proc.returncode}):\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    return found


def _this_workers_ids(request: pytest.FixtureRequest) -> dict[str, set[str]] | None:
    """In a run on xdist workers over the whole suite with nothing left out (``make test``): the ids this worker
    collected, which are every worker's (xdist stops a run whose workers collected differently); else None."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    config = request.config
    args = [(config.invocation_params.dir / a).resolve() for a in config.args]
    if not worker or args != [TESTS] or config.option.keyword or config.option.markexpr or config.getoption("deselect"):
        return None
    return {worker: {item.nodeid for item in request.session.items}}


def test_the_parallel_run_collects_every_test_the_serial_run_does(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    serial = _serial_ids()
    assert len(serial) > 3000, len(serial)
    # Under make test the workers' own collection is at hand; run alone, two workers are started to collect.
    workers = _this_workers_ids(request) or _worker_ids(tmp_path)
    for worker, ids in workers.items():
        assert ids == serial, (f"{worker} collected {len(ids)} tests, a serial run {len(serial)}: "
                               f"only serial {sorted(serial - ids)[:10]}, only {worker} {sorted(ids - serial)[:10]}")


def test_make_test_runs_every_test_on_two_workers() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^WORKERS\s*\?= 2$", makefile, flags=re.M), "make test runs on two workers by default"
    assert re.search(r"^PYTEST_PARALLEL := -n \$\(WORKERS\) ", makefile, flags=re.M)
    recipe = makefile.split("\ntest: ", 1)[1].split("\n\n", 1)[0]
    run = re.search(r"-m pytest ([^|]*)", recipe)
    assert run, recipe
    args = run.group(1).split()
    assert args[0] == "$(PYTEST_PARALLEL)" and "--durations=15" in args and args[-1].startswith("tests"), args
    assert not {"-k", "-m", "--ignore", "--deselect", "-x"} & set(args), f"make test must run every test: {args}"
