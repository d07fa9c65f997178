"""Puzzles: positions of the play with every card shown, one goal, and one move that reaches it.

A puzzle is a double-dummy problem, as in bridge.  The side to play is
always team 0 (seats 0 and 2; the site calls them South and North, and the
reader plays both hands).  The goal is one of

* ``"win"``: win the hand;
* ``"keep-in"``: take the first five tricks (what the team does after that
  does not matter);
* ``"nine"``: take all nine tricks;
* ``"take-N"``: take at least N of the tricks still to be played.

Goals are read from the tricks, as :func:`~stytvolt.styrivolt.solver.achievable`
reads them.  A puzzle is *sound* when the goal can be reached against any
defence and exactly one legal action reaches it (the key move); every
published puzzle is checked for that by the test suite, and its stated
``line`` is a correct solution against the defence's most stubborn replies.

The published puzzles are data in the package (``puzzles.json``, made by
:mod:`~stytvolt.styrivolt.puzzle_gen`): :func:`puzzles` lists them by level
and theme, :func:`get_puzzle` finds one by id and :func:`daily` picks the
puzzle of a date.  Playing one:

* :meth:`Puzzle.judge` says whether an action keeps the goal reachable, and
  when it does not, how the defence refutes it (a :class:`Verdict` whose
  reason names seats and teams as :class:`~stytvolt.core.explain.Seat` and
  ``Team`` values, so the caller words them);
* :meth:`Puzzle.reply` is the defence's most stubborn answer;
* :meth:`Puzzle.sure` says when the goal can no longer be missed, however
  anyone plays (the tricks taken settle it, or every line left reaches it):
  the puzzle is over then;
* :meth:`Puzzle.hints` gives four hints, from vague to exact.
"""

from __future__ import annotations

import datetime as _dt
import json
import sys
import types
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

from stytvolt.core.cards import Card
from stytvolt.core.checks import shown, whole_text
from stytvolt.core.daily import of_the_day
from stytvolt.core.errors import StytvoltError, type_name
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.styrivolt.actions import Action, Kind, parse_action
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import TO_WIN, TRICKS
from stytvolt.styrivolt.players import describe_action
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.solver import achievable, certain, goal_moves, solve
from stytvolt.styrivolt.tricks import winner_index

__all__ = [
    "THEMES", "LEVELS", "SIDE", "Puzzle", "PuzzleError", "Verdict", "puzzles", "get_puzzle", "daily",
    "goal_text", "parse_goal", "reaches", "settled", "sure", "focus_card", "winning_actions", "judge", "reply", "doing", "check_sound",
]

#: The themes a puzzle may be tagged with: key → (name, the idea in a sentence, for the second hint).
THEMES: dict[str, tuple[str, str]] = {
    "lamb-timing": ("Lamb timing", "A lamb cannot be beaten when it is led, but only the winner of a trick leads: "
                    "think about when the lamb can be led, and who must win the trick before it."),
    "storm": ("Storm", "A low card of an unchosen suit, led, invites the table to fight for the trick: "
              "sometimes the cheapest lead is the one that keeps control."),
    "trader": ("Trader", "A trader can fetch an exposed card when its holder is to play: "
               "what it fetches, and when, can change every trick that follows."),
    "four-of-a-kind": ("Four of a kind", "Four cards of one rank in one hand are promoted: "
                       "count what the promoted cards can win, and lead them at the right time."),
    "unblocking": ("Unblocking", "Your two hands must not stand in each other's way: "
                   "get the card that would win the wrong trick out of the way, so the partner's cards can win later."),
    "saving-stikkar": ("Saving a stikkar", "A stikkar spent on a trick that is lost anyway, or won anyway, "
                       "is missing later: keep the big card for the trick that needs it."),
    "playing-on": ("Playing on", "After the first five tricks the team may play on for all nine: "
                   "every trick counts, so plan the whole ending, not just the next trick."),
}
#: The three levels, by number.
LEVELS: dict[int, str] = {1: "beginner", 2: "club", 3: "expert"}
#: The team whose moves the reader chooses (seats 0 and 2).
SIDE = 0

_DATA = "puzzles.json"


class PuzzleError(StytvoltError):
    """A puzzle, goal or action that cannot be used; the message says why."""


# -- goals ---------------------------------------------------------------------------------------


def parse_goal(goal: object) -> tuple[str, int]:
    """A goal's text → (``"win"``, ``"keep-in"``, ``"nine"`` or ``"take"``, N); N is 0 but for ``"take-N"``."""
    if not isinstance(goal, str):
        raise PuzzleError(f"a goal is text like 'win' or 'take-3', not {type_name(goal)}")
    if goal in ("win", "keep-in", "nine"):
        return goal, 0
    if goal.startswith("take-") and goal[5:] == goal[5:].strip():
        try:
            return "take", whole_text(goal[5:], "N", 1, TRICKS)
        except StytvoltError:
            pass
    raise PuzzleError(f"unknown goal {goal[:20]!r}: expected win, keep-in, nine or take-N (N from 1 to {TRICKS})")


def goal_text(goal: str, left: int | None = None) -> str:
    """The goal in words: "win the hand", "take 3 of the 4 tricks left"."""
    name, n = parse_goal(goal)
    if name == "win":
        return "win the hand"
    if name == "keep-in":
        return "keep in: take the first five tricks"
    if name == "nine":
        return "take all nine tricks"
    if left is None:
        return f"take {n} of the tricks left" if n > 1 else "take one of the tricks left"
    return f"take {n} of the {left} tricks left" if n > 1 else f"take one of the {left} tricks left"


def _gained(state: HandState, start: HandState) -> int:
    return state.team_tricks()[SIDE] - start.team_tricks()[SIDE]


def settled(state: HandState, goal: str, start: HandState) -> bool | None:
    """True once the tricks taken since ``start`` make the goal sure, False once they make it impossible, else None."""
    name, n = parse_goal(goal)
    won = [t.winner % 2 for t in state.tricks]
    mine = won.count(SIDE)
    if name == "take":
        if _gained(state, start) >= n:
            return True
        return False if state.is_terminal() else None
    if name == "win":
        if state.is_terminal():
            assert state.result is not None
            return state.result.team == SIDE
        if state.phase is Phase.PLAY_ON or state.playing_on is not None:
            # The team that kept in has won the hand, whatever it decides or makes of playing on.
            return won[:TO_WIN].count(SIDE) == TO_WIN
        if mine >= TO_WIN:
            return True
        return False if len(won) - mine >= TO_WIN else None
    if any(w != SIDE for w in won[:TO_WIN if name == "keep-in" else TRICKS]):
        return False
    if name == "keep-in":
        return True if len(won) >= TO_WIN else None
    return True if len(won) == TRICKS else None


def _target(state: HandState, goal: str, start: HandState) -> str | int:
    """The goal as the solver counts it from ``state``: N tricks less those taken since ``start``."""
    name, n = parse_goal(goal)
    return n - _gained(state, start) if name == "take" else name


def sure(state: HandState, goal: str, start: HandState) -> bool:
    """Whether the goal is reached however anyone plays from here: the tricks taken already make it sure, or
    every line that is left reaches it (the puzzle is over then)."""
    done = settled(state, goal, start)
    if done is not None:
        return done
    return certain(state, _target(state, goal, start), SIDE)


def reaches(state: HandState, goal: str, start: HandState) -> bool:
    """Whether team 0 can make sure of the goal from ``state`` against any defence (``start``: where the count began)."""
    done = settled(state, goal, start)
    if done is not None:
        return done
    return bool(achievable(state, _target(state, goal, start), SIDE))


def winning_actions(state: HandState, goal: str, start: HandState) -> list[Action]:
    """The legal actions after which team 0 can still make sure of the goal (one search answers them all)."""
    legal = state.legal_actions()
    done = settled(state, goal, start)
    if done is not None:
        return legal if done else []
    good = goal_moves(state, _target(state, goal, start), SIDE)
    return [a for a in legal if good[str(a)]]


# -- judging a move, and the defence's answer ----------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What a move does for the goal.

    ``ok``: the goal can still be made sure of after it.  When not,
    ``refutation`` is how the defence beats it (seat, action text) to the end
    of the trick: the defence's cards keep the goal out of reach whatever
    team 0 does later.  ``reason`` says it in words (the defence's answer,
    who takes the trick, what becomes of the goal), seats and teams left for
    the caller to name (:meth:`~stytvolt.core.explain.Reason.render`).
    """

    ok: bool
    action: str
    reason: Reason
    refutation: tuple[tuple[int, str], ...] = ()


def _first_trick_taken(state: HandState, line: list[tuple[int, Action]]) -> tuple[int, Card] | None:
    """Who takes the first trick finished on ``line`` from ``state``, and with which card (None: none finishes)."""
    s = state.clone()
    done = len(s.tricks)
    for _, action in line:
        s.apply(action)
        if len(s.tricks) > done:
            trick = s.tricks[done]
            return trick.winner, trick.cards[(trick.winner - trick.leader) % len(trick.cards)]
    return None


def doing(action: Action) -> str:
    """What a player does, said after the player's name: "plays ♠8", "trades ♦5 for ♦K"."""
    if action.kind is Kind.PLAY:
        return f"plays {action.card.symbol}"
    if action.kind is Kind.TRADE:
        return f"trades {action.cards[0].symbol} for {action.cards[1].symbol}"
    return describe_action(action)


def _worth(state: HandState, action: Action) -> float:
    """How much the card a play puts on the trick is worth keeping (:func:`~stytvolt.styrivolt.bots.card_worth`)."""
    return card_worth(state.ranking, *state.played_as(state.current_player(), action.card))


def _partner_winning(state: HandState) -> bool:
    """Whether the player to move's partner holds the trick under way (False when none is under way)."""
    if not state.current:
        return False
    best = winner_index(state.ranking, state.current, state.current_promoted)
    return (state.leader + best) % 2 == state.current_player() % 2


def _takes_trick(state: HandState, action: Action) -> bool:
    """Whether a play would take the trick under way from the cards already in it."""
    card, promoted = state.played_as(state.current_player(), action.card)
    return winner_index(state.ranking, (*state.current, card), (*state.current_promoted, promoted)) == len(state.current)


def focus_card(action: Action) -> Card | None:
    """The card a move is about: the card played, or the card a trade fetches (None for a decision)."""
    if action.kind is Kind.TRADE:
        return action.cards[1]
    return action.cards[0] if action.cards else None


def _natural(state: HandState, moves: list[Action]) -> Action:
    """Of these moves, the one a player makes without thinking: the cheapest card that takes the trick from
    the other side, else the cheapest card (a trade or a decision: the first)."""
    plays = [a for a in moves if a.kind is Kind.PLAY]
    if not plays:
        return moves[0]
    if state.current and not _partner_winning(state):
        takers = [a for a in plays if _takes_trick(state, a)]
        if takers:
            return min(takers, key=lambda a: _worth(state, a))
    return min(plays, key=lambda a: _worth(state, a))


def _refute(state: HandState, goal: str, start: HandState) -> list[tuple[int, Action]]:
    """The play from ``state`` (goal out of reach) to the end of the trick under way, or of the next one
    when none is: the defence plays a natural card among those that keep the goal out of reach (one search
    finds them), team 0 plays naturally too (whatever it plays, the goal stays out of reach)."""
    line: list[tuple[int, Action]] = []
    s = state.clone()
    finished = len(s.tricks) + 1
    while settled(s, goal, start) is None and len(s.tricks) < finished:
        p = s.current_player()
        legal = s.legal_actions()
        if p % 2 == SIDE or len(legal) == 1:
            choice = _natural(s, legal)
        else:
            keeps = goal_moves(s, _target(s, goal, start), SIDE)
            choice = _natural(s, [a for a in legal if not keeps[str(a)]])
        line.append((p, choice))
        s.apply(choice)
    return line


def _by_score(state: HandState, legal: list[Action]) -> list[Action]:
    """The legal actions, the best for the player to move (on the solver's score) first."""
    if len(legal) == 1:
        return legal
    values = solve(state).values
    return sorted(legal, key=lambda a: -values.get(str(a), 0))


def _kept(action: Action) -> Verdict:
    return Verdict(True, str(action), Reason.of("puzzle-good", "{move} keeps the goal within reach.",
                                                 move=describe_action(action)))


def judge(state: HandState, action: Action | str, goal: str, start: HandState) -> Verdict:
    """Whether ``action`` (team 0's, legal now) keeps the goal within reach; if not, the defence that shows it."""
    if state.current_player() % 2 != SIDE:
        raise PuzzleError("it is the defence's turn, not yours")
    try:
        act = parse_action(action)
    except StytvoltError as err:
        raise PuzzleError(str(err)) from None
    if act not in state.legal_actions():
        raise PuzzleError(f"{describe_action(act)} cannot be played now")
    child = state.clone()
    child.apply(act)
    words = describe_action(act)
    if reaches(child, goal, start):
        return _kept(act)
    line = _refute(child, goal, start)
    replies = [(p, a) for p, a in line if p % 2 != SIDE]
    name, n = parse_goal(goal)
    if name == "take":
        outcome = f"{{side}} can no longer make sure of {goal_text(goal, TRICKS - len(start.tricks))[5:]}"
    elif name == "win":
        outcome = "{other} win the hand"
    elif name == "keep-in":
        outcome = "{other} take a trick among the first five, so {side} cannot keep in"
    else:
        outcome = "{other} take a trick, so {side} cannot take all nine"
    args: dict[str, object] = {"move": words, "side": Team(SIDE), "other": Team(1 - SIDE)}
    taker = _first_trick_taken(child, line)
    if replies:
        p, a = replies[0]
        args.update(seat=Seat(p), answer=doing(a))
        template = "After {move}, {seat} {answer} and " + outcome + "."
        if taker is not None and taker[0] % 2 != SIDE and (taker[0], taker[1]) != (p, a.cards[-1] if a.cards else None):
            args.update(taker=Seat(taker[0]), card=taker[1].symbol)
            template = "After {move}, {seat} {answer}, {taker} takes the trick with {card}, and " + outcome + "."
    else:
        template = "After {move}, " + outcome + " whatever the defence plays."
    reason = Reason("puzzle-refuted", template, (), tuple(args.items()))
    return Verdict(False, str(act), reason, tuple((p, str(a)) for p, a in line))


def reply(state: HandState, goal: str, start: HandState) -> Action:
    """The defence's most stubborn answer: the one that leaves team 0 the fewest ways on, then the best on the
    solver's score (the goal is still sure whatever the defence plays, so every answer keeps it in reach)."""
    if state.current_player() % 2 == SIDE:
        raise PuzzleError("it is your turn, not the defence's")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ordered = _by_score(state, legal)

    def stubbornness(a: Action) -> tuple[int, int]:
        child = state.clone()
        child.apply(a)
        if sure(child, goal, start):
            return (1, 0)  # makes the goal sure: the least stubborn
        if child.current_player() % 2 != SIDE:
            return (0, 0)
        return (0, len(winning_actions(child, goal, start)))

    return min(ordered, key=stubbornness)  # min keeps the first of equals: the best on the score


# -- the puzzle ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One published puzzle.

    * ``id``: ``"P0001"`` …; ``position``: the ``HandState`` JSON it starts from
      (:meth:`state` restores it); ``goal``; ``level`` (1 to 3, :data:`LEVELS`);
      ``themes`` (keys of :data:`THEMES`);
    * ``line``: the solution against the most stubborn defence, as action texts
      from the key move until the goal is sure;
    * ``rating``: its difficulty, on a chess-like scale (about 800 to 2200);
    * ``idea``: the point of it in a sentence (the third hint's neighbour);
      ``focus``: the card to look at (the key move's card, or the card a
      trade fetches);
    * ``fails``: how many legal first moves fail (the tempting alternatives).
    """

    id: str
    position: dict[str, Any]
    goal: str
    level: int
    themes: tuple[str, ...]
    line: tuple[str, ...]
    rating: int
    idea: str
    focus: str
    fails: int
    _start: list[HandState] = field(default_factory=list, compare=False, repr=False)

    @property
    def key(self) -> str:
        """The key move's text."""
        return self.line[0]

    def _origin(self) -> HandState:
        """The position itself, restored once: only ever read (a start the counts begin from), never played on."""
        if not self._start:
            self._start.append(HandState.from_json(self.position))
        return self._start[0]

    def state(self) -> HandState:
        """A fresh copy of the position."""
        return self._origin().clone()

    @property
    def tricks_left(self) -> int:
        return TRICKS - len(self._origin().tricks)

    def goal_text(self) -> str:
        return goal_text(self.goal, self.tricks_left)

    def play(self, actions: Iterable[str]) -> HandState:
        """The position after ``actions`` (texts, from the start); each must be legal, else :class:`PuzzleError`."""
        s = self.state()
        for i, text in enumerate(actions):
            try:
                act = parse_action(text)
            except StytvoltError as err:
                raise PuzzleError(f"move {i + 1}: {err}") from None
            refused = s.refusal(act)
            if refused is not None:
                raise PuzzleError(f"move {i + 1}, {text[:12]}, is not a legal move there")
            s.apply(act)
        return s

    def _on_line(self, state: HandState) -> int | None:
        """How far along the solution ``state`` is, when every move since the start was the solution's."""
        start = len(self._origin().history)
        played = [str(a) for _, a in state.history[start:]]
        return len(played) if played == list(self.line[:len(played)]) and len(played) < len(self.line) else None

    def judge(self, state: HandState, action: Action | str) -> Verdict:
        """:func:`judge` for this puzzle.  The solution's own moves are known to keep the goal in reach
        (:func:`check_sound`, which the tests run on every published puzzle, proves it), so they are not
        searched again."""
        k = self._on_line(state)
        if k is not None and str(action) == self.line[k] and state.current_player() % 2 == SIDE:
            return _kept(parse_action(self.line[k]))
        return judge(state, action, self.goal, self._origin())

    def reply(self, state: HandState) -> Action:
        """:func:`reply` for this puzzle; on the solution's line it is the line's move (:func:`check_sound`
        proves the two agree), so it is not searched again."""
        k = self._on_line(state)
        if k is not None and state.current_player() % 2 != SIDE:
            return parse_action(self.line[k])
        return reply(state, self.goal, self._origin())

    def advance(self, state: HandState) -> list[tuple[int, Action]]:
        """After a right move: the defence's replies and the reader's forced moves (one legal action), played
        on ``state`` until the reader must choose or the goal is sure.  Returns them (seat, action)."""
        done: list[tuple[int, Action]] = []
        while not self.sure(state):
            seat = state.current_player()
            if seat % 2 == SIDE:
                legal = state.legal_actions()
                if len(legal) != 1:
                    break
                action = legal[0]
            else:
                action = self.reply(state)
            done.append((seat, action))
            state.apply(action)
        return done

    def settled(self, state: HandState) -> bool | None:
        return settled(state, self.goal, self._origin())

    def sure(self, state: HandState) -> bool:
        """Whether the goal is sure from here however anyone plays: the puzzle is solved."""
        return sure(state, self.goal, self._origin())

    def winning(self, state: HandState) -> list[Action]:
        return winning_actions(state, self.goal, self._origin())

    def hints(self, state: HandState | None = None) -> tuple[str, str, str, str]:
        """Four hints for the position ``state`` (default: the start), from vague to exact: the goal and the
        trick count, the idea, the card to look at, the answer (a move that keeps the goal within reach: the
        solution's when the position is on its line)."""
        s = self._origin() if state is None else state
        left = TRICKS - len(s.tricks)
        mine, theirs = s.team_tricks()
        goal = f"The goal: {self.goal_text()}. {_count_text(mine, theirs, left)}"
        k = self._on_line(s)
        if k is not None:
            move = parse_action(self.line[k])
        else:
            good = self.winning(s)
            if not good:
                raise PuzzleError("no move keeps the goal within reach here")
            move = good[0]
        card = focus_card(move)
        focus = f"Look at {_card_words(s, card)}." if card is not None else f"Think about whether to {describe_action(move)}."
        answer = f"The answer: {describe_action(move)}."
        return goal, self.idea, focus, answer

    @property
    def level_name(self) -> str:
        return LEVELS[self.level]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "position": self.position, "goal": self.goal, "level": self.level,
                "themes": list(self.themes), "line": list(self.line), "rating": self.rating,
                "idea": self.idea, "focus": self.focus, "fails": self.fails}

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        if not isinstance(data, dict):
            raise PuzzleError(f"a puzzle is a JSON object, not {type_name(data)}")
        try:
            p = cls(str(data["id"]), dict(data["position"]), str(data["goal"]), int(data["level"]),
                    tuple(str(t) for t in data["themes"]), tuple(str(a) for a in data["line"]),
                    int(data["rating"]), str(data["idea"]), str(data["focus"]), int(data["fails"]))
        except (KeyError, TypeError, ValueError) as err:
            raise PuzzleError(f"a puzzle's JSON lacks or garbles {err}") from None
        parse_goal(p.goal)
        if p.level not in LEVELS:
            raise PuzzleError(f"a puzzle's level is 1, 2 or 3, not {p.level}")
        unknown = [t for t in p.themes if t not in THEMES]
        if unknown:
            raise PuzzleError(f"unknown theme {unknown[0][:20]!r}: expected one of {', '.join(THEMES)}")
        if not p.line:
            raise PuzzleError("a puzzle's line names at least its key move")
        return p


def _count_text(mine: int, theirs: int, left: int) -> str:
    def n(k: int) -> str:
        return "no tricks" if k == 0 else ("one trick" if k == 1 else f"{k} tricks")

    return f"Your side has {n(mine)} and the defence {n(theirs)}; {left} to play."


def _card_words(state: HandState, card: Card) -> str:
    names = state.ranking.names(card)
    return f"{card.symbol} ({names.english})" if names.english != card.english else f"{card.symbol}"


# -- the published puzzles ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _published() -> tuple[Puzzle, ...]:
    text = resources.files("stytvolt.styrivolt").joinpath(_DATA).read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(Puzzle.from_json(d) for d in data["puzzles"])


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The published puzzles, easiest first within a level; ``level`` (1–3 or its name) and ``theme`` narrow the list."""
    lv: int | None = None
    if level is not None:
        if isinstance(level, str) and level in LEVELS.values():
            lv = next(k for k, v in LEVELS.items() if v == level)
        elif isinstance(level, int) and not isinstance(level, bool) and level in LEVELS:
            lv = level
        else:
            raise PuzzleError(f"unknown level {shown(level)}: expected 1, 2, 3 or {', '.join(LEVELS.values())}")
    if theme is not None and (not isinstance(theme, str) or theme not in THEMES):
        raise PuzzleError(f"unknown theme {shown(theme)}: expected one of {', '.join(THEMES)}")
    return [p for p in _published() if (lv is None or p.level == lv) and (theme is None or theme in p.themes)]


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The published puzzle with this id (``"P0042"``; case and leading zeros do not matter)."""
    if not isinstance(puzzle_id, str):
        raise PuzzleError(f"a puzzle id is text like 'P0042', not {type_name(puzzle_id)}")
    text = puzzle_id.strip().upper().lstrip("P")
    try:
        number = whole_text(text, "a puzzle's number", 0, 999_999) if text == text.strip() else -1
    except StytvoltError:
        number = -1
    if number < 0:
        raise PuzzleError(f"a puzzle id is P and a number, like P0042, not {shown(puzzle_id)}")
    wanted = f"P{number:04d}"
    for p in _published():
        if p.id == wanted:
            return p
    raise PuzzleError(f"there is no puzzle {wanted}: the ids run from P0001 to P{len(_published()):04d}")


def daily(date: _dt.date | str | None = None) -> Puzzle:
    """The puzzle of the day: every published puzzle in turn, in an order fixed by the data, one a day.

    ``date`` is a date or its ISO text (``"2026-11-25"``); None means today.
    """
    return of_the_day(_published(), date, PuzzleError, first_step=97)


def check_sound(p: Puzzle) -> list[str]:
    """What is wrong with a puzzle (empty when it is sound): the goal in reach, the key move the only one that
    keeps it there, the line legal and correct against the most stubborn defence, the goal settled at its end."""
    problems: list[str] = []
    s = p.state()
    if s.current_player() % 2 != SIDE:
        return [f"{p.id}: the defence is to move"]
    wins = p.winning(s)
    if [str(a) for a in wins] != [p.key]:
        problems.append(f"{p.id}: the winning first moves are {[str(a) for a in wins]}, not just {p.key}")
    start = p._origin()
    for i, text in enumerate(p.line):  # judged and answered afresh: Puzzle.judge and reply trust the line
        if p.sure(s):
            problems.append(f"{p.id}: the goal is sure before move {i + 1}: the line is too long")
            break
        if s.current_player() % 2 == SIDE:
            if not judge(s, text, p.goal, start).ok:
                problems.append(f"{p.id}: move {i + 1}, {text}, loses the goal")
                break
        else:
            answer = reply(s, p.goal, start)
            if str(answer) != text:
                problems.append(f"{p.id}: move {i + 1}: the most stubborn reply is {answer}, not {text}")
                break
        s.apply(parse_action(text))
    else:
        if not p.sure(s):
            problems.append(f"{p.id}: the goal is not sure at the end of the line")
    return problems


class _Listing(types.ModuleType):
    """This module, which is also the listing it is named for: ``stytvolt.styrivolt.puzzles()`` is
    :func:`puzzles` (so the package lists its puzzles whether or not this module was imported before)."""

    def __call__(self, level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
        return puzzles(level, theme)


sys.modules[__name__].__class__ = _Listing
