"""Random playouts through the compiled hand, for computer players and puzzle generation.

:func:`playout` plays a position of the play to the end, each move drawn
uniformly from the legal ones (the compiled hand's moves stand for the
state's legal actions one for one, so a playout is distributed exactly as
one through ``HandState.legal_actions()``), and says how the hand ended.
:func:`random_hands` deals hands from a random generator and plays each
through (the stock left where it lies: nobody takes it), the measure of
``bench/playouts.py``.

Like the solver, a playout sees every card: a computer player runs it on a
world drawn from its own observation (``sampling.sample(obs, rng)``), never
on the real state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.styrivolt.chalk import Result
from stytvolt.styrivolt.choosing import OneSuitStock
from stytvolt.styrivolt.fasthand import OVER, FastHand
from stytvolt.styrivolt.pack import PACK, PLAYERS
from stytvolt.styrivolt.variants import Rules

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["Playout", "playout", "random_hands"]


@dataclass(frozen=True, slots=True)
class Playout:
    """How a played-out hand ended: the scoring team and its result, the lone player of an "alone"
    result, each team's tricks, and each player's score (what ``returns()`` gives)."""

    team: int
    result: Result
    alone: int | None
    tricks: tuple[int, int]
    returns: tuple[int, ...]


def _finish(hand: FastHand, rng: random.Random) -> Playout:
    choice = rng.choice
    while hand.phase != OVER:
        hand.apply(choice(hand.legal()))
    hand.forget()
    assert hand.ending is not None
    team, result, alone = hand.ending
    scores = tuple(hand.value(q % 2) for q in range(PLAYERS))
    if hand.penalty >= 0:
        team, result, alone = hand.penalty, Result.STOCK_PENALTY, None
    return Playout(team, result, alone, hand.team_tricks(), scores)


def playout(state: "HandState | FastHand", rng: random.Random) -> Playout:
    """Play a position of the play to the end at random; the state itself is left as it was.

    ``state`` is a :class:`~stytvolt.styrivolt.hand.HandState` with the stock
    closed for good (else :class:`InvalidPosition` says why) or a compiled hand.
    """
    from stytvolt.styrivolt.hand import HandState

    if isinstance(state, HandState):
        hand = FastHand.of(state)
    elif isinstance(state, FastHand):
        hand = state.copy()
    else:
        raise InvalidPosition(f"playout() takes a HandState or a FastHand, not {type_name(state)}")
    if not isinstance(rng, random.Random):
        raise InvalidPosition(f"playout() draws from a random.Random, not {type_name(rng)}")
    return _finish(hand, rng)


def random_hands(count: int, rng: random.Random, rules: Rules = Rules()) -> Iterator[Playout]:
    """``count`` hands, each shuffled, dealt, its suits chosen by the rules of the deal, and played at
    random to the end with the stock left where it lies."""
    from stytvolt.styrivolt.hand import HandState

    deck = list(PACK)
    dealer = 0
    for _ in range(count):
        while True:
            rng.shuffle(deck)
            try:
                state = HandState(deck, dealer=dealer, rules=rules)
            except OneSuitStock:
                continue
            if state.phase.value == "play":
                break
        dealer = (dealer + 1) % PLAYERS
        yield _finish(FastHand.dealt(state), rng)
