"""Sjavs, the Faroe Islands' everyday trick-taking game, for four (in partnerships), three or two.

The rules, each in one place:

* :mod:`~stytvolt.sjavs.cards`: the 32-card pack, the six permanent trumps and
  each suit's order (:func:`suit_of`, :func:`power`, :func:`order`);
* :mod:`~stytvolt.sjavs.play`: :func:`legal_plays` and :func:`trick_winner`
  (with :func:`explain_trick` for the reason);
* :mod:`~stytvolt.sjavs.bidding`: :func:`trump_lengths` and :func:`winning_bid`;
* :mod:`~stytvolt.sjavs.scoring`: :func:`card_points`, :func:`hand_score` and
  the :class:`ScoreSheet` from 24;
* :mod:`~stytvolt.sjavs.deal`: :func:`deal_layout` and :func:`deal_cards`;
* :mod:`~stytvolt.sjavs.hand`: :class:`HandState`, a whole hand on the shared
  state protocol (``deal(seed, dealer=0)``), for 4, 3 or 2 players;
* ``GAME``: its entry in the registry (``stytvolt.game("sjavs")``).
"""

from stytvolt.core.protocol import GameInfo

from stytvolt.sjavs.bidding import MIN_BID, Bid, TrumpLengths, WinningBid, parse_bid, trump_lengths, winning_bid
from stytvolt.sjavs.cards import CARD_VALUES, PACK, PERMANENT_TRUMPS, PLAIN_ORDER, is_permanent, order, power, suit_of
from stytvolt.sjavs.deal import DealLayout, Dealt, Step, deal_cards, deal_layout
from stytvolt.sjavs.hand import Action, HandState, Observation, TrickRecord, parse_action
from stytvolt.sjavs.play import TrickResult, explain_trick, legal_plays, refusal, trick_winner
from stytvolt.sjavs.rubber import RUBBER_GAME, Rubber
from stytvolt.sjavs.scoring import START, TIE_CARRY, HandScore, RubberOver, ScoreSheet, card_points, hand_score
from stytvolt.sjavs.variants import Rules

__all__ = [
    "MIN_BID", "Bid", "TrumpLengths", "WinningBid", "parse_bid", "trump_lengths", "winning_bid",
    "CARD_VALUES", "PACK", "PERMANENT_TRUMPS", "PLAIN_ORDER", "is_permanent", "order", "power", "suit_of",
    "DealLayout", "Dealt", "Step", "deal_cards", "deal_layout",
    "TrickResult", "explain_trick", "legal_plays", "refusal", "trick_winner",
    "START", "TIE_CARRY", "HandScore", "RubberOver", "ScoreSheet", "card_points", "hand_score",
    "Action", "HandState", "Observation", "TrickRecord", "parse_action", "Rules", "GAME",
    "RUBBER_GAME", "Rubber",
]


def _new(seed: int | None = None, *, rules: Rules | None = None, dealer: int = 0, players: int = 4,
         cut: bool = True) -> HandState:
    return HandState.deal(seed, dealer, players=players, cut=cut, rules=rules)


GAME = GameInfo(
    name="sjavs",
    title="Sjavs",
    aliases=("sjaus", "faroese sjavs", "føroyskt sjavs"),
    players=(4, 3, 2),
    pack=PACK,
    rules=Rules,
    new=_new,
    from_json=HandState.from_json,
    parse_action=parse_action,
    summary="The Faroe Islands' everyday game: six permanent trumps, bids by the length of the trump suit, "
            "a score sheet counted down from 24.",
    module="stytvolt.sjavs",
    site="stytvolt.sjavs.site",
    table="stytvolt.sjavs.table",
    quiz="stytvolt.sjavs.quiz",
    solver="stytvolt.sjavs.solving",
    coach="stytvolt.sjavs.coach",
    puzzle_module="stytvolt.sjavs.puzzles",
    pages=(
        ("index", "About Sjavs"), ("cards", "Cards and trumps"), ("bidding", "Dealing and bidding"),
        ("play", "Playing"), ("scoring", "Scoring"), ("variants", "Three and two players"),
        ("tactics", "Tactics"),
    ),
)
