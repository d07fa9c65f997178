"""Computer players that play fair: they decide on their seat's observation and nothing else.

Three levels, one entry point (:func:`computer`):

* ``"beginner"``: :class:`~stytvolt.styrivolt.bots.SimpleBot` itself, its
  rules of thumb, instantly (like SimpleBot, it breaks ties between equal
  cards with one random generator over the whole game, so its tie-breaks
  depend on what it was asked before; its reasons never do);
* ``"club"`` (the default) and ``"expert"``: look ahead.  The player draws
  deals that fit everything its seat has seen (:mod:`~stytvolt.styrivolt.sampling`:
  its own cards, the face-up cards, the tricks, what the stock-taking and the
  trades revealed), tries each legal action in every one of them, and plays
  the action that scores best on average.  An action is scored by the
  solver, exactly, once the stock is closed and the hands are small enough
  (``solve_at`` cards a hand, and the solve settles within ``solve_nodes``
  positions: a count, not a time, so a move never depends on the machine's
  speed); before that by playing the deal out with
  every seat following the beginner's rules of thumb.  The expert draws more
  deals and solves earlier: stronger, and slower.

A player sees ``state.observation(seat)`` only; the deals it draws come from
that, so scrambling the cards it has not seen cannot change its move (the
test suite checks this).  A club or expert player's random choices are
seeded by its own seed and the observation, so the same player shown the same observation always makes
the same move, and gives the same reason (:class:`Decision`), which is how a
page can answer "why did the computer do that?" long after the move.

:meth:`ComputerPlayer.think` is the same decision as a generator that yields
its progress (0 to 1) between deals, so a browser worker can run it in
slices and cancel it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Generator

from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.protocol import run_to_end
from stytvolt.core.words import counted
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.bots import SimpleBot, card_worth
from stytvolt.styrivolt.fasthand import check_solvable
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.levels import LEVEL_OF, DEFAULT_LEVEL, LEVEL_SUMMARIES, LEVELS, Level
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.sampling import sample
from stytvolt.styrivolt.solver import solve

__all__ = ["LEVELS", "LEVEL_SUMMARIES", "DEFAULT_LEVEL", "Level", "Decision", "ComputerPlayer", "computer", "describe_action"]




@dataclass(frozen=True, slots=True)
class Decision:
    """An action and why it was chosen, in words that name no seat ("this player", "the partner").

    ``scores``: each action's average score over the deals pictured (in
    strokes, the unit of ``returns()``), empty for a rule of thumb.
    """

    action: Action
    why: str
    scores: dict[str, float] = field(default_factory=dict)
    deals: int = 0


def describe_action(action: Action) -> str:
    """An action in short words: "♥3", "trade ♥5 for ♥7", "take the stock"."""
    kind = action.kind
    if kind is Kind.PLAY:
        return action.card.symbol
    if kind is Kind.TRADE:
        give, take = action.cards
        return f"trade {give.symbol} for {take.symbol}"
    words = {
        Kind.EXPOSE: "expose {}", Kind.WITH: "let {} go with the stock", Kind.DISCARD: "discard {}",
        Kind.TAKE_STOCK: "take the stock", Kind.PASS: "pass", Kind.KEEP: "keep the stock's cards",
        Kind.GO_BACK: "go back to the original hand", Kind.KEEP_BOTH: "keep both hands",
        Kind.PLAY_ON: "play on for all nine tricks", Kind.STOP: "stop and score the keeping-in",
    }
    return words[kind].format(*(c.symbol for c in action.cards))


def computer(level: str = DEFAULT_LEVEL, seed: int | None = None) -> "ComputerPlayer":
    """A computer player of the given level (see :data:`LEVELS`)."""
    return ComputerPlayer(level, seed)


class ComputerPlayer:
    """A fair computer player: ``choose(obs)``, ``decide(obs)``, ``think(obs)``.  See the module docstring."""

    def __init__(self, level: str | Level = DEFAULT_LEVEL, seed: int | None = None) -> None:
        if isinstance(level, str) and level not in LEVEL_OF:
            raise InvalidPosition(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
        if not isinstance(level, (str, Level)):
            raise InvalidPosition(f"unknown level: expected one of {', '.join(LEVELS)}, or a Level, not {type_name(level)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidPosition(f"a seed is a whole number, not {type_name(seed)}")
        self.level = LEVEL_OF[level] if isinstance(level, str) else level
        self.seed = 0 if seed is None else seed
        # The beginner is SimpleBot itself: its ties are broken by one generator over the game,
        # so `stytvolt play --level beginner` deals and plays exactly as SimpleBot always did.
        self._beginner = SimpleBot(self.seed)

    def __repr__(self) -> str:
        return f"computer({self.level.name!r}, seed={self.seed})"

    def choose(self, obs: Observation) -> Action:
        return self.decide(obs).action

    def decide(self, obs: Observation) -> Decision:
        return run_to_end(self.think(obs))

    def think(self, obs: Observation) -> Generator[float, None, Decision]:
        """The decision, yielding progress (0 to 1) after each deal pictured."""
        if not isinstance(obs, Observation):
            raise InvalidPosition(f"a computer player is shown its seat's observation (state.observation(seat)), not {type_name(obs)}")
        legal = list(obs.legal)
        if not legal:
            raise InvalidPosition("this seat has nothing to do now: the hand is over or it is another seat's turn")
        level = self.level
        if not level.deals:
            action = self._beginner.choose(obs)
            return Decision(action, self._beginner.reason)
        if len(legal) == 1:
            return Decision(legal[0], "It was the only thing this player could do.")
        rng = random.Random(f"{self.seed}|{obs.player}|{len(obs.moves)}|{obs.moves[-1:]}")
        thumb = SimpleBot(rng.randrange(2**32))
        rule = thumb.choose(obs)
        totals = {a: 0.0 for a in legal}
        wins = {a: 0 for a in legal}
        pictured = 0
        solved = 0
        for k in range(level.deals):
            world = sample(obs, rng)
            if world is not None:
                pictured += 1
                scores, exact = _score(world, legal, level, rng)
                solved += exact
                for a, v in scores.items():
                    totals[a] += v
                    wins[a] += v > 0
            yield (k + 1) / level.deals
        if not pictured:
            return Decision(rule, "It could not picture the hidden cards, so it played by rule of thumb: "
                            + _lower(thumb.reason))
        means = {a: totals[a] / pictured for a in legal}
        best = max(means.values())
        # Of actions scoring alike, the one the rules of thumb prefer, else the cheapest card.
        close = [a for a in legal if means[a] >= best - 1e-9]
        action = rule if rule in close else min(close, key=lambda a: _cost(obs, a))
        why = _why(action, means, wins, pictured, solved, close)
        return Decision(action, why, {str(a): round(v, 3) for a, v in means.items()}, pictured)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cost(obs: Observation, action: Action) -> float:
    """How much an action spends: a card's worth (keep the good ones), anything else nothing."""
    if action.kind is Kind.PLAY and obs.ranking is not None:
        return card_worth(obs.ranking, *obs.played_as(action.card))
    return 0.0


def _score(world: HandState, legal: list[Action], level: Level, rng: random.Random) -> tuple[dict[Action, float], bool]:
    """Each legal action's score for the player to move in one pictured deal, and whether the solver gave it."""
    me = world.current_player()
    if world.phase is Phase.PLAY and max(len(h) for h in world.hands) <= level.solve_at:
        try:
            check_solvable(world)
            solution = solve(world, max_nodes=level.solve_nodes)
        except StytvoltError:
            solution = None
        if solution is not None and solution.exact:
            found = {a: float(solution.values[str(a)]) for a in legal if str(a) in solution.values}
            if len(found) == len(legal):
                return found, True
    out: dict[Action, float] = {}
    for action in legal:
        out[action] = float(_play_out(world, action, me, rng))
    return out, False


def _play_out(world: HandState, action: Action, me: int, rng: random.Random) -> int:
    """Play the deal to its end after ``action``, every seat by rules of thumb; ``me``'s score."""
    state = world.clone()
    state.apply(action)
    bots = SimpleBot(rng.randrange(2**32))
    while not state.is_terminal():
        p = state.current_player()
        state.apply(bots.choose(state.observation(p)))
    return state.returns()[me]


def _why(action: Action, means: dict[Action, float], wins: dict[Action, int], pictured: int, solved: int,
         close: list[Action]) -> str:
    how = (f"solved {counted(pictured, 'deal')} that fit what this player has seen exactly" if solved == pictured
           else f"pictured {counted(pictured, 'deal')} that fit what this player has seen and played each choice out"
           + (f" (solving {solved} of them exactly)" if solved else ""))
    first = f"It {how}: {describe_action(action)} scored {_strokes(means[action])} on average"
    first += f" and came out ahead in {wins[action]} of {pictured}."
    others = sorted((a for a in means if a is not action), key=lambda a: -means[a])
    if not others:
        return first
    runner = others[0]
    if runner in close:
        return first + f" {describe_action(runner)} did as well; the cheaper choice was kept."
    return first + f" The next best, {describe_action(runner)}, scored {_strokes(means[runner])}."


def _strokes(value: float) -> str:
    sign = "+" if value > 0 else "−" if value < 0 else ""
    return f"{sign}{abs(value):.1f} strokes"
