"""Can a player still avoid losing?  An exact answer for small phase-two positions, every card seen.

Phase two of Knorri (after the table versions of phase one) is a game of
complete information, so for a position and a seat the question "can I
still make sure I do not lose?" has an answer.  It is asked in the worst
case: every other player plays against that seat, as if they were one.

Pick-ups can bring a position back (a card led, picked up, led again), so
the answer is not a walk down a tree.  :func:`analyse` lists every position
reachable from the one given (two positions are the same when the same
faces lie in the same places with the same player to move: twins of the
two-pack game merge) and computes the seat's *attractor*: the positions
from which it can force reaching one where it holds no card (or where the
game has ended with another loser).  A position from which the others can
keep the game going round for ever without the seat getting out is not in
it: the seat cannot *make sure* of getting out there.  The work is linear in
the positions found; ``max_positions`` bounds them.

The attractor is worked backwards in order of distance, so each position
also gets its *distance*: how many more actions the seat needs, at most,
against the others' most stubborn play.  The :class:`Analysis` answers the
questions a puzzle asks: which moves keep the seat safe, the others' most
stubborn reply, and, from a position the seat cannot save, the line by
which the others make it lose (worked out on demand: the others' own
attractor of the positions where the seat has lost).

Every search is also a generator (:func:`analyse_steps`,
:func:`avoid_losing_steps`) that yields a progress fraction after every
:data:`CHUNK` actions tried, a few milliseconds of work, so a page running
it in the browser's worker can stop it at once; :func:`analyse` and
:func:`avoid_losing` run the same generator to its end.

It sees every card, and says so: it is for puzzles, teaching and
analysis, never a computer player's look at a real game's hidden cards
(the Mas phase one leaves some unseen; :func:`analyse` and
:func:`avoid_losing` refuse its positions).

The shared interface of the solvers (issue 26) is written on the same
analysis: :func:`solve` gives every legal action's value in ``returns()``
units for the player to move against everyone else (an attractor per score
level; see its docstring for the ruling on a game that goes round for
ever), :func:`sides` the player to move alone and the others together.
:func:`solve` reads the Mas variant's phase two too (for a review, and for
the positions a fair player pictures).  For the sampling player
(:data:`SAMPLING`), :func:`sample` pictures a position from an observation
(the unturned pack in phase one; after the Mas phase one, the others' unseen
cards), and :func:`size` says when a picture is small enough to solve.
"""

from __future__ import annotations

import random
import time
from collections import Counter, deque
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Callable, Hashable

from stytvolt.analysis.players import Sampling, Settings
from stytvolt.analysis.solve import Solution
from stytvolt.core import checks
from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.protocol import run_to_end
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.cards import MARKED_TWO, PACK, TWO_PACKS
from stytvolt.knorri.rules import CARD_ORDER
from stytvolt.knorri.state import Action, KnorriState, Observation, outcome
from stytvolt.knorri.variants import PhaseOne

__all__ = ["Verdict", "Analysis", "avoid_losing", "avoid_losing_steps", "analyse", "analyse_steps",
           "MAX_POSITIONS", "SETTLED_SIZE", "CHUNK", "settled_value", "solve", "sides", "sample", "size", "SAMPLING"]

#: The most positions :func:`avoid_losing` lists before it gives up.
MAX_POSITIONS = 200_000
#: The largest position (:func:`size`) :func:`solve` settles when not given ``max_nodes``: past it, hardly any
#: position of play between computer players fits :data:`MAX_POSITIONS` (none from size 11 to 28 in 300 tried), and
#: trying costs seconds, so it refuses at once, as it refuses phase one: a review then gives the expert's estimate.
SETTLED_SIZE = 10
#: Actions tried between two yields of the generator forms (about 5 to 15 ms of CPython, a few times that
#: in the browser's WebAssembly).
CHUNK = 200



@dataclass(frozen=True)
class Verdict:
    """Whether ``seat`` can make sure of not losing from a position, all players seeing every card.

    ``safe``: it can; ``moves``: when it is that seat's turn, the actions that
    keep it safe (empty when none does, or when another player is to move);
    ``positions``: how many positions were listed.
    """

    seat: int
    safe: bool
    moves: tuple[str, ...]
    positions: int


def _faces(state: KnorriState) -> list[int]:
    """Each deck place's face as a number (0-51, 52 for the marked ♣2): twins share one."""
    return [c.index + 52 if c is MARKED_TWO else c.index for c in state.deck]


def _keyer(state: KnorriState) -> Callable[[KnorriState], Hashable]:
    """The position as faces in places (twins merge; who went out when does not matter here)."""
    face = _faces(state).__getitem__

    def key(s: KnorriState) -> Hashable:
        hands = tuple(tuple(sorted(map(face, h))) for h in s._hands)
        trick = tuple(tuple(map(face, g)) for g in s.trick)
        return (s.phase, s.to_move, s.loser, s.opening, s.trick_size if s.trick else 0, hands, trick,
                tuple(s.silent))

    return key


def _payoff(state: KnorriState, seat: int) -> int:
    """What ``seat`` is paid at a position settled for it: ``returns()[seat]`` once the game is over; when the seat
    has just gone out and the others play on, what it will be paid whatever they do (the game's own
    :func:`~stytvolt.knorri.state.outcome`, with those still holding cards going out in any order: the seat's own
    payment does not depend on it)."""
    if state.phase == "done":
        return state.returns()[seat]
    rest = [p for p in range(state.n) if state._hands[p]]
    return outcome(state.rules, state.n, [*state.out, *rest[:-1]], rest[-1], state.no_cards)[seat]


def settled_value(state: KnorriState, seat: int) -> int | None:
    """What ``seat`` is paid once nothing can change it: ``returns()[seat]`` once the game is over, and in phase two
    as soon as the seat holds no card (see :func:`_payoff`); None while it still holds cards or phase one is on."""
    if state.phase == "done":
        return state.returns()[seat]
    if state.phase == "play" and not state._hands[seat]:
        return _payoff(state, seat)
    return None


def _check(state: object, seat: object, max_positions: object, pictured: bool = False) -> int:
    """The seat asked about, once the position and the bound are known to be readable.  ``pictured``: the
    caller sees every card knowingly (:func:`solve`), so the Mas variant's phase two is read too."""
    if not isinstance(state, KnorriState):
        raise InvalidPosition(f"the solver reads a Knorri game, not {type_name(state)}")
    if state.phase not in ("play", "done"):
        raise InvalidPosition("the solver reads phase-two positions; this game is still in phase one")
    if state.rules.phase_one is PhaseOne.MAS and state.start_hands is None and not pictured:
        raise InvalidPosition("after the Mas phase one some cards are unseen: the solver, which sees every card, "
                              "reads only the table versions' phase two (or phase_two positions)")
    who = checks.seat(state.current_player() if seat is None else seat, state.num_players, "seat")
    if isinstance(max_positions, bool) or not isinstance(max_positions, int) or max_positions < 1:
        raise InvalidPosition(f"max_positions is a positive whole number, not {max_positions!r}")
    return who


class Analysis:
    """Every phase-two position reachable from a start, and what ``seat`` can force from each.

    Made by :func:`analyse`.  Positions are asked about as states (any state
    reached from the start by legal actions is known); each answer is the
    rules' own actions.  ``positions`` is how many were listed.
    """

    def __init__(self, seat: int, key: Callable[[KnorriState], Hashable], index: dict[Hashable, int],
                 mover: list[int], won: list[bool], lost_end: list[bool], graph: "_Graph", distance: list[int],
                 deck: tuple[Card, ...] = ()) -> None:
        self.seat = seat
        self._key = key
        self._index = index
        self._mover = mover
        self._won = won
        self._lost_end = lost_end
        self._graph = graph
        self._distance = distance
        self._doomed: list[bool] | None = None
        self._fall: list[int] = []
        self.positions = len(mover)
        self._deck = deck  # the start's deck: the positions' keys name its places
        #: At each settled position (by number): what the seat is paid, ``returns()[seat]`` once the game ends.
        self.payoff: dict[int, int] = {}

    # -- finding a position --------------------------------------------------------------------------

    def _at(self, state: KnorriState) -> int:
        found = self._index.get(self._key(state))
        if found is None:
            raise InvalidPosition("this position cannot be reached from the one the analysis started at")
        return found

    def _edges(self, k: int) -> list[tuple[Action, int]]:
        """The actions from position ``k``, in the rules' order, each with the position it leads to."""
        g = self._graph
        a, b = g.start[k], g.start[k + 1]
        return list(zip(g.labels[a:b], g.succ[a:b]))

    def _seat_to_move(self, k: int) -> bool:
        return self._mover[k] == self.seat

    # -- the seat's side ---------------------------------------------------------------------------

    def safe(self, state: KnorriState) -> bool:
        """Whether the seat can make sure of not losing from ``state``."""
        return self._won[self._at(state)]

    def distance(self, state: KnorriState) -> int:
        """From a safe position, the most actions (everyone's) before the seat is safe for good, when it
        plays its quickest way and the others their most stubborn; 0 once it is; -1 from an unsafe one."""
        return self._distance[self._at(state)]

    def reaches(self, state: KnorriState) -> bool:
        """Whether ``state`` is one of the positions listed (reached from the start, and of the same deck)."""
        return self._key(state) in self._index if state.deck == self._deck else False

    def values(self, state: KnorriState) -> dict[str, int]:
        """Each legal action's value from ``state`` in ``returns()`` units for the seat, whoever is to move: the
        most the seat can make sure of after it, every other player against it (the ruling of :func:`solve`)."""
        return _values(state, self)[0]

    def settled(self, state: KnorriState) -> bool:
        """Whether nothing more is to be decided for the seat: it holds no card, or the game is over."""
        return self._mover[self._at(state)] < 0

    def moves(self, state: KnorriState) -> list[tuple[Action, bool]]:
        """Each legal action from ``state`` (in the rules' order), with whether the seat is safe after it."""
        return [(a, self._won[j]) for a, j in self._edges(self._at(state))]

    def safe_moves(self, state: KnorriState) -> tuple[Action, ...]:
        """The seat's actions that keep it safe, when it is to move (else none)."""
        k = self._at(state)
        if not self._seat_to_move(k):
            return ()
        return tuple(a for a, j in self._edges(k) if self._won[j])

    def quickest(self, state: KnorriState) -> Action:
        """The seat's safe action that makes it safe soonest (the first in the rules' order among equals)."""
        k = self._at(state)
        options = [(self._distance[j], i, a) for i, (a, j) in enumerate(self._edges(k)) if self._won[j]]
        if not self._seat_to_move(k) or not options:
            raise InvalidPosition("the seat has no safe move to make here")
        return min(options)[2]

    def stubborn(self, state: KnorriState) -> Action:
        """Another player's action that keeps the seat from safety longest (from a safe position, the one
        putting off its escape; from an unsafe one, one keeping it unsafe, quickest to its loss)."""
        k = self._at(state)
        if self._mover[k] < 0 or self._seat_to_move(k):
            raise InvalidPosition("another player must be to move for a stubborn reply")
        edges = self._edges(k)
        if self._won[k]:
            return max(((self._distance[j], -i, a) for i, (a, j) in enumerate(edges)), key=lambda t: t[:2])[2]
        return self._keeping(k)

    # -- the others' side: how the seat loses ----------------------------------------------------------

    def doomed(self, state: KnorriState) -> bool:
        """Whether the others can force the game to end with the seat as the loser (not merely keep it
        from getting out for ever)."""
        return self._doom()[self._at(state)]

    def losing_line(self, state: KnorriState, limit: int = 60) -> tuple[list[Action], bool]:
        """From a position where the seat is not safe: the actions by which the others beat it, the seat
        holding out as long as it can, and whether the line ends with the seat the loser (True) or with
        a position coming round again (False: the others can keep that up for ever).  At most ``limit``."""
        doom = self._doom()
        k = self._at(state)
        if self._won[k]:
            raise InvalidPosition("the seat is safe here: there is no losing line")
        line: list[Action] = []
        seen = {k}
        while self._mover[k] >= 0 and len(line) < limit:
            edges = self._edges(k)
            if doom[k]:
                fall = self._fall
                if self._seat_to_move(k):
                    _, _, action, k = max((fall[j], -i, a, j) for i, (a, j) in enumerate(edges))
                else:
                    _, _, action, k = min((fall[j], i, a, j) for i, (a, j) in enumerate(edges) if doom[j])
            elif self._seat_to_move(k):
                # Not doomed: some move keeps the seat from a forced loss (the first such), though none saves it.
                action, k = next((a, j) for a, j in edges if not doom[j])
            else:
                action = self._keeping(k)
                k = next(j for a, j in edges if a is action)
            line.append(action)
            if k in seen and not doom[k]:
                return line, False
            seen.add(k)
        return line, bool(self._lost_end[k]) if self._mover[k] < 0 else False

    def _keeping(self, k: int) -> Action:
        doom = self._doom()
        options = [(0 if doom[j] else 1, self._fall[j] if doom[j] else 0, i, a)
                   for i, (a, j) in enumerate(self._edges(k)) if not self._won[j]]
        return min(options)[3]

    def _doom(self) -> list[bool]:
        if self._doomed is None:
            others = [-2 if m < 0 else int(m != self.seat) for m in self._mover]
            self._doomed, self._fall = run_to_end(_attract_gen(others, self._lost_end, self._graph))
        return self._doomed

    def verdict(self, state: KnorriState) -> Verdict:
        """The answer :func:`avoid_losing` gives for ``state``."""
        k = self._at(state)
        moves = tuple(str(a) for a, j in self._edges(k) if self._won[j]) if self._seat_to_move(k) else ()
        return Verdict(self.seat, self._won[k], moves, self.positions)


def analyse_steps(state: KnorriState, seat: int | None = None, *,
                  max_positions: int = MAX_POSITIONS, _pictured: bool = False) -> Generator[float, None, Analysis]:
    """:func:`analyse` as a generator: yields a progress fraction (0 to 1) after every :data:`CHUNK` actions
    tried, returns the :class:`Analysis`.  Closing it stops the search; ``state`` is never changed."""
    who = _check(state, seat, max_positions, _pictured)
    key = _keyer(state)
    work = state.clone()
    index: dict[Hashable, int] = {}
    mover: list[int] = []  # the player to move, or -1 at a settled position
    won: list[bool] = []
    lost_end: list[bool] = []
    payoff: dict[int, int] = {}  # at a settled position: what the seat is paid (see _payoff)
    # The moves as three flat lists (an edge a place in each), not a list a position: the garbage collector
    # walks every container at each full collection, and a hundred thousand lists made it pause for tenths
    # of a second between two yields.
    sources: list[int] = []
    labels: list[Action] = []
    targets: list[int] = []

    def visit() -> int:
        here = key(work)
        found = index.get(here)
        if found is not None:
            return found
        if len(index) >= max_positions:
            raise StytvoltError(f"more than {max_positions:,} positions: too large a position to settle")
        k = index[here] = len(mover)
        settled = work.phase == "done" or not work._hands[who]
        mover.append(-1 if settled else work.to_move)
        won.append(settled and work.loser != who)
        lost_end.append(settled and work.loser == who)
        if settled:
            payoff[k] = _payoff(work, who)
        return k

    root = visit()
    # Each entry: the position, the actions still to try from it, how many it has in all.
    stack: list[tuple[int, list[Action], int]] = []
    if mover[root] >= 0:
        todo = work.legal_actions()
        stack.append((root, todo[::-1], len(todo)))
    tried = 0
    while stack:
        k, todo, total = stack[-1]
        if not todo:
            stack.pop()
            if stack:
                work.undo()
            continue
        action = todo.pop()
        work.apply(action)
        seen = len(mover)
        j = visit()
        sources.append(k)
        labels.append(action)
        targets.append(j)
        if j == seen and mover[j] >= 0:
            todo = work.legal_actions()
            stack.append((j, todo[::-1], len(todo)))
        else:
            work.undo()
        tried += 1
        if tried % CHUNK == 0:
            yield 0.9 * _explored(stack)
    graph = yield from _Graph.build(len(mover), sources, labels, targets)
    del sources, labels, targets
    distance = yield from _attract_steps(who, mover, won, graph)
    yield 1.0
    analysis = Analysis(who, key, index, mover, won, lost_end, graph, distance, state.deck)
    analysis.payoff = payoff
    return analysis


class _Graph:
    """The moves between positions, grouped by the position they leave: those of position ``k`` are at
    ``start[k]`` to ``start[k + 1]`` in ``succ`` (the position reached) and ``labels`` (the action), in the
    order they were listed."""

    __slots__ = ("start", "succ", "labels")

    def __init__(self, start: list[int], succ: list[int], labels: list[Any]) -> None:
        self.start, self.succ, self.labels = start, succ, labels

    @staticmethod
    def build(n: int, sources: list[int], labels: list[Any], targets: list[int]) -> Generator[float, None, "_Graph"]:
        """Group flat moves by their source (a counting sort, so each position keeps its moves' order)."""
        start = [0] * (n + 1)
        for k in sources:
            start[k + 1] += 1
        for k in range(n):
            start[k + 1] += start[k]
        place = start[:-1]
        succ = [0] * len(sources)
        labelled: list[Any] = [None] * len(sources)
        for e, k in enumerate(sources):
            at = place[k]
            place[k] = at + 1
            succ[at] = targets[e]
            labelled[at] = labels[e]
            if e % (8 * CHUNK) == 8 * CHUNK - 1:
                yield 0.9
        return _Graph(start, succ, labelled)


def _explored(stack: list[tuple[int, list[Action], int]]) -> float:
    """How much of the tree below the root the walk has covered, reckoning each branch an equal share."""
    done, share = 0.0, 1.0
    last = len(stack) - 1
    for depth, (_, todo, total) in enumerate(stack):
        finished = total - len(todo) - (0 if depth == last else 1)
        done += share * finished / total
        share /= total
    return min(1.0, done)


def _attract_steps(seat: int, mover: list[int], won: list[bool],
                   graph: "_Graph") -> Generator[float, None, list[int]]:
    """Mark in ``won`` every position from which ``seat`` can force reaching a won one, yielding now and
    then; returns each position's distance (see :meth:`Analysis.distance`)."""
    chooser = [-2 if m < 0 else int(m == seat) for m in mover]
    yield 0.9
    marks, distance = yield from _attract_gen(chooser, won, graph)
    won[:] = marks
    return distance


def _attract_gen(chooser: list[int], target: list[bool],
                 graph: "_Graph") -> Generator[float, None, tuple[list[bool], list[int]]]:
    """The positions from which one side can force reaching a ``target`` one, and each one's distance.

    ``chooser[k]``: 1 (or True) where that side chooses the move (it needs one successor in), 0 where
    the other side does (it needs all of them in), -2 at a settled position.  Worked first in, first out,
    so each position is reached at its least distance: the chooser's quickest, the other side's most
    stubborn.  Linear in the moves, by counting.
    """
    n = len(chooser)
    inside = list(target)
    distance = [0 if t else -1 for t in target]
    start, succ = graph.start, graph.succ
    # Each position's distinct successors counted, and the moves reversed into flat lists (as in _Graph).
    left = [0] * n
    pred_sources: list[int] = []
    pred_targets: list[int] = []
    for k in range(n):
        distinct = set(succ[start[k]:start[k + 1]])
        left[k] = len(distinct)
        for j in distinct:
            pred_sources.append(j)
            pred_targets.append(k)
        if k % (4 * CHUNK) == 4 * CHUNK - 1:
            yield 0.9
    before = yield from _Graph.build(n, pred_sources, pred_targets, pred_targets)
    del pred_sources, pred_targets
    pstart, preds = before.start, before.succ
    queue = deque(k for k in range(n) if inside[k])
    done = 0
    while queue:
        j = queue.popleft()
        for k in preds[pstart[j]:pstart[j + 1]]:
            if inside[k]:
                continue
            left[k] -= 1
            if chooser[k] == 1 or left[k] == 0:
                inside[k] = True
                distance[k] = distance[j] + 1
                queue.append(k)
        done += 1
        if done % (4 * CHUNK) == 0:
            yield 0.9 + 0.1 * done / n
    return inside, distance


def analyse(state: KnorriState, seat: int | None = None, *, max_positions: int = MAX_POSITIONS) -> Analysis:
    """Every position reachable from ``state`` (a phase-two position), and what ``seat`` (by default the
    player to move) can force from each: see :class:`Analysis`.  Refuses a position with more than
    ``max_positions`` positions reachable."""
    return run_to_end(analyse_steps(state, seat, max_positions=max_positions))


def avoid_losing_steps(state: KnorriState, seat: int | None = None, *,
                       max_positions: int = MAX_POSITIONS) -> Generator[float, None, Verdict]:
    """:func:`avoid_losing` as a generator: progress fractions now and then, the :class:`Verdict` at the end."""
    analysis = yield from analyse_steps(state, seat, max_positions=max_positions)
    return analysis.verdict(state)


def avoid_losing(state: KnorriState, seat: int | None = None, *, max_positions: int = MAX_POSITIONS) -> Verdict:
    """Whether ``seat`` (by default the player to move) can make sure of not losing from ``state``, a
    phase-two position, whatever the others do; and if it is to move, which actions keep it so.

    >>> from stytvolt.knorri import phase_two
    >>> verdict = avoid_losing(phase_two(["H5 D2", "H9 S3", ""], leader=0))
    >>> verdict.safe, verdict.moves     # ♦2 first: ♥9 and ♠3 cannot beat it; ♥5 would be beaten
    (True, ('play D2',))
    """
    return run_to_end(avoid_losing_steps(state, seat, max_positions=max_positions))


# -- the shared interface of issue 26: solve, sides, and the sampling player's parts ---------------------------


def _phase_said(state: KnorriState) -> str:
    if state.phase == "done":
        return "the game is over"
    return "the game is still in phase one" if state.phase != "play" else "the game is in phase two"


def _loss(state: KnorriState, seat: int) -> int:
    """What ``seat`` pays if it is the loser (the game's own :func:`~stytvolt.knorri.state.outcome`): also the
    value of a game the others can keep going round for ever without the seat getting out."""
    rest = [p for p in range(state.n) if state._hands[p] and p != seat]
    return outcome(state.rules, state.n, [*state.out, *rest], seat, state.no_cards)[seat]


def _limit(value: object, what: str) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
        raise InvalidPosition(f"{what} is a number above 0, not {value!r}")


def solve(state: KnorriState, *, deadline: float | None = None, max_nodes: int | None = None) -> Solution:
    """Each legal action's value for the player to move P in a phase-two position, every card seen, in
    ``returns()`` units: the most P can make sure of, every other player playing against it (as
    :func:`avoid_losing` assumes).

    The ruling: a position from which the others can keep the game going round for ever without P getting
    out is worth what P pays as the loser (it cannot make sure of getting out there), and once P is out it is
    paid what the rules pay it whatever the others then do.  So without ``scoring`` an action is worth +1
    when P can make sure of getting out after it, else -(n - 1); with ``scoring`` (going out earlier scores
    more) it is the highest score ``v`` such that P can force going out with at least ``v``, each ``v`` found
    as an attractor over the same graph of positions (:func:`analyse`), highest first, else what the loser
    pays.

    ``max_nodes`` bounds the positions listed (``max_positions``; by default :data:`MAX_POSITIONS`, past
    which a position is refused as too large); ``deadline`` is seconds from now.  Either one stopping the
    search gives ``exact=False`` with only the actions already settled (those by which P goes out at
    once), or a :class:`StytvoltError` when none is.  Phase one, a finished game, or (without ``max_nodes``) a
    position larger than :data:`SETTLED_SIZE`: :class:`InvalidPosition`.
    """
    started = time.perf_counter()
    if not isinstance(state, KnorriState):
        raise InvalidPosition(f"the solver reads a Knorri game, not {type_name(state)}")
    if state.phase != "play":
        raise InvalidPosition(f"the solver reads phase-two positions, and {_phase_said(state)}")
    _limit(deadline, "a deadline")
    _limit(max_nodes, "max_nodes")
    if max_nodes is not None and not isinstance(max_nodes, int):
        raise InvalidPosition(f"max_nodes is a whole number, not {max_nodes!r}")
    if max_nodes is None and size(state) > SETTLED_SIZE:
        raise InvalidPosition(f"a phase-two position of size {size(state)} (cards held, and a card more for each "
                              f"holder past two) is more than the solver settles unasked; it settles up to "
                              f"{SETTLED_SIZE} (max_nodes asks it to try)")
    who = state.current_player()
    legal = state.legal_actions()
    actions = {str(a): a for a in legal}
    ends = None if deadline is None else started + float(deadline)
    steps = analyse_steps(state, who, max_positions=MAX_POSITIONS if max_nodes is None else max_nodes,
                          _pictured=True)
    try:
        while True:
            next(steps)
            if ends is not None and time.perf_counter() > ends:
                steps.close()
                return _partial(state, who, actions, started, "the deadline")
    except StopIteration as stop:
        analysis: Analysis = stop.value
    except StytvoltError:
        if max_nodes is None:
            raise
        return _partial(state, who, actions, started, f"the limit of {max_nodes:,} positions")
    values, quick = _values(state, analysis)
    best = max(values.values())
    reaching = sorted((quick[t], i, t) for i, t in enumerate(values) if values[t] == best)
    return Solution(best, values, tuple(t for _, _, t in reaching), (), who, who, "game",
                    analysis.positions, True, time.perf_counter() - started, actions)


def _values(state: KnorriState, analysis: Analysis) -> tuple[dict[str, int], dict[str, int]]:
    """Each legal action's value (see :func:`solve`) from a finished analysis of ``state``, and how many actions
    after it P needs at most to make sure of that value (0 for a value it cannot better: the loser's).  Within
    an attractor only a step towards its target makes progress (a move that merely stays inside may go round),
    so :func:`solve` lists ``best`` quickest first."""
    seat = analysis.seat
    lose = _loss(state, seat)
    pay = analysis.payoff
    n = analysis.positions
    value = [lose] * n
    for k, v in pay.items():
        value[k] = v
    levels = sorted({v for v in pay.values() if v > lose}, reverse=True)
    chooser = [-2 if m < 0 else int(m == seat) for m in analysis._mover]
    settled = [False] * n
    steps = [0] * n
    for v in levels:
        if not state.rules.scoring and len(levels) == 1:
            # the one level, getting out at all: the analysis's own attractor
            inside, distance = analysis._won, analysis._distance
        else:
            target = [pay.get(k, lose) >= v for k in range(n)]
            inside, distance = run_to_end(_attract_gen(chooser, target, analysis._graph))
        for k in range(n):
            if inside[k] and not settled[k]:
                settled[k] = True
                steps[k] = distance[k]
                if k not in pay:
                    value[k] = v
    edges = analysis._edges(analysis._at(state))
    return {str(a): value[j] for a, j in edges}, {str(a): steps[j] for a, j in edges}


def _partial(state: KnorriState, seat: int, actions: dict[str, Action], started: float, why: str) -> Solution:
    """What is settled when the search was stopped: the actions by which the seat goes out at once."""
    values: dict[str, int] = {}
    work = state.clone()
    for text, action in actions.items():
        work.apply(action)
        if work.phase == "done" or not work._hands[seat]:
            values[text] = _payoff(work, seat)
        work.undo()
    if not values:
        raise StytvoltError(f"{why} came before any action was settled: too large a position to settle")
    best = max(values.values())
    return Solution(best, values, tuple(t for t, v in values.items() if v == best), (), seat, seat, "game", 0,
                    False, time.perf_counter() - started, dict(actions))


def sides(state: KnorriState) -> tuple[tuple[int, ...], ...]:
    """In phase two: the player to move alone, every other player together (ordered by their lowest seat)."""
    if not isinstance(state, KnorriState):
        raise InvalidPosition(f"the solver reads a Knorri game, not {type_name(state)}")
    if state.phase != "play":
        raise InvalidPosition(f"sides are read in phase two, and {_phase_said(state)}")
    seat = state.current_player()
    others = tuple(p for p in range(state.n) if p != seat)
    return ((seat,), others) if seat < others[0] else (others, (seat,))


def _unseen(obs: Observation) -> list[Card] | None:
    """The cards ``obs.player`` has not seen (the whole pack less every card it has), or None if what it has seen
    is not part of one pack."""
    left = Counter(TWO_PACKS if obs.rules.get("two_packs") else PACK.cards)
    seen = [c for h in obs.hands for c in h] + list(obs.table) + [c for g in obs.trick for c in g] + list(obs.gone)
    if obs.turned is not None:
        seen.append(obs.turned)
    seen += [c for _, c in obs.mas_trick]
    for card in seen:
        if left[card] <= 0:
            return None
        left[card] -= 1
    return sorted(left.elements(), key=CARD_ORDER.__getitem__)


def sample(obs: Observation, rng: random.Random) -> KnorriState | None:
    """A position ``obs.player`` cannot tell from the real one (see :meth:`KnorriState.pictured`): phase one with
    the table, the unturned pack in a random order; phase two, the cards it has not seen (after the Mas phase one,
    what the others kept in hand) dealt at random among the others as many as each holds unseen; when it sees
    every card (the standard game's phase two), the position itself.  None for the Mas phase one and a finished
    game (nothing is pictured there), or an observation that no game gives."""
    if not isinstance(obs, Observation):
        raise InvalidPosition(f"a Knorri sample is drawn from a Knorri observation, not {type_name(obs)}")
    if obs.phase not in ("turn", "claim", "play"):
        return None
    unseen = _unseen(obs)
    if unseen is None:
        return None
    if obs.phase == "play" and not any(obs.hidden):
        # Every card held is in sight (a short game or a set position may leave cards out of play: no matter).
        return KnorriState.pictured(obs, [[] for _ in range(obs.players)], [])
    rng.shuffle(unseen)
    if obs.phase == "play":
        if len(unseen) != sum(obs.hidden):
            return None
        hidden: list[list[Card]] = []
        for count in obs.hidden:
            hidden.append(unseen[:count])
            unseen = unseen[count:]
        return KnorriState.pictured(obs, hidden, [])
    if len(unseen) != obs.pack or any(obs.hidden):
        return None
    return KnorriState.pictured(obs, [[] for _ in range(obs.players)], unseen)


def size(state: KnorriState) -> int:
    """How big a position is for the solver: the cards still held, and one more for each player holding cards
    beyond two (phase one: more than any setting solves).  The positions it lists grow steeply with both: from
    play between SimpleBots, at most some 3,500 at size 7 (two players holding seven cards, or three holding
    six), tens of thousands at 8 (``bench/knorri_expert.py``)."""
    if state.phase != "play":
        return 1_000_000
    holders = [len(h) for h in state._hands if h]
    return sum(holders) + max(0, len(holders) - 2)


def _simple(seed: int | None = None) -> SimpleBot:
    return SimpleBot(seed)


#: The sampling player's parts (:class:`~stytvolt.analysis.players.SamplingPlayer`): phase two is pictured (it
#: needs picturing only after the Mas phase one: otherwise every card is seen), phase one is left to the
#: SimpleBot there (the expert of :mod:`stytvolt.knorri.expert` pictures phase one itself).  The solver settles a
#: picture of at most ``solve_at`` cards held in all; bigger ones are played out by the SimpleBot.
def _expert(seed: int | None, rules: object) -> Any:
    from stytvolt.knorri.expert import KnorriExpert

    return KnorriExpert(seed)


SAMPLING = Sampling(sample=sample, simple=_simple, observation=Observation, values={},
                    settings=Settings(worlds=8, solve_at=7, max_nodes=8_000), size=size, expert=_expert)
