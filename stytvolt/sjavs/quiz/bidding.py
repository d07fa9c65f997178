"""The Sjavs question kind ``winning-bid``: who wins a round of bids, which bid beats the best so far,
and what a hand may bid.

Every answer comes from the rules: :func:`~stytvolt.sjavs.bidding.winning_bid`
decides a round, :func:`~stytvolt.sjavs.bidding.bid_refusal` whether a bid
beats the best so far, and :func:`~stytvolt.sjavs.bidding.trump_lengths`
what a hand may bid.  Three forms, each with a public builder:

* :func:`ask_bid_winner`: a whole round, from the dealer's left; who wins it,
  or nobody (all passed: the same dealer deals again);
* :func:`ask_next_bid`: the bids so far; which of the bids offered may the
  next player make (exactly one beats the best bid so far);
* :func:`ask_hand_bid`: South's eight cards and the bids before South's
  turn; the highest bid South may make, or pass.

**Levels**

1. :func:`ask_bid_winner` with every bid longer than the one before it
   (about a quarter of the rounds all pass);
2. :func:`ask_bid_winner` with a bid in clubs over a bid of the same length,
   or :func:`ask_next_bid` (clubs beats an equal length, never a longer one);
3. :func:`ask_hand_bid`: a hand holding permanent trumps (counted in every
   suit's length) or too short to bid at all.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.words import counted, noun_for
from stytvolt.learn import Choice, Draft, Row, kind
from stytvolt.learn.common import pick_choices
from stytvolt.sjavs.bidding import MIN_BID, Bid, bid_refusal, parse_bid, trump_lengths, winning_bid
from stytvolt.sjavs.cards import PACK, is_permanent
from stytvolt.sjavs.quiz.common import GAME, PLAYERS, SEATS, cards_text, checked_cards, first_fit, symbols

__all__ = [
    "bid_text", "bid_id", "parse_bids", "round_level", "ask_bid_winner", "ask_next_bid", "ask_hand_bid",
    "make_winning_bid",
]

_DECK: tuple[Card, ...] = tuple(PACK)
_LONGEST = 8  # a four-player hand holds eight cards, so no trump length is longer
_LETTERS = {"S": 0, "W": 1, "N": 2, "E": 3}

_RULE_BIDDING = "sjavs/bidding.md#bidding"
_RULE_PASSES = "sjavs/bidding.md#when-everyone-passes"
_RULE_LENGTH = "sjavs/bidding.md#trump-length"


def bid_text(bid: Bid | None) -> str:
    """A bid as a player says it: ``"pass"``, ``"6"``, ``"6 in clubs"``."""
    if bid is None:
        return "pass"
    return f"{bid.length} in clubs" if bid.clubs else str(bid.length)


def bid_id(bid: Bid | None) -> str:
    """A bid as a choice's id: ``"pass"``, ``"6"``, ``"6c"``."""
    if bid is None:
        return "pass"
    return f"{bid.length}c" if bid.clubs else str(bid.length)


def parse_bids(bids: Sequence[Bid | str | None] | str) -> tuple[Bid | None, ...]:
    """Bids in order, from a list (``["6", "pass", "6 clubs"]``) or text separated by commas."""
    if isinstance(bids, str):
        items: Sequence[Bid | str | None] = [b for b in (t.strip() for t in bids.split(",")) if b]
    elif isinstance(bids, (list, tuple)):
        items = bids
    else:
        raise InvalidPosition(f"bids are given as a list or text like '6, pass, 6 clubs', not {type_name(bids)}")
    return tuple(b if b is None or isinstance(b, Bid) else parse_bid(b) for b in items)


def _seat(seat: object, what: str) -> int:
    if isinstance(seat, str) and seat.strip().upper()[:1] in _LETTERS:
        return _LETTERS[seat.strip().upper()[:1]]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise InvalidPosition(f"{what} is a seat 0..3 (South, West, North, East), not {seat!r}")
    return seat


def _speakers(dealer: int) -> list[int]:
    """The seats in speaking order: the dealer's left first, the dealer last."""
    return [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]


def _round_text(seats: Sequence[int], bids: Sequence[Bid | None]) -> str:
    return ", ".join(f"{SEATS[s]} {bid_text(b)}" for s, b in zip(seats, bids))


def _bids_field(bids: Sequence[Bid | None]) -> str:
    return ",".join("pass" if b is None else str(b) for b in bids)


def _beats_reason(seat: int, bid: Bid, best: Bid | None) -> Reason:
    """Why a bid the rules accept (``bid_refusal`` gave nothing) stands: the first bid, longer, or as long in clubs."""
    if best is None:
        return Reason.of("quiz.sjavs.bid.first", "{seat} opens the bidding with {bid}.", seat=Seat(seat),
                         bid=bid_text(bid))
    if bid.length > best.length:
        text = "{seat} bids {bid}, which beats {best}: it is longer."
    else:
        text = "{seat} bids {bid}, which beats {best}: as long, and announced in clubs."
    return Reason.of("quiz.sjavs.bid.beats", text, seat=Seat(seat), bid=bid_text(bid), best=bid_text(best))


def _offered_reason(bid: Bid, best: Bid, beats: bool) -> Reason:
    """Why a bid offered (and not made) would or would not beat the best bid so far, said as a bid not yet made.

    ``beats`` is the rules' answer (:func:`~stytvolt.sjavs.bidding.bid_refusal`); this only words it.
    """
    if beats:
        why = "it is longer" if bid.length > best.length else "as long, and announced in clubs"
        return Reason.of("quiz.sjavs.bid.would-beat", "{bid} would beat {best}: " + why + ".",
                         bid=bid_text(bid).capitalize(), best=bid_text(best))
    same = "it is the same bid, and " if bid == best else ""
    if bid.length < best.length:
        why = "it is shorter"
    elif best.clubs:
        why = same + "only a longer bid beats a bid in clubs"
    else:
        why = same + "a bid as long beats it only when announced in clubs"
    return Reason.of("quiz.sjavs.bid.would-not-beat", "{bid} would not beat {best}: " + why + ".",
                     bid=bid_text(bid).capitalize(), best=bid_text(best))


def round_level(bids: Sequence[Bid | str | None] | str) -> int:
    """The level of a round for :func:`ask_bid_winner`: 2 with a clubs bid over an equal length, else 1."""
    shown = parse_bids(bids)
    made = [b for b in shown if b is not None]
    return 2 if any(b.clubs and a.length == b.length for a, b in zip(made, made[1:])) else 1


# -- who wins a round ---------------------------------------------------------------------------------


def ask_bid_winner(bids: Sequence[Bid | str | None] | str, dealer: int | str = 3) -> Draft:
    """Who wins this round of bidding?  ``bids`` are the four calls in order, from the dealer's left."""
    deal = _seat(dealer, "the dealer")
    shown = parse_bids(bids)
    if len(shown) != PLAYERS:
        raise InvalidPosition(f"a round of bidding has four calls, one from each player, not {len(shown)}")
    seats = _speakers(deal)
    won = winning_bid(list(zip(seats, (b if b is not None else "pass" for b in shown))))
    reasons: list[Reason] = []
    best: Bid | None = None
    for seat, bid in zip(seats, shown):
        if bid is None:
            continue
        reasons.append(_beats_reason(seat, bid, best))
        best = bid
    if won is None:
        reasons.append(Reason.of("quiz.sjavs.bid.all-pass",
                                 "All four passed: nobody plays this hand, and {dealer} deals again.",
                                 dealer=Seat(deal)))
        answer = "redeal"
    else:
        names = "clubs as trumps" if won.clubs else "a trump suit of at least that length"
        reasons.append(Reason.of("quiz.sjavs.bid.wins",
                                 "Nobody beats it, so {seat} wins the bidding with {bid} and names " + names + ".",
                                 seat=Seat(won.seat), bid=bid_text(won.bid)))
        answer = SEATS[won.seat].lower()
    choices = tuple(Choice(SEATS[s].lower(), SEATS[s]) for s in range(PLAYERS)) + (
        Choice("redeal", f"Nobody: {SEATS[deal]} deals again"),)
    return Draft(
        prompt="Who wins the bidding?",
        choices=choices,
        answer=answer,
        explanation=tuple(reasons),
        position={"dealer": SEATS[deal], "bids": _bids_field(shown)},
        rule=_RULE_PASSES if won is None else _RULE_BIDDING,
        context=f"{SEATS[deal]} deals, so {SEATS[seats[0]]} speaks first. The bidding: {_round_text(seats, shown)}.",
    )


# -- which bid beats the best so far ---------------------------------------------------------------------


def ask_next_bid(bids: Sequence[Bid | str | None] | str, offered: Sequence[Bid | str] | str,
                 dealer: int | str = 3) -> Draft:
    """Which of the ``offered`` bids may the next player make after ``bids`` (from the dealer's left)?

    Exactly one offered bid must beat the best bid so far (``bid_refusal``
    decides); the choices keep the order given.
    """
    deal = _seat(dealer, "the dealer")
    shown = parse_bids(bids)
    if not 1 <= len(shown) < PLAYERS:
        raise InvalidPosition(f"the bids so far are one to three calls, not {len(shown)}")
    seats = _speakers(deal)
    won = winning_bid(list(zip(seats, (b if b is not None else "pass" for b in shown))))
    if won is None:
        raise InvalidPosition("nobody has bid yet, so any bid would do: give a round with a bid in it")
    best = won.bid
    speaker = seats[len(shown)]
    options = [b for b in parse_bids(offered)]
    if not 2 <= len(options) <= 5 or any(b is None for b in options) or len(set(options)) != len(options):
        raise InvalidPosition("offer two to five different bids (not 'pass')")
    bids_offered = [b for b in options if b is not None]
    allowed = [b for b in bids_offered if bid_refusal(b, best, speaker) is None]
    if len(allowed) != 1:
        raise InvalidPosition(
            f"exactly one bid offered must beat {bid_text(best)}, not {len(allowed)}: "
            + (", ".join(bid_text(b) for b in allowed) or "none does")
        )
    answer = allowed[0]
    reasons: list[Reason] = [Reason.of("quiz.sjavs.bid.best", "The best bid so far is {seat}'s {best}.",
                                       seat=Seat(won.seat), best=bid_text(best))]
    for bid in bids_offered:
        reasons.append(_offered_reason(bid, best, bid_refusal(bid, best, speaker) is None))
    made = [s for s, b in zip(seats, shown)]
    return Draft(
        prompt=f"Which of these bids may {SEATS[speaker]} make?",
        choices=tuple(Choice(bid_id(b), bid_text(b).capitalize()) for b in bids_offered),
        answer=bid_id(answer),
        explanation=tuple(reasons),
        position={"dealer": SEATS[deal], "bids": _bids_field(shown), "offered": _bids_field(bids_offered)},
        rule=_RULE_BIDDING,
        context=(f"{SEATS[deal]} deals, so {SEATS[seats[0]]} speaks first. The bidding so far: "
                 f"{_round_text(made, shown)}. Now it is {SEATS[speaker]}'s turn."),
    )


# -- what this hand may bid --------------------------------------------------------------------------------


def _printed_best(hand: Sequence[Card]) -> Bid | None:
    """The slip of counting each card in its printed suit only (the permanent trumps in one suit each)."""
    counts = [sum(1 for c in hand if c.suit is s) for s in Suit]
    longest = max(counts)
    if longest < MIN_BID:
        return None
    return Bid(longest, counts[Suit.CLUBS] == longest)


def ask_hand_bid(hand: Sequence[Card] | str, bids: Sequence[Bid | str | None] | str = (), dealer: int | str = 3,
                 rng: random.Random | None = None) -> Draft:
    """The highest bid South may make with ``hand``, after ``bids`` (the calls before South's turn).

    South's place in the round follows from the dealer (East deals: South
    speaks first, no bids before).  ``rng`` shuffles the choices.
    """
    deal = _seat(dealer, "the dealer")
    cards = checked_cards(hand, "the hand")
    if len(cards) != _LONGEST:
        raise InvalidPosition(f"a four-player Sjavs hand holds eight cards, not {len(cards)}")
    shown = parse_bids(bids)
    seats = _speakers(deal)
    before = seats.index(0)
    if len(shown) != before:
        raise InvalidPosition(f"with {SEATS[deal]} dealing, {counted(before, 'player')} "
                              f"{'speaks' if before == 1 else 'speak'} before South, so give {counted(before, 'bid')}, "
                              f"not {len(shown)}")
    won = winning_bid(list(zip(seats, (b if b is not None else "pass" for b in shown))))
    best = won.bid if won is not None else None
    lengths = trump_lengths(cards)
    allowed = [b for b in lengths.bids() if bid_refusal(b, best, 0) is None]
    answer = max(allowed) if allowed else None
    permanent = [c for c in cards if is_permanent(c)]
    each = [f"{lengths.of(s)} if {s.english} are" for s in Suit]
    first = lengths.of(Suit.SPADES)
    each[0] = f"{first} {noun_for(first, 'trump')} if spades are trumps"
    held = ", ".join(each[:-1]) + " and " + each[-1]
    if permanent:
        text = "Counting the permanent trumps ({permanent}) in every suit, this hand holds {counted}."
    else:
        text = "With no permanent trump, a suit's length is its own cards: this hand holds {counted}."
    reasons = [Reason.of("quiz.sjavs.bid.lengths", text, tuple(cards), permanent=symbols(permanent), counted=held)]
    if lengths.longest < MIN_BID:
        reasons.append(Reason.of("quiz.sjavs.bid.short",
                                 "No suit reaches {least} trumps, so you may only pass.", least=MIN_BID))
    elif answer is None:
        reasons.append(Reason.of(
            "quiz.sjavs.bid.outbid", "Its bids ({can}) do not beat {best}, so you may only pass.",
            can=", ".join(bid_text(b) for b in lengths.bids()), best=bid_text(best)))
    else:
        extra = " Clubs are as long as that, so the bid may be announced in clubs." if answer.clubs else ""
        after = f" and beats {bid_text(best)}" if best is not None else ""
        reasons.append(Reason.of(
            "quiz.sjavs.bid.highest",
            "The highest bid this hand holds" + after + " is {bid}." + extra, bid=bid_text(answer)))
    # Slips: the printed count, the best bid without regard to the bidding, one more or less, clubs or not.
    slips: list[Bid | None] = [_printed_best(cards), lengths.best_bid, None]
    if answer is not None:
        slips += [Bid(answer.length, not answer.clubs), Bid(answer.length + 1, False)]
    else:
        slips += [Bid(MIN_BID, False), Bid(lengths.longest, False) if lengths.longest >= MIN_BID else Bid(6, False)]
    offered = (bid for bid in slips if bid is None or bid.length <= _LONGEST)
    picked = pick_choices(answer, offered, 3, rng)
    bidding = f" The bidding so far: {_round_text(seats[:before], shown)}." if before else " You speak first."
    return Draft(
        prompt="What is the highest bid you may make?",
        choices=tuple(Choice(bid_id(b), bid_text(b).capitalize()) for b in picked),
        answer=bid_id(answer),
        explanation=tuple(reasons),
        position={"dealer": SEATS[deal], "bids": _bids_field(shown), "hand": cards_text(cards)},
        rows=(Row("Your hand (South)", cards),),
        rule=_RULE_LENGTH,
        context=f"{SEATS[deal]} deals.{bidding}",
    )


# -- the maker ------------------------------------------------------------------------------------------------


def _higher(best: Bid | None, clubs_over: bool) -> list[Bid]:
    """The bids that beat ``best``, up to eight long; without ``clubs_over``, only longer ones."""
    every = [Bid(n, c) for n in range(MIN_BID, _LONGEST + 1) for c in (False, True)]
    if best is None:
        return every
    return [b for b in every if b > best and (clubs_over or b.length > best.length)]


def _round(rng: random.Random, level: int, speakers: int) -> list[Bid | None]:
    """Calls for ``speakers`` players: passes and bids, each bid beating the best before it."""
    calls: list[Bid | None] = []
    best: Bid | None = None
    for _ in range(speakers):
        options = _higher(best, level == 2)
        # Low bids are the usual ones: a bid climbs at most two lengths over the best so far.
        options = [b for b in options if best is None or b.length <= best.length + 2]
        if not options or rng.random() < 0.45:
            calls.append(None)
            continue
        if best is None:
            options = [b for b in options if b.length <= 6]
        bid = rng.choice(options)
        calls.append(bid)
        best = bid
    return calls


def _bid_draw(rng: random.Random, level: int) -> Draft | None:
    dealer = rng.randrange(PLAYERS)
    if level == 1:
        calls = [None] * PLAYERS if rng.random() < 0.25 else _round(rng, 1, PLAYERS)
        if round_level(calls) != 1:  # pragma: no cover (level-1 rounds only climb in length)
            return None
        return ask_bid_winner(calls, dealer)
    if level == 2:
        if rng.random() < 0.5:
            calls = _round(rng, 2, PLAYERS)
            if round_level(calls) != 2:
                return None
            return ask_bid_winner(calls, dealer)
        so_far = _round(rng, 2, rng.randrange(1, PLAYERS))
        made = [b for b in so_far if b is not None]
        if not made:
            return None
        best = made[-1]
        beating = [b for b in _higher(best, True) if b.length <= best.length + 1]
        if not beating:
            return None
        right = rng.choice(beating)
        # Bids that do not beat it: the same bid, the other bid of that length, a shorter one.
        losing = [b for b in (best, Bid(best.length, not best.clubs), Bid(best.length - 1, True),
                              Bid(best.length - 1, False)) if b.length >= MIN_BID and b <= best]
        wrong = rng.sample(losing, min(len(losing), rng.randrange(1, 4)))
        offered = [right, *wrong]
        rng.shuffle(offered)
        return ask_next_bid(so_far, offered, dealer)
    # Level 3: a hand of eight, dealt from the pack; it must hold a permanent trump, or be too short to bid.
    hand = rng.sample(_DECK, _LONGEST)
    lengths = trump_lengths(hand)
    if not any(is_permanent(c) for c in hand) and lengths.longest >= MIN_BID:
        return None
    before = _speakers(dealer).index(0)
    calls = _round(rng, 2, before)
    draft = ask_hand_bid(hand, calls, dealer, rng=rng)
    if draft.answer == "pass" and rng.random() < 0.9:
        return None  # hands that must pass are common in a random deal; keep them to a fair share
    return draft


@kind(
    GAME, "winning-bid", title="Who wins the bidding?",
    summary="A round of bids: who wins it, which bid beats the best so far, and what a hand may bid.",
    rule=_RULE_BIDDING,
)
def make_winning_bid(rng: random.Random, level: int) -> Draft:
    return first_fit(_bid_draw, rng, level, "winning-bid")
