"""The 48-card Stýrivolt pack: the full pack without its tens."""

from stytvolt.core.cards import Pack, Rank, make_pack

__all__ = ["PACK", "STYRIVOLT_PACK", "HAND_SIZE", "TRICKS", "TO_WIN", "PLAYERS"]

PACK: Pack = make_pack(
    "styrivolt", "the 48-card Stýrivolt pack (the tens are removed)", (r for r in Rank if r is not Rank.TEN)
)
STYRIVOLT_PACK = PACK  # the name the package has always used

PLAYERS = 4  # two teams of two, partners facing each other
HAND_SIZE = 9  # three rounds of three cards each
TRICKS = 9
TO_WIN = 5  # tricks that win the hand
