"""What the Klørsjavs question kinds share: the three games, their seats and packs, the checks of a position.

Drawing until a position fits and the card and seat notes are
:mod:`stytvolt.learn.common`'s, shared with Sjavs; they are re-exported here.
:data:`NEAR` is what :func:`~stytvolt.learn.common.number_choices` offers
around a count.
"""

from __future__ import annotations

from typing import Sequence

from stytvolt.core.cards import Card, Pack, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS
from stytvolt.klorsjavs.cards import FOUR_HAND_PACK, PACK, check_cards, parse_trump
from stytvolt.klorsjavs.hand import VARIANTS
from stytvolt.learn.common import ATTEMPTS, cards_text, first_fit, listed, seat_notes

__all__ = [
    "GAME", "SEATS", "ATTEMPTS", "GAME_NAMES", "first_fit", "checked_variant", "players_of", "pack_of",
    "checked_cards", "checked_trump", "cards_text", "listed", "seat_notes", "seat", "NEAR",
]

GAME = "klorsjavs"
#: The seats as the questions name them (you are South; play goes South, West, North and, with four, East).
SEATS = COMPASS
#: What each of the three games is called in a question.
GAME_NAMES = {"klorsjavs": "Klørsjavs", "four-hand": "Four-hand Klørsjavs", "auction": "Auction Klørsjavs"}
#: The slips a counter of Klørsjavs's card points makes: a five or ten too many or few, a jack, an ace.
NEAR = (10, 5, 2, 11)


def checked_variant(variant: object) -> str:
    """One of the three games: ``"klorsjavs"``, ``"four-hand"`` or ``"auction"``."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        shown = variant if isinstance(variant, str) else type_name(variant)
        raise InvalidPosition(f"the game is one of {', '.join(VARIANTS)}, not {shown!r}")
    return variant


def players_of(variant: str) -> int:
    """How many play the game (three, or four in four-hand Klørsjavs)."""
    return VARIANTS[variant]


def pack_of(variant: str) -> Pack:
    """The game's pack: 20 cards, or 18 without ♥Q and ♦Q in four-hand Klørsjavs."""
    return FOUR_HAND_PACK if variant == "four-hand" else PACK


def checked_cards(cards: Sequence[Card] | str, what: str, variant: str = "klorsjavs") -> tuple[Card, ...]:
    """Cards of the game's pack, each named once, from text or a list."""
    if not isinstance(cards, (str, list, tuple)):
        raise InvalidPosition(f"{what} is given as cards or their text like 'CA S5', not {type_name(cards)}")
    return check_cards(cards, what, pack_of(variant))


def checked_trump(variant: str, trump: Suit | str | None) -> Suit | None:
    """The auction's named trump suit (required there), or None (the nine permanent trumps) in the others."""
    suit = parse_trump(trump)
    if variant == "auction" and suit is None:
        raise InvalidPosition("in Auction Klørsjavs the declarer names a trump suit: give it")
    if variant != "auction" and suit is not None:
        raise InvalidPosition(f"{GAME_NAMES[variant]} has no named trump suit (clubs and the wenzels always are)")
    return suit


def seat(value: object, players: int, what: str = "the declarer") -> int:
    """A seat number 0..players-1, checked."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidPosition(f"{what} is a seat 0..{players - 1}, not {value!r}")
    return value
