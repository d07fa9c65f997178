"""axe-core on every page of the site, in the light and the dark scheme and on a phone, with live answers showing.

Every widget on a page has answered from Pyodide (its first button pressed,
or its own first answer for the puzzle and the table) before axe runs, so
what is checked is what a reader sees after using it.  Zero serious or
critical violations of WCAG 2.x A and AA, and of axe's best practices.
"""

from __future__ import annotations

from typing import Any

import pytest
from sitekit import SiteServer
from test_site import answers, wait_answer, wait_ready

RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}
SERIOUS = ("serious", "critical")
VIEWS = {
    "light": {"color_scheme": "light", "viewport": {"width": 1280, "height": 900}},
    "dark": {"color_scheme": "dark", "viewport": {"width": 1280, "height": 900}},
    "phone": {"color_scheme": "light", "viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(scope="module")
def axe() -> Any:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.fail("axe-playwright-python is not installed: run `make setup`")
    return Axe()


def _live_answers(page: Any) -> None:
    widgets = page.locator(".sv-widget[data-sv-mounted]")
    if not widgets.count():
        return
    wait_ready(page)
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
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")


def _violations(axe: Any, page: Any) -> list[str]:
    result = axe.run(page, options=RULES)
    found = []
    for v in result.response["violations"]:
        if v["impact"] in SERIOUS:
            where = "; ".join(" ".join(n["target"]) for n in v["nodes"][:4])
            found.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {where}: {v['nodes'][0]['failureSummary'][:200]}")
    return found


@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_nothing_serious(axe: Any, context_factory: Any, server: SiteServer, pages: list[str], view: str) -> None:
    context, _ = context_factory(**VIEWS[view])
    page = context.new_page()
    problems = {}
    for rel in pages:
        page.goto(server.url + rel)
        page.wait_for_load_state("load")
        _live_answers(page)
        found = _violations(axe, page)
        if found:
            problems[rel or "(home)"] = found
    assert not problems, "\n".join(f"{rel}:\n  " + "\n  ".join(v) for rel, v in problems.items())


def test_glossary_words_are_reachable_by_keyboard(page: Any, server: SiteServer) -> None:
    page.goto(server.url + "ranking/")
    abbr = page.locator("article abbr[tabindex='0']").first
    assert abbr.count(), "no glossary word on the ranking page can be reached with Tab"
    abbr.focus()
    tooltip = page.locator(".md-tooltip--active, [role='tooltip']").first
    page.wait_for_timeout(300)
    described = abbr.get_attribute("aria-describedby") or ""
    assert tooltip.count() or described, "focusing a glossary word shows no meaning"


def test_reference_tables_fit_a_phone(context_factory: Any, server: SiteServer, built_site: Any, pages: list[str]) -> None:
    """At 375 px every cell of every wide table is on screen (a card per row), and says which column it is."""
    context, _ = context_factory(**VIEWS["phone"])
    page = context.new_page()
    stacked = [rel for rel in pages if "data-stack" in (built_site / rel / "index.html").read_text(encoding="utf-8")]
    assert "ranking/" in stacked, "the ranking page's quick reference and grid must be stacked on a phone"
    for rel in stacked:
        page.goto(server.url + rel)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{rel} scrolls sideways at 375 px ({width} px wide)"
        cells = page.evaluate(
            """() => [...document.querySelectorAll('table[data-stack] td')].map(td => {
                 const r = td.getBoundingClientRect();
                 const label = getComputedStyle(td, '::before').content;
                 return {left: r.left, right: r.right, label, first: td === td.parentElement.firstElementChild, want: td.dataset.label};
               })"""
        )
        assert cells
        outside = [c for c in cells if c["left"] < 0 or c["right"] > 375]
        assert not outside, f"{rel}: {len(outside)} of {len(cells)} table cells are off a 375 px screen"
        unlabelled = [c for c in cells if not c["first"] and c["label"].strip('"') != c["want"]]
        assert not unlabelled, f"{rel}: cells that do not say their column: {unlabelled[:3]}"
    # The grid "who can take what": a postman against a led free card reads "no", next to its column's name.
    page.goto(server.url + "ranking/")
    grid = page.locator('table[data-stack]:has(td[data-label="led free card"])')
    row = grid.locator("tr").filter(has=page.locator("td:first-child", has_text="postman"))
    cell = row.locator('td[data-label="led free card"]')
    assert cell.inner_text().strip() == "no" and cell.is_visible()
