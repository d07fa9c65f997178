"""Klørsjavs, the Danish three-hand Sjavs with twenty cards, and its four-hand and auction forms.

The rules as queries (:mod:`~stytvolt.klorsjavs.rules`): :func:`legal_plays`,
:func:`trick_winner` (``trump=None``: clubs and the wenzels; a suit: Auction
Klørsjavs's named trumps), :func:`card_points`, :func:`hand_score`,
:func:`fold_cost` and :func:`auction_score`; the play's rules in words:
:func:`refusal` (why a card may not be played) and :func:`explain_trick`
(who wins a trick and why, a :class:`TrickResult`).  The cards and their order are in
:mod:`~stytvolt.klorsjavs.cards`; a whole hand of any of the three games on
the shared state protocol is :class:`~stytvolt.klorsjavs.hand.HandState`
(``deal(seed, dealer=0, variant="klorsjavs" | "four-hand" | "auction")``).
"""

from dataclasses import dataclass

from stytvolt.core.protocol import GameInfo
from stytvolt.core.rules import SwitchRules

from stytvolt.klorsjavs.cards import AUCTION_ORDER, CARD_VALUES, FOUR_HAND_PACK, PACK, PLAIN_ORDER, TRUMPS, order, power, suit_of
from stytvolt.klorsjavs.game import KLORSJAVS_GAME, KlorsjavsGame, hand_result
from stytvolt.klorsjavs.hand import VARIANTS, Action, HandState, Observation, parse_action
from stytvolt.klorsjavs.rules import (
    FOLD_COST, AuctionScore, Bid, HandScore, TrickResult, auction_score, card_points, explain_trick, fold_cost,
    hand_score, legal_plays, parse_auction_bid, refusal, trick_winner, trump_suit,
)
from stytvolt.klorsjavs.sheet import SESSION_ROUNDS, GameOver, OreSheet, TariffSheet

__all__ = [
    "AUCTION_ORDER", "CARD_VALUES", "FOUR_HAND_PACK", "PACK", "PLAIN_ORDER", "TRUMPS", "order", "power", "suit_of",
    "FOLD_COST", "AuctionScore", "Bid", "HandScore", "auction_score", "card_points", "fold_cost", "hand_score",
    "legal_plays", "parse_auction_bid", "trick_winner", "trump_suit", "refusal", "explain_trick", "TrickResult",
    "VARIANTS", "Action", "HandState", "Observation", "parse_action", "Rules", "GAME",
    "KLORSJAVS_GAME", "KlorsjavsGame", "hand_result", "SESSION_ROUNDS", "GameOver", "OreSheet", "TariffSheet",
]


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """Klørsjavs has no rule switches yet: its variants are separate games (``variant=``)."""


def _new(seed: int | None = None, *, rules: Rules | None = None, dealer: int = 0, variant: str = "klorsjavs") -> HandState:
    return HandState.deal(seed, dealer, variant=variant)


GAME = GameInfo(
    name="klorsjavs",
    title="Klørsjavs",
    aliases=("klørsjavs", "club sjavs", "danish sjavs", "klørtjavs"),
    players=(3, 4),
    pack=PACK,
    rules=Rules,
    new=_new,
    from_json=HandState.from_json,
    parse_action=parse_action,
    summary="Denmark's twenty-card Sjavs for three: clubs and the wenzels always trumps, the cat, øre from 60; "
            "with its four-hand and auction forms.",
    module="stytvolt.klorsjavs",
    site="stytvolt.klorsjavs.site",
    table="stytvolt.klorsjavs.table",
    quiz="stytvolt.klorsjavs.quiz",
    solver="stytvolt.klorsjavs.solving",
    coach="stytvolt.klorsjavs.coach",
    puzzle_module="stytvolt.klorsjavs.puzzles",
    pages=(
        ("index", "About Klørsjavs"), ("cards", "Cards and trumps"), ("play", "Dealing and playing"),
        ("scoring", "Scoring"), ("variants", "Four-hand and auction"),
        ("tactics", "Tactics"),
    ),
)
