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

Figures and widgets are found in one registry keyed by ``(game, name)``:
each game's module (``stytvolt.web.styrivolt``) fills it with :func:`figure`
and :func:`widget` when the game is first asked for, so two games may both
have a "trick" widget.  Parameters are the strings a page or a form holds,
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
from dataclasses import dataclass
from typing import Any, Callable, Mapping, TypedDict

from stytvolt.core.errors import StytvoltError, type_name
from stytvolt.core.jsontext import load_json

__all__ = [
    "render_figure", "render_widget", "handle", "handle_json", "WidgetError",
    "figure", "widget", "Widget", "Answer", "Params", "shown", "NOSCRIPT_NOTE", "FIGURES", "WIDGETS", "GAME_MODULES", "DEFAULT_GAME",
    "MAX_REQUEST_CHARS", "MAX_REQUEST_DEPTH", "MAX_PARAMS", "MAX_PARAM_CHARS", "MAX_CHALK_RECORDS", "MAX_TRICK_CARDS", "MAX_STOCK_CARDS",
]

#: The request's JSON text, in characters (:func:`handle_json`).
MAX_REQUEST_CHARS = 20_000
#: Arrays and objects nested one inside the next in the request's JSON text.
MAX_REQUEST_DEPTH = 20
#: Params in one request or placeholder.
MAX_PARAMS = 20
#: Characters in one param's name or value.
MAX_PARAM_CHARS = 2_000
#: Results the chalk-up widget holds (``records``, after ``add``).
MAX_CHALK_RECORDS = 200
#: Cards in a trick (``cards``).
MAX_TRICK_CARDS = 4
#: Cards in a stock (``stock``).
MAX_STOCK_CARDS = 12

#: The longest error message sent to a page (a safety net: messages are short by themselves).
MAX_ERROR_CHARS = 300

#: The game a request or placeholder means when it names none.
DEFAULT_GAME = "styrivolt"
#: Every game with figures or widgets → the module that registers them (imported when first asked for).
GAME_MODULES: dict[str, str] = {
    "styrivolt": "stytvolt.web.styrivolt",
}

Params = Mapping[str, str]


class WidgetError(StytvoltError):
    """A figure's or widget's input cannot be used; the message says why, for the reader."""


class Answer(TypedDict):
    """A widget's answer: the HTML to show, and form fields to set (``{"turned": "3"}``)."""

    html: str
    set: dict[str, str]


@dataclass(frozen=True, slots=True)
class Widget:
    """A widget: its accessible name, its controls (HTML of a form's fields) and its answer to params."""

    title: str
    controls: Callable[[Params], str]
    answer: Callable[[dict[str, str]], Answer]


#: ``(game, name)`` → a function of the params returning the figure's HTML.
FIGURES: dict[tuple[str, str], Callable[[Params], str]] = {}
#: ``(game, name)`` → the widget.
WIDGETS: dict[tuple[str, str], Widget] = {}

_F = Callable[[Params], str]
_A = Callable[[dict[str, str]], Answer]


def figure(game: str, name: str) -> Callable[[_F], _F]:
    """Register a figure: ``@figure("styrivolt", "trick")`` over ``def f(params) -> html``."""

    def register(fn: _F) -> _F:
        FIGURES[(game, name)] = fn
        return fn

    return register


def widget(game: str, name: str, *, title: str, controls: Callable[[Params], str]) -> Callable[[_A], _A]:
    """Register a widget: ``@widget("styrivolt", "trick", title=..., controls=...)`` over its answer function."""

    def register(fn: _A) -> _A:
        WIDGETS[(game, name)] = Widget(title, controls, fn)
        return fn

    return register


# -- reading what the page sent ------------------------------------------------------------


def shown(text: str, limit: int = 24) -> str:
    """Text as quoted in a message, cut short when it is long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _game(game: object) -> str:
    if game is None:
        game = DEFAULT_GAME
    if not isinstance(game, str):
        raise WidgetError(f"a game is named by text like {DEFAULT_GAME!r}, not {type_name(game)}")
    if game not in GAME_MODULES:
        raise WidgetError(f"unknown game {shown(game)}: expected one of {', '.join(GAME_MODULES)}")
    importlib.import_module(GAME_MODULES[game])  # registers its figures and widgets
    importlib.import_module("stytvolt.web.learn")  # the quiz widget of every game with question kinds
    return game


def _known(table: Mapping[tuple[str, str], object], game: str) -> str:
    return ", ".join(name for g, name in table if g == game) or "none"


def _name(kind: object, what: str) -> str:
    if not isinstance(kind, str):
        raise WidgetError(f"a {what} is named by text like 'trick', not {type_name(kind)}")
    return kind


def _widget(game: object, kind: object) -> Widget:
    g, name = _game(game), _name(kind, "widget")
    spec = WIDGETS.get((g, name))
    if spec is None:
        raise WidgetError(f"unknown widget {shown(name)} for {g}: expected one of {_known(WIDGETS, g)}")
    return spec


def _params(raw: object) -> dict[str, str]:
    """The params as text, checked against the limits.  None means none; a null value is left out."""
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
        if len(text) > MAX_PARAM_CHARS:
            raise WidgetError(
                f"param {shown(key)} is {len(text):,} characters long; at most {MAX_PARAM_CHARS:,} are accepted"
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
    p = _params(params)
    first = spec.answer(dict(p))
    controls = spec.controls({**p, **first["set"]})
    return (
        f'<form class="sv-controls" aria-label="{spec.title}">'
        f'<fieldset class="sv-fields" disabled>{controls}</fieldset></form>'
        f'<p class="sv-status" role="status" aria-live="polite"></p>'
        f'<div class="sv-output" aria-live="polite">{first["html"]}</div>'
        f'<noscript><p class="sv-noscript">{NOSCRIPT_NOTE}</p></noscript>'
    )


# -- the worker: answering the reader --------------------------------------------------------------------


def _error(message: str) -> dict[str, Any]:
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    return {"ok": False, "error": message}


def handle(request: object) -> dict[str, Any]:
    """One widget request → ``{"ok": True, "html", "set"}`` or ``{"ok": False, "error"}``.  Never raises.

    A refusal (any :class:`~stytvolt.core.errors.StytvoltError`) says what to
    fix.  Anything else escaping is a bug: the page is told
    ``"internal error: <class name>"`` rather than left without an answer.
    """
    try:
        if not isinstance(request, Mapping):
            raise WidgetError(
                f'a request is an object like {{"game": "{DEFAULT_GAME}", "widget": "trick", "params": {{...}}}}, '
                f"not {type_name(request)}"
            )
        spec = _widget(request.get("game"), request.get("widget"))
        answer = spec.answer(_params(request.get("params")))
        return {"ok": True, "html": answer["html"], "set": dict(answer["set"])}
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
