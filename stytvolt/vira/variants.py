"""Vira's rule switches: where the sources differ, each difference is a switch with its help.

The defaults follow the seed (Parlett's chapter) where it speaks and the
recovered Stockholm table where the seed is cut off; each other choice is a
ruling on the rulings page (R69 on).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from stytvolt.core.rules import SwitchRules, switch

__all__ = ["Rules", "DealPattern", "SitOut", "MisereHands"]


class DealPattern(Enum):
    """How the thirteen cards each are dealt: Parlett's 3-3-3-4, or the Stockholm rules' 4-3-3-3."""

    PARLETT = "3-3-3-4"
    STOCKHOLM = "4-3-3-3"

    @property
    def packets(self) -> tuple[int, ...]:
        return (3, 3, 3, 4) if self is DealPattern.PARLETT else (4, 3, 3, 3)


class SitOut(Enum):
    """With four at the table, who sits out the hand (ruling R69)."""

    DEALERS_RIGHT = "dealers-right"  # pagat.com and the Stockholm rules (brusdata.se)
    DEALER = "dealer"  # Parlett's wording ("each in turn dealing and sitting out")


class MisereHands(Enum):
    """How many cards a misère with discards (köpmisär) is played with (ruling R74)."""

    TABLE = "table"  # the Stockholm table: on 1 discard 11 cards, on 2 to 6 discards 12
    PARLETT = "parlett"  # Parlett's text: 13 cards on 1 to 3 discards, 12 on 4 to 6


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """The switches of a hand of Vira."""

    deal: DealPattern = switch(DealPattern.PARLETT, "Deal 3-3-3-4 (Parlett) or 4-3-3-3 (the Stockholm rules).")
    sitter: SitOut = switch(SitOut.DEALERS_RIGHT,
                            "With four at the table, the player at the dealer's right sits out (pagat.com, "
                            "Stockholm), or the dealer (Parlett's wording).")
    misere_hands: MisereHands = switch(MisereHands.TABLE,
                                       "A misère with discards is played with the Stockholm table's 11 or 12 "
                                       "cards, or as Parlett writes: 13 cards, 12 on four or more discards.")
    cuckoo_reopens: bool = switch(False, "A cuckoo reopens the auction: players who had passed may come back "
                                         "to overcall it (Parlett: 'in some circles').")
    royale_open_defence: bool = switch(False, "In an ouverte royale the opponents' hands are laid open too "
                                              "(Victorin), rather than the opponents only talking over their play "
                                              "(Parlett).")
