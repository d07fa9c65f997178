"""Vira, Sweden's three-handed game of the Solo family: forty contracts, a thirteen-card talon, chips and points.

The rules as queries:

* :data:`CONTRACTS` (the forty, lowest first), :func:`contract` (any name,
  Swedish or English), :class:`Bid` and :func:`parse_bid`, :func:`overcalls`
  and :func:`bid_refusal` (why a bid does not overcall), :func:`points`,
  :func:`outcome` (won, lost singly, kodille), :func:`requirement` (what a
  contract asks, in words) in :mod:`~stytvolt.vira.contracts`;
* :func:`suit_class_of` (preference, colour, off-colour), :func:`legal_plays`,
  :func:`refusal` (why a card may not be played), :func:`trick_winner` and
  :func:`explain_trick` in :mod:`~stytvolt.vira.play`;
* :func:`settle`, :class:`ChipTable` and :data:`HOUSE_CHIPS` (a house table:
  the historical chip figures were not recovered) in :mod:`~stytvolt.vira.chips`.

A whole hand on the shared protocol is :class:`HandState`
(``HandState.deal(seed, dealer=0, players=3)``); its rule switches are
:class:`Rules`.
"""

from stytvolt.core.protocol import GameInfo

from stytvolt.core.cards import FULL_PACK
from stytvolt.vira.chips import CHIP_VALUE, HOUSE_CHIPS, SURRENDERED, ChipRates, ChipTable, Settlement, settle
from stytvolt.vira.contracts import (
    ALL_BIDS, CONTRACTS, GASK_OPTIONS, Bid, BidError, Contract, ContractError, Kind, MisereKind, Outcome, SuitClass,
    bid_refusal, contract, misere_cards, outcome, overcalls, parse_bid, points, requirement,
)
from stytvolt.vira.hand import Action, HandState, Observation, parse_action
from stytvolt.vira.play import (
    TrickResult, colour_suit, explain_trick, legal_plays, refusal, suit_class_of, suits_of_class, trick_winner,
)
from stytvolt.vira.variants import DealPattern, MisereHands, Rules, SitOut
from stytvolt.vira.game import ViraGame  # a session of hands with the pot and the score sheet (the table's Match)

__all__ = [
    "CONTRACTS", "ALL_BIDS", "GASK_OPTIONS", "Bid", "BidError", "Contract", "ContractError", "Kind", "MisereKind",
    "Outcome", "SuitClass", "bid_refusal", "contract", "misere_cards", "outcome", "overcalls", "parse_bid", "points",
    "requirement",
    "CHIP_VALUE", "HOUSE_CHIPS", "SURRENDERED", "ChipRates", "ChipTable", "Settlement", "settle",
    "TrickResult", "colour_suit", "explain_trick", "legal_plays", "refusal", "suit_class_of", "suits_of_class",
    "trick_winner",
    "Action", "HandState", "Observation", "parse_action",
    "DealPattern", "MisereHands", "Rules", "SitOut", "GAME",
]


def _new(seed: int | None = None, *, rules: Rules | None = None, dealer: int = 0, players: int = 3,
         chips: ChipTable | None = None) -> HandState:
    return HandState.deal(seed, dealer, players=players, rules=rules, chips=chips)


GAME = GameInfo(
    name="vira",
    title="Vira",
    aliases=("wira", "swedish vira", "gothic whist"),
    players=(3, 4),
    pack=FULL_PACK,
    rules=Rules,
    new=_new,
    from_json=HandState.from_json,
    parse_action=parse_action,
    summary="Sweden's elaborate Solo game for three: a cut for the preference suit, forty contracts from Beg to "
            "Solo Vira, a thirteen-card talon to draw from, chips to the pot and points between the players.",
    module="stytvolt.vira",
    site="stytvolt.vira.site",
    table="stytvolt.vira.table",
    quiz="stytvolt.vira.quiz",
    solver="stytvolt.vira.solving",
    worked="stytvolt.vira.worked",
    coach="stytvolt.vira.coach",
    puzzle_module="stytvolt.vira.puzzles",
    pages=(
        ("index", "About Vira"), ("preliminaries", "Before the auction"), ("auction", "The auction"),
        ("contracts", "The contracts"), ("play-and-scoring", "Play and scoring"),
        ("tactics", "Tactics"),
    ),
)
