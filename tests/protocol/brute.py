"""An independent brute force for the solvers' tests: plain minimax over the public state protocol.

It knows nothing of any game or solver: it walks ``legal_actions()``,
``apply()``, ``undo()``, ``is_terminal()``, ``current_player()`` and
``returns()``, with the sides given (from ``GameInfo.sides(state)``).  The
value is ``returns()[root]`` at the end for the player to move at the root:
the seats of that player's side maximise it, every other seat minimises it.
No pruning, no table: for small endings only (a game whose play can go round
in circles, like Knorri's phase two, needs its own).
"""

from __future__ import annotations

from typing import Any, Sequence


def brute_value(state: Any, root: int, friends: frozenset[int]) -> int:
    """The value of ``state`` for ``root`` with ``friends`` (root's side) maximising and the rest minimising."""
    if state.is_terminal():
        return int(state.returns()[root])
    maxing = state.current_player() in friends
    best: int | None = None
    for action in list(state.legal_actions()):
        state.apply(action)
        try:
            v = brute_value(state, root, friends)
        finally:
            state.undo()
        if best is None or (v > best if maxing else v < best):
            best = v
    assert best is not None, "a state that is not over has a legal action"
    return best


def brute_values(state: Any, sides: Sequence[Sequence[int]]) -> dict[str, int]:
    """Each legal action's value (by its text) for the player to move's side, as a solver's ``values``."""
    root = state.current_player()
    friends = frozenset(next(side for side in sides if root in side))
    out: dict[str, int] = {}
    for action in list(state.legal_actions()):
        state.apply(action)
        try:
            out[str(action)] = brute_value(state, root, friends)
        finally:
            state.undo()
    return out
