"""Taking the stock, as a small machine of typed steps.

A player with the right takes the stock (the face-down cards, and with an
exposed pair one of its cards) in exchange for their hand.  Before the cards
move, a trader's holder may trade for a card of a pair that would go with it
(``LAST_CHANCE``), and the taker says which card of a pair comes along
(``WITH``).  Then the taker decides (``STOCK_DECISION``): keep, discard a
spare card, go back to the original hand, or keep both.

The same ``LAST_CHANCE`` step serves the bird variation: when the holder of
the king of hearts claims an exposed bird, the holder of the heart trader is
asked first, for the trader keeps its priority even in the last trick.

Everything here is an immutable value, so a state can restore any earlier
step by rebinding a field (that is how :meth:`HandState.undo` works).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.explain import Reason, Seat
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.legality import H2, H5, HK
from stytvolt.styrivolt.records import Phase

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["Take", "TakeStep", "TakeInProgress", "BirdClaim", "Claim", "start_take", "advance_take", "go_with",
           "decide", "claim_bird", "settle_bird"]


@dataclass(frozen=True, slots=True)
class Take:
    """One taking of the stock."""

    player: int
    original: tuple[Card, ...]  # the hand put down in the stock's place
    received: tuple[Card, ...]  # the stock's cards (with any exposed card that went with it)
    rightful: bool
    trick: int  # the trick (0-based) during which it was taken


@dataclass(frozen=True, slots=True)
class TakeStep:
    """One question asked while the stock is being taken."""

    step: Literal["last", "with"]  # a trader's last chance, or the taker's pick of a pair
    who: int
    suit: Suit


@dataclass(frozen=True, slots=True)
class TakeInProgress:
    """A taking of the stock under way: the questions still to ask, and the exposed cards on their way."""

    player: int
    queue: tuple[TakeStep, ...]
    moving: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class BirdClaim:
    """The king of hearts claims the exposed bird; the heart trader's holder is asked first."""

    king_holder: int
    trader_holder: int


@dataclass(frozen=True, slots=True)
class Claim:
    """With the cut: the holder of a king (or queen) may give it for the permanent stikkar the cut exposed."""

    holder: int
    king: Card
    stikkar: Card


def start_take(state: "HandState", p: int) -> None:
    """``p`` takes the stock: ask a trader's holder, and the taker, about each exposed pair."""
    queue: list[TakeStep] = []
    for suit in state.chosen:
        if suit in state.pairs:
            holder = state.holder(Card(suit, Rank.FIVE))
            if holder is not None and holder != p:
                queue.append(TakeStep("last", holder, suit))
            queue.append(TakeStep("with", p, suit))
    state.pending = TakeInProgress(p, tuple(queue))
    advance_take(state)


def advance_take(state: "HandState") -> None:
    """Ask the next question that still means something, or complete the taking."""
    pending = state.pending
    assert isinstance(pending, TakeInProgress)
    queue = list(pending.queue)
    while queue:
        step = queue[0]
        pair = len(state.exposed.get(step.suit, ())) == 2
        if step.step == "last" and pair and Card(step.suit, Rank.FIVE) in state.hands[step.who]:
            state.pending = TakeInProgress(pending.player, tuple(queue), pending.moving)
            state.phase, state.to_move = Phase.LAST_CHANCE, step.who
            return
        if step.step == "with" and pair:
            state.pending = TakeInProgress(pending.player, tuple(queue), pending.moving)
            state.phase, state.to_move = Phase.WITH, step.who
            return
        queue.pop(0)
    state.pending = TakeInProgress(pending.player, (), pending.moving)
    _complete_take(state)


def next_question(state: "HandState") -> None:
    """The question at the head of the queue is answered: go on to the next."""
    pending = state.pending
    assert isinstance(pending, TakeInProgress)
    state.pending = TakeInProgress(pending.player, pending.queue[1:], pending.moving)
    advance_take(state)


def go_with(state: "HandState", card: Card) -> None:
    """The taker picks ``card`` of an exposed pair to come with the stock."""
    pending = state.pending
    assert isinstance(pending, TakeInProgress)
    state.set_exposed(card.suit, tuple(c for c in state.exposed[card.suit] if c is not card))
    state.pending = TakeInProgress(pending.player, pending.queue, (*pending.moving, card))
    state.pairs = state.pairs - {card.suit}
    next_question(state)


def _complete_take(state: "HandState") -> None:
    pending = state.pending
    assert isinstance(pending, TakeInProgress)
    p = pending.player
    moving = list(pending.moving)
    # A pair split by a trade sends its other card with the stock, keeping the stock at ten cards.
    for suit in sorted(state.pairs):
        if len(state.exposed[suit]) == 1:
            moving.append(state.exposed[suit][0])
            state.set_exposed(suit, ())
    state.pairs = frozenset()
    received = (*state.pile, *moving)
    original = state.hands[p]
    rightful = state.has_right_to_stock(p)
    state.takes.append(Take(p, original, received, rightful, len(state.tricks)))
    state.pile = original
    state.set_hand(p, received)
    state.pending = None
    state.phase = Phase.STOCK_DECISION
    state.to_move = p
    which = "the stock" if len(state.takes) == 1 else "the stock a second time"
    text = "{player} takes " + which + f" ({len(received)} cards) and puts down their hand in its place."
    state.note(Reason.of("stock.take", text, player=Seat(p)))


def decide(state: "HandState", p: int, action: Action) -> None:
    """The taker keeps, discards a spare card, goes back, or keeps both."""
    take = state.takes[-1]
    kind = action.kind
    if kind is Kind.DISCARD:
        card = action.card
        state.set_hand(p, tuple(c for c in state.hands[p] if c is not card))
        state.pile = (*state.pile, card)
        # The card goes face down: the others hear only that a card was discarded.
        state.note(Reason.of("stock.discard", "{player} discards a card to the stock.", player=Seat(p)))
    elif kind is Kind.GO_BACK:
        state.set_hand(p, take.original)
        state.pile = take.received
        state.note(Reason.of("stock.go_back", "{player} found no stikkar in the stock and takes the original hand back.",
                             player=Seat(p)))
    elif kind is Kind.KEEP_BOTH:
        state.set_hand(p, (*take.original, *take.received))
        state.pile = ()
        state.note(Reason.of(
            "stock.keep_both",
            "{player} keeps both the hand and the stock ({count} cards): neither held a stikkar nor a trader for one.",
            player=Seat(p), count=len(state.hands[p]),
        ))
    state.phase = Phase.PLAY


def claim_bird(state: "HandState", p: int) -> bool:
    """The king of hearts' holder claims the bird: True when the trader's holder must be asked first."""
    trader = state.holder(H5)
    if trader is None or trader == p:
        return False
    state.pending = BirdClaim(p, trader)
    state.phase, state.to_move = Phase.LAST_CHANCE, trader
    return True


def settle_bird(state: "HandState", traded: bool) -> None:
    """The trader's holder traded for the bird or passed: the king's holder gets it only after a pass."""
    claim = state.pending
    assert isinstance(claim, BirdClaim)
    state.pending = None
    state.phase, state.to_move = Phase.PLAY, claim.king_holder
    if not traded:
        state.trade(claim.king_holder, HK, H2)
