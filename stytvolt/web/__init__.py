"""What the site asks the engine: figures, widgets, and the worker's JSON calls.

* :func:`render_figure` and :func:`render_widget` turn a page placeholder's
  ``data-*`` attributes into finished HTML; the build hook calls them.
* :func:`handle` answers one JSON request from a widget, in the browser's
  worker (Pyodide) or in tests (CPython): ``{"widget": "trick", "params":
  {...}}`` → ``{"ok": true, "html": "...", "set": {...}}``, or ``{"ok":
  false, "error": "..."}`` naming what was wrong.

Parameters are the strings a page or a form holds, so the same call serves
both.  Nothing here decides a rule: every answer comes from
:mod:`stytvolt.styrivolt`.
"""

from __future__ import annotations

import json
import random
from html import escape
from typing import Any, Callable, Mapping

from stytvolt.core.cards import CardParseError, Suit, parse_cards
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt.chalk import RESULT_WORDS, Result, Scoring
from stytvolt.styrivolt.choosing import choose_suits
from stytvolt.styrivolt.ranking import Ranking, parse_suits
from stytvolt.styrivolt.tricks import explain_trick
from stytvolt.web import html

__all__ = ["render_figure", "render_widget", "handle", "handle_json", "WidgetError"]

Params = Mapping[str, str]
PAIRS = ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")


class WidgetError(ValueError):
    """A widget's input cannot be used; the message says why, for the reader."""


# -- reading parameters ---------------------------------------------------------------


def _chosen(params: Params, default: str = "H,S") -> tuple[Suit, Suit]:
    return parse_suits(params.get("chosen") or default)


def _promoted(params: Params) -> list[int]:
    text = params.get("promoted", "").replace(",", " ").split()
    try:
        return [int(x) - 1 for x in text]  # the page counts plays from 1
    except ValueError:
        raise WidgetError(f"promoted plays are numbers 1 to 4, not {params.get('promoted')!r}") from None


def _records(params: Params) -> list[tuple[int, Result]]:
    out = []
    for token in params.get("records", "").split():
        team, _, word = token.partition(":")
        if team.upper() not in ("A", "B") or word.lower() not in RESULT_WORDS:
            raise WidgetError(f"bad result {token!r}: expected A or B, a colon, and one of {', '.join(RESULT_WORDS)}")
        out.append(("AB".index(team.upper()), RESULT_WORDS[word.lower()]))
    return out


def _records_text(records: list[tuple[int, Result]]) -> str:
    words = {v: k for k, v in RESULT_WORDS.items()}
    return " ".join(f"{'AB'[t]}:{words[r]}" for t, r in records)


def _scoring(params: Params) -> Scoring:
    return Scoring.PENGUIN if params.get("scoring", "").lower() == "penguin" else Scoring.KVIVIK


# -- figures ---------------------------------------------------------------------------


def _fig_cards(p: Params) -> str:
    ranking = _chosen(p) if p.get("chosen") else None
    return html.cards_row(parse_cards(p.get("cards", "")), Ranking.of(ranking) if ranking else None)


def _fig_trick(p: Params) -> str:
    chosen, promoted = _chosen(p), _promoted(p)
    cards = parse_cards(p.get("cards", ""), pack=STYRIVOLT_PACK, unique=True)
    return html.trick_figure(explain_trick(cards, chosen, promoted), chosen, promoted)


def _fig_choose(p: Params) -> str:
    stock = parse_cards(p.get("stock", ""), pack=STYRIVOLT_PACK, unique=True)
    choice = choose_suits(stock, prefer=p.get("prefer", ""))
    turned = p.get("turned")
    return html.choice_figure(choice, int(turned) if turned not in (None, "") else None)


def _fig_chalk(p: Params) -> str:
    board, last = html.chalk_board_for(_records(p), _scoring(p))
    return html.chalk_figure(board, last, title=p.get("title") or None)


def _fig_ranking(p: Params) -> str:
    return html.ranking_figure(Ranking.of(_chosen(p)))


def _fig_glossary(p: Params) -> str:
    return html.glossary_figure()


FIGURES: dict[str, Callable[[Params], str]] = {
    "cards": _fig_cards,
    "trick": _fig_trick,
    "choose": _fig_choose,
    "chalk": _fig_chalk,
    "ranking": _fig_ranking,
    "glossary": _fig_glossary,
}


def render_figure(kind: str, params: Params) -> str:
    """The finished HTML of a page figure (``data-figure="kind"``)."""
    if kind not in FIGURES:
        raise WidgetError(f"unknown figure {kind!r}: expected one of {', '.join(FIGURES)}")
    return FIGURES[kind](params)


# -- widgets: controls + a first answer ----------------------------------------------------


def _pair_select(selected: tuple[Suit, Suit]) -> str:
    key = frozenset(selected)
    options = []
    for pair in PAIRS:
        suits = parse_suits(pair)
        label = " and ".join(f"{s.symbol} {s.english}" for s in suits)
        sel = " selected" if frozenset(suits) == key else ""
        options.append(f'<option value="{pair}"{sel}>{escape(label)}</option>')
    return f'<label>Chosen suits <select name="chosen">{"".join(options)}</select></label>'


def _text(name: str, label: str, value: str, hint: str) -> str:
    return (
        f'<label>{escape(label)} <input name="{name}" value="{escape(value)}" autocomplete="off" spellcheck="false" '
        f'aria-describedby="hint-{name}"></label><small id="hint-{name}" class="sv-hint">{escape(hint)}</small>'
    )


def _button(text: str, value: str = "", name: str = "action", primary: bool = False) -> str:
    cls = "md-button md-button--primary" if primary else "md-button"
    val = f' name="{name}" value="{escape(value)}"' if value else ""
    return f'<button type="submit" class="{cls}"{val}>{escape(text)}</button>'


def _controls_ranking(p: Params) -> str:
    return _pair_select(_chosen(p)) + _button("Show the ranking", primary=True) + _button("Deal at random", "random")


def _controls_trick(p: Params) -> str:
    return (
        _pair_select(_chosen(p))
        + _text("cards", "Cards in play order", p.get("cards", ""), "Up to four cards, the lead first: H2 SK S3 DJ or ♥2 ♠K.")
        + _text("promoted", "Plays from four of a kind", p.get("promoted", ""), "Optional: play numbers 1-4, like 2.")
        + _button("Explain the trick", primary=True)
    )


def _controls_choose(p: Params) -> str:
    return (
        _text("stock", "Stock, top card first", p.get("stock", ""), "Cards as the dealer turns them: C6 C4 DA CA D7 H5.")
        + f'<input type="hidden" name="turned" value="{escape(p.get("turned", ""))}">'
        + _button("Turn the next card", "next", primary=True)
        + _button("Show the whole choice", "all")
        + _button("Start again", "restart")
    )


def _controls_chalk(p: Params) -> str:
    rows = []
    for team in "AB":
        buttons = "".join(
            _button(f"{label}", f"{team}:{word}", name="add")
            for word, label in (("ordinary", "ordinary game"), ("kept-in", "kept in"), ("nine", "nine tricks"),
                                ("kept-in-alone", "kept in alone"), ("nine-alone", "nine alone"), ("penalty", "stock penalty"))
        )
        rows.append(f'<fieldset><legend>Team {team}</legend>{buttons}</fieldset>')
    return (
        f'<input type="hidden" name="records" value="{escape(p.get("records", ""))}">'
        + "".join(rows)
        + _button("Undo", "undo")
        + _button("New slate", "reset")
    )


_WIDGET_TITLES = {
    "ranking": "Ranking explorer",
    "trick": "Trick explainer",
    "choose": "Suit chooser",
    "chalk": "Chalk-up",
}
_CONTROLS: dict[str, Callable[[Params], str]] = {
    "ranking": _controls_ranking,
    "trick": _controls_trick,
    "choose": _controls_choose,
    "chalk": _controls_chalk,
}


def render_widget(kind: str, params: Params) -> str:
    """A widget's controls and its first answer, ready to show before any script runs."""
    if kind not in _CONTROLS:
        raise WidgetError(f"unknown widget {kind!r}: expected one of {', '.join(_CONTROLS)}")
    first = answer(kind, dict(params))
    controls = _CONTROLS[kind]({**params, **first.get("set", {})})
    title = _WIDGET_TITLES[kind]
    return (
        f'<form class="sv-controls" aria-label="{title}">{controls}</form>'
        f'<p class="sv-status" role="status" aria-live="polite"></p>'
        f'<div class="sv-output" aria-live="polite">{first["html"]}</div>'
    )


# -- answering the reader -------------------------------------------------------------------


def answer(kind: str, params: dict[str, str]) -> dict[str, Any]:
    """A widget's answer to its parameters: ``{"html": ..., "set": {form field: value}}``."""
    action = params.pop("action", "")
    if kind == "ranking":
        if action == "random":
            pair = random.Random(params.get("seed")).choice(PAIRS) if params.get("seed") else random.choice(PAIRS)
            params["chosen"] = pair
        return {"html": _fig_ranking(params), "set": {"chosen": params.get("chosen") or "H,S"}}
    if kind == "trick":
        if not params.get("cards", "").strip():
            raise WidgetError("name at least one card, the lead first: for example H2 SK S3 DJ")
        return {"html": _fig_trick(params), "set": {}}
    if kind == "choose":
        stock = parse_cards(params.get("stock", ""), pack=STYRIVOLT_PACK, unique=True)
        total = len(choose_suits(stock).seen)
        turned = {"next": int(params.get("turned") or 0) + 1, "restart": 1}.get(action, total)
        params["turned"] = str(min(max(turned, 1), total))
        return {"html": _fig_choose(params), "set": {"turned": params["turned"]}}
    if kind == "chalk":
        records = _records(params)
        if action == "undo":
            records = records[:-1]
        elif action == "reset":
            records = []
        add = params.pop("add", "")
        if add:
            records += _records({"records": add})
        params["records"] = _records_text(records)
        return {"html": _fig_chalk(params), "set": {"records": params["records"]}}
    raise WidgetError(f"unknown widget {kind!r}: expected one of {', '.join(_CONTROLS)}")


def handle(request: Mapping[str, Any]) -> dict[str, Any]:
    """One widget request → its answer, or an error the reader can act on.  Never raises."""
    try:
        kind = str(request.get("widget", ""))
        params = {str(k): str(v) for k, v in dict(request.get("params") or {}).items()}
        result = answer(kind, params)
        return {"ok": True, **result}
    except (CardParseError, WidgetError, ValueError) as err:
        return {"ok": False, "error": str(err)}


def handle_json(text: str) -> str:
    """:func:`handle` over JSON text (what the worker passes across)."""
    try:
        request = json.loads(text)
    except ValueError as err:
        return json.dumps({"ok": False, "error": f"not JSON: {err}"})
    return json.dumps(handle(request if isinstance(request, dict) else {}), ensure_ascii=False)
