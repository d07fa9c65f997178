"""What the Brus question kinds share: the table as a question names it, and the rules' reasons in its words.

The questions are asked at a table of four: you are South, play goes South,
West, North, East, and the sides are South and North against West and East
(seats alternate, so a seat's side is ``seat % 2``).  The engine's reasons
name sides as :class:`~stytvolt.core.explain.Team` arguments; a question
says them in words (:func:`named`), so the quiz page, the command line and
the tests read the same sentence whatever team names they pass.
"""

from __future__ import annotations

from stytvolt.core.explain import COMPASS, Reason, Team

__all__ = ["GAME", "PLAYERS", "SEATS", "SIDES", "named"]

GAME = "brus"
#: The table the questions are asked at: four players, two against two.
PLAYERS = 4
#: The seats as the questions name them (you are South).
SEATS = COMPASS
#: The two sides, by their players: side 0 (South and North) and side 1 (West and East).
SIDES: tuple[str, str] = ("South and North", "West and East")


def named(reason: Reason) -> Reason:
    """The rules' reason with each side said by its players (``SIDES``) instead of as a team to be named later."""
    args = {name: SIDES[int(value)] if isinstance(value, Team) else value for name, value in reason.args}
    return Reason.of(reason.code, reason.template, reason.cards, **args)
