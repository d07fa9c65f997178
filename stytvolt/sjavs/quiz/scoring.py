"""Sjavs question kinds about counting: the card points of a pile, and the game points a hand scores.

Every answer comes from the rules: :func:`~stytvolt.sjavs.scoring.card_points`
counts cards (each card's value in an explanation is ``card_points`` of that
card alone) and :func:`~stytvolt.sjavs.scoring.hand_score` turns the
announcers' card points and tricks into game points.  The wrong choices are
the slips a learner makes, and where they are scores they are scored by
``hand_score`` too (the other trump suit, a neighbouring row, the source's
misprinted 5 through :class:`~stytvolt.sjavs.variants.Rules`).

**Levels of card-points**

1. three to five cards, no queen or jack (aces, tens, kings and the cards
   worth nothing);
2. five to eight cards with at least one queen or jack (a permanent trump is
   worth only its rank: ♣Q 3, ♠J 2);
3. the opponents' tricks (two or three of them): how many card points did the
   announcers take?  (120 in the pack, less the opponents' count.)

**Levels of game-points** (four players unless said):

1. ordinary trumps (not clubs), 1 to 7 tricks, 90–120, 61–89, 31–59 or
   0–30 card points (never exactly 60, never 120 without every trick, never a
   single trick worth 30 or less);
2. clubs trumps in those rows but 61–89; a 60–60 tie; vol (every trick, both
   partners winning some);
3. the rows that catch people out: vol by one announcer alone, no trick, all
   120 card points without every trick (ruling R34), one trick worth 30 or
   less (R35), clubs with 61–89 (R33), and the three-player soloist.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.core.words import counted
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import number_choices, pick_choices
from stytvolt.sjavs.cards import PACK
from stytvolt.sjavs.quiz.common import (
    GAME, SEATS, cards_text, checked_cards, checked_trump, first_fit, NEAR, trump_sentence,
)
from stytvolt.sjavs.scoring import TIE_CARRY, TOTAL_POINTS, TRICKS, HandScore, card_points, hand_score
from stytvolt.sjavs.variants import Rules

__all__ = [
    "ask_card_points", "points_level", "make_card_points",
    "ask_game_points", "game_level", "score_id", "make_game_points",
]

_DECK: tuple[Card, ...] = tuple(PACK)
_COURT = (Rank.QUEEN, Rank.JACK)

_RULE_CARD_POINTS = "sjavs/cards.md#card-points"
_RULE_COUNTING = "sjavs/scoring.md#counting-card-points"
_RULE_TABLE = "sjavs/scoring.md#the-game-point-table"
_RULE_TRICKS = "sjavs/scoring.md#vol-and-no-trick-count-tricks"
_RULE_TIE = "sjavs/scoring.md#a-6060-tie"
#: Ruling R33: with clubs trumps, 61 to 89 card points score 4, not the 5 the source prints.
_RULE_CLUBS = "rulings.md#r33-sjavs-61-to-89-card-points-with-clubs-trumps"
_RULE_THREE = "sjavs/variants.md#scoring-for-three"


# -- card-points ------------------------------------------------------------------------------------


def _sum_reason(cards: Sequence[Card], total: int) -> Reason:
    """Each card's value (from ``card_points`` of that card) and the total: ``♥A (11) + ♠10 (10) = 21``."""
    counted = [c for c in cards if card_points([c])]
    blank = [c for c in cards if not card_points([c])]
    text = " + ".join(f"{c.symbol} ({card_points([c])})" for c in counted) or "Nothing"
    text += f" = {total}."
    if blank:
        faces = [c.symbol for c in blank]
        named = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
        text += f" {named} {'count' if len(blank) > 1 else 'counts'} nothing."
    return Reason.of("quiz.sjavs.points.sum", "{sum}", tuple(cards), sum=text)


def points_level(cards: Sequence[Card] | str, count: str = "pile") -> int:
    """The level a card-points position belongs to, by the module's definition."""
    shown = checked_cards(cards, "the cards")
    if count == "rest":
        return 3
    return 2 if any(c.rank in _COURT for c in shown) else 1


def ask_card_points(cards: Sequence[Card] | str, *, count: str = "pile", rng: random.Random | None = None) -> Draft:
    """How many card points are in ``cards`` (``count="pile"``), or, when ``cards`` are the opponents' tricks,
    how many did the announcers take (``count="rest"``)?  ``rng`` shuffles the choices."""
    shown = checked_cards(cards, "the cards")
    if count not in ("pile", "rest"):
        raise InvalidPosition(f"count is 'pile' (these cards) or 'rest' (the rest of the pack), not {count!r}")
    if not 1 <= len(shown) <= 16:
        raise InvalidPosition(f"a pile to count holds 1 to 16 cards, not {len(shown)}")
    pile = card_points(shown)
    tens = card_points([c for c in shown if c.rank is Rank.TEN])
    court = card_points([c for c in shown if c.rank in _COURT])
    top = max((card_points([c]) for c in shown), default=0)
    reasons = [_sum_reason(shown, pile)]
    if count == "pile":
        answer = pile
        # Slips: a card left out, the tens (or the queens and jacks) counted as nothing.
        slips = [pile - top, pile - tens, pile - court]
        prompt = "How many card points do these cards hold?"
        label = "The cards"
        context = "Count them: ace 11, ten 10, king 4, queen 3, jack 2, the rest nothing."
        rule = _RULE_CARD_POINTS
    else:
        if len(shown) % 4:
            raise InvalidPosition(f"the opponents' tricks hold four cards each, so not {len(shown)} cards")
        answer = TOTAL_POINTS - pile
        reasons.append(Reason.of(
            "quiz.sjavs.points.rest",
            "The pack holds {total} card points, so the announcers took {total} − {pile} = {answer}.",
            total=TOTAL_POINTS, pile=pile, answer=answer,
        ))
        # Slips: the opponents' count itself, and the subtraction slipping by a card.
        slips = [pile, answer - top, answer + tens]
        prompt = "How many card points did the announcers take?"
        label = f"The opponents' {counted(len(shown) // 4, 'trick')}"
        context = "Four players. The opponents won the tricks shown; the announcers won all the others."
        rule = _RULE_COUNTING
    return Draft(
        prompt=prompt,
        choices=number_choices(rng, answer, [s for s in slips if s != answer], near=NEAR, unit="card point"),
        answer=str(answer),
        explanation=tuple(reasons),
        position={"cards": cards_text(shown), "count": count},
        rows=(Row(label, shown),),
        rule=rule,
        context=context,
    )


def _points_draw(rng: random.Random, level: int) -> Draft | None:
    if level == 1:
        pool = [c for c in _DECK if c.rank not in _COURT]
        cards = rng.sample(pool, rng.randrange(3, 6))
        count = "pile"
    elif level == 2:
        cards = rng.sample(_DECK, rng.randrange(5, 9))
        count = "pile"
    else:
        cards = rng.sample(_DECK, 4 * rng.randrange(2, 4))
        count = "rest"
    if points_level(cards, count) != level or not card_points(cards):
        return None
    return ask_card_points(cards, count=count, rng=rng)


@kind(
    GAME, "card-points", title="Count the card points",
    summary="Ace 11, ten 10, king 4, queen 3, jack 2: count a pile, or what the other side took out of 120.",
    rule=_RULE_CARD_POINTS,
)
def make_card_points(rng: random.Random, level: int) -> Draft:
    return first_fit(_points_draw, rng, level, "card-points")


# -- game-points ------------------------------------------------------------------------------------


def score_id(score: HandScore) -> str:
    """A choice's id for a score: ``"announcers-4"``, ``"opponents-16"``, or ``"nobody"`` on a tie."""
    return "nobody" if score.scorer is None else f"{score.scorer}-{score.points}"


def _sides(bidder: int, players: int) -> tuple[str, str]:
    """The announcers and the opponents by name: ``("North and South", "West and East")``; with three,
    the soloist and the other two."""
    if players == 3:
        others = [SEATS[s] for s in range(3) if s != bidder]
        return SEATS[bidder], f"{others[0]} and {others[1]}"
    first, second = sorted(((bidder + 1) % 4, (bidder + 3) % 4))
    return f"{SEATS[bidder]} and {SEATS[(bidder + 2) % 4]}", f"{SEATS[first]} and {SEATS[second]}"


def _score_text(scorer: str | None, points: int, bidder: int, players: int) -> str:
    if scorer is None:
        return f"Nobody scores; {TIE_CARRY} game points go to whoever scores the next hand"
    announcers, opponents = _sides(bidder, players)
    if players == 3:
        return f"{announcers} scores {points}" if scorer == "announcers" else f"{opponents} each score {points}"
    return f"{announcers if scorer == 'announcers' else opponents} score {points}"


def game_level(trump: Suit | str, points: int, tricks: int, alone: bool = False, players: int = 4) -> int:
    """The level a game-points position belongs to, by the module's definition."""
    suit = checked_trump(trump)
    score = hand_score(suit, points, tricks, alone, players)
    total = TRICKS[players]
    if players != 4 or alone or tricks == 0 or (points == TOTAL_POINTS and tricks < total):
        return 3
    if tricks == 1 and points <= 30:
        return 3
    if score.clubs and score.band == "61-89":
        return 3
    if score.clubs or score.tie or score.band == "vol":
        return 2
    return 1


def _slips(suit: Suit, points: int, tricks: int, alone: bool, players: int) -> list[HandScore]:
    """What the hand would score under the slips a learner makes, each scored by ``hand_score``."""
    total = TRICKS[players]
    other = Suit.HEARTS if suit is Suit.CLUBS else Suit.CLUBS
    tries: list[tuple[Suit, int, int, bool, int, Rules | None]] = [
        (other, points, tricks, alone, players, None),  # the other table (clubs or not)
        (suit, points, tricks, alone, players, Rules(clubs_61_89_five=True)),  # the source's misprint
    ]
    if tricks == total:
        tries += [(suit, points, tricks, not alone, 4, None), (suit, points, total - 1, False, players, None)]
    if points == TOTAL_POINTS and tricks < total:
        tries.append((suit, points, total, False, players, None))  # all the points taken for vol
    if tricks == 0:
        tries.append((suit, points, 1, False, players, None))  # "no trick" taken for the 0–30 row
    if tricks == 1 and points <= 30:
        tries.append((suit, 0, 0, False, 4, None))  # one worthless trick taken for "no trick"
    for edge in (59, 61, 89, 90, 60, 30, 31):
        if edge != points and 0 < tricks < total:
            tries.append((suit, edge, tricks, False, players, None))  # a neighbouring row
    if tricks in (0, total):
        tries += [(suit, 20, 1, False, 4, None), (other, 20, 1, False, 4, None)]  # the 0-30 row, either table
    out = []
    for trump, p, t, a, n, rules in tries:
        try:
            out.append(hand_score(trump, p, t, a, n, rules=rules))
        except InvalidPosition:
            continue
    return out


def ask_game_points(trump: Suit | str, points: int, tricks: int, *, alone: bool = False, players: int = 4,
                    bidder: int = 0, rng: random.Random | None = None, wrong: int = 3) -> Draft:
    """Who scores this hand, and how many game points?  ``hand_score`` decides; ``rng`` shuffles the choices.

    ``points`` and ``tricks`` are the announcers' (with three players, the
    soloist's, the talon and laid-away cards counted in the points);
    ``alone``: the bidder won every trick without the partner; ``bidder``:
    the seat that won the bidding (0 South, 1 West, 2 North, 3 East), whose
    side the choices name.
    """
    suit = checked_trump(trump)
    if isinstance(players, bool) or players not in (3, 4):
        raise InvalidPosition(f"game-points questions are asked for 4 or 3 players, not {players!r}")
    if isinstance(bidder, bool) or not isinstance(bidder, int) or not 0 <= bidder < players:
        raise InvalidPosition(f"the bidder is a seat 0..{players - 1}, not {bidder!r}")
    score = hand_score(suit, points, tricks, alone, players)
    right = (score.scorer, score.points)
    candidates: list[tuple[str | None, int]] = []
    for slip in _slips(suit, points, tricks, alone, players):
        candidates.append((slip.scorer, slip.points))
    if score.scorer is not None:
        candidates.append(("opponents" if score.scorer == "announcers" else "announcers", score.points))
    else:
        candidates += [("announcers", TIE_CARRY), ("opponents", TIE_CARRY)]
    picked = pick_choices(right, candidates, wrong, rng)
    choices = tuple(
        Choice("nobody" if s is None else f"{s}-{n}", _score_text(s, n, bidder, players)) for s, n in picked
    )
    total = TRICKS[players]
    announcers, _ = _sides(bidder, players)
    reasons = [score.reason]
    if score.clubs and score.band == "61-89":
        reasons.append(Reason.of(
            "quiz.sjavs.game.r33",
            "Not 5, though the account of Sjavs we follow prints 5 for this row: clubs doubles every other row of "
            "the table (90 or more: 4 → 8; the opponents' rows: 4 → 8 and 8 → 16), so we read that 5 as a slip "
            "for 2 doubled (ruling R33).",
        ))
    if players == 3:
        reasons.insert(0, Reason.of(
            "quiz.sjavs.game.soloist",
            "With three players the soloist is the announcers' side on the table; when the opponents score, "
            "each of the two takes the full amount off their own column.",
        ))
        context = (f"Three players: {announcers} won the bidding and plays alone against the other two. "
                   f"{trump_sentence(suit)} {announcers} took {points} card points (the talon and the laid-away "
                   f"cards count for the soloist) and won {tricks} of the {total} tricks.")
        if tricks == total:
            reasons.append(Reason.of(
                "quiz.sjavs.game.soloist-vol",
                "With three players the soloist has no partner, so every trick won is vol, not the row for one "
                "partner winning alone.",
            ))
    else:
        context = (f"{SEATS[bidder]} won the bidding, so {announcers} are the announcers. {trump_sentence(suit)} "
                   f"They took {points} card points and won {tricks} of the {total} tricks."
                   + (f" {SEATS[bidder]} won every trick alone; {SEATS[(bidder + 2) % 4]} won none." if alone else ""))
    if players == 3:
        rule = _RULE_THREE
    elif score.clubs and score.band == "61-89":
        rule = _RULE_CLUBS
    elif score.tie:
        rule = _RULE_TIE
    elif tricks in (0, 1, total) or points == TOTAL_POINTS:
        rule = _RULE_TRICKS
    else:
        rule = _RULE_TABLE
    return Draft(
        prompt="Who scores this hand, and how many game points?",
        choices=choices,
        answer=score_id(score),
        explanation=tuple(reasons),
        position={"trump": suit.letter, "points": str(points), "tricks": str(tricks), "players": str(players),
                  "alone": "yes" if alone else "no", "bidder": SEATS[bidder]},
        rule=rule,
        context=context,
    )


def _pile_points(rng: random.Random, cards: int) -> int:
    """The card points of ``cards`` cards drawn from the pack: the count of a real pile of tricks."""
    return card_points(rng.sample(_DECK, cards))


def _game_draw(rng: random.Random, level: int) -> Draft | None:
    players, alone = 4, False
    trump: Suit
    if level == 1:
        trump = rng.choice([s for s in Suit if s is not Suit.CLUBS])
        tricks = rng.randrange(1, 8)
        points = _pile_points(rng, 4 * tricks)
    elif level == 2:
        shape = rng.choice(("clubs", "clubs", "tie", "vol"))
        trump = Suit.CLUBS if shape == "clubs" else rng.choice(tuple(Suit))
        if shape == "clubs":
            tricks = rng.randrange(1, 8)
            points = _pile_points(rng, 4 * tricks)
        elif shape == "tie":
            tricks, points = rng.randrange(3, 6), 60
        else:
            tricks, points = 8, TOTAL_POINTS
    else:
        shape = rng.choice(("alone", "no-trick", "all-points", "one-trick", "clubs", "three", "three"))
        trump = Suit.CLUBS if shape == "clubs" else rng.choice(tuple(Suit))
        if shape == "alone":
            tricks, points, alone = 8, TOTAL_POINTS, True
        elif shape == "no-trick":
            tricks, points = 0, 0
        elif shape == "all-points":
            tricks, points = 7, TOTAL_POINTS
        elif shape == "one-trick":
            tricks, points = 1, _pile_points(rng, 4)
        elif shape == "clubs":
            tricks = rng.randrange(3, 8)
            points = _pile_points(rng, 4 * tricks)
        else:
            players = 3
            tricks = rng.randrange(0, 11)
            # The soloist's pile: their tricks of three cards and the two cards of the talon exchange.
            points = TOTAL_POINTS if tricks == 10 else _pile_points(rng, 3 * tricks + 2)
    if game_level(trump, points, tricks, alone, players) != level:
        return None
    return ask_game_points(trump, points, tricks, alone=alone, players=players, bidder=rng.randrange(players),
                           rng=rng)


@kind(
    GAME, "game-points", title="Who scores, and how much?",
    summary="The announcers' card points and tricks, and the trumps: who takes game points off the sheet, "
            "and how many.",
    rule=_RULE_TABLE,
)
def make_game_points(rng: random.Random, level: int) -> Draft:
    return first_fit(_game_draw, rng, level, "game-points")

