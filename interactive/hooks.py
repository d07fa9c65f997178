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
* Widgets get a stable ``id`` (``trick``, then ``trick-2``, … in page order,
  never clashing with another id on the page), which the runtime's
  permalinks (``?w=<id>&…``) name.
* Pyodide: the core files are copied from ``node_modules/pyodide`` into
  ``pyodide/`` in the built site, with our wheel beside them, and
  ``pyodide/stytvolt.json`` names the wheel and its sha256.  Nothing is
  fetched from elsewhere.  ``STYTVOLT_PYODIDE_CDN=<url>`` makes the worker
  load the Pyodide core from that URL instead (documented; off by default).
* The browser code in ``interactive/`` (runtime, worker, styles) is served as
  ``assets/…``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # build with the working tree's engine, as the wheel will hold it
sys.path.insert(0, str(HERE))

from stytvolt.styrivolt.terms import TERMS, Term, normalize  # noqa: E402
from stytvolt.core.errors import StytvoltError  # noqa: E402
from stytvolt.web import DEFAULT_GAME, render_figure, render_widget  # noqa: E402
from wheelbuild import build_wheel, digest  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
ASSETS = {
    f"assets/{name}": name
    for name in ("runtime.mjs", "worker.mjs", "stepper.mjs", "quiz.mjs", "site.css", "stepper.css", "quiz.css", "table.mjs", "table.css", "puzzle.mjs", "puzzle.css")
}
PLACEHOLDER = re.compile(r'<div class="sv-(figure|widget)"(?P<attrs>[^>]*)>\s*</div>')


class _Attrs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs = {k: v or "" for k, v in attrs}


def _attrs(text: str) -> dict[str, str]:
    parser = _Attrs()
    parser.feed(f"<div{text}>")
    return parser.attrs


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


def on_files(files: Files, config: Any) -> Files:
    for uri, name in ASSETS.items():
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, uri, abs_src_path=str(HERE / name)))
    return files


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
        attrs = _attrs(match.group("attrs"))
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

    html = _unique_figure_ids(_focusable_abbrs(PLACEHOLDER.sub(fill, html)))
    # Links drawn by the engine name their target from the site's root; here they become relative to the page.
    up = "../" * page.url.count("/")
    html = _SITE_PATH.sub(lambda m: f'data-site-path="{m.group(1)}" href="{up}{m.group(1)}"', html)
    return _ROLE.sub(r"<code>\1</code>", html)


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


# An engine-drawn SVG labelled by its own <title> and <desc> (stytvolt.web.chalk): its ids derive from its content.
_LABELLED_SVG = re.compile(r'<svg[^>]*aria-labelledby="([\w-]+)-title \1-desc".*?</svg>', re.S)
_SITE_PATH = re.compile(r'data-site-path="([^"]*)" href="[^"]*"')


# Docstrings cross-reference in reST (:class:`Card`); the API page shows them as plain code.
_ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):<code>~?([^<]+)</code>")


def _quote(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    target = site / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    cdn = os.environ.get("STYTVOLT_PYODIDE_CDN", "").strip()
    if not cdn:
        if not PYODIDE_DIR.is_dir():
            raise PluginError("node_modules/pyodide is missing: run `make setup` (npm ci) before building the site")
        for name in PYODIDE_FILES:
            src, dst = PYODIDE_DIR / name, target / name
            if not dst.exists() or dst.stat().st_size != src.stat().st_size or dst.stat().st_mtime < src.stat().st_mtime:
                shutil.copy2(src, dst)
    wheel = build_wheel(target)
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"] if PYODIDE_DIR.is_dir() else ""
    manifest = {"wheel": wheel.name, "sha256": digest(wheel), "pyodide": version, "indexURL": cdn or "./"}
    (target / "stytvolt.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    server.watch(str(HERE))
    server.watch(str(ROOT / "stytvolt"))
    return server
