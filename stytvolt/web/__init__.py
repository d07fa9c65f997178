"""What the site asks the engine: figures, widgets, and the worker's JSON calls.

* :func:`render_figure` and :func:`render_widget` turn a page placeholder's
  ``data-*`` attributes into finished HTML; the build hook calls them.
* :func:`handle` answers one request from a widget, in the browser's worker
  (Pyodide, through :func:`handle_json`) or in tests (CPython)::

      {"game": "styrivolt", "widget": "trick", "params": {"cards": "CJ S4"}}
      → {"ok": true, "html": "...", "set": {form field: value}}
      or {"ok": false, "error": "..."} naming what was wrong

  A missing (or null) ``"game"`` means ``"styrivolt"``; missing or null
  ``"params"`` means none.  Neither function ever raises.
* :func:`begin_json` starts the same request as a :class:`Job` the worker
  runs in slices (see "Long answers" below).

Long answers
------------
A widget's answer function may return its :class:`Answer` at once, or a
generator (:data:`Work`) that yields progress fractions (0 to 1) between
small pieces of work and returns the Answer at the end.  :func:`handle` and
the build drive such a generator to its end.  The browser's worker instead
calls :func:`begin_json` and then ``job.step(budget_ms)`` again and again,
each call working for about that long and answering JSON text::

    {"done": false, "progress": 0.4}
    {"done": true, "response": {"ok": true, "html": "...", "set": {...}}}

Between two steps the worker reads its messages, so a newer question (or a
cancel) can stop the job: ``job.cancel()`` closes the generator.  Neither
``begin_json`` nor ``step`` ever raises: a refusal or a bug becomes
``{"ok": false, "error": ...}`` in the finished response, as with
:func:`handle`.

This module is the kit every game's pages are built with, and it knows no
game: it reads each game's declaration through the registry
(:mod:`stytvolt.core.registry`).  Figures and widgets are found in one registry keyed by ``(game, name)``:
each game's presentation module (the ``site`` its
:class:`~stytvolt.core.protocol.GameInfo` declares, in its own folder) fills
it with :func:`figure` and :func:`widget` when the game is first asked for,
so two games may both have a "trick" widget; the bigger parts (a game at the
table, puzzles) sit in modules of their own (:func:`part_modules`: the
declaration's ``widgets`` and ``table``, and the puzzle room for a game with
puzzles), imported when first asked for, so a page's first answer loads only what it uses; :func:`warm_step`
then imports the rest, one module at a time, while the browser's worker has
nothing else to do.  Parameters are the strings a page or a form holds,
so the same call serves both.  Nothing here decides a rule.

Limits
------
What a page, a form or a hand-made request may send; anything over a limit is
refused with an error naming the field and the limit, never cut silently:

* :data:`MAX_REQUEST_CHARS`: the request's JSON text, 20,000 characters;
* :data:`MAX_REQUEST_DEPTH`: 20 levels of arrays and objects, one inside the
  next, in that text (a request needs two; deeper JSON would exhaust the
  stack of the browser's WebAssembly before Python could refuse it);
* :data:`MAX_PARAMS`: 20 params in one request or placeholder;
* :data:`MAX_PARAM_CHARS`: 2,000 characters in one param's name or value;
* :data:`MAX_LONG_PARAM_CHARS`: 16,000 characters in the value of a param a
  widget declares long (``widget(..., long=...)``: the puzzle room's record of
  the reader's results, which the page keeps and sends whole);
* :data:`MAX_CHALK_RECORDS`: 200 results on the chalk-up widget;
* :data:`MAX_TRICK_CARDS`: 4 cards in a trick;
* :data:`MAX_STOCK_CARDS`: 12 cards in a stock (all the Stýrivolt stock holds).

Every name and value must be valid Unicode text (a JavaScript string may
hold half of a surrogate pair; such a param is refused).  An error message
quotes at most a short piece of what was sent.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Callable, Mapping, TypedDict, TypeVar, Union

from stytvolt.core import registry as _registry
from stytvolt.core.errors import StytvoltError, type_name
from stytvolt.core.jsontext import load_json
from stytvolt.core.protocol import run_to_end

__all__ = [
    "render_figure", "render_widget", "handle", "handle_json", "begin_json", "Job", "Work", "finish", "WidgetError",
    "figure", "widget", "Widget", "Answer", "Params", "shown", "NOSCRIPT_NOTE", "FIGURES", "WIDGETS", "site_module", "part_modules", "lazy_modules", "warm_step", "DEFAULT_GAME",
    "MAX_REQUEST_CHARS", "MAX_REQUEST_DEPTH", "MAX_PARAMS", "MAX_PARAM_CHARS", "MAX_LONG_PARAM_CHARS", "MAX_CHALK_RECORDS", "MAX_TRICK_CARDS", "MAX_STOCK_CARDS",
]

#: The request's JSON text, in characters (:func:`handle_json`).
MAX_REQUEST_CHARS = 20_000
#: Arrays and objects nested one inside the next in the request's JSON text.
MAX_REQUEST_DEPTH = 20
#: Params in one request or placeholder.
MAX_PARAMS = 20
#: Characters in one param's name or value.
MAX_PARAM_CHARS = 2_000
#: Characters in the value of a param its widget declares long (:func:`widget`'s ``long``).
MAX_LONG_PARAM_CHARS = 16_000
#: Results the chalk-up widget holds (``records``, after ``add``).
MAX_CHALK_RECORDS = 200
#: Cards in a trick (``cards``).
MAX_TRICK_CARDS = 4
#: Cards in a stock (``stock``).
MAX_STOCK_CARDS = 12

#: The longest error message sent to a page (a safety net: messages are short by themselves).
MAX_ERROR_CHARS = 300

#: The game a request or placeholder means when it names none: the registry's first.
DEFAULT_GAME = next(iter(_registry.GAME_MODULES))


def site_module(game: str) -> str:
    """The module that registers ``game``'s figures and widgets, as its declaration names it ("" for none)."""
    return str(_registry.game(game).site)


def part_modules(game: str) -> dict[str, str]:
    """``game``'s widgets kept in modules of their own (its table and, where it has puzzles, the puzzle room among
    them), imported only when one of them is first asked for, so that a page's first answer loads (and, in the browser, compiles) only what it needs:
    widget name → module, as the game's declaration names them."""
    info = _registry.game(game)
    parts = dict(info.widgets)
    if info.table:
        parts["table"] = info.table
    if info.coach:
        parts["ideas"] = "stytvolt.web.coach"
    if info.puzzle_module:
        parts["puzzle"] = parts["puzzle-rating"] = "stytvolt.web.puzzles"
    return parts


Params = Mapping[str, str]


class WidgetError(StytvoltError):
    """A figure's or widget's input cannot be used; the message says why, for the reader."""


class Answer(TypedDict):
    """A widget's answer: the HTML to show, and form fields to set (``{"turned": "3"}``)."""

    html: str
    set: dict[str, str]


#: A long answer: yields progress fractions (0 to 1) between small pieces of work, returns the Answer.
Work = Generator[float, None, Answer]


@dataclass(frozen=True, slots=True)
class Widget:
    """A widget: its accessible name, its controls (HTML of a form's fields) and its answer to params.

    ``answer`` returns an :class:`Answer`, or a :data:`Work` generator for an
    answer that takes long (see "Long answers" in the module's docstring).
    ``long``: the params whose values may be up to :data:`MAX_LONG_PARAM_CHARS`
    long (a record the page keeps and sends whole).
    """

    title: str
    controls: Callable[[Params], str]
    answer: Callable[[dict[str, str]], Union[Answer, Work]]
    long: frozenset[str] = frozenset()


#: ``(game, name)`` → a function of the params returning the figure's HTML.
FIGURES: dict[tuple[str, str], Callable[[Params], str]] = {}
#: ``(game, name)`` → the widget.
WIDGETS: dict[tuple[str, str], Widget] = {}

_F = Callable[[Params], str]
_T = TypeVar("_T")
_A = TypeVar("_A", bound=Callable[[dict[str, str]], Union[Answer, Work]])


def figure(game: str, name: str) -> Callable[[_F], _F]:
    """Register a figure: ``@figure("styrivolt", "trick")`` over ``def f(params) -> html``."""

    def register(fn: _F) -> _F:
        FIGURES[(game, name)] = fn
        return fn

    return register


def widget(game: str, name: str, *, title: str, controls: Callable[[Params], str],
           long: tuple[str, ...] = ()) -> Callable[[_A], _A]:
    """Register a widget: ``@widget("styrivolt", "trick", title=..., controls=...)`` over its answer function.

    The function returns an :class:`Answer`, or is a generator function (:data:`Work`).  ``long``: params whose
    values may be up to :data:`MAX_LONG_PARAM_CHARS` long.
    """

    def register(fn: _A) -> _A:
        WIDGETS[(game, name)] = Widget(title, controls, fn, frozenset(long))
        return fn

    return register


# -- reading what the page sent ------------------------------------------------------------


def shown(text: str, limit: int = 24) -> str:
    """Text as quoted in a message, cut short when it is long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


#: How a list of cards in a param splits into cards (as :func:`stytvolt.core.cards.parse_cards` splits it).
CARD_TOKENS = re.compile(r"[^\s,]+")


def card_text(params: Params, name: str, most: int, what: str) -> str:
    """The text of a card-list param, refused before parsing when it names more than ``most`` cards."""
    text = params.get(name, "")
    count = len(CARD_TOKENS.findall(text))
    if count > most:
        raise WidgetError(f"{name}: {what} holds at most {most} cards; {count} given")
    return text


def card_list(params: Params, name: str, most: int, what: str, parse: Callable[[str], _T]) -> _T:
    """The cards of a card-list param, read by ``parse`` (refused before parsing when too many), or a
    :class:`WidgetError` naming the param and what ``parse`` found wrong."""
    text = card_text(params, name, most, what)
    try:
        return parse(text)
    except StytvoltError as err:
        raise WidgetError(f"{name}: {err}") from None


def _game(game: object) -> str:
    if game is None:
        game = DEFAULT_GAME
    if not isinstance(game, str):
        raise WidgetError(f"a game is named by text like {DEFAULT_GAME!r}, not {type_name(game)}")
    if game not in _registry.GAME_MODULES:
        raise WidgetError(f"unknown game {shown(game)}: expected one of {', '.join(_registry.GAME_MODULES)}")
    module = site_module(game)
    if module:
        importlib.import_module(module)  # registers its figures and widgets
    # the quiz widget and figure of a game with question kinds
    importlib.import_module("stytvolt.web.learn").register(game)
    return game


def _part(game: str, name: str) -> None:
    """Import the module of a figure or widget kept apart (:func:`part_modules`), if it is one."""
    module = part_modules(game).get(name)
    if module is not None:
        importlib.import_module(module)


def _known(table: Mapping[tuple[str, str], object], game: str) -> str:
    """The game's names, in alphabetical order (the registry's order depends on which module was imported first)."""
    for name in part_modules(game):
        _part(game, name)
    return ", ".join(sorted(name for g, name in table if g == game)) or "none"


def _name(kind: object, what: str) -> str:
    if not isinstance(kind, str):
        raise WidgetError(f"a {what} is named by text like 'trick', not {type_name(kind)}")
    return kind


def _widget(game: object, kind: object) -> Widget:
    g, name = _game(game), _name(kind, "widget")
    _part(g, name)
    spec = WIDGETS.get((g, name))
    if spec is None:
        raise WidgetError(f"unknown widget {shown(name)} for {g}: expected one of {_known(WIDGETS, g)}")
    return spec


def _params(raw: object, long: frozenset[str] = frozenset()) -> dict[str, str]:
    """The params as text, checked against the limits (``long``: params allowed :data:`MAX_LONG_PARAM_CHARS`).
    None means none; a null value is left out."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise WidgetError(f'params are an object of text values like {{"cards": "H2 SK"}}, not {type_name(raw)}')
    if len(raw) > MAX_PARAMS:
        raise WidgetError(f"{len(raw)} params given; at most {MAX_PARAMS} are accepted")
    out: dict[str, str] = {}
    for key, value in raw.items():
        if not isinstance(key, str):
            raise WidgetError(f"a param is named by text, not {type_name(key)}")
        if len(key) > MAX_PARAM_CHARS:
            raise WidgetError(f"a param name is {len(key):,} characters long; at most {MAX_PARAM_CHARS:,} are accepted")
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise WidgetError(f"param {shown(key)} must be text, not {type_name(value)}")
        if isinstance(value, int) and value.bit_length() > 4 * MAX_PARAM_CHARS:
            raise WidgetError(f"param {shown(key)} is a number too long: at most {MAX_PARAM_CHARS:,} characters are accepted")
        text = value if isinstance(value, str) else str(value)
        most = MAX_LONG_PARAM_CHARS if key in long else MAX_PARAM_CHARS
        if len(text) > most:
            raise WidgetError(
                f"param {shown(key)} is {len(text):,} characters long; at most {most:,} are accepted"
            )
        if not (text.isascii() and key.isascii()) and not _is_unicode(key + text):
            raise WidgetError(f"param {shown(key)} is not valid text: it holds half of a surrogate pair")
        out[key] = text
    return out


def _is_unicode(text: str) -> bool:
    """False for text holding a lone surrogate (JavaScript strings may; UTF-8 cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# -- the build: figures and widgets with their first answer ----------------------------------------


def render_figure(kind: str, params: Params, game: str = DEFAULT_GAME) -> str:
    """The finished HTML of a page figure (``data-figure="kind"``, ``data-game`` optional)."""
    g, name = _game(game), _name(kind, "figure")
    _part(g, name)
    draw = FIGURES.get((g, name))
    if draw is None:
        raise WidgetError(f"unknown figure {shown(name)} for {g}: expected one of {_known(FIGURES, g)}")
    return draw(_params(params))


#: Shown instead of working controls when the page runs no JavaScript.
NOSCRIPT_NOTE = (
    "The example above is worked out in advance. "
    "The controls need JavaScript, which is off in this browser, so they are shown but cannot be used."
)


def render_widget(kind: str, params: Params, game: str = DEFAULT_GAME) -> str:
    """A widget's controls and its first answer, ready to show before any script runs.

    The controls sit in a ``<fieldset disabled>``, which the runtime enables
    when it takes the widget over: without JavaScript they cannot pretend to
    work (a submit would reload the page and ignore the form), and a
    ``<noscript>`` note under the answer says so.
    """
    spec = _widget(game, kind)
    p = _params(params, spec.long)
    first = finish(spec.answer(dict(p)))
    controls = spec.controls({**p, **first["set"]})
    return (
        f'<form class="sv-controls" aria-label="{spec.title}">'
        f'<fieldset class="sv-fields" disabled>{controls}</fieldset></form>'
        f'<p class="sv-status" role="status" aria-live="polite"></p>'
        f'<div class="sv-output">{first["html"]}</div>'
        f'<noscript><p class="sv-noscript">{NOSCRIPT_NOTE}</p></noscript>'
    )


# -- the worker: answering the reader --------------------------------------------------------------------


def _error(message: str) -> dict[str, Any]:
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    return {"ok": False, "error": message}


def finish(result: Union[Answer, Work]) -> Answer:
    """An answer function's result as its Answer: a :data:`Work` generator is driven to its end."""
    if not isinstance(result, Generator):
        return result
    return run_to_end(result)


def _start(request: object) -> Union[Answer, Work]:
    """The request checked, and its widget's answer function called (a generator has not started yet)."""
    if not isinstance(request, Mapping):
        raise WidgetError(
            f'a request is an object like {{"game": "{DEFAULT_GAME}", "widget": "trick", "params": {{...}}}}, '
            f"not {type_name(request)}"
        )
    spec = _widget(request.get("game"), request.get("widget"))
    return spec.answer(_params(request.get("params"), spec.long))


def _ok(answer: Answer) -> dict[str, Any]:
    return {"ok": True, "html": answer["html"], "set": dict(answer["set"])}


def handle(request: object) -> dict[str, Any]:
    """One widget request → ``{"ok": True, "html", "set"}`` or ``{"ok": False, "error"}``.  Never raises.

    A refusal (any :class:`~stytvolt.core.errors.StytvoltError`) says what to
    fix.  Anything else escaping is a bug: the page is told
    ``"internal error: <class name>"`` rather than left without an answer.
    """
    try:
        return _ok(finish(_start(request)))
    except StytvoltError as err:
        return _error(str(err))
    except Exception as err:  # noqa: BLE001 - a bug, but the page must still get an answer
        return _error(f"internal error: {type(err).__name__}")


def _load(text: object) -> object:
    if not isinstance(text, str):
        raise WidgetError(f"a request is JSON text, not {type_name(text)}")
    return load_json(text, "the request", max_chars=MAX_REQUEST_CHARS, max_depth=MAX_REQUEST_DEPTH, error=WidgetError)


def handle_json(text: str) -> str:
    """:func:`handle` over JSON text (what the worker passes across).  Never raises."""
    try:
        response = handle(_load(text))
    except StytvoltError as err:
        response = _error(str(err))
    except Exception as err:  # noqa: BLE001 - as in handle
        response = _error(f"internal error: {type(err).__name__}")
    return json.dumps(response, ensure_ascii=False)


# -- the worker: long answers, one slice at a time ------------------------------------------------------


class Job:
    """One request answered a slice at a time (:func:`begin_json`; "Long answers" in the module docstring).

    ``step(budget_ms)`` works until the answer is ready or about ``budget_ms``
    milliseconds have gone by (always at least one piece of work, so a job
    with a budget of 0 still moves on), then says how far it got, as JSON
    text.  Once done it keeps answering the same finished response.
    ``cancel()`` stops it: the generator is closed and the response becomes
    ``{"ok": false, "cancelled": true, "error": "cancelled"}``.  Never raises.
    """

    def __init__(self, text: object) -> None:
        self._text = text
        self._work: Work | None = None
        self._started = False
        self._response: dict[str, Any] | None = None
        #: The last progress fraction the answer yielded (0 until it yields one).
        self.progress = 0.0

    @property
    def done(self) -> bool:
        """True once the response is known (answered, refused, failed or cancelled)."""
        return self._response is not None

    @property
    def response(self) -> dict[str, Any] | None:
        """The finished response, or None while the job still works."""
        return self._response

    def step(self, budget_ms: float = 30.0) -> str:
        """Work for about ``budget_ms`` milliseconds; ``{"done": false, "progress": p}`` or ``{"done": true, "response": …}``."""
        if self._response is None:
            try:
                self._advance(budget_ms)
            except StytvoltError as err:
                self._stop(_error(str(err)))
            except Exception as err:  # noqa: BLE001 - as in handle
                self._stop(_error(f"internal error: {type(err).__name__}"))
        if self._response is not None:
            return json.dumps({"done": True, "response": self._response}, ensure_ascii=False)
        return json.dumps({"done": False, "progress": self.progress})

    def cancel(self) -> None:
        """Stop the job (its generator is closed); a finished job keeps its response."""
        if self._response is None:
            self._stop({"ok": False, "cancelled": True, "error": "cancelled"})

    def _advance(self, budget_ms: float) -> None:
        deadline = time.perf_counter() + max(0.0, float(budget_ms)) / 1000.0
        if not self._started:
            self._started = True
            result = _start(_load(self._text))
            if not isinstance(result, Generator):
                self._response = _ok(result)
                return
            self._work = result
        work = self._work
        assert work is not None
        while True:
            try:
                fraction = next(work)
            except StopIteration as finished:
                self._work = None
                self._response = _ok(finished.value)
                return
            if isinstance(fraction, (int, float)) and 0.0 <= fraction <= 1.0:  # NaN fails both comparisons
                self.progress = float(fraction)
            if time.perf_counter() >= deadline:
                return

    def _stop(self, response: dict[str, Any]) -> None:
        work, self._work = self._work, None
        if work is not None:
            try:
                work.close()
            except Exception:  # noqa: BLE001 - the job is over either way; its own cleanup failing changes nothing
                pass
        self._response = response


def lazy_modules() -> list[str]:
    """Every module an answer may import, in the order :func:`warm_step` imports them."""
    names = list(_registry.GAME_MODULES)
    sites = [site_module(g) for g in names]
    parts = [m for g in names for m in part_modules(g).values()]
    return [m for m in dict.fromkeys([*sites, "stytvolt.web.learn", *parts]) if m]


def warm_step() -> bool:
    """Import the next module a later answer may need (each game's site, the quiz, each game's parts).

    Returns True when it imported one, False once every one is loaded.  The
    browser's worker calls it while no request waits, one module at a time so
    that a request coming meanwhile waits for one import at most; afterwards no
    answer on any page has to import anything.  Nothing about the answers
    changes: each module is the one the first request needing it would import.
    """
    for module in lazy_modules():
        if module not in sys.modules:
            importlib.import_module(module)
            return True
    return False


def begin_json(text: str) -> Job:
    """The request in ``text`` (JSON, as :func:`handle_json` takes it) as a :class:`Job`; nothing runs until ``step``.

    Never raises: a request that cannot be read is refused by the first ``step``.
    """
    return Job(text)
