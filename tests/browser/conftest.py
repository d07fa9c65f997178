"""Fixtures for the browser tests: the built site, a local server, Chromium, and a watched page.

The site is built once per session with ``mkdocs build --strict`` into a
temporary directory (a failing build fails every test here, with mkdocs'
output), served from 127.0.0.1 on a free port, and driven with the system
Chromium (``/usr/bin/chromium``, or ``STYTVOLT_CHROMIUM``) through
Playwright.  Without Chromium or Playwright the browser tests skip, except
when CI is set: then they fail, since CI must run them (``make setup``
installs both).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from sitekit import SiteServer, build_site, chromium_path, in_ci, launch_args

WIDGET_KINDS = ("ranking", "trick", "choose", "chalk")


def _unavailable(message: str) -> None:
    if in_ci():
        pytest.fail(f"{message}, but CI is set: the browser tests must run in CI (`make setup` installs it)")
    pytest.skip(f"{message} (in CI this is a failure)")


@pytest.fixture(scope="session")
def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, SiteServer]]:
    """The site, built for the local server that serves it (its port is known before the build)."""
    prebuilt = os.environ.get("STYTVOLT_BUILT_SITE", "").strip()  # while working on the tests: skip the build
    dest = Path(prebuilt).resolve() if prebuilt else tmp_path_factory.mktemp("built") / "site"
    srv = SiteServer(dest)
    if not prebuilt:
        proc = build_site(dest)  # no site_url: the default build must work wherever it is served
        if proc.returncode != 0:
            srv.close()
            output = (proc.stdout + proc.stderr).strip()
            pytest.fail(f"`mkdocs build --strict` failed (exit {proc.returncode}):\n{output[-6000:]}", pytrace=False)
    with srv:
        yield dest, srv


@pytest.fixture(scope="session")
def built_site(_site: tuple[Path, SiteServer]) -> Path:
    return _site[0]


@pytest.fixture(scope="session")
def server(_site: tuple[Path, SiteServer]) -> SiteServer:
    return _site[1]


@pytest.fixture(scope="session")
def pages(built_site: Path) -> list[str]:
    """Every page of the built site, as a path relative to the site root ("" for the home page)."""
    found = []
    for index in sorted(built_site.rglob("index.html")):
        rel = index.parent.relative_to(built_site).as_posix()
        if rel.split("/")[0] in ("pyodide", "assets", "search"):
            continue
        found.append("" if rel == "." else rel + "/")
    return found


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


class Watch:
    """Everything a browser context did that a clean page must not: errors, failed or foreign requests."""

    def __init__(self, context: Any, origin: str, *, also: tuple[str, ...] = ()) -> None:
        self.origin = origin
        self.origins = (origin, *also)  # where requests may go
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.requests: list[str] = []  # by the pages and their workers
        self.offline_requests: list[str] = []  # by the service worker, precaching the site for offline use
        context.on("console", self._console)
        context.on("request", self._request)
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        context.on("response", self._response)
        context.on("page", self._page)
        # Nothing may leave the site: anything that tries is recorded (above) and refused here.
        context.route(lambda url: not self._local(url), lambda route: route.abort("blockedbyclient"))

    def _local(self, url: str) -> bool:
        return url.startswith(tuple(o + "/" for o in self.origins)) or url.startswith(("data:", "blob:", "about:"))

    def _page(self, page: Any) -> None:
        page.on("pageerror", lambda err: self.page_errors.append(f"{page.url}: {err}"))

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.console_errors.append(f"{msg.location.get('url', '')}: {msg.text}")

    def _request(self, request: Any) -> None:
        (self.offline_requests if request.service_worker is not None else self.requests).append(request.url)
        if not self._local(request.url):
            self.foreign.append(request.url)

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")

    def problems(self) -> list[str]:
        out = [f"console error: {e}" for e in self.console_errors]
        out += [f"page error: {e}" for e in self.page_errors]
        out += [f"request outside the site: {u}" for u in self.foreign]
        # A request cut short because the page navigated on (net::ERR_ABORTED: a favicon still loading) is no fault.
        out += [f"failed request: {u}" for u in self.failed if not any(s in u.lower() for s in ("blockedbyclient", "err_aborted"))]
        return out

    def count(self, suffix: str) -> int:
        return sum(1 for u in self.requests if u.split("?")[0].endswith(suffix))


@pytest.fixture
def context_factory(browser: Any, server: SiteServer) -> Iterator[Any]:
    """``new(**options)`` -> (context, watch); every context is checked for problems when the test ends."""
    made: list[tuple[Any, Watch]] = []

    def new(**options: Any) -> tuple[Any, Watch]:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(60_000)
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
    context, watch = context_factory()
    pg = context.new_page()
    pg.watch = watch
    return pg
