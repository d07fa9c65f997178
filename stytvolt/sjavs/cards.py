"""The Sjavs pack and the order of its cards, which depends on the trump suit.

Thirty-two cards, the sevens up to the aces.  Six of them are trumps whatever
suit is trump (the *permanent trumps*, highest first): ♣Q ♠Q ♣J ♠J ♥J ♦J.
They belong to the trump suit and to no other: a club lead is not followed
with ♣Q, and a trump lead may be followed with ♥J.  Below them the trump suit
goes on in its own plain order, and every other suit keeps its plain order:

* clubs and spades (their queens and jacks are permanent trumps): A K 10 9 8 7;
* hearts and diamonds (only their jacks are): A K Q 10 9 8 7.

So a black suit has 12 trumps when it is trump and a red one 13.  This module
is the one place that knows it; every other part of the game asks
:func:`suit_of` and :func:`power`.
"""

from __future__ import annotations

from typing import Iterable

from stytvolt.core.cards import Card, CardParseError, Pack, Rank, Suit, make_pack, parse_card, parse_cards
from stytvolt.core.errors import type_name

__all__ = [
    "PACK",
    "PERMANENT_TRUMPS",
    "PLAIN_ORDER",
    "CARD_VALUES",
    "parse_trump",
    "is_permanent",
    "suit_of",
    "power",
    "order",
    "describe_suit",
    "check_cards",
]

PACK: Pack = make_pack("sjavs", "the 32-card Sjavs pack (sevens up to aces)", (r for r in Rank if r >= Rank.SEVEN))

#: The six permanent trumps, highest first.
PERMANENT_TRUMPS: tuple[Card, ...] = tuple(parse_card(t) for t in ("CQ", "SQ", "CJ", "SJ", "HJ", "DJ"))
_PERMANENT_RANK = {card: i for i, card in enumerate(PERMANENT_TRUMPS)}

_BLACK = (Rank.ACE, Rank.KING, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_RED = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)

#: Each suit's plain cards, highest first (the permanent trumps left out).
PLAIN_ORDER: dict[Suit, tuple[Card, ...]] = {
    suit: tuple(Card(suit, rank) for rank in (_RED if suit.is_red else _BLACK)) for suit in Suit
}
_PLAIN_POWER = {card: len(cards) - i for cards in PLAIN_ORDER.values() for i, card in enumerate(cards)}

#: Card points by rank (nines, eights and sevens count nothing): 120 in the pack.
CARD_VALUES: dict[Rank, int] = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def parse_trump(trump: "Suit | str") -> Suit:
    """The trump suit from a :class:`Suit` or its text (``"H"``, ``"♥"``, ``"hearts"``)."""
    if isinstance(trump, Suit):
        return trump
    if isinstance(trump, str):
        return Suit.parse(trump)
    raise CardParseError(f"the trump suit is given as a suit or its text (S H D C, ♠ ♥ ♦ ♣), not {type_name(trump)}")


def is_permanent(card: Card) -> bool:
    """Whether the card is one of the six permanent trumps."""
    return card in _PERMANENT_RANK


def suit_of(card: Card, trump: Suit) -> Suit:
    """The suit the card belongs to in play: the trump suit for a permanent trump, else its printed suit."""
    return trump if card in _PERMANENT_RANK else card.suit


def power(card: Card, trump: Suit) -> int:
    """The card's strength within the suit it belongs to (higher beats lower; only same-suit powers compare).

    Permanent trumps are 20 (♣Q) down to 15 (♦J); a plain card counts its
    place from the bottom of its suit's order (a seven is 1).
    """
    found = _PERMANENT_RANK.get(card)
    if found is not None:
        return 20 - found
    return _PLAIN_POWER[card]


def order(suit: Suit, trump: Suit) -> tuple[Card, ...]:
    """Every card of ``suit`` as it plays with ``trump`` trumps, highest first."""
    if suit is trump:
        return PERMANENT_TRUMPS + PLAIN_ORDER[suit]
    return PLAIN_ORDER[suit]


def describe_suit(suit: Suit, trump: Suit) -> str:
    """``"trumps"`` or ``"hearts"``: what a card of ``suit`` is called in play."""
    return "trumps" if suit is trump else suit.english


def check_cards(cards: Iterable[object], what: str) -> tuple[Card, ...]:
    """Cards from a list of cards or their text, each in the Sjavs pack and named once."""
    if isinstance(cards, str):
        return parse_cards(cards, pack=PACK, unique=True)
    if isinstance(cards, (list, tuple)):
        return parse_cards(list(cards), pack=PACK, unique=True)
    raise CardParseError(f"{what} is given as cards or their text like 'HA SK', not {type_name(cards)}")
