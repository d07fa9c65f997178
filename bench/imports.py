"""How many of the package's modules a page's first answer imports, one fresh interpreter a request.

A page's first answer should import only what it uses (the browser compiles
every module it imports, so each one is paid for at first paint's next
step).  This prints, for one request of each game's pages, the number of
``stytvolt`` modules loaded after answering it, and the total count of
modules of any package::

    .venv/bin/python bench/imports.py

The requests are answered with the page's own parameters (as the worker
sends them); nothing is warmed first.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

REQUESTS: list[tuple[str, dict[str, object]]] = [
    ("Stýrivolt ranking", {"game": "styrivolt", "widget": "ranking", "params": {"suit": "hearts"}}),
    ("Stýrivolt trick", {"game": "styrivolt", "widget": "trick", "params": {"cards": "CJ S4", "chosen": "H,S"}}),
    ("Stýrivolt quiz", {"game": "styrivolt", "widget": "quiz", "params": {"kinds": "card-names", "count": "3"}}),
    ("Stýrivolt table", {"game": "styrivolt", "widget": "table", "params": {"do": "new", "seed": "3"}}),
    ("Sjavs trick", {"game": "sjavs", "widget": "trick", "params": {"cards": "CQ SQ"}}),
    ("Sjavs table", {"game": "sjavs", "widget": "table", "params": {"do": "new", "seed": "3"}}),
    ("Klørsjavs calculator", {"game": "klorsjavs", "widget": "calculator",
                             "params": {"variant": "klorsjavs", "declarer": "2", "points": "62"}}),
    ("Knorri beat", {"game": "knorri", "widget": "beat", "params": {}}),
    ("Brus trick", {"game": "brus", "widget": "trick", "params": {"plays": "S9 C9", "hand": "HA SA D7 CK HK"}}),
    ("Vira contract", {"game": "vira", "widget": "contract", "params": {}}),
]

SCRIPT = r"""
import json, sys
from stytvolt.web import handle
answer = handle(json.loads(sys.argv[1]))
ours = sorted(m for m in sys.modules if m == "stytvolt" or m.startswith("stytvolt."))
print(json.dumps({"ok": answer["ok"], "ours": len(ours), "all": len(sys.modules), "names": ours}))
"""


def measure(request: dict[str, object]) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(request)], cwd=REPO, capture_output=True,
                         text=True, check=True)
    got: dict[str, object] = json.loads(out.stdout)
    return got


def main() -> None:
    names = "--names" in sys.argv
    print(f"{'first answer':<24} {'stytvolt modules':>16} {'all modules':>12}  answered")
    for label, request in REQUESTS:
        got = measure(request)
        print(f"{label:<24} {got['ours']:>16} {got['all']:>12}  {'yes' if got['ok'] else 'refused'}")
        if names:
            print("   ", " ".join(str(n) for n in got["names"]))  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
