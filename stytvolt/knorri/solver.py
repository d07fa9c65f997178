"""Can a player still avoid losing?  An exact answer for small phase-two positions, every card seen.

Phase two of Knorri (after the table versions of phase one) is a game of
complete information, so for a position and a seat the question "can I
still make sure I do not lose?" has an answer.  It is asked in the worst
case: every other player plays against that seat, as if they were one.

Pick-ups can bring a position back (a card led, picked up, led again), so
the answer is not a walk down a tree.  :func:`avoid_losing` lists every
position reachable from the one given (two positions are the same when the
same faces lie in the same places with the same player to move: twins of
the two-pack game merge) and computes the seat's *attractor*: the positions
from which it can force reaching one where it holds no card (or where the
game has ended with another loser).  A position from which the others can
keep the game going round for ever without the seat getting out is not in
it: the seat cannot *make sure* of getting out there.  The work is linear in
the positions found; ``max_positions`` bounds them.

It sees every card, and says so: it is for puzzles, teaching and
analysis, never a computer player's look at a real game's hidden cards
(the Mas phase one leaves some unseen; its positions are refused).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.knorri.cards import MARKED_TWO
from stytvolt.knorri.state import Action, KnorriState
from stytvolt.knorri.variants import PhaseOne

__all__ = ["Verdict", "avoid_losing", "MAX_POSITIONS"]

#: The most positions :func:`avoid_losing` lists before it gives up.
MAX_POSITIONS = 200_000


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


def _face(card: object) -> int:
    index: int = getattr(card, "index")
    return index + 52 if card is MARKED_TWO else index


def _key(state: KnorriState) -> Hashable:
    """The position as faces in places (twins merge; who went out when does not matter here)."""
    deck = state.deck
    hands = tuple(tuple(sorted(_face(deck[i]) for i in h)) for h in state._hands)
    trick = tuple(tuple(_face(deck[i]) for i in g) for g in state.trick)
    return (state.phase, state.to_move, state.loser, state.opening, state.trick_size if state.trick else 0,
            hands, trick, tuple(state.silent))


def avoid_losing(state: KnorriState, seat: int | None = None, *, max_positions: int = MAX_POSITIONS) -> Verdict:
    """Whether ``seat`` (by default the player to move) can make sure of not losing from ``state``, a
    phase-two position, whatever the others do; and if it is to move, which actions keep it so.

    >>> from stytvolt.knorri import phase_two
    >>> verdict = avoid_losing(phase_two(["H5 D2", "H9 S3", ""], leader=0))
    >>> verdict.safe, verdict.moves     # ♦2 first: ♥9 and ♠3 cannot beat it; ♥5 would be beaten
    (True, ('play D2',))
    """
    if not isinstance(state, KnorriState):
        raise InvalidPosition(f"the solver reads a Knorri game, not {type_name(state)}")
    if state.phase not in ("play", "done"):
        raise InvalidPosition("the solver reads phase-two positions; this game is still in phase one")
    if state.rules.phase_one is PhaseOne.MAS and state.start_hands is None:
        raise InvalidPosition("after the Mas phase one some cards are unseen: the solver, which sees every card, "
                              "reads only the table versions' phase two (or phase_two positions)")
    who = state.current_player() if seat is None else seat
    if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < state.num_players:
        raise InvalidPosition(f"seat must be a seat from 0 to {state.num_players - 1}, not {seat!r}")
    if not isinstance(max_positions, int) or max_positions < 1:
        raise InvalidPosition(f"max_positions is a positive whole number, not {max_positions!r}")
    work = state.clone()
    index: dict[Hashable, int] = {}
    mover: list[int] = []  # the player to move, or -1 at a settled position
    won: list[bool] = []
    successors: list[list[int]] = []
    root_moves: list[tuple[Action, int]] = []

    def visit() -> int:
        key = _key(work)
        found = index.get(key)
        if found is not None:
            return found
        if len(index) >= max_positions:
            raise StytvoltError(f"more than {max_positions:,} positions: too large a position to settle")
        k = index[key] = len(mover)
        settled = work.is_terminal() or not work._hands[who]
        mover.append(-1 if settled else work.current_player())
        won.append(settled and work.loser != who)
        successors.append([])
        return k

    root = visit()
    stack: list[tuple[int, list[Action]]] = []
    if mover[root] >= 0:
        stack.append((root, list(work.legal_actions())))
    while stack:
        k, todo = stack[-1]
        if not todo:
            stack.pop()
            if stack:
                work.undo()
            continue
        action = todo.pop()
        work.apply(action)
        seen = len(mover)
        j = visit()
        successors[k].append(j)
        if k == root:
            root_moves.append((action, j))
        if j == seen and mover[j] >= 0:
            stack.append((j, list(work.legal_actions())))
        else:
            work.undo()
    _attract(who, mover, won, successors)
    moves = tuple(str(a) for a, j in root_moves if won[j]) if mover[root] == who else ()
    return Verdict(who, won[root], moves, len(mover))


def _attract(seat: int, mover: list[int], won: list[bool], successors: list[list[int]]) -> None:
    """Mark in ``won`` every position from which ``seat`` can force reaching a won one: the seat needs
    one successor won, another player to move needs all of them won (linear, by counting)."""
    predecessors: list[list[int]] = [[] for _ in mover]
    left = [0] * len(mover)
    for k, succ in enumerate(successors):
        distinct = set(succ)
        left[k] = len(distinct)
        for j in distinct:
            predecessors[j].append(k)
    queue = [k for k, w in enumerate(won) if w]
    while queue:
        j = queue.pop()
        for k in predecessors[j]:
            if won[k]:
                continue
            left[k] -= 1
            if mover[k] == seat or left[k] == 0:
                won[k] = True
                queue.append(k)
