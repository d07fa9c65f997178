"""The coach's ideas of Klørsjavs (three hands, four hands and the auction), in the game's own words.

:func:`idea` reads one seat's observation and the action it takes (never the
hidden cards) and gives the idea's key (one of :data:`IDEAS`, which the
tactics page lists) and a sentence true from what that seat sees.  The card
play is read by the shared :mod:`stytvolt.analysis.trickideas`; the ideas of
Klørsjavs alone are here: saying play, the auction's bids, swiping or
stroking the cat, folding, counting to 61 (58 with four), beating a tout.

``returns()`` counts øre in Klørsjavs and four-hand Klørsjavs, and game
points in the auction (its tariff): :func:`units` says which for a hand or a
seat's observation, and the coach asks it.
"""

from __future__ import annotations

from stytvolt.analysis.coach import Idea
from stytvolt.analysis.trickideas import TrickView, card_idea, played_cards, points_idea
from stytvolt.core.cards import Card, Suit
from stytvolt.core.words import counted
from stytvolt.klorsjavs.cards import CARD_VALUES, FOUR_HAND_PACK, TRUMPS, order, power, suit_of
from stytvolt.klorsjavs.hand import Action, Observation
from stytvolt.klorsjavs.rules import FOLD_COST, FOUR_HAND_TOTAL, TOTAL, Bid, parse_auction_bid, trump_suit

__all__ = ["UNIT", "UNIT_PLURAL", "IDEAS", "idea", "units"]

#: What ``returns()`` counts in Klørsjavs and four-hand Klørsjavs: øre (the auction's tariff counts game points).
UNIT = "øre"
UNIT_PLURAL = "øre"


def units(where: object) -> tuple[str, str | None]:
    """What ``returns()`` counts in this hand (a state or a seat's observation): game points in the auction, else
    øre."""
    if getattr(where, "variant", None) == "auction":
        return "game point", None
    return UNIT, UNIT_PLURAL

IDEAS: tuple[Idea, ...] = (
    Idea("say-play", "Saying play",
         "Holding ♣Q ♠J ♣A ♣5 and ♥A, say play: four of the nine trumps, and the cat counts for you."),
    Idea("pass", "Passing",
         "Holding one small trump and no ace, pass: a declarer held to 60 card points subtracts 8 øre."),
    Idea("auction-bid", "Bidding in the auction",
         "With five hearts headed by ♥A ♥K, bid stryger: 61 card points without the cat pays four times a spil."),
    Idea("name-trump", "Naming the trumps (auction)",
         "After winning the auction with ♥A ♥K ♥J ♥5, name hearts: the longest suit makes the most trumps."),
    Idea("swipe", "Swiping the cat",
         "Lay away ♦K and ♦5 and take the cat: their 14 card points count for the declarer, safe from harm."),
    Idea("stroke", "Stroking the cat",
         "A hand already strong keeps its cards: the cat's two cards count for the declarer at the end anyway."),
    Idea("fold", "Folding",
         "A declarer who finds the hand too weak folds before the first trick and pays only 8 øre."),
    Idea("draw-trumps", "Drawing trumps",
         "The declarer leads ♣Q, then ♠Q: every opponent must follow with a trump while one is left."),
    Idea("cash", "Cashing a sure trick",
         "♥A is the highest heart still out and no trump is left: lead it and the trick is won."),
    Idea("short-suit", "Leading from a short suit",
         "Lead the single ♠5: once out of spades, the declarer can trump a spade lead."),
    Idea("lead-low", "Leading low",
         "With ♥A still out, lead ♥Q rather than ♥K: if the trick is lost, little is lost with it."),
    Idea("play-high", "Playing a high card",
         "♦K with only ♦A higher still out: it wins the trick unless ♦A or a trump comes down on it."),
    Idea("smear", "Smearing points onto a fellow opponent's trick",
         "The other opponent's ♣Q wins the trick: throw ♦5 onto it, 10 card points the declarer will not get."),
    Idea("partner-low", "Leaving the trick to a fellow opponent",
         "The other opponent's ♥A is winning and the declarer still plays after: follow with ♥Q, not ♥5."),
    Idea("overtake", "Overtaking a fellow opponent",
         "The other opponent's ♥K is winning, but you take over with ♥A to lead the next trick yourself."),
    Idea("win-cheap", "Winning as cheaply as possible",
         "♠A and ♠K both beat ♠5 as last to play: take it with ♠K and keep ♠A."),
    Idea("win-sure", "Making sure of the trick",
         "Second to play, take the trick with ♣Q: no card still out can beat it."),
    Idea("bank-points", "Taking points home",
         "Last to play on a heart trick that ♥K would win too, win with ♥A: its 11 card points come home."),
    Idea("ruff", "Trumping",
         "Out of diamonds, put ♣5 on ♦A: any trump beats every diamond, and ♦A's 11 card points come with it."),
    Idea("overruff", "Overtrumping",
         "The declarer trumped with ♣5: you have no heart either, so overtrump with ♣K."),
    Idea("duck", "Ducking",
         "Second to play, let ♥K go by with ♥5 and keep ♥A for later."),
    Idea("not-worth", "Not wasting a trump",
         "The trick holds only ♦Q and ♥Q: throw a plain card rather than a trump."),
    Idea("discard", "Discarding a loser",
         "Out of spades and unable to win, throw ♦Q, the cheapest card held."),
    Idea("keep-guard", "Keeping a guard",
         "Holding ♥K ♥Q with ♥A still out, discard from another suit and keep ♥Q to play under ♥A."),
    Idea("cannot-win", "Giving up a lost trick cheaply",
         "Nothing held beats the declarer's ♥A: follow with ♥Q (3 card points) rather than ♥5 (10)."),
    Idea("count-points", "Counting to 61",
         "The declarer's tricks hold 50 card points: one more trick with ♥A in it takes them past 60."),
    Idea("first-trick", "Taking a trick from the declarer",
         "One trick for the opponents beats a tout, and stops the declarer taking all 120 card points."),
)


def _players(obs: Observation) -> int:
    return len(obs.returns)


def _side(obs: Observation) -> frozenset[int]:
    """This seat's side: the declarer alone; the opponents play together."""
    n = _players(obs)
    if obs.declarer is None or obs.player == obs.declarer:
        return frozenset({obs.player})
    return frozenset(s for s in range(n) if s != obs.declarer)


def view(obs: Observation) -> TrickView:
    """The seat's view of the trick it plays to."""
    trump = obs.trump
    n = _players(obs)
    leader = (obs.to_move - len(obs.current)) % n
    gone = played_cards((plays for _, plays, _ in obs.tricks), obs.current) | set(obs.hand) | set(obs.laid_away)
    four = obs.variant == "four-hand"
    friend = "a fellow opponent" if n == 4 else "the other opponent"
    return TrickView(
        suit_of=lambda c: suit_of(c, trump), power=lambda c: power(c, trump), trump=trump_suit(trump),
        suit_cards=lambda s: tuple(c for c in order(s, trump) if not four or c in FOUR_HAND_PACK),
        points=lambda c: CARD_VALUES.get(c.rank, 0), seat=obs.player,
        order=tuple((leader + i) % n for i in range(n)), current=tuple(obs.current),
        legal=tuple(a.cards[0] for a in obs.legal if a.kind == "card"), hand=tuple(obs.hand), gone=frozenset(gone),
        friends=_side(obs), friend=friend)


def _marks(obs: Observation, attacking: bool, total: int) -> tuple[tuple[int, str], ...]:
    """What a side's card points passing a mark means: the declarer's rows, and what the opponents hold them to."""
    four = obs.variant == "four-hand"
    low, high = (58, 86) if four else (61, 91)
    auction = obs.variant == "auction"
    if attacking:
        top = "a bigger tariff" if auction else "each opponent subtracts 8 øre"
        win = "the declarer wins the hand"
        return ((high, f"{high} or more: {top}"), (low, f"enough: {win}"))
    lose = "the declarer pays each opponent" if auction else "the declarer will subtract 8 øre"
    return ((total - low + 1, f"so the declarer can no longer reach {low}: {lose}"),
            (total - high + 1, f"so the declarer can no longer reach {high}"))


def _play(obs: Observation, card: Card) -> tuple[str, str]:
    seen = view(obs)
    if seen.takes(card):
        attacking = obs.declarer in seen.friends
        side = "the declarer" if attacking else "the opponents"
        tricks = [plays for _, plays, winner in obs.tricks if winner in seen.friends]
        tout = obs.bid is not None and parse_auction_bid(obs.bid).is_tout
        if not tricks and not attacking and (tout or len(obs.tricks) >= 2):
            said = "the declarer's tout is beaten" if tout else \
                "the declarer can no longer take every card point"
            return "first-trick", f"{card.symbol} makes sure of a trick for the opponents: {said}."
        total = FOUR_HAND_TOTAL if obs.variant == "four-hand" else TOTAL
        whose = "the declarer's tricks" if attacking else "their tricks"
        said = "" if tout else points_idea(seen, card, tricks, side, whose, _marks(obs, attacking, total))
        if said:
            return "count-points", said
    return card_idea(seen, card)


def _trumps_held(obs: Observation, trump: Suit | None) -> int:
    return sum(1 for c in obs.hand if suit_of(c, trump) is trump_suit(trump))


def _longest(obs: Observation) -> tuple[int, Suit]:
    counts = {s: sum(1 for c in obs.hand if c.suit is s) for s in Suit}
    best = max(Suit, key=lambda s: (counts[s], -int(s)))
    return counts[best], best


def _bidding(obs: Observation, action: Action) -> tuple[str, str]:
    four = obs.variant == "four-hand"
    need = "more than half the 114 card points (58 or more)" if four else "more than 60 of the 120 card points"
    if obs.variant != "auction":
        n = _trumps_held(obs, None)
        top = sum(1 for c in TRUMPS[:3] if c in obs.hand)
        heads = f", {top} of the three highest among them" if top else ""
        if action.kind == "play-bid":
            return "say-play", (f"Saying play makes this player the declarer with {n} of the nine trumps{heads}: it "
                                f"needs {need}, and the cat's two cards count for it.")
        return "pass", (f"Passing with {n} of the nine trumps{heads}: a declarer needs {need}, or subtracts 8 øre.")
    length, suit = _longest(obs)
    if action.kind == "pass":
        bids = [t for _, t in obs.bids if t != "pass"]
        if bids:
            return "pass", f"Passing: the bidding already stands at {bids[-1].removeprefix('bid ')}."
        return "pass", (f"Passing with {length} cards in the longest suit: a spil needs more than 60 card points with "
                        "trumps of the declarer's choice.")
    bid = action.bid
    assert bid is not None
    what = {Bid.SPIL: "more than 60 card points, exchanging with the cat",
            Bid.STRYGER: "more than 60 card points without the cat, for four times a spil's stakes",
            Bid.TOUT: "every trick, exchanging with the cat, for 10 from each opponent",
            Bid.STROGET_TOUT: "every trick without the cat, for 15 from each opponent"}[bid]
    return "auction-bid", (f"Bidding {bid} undertakes {what}; this player's longest suit holds "
                           f"{counted(length, 'card')}.")


def _trump(obs: Observation, action: Action) -> tuple[str, str]:
    suit = action.suit
    assert suit is not None
    n = sum(1 for c in obs.hand if c.suit is suit)
    length, _ = _longest(obs)
    most = ", its longest suit" if n == length else ""
    return "name-trump", (f"Naming {suit.symbol} {suit.english} as trumps: this player holds "
                          f"{counted(n, suit.singular)}{most}.")


def _cat(obs: Observation, action: Action) -> tuple[str, str]:
    if action.kind == "stroke":
        return "stroke", ("Stroking the cat keeps the hand as dealt: the cat's two cards count for the declarer at the "
                          "end, whatever they are.")
    laid = " and ".join(c.symbol for c in action.cards)
    pts = sum(CARD_VALUES.get(c.rank, 0) for c in action.cards)
    return "swipe", (f"Swiping the cat lays away {laid} and takes the cat's two cards: cards laid away count for the "
                     f"declarer, so their {counted(pts, 'card point')} are banked.")


def idea(obs: Observation, action: Action) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat of ``obs`` (its observation, the seat to move), and its sentence."""
    if action.kind == "card":
        return _play(obs, action.cards[0])
    if action.kind in ("pass", "play-bid", "bid"):
        return _bidding(obs, action)
    if action.kind == "trump":
        return _trump(obs, action)
    if action.kind in ("swipe", "stroke"):
        return _cat(obs, action)
    if action.kind == "fold":
        return "fold", (f"Folding before the first trick costs {FOLD_COST} øre, what a hand lost on card points "
                        "would cost anyway, and no more.")
    return None
