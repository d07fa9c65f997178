"""Choosing trumps in Sjavs: bids are the length of the trump suit a hand would make.

Each player, from the dealer's left, speaks once: "pass", or the length of a
trump suit they could make (at least five cards, the permanent trumps
counted in it), which must beat every bid before it.  A longer suit beats a
shorter one; of two equal lengths, one announced in clubs ("6 clubs") beats
one with no suit named ("6").  The highest bidder names the trump suit (a
suit of at least the length bid; clubs if they bid clubs).  If all pass, the
same dealer deals again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import IllegalAction, ParseError, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.sjavs.cards import check_cards, is_permanent

__all__ = ["MIN_BID", "Bid", "parse_bid", "TrumpLengths", "trump_lengths", "WinningBid", "winning_bid", "bid_refusal"]

MIN_BID = 5  # the shortest trump suit anyone may bid

_BID = re.compile(r"^\s*(\d+)\s*(c|clubs|club|klør|♣)?\s*$", re.I)


@dataclass(frozen=True, order=True)
class Bid:
    """A bid: a length, and whether clubs was named.  Bids compare as the rules rank them."""

    length: int
    clubs: bool = False

    def __str__(self) -> str:
        return f"{self.length} clubs" if self.clubs else str(self.length)


def parse_bid(text: object) -> Bid | None:
    """``"pass"`` → ``None``; ``"6"`` → a bid of 6; ``"6 clubs"`` (or ``"6C"``, ``"6♣"``) → 6 in clubs."""
    if isinstance(text, Bid):
        return text
    if not isinstance(text, str):
        raise ParseError(f"a bid is written as 'pass', '6' or '6 clubs', not {type_name(text)}")
    if text.strip().lower() == "pass":
        return None
    found = _BID.match(text)
    if not found:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise ParseError(f"bad bid {shown!r}: expected 'pass', a length such as '6', or a length in clubs such as '6 clubs'")
    length = int(found.group(1))
    if length < MIN_BID:
        raise ParseError(f"bad bid {text.strip()!r}: a bid names a trump suit of at least {MIN_BID} cards")
    return Bid(length, bool(found.group(2)))


@dataclass(frozen=True)
class TrumpLengths:
    """How many trumps a hand would hold with each suit as trump (the six permanent trumps count in every one)."""

    spades: int
    hearts: int
    diamonds: int
    clubs: int

    def of(self, suit: Suit) -> int:
        return (self.spades, self.hearts, self.diamonds, self.clubs)[suit]

    @property
    def longest(self) -> int:
        return max(self.spades, self.hearts, self.diamonds, self.clubs)

    @property
    def best_bid(self) -> Bid | None:
        """The highest bid the hand may make (clubs when clubs is as long as the longest), or ``None``."""
        if self.longest < MIN_BID:
            return None
        return Bid(self.longest, self.clubs == self.longest)

    def bids(self) -> tuple[Bid, ...]:
        """Every bid the hand may make, lowest first: each suit's length of five or more; clubs may be named."""
        found = {Bid(self.of(s)) for s in Suit if self.of(s) >= MIN_BID}
        if self.clubs >= MIN_BID:
            found.add(Bid(self.clubs, True))
        return tuple(sorted(found))


def trump_lengths(hand: Sequence[Card] | str) -> TrumpLengths:
    """Each suit's trump length for this hand: its plain cards of that suit plus its permanent trumps.

    >>> trump_lengths("CQ SJ HA HK H7 C9 D8 S7")
    TrumpLengths(spades=3, hearts=5, diamonds=3, clubs=3)
    """
    cards = check_cards(hand, "the hand")
    permanent = sum(1 for c in cards if is_permanent(c))
    counts = [permanent] * 4
    for card in cards:
        if not is_permanent(card):
            counts[card.suit] += 1
    return TrumpLengths(*counts)


@dataclass(frozen=True)
class WinningBid:
    """The winner of the bidding: their seat and bid."""

    seat: int
    bid: Bid

    @property
    def length(self) -> int:
        return self.bid.length

    @property
    def clubs(self) -> bool:
        return self.bid.clubs


def bid_refusal(bid: Bid | None, best: Bid | None, seat: int) -> Reason | None:
    """Why ``seat`` may not make ``bid`` over the best bid so far, or ``None`` (a pass is always allowed)."""
    if bid is None or best is None or bid > best:
        return None
    if bid.length == best.length and not best.clubs:
        text = "{seat} bid {bid}, which does not beat {best}: an equal length beats it only when announced in clubs."
    else:
        text = "{seat} bid {bid}, which does not beat {best}: each bid must be longer, or as long and in clubs."
    return Reason.of("bid-too-low", text, seat=Seat(seat), bid=str(bid), best=str(best))


def winning_bid(bids: Iterable[tuple[int, object]]) -> WinningBid | None:
    """The winning seat and bid from the bids in order, ``(seat, "pass" | "6" | "6 clubs")``; ``None`` when all pass.

    A bid that does not beat the one before it, or a seat speaking twice,
    raises :class:`~stytvolt.core.errors.IllegalAction` naming it.

    >>> winning_bid([(1, "pass"), (2, "6"), (3, "6 clubs"), (0, "pass")])
    WinningBid(seat=3, bid=Bid(length=6, clubs=True))
    """
    best: WinningBid | None = None
    spoken: set[int] = set()
    for entry in bids:
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise ParseError(f"each bid is a pair (seat, 'pass' | '6' | '6 clubs'), not {type_name(entry)}")
        seat, text = entry
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ParseError(f"a seat is a whole number from 0, not {seat!r}")
        if seat in spoken:
            raise IllegalAction(Reason.of("spoke-twice", "{seat} speaks twice: the bidding goes round once.", seat=Seat(seat)))
        spoken.add(seat)
        bid = parse_bid(text)
        why = bid_refusal(bid, best.bid if best else None, seat)
        if why is not None:
            raise IllegalAction(why)
        if bid is not None:
            best = WinningBid(seat, bid)
    return best
