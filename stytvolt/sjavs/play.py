"""Following suit and winning tricks in Sjavs (every player count).

The rules, in one place each:

* the leader plays any card;
* every other player plays a card of the led suit if they hold one, where a
  permanent trump belongs to the trump suit and never to its printed suit
  (:func:`~stytvolt.sjavs.cards.suit_of`); without one, any card;
* the highest trump played wins the trick; with no trump in it, the highest
  card of the led suit.
"""

from __future__ import annotations

from typing import Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.explain import Reason
from stytvolt.core.tricks import TrickResult, check_play, check_trick, explain_one_trump, trick_winner_by
from stytvolt.sjavs.cards import check_cards, describe_suit, is_permanent, parse_trump, power, suit_of

__all__ = ["legal_plays", "refusal", "trick_winner", "explain_trick", "TrickResult"]

MAX_TRICK = 4  # the most cards a trick holds (four players)


def _checked(hand: object, trick: object, trump: object) -> tuple[tuple[Card, ...], tuple[Card, ...], Suit]:
    suit = parse_trump(trump)  # type: ignore[arg-type]  # parse_trump names a bad value
    cards = check_cards(hand, "the hand")  # type: ignore[arg-type]
    played = check_cards(trick, "the trick")  # type: ignore[arg-type]
    check_play(cards, played, MAX_TRICK)
    return cards, played, suit


def _refusal(hand: Sequence[Card], led: Card | None, trump: Suit, card: Card) -> Reason | None:
    if card not in hand:
        return Reason.of("not-held", "{card} is not in the hand.", (card,), card=card.symbol)
    if led is None:
        return None
    wanted = suit_of(led, trump)
    if suit_of(card, trump) is wanted:
        return None
    holding = [c for c in hand if suit_of(c, trump) is wanted]
    if not holding:
        return None
    name = describe_suit(wanted, trump)
    those = "one of those" if len(holding) > 1 else "that one"
    if is_permanent(card) and card.suit is wanted:
        return Reason.of(
            "permanent-is-trump",
            "{card} is a permanent trump, not one of the {suit}: {led} was led and the hand holds {holding}, so {those} must be played.",
            (card, *holding),
            card=card.symbol, suit=name, led=led.symbol, holding=" ".join(c.symbol for c in holding), those=those,
        )
    return Reason.of(
        "must-follow",
        "{led} was led and the hand holds {suit} ({holding}): {those} must be played, not {card}.",
        (card, *holding),
        card=card.symbol, suit=name, led=led.symbol, holding=" ".join(c.symbol for c in holding), those=those,
    )


def refusal(hand: Sequence[Card] | str, trick: Sequence[Card] | str, trump: Suit | str, card: Card | str) -> Reason | None:
    """Why ``card`` may not be played to ``trick`` from ``hand``, or ``None`` if it may."""
    cards, played, suit = _checked(hand, trick, trump)
    (chosen,) = check_cards([card] if not isinstance(card, str) else card, "the card")
    return _refusal(cards, played[0] if played else None, suit, chosen)


def legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card] | str, trump: Suit | str) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far, led card first).

    >>> from stytvolt.core.cards import format_cards
    >>> format_cards(legal_plays("CQ CA H7 S8", "C7", "H"))   # ♣Q is a trump, not a club
    'CA'
    >>> format_cards(legal_plays("CQ HA S8", "DJ", "H"))      # ♦J led: a trump; ♣Q and ♥A are trumps
    'CQ HA'
    """
    cards, played, suit = _checked(hand, trick, trump)
    led = played[0] if played else None
    return tuple(card for card in cards if _refusal(cards, led, suit, card) is None)


def explain_trick(cards: Sequence[Card] | str, trump: Suit | str) -> TrickResult:
    """The winner of a trick (``cards`` in play order, led card first) with the reason."""
    suit = parse_trump(trump)
    plays = check_cards(cards, "the trick")
    check_trick(plays, MAX_TRICK)
    index = trick_winner_by(plays, lambda c: power(c, suit), lambda c: suit_of(c, suit), suit)
    return explain_one_trump(plays, index, suit, lambda c: suit_of(c, suit))


def trick_winner(cards: Sequence[Card] | str, trump: Suit | str) -> int:
    """The index (in play order) of the play that wins the trick.

    >>> trick_winner("C7 CQ CA", "H")   # ♣Q is a trump: it beats the clubs
    1
    >>> trick_winner("HA DJ", "S")      # ♦J is a trump whatever suit is trump
    1
    """
    return explain_trick(cards, trump).winner
