"""Spreading the cards a player has not seen over the places they could be.

A fair computer player imagines whole deals from its observation: every card
it has not seen must go somewhere it could be (another player's hand, a
talon, a cat, cards laid away), each place keeping its size, and no card in
the hand of a player who has shown out of its suit.  :func:`spread` makes one
such placement at random, or says there is none.  Each game's sampler
(the ``sample`` its declared solver gives, in its own folder) builds
the places from what its observation shows, then replays the hand on the
deal it made and keeps it only if the player would see exactly what it saw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition

__all__ = ["Place", "spread"]


@dataclass(frozen=True)
class Place:
    """Somewhere hidden cards lie: a name, how many cards it holds, and which cards may lie there (all,
    by default).  A count that must hold (a hand with exactly three trumps) is two places: three cards
    that are trumps, and the rest that are not."""

    name: Hashable
    size: int
    fits: Callable[[Card], bool] | None = None


def spread(cards: Sequence[Card], places: Sequence[Place], rng: random.Random) -> dict[Hashable, list[Card]] | None:
    """The ``cards`` dealt at random over ``places`` (sizes must add up), each where it fits: a random
    matching found by augmenting paths, so a placement is found whenever one exists.  ``None`` when none
    does."""
    if sum(p.size for p in places) != len(cards):
        raise InvalidPosition(f"{len(cards)} hidden cards do not fill places holding {sum(p.size for p in places)}")
    slots: list[int] = []  # slot -> place number
    for i, p in enumerate(places):
        slots += [i] * p.size
    owner: dict[int, Card] = {}  # slot -> card
    order = list(range(len(slots)))
    rng.shuffle(order)

    def fits(card: Card, slot: int) -> bool:
        test = places[slots[slot]].fits
        return test is None or test(card)

    def place(card: Card, seen: set[int]) -> bool:
        for slot in order:
            if slot in seen or not fits(card, slot):
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = card
                return True
        return False

    pool = list(cards)
    rng.shuffle(pool)
    for card in pool:
        if not place(card, set()):
            return None
    out: dict[Hashable, list[Card]] = {p.name: [] for p in places}
    for slot in range(len(slots)):
        out[places[slots[slot]].name].append(owner[slot])
    return out
