"""The Knorri question kind about the opening of phase two: which first play does the rule allow?

Every answer comes from :func:`~stytvolt.knorri.rules.opening_plays` (the
allowed first plays: ♣2 alone, or with the clubs 3, 4, … that follow it
unbroken) and every wrong choice is refused by
:func:`~stytvolt.knorri.rules.opening_refusal`, in its words.  This module
draws the hands, words the question and offers the likely slips.

**opening**: your hand, holding the card that opens phase two, and four
first plays, exactly one of them allowed; the reader picks it.  Levels:

1. one pack, and the hand has no ♣3: only ♣2 alone may open;
2. one pack, and the hand holds ♣2 ♣3 at least: a run of clubs may go with
   the two, but not past a gap;
3. two packs: only the marked ♣2 (♣2*) opens, and the plain ♣2 is an
   ordinary club.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import ALL_CARDS, Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.knorri.cards import CLUB_TWO, MARKED_TWO, check_cards
from stytvolt.knorri.rules import CARD_ORDER, opening_plays, opening_refusal
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import cards_text, first_fit, pick_choices

__all__ = ["GAME", "opening_level", "ask_opening", "make_opening"]

GAME = "knorri"
_RULE_RUN = "knorri/phase-two.md#the-opening-run"
_RULE_TWO_PACKS = "knorri/scoring-and-variants.md#two-packs"


def _club(rank: int) -> Card:
    return Card(Suit.CLUBS, Rank(rank))


def _packs(value: object) -> bool:
    if not isinstance(value, bool):
        raise ParseError(f"two_packs is True or False, not {type_name(value)}")
    return value


def opening_level(hand: Sequence[Card] | str, two_packs: bool = False) -> int:
    """The level an opening position belongs to, by the module's definition."""
    cards = check_cards(hand, "the hand", two_packs=_packs(two_packs))
    if two_packs:
        return 3
    return 2 if _club(3) in cards else 1


def _slips(cards: Sequence[Card], two_packs: bool) -> list[tuple[Card, ...]]:
    """First plays a learner may wrongly think allowed, most tempting first."""
    held = set(cards)
    first = MARKED_TWO if two_packs else CLUB_TWO
    run = [first]
    rank = 3
    while _club(rank) in held:
        run.append(_club(rank))
        rank += 1
    clubs_after = sorted((c for c in held if c.suit is Suit.CLUBS and c.rank > rank), key=CARD_ORDER.__getitem__)
    others = sorted((c for c in held if c.suit is not Suit.CLUBS), key=lambda c: (-c.rank, CARD_ORDER[c]))
    out: list[tuple[Card, ...]] = []
    if clubs_after:
        out.append((*run, clubs_after[0]))  # over the gap
    if two_packs and CLUB_TWO in held:
        out.append((CLUB_TWO, *run[1:]))  # the plain two
    if len(run) > 1:
        out.append(tuple(run[1:]))  # the run without its two
    if others:
        out += [(others[0],), (first, others[0])]
    if clubs_after:
        out.append((clubs_after[0],))
    return out


def ask_opening(hand: Sequence[Card] | str, play: Sequence[Card] | str, *, two_packs: bool = False) -> Draft:
    """Which first play of phase two may this hand make?  ``play`` is the allowed one offered; three slips
    the rules refuse go with it.  A hand without the opening card, or a ``play`` the rules refuse, is
    refused with :class:`~stytvolt.core.errors.InvalidPosition`."""
    packs = _packs(two_packs)
    cards = check_cards(hand, "the hand", two_packs=packs)
    if not 3 <= len(cards) <= 12:
        raise InvalidPosition(f"a hand to ask about holds 3 to 12 cards, not {len(cards)}")
    allowed = opening_plays(cards, packs)
    if not allowed:
        raise InvalidPosition("the hand must hold the card that opens phase two")
    right = check_cards(play, "the play", two_packs=packs)
    if right not in allowed:
        raise InvalidPosition(f"{cards_text(right)} is not an allowed opening from this hand")
    wrong = [s for s in _slips(cards, packs) if s not in allowed]
    offered = pick_choices(right, wrong, 3, None)
    if len(offered) < 4:
        raise InvalidPosition("the hand leaves fewer than three wrong openings to offer")
    offered.sort(key=lambda s: [CARD_ORDER[c] for c in s])
    choices = tuple(Choice(cards_text(s), " ".join(c.symbol for c in s), s) for s in offered)
    refused: list[Reason] = []
    for s in offered:
        why = opening_refusal(cards, s, packs)
        if why is not None and all(why.text != r.text for r in refused):
            refused.append(why)
    longest = allowed[-1]
    if len(longest) == 1:
        said = Reason.of("quiz.knorri.opening-alone", "{play} may open: with no {three} in the hand, {play} leads "
                         "alone.", tuple(right), play=right[0].symbol, three=_club(3).symbol)
    else:
        said = Reason.of("quiz.knorri.opening", "{play} may open: {first} leads, alone or with the clubs that follow "
                         "it unbroken, here up to {longest}; together they count as one card of the trick.",
                         tuple(right), play=" ".join(c.symbol for c in right), first=longest[0].symbol,
                         longest=" ".join(c.symbol for c in longest))
    context = ("Knorri, phase two is about to begin, and you hold the card that opens it." +
               (" Two packs: one ♣2 is marked (♣2*), and only its holder opens." if packs else "") +
               " Pick the one first play the rules allow among these.")
    return Draft(
        prompt="Which of these may you open phase two with?",
        choices=choices,
        answer=cards_text(right),
        explanation=(said, *refused),
        position={"hand": cards_text(cards), "play": cards_text(right), "packs": "2" if packs else "1"},
        rows=(Row("Your hand", tuple(sorted(cards, key=CARD_ORDER.__getitem__))),),
        rule=_RULE_TWO_PACKS if packs else _RULE_RUN,
        context=context,
    )


def _draw(rng: random.Random, level: int) -> Draft | None:
    packs = level == 3
    first = MARKED_TWO if packs else CLUB_TWO
    run = 1 if level == 1 else rng.randrange(2, 6)
    hand = [first] + [_club(r) for r in range(3, run + 2)]
    gap = run + 2  # the club missing after the run
    later = [_club(r) for r in range(gap + 1, 15)]
    hand += rng.sample(later, min(len(later), rng.randrange(1, 3)))
    if packs and rng.random() < 0.6:
        hand.append(CLUB_TWO)
    others = [c for c in ALL_CARDS if c.suit is not Suit.CLUBS]
    hand += rng.sample(others, rng.randrange(1, 4))
    cards = tuple(hand)
    if opening_level(cards, packs) != level:
        return None
    allowed = opening_plays(cards, packs)
    right = rng.choice(allowed)
    try:
        return ask_opening(cards, right, two_packs=packs)
    except InvalidPosition:
        return None


@kind(
    GAME, "opening", title="How may phase two open?",
    summary="A hand holding ♣2 and four first plays: pick the one allowed (♣2 alone, or with the clubs that "
            "follow it unbroken; with two packs, the marked ♣2).",
    rule=_RULE_RUN,
)
def make_opening(rng: random.Random, level: int) -> Draft:
    return first_fit(_draw, rng, level, "opening")
