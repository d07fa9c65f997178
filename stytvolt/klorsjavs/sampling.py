"""Deals a Klørsjavs player cannot tell from the real one, drawn from that player's observation alone.

:func:`sample` takes :class:`~stytvolt.klorsjavs.hand.Observation` and
nothing else, and returns a whole :class:`~stytvolt.klorsjavs.hand.HandState`
that would show that player exactly the same thing (its
``observation(player)`` equals the one it was drawn from), or ``None`` when
its draws all failed.  A fair computer player looks ahead in such deals
(:mod:`stytvolt.analysis.players`).

What the observation fixes: the player's hand, every card played and who
played it, the bids, the trump, and for a declarer before the first lead the
two cards laid away.  The rest (the other hands, the cat or the cards laid
away) is spread at random over those places, keeping each hand's size and
giving nobody a card of a suit they have shown out of
(:func:`~stytvolt.analysis.sampling.spread`).  Whether a declarer of three-
or four-hand Klørsjavs swiped or stroked the cat is not in an opponent's
observation (nor, after the first lead, in the declarer's): the deal is then
replayed as stroked, the two hidden cards lying in the cat, which shows the
same and counts the same.  A swipe the auction requires is replayed with the
two cards laid away drawn among the hidden ones, and the cat's two among the
declarer's cards (the last ones held: a swipe puts the cat's cards at the end
of the hand, which the declarer's own observation shows in its order).
"""

from __future__ import annotations

import random
from typing import Callable, Hashable

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import IllegalAction, InvalidPosition, type_name
from stytvolt.analysis.sampling import Place, spread
from stytvolt.klorsjavs.cards import FOUR_HAND_PACK, PACK, suit_of
from stytvolt.klorsjavs.hand import VARIANTS, Action, HandState, Observation, parse_action
from stytvolt.klorsjavs.rules import parse_auction_bid

__all__ = ["sample"]

#: Draws tried before :func:`sample` gives up.
TRIES = 20

_SLOTS: dict[tuple[str, int], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _slots(variant: str, dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Where each seat's dealt cards and the cat's lie in the deck, found by dealing the sorted pack."""
    key = (variant, dealer)
    found = _SLOTS.get(key)
    if found is None:
        deck = sorted(FOUR_HAND_PACK if variant == "four-hand" else PACK)
        where = {c: i for i, c in enumerate(deck)}
        state = HandState(deck, variant=variant, dealer=dealer)
        found = (tuple(tuple(where[c] for c in h) for h in state.hands), tuple(where[c] for c in state.cat))
        _SLOTS[key] = found
    return found


def _voids(obs: Observation) -> dict[int, set[object]]:
    """The suits each seat has shown out of (by the suit a card plays in)."""
    out: dict[int, set[object]] = {}
    plays = [(leader, cards) for leader, cards, _ in obs.tricks]
    if obs.current:
        plays.append(((obs.to_move - len(obs.current)) % len(_players(obs)), obs.current))
    n = len(_players(obs))
    for leader, cards in plays:
        led = suit_of(cards[0], obs.trump)
        for k, card in enumerate(cards[1:], 1):
            if suit_of(card, obs.trump) is not led:
                out.setdefault((leader + k) % n, set()).add(led)
    return out


def _players(obs: Observation) -> range:
    return range(VARIANTS[obs.variant])


def _played(obs: Observation) -> dict[int, list[Card]]:
    n = len(_players(obs))
    out: dict[int, list[Card]] = {s: [] for s in range(n)}
    for leader, cards, _ in obs.tricks:
        for k, card in enumerate(cards):
            out[(leader + k) % n].append(card)
    if obs.current:
        leader = (obs.to_move - len(obs.current)) % n
        for k, card in enumerate(obs.current):
            out[(leader + k) % n].append(card)
    return out


def _fits(void: set[object], trump: Suit | None) -> Callable[[Card], bool] | None:
    """Which cards a hand may hold: none of a suit it showed out of."""
    if not void:
        return None
    return lambda card: suit_of(card, trump) not in void


def sample(obs: Observation, rng: random.Random, tries: int = TRIES) -> HandState | None:
    """A hand that shows ``obs.player`` exactly ``obs``, its hidden cards drawn at random (see the module
    docstring); ``None`` when ``tries`` draws all failed.  Reads nothing but ``obs``."""
    if not isinstance(obs, Observation):
        raise InvalidPosition(f"sample() takes a Klørsjavs observation, not {type_name(obs)}")
    n = len(_players(obs))
    me = obs.player
    pack = FOUR_HAND_PACK if obs.variant == "four-hand" else PACK
    dealt_size = 4 if obs.variant == "four-hand" else 6
    played = _played(obs)
    voids = _voids(obs)
    declarer = obs.declarer
    bid = parse_auction_bid(obs.bid) if obs.bid is not None else None
    after_cat = obs.phase in ("play", "done", "folded") and declarer is not None
    swipes = after_cat and (bool(obs.laid_away) or (bid is not None and bid.takes_cat))
    seen = set(obs.hand) | set(obs.laid_away)
    for cards in played.values():
        seen.update(cards)
    hidden = [c for c in pack if c not in seen]
    places = [Place(s, dealt_size - len(played[s]), _fits(voids.get(s, set()), obs.trump)) for s in range(n) if s != me]
    extra = 2 - (len(obs.laid_away) if swipes else 0)  # the cat, or the cards laid away, if unseen
    places.append(Place("aside", extra))
    if sum(p.size for p in places) != len(hidden):
        raise InvalidPosition("the observation's cards do not add up to a Klørsjavs deal")
    slots, cat_slots = _slots(obs.variant, obs.dealer)
    actions = [parse_action(text) for _, text in obs.bids]
    if obs.trump is not None:
        actions.append(Action("trump", suit=obs.trump))
    for _ in range(tries):
        placed = spread(hidden, places, rng)
        if placed is None:
            return None  # no placement exists: no draw will find one
        current: dict[Hashable, list[Card]] = dict(placed)
        current[me] = list(obs.hand)
        aside = list(obs.laid_away) if swipes and obs.laid_away else list(current["aside"])
        dealt = {s: list(current[s]) + played[s] for s in range(n)}
        cat = aside
        cat_action: Action | None = None
        if after_cat:
            if swipes:
                assert declarer is not None
                # The cat's two, among the declarer's cards since: a swipe puts them at the end of the
                # hand, so the last ones held (with cards played, if fewer than two are left).
                held, since = list(current[declarer]), played[declarer]
                k = min(2, len(held))
                taken = held[len(held) - k:] + rng.sample(since, 2 - k)
                dealt[declarer] = [c for c in held + since if c not in taken] + aside
                cat = taken
                cat_action = Action("swipe", cards=tuple(sorted(aside)))
            elif obs.variant != "auction":
                cat_action = Action("stroke")
        deck: list[Card | None] = [None] * len(pack)
        for s in range(n):
            for slot, card in zip(slots[s], dealt[s]):
                deck[slot] = card
        for slot, card in zip(cat_slots, cat):
            deck[slot] = card
        world = HandState(deck, variant=obs.variant, dealer=obs.dealer)
        steps = list(actions)
        if cat_action is not None:
            steps.append(cat_action)
        steps += [Action("card", cards=(c,)) for _, cards, _ in obs.tricks for c in cards]
        steps += [Action("card", cards=(c,)) for c in obs.current]
        if obs.phase == "folded":
            steps.append(Action("fold"))
        try:
            for act in steps:
                world.apply(act)
        except IllegalAction:
            continue
        if world.observation(me).to_json() == obs.to_json():
            return world
    return None
