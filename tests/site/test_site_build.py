"""The built site's HTML, read without a browser: glossary tooltips, widget ids, controls without JavaScript.

The site is the run's one build (``built_site`` in tests/site/conftest.py).
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest
from sitekit import pages_of

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "interactive"))

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
