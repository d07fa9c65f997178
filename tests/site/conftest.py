"""Fixtures for the site's tests: the built site, a local server, Chromium, and a watched page.

The site is built once per ``make test``: the Makefile's strict build goes to
``build/site`` and ``STYTVOLT_BUILT_SITE`` names it, so no test builds it
again.  Run on their own (``pytest tests/site/...``), the tests build it once
with ``mkdocs build --strict`` into pytest's temporary folder, one build
shared by every pytest-xdist worker (the first to get there builds it, under
a file lock; a failing build fails every test here, with mkdocs' output).
Each worker serves it from 127.0.0.1 on a port of its own and drives a
Chromium of its own (the system one, ``/usr/bin/chromium`` or
``STYTVOLT_CHROMIUM``) through Playwright.  Without Chromium or Playwright
the browser tests skip, except when CI is set: then they fail, since CI must
run them (``make setup`` installs both).
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from sitekit import EXTRA_PREFIX, SiteServer, Watch, build_site, chromium_path, in_ci, launch_args, pages_of


def _unavailable(message: str) -> None:
    if in_ci():
        pytest.fail(f"{message}, but CI is set: the browser tests must run in CI (`make setup` installs it)")
    pytest.skip(f"{message} (in CI this is a failure)")


def _shared_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for this run, whichever pytest-xdist worker asks first (under a file lock)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the folder every worker's own temporary folder is in
    dest, result = root / "built-site" / "site", root / "built-site.json"
    with open(root / "built-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not result.exists():
            proc = build_site(dest)  # no site_url: the default build must work wherever it is served
            result.write_text(json.dumps({"returncode": proc.returncode, "output": (proc.stdout + proc.stderr).strip()[-6000:]}))
        built = json.loads(result.read_text())
    if built["returncode"] != 0:
        pytest.fail(f"`mkdocs build --strict` failed (exit {built['returncode']}):\n{built['output']}", pytrace=False)
    return dest


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site's folder: ``STYTVOLT_BUILT_SITE`` when it names one (``make test`` does), else one shared build."""
    prebuilt = os.environ.get("STYTVOLT_BUILT_SITE", "").strip()
    if not prebuilt:
        return _shared_build(tmp_path_factory)
    dest = Path(prebuilt).resolve()
    if not (dest / "index.html").is_file():
        pytest.fail(f"STYTVOLT_BUILT_SITE={prebuilt} names no built site (no index.html there)", pytrace=False)
    return dest


@pytest.fixture(scope="session")
def server(built_site: Path) -> Iterator[SiteServer]:
    """This worker's server of the built site, on a free port of 127.0.0.1."""
    with SiteServer(built_site) as srv:
        yield srv


@pytest.fixture(scope="session")
def pages(built_site: Path) -> list[str]:
    """Every page of the built site, as a path relative to the site root ("" for the home page)."""
    return pages_of(built_site)


@pytest.fixture(scope="session")
def widget_pages(built_site: Path, pages: list[str]) -> dict[str, str]:
    """The first page (path) holding each of Stýrivolt's widget kinds (the other games' have tests of their own)."""
    where: dict[str, str] = {}
    for rel in pages:
        text = (built_site / rel / "index.html").read_text(encoding="utf-8")
        for kind in re.findall(r'class="sv-widget"[^>]*? data-widget="([a-z]+)" data-game="styrivolt"', text):
            where.setdefault(kind, rel)
    return where


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        _unavailable("Chromium is not installed (/usr/bin/chromium, or set STYTVOLT_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=launch_args())
        try:
            yield chromium
        finally:
            chromium.close()


# The engine's kept memory snapshot (interactive/worker.mjs), read from IndexedDB and posted to the test
# server, then put back into a new context's IndexedDB from a blank page of the same origin.
_SNAPSHOT_SAVED = "() => window.stytvolt && ['saved', 'unavailable'].includes(window.stytvolt.snapshot)"
_SNAPSHOT_POST = """async (url) => {
  const db = await new Promise((ok, no) => { const r = indexedDB.open("stytvolt-engine", 1); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const tx = db.transaction("snapshots");
  const [keys, values] = await Promise.all([tx.objectStore("snapshots").getAllKeys(), tx.objectStore("snapshots").getAll()]
    .map((r) => new Promise((ok, no) => { r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); })));
  db.close();
  if (keys.length !== 1) return null;
  await fetch(url, { method: "POST", body: values[0].bytes });
  return { key: keys[0], gzip: !!values[0].gzip };
}"""
_SNAPSHOT_PUT = """async ({ url, key, gzip }) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const db = await new Promise((ok, no) => {
    const r = indexedDB.open("stytvolt-engine", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("snapshots");
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
  });
  await new Promise((ok, no) => {
    const tx = db.transaction("snapshots", "readwrite");
    tx.objectStore("snapshots").put({ gzip, bytes }, key);
    tx.oncomplete = ok; tx.onerror = () => no(tx.error);
  });
  db.close();
}"""


@pytest.fixture(scope="session")
def engine_snapshot(browser: Any, server: SiteServer, widget_pages: dict[str, str]) -> dict[str, Any] | None:
    """The snapshot this build's engine keeps after a first visit (``{url, key, gzip}``, served by the test
    server), or None when it keeps none.  One first visit per worker; see :func:`context_factory`."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url + widget_pages.get("ranking", ""))
        page.wait_for_function(_SNAPSHOT_SAVED, timeout=180_000)
        url = EXTRA_PREFIX + "engine-snapshot"
        kept = page.evaluate(_SNAPSHOT_POST, url) if page.evaluate("window.stytvolt.snapshot") == "saved" else None
    finally:
        context.close()
    return None if kept is None else {"url": url, **kept}


@pytest.fixture
def context_factory(browser: Any, server: SiteServer, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``new(**options)`` -> (context, watch): a new browser context (Playwright's options; no service worker unless
    ``service_workers="allow"``), checked for problems when the test ends.

    The context's engine starts from the snapshot a first visit keeps (as a returning reader's does: about
    1.5 s instead of 4-5 s of a core), unless the test says ``first_visit=True``: what the engine does
    from nothing (its loading, its first snapshot) is tested by the tests that ask for that.
    """
    made: list[tuple[Any, Watch]] = []

    def new(first_visit: bool = False, **options: Any) -> tuple[Any, Watch]:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        # A fresh context is a first visit, which the service worker does not serve yet; once registered it
        # would precache the whole site (some 1,000 files) behind every test, about a second of both cores'
        # time each.  The sweep's readers (test_every_page.py), which visit every page, keep it, and
        # test_offline.py tests it; other tests ask for it with service_workers="allow".
        options.setdefault("service_workers", "block")
        # (Without JavaScript there is no engine to start, and nothing can put the snapshot in place.)
        fresh = first_visit or options.get("java_script_enabled") is False
        snapshot = None if fresh else request.getfixturevalue("engine_snapshot")
        context = browser.new_context(**options)
        context.set_default_timeout(60_000)
        if snapshot is not None:
            blank = context.new_page()
            blank.goto(server.origin + EXTRA_PREFIX + "blank")
            blank.evaluate(_SNAPSHOT_PUT, snapshot)
            blank.close()
        watch = Watch(context, server.origin)
        made.append((context, watch))
        return context, watch

    yield new
    problems = []
    for context, watch in made:
        problems += watch.problems()
        context.close()
    assert not problems, "the browser saw problems:\n" + "\n".join(problems)


@pytest.fixture
def page(context_factory: Any) -> Any:
    """A page of a new context whose engine starts from the kept snapshot, as a returning reader's does."""
    context, watch = context_factory()
    pg = context.new_page()
    pg.watch = watch
    return pg


@pytest.fixture
def first_page(context_factory: Any) -> Any:
    """A page of a new context that has never seen the site: its engine starts Python from nothing."""
    context, watch = context_factory(first_visit=True)
    pg = context.new_page()
    pg.watch = watch
    return pg
