"""The site after a first visit with no network, installable, and under its Content-Security-Policy.

* Offline: a fresh browser visits one page and waits for the service worker
  to finish precaching; then the server is stopped, every page of the site
  comes whole from the cache (fetched through the service worker), and a
  tab opens the first page of each widget kind and every tenth page, where a
  widget of every kind answers from Pyodide, loaded from the cache too.
* Installable: Chromium finds nothing missing (manifest, icon, service
  worker) for installing the site as an app.
* The policy: every page carries the same Content-Security-Policy, an
  instant page change does not break it, and a script injected into a page
  is refused (that no page or widget answer breaks it is checked on every
  page in every view by test_every_page.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sitekit import SiteServer, Watch, chromium_path, launch_args
from test_every_page import CSP_WATCH
from test_site import ANSWER_TIMEOUT, answers, wait_answer, wait_ready

# The service worker is active (so it has precached everything) and controls the page.
SW_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated") await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
  return worker.state;
}"""


def _offline_visit(browser: Any, built_site: Path) -> tuple[Any, Watch, SiteServer]:
    """A first visit to a widget page at a server of its own, until the service worker has precached the site."""
    srv = SiteServer(built_site).__enter__()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(ANSWER_TIMEOUT)
    watch = Watch(context, srv.origin)
    page = context.new_page()
    page.goto(srv.url + "play/")
    wait_ready(page)
    assert page.evaluate(SW_READY) == "activated"
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    return context, watch, srv


#: Every page fetched through the service worker (the way a page asks for it), with the network gone: its status and
#: whether it holds a heading.
FETCHED = """async (urls) => Promise.all(urls.map(async (u) => {
  const r = await fetch(u);
  return [u, r.status, /<h1[ >]/.test(await r.text())];
}))"""


def _opened(built_site: Path, pages: list[str]) -> list[str]:
    """The pages opened in a tab offline: the first holding each kind of widget not met before (so every kind
    answers), the home page, and every tenth page besides (the rest are fetched through the service worker)."""
    seen: set[str] = set()
    out: list[str] = []
    for i, rel in enumerate(pages):
        text = (built_site / rel / "index.html").read_text(encoding="utf-8")
        kinds = set(re.findall(r'class="sv-widget"[^>]*? data-widget="([a-z-]+)"', text))
        if kinds - seen or i % 10 == 0:
            out.append(rel)
            seen |= kinds
    return out


def test_every_page_and_widget_works_offline_after_a_first_visit(browser: Any, built_site: Path, pages: list[str]) -> None:
    context, watch, srv = _offline_visit(browser, built_site)
    url = srv.url
    try:
        precached = len(watch.offline_requests)
        assert precached >= len(pages), f"the service worker fetched {precached} files; the site has {len(pages)} pages"
        srv.close()  # the network is gone: nothing answers at this address any more
        context.set_offline(True)
        # Every page comes from the service worker's cache, whole.
        first = context.new_page()
        first.goto(url + pages[0])
        fetched = first.evaluate(FETCHED, [url + rel for rel in pages])
        missing = [u for u, status, heading in fetched if status != 200 or not heading]
        assert not missing, f"pages that did not come whole from the cache offline: {missing}"
        first.close()
        kinds_answered: set[str] = set()
        for rel in _opened(built_site, pages):
            page = context.new_page()
            response = page.goto(url + rel)
            assert response is not None and response.ok, f"{rel or 'the home page'} did not open offline"
            assert page.locator("h1").count() >= 1, f"{rel}: no heading offline"
            widgets = page.locator(".sv-widget[data-sv-mounted]")
            kinds = {w.get_attribute("data-widget") for w in widgets.all()}
            new = sorted(k for k in kinds if k and k not in kinds_answered)
            if new:
                wait_ready(page)
                for kind in new:
                    widget = page.locator(f'.sv-widget[data-widget="{kind}"]').first
                    if kind == "puzzle":
                        response_json = wait_answer(widget, 0)
                    else:
                        n = answers(widget)
                        widget.locator("button").first.click()
                        response_json = wait_answer(widget, n)
                    assert response_json["ok"] and widget.locator(".sv-output").get_attribute("data-source") == "pyodide", (rel, kind)
                    kinds_answered.add(kind)
            page.close()
        assert kinds_answered >= {"ranking", "trick", "choose", "chalk", "quiz", "table", "puzzle"}, kinds_answered
        # Offline, nothing reached a server: whatever failed was the network being gone, never a missing file.
        problems = [p for p in watch.problems() if not re.search(r"ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED", p)]
        assert not problems, "\n".join(problems)
    finally:
        context.close()
        srv.close()


def test_the_site_is_installable(browser: Any, built_site: Path, tmp_path: Path) -> None:
    """Chromium's own check (a profile on disk: an incognito context can never install): nothing missing."""
    with SiteServer(built_site) as srv:
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=chromium_path(), args=launch_args(), headless=True)
        try:
            watch = Watch(context, srv.origin)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(srv.url + "play/")
            wait_ready(page)
            assert page.evaluate(SW_READY) == "activated"
            cdp = context.new_cdp_session(page)
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
            manifest = cdp.send("Page.getAppManifest")
            assert not manifest.get("errors"), manifest.get("errors")
            assert watch.problems() == []
        finally:
            context.close()


def test_the_content_security_policy_is_the_same_everywhere_and_in_force(page: Any, server: SiteServer, built_site: Path,
                                                                        pages: list[str]) -> None:
    """One policy on every page; instant navigation keeps it unbroken; a script slipped into a page does not run.

    That no page breaks it while it loads and while its widgets answer is checked on every page, in every
    view, by test_every_page.py.
    """
    policies = {
        re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', (built_site / rel / "index.html").read_text(encoding="utf-8"))
        for rel in pages
    }
    assert None not in policies, "a page has no Content-Security-Policy"
    (policy,) = {m.group(1) for m in policies if m}
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert "'unsafe-inline'" not in directives["script-src"] and "'unsafe-eval'" not in directives["script-src"]
    assert directives["default-src"] == "'self'" and directives["connect-src"] == "'self'" and directives["object-src"] == "'none'"
    assert "'wasm-unsafe-eval'" in directives["script-src"]

    page.context.add_init_script(script=f"({CSP_WATCH})()")
    # Instant navigation to another page keeps the first page's policy: still no violation.
    page.goto(server.url + pages[0])
    page.locator('nav.md-nav--primary a.md-nav__link[href$="ranking/"]').first.click()
    page.wait_for_url("**/ranking/")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__csp") == []
    # And the policy is in force: a script slipped into the page does not run.
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__injected = 1'; document.body.append(s); }")
    page.wait_for_timeout(100)
    assert page.evaluate("window.__injected") is None
    assert any("script-src" in v for v in page.evaluate("window.__csp"))
    page.watch.console_errors[:] = [e for e in page.watch.console_errors if "Content Security Policy" not in e]
