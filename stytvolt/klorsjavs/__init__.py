"""Klørsjavs, the Danish three-hand Sjavs with twenty cards, and its four-hand and auction forms.

The rules as queries (:mod:`~stytvolt.klorsjavs.rules`): :func:`legal_plays`,
:func:`trick_winner` (``trump=None``: clubs and the wenzels; a suit: Auction
Klørsjavs's named trumps), :func:`card_points`, :func:`hand_score`,
:func:`fold_cost` and :func:`auction_score`.  The cards and their order are in
:mod:`~stytvolt.klorsjavs.cards`.
"""

from stytvolt.klorsjavs.cards import AUCTION_ORDER, CARD_VALUES, FOUR_HAND_PACK, PACK, PLAIN_ORDER, TRUMPS, order, power, suit_of
from stytvolt.klorsjavs.rules import (
    FOLD_COST, AuctionScore, Bid, HandScore, auction_score, card_points, fold_cost, hand_score, legal_plays,
    parse_auction_bid, trick_winner,
)

__all__ = [
    "AUCTION_ORDER", "CARD_VALUES", "FOUR_HAND_PACK", "PACK", "PLAIN_ORDER", "TRUMPS", "order", "power", "suit_of",
    "FOLD_COST", "AuctionScore", "Bid", "HandScore", "auction_score", "card_points", "fold_cost", "hand_score",
    "legal_plays", "parse_auction_bid", "trick_winner",
]
