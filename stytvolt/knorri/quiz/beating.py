"""The Knorri question kind about phase two's beating rule: which of your cards may go on the top card?

Every answer comes from :func:`~stytvolt.knorri.rules.judge_beat`: the card
that may be played is said to beat the top card and why, and every other card
offered is refused in the rule's own words.  This module draws the positions,
words the question and offers the cards.

**may-beat**: the top card of the trick and four cards of your hand, of which
exactly one may be played on it; the reader taps that one.  Levels, by the
rules in force and the top card:

1. hard clubs (the main rule); the top card is a spade or a heart, so a higher
   card of its suit or any diamond beats it;
2. hard clubs; the top card is a club or a diamond, which only a higher card
   of its own suit beats (the traps: a high diamond on a club, an ace on a
   diamond);
3. soft clubs: any spade, heart or diamond beats a club, but a club still
   beats nothing but a lower club, and a spade never beats a heart.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import ALL_CARDS, Card, Suit
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.knorri.cards import check_cards
from stytvolt.knorri.rules import judge_beat
from stytvolt.learn import Draft, Row, kind
from stytvolt.learn.common import card_choices, cards_text, first_fit

__all__ = ["GAME", "HAND", "beat_level", "ask_may_beat", "make_may_beat"]

GAME = "knorri"
#: The cards of your hand a question shows.
HAND = 4
_RULE_TRUMPS = "knorri/beating.md#diamonds-are-trumps"
_RULE_HARD = "knorri/beating.md#clubs-are-hard"
_RULE_SOFT = "knorri/beating.md#soft-clubs"


def _top(card: object) -> Card:
    found = check_cards([card] if isinstance(card, (str, Card)) else card, "the top card")
    if len(found) != 1:
        raise InvalidPosition(f"the top card is one card, not {len(found)}")
    return found[0]


def _soft(value: object) -> bool:
    if not isinstance(value, bool):
        raise ParseError(f"soft_clubs is True or False, not {type_name(value)}")
    return value


def beat_level(top: Card | str, soft_clubs: bool = False) -> int:
    """The level a may-beat position belongs to, by the module's definition."""
    card = _top(top)
    if _soft(soft_clubs):
        return 3
    return 2 if card.suit in (Suit.CLUBS, Suit.DIAMONDS) else 1


def ask_may_beat(top: Card | str, hand: Sequence[Card] | str, *, soft_clubs: bool = False) -> Draft:
    """Which card of ``hand`` may be played on ``top``?  Exactly one of them must beat it; the reader taps it.

    A hand with no card, or more than one, that beats ``top`` (or holding
    ``top`` itself) is refused with :class:`~stytvolt.core.errors.InvalidPosition`.
    """
    above = _top(top)
    cards = check_cards(hand, "the hand")
    soft = _soft(soft_clubs)
    if not 2 <= len(cards) <= 8:
        raise InvalidPosition(f"a hand to ask about holds 2 to 8 cards, not {len(cards)}")
    if above in cards:
        raise InvalidPosition(f"{above} is the top card of the trick and cannot be in the hand too")
    judged = {c: judge_beat(c, above, soft) for c in cards}
    good = [c for c in cards if judged[c].ok]
    if len(good) != 1:
        raise InvalidPosition(f"exactly one card of the hand must beat {above}, not {len(good)}")
    answer = good[0]
    level = beat_level(above, soft)
    rule = _RULE_SOFT if soft else _RULE_HARD if above.suit is Suit.CLUBS else _RULE_TRUMPS
    clubs = ("Clubs are soft: any spade, heart or diamond beats a club." if soft
             else "Clubs are hard: only a higher club beats a club.")
    said = Reason.of("quiz.knorri.only-beat", "{card} is the only card in your hand that may go on {top}.",
                     (answer, above), card=answer.symbol, top=above.symbol)
    others = tuple(judged[c].reason for c in cards if c is not answer)
    return Draft(
        prompt=f"Which of your cards may you play on {above.symbol}?",
        choices=card_choices(cards),
        answer=str(answer),
        explanation=(judged[answer].reason, said, *others),
        position={"top": str(above), "hand": cards_text(cards), "clubs": "soft" if soft else "hard"},
        rows=(Row("The top card of the trick", (above,)), Row("Your hand", tuple(cards), tap=True)),
        rule=rule,
        context=(f"Knorri, phase two. Diamonds are trumps. {clubs} {above.symbol} lies on top of the trick and it is "
                 "your turn: beat it or pick up the bottom card. Tap the one card that may beat it."),
    )


def _draw(rng: random.Random, level: int) -> Draft | None:
    soft = level == 3
    if level == 1:
        top = rng.choice([c for c in ALL_CARDS if c.suit in (Suit.SPADES, Suit.HEARTS)])
    elif level == 2:
        top = rng.choice([c for c in ALL_CARDS if c.suit in (Suit.CLUBS, Suit.DIAMONDS)])
    else:
        top = rng.choice(ALL_CARDS)
    rest = [c for c in ALL_CARDS if c is not top]
    beat = [c for c in rest if judge_beat(c, top, soft).ok]
    miss = [c for c in rest if not judge_beat(c, top, soft).ok]
    if not beat or len(miss) < HAND - 1:
        return None
    # Tempting misses first: a card of another suit that looks strong, a lower card of the top's suit.
    tempting = [c for c in miss if c.rank > top.rank or c.suit is top.suit]
    pool = tempting if len(tempting) >= HAND - 1 and rng.random() < 0.7 else miss
    hand = [rng.choice(beat), *rng.sample(pool, HAND - 1)]
    rng.shuffle(hand)
    if beat_level(top, soft) != level:
        return None
    return ask_may_beat(top, hand, soft_clubs=soft)


@kind(
    GAME, "may-beat", title="May it beat?",
    summary="The top card of the trick and four of your cards: tap the one that may be played on it (diamonds "
            "trump spades and hearts; clubs hard, or soft at the hardest level).",
    rule=_RULE_TRUMPS,
)
def make_may_beat(rng: random.Random, level: int) -> Draft:
    return first_fit(_draw, rng, level, "may-beat")
