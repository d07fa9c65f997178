"""The rule switches: one frozen object, each field named after the rule it changes.

The defaults are the Kvívík rules of the seed text.  Every variation the seed
lists is a switch here; so are the points where another source (the Penguin
book) disagrees.  Each switch carries its help text (listed by the CLI and the
site from here), and a wrong value is refused when the rules are built.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any

from stytvolt.core.rules import SwitchRules, switch
from stytvolt.styrivolt.chalk import Scoring

__all__ = ["Rules", "CutRule", "Scoring"]


class CutRule(Enum):
    """Cutting for a stikkar before the deal (a variation)."""

    NONE = "none"  # the cards are not cut (the usual Kvívík way)
    BOTTOM_CARD = "bottom-card"  # the cutter looks at the stock's bottom card only
    UNTIL_FOURTH = "until-fourth"  # ... and on, up to the fourth card, until a permanent stikkar shows
    TWO_STIKKAR = "two-stikkar"  # up to four cards, and a second permanent stikkar may be exposed too


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """The rules a hand is played by.  ``Rules()`` is the seed's Kvívík game.

    A wrong value raises :class:`~stytvolt.core.errors.InvalidRules` naming the
    switch; an enum switch also takes its value's text (``scoring="penguin"``).
    """

    cut_for_stikkar: CutRule = switch(
        CutRule.NONE, "cut for a permanent stikkar before the deal: its king's holder may claim it")
    queen_claims_cut_stikkar: bool = switch(False, "with a cut: the queen claims when the king is in no hand")
    open_choosing: bool = switch(False, "the cards turned while choosing suits are shown to everyone")
    king_of_hearts_takes_bird: bool = switch(False, "an exposed bird may be taken with ♥K in the last trick")
    compulsory_beating: bool = switch(False, "beat the best card so far if you can, unless your partner played it")
    late_stock: bool = switch(False, "the stock may first be taken after the first trick")
    scoring: Scoring = switch(Scoring.KVIVIK, "the score table: the seed's Kvívík one, or the Penguin book's")
    enforce_stock_right: bool = switch(
        True, "only a player dealt no stikkar may take the stock (off: anyone may, and a wrongful take costs a penalty)")
    partner_trick_ends_play_on: bool = switch(
        True, "a lone keeper-in plays on and the partner takes a trick: the hand ends, scored as kept in alone "
        "(only an opponent's trick loses a bonus); off: the team plays on for nine as a team")
    promote_kings_and_queens: bool = switch(
        True, "four kings or four queens in one hand play as the best of their four, as other ranks do "
        "(off: they play as they are)")

    def describe(self) -> dict[str, Any]:
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()}
