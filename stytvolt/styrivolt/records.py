"""The plain records of a hand: its phases, a finished trick, a finished hand's result."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.explain import Reason
from stytvolt.styrivolt.chalk import Chalkboard, Change, Result
from stytvolt.styrivolt.pack import PLAYERS
from stytvolt.styrivolt.tricks import TrickResult, explain_trick

__all__ = ["Phase", "Trick", "HandResult"]


class Phase(Enum):
    EXPOSE = "expose"
    CLAIM = "claim"
    PLAY = "play"
    LAST_CHANCE = "last-chance"
    WITH = "with"
    STOCK_DECISION = "stock-decision"
    PLAY_ON = "play-on"
    END = "end"


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who played what, in order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    promoted: tuple[bool, ...]
    winner: int  # the winning player

    @property
    def players(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % PLAYERS for i in range(len(self.cards)))

    def explain(self, chosen: Sequence[Suit]) -> TrickResult:
        return explain_trick(self.cards, tuple(chosen), [i for i, p in enumerate(self.promoted) if p])


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand scores: ``team`` chalks ``result``."""

    team: int  # the team that scores (for a stock penalty: the offender's opponents)
    result: Result
    tricks: tuple[int, int]  # tricks won by team 0 and team 1
    player: int | None  # the lone player of an "alone" result, or the offender of a penalty
    reason: Reason

    def record(self, board: Chalkboard) -> Change:
        """Chalk this result.  (A penalty is recorded against the offending team; the opponents get it.)"""
        if self.result is Result.STOCK_PENALTY and self.player is not None:
            return board.record(self.player % 2, self.result)
        return board.record(self.team, self.result)
