"""What the build hooks (hooks.py, lessons.py) read from the HTML MkDocs writes: a placeholder's attributes."""

from __future__ import annotations

from html.parser import HTMLParser


class _Attrs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs = {k: v or "" for k, v in attrs}


def attributes(text: str) -> dict[str, str]:
    """The attributes written in ``text`` (what follows a tag's name: ``' class="sv-widget" data-game="sjavs"'``),
    unescaped, an attribute without a value as ``""``."""
    parser = _Attrs()
    parser.feed(f"<div{text}>")
    return parser.attrs
