"""Sjavs question kinds about the play: which card wins a trick, and which card may be played to one.

Every answer comes from the rules: :func:`~stytvolt.sjavs.play.explain_trick`
decides tricks, :func:`~stytvolt.sjavs.play.legal_plays` and
:func:`~stytvolt.sjavs.play.refusal` decide what may be played, and
:func:`~stytvolt.sjavs.cards.suit_of` says which suit a card belongs to.  This
module draws positions, words the question and offers the choices.

**The traps** are the six permanent trumps (♣Q ♠Q ♣J ♠J ♥J ♦J), which
belong to the trump suit and never to the suit printed on them.

* trick-winner (:func:`trick_traps`): ``permanent-led`` (a permanent trump
  of another printed suit led: a trump lead, ♠J with hearts trumps);
  ``permanent-on-its-suit`` (a permanent trump played to a lead of its
  printed suit, which is not trumps: ♣Q on a club lead, hearts trumps).
* legal-plays (:func:`follow_traps`): ``printed-suit-led`` (the hand holds a
  permanent trump printed with the led suit, which is not trumps: ♣Q is no
  club); ``permanent-led`` (a permanent trump of another printed suit led,
  and the hand holds that printed suit: ♦J led, spades trumps, ♦A does not
  follow); ``permanent-follows-trump`` (trumps led, and the hand holds a
  permanent trump printed with another suit: it follows as a trump).

**Levels of trick-winner** (four cards in play order, the trump named):

1. plain suits: no trump in the trick;
2. trumps: at least one trump in the trick, no trap;
3. at least one trap.

**Levels of legal-plays** (your hand, the trick so far, the trump; you tap the
one card that may be played, or the one that may not):

1. plain suits: no trump in the trick or the hand;
2. trumps: a trump in the trick or the hand, no trap;
3. at least one trap.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason
from stytvolt.learn import Draft, kind
from stytvolt.learn.common import draw_following, follow_question, listed, tap_hand, winner_question
from stytvolt.sjavs.cards import PACK, PERMANENT_TRUMPS, is_permanent, suit_of
from stytvolt.sjavs.play import explain_trick, legal_plays, refusal
from stytvolt.sjavs.quiz.common import (
    GAME, PLAYERS, SEATS, cards_text, checked_cards, checked_trump, first_fit, leader_of, seat_notes, trump_sentence,
)

__all__ = [
    "TRICK_TRAPS", "FOLLOW_TRAPS", "trick_traps", "follow_traps", "trick_level", "follow_level",
    "lead_reason", "ask_trick_winner", "ask_legal_plays", "make_trick_winner", "make_legal_plays",
]

TRICK_TRAPS = ("permanent-led", "permanent-on-its-suit")
FOLLOW_TRAPS = ("printed-suit-led", "permanent-led", "permanent-follows-trump")
_DECK: tuple[Card, ...] = tuple(PACK)

_RULE_TRICK = "sjavs/play.md#who-wins-a-trick"
_RULE_TRUMP_LEAD = "sjavs/play.md#what-counts-as-a-trump-lead"
_RULE_PERMANENT = "sjavs/cards.md#the-six-permanent-trumps"
_RULE_FOLLOW = "sjavs/play.md#following-suit"
_RULE_FOLLOW_TRAPS = "sjavs/play.md#traps-with-worked-examples"


def _foreign_permanent(card: Card, trump: Suit) -> bool:
    """A permanent trump printed with a suit that is not trumps (the one a reader may take for its printed suit)."""
    return is_permanent(card) and card.suit is not trump


def lead_reason(lead: Card, trump: Suit) -> Reason:
    """What the led card asks the others to follow with: trumps (a permanent trump, or the trump suit) or its suit."""
    if is_permanent(lead):
        if lead.suit is trump:
            text = "{lead} was led: a permanent trump, so trumps were led."
        else:
            text = "{lead} was led: a permanent trump, so trumps were led, not {printed}."
        return Reason.of("quiz.sjavs.lead.permanent", text, (lead,), lead=lead.symbol, printed=lead.suit.english)
    if lead.suit is trump:
        return Reason.of("quiz.sjavs.lead.trump", "{lead} was led: {trumps} are trumps, so trumps were led.",
                         (lead,), lead=lead.symbol, trumps=trump.english)
    return Reason.of("quiz.sjavs.lead.plain", "{lead} was led, so {suit} were led.", (lead,),
                     lead=lead.symbol, suit=lead.suit.english)


def _permanent_reason(card: Card, trump: Suit) -> Reason:
    return Reason.of(
        "quiz.sjavs.permanent",
        "{card} is a permanent trump: with {trumps} trumps it plays as a trump, not as one of the {printed}.",
        (card,), card=card.symbol, trumps=trump.english, printed=card.suit.english,
    )


# -- trick-winner ---------------------------------------------------------------------------------


def trick_traps(trump: Suit | str, cards: Sequence[Card] | str) -> tuple[str, ...]:
    """The traps (:data:`TRICK_TRAPS`) in a trick, ``cards[0]`` the lead."""
    suit = checked_trump(trump)
    shown = checked_cards(cards, "the trick")
    if not shown:
        return ()
    lead = shown[0]
    led = suit_of(lead, suit)
    found = set()
    if _foreign_permanent(lead, suit):
        found.add("permanent-led")
    if led is not suit and any(is_permanent(c) and c.suit is led for c in shown[1:]):
        found.add("permanent-on-its-suit")
    return tuple(t for t in TRICK_TRAPS if t in found)


def trick_level(trump: Suit | str, cards: Sequence[Card] | str) -> int:
    """The level a trick belongs to, by the module's definition."""
    suit = checked_trump(trump)
    shown = checked_cards(cards, "the trick")
    if trick_traps(suit, shown):
        return 3
    return 2 if any(suit_of(c, suit) is suit for c in shown) else 1


def ask_trick_winner(trump: Suit | str, cards: Sequence[Card] | str, leader: int = 1) -> Draft:
    """Which card wins this trick?  The reader taps it.

    ``cards`` are the four cards in play order (the first was led) and
    ``leader`` the seat that led (0 South … 3 East).
    """
    suit = checked_trump(trump)
    shown = checked_cards(cards, "the trick")
    if len(shown) != PLAYERS:
        raise InvalidPosition(f"a trick to ask about holds four cards, not {len(shown)}")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < PLAYERS:
        raise InvalidPosition(f"the leader is a seat 0..3, not {leader!r}")
    result = explain_trick(shown, suit)
    traps = trick_traps(suit, shown)
    reasons: list[Reason] = []
    lead = shown[0]
    if is_permanent(lead) or lead.suit is suit:
        reasons.append(lead_reason(lead, suit))
    reasons.extend(_permanent_reason(c, suit) for c in shown[1:] if _foreign_permanent(c, suit))
    reasons.append(result.reason)
    if "permanent-led" in traps:
        rule = _RULE_TRUMP_LEAD
    elif traps:
        rule = _RULE_PERMANENT
    else:
        rule = _RULE_TRICK
    return winner_question(shown, result.card, reasons,
                           position={"trump": suit.letter, "cards": cards_text(shown), "leader": SEATS[leader]},
                           notes=seat_notes(leader, len(shown)), rule=rule, context=trump_sentence(suit))


def _others(rng: random.Random, pool: Sequence[Card], count: int, led: Suit, trump: Suit, follow: float) -> list[Card]:
    """``count`` cards from ``pool``, each one of the led suit with chance ``follow`` while any is left."""
    return draw_following(rng, pool, count, lambda c: suit_of(c, trump) is led, follow)


def _trick_draw(rng: random.Random, level: int) -> Draft | None:
    trump = rng.choice(tuple(Suit))
    if level == 1:
        plain = [c for c in _DECK if suit_of(c, trump) is not trump]
        lead = rng.choice(plain)
        cards = [lead, *_others(rng, [c for c in plain if c is not lead], 3, lead.suit, trump, 0.6)]
    elif level == 2:
        safe = [c for c in _DECK if not _foreign_permanent(c, trump)]
        if rng.random() < 0.4:
            lead = rng.choice([c for c in safe if c.suit is trump])
        else:
            lead = rng.choice([c for c in safe if c.suit is not trump])
        rest = [c for c in _DECK if c is not lead]
        cards = [lead, *_others(rng, rest, 3, suit_of(lead, trump), trump, 0.4)]
    else:
        trap = rng.choice(TRICK_TRAPS)
        if trap == "permanent-led":
            lead = rng.choice([c for c in PERMANENT_TRUMPS if c.suit is not trump])
            rest = [c for c in _DECK if c is not lead]
            cards = [lead]
            # The tempting cards: a high card of the printed suit, and a small card of the trump suit.
            printed = [c for c in rest if suit_of(c, trump) is lead.suit]
            if rng.random() < 0.7:
                cards.append(rng.choice(printed[:3]))
            low_trumps = [c for c in rest if c.suit is trump and not is_permanent(c) and c not in cards]
            if rng.random() < 0.5:
                cards.append(rng.choice(low_trumps))
            cards += rng.sample([c for c in rest if c not in cards], PLAYERS - len(cards))
            tail = cards[1:]
            rng.shuffle(tail)
            cards = [lead, *tail]
        else:
            printed_suit = rng.choice([s for s in Suit if s is not trump])
            permanent = rng.choice([c for c in PERMANENT_TRUMPS if c.suit is printed_suit])
            same = [c for c in _DECK if suit_of(c, trump) is printed_suit]
            lead = rng.choice(same)
            tail = [permanent]
            if rng.random() < 0.6:
                tail.append(rng.choice([c for c in same if c is not lead]))
            tail += rng.sample([c for c in _DECK if c is not lead and c not in tail], PLAYERS - 1 - len(tail))
            rng.shuffle(tail)
            cards = [lead, *tail]
    if trick_level(trump, cards) != level:
        return None
    return ask_trick_winner(trump, cards, leader=rng.randrange(PLAYERS))


@kind(
    GAME, "trick-winner", title="Who wins the trick?",
    summary="Four cards in play order and the trump suit: tap the card that takes the trick.",
    rule=_RULE_TRICK,
)
def make_trick_winner(rng: random.Random, level: int) -> Draft:
    return first_fit(_trick_draw, rng, level, "trick-winner")


# -- legal-plays ----------------------------------------------------------------------------------


def follow_traps(trump: Suit | str, hand: Sequence[Card] | str, trick: Sequence[Card] | str) -> tuple[str, ...]:
    """The traps (:data:`FOLLOW_TRAPS`) of playing from ``hand`` to ``trick`` (its first card led)."""
    suit = checked_trump(trump)
    cards = checked_cards(hand, "the hand")
    played = checked_cards(trick, "the trick")
    if not played:
        return ()
    lead = played[0]
    led = suit_of(lead, suit)
    found = set()
    if led is not suit and any(is_permanent(c) and c.suit is led for c in cards):
        found.add("printed-suit-led")
    if _foreign_permanent(lead, suit) and any(suit_of(c, suit) is lead.suit for c in cards):
        found.add("permanent-led")
    if led is suit and any(_foreign_permanent(c, suit) for c in cards):
        found.add("permanent-follows-trump")
    return tuple(t for t in FOLLOW_TRAPS if t in found)


def follow_level(trump: Suit | str, hand: Sequence[Card] | str, trick: Sequence[Card] | str) -> int:
    """The level a legal-plays position belongs to, by the module's definition."""
    suit = checked_trump(trump)
    cards = checked_cards(hand, "the hand")
    played = checked_cards(trick, "the trick")
    if follow_traps(suit, cards, played):
        return 3
    return 2 if any(suit_of(c, suit) is suit for c in (*cards, *played)) else 1


def ask_legal_plays(trump: Suit | str, hand: Sequence[Card] | str, trick: Sequence[Card] | str) -> Draft:
    """Which card of ``hand`` may South play to ``trick`` (or which may not)?  The reader taps it.

    The question asks for the one card that may be played when only one may,
    and for the one card that may not when all the others may; any other
    position (several of each) raises
    :class:`~stytvolt.core.errors.InvalidPosition`.
    """
    suit = checked_trump(trump)
    cards = checked_cards(hand, "the hand")
    played = checked_cards(trick, "the trick")
    if not 3 <= len(cards) <= 8:
        raise InvalidPosition(f"a hand to ask about holds 3 to 8 cards, not {len(cards)}")
    if not 1 <= len(played) < PLAYERS:
        raise InvalidPosition(f"the trick so far holds 1 to 3 cards (someone has led), not {len(played)}")
    legal = legal_plays(cards, played, suit)
    barred = [c for c in cards if c not in legal]
    lead = played[0]
    led = suit_of(lead, suit)
    one = "trump" if led is suit else led.singular
    reasons: list[Reason] = [lead_reason(lead, suit)]
    if led is suit:
        # Following trumps, a permanent trump printed with another suit follows as a trump.
        reasons.extend(_permanent_reason(c, suit) for c in cards if _foreign_permanent(c, suit))
    if len(legal) == 1:
        ask, answer = "may", legal[0]
        # Each permanent trump's refusal is its own lesson; the plain cards share the first plain refusal.
        plain: list[Card] = []
        for card in barred:
            why = refusal(cards, played, suit, card)
            assert why is not None  # a card legal_plays leaves out has its refusal
            if why.code == "must-follow" and plain:
                plain.append(card)
                continue
            if why.code == "must-follow":
                plain.append(card)
            reasons.append(why)
        if len(plain) > 1:
            reasons.append(Reason.of("quiz.sjavs.legal.same", "The same goes for {which}.", tuple(plain[1:]),
                                     which=listed(plain[1:])))
        reasons.append(Reason.of(
            "quiz.sjavs.legal.only", "{card} is the hand's only {one}, so it is the one card that may be played.",
            (answer,), card=answer.symbol, one=one,
        ))
    elif len(barred) == 1:
        ask, answer = "may-not", barred[0]
        why = refusal(cards, played, suit, answer)
        assert why is not None
        reasons.append(why)
        others = [c for c in cards if c is not answer]
        reasons.append(Reason.of(
            "quiz.sjavs.legal.rest", "Every other card ({others}) is {a_one}, so any of them may be played.",
            tuple(others), others=" ".join(c.symbol for c in others), a_one=f"a {one}",
        ))
    else:
        raise InvalidPosition(
            f"exactly one card must be the answer: {len(legal)} of the hand's cards may be played and "
            f"{len(barred)} may not"
        )
    traps = follow_traps(suit, cards, played)
    leader = leader_of(0, len(played))
    return follow_question(cards, played, answer, ask, reasons,
                           position={"trump": suit.letter, "hand": cards_text(cards), "trick": cards_text(played),
                                     "ask": ask},
                           notes=seat_notes(leader, len(played)), rule=_RULE_FOLLOW_TRAPS if traps else _RULE_FOLLOW,
                           context=trump_sentence(suit))


def _legal_draw(rng: random.Random, level: int) -> Draft | None:
    trump = rng.choice(tuple(Suit))
    ask = rng.choice(("may", "may-not"))
    size = rng.randrange(3, 6)
    played_count = rng.randrange(1, PLAYERS)
    must: list[Card] = []
    trump_cards = [c for c in _DECK if suit_of(c, trump) is trump]
    if level == 1:
        plain = [c for c in _DECK if suit_of(c, trump) is not trump]
        lead = rng.choice(plain)
        follow = [c for c in plain if c.suit is lead.suit and c is not lead]
        other = [c for c in plain if c.suit is not lead.suit]
        pool = plain
    elif level == 2:
        safe = [c for c in _DECK if not _foreign_permanent(c, trump)]
        if rng.random() < 0.5:
            lead = rng.choice([c for c in safe if c.suit is trump])
            follow = [c for c in safe if c.suit is trump and c is not lead]
            other = [c for c in safe if c.suit is not trump]
        else:
            lead = rng.choice([c for c in safe if c.suit is not trump])
            follow = [c for c in _DECK if suit_of(c, trump) is lead.suit and c is not lead]
            other = [c for c in _DECK if suit_of(c, trump) is not lead.suit and c.suit is not lead.suit]
        pool = list(_DECK)
    else:
        trap = rng.choice(FOLLOW_TRAPS)
        if trap == "printed-suit-led":
            printed = rng.choice([s for s in Suit if s is not trump])
            permanent = rng.choice([c for c in PERMANENT_TRUMPS if c.suit is printed])
            lead = rng.choice([c for c in _DECK if suit_of(c, trump) is printed])
            follow = [c for c in _DECK if suit_of(c, trump) is printed and c is not lead]
            other = [c for c in _DECK if suit_of(c, trump) is not printed]
            must = [permanent]
        elif trap == "permanent-led":
            lead = rng.choice([c for c in PERMANENT_TRUMPS if c.suit is not trump])
            follow = [c for c in trump_cards if c is not lead]
            other = [c for c in _DECK if suit_of(c, trump) is not trump]
            must = [rng.choice([c for c in other if c.suit is lead.suit])]
        else:
            lead = rng.choice(trump_cards)
            follow = [c for c in trump_cards if c is not lead]
            other = [c for c in _DECK if suit_of(c, trump) is not trump]
            must = [rng.choice([c for c in follow if _foreign_permanent(c, trump)] or [lead])]
            if must[0] is lead:
                return None
        pool = list(_DECK)
    hand = tap_hand(rng, ask, size, follow, other, must)
    if hand is None:
        return None
    rest = [c for c in pool if c is not lead and c not in hand]
    trick = [lead, *rng.sample(rest, played_count - 1)]
    if follow_level(trump, hand, trick) != level:
        return None
    return ask_legal_plays(trump, hand, trick)


@kind(
    GAME, "legal-plays", title="Following suit",
    summary="Your hand, the trick so far and the trump suit: tap the one card you may play, or the one you may not.",
    rule=_RULE_FOLLOW,
)
def make_legal_plays(rng: random.Random, level: int) -> Draft:
    return first_fit(_legal_draw, rng, level, "legal-plays")

