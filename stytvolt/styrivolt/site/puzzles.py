"""Puzzles on the site: the widget ``puzzle`` and the figure ``puzzle-list``.

The widget shows one published puzzle (:mod:`stytvolt.styrivolt.puzzles`)
with every hand face up, and answers the reader's moves.  Its params:

* ``id``: the puzzle (``P0042``), or ``daily`` for the puzzle of ``date``
  (``2026-11-25``, the reader's own date; the build uses its own);
* ``moves``: what has been played since the start, action texts joined by
  commas (the widget's state; the answer sets it);
* ``try``: the reader's move now, as a card (``h2``, ``♥2``) or an action
  text (``trade H5 H7``, ``play-on``), or empty;
* ``hints``: how many hints to show (0 to 4; the fourth is the answer);
* ``show``: ``yes`` to show the whole solution (the puzzle counts as missed).

A move that keeps the goal within reach is played, then the defence's most
stubborn replies and any move of the reader's side that is forced (one legal
action) follow, until the reader must choose again or the tricks make the
goal sure.  A move that fails is taken back: ``moves`` stays as it was and
the answer says how the defence beats it.  The answer's root
(``.sv-puzzle``) carries what the page keeps score with: ``data-puzzle``,
``data-state`` (``play``, ``solved``, ``shown``), ``data-verdict`` (``right``,
``wrong`` or empty), ``data-rating``, ``data-level``, ``data-themes``.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from stytvolt.core.cards import Card, CardParseError, parse_card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS
from stytvolt.core.words import counted
from stytvolt.styrivolt.actions import Action, Kind, parse_action
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PLAYERS, TRICKS
from stytvolt.styrivolt.players import describe_action
from stytvolt.styrivolt.puzzles import LEVELS, SIDE, THEMES, Puzzle, daily, doing, get_puzzle, puzzles
from stytvolt.styrivolt.tricks import winner_index
from stytvolt.web import Answer, Params, WidgetError, figure, shown, widget
from stytvolt.web import html
from stytvolt.styrivolt.site import by_suit, card_label, chip, role_word

__all__ = ["HINT_COSTS", "BUILD_DATE", "puzzle_html", "advance"]

GAME = "styrivolt"
#: What each hint takes off the puzzle's score (out of 100); the fourth, the answer, makes it a miss.
HINT_COSTS = (10, 15, 25, 100)
#: What a wrong move takes off the score.
WRONG_COST = 25
#: The date the build shows the puzzle of the day for (the page asks again with the reader's date).
BUILD_DATE = "2026-01-01"
_TEAMS = ("South–North", "West–East")
_HINT_NAMES = ("the goal", "the idea", "the card to look at", "the answer")
_MAX_MOVES = 4 * TRICKS + 12


# -- reading the params -------------------------------------------------------------------------------


def _puzzle(params: Params) -> Puzzle:
    ident = params.get("id", "").strip() or "daily"
    if ident.lower() == "daily":
        return daily(params.get("date", "").strip() or BUILD_DATE)
    return get_puzzle(ident)


def _moves(params: Params) -> list[str]:
    text = params.get("moves", "").strip()
    moves = [m.strip() for m in text.split(",") if m.strip()] if text else []
    if len(moves) > _MAX_MOVES:
        raise WidgetError(f"moves: at most {_MAX_MOVES} moves are played in a puzzle, not {len(moves)}")
    return moves


def _hints(params: Params) -> int:
    from stytvolt.core.checks import whole_text

    return whole_text(params.get("hints", "").strip() or "0", "hints: the number of hints taken", 0, len(HINT_COSTS), error=WidgetError)


def _try(state: HandState, text: str) -> Action:
    """The reader's move: a card (any case, letters or symbols) or an action's text."""
    words = text.strip()
    try:
        action = Action.play(parse_card(words))
    except CardParseError:
        try:
            action = parse_action(words)
        except StytvoltError as err:
            raise WidgetError(f"try: {err}") from None
    if action.kind is Kind.PLAY and action not in state.legal_actions():
        p = state.current_player()
        if action.card not in state.hands[p]:
            raise WidgetError(f"{action.card.symbol} is not in {COMPASS[p]}'s hand")
        reason = state.refusal(action)
        raise WidgetError(f"{action.card.symbol} cannot be played now: {reason.render(COMPASS) if reason else 'not allowed'}")
    if action not in state.legal_actions():
        raise WidgetError(f"try: {shown(str(action))} cannot be done now")
    return action


# -- playing ------------------------------------------------------------------------------------------


def advance(p: Puzzle, state: HandState, played: list[str]) -> list[tuple[int, str]]:
    """:meth:`Puzzle.advance`, its moves added to ``played`` as texts; returns them (seat, action text)."""
    done = [(seat, str(action)) for seat, action in p.advance(state)]
    played.extend(text for _, text in done)
    return done


def _said(moves: Sequence[tuple[int, str]]) -> str:
    return "; ".join(f"{COMPASS[seat]} {doing(parse_action(text))}" for seat, text in moves)


# -- drawing ------------------------------------------------------------------------------------------


def _card(state: HandState, seat: int, card: Card, legal: dict[Card, Action], active: bool) -> str:
    ranking = state.ranking
    promoted = state.played_as(seat, card)[1]
    name = card_label(card, ranking, promoted)
    colour = " sv-red" if card.suit.is_red else ""
    face = (f'<span class="sv-tc-face" aria-hidden="true">{card.symbol}</span>'
            f'<span class="sv-tc-role" aria-hidden="true">{escape(role_word(ranking, card, promoted))}</span>')
    action = legal.get(card)
    if active and action is not None:
        return (f'<button type="button" class="sv-table-card{colour}" data-do="try" data-action="{action}" '
                f'data-card="{card}" aria-label="Play {card.symbol}, {escape(name)}">{face}</button>')
    if active:
        reason = state.refusal(Action.play(card))
        why = reason.render(COMPASS) if reason is not None else "it cannot be played now"
        return (f'<button type="button" class="sv-table-card{colour}" data-card="{card}" aria-disabled="true" '
                f'data-refusal="{escape(why)}" aria-label="{card.symbol}, {escape(name)}: cannot be played now">{face}</button>')
    return (f'<span class="sv-table-card sv-table-card--still{colour}" data-card="{card}" role="img" '
            f'aria-label="{card.symbol}, {escape(name)}">{face}</span>')


def _seat(state: HandState, seat: int, interactive: bool) -> str:
    ranking = state.ranking
    to_move = state.current_player() if not state.is_terminal() else -1
    active = interactive and seat == to_move and seat % 2 == SIDE
    legal = {a.card: a for a in state.legal_actions() if a.kind is Kind.PLAY} if active else {}
    cards = "".join(f"<li>{_card(state, seat, c, legal, active)}</li>" for c in by_suit(ranking, state.hands[seat]))
    side = "you play this hand" if seat % 2 == SIDE else "the defence"
    marks = " · to play" if seat == to_move else ""
    played = ""
    if state.current:
        i = (seat - state.leader) % PLAYERS
        if i < len(state.current):
            winning = winner_index(ranking, state.current, state.current_promoted) == i
            note = ("led" if i == 0 else "") + (", winning so far" if winning else "")
            played = (f'<p class="sv-pz-played{" sv-winning" if winning else ""}">In the trick: '
                      f'{chip(state.current[i], ranking, state.current_promoted[i])} '
                      f'<span class="sv-seat-note">{escape(note.lstrip(", "))}</span></p>')
    name = COMPASS[seat]
    tricks = state.won[seat]
    return (f'<section class="sv-pz-seat sv-pz-{name.lower()}{" sv-seat--acting" if seat == to_move else ""}" '
            f'aria-label="{name}, {side}">'
            f'<h3 class="sv-table-h">{name} <span class="sv-seat-role">{side}{marks}</span> '
            f'<span class="sv-seat-facts">{counted(tricks, "trick")}</span></h3>'
            f'<ul class="sv-table-cards">{cards}</ul>{played}</section>')


def _facts(p: Puzzle, state: HandState) -> str:
    left = TRICKS - len(state.tricks)
    a, b = state.team_tricks()
    suits = " and ".join(f"{s.symbol} {s.english}" for s in state.chosen)
    themes = ", ".join(THEMES[t][0] for t in p.themes)
    face_up = [c for cards in state.exposed.values() for c in cards]
    extra = ""
    if face_up:
        extra = " Face up for the traders: " + " ".join(c.symbol for c in face_up) + "."
    return (f'<p class="sv-pz-head"><strong>Puzzle {p.id}</strong> · {LEVELS[p.level].capitalize()} · '
            f'rated {p.rating} · {escape(themes)}</p>'
            f'<p class="sv-pz-goal"><strong>Your goal:</strong> {escape(p.goal_text())}, playing both '
            f'South\'s and North\'s cards against any defence.</p>'
            f'<p class="sv-pz-facts">Chosen suits: {escape(suits)}. Tricks so far: South–North {a}, West–East {b} '
            f'({left} left to play).{escape(extra)}</p>')


def _last_trick(state: HandState) -> str:
    if state.current or not state.tricks:
        return ""
    t = state.tricks[-1]
    plays = ", ".join(f"{COMPASS[q]} {c.symbol}" for q, c in zip(t.players, t.cards))
    return f'<p class="sv-pz-last">Last trick: {plays}; {COMPASS[t.winner]} won it.</p>'


def _hint_list(p: Puzzle, state: HandState, hints: int) -> str:
    if not hints or p.sure(state):
        return ""
    items = "".join(f"<li><strong>Hint {i + 1}:</strong> {escape(text)}</li>"
                    for i, text in enumerate(p.hints(state)[:hints]))
    return f'<ol class="sv-pz-hints">{items}</ol>'


def _solution(p: Puzzle) -> str:
    s = p.state()
    steps = []
    for text in p.line:
        seat = s.current_player()
        steps.append(f"<li>{COMPASS[seat]} {escape(doing(parse_action(text)))}</li>")
        s.apply(text)
    return (f'<div class="sv-pz-solution"><p><strong>The solution</strong> (against the most stubborn defence):</p>'
            f'<ol>{"".join(steps)}</ol></div>')


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _controls_html(p: Puzzle, state: HandState, finished: bool, hints: int) -> str:
    if finished:
        return ""
    seat = state.current_player()
    others = [a for a in state.legal_actions() if a.kind is not Kind.PLAY]
    buttons = "".join(f'<button type="button" class="md-button sv-table-act" data-do="try" data-action="{a}">'
                      f"{escape(_upper(describe_action(a)))}</button>" for a in others)
    acts = f'<div class="sv-table-acts">{buttons}</div>' if buttons else ""
    ladder = ""
    if hints < len(HINT_COSTS):
        cost = HINT_COSTS[hints]
        what = "shows the answer and counts as a miss" if hints == len(HINT_COSTS) - 1 else f"costs {cost} points"
        ladder = (f'<button type="button" class="md-button sv-pz-hint" data-do="hint" data-cost="{cost}">'
                  f"Hint {hints + 1} of {len(HINT_COSTS)}: {_HINT_NAMES[hints]} ({what})</button>")
    reveal = ('<button type="button" class="md-button sv-pz-show" data-do="show">'
              "Show the solution (counts as a miss)</button>")
    return (f'<div class="sv-table-turn"><p class="sv-table-prompt"><strong>{COMPASS[seat]} to play.</strong> '
            f'Press a card of {COMPASS[seat]}\'s, or type one in the box above (h2 is ♥2).</p>{acts}'
            f'<p class="sv-pz-help">{ladder} {reveal}</p></div>')


def puzzle_html(p: Puzzle, state: HandState, *, verdict: str = "", message: str = "", hints: int = 0,
                shown_all: bool = False) -> str:
    settled = p.sure(state)
    finished = settled or shown_all
    status = "shown" if shown_all else ("solved" if settled else "play")
    seats = "".join(_seat(state, q, not finished) for q in (2, 1, 3, 0))
    note = ""
    if message:
        mark = {"right": "✓ ", "wrong": "✗ ", "solved": "✓ "}.get(verdict, "")
        note = f'<p class="sv-pz-verdict sv-pz-verdict--{verdict or "info"}"><strong>{mark}</strong>{escape(message)}</p>'
    end = ""
    if settled:
        end = (f'<p class="sv-pz-done"><strong>✓ Solved.</strong> However anyone plays from here, your side will '
               f'{escape(p.goal_text())}.</p>')
    if shown_all or settled:
        end += _solution(p)
    themes = " ".join(p.themes)
    return (f'<div class="sv-puzzle" data-puzzle="{p.id}" data-state="{status}" data-verdict="{verdict}" '
            f'data-rating="{p.rating}" data-level="{p.level}" data-themes="{themes}" data-count="{len(puzzles())}">'
            f"{_facts(p, state)}{note}"
            f'<div class="sv-pz-felt">{seats}</div>{_last_trick(state)}'
            f"{_hint_list(p, state, hints)}{end}{_controls_html(p, state, finished, hints)}</div>")


# -- the widget ---------------------------------------------------------------------------------------


def _controls(params: Params) -> str:
    return html.puzzle_controls(params, label="Your card", placeholder="h2", help_id="sv-pz-try-help",
                                help_text="A card as suit and rank: h2, S9, ♦K.")


@widget(GAME, "puzzle", title="Puzzle", controls=_controls)
def answer(params: dict[str, str]) -> Answer:
    p = _puzzle(params)
    moves = _moves(params)
    hints = _hints(params)
    try:
        state = p.play(moves)
    except StytvoltError as err:
        raise WidgetError(f"moves: {err}") from None
    shown_all = params.get("show", "").strip().lower() in ("yes", "true", "1")
    verdict, message = "", ""
    attempt = params.get("try", "").strip()
    if not moves and not attempt:
        # A fresh start: the reader's side may have forced moves before any choice.
        advance(p, state, moves)
    if attempt and not shown_all:
        if p.sure(state):
            raise WidgetError("the puzzle is over: nothing more to play")
        if state.current_player() % 2 != SIDE:
            raise WidgetError("it is the defence's turn")
        action = _try(state, attempt)
        judged = p.judge(state, action)
        if judged.ok:
            moves.append(str(action))
            state.apply(action)
            after = advance(p, state, moves)
            verdict = "right"
            message = f"Right: {describe_action(action)} keeps the goal within reach."
            if after:
                message += f" Then {_said(after)}."
            if p.sure(state):
                verdict = "solved"
        else:
            verdict = "wrong"
            message = "Not this one, taken back. " + judged.reason.render(COMPASS, _TEAMS)
    html = puzzle_html(p, state, verdict=verdict, message=message, hints=hints, shown_all=shown_all)
    return {"html": html, "set": {"id": p.id, "moves": ",".join(moves), "hints": str(hints), "try": ""}}


# -- the list of every puzzle -----------------------------------------------------------------------------


def _link(p: Puzzle) -> str:
    path = f"puzzles/?id={p.id}#puzzle"
    return f'<a data-site-path="{path}" href="{path}" data-puzzle="{p.id}">{p.id}</a>'


@figure(GAME, "puzzle-list")
def puzzle_list(params: Params) -> str:
    """Every published puzzle, by level (a table each) and by theme (links)."""
    out = []
    for level, name in LEVELS.items():
        rows = "".join(
            f'<tr data-puzzle="{p.id}"><th scope="row">{_link(p)}</th><td>{escape(p.goal_text())}</td>'
            f'<td>{escape(", ".join(THEMES[t][0] for t in p.themes))}</td><td>{p.rating}</td>'
            f'<td class="sv-pz-record">not tried</td></tr>'
            for p in puzzles(level)
        )
        count = len(puzzles(level))
        out.append(
            f'<details class="sv-pz-level"{" open" if level == 1 else ""}><summary>{name.capitalize()}: '
            f'{count} puzzles</summary><div class="sv-scroll" tabindex="0" role="region" aria-label="{name.capitalize()} puzzles">'
            f'<table class="sv-pz-table"><caption>{name.capitalize()} puzzles, easiest first</caption>'
            f'<thead><tr><th scope="col">Puzzle</th><th scope="col">Goal</th><th scope="col">Themes</th>'
            f'<th scope="col">Rating</th><th scope="col">Your result</th></tr></thead><tbody>{rows}</tbody></table></div></details>'
        )
    themes = []
    for key, (title, _) in THEMES.items():
        by_level = []
        for level, name in LEVELS.items():
            links = " ".join(_link(p) for p in puzzles(level, key))
            by_level.append(f"<li>{name.capitalize()}: {links or 'none yet'}</li>")
        themes.append(f'<details class="sv-pz-theme" data-theme="{key}"><summary>{escape(title)}: '
                      f'{len(puzzles(theme=key))} puzzles</summary><ul>{"".join(by_level)}</ul></details>')
    return (f'<div class="sv-pz-list"><h3 id="by-level">By level</h3>{"".join(out)}'
            f'<h3 id="by-theme">By theme</h3>{"".join(themes)}</div>')


@figure(GAME, "puzzle-dashboard")
def dashboard(params: Params) -> str:
    """Where the page draws the reader's record by theme (kept in the browser; see interactive/puzzle.mjs)."""
    import json

    names = json.dumps({key: title for key, (title, _) in THEMES.items()}, ensure_ascii=False)
    return (f'<div class="sv-pz-dashboard" data-themes="{escape(names)}">'
            "<p>Your rating, streak and record by theme appear here once the page's script runs; "
            "they are kept in this browser only.</p></div>")
