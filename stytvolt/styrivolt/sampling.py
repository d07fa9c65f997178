"""Deals a player cannot tell from the real one, drawn from that player's observation alone.

A fair computer player is shown :class:`~stytvolt.styrivolt.observation.Observation`
and nothing else, yet to look ahead it needs whole hands: every card somewhere.
:func:`sample` builds one: a deck that puts every card the player has seen
where the player knows it lies, spreads the unseen cards over the places they
could be, replays the public actions on it (a discard the player did not see
is drawn at random among the legal ones), and keeps it only if the player
would see exactly the same thing: ``observe(sample, player)`` equals the
observation it was drawn from, field for field but the log.  That check is
the whole of the consistency: whatever the play revealed (who could not
beat a card under compulsory beating, who had the right to the stock, what
the stock-taking and the trades showed, the suits the turned cards chose) a
sample that contradicts it fails to replay or shows something else, and is
drawn again.

Where a card the player has seen came from is placed first, so most draws
pass: the player's own cards as dealt; the cut at the bottom of the stock;
the turned cards (if the player saw them) at its top, else the exposed cards
there; the stock a player took among the stock's places; a card another
player revealed (played or traded away) in that player's hand as dealt, or
in the stock if they had taken it.  The rest are shuffled into the places
left.  The draw is not exactly uniform over the consistent deals (a card a
player revealed after taking the stock is put in their hand or the stock
half and half, not by the odds), which matters little to a player and never
to fairness: nothing here reads anything but the observation.
"""

from __future__ import annotations

import random

from stytvolt.core.cards import Card
from stytvolt.core.errors import StytvoltError
from stytvolt.core.tricks import deal_packets
from stytvolt.styrivolt.actions import Kind, parse_action
from stytvolt.styrivolt.choosing import choose_suits
from stytvolt.styrivolt.deal import PACKETS
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.pack import PACK, PLAYERS
from stytvolt.styrivolt.hand import HandState

__all__ = ["sample", "samples"]

#: Orders of the stock tried for one draw before it is given up.
_STOCK_TRIES = 40

#: Slots of the deck: (the dealer's) each player's nine places, and the stock's twelve, in deck order.
_SLOTS: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _slots(dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    found = _SLOTS.get(dealer)
    if found is None:
        deck = list(PACK)
        where = {c: i for i, c in enumerate(deck)}
        hands, rest = deal_packets(deck, PLAYERS, (dealer + 1) % PLAYERS, PACKETS)
        found = (tuple(tuple(where[c] for c in h) for h in hands), tuple(where[c] for c in rest))
        _SLOTS[dealer] = found
    return found


class _Draw:
    """One attempt at a deck: cards put into free places, or a failure."""

    def __init__(self, obs: Observation, rng: random.Random) -> None:
        self.rng = rng
        hands, stock = _slots(obs.dealer)
        self.free: dict[int | str, list[int]] = {p: list(hands[p]) for p in range(PLAYERS)}
        self.free["stock"] = list(stock)
        self.stock = stock
        self.deck: list[Card | None] = [None] * len(PACK)
        self.placed: set[Card] = set()

    def put(self, card: Card, where: tuple[int | str, ...]) -> bool:
        if card in self.placed:
            return True
        weights = [len(self.free[w]) for w in where]
        if not sum(weights):
            return False
        zone = self.rng.choices(where, weights)[0]
        places = self.free[zone]
        slot = places.pop(self.rng.randrange(len(places)))
        self.deck[slot] = card
        self.placed.add(card)
        return True

    def put_at(self, card: Card, slot: int) -> bool:
        if card in self.placed:
            return self.deck[slot] is card
        for places in self.free.values():
            if slot in places:
                places.remove(slot)
                self.deck[slot] = card
                self.placed.add(card)
                return True
        return False


def _deck(obs: Observation, rng: random.Random) -> list[Card] | None:
    """A deck that puts what ``obs.player`` has seen where they know it lies (or None if it cannot)."""
    me = obs.player
    draw = _Draw(obs, rng)
    for card, slot in zip(obs.dealt, _slots(obs.dealer)[0][me]):
        draw.put_at(card, slot)
    # The cut looked up from the stock's bottom; what it found lies there.
    for k, card in enumerate(obs.cut_shown):
        if not draw.put_at(card, draw.stock[-1 - k]):
            return None
    if obs.turned is not None:
        above_cut = [s for s in draw.stock if s not in draw.stock[len(draw.stock) - len(obs.cut_shown):]]
        for card, slot in zip(obs.turned, above_cut):
            if not draw.put_at(card, slot):
                return None
    for card in obs.shown:
        if not draw.put(card, ("stock",)):
            return None
    # Follow where each player's cards come from: their own places as dealt, until a stock-taking
    # gives them the stock's (the stock's places, or the hand an earlier taker put down).
    source: dict[int, tuple[int | str, ...]] = {p: (p,) for p in range(PLAYERS)}
    pile: tuple[int | str, ...] = ("stock",)
    before: tuple[int | str, ...] = ()
    received: tuple[int | str, ...] = ()
    public_in: dict[int, set[Card]] = {p: set() for p in range(PLAYERS)}  # fetched in the open
    no_stikkar: set[int] = set()  # takers: their hand as dealt held no stikkar
    own_takes = iter(t for t in obs.takes if t.player == me)
    for p, text in obs.moves:
        if text == Kind.DISCARD.value:
            continue
        action = parse_action(text)
        kind = action.kind
        if kind is Kind.TAKE_STOCK:
            if source[p] == (p,):
                no_stikkar.add(p)
            before, received = source[p], pile
            pile = source[p]
            source[p] = received
            if p == me:
                take = next(own_takes, None)
                for card in take.received or () if take else ():
                    if card not in obs.shown and card not in obs.cut_shown and not draw.put(card, received):
                        return None
            continue
        if kind is Kind.GO_BACK:
            source[p], pile = before, received
            continue
        if kind is Kind.KEEP_BOTH:
            source[p], pile = (*before, *received), ()
            continue
        if kind is Kind.TRADE:
            give, take_card = action.cards
            public_in[p].add(take_card)
            held: tuple[Card, ...] = (give,)
        elif kind in (Kind.PLAY, Kind.DISCARD):
            held = action.cards
        else:
            continue
        for card in held:
            if p != me and card not in public_in[p] and not draw.put(card, source[p]):
                return None
    ranking = obs.ranking
    stikkar = set(ranking.stikkar) if ranking is not None else set()
    rest = [c for c in PACK if c not in draw.placed]
    rng.shuffle(rest)
    for p in sorted(no_stikkar):  # fill a taker's places with cards that are no stikkar first
        for slot in list(draw.free[p]):
            plain = next((c for c in rest if c not in stikkar), None)
            if plain is None:
                return None
            rest.remove(plain)
            draw.put_at(plain, slot)
    slots = [s for s, c in enumerate(draw.deck) if c is None]
    if len(slots) != len(rest):
        return None
    for slot, card in zip(slots, rest):
        draw.deck[slot] = card
    deck = [c for c in draw.deck if c is not None]
    if obs.turned is None and obs.shown and not _shuffle_stock(deck, draw.stock, obs, rng):
        return None
    return deck


def _shuffle_stock(deck: list[Card], stock: tuple[int, ...], obs: Observation, rng: random.Random) -> bool:
    """Reorder the stock above the cut until its turned cards choose the suits and expose the cards seen.

    The exposed cards were turned before a third suit showed, so each try
    puts them, with a few other cards, at the top in some order.
    """
    top = list(stock[: len(stock) - len(obs.cut_shown)])
    cards = [deck[s] for s in top]
    shown = [c for c in cards if c in obs.shown]
    others = [c for c in cards if c not in obs.shown]
    prefer = [parse_action(text).card for _p, text in obs.moves if text.startswith(Kind.EXPOSE.value)]
    for _ in range(_STOCK_TRIES):
        rng.shuffle(others)
        head = shown + others[: rng.randrange(0, 4)]
        rng.shuffle(head)
        order = head + others[len(head) - len(shown):]
        choice = choose_suits(order, prefer=prefer)
        free = {e.suit for e in choice.free_choices}
        if choice.chosen == obs.chosen and choice.exposed == obs.shown and free == {c.suit for c in prefer}:
            for slot, card in zip(top, order):
                deck[slot] = card
            return True
    return False


def _target(obs: Observation) -> dict[str, object]:
    """The observation as compared: all of it but the log, with the order of cards in a hand left out.

    The order a player's cards happen to lie in tells them nothing (a hand
    taken from the stock lies in the stock's order, which the sample need
    not repeat).
    """
    seen = obs.to_json()
    del seen["log"]
    for key in ("hand", "dealt", "legal"):
        seen[key] = sorted(seen[key])
    for take in seen["takes"]:
        for key in ("original", "received"):
            if take[key] is not None:
                take[key] = sorted(take[key])
    return seen


def sample(obs: Observation, rng: random.Random, tries: int = 60) -> HandState | None:
    """A whole hand consistent with ``obs``, or None when ``tries`` draws all failed.

    The hand returned gives ``obs.player`` exactly this observation (but its
    log, which may also say how many deals were voided).
    """
    target = _target(obs)
    me = obs.player
    for _ in range(tries):
        deck = _deck(obs, rng)
        if deck is None:
            continue
        try:
            state = HandState(deck, dealer=obs.dealer, rules=obs.rules)
            for p, text in obs.moves:
                if p != me and text == Kind.DISCARD.value:
                    discards = [a for a in state.legal_actions() if a.kind is Kind.DISCARD]
                    if not discards:
                        raise _Mismatch
                    state.apply(rng.choice(discards))
                else:
                    state.apply(text)
        except (StytvoltError, _Mismatch):
            continue
        if _target(state.observation(me)) == target:
            return state
    return None


def samples(obs: Observation, count: int, rng: random.Random, tries: int = 60) -> list[HandState]:
    """Up to ``count`` hands consistent with ``obs`` (fewer when draws keep failing)."""
    out: list[HandState] = []
    failures = 0
    while len(out) < count and failures < 3:
        found = sample(obs, rng, tries)
        if found is None:
            failures += 1
        else:
            out.append(found)
    return out


class _Mismatch(Exception):
    pass
