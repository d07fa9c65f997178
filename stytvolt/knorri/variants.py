"""Knorri's rule switches: the variations the sources describe, each with its help text.

``Rules()`` is the game as the main source gives it: one pack, hard clubs,
phase one with the nine face-up cards and a forced take, no score kept
(the loser simply loses), no "last card" call, and the engine making every
forced take itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from stytvolt.core.rules import SwitchRules, switch

__all__ = ["PhaseOne", "Rules"]


class PhaseOne(Enum):
    """How the players collect their hands in phase one."""

    #: Nine face-up cards; each turned card takes one lower card of its suit (a diamond with none
    #: takes a spade or a heart), else stays on the table.
    STANDARD = "standard"
    #: Cristian Seres's version: a turned card takes every lower card of its suit; diamonds are not
    #: trumps in phase one.
    ALL_LOWER = "all-lower"
    #: Olli Salmi's version, after Mas: three cards in hand, two-player tricks won by the higher rank,
    #: the top of the stock playable blind.
    MAS = "mas"


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """The rules a game of Knorri is played by.  ``Rules()`` is the main source's game."""

    soft_clubs: bool = switch(
        False, "soft clubs: in phase two a club on top of the trick can be beaten by any spade, heart or diamond, "
               "not only by a higher club")
    phase_one: PhaseOne = switch(
        PhaseOne.STANDARD, "how phase one is played: standard (nine face-up cards, one lower card taken), "
                           "all-lower (every lower card of the suit taken, diamonds not trumps), or mas "
                           "(three-card hands and two-player tricks)")
    scoring: bool = switch(
        False, "zero-sum scoring: a player going out scores one point for each player still holding cards, "
               "and the loser pays the total")
    last_card: bool = switch(
        False, "'last card': a player left with one card must say so, or on their next turn may not go out "
               "and must pick up (or miss the turn when the table is empty)")
    two_packs: bool = switch(
        False, "two packs (104 cards): twins never beat each other, and the holder of the marked ♣2 opens")
    overlooking: bool = switch(
        False, "'you missed one': a player may leave a turned card that could have taken one, and each other "
               "player in turn may point the take out and so force it (phase one with the table)")
