"""What every test folder shares: ``tests/`` on ``sys.path``, so a test reaches the shared helpers by name.

The tests are grouped as the package is (``tests/<game>/``, ``tests/core/``, ``tests/web/``,
``tests/analysis/``, ``tests/protocol/``, ``tests/pyodide/``, ``tests/site/``), and pytest imports each test file under its bare name
("prepend" import mode), so no two test files may share a name (``tests/core/test_layout.py``
checks it).  Helpers shared across folders live here at the top: :mod:`htmlkit` (reading the web
layer's HTML) and :mod:`protocol.checks` (the state protocol's checks); a folder's own helpers
(``styrivolt/helpers.py``) are found from its tests.  A test that borrows another folder's fixtures
names the folder (``from sjavs.test_sjavs_hand import HANDS``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


if os.environ.get("STYTVOLT_COLLECTED_IDS"):
    # tests/core/test_layout.py's check that a run on two workers is complete: the controller writes down
    # the ids each worker collected (to <file>.gw0, <file>.gw1), and no test is run.
    import pytest

    def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
        Path(f"{os.environ['STYTVOLT_COLLECTED_IDS']}.{node.gateway.id}").write_text("\n".join(ids), encoding="utf-8")

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(item: Any, nextitem: Any) -> bool:
        return True


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Run order for two workers: the long browser and Pyodide tests first, the many short tests last.

    pytest-xdist ("worksteal") hands each worker half of this list and lets an idle worker take tests from
    the other's queue, so a run ends well balanced when its last tests are short: the whole-table games in
    Chromium (up to a minute each) and the Pyodide runs go first, the sweep of every page (a few seconds a
    test) next, and the package's own tests (mostly milliseconds) last.  Every test still runs; nothing
    depends on this order (each file also passes on its own).
    """
    def rank(item: Any) -> int:
        path = Path(str(item.fspath)).resolve()
        folder = path.parent.name
        if folder in ("site", "pyodide") and path.name != "test_every_page.py":
            return 0
        return 1 if path.name == "test_every_page.py" else 2

    items.sort(key=rank)  # stable: each group keeps pytest's own order
