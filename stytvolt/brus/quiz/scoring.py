"""Brus question kinds about the score: what a finished deal scores, and for whom.

Every answer comes from :func:`~stytvolt.brus.rules.deal_score` (1 stroke
for six tricks, 2 for six straight off, the lurch; with no side at six, a
side with five that holds ♣K scores 1, else nobody).  This module draws the
deal's end, words it, and offers the five possible outcomes (a side and 1
or 2 strokes, or nobody).

The table is four players (:mod:`.common`): South and North against West
and East.

**Levels of deal-score**

1. a side reached six tricks, the other had at least one: the tricks are
   given as totals;
2. a side reached six, the tricks given as tricks played plus sevens laid
   out (the sevens count: ruling R61), or six to none (the lurch);
3. no side reached six (no live card was left): the seat holding ♣K is
   named, and the reader must see whose side that is (ruling R62).
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.brus.cards import CLUB_KING, SEVENS
from stytvolt.brus.quiz.common import GAME, PLAYERS, SEATS, SIDES, named
from stytvolt.brus.rules import SIX, deal_score
from stytvolt.learn import Choice, Draft, kind
from stytvolt.learn.common import first_fit

__all__ = ["OUTCOMES", "score_level", "ask_deal_score", "make_deal_score"]

_RULE_STROKES = "brus/scoring.md#strokes"
_RULE_LURCH = "brus/scoring.md#the-lurch"
_RULE_UNFINISHED = "brus/scoring.md#a-deal-with-no-side-at-six"
_RULE_SEVENS = "brus/scoring.md#sevens-count"

#: The five outcomes a deal can have, as choice ids: a side ("A": South and North, "B": West and East) and its
#: strokes, or nobody.
OUTCOMES: tuple[str, ...] = ("A1", "A2", "B1", "B2", "none")


def _outcome_text(outcome: str) -> str:
    if outcome == "none":
        return "Nobody scores"
    strokes = int(outcome[1])
    return f"{SIDES['AB'.index(outcome[0])]} score {strokes} stroke{'s' if strokes > 1 else ''}"


def _pair(values: Sequence[int], what: str, high: int) -> tuple[int, int]:
    if not isinstance(values, (list, tuple)) or len(values) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= high for v in values):
        raise InvalidPosition(f"{what} is a pair of whole numbers from 0 to {high}, one a side, not {values!r}")
    return values[0], values[1]


def score_level(tricks: Sequence[int], sevens: Sequence[int] = (0, 0)) -> int:
    """The level a deal's end belongs to, by the module's definition."""
    won = _pair(tricks, "tricks", SIX)
    laid = _pair(sevens, "sevens", len(SEVENS))
    if SIX not in won:
        return 3
    return 2 if 0 in won or any(laid) else 1


def ask_deal_score(tricks: Sequence[int], *, sevens: Sequence[int] = (0, 0), club_king: int | None = None) -> Draft:
    """What does this deal score?  ``tricks``: each side's tricks at the end, sevens included (South and North
    first); ``sevens``: how many of them were sevens laid out (said apart when any; (0, 0): not said apart,
    and in a deal nobody finished they add up to four); ``club_king``: the seat holding ♣K (0 South … 3 East),
    said when no side reached six."""
    won = _pair(tricks, "tricks", SIX)
    laid = _pair(sevens, "sevens", len(SEVENS))
    if sum(laid) > len(SEVENS) or any(s > t for s, t in zip(laid, won)):
        raise InvalidPosition(f"sevens {laid} cannot be among tricks {won}: {len(SEVENS)} sevens in the pack")
    finished = SIX in won
    if not finished and any(laid) and sum(laid) != len(SEVENS):
        raise InvalidPosition(f"every seven is laid out by the end of a deal nobody finished (ruling R60): the sevens "
                              f"{laid} must add up to {len(SEVENS)}")
    if not finished and (club_king is None or isinstance(club_king, bool) or club_king not in range(PLAYERS)):
        raise InvalidPosition("no side has six: name the seat holding ♣K (0 to 3), which may decide the deal")
    if not finished and not SIX - 1 <= sum(won) <= 2 * (SIX - 1):
        raise InvalidPosition(f"a deal that ran out of live cards has at least 5 tricks and at most 10, not {sum(won)}")
    king_side = None if finished or club_king is None else club_king % 2
    result = deal_score(won, straight=finished and 0 in won, club_king_side=king_side)
    answer = "none" if result.side is None else f"{'AB'[result.side]}{result.strokes}"
    told: list[Reason] = []
    parts = []
    for side in (0, 1):
        played = won[side] - laid[side]
        if laid[side]:
            parts.append(f"{SIDES[side]} won {played} trick{'s' if played != 1 else ''} and laid out "
                         f"{laid[side]} seven{'s' if laid[side] > 1 else ''}")
            told.append(Reason.of("quiz.brus.sevens-count", "{side}: {played} tricks and {laid} laid out make {won}, "
                                  "each seven a trick won.", side=SIDES[side], played=played, laid=laid[side],
                                  won=won[side]))
        else:
            parts.append(f"{SIDES[side]} took {won[side]} trick{'s' if won[side] != 1 else ''}")
    if finished:
        story = f"The deal is over: {parts[0]}; {parts[1]}."
    else:
        assert club_king is not None and king_side is not None
        story = (f"No live card is left and nobody has six: {parts[0]}; {parts[1]}. {SEATS[club_king]} holds "
                 f"{CLUB_KING.symbol}.")
        told.append(Reason.of("quiz.brus.club-king-side", "{seat} holds {card}, so it is {side}'s.", (CLUB_KING,),
                              seat=SEATS[club_king], card=CLUB_KING.symbol, side=SIDES[king_side]))
    level = score_level(won, laid)
    rule = _RULE_UNFINISHED if level == 3 else _RULE_LURCH if 0 in won else _RULE_SEVENS if any(laid) else _RULE_STROKES
    position = {"tricks": f"{won[0]} {won[1]}", "sevens": f"{laid[0]} {laid[1]}",
                "club_king_seat": "" if finished or club_king is None else SEATS[club_king]}
    return Draft(
        prompt="What does the deal score?",
        choices=tuple(Choice(o, _outcome_text(o)) for o in OUTCOMES),
        answer=answer,
        explanation=(*told, named(result.reason)),
        position=position,
        rule=rule,
        context=f"Brus for four: South and North play against West and East. {story}",
    )


def _score_draw(rng: random.Random, level: int) -> Draft | None:
    winner = rng.randrange(2)
    if level == 3:
        won = [rng.randrange(0, SIX), rng.randrange(0, SIX)]
        if rng.random() < 0.6:
            won[rng.randrange(2)] = SIX - 1
        if not SIX - 1 <= sum(won) <= 2 * (SIX - 1):
            return None
        laid = [0, 0]
        if rng.random() < 0.3:  # every seven is laid out by the end of a deal nobody finished (ruling R60)
            laid[0] = rng.randrange(0, len(SEVENS) + 1)
            laid[1] = len(SEVENS) - laid[0]
            if laid[0] > won[0] or laid[1] > won[1]:
                return None
        return ask_deal_score(won, sevens=laid, club_king=rng.randrange(PLAYERS))
    other = rng.randrange(0 if level == 2 else 1, SIX)
    won = [0, 0]
    won[winner], won[1 - winner] = SIX, other
    laid = [0, 0]
    if level == 2:
        laid = [rng.randrange(0, min(won[0], 3) + 1), rng.randrange(0, min(won[1], 2) + 1)]
        if sum(laid) > len(SEVENS):
            return None
    if score_level(won, laid) != level:
        return None
    return ask_deal_score(won, sevens=laid)


@kind(
    GAME, "deal-score", title="What does the deal score?",
    summary="The tricks at the end of a deal: who scores, 1 stroke, 2 for the lurch, or ♣K deciding a deal "
            "nobody finished.",
    rule=_RULE_STROKES,
)
def make_deal_score(rng: random.Random, level: int) -> Draft:
    return first_fit(_score_draw, rng, level, "deal-score")
