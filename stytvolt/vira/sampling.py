"""Hands of Vira a player cannot tell from the real one, drawn from that player's observation alone.

:func:`sample` takes an :class:`~stytvolt.vira.hand.Observation` of the play
and nothing else, and returns a whole :class:`~stytvolt.vira.hand.HandState`
that shows that player exactly the same thing (its ``observation(player)``
equals the one it was drawn from), or ``None`` when its draws all failed.  A
fair computer player looks ahead in such hands (:mod:`stytvolt.analysis.players`).

What the observation fixes: the player's own hand (and its order), every card
played and who played it, the suits each player has shown out of, an open
hand, the cards turned from the talon, the contract, the calls, the trumps, the
tries and how many cards each player drew.  The hidden cards (the other hands,
every player's cards laid away, which the observation of the play no longer
shows, and the talon's undrawn cards) are spread at random over those places
(:func:`~stytvolt.analysis.sampling.spread`), each place keeping its size and
nobody holding a card of a suit they showed out of.

The hand is then rebuilt as it could have gone: a deck whose deal and talon
give each player the cards they hold and played, and the contract's procedure
made with them (each player lays away first the cards it was dealt, so that
what it drew is kept: the drawn cards lie at the end of a hand, where a draw
puts them, which is all a hand's order shows).  Where the observation does not
say (how a second try's draws were split, the first try's trumps) a choice is
drawn at random.  The rebuilt hand is replayed and kept only if the player would
see exactly what it saw.

The observation does not carry the rule switches: the ones it shows (who sits
out, how many cards a misère is played with, an ouverte royale's open defence)
are read from it, the others are the ``rules`` given (the defaults unless told).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Callable, Sequence

from stytvolt.analysis.sampling import Place, spread
from stytvolt.core.cards import FULL_PACK, Card, Suit
from stytvolt.core.errors import IllegalAction, InvalidPosition, type_name
from stytvolt.vira.contracts import Contract, Kind, contract, misere_cards
from stytvolt.vira.hand import Action, HandState, Observation, parse_action
from stytvolt.vira.variants import MisereHands, Rules, SitOut

__all__ = ["sample"]

#: Draws tried before :func:`sample` gives up.
TRIES = 24

class _Unfit(Exception):
    """A rebuilt hand whose procedure cannot be made as planned (it is drawn again)."""


_CARD = {c: Action("card", card=c) for c in FULL_PACK}
_DISCARD = {c: Action("discard", card=c) for c in FULL_PACK}


def _rules_for(obs: Observation, item: Contract, rules: Rules | None) -> Rules:
    """The rules given, with the switches the observation shows read from it."""
    base = Rules() if rules is None else rules
    changes: dict[str, object] = {}
    if obs.players == 4:
        changes["sitter"] = SitOut.DEALERS_RIGHT if obs.sitter == (obs.dealer - 1) % 4 else SitOut.DEALER
    if item.kind is Kind.MISERE:
        for way in MisereHands:
            if misere_cards(item, way is MisereHands.PARLETT) == obs.trick_count:
                changes["misere_hands"] = way
                break
    if item.royale:
        changes["royale_open_defence"] = any(seat != obs.soloist for seat, _ in obs.open_hands) or (
            obs.player != obs.soloist and len(obs.open_hands) > 1)
    return dataclasses.replace(base, **changes) if changes else base  # type: ignore[arg-type]


def _plays(obs: Observation) -> list[tuple[int, tuple[Card, ...]]]:
    """Every trick so far, finished or not, as (leader, cards)."""
    out = [(leader, cards) for leader, cards, _ in obs.tricks]
    if obs.current:
        assert obs.leader is not None
        out.append((obs.leader, obs.current))
    return out


@dataclasses.dataclass
class _Seat:
    """What one active player's hand is made of in a rebuilt hand."""

    final: int  # cards held when the play began (its tricks' worth for the soloist)
    slots: list[int]  # the talon's places it drew, in order
    kept: int  # how many of the cards drawn it still held when the play began
    played: list[Card]
    hand: list[Card] | None  # its hand now, in order, when the observer sees it
    void: set[Suit]
    gone: list[Card]  # cards turned from the talon that it drew and laid away again


def sample(obs: Observation, rng: random.Random, *, rules: Rules | None = None, tries: int = TRIES) -> HandState | None:
    """A hand that shows ``obs.player`` exactly ``obs``, its hidden cards drawn at random (see the module
    docstring); ``None`` outside the play or when ``tries`` draws all failed.  Reads nothing but ``obs`` (and
    ``rules``)."""
    if not isinstance(obs, Observation):
        raise InvalidPosition(f"sample() takes a Vira observation, not {type_name(obs)}")
    if obs.phase != "play" or obs.soloist is None or obs.contract is None:
        return None
    item = contract(obs.contract)
    world_rules = _rules_for(obs, item, rules)
    for _ in range(tries):
        world = _attempt(obs, item, world_rules, rng)
        if world is not None:
            return world
    return None


def _attempt(obs: Observation, item: Contract, rules: Rules, rng: random.Random) -> HandState | None:
    me, solo = obs.player, obs.soloist
    assert solo is not None
    active = obs.active
    i = active.index(solo)
    left, right = active[(i + 1) % 3], active[(i + 2) % 3]
    drew = obs.exchanged
    # The talon's places each player drew, in the order they drew them.
    batches: list[tuple[int, int]] = []  # (seat, count)
    firsts: list[int] = []  # where each try's turn began
    kind = item.kind
    if kind in (Kind.DRAW, Kind.TURN_UP, Kind.MISERE):
        total = drew[solo]
        if obs.tries == 2:
            if kind is Kind.MISERE:
                parts = [item.count, item.count]
            else:
                splits = [k for k in range(1, total) if _fits_turns(obs.turned, k, item)]
                if not splits:
                    return None
                first = rng.choice(splits)
                parts = [first, total - first]
        else:
            parts = [total]
        for share in parts:
            firsts.append(sum(c for _, c in batches))
            batches.append((solo, share))
    elif kind in (Kind.GASK, Kind.VIRA, Kind.CUCKOO):
        batches.append((solo, drew[solo]))
    if item.opponents_exchange:
        batches += [(left, drew[left]), (right, drew[right])]
    talon_size = len(FULL_PACK) - 13 * 3
    if sum(c for _, c in batches) + obs.talon != talon_size:
        return None
    known_at: dict[int, Card] = {}
    for (_, cards), start in zip(obs.turned, firsts):
        for k, card in enumerate(cards):
            if known_at.setdefault(start + k, card) != card:
                return None
    if len(set(known_at.values())) != len(known_at):
        return None
    # Each active player's parts.
    played: dict[int, list[Card]] = {s: [] for s in active}
    voids: dict[int, set[Suit]] = {s: set() for s in active}
    order_of = {s: k for k, s in enumerate(active)}
    for leader, cards in _plays(obs):
        led = cards[0].suit
        for k, card in enumerate(cards):
            seat = active[(order_of[leader] + k) % 3]
            played[seat].append(card)
            if card.suit is not led:
                voids[seat].add(led)
    shown: dict[int, Sequence[Card]] = dict(obs.open_hands)
    shown[me] = obs.hand
    seats: dict[int, _Seat] = {}
    at = 0
    slots_of: dict[int, list[int]] = {s: [] for s in active}
    for seat, count in batches:
        slots_of[seat] += list(range(at, at + count))
        at += count
    for s in active:
        final = obs.trick_count if s == solo else 13
        got = len(slots_of[s])
        hand = list(shown[s]) if s in shown else None
        # Turned cards it drew and no longer holds (seen in a hand laid open, or the observer's own): laid away.
        gone = [known_at[p] for p in slots_of[s] if p in known_at and hand is not None and
                known_at[p] not in hand and known_at[p] not in played[s]]
        if s == solo and kind is Kind.GASK:
            kept = final - item.count
        elif s == solo and kind in (Kind.VIRA, Kind.CUCKOO):
            kept = 0
        else:
            kept = min(got - len(gone), final)
        if not 0 <= kept <= got - len(gone):
            return None
        seats[s] = _Seat(final, slots_of[s], kept, played[s], hand, voids[s], gone)
    # The cards the observer has seen, and the places the others lie.
    seen: set[Card] = set(obs.hand) | set(known_at.values())
    for held in shown.values():
        seen.update(held)
    for gone_by in played.values():
        seen.update(gone_by)
    hidden = [c for c in FULL_PACK.cards if c not in seen]
    places: list[Place] = []
    known_drawn: dict[int, list[Card]] = {s: [known_at[p] for p in seats[s].slots if p in known_at] for s in active}
    for s in active:
        part = seats[s]
        if part.hand is None:
            fixed = [c for c in known_drawn[s] if c not in part.played]
            size = part.final - len(part.played) - len(fixed)
            if size < 0 or any(c.suit in part.void for c in fixed):
                return None
            void = frozenset(part.void)
            places.append(Place((s, "hand"), size, _outside(void) if void else None))
        elif len(part.hand) + len(part.played) != part.final:
            return None
        places.append(Place((s, "laid"), 13 - part.final + len(part.slots) - len(part.gone)))
    rest = [p for p in range(at, talon_size)]
    places.append(Place("talon", len(rest) - sum(1 for p in rest if p in known_at)))
    if any(p.size < 0 for p in places) or sum(p.size for p in places) != len(hidden):
        return None
    spread_out = spread(hidden, places, rng)
    if spread_out is None:
        return None
    # The deck: each seat's dealt cards, and the talon in the order it was drawn.
    talon: list[Card | None] = [known_at.get(p) for p in range(talon_size)]
    dealt: dict[int, list[Card]] = {}
    laid_first: dict[int, list[Card]] = {}
    laid_later: dict[int, list[Card]] = {}
    for s in active:
        part = seats[s]
        now = list(part.hand) if part.hand is not None else \
            [c for c in known_drawn[s] if c not in part.played] + list(spread_out[(s, "hand")])
        laid = list(spread_out[(s, "laid")])
        mine_known = [known_at[p] for p in part.slots if p in known_at and known_at[p] not in part.gone]
        # Which of the cards held or played were drawn: the known ones, and for a hand seen in its order a tail
        # of it (a draw puts the cards at the end), the rest among the cards played.
        if part.hand is not None:
            marks = [k for k, c in enumerate(now) if c in mine_known]
            low = len(now) - min(marks) if marks else 0
            played_known = sum(1 for c in part.played if c in mine_known)
            choices = [t for t in range(low, min(len(now), part.kept) + 1)
                       if played_known <= part.kept - t <= len(part.played)]
            if not choices:
                return None
            t = rng.choice(choices)
            tail = now[len(now) - t:]
            others = [c for c in part.played if c not in mine_known]
            rng.shuffle(others)
            drawn = tail + [c for c in part.played if c in mine_known] + others[:part.kept - t - played_known]
            prefix = now[:len(now) - t]
        else:
            pool = [c for c in now + part.played if c not in mine_known]
            rng.shuffle(pool)
            drawn = mine_known + pool[:part.kept - len(mine_known)]
            tail, prefix = [], []
        if len(drawn) != part.kept or any(c not in drawn for c in mine_known):
            return None
        drawn_set = set(drawn)
        # The cards it drew and laid away again, and those it laid away from its deal.
        free_slots = [p for p in part.slots if p not in known_at]
        hidden_later = len(part.slots) - part.kept - len(part.gone)
        again = laid[:hidden_later]
        from_deal = laid[hidden_later:]
        fill = [c for c in drawn if c not in mine_known] + again
        if len(fill) != len(free_slots):
            return None
        rng.shuffle(fill)
        _keep_order(fill, tail)
        for p, card in zip(free_slots, fill):
            talon[p] = card
        deal = [c for c in now + part.played if c not in drawn_set] + from_deal
        if len(deal) != 13:
            return None
        rng.shuffle(deal)
        _keep_order(deal, prefix)
        dealt[s] = deal
        laid_first[s] = from_deal
        laid_later[s] = again + part.gone
    undrawn = [p for p in rest if p not in known_at]
    for p, card in zip(undrawn, spread_out["talon"]):
        talon[p] = card
    if any(c is None for c in talon):
        return None
    deck: list[Card] = [FULL_PACK.cards[0]] * len(FULL_PACK)
    top = 0
    taken = {s: 0 for s in active}
    for size in rules.deal.packets:
        for s in active:
            deck[top:top + size] = dealt[s][taken[s]:taken[s] + size]
            taken[s] += size
            top += size
    deck[top:] = [c for c in talon if c is not None]
    try:
        world = HandState(deck, obs.cut, dealer=obs.dealer, players=obs.players, rules=rules)
        _replay(world, obs, [c for seat, c in batches if seat == solo], laid_first, laid_later, rng)
    except (IllegalAction, InvalidPosition, _Unfit):
        return None
    if world.observation(me).to_json() != obs.to_json():
        return None
    return world


def _outside(void: frozenset[Suit]) -> "Callable[[Card], bool]":
    """Whether a card lies outside the suits ``void`` (a hand that showed out of them)."""
    return lambda card: card.suit not in void


def _fits_turns(turned: Sequence[tuple[int, tuple[Card, ...]]], first: int, item: Contract) -> bool:
    """Whether a soloist drawing ``first`` cards in a turn-up's first try fits the cards each try turned (the
    second try turns the talon's top after that draw) and the first try's limit (the last card of the talon
    never decides trumps)."""
    if item.kind is not Kind.TURN_UP:
        return True
    if first > len(FULL_PACK) - 39 - item.turned - 1:
        return False
    at: dict[int, Card] = {}
    for (_, cards), start in zip(turned, (0, first)):
        for k, card in enumerate(cards):
            if at.setdefault(start + k, card) != card:
                return False
    return len(set(at.values())) == len(at)


def _keep_order(cards: list[Card], order: Sequence[Card]) -> None:
    """Put the members of ``order`` in ``cards`` back in that order, in the places they hold (in place)."""
    present = set(cards)
    members = [c for c in order if c in present]
    wanted = set(members)
    where = [k for k, c in enumerate(cards) if c in wanted]
    for k, card in zip(where, members):
        cards[k] = card


def _replay(world: HandState, obs: Observation, parts: list[int], first: dict[int, list[Card]],
            later: dict[int, list[Card]], rng: random.Random) -> None:
    """Make the hand's calls and procedure on ``world``, the soloist drawing ``parts`` cards in its tries and each
    player laying away its planned cards (those it was dealt first), then the tricks seen."""
    for _, text in obs.calls:
        world.apply(parse_action(text))
    drew = obs.exchanged
    parts = list(parts)
    while world.phase not in ("play", "done", "surrendered"):
        step = world.steps[0]
        seat = step.seat
        legal = world.legal_actions()
        if step.kind == "trump":
            if obs.misere:
                world.apply(Action("misere"))
            elif world.tries < obs.tries:
                world.apply(rng.choice([a for a in legal if a.kind == "trump"]))
            else:
                assert obs.trump is not None
                world.apply(Action("trump", suit=obs.trump))
        elif step.kind == "decide":
            world.apply(Action("retry") if world.tries < obs.tries else Action("play"))
        elif step.kind in ("exchange", "defend"):
            count = parts.pop(0) if step.kind == "exchange" else drew[seat]
            if count == 0:
                world.apply(Action("keep"))
                continue
            for card in _take(world, seat, first, later, count):
                world.apply(_DISCARD[card])
            world.apply(Action("draw"))
        elif step.kind in ("exact", "down"):
            count = step.size - len(world.step_discards) if step.kind == "exact" else len(world.hands[seat]) - step.size
            for card in _take(world, seat, first, later, count):
                world.apply(_DISCARD[card])
        else:  # pragma: no cover (every step needing a decision is above)
            raise _Unfit(f"no plan for the step {step.kind}")
    for _, cards in _plays(obs):
        for card in cards:
            world.apply(_CARD[card])


def _take(world: HandState, seat: int, first: dict[int, list[Card]], later: dict[int, list[Card]],
          count: int) -> list[Card]:
    """The next ``count`` cards ``seat`` lays away: those it drew to lay away again as soon as it holds them, then
    those it was dealt."""
    held = set(world.hands[seat])
    out: list[Card] = []
    for pile in (later[seat], first[seat]):  # what it drew and lays away again goes as soon as it is held
        for card in [c for c in pile if c in held][:count - len(out)]:
            pile.remove(card)
            out.append(card)
    if len(out) != count:
        raise _Unfit(f"the plan has {len(out)} cards to lay away, not {count}")
    return out

