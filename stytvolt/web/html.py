"""HTML and SVG primitives for every game's pages: card faces, chips, figures, reasons, sheets and form fields.

One renderer for both sides of the site: the build hook calls it in CPython to
pre-render every figure and each widget's first example, and the browser's
worker calls it in Pyodide to answer the reader.  So the first paint and the
live answer are the same markup.  It knows no game: each game's ``site``
module says how its cards are spoken ("two of hearts, the bird") and draws
with these.

Accessibility: every card is an ``<svg role="img">`` with a spoken label;
suits differ by symbol, never by colour alone; a trick's winner is marked by
text as well as by style.
"""

from __future__ import annotations

from html import escape
import re
from typing import Callable, Iterable, Mapping, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.explain import COMPASS, TEAM_LETTERS, Reason
from stytvolt.core.words import CARD_WORD, hidden_words
from stytvolt.web import WidgetError

__all__ = [
    "reasons_list", "SEATS", "TEAMS", "face_svg", "card_figure", "labelled_chip", "ordinal", "score_number", "sheet_table", "select_field", "text_field", "hidden_field",
    "submit_button", "hand_rows", "trick_now", "stepper", "CARD_WORD", "hidden_words", "table_request",
]


def face_svg(card: Card, spoken: str) -> str:
    """One card face of any game as an accessible inline SVG, read out as ``spoken`` ("queen of clubs, highest trump")."""
    label = escape(spoken)
    colour = "red" if card.suit.is_red else "black"
    rank = card.rank.shown
    return (
        f'<svg class="sv-card-face sv-{colour}" data-card="{card}" viewBox="0 0 50 70" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        '<rect class="sv-card-bg" x="1" y="1" width="48" height="68" rx="5"/>'
        f'<text class="sv-card-rank" x="6" y="17">{rank}</text>'
        f'<text class="sv-card-suit-small" x="6" y="30">{card.suit.symbol}</text>'
        f'<text class="sv-card-suit" x="27" y="52" text-anchor="middle">{card.suit.symbol}</text>'
        "</svg>"
    )


def labelled_chip(card: Card, spoken: str) -> str:
    """A card of any game in a line of text: its symbol, read out as ``spoken``."""
    colour = " sv-red" if card.suit.is_red else ""
    return f'<span class="sv-chip{colour}" role="img" aria-label="{escape(spoken)}">{card.symbol}</span>'


def card_figure(card: Card, spoken: str, caption: str = "", classes: str = "") -> str:
    """A card of any game as a figure: its face (read out as ``spoken``), its symbol and a short caption under it."""
    cls = f"sv-card {classes}".strip()
    return (
        f'<figure class="{cls}" data-card="{card}">{face_svg(card, spoken)}'
        f'<figcaption><span class="sv-card-text">{escape(card.symbol)}</span>'
        f'{f" <span class=sv-role>{escape(caption)}</span>" if caption else ""}</figcaption></figure>'
    )


#: The seats as the site names them, by seat number (0 to 3).
SEATS: tuple[str, ...] = COMPASS
#: The teams as the site names them: "A keeps in", "B's side".
TEAMS: tuple[str, ...] = TEAM_LETTERS


def reasons_list(
    reasons: Sequence[Reason],
    *,
    ordered: bool = True,
    seats: Sequence[str] = SEATS,
    teams: Sequence[str] = TEAMS,
) -> str:
    """The reasons as a list, each sentence rendered with these seat and team names."""
    tag = "ol" if ordered else "ul"
    items = "".join(
        f'<li data-code="{escape(r.code)}">{escape(r.render(seats=seats, teams=teams))}</li>' for r in reasons
    )
    return f'<{tag} class="sv-reasons">{items}</{tag}>'


# -- sheets and forms ------------------------------------------------------------------------------------


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``12th``, ``13th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def score_number(value: int) -> str:
    """A score as printed on a sheet: a true minus sign for the negative ones."""
    return f"−{-value}" if value < 0 else str(value)


def sheet_table(
    names: Sequence[str],
    lines: Sequence[Sequence[int]],
    notes: Sequence[str],
    *,
    caption: str,
    first: str = "start",
) -> str:
    """A score sheet as a table: a column per side or player, a row per line, what happened in the last column.

    ``lines[0]`` is the starting line (headed ``first``), ``lines[i]`` the
    totals after hand ``i`` and ``notes[i - 1]`` what that hand did.  A total
    that changed says by how much in words as well ("22 (−2)"), so the change
    is never shown by style alone.
    """
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in names)
    rows = []
    for i, line in enumerate(lines):
        cells = []
        for c, value in enumerate(line):
            before = lines[i - 1][c] if i else value
            if value != before:
                delta = score_number(value - before) if value < before else "+" + str(value - before)
                cells.append(f'<td class="sv-changed">{score_number(value)} <span class="sv-delta">({delta})</span></td>')
            else:
                cells.append(f"<td>{score_number(value)}</td>")
        label = escape(first) if i == 0 else str(i)
        note = escape(notes[i - 1]) if i else ""
        rows.append(f'<tr><th scope="row">{label}</th>{"".join(cells)}<td class="sv-sheet-note">{note}</td></tr>')
    return (
        f'<div class="sv-sheet-wrap"><table class="sv-sheet"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">Hand</th>{head}<th scope="col">What happened</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div>'
    )


def select_field(name: str, label: str, options: Sequence[tuple[str, str]], selected: str) -> str:
    """A labelled ``<select>`` of (value, text) options, ``selected`` chosen (else the first)."""
    items = "".join(
        f'<option value="{escape(value)}"{" selected" if value == selected else ""}>{escape(text)}</option>'
        for value, text in options
    )
    return f'<label>{escape(label)} <select name="{escape(name)}">{items}</select></label>'


def text_field(name: str, label: str, value: str, hint: str, *, hint_id: str, numeric: bool = False) -> str:
    """A labelled text field with a hint under it (``hint_id`` must be unique on the page)."""
    mode = ' inputmode="numeric"' if numeric else ""
    return (
        f'<label>{escape(label)} <input name="{escape(name)}" value="{escape(value)}"{mode} autocomplete="off" '
        f'spellcheck="false" aria-describedby="{escape(hint_id)}"></label>'
        f'<small id="{escape(hint_id)}" class="sv-hint">{escape(hint)}</small>'
    )


def hidden_field(name: str, value: str) -> str:
    """A form field the reader does not see (a widget's memory: the sheet so far, the step shown)."""
    return f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'


def submit_button(text: str, value: str = "", *, name: str = "action", primary: bool = False) -> str:
    """A submit button saying what it does; with a ``value`` it sends ``name=value`` with the form."""
    cls = "md-button md-button--primary" if primary else "md-button"
    val = f' name="{escape(name)}" value="{escape(value)}"' if value else ""
    return f'<button type="submit" class="{cls}"{val}>{escape(text)}</button>'


#: How long the table lets a computer move stand before the next, as a share of the game's own pause:
#: (value, what the reader sees, the share).  The reader's choice is kept in the browser for every table.
TABLE_PACES: tuple[tuple[str, str, float], ...] = (("slow", "Slow", 2.0), ("normal", "Normal", 1.0), ("quick", "Quick", 0.25))


def table_controls(game: str, settings: str) -> str:
    """A table's controls: its game text, New game, Undo, the computer's pace, and ``settings`` for a new game."""
    paces = "".join(f'<option value="{value}" data-share="{share}"{" selected" if value == "normal" else ""}>{text}</option>'
                    for value, text, share in TABLE_PACES)
    return (
        f'<input type="hidden" name="game" value="{escape(game)}">'
        '<div class="sv-table-bar">'
        '<button type="button" class="md-button" data-do="new">New game</button>'
        '<button type="button" class="md-button" data-do="undo">Undo</button>'
        f'<label class="sv-table-pace">The computer\'s pace <select name="pace" data-sv-local>{paces}</select></label></div>'
        '<details class="sv-table-settings"><summary>Settings for a new game</summary>'
        f"{settings}"
        '<button type="button" class="md-button md-button--primary" data-do="new">Start a new game with these settings</button>'
        "</details>"
    )


def hand_rows(rows: Sequence[tuple[str, str, str]], *, label: str) -> str:
    """The players' cards, a line each: (who, their cards as chips, what they are to do now: "to play", or "")."""
    items = []
    for who, cards, doing in rows:
        cls = "sv-hand sv-acting" if doing else "sv-hand"
        turn = f' <span class="sv-turn">({escape(doing)})</span>' if doing else ""
        items.append(f'<li class="{cls}"><span class="sv-seat">{escape(who)}{turn}</span> {cards}</li>')
    return f'<ul class="sv-hands" aria-label="{escape(label)}">{"".join(items)}</ul>'


def trick_now(plays: Sequence[tuple[str, str]], winning: int, *, complete: bool, label: str) -> str:
    """A trick on the table in play order, (who, chip) each, the card winning it framed and named in words."""
    items = []
    for i, (who, card) in enumerate(plays):
        mark = ""
        if i == winning:
            mark = f' <strong class="sv-mark">{"wins the trick" if complete else "winning so far"}</strong>'
        cls = ' class="sv-winning"' if i == winning else ""
        items.append(f'<li{cls}><span class="sv-seat">{escape(who)}</span> {card}{mark}</li>')
    return f'<ol class="sv-now" aria-label="{escape(label)}">{"".join(items)}</ol>'


# -- the stepper ------------------------------------------------------------------------------------------
#
# A transcript first: ``<div class="sv-stepper">`` holds an ordered list ``<ol class="sv-steps">`` with one
# ``<li>`` per step, so without JavaScript every step reads in order; ``interactive/stepper.mjs`` then shows one
# step at a time.  Its contract: ``.sv-stepper`` (``data-start``: the step to show first, from 0; ``aria-label``:
# what it steps through; for a hand ``data-hand`` or ``data-seed``); ``.sv-stepper-nav`` (``hidden`` until the
# script runs) with buttons ``[data-go="first|back|forward|last"]`` (``disabled`` until then too) and the live
# line ``.sv-stepper-pos``; ``.sv-steps > li`` (``data-title``: the step's title, announced).


#: The stepper's buttons, by what each does (``data-go``), as the worked hands name them.
STEPPER_WORDS = {"first": "First", "back": "Back", "forward": "Forward", "last": "Last"}


def stepper(items: Sequence[tuple[str, str]], *, label: str, start: int = 0, attrs: str = "",
            words: Mapping[str, str] = STEPPER_WORDS) -> str:
    """The stepper around steps given as (title, inner HTML): every step listed, the buttons hidden until scripted
    (``words``: each button's word, by what it does)."""
    n = len(items)
    start = min(max(start, 0), n - 1) if n else 0
    steps = "".join(
        f'<li class="sv-step" data-step="{k}" data-title="{escape(title)}">{body}</li>' for k, (title, body) in enumerate(items)
    )
    buttons = "".join(
        f'<button type="button" class="md-button sv-go" data-go="{go}" disabled>{text}</button>'
        for go, text in ((go, words.get(go, said)) for go, said in STEPPER_WORDS.items())
    )
    return (
        f'<div class="sv-stepper" data-start="{start}" aria-label="{escape(label)}"{attrs}>'
        f'<div class="sv-stepper-nav" hidden>{buttons}'
        f'<p class="sv-stepper-pos" role="status" aria-live="polite">Step {start + 1} of {n}</p></div>'
        f'<ol class="sv-steps">{steps}</ol></div>'
    )


# -- the tables' words and requests (the one table's and Stýrivolt's own) ------------------------------------


#: A card as the table writes it in words (♥A, ♣10).
def table_request(params: Mapping[str, str], dos: Sequence[str], seed_of: Callable[[Mapping[str, str]], int | None],
                  build_seed: int) -> tuple[str, str, int | None, bool]:
    """A table's request read: (what to do, the game's text, the seed of a new game, whether to deal a new game).

    ``do`` missing means ``show``; a game is dealt anew for ``new``, or for ``show`` with no game text (the
    build's own ``build_seed`` when no seed is given).  Anything else with no game text is refused.
    """
    do = params.get("do", "").strip() or "show"
    if do not in dos:
        raise WidgetError("The table cannot do that: its buttons deal, play, take back, give a hint, say why, review and show the log.")
    text = params.get("game", "").strip()
    if do != "new" and text:
        return do, text, None, False
    if do not in ("new", "show"):
        raise WidgetError("There is no game on the table yet: start a new game.")
    seed = seed_of(params)
    return do, text, build_seed if seed is None and do == "show" else seed, True
