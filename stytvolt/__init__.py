"""stytvolt: the rules of Stýrivolt and its sister games, pure Python.

The one obvious entry points are re-exported here; each game lives in its own
subpackage (``stytvolt.styrivolt``).
"""

from stytvolt.cards import (
    ALL_CARDS,
    FULL_PACK,
    STYRIVOLT_PACK,
    Card,
    CardParseError,
    Pack,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS",
    "FULL_PACK",
    "STYRIVOLT_PACK",
    "Card",
    "CardParseError",
    "Pack",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]
