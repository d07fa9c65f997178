"""The coach at the one table (:mod:`stytvolt.web.table`): a hint at any decision of South's, the reason behind
every computer move, the review of South's decisions once a hand is over with the better line after each
mistake, and what was best at any move of a finished hand.

Every word is the engine's: the hint and the reasons are :mod:`stytvolt.analysis.coach`'s (``hint_steps``,
``why_steps``: the idea a move serves, linked to its place on the game's tactics page by
:func:`stytvolt.web.coach.idea_link`, then the figures it rests on), the review's are its ``decision_words``
and ``review_summary``, and the positions are judged by :mod:`stytvolt.analysis.review` (``moment``,
``better_line``).  This module asks them and draws what they say; like the table, it knows no game.

The table's requests it answers (each carries the game's text, ``game``; each is a long answer, a generator
yielding progress, which the browser's worker runs in slices and can cancel):

* ``do=hint``, South to act: the strongest fair player's choice for South's seat, from South's observation
  alone (:func:`hint_work`), seeded by the game (:func:`hint_seed`), so the same decision always gets the same
  hint.  The answer is the whole table drawn again with the hint under the question and the control it points to
  marked with the word "Hinted" (the table's root carries ``data-hint``, the action's text); taking it is the
  player's own press, which the page sends as ``do=play`` with ``hinted=yes``, and the game's text marks
  (:data:`stytvolt.web.table.HINT_MARK`).
* ``do=why`` with ``move`` (``<hand>.<action>``, from 0): a computer move's reason (:func:`why_work`): the same
  player, level and seed, shown the same observation, decides again.  While the hand is played, the reason
  says every card South had not seen then as "a hidden card".
* ``do=review`` with ``review`` (what is known so far; see "The review kept" below): once the last hand is over,
  its next undecided decision of South's is settled (``moment``, every card visible, at most
  :data:`REVIEW_SECONDS`), and the answer is the review's section, drawn again with it, and the review's new
  text in ``set``.  The page asks again until every decision is settled, so the review is shown decision by
  decision, and can be stopped between two and gone on with later.
* ``do=line`` with ``index`` (an action of South's in the last hand, from 0, as the review's list carries it):
  "Show me": the best action there, then every seat's perfect play to the end of the hand (``better_line``), as a
  stepper (:func:`stytvolt.web.html.stepper`): a step each card, drawn on the felt, with every hand shown.
* ``do=best`` with ``move``: "What was best here?" on any move of a finished hand (``moment``, every card
  visible), for the seat that took it, with every hand as it was then.

The review kept
---------------
The review of the last hand travels with the game (in the page's address beside ``game``, and in the
browser's storage), so reopening the game shows it again without working it out again.  Its text::

    <tag>[.<decision>.<decision>…]

``tag`` is four characters of a digest of the game's text (:func:`review_tag`), so a review is never shown with
another game.  Then each of South's decisions of the hand settled so far, in order::

    <how>[<value>][*[<best value>]*<best>]

``how`` is ``x`` (settled exactly, every card visible), ``c`` (settled in part: the review's time ran out) or
``e`` (before the card play: the strongest fair player's estimate, or its rules of thumb); a value is a number
in the game's unit, ``-`` before a negative one and ``p`` for its decimal point (``-1p25``), and none where it
is not known; ``best`` are the best actions' codes (their places among the legal actions there, as the game's
text writes them; at most :data:`MOST_BEST`, since the words name three "among others"), given only where the
review's words name them (a mistake; a choice by rules of thumb).  A decision written without them kept the
value: its value is the best value.  ``x3`` kept the value, 3; ``x-2*4*05`` lost it, -2 against 4, and the
legal actions at places 0 and 5 were best.  A review that cannot be read is refused with an error naming what
is wrong in it.  The page always shows a review as read back from its text, so a review worked out afresh and
one reopened say the same, word for word.  (Every character of the text but the letters and digits is one
an address carries as it is: ``.``, ``-``, ``_`` and ``*``.)
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from html import escape
from typing import Any, Generator, Sequence

from stytvolt.analysis.coach import Hint, decision_words, hint_steps, review_summary, said, why_steps
from stytvolt.analysis.review import Decision, better_line, history, moment
from stytvolt.core.errors import StytvoltError
from stytvolt.core.words import counted
from stytvolt.web import Answer, Params, WidgetError, Work
from stytvolt.web.coach import idea_link, idea_title
from stytvolt.web.html import stepper
from stytvolt.web.kinds import SOUTH
from stytvolt.web.table import (ALPHABET, HINT_MARK, Table, _action_code, _action_codes, _action_index, _hand_word,
                                computer_seed, game_text, move_said, position_html, read_game_text, render)

__all__ = ["Reviewed", "hint_work", "why_work", "review_work", "line_work", "best_work", "hint_html", "review_html",
           "review_text", "read_review", "review_tag", "hint_seed", "review_seed", "south_decisions", "decision_said",
           "review_summary_said", "said_text", "why_at", "review_all",
           "REVIEW_SECONDS", "LINE_SECONDS", "BEST_SECONDS", "MOST_BEST"]

#: The most time (seconds) the review gives one decision; one not settled by then says so.
REVIEW_SECONDS = 4.0
#: The most time (seconds) a better line is worked out in; a line cut short says so.
LINE_SECONDS = 10.0
#: The most time (seconds) "What was best here?" is worked out in.
BEST_SECONDS = 4.0
#: The best actions a kept review names for one decision (the words name three, and "among others" past them).
MOST_BEST = 4


def _digest(*parts: object) -> bytes:
    return hashlib.sha256("|".join(str(p) for p in parts).encode("utf-8")).digest()


def hint_seed(table: Table) -> int:
    """The seed of a hint at South's decision now: the same every time the same game reaches it."""
    h = len(table.match.hands) - 1
    return int.from_bytes(_digest("stytvolt hint", table.kind.code, table.seed, h, len(table.moves[h]))[:6], "big")


def review_seed(table: Table) -> int:
    """The seed of the fair player that judges the decisions before the card play in the last hand's review."""
    h = len(table.match.hands) - 1
    return int.from_bytes(_digest("stytvolt review", table.kind.code, table.seed, h)[:6], "big")


def review_tag(table: Table) -> str:
    """Four characters naming the game a kept review belongs to (a digest of the game's text)."""
    number = int.from_bytes(_digest("stytvolt review tag", game_text(table))[:6], "big")
    out = ""
    for _ in range(4):
        number, digit = divmod(number, len(ALPHABET))
        out += ALPHABET[digit]
    return out


def south_decisions(table: Table, h: int | None = None) -> list[int]:
    """The places of South's actions among hand ``h``'s (the last hand by default): the decisions a review judges."""
    h = len(table.match.hands) - 1 if h is None else h
    return [k for k, (seat, _) in enumerate(table.moves[h]) if seat == SOUTH]


# -- what is said, and how it is drawn ---------------------------------------------------------------------------


def _said(table: Table, who: str, hint: Hint, note: str = "") -> str:
    """A reason as the table draws it: who says it, the idea it serves (linked to its place on the game's tactics
    page) first, then the engine's sentences."""
    link = idea_link(table.kind.game, hint.idea) if hint.idea else ""
    lead = f"<strong>{escape(who, False)}</strong> ({link}):" if link else f"<strong>{escape(who, False)}:</strong>"
    return f'<p class="sv-why-said">{lead} {escape(hint.reason, False)}{escape(note, False)}</p>'


def said_text(table: Table, who: str, hint: Hint, note: str = "") -> str:
    """A reason as the terminal prints it: the same words as the page's (:func:`_said`), the idea named as its link
    is (:func:`stytvolt.web.coach.idea_title`)."""
    title = idea_title(table.kind.game, hint.idea) if hint.idea else ""
    lead = f"{who} ({title}):" if title else f"{who}:"
    return f"{lead} {hint.reason}{note}"


def hint_html(table: Table, hint: Hint, words: str) -> str:
    """The hint under South's question: the action in the words of the control that takes it, then why."""
    said = _said(table, "Why", hint) if hint.reason else ""
    return (f'<div class="sv-table-hint" role="group" aria-label="Hint">'
            f'<p class="sv-table-hint-said"><strong>Hint:</strong> {escape(words[:1].upper() + words[1:])}.</p>'
            f"{said}</div>")


def hint_work(table: Table) -> Work:
    """The hint at South's decision, drawn with the whole table (see the module docstring)."""
    state = table.hand
    if state.is_terminal():
        raise WidgetError(f"The {_hand_word(table)} is over: there is nothing to give a hint for.")
    if state.current_player() != SOUTH:
        raise WidgetError(f"A hint is for your own decisions, and it is {table.names[state.current_player()]}'s turn.")
    yield 0.0
    hint = yield from hint_steps(state, SOUTH, hint_seed(table), names=table.names)
    return {"html": render(table, hint=hint), "set": {"game": table.text()}}


def _before(table: Table, h: int, k: int) -> Table:
    """The game as it stood just before action ``k`` of hand ``h`` (replayed from its text)."""
    codes = table.codes[:h] + ["".join(_action_codes(table.codes[h])[:k])]
    return read_game_text(table.kind.game, ".".join(game_text(table).split(".")[:5] + codes))


def why_at(table: Table, h: int, k: int) -> Generator[float, None, tuple[str, Hint, str]]:
    """Computer move ``k`` of hand ``h``: who reasons ("West's reasoning"), its reason (the same player, level and
    seed on the same observation) and the note said after it; while the hand is played, every card South had not
    seen then is said as "a hidden card", and the note says so.  Yields progress."""
    seat, done = table.moves[h][k]
    name = table.names[seat]
    before = _before(table, h, k).hand
    over = table.match.hands[h].is_terminal()
    reason = yield from why_steps(before, seat, done, computer_seed(table, h, k), level=table.level,
                                  learner=None if over else SOUTH, names=table.names)
    hid = not over and "hidden card" in reason.reason.lower()
    note = " (Cards you had not seen are not named until the hand is over.)" if hid else ""
    return f"{name}'s reasoning", reason, note


def why_work(table: Table, h: int, k: int) -> Work:
    """Computer move ``k`` of hand ``h``: its reason, drawn (:func:`why_at`)."""
    yield 0.0
    who, reason, note = yield from why_at(table, h, k)
    return {"html": _said(table, who, reason, note), "set": {}}


# -- the review kept with the game -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reviewed:
    """What is known of the review of the last hand: the decisions of South's settled so far (in order), how many
    South took in all, and how many of them after a hint."""

    decisions: tuple[Decision, ...]
    total: int
    hints: int

    @property
    def complete(self) -> bool:
        return len(self.decisions) == self.total


_NUMBER = r"-?\d{1,9}(?:p\d{1,2})?"
_DECISION = re.compile(rf"([xce])({_NUMBER})?(?:\*({_NUMBER})?\*((?:_?[0-9A-Za-z]){{0,{MOST_BEST}}}))?")


def _number_text(value: float | None) -> str:
    """A value as the kept review writes it: ``-`` before a negative one, ``p`` for the point, two decimals at most."""
    if value is None:
        return ""
    rounded = round(float(value), 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").replace(".", "p")


def _number(text: str | None) -> float | None:
    if not text:
        return None
    return float(text.replace("p", ".")) if "p" in text else int(text)


def _legal_at(table: Table) -> dict[int, list[Any]]:
    """South's legal actions at each of South's decisions in the last hand, by the decision's place."""
    start, taken = history(table.hand)
    out: dict[int, list[Any]] = {}
    for k, action in enumerate(taken):
        if start.current_player() == SOUTH:
            out[k] = list(start.legal_actions())
        start.apply(action)
    return out


def review_text(table: Table, decisions: Sequence[Decision]) -> str:
    """The review of the last hand as far as ``decisions`` go, as the page keeps it (see the module docstring)."""
    legal = _legal_at(table)
    out = [review_tag(table)]
    for d in decisions:
        how = "e" if not d.solved else ("x" if d.exact else "c")
        named = d.mistake or (d.cost is None and d.best and not d.solved)
        if not named:
            out.append(how + _number_text(d.value))
            continue
        texts = [str(a) for a in legal[d.index]]
        codes = "".join(_action_code(texts.index(t)) for t in d.best[:MOST_BEST] if t in texts)
        out.append(f"{how}{_number_text(d.value)}*{_number_text(d.best_value)}*{codes}")
    return ".".join(out)


def _unreadable(what: str) -> WidgetError:
    return WidgetError(f"The review kept with this game cannot be read: {what}.")


def read_review(table: Table, text: str) -> Reviewed:
    """The review kept as ``text`` (see the module docstring) for the last hand of ``table``, every part checked;
    a :class:`WidgetError` naming what cannot be read if not.  An empty text is a review not begun."""
    places = south_decisions(table)
    hints = table.hints(len(table.match.hands) - 1)
    text = text.strip()
    if not text:
        return Reviewed((), len(places), hints)
    tag, *parts = text.split(".")
    if tag != review_tag(table):
        raise _unreadable("it is the review of another game, or of another hand")
    if len(parts) > len(places):
        raise _unreadable(f"it has {len(parts)} decisions, and you took {len(places)} in this "
                          f"{_hand_word(table)}")
    legal = _legal_at(table) if parts else {}
    decisions: list[Decision] = []
    for n, (part, k) in enumerate(zip(parts, places), 1):
        found = _DECISION.fullmatch(part)
        if found is None:
            raise _unreadable(f"decision {n}, {part[:12]!r}, is not written as a decision of a review")
        how, value_text, best_text, codes = found.groups()
        taken = str(table.moves[-1][k][1])
        value, best_value = _number(value_text), _number(best_text)
        best: tuple[str, ...]
        if codes is None:  # the decision kept the value: its value is the best
            best_value, best = value, ((taken,) if value is not None else ())
        else:
            named: list[str] = []
            for code in _action_codes(codes):
                index = _action_index(code)
                if not 0 <= index < len(legal[k]):
                    raise _unreadable(f"decision {n} names as best a choice that was not on offer there")
                named.append(str(legal[k][index]))
            if not named:
                raise _unreadable(f"decision {n} names no best choice")
            best = tuple(named)
        if (value is None) != (best_value is None) and how != "c":
            raise _unreadable(f"decision {n} has a value without the best value beside it")
        cost = None if value is None or best_value is None else max(0.0, best_value - value)
        if cost is not None and cost == int(cost):
            cost = int(cost)
        if how == "x" and value is None:
            raise _unreadable(f"decision {n} is said to be settled, without its value")
        decisions.append(Decision(taken, k, value, best_value, best, cost, how != "c", how != "e"))
    return Reviewed(tuple(decisions), len(places), hints)


def review_all(table: Table) -> Generator[float, None, Reviewed]:
    """The whole review of the last hand (over), worked out as the page works it out a decision at a time (each
    judged the same way, and read back as the page keeps it), yielding progress after each decision: what the
    terminal prints."""
    places = south_decisions(table)
    known = read_review(table, "")
    for n, k in enumerate(places, 1):
        judged = moment(table.hand, k, deadline=REVIEW_SECONDS, seed=review_seed(table))
        known = read_review(table, review_text(table, (*known.decisions, judged)))
        yield n / len(places)
    return known


def _review_params(table: Table, params: Params) -> Reviewed:
    if not table.hand.is_terminal():
        raise WidgetError(f"The {_hand_word(table)} is not over yet: its review comes when it is.")
    return read_review(table, params.get("review", ""))


def review_work(table: Table, params: Params) -> Work:
    """The next decision of the review settled (see the module docstring), and the review's section drawn again."""
    known = _review_params(table, params)
    yield 0.0
    if not known.complete:
        k = south_decisions(table)[len(known.decisions)]
        judged = moment(table.hand, k, deadline=REVIEW_SECONDS, seed=review_seed(table))
        known = read_review(table, review_text(table, (*known.decisions, judged)))  # as the page will keep it
    return {"html": review_html(table, known), "set": {"review": review_text(table, known.decisions)}}


def decision_said(game: str, decision: Decision, hand: Any = None, hinted: bool = False) -> tuple[str, str]:
    """A decision of a review as the review lists it: its mark ("Mistake:", settled with every card visible;
    "Perhaps a mistake:", an estimate before the card play; "" for none) and its words (the engine's, for the hand
    ``hand``, and whether it was taken after a hint, ``hinted``).  The page and the terminal list a review alike."""
    words = decision_words(game, decision, hand=hand)
    if hinted:
        words += " You took it after a hint."
    mark = ("Mistake:" if decision.solved else "Perhaps a mistake:") if decision.mistake else ""
    return mark, words


def review_summary_said(table: Table, review: Reviewed) -> str:
    """The line at the top of a review that is complete (the engine's summary, with the hints the hand used)."""
    return review_summary(table.kind.game, review.decisions, review.hints, hand=table.hand)


def review_html(table: Table, review: Reviewed | None) -> str:
    """The review's section at the end of the hand: the summary line (or how far it has got), each decision of
    South's settled so far in the engine's words, each mistake marked by the word and with its "Show me", and the
    button that goes on with a review not finished; then the place a better line is shown."""
    if review is None:
        review = read_review(table, "")
    game = table.kind.game
    word = _hand_word(table)
    done = len(review.decisions)
    if review.complete:
        said_all = review_summary_said(table, review)
        head = f'<p class="sv-review-summary"><strong>{escape(said_all)}</strong></p>'
    else:
        head = (f'<p class="sv-review-summary">{done} of your {counted(review.total, "decision")} reviewed so far, '
                "every card visible.</p>")
    rows = []
    for d in review.decisions:
        mark, words = decision_said(game, d, table.hand, table.hinted[-1][d.index])
        if d.mistake and d.solved:
            show = (f' <button type="button" class="sv-why sv-show-me" data-do="line" data-index="{d.index}" '
                    f'aria-label="Show me the better line instead of {escape(said(game, d.action))}">Show me</button>')
            rows.append(f'<li class="sv-review-mistake" data-index="{d.index}"><span class="sv-review-mark">{mark}'
                        f'</span> {escape(words)}{show}</li>')
        elif d.mistake:
            rows.append(f'<li class="sv-review-estimate" data-index="{d.index}"><span class="sv-review-mark">'
                        f"{mark}</span> {escape(words)}</li>")
        else:
            rows.append(f'<li data-index="{d.index}">{escape(words)}</li>')
    listed = f'<ol class="sv-review-list">{"".join(rows)}</ol>' if rows else ""
    go = ("" if review.complete else
          '<p class="sv-review-acts"><button type="button" class="md-button sv-review-go" data-do="review">'
          "Go on with the review</button></p>")
    intro = (f'<p class="sv-review-intro">Now that the {word} is over, the review sees every card and judges each of '
             "your decisions against perfect play from there.</p>")
    return (f'<section class="sv-review" aria-label="The review of your decisions" data-settled="{done}" '
            f'data-total="{review.total}" data-complete="{"yes" if review.complete else "no"}">'
            f'<h3 class="sv-table-h">The review of your decisions</h3>'
            f'<div class="sv-review-body">{head}{intro if not done else ""}{listed}{go}</div>'
            '<div class="sv-review-line"></div></section>')


# -- positions with every card shown: Show me, What was best here? ----------------------------------------------------


def _index(params: Params, table: Table) -> int:
    """The decision of South's in the last hand ``index`` names, or the refusal in the table's words."""
    text = params.get("index", "").strip()
    places = south_decisions(table)
    if not (text.isascii() and text.isdigit() and len(text) <= 6) or int(text) not in places:
        raise WidgetError(f"That is not one of your decisions in this {_hand_word(table)}.")
    return int(text)


def line_work(table: Table, params: Params) -> Work:
    """"Show me": the better line from South's decision ``index`` (see the module docstring)."""
    _review_params(table, {})
    k = _index(params, table)
    h = len(table.match.hands) - 1
    yield 0.0
    line = better_line(table.hand, k, deadline=LINE_SECONDS)
    yield 0.9
    taken = said(table.kind.game, str(table.moves[h][k][1]))
    if not line:
        raise WidgetError(f"There is no better line to show from your {taken}: before the card play the review "
                          "only estimates.")
    replay = _before(table, h, k)
    steps = [(f"Where you played {taken}", position_html(replay))]
    for text in line:
        action = next(a for a in replay.hand.legal_actions() if str(a) == text)
        replay.apply(action)
        steps.append((move_said(replay, h, len(replay.moves[h]) - 1, over=True).rstrip("."), position_html(replay)))
    cut = "" if replay.hand.is_terminal() else (
        f'<p class="sv-line-cut">The rest of the {_hand_word(table)} could not be worked out in the time the review '
        "had.</p>")
    title = f"The better line instead of your {taken}"
    return {"html": (f'<div class="sv-line" data-index="{k}"><h4 class="sv-table-h">{escape(title)}</h4>'
                     f'<p class="sv-line-intro">{escape(said(table.kind.game, line[0]))}, then every seat playing '
                     "perfectly to the end, every hand shown. Step through it card by card.</p>"
                     f"{stepper(steps, label=title, words=LINE_BUTTONS)}{cut}</div>"),
            "set": {}}


#: The stepper's buttons in a better line.
LINE_BUTTONS = {"first": "First", "back": "Previous", "forward": "Next", "last": "Last"}


def best_work(table: Table, h: int, k: int) -> Work:
    """"What was best here?" at move ``k`` of finished hand ``h``, for the seat that took it, every card visible."""
    state = table.match.hands[h]
    if not state.is_terminal():
        raise WidgetError(f"“What was best here?” is answered once the {_hand_word(table)} is over.")
    seat = table.moves[h][k][0]
    yield 0.0
    try:
        judged = moment(state, k, deadline=BEST_SECONDS, seed=review_seed(table))
    except StytvoltError:  # pragma: no cover (the move is in the hand: moment refuses nothing else)
        raise WidgetError("That move cannot be judged.") from None
    who = "your move" if seat == SOUTH else f"{table.names[seat]}'s side"
    words = decision_words(table.kind.game, judged, hand=state)
    then = _before(table, h, k)
    return {"html": (f'<div class="sv-best-said"><p class="sv-why-said"><strong>What was best here, for {escape(who)}, '
                     f"every card visible:</strong> {escape(words)}</p>"
                     f"{position_html(then)}</div>"),
            "set": {}}
