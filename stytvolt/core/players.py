"""What every game's computer players share: the one way to read a seat's legal actions from
its observation, and the random player.

A computer player is shown ``state.observation(seat)``, never the state, and
returns one of that observation's ``legal`` actions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from stytvolt.core.checks import deal_seed
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason

__all__ = ["ThumbBot", "Bot", "Choice", "RandomBot", "legal_actions_of"]


@dataclass(frozen=True)
class Choice:
    """An action and the rule of thumb that chose it (a player's ``decide(obs)``), as a reason naming the seat
    (``{seat}``, a :class:`~stytvolt.core.explain.Seat`) and the cards, for the caller to word with its names."""

    action: Any
    reason: Reason


class ThumbBot:
    """The frame of a game's rules-of-thumb player (its ``SimpleBot``): ``choose(obs)`` is the action its
    ``decide(obs)`` gives with the :class:`Choice`'s reason, which the game writes.  Deterministic unless the
    game's own player draws at random from its seed."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the common signature: a player that draws nothing at random ignores it

    def choose(self, obs: Any) -> Any:
        return self.decide(obs).action

    def decide(self, obs: Any) -> Choice:  # pragma: no cover (each game's player writes its own)
        raise NotImplementedError


class Bot(Protocol):
    """Anything that can choose an action for the seat to move, from that seat's observation."""

    def choose(self, obs: Any) -> Any:
        """One of ``obs.legal``."""
        ...


def legal_actions_of(obs: object, kind: type | None = None) -> list[Any]:
    """The observation's legal actions, refusing anything that is not a seat's observation
    (of type ``kind``, when given) or a seat with nothing to do."""
    legal = getattr(obs, "legal", None)
    if (kind is not None and not isinstance(obs, kind)) or legal is None or not hasattr(obs, "to_json"):
        raise InvalidPosition(
            f"a computer player is shown its seat's observation (state.observation(seat)), not {type(obs).__name__}")
    if not legal:
        raise InvalidPosition("this seat has nothing to do now: the hand is over or it is another seat's turn")
    return list(legal)


class RandomBot:
    """Picks uniformly among the legal actions (deterministic for a seed): a baseline and a fuzzer."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(deal_seed(seed))

    def choose(self, obs: Any) -> Any:
        return self.rng.choice(legal_actions_of(obs))
