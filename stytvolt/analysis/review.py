"""A review of a hand: each decision a player took, what it was worth with every card visible, and what it cost.

:func:`review` takes a state of any game at any point (usually a finished
hand) and a seat, and returns a :class:`Decision` for each action that seat
took, in order:

* in the card play, the game's solver (``GameInfo.solve``) settles the
  position the seat faced: every legal action's value with both sides playing
  perfectly, all cards visible, in ``returns()`` units for the seat's side
  (``GameInfo.sides``).  ``value`` is what the action taken was worth,
  ``best_value`` the most any action was, ``best`` the actions reaching it (in the order of
  ``legal_actions()``) and
  ``cost`` the difference (never negative): a cost of 0 is a decision that
  kept the value;
* before the card play (bids, the stock, an exchange, a contract, Knorri's
  phase one) nothing is settled with every card visible: the decision
  carries the strongest fair computer player's choice there instead, with the
  mean scores it pictured (``solved`` is False, and ``value``/``cost`` are
  its estimates, or None where it decided by rules of thumb).

It is written once, against the state protocol: the history is read by
undoing a clone of the state back to the deal (each ``undo()`` gives the
action back) and the hand is replayed on that clone; the state given is
never changed.  :func:`review_steps` is the same review as a generator that
yields its progress (0 to 1) after each decision settled, appending each
:class:`Decision` to a list the caller passes as soon as it is settled, so
a page running it in its worker shows each decision as it comes and can stop
at any decision (the worker's long-answer form).  ``deadline`` (seconds for
the whole review) cuts it short: a decision the solver could not finish in
time says it is not ``exact``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Generator

from stytvolt.core import registry
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.protocol import GameInfo, GameState, run_to_end
from stytvolt.analysis.games import game_of

__all__ = ["Decision", "review", "review_steps", "history", "moment", "better_line", "LINE_LIMIT"]


@dataclass(frozen=True)
class Decision:
    """One action a player took, judged.

    * ``action``: its text; ``index``: its place among the hand's actions (0 the first);
    * ``value``: what it was worth for the player's side, in ``returns()`` units; ``best_value``: the most
      any legal action was worth there; ``best``: the texts of the actions that reach it; ``cost``:
      ``best_value - value``, never negative;
    * ``exact``: False only when the review's deadline cut the solver short (``value`` and ``cost`` are then
      None when the action taken was not settled);
    * ``solved``: True when the solver settled it with every card visible; False for a decision before the
      card play, where ``best`` is the strongest fair player's choice and ``value``/``best_value``/``cost``
      its sampled means (None when it chose by rules of thumb, without figures).
    """

    action: str
    index: int
    value: float | None
    best_value: float | None
    best: tuple[str, ...]
    cost: float | None
    exact: bool = True
    solved: bool = True

    @property
    def mistake(self) -> bool:
        """Whether the decision lost value (a cost above 0)."""
        return self.cost is not None and self.cost > 0


def history(state: GameState) -> tuple[GameState, list[Any]]:
    """The state as dealt (a clone, undone back to its start) and every action taken since, in order."""
    start = state.clone()
    taken: list[Any] = []
    while True:
        try:
            taken.append(start.undo())
        except StytvoltError:
            break
    taken.reverse()
    return start, taken


def _info(state: object) -> GameInfo:
    name = game_of(type(state))
    if name is None or not isinstance(state, GameState):
        raise InvalidPosition(f"a review reads a state of one of the games, not {type_name(state)}")
    return registry.game(name)


def _strongest(info: GameInfo, seed: int) -> Any:
    """The game's strongest fair computer player: its expert."""
    from stytvolt.analysis.players import player

    return player(info.name, "expert", seed)


def _estimated(info: GameInfo, state: Any, player: int, action: Any, index: int, seed: int) -> Decision:
    """A decision before the card play: the strongest fair player's choice, and its estimate where it gives one."""
    bot = _strongest(info, seed)
    text = str(action)
    obs = state.observation(player)
    decide = getattr(bot, "decide", None)
    decided = decide(obs) if decide is not None else None
    chosen = str(decided.action if decided is not None else bot.choose(obs))
    scores: dict[str, float] = dict(getattr(decided, "scores", None) or {})
    if text in scores and chosen in scores:
        best_value = max(scores.values())
        best = tuple(t for t, v in scores.items() if v == best_value)
        value = scores[text]
        return Decision(text, index, value, best_value, best, max(0.0, best_value - value), True, False)
    return Decision(text, index, None, None, (chosen,), None, True, False)


def review_steps(state: GameState, player: int, *, since: int = 0, deadline: float | None = None, seed: int = 0,
                 found: list[Decision] | None = None) -> Generator[float, None, list[Decision]]:
    """:func:`review` yielding its progress (0 to 1) after each decision, each appended to ``found`` (when
    given) the moment it is settled."""
    info = _info(state)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise InvalidPosition(f"the player is a seat from 0 to {state.num_players - 1}, not {player!r}")
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or deadline <= 0):
        raise StytvoltError(f"a deadline is a number of seconds above 0, not {deadline!r}")
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise StytvoltError(f"since is the index of an action (0 the first), not {since!r}")
    ends = None if deadline is None else time.perf_counter() + float(deadline)
    start, taken = history(state)
    out: list[Decision] = [] if found is None else found
    # Which actions are the player's: replayed once, cheaply, before anything is solved.
    own: list[int] = []
    for i, action in enumerate(taken):
        if i >= since and start.current_player() == player:
            own.append(i)
        start.apply(action)
    for _ in taken:
        start.undo()
    done = 0
    if not own:
        yield 1.0
    for i, action in enumerate(taken):
        if i in own:
            out.append(_judged(info, start, player, action, i, ends, seed))
            done += 1
            yield done / len(own)
        start.apply(action)
    return out


def _judged(info: GameInfo, state: Any, player: int, action: Any, index: int, ends: float | None,
            seed: int) -> Decision:
    text = str(action)
    left = None if ends is None else max(ends - time.perf_counter(), 1e-3)
    try:
        solution = info.solve(state, deadline=left)
    except InvalidPosition:
        return _estimated(info, state, player, action, index, seed)
    except StytvoltError:  # the deadline came before anything was settled
        return Decision(text, index, None, None, (), None, False, True)
    values: dict[str, int] = solution.values
    best_value = max(values.values())
    best = tuple(t for t in (str(a) for a in state.legal_actions()) if values.get(t) == best_value)
    value = values.get(text)
    cost = None if value is None else best_value - value
    return Decision(text, index, value, best_value, best, cost, bool(solution.exact), True)


def review(state: GameState, player: int, *, since: int = 0, deadline: float | None = None,
           seed: int = 0) -> list[Decision]:
    """Each decision ``player`` took in ``state``'s hand, in order, judged (see the module's docstring): from the
    action numbered ``since`` on (0, the first, by default).  ``seed`` seeds the fair player that judges the
    decisions before the card play."""
    return run_to_end(review_steps(state, player, since=since, deadline=deadline, seed=seed))


def _at(state: GameState, index: int) -> tuple[GameState, Any]:
    """The hand replayed to just before its action ``index`` (a clone), and that action."""
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise InvalidPosition(f"an action of the hand is numbered from 0, not {index!r}")
    start, taken = history(state)
    if index >= len(taken):
        raise InvalidPosition(f"the hand has {len(taken)} actions, numbered from 0: there is no action {index}")
    for action in taken[:index]:
        start.apply(action)
    return start, taken[index]


def moment(state: GameState, index: int, *, deadline: float | None = None, seed: int = 0) -> Decision:
    """Action ``index`` of ``state``'s hand (0 the first), judged for the seat that took it, as :func:`review` judges
    that seat's decisions: "what was best here?" about any earlier position, all cards visible."""
    info = _info(state)
    if deadline is not None and (isinstance(deadline, bool) or not isinstance(deadline, (int, float)) or deadline <= 0):
        raise StytvoltError(f"a deadline is a number of seconds above 0, not {deadline!r}")
    at, action = _at(state, index)
    ends = None if deadline is None else time.perf_counter() + float(deadline)
    return _judged(info, at, at.current_player(), action, index, ends, seed)


#: The most actions a line shown after a decision runs to (a game that could go round for ever stops there).
LINE_LIMIT = 400


def better_line(state: GameState, index: int, *, deadline: float | None = None) -> tuple[str, ...]:
    """From just before action ``index`` of ``state``'s hand: the best action there (the first the solver finds, in
    the order of ``legal_actions()``) and then every seat playing perfectly to the end of the hand, as action texts;
    each step is settled by the game's solver, all cards visible.  Empty when the position is not one the solver
    settles (before the card play)."""
    info = _info(state)
    at, _ = _at(state, index)
    ends = None if deadline is None else time.perf_counter() + float(deadline)
    line: list[str] = []
    while not at.is_terminal() and len(line) < LINE_LIMIT:
        left = None if ends is None else max(ends - time.perf_counter(), 1e-3)
        try:
            solution = info.solve(at, deadline=left)
        except InvalidPosition:
            break
        values: dict[str, Any] = solution.values
        if not values:
            break
        top = max(values.values())
        legal = at.legal_actions()
        chosen = next(a for a in legal if values.get(str(a)) == top)
        line.append(str(chosen))
        at.apply(chosen)
    return tuple(line)
