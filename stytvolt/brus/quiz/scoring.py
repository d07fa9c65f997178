"""Brus question kinds about the score: what a finished deal scores, and for whom.

Every answer comes from :func:`~stytvolt.brus.rules.deal_score` (1 stroke
for six tricks, 2 for six straight off, the lurch; with no side at six, a
side with five that holds ♣K scores 1, else nobody).  This module draws the
deal's end, words it, and offers the five possible outcomes (a side and 1
or 2 strokes, or nobody).

The table is four players (:mod:`.common`): South and North against West
and East.

A deal's end is told as its tricks in the order they were taken, each by a
seat, the sevens laid out among them: the reader counts each side's tricks
(South and North are one side) and applies the score.

**Levels of deal-score**

1. a side reached six tricks, the other had at least one; no seven laid out;
2. a side reached six, with sevens laid out among the tricks (each counts:
   ruling R61), or six to none (the lurch);
3. no side reached six (no live card was left, every seven laid out): the
   seat holding ♣K is named, and the reader must see whose side that is
   (ruling R62).
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card

from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.brus.cards import CLUB_KING, SEVENS, check_card
from stytvolt.brus.quiz.common import GAME, PLAYERS, SEATS, SIDES, named
from stytvolt.brus.rules import SIX, deal_score
from stytvolt.learn import Choice, Draft, kind
from stytvolt.learn.common import first_fit

__all__ = ["OUTCOMES", "read_taken", "score_level", "ask_deal_score", "make_deal_score"]

_RULE_STROKES = "brus/scoring.md#strokes"
_RULE_LURCH = "brus/scoring.md#the-lurch"
_RULE_UNFINISHED = "brus/scoring.md#a-deal-with-no-side-at-six"
_RULE_SEVENS = "brus/scoring.md#sevens-count"

#: The five outcomes a deal can have, as choice ids: a side ("A": South and North, "B": West and East) and its
#: strokes, or nobody.
OUTCOMES: tuple[str, ...] = ("A1", "A2", "B1", "B2", "none")
_LETTERS = tuple(name[0] for name in SEATS)

#: One trick of a deal's record: the seat that took it, and the seven it laid out (``None``: a trick played).
Taken = tuple[int, Card | None]


def _outcome_text(outcome: str) -> str:
    if outcome == "none":
        return "Nobody scores"
    strokes = int(outcome[1])
    return f"{SIDES['AB'.index(outcome[0])]} score {counted(strokes, 'stroke')}"


def read_taken(taken: Sequence[Taken] | str) -> list[Taken]:
    """A deal's tricks in the order taken: ``"N W S:S7"`` (a seat's letter, and ``:`` and the seven for a seven
    laid out), or a list of (seat, seven or ``None``)."""
    if isinstance(taken, str):
        out: list[Taken] = []
        for token in taken.split():
            letter, _, seven = token.partition(":")
            if letter not in _LETTERS:
                raise InvalidPosition(f"a trick is taken by a seat S, W, N or E, not {letter!r}")
            out.append((_LETTERS.index(letter), check_card(seven, "a seven laid out") if seven else None))
        return out
    if not isinstance(taken, (list, tuple)):
        raise InvalidPosition(f"the tricks taken are given as text like 'N W S:S7', not {type_name(taken)}")
    return [(int(seat), card) for seat, card in taken]


def _taken_text(taken: Sequence[Taken]) -> str:
    return " ".join(_LETTERS[s] + (f":{c}" if c is not None else "") for s, c in taken)


def _tally(taken: Sequence[Taken]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Each side's tricks and, of them, its sevens."""
    won, laid = [0, 0], [0, 0]
    for seat, seven in taken:
        won[seat % 2] += 1
        laid[seat % 2] += seven is not None
    return (won[0], won[1]), (laid[0], laid[1])


def score_level(taken: Sequence[Taken] | str) -> int:
    """The level a deal's end belongs to, by the module's definition."""
    record = read_taken(taken)
    won, laid = _tally(record)
    if SIX not in won:
        return 3
    return 2 if 0 in won or any(laid) else 1


def _check(record: Sequence[Taken]) -> None:
    """A record the rules could give: sevens named once and only sevens, six reached at the last trick or never,
    and a deal nobody finished holding every seven and 5 to 10 tricks (at least five tricks of live cards)."""
    sevens = [c for _, c in record if c is not None]
    if any(c not in SEVENS for c in sevens) or len(set(sevens)) != len(sevens):
        raise InvalidPosition("only the four sevens are laid out, each once")
    won = [0, 0]
    for i, (seat, _) in enumerate(record):
        won[seat % 2] += 1
        if SIX in won and i != len(record) - 1:
            raise InvalidPosition(f"play stops when a side has six tricks: trick {i + 1} made six, "
                                  f"yet {len(record) - i - 1} more follow")
    if SIX not in won:
        if len(sevens) != len(SEVENS):
            raise InvalidPosition("every seven is laid out by the end of a deal nobody finished (ruling R60)")
        if not SIX - 1 <= sum(won) <= 2 * (SIX - 1):
            raise InvalidPosition(f"a deal that ran out of live cards has 5 to 10 tricks, not {sum(won)}")


def ask_deal_score(taken: Sequence[Taken] | str, *, club_king: int | None = None) -> Draft:
    """What does this deal score?  ``taken``: its tricks in the order taken (see :func:`read_taken`), the sevens
    laid out among them; ``club_king``: the seat holding ♣K (0 South … 3 East), told when no side reached six."""
    record = read_taken(taken)
    _check(record)
    won, laid = _tally(record)
    finished = SIX in won
    if not finished and (club_king is None or isinstance(club_king, bool) or club_king not in range(PLAYERS)):
        raise InvalidPosition("no side has six: name the seat holding ♣K (0 to 3), which may decide the deal")
    king_side = None if finished or club_king is None else club_king % 2
    result = deal_score(won, straight=finished and 0 in won, club_king_side=king_side)
    answer = "none" if result.side is None else f"{'AB'[result.side]}{result.strokes}"
    told: list[Reason] = []
    for side in (0, 1):
        mine = [c for s, c in record if s % 2 == side and c is not None]
        if mine:
            faces = [c.symbol for c in mine]
            sevens = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
            told.append(Reason.of("quiz.brus.sevens-count", "{side} took {won}, counting {sevens} laid out: a seven "
                                  "laid out counts as a trick won.", tuple(mine), side=SIDES[side],
                                  won=counted(won[side], "trick"), sevens=sevens))
        else:
            told.append(Reason.of("quiz.brus.tricks", "{side} took {won:trick}.", side=SIDES[side], won=won[side]))
    listed = ", ".join(SEATS[s] + (f" ({c.symbol} laid out)" if c is not None else "") for s, c in record)
    if finished:
        story = f"The deal is over. The tricks, in the order they were taken: {listed}."
    else:
        assert club_king is not None and king_side is not None
        story = (f"No live card is left, and the deal is over. The tricks, in the order they were taken: {listed}. "
                 f"{SEATS[club_king]} holds {CLUB_KING.symbol}.")
        told.append(Reason.of("quiz.brus.club-king-side", "{seat} holds {card}, so it is {side}'s.", (CLUB_KING,),
                              seat=SEATS[club_king], card=CLUB_KING.symbol, side=SIDES[king_side]))
    level = score_level(record)
    rule = _RULE_UNFINISHED if level == 3 else _RULE_LURCH if 0 in won else _RULE_SEVENS if any(laid) else _RULE_STROKES
    position = {"taken": _taken_text(record),
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


def _record(rng: random.Random, won: Sequence[int], sevens: int, finished: bool) -> list[Taken]:
    """A record of tricks for ``won`` (each side's tricks), ``sevens`` of them sevens laid out, in an order the
    rules allow (when a side reaches six, its sixth trick comes last)."""
    sides = [0] * won[0] + [1] * won[1]
    rng.shuffle(sides)
    if finished:
        last = won.index(SIX)
        if sides[-1] != last:
            i = max(k for k, side in enumerate(sides) if side == last)
            sides[i], sides[-1] = sides[-1], sides[i]
    cards = rng.sample(SEVENS, sevens)
    slots = rng.sample(range(len(sides)), sevens)
    record: list[Taken] = [(side + 2 * rng.randrange(2), None) for side in sides]
    for slot, card in zip(slots, cards):
        record[slot] = (record[slot][0], card)
    return record


def _score_draw(rng: random.Random, level: int) -> Draft | None:
    if level == 3:
        won = [rng.randrange(0, SIX), rng.randrange(0, SIX)]
        if rng.random() < 0.6:
            won[rng.randrange(2)] = SIX - 1
        if not SIX - 1 <= sum(won) <= 2 * (SIX - 1):
            return None
        return ask_deal_score(_record(rng, won, len(SEVENS), finished=False), club_king=rng.randrange(PLAYERS))
    winner = rng.randrange(2)
    won = [0, 0]
    won[winner], won[1 - winner] = SIX, rng.randrange(0 if level == 2 else 1, SIX)
    sevens = rng.randrange(0, len(SEVENS) + 1) if level == 2 else 0
    if sevens > sum(won):
        return None
    record = _record(rng, won, sevens, finished=True)
    if score_level(record) != level:
        return None
    return ask_deal_score(record)


@kind(
    GAME, "deal-score", title="What does the deal score?",
    summary="The tricks at the end of a deal: who scores, 1 stroke, 2 for the lurch, or ♣K deciding a deal "
            "nobody finished.",
    rule=_RULE_STROKES,
)
def make_deal_score(rng: random.Random, level: int) -> Draft:
    return first_fit(_score_draw, rng, level, "deal-score")
