"""The site's search (Material's, in the page) answers players' questions with the players' pages first.

Typed into the search box as a player would, mid-game: the page that has
the rule comes first, and the programmers' pages (the Python API, the
command line) come after every players' page that matched.
"""

from __future__ import annotations

from typing import Any

import pytest
from sitekit import SiteServer

PROGRAMMERS = ("api/", "cli/")


def search(page: Any, server: SiteServer, query: str) -> list[str]:
    """The pages the search lists for ``query``, best first (each page once, as a path from the site's root)."""
    page.goto(server.url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    box = page.locator("input.md-search__input")
    box.press_sequentially(query, delay=20)  # typed: Material searches on key presses
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0")
    page.wait_for_timeout(200)  # the list is drawn as results arrive
    hrefs = page.eval_on_selector_all(".md-search-result__item > .md-search-result__link", "links => links.map(a => a.href)")
    found: list[str] = []
    for href in hrefs:
        rel = href.removeprefix(server.url).split("#")[0].split("?")[0]
        if rel not in found:
            found.append(rel)
    return found


@pytest.mark.parametrize(
    "query, want",
    [
        ("can I take the stock", "stock/"),
        ("may I take the stock", "stock/"),
        ("who leads first", "play/"),
        ("what beats a led lamb", "ranking/"),
    ],
)
def test_a_players_question_finds_the_rule_first(page: Any, server: SiteServer, query: str, want: str) -> None:
    found = search(page, server, query)
    assert found and found[0] == want, f"{query!r}: {found[:5]}"
    programmers = [i for i, rel in enumerate(found) if rel in PROGRAMMERS]
    players = [i for i, rel in enumerate(found) if rel not in PROGRAMMERS]
    if programmers and players:
        assert min(programmers) > min(players), f"{query!r}: the API or CLI page is above the players' pages: {found}"


def _index_requested(page: Any) -> str:
    """JavaScript: when (performance.now()) the page asked for the search index, or null if it has not."""
    return page.evaluate(
        "() => { const e = performance.getEntriesByType('resource').find(r => r.name.endsWith('/search/search_index.json'));"
        " return e ? e.startTime : null; }"
    )


def test_on_a_page_with_widgets_the_search_index_waits_for_the_engine(page: Any, server: SiteServer) -> None:
    # Material would fetch and index the search index at once; on a page with widgets it waits until the rules
    # engine is ready, so that indexing does not compete with starting Pyodide.
    page.goto(server.url + "cards/")
    page.wait_for_function("() => window.stytvolt && typeof window.stytvolt.subscribe === 'function'")
    page.evaluate(
        "() => { const e = window.stytvolt; const note = () => { if (e.stage === 'ready' && !window.__readyAt)"
        " window.__readyAt = performance.now(); }; note(); e.subscribe(note); }")
    assert _index_requested(page) is None
    page.wait_for_function("() => window.__readyAt", timeout=120_000)
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some(r => r.name.endsWith('/search/search_index.json'))",
        timeout=10_000)
    asked_at, ready_at = _index_requested(page), page.evaluate("() => window.__readyAt")
    assert ready_at - 200 <= asked_at <= ready_at + 2_000, (asked_at, ready_at)


def test_going_to_the_search_box_fetches_the_index_at_once(page: Any, server: SiteServer) -> None:
    page.goto(server.url + "cards/")
    page.wait_for_load_state("domcontentloaded")
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("stock", delay=20)
    page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=30_000)
    found = page.eval_on_selector_all(".md-search-result__item > .md-search-result__link", "links => links.map(a => a.href)")
    assert any("/stock/" in href for href in found), found
