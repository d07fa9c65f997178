"""A game of many hands: the deal passes to the left, one chalk-up keeps the score.

The first dealer's team draws the first chalk-up; after each hand the player
on the dealer's left deals the next.  A game is over when the players say
so; :meth:`Game.leader` tells who is ahead in crosses.

Every game has a seed (drawn at random when none is given), and its JSON
form keeps it: a restored game deals the same next hand as the game it was
saved from.
"""

from __future__ import annotations

import random
from typing import Any

from stytvolt.core import checks
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.styrivolt.chalk import Chalkboard, Change
from stytvolt.styrivolt.deal import check_dealer
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.saved import read_actions, read_rules, read_saved, whole
from stytvolt.styrivolt.variants import Rules

__all__ = ["Game", "MAX_HANDS"]

#: The most hands a saved game may hold.
MAX_HANDS = 500
_KEYS = {"game", "v", "seed", "first_dealer", "rules", "hands", "unscored"}


class Game:
    """Hands dealt one after another, and the chalk-up they are scored on."""

    def __init__(self, *, seed: int | None = None, first_dealer: int = 0, rules: Rules = Rules()) -> None:
        if seed is None:
            seed = random.randrange(2**63)
        self.seed = whole(seed, "seed", 0, 2**63 - 1)
        self.first_dealer = check_dealer(first_dealer, "first_dealer")
        if not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be a Rules object, not {type_name(rules)}")
        self.rules = rules
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
            raise InvalidPosition("the current hand is not over: finish it before dealing the next")
        if len(self.hands) > len(self.board.history):
            raise InvalidPosition("the last hand is not scored yet: call score() first")
        hand = HandState.deal(dealer=self.dealer, rules=self.rules, rng=self.rng)
        self.hands.append(hand)
        return hand

    def score(self) -> Change:
        """Chalk the finished hand's result."""
        if not self.hands or not self.hands[-1].is_terminal():
            raise InvalidPosition("there is no finished hand to score")
        if len(self.board.history) == len(self.hands):
            raise InvalidPosition("that hand is scored already")
        result = self.hands[-1].result
        assert result is not None
        return result.record(self.board)

    def leader(self) -> int | None:
        """The team holding crosses, if any."""
        return self.board.leader()

    def to_json(self) -> dict[str, Any]:
        """The seed and every hand's actions; restoring deals the same cards and replays them.

        ``"unscored": true`` is there only when the last hand is over and :meth:`score` has not yet chalked
        it (every finished hand before it always has been), so that a restored game is scored as far as the
        saved one was."""
        data: dict[str, Any] = {
            "game": "styrivolt-game",
            "v": 2,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "rules": self.rules.to_json(),
            "hands": [h.to_json()["actions"] for h in self.hands],
        }
        if len(self.board.history) < len(self.hands) and self.hands[-1].is_terminal():
            data["unscored"] = True
        return data

    @classmethod
    def from_json(cls, data: object) -> "Game":
        """The game a :meth:`to_json` form describes; every field is checked, and only the last hand may be unfinished."""
        obj = read_saved(data, "game", "styrivolt-game", 2, _KEYS)
        seed = whole(obj.get("seed"), "seed", 0, 2**63 - 1)
        first = whole(obj.get("first_dealer", 0), "first_dealer", 0, 3)
        game = cls(seed=seed, first_dealer=first, rules=read_rules(obj.get("rules", {})))
        hands = checks.items(obj.get("hands", []), "'hands'", MAX_HANDS, item="hand")
        unscored = checks.flag(obj.get("unscored", False), "'unscored'")
        for i, listed in enumerate(hands):
            actions = read_actions(listed, f"hand {i + 1}")
            if i and not game.hands[-1].is_terminal():
                raise InvalidPosition(f"hand {i} is not finished, yet hand {i + 1} follows it: only the last hand may be unfinished")
            hand = game.deal()
            for k, text in enumerate(actions):
                try:
                    hand.apply(text)
                except StytvoltError as err:
                    raise InvalidPosition(f"hand {i + 1}, action {k + 1} ({text[:30]!r}) cannot be replayed: {err}") from None
            if hand.is_terminal() and not (unscored and i == len(hands) - 1):
                game.score()
        if unscored and (not game.hands or not game.hands[-1].is_terminal()):
            raise InvalidPosition(f"'unscored' says the last hand is over and not yet scored, but hand {len(hands)} "
                                  "is still being played" if game.hands else
                                  "'unscored' says the last hand is over and not yet scored, but no hand is dealt")
        return game
