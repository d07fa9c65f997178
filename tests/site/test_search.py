"""The site's search (Material's, in the page) answers players' questions with the players' pages first.

Typed into the search box as a player would, mid-game, on the page of the
game being played: the page that has the rule is among the first three
results, each result says its game, and the programmers' pages (the Python
API, the command line) come after every players' page that matched.  The
search's menu puts another game first; a question that names a game puts
that one first.  (tests/site/test_site_build.py checks the index itself.)
"""

from __future__ import annotations

from typing import Any

from sitekit import SiteServer

PROGRAMMERS = ("api/", "cli/")
GAMES = ("Stýrivolt", "Sjavs", "Klørsjavs", "Knorri", "Brus", "Vira")

# Questions a player asks mid-game, typed as they would type them, each with the page that answers it (and the
# section, where the page has several answers), or the pages, when two answer it.  Each game's questions are
# asked on that game's first page, as a player reading that game would ask them; the last ones name their game
# and are asked on another game's page.
QUESTIONS: dict[str, list[tuple[str, str | tuple[str, ...]]]] = {
    "": [
        ("can I take the stock", "stock/"),
        ("may I take the stock", "stock/"),
        ("what beats the bird", "ranking/"),
        ("what beats a led lamb", "ranking/#lambs"),
        ("how do we score nine tricks", "scoring/"),
        ("who leads first", "play/#who-leads-first"),
        ("what is keeping in", "keeping-in/"),
        ("when can I trade my five", "traders/"),
        ("how does the dealer find the chosen suits", "choosing/"),
        ("what is a monk's cross", "scoring/#crosses-and-monks-crosses"),
        ("does an unchosen ace beat a chosen card", "ranking/"),
        ("can a lamb lead the first trick", "play/"),
        ("do I have to follow suit", "play/#must-i-follow-suit"),
    ],
    "sjavs/": [
        ("who leads first", "sjavs/play/#leading"),
        ("what happens at 60-60", "sjavs/scoring/"),
        ("which cards are always trumps", "sjavs/cards/"),
        ("what is vol", "sjavs/scoring/"),
        ("must I trump if I can't follow suit", "sjavs/play/"),
        ("how does the bidding work", "sjavs/bidding/"),
    ],
    "klorsjavs/": [
        ("what is the cat", "klorsjavs/play/#the-cat"),
        ("when can the declarer fold", "klorsjavs/play/"),
        ("who pays when the declarer fails", "klorsjavs/scoring/"),
        ("what are the wenzels", "klorsjavs/cards/"),
        ("why is a five worth 10", "klorsjavs/cards/"),
    ],
    "knorri/": [
        ("can a diamond beat a club", "knorri/beating/"),
        ("must I beat if I can", ("knorri/phase-two/", "knorri/beating/")),
        ("what is the forced take", "knorri/phase-one/#the-forced-take"),
        ("I forgot to say last card", "knorri/scoring-and-variants/"),
        ("who loses", "knorri/phase-two/#the-loser"),
        ("what are soft clubs", "knorri/beating/#soft-clubs"),
    ],
    "brus/": [
        ("what is a lurch", "brus/scoring/#the-lurch"),
        ("may I pass when I could beat", "brus/play/"),
        ("which seven is best", "brus/cards/"),
        ("what are the matadors", "brus/cards/#the-matadors"),
        ("how many strokes win the game", "brus/scoring/"),
        ("when are sevens laid out", ("brus/play/", "brus/cards/")),
    ],
    "vira/": [
        ("what does a gask require", "vira/contracts/#gask"),
        ("what is kodille", "vira/play-and-scoring/"),
        ("who sits out with four players", "vira/preliminaries/#four-at-the-table"),
        ("can I hold a bid", "vira/auction/#holding"),
        ("what is preference", "vira/preliminaries/"),
        ("how do chips work", "vira/play-and-scoring/#chips-and-the-pool"),
        # Naming the game puts it first, whatever page the question is asked on.
        ("who leads first in sjavs", "sjavs/play/"),
        ("how do we score nine tricks in stýrivolt", "scoring/"),
        ("what is a knave in klørsjavs", "klorsjavs/"),
    ],
}


#: Questions whose first result must show, before its "more on this page", a section with every word here (not the
#: page's opening, which Material's weight on titles would show: "beats" is in the ranking page's title, "bird" not).
FIRST_SHOWN = {
    "what beats the bird": ("beat", "bird"),
}


def _open_search(page: Any) -> Any:
    page.locator("label.md-search__icon, .md-search__input").first.click()
    return page.locator("input.md-search__input")


def _ask(page: Any, box: Any, query: str) -> list[dict[str, Any]]:
    """Type ``query`` and read the results: each one's links, and its titles' words.

    The box is emptied first when it holds the same question (asked on another page): Material asks only
    when the words change.
    """
    if box.input_value() == query:
        box.fill("")
        box.press("Backspace")
        page.wait_for_function("() => window.__svSearch.answered === ''")
    box.fill(query[:-1])
    box.press_sequentially(query[-1])  # typed: Material reads the box when a key comes up
    page.wait_for_function("(q) => window.__svSearch.answered === q", arg=query)
    items: list[dict[str, Any]] = page.eval_on_selector_all(
        ".md-search-result__item",
        "items => items.map(li => ({ hrefs: [...li.querySelectorAll('a.md-search-result__link')].map(a => a.href),"
        " text: [...li.querySelectorAll('h1, h2')].map(h => h.textContent).join(' | ') }))")
    return items


def _rel(server: SiteServer, href: str) -> tuple[str, str]:
    """A result link as (page path from the site's root, anchor)."""
    page_path, _, anchor = href.removeprefix(server.url).partition("#")
    return page_path.split("?")[0], anchor


def _go(page: Any, server: SiteServer, rel: str) -> None:
    """Go to a page of the site as a reader does, by a link (Material's instant navigation: no reload)."""
    page.keyboard.press("Escape")
    page.evaluate(
        "(href) => { const a = document.createElement('a'); a.href = href; a.id = 'sv-test-link'; a.textContent = 'go';"
        " document.querySelector('.md-content').prepend(a); }",
        server.url + rel)
    page.locator("#sv-test-link").click()
    page.wait_for_url(server.url + rel)
    page.wait_for_function("() => !document.getElementById('sv-test-link')")


def test_players_questions_find_their_rule_in_the_first_three(page: Any, server: SiteServer) -> None:
    """Forty-odd questions from the table, typed one after another into one page's search box, page to page.

    For each: the page that answers it is among the first three results (with the section that answers it
    listed, where it matters); the programmers' pages come after every players' page that matched; and each of
    the first results names its game.
    """
    page.goto(server.url)
    page.evaluate("window.__sameDocument = true")
    misses = []
    for where, questions in QUESTIONS.items():
        if where:
            _go(page, server, where)
        box = _open_search(page)
        for query, want in questions:
            items = _ask(page, box, query)
            found: list[str] = []
            anchors: dict[str, set[str]] = {}
            for item in items:
                rels = [_rel(server, href) for href in item["hrefs"]]
                found.append(rels[0][0])
                anchors.setdefault(rels[0][0], set()).update(anchor for _p, anchor in rels)
            if query in FIRST_SHOWN:
                shown = page.eval_on_selector(".md-search-result__item", "li => [...li.querySelectorAll('article')]"
                                              ".filter(a => !a.closest('details')).map(a => { const c = a.cloneNode(true);"
                                              " c.querySelectorAll('.md-search-result__terms').forEach(t => t.remove());"
                                              " return c.textContent; }).join(' ')")
                if not all(word in shown.lower() for word in FIRST_SHOWN[query]):
                    misses.append(f"{query!r}: the first result shows no section with its words: {shown[:200]!r}")
            wants = want if isinstance(want, tuple) else (want,)
            ok = False
            for target in wants:
                path, _, anchor = target.partition("#")
                if path in found[:3] and (not anchor or anchor in anchors[path]):
                    ok = True
            if not ok:
                misses.append(f"on /{where}: {query!r} wants {want}, got {found[:5]} (sections {[sorted(anchors[p]) for p in found[:3]]})")
            programmers = [i for i, rel in enumerate(found) if rel in PROGRAMMERS]
            players = [i for i, rel in enumerate(found) if rel not in PROGRAMMERS]
            if programmers and players:
                assert min(programmers) > min(players), f"{query!r}: the API or CLI page is above the players' pages: {found}"
            for item, rel in zip(items[:3], found[:3]):
                assert rel in PROGRAMMERS or any(game in item["text"] for game in GAMES), \
                    f"{query!r}: the result {rel} does not say its game: {item['text']!r}"
    assert page.evaluate("window.__sameDocument === true"), "a page change reloaded the page"
    assert not misses, "\n".join(misses)
    assert not page.watch.problems(), "the browser saw problems:\n" + "\n".join(page.watch.problems())


def test_the_game_menu_puts_a_game_first(page: Any, server: SiteServer) -> None:
    """On a game's page the search starts with that game first; the menu chooses another; a named game wins."""
    page.goto(server.url + "brus/")
    box = _open_search(page)
    menu = page.locator(".sv-search-scope select")
    items = _ask(page, box, "scoring")
    assert menu.input_value() == "Brus"
    assert _rel(server, items[0]["hrefs"][0])[0].startswith("brus/"), items[0]
    # By keyboard: Tab from the search box reaches the menu (Material alone would close the search).
    box.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('.sv-search-scope select')")
    menu.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.matches('input.md-search__input')")
    menu.select_option("Sjavs")
    page.wait_for_function("() => window.__svSearch.answered === 'scoring' && document.querySelector('.md-search-result__item a')"
                           " && document.querySelector('.md-search-result__item a').href.includes('/sjavs/')")
    menu.select_option("")
    items = _ask(page, box, "scoring klørsjavs")
    assert _rel(server, items[0]["hrefs"][0])[0].startswith("klorsjavs/"), items[0]
    assert "Klørsjavs" in page.locator(".sv-search-scope__note").inner_text()
    # A game is named by any name the registry knows it by: Bräus is Brus's Swedish name.
    items = _ask(page, box, "scoring braus")
    assert _rel(server, items[0]["hrefs"][0])[0].startswith("brus/"), items[0]
    # The menu lists the games the registry lists, in its order (the build writes them into the page's head).
    import stytvolt

    assert menu.locator("option").all_inner_texts()[1:] == [info.title for info in stytvolt.games()] == list(GAMES)


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
