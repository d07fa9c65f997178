"""Sjavs's rule switches: where sources disagree, the player picks; the defaults are our rulings."""

from __future__ import annotations

from dataclasses import dataclass

from stytvolt.core.rules import SwitchRules, switch

__all__ = ["Rules"]


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """The rules a Sjavs hand is scored by.  ``Rules()`` follows the rulings page."""

    clubs_61_89_five: bool = switch(
        False, "61-89 card points with clubs trumps score 5, as the seed prints it, instead of 4 (ruling R33)")
