"""The coach's ideas of Sjavs: what each bid, trump, exchange and card serves, in the game's own words.

:func:`idea` reads one seat's observation and the action it takes (never the
hidden cards) and gives the idea's key (one of :data:`IDEAS`, which the
tactics page lists) and a sentence true from what that seat sees.  The card
play is read by the shared :mod:`stytvolt.analysis.trickideas`; the ideas of
Sjavs alone are here: bidding the trump length, the clubs bonus, naming the
trumps, the three-player exchange, counting to 61 and 90, saving the vol.
"""

from __future__ import annotations

from stytvolt.analysis.coach import Idea
from stytvolt.analysis.trickideas import TrickView, card_idea, played_cards, points_idea
from stytvolt.core.cards import Card, Suit
from stytvolt.core.words import counted
from stytvolt.sjavs.bidding import MIN_BID, parse_bid, trump_lengths
from stytvolt.sjavs.cards import CARD_VALUES, order, power, suit_of
from stytvolt.sjavs.hand import Action, Observation

__all__ = ["UNIT", "IDEAS", "idea"]

#: What ``returns()`` counts: the game points of the hand.
UNIT = "game point"

IDEAS: tuple[Idea, ...] = (
    Idea("bid-length", "Bidding the trump length",
         "Holding ♣Q ♠J ♥A ♥K ♥10 ♥8, bid 6: six trumps with hearts, the permanent trumps counted."),
    Idea("clubs-bonus", "The clubs bonus",
         "With six trumps in clubs, bid 6 clubs: it outbids a plain 6, and 90 card points then score 8, not 4."),
    Idea("pass", "Passing",
         "With only five trumps in the longest suit, pass: the announcers need 61 of the 120 card points."),
    Idea("name-trump", "Naming the trumps",
         "After bidding 6, name the suit that gives those six trumps, the longest the hand has."),
    Idea("lay-away", "Laying away points (three players)",
         "The soloist lays away ♠K and ♠10: their 14 card points count for the soloist, safe from the opponents."),
    Idea("keep-talon", "Leaving the talon (three players)",
         "The soloist keeps the hand: the talon's two cards count for the soloist at the end anyway."),
    Idea("draw-trumps", "Drawing trumps",
         "The announcers lead ♣Q, then ♠Q: each round pulls a trump from every opponent who still has one."),
    Idea("cash", "Cashing a sure trick",
         "♦A is the highest diamond still out and every trump has gone: lead it and the trick is yours."),
    Idea("short-suit", "Leading from a short suit",
         "Lead the single ♠7: once out of spades, a spade lead can be trumped."),
    Idea("lead-low", "Leading low",
         "With ♠A still out, lead ♠7 rather than ♠K: if the trick is lost, little is lost with it."),
    Idea("play-high", "Playing a high card",
         "♥K with only ♥A higher still out: it wins the trick unless ♥A or a trump comes down on it."),
    Idea("smear", "Smearing points onto the partner's trick",
         "The partner's ♣Q is winning and nobody plays after you: throw ♦10 onto it for 10 more card points."),
    Idea("partner-low", "Leaving the trick to the partner",
         "The partner's ♥A is winning: follow with ♥7 and keep the ♥10 for a trick of your own side."),
    Idea("overtake", "Overtaking the partner",
         "The partner's ♥K is winning, but you overtake with ♥A to keep the lead in your own hand."),
    Idea("win-cheap", "Winning as cheaply as possible",
         "♠K and ♠A both beat ♠10 as last to play: win with ♠K and keep ♠A."),
    Idea("win-sure", "Making sure of the trick",
         "Second to play, take the trick with ♣Q: no card still out can beat it."),
    Idea("bank-points", "Taking points home",
         "Last to play on a diamond trick that ♦K would win too, win with ♦A: its 11 card points come home."),
    Idea("ruff", "Trumping",
         "Out of spades, put ♥7 (hearts trumps) on ♠A: a trump beats every spade."),
    Idea("overruff", "Overtrumping",
         "An opponent trumped with ♥7: you have no spade either, so overtrump with ♥9."),
    Idea("duck", "Ducking",
         "Second to play, let ♠10 go by with ♠7 and keep ♠A for a trick worth more."),
    Idea("not-worth", "Not wasting a trump",
         "The trick holds ♠7 ♠8 ♠9, no card points: throw a plain card rather than spend a trump on it."),
    Idea("discard", "Discarding a loser",
         "Out of clubs and unable to win, throw ♦7, a card worth nothing."),
    Idea("keep-guard", "Keeping a guard",
         "Holding ♥K ♥7 with ♥A still out, discard from another suit: ♥7 lets ♥K duck under ♥A."),
    Idea("cannot-win", "Giving up a lost trick cheaply",
         "Hearts trumps, and nothing beats the ♣Q on the table: follow with ♥7, not ♥10."),
    Idea("count-points", "Counting to 61",
         "The announcers' tricks hold 55 card points: winning this trick with ♦A on it takes them past 61."),
    Idea("save-vol", "Saving the vol",
         "The announcers have won every trick so far: one trick for the opponents stops the vol (12 game points)."),
    Idea("first-trick", "Getting a first trick",
         "The announcers have no trick yet: one trick saves them the 16 game points of a hand with no trick."),
)


def _own(obs: Observation) -> tuple[Card, ...]:
    """Every card this seat may still play: the hand, and with two players its face-up cards."""
    face = obs.face_up[obs.player] if obs.face_up else ()
    return tuple(obs.hand) + tuple(face)


def _side(obs: Observation, seat: int) -> frozenset[int]:
    """The seats on ``seat``'s side: partners with four players; with three, the soloist alone against the two
    others (who play together); with two, each alone."""
    if obs.players == 4:
        return frozenset({seat, (seat + 2) % 4})
    if obs.players == 3 and obs.declarer is not None and seat != obs.declarer:
        return frozenset(s for s in range(3) if s != obs.declarer)
    return frozenset({seat})


def _makers(obs: Observation) -> str:
    """What the declarer's side is called: the announcers (four), the soloist (three), the announcer (two)."""
    return {4: "the announcers", 3: "the soloist", 2: "the announcer"}[obs.players]


def _defenders(obs: Observation) -> str:
    return "the opponent" if obs.players == 2 else "the opponents"


def view(obs: Observation) -> TrickView:
    """The seat's view of the trick it plays to."""
    trump = obs.trump
    assert trump is not None
    n = obs.players
    leader = (obs.to_move - len(obs.current)) % n
    own = _own(obs)
    gone = played_cards((t.plays for t in obs.tricks), obs.current) | set(own) | set(obs.laid_away)
    friend = "the partner" if n == 4 else "the other opponent" if n == 3 else ""
    return TrickView(
        suit_of=lambda c: suit_of(c, trump), power=lambda c: power(c, trump), trump=trump,
        suit_cards=lambda s: order(s, trump), points=lambda c: CARD_VALUES.get(c.rank, 0),
        seat=obs.player, order=tuple((leader + i) % n for i in range(n)), current=tuple(obs.current),
        legal=tuple(a.cards[0] for a in obs.legal if a.kind == "play"), hand=own, gone=frozenset(gone),
        friends=_side(obs, obs.player), friend=friend)


def _play(obs: Observation, card: Card) -> tuple[str, str]:
    seen = view(obs)
    if seen.takes(card):
        attacking = obs.declarer in seen.friends
        side = _makers(obs) if attacking else _defenders(obs)
        tricks = [t for t in obs.tricks if t.winner in seen.friends]
        if not tricks and len(obs.tricks) >= 2:
            if attacking:
                whose = side + ("'" if side.endswith("s") else "'s")
                return "first-trick", (f"{card.symbol} makes sure of {whose} first trick: with no trick at all "
                                       f"{side} would concede 16 game points.")
            vol = 16 if obs.trump is Suit.CLUBS else 12
            return "save-vol", (f"{card.symbol} makes sure of a first trick for {side}: {_makers(obs)} can no "
                                f"longer win every trick, the vol worth {vol} game points.")
        maker = _makers(obs)
        one = not maker.endswith("s")  # the soloist, the announcer: one player
        marks: tuple[tuple[int, str], ...]
        if attacking:
            marks = ((90, f"90 or more: {maker} {'scores' if one else 'score'} "
                          f"{8 if obs.trump is Suit.CLUBS else 4} game points"),
                     (61, f"past the 61 {maker} {'needs' if one else 'need'}"))
        else:
            marks = ((90, f"so {maker} {'is' if one else 'are'} held to 30 or fewer"),
                     (60, f"so {maker} can no longer reach 61"), (31, f"so {maker} can no longer reach 90"))
        said = points_idea(seen, card, (t.plays for t in tricks), side, "their tricks", marks)
        if said:
            return "count-points", said
    return card_idea(seen, card)


def _best(obs: Observation) -> tuple[int, str] | None:
    """The highest bid so far and its seat."""
    found = [(parse_bid(text), seat) for seat, text in obs.bids if text != "pass"]
    bids = [(b, s) for b, s in found if b is not None]
    if not bids:
        return None
    bid, seat = max(bids, key=lambda x: x[0])
    return seat, str(bid)


def _bidding(obs: Observation, action: Action) -> tuple[str, str]:
    lengths = trump_lengths(_own(obs))
    longest = lengths.longest
    best = _best(obs)
    if action.kind == "bid":
        bid = action.bid
        assert bid is not None
        over = f", outbidding {best[1]}" if best else ""
        if bid.clubs:
            return "clubs-bonus", (f"Bidding {bid} names clubs{over}: it beats a plain {bid.length}, and with clubs "
                                   "trumps the hand counts more, won or lost (8 game points instead of 4 for 90 card "
                                   "points).")
        which = "its longest suit" if bid.length == longest else "one suit"
        return "bid-length", (f"Bidding {bid} says this player has {counted(bid.length, 'trump')} in {which}, the "
                              f"permanent trumps counted{over}.")
    bids = [a.bid for a in obs.legal if a.kind == "bid" and a.bid is not None]
    if obs.players == 4 and best is not None and best[0] == (obs.player + 2) % 4:
        return "pass", f"Passing leaves the bidding to the partner, whose {best[1]} is the highest bid so far."
    if not bids:
        if longest < MIN_BID:
            return "pass", (f"Passing: no suit would give this player more than {counted(longest, 'trump')}, the "
                            f"permanent trumps counted, and the least bid is {MIN_BID}.")
        assert best is not None
        return "pass", f"Passing: no suit gives this player a bid above {best[1]}, the highest so far."
    return "pass", (f"Passing with {counted(longest, 'trump')} in the longest suit: the announcers must take 61 of the "
                    "120 card points, or the opponents score 4 game points or more.")


def _trump(obs: Observation, action: Action) -> tuple[str, str]:
    suit = action.suit
    assert suit is not None
    lengths = trump_lengths(_own(obs))
    n = lengths.of(suit)
    best = _best(obs)
    if best is not None and best[1].endswith("clubs"):
        return "name-trump", (f"Clubs are trumps, as the bid in clubs requires: this player holds "
                              f"{counted(n, 'trump')} with them, the permanent trumps counted.")
    equal = sum(1 for s in Suit if lengths.of(s) == n)
    most = ("the most of any suit" if equal == 1 else "as many as any suit") if n == lengths.longest else \
        "enough for the bid"
    extra = "; with clubs trumps every score of the hand counts more" if suit is Suit.CLUBS else ""
    return "name-trump", (f"Naming {suit.symbol} {suit.english} as trumps gives this player {counted(n, 'trump')}, "
                          f"the permanent trumps counted, {most}{extra}.")


def _exchange(action: Action) -> tuple[str, str]:
    cards = action.cards
    if not cards:
        return "keep-talon", ("Keeping the hand as dealt: the talon's cards count for the soloist at the end whether "
                              "they are drawn or not.")
    laid = " and ".join(c.symbol for c in cards)
    pts = sum(CARD_VALUES.get(c.rank, 0) for c in cards)
    if pts:
        return "lay-away", (f"Laying away {laid} banks {counted(pts, 'card point')}: cards laid away count for the "
                            "soloist, and as many come from the talon unseen.")
    return "lay-away", (f"Laying away {laid}, worth no card points, swaps "
                        f"{'it' if len(cards) == 1 else 'them'} for unseen cards from the talon, whose points count "
                        "for the soloist either way.")


def idea(obs: Observation, action: Action) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat of ``obs`` (its observation, the seat to move), and its sentence."""
    if action.kind == "play":
        return _play(obs, action.cards[0])
    if action.kind in ("pass", "bid"):
        return _bidding(obs, action)
    if action.kind == "trump":
        return _trump(obs, action)
    if action.kind == "exchange":
        return _exchange(action)
    return None
