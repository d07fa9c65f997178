"""Card points, game points and the score sheet of Sjavs.

Card points: ace 11, ten 10, king 4, queen 3, jack 2 (120 in the pack).  The
announcers' card points and tricks decide who scores how many game points
(:func:`hand_score`).  Each side (or, with three or two players, each
player) starts the sheet at 24 and subtracts what it scores; the first to
reach 0 or below wins the rubber, a *double victory* if the others are
still at 24 (:class:`ScoreSheet`).

The table, ordinary trumps / clubs trumps:

==========================================  ===========  =======
announcers took                             who scores   points
==========================================  ===========  =======
every trick, all won by one player          announcers   16 / 24
every trick (vol)                           announcers   12 / 16
90–120 card points                          announcers    4 / 8
61–89                                       announcers    2 / 4
60 (60–60)                                  nobody: 2 carried to the next hand's scorers
31–59                                       opponents     4 / 8
0–30, at least one trick                    opponents     8 / 16
no trick                                    opponents    16 / 16
==========================================  ===========  =======

Vol and "no trick" are counted by tricks, not points (rulings R34 and R35);
61–89 with clubs scores 4, where the seed says 5 (R33).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.tricks import card_points as _points_by_rank
from stytvolt.sjavs.cards import CARD_VALUES, check_cards, parse_trump
from stytvolt.sjavs.variants import Rules

__all__ = [
    "TOTAL_POINTS", "START", "TIE_CARRY", "TRICKS",
    "card_points", "HandScore", "hand_score", "ScoreSheet", "RubberOver",
]

TOTAL_POINTS = 120
START = 24  # each column of the sheet starts here and counts down
TIE_CARRY = 2  # game points a 60–60 hand carries to the next hand's scorers
#: Tricks in a hand, by the number of players (32 cards; with three, 2 go to the talon).
TRICKS: dict[int, int] = {4: 8, 3: 10, 2: 16}


def card_points(cards: Sequence[Card] | str) -> int:
    """The card points of ``cards``: ace 11, ten 10, king 4, queen 3, jack 2, the rest 0.

    >>> card_points("CA HT SK DQ CJ H9")
    30
    """
    return _points_by_rank(check_cards(cards, "the cards"), CARD_VALUES)


@dataclass(frozen=True)
class HandScore:
    """What a hand scores: which side scores (``"announcers"``, ``"opponents"`` or ``None`` on
    a 60–60 tie), how many game points, the band of the table that applied, and why."""

    scorer: str | None
    points: int
    band: str  # "vol alone", "vol", "90-120", "61-89", "60-60", "31-59", "0-30", "no trick"
    clubs: bool
    reason: Reason

    @property
    def tie(self) -> bool:
        return self.scorer is None


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPosition(f"{name} must be a whole number from {low} to {high}, not {type_name(value)}")
    if not low <= value <= high:
        raise InvalidPosition(f"{name} must be from {low} to {high}, got {value}")
    return value


def hand_score(
    trump: Suit | str,
    announcer_points: int,
    announcer_tricks: int,
    alone: bool = False,
    players: int = 4,
    *,
    rules: Rules | None = None,
) -> HandScore:
    """Who scores a hand, and how many game points.

    ``announcer_points``: the card points of the announcers (with three
    players, the soloist's, the talon and discards included);
    ``announcer_tricks``: the tricks they won; ``alone``: in the four-player
    game, one announcer won every trick by themselves; ``rules``: the
    switches (:class:`~stytvolt.sjavs.variants.Rules`; the default follows
    the rulings).

    >>> hand_score("H", 75, 5).points, hand_score("H", 75, 5).scorer
    (2, 'announcers')
    >>> hand_score("C", 40, 3).points, hand_score("C", 40, 3).scorer
    (8, 'opponents')
    """
    suit = parse_trump(trump)
    if isinstance(players, bool) or players not in TRICKS:
        raise InvalidPosition(f"Sjavs is played by 4, 3 or 2 players, not {players!r}")
    tricks = TRICKS[players]
    points = _whole(announcer_points, "announcer_points", 0, TOTAL_POINTS)
    won = _whole(announcer_tricks, "announcer_tricks", 0, tricks)
    if not isinstance(alone, bool):
        raise InvalidPosition(f"alone must be True or False, not {type_name(alone)}")
    if alone and players != 4:
        raise InvalidPosition("alone marks one partner winning every trick without the other: it needs the four-player game")
    if alone and won != tricks:
        raise InvalidPosition(f"alone means one announcer won every trick, but the announcers won {won} of {tricks}")
    if won == tricks and points != TOTAL_POINTS:
        raise InvalidPosition(f"the announcers won every trick, so they hold all {TOTAL_POINTS} card points, not {points}")
    if won == 0 and players != 3 and points != 0:
        raise InvalidPosition(f"the announcers won no trick, so they hold no card points, not {points}")
    clubs = suit is Suit.CLUBS

    def result(scorer: str | None, plain: int, club: int, band: str, text: str) -> HandScore:
        value = club if clubs else plain
        why = Reason.of(
            f"band-{band.replace(' ', '-')}",
            text + (" With clubs as trumps this row counts {value} instead of {plain}." if clubs and plain != club else ""),
            value=value, plain=plain, points=points, tricks=won, total=tricks,
        )
        return HandScore(scorer, value, band, clubs, why)

    if won == tricks:
        if alone:
            return result("announcers", 16, 24, "vol alone",
                          "One announcer won all {total} tricks alone: the announcers score {value}.")
        return result("announcers", 12, 16, "vol", "The announcers won all {total} tricks (vol): they score {value}.")
    if points == 60:
        return result(None, 0, 0, "60-60",
                      "60 card points each: nobody scores, and 2 game points go to whoever scores the next hand.")
    if points >= 90:
        return result("announcers", 4, 8, "90-120", "The announcers took {points} card points (90 or more): they score {value}.")
    if points >= 61:
        five = rules is not None and rules.clubs_61_89_five
        return result("announcers", 2, 5 if five else 4, "61-89", "The announcers took {points} card points (61 to 89): they score {value}.")
    if points >= 31:
        return result("opponents", 4, 8, "31-59",
                      "The announcers took only {points} card points (31 to 59): the opponents score {value}.")
    if won == 0:
        return result("opponents", 16, 16, "no trick",
                      "The announcers won no trick: the opponents score {value}, whatever the trumps.")
    return result("opponents", 8, 16, "0-30",
                  "The announcers took {points} card points (30 or fewer) in {tricks:trick}: the opponents score {value}.")


class RubberOver(InvalidPosition):
    """A hand recorded on a sheet whose rubber is already won."""


@dataclass
class ScoreSheet:
    """The subtractive score sheet: every column starts at 24 and counts down to 0.

    ``players=4``: two columns, team 0 (seats 0 and 2) and team 1 (seats 1
    and 3).  With three or two players, a column each.  ``record(side,
    result)`` writes a hand: ``side`` is the announcers' team (or the
    soloist's seat) and ``result`` what :func:`hand_score` gave.
    """

    players: int = 4
    lines: list[tuple[int, ...]] = field(default_factory=list)
    carried: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in TRICKS:
            raise InvalidPosition(f"Sjavs is played by 4, 3 or 2 players, not {self.players!r}")
        if not self.lines:
            self.lines = [tuple([START] * self.columns)]

    @property
    def columns(self) -> int:
        return 2 if self.players == 4 else self.players

    @property
    def totals(self) -> tuple[int, ...]:
        """Each column's score now."""
        return self.lines[-1]

    @property
    def winners(self) -> tuple[int, ...]:
        """The columns that have won (at 0 or below, the lowest of them), or none yet."""
        down = [i for i, v in enumerate(self.totals) if v <= 0]
        if not down:
            return ()
        low = min(self.totals[i] for i in down)
        return tuple(i for i in down if self.totals[i] == low)

    @property
    def winner(self) -> int | None:
        """The column that won the rubber, once one has (``None`` before, or if two share it)."""
        found = self.winners
        return found[0] if len(found) == 1 else None

    @property
    def double_victory(self) -> bool:
        """The rubber is won while every other column is still at 24."""
        found = self.winners
        return bool(found) and all(v == START for i, v in enumerate(self.totals) if i not in found)

    def record(self, side: int, result: HandScore) -> tuple[int, ...]:
        """Write one hand; returns the new line.  Nothing changes if it raises."""
        if self.winners:
            raise RubberOver(f"the rubber is already won by column {self.winners[0]}: start a new sheet")
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < self.columns:
            raise InvalidPosition(f"side must be a column of the sheet, 0 to {self.columns - 1}, not {side!r}")
        if not isinstance(result, HandScore):
            raise InvalidPosition(f"result must be what hand_score gave, not {type_name(result)}")
        line = list(self.totals)
        if result.scorer is None:
            self.carried += TIE_CARRY
        else:
            scorers = [side] if result.scorer == "announcers" else [c for c in range(self.columns) if c != side]
            for column in scorers:
                line[column] -= result.points + self.carried
            self.carried = 0
        self.lines.append(tuple(line))
        return self.totals
