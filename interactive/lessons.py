"""The MkDocs hook of the lesson path: each game's learning pages in order, each ending with its test.

A lesson page says where it stands in its game's path, once, in its front
matter (``lesson: 2``); the page's game is its folder (``sjavs/…``; the
site's top folder is Stýrivolt's).  Its "Test yourself" is the page's one
quiz that asks a round (``<div class="sv-widget" data-widget="quiz"
data-kinds=… data-count="3">``), and the kinds it asks are the lesson's.
The build refuses a path with a gap or a repeated number, a lesson without
its test, or a test of another game.

What the hook gives the site:

* ``assets/lessons.mjs``: the path as data for the browser (every game with
  lessons: its title, its first page, its Practise page, and each lesson's
  page, title as the menu gives it, and kinds; and the first game, the one
  whose pages are at the site's root), read by
  ``assets/progress.mjs`` (``interactive/progress.mjs``, served from here
  too), which keeps which lessons are passed, ticks them in the menu and
  fills the lists below;
* on each lesson page, a line before its test: "Sjavs, lesson 2 of 4." and
  what passing it takes; the test's widget is marked ``data-sv-lesson``
  with the lesson's page (``data-sv-`` attributes are never sent to the
  engine);
* every ``<div class="sv-lessons" data-game="…"></div>`` (each game's first
  page, the progress page) becomes that game's numbered list of lessons,
  links that work without JavaScript; the script adds the ticks and
  "continue where you left off".

The note and the lists are left out of the site search (``data-search-exclude``):
a search for a rule should find the rule's page, not a list of titles.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils.meta import get_data

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the working tree's engine, as interactive/hooks.py uses it
sys.path.insert(0, str(HERE))

import stytvolt  # noqa: E402
from stytvolt import learn  # noqa: E402
from stytvolt.web import DEFAULT_GAME  # noqa: E402
from stytvolt.web.learn import practise_path  # noqa: E402
from markup import attributes  # noqa: E402

SCRIPT = "progress.mjs"
DATA = "assets/lessons.mjs"
_WIDGET = re.compile(r'<div class="sv-widget"(?P<attrs>[^>]*)>')
_BLOCK = re.compile(r'<div class="sv-lessons" data-game="(?P<game>[a-z]+)">\s*</div>')


@dataclass(frozen=True)
class Lesson:
    game: str
    number: int
    src: str  # the page's file, from docs/: "sjavs/cards.md"
    url: str  # the page's address from the site's root: "sjavs/cards/"
    title: str  # as the menu names it
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class GamePath:
    game: str
    title: str
    home: str  # the game's first page, from the site's root ("" for Stýrivolt's, "sjavs/")
    home_title: str
    practise: str
    lessons: tuple[Lesson, ...]


def game_of(src: str) -> str:
    """The game a page belongs to: its folder, or Stýrivolt for the site's top folder."""
    return src.split("/", 1)[0] if "/" in src else DEFAULT_GAME


def url_of(src: str) -> str:
    """A page's address from the site's root, as MkDocs makes it: ``sjavs/cards.md`` → ``sjavs/cards/``."""
    path = src.removesuffix(".md")
    if path == "index" or path.endswith("/index"):
        return path.removesuffix("index")
    return path + "/"


def home_of(game: str) -> str:
    return "index.md" if game == DEFAULT_GAME else f"{game}/index.md"


def nav_titles(nav: Any) -> dict[str, str]:
    """Every page the menu names, with the title the menu gives it (mkdocs.yml's ``nav``)."""
    titles: dict[str, str] = {}

    def walk(items: Any) -> None:
        for item in items or []:
            if isinstance(item, dict):
                for title, value in item.items():
                    if isinstance(value, str):
                        titles[value] = str(title)
                    else:
                        walk(value)

    walk(nav)
    return titles


def _test_of(src: str, game: str, markdown: str) -> tuple[str, ...]:
    """The kinds the page's "Test yourself" asks (its one quiz with a ``data-count``)."""
    tests = []
    for match in _WIDGET.finditer(markdown):
        attrs = attributes(match.group("attrs"))
        if attrs.get("data-widget") == "quiz" and attrs.get("data-count"):
            tests.append(attrs)
    if len(tests) != 1:
        raise PluginError(f"{src} is a lesson (its front matter says lesson:) and needs exactly one \"Test yourself\" quiz"
                          f" (data-widget=\"quiz\" with data-count), not {len(tests)}")
    attrs = tests[0]
    if attrs["data-count"] != "3":
        raise PluginError(f"{src}: a lesson's test asks three questions (data-count=\"3\"), not {attrs['data-count']}")
    if (attrs.get("data-game") or DEFAULT_GAME) != game:
        raise PluginError(f"{src}: its test asks {attrs.get('data-game') or DEFAULT_GAME} questions, but the page is a {game} lesson")
    every = learn.kind_names(game)
    named = [k for k in attrs.get("data-kinds", "").replace(",", " ").split() if k]
    unknown = [k for k in named if k not in every]
    if unknown:
        raise PluginError(f"{src}: its test names {', '.join(unknown)}, which {game} has no question kind of")
    return tuple(named) or tuple(every)


def lesson_paths(pages: dict[str, str], titles: dict[str, str]) -> tuple[GamePath, ...]:
    """Each game's lessons in order, from the pages' sources (``{"sjavs/cards.md": markdown, …}``) and the menu's titles."""
    found: dict[str, dict[int, Lesson]] = {}
    for src in sorted(pages):
        _, meta = get_data(pages[src])
        if "lesson" not in meta:
            continue
        number = meta["lesson"]
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise PluginError(f"{src}: lesson: must be a whole number from 1, not {number!r}")
        game = game_of(src)
        if src not in titles:
            raise PluginError(f"{src} is a lesson but the menu (nav in mkdocs.yml) does not list it")
        lesson = Lesson(game, number, src, url_of(src), titles[src], _test_of(src, game, pages[src]))
        here = found.setdefault(game, {})
        if number in here:
            raise PluginError(f"{src} and {here[number].src} are both lesson {number} of {game}")
        here[number] = lesson
    paths = []
    order = {g: i for i, g in enumerate(learn.games_with_kinds())}
    for game in sorted(found, key=lambda g: (order.get(g, len(order)), g)):
        numbers = sorted(found[game])
        if numbers != list(range(1, len(numbers) + 1)):
            raise PluginError(f"the lessons of {game} are numbered {numbers}: number them 1 to {len(numbers)}, with no gap")
        home = home_of(game)
        if home not in pages:
            raise PluginError(f"{game} has lessons but no first page ({home})")
        paths.append(GamePath(game, stytvolt.game(game).title, url_of(home), titles.get(home, stytvolt.game(game).title),
                           practise_path(game), tuple(found[game][n] for n in numbers)))
    return tuple(paths)


def module_source(paths: tuple[GamePath, ...]) -> str:
    """assets/lessons.mjs: the path as data for interactive/progress.mjs."""
    data = {
        # The first game of the registry: its pages are at the site's root, a widget without data-game is its, and
        # its records in the browser keep the names they had before there were other games.
        "first": DEFAULT_GAME,
        "games": [
            {
                "game": p.game, "title": p.title, "home": p.home, "homeTitle": p.home_title, "practise": p.practise,
                "lessons": [{"url": x.url, "title": x.title, "kinds": list(x.kinds)} for x in p.lessons],
            }
            for p in paths
        ]
    }
    return ("// The lesson path, written by interactive/lessons.py from the lesson pages' front matter (lesson: N).\n"
            f"export default {json.dumps(data, ensure_ascii=False, indent=1)};\n")


_PATHS: dict[str, tuple[GamePath, ...]] = {"paths": ()}


def on_files(files: Files, config: Any) -> Files:
    pages = {f.src_uri: f.content_string for f in files.documentation_pages()}
    paths = lesson_paths(pages, nav_titles(config["nav"]))
    _PATHS["paths"] = paths
    for uri in (DATA, f"assets/{SCRIPT}"):
        existing = files.get_file_from_path(uri)
        if existing is not None:
            files.remove(existing)
    files.append(File.generated(config, DATA, content=module_source(paths)))
    files.append(File.generated(config, f"assets/{SCRIPT}", abs_src_path=str(HERE / SCRIPT)))
    return files


def _lesson(src: str) -> tuple[GamePath, Lesson] | None:
    for path in _PATHS["paths"]:
        for lesson in path.lessons:
            if lesson.src == src:
                return path, lesson
    return None


def lesson_note(path: GamePath, lesson: Lesson, up: str) -> str:
    """The line before a lesson's test: where it stands, and what passing it takes."""
    count = len(path.lessons)
    return (
        f'<p class="sv-lesson-note" data-lesson="{escape(lesson.url)}" data-search-exclude>'
        f"<strong>{escape(path.title)}, lesson {lesson.number} of {count}.</strong>"
        " Answer all three questions right to pass it; on a later try two of three will do."
        f' A passed lesson is ticked in the menu and on <a href="{up}{escape(path.home)}">{escape(path.home_title)}</a>.</p>'
    )


def lesson_list(path: GamePath, up: str) -> str:
    """A game's lessons, numbered, as links; the script adds the ticks and where to continue."""
    items = "".join(
        f'<li data-lesson="{escape(x.url)}"><a href="{up}{escape(x.url)}">{escape(x.title)}</a></li>' for x in path.lessons
    )
    first = path.lessons[0]
    return (
        f'<div class="sv-lessons" data-game="{path.game}" data-search-exclude>'
        f'<p class="sv-lessons-head"><strong>Your lessons in {escape(path.title)}</strong>, in order. Each ends with three'
        " questions; pass them and the lesson is ticked here and in the menu.</p>"
        f'<ol class="sv-lessons-list">{items}</ol>'
        f'<p class="sv-lessons-next">Start with lesson 1: <a href="{up}{escape(first.url)}">{escape(first.title)}</a>.</p>'
        "</div>"
    )


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    up = "../" * page.url.count("/")
    found = _lesson(page.file.src_uri)
    if found is not None:
        path, lesson = found

        def mark(match: re.Match[str]) -> str:
            attrs = attributes(match.group("attrs"))
            if attrs.get("data-widget") != "quiz" or not attrs.get("data-count"):
                return match.group(0)
            return lesson_note(path, lesson, up) + f'{match.group(0)[:-1]} data-sv-lesson="{escape(lesson.url)}">'

        html = _WIDGET.sub(mark, html)

    def fill(match: re.Match[str]) -> str:
        game = match.group("game")
        for path in _PATHS["paths"]:
            if path.game == game:
                return lesson_list(path, up)
        raise PluginError(f"{page.file.src_uri}: a list of lessons for {game}, which has no lessons (no page says lesson: 1)")

    return _BLOCK.sub(fill, html)
