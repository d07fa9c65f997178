"""A game of many hands: the deal passes to the left, one chalk-up keeps the score.

The first dealer's team draws the first chalk-up; after each hand the player
on the dealer's left deals the next.  A game is over when the players say
so; :meth:`Game.leader` tells who is ahead in crosses.
"""

from __future__ import annotations

import random
from typing import Any

from stytvolt.styrivolt.chalk import Chalkboard, Change
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.variants import Rules

__all__ = ["Game"]


class Game:
    """Hands dealt one after another, and the chalk-up they are scored on."""

    def __init__(self, *, seed: int | None = None, first_dealer: int = 0, rules: Rules = Rules()) -> None:
        if first_dealer not in (0, 1, 2, 3):
            raise ValueError(f"first_dealer must be a player 0..3, not {first_dealer!r}")
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.rng = random.Random(seed)
        self.board = Chalkboard(first_drawer=first_dealer % 2, scoring=rules.scoring)
        self.hands: list[HandState] = []

    @property
    def dealer(self) -> int:
        """Who deals the next hand (or is dealing the current one)."""
        done = len(self.hands) - (1 if self.hands and not self.hands[-1].is_terminal() else 0)
        return (self.first_dealer + done) % 4

    @property
    def current(self) -> HandState | None:
        """The hand being played, if any."""
        return self.hands[-1] if self.hands and not self.hands[-1].is_terminal() else None

    def deal(self) -> HandState:
        """Deal the next hand; the one before must be finished and scored."""
        if self.current is not None:
            raise ValueError("the current hand is not over: finish it before dealing the next")
        if len(self.hands) > len(self.board.history):
            raise ValueError("the last hand is not scored yet: call score() first")
        hand = HandState.deal(dealer=self.dealer, rules=self.rules, rng=self.rng)
        self.hands.append(hand)
        return hand

    def score(self) -> Change:
        """Chalk the finished hand's result."""
        if not self.hands or not self.hands[-1].is_terminal():
            raise ValueError("there is no finished hand to score")
        if len(self.board.history) == len(self.hands):
            raise ValueError("that hand is scored already")
        result = self.hands[-1].result
        assert result is not None
        return result.record(self.board)

    def leader(self) -> int | None:
        """The team holding crosses, if any."""
        return self.board.leader()

    def to_json(self) -> dict[str, Any]:
        """Every hand's compact form; restoring replays them and their scores."""
        return {
            "game": "styrivolt-game",
            "v": 1,
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_json(),
            "hands": [h.to_json() for h in self.hands],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        if not isinstance(data, dict) or data.get("game") != "styrivolt-game" or data.get("v") != 1:
            raise ValueError("not a Stýrivolt game (expected game 'styrivolt-game', v 1)")
        game = cls(first_dealer=data.get("first_dealer", 0), rules=Rules.from_json(data.get("rules", {})))
        for i, hand_data in enumerate(data.get("hands", [])):
            hand = HandState.from_json(hand_data)
            if hand.dealer != game.dealer or hand.rules != game.rules:
                raise ValueError(f"hand {i + 1} was dealt by player {hand.dealer} or under other rules; expected dealer {game.dealer}")
            game.hands.append(hand)
            if hand.is_terminal():
                game.score()
        return game
