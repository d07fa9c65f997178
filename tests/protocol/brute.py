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


def brute_endings(state: Any, player: int) -> set[int]:
    """``returns()[player]`` at the end of every way the game can still be played, nobody playing for anything."""
    if state.is_terminal():
        return {int(state.returns()[player])}
    out: set[int] = set()
    for action in list(state.legal_actions()):
        state.apply(action)
        try:
            out |= brute_endings(state, player)
        finally:
            state.undo()
    return out


def brute_line_problems(state: Any, line: Sequence[str], player: int, friends: frozenset[int],
                        target: int) -> list[str]:
    """What a brute force finds wrong with a puzzle's ``line`` from ``state`` (empty: nothing; ``state`` is left
    where the line ends): at each turn of ``friends`` with a choice, the line's move must be the only one after which
    ``player``'s side can make sure of ``returns()[player] >= target``; where the line stops, every way of playing on
    must end at one value, at least ``target``."""
    problems: list[str] = []
    for i, text in enumerate(line):
        legal = list(state.legal_actions())
        if state.current_player() in friends and len(legal) > 1:
            for action in legal:
                state.apply(action)
                try:
                    value = brute_value(state, player, friends)
                finally:
                    state.undo()
                if (value >= target) != (str(action) == text):
                    problems.append(f"move {i + 1}: {action} is worth {value} against the target {target}")
        state.apply(next(a for a in legal if str(a) == text))
    endings = brute_endings(state, player)
    if len(endings) != 1 or min(endings) < target:
        problems.append(f"the line stops where the game can still end with {sorted(endings)}")
    return problems
