"""Deals a Brus player cannot tell from the real one, drawn from that player's observation alone.

:func:`sample` takes an :class:`~stytvolt.brus.hand.Observation` and nothing else, and returns a whole
:class:`~stytvolt.brus.hand.HandState` that shows that player exactly the same thing (its
``observation(player)`` equals the one it was drawn from), or ``None`` when its draws all failed.  A fair
computer player looks ahead in such deals (:mod:`stytvolt.analysis.players`).

What the observation fixes: the player's own cards, every card played and who played it, every seven laid out
and by whom, and ♣K's holder once it was shown.  What the play showed of the hidden hands:

* a player who passed in a trick holds no live card above the highest card it could not beat (ruling R57);
* a player the lead passed by holds no live card at all, and a player who has come to the lead (or been passed
  by) has laid out every seven it held, so holds none; a deal stopped for want of live cards leaves none;
* the player about to lead holds a live card.

The hidden cards are spread at random over the other hands within those limits
(:func:`~stytvolt.analysis.sampling.spread`), each hand keeping its size; the deal is rebuilt as dealt (each hand's
cards with those it played and laid out) and the play replayed on it, and a draw the play still refuses is drawn
again.  Brus has no rule switches, so the deal is made with the rules as they are.
"""

from __future__ import annotations

import random

from stytvolt.core.cards import Card
from stytvolt.core.errors import IllegalAction, InvalidPosition, type_name
from stytvolt.core.tricks import deal_packets
from stytvolt.analysis.sampling import Place, spread
from stytvolt.brus.cards import CLUB_KING, PACK, SEVENS, is_live, power
from stytvolt.brus.hand import PASS_ACTION, Action, HandState, Observation
from stytvolt.brus.rules import SIX, TABLES

__all__ = ["sample", "TRIES"]

#: Draws tried before :func:`sample` gives up.
TRIES = 20
#: No cap on a hand's live cards (above every card's power).
_ANY = len(PACK)

_SLOTS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _slots(players: int, dealer: int) -> tuple[tuple[int, ...], ...]:
    """Where each seat's cards lie in the deck, in the order they are dealt, found by dealing the sorted pack."""
    found = _SLOTS.get((players, dealer))
    if found is None:
        pack = sorted(PACK)
        where = {card: i for i, card in enumerate(pack)}
        hands, _ = deal_packets(pack, players, (dealer + 1) % players, (1,) * TABLES[players])
        found = _SLOTS[(players, dealer)] = tuple(tuple(where[c] for c in hand) for hand in hands)
    return found


def _limits(obs: Observation) -> tuple[list[bool], list[int], int | None]:
    """What the play showed of each hand: whether it may still hold a seven, the most powerful live card it may
    hold, and the seat that must hold a live card (the leader about to lead)."""
    n = obs.players
    visited = {e.seat for e in obs.log}
    if obs.leader >= 0:
        visited.add(obs.leader)
    cap = [_ANY] * n
    if obs.over and SIX not in obs.tricks:  # stopped for want of live cards: every hand was passed by, none left
        visited.update(range(n))
        cap = [0] * n
    for event in obs.log:
        if event.kind == "lead-passes":
            cap[event.seat] = 0
    for plays in [e.plays for e in obs.log if e.kind == "trick"] + [obs.plays]:
        highest: Card | None = None
        for s, c in plays:
            if c is None and highest is not None:
                cap[s] = min(cap[s], power(highest))
            highest = c if c is not None else highest
    may_seven = [s not in visited for s in range(n)]
    if obs.over and obs.log and obs.log[-1].kind == "seven":  # six reached while laying out: the rest stay held
        may_seven[obs.log[-1].seat] = True
    leads = obs.leader if obs.leader >= 0 and not obs.plays and obs.leader != obs.player and not obs.over else None
    return may_seven, cap, leads


def sample(obs: Observation, rng: random.Random) -> HandState | None:
    """A whole deal the observing player cannot tell from the real one (its observation is ``obs``), or ``None``
    when :data:`TRIES` draws all failed."""
    if not isinstance(obs, Observation):
        raise InvalidPosition(f"a Brus deal is drawn from a Brus observation, not {type_name(obs)}")
    if not isinstance(rng, random.Random):
        raise InvalidPosition(f"a deal is drawn with a random.Random, not {type_name(rng)}")
    n = obs.players
    me = obs.player
    shown: list[list[Card]] = [[] for _ in range(n)]  # what each seat played or laid out
    actions: list[Action] = []
    for event in obs.log:
        if event.kind == "seven":
            shown[event.seat].extend(c for _, c in event.plays if c is not None)
        elif event.kind == "trick":
            for s, c in event.plays:
                actions.append(PASS_ACTION if c is None else Action(c))
                if c is not None:
                    shown[s].append(c)
    for s, c in obs.plays:
        actions.append(PASS_ACTION if c is None else Action(c))
        if c is not None:
            shown[s].append(c)
    known = set(obs.hand)
    for cards in shown:
        known.update(cards)
    hidden = [c for c in sorted(PACK) if c not in known]
    may_seven, cap, leads = _limits(obs)
    holder = obs.club_king

    def fits(seat: int, live_only: bool = False) -> "Fits":
        return Fits(seat, may_seven[seat], cap[seat], holder, live_only)

    places: list[Place] = []
    for s in range(n):
        if s == me:
            continue
        size = obs.counts[s]
        if s == leads and size:
            places.append(Place((s, 1), 1, fits(s, True)))
            size -= 1
        places.append(Place((s, 0), size, fits(s)))
    if sum(p.size for p in places) != len(hidden):
        raise InvalidPosition("the observation's hands do not hold the cards not yet seen: it is not a Brus "
                              "observation of one deal")
    slots = _slots(n, obs.dealer)
    for _ in range(TRIES):
        got = spread(hidden, places, rng)
        if got is None:
            return None
        deck: list[Card | None] = [None] * len(PACK)
        for s in range(n):
            if s == me:
                cards = list(obs.hand) + shown[s]
            else:
                cards = got.get((s, 1), []) + got[(s, 0)] + shown[s]
                rng.shuffle(cards)
                # A hand's sevens are laid out in the order they were dealt: those shown first, as shown.
                at = [i for i, c in enumerate(cards) if c in SEVENS]
                laid = [c for c in shown[s] if c in SEVENS]
                ordered = laid + [cards[i] for i in at if cards[i] not in laid]
                for i, card in zip(at, ordered):
                    cards[i] = card
            for i, card in zip(slots[s], cards):
                deck[i] = card
        try:
            world = HandState([c for c in deck if c is not None], players=n, dealer=obs.dealer)
            for act in actions:
                world.apply(act)
        except (IllegalAction, InvalidPosition):
            continue
        if world.observation(me) == obs:
            return world
    return None


class Fits:
    """Whether a hidden card may lie in one seat's hand: ♣K only with its shown holder, a seven only in a hand not
    yet come to the lead, a live card only up to the hand's cap (and, for the slot that must hold one, only a live
    card)."""

    __slots__ = ("seat", "sevens", "cap", "holder", "live_only")

    def __init__(self, seat: int, sevens: bool, cap: int, holder: int | None, live_only: bool) -> None:
        self.seat, self.sevens, self.cap, self.holder, self.live_only = seat, sevens, cap, holder, live_only

    def __call__(self, card: Card) -> bool:
        if is_live(card):
            return power(card) <= self.cap
        if self.live_only:
            return False
        if card in SEVENS:
            return self.sevens
        if card == CLUB_KING and self.holder is not None:
            return self.seat == self.holder
        return True
