"""The puzzle room: one widget, ``puzzle``, for every game with puzzles, and the page's figure ``puzzle-rating``.

The puzzles are :mod:`stytvolt.analysis.puzzles`' (one format and one proof for every game); the reader's record
of them is :mod:`stytvolt.learn.puzzle_record`'s (a Glicko-2 rating, the misses to retry, the streaks).  This
module draws them and judges the reader's moves; it knows no game: a game joins the room by declaring its puzzle
part (``GameInfo.puzzle_module``), and its position is drawn as the table draws it
(:func:`stytvolt.web.table.scene_of`: its Kind's felt, facts and cards, the seats named as at the table).

Params (text, as the page sends them; every request is answered from them alone):

* ``do``: ``show`` (the default), ``try``, ``hint``, ``next``, ``retry`` or ``list``;
* ``puzzle``: the puzzle's id (``S0042``); with ``show`` and none, the game's puzzle of the day for ``date``
  (the reader's own date, ``2026-11-25``; the build draws :data:`BUILD_DATE`'s);
* ``moves``: the moves of the puzzle's line played so far, as their texts joined by commas; ``try``: the reader's
  move now (an action's text, as the page's buttons carry it);
* ``hints``: the rungs of the hint ladder taken so far (0 to 3); ``wrong``: the wrong moves tried so far;
  ``scored``: ``yes`` once this try at the puzzle has gone into the record;
* ``record``: the reader's record of the game, as the page keeps it (:meth:`Record.to_text`; "" for none);
* ``theme`` and ``level``: the filter (``next``, ``retry``, ``list``): a theme's key and a level's name, "" for
  every one.

``show`` draws the puzzle at ``moves``.  ``try`` judges a move at a decision of the reader's side: the line's move
is right, and the defence's replies and the side's forced moves play on until the side's next decision, the
puzzle solved at the line's end; any other legal move is wrong, taken back, and answered by the whole line by
which the defence holds the side below its goal (:func:`~stytvolt.analysis.puzzles.refutation_steps`), drawn as a
stepper on the felt, every hand shown, and said in one sentence.  ``hint`` takes the next rung of the ladder: the
idea (the theme's sentence from the game's ``THEMES``), where to look, the answer; each costs what
:data:`~stytvolt.learn.puzzle_record.HINT_COSTS` says, said on its button before it is taken, and the answer
makes the puzzle a miss.  The first wrong move, or the answer, puts the try into the record as a miss at once; a
puzzle solved puts in its score (:func:`~stytvolt.learn.puzzle_record.score_of`); either way the answer's ``set``
carries the record's new text, which the page keeps.  ``next`` opens the next puzzle for the filter, ``retry``
the oldest miss in it (:func:`~stytvolt.learn.puzzle_record.next_puzzle`), and ``list`` lists the filter's
puzzles with the reader's result beside each, each a link that opens it.  A ``try`` is a long answer (the
refutation is worked out a move at a time, yielding its progress).

The answer's markup, for ``interactive/puzzle.mjs``: ``.sv-pz`` carries ``data-game``, ``data-puzzle``,
``data-state`` (``play`` or ``solved``), ``data-verdict`` (``right``, ``wrong``, ``solved``, ``hint``, or
empty), ``data-scored`` and ``data-spoken`` (what the page announces once the answer is shown); every control of
the puzzle (its cards, buttons and the hint) sits in ``fieldset.sv-pz-play``, ``disabled`` as drawn, which the
page enables once the answer it belongs to is shown; a card carries ``data-do="play"`` and ``data-action``, a
card that cannot be played ``aria-disabled`` and ``data-refusal``, the ladder's button ``data-do="hint"``; a link
to a puzzle carries ``data-puzzle``; a refuting line, ``section.sv-pz-refutation``, carries its moves in
``data-line`` (``seat:action`` joined by commas).  The reader's record follows the puzzle in ``section.sv-pz-you``.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any, Callable, Sequence

from stytvolt.analysis.puzzles import (LEVELS, Puzzle, PuzzleError, daily, find, listed, published, refutation,
                                       refutation_steps, side_of, themes)
from stytvolt.core import registry
from stytvolt.core.cards import Card
from stytvolt.core.checks import whole_text
from stytvolt.core.errors import StytvoltError
from stytvolt.learn.puzzle_record import (FORMULA, HINT_COSTS, PUZZLE_DEVIATION, WRONG_COST, Record, chart_svg,
                                          next_puzzle, read, score_of, summary)
from stytvolt.web import FIGURES, Answer, Params, WidgetError, Work, widget
from stytvolt.web.html import hidden_field, stepper
from stytvolt.web.table import (Scene, act_button, action_labels, facts_html, felt_html, move_words, position_html,
                                scene_of, seat_cards)

__all__ = ["DOS", "BUILD_DATE", "RUNGS", "puzzle_games", "room_html", "list_html", "record_html",
           "refutation_said", "rating_html", "hint_rung"]

#: What the room's requests may ask (``do``).
DOS = ("show", "try", "hint", "next", "retry", "list")
#: The date whose puzzle of the day the build draws (a reader's page asks again for the reader's date).
BUILD_DATE = "2026-01-01"
#: The rungs of the hint ladder: what each shows.
RUNGS = ("the idea", "where to look", "the answer")
#: The stepper's buttons in a refuting line.
LINE_BUTTONS = {"first": "First", "back": "Previous", "forward": "Next", "last": "Last"}


def puzzle_games() -> list[str]:
    """The games with puzzles, in the registry's order."""
    return [info.name for info in registry.games() if info.puzzle_module]


def _title(game: str) -> str:
    return registry.game(game).title


def _points(score: float) -> int:
    return round(score * 100)


# -- reading the params ---------------------------------------------------------------------------------------


def _do(params: Params) -> str:
    do = params.get("do", "").strip() or "show"
    if do not in DOS:
        raise WidgetError("The puzzle room cannot do that: it shows a puzzle, judges a move, gives a hint, opens the "
                          "next puzzle or a miss to retry, and lists the puzzles.")
    return do


def _puzzle(game: str, params: Params) -> Puzzle:
    """The puzzle ``puzzle`` names, or the game's puzzle of the day for ``date`` when it names none."""
    ident = params.get("puzzle", "").strip()
    if not ident:
        return daily(game, params.get("date", "").strip() or BUILD_DATE)
    p = find(ident)
    if p.game != game:
        raise WidgetError(f"{p.id} is a puzzle of {_title(p.game)}, not of {_title(game)}.")
    return p


def _moves(p: Puzzle, params: Params) -> list[str]:
    """The moves of the line played so far: a beginning of the puzzle's line that stops at a decision of the reader's
    side (or at the line's end), else refused."""
    text = params.get("moves", "").strip()
    moves = [m.strip() for m in text.split(",")] if text else []
    if moves != list(p.line[:len(moves)]):
        raise WidgetError(f"moves: these are not the moves of puzzle {p.id} so far: open the puzzle again.")
    if len(moves) < len(p.line) and not _decision(p, p.play(moves)):
        raise WidgetError(f"moves: puzzle {p.id} does not stop there for a choice of yours: open the puzzle again.")
    return moves


def _sides(p: Puzzle) -> tuple[tuple[int, ...], ...]:
    """The hand's sides, as the puzzle's position has them (the hand's end can no longer say them): how the table
    names them."""
    return tuple(tuple(side) for side in registry.game(p.game).sides(p.state()))


def _side(p: Puzzle) -> tuple[int, ...]:
    """The seats the reader plays: the puzzle's player and any partner, as the proof counts them (from the puzzle's
    position: the hand's end can no longer say them)."""
    return side_of(p.state(), p.player)


def _scene(p: Puzzle, state: Any) -> Scene:
    """A position of the puzzle drawn as the table draws it."""
    return scene_of(p.game, state, _sides(p))


def _decision(p: Puzzle, state: Any) -> bool:
    """Whether the reader's side is to choose in ``state`` (its turn, with more than one legal action)."""
    return state.current_player() in _side(p) and len(state.legal_actions()) > 1


def _count(params: Params, name: str, what: str, high: int) -> int:
    return whole_text(params.get(name, "").strip() or "0", f"{name}: {what}", 0, high, error=WidgetError)


def _yes(params: Params, name: str, what: str) -> bool:
    value = params.get(name, "").strip().lower()
    if value not in ("", "yes", "no"):
        raise WidgetError(f"{name}: {what} is yes or no, not {value[:12]!r}.")
    return value == "yes"


def _filter(game: str, params: Params) -> tuple[str | None, str | None]:
    """The filter's level (a name) and theme (a key), each None for every one; either unknown is refused."""
    level = params.get("level", "").strip() or None
    theme = params.get("theme", "").strip() or None
    if level is not None and level not in LEVELS.values():
        raise WidgetError(f"level: the levels are {', '.join(LEVELS.values())}, not {level[:20]!r}.")
    known = themes(game)
    if theme is not None and theme not in known:
        raise WidgetError(f"theme: {_title(game)}'s themes are {', '.join(known)}; {theme[:20]!r} is none of them.")
    return level, theme


# -- the words ----------------------------------------------------------------------------------------------------


def _cards_said(text: str) -> list[str]:
    """The cards an action's text names, as people write them (♥A)."""
    out = []
    for token in text.split():
        try:
            out.append(Card.parse(token).symbol)
        except StytvoltError:
            continue
    return out


def _short(scene: Scene, state: Any, seat: int, action: Any) -> str:
    """A move as the refutation's sentence says it: "East plays ♥9" (a card), else its words in the log."""
    if scene.kind.card_of(action) is not None:
        return f"{scene.names[seat]} plays {' '.join(_cards_said(str(action)))}"
    return move_words(scene, state, seat, action).rstrip(".")


def _action(state: Any, text: str) -> Any:
    return next(a for a in state.legal_actions() if str(a) == text)


def _side_names(scene: Scene, p: Puzzle) -> str:
    side = sorted(_side(p), key=lambda s: (s != p.player, s))
    names = [scene.names[s] for s in side]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def refutation_said(p: Puzzle, moves: Sequence[str], line: Sequence[tuple[int, str]]) -> str:
    """The refuting ``line`` (after the puzzle's ``moves``) in one sentence: "After ♠A, West plays ♥9, …, and South
    and North can no longer make sure of the goal (…)"."""
    state = p.play(moves)
    scene = _scene(p, state)
    side = _side_names(scene, p)
    said = []
    for k, (seat, text) in enumerate(line):
        action = _action(state, text)
        if k == 0:
            cards = _cards_said(text)
            first = cards[0] if scene.kind.card_of(action) is not None and len(cards) == 1 else _short(
                scene, state, seat, action)
            said.append(f"After {first}")
        else:
            said.append(_short(scene, state, seat, action))
        state.apply(action)
    goal = p.goal.rstrip(".")
    return f"{', '.join(said)}, and {side} can no longer make sure of the goal ({goal})."


def _line_list(p: Puzzle, start: int, heading: str) -> str:
    """The puzzle's line from move ``start`` on, a move a line in the log's words."""
    state = p.play(p.line[:start])
    scene = _scene(p, state)
    items = []
    for text in p.line[start:]:
        seat = state.current_player()
        action = _action(state, text)
        items.append(f"<li>{escape(move_words(scene, state, seat, action))}</li>")
        state.apply(action)
    return (f'<section class="sv-pz-solution" aria-label="{escape(heading)}"><h4 class="sv-table-h">{escape(heading)}'
            f'</h4><ol class="sv-pz-line">{"".join(items)}</ol></section>')


# -- the hint ladder -----------------------------------------------------------------------------------------------


def _idea(p: Puzzle, state: Any) -> str:
    """The first rung: the theme's idea, in the game's words (never the goal, which is shown already)."""
    known = themes(p.game)
    for key in p.themes:
        if key in known:
            name, idea = known[key]
            return f"{name}: {idea}"
    choices = len(state.legal_actions())
    return (f"Of your {choices} choices here, one alone makes sure of the goal against any defence: for each, ask "
            "what the defence answers, and what is left for you after it.")


def _where(p: Puzzle, moves: Sequence[str]) -> str:
    """The second rung: where to look, narrowing the choices without naming the one: the suit of the key card where
    more than one card of it may be played and other choices are left; else the key and one other choice (of three
    or more); else, of two, the defence's card that answers the other one (:func:`_look_at`)."""
    state = p.play(moves)
    key = p.line[len(moves)]
    scene = _scene(p, state)
    legal = [str(a) for a in state.legal_actions()]
    card = scene.kind.card_of(_action(state, key))
    if card is not None:
        same = [t for t in legal if (c := scene.kind.card_of(_action(state, t))) is not None and c.suit == card.suit]
        if 1 < len(same) < len(legal):
            return (f"Look at your {card.suit.symbol} {card.suit.english}: the answer is one of the {len(same)} you "
                    "may play.")
    if len(legal) > 2:
        other = legal[(legal.index(key) + 1) % len(legal)]
        first, second = sorted((key, other), key=legal.index)
        return f"The answer is {_choice(scene, state, first)} or {_choice(scene, state, second)}."
    return _look_at(p.id, tuple(moves))


@lru_cache(maxsize=64)
def _look_at(ident: str, moves: tuple[str, ...]) -> str:
    """Of two choices, the card to look at: the first card the defence plays in the line that beats the other choice
    (its refutation), named with its seat; a line with none gives a way to weigh the two instead."""
    p = find(ident)
    state = p.play(moves)
    scene = _scene(p, state)
    other = next(str(a) for a in state.legal_actions() if str(a) != p.line[len(moves)])
    line, _ = refutation(state, p.player, other)
    side = _side(p)
    replay = p.play(moves)
    for seat, text in line:
        action = _action(replay, text)
        card = scene.kind.card_of(action)
        if seat not in side and card is not None:
            return f"Look at {scene.names[seat]}'s {card.symbol}: which of your two choices leaves it nothing to do?"
        replay.apply(action)
    return "Of your two choices, follow each to the hand's end: which one leaves the defence no way to stop you?"


def _choice(scene: Scene, state: Any, text: str) -> str:
    """A choice as a hint names it: its cards (♠A), or the words on its button."""
    action = _action(state, text)
    if scene.kind.card_of(action) is not None:
        return " ".join(_cards_said(text))
    return f"“{action_labels(scene.kind, state, [action])[text]}”"


def hint_rung(p: Puzzle, moves: Sequence[str], rung: int) -> str:
    """Rung ``rung`` (1 to 3) of the ladder at the decision after ``moves``: the idea, where to look, the answer."""
    if rung == 1:
        return _idea(p, p.play(moves))
    if rung == 2:
        return _where(p, moves)
    state = p.play(moves)
    return move_words(_scene(p, state), state, state.current_player(), _action(state, p.line[len(moves)]))


def _ladder(hints: int, finished: bool, moves: Sequence[str], p: Puzzle, wrong: int) -> str:
    """The rungs taken, and the button of the next one with its cost said before it is taken."""
    if finished:
        taken = ""
    else:
        taken = "".join(f'<li><strong>Hint {k}, {RUNGS[k - 1]}:</strong> {escape(hint_rung(p, moves, k))}</li>'
                        for k in range(1, hints + 1))
    listed_rungs = f'<ol class="sv-pz-hints">{taken}</ol>' if taken else ""
    if finished or hints >= len(RUNGS):
        return listed_rungs
    if hints < len(HINT_COSTS):
        cost = f"takes {_points(HINT_COSTS[hints])} of the puzzle's 100 points"
    else:
        cost = "shows the answer: the puzzle counts as a miss"
    now = score_of(hints, False, wrong)
    worth = (f'<p class="sv-pz-worth">Solved now, this puzzle scores {_points(now)} of 100.</p>' if now else
             '<p class="sv-pz-worth">This puzzle counts as a miss already; it comes back when you retry your misses.</p>')
    return (f"{listed_rungs}{worth}<p class=\"sv-pz-ladder\"><button type=\"button\" class=\"md-button sv-pz-hint\" "
            f"data-do=\"hint\">Hint {hints + 1} of {len(RUNGS)}: {RUNGS[hints]} ({cost})</button></p>")


# -- drawing the puzzle --------------------------------------------------------------------------------------------


def _seats(p: Puzzle, scene: Scene, live: bool) -> str:
    """Every seat's cards, face up: the reader's side's seat to act has its choices as buttons."""
    state = scene.hand
    side = _side(p)
    turn = state.current_player() if not state.is_terminal() else -1
    rows = []
    for seat in sorted(range(scene.players), key=lambda s: (s not in side, s)):
        active = live and seat == turn and seat in side
        labels = action_labels(scene.kind, state, state.legal_actions()) if active else {}
        role = "your side" if seat in side else "the defence"
        doing = ' <span class="sv-turn">(to play)</span>' if seat == turn else ""
        others = "".join(act_button(text, label) for text, label in labels.items()
                         if scene.kind.card_of(_action(state, text)) is None)
        acts = f'<div class="sv-table-acts">{others}</div>' if others else ""
        cls = "sv-pz-seat sv-pz-acting" if seat == turn else "sv-pz-seat"
        rows.append(f'<section class="{cls}" aria-label="{scene.names[seat]}, {role}">'
                    f'<h4 class="sv-table-h">{scene.names[seat]} <span class="sv-pz-role">{role}</span>{doing}</h4>'
                    f"{seat_cards(scene, state, seat, labels, active)}{acts}</section>")
    return f'<div class="sv-pz-seats">{"".join(rows)}</div>'


def _prompt(p: Puzzle, scene: Scene, finished: bool) -> str:
    state = scene.hand
    if finished:
        return ""
    seat = state.current_player()
    return (f'<p class="sv-table-prompt"><strong>{scene.names[seat]} to play, for your side:</strong> press the '
            "card (or the choice) that makes sure of the goal.</p>")


def _head(p: Puzzle, day: str) -> str:
    rank = f"{LEVELS[p.level]}, rated {p.rating}"
    first = f'<span class="sv-pz-day">The puzzle of the day, {escape(day)}: </span>' if day else ""
    return (f'<h3 class="sv-pz-title" tabindex="-1">{first}Puzzle {p.id} <span class="sv-pz-rank">· '
            f"{escape(_title(p.game))} · {rank}</span></h3>")


def _goal(p: Puzzle, scene: Scene) -> str:
    return (f'<p class="sv-pz-goal"><strong>Your goal:</strong> {escape(_sentence(p.goal))} You play the cards of '
            f"{escape(_side_names(scene, p))}; every hand is shown, and the defence plays as well as it can.</p>")


def room_html(p: Puzzle, moves: Sequence[str], *, hints: int = 0, wrong: int = 0, scored: bool = False,
              verdict: str = "", said: str = "", extra: str = "", day: str = "", spoken: str = "") -> str:
    """The puzzle after ``moves``, ready for the reader's next move (or solved at the line's end): its heading, goal,
    the verdict on the last move (``verdict``, ``said``; ``spoken``, what the page announces, when it is not
    ``said``), the position with every hand shown, the ladder, and ``extra`` (a refuting line, the solution)."""
    state = p.play(moves)
    scene = _scene(p, state)
    finished = len(moves) == len(p.line)
    marks = {"right": "✓ Right. ", "solved": "✓ Solved. ", "wrong": "✗ Not that one. "}
    note = (f'<p class="sv-pz-verdict sv-pz-verdict--{verdict or "note"}"><strong>{marks.get(verdict, "")}</strong>'
            f"{escape(said)}</p>" if said else "")
    themes_said = ""
    if finished:
        known = themes(p.game)
        names = [known[t][0] for t in p.themes if t in known]
        themes_said = f'<p class="sv-pz-themes">Theme: {escape(", ".join(names))}.</p>' if names else ""
    play = (f'<fieldset class="sv-pz-play" disabled><legend class="sv-visually-hidden">Puzzle {p.id}: the cards'
            f"</legend>{facts_html(scene, state)}{felt_html(scene, state)}{_prompt(p, scene, finished)}"
            f"{_seats(p, scene, not finished)}{_ladder(hints, finished, moves, p, wrong)}</fieldset>")
    spoken = spoken or said or ("" if finished else f"{scene.names[state.current_player()]} to play.")
    return (f'<div class="sv-pz" data-game="{p.game}" data-puzzle="{p.id}" data-state="{"solved" if finished else "play"}"'
            f' data-verdict="{verdict}" data-scored="{"yes" if scored else "no"}" data-spoken="{escape(spoken)}">'
            f"{_head(p, day)}{_goal(p, scene)}{note}{themes_said}{play}{extra}</div>")


def _refuting_line(p: Puzzle, moves: Sequence[str], line: Sequence[tuple[int, str]], tried: str) -> str:
    """The refuting line as a stepper: the position, then each move on the felt, every hand shown."""
    state = p.play(moves)
    scene = _scene(p, state)
    steps = [("The position", position_html(scene))]
    for seat, text in line:
        action = _action(state, text)
        title = move_words(scene, state, seat, action).rstrip(".")
        state.apply(action)
        steps.append((title, position_html(scene)))
    title = f"How the defence beats {tried}"
    said = escape(",".join(f"{seat}:{text}" for seat, text in line))
    return (f'<section class="sv-pz-refutation" aria-label="{escape(title)}" data-line="{said}">'
            f'<h4 class="sv-table-h">{escape(title)}</h4>'
            f"{stepper(steps, label=title, words=LINE_BUTTONS)}</section>")


# -- the reader's record -------------------------------------------------------------------------------------------


def _link(p: Puzzle) -> str:
    return f'<a class="sv-pz-link" href="?puzzle={p.id}" data-puzzle="{p.id}">{p.id}</a>'


def record_html(record: Record) -> str:
    """The reader's record of a game: the rating in a sentence, its history drawn, the misses to retry (oldest
    first, each a link)."""
    game = record.game
    by_id = {p.id: p for p in published(game)}
    damaged = ('<p class="sv-pz-damaged">The record kept in this browser could not be read, so it starts afresh '
               "with your next result.</p>" if record.damaged else "")
    misses = [by_id[m] for m in record.misses if m in by_id]
    if misses:
        items = "".join(f"<li>{_link(p)} ({LEVELS[p.level]}, rated {p.rating})</li>" for p in misses)
        listed_misses = f'<ol class="sv-pz-misses">{items}</ol>'
    else:
        listed_misses = '<p class="sv-pz-misses-none">None: every puzzle you have tried is solved.</p>' if (
            record.history) else '<p class="sv-pz-misses-none">None yet.</p>'
    title = f"Your puzzles at {_title(game)}"
    return (f'<section class="sv-pz-you" aria-label="{escape(title)}"><h3 class="sv-table-h">{escape(title)}</h3>'
            f'{damaged}<p class="sv-pz-summary">{escape(summary(record))}</p>'
            f'<figure class="sv-pz-chart">{chart_svg(record)}</figure>'
            f'<h4 class="sv-table-h">Misses to retry, oldest first</h4>{listed_misses}</section>')


def _result(p: Puzzle, record: Record, last: dict[str, float]) -> str:
    if p.id in record.misses:
        return "missed: to retry"
    if p.id in last:
        return f"solved, {_points(last[p.id])} of 100"
    return "not tried"


def list_html(game: str, level: str | None, theme: str | None, record: Record) -> str:
    """The filter's puzzles, easiest first, each a link that opens it, with its level, rating, themes and the
    reader's result."""
    pool = listed(game, level, theme)
    known = themes(game)
    last = {e.puzzle: e.score for e in record.history}
    rows = "".join(
        f'<tr data-puzzle="{p.id}"><th scope="row">{_link(p)}</th><td>{LEVELS[p.level]}</td><td>{p.rating}</td>'
        f'<td>{escape(", ".join(known[t][0] for t in p.themes if t in known))}</td>'
        f"<td>{_result(p, record, last)}</td></tr>" for p in pool)
    chosen = [_title(game)] + ([known[theme][0]] if theme else []) + ([level] if level else [])
    caption = f"The puzzles: {', '.join(chosen)} ({len(pool)}), easiest first"
    return (f'<details class="sv-pz-list" data-count="{len(pool)}"><summary>{escape(caption)}</summary>'
            f'<div class="sv-scroll" tabindex="0" role="region" aria-label="{escape(caption)}">'
            f'<table class="sv-pz-table"><caption>{escape(caption)}</caption><thead><tr><th scope="col">Puzzle</th>'
            '<th scope="col">Level</th><th scope="col">Rating</th><th scope="col">Themes</th>'
            f'<th scope="col">Your result</th></tr></thead><tbody>{rows}</tbody></table></div></details>')


# -- the widget ------------------------------------------------------------------------------------------------------


def _state_set(p: Puzzle, moves: Sequence[str], hints: int, wrong: int, scored: bool) -> dict[str, str]:
    return {"game": p.game, "puzzle": p.id, "moves": ",".join(moves), "hints": str(hints), "wrong": str(wrong),
            "scored": "yes" if scored else "no", "try": ""}


def _answer(p: Puzzle, moves: Sequence[str], record: Record, *, hints: int = 0, wrong: int = 0, scored: bool = False,
            verdict: str = "", said: str = "", extra: str = "", day: str = "", changed: bool = False,
            spoken: str = "") -> Answer:
    out = _state_set(p, moves, hints, wrong, scored)
    if changed:
        out["record"] = record.to_text()
    html = room_html(p, moves, hints=hints, wrong=wrong, scored=scored, verdict=verdict, said=said, extra=extra,
                     day=day, spoken=spoken)
    return {"html": html + record_html(record), "set": out}


def _scored(record: Record, p: Puzzle, score: float) -> tuple[Record, str]:
    """The record with this result, and the change to the rating in words."""
    after = record.after(p, score)
    change = round(after.rating) - round(record.rating)
    sign = "+" if change >= 0 else "−"
    return after, f"Your {_title(p.game)} puzzle rating: {round(after.rating)} ({sign}{abs(change)})."


def _try(p: Puzzle, params: Params, record: Record) -> Work:
    moves = _moves(p, params)
    hints = _count(params, "hints", "the hints taken", len(RUNGS))
    wrong = _count(params, "wrong", "the wrong moves tried", 999)
    scored = _yes(params, "scored", "whether this try is in your record")
    tried = " ".join(params.get("try", "").split())
    if len(moves) == len(p.line):
        raise WidgetError(f"Puzzle {p.id} is solved: open the next one.")
    state = p.play(moves)
    legal = [str(a) for a in state.legal_actions()]
    if not tried:
        raise WidgetError("Choose a card (or another choice) to try.")
    if tried not in legal:
        raise WidgetError(f"{' '.join(_cards_said(tried)) or tried[:24]} is not one of your choices now: choose from "
                          "the cards on offer.")
    yield 0.0
    if tried == p.line[len(moves)]:
        done = list(p.line[:len(moves) + 1])
        while len(done) < len(p.line) and not _decision(p, p.play(done)):
            done.append(p.line[len(done)])
        scene = _scene(p, state)
        then = []
        replay = p.play(moves)
        for text in done[len(moves):]:
            seat = replay.current_player()
            action = _action(replay, text)
            then.append(_short(scene, replay, seat, action))
            replay.apply(action)
        said = f"{then[0]}." + (f" Then {', '.join(then[1:])}." if len(then) > 1 else "")
        if len(done) < len(p.line):
            return _answer(p, done, record, hints=hints, wrong=wrong, scored=scored, verdict="right", said=said)
        extra = _line_list(p, 0, "The solution, against the most stubborn defence")
        if scored:
            said += " The goal is sure. (This try was counted already.)"
            return _answer(p, done, record, hints=hints, wrong=wrong, scored=True, verdict="solved", said=said,
                           extra=extra)
        score = score_of(hints, False, wrong)
        record, rating = _scored(record, p, score)
        said += f" The goal is sure: {_points(score)} of 100. {rating}"
        return _answer(p, done, record, hints=hints, wrong=wrong, scored=True, verdict="solved", said=said,
                       extra=extra, changed=True)
    line, _ = yield from refutation_steps(state, p.player, tried)
    sentence = refutation_said(p, moves, line)
    changed = not scored
    note = ""
    if not scored:
        record, rating = _scored(record, p, 0.0)
        note = f" This puzzle counts as a miss. {rating} Try again, or step through the line below."
    extra = _refuting_line(p, moves, line, _choice(_scene(p, state), state, tried))
    return _answer(p, moves, record, hints=hints, wrong=wrong + 1, scored=True, verdict="wrong",
                   said=sentence + note, extra=extra, changed=changed)


def _hint(p: Puzzle, params: Params, record: Record) -> Answer:
    moves = _moves(p, params)
    hints = _count(params, "hints", "the hints taken", len(RUNGS))
    wrong = _count(params, "wrong", "the wrong moves tried", 999)
    scored = _yes(params, "scored", "whether this try is in your record")
    if len(moves) == len(p.line):
        raise WidgetError(f"Puzzle {p.id} is solved: there is no hint left to give.")
    if hints >= len(RUNGS):
        raise WidgetError("Every hint is taken: the answer is shown.")
    hints += 1
    rung = hint_rung(p, moves, hints)
    spoken = f"Hint {hints}, {RUNGS[hints - 1]}: {rung}"
    if hints == len(RUNGS) and not scored:
        record, rating = _scored(record, p, 0.0)
        said = f"This puzzle counts as a miss. {rating}"
        return _answer(p, moves, record, hints=hints, wrong=wrong, scored=True, verdict="hint", said=said,
                       spoken=f"{spoken} {said}", changed=True)
    return _answer(p, moves, record, hints=hints, wrong=wrong, scored=scored, verdict="hint", spoken=spoken)


def _answer_for(game: str) -> Callable[[dict[str, str]], Answer | Work]:
    def answer(params: dict[str, str]) -> Answer | Work:
        do = _do(params)
        record = read(game, params.get("record", ""))
        if do == "list":
            level, theme = _filter(game, params)
            return {"html": list_html(game, level, theme, record), "set": {}}
        if do in ("next", "retry"):
            level, theme = _filter(game, params)
            try:
                p = next_puzzle(game, record, level=level, theme=theme, retry=do == "retry")
            except PuzzleError as err:
                raise WidgetError(_sentence(str(err))) from None
            return _answer(p, [], record)
        p = _puzzle(game, params)
        if do == "try":
            return _try(p, params, record)
        if do == "hint":
            return _hint(p, params, record)
        moves = _moves(p, params)
        hints = _count(params, "hints", "the hints taken", len(RUNGS))
        wrong = _count(params, "wrong", "the wrong moves tried", 999)
        scored = _yes(params, "scored", "whether this try is in your record")
        day = "" if params.get("puzzle", "").strip() else params.get("date", "").strip()  # the build's says no day
        extra = _line_list(p, 0, "The solution, against the most stubborn defence") if len(moves) == len(p.line) else ""
        return _answer(p, moves, record, hints=hints, wrong=wrong, scored=scored, day=day, extra=extra)

    return answer


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# -- the controls: what to practise ------------------------------------------------------------------------------


def _controls(params: Params) -> str:
    games = puzzle_games()
    chosen = params.get("game", "") if params.get("game", "") in games else games[0]
    options = "".join(
        f'<option value="{g}" data-prefix="{escape(str(registry.game(g).part("puzzle_module").PREFIX))}"'
        f'{" selected" if g == chosen else ""}>{escape(_title(g))}</option>' for g in games)
    theme_fields = []
    for g in games:
        here = g == chosen
        choices = "".join(f'<option value="{key}">{escape(name)}</option>' for key, (name, _) in themes(g).items())
        theme_fields.append(
            f'<label class="sv-pz-theme-field" data-game="{g}"{"" if here else " hidden"}>Theme '
            f'<select name="theme" data-game="{g}"{"" if here else " disabled"}><option value="">Every theme</option>'
            f"{choices}</select></label>")
    levels = "".join(f'<option value="{name}">{name.capitalize()}</option>' for name in LEVELS.values())
    hidden = "".join(hidden_field(name, params.get(name, default)) for name, default in (
        ("puzzle", ""), ("moves", ""), ("hints", "0"), ("wrong", "0"), ("scored", "no"), ("date", "")))
    return (f'<div class="sv-pz-filter" role="group" aria-label="What to practise">'
            f'<label>Game <select name="game">{options}</select></label>{"".join(theme_fields)}'
            f'<label>Level <select name="level"><option value="">Every level</option>{levels}</select></label></div>'
            '<div class="sv-pz-bar"><button type="button" class="md-button md-button--primary" data-do="next">'
            'Next puzzle</button> <button type="button" class="md-button" data-do="retry">Retry my misses</button> '
            '<button type="button" class="md-button" data-do="daily">The puzzle of the day</button></div>'
            f"{hidden}")


# -- the page's figure: the rating, in words ------------------------------------------------------------------------


def rating_html(params: Params) -> str:
    """How a result is scored and how the rating moves (the Glicko-2 steps in words), from the record's constants."""
    costs = ", ".join(f"hint {k + 1} ({RUNGS[k]}) takes {_points(c)} points" for k, c in enumerate(HINT_COSTS))
    return (f'<div class="sv-pz-rating"><p>A puzzle solved with no hint scores 100 points of 100; {costs}; the '
            f"third hint, {RUNGS[-1]}, or a wrong move ({_points(WRONG_COST)} points) makes it a miss, 0. Each puzzle's "
            f"rating is its difficulty, taken to be sure within {PUZZLE_DEVIATION:g} points.</p>"
            f"<p>{escape(FORMULA)}</p></div>")


def _register() -> None:
    for game in puzzle_games():
        widget(game, "puzzle", title="Puzzles", controls=_controls, long=("record",))(_answer_for(game))
        FIGURES[(game, "puzzle-rating")] = rating_html


_register()
