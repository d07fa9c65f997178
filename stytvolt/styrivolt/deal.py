"""The deal: three rounds of three cards from the dealer's left, a twelve-card stock, and the cut.

Also :func:`stack_deck`, the deck order that deals given hands (for worked
examples, puzzles and tests).
"""

from __future__ import annotations

from typing import Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card, parse_cards
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.tricks import deal_packets
from stytvolt.styrivolt.pack import HAND_SIZE, PACK, PLAYERS
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR
from stytvolt.styrivolt.variants import CutRule

__all__ = ["PACKETS", "deal_cards", "stack_deck", "check_deck", "check_dealer", "cut_stikkar"]

PACKETS = (3, 3, 3)  # three rounds of three cards each
STOCK_SIZE = len(PACK) - PLAYERS * HAND_SIZE


def check_dealer(dealer: object, what: str = "dealer") -> int:
    return checks.seat(dealer, PLAYERS, what)


def check_deck(deck: object) -> tuple[Card, ...]:
    """The deck as a tuple, if it holds the 48 Stýrivolt cards once each; else :class:`InvalidPosition`."""
    return PACK.check_deck(deck)


def deal_cards(deck: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Three rounds of three cards, clockwise from the dealer's left; the last 12 are the stock."""
    return deal_packets(deck, PLAYERS, (dealer + 1) % PLAYERS, PACKETS)


def stack_deck(hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str, dealer: int = 0) -> list[Card]:
    """The deck order that deals exactly these hands and this stock (top card first).

    For puzzles, worked examples and tests: ``hands[p]`` is player p's nine
    cards, ``stock`` the twelve left, top first.
    """
    check_dealer(dealer)
    if not isinstance(hands, (list, tuple)):
        raise InvalidPosition(f"hands are a list of four hands, not {type_name(hands)}")
    parsed = [parse_cards(h if isinstance(h, str) else list(h)) for h in hands]
    rest = parse_cards(stock if isinstance(stock, str) else list(stock))
    if len(parsed) != PLAYERS or any(len(h) != HAND_SIZE for h in parsed) or len(rest) != STOCK_SIZE:
        sizes = "+".join(str(len(h)) for h in parsed)
        raise InvalidPosition(f"a deal is four hands of nine cards and a stock of twelve, got hands of {sizes} and a stock of {len(rest)}")
    deck: list[Card] = []
    first = (dealer + 1) % PLAYERS
    for rnd, size in enumerate(PACKETS):
        start = sum(PACKETS[:rnd])
        for k in range(PLAYERS):
            deck.extend(parsed[(first + k) % PLAYERS][start:start + size])
    deck.extend(rest)
    check_deck(deck)
    return deck


def cut_stikkar(stock: Sequence[Card], rule: CutRule) -> list[Card]:
    """The permanent stikkar the cutter exposes, looking up from the stock's bottom card."""
    if rule is CutRule.NONE:
        return []
    look = 1 if rule is CutRule.BOTTOM_CARD else 4
    most = 2 if rule is CutRule.TWO_STIKKAR else 1
    found: list[Card] = []
    for card in reversed(stock[-look:]):
        if card in PERMANENT_STIKKAR:
            found.append(card)
            if len(found) == most:
                break
    return found
