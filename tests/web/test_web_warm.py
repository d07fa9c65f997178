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
from stytvolt.web import handle, lazy_modules, part_modules, warm_step

request = {"game": "styrivolt", "widget": "ranking", "params": {"suit": "hearts"}}
first = handle(request)
every = lazy_modules()
lazy = sorted(m for m in every if m not in sys.modules)
calls = 0
while warm_step():
    calls += 1
    if calls > 100:
        raise SystemExit("warm_step never said it was done")
missing = sorted(m for m in every if m not in sys.modules)
tables = {g: part_modules(g)["table"] for g in ("styrivolt", "sjavs")}
print(json.dumps({"lazy": lazy, "tables": tables, "every": every, "calls": calls, "missing": missing, "again": warm_step(),
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
    assert "stytvolt.sjavs.site" in got["lazy"] and "stytvolt.klorsjavs.site" in got["lazy"]
    assert "stytvolt.web.puzzles" in got["lazy"] and "stytvolt.web.puzzles" in got["every"]  # type: ignore[operator]
    tables = got["tables"]
    assert isinstance(tables, dict) and all(t in got["lazy"] for t in tables.values())
    assert "stytvolt.styrivolt.site" not in got["lazy"] and "stytvolt.styrivolt.site" in got["every"]  # type: ignore[operator]
    # One module per call (a module importing another may save a call), then False, and False again.
    assert 1 <= got["calls"] <= len(got["lazy"])  # type: ignore[arg-type]
    assert got["missing"] == []
    assert got["again"] is False
    # Warming changes no answer.
    assert got["same"] is True
