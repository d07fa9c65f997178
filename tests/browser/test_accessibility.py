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
