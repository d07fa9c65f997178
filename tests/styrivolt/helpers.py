"""Building positions for tests: a deal from named cards, and searching seeded hands."""

from __future__ import annotations

import random
from typing import Callable

from stytvolt import Card, parse_cards
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt import HandState, Rules


def arrange(stock: str, hands: dict[int, str] | None = None, *, dealer: int = 0, rules: Rules = Rules(), filler: str = "") -> HandState:
    """A hand whose stock (12 cards, top first) and named cards are as given; the rest fill the hands in pack order.

    ``filler`` lists cards to use first when filling (so tests can keep stikkar out of a weak hand).
    """
    stock_cards = list(parse_cards(stock))
    named = {p: list(parse_cards(text)) for p, text in (hands or {}).items()}
    used = set(stock_cards) | {c for cs in named.values() for c in cs}
    preferred = [c for c in parse_cards(filler) if c not in used]
    rest = preferred + [c for c in STYRIVOLT_PACK if c not in used and c not in preferred]
    full: list[list[Card]] = []
    for p in range(4):
        cards = named.get(p, [])
        while len(cards) < 9:
            cards.append(rest.pop(0))
        full.append(cards)
    stock_cards += rest[: 12 - len(stock_cards)]
    return HandState.from_hands(full, stock_cards, dealer=dealer, rules=rules)


def find(predicate: Callable[[HandState], bool], *, rules: Rules = Rules(), seeds: int = 20000, policy_seed: int = 7) -> HandState:
    """Play seeded random hands until a position satisfies ``predicate``; return that position."""
    rng = random.Random(policy_seed)
    for seed in range(seeds):
        state = HandState.deal(seed, dealer=seed % 4, rules=rules)
        while True:
            if predicate(state):
                return state
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    raise LookupError("no seeded hand reached the wanted position")
