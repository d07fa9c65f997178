"""What the Stýrivolt question kinds share: reading a position given as text or cards, and drawing until a position fits."""

from __future__ import annotations

import random
from typing import Callable, Sequence

from stytvolt.core.cards import Card, Suit, parse_card, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.learn import Draft

__all__ = ["as_card", "as_cards", "chosen_sentence", "first_fit", "ATTEMPTS"]

#: Draws a maker may make before giving up: every level's positions are common, so this is never reached.
ATTEMPTS = 400


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


def first_fit(draw: Callable[[random.Random, int], Draft | None], rng: random.Random, level: int, kind: str) -> Draft:
    """The first drawn position that fits the level (``draw`` returns None for one that does not)."""
    for _ in range(ATTEMPTS):
        draft = draw(rng, level)
        if draft is not None:
            return draft
    raise AssertionError(f"no {kind} position found in {ATTEMPTS} draws")  # pragma: no cover
