"""The built site's HTML and search index, read without a browser.

Glossary tooltips, widget ids, controls without JavaScript; the tabs' titles and the search's entries, each
naming its game, the glossary term by term and tables row by row; each game's section and first page.

The site is the run's one build (``built_site`` in tests/site/conftest.py).
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from sitekit import pages_of

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "interactive"))

import searchindex  # noqa: E402
from hooks import tooltip_names  # noqa: E402

from stytvolt.styrivolt.terms import TERMS  # noqa: E402

ABBR = re.compile(r'<abbr title="([^"]*)"( tabindex="0")?>([^<]*)</abbr>')


@pytest.fixture(scope="module")
def site(built_site: Path) -> dict[str, str]:
    """Every page of the built site (the one build of the run: tests/site/conftest.py): its path ("" for the home page) → its HTML."""
    pages = {rel: (built_site / rel / "index.html").read_text(encoding="utf-8") for rel in pages_of(built_site)}
    assert len(pages) > 10, sorted(pages)
    return pages


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


# -- glossary tooltips ------------------------------------------------------------------------------


def test_tooltip_names_are_the_glossarys_own_words() -> None:
    names = tooltip_names()
    # Faroese and local words, English spellings of Faroese words, and phrases: each means its term alone.
    for name, key in [("Áttuni", "eight"), ("fýrik", "fyrik"), ("fyrik", "fyrik"), ("tvists", "tvist"), ("stikkar", "stikkar"),
                      ("høsn", "lamb"), ("chosen suits", "chosen-suits"), ("four of a kind", "four-of-a-kind"),
                      ("chalk-up", "chalk-up"), ("Karnöffel group", "karnoffel-group")]:
        assert names[name].key == key, name
    # Everyday English words, which the pages also use in their everyday sense, never.
    for word in ("eight", "nine", "bird", "stock", "cross", "stroke", "mare", "lamb", "dealer", "trader", "storm",
                 "postman", "unfortunate", "partnership", "team", "trading", "Karnöffel"):
        assert word not in names, word


def test_every_tooltip_in_the_built_site_is_a_glossary_word_with_its_own_meaning(site: dict[str, str]) -> None:
    names = tooltip_names()
    found = 0
    for rel, page in site.items():
        for title, _tab, word in ABBR.findall(page):
            found += 1
            assert word in names, f"{rel or 'home'}: {word!r} has a tooltip but is not a glossary name"
            assert html.unescape(title) == " ".join(names[word].meaning.split()), f"{rel or 'home'}: {word!r} explained as {title!r}"
        assert "<abbr>" not in page
    assert found > 300  # the glossary words are still explained all over the site


@pytest.mark.parametrize(
    "rel, sentence",
    [
        ("cards/", "Free card (chosen eight or nine"),  # the newcomer's report: "eight" showed "the eight of spades"
        ("choosing/", "six , then eight or nine , then two"),
        ("rulings/", "eight face-down cards and two exposed ones"),
        ("rulings/", "the eight or nine of clubs"),
        ("index.html", "A chosen eight or nine"),
    ],
)
def test_ordinary_words_carry_no_tooltip(site: dict[str, str], rel: str, sentence: str) -> None:
    page = site["" if rel == "index.html" else rel]
    text = _text(re.sub(r"<abbr[^>]*>[^<]*</abbr>", lambda m: "⟨" + _text(m.group(0)) + "⟩", page))
    assert sentence in text, f"{sentence!r} is not on {rel} (or a word of it now has a tooltip, shown ⟨so⟩)"


def test_no_everyday_word_has_a_tooltip_anywhere(site: dict[str, str]) -> None:
    words = {"eight", "nine", "bird", "stock", "cross", "stroke", "mare", "lamb", "dealer", "trader", "storm", "postman", "unfortunate"}
    bad = [(rel, w) for rel, page in site.items() for _t, _tab, w in ABBR.findall(page) if w.lower() in words]
    assert not bad, bad


def test_the_first_use_of_each_name_on_a_page_is_reachable_by_tab(site: dict[str, str]) -> None:
    for rel, page in site.items():
        seen: set[str] = set()
        for _title, tab, word in ABBR.findall(page):
            assert bool(tab) == (word not in seen), f"{rel or 'home'}: {word!r} (tabindex only on a name's first use)"
            seen.add(word)
    assert ABBR.search(site["cards/"]) and 'tabindex="0">Áttuni</abbr>' in site["cards/"]


def test_every_term_with_a_faroese_name_is_explained_somewhere(site: dict[str, str]) -> None:
    used = {w for page in site.values() for _t, _tab, w in ABBR.findall(page)}
    names = tooltip_names()
    explained = {names[w].key for w in used}
    for key in ("fyrik", "eight", "stikkar", "tvist", "trist", "karnifl", "chosen-suits", "chalk-up"):
        assert key in explained, key
    assert {t.key for t in TERMS} >= explained


# -- widgets in the built pages -------------------------------------------------------------------------

WIDGET = re.compile(r'<div class="sv-widget"( id="[^"]*")? data-widget="([a-z]+)"')


def test_widgets_have_stable_unique_ids(site: dict[str, str]) -> None:
    kinds = set()
    for rel, page in site.items():
        ids = re.findall(r'\sid="([^"]+)"', page)
        widget_ids = [ident[5:-1] for ident, _kind in WIDGET.findall(page)]
        for ident in widget_ids:
            assert ids.count(ident) == 1, f"{rel or 'home'}: the widget id {ident!r} is used by another element"
        counts: dict[str, int] = {}
        for ident, kind in WIDGET.findall(page):
            counts[kind] = counts.get(kind, 0) + 1
            kinds.add(kind)
            expected = kind if counts[kind] == 1 else f"{kind}-{counts[kind]}"
            assert ident == f' id="{expected}"', f"{rel or 'home'}: widget {kind} has{ident or ' no id'}, expected {expected}"
    assert kinds >= {"ranking", "trick", "choose", "chalk"}


def test_controls_are_disabled_until_the_script_runs(site: dict[str, str]) -> None:
    count = 0
    for rel, page in site.items():
        for form in re.findall(r'<form class="sv-controls"[^>]*>(.*?)</form>', page, re.S):
            if 'class="sv-fields"' not in form and "sv-quiz" in page:
                continue  # the quiz's own form (another module's)
            count += 1
            assert form.startswith('<fieldset class="sv-fields" disabled>'), f"{rel or 'home'}: controls usable without JavaScript"
        for block in re.findall(r'<div class="sv-widget" id="[^"]*" data-widget="(?:ranking|trick|choose|chalk)".*?</noscript>', page, re.S):
            assert "The controls need JavaScript" in block
    assert count >= 4


def test_no_page_repeats_an_id(site: dict[str, str]) -> None:
    """Ids are unique on every page (two identical chalk-ups on one page once shared theirs, and their labels)."""
    for page, text in site.items():
        ids = re.findall(r'\sid="([^"]+)"', text)
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        assert not repeated, f"{page} repeats ids {repeated[:5]}"
        for refs in re.findall(r'aria-(?:labelledby|describedby)="([^"]+)"', text):
            for ref in refs.split():
                assert ref in ids, f"{page}: aria reference to a missing id {ref!r}"


# -- the search index and the pages' titles: each names its game ------------------------------------------------

GAME_FOLDERS = {"sjavs/": "Sjavs", "klorsjavs/": "Klørsjavs", "knorri/": "Knorri", "brus/": "Brus", "vira/": "Vira"}
SHARED = {"rulings/", "compare/", "progress/", "api/", "cli/"}


def _game_of(rel: str) -> str | None:
    folder = rel.split("/")[0] + "/"
    if folder in GAME_FOLDERS:
        return GAME_FOLDERS[folder]
    return None if rel in SHARED else "Stýrivolt"


@pytest.fixture(scope="module")
def search_index(built_site: Path) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return docs


def test_every_search_result_names_its_game(search_index: list[dict[str, Any]], site: dict[str, str]) -> None:
    """Four pages were all titled "Scoring" in the search, and no result said its game."""
    articles = {doc["location"]: doc for doc in search_index if "#" not in doc["location"]}
    assert set(articles) == set(site), "every page is in the index, once"
    titles = {rel: doc["title"] for rel, doc in articles.items()}
    assert titles["scoring/"] == "Scoring: the chalk-up · Stýrivolt"
    assert titles["sjavs/scoring/"] == "Scoring · Sjavs"
    assert titles["klorsjavs/scoring/"] == "Scoring · Klørsjavs"
    assert titles["brus/scoring/"] == "Scoring · Brus"
    assert titles["sjavs/practise/"] == "Practise Sjavs"  # names its game already: no " · Sjavs"
    for doc in search_index:
        rel, _, anchor = doc["location"].partition("#")
        game = _game_of(rel)
        if game:
            assert doc.get("game") == [game], f"{doc['location']}: {doc.get('game')}, expected [{game!r}]"
            if not anchor:
                assert game in doc["title"], f"{rel}: the title {doc['title']!r} does not name {game}"
        elif anchor and doc.get("game"):
            assert all(g in doc["title"] for g in doc["game"]), f"{doc['location']}: {doc['title']!r} names not {doc['game']}"
    rulings = {doc["location"].partition("#")[2]: doc for doc in search_index if doc["location"].startswith("rulings/#")}
    assert rulings["r1-how-a-tricks-winner-is-found"]["game"] == ["Stýrivolt"]
    assert rulings["r1-how-a-tricks-winner-is-found"]["title"].endswith(" · Stýrivolt")
    assert rulings["r46-sjavs-and-klrsjavs-who-leads-the-next-trick"]["game"] == ["Sjavs", "Klørsjavs"]
    assert rulings["r73-vira-a-gask-bid-in-a-class"]["game"] == ["Vira"]


def test_the_glossary_is_indexed_term_by_term(search_index: list[dict[str, Any]]) -> None:
    """"bird" found an 8,000-character block of every term with the words run together."""
    entries = {doc["location"]: doc for doc in search_index if doc["location"].startswith("glossary/")}
    article = entries.pop("glossary/")
    assert "Fuglurin" not in article["text"] and len(article["text"]) < 2000, "the block of every term is in the page's entry"
    assert set(entries) == {f"glossary/#{term.key}" for term in TERMS}
    bird = entries["glossary/#bird"]
    assert bird["title"] == "bird — Fuglurin"
    assert bird["text"].startswith(" ".join(next(t for t in TERMS if t.key == "bird").meaning.split()))
    lamb = entries["glossary/#lamb"]["text"]
    assert "høsn" in lamb, lamb  # a local name is found too
    for doc in entries.values():
        assert doc["game"] == ["Stýrivolt"] and doc["text"] and "  " not in doc["text"]


def test_tables_are_indexed_row_by_row(search_index: list[dict[str, Any]], site: dict[str, str]) -> None:
    entries = {doc["location"]: doc for doc in search_index}
    nine = entries["scoring/#row-all-nine-tricks"]
    assert nine["title"] == "All nine tricks"
    assert nine["text"] == "Kvívík score (our default): erase 3 strokes · Penguin score: erase 3 strokes", nine["text"]
    gask = entries["vira/contracts/#row-gask"]
    assert gask["text"].startswith("The talon: keep 0 to 6, take all 13 · Trumps: named, or none · Aim: win, or lose"), gask
    # A row whose first cell is only a number is named by its second ("9 | chosen twos | …").
    assert any(doc["title"] == "chosen twos" for loc, doc in entries.items() if loc.startswith("ranking/#row-"))
    # The table's text left its section's: the section is readable, not every cell run together.
    assert "Topic The rule" not in entries["brus/#quick-reference"]["text"]
    for loc, doc in entries.items():
        if "#row-" in loc:
            rel, _, anchor = loc.partition("#")
            assert f'<tr id="{anchor}"' in site[rel], f"{loc}: the row has no such anchor on its page"
            assert doc["boost"] <= 0.5 and doc["title"], loc


def test_the_programmers_pages_rank_below_the_rules(search_index: list[dict[str, Any]]) -> None:
    boosts = {doc["location"]: doc.get("boost", 1) for doc in search_index if "#" not in doc["location"]}
    for rel in ("api/", "cli/"):
        assert boosts[rel] < 0.5, rel
    for rel in ("rulings/", "sjavs/table/", "practise/"):
        assert boosts[rel] == 0.5, rel
    for rel in ("", "stock/", "sjavs/scoring/", "vira/contracts/", "glossary/"):
        assert boosts[rel] == 1, rel


def test_the_tab_names_the_page_and_its_game(site: dict[str, str]) -> None:
    def tab(rel: str) -> str:
        titles = re.findall(r"<title>([^<]*)</title>", site[rel].split("</head>")[0])
        assert len(titles) == 1, titles
        return html.unescape(titles[0])

    assert tab("scoring/") == "Scoring · Stýrivolt"
    assert tab("sjavs/scoring/") == "Scoring · Sjavs"
    assert tab("klorsjavs/scoring/") == "Scoring · Klørsjavs"
    assert tab("sjavs/") == "About Sjavs"
    assert tab("rulings/") == "Rulings - Stýrivolt"
    assert tab("") == "Stýrivolt"
    for rel in site:
        game = _game_of(rel)
        if game:
            assert game in tab(rel), f"{rel}: the tab {tab(rel)!r} does not name {game}"


def test_each_game_has_a_section_and_a_first_page_that_shows_the_way(site: dict[str, str]) -> None:
    sections = re.findall(r'<li class="md-nav__item md-nav__item--section[^"]*">(.*?)</label>', site[""], re.S)
    labels = {_text(label.split('<span class="md-ellipsis">')[-1]) for label in sections}
    for section in ("Stýrivolt: learn", "Stýrivolt: practise", "Stýrivolt: play well", "Sjavs", "Klørsjavs", "Knorri", "Brus", "Vira"):
        assert section in labels, f"the menu has no section {section!r}: {sorted(labels)}"
    firsts = {"": ("practise/", "puzzles/", "table/"), **{f: (f + "practise/", f + "table/") for f in GAME_FOLDERS}}
    firsts["knorri/"] += ("puzzles/?game=knorri",)  # its puzzles are the puzzle room's
    for rel, ends in firsts.items():
        body = site[rel].split('<article class="md-content__inner md-typeset">')[1]
        opening = body.split("<h2")[0]
        text = _text(opening)
        assert re.search(r"(an?|half an|two) (hour|evening)|minutes", text), f"{rel or 'home'}: how long it takes to learn"
        up = "../" * rel.count("/")
        for end in ends:
            target = end.removeprefix(rel) if rel and end.startswith(rel) else up + end
            assert f'href="{target}"' in opening, f"{rel or 'home'}: the opening does not lead to {end} ({target})"


def test_search_index_helpers() -> None:
    assert searchindex.games_named("R46 Sjavs and Klørsjavs: who leads") == ["Sjavs", "Klørsjavs"]
    assert searchindex.games_named("Auction Klorsjavs: the cat") == ["Klørsjavs"]
    assert searchindex.games_named("Solo Vira, step by step") == ["Vira"]
    assert searchindex.with_game("Scoring", "Sjavs") == "Scoring · Sjavs"
    assert searchindex.with_game("Practise Sjavs", "Sjavs") == "Practise Sjavs"
    assert searchindex.page_game("sjavs/play.md") == "Sjavs"
    assert searchindex.page_game("stock.md") == "Stýrivolt"
    assert searchindex.page_game("rulings.md") is None
    with pytest.raises(ValueError, match="Sjavz"):
        searchindex.page_game("stock.md", {"game": "Sjavz"})
    extra = searchindex.Extra()
    page = ('<h2 id="quick">Quick</h2><table>\n<thead>\n<tr>\n<th>Rank</th>\n<th>Card</th>\n<th>Beats</th>\n</tr>\n</thead>\n'
            '<tbody>\n<tr>\n<td>1</td>\n<td>♥2, <em>the bird</em></td>\n<td>everything</td>\n</tr>\n</tbody>\n</table>')
    out = searchindex.index_tables(page, extra, "x/")
    assert '<tr id="row-2-the-bird">' in out and 'data-search-exclude="rows"' in out
    assert extra.entries == [("quick", {"location": "x/#row-2-the-bird", "title": "♥2, the bird", "text": "Rank: 1 · Beats: everything"})]
