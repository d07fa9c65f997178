"""Every page of the site, in each view a reader may have: clean, under its policy, and accessible with live answers.

One visit of a page in a view checks everything a whole-site sweep used to check in a visit of its own:

* **clean**: no console error, no uncaught exception, no failed request and nothing fetched from
  elsewhere; where the page has a widget the engine starts, and is loaded once;
* **the Content-Security-Policy holds**: no violation while the page loads and while its widgets answer
  (``tests/site/test_offline.py`` checks that the policy is the same on every page and in force);
* **axe-core finds nothing serious or critical** (WCAG 2.x A and AA, and axe's best practices) once every
  widget on the page has answered from Pyodide (its first button pressed, or its own first answer for the
  puzzle and the table), so what is checked is what a reader sees after using it;
* **on a phone, wide tables fit**: a page whose tables are stacked (``data-stack``) does not scroll
  sideways at 375 px, and every cell is on screen and says which column it is.

The views are a laptop, in the light and then (a third of the pages with every kind of widget and
figure among them, :data:`DARK`; every page in ``bench/sweeps.py``) the dark scheme (one visit: the scheme is switched as a reader switches it, so the engine
starts and the widgets answer once for both), and a phone (375 px, touch, light: every page with a widget, a figure or a table, :data:`VISITS`).  Each worker keeps one browser context per view for the whole run, as one reader going from page to page would (the engine's
kept snapshot and the service worker's cache carry over, as they do for a reader), and each test is one
page in one view, so pytest-xdist shares the pages out between the cores.  The pages are read from docs/
when the tests are collected; ``test_the_sweep_visits_every_built_page`` holds that list to the built site.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from sitekit import SiteServer, Watch, docs_pages
from sweepkit import SCALE
from test_site import answers, wait_answer, wait_ready

RULES = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    # Only violations are used: axe then skips building its (large) lists of passes and inapplicable
    # rules, about three times faster on our pages, with the same rules run and the same violations found.
    "resultTypes": ["violations"],
}
SERIOUS = ("serious", "critical")
#: The laptop view is seen in the light scheme, then (the pages of :data:`DARK`) in the dark one (the reader's
#: preference switched to dark and Material's own toggle pressed, as a reader would); the phone in the light scheme.
VIEWS = {
    "laptop": {"color_scheme": "light", "viewport": {"width": 1280, "height": 900}},
    "phone": {"color_scheme": "light", "viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True},
}
SCHEME = "document.body.getAttribute('data-md-color-scheme')"  # Material's name for the scheme shown
SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"
PAGES = docs_pages()


def _source(rel: str) -> str:
    """A page's Markdown source (docs/<page>.md or its index.md)."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    stem = rel.rstrip("/")
    for md in (docs / f"{stem}.md", docs / stem / "index.md") if stem else (docs / "index.md",):
        if md.is_file():
            return md.read_text(encoding="utf-8")
    return ""


def _drawn(rel: str) -> set[str]:
    """The kinds of widget and figure a page's source places (``data-widget="quiz"``, ``data-figure="…"``)."""
    return set(re.findall(r'data-(?:widget|figure)="([^"]+)"', _source(rel)))


def _dark_pages() -> set[str]:
    """The pages seen in the dark scheme too (the laptop view): every third page, and the first page of each kind of
    widget or figure the third has not shown (the dark palette is one stylesheet for every page: each kind of thing
    drawn is judged in it); the API reference never (mkdocstrings' plain text, whose axe run alone takes 8 s).  Every
    page when the sweeps are run larger (``bench/sweeps.py --site``)."""
    if SCALE > 1:
        return set(PAGES)
    chosen = {rel for i, rel in enumerate(PAGES) if i % 3 == 0 and rel != "api/"}
    shown = set().union(*(_drawn(rel) for rel in chosen))
    for rel in PAGES:
        new = _drawn(rel) - shown
        if new and rel != "api/":
            chosen.add(rel)
            shown |= new
    return chosen


DARK = _dark_pages()


def _on_phone(rel: str) -> bool:
    """Whether the phone view visits a page: one with something drawn or laid out that 375 px can break (a widget,
    a figure, a table); not a page of text alone, which Material lays out alike on every page, nor the API reference
    (mkdocstrings' text for programmers, 14 s a visit).  Every page when the sweeps are run larger."""
    if SCALE > 1:
        return True
    text = _source(rel)
    return rel != "api/" and bool(_drawn(rel) or re.search(r"^\|.*\|\s*$|<table", text, re.M))


VISITS = [(rel, view) for rel in PAGES for view in VIEWS if view == "laptop" or _on_phone(rel)]

CSP_WATCH = """() => {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__csp.push(`${e.violatedDirective}: ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
  });
}"""


@pytest.fixture(scope="session")
def axe() -> Any:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.fail("axe-playwright-python is not installed: run `make setup`")
    return Axe()


class Reader:
    """One view's browser context and page, kept for the worker's whole run, and what it has seen."""

    def __init__(self, browser: Any, server: SiteServer, view: str) -> None:
        self.context = browser.new_context(**VIEWS[view])
        self.context.set_default_timeout(60_000)
        self.context.add_init_script(script=f"({CSP_WATCH})()")
        self.watch = Watch(self.context, server.origin)
        self.page = self.context.new_page()


@pytest.fixture(scope="session")
def readers(browser: Any, server: SiteServer) -> Iterator[dict[str, Reader]]:
    """This worker's reader of each view, made when its first page is visited."""

    class Readers(dict[str, Reader]):
        def __missing__(self, view: str) -> Reader:
            self[view] = Reader(browser, server, view)
            return self[view]

    made = Readers()
    yield made
    late = [f"{view}: {p}" for view, reader in made.items() for p in reader.watch.problems()]
    for reader in made.values():
        reader.context.close()
    assert not late, "the browser saw problems after the last page was checked:\n" + "\n".join(late)


def live_answers(page: Any) -> None:
    """Every widget on the page answers from Pyodide: its first button pressed, or its own first answer."""
    widgets = page.locator(".sv-widget[data-sv-mounted]")
    if not widgets.count():
        return
    for widget in widgets.all():
        if widget.get_attribute("data-widget") in ("puzzle", "table"):
            wait_answer(widget, 0)  # each asks for its own first position
            continue
        n = answers(widget)
        widget.locator("button").first.click()
        wait_answer(widget, n)
    page.wait_for_function("() => !document.querySelector('.sv-widget[aria-busy]')")
    # A widget's output fades back in over 0.2 s once it is no longer busy: axe
    # judges the colours it sees, so it looks once the fade is over.
    page.wait_for_function(SETTLED)


def serious_violations(axe: Any, page: Any) -> list[str]:
    result = axe.run(page, options=RULES)
    found = []
    for v in result.response["violations"]:
        if v["impact"] in SERIOUS:
            where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            found.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {where}: {v['nodes'][0]['failureSummary'][:200]}")
    return found


@pytest.mark.parametrize(("rel", "view"), VISITS, ids=[f"{rel or 'home'}-{view}" for rel, view in VISITS])
def test_page(readers: dict[str, Reader], server: SiteServer, axe: Any, rel: str, view: str) -> None:
    reader = readers[view]
    page, watch = reader.page, reader.watch
    late = [f"{p} (after the page before was left)" for p in watch.problems()]  # seen since that page's test ended
    watch.clear()
    try:
        found = visit(page, server.url + rel, view, axe)
        if view == "laptop" and rel in DARK:
            found += [f"{f} (dark)" for f in in_the_dark(page, axe)]
    finally:
        problems = late + watch.problems()
        watch.clear()
    assert not found, "axe-core found serious problems:\n  " + "\n  ".join(found)
    assert not problems, "the browser saw problems:\n" + "\n".join(problems)


def visit(page: Any, url: str, view: str, axe: Any) -> list[str]:
    """Open the page, check it loaded cleanly under its policy with every widget answering; axe's serious findings."""
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url} answered {response and response.status}"
    assert page.evaluate(SCHEME) == "default", "the page did not open in the light scheme"
    if page.locator(".sv-widget").count():
        wait_ready(page)
        assert page.evaluate("window.stytvolt.loads") == 1
        live_answers(page)
    else:
        page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == [], f"the Content-Security-Policy was broken: {page.evaluate('window.__csp')}"
    if view == "phone":
        stacked_tables_fit(page, url)
    return serious_violations(axe, page)


def in_the_dark(page: Any, axe: Any) -> list[str]:
    """The page switched to the dark scheme (the reader's preference, and Material's toggle): axe's serious findings.

    Then back to light, preference and toggle, so that the next page opens as the last one did.
    """
    page.emulate_media(color_scheme="dark")
    switch(page, "slate")
    try:
        page.wait_for_function(SETTLED)
        return serious_violations(axe, page)
    finally:
        page.emulate_media(color_scheme="light")
        switch(page, "default")


def switch(page: Any, scheme: str) -> None:
    """Press Material's palette toggle (the one shown: it names the other scheme) until ``scheme`` is shown.

    Then the pointer leaves the toggle and the focus is let go, as a reader's would once the scheme is
    switched, so that axe does not judge the toggle's tooltip while it fades in.
    """
    if page.evaluate(SCHEME) != scheme:
        page.locator('form[data-md-component="palette"] label:not([hidden])').click()
        page.wait_for_function(f"() => {SCHEME} === {scheme!r}")
        page.mouse.move(0, page.viewport_size["height"] - 1 if page.viewport_size else 0)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.wait_for_function("() => !document.querySelector('.md-tooltip--active')")


def stacked_tables_fit(page: Any, url: str) -> None:
    """At 375 px a page with wide tables (stacked: a card per row) does not scroll sideways, and every cell is on
    screen and says which column it is."""
    if not page.locator("table[data-stack]").count():
        return
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{url} scrolls sideways at 375 px ({width} px wide)"
    cells = page.evaluate(
        """() => [...document.querySelectorAll('table[data-stack] td')].map(td => {
             const r = td.getBoundingClientRect();
             const label = getComputedStyle(td, '::before').content;
             return {left: r.left, right: r.right, label, first: td === td.parentElement.firstElementChild, want: td.dataset.label};
           })"""
    )
    assert cells
    outside = [c for c in cells if c["left"] < 0 or c["right"] > 375]
    assert not outside, f"{len(outside)} of {len(cells)} table cells are off a 375 px screen"
    unlabelled = [c for c in cells if not c["first"] and c["label"].strip('"') != c["want"]]
    assert not unlabelled, f"cells that do not say their column: {unlabelled[:3]}"


def test_the_sweep_visits_every_built_page(pages: list[str]) -> None:
    """The pages read from docs/ for the sweep are exactly the pages of the built site."""
    assert len(pages) > 1, pages
    assert PAGES == pages, f"only in docs/: {sorted(set(PAGES) - set(pages))}; only built: {sorted(set(pages) - set(PAGES))}"
