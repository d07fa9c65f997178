"""The first answer imports only what it uses; warm_step() imports the rest, one module per call.

Each check runs in a fresh interpreter, since which modules are loaded is the
point.  The worker (interactive/worker.mjs) calls warm_step while idle, and
then keeps a memory snapshot of the warmed engine for the next visit; a page
change after that needs no import.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import json, sys
from stytvolt.web import GAME_MODULES, PART_MODULES, handle, warm_step

request = {"game": "styrivolt", "widget": "ranking", "params": {"suit": "hearts"}}
first = handle(request)
lazy = sorted(m for m in {*GAME_MODULES.values(), *PART_MODULES.values(), "stytvolt.web.learn"} if m not in sys.modules)
calls = 0
while warm_step():
    calls += 1
    if calls > 100:
        raise SystemExit("warm_step never said it was done")
missing = sorted(m for m in {*GAME_MODULES.values(), *PART_MODULES.values(), "stytvolt.web.learn"} if m not in sys.modules)
print(json.dumps({"lazy": lazy, "calls": calls, "missing": missing, "again": warm_step(),
                  "same": handle(request) == first, "ok": first["ok"]}))
"""


def run() -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=REPO, capture_output=True, text=True, check=True)
    got: dict[str, object] = json.loads(out.stdout)
    return got


def test_the_first_answer_leaves_other_games_and_parts_unloaded_and_warm_step_loads_each() -> None:
    got = run()
    assert got["ok"] is True
    # The ranking widget needs Stýrivolt's module only: the other games, the quiz, the table, hands and puzzles wait.
    assert "stytvolt.web.sjavs" in got["lazy"] and "stytvolt.web.klorsjavs" in got["lazy"]
    assert "stytvolt.sjavs.table" in got["lazy"] and "stytvolt.styrivolt.table" in got["lazy"]
    assert "stytvolt.web.styrivolt" not in got["lazy"]
    # One module per call (a module importing another may save a call), then False, and False again.
    assert 1 <= got["calls"] <= len(got["lazy"])  # type: ignore[arg-type]
    assert got["missing"] == []
    assert got["again"] is False
    # Warming changes no answer.
    assert got["same"] is True
