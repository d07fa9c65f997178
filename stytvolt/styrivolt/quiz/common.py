"""What the Stýrivolt question kinds share: reading a position given as text or cards, drawing until a position fits,
and playing a scripted hand past the stock's questions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from stytvolt.core.cards import Card, Suit, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.learn.common import ATTEMPTS, first_fit
from stytvolt.styrivolt.actions import KEEP, PASS
from stytvolt.styrivolt.records import Phase

if TYPE_CHECKING:  # a hand's modules load only for the kinds that deal hands
    from stytvolt.styrivolt.hand import HandState

__all__ = ["as_card", "as_cards", "chosen_sentence", "first_fit", "ATTEMPTS", "expose_first", "answer_the_stock"]


def as_card(card: Card | str) -> Card:
    """A card given as a Card or as text (``"H2"``, ``"♥2"``)."""
    if isinstance(card, Card):
        return card
    if not isinstance(card, str):
        raise InvalidPosition(f"a card is given as text like 'H2', not {type_name(card)}")
    return parse_card(card)


def as_cards(cards: Sequence[Card] | str) -> tuple[Card, ...]:
    """Cards given as text (``"H2 SK"``) or as a list of cards or card texts."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, (list, tuple)):
        raise InvalidPosition(f"cards are given as text like 'H2 SK' or a list of cards, not {type_name(cards)}")
    return tuple(as_card(c) for c in cards)


def chosen_sentence(pair: tuple[Suit, Suit]) -> str:
    """``Hearts and spades are chosen.``"""
    return f"{pair[0].english.capitalize()} and {pair[1].english} are chosen."


def expose_first(state: HandState) -> None:
    """The dealer's free choices of what to expose, each the first the rules offer."""
    while state.phase is Phase.EXPOSE:
        state.apply(state.legal_actions()[0])


def answer_the_stock(state: HandState) -> bool:
    """Answer a question the stock asks the plain way (no last-chance trade, the first card "with" it, keep it).

    Returns False, doing nothing, when the player to move is not answering the stock.
    """
    phase = state.phase
    if phase is Phase.LAST_CHANCE:
        state.apply(PASS)
    elif phase is Phase.WITH:
        state.apply(state.legal_actions()[0])
    elif phase is Phase.STOCK_DECISION:
        state.apply(KEEP)
    else:
        return False
    return True
