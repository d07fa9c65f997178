"""Vira's suits and tricks: preference and colour from the cut, following suit, who wins a trick.

The rules, one place each:

* the card cut from the second pack names the *preference* suit; the other
  suit of its colour is *colour*; the other two are *off-colour*
  (:func:`suit_class_of`);
* the leader plays any card; every other player follows the led suit if
  able, and otherwise plays any card (:func:`legal_plays`, :func:`refusal`);
* the highest trump played wins the trick; with no trump in it (or in a
  misère, which has no trumps), the highest card of the led suit, aces high
  (:func:`trick_winner`, :func:`explain_trick`).
"""

from __future__ import annotations

from typing import Sequence

from stytvolt.core.cards import FULL_PACK, Card, CardParseError, Suit, parse_cards
from stytvolt.core.errors import type_name
from stytvolt.core.explain import Reason
from stytvolt.core.tricks import TrickResult, check_play, check_trick, explain_one_trump, follow_suit, trick_winner_by
from stytvolt.vira.contracts import SuitClass

__all__ = [
    "colour_suit", "suit_class_of", "suits_of_class", "allowed", "legal_plays", "refusal", "trick_winner", "explain_trick",
    "TrickResult", "parse_suit", "check_cards",
]

TRICK = 3  # three active players: a trick holds three cards


def parse_suit(suit: "Suit | str | None", what: str = "the trump suit") -> Suit | None:
    """A suit from a Suit or its text; None stays None (no trumps)."""
    if suit is None or isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        return Suit.parse(suit)
    raise CardParseError(f"{what} is a suit like H or ♥ (or None for no trumps), not {type_name(suit)}")


def _suit(suit: "Suit | str") -> Suit:
    found = parse_suit(suit, "the preference suit")
    if found is None:
        raise CardParseError("the preference suit is a suit, not None")
    return found


def colour_suit(preference: "Suit | str") -> Suit:
    """The other suit of the preference suit's colour (second preference, *färg*).

    >>> colour_suit("H"), colour_suit("C")
    (<Suit.DIAMONDS: 2>, <Suit.SPADES: 0>)
    """
    pref = _suit(preference)
    return {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS, Suit.SPADES: Suit.CLUBS,
            Suit.CLUBS: Suit.SPADES}[pref]


def suit_class_of(suit: "Suit | str", preference: "Suit | str") -> SuitClass:
    """The class of ``suit`` in a hand whose preference suit is ``preference``.

    >>> suit_class_of("H", "H").value, suit_class_of("D", "H").value, suit_class_of("S", "H").value
    ('preference', 'colour', 'off-colour')
    """
    mine, pref = _suit(suit), _suit(preference)
    if mine is pref:
        return SuitClass.PREFERENCE
    if mine is colour_suit(pref):
        return SuitClass.COLOUR
    return SuitClass.OFF


def suits_of_class(at_least: SuitClass, preference: "Suit | str") -> tuple[Suit, ...]:
    """The suits whose class is ``at_least`` or higher: what a bid in that class allows as trumps (ruling R72)."""
    pref = _suit(preference)
    return tuple(s for s in Suit if suit_class_of(s, pref).rank >= at_least.rank)


def check_cards(cards: object, what: str) -> tuple[Card, ...]:
    """Cards from a list or text, each named once."""
    if isinstance(cards, str):
        return parse_cards(cards, pack=FULL_PACK, unique=True)
    if isinstance(cards, (list, tuple)):
        return parse_cards(list(cards), pack=FULL_PACK, unique=True)
    raise CardParseError(f"{what} is given as cards or their text like 'HA S5', not {type_name(cards)}")


def _checked(hand: object, trick: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    cards = check_cards(hand, "the hand")
    played = check_cards(trick, "the trick")
    check_play(cards, played, TRICK)
    return cards, played


def allowed(hand: Sequence[Card], led: Card | None) -> tuple[Card, ...]:
    """The one rule of following: the cards of the led suit if the hand holds any, else the whole hand."""
    return follow_suit(hand, led)


def _refusal(hand: Sequence[Card], led: Card | None, card: Card) -> Reason | None:
    """Why ``card`` may not be played (not held, or the led suit must be followed), in words; None if it may."""
    if card not in hand:
        return Reason.of("not-held", "{card} is not in the hand.", (card,), card=card.symbol)
    holding = allowed(hand, led)
    if card in holding:
        return None
    assert led is not None  # the leader may play any card held
    return Reason.of(
        "must-follow",
        "{led} was led and the hand holds {suit} ({holding}): {which} must be played, not {card}.",
        (card, led, *holding), card=card.symbol, led=led.symbol, suit=led.suit.english,
        holding=" ".join(c.symbol for c in holding), which="it" if len(holding) == 1 else "one of those",
    )


def refusal(hand: Sequence[Card] | str, trick: Sequence[Card] | str, card: Card | str) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (led card first), or None when it may.

    >>> refusal("HA S2 S9", "SK", "HA").code
    'must-follow'
    >>> refusal("HA D2", "SK", "HA") is None   # no spade: any card
    True
    """
    cards, played = _checked(hand, trick)
    named = check_cards([card] if not isinstance(card, str) else card, "the card")
    if len(named) != 1:
        raise CardParseError(f"the card asked about is one card, like 'SQ', not {len(named)}")
    return _refusal(cards, played[0] if played else None, named[0])


def legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card] | str) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (led card first), in the hand's order.

    >>> from stytvolt.core.cards import format_cards
    >>> format_cards(legal_plays("HA S2 S9", "SK"))
    'S2 S9'
    """
    cards, played = _checked(hand, trick)
    return allowed(cards, played[0] if played else None)


def _power(card: Card) -> int:
    return int(card.rank)


def trick_winner(cards: Sequence[Card] | str, trump: "Suit | str | None" = None) -> int:
    """The index (in play order) of the card that wins the trick; ``trump=None`` for a misère.

    >>> trick_winner("SK SA H2", "H"), trick_winner("SK SA H2", None)
    (2, 1)
    """
    plays = check_cards(cards, "the trick")
    check_trick(plays, TRICK)
    return trick_winner_by(plays, _power, trump=parse_suit(trump))


def explain_trick(cards: Sequence[Card] | str, trump: "Suit | str | None" = None) -> TrickResult:
    """Who wins a trick and why: the :class:`TrickResult` with its reason (``highest-trump-led``,
    ``trumped`` or ``highest-of-led``), naming the deciding cards.

    >>> explain_trick("SK SA H2", "H").reason.text
    '♠K was led; ♥2 is the highest trump played, and a trump beats every card of another suit.'
    >>> explain_trick("SK SA H2", "D").reason.text
    'No trump was played, so the highest of the spades led wins: ♠A.'
    >>> explain_trick("SK SA H2").reason.text
    'With no trumps, the highest of the spades led wins: ♠A.'
    """
    plays = check_cards(cards, "the trick")
    check_trick(plays, TRICK)
    suit = parse_suit(trump)
    return explain_one_trump(plays, trick_winner_by(plays, _power, trump=suit), suit, lambda c: c.suit)
