"""Stýrivolt puzzles: an ending of the play, every card shown, one way for South and North to make sure of the score.

The game's puzzle part for :mod:`stytvolt.analysis.puzzles`, which proves,
lists and finds every game's puzzles alike (``find("P0042")``,
``daily("styrivolt")``).  Here is only what is Stýrivolt's own:

* :data:`THEMES`, the seven ideas the tactics page teaches, and
  :data:`IDEA_THEMES`, the coach's ideas (:mod:`~stytvolt.styrivolt.coach`)
  each filed under one of them;
* :func:`goal_words`: a puzzle's ``target`` is a value of the hand's
  ``returns()``, in strokes (an ordinary game one, keeping in two, all nine
  tricks three, a monk's cross six); the goal says what reaching it means;
* :func:`tricks_left` and :func:`decided`, read from the compiled hand
  (:mod:`~stytvolt.styrivolt.fasthand`): a puzzle's line stops as soon as no
  card anyone plays can change the score, so the cards that no longer matter
  are not asked for;
* :func:`make`, the recipe: a search of deals for each theme
  (:mod:`~stytvolt.styrivolt.puzzle_gen`).

The published puzzles are ``puzzles.json`` in this folder, written by
``python -m stytvolt.analysis.puzzles styrivolt``; :func:`puzzles` lists them,
and so does this module when called (``stytvolt.styrivolt.puzzles("club")``).
"""

from __future__ import annotations

import sys
import types
from typing import Any

from stytvolt.analysis.puzzles import Candidate, Puzzle, PuzzleError, listed
from stytvolt.core.errors import StytvoltError, type_name
from stytvolt.styrivolt.chalk import Result, points

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "goal_words", "tricks_left", "decided", "make", "puzzles"]

PREFIX = "P"
#: The themes: key → (name, the idea in a sentence: the first hint, which must not give the answer away).
THEMES: dict[str, tuple[str, str]] = {
    "trader": ("Trader", "A trader fetches the face-up card of its suit when it is played or traded: what it brings "
               "in, and when, can change every trick that follows."),
    "storm": ("Storm", "A low card of an unchosen suit, led, invites the table to fight for the trick: "
              "sometimes the cheapest lead is the one that keeps control."),
    "four-of-a-kind": ("Four of a kind", "Four cards of one rank in one hand are promoted: "
                       "count what the promoted cards can win, and lead them at the right time."),
    "playing-on": ("Playing on for nine", "A team that takes the first five tricks has kept in and may play on for "
                   "all nine, where one trick lost leaves an ordinary game: plan the whole ending, not the next trick."),
    "unblocking": ("Unblocking", "Your two hands must not stand in each other's way: "
                   "the card that would win the wrong trick is better out of the way, so the partner's cards can win "
                   "later."),
    "lamb-timing": ("Lamb timing", "A lamb cannot be beaten when it is led, but only the winner of a trick leads: "
                    "think about when the lamb can be led, and who must win the trick before it."),
    "saving-stikkar": ("Saving a stikkar", "A stikkar spent on a trick that is lost anyway, or won anyway, "
                       "is missing later: keep the big card for the trick that needs it."),
}
#: The coach's ideas, each filed under the theme it serves (the stock is closed in every puzzle, and the ideas of
#: winning a trick high or drawing out the stikkar are filed under none).
IDEA_THEMES: dict[str, str] = {
    "trader": "trader", "keep-guessing": "trader",
    "storm": "storm", "pregnant-ewe": "storm",
    "four-of-a-kind": "four-of-a-kind", "dead-seven": "four-of-a-kind",
    "keep-in": "playing-on", "play-on": "playing-on",
    "unblock": "unblocking",
    "lamb": "lamb-timing", "lamb-timing": "lamb-timing",
    "save-stikkar": "saving-stikkar", "cheap-win": "saving-stikkar",
}

#: How far :func:`decided` looks: the positions (each counted as often as a way on meets it) it looks through before it
#: says the score may still change.
DECIDED_NODES = 1_000_000


def _team_words(player: int) -> str:
    """The team of ``player`` as the table names its seats: "South and North", "West and East"."""
    from stytvolt.core.words import seat_names

    names = seat_names(4)
    return f"{names[player % 2]} and {names[player % 2 + 2]}"


def _strokes(n: int) -> str:
    return "one stroke" if n == 1 else f"{n} strokes"


def _alone_possible(state: Any, team: int) -> bool:
    """Whether a player of ``team`` may still end the hand with an "alone" result: every trick the team has taken is
    that player's, and the other team has none."""
    won = state.won
    mine = won[team] + won[team + 2]
    theirs = won[1 - team] + won[3 - team]
    return not theirs and (won[team] == mine or won[team + 2] == mine)


def _possible(state: Any, team: int, worth: dict[Result, int]) -> set[int]:
    """The scores ``team`` may still end the hand with, as the tricks so far allow (the cards may rule out more)."""
    from stytvolt.styrivolt.records import Phase

    keeper = state.playing_on
    if keeper is None and state.phase is Phase.PLAY_ON:
        keeper = state.tricks[-1].winner % 2  # kept in, and about to say whether it plays on
    won = state.won
    out: set[int] = set()
    for t in (0, 1):
        if keeper is not None and t != keeper:
            continue
        sign = 1 if t == team else -1
        out.add(sign * worth[Result.ORDINARY])  # the race to five, or a trick lost when playing on
        if won[1 - t] + won[3 - t]:
            continue
        if state.playing_on is None:
            out.add(sign * worth[Result.KEPT_IN])
        out.add(sign * worth[Result.NINE_TRICKS])
        if _alone_possible(state, t):
            out |= {sign * worth[Result.KEPT_IN_ALONE], sign * worth[Result.NINE_TRICKS_ALONE]}
    return out


def goal_words(state: Any, player: int, target: int) -> str:
    """The goal for ``player``'s side: what the hand must end with for ``returns()[player]`` to be at least ``target``.

    Read in the hand's own score table (``state.rules.scoring``) and from the tricks so far: "win the hand" (an
    ordinary game or better), "keep in" (the first five tricks, and no trick lost after them when playing on), "take
    all nine tricks", "take a trick" (the opponents held to an ordinary game), "keep them from taking all nine
    tricks"; where an "alone" result is still open, or for another target, the strokes themselves.  A target every
    result the tricks so far allow reaches, or none, or a hand whose score a stock taken without the right has fixed,
    is no goal: :class:`PuzzleError`."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise PuzzleError(f"a target is a whole number of strokes, not {type_name(target)}")
    if any(not t.rightful for t in state.takes):
        raise PuzzleError("a stock taken without the right has fixed this hand's score: no goal is left to play for")
    team = player % 2
    worth: dict[Result, int] = {r: points(r, state.rules.scoring) for r in Result if r is not Result.STOCK_PENALTY}
    values = _possible(state, team, worth)
    reached = [v for v in values if v >= target]
    if not reached or len(reached) == len(values):
        raise PuzzleError(f"a target of {target} is no goal in this hand: "
                          + ("no result scores it" if not reached else "every result reaches it"))
    side, others = _team_words(player), _team_words(player + 1)
    ordinary, kept, nine = worth[Result.ORDINARY], worth[Result.KEPT_IN], worth[Result.NINE_TRICKS]
    if target == ordinary:
        return f"{side}: win the hand."
    if target == kept:
        return f"{side}: keep in (take the first five tricks), and lose no trick to {others} if you play on."
    if target == nine and not _alone_possible(state, team):
        return f"{side}: take all nine tricks."
    if target == -ordinary:
        return f"{side}: take a trick."
    if target == -kept and not _alone_possible(state, 1 - team):
        return f"{side}: keep {others} from taking all nine tricks."
    if target > 0:
        return f"{side}: score at least {_strokes(target)}."
    return f"{side}: lose no more than {_strokes(-target)}."


def tricks_left(state: Any) -> int | None:
    """How many tricks are still to be played on (the one under way counted); None outside the card play with the
    stock closed."""
    from stytvolt.styrivolt.fasthand import check_solvable
    from stytvolt.styrivolt.pack import TRICKS

    try:
        check_solvable(state)
    except StytvoltError:
        return None
    return TRICKS - len(state.tricks)


def decided(state: Any, player: int) -> int | None:
    """``player``'s score for the hand (``returns()[player]``) once no card anyone plays, nor any choice to stop or
    play on, can change it (a stock taken without the right fixes it at once); None while something still may, or
    when telling would mean looking through more than :data:`DECIDED_NODES` positions (the same answer whatever was
    asked before).  Every way the hand can go on is followed on the compiled hand, two cards of a hand that play
    alike against every card still out followed once, after four quick lines, which show most scores that are not
    decided yet by ending differently."""
    from stytvolt.styrivolt.fasthand import OVER, FastHand
    from stytvolt.styrivolt.solver import Search

    if state.is_terminal():
        return int(state.returns()[player])
    wrong = next((t for t in state.takes if not t.rightful), None)
    if wrong is not None:  # the penalty replaces whatever the tricks make
        worth = points(Result.STOCK_PENALTY, state.rules.scoring)
        return worth if player % 2 != wrong.player % 2 else -worth
    try:
        hand = FastHand.of(state)
    except StytvoltError:
        return None
    search = Search(hand, lambda h: 0)
    rules = (tuple(sorted(hand.worth.items(), key=lambda kv: kv[0].value)), hand.partner_ends, hand.compulsory,
             hand.fours, hand.bird, hand.tables.chosen)
    def outcome(h: FastHand, allowed: int) -> tuple[int, int] | None:
        """Team 0's score on every way on from ``h`` (or :data:`_VARIES`), and how many positions that look takes
        (a position met again counted again, so the figure is the position's own, whatever was looked at before);
        None when it would take more than ``allowed``."""
        if h.phase == OVER:
            return h.value(0), 1
        key = None
        if not h.trick:
            key = (rules, tuple(h.hands), h.leader, h.to_move, h.done, tuple(h.won), h.playing_on, h.phase, h.king,
                   tuple(sorted(h.exposed.items())), tuple(h.promo), tuple(h.declared), tuple(h.quads))
            known = _OUTCOMES.get(key)
            if known is not None:
                return known if known[1] <= allowed else None
        moves = h.legal()
        same = search.alike_moves(h, moves)
        found: int | None = None
        size = 1
        for m in moves:
            if m in same:
                continue
            h.apply(m)
            got = outcome(h, allowed - size)
            h.undo()
            if got is None:
                return None
            size += got[1]
            if size > allowed:
                return None
            found = got[0] if found is None or found == got[0] else _VARIES
            if found == _VARIES:
                break
        assert found is not None  # a position in play has a legal move
        if key is not None:
            if len(_OUTCOMES) > 200_000:
                _OUTCOMES.clear()
            _OUTCOMES[key] = (found, size)
        return found, size

    # Four quick lines first (each side playing what the search would try first, or last): where two of them end
    # differently the score is not decided, and the full look is not needed.
    seen = set()
    for best_0, best_1 in ((True, False), (False, True), (True, True), (False, False)):
        plays = 0
        while hand.phase != OVER:
            moves = search.ordered(hand)
            hand.apply(moves[0] if (best_0 if hand.to_move % 2 == 0 else best_1) else moves[-1])
            plays += 1
        seen.add(hand.value(0))
        for _ in range(plays):
            hand.undo()
        if len(seen) > 1:
            return None
    got = outcome(hand, DECIDED_NODES)
    if got is None or got[0] == _VARIES:
        return None
    return got[0] if player % 2 == 0 else -got[0]


#: In :func:`decided`'s table: more than one score is still possible.
_VARIES = -10_000
#: What :func:`decided` has learnt of positions at the start of a trick (kept between calls: the proof and the
#: refuting lines ask about the same positions again and again): team 0's score on every way on, or :data:`_VARIES`,
#: and the positions that look takes.  An answer never depends on what was asked before.
_OUTCOMES: dict[tuple[object, ...], tuple[int, int]] = {}


def make() -> list[Candidate]:
    """The published puzzles made afresh: the search of deals for each theme (:func:`stytvolt.styrivolt.puzzle_gen.make`)."""
    from stytvolt.styrivolt.puzzle_gen import make as search

    return search()


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The published Stýrivolt puzzles, easiest first, narrowed to a ``level`` (1 to 3 or its name) and a ``theme``."""
    return listed("styrivolt", level, theme)


class _Listing(types.ModuleType):
    """This module, which is also the listing it is named for: ``stytvolt.styrivolt.puzzles()`` is :func:`puzzles`
    (so the package lists its puzzles whether or not this module was imported before)."""

    def __call__(self, level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
        return puzzles(level, theme)


sys.modules[__name__].__class__ = _Listing
