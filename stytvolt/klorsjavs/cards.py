"""The Klørsjavs packs and the order of their cards.

Twenty cards: the aces, kings, queens, jacks and fives of every suit (the
five takes the place other games give the ten, and counts 10).  Clubs are
always trumps, and with them the queen of spades and every jack: nine
trumps in all, highest first ♣Q ♠Q ♣J ♠J ♥J ♦J ♣A ♣K ♣5 (the *wenzels*
are the six queens and jacks at the top).  The other suits keep what is
left of them: spades A K 5 (ruling R42), hearts and diamonds A K Q 5.

Four-hand Klørsjavs takes out ♥Q and ♦Q (18 cards, 114 points).  Auction
Klørsjavs has no permanent trumps: the declarer names a trump suit and
every suit runs A K Q J 5.
"""

from __future__ import annotations

from stytvolt.core.cards import Card, CardParseError, Pack, Rank, Suit, make_pack, parse_card, parse_cards
from stytvolt.core.errors import type_name

__all__ = [
    "PACK", "FOUR_HAND_PACK", "TRUMPS", "PLAIN_ORDER", "AUCTION_ORDER", "CARD_VALUES",
    "parse_trump", "suit_of", "power", "order", "check_cards",
]

_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE)
PACK: Pack = make_pack("klorsjavs", "the 20-card Klørsjavs pack (aces, kings, queens, jacks and fives)", _RANKS)
FOUR_HAND_PACK: Pack = make_pack(
    "klorsjavs-4", "the 18-card four-hand Klørsjavs pack (no ♥Q or ♦Q)", _RANKS, without="HQ DQ")

#: The permanent trump suit, highest first.
TRUMPS: tuple[Card, ...] = tuple(parse_card(t) for t in ("CQ", "SQ", "CJ", "SJ", "HJ", "DJ", "CA", "CK", "C5"))
_TRUMP_POWER = {card: 30 - i for i, card in enumerate(TRUMPS)}

#: The plain suits with permanent trumps, highest first.
PLAIN_ORDER: dict[Suit, tuple[Card, ...]] = {
    Suit.SPADES: tuple(parse_card(t) for t in ("SA", "SK", "S5")),
    Suit.HEARTS: tuple(parse_card(t) for t in ("HA", "HK", "HQ", "H5")),
    Suit.DIAMONDS: tuple(parse_card(t) for t in ("DA", "DK", "DQ", "D5")),
}
#: Auction Klørsjavs: every suit, trump or not.
AUCTION_ORDER: dict[Suit, tuple[Card, ...]] = {suit: tuple(Card(suit, r) for r in _RANKS) for suit in Suit}

_PLAIN_POWER = {card: len(cards) - i for cards in PLAIN_ORDER.values() for i, card in enumerate(cards)}
_AUCTION_POWER = {card: len(cards) - i for cards in AUCTION_ORDER.values() for i, card in enumerate(cards)}

#: Card points by rank: 120 in the 20-card pack.
CARD_VALUES: dict[Rank, int] = {Rank.ACE: 11, Rank.FIVE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def parse_trump(trump: "Suit | str | None") -> Suit | None:
    """``None`` (the permanent clubs trumps) or a named trump suit (Auction Klørsjavs)."""
    if trump is None or isinstance(trump, Suit):
        return trump
    if isinstance(trump, str):
        return Suit.parse(trump)
    raise CardParseError(f"the trump suit is None (clubs and the wenzels) or a suit, not {type_name(trump)}")


def suit_of(card: Card, trump: Suit | None) -> Suit:
    """The suit a card plays in: with permanent trumps (``trump=None``) the nine trumps are clubs."""
    if trump is None and card in _TRUMP_POWER:
        return Suit.CLUBS
    return card.suit


def power(card: Card, trump: Suit | None) -> int:
    """Strength within the card's suit (only cards of one suit compare)."""
    if trump is None:
        found = _TRUMP_POWER.get(card)
        return found if found is not None else _PLAIN_POWER[card]
    return _AUCTION_POWER[card]


def order(suit: Suit, trump: Suit | None) -> tuple[Card, ...]:
    """The cards of ``suit``, highest first (with permanent trumps, clubs is the nine trumps)."""
    if trump is None:
        return TRUMPS if suit is Suit.CLUBS else PLAIN_ORDER[suit]
    return AUCTION_ORDER[suit]


def check_cards(cards: object, what: str, pack: Pack = PACK) -> tuple[Card, ...]:
    """Cards from a list or text, each in ``pack`` and named once."""
    if isinstance(cards, str):
        return parse_cards(cards, pack=pack, unique=True)
    if isinstance(cards, (list, tuple)):
        return parse_cards(list(cards), pack=pack, unique=True)
    raise CardParseError(f"{what} is given as cards or their text like 'CA S5', not {type_name(cards)}")
