"""The site's search index, shaped for players (used by the build hook, ``hooks.py``).

Material's search plugin writes ``search/search_index.json``: one entry for
each page and one for each of its headed sections.  This module reshapes it
so that a player's question finds its game's rule:

* Every entry names its game: a page's entry is titled with it ("Scoring ·
  Sjavs"), and a section of a page shared by the games (a ruling, a
  comparison) names its game when its own title does not.  Each entry also
  carries ``game``, the list of games it belongs to, which the search
  script (``interactive/search.js``) uses to put the chosen game's results
  first.
* The glossary is indexed term by term: one entry per term, at the term's
  own anchor, titled with its English and Faroese names and with its
  meaning as the text (the one block of every term, words run together, is
  left out).
* Tables are indexed row by row: one entry per row, at the row's own anchor
  (``row-…``, added to the page), titled with its first cell, its text the
  other cells, each named by its column.  The table itself is left out of
  its section's text.
* What is no text to find stays out: the widgets' controls, pictures, the
  engine's drawn tables (score sheets, the puzzle list).  The rulings, the
  practice and table pages weigh half as much as the rules pages
  (:data:`SECONDARY`), table rows half as much as headings.

:func:`page_game` and :func:`tab_title` also give the page's game to the
browser tab's title ("Scoring · Stýrivolt").
"""

from __future__ import annotations

import html as htmllib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable



def search_games() -> list[dict[str, Any]]:
    """The games as the search box (search.js) takes them, in the registry's order: each one's title and the other
    one-word names it is known by (its aliases: "Hörri", "Bräus"), which a question may name it by."""
    import stytvolt

    return [{"title": info.title, "names": [a for a in info.aliases if " " not in a and fold(a) != fold(info.title)]}
            for info in stytvolt.games()]


def _games() -> dict[str, str]:
    import stytvolt
    from stytvolt.core.registry import GAME_MODULES

    first = next(iter(GAME_MODULES))
    return {("" if info.name == first else info.name): info.title for info in stytvolt.games()}


#: The games' titles, by the folder their pages are in ("" for the first game's, at the site's root), as the
#: registry gives them.
GAMES: dict[str, str] = _games()
#: Pages at the site's root that belong to no one game, with the game of those of their sections that name none
#: (the rulings' first thirty-two are Stýrivolt's; a comparison's or a progress page's are nobody's).  Their
#: sections belong to the games their titles name ("R46 Sjavs and Klørsjavs: …").
SHARED_PAGES: dict[str, str | None] = {"rulings.md": GAMES[""], "compare.md": None, "progress.md": None}
#: The programmers' pages: no game's, nor any of their sections (a module's dotted name is not a game's page).
PROGRAMMERS_PAGES = ("api.md", "cli.md")
SEPARATOR = " · "
#: Pages a rules question should find after the rules pages, and by how much (lunr's document boost; 1 is the
#: norm).  A page's front matter (``search: boost:``) says otherwise for itself, as the API and command line do.
#: The rulings say why a rule is read as it is; the practice and table pages are the widgets' (their long texts
#: hold every word of the game).
SECONDARY: dict[str, float] = {"rulings.md": 0.5, "practise.md": 0.5, "table.md": 0.5}
#: A table row's weight beside its page's sections: a heading that answers the question comes before a row.
ROW_BOOST = 0.5


_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "ð": "d", "þ": "th"})


def fold(text: str) -> str:
    """Lower case, no accents (``ø`` as ``o``, ``ð`` as ``d``), as search.js folds: how names are compared."""
    text = text.casefold().translate(_LETTERS)
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


_GAME_WORDS = {fold(name): name for name in GAMES.values()}
_GAME_WORD = re.compile(r"(?<![a-z])(" + "|".join(sorted(_GAME_WORDS, key=len, reverse=True)) + r")(?![a-z])")


def games_named(text: str) -> list[str]:
    """The games a title names, in the order of ``GAMES`` ("Sjavs and Klørsjavs" names both, "Klørsjavs" only one)."""
    found = {_GAME_WORDS[m] for m in _GAME_WORD.findall(fold(text))}
    return [name for name in GAMES.values() if name in found]


def page_game(src_uri: str, meta: dict[str, Any] | None = None) -> str | None:
    """The game a page belongs to (``sjavs/scoring.md`` → Sjavs), or None for a page shared by all.

    A page's front matter may say it (``game: Sjavs``, or ``game: ""`` for none).
    """
    if meta and "game" in meta:
        named = str(meta["game"] or "")
        if named and named not in GAMES.values():
            raise ValueError(f"{src_uri}: front matter game {named!r} is none of {', '.join(GAMES.values())}")
        return named or None
    folder, _, _rest = src_uri.rpartition("/")
    if folder:
        return GAMES.get(folder.split("/")[0])
    return None if src_uri in SHARED_PAGES or src_uri in PROGRAMMERS_PAGES else GAMES[""]


def with_game(title: str, game: str | None) -> str:
    """``title · game``, unless the title already names the game (or there is none)."""
    title = " ".join(title.split())
    if not game or game in games_named(title):
        return title
    return f"{title}{SEPARATOR}{game}"


def tab_title(title: str, game: str | None, site_name: str, home: bool = False) -> str:
    """The browser tab's title: the page and its game ("Scoring · Sjavs"), else the page and the site."""
    if home:
        return site_name
    if game:
        return with_game(title, game)
    return f"{title} - {site_name}"


# -- what a page adds to the index -----------------------------------------------------------------


@dataclass
class Extra:
    """Entries a page adds to the index, each after the section it is in (by that section's anchor, "" for the top)."""

    entries: list[tuple[str, dict[str, str]]] = field(default_factory=list)


_TAG = re.compile(r"<[^>]+>")
_HEADING = re.compile(r'<h([1-6])[^>]*\sid="([^"]+)"')
_ID = re.compile(r'\sid="([^"]+)"')
_TABLE = re.compile(r"<table(?P<attrs>[^>]*)>(?P<inner>.*?)</table>", re.S)
_THEAD = re.compile(r"<thead>(.*?)</thead>", re.S)
_TBODY = re.compile(r"<tbody>(.*?)</tbody>", re.S)
_TR = re.compile(r"<tr(?P<attrs>[^>]*)>(?P<cells>.*?)</tr>", re.S)
_CELL = re.compile(r"<t([hd])(?P<attrs>[^>]*)>(?P<text>.*?)</t[hd]>", re.S)
# A cell that names something: a letter, or a card's suit ("♠8").
_NAMES = re.compile(r"[^\W\d_]|[♠♥♦♣]")
# What a cell holds that is no text to read: a picture (a card's corners), a script or a style.
_HIDDEN = re.compile(r"<(svg|script|style)\b.*?</\1>", re.S)


_BREAK = re.compile(r"<(?:br|/p|/li|/div|/dd|/dt)\b[^>]*>")


def text_of(fragment: str) -> str:
    """The readable text of an HTML fragment, on one line (inline tags leave their words as they were)."""
    text = _TAG.sub("", _BREAK.sub(" ", _HIDDEN.sub(" ", fragment)))
    return " ".join(htmllib.unescape(text).split())


def slug(text: str) -> str:
    words = re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
    return words[:40].rstrip("-") or "row"


def _section_at(html: str, pos: int) -> str:
    """The anchor of the heading a position of the page is under ("" before the first h2)."""
    anchor = ""
    for match in _HEADING.finditer(html, 0, pos):
        if match.group(1) != "1":
            anchor = match.group(2)
    return anchor


def index_tables(html: str, extra: Extra, page_url: str) -> str:
    """Give every row of every headed table its own anchor and index entry; leave the table out of its section's text.

    A row's entry is titled with its first cell (its second, when the first is only a number or a sign); its text
    names each other cell's column ("Trumps: named"), or is the one other cell alone when the table has two columns.
    Only the pages' own (Markdown) tables are indexed so.  The engine's drawings (score sheets, the puzzle list, a
    hand's settlement), which carry a class, are left out of the search, their cells' words run together; tables
    without a head or with one column are left as they are.
    """
    taken = set(_ID.findall(html))
    out: list[str] = []
    last = 0
    for table in _TABLE.finditer(html):
        head, body = _THEAD.search(table.group("inner")), _TBODY.search(table.group("inner"))
        if table.group("attrs").strip() not in ("", 'data-stack=""'):
            # The engine's drawing: its cells, run together, would be the section's text.
            out.append(html[last: table.start()])
            out.append(f'<table{table.group("attrs")} data-search-exclude="drawing">{table.group("inner")}</table>')
            last = table.end()
            continue
        if not head or not body:
            continue
        labels = [text_of(cell.group("text")) for cell in _CELL.finditer(head.group(1))]
        if len(labels) < 2:
            continue
        section = _section_at(html, table.start())

        def row(match: re.Match[str]) -> str:
            cells = [text_of(cell.group("text")) for cell in _CELL.finditer(match.group("cells"))]
            if not cells or " id=" in match.group("attrs"):
                return match.group(0)
            named = [(label, cell) for label, cell in zip(labels, cells)]
            if len(named) > 2 and not _NAMES.search(named[0][1]):
                named = [named[1], named[0], *named[2:]]  # "9 | chosen twos | …": the row is the twos
            title = named[0][1]
            if not title:
                return match.group(0)
            ident = "row-" + slug(title)
            n = 1
            while (candidate := ident if n == 1 else f"{ident}-{n}") in taken:
                n += 1
            taken.add(candidate)
            if len(named) == 2:
                text = named[1][1]
            else:
                text = SEPARATOR.join(f"{label}: {cell}" if label else cell for label, cell in named[1:] if cell)
            extra.entries.append((section, {"location": f"{page_url}#{candidate}", "title": htmllib.escape(title, quote=False),
                                            "text": htmllib.escape(text, quote=False)}))
            return f'<tr id="{candidate}"{match.group("attrs")}>{match.group("cells")}</tr>'

        inner = table.group("inner")
        new_body = _TR.sub(row, body.group(1))
        inner = inner[: body.start(1)] + new_body + inner[body.end(1):]
        out.append(html[last: table.start()])
        out.append(f'<table{table.group("attrs")} data-search-exclude="rows">{inner}</table>')
        last = table.end()
    out.append(html[last:])
    return "".join(out)


def glossary_entries(terms: Iterable[Any], page_url: str) -> list[tuple[str, dict[str, str]]]:
    """One entry per glossary term (the declared glossary's ``TERMS``), at its own anchor, its meaning as its text."""
    entries = []
    for term in terms:
        faroese = [word for word in term.faroese if fold(word) != fold(term.english)]
        title = term.english + (f" — {', '.join(faroese)}" if faroese else "")
        others = [*term.aliases, *term.danish, *(word for word, _place in term.variants)]
        seen = {fold(term.english), *(fold(w) for w in term.faroese)}
        names = []
        for word in others:
            if fold(word) not in seen:
                seen.add(fold(word))
                names.append(word)
        text = " ".join(term.meaning.split()) + (f" Also called {', '.join(names)}." if names else "")
        entries.append(("", {"location": f"{page_url}#{term.key}", "title": htmllib.escape(title, quote=False),
                             "text": htmllib.escape(text, quote=False)}))
    return entries


GLOSSARY_BLOCK = '<dl class="sv-glossary">'
# What the engine draws that is no text to find: a widget's controls (their labels and options would run together,
# "Level EasyMediumHardNew question"), pictures (a card's corners, "Q♣♣♣Q"), and what shows without JavaScript.
# Material's search skips an element so marked (and drops the mark from the page); none of these holds another of
# its kind, which its parser needs.
_NOT_TEXT = re.compile(r"<(form|button|select|svg|noscript)(?=[\s>])")


# Where the engine writes a term and its meaning back to back (<dt>Kind</dt><dd>gask</dd>), the search would read
# "Kindgask": a line break between them, which a page does not show, keeps the words apart.
_TERM_AND_MEANING = re.compile(r"</(dt|dd)><(dt|dd)(?=[\s>])")


def leave_out_controls(html: str) -> str:
    """The search skips the widgets' controls, the pictures and the no-JavaScript notes (see ``_NOT_TEXT``)."""
    html = _TERM_AND_MEANING.sub(lambda m: f"</{m.group(1)}>\n<{m.group(2)}", html)
    return _NOT_TEXT.sub(lambda m: f'<{m.group(1)} data-search-exclude="{m.group(1)}"', html)


def leave_out_glossary_block(html: str) -> str:
    """The glossary's one block of every term stays out of the page's entry: each term has its own."""
    return html.replace(GLOSSARY_BLOCK, '<dl class="sv-glossary" data-search-exclude="terms">')


# -- the index --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PageInfo:
    src_uri: str
    game: str | None
    #: The game of a section that names none (a shared page's; a game's page: its game).
    section_game: str | None

    @property
    def shared(self) -> bool:
        """A page whose sections belong to the games their titles name (the rulings, the comparison)."""
        return self.src_uri in SHARED_PAGES

    @property
    def boost(self) -> float | None:
        """The page's weight in the search when its front matter gives none (:data:`SECONDARY`)."""
        return SECONDARY.get(self.src_uri.rpartition("/")[2])


def shape(index: dict[str, Any], pages: dict[str, PageInfo], extras: dict[str, Extra]) -> dict[str, Any]:
    """The index with every entry's game named, and the pages' extra entries (terms, table rows) after their sections.

    An extra entry whose section the index lacks (a heading the search plugin did not take as one) comes after the
    page's last entry.
    """
    docs: list[dict[str, Any]] = []
    pending: dict[str, list[tuple[str, dict[str, str]]]] = {url: list(extra.entries) for url, extra in extras.items()}

    def flush(url: str, anchor: str | None, games: list[str], boost: Any) -> None:
        keep = []
        for section, entry in pending.get(url, []):
            if anchor is not None and section != anchor:
                keep.append((section, entry))
                continue
            added: dict[str, Any] = dict(entry)
            if games:
                added["game"] = games
            weight = (1.0 if boost is None else float(boost)) * (ROW_BOOST if "#row-" in added["location"] else 1.0)
            if weight != 1.0:
                added["boost"] = round(weight, 4)
            docs.append(added)
        pending[url] = keep

    source = index["docs"]
    for i, doc in enumerate(source):
        url, _, anchor = doc["location"].partition("#")
        info = pages.get(url)
        if info is None:
            docs.append(doc)
            continue
        if not anchor:
            doc = {**doc, "title": with_game(doc["title"], info.game)}
            games = [info.game] if info.game else []
        else:
            named = games_named(doc["title"]) if info.shared else []
            games = named or ([info.section_game] if info.section_game else [])
            if info.game is None and games and not named:
                doc = {**doc, "title": with_game(doc["title"], games[0])}
        if games:
            doc = {**doc, "game": games}
        if "boost" not in doc and info.boost is not None:
            doc = {**doc, "boost": info.boost}
        docs.append(doc)
        flush(url, anchor, games, doc.get("boost"))
        last_of_page = i + 1 == len(source) or source[i + 1]["location"].partition("#")[0] != url
        if last_of_page:
            page_games = [info.game] if info.game else []
            flush(url, None, page_games, doc.get("boost"))
    return {**index, "docs": docs}
