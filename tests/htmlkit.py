"""Reading the HTML the web layer draws, for the tests of every game: nesting, cards, steps, score sheets.

Each helper reads markup the way a person reads the page (the cards shown in order, a worked hand's step
titles, a sheet's totals as printed), so a game's web tests state what a reader sees.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser


class _Markup(HTMLParser):
    """Checks nesting and collects every spoken card name (role="img" labels) and every form field."""

    VOID = {"input", "br", "rect"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.labels: list[str] = []
        self.fields: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("role") == "img":
            self.labels.append(a.get("aria-label") or "")
        if tag in ("input", "select") and a.get("name"):
            self.fields.append(a["name"] or "")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # <rect .../> opens and closes itself

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def markup(html: str) -> _Markup:
    parser = _Markup()
    parser.feed(html)
    parser.close()
    assert parser.stack == [], parser.stack
    return parser


def cards_in(html: str) -> list[str]:
    """The cards of figures (not of the chips in text), in document order."""
    return re.findall(r'<figure class="sv-card[^"]*" data-card="(\w\w)"', html)


def totals(html: str) -> list[list[str]]:
    """Each line of a drawn score sheet: its totals, as printed (a minus is U+2212)."""
    rows = re.findall(r"<tr><th scope=\"row\">[^<]*</th>(.*?)<td class=\"sv-sheet-note\">", html)
    return [re.findall(r"<td[^>]*>(−?\d+)", row) for row in rows]


def steps_of(html: str) -> list[str]:
    return re.findall(r'<li class="sv-step" data-step="\d+" data-title="([^"]*)"', html)


def step_bodies(html: str) -> dict[str, str]:
    """Each step's markup by its title."""
    parts = re.split(r'(?=<li class="sv-step" data-step="\d+" data-title=")', html)
    out = {}
    for part in parts[1:]:
        title = re.match(r'<li class="sv-step" data-step="\d+" data-title="([^"]*)"', part)
        assert title
        out[title.group(1)] = part
    return out
