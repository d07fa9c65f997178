"""stytvolt: the rules of Stýrivolt and its sister games, pure Python.

``games()`` lists the games and ``game("styrivolt")`` finds one by name or
alias; each game lives in its own subpackage (``stytvolt/<game>/``) on the
shared core (``stytvolt.core``).  The few names everyone needs are here.
"""

from stytvolt.core.cards import ALL_CARDS, FULL_PACK, Card, CardParseError, Pack, Rank, Suit, format_cards, parse_card, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, InvalidRules, ParseError, StytvoltError
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.core.protocol import GameInfo, GameState
from stytvolt.core.registry import UnknownGame, game, games

__version__ = "0.2.0"

__all__ = [
    "games", "game", "GameInfo", "GameState", "UnknownGame",
    "StytvoltError", "ParseError", "IllegalAction", "InvalidPosition", "InvalidRules",
    "Reason", "Seat", "Team",
    "ALL_CARDS", "FULL_PACK", "Card", "CardParseError", "Pack", "Rank", "Suit",
    "format_cards", "parse_card", "parse_cards",
]
