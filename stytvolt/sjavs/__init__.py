"""Sjavs, the Faroe Islands' everyday trick-taking game, for four (in partnerships), three or two.

The rules, each in one place:

* :mod:`~stytvolt.sjavs.cards`: the 32-card pack, the six permanent trumps and
  each suit's order (:func:`suit_of`, :func:`power`, :func:`order`);
* :mod:`~stytvolt.sjavs.play`: :func:`legal_plays` and :func:`trick_winner`
  (with :func:`explain_trick` for the reason);
* :mod:`~stytvolt.sjavs.bidding`: :func:`trump_lengths` and :func:`winning_bid`;
* :mod:`~stytvolt.sjavs.scoring`: :func:`card_points`, :func:`hand_score` and
  the :class:`ScoreSheet` from 24;
* :mod:`~stytvolt.sjavs.deal`: :func:`deal_layout` and :func:`deal_cards`.
"""

from stytvolt.sjavs.bidding import MIN_BID, Bid, TrumpLengths, WinningBid, parse_bid, trump_lengths, winning_bid
from stytvolt.sjavs.cards import CARD_VALUES, PACK, PERMANENT_TRUMPS, PLAIN_ORDER, is_permanent, order, power, suit_of
from stytvolt.sjavs.deal import DealLayout, Dealt, Step, deal_cards, deal_layout
from stytvolt.sjavs.play import TrickResult, explain_trick, legal_plays, refusal, trick_winner
from stytvolt.sjavs.scoring import START, TIE_CARRY, HandScore, RubberOver, ScoreSheet, card_points, hand_score

__all__ = [
    "MIN_BID", "Bid", "TrumpLengths", "WinningBid", "parse_bid", "trump_lengths", "winning_bid",
    "CARD_VALUES", "PACK", "PERMANENT_TRUMPS", "PLAIN_ORDER", "is_permanent", "order", "power", "suit_of",
    "DealLayout", "Dealt", "Step", "deal_cards", "deal_layout",
    "TrickResult", "explain_trick", "legal_plays", "refusal", "trick_winner",
    "START", "TIE_CARRY", "HandScore", "RubberOver", "ScoreSheet", "card_points", "hand_score",
]
