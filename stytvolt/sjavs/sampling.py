"""Deals a Sjavs player cannot tell from the real one, drawn from that player's observation alone.

:func:`sample` takes :class:`~stytvolt.sjavs.hand.Observation` and nothing
else, and returns a whole :class:`~stytvolt.sjavs.hand.HandState` that shows
that player exactly the same thing (its ``observation(player)`` equals the
one it was drawn from), or ``None`` when its draws all failed.  A fair
computer player looks ahead in such deals (:mod:`stytvolt.analysis.players`).

What the observation fixes: the player's hand, every card played and who
played it, the bids, the trump, and for a three-player soloist the cards laid
away.  The hidden cards (the other hands, the talon's undrawn cards, an
opponent's view of the cards laid away) are spread at random over those
places (:func:`~stytvolt.analysis.sampling.spread`), keeping each hand's size
and giving nobody a card of a suit they have shown out of.  A bid says what
a hand held: a bid of N is the trump length of one suit, and the declarer's
trump suit is at least as long as the bid.  So each bidder's hidden hand is
spread in two parts: as many cards of one suit (the named trump for the
declarer, clubs for a bid in clubs, a suit drawn at random for the others) as
make the bid's length with those already played, and the rest, which on
every other draw holds no more of that suit.  The three-player soloist's
exchange is rebuilt among the choices that keep the bid possible: which of
the soloist's cards were drawn from the talon (the soloist's own observation
shows them at the end of the hand, where an exchange puts them), and, for an
opponent, which hidden cards were laid away.  A draw the bids or the play
still refuse fails its replay and is drawn again.

The observation holds neither the rules' switches nor whether the pack was
cut or knocked: the deal is made as cut (any way that gives the same hands
shows the same), with the ``rules`` given (the defaults unless told).

Two-player hands are not drawn (:func:`sample` returns ``None``): which of
the cards played lay on the table, and which piles are empty, is not in the
observation, so a deal could not be rebuilt from it.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Hashable

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import IllegalAction, InvalidPosition, type_name
from stytvolt.analysis.sampling import Place, spread
from stytvolt.sjavs.bidding import Bid, parse_bid, trump_lengths
from stytvolt.sjavs.cards import PACK, order, suit_of
from stytvolt.sjavs.deal import deal_cards, deal_layout
from stytvolt.sjavs.hand import Action, HandState, Observation
from stytvolt.sjavs.variants import Rules

__all__ = ["sample"]

#: Draws tried before :func:`sample` gives up.
TRIES = 30

_SLOTS: dict[tuple[int, int], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _slots(players: int, dealer: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Where each seat's hand and the talon lie in a cut deck, found by dealing the sorted pack."""
    key = (players, dealer)
    found = _SLOTS.get(key)
    if found is None:
        deck = sorted(PACK)
        where = {c: i for i, c in enumerate(deck)}
        dealt = deal_cards(deck, players, dealer, cut=True)
        found = (tuple(tuple(where[c] for c in h) for h in dealt.hands), tuple(where[c] for c in dealt.talon))
        _SLOTS[key] = found
    return found


def _plays(obs: Observation) -> list[tuple[int, tuple[Card, ...]]]:
    """Every trick so far, finished or not, as (leader, cards)."""
    out = [(t.leader, t.plays) for t in obs.tricks]
    if obs.current:
        out.append(((obs.to_move - len(obs.current)) % obs.players, obs.current))
    return out


def sample(obs: Observation, rng: random.Random, *, rules: Rules | None = None, tries: int = TRIES) -> HandState | None:
    """A hand that shows ``obs.player`` exactly ``obs``, its hidden cards drawn at random (see the module
    docstring); ``None`` when ``tries`` draws all failed.  Reads nothing but ``obs`` (and ``rules``)."""
    if not isinstance(obs, Observation):
        raise InvalidPosition(f"sample() takes a Sjavs observation, not {type_name(obs)}")
    n = obs.players
    if n == 2:
        return None
    me = obs.player
    trump = obs.trump
    declarer = obs.declarer
    layout = deal_layout(n)
    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    voids: dict[int, set[Suit]] = {s: set() for s in range(n)}
    for leader, cards in _plays(obs):
        assert trump is not None
        led = suit_of(cards[0], trump)
        for k, card in enumerate(cards):
            seat = (leader + k) % n
            played[seat].append(card)
            if suit_of(card, trump) is not led:
                voids[seat].add(led)
    exchanged = n == 3 and obs.phase in ("play", "done")
    drawn = layout.talon - obs.talon_size if exchanged else 0
    seen = set(obs.hand) | set(obs.laid_away)
    for held in played.values():
        seen.update(held)
    hidden = [c for c in PACK if c not in seen]
    bids = {seat: parse_bid(text) for seat, text in obs.bids}
    laid_hidden = drawn if me != declarer else 0
    slots, talon_slots = _slots(n, obs.dealer)
    steps = [Action("pass") if bid is None else Action("bid", bid=bid) for bid in (parse_bid(t) for _, t in obs.bids)]
    if trump is not None:
        steps.append(Action("trump", suit=trump))
    plays = [Action("play", cards=(c,)) for _, cards in _plays(obs) for c in cards]
    for attempt in range(tries):
        strict = attempt % 2 == 0  # every other draw lets a bidder hold more of the bid's suit than the bid
        places: list[Place] = []
        if n == 3:
            places.append(Place("talon", obs.talon_size))
        aside = 0  # the bid suit's cards among the soloist's hidden discards
        if laid_hidden and rng.random() < 0.3:
            aside = rng.randint(1, laid_hidden)
        for seat in range(n):
            if seat != me:
                places += _hand_places(seat, layout.hand - len(played[seat]), bids.get(seat), seat == declarer,
                                       trump, voids[seat], played[seat], aside if seat == declarer else 0, strict, rng)
        if laid_hidden:
            places += _laid_places(laid_hidden, aside, bids.get(declarer) if declarer is not None else None, trump,
                                   strict)
        spread_out = spread(hidden, places, rng)
        if spread_out is None:
            continue
        placed: dict[Hashable, list[Card]] = {}
        for name, part in spread_out.items():  # a hand's parts back together: (seat, "suit") and (seat, "rest")
            whole = name[0] if isinstance(name, tuple) else name
            placed.setdefault(whole, []).extend(part)
        current: dict[Hashable, list[Card]] = dict(placed)
        current[me] = list(obs.hand)
        dealt = {s: list(current[s]) + played[s] for s in range(n)}
        talon: list[Card] = list(current.get("talon", []))
        exchange: Action | None = None
        if exchanged:
            assert declarer is not None
            laid = list(obs.laid_away) if me == declarer else list(current.get("laid", []))
            held, gone = list(current[declarer]), played[declarer]
            options = _drawn_options(held, gone, laid, drawn, me == declarer, bids.get(declarer), trump)
            if not options:
                continue
            taken = rng.choice(options)
            dealt[declarer] = [c for c in held + gone if c not in taken] + laid
            talon = [c for c in held + gone if c in taken] + talon
            exchange = Action("exchange", cards=tuple(sorted(laid)))
        deck: list[Card | None] = [None] * len(PACK)
        for s in range(n):
            for slot, card in zip(slots[s], dealt[s]):
                deck[slot] = card
        for slot, card in zip(talon_slots, talon):
            deck[slot] = card
        world = HandState(deck, players=n, dealer=obs.dealer, cut=True, rules=rules)  # type: ignore[arg-type]
        try:
            for act in steps + ([exchange] if exchange is not None else []) + plays:
                world.apply(act)
        except IllegalAction:
            continue
        if world.observation(me).to_json() == obs.to_json():
            return world
    return None


def _suit_of_bid(bid: Bid, declares: bool, trump: Suit | None, rng: random.Random) -> frozenset[Card]:
    """The cards of the suit a bid was made in: the trump for the declarer, clubs for a bid in clubs, else
    a suit drawn at random (the cards that would be trumps with it trump)."""
    if declares and trump is not None:
        suit = trump
    elif bid.clubs:
        suit = Suit.CLUBS
    else:
        suit = rng.choice(list(Suit))
    return frozenset(order(suit, suit))


def _hand_places(seat: int, size: int, bid: Bid | None, declares: bool, trump: Suit | None, void: set[Suit],
                 gone: list[Card], aside: int, strict: bool, rng: random.Random) -> list[Place]:
    """A hidden hand: its size, and no card of a suit it showed out of.  For a bidder, two parts: the cards
    of the suit of its bid (as many as the bid's length wants, given those played and ``aside`` of them
    laid away) and the rest, which holds none of that suit when ``strict``."""

    def playable(card: Card) -> bool:
        return trump is None or suit_of(card, trump) not in void

    plain = [Place(seat, size, playable if void else None)]
    if bid is None:
        return plain
    members = _suit_of_bid(bid, declares, trump, rng)
    need = bid.length - sum(1 for c in gone if c in members) - aside
    if not 0 <= need <= size:
        return plain  # that suit cannot make it: the replay judges
    rest = (lambda c: c not in members and playable(c)) if strict else playable
    return [Place((seat, "suit"), need, lambda c: c in members and playable(c)), Place((seat, "rest"), size - need, rest)]


def _laid_places(size: int, aside: int, bid: Bid | None, trump: Suit | None, strict: bool) -> list[Place]:
    """The three-player soloist's discards, unseen: ``aside`` of them in the suit of the bid."""
    if bid is None or trump is None:
        return [Place("laid", size)]
    members = frozenset(order(trump, trump))
    return [Place(("laid", "suit"), aside, lambda c: c in members),
            Place(("laid", "rest"), size - aside, (lambda c: c not in members) if strict else None)]


def _drawn_options(held: list[Card], gone: list[Card], laid: list[Card], drawn: int, mine: bool,
                   bid: Bid | None, trump: Suit | None) -> list[list[Card]]:
    """The cards the three-player soloist may have drawn from the talon: ``drawn`` of those held or played
    since, such that the hand before the exchange allowed the bid and the trump named.  The player's own
    hand shows its order, and an exchange puts the cards drawn at its end: for the soloist's own
    observation, those still held are the last ones."""
    if mine:
        options = []
        for k in range(max(0, drawn - len(gone)), min(drawn, len(held)) + 1):
            tail = held[len(held) - k:]
            options += [tail + list(rest) for rest in combinations(gone, drawn - k)]
    else:
        options = [list(c) for c in combinations(held + gone, drawn)]
    if bid is None or trump is None:
        return options
    out = []
    for taken in options:
        lengths = trump_lengths([c for c in held + gone if c not in taken] + laid)
        if bid in lengths.bids() and lengths.of(trump) >= bid.length:
            out.append(taken)
    return out
