"""A returning reader's engine starts from the memory snapshot the first visit kept.

The first visit's engine answers, warms up while idle (stytvolt.web.warm_step)
and keeps a compressed copy of its memory in IndexedDB, keyed by Pyodide's
version and the wheel's sha256 (interactive/worker.mjs).  The next visit (a
reload: a new page, a new worker) restores it instead of starting Python, and
answers exactly as CPython does, on every game.  A damaged copy, or one kept
for another build, is never used: Python starts as usual and a fresh copy
replaces it.
"""

from __future__ import annotations

from typing import Any

from sitekit import SiteServer
from test_site import ANSWER_TIMEOUT, answers, assert_matches_cpython, open_widget, wait_answer, wait_ready

from stytvolt.web import handle

#: The worker has said what became of the kept snapshot (it may say so just after the engine is ready).
NOTED = "() => window.stytvolt && window.stytvolt.snapshot !== 'not started'"
SAVED = "() => window.stytvolt && ['saved', 'unavailable'].includes(window.stytvolt.snapshot)"

# Requests on three games' widgets, one of them kept in a module apart (the Sjavs table).
REQUESTS = [
    {"game": "styrivolt", "widget": "ranking", "params": {"suit": "spades"}},
    {"game": "sjavs", "widget": "trick", "params": {"cards": "C7 CQ CA C8"}},
    {"game": "klorsjavs", "widget": "trick", "params": {"cards": "CK CQ CA"}},
    {"game": "sjavs", "widget": "table", "params": {}},
]

ASK = """async (requests) => {
  const out = [];
  for (const r of requests) out.push(await window.stytvolt.request(r.widget, r.params, r.game));
  return out;
}"""

# The one kept copy: [key, {gzip, bytes}] pairs, read or replaced from the page (same origin as the worker).
KEPT = """(change) => new Promise((resolve, reject) => {
  const open = indexedDB.open("stytvolt-engine", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction("snapshots", "readwrite");
    const store = tx.objectStore("snapshots");
    const keys = store.getAllKeys();
    const values = store.getAll();
    tx.oncomplete = () => {
      const rows = keys.result.map((k, i) => [k, values.result[i].gzip, values.result[i].bytes.byteLength]);
      if (!change) { db.close(); resolve(rows); return; }
      const tx2 = db.transaction("snapshots", "readwrite");
      const s2 = tx2.objectStore("snapshots");
      const [key, value] = [keys.result[0], values.result[0]];
      s2.clear();
      if (change === "damage") s2.put({ gzip: value.gzip, bytes: new Uint8Array(4096).fill(7).buffer }, key);
      if (change === "rekey") s2.put(value, key.replace(/stytvolt [0-9a-f]+/, "stytvolt " + "0".repeat(64)));
      tx2.oncomplete = () => { db.close(); resolve(rows); };
      tx2.onerror = () => reject(tx2.error);
    };
  };
})"""


def _first_visit(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> list[Any]:
    widget = open_widget(page, server, widget_pages, "ranking")
    n = answers(widget)
    widget.locator("button").first.click()
    assert wait_answer(widget, n)["ok"]
    page.wait_for_function(SAVED, timeout=ANSWER_TIMEOUT)
    assert page.evaluate("window.stytvolt.snapshot") == "saved", page.evaluate("window.stytvolt.snapshotWhy")
    rows = page.evaluate(KEPT, None)
    assert len(rows) == 1, f"one copy is kept, found {rows}"
    key, gzip, size = rows[0]
    assert key.startswith("pyodide ") and " stytvolt " in key
    assert gzip is True and 1_000_000 < size < 20_000_000, f"the kept copy is {size} bytes (gzip: {gzip})"
    return rows


def _answers_like_cpython(page: Any) -> None:
    got = page.evaluate(ASK, REQUESTS)
    for request, response in zip(REQUESTS, got):
        assert response["ok"], (request, response)
        assert response["html"] == handle(request)["html"], f"{request} answers differently from CPython"


def test_a_returning_reader_starts_from_the_kept_snapshot(first_page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    page = first_page  # a first visit: no snapshot kept yet
    _first_visit(page, server, widget_pages)
    # The warmed engine's memory has outgrown the 30 MiB Pyodide's module starts with, which Pyodide
    # alone cannot restore (pyodide/pyodide#6254): the worker grows the module first.  This test covers that.
    assert page.evaluate("window.stytvolt.snapshotMemory") > 30 * 2**20
    page.reload()
    wait_ready(page)
    page.wait_for_function(NOTED)
    assert page.evaluate("window.stytvolt.snapshot") == "restored"
    assert page.evaluate("window.stytvolt.loads") == 1
    widget = page.locator('.sv-widget[data-widget="ranking"]').first
    n = answers(widget)
    widget.locator("button").first.click()
    assert wait_answer(widget, n)["ok"]
    assert_matches_cpython(widget)
    _answers_like_cpython(page)


def test_a_damaged_snapshot_is_dropped_and_python_starts_as_usual(first_page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    page = first_page  # a first visit: no snapshot kept yet
    _first_visit(page, server, widget_pages)
    page.evaluate(KEPT, "damage")
    page.reload()
    wait_ready(page)
    page.wait_for_function(NOTED)
    assert page.evaluate("window.stytvolt.snapshot") in ("none", "saved")
    _answers_like_cpython(page)
    page.wait_for_function(SAVED, timeout=ANSWER_TIMEOUT)  # and a good copy replaces the damaged one
    [(key, gzip, size)] = page.evaluate(KEPT, None)
    assert size > 1_000_000


def test_a_snapshot_of_another_build_is_not_used(first_page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    page = first_page  # a first visit: no snapshot kept yet
    [(key, _, _)] = _first_visit(page, server, widget_pages)
    page.evaluate(KEPT, "rekey")  # as if kept by a build with another wheel
    page.reload()
    wait_ready(page)
    page.wait_for_function(NOTED)
    assert page.evaluate("window.stytvolt.snapshot") in ("none", "saved")
    _answers_like_cpython(page)
    page.wait_for_function(SAVED, timeout=ANSWER_TIMEOUT)
    assert [row[0] for row in page.evaluate(KEPT, None)] == [key], "the new build's copy replaces the other"
