"""What the shared analysis (:mod:`stytvolt.analysis`) reads of Vira: its declaration's ``solver``.

Vira's play is a plain follow-suit trick game between the three active
players (the soloist against two; with four at the table one sits out), so
its solver is the shared follow-suit search (:mod:`~stytvolt.analysis.solve`):

* :func:`position_of`: a hand in its play as the solver's
  :class:`~stytvolt.analysis.position.PlayPosition`, every card visible (for
  the solver and the deals a fair computer player pictures, never for the real
  state behind a player's back).  At three the position's seats are the
  hand's (they play in turn whoever deals); at four it numbers the three active
  players 0, 1, 2 in the order they play (eldest first), so a seat that sits
  out is left out; :func:`solve` gives its answer by the hand's own seats;
* :func:`trick_table`: the trick rules compiled for a trump suit, or none (a
  misère);
* :func:`solve` and :func:`sides`: the game's answer to ``GameInfo.solve`` and
  ``GameInfo.sides``: the soloist alone against the two opponents (and, with
  four at the table, the seat sitting out alone);
* :data:`SAMPLING`: what the sampling player needs of Vira (its sampler, its
  rules of thumb before the play, its settings).

The score of a finished play is the hand's own settlement
(:meth:`~stytvolt.vira.hand.HandState.settled`, by the soloist's tricks: a
trump contract made or set, a misère kept or broken), so the solver and
``returns()`` never disagree; it depends on the soloist's tricks alone, and
moves one way with them (more is better in a trump contract, worse in a
misère), which is what the shared search's bounds need.  A misère played with
fewer cards than the opponents hold ends when the soloist's hand is played
out: the position says how many tricks are still to play.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from stytvolt.analysis.players import Sampling, Settings
from stytvolt.analysis.position import PlayPosition, TrickTable, bits, cached_table
from stytvolt.analysis.solve import Solution
from stytvolt.analysis.solve import solve as _solve
from stytvolt.core.cards import FULL_PACK, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.vira.bots import SimpleBot
from stytvolt.vira.hand import Observation, parse_action

__all__ = ["position_of", "trick_table", "solve", "sides", "SAMPLING"]


def trick_table(trump: Suit | None) -> TrickTable:
    """The compiled trick rules of Vira with ``trump`` trumps (None: no trumps, as in a misère), built once."""
    from stytvolt.vira.play import trick_winner

    return cached_table(("vira", trump), lambda: TrickTable.build(
        FULL_PACK, lambda c: c.suit, lambda cs: trick_winner(cs, trump), lambda c: 0))


def _playing(state: Any) -> None:
    if state.phase != "play":
        raise InvalidPosition(f"the solver searches the play; this Vira hand is at its {state.phase}")


def _order(state: Any) -> tuple[int, ...]:
    """The hand's seats as the position numbers them (position seat i is the hand's seat ``_order(state)[i]``): at
    three the seats themselves (they play in turn 0, 1, 2, whoever deals), at four the three active players in the
    order they play, eldest first (the seat sitting out is left out)."""
    return (0, 1, 2) if state.players == 3 else state.active


def position_of(state: Any) -> PlayPosition:
    _playing(state)
    active: tuple[int, ...] = _order(state)
    place = {seat: i for i, seat in enumerate(active)}
    soloist: int = state.soloist
    side = tuple(0 if seat == soloist else 1 for seat in active)
    hands = tuple(bits(state.hands[seat]) for seat in active)
    left = state.trick_count - len(state.tricks)
    first = place[state.leader]
    sizes = {len(state.hands[active[(first + k) % 3]]) + (1 if k < len(state.current) else 0) for k in range(3)}
    solo = place[soloist]

    def score(points: Sequence[int], tricks: Sequence[int]) -> tuple[int, ...]:
        returns = state.settled(tricks[solo]).returns()
        return tuple(returns[seat] for seat in active)

    return PlayPosition(
        players=3, table=trick_table(state.trump), hands=hands, under={}, trick=tuple(state.current),
        leader=place[state.leader], side=side, points=(0, 0, 0),
        tricks=tuple(state.won[seat] for seat in active), extra=0, score=score,
        # Everything the settlement reads besides the soloist's tricks (HandState.settled).
        score_key=("vira", active, state.players, state.contract.number, str(state.bid), state.preference, soloist,
                   state.trump, state.misere, state.tries, state.first_class, tuple(sorted(state.liable)), state.chips),
        play_action=lambda card: parse_action(f"card {card}"),
        to_play=None if sizes == {left} else left, side_tricks=True,
        description=f"Vira, {state.contract.english}",
    )


def solve(state: Any, *, deadline: float | None = None, max_nodes: int | None = None) -> Solution:
    """Every legal card's value for the player to move with every card visible (``GameInfo.solve``), by the hand's
    own seats."""
    found = _solve(state, deadline=deadline, max_nodes=max_nodes)
    seats = _order(state)
    return dataclasses.replace(found, seat=seats[found.seat], player=seats[found.player])


def sides(state: Any) -> tuple[tuple[int, ...], ...]:
    """The soloist alone, the two opponents together, and a seat sitting out alone: sides by their lowest seat."""
    _playing(state)
    soloist: int = state.soloist
    groups = [(soloist,), tuple(sorted(s for s in state.active if s != soloist))]
    groups += [(s,) for s in range(state.players) if s not in state.active]
    return tuple(sorted(groups))


def _sample(obs: Observation, rng: Any, rules: Any = None) -> Any:
    """A hand the observer cannot tell from the real one (:func:`stytvolt.vira.sampling.sample`)."""
    from stytvolt.vira.sampling import sample

    return sample(obs, rng, rules=rules)


#: What the sampling player needs of Vira (its sampler takes the table's rules).  The expert's settings: a decision
#: of the play takes 0.015 s CPython median, 0.5 s at worst (bench/vira_solver.py); the club's are
#: ``club_settings`` of them (half the deals, solved from a card fewer, a quarter of the positions).
SAMPLING = Sampling(_sample, SimpleBot, Observation, {}, Settings(worlds=16, solve_at=8, max_nodes=150_000),
                    takes_rules=True)
