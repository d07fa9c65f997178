"""The MkDocs hook that makes the site interactive (runs in ``mkdocs build`` and ``mkdocs serve``).

* Figures and widgets: every ``<div class="sv-figure" data-figure=…>`` and
  ``<div class="sv-widget" data-widget=…>`` placeholder in a page is filled
  with engine-made HTML (``stytvolt.web``), so each page shows its examples
  at first paint, with or without JavaScript.  ``data-game="sjavs"`` says
  which game's figure or widget is meant (default ``styrivolt``); the filled
  placeholder always carries its ``data-game``, which the runtime sends.
* Glossary tooltips: every page gets an abbreviation (``*[name]: meaning``)
  for each glossary name that cannot be an ordinary English word, so hovering
  it anywhere shows its meaning (:func:`tooltip_names` says which names: the
  Faroese and local words, the English spellings of Faroese words, and the
  glossary's phrases; never a plain word like "eight" or "stock", which the
  pages also use in their everyday sense).  The first use of each name on a
  page can be reached with Tab (``tabindex="0"``): Material then shows the
  tooltip and points ``aria-describedby`` at it, so keyboard and screen-reader
  users get the meaning too, without a tab stop at every later use.
* Search (:mod:`searchindex`): every table row of a page gets an anchor
  (``row-…``) and an entry of its own in ``search/search_index.json``, as
  does every glossary term; every entry names its game; the widgets'
  controls and the pictures are left out of the index.  The browser tab
  names the page's game ("Scoring · Sjavs", ``overrides/main.html``), and
  ``assets/search.js`` reads the reader's questions (``interactive/search.js``).
* Widgets get a stable ``id`` (``trick``, then ``trick-2``, … in page order,
  never clashing with another id on the page), which the runtime's
  permalinks (``?w=<id>&…``) name.
* Pyodide: the core files are copied from ``node_modules/pyodide`` into
  ``pyodide/`` in the built site.  Our wheel, built by the standard build
  backend and compiled to Pyodide's bytecode as Pyodide's own packages are
  (``wheelbuild.compile_for_pyodide``), goes into ``pyodide/<sha256 prefix>/`` (a new build is a new
  address, so no cache can hand back last week's rules), and
  ``pyodide/pyodide-lock.json`` is Pyodide's lockfile with the wheel added
  by ``pyodide lockfile add-wheels`` (:mod:`wheelbuild`): the worker installs
  it with ``loadPackage("stytvolt")`` and Pyodide checks its sha256.  Nothing
  is fetched from elsewhere.  ``STYTVOLT_PYODIDE_CDN=<url>`` makes the worker
  load the Pyodide core from that URL instead (documented; off by default):
  the build writes it into the worker, the one place that needs it.
* The browser code in ``interactive/`` (runtime, worker, styles, the icon) is
  served as ``assets/…``; ``overrides/`` holds the template additions (the
  web app manifest's link, and ``sitemap-base.js`` before Material's bundle,
  which lets instant navigation work wherever the site is served).
* Every page of a built site (not ``mkdocs serve``'s) carries a
  Content-Security-Policy meta tag: scripts, styles, workers and requests
  from the site's own origin only, WebAssembly allowed, and the inline
  scripts Material's template needs allowed by their sha256 (the same
  policy on every page, since instant navigation keeps the first page's).
* Offline: ``manifest.webmanifest`` makes the site installable, and
  ``interactive/offline.mjs`` (workbox-build) writes ``sw.js``, which
  precaches the whole site after the first visit, then a ``.br`` and a
  ``.gz`` beside every text and wasm file.  ``mkdocs serve`` instead gets a
  ``sw.js`` that removes any service worker a built copy left at its address.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # build with the working tree's engine, as the wheel will hold it
sys.path.insert(0, str(HERE))

import stytvolt  # noqa: E402
import stytvolt.core.registry  # noqa: E402
from stytvolt.core.errors import StytvoltError  # noqa: E402
from stytvolt.web import DEFAULT_GAME, render_figure, render_widget  # noqa: E402

# The site's glossary (docs/glossary.md, and the tooltips on every page): the words of the game whose pages sit at
# the site's root, as its declaration names them.
_GLOSSARY = stytvolt.game(DEFAULT_GAME).part("glossary")
TERMS, Term, normalize = _GLOSSARY.TERMS, _GLOSSARY.Term, _GLOSSARY.normalize
from wheelbuild import WheelError, build_wheel, compile_for_pyodide, digest, register  # noqa: E402
import searchindex  # noqa: E402
from markup import attributes  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK = PYODIDE_DIR / "pyodide-lock.json"
ASSETS = {
    f"assets/{name}": name
    for name in (
        "runtime.mjs", "stepper.mjs", "quiz.mjs", "table.mjs", "puzzle.mjs", "sitemap-base.js", "engine-early.js", "search.js",
        "site.css", "stepper.css", "quiz.css", "table.css", "puzzle.css", "search.css", "icon.svg",
    )
}
# The worker is written out with the Pyodide core's address in it (STYTVOLT_PYODIDE_CDN, or its own folder).
WORKER = "worker.mjs"
WORKER_INDEX = 'const INDEX_URL = "./";'
COMPRESS_CACHE = ROOT / "build" / "compressed"
# What the last on_startup said: "build", "gh-deploy" or "serve".
_COMMAND = {"name": "build"}
PLACEHOLDER = re.compile(r'<div class="sv-(figure|widget)"(?P<attrs>[^>]*)>\s*</div>')


def _is_phrase(name: str) -> bool:
    return len(normalize(name).split()) > 1  # "chosen suits", "chalk-up", "four of a kind"


def _spells_faroese(name: str, foreign: tuple[str, ...]) -> bool:
    """An English spelling of the term's own Faroese word: "fyrik" (Fýrikurin), "tvists" (tvistar)."""
    key = normalize(name)
    return any(normalize(word).startswith(key[: max(4, len(key) - 1)]) for word in foreign)


def tooltip_names(terms: tuple[Term, ...] = TERMS) -> dict[str, Term]:
    """The names that get a tooltip, each with its term: only names that cannot be ordinary English.

    * the term's Faroese forms and local or foreign variants ("Áttuni", "høsn"),
      except a variant that also opens another entry's headword ("Karnöffel",
      which names the game family as well as the card);
    * its headword or another spelling, when it spells the Faroese word in
      English ("fyrik", "fýrik", "tvists");
    * its headword, when it is a phrase ("chosen suits", "four of a kind", "chalk-up").

    A headword that is a single English word ("eight", "bird", "stock",
    "cross") is left out: the pages use those words in their everyday sense
    too ("a chosen eight or nine", "eight face-down cards").
    """
    heads = [normalize(term.english) for term in terms]
    out: dict[str, Term] = {}
    for term in terms:
        own = normalize(term.english)
        variants = {w for w, _ in term.variants}
        foreign = (*term.faroese, *variants)
        names = [
            w for w in foreign
            if not (w in variants and any(h != own and h.startswith(normalize(w) + " ") for h in heads))
        ]
        names += [n for n in (term.english, *term.aliases) if n not in foreign and _spells_faroese(n, foreign)]
        if _is_phrase(term.english):
            names.append(term.english)
        for name in names:
            if name and "]" not in name and name not in out:
                out[name] = term
    return out


def _abbreviations() -> str:
    """``*[name]: meaning`` for every tooltip name, longest first so phrases win over words."""
    names = tooltip_names()
    lines = [f"*[{name}]: {' '.join(names[name].meaning.split())}" for name in sorted(names, key=len, reverse=True)]
    return "\n\n" + "\n".join(lines) + "\n"


_ABBR = _abbreviations()


def on_config(config: Any) -> Any:
    """The games, as the registry lists them, for the search box (overrides/main.html writes them into every
    page's head, before search.js reads them)."""
    config["extra"]["stytvolt_games"] = json.dumps(searchindex.search_games(), ensure_ascii=False)
    return config


def on_startup(command: str, dirty: bool) -> None:
    _COMMAND["name"] = command


def _cdn() -> str:
    return os.environ.get("STYTVOLT_PYODIDE_CDN", "").strip()


def _worker_source() -> str:
    text = (HERE / WORKER).read_text(encoding="utf-8")
    if WORKER_INDEX not in text:
        raise PluginError(f"interactive/{WORKER} no longer has the line {WORKER_INDEX!r} the build fills in")
    return text.replace(WORKER_INDEX, f"const INDEX_URL = {json.dumps(_cdn() or './')};")


def on_files(files: Files, config: Any) -> Files:
    for uri in (*ASSETS, f"assets/{WORKER}"):
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
    for uri, name in ASSETS.items():
        files.append(File.generated(config, uri, abs_src_path=str(HERE / name)))
    files.append(File.generated(config, f"assets/{WORKER}", content=_worker_source()))
    return files


#: The puzzle room, every game's (docs/puzzles.md), as the site addresses it.
PUZZLE_ROOM = "puzzles/"


def _after_page(items: list[Any], src: str, link: Any) -> bool:
    """Put ``link`` just after the nav's page whose source is ``src`` (in whichever section holds it)."""
    for i, item in enumerate(items):
        if getattr(getattr(item, "file", None), "src_uri", None) == src:
            items.insert(i + 1, link)
            link.parent = getattr(item, "parent", None)
            return True
        if getattr(item, "children", None) and _after_page(item.children, src, link):
            return True
    return False


def on_nav(nav: Any, config: Any, files: Files) -> Any:
    """The puzzle room is every game's: each game with puzzles gets a "Puzzles" link in its section of the menu,
    just after its Practise page (``practise.md`` in its folder; the first game's pages sit at the root), that
    opens the room with the game chosen."""
    from mkdocs.structure.nav import Link

    for info in stytvolt.core.registry.games():
        if not info.puzzle_module:
            continue
        folder = "" if info.name == DEFAULT_GAME else f"{info.name}/"
        link = Link("Puzzles", f"{PUZZLE_ROOM}?game={info.name}")
        if not _after_page(nav.items, f"{folder}practise.md", link):
            raise PluginError(f"the menu has no page {folder}practise.md for {info.title}'s link to the puzzle room")
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    return markdown + _ABBR


_ABBR_TAG = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')
_ID = re.compile(r'\sid="([^"]+)"')


def _focusable_abbrs(html: str) -> str:
    """The first abbreviation of each name on the page gets ``tabindex="0"`` (keyboard, then Material's tooltip)."""
    seen: set[str] = set()

    def mark(match: re.Match[str]) -> str:
        name = match.group(2)
        if name in seen:
            return match.group(0)
        seen.add(name)
        return f'<abbr title="{match.group(1)}" tabindex="0">{name}</abbr>'

    return _ABBR_TAG.sub(mark, html)


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    taken = set(_ID.findall(html))

    def widget_id(kind: str) -> str:
        n = 1
        while (candidate := kind if n == 1 else f"{kind}-{n}") in taken:
            n += 1
        taken.add(candidate)
        return candidate

    def fill(match: re.Match[str]) -> str:
        kind = match.group(1)
        attrs = attributes(match.group("attrs"))
        params = {k.removeprefix("data-"): v for k, v in attrs.items() if k.startswith("data-")}
        name = params.pop(kind, "")
        game = params.pop("game", "") or DEFAULT_GAME
        try:
            render = render_figure if kind == "figure" else render_widget
            inner = render(name, params, game=game)
        except StytvoltError as err:
            raise PluginError(f"{page.file.src_uri}: the {kind} {name!r} ({match.group(0)}) cannot be drawn: {err}") from None
        data = "".join(f' data-{k}="{_quote(v)}"' for k, v in params.items())
        ident = f' id="{_quote(widget_id(name))}"' if kind == "widget" else ""
        return f'<div class="sv-{kind}"{ident} data-{kind}="{_quote(name)}" data-game="{_quote(game)}"{data}>{inner}</div>'

    if 'class="sv-widget"' in html:
        page.meta["sv_widgets"] = True  # overrides/main.html: start the engine from <head>
    html = _stackable_tables(_unique_figure_ids(_focusable_abbrs(PLACEHOLDER.sub(fill, html))))
    # Links drawn by the engine name their target from the site's root; here they become relative to the page.
    up = "../" * page.url.count("/")
    html = _SITE_PATH.sub(lambda m: f'data-site-path="{m.group(1)}" href="{up}{m.group(1)}"', html)
    return _search_entries(_ROLE.sub(r"<code>\1</code>", html), page)


# -- the search index: each entry names its game; glossary terms and table rows are entries of their own ---------
_SEARCH_PAGES: dict[str, searchindex.PageInfo] = {}
_SEARCH_EXTRAS: dict[str, searchindex.Extra] = {}


def _game_of(page: Any) -> str | None:
    try:
        return searchindex.page_game(page.file.src_uri, page.meta)
    except ValueError as err:
        raise PluginError(str(err)) from None


def _search_entries(html: str, page: Any) -> str:
    """Rows of tables get anchors and entries of their own; the glossary's terms get entries (searchindex.py)."""
    game = _game_of(page)
    section_game = game or searchindex.SHARED_PAGES.get(page.file.src_uri)
    _SEARCH_PAGES[page.url] = searchindex.PageInfo(page.file.src_uri, game, section_game)
    extra = searchindex.Extra()
    html = searchindex.leave_out_controls(searchindex.index_tables(html, extra, page.url))
    if searchindex.GLOSSARY_BLOCK in html:
        html = searchindex.leave_out_glossary_block(html)
        extra.entries.extend(searchindex.glossary_entries(TERMS, page.url))
    _SEARCH_EXTRAS[page.url] = extra
    return html


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """The browser tab names the page's game: "Scoring · Sjavs" (overrides/main.html)."""
    page.meta["sv_tab_title"] = searchindex.tab_title(page.title or "", _game_of(page), config["site_name"], page.is_homepage)
    return context


def _search_index(site: Path) -> None:
    path = site / "search" / "search_index.json"
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    shaped = searchindex.shape(index, _SEARCH_PAGES, _SEARCH_EXTRAS)
    path.write_text(json.dumps(shaped, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


_TABLE = re.compile(r"<table>\s*<thead>(?P<head>.*?)</thead>\s*<tbody>(?P<body>.*?)</tbody>\s*</table>", re.S)
_TH = re.compile(r"<th[^>]*>(.*?)</th>", re.S)
_TR = re.compile(r"<tr>(.*?)</tr>", re.S)
_TD = re.compile(r"<td(?P<attrs>[^>]*)>")
_TAG = re.compile(r"<[^>]+>")
STACK_COLUMNS = 3  # a table this wide or wider is stacked, a card per row, on a phone (site.css)


def _stackable_tables(html: str) -> str:
    """A Markdown table of three or more columns: each cell names its column (``data-label``), for the phone layout."""

    def stack(match: re.Match[str]) -> str:
        labels = [" ".join(_TAG.sub("", h).split()) for h in _TH.findall(match.group("head"))]
        if len(labels) < STACK_COLUMNS:
            return match.group(0)

        def row(tr: re.Match[str]) -> str:
            cells = iter(labels)
            return "<tr>" + _TD.sub(lambda td: f'<td data-label="{_quote(next(cells, ""))}"{td.group("attrs")}>', tr.group(1)) + "</tr>"

        body = _TR.sub(row, match.group("body"))
        return f'<table data-stack="">\n<thead>{match.group("head")}</thead>\n<tbody>{body}</tbody>\n</table>'

    return _TABLE.sub(stack, html)


def _unique_figure_ids(html: str) -> str:
    """Two identical figures on one page (two empty chalk-ups) draw the same content-derived ids; the second gets -2."""
    seen: dict[str, int] = {}

    def renumber(match: re.Match[str]) -> str:
        pid = match.group(1)
        seen[pid] = seen.get(pid, 0) + 1
        if seen[pid] == 1:
            return match.group(0)
        return match.group(0).replace(pid, f"{pid}-{seen[pid]}")

    return _LABELLED_SVG.sub(renumber, html)


# An engine-drawn SVG labelled by its own <title> and <desc> (a chalk-up, drawn by its game's site): its ids derive from its content.
_LABELLED_SVG = re.compile(r'<svg[^>]*aria-labelledby="([\w-]+)-title \1-desc".*?</svg>', re.S)
_SITE_PATH = re.compile(r'data-site-path="([^"]*)" href="[^"]*"')


# Docstrings cross-reference in reST (:class:`Card`); the API page shows them as plain code.
_ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):<code>~?([^<]+)</code>")


def _quote(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    _search_index(site)
    _pyodide(site / "pyodide")
    _web_manifest(site, config)
    if _COMMAND["name"] == "serve":
        (site / "sw.js").write_text(_SW_REMOVER, encoding="utf-8")
        return
    _head_tags(site)
    _offline(site)


def _pyodide(target: Path) -> None:
    """Pyodide's core beside the site (unless a CDN serves it), the wheel, and the lockfile that names it."""
    target.mkdir(parents=True, exist_ok=True)
    if not PYODIDE_DIR.is_dir():
        raise PluginError("node_modules/pyodide is missing: run `make setup` (npm ci) before building the site")
    if not _cdn():
        for name in PYODIDE_FILES:
            src, dst = PYODIDE_DIR / name, target / name
            if not dst.exists() or dst.stat().st_size != src.stat().st_size or dst.stat().st_mtime < src.stat().st_mtime:
                shutil.copy2(src, dst)
    try:
        with tempfile.TemporaryDirectory(prefix="stytvolt-site-wheel-") as tmp:
            built = build_wheel(Path(tmp))
            compiled = compile_for_pyodide(built, Path(tmp) / "pyodide")
            folder = target / digest(compiled)[:16]
            for old in target.iterdir():
                if old.is_dir() and old != folder and re.fullmatch(r"[0-9a-f]{16}", old.name):
                    shutil.rmtree(old)
            folder.mkdir(exist_ok=True)
            for stale in folder.glob("*.whl"):
                stale.unlink()
            wheel = folder / built.name
            shutil.copyfile(built, wheel)
            register(wheel, PYODIDE_LOCK, target / "pyodide-lock.json", compiled=compiled)
    except WheelError as err:
        raise PluginError(str(err)) from None


def _web_manifest(site: Path, config: Any) -> None:
    """manifest.webmanifest: the site as an app (its addresses relative to the manifest, so any host works)."""
    manifest = {
        "name": config["site_name"],
        "short_name": config["site_name"],
        "description": " ".join(str(config.get("site_description") or "").split()),
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#3f51b5",
        "icons": [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    (site / "manifest.webmanifest").write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


# `mkdocs serve` writes this instead of the real service worker: a browser that visited a built copy at the
# same address drops that copy's worker and caches, and reads the live pages again.
_SW_REMOVER = """// mkdocs serve: no offline copy here; this removes one a built site left at this address.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
  })());
});
"""

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>(.*?)</script>", re.S)
_HEAD_META = '<meta charset="utf-8">'


def csp(hashes: list[str]) -> str:
    """The policy: the site's own origin for everything, WebAssembly, and the inline scripts named by hash."""
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *(f"'sha256-{h}'" for h in hashes)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        # Material and the widgets set style attributes; styles cannot run code.
        "style-src 'self' 'unsafe-inline'",
        # Material's icons are data: SVGs in its stylesheet.
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def _head_tags(site: Path) -> None:
    """Every page: the Content-Security-Policy, and the word that the site has a service worker (runtime.mjs).

    One policy in every page, allowing every inline script any page has:
    instant navigation keeps the first page's policy.
    """
    pages = sorted(site.rglob("*.html"))
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    hashes = sorted({
        base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        for text in texts.values() for body in _INLINE_SCRIPT.findall(text)
    })
    tag = f'<meta http-equiv="Content-Security-Policy" content="{csp(hashes)}">\n    <meta name="stytvolt-offline" content="on">'
    for page, text in texts.items():
        if _HEAD_META not in text:
            raise PluginError(f"{page.relative_to(site)} has no {_HEAD_META}: the Content-Security-Policy has nowhere to go")
        page.write_text(text.replace(_HEAD_META, f"{_HEAD_META}\n    {tag}", 1), encoding="utf-8")


def _offline(site: Path) -> None:
    """sw.js (workbox-build) and the precompressed copies: interactive/offline.mjs."""
    node = shutil.which("node")
    if node is None:
        raise PluginError("node is needed to write the service worker (Node.js >= 18): run `make setup`")
    proc = subprocess.run([node, str(HERE / "offline.mjs"), str(site), str(COMPRESS_CACHE)],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise PluginError(f"interactive/offline.mjs failed (run `make setup` if workbox-build is missing):\n{proc.stderr[-3000:]}")


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    server.watch(str(HERE))
    server.watch(str(ROOT / "stytvolt"))
    return server
