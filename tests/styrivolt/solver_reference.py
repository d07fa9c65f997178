"""An independent reference for the solver: plain minimax over the public state, and the positions to try it on.

Nothing here uses the solver or the compiled hand: the reference walks
``legal_actions()`` / ``apply()`` / ``undo()`` to the end of the hand and reads
``returns()``, so it shares only the rules' own state machine with what it checks.
"""

from __future__ import annotations

import random
from typing import Iterator

from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt import HandState, Rules
from stytvolt.styrivolt.chalk import Result
from stytvolt.styrivolt.fasthand import check_solvable


def solvable(state: HandState) -> bool:
    try:
        check_solvable(state)
    except InvalidPosition:
        return False
    return True


def minimax(state: HandState, team: int) -> int:
    """``team``'s score with both teams playing perfectly, every card seen."""
    if state.is_terminal():
        return state.returns()[team]
    mine = state.current_player() % 2 == team
    best: int | None = None
    for action in state.legal_actions():
        state.apply(action)
        v = minimax(state, team)
        state.undo()
        if best is None or (v > best if mine else v < best):
            best = v
    assert best is not None
    return best


def action_values(state: HandState) -> dict[str, int]:
    """Each legal action's value for the team of the player to move."""
    team = state.current_player() % 2
    out = {}
    for action in state.legal_actions():
        state.apply(action)
        out[str(action)] = minimax(state, team)
        state.undo()
    return out


def goal_reached(state: HandState, goal: str | int, team: int, start: int) -> bool:
    """Whether a finished hand reached the goal for ``team`` (by its tricks, whatever a stock penalty does)."""
    tricks = state.tricks
    if goal == "win":
        winner = state.playing_on if state.playing_on is not None else (0 if state.team_tricks()[0] >= 5 else 1)
        return winner == team
    if goal == "keep-in":
        return len(tricks) >= 5 and all(t.winner % 2 == team for t in tricks[:5])
    if goal == "nine":
        return len(tricks) == 9 and all(t.winner % 2 == team for t in tricks)
    assert isinstance(goal, int)
    return state.team_tricks()[team] - start >= goal


def can_reach(state: HandState, goal: str | int, team: int, start: int) -> bool:
    if state.is_terminal():
        return goal_reached(state, goal, team, start)
    mine = state.current_player() % 2 == team
    outcomes = []
    for action in state.legal_actions():
        state.apply(action)
        outcomes.append(can_reach(state, goal, team, start))
        state.undo()
    return any(outcomes) if mine else all(outcomes)


def random_rules(rng: random.Random) -> Rules:
    return Rules(
        compulsory_beating=rng.random() < 0.3,
        king_of_hearts_takes_bird=rng.random() < 0.4,
        enforce_stock_right=rng.random() < 0.7,
        scoring=rng.choice(["kvivik", "penguin"]),
        partner_trick_ends_play_on=rng.random() < 0.7,
        promote_kings_and_queens=rng.random() < 0.7,
    )


def endings(cards: int, count: int, seed: int) -> Iterator[HandState]:
    """``count`` positions with at most ``cards`` tricks left and at most ``4 * cards + 2`` cards in hand, the stock
    closed: seeded deals under random rules, played by uniformly random legal actions; some are caught in the
    middle of a trick."""
    rng = random.Random(f"endings/{cards}/{seed}")
    made = 0
    deal = 0
    while made < count:
        deal += 1
        state = HandState.deal(deal, dealer=deal % 4, rules=random_rules(rng))
        while not state.is_terminal():
            if (9 - len(state.tricks) <= cards and sum(map(len, state.hands)) <= 4 * cards + 2 and solvable(state)
                    and (not state.current or rng.random() < 0.3)):
                made += 1
                yield state
                break
            state.apply(rng.choice(state.legal_actions()))


__all__ = ["solvable", "minimax", "action_values", "goal_reached", "can_reach", "random_rules", "endings", "Result"]
