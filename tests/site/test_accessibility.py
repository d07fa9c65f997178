"""Accessibility beyond axe: glossary words reached by keyboard, and the ranking grid on a phone.

axe-core itself, and the stacked tables at a phone's width, are checked on every page in every view in
test_every_page.py.
"""

from __future__ import annotations

from typing import Any

from sitekit import SiteServer

PHONE = {"color_scheme": "light", "viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}


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
    """The ranking page's wide tables are stacked on a phone, and its grid reads right there.

    That every cell of every stacked table is on a 375 px screen and says its column is checked on every
    page in the phone view of test_every_page.py.
    """
    stacked = [rel for rel in pages if "data-stack" in (built_site / rel / "index.html").read_text(encoding="utf-8")]
    assert "ranking/" in stacked, "the ranking page's quick reference and grid must be stacked on a phone"
    context, _ = context_factory(**PHONE)
    page = context.new_page()
    # The grid "who can take what": a postman against a led free card reads "no", next to its column's name.
    page.goto(server.url + "ranking/")
    grid = page.locator('table[data-stack]:has(td[data-label="led free card"])')
    row = grid.locator("tr").filter(has=page.locator("td:first-child", has_text="postman"))
    cell = row.locator('td[data-label="led free card"]')
    assert cell.inner_text().strip() == "no" and cell.is_visible()
