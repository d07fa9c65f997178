"""Klørsjavs's score sheets: øre counted down from 60, and Auction Klørsjavs's game points.

* :class:`OreSheet`, for Klørsjavs and four-hand Klørsjavs: a column per
  player, each from 60 øre.  A hand is written from what
  :func:`~stytvolt.klorsjavs.rules.hand_score` gave (each opponent
  subtracts, or the declarer does) or, for a fold, from
  :func:`~stytvolt.klorsjavs.rules.fold_cost`.  After a hand that leaves
  anyone at 0 or below, the single lowest score loses; while the lowest is
  shared, one more hand is played, as often as it takes (ruling R51).
* :class:`TariffSheet`, for Auction Klørsjavs: game points paid between the
  players, from 0 (each opponent pays the declarer the tariff of
  :func:`~stytvolt.klorsjavs.rules.auction_score`, or is paid it: ruling
  R45), so the columns always add up to 0.  The session lasts a number of
  hands agreed before it starts (a whole number of rounds, so that everyone
  deals as often); then the highest total wins, and while the highest is
  shared, one more hand is played (rulings R53 and R54).

Neither sheet has a line for a hand everyone passed: nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stytvolt.core.checks import seat
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.klorsjavs.rules import AuctionScore, HandScore, fold_cost

__all__ = ["START", "SESSION_ROUNDS", "GameOver", "OreSheet", "TariffSheet"]

#: Every column of the øre sheet starts here and counts down.
START = 60
#: An Auction Klørsjavs session, when nothing else is agreed: four rounds of deals, twelve hands (R53).
SESSION_ROUNDS = 4


class GameOver(InvalidPosition):
    """A hand recorded on a sheet whose game is already decided."""


def _seat(value: object, players: int, name: str) -> int:
    return seat(value, players, name)


def _lowest(totals: tuple[int, ...]) -> tuple[int, ...]:
    low = min(totals)
    return tuple(s for s, v in enumerate(totals) if v == low)


@dataclass
class OreSheet:
    """The øre sheet of Klørsjavs (``players=3``) or four-hand Klørsjavs (``players=4``): every column from 60."""

    players: int = 3
    lines: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (3, 4):
            raise InvalidPosition(f"Klørsjavs is played by 3 (or, four-hand, 4) players, not {self.players!r}")
        if not self.lines:
            self.lines = [tuple([START] * self.players)]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's øre now."""
        return self.lines[-1]

    @property
    def lowest(self) -> tuple[int, ...]:
        """The seats holding the lowest score."""
        return _lowest(self.totals)

    @property
    def down(self) -> bool:
        """Someone is at 0 or below: the game ends as soon as the lowest score is one player's alone."""
        return min(self.totals) <= 0

    @property
    def tie_for_lowest(self) -> bool:
        """Someone is at 0 or below but the lowest score is shared: one more hand is played (R51)."""
        return self.down and len(self.lowest) > 1

    @property
    def loser(self) -> int | None:
        """The player who lost the game (the single lowest, once anyone is at 0 or below), or ``None`` yet."""
        return self.lowest[0] if self.down and len(self.lowest) == 1 else None

    @property
    def over(self) -> bool:
        return self.loser is not None

    def _line(self, declarer: object) -> list[int]:
        if self.over:
            raise GameOver(f"the game is over (player {self.loser} lost): start a new sheet")
        _seat(declarer, self.players, "declarer")
        return list(self.totals)

    def record(self, declarer: int, result: HandScore) -> tuple[int, ...]:
        """Write a hand that was played out, from :func:`~stytvolt.klorsjavs.rules.hand_score`'s
        result; returns the new line.  Nothing changes if it raises."""
        line = self._line(declarer)
        if not isinstance(result, HandScore):
            raise InvalidPosition(f"result must be what hand_score gave, not {type_name(result)}")
        for seat in range(self.players):
            if (seat == declarer) == (result.who == "declarer"):
                line[seat] -= result.ore
        self.lines.append(tuple(line))
        return self.totals

    def record_fold(self, declarer: int) -> tuple[int, ...]:
        """Write a hand the declarer folded: the declarer subtracts :func:`fold_cost`."""
        line = self._line(declarer)
        line[declarer] -= fold_cost()
        self.lines.append(tuple(line))
        return self.totals


@dataclass
class TariffSheet:
    """Auction Klørsjavs's sheet: three columns of game points from 0, for a session of ``hands`` hands."""

    hands: int = 3 * SESSION_ROUNDS
    lines: list[tuple[int, ...]] = field(default_factory=list)

    players = 3

    def __post_init__(self) -> None:
        if isinstance(self.hands, bool) or not isinstance(self.hands, int) or self.hands < 1:
            raise InvalidPosition(f"hands (the session's length) must be a whole number of at least 1, not {self.hands!r}")
        if not self.lines:
            self.lines = [(0, 0, 0)]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's game points now (they add up to 0)."""
        return self.lines[-1]

    @property
    def played(self) -> int:
        """The hands written so far (passed hands are not)."""
        return len(self.lines) - 1

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats holding the highest total."""
        high = max(self.totals)
        return tuple(s for s, v in enumerate(self.totals) if v == high)

    @property
    def tie_for_highest(self) -> bool:
        """The session's hands are played but the highest total is shared: one more hand is played (R54)."""
        return self.played >= self.hands and len(self.leaders) > 1

    @property
    def winner(self) -> int | None:
        """The session's winner (the single highest, once its hands are played), or ``None`` yet."""
        return self.leaders[0] if self.played >= self.hands and len(self.leaders) == 1 else None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def record(self, declarer: int, result: AuctionScore) -> tuple[int, ...]:
        """Write a hand from :func:`~stytvolt.klorsjavs.rules.auction_score`'s result: each opponent pays
        the declarer the tariff (a negative tariff: is paid it).  Nothing changes if it raises."""
        if self.over:
            raise GameOver(f"the session is over (player {self.winner} won it): start a new sheet")
        _seat(declarer, self.players, "declarer")
        if not isinstance(result, AuctionScore):
            raise InvalidPosition(f"result must be what auction_score gave, not {type_name(result)}")
        line = [v - result.tariff for v in self.totals]
        line[declarer] = self.totals[declarer] + result.declarer_total
        self.lines.append(tuple(line))
        return self.totals
