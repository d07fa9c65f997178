"""Brus (Bräus), the Gotland partnership game in which half the pack can never be played.

The rules as queries, each in one place:

* :mod:`~stytvolt.brus.cards`: the 36-card pack, :func:`card_role` (matador,
  live, seven or dud, a :class:`Role`), the order of the eighteen live cards
  (:data:`LIVE_ORDER`, :func:`power`, :func:`beats`), the matadors' names and
  :func:`describe_card`;
* :mod:`~stytvolt.brus.rules`: :func:`legal_plays` (the cards that may be
  played and whether passing is allowed), :func:`refusal` (why not, as a
  :class:`~stytvolt.core.explain.Reason`), :func:`explain_trick` (who wins a
  trick and why), :func:`deal_score` (the strokes a finished deal scores);
* :mod:`~stytvolt.brus.hand`: :class:`HandState`, a deal for four or six on
  the shared state protocol (``HandState.deal(seed, dealer=0, players=4)``);
* :mod:`~stytvolt.brus.game`: :class:`BrusGame`, deals one after another until
  a side has six strokes;
* :mod:`~stytvolt.brus.bots`: :class:`RandomBot` and :class:`SimpleBot`;
* ``GAME``: its entry in the registry (``stytvolt.game("brus")``).
"""

from stytvolt.core.protocol import GameInfo

from stytvolt.brus.cards import (
    CLUB_KING, DUDS, LIVE_ORDER, MATADOR_NAMES, MATADORS, PACK, SEVENS, Role, beats, card_role, describe_card, is_live,
    name_of, power,
)
from stytvolt.brus.game import BRUS_GAME, BrusGame, StrokeSheet
from stytvolt.brus.hand import PASS_ACTION, Action, Event, HandState, Observation, parse_action
from stytvolt.brus.rules import (
    GAME_STROKES, PASS, SIX, TABLES, DealScore, LegalPlays, TrickExplanation, card_fault, card_refusal, deal_score,
    explain_trick, legal_plays, pass_blockers, pass_refusal, refusal, side_of, trick_winner,
)
from stytvolt.brus.variants import Rules

__all__ = [
    "CLUB_KING", "DUDS", "LIVE_ORDER", "MATADOR_NAMES", "MATADORS", "PACK", "SEVENS", "Role", "beats", "card_role",
    "describe_card", "is_live", "name_of", "power",
    "GAME_STROKES", "PASS", "SIX", "TABLES", "DealScore", "LegalPlays", "TrickExplanation", "card_fault",
    "card_refusal", "deal_score", "explain_trick", "legal_plays", "pass_blockers", "pass_refusal", "refusal",
    "side_of", "trick_winner",
    "PASS_ACTION", "Action", "Event", "HandState", "Observation", "parse_action",
    "BRUS_GAME", "BrusGame", "StrokeSheet", "Rules", "GAME",
]


def _new(seed: int | None = None, *, rules: Rules | None = None, dealer: int = 0, players: int = 4) -> HandState:
    return HandState.deal(seed, dealer, players=players, rules=rules)


GAME = GameInfo(
    name="brus",
    title="Brus",
    aliases=("bräus", "braus", "gotland brus", "brus (bräus)"),
    players=(4, 6),
    pack=PACK,
    rules=Rules,
    new=_new,
    from_json=HandState.from_json,
    parse_action=parse_action,
    summary="Gotland's partnership game: three matadors, eighteen live cards that must beat or pass, sevens laid "
            "out as tricks, duds that never play; six tricks a deal, six strokes a game.",
    module="stytvolt.brus",
    site="stytvolt.brus.site",
    table="stytvolt.brus.table",
    quiz="stytvolt.brus.quiz",
    solver="stytvolt.brus.solving",
    coach="stytvolt.brus.coach",
    puzzle_module="stytvolt.brus.puzzles",
    pages=(
        ("index", "About Brus"), ("cards", "The cards"), ("play", "Dealing and playing"), ("scoring", "Scoring"),
        ("tactics", "Tactics"),
    ),
)
