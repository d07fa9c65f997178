"""Computer players for Klørsjavs, four-hand Klørsjavs and Auction Klørsjavs.  Each is shown an
:class:`~stytvolt.klorsjavs.hand.Observation` (``state.observation(seat)``: exactly what that seat may
see), never the state, and returns one of its legal actions.

* :class:`RandomBot`: any legal action, uniformly (a baseline and a fuzzer);
* :class:`SimpleBot`: plays as players are first taught: say "play" with enough trumps and aces
  (in the auction, bid as high as the hand's strength allows), swipe the cat laying away the plain
  cards most likely to be lost (their points count for the declarer anyway), fold a hand with no
  trump worth the name, draw trumps while holding the best of them, cash aces, win a trick as cheaply
  as possible when it is worth it, give points to a fellow opponent who is winning, and throw the
  least valuable card when the trick is lost.
"""

from __future__ import annotations

from typing import Iterable

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.players import Bot, RandomBot, legal_actions_of
from stytvolt.klorsjavs.cards import CARD_VALUES, order, power, suit_of
from stytvolt.klorsjavs.hand import Action, Observation
from stytvolt.klorsjavs.rules import Bid, parse_auction_bid, trick_winner

__all__ = ["Bot", "RandomBot", "SimpleBot", "strength"]

#: The strength (see :func:`strength`) from which SimpleBot says "play", by game.
PLAY_FROM = {"klorsjavs": 7.5, "four-hand": 7.5}
#: A declarer whose hand is weaker than this at their turn in the first trick folds.
FOLD_BELOW = 2.5
#: Auction Klørsjavs: the strength each bid needs (a Stryger plays without the cat, so it needs more).
AUCTION_FROM = {Bid.SPIL: 6.0, Bid.STRYGER: 8.5}


def _points(card: Card) -> int:
    return CARD_VALUES.get(card.rank, 0)


def _is_trump(card: Card, trump: Suit | None) -> bool:
    return suit_of(card, trump) is (Suit.CLUBS if trump is None else trump)


def _trump_suit(trump: Suit | None) -> Suit:
    return Suit.CLUBS if trump is None else trump


def strength(cards: Iterable[Card], trump: Suit | None = None) -> float:
    """How strong a hand is for the declarer, in rough trick-taking units: the trumps by their place
    (the top three 3 each, the next three 2, the rest 1.5), each plain ace 1.5, and a plain king with
    another card of its suit 0.5.  ``trump=None``: clubs and the wenzels; a suit: Auction Klørsjavs."""
    held = list(cards)
    suit = _trump_suit(trump)
    ranking = order(suit, trump)
    total = 0.0
    for card in held:
        if _is_trump(card, trump):
            place = ranking.index(card)
            total += 3.0 if place < 3 else 2.0 if place < 6 else 1.5
        elif card.rank is Rank.ACE:
            total += 1.5
        elif card.rank is Rank.KING and sum(1 for c in held if c.suit is card.suit) > 1:
            total += 0.5
    return total


def _partners(obs: Observation) -> set[int]:
    """The seats on this player's side: the declarer is alone; the opponents play together."""
    players = len(obs.returns)
    if obs.declarer is None or obs.player == obs.declarer:
        return {obs.player}
    return {s for s in range(players) if s != obs.declarer}


class SimpleBot:
    """A sensible beginner; see the module docstring.  Deterministic."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the common signature: SimpleBot draws nothing at random

    def choose(self, obs: Observation) -> Action:
        legal = legal_actions_of(obs, Observation)
        if obs.phase == "bidding":
            return self._bid(obs, legal)
        if obs.phase == "trump":
            chosen: Action = max(legal, key=lambda a: (strength(obs.hand, a.suit), a.suit is Suit.CLUBS))
            return chosen
        if obs.phase == "cat":
            return self._cat(obs, legal)
        fold: Action | None = next((a for a in legal if a.kind == "fold"), None)
        if fold is not None and strength(obs.hand) < FOLD_BELOW:
            return fold
        return self._play(obs, [a for a in legal if a.kind == "card"])

    # -- before the play ---------------------------------------------------------------------------

    def _bid(self, obs: Observation, legal: list[Action]) -> Action:
        if obs.variant != "auction":
            strong = strength(obs.hand) >= PLAY_FROM[obs.variant]
            return next(a for a in legal if a.kind == ("play-bid" if strong else "pass"))
        best = max(strength(obs.hand, s) for s in Suit)
        wanted = [b for b, need in AUCTION_FROM.items() if best >= need]
        if any(_sure_tout(obs.hand, s) for s in Suit):
            wanted.append(Bid.STROGET_TOUT)
        bids = [a for a in legal if a.kind == "bid" and a.bid in wanted]
        return max(bids, key=lambda a: a.bid.rank if a.bid is not None else -1) if bids else legal[0]

    def _cat(self, obs: Observation, legal: list[Action]) -> Action:
        trump = obs.trump
        # Lay away the plain cards most likely to be lost, the richest first (their points count for
        # the declarer once laid away); never an ace or a trump while there is another choice.
        loose = sorted((c for c in obs.hand if not _is_trump(c, trump) and c.rank is not Rank.ACE),
                       key=lambda c: (-_points(c), c.index))
        if len(loose) < 2 and any(a.kind == "stroke" for a in legal):
            return next(a for a in legal if a.kind == "stroke")
        rest = sorted((c for c in obs.hand if c not in loose),
                      key=lambda c: (_is_trump(c, trump), power(c, trump), c.index))
        wanted = tuple(sorted((loose + rest)[:2]))
        return next(a for a in legal if a.cards == wanted)

    # -- the play ----------------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        cards = {a.cards[0]: a for a in legal}
        if not obs.current:
            return cards[self._lead(obs, list(cards))]
        return cards[self._follow(obs, list(cards))]

    @staticmethod
    def _tout(obs: Observation) -> bool:
        return obs.bid is not None and parse_auction_bid(obs.bid).is_tout

    def _unseen(self, obs: Observation, suit: Suit) -> list[Card]:
        """The cards of ``suit`` (as it plays) that this player has not seen, highest first."""
        gone = set(obs.current) | {c for _, plays, _ in obs.tricks for c in plays} | set(obs.hand) | set(obs.laid_away)
        return [c for c in order(suit, obs.trump) if c not in gone]

    def _lead(self, obs: Observation, cards: list[Card]) -> Card:
        trump = obs.trump
        tsuit = _trump_suit(trump)
        trumps = sorted((c for c in cards if _is_trump(c, trump)), key=lambda c: -power(c, trump))
        unseen = self._unseen(obs, tsuit)
        declaring = obs.player == obs.declarer
        if trumps and declaring and unseen and power(trumps[0], trump) > power(unseen[0], trump):
            return trumps[0]  # draw the opponents' trumps with the best one
        if self._tout(obs) and declaring:
            return max(cards, key=lambda c: (_is_trump(c, trump), power(c, trump)))
        plain = [c for c in cards if not _is_trump(c, trump)]
        tops = [c for c in plain if self._top(obs, c)]
        if tops:
            return max(tops, key=lambda c: (_points(c), power(c, trump)))  # a sure trick of its suit
        if plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            # The lowest card of the shortest plain suit: soon void, then free to trump.
            return min(plain, key=lambda c: (counts[c.suit], _points(c), power(c, trump)))
        return min(trumps, key=lambda c: power(c, trump))

    def _top(self, obs: Observation, card: Card) -> bool:
        """Whether no unseen card of the card's suit ranks above it."""
        suit = suit_of(card, obs.trump)
        return all(power(c, obs.trump) < power(card, obs.trump) for c in self._unseen(obs, suit))

    def _follow(self, obs: Observation, cards: list[Card]) -> Card:
        trump = obs.trump
        current = list(obs.current)
        players = len(obs.returns)
        leader = (obs.to_move - len(current)) % players
        winning = (leader + trick_winner(current, trump)) % players
        last = len(current) == players - 1
        friends = _partners(obs)
        worth = sum(_points(c) for c in current)

        def wins(card: Card) -> bool:
            return trick_winner(current + [card], trump) == len(current)

        def cheap(card: Card) -> tuple[bool, int, int]:  # how little it costs to give away
            return (_is_trump(card, trump), _points(card), power(card, trump))

        winners = [c for c in cards if wins(c)]
        if self._tout(obs):  # every trick decides a tout: win it if at all possible
            if winners and (obs.player == obs.declarer or winning == obs.declarer):
                return min(winners, key=cheap)
            return min(cards, key=cheap)
        if winning in friends and winning != obs.player:
            if last or self._safe(obs, current):
                # Give points to the partner's trick, but not a trump or an ace that may win later.
                return max(cards, key=lambda c: (not _is_trump(c, trump) and c.rank is not Rank.ACE, _points(c)))
            return min(cards, key=cheap)
        if winners and (last or worth >= 10 or not _is_trump(min(winners, key=cheap), trump)):
            return min(winners, key=lambda c: (_is_trump(c, trump), power(c, trump) - (_points(c) if last else 0)))
        return min(cards, key=cheap)

    def _safe(self, obs: Observation, current: list[Card]) -> bool:
        """Whether the card winning now is the best still unseen in its suit, and no trump can come."""
        best = current[trick_winner(current, obs.trump)]
        tsuit = _trump_suit(obs.trump)
        if not self._top(obs, best):
            return False
        return suit_of(best, obs.trump) is tsuit or not self._unseen(obs, tsuit)


def _sure_tout(hand: Iterable[Card], trump: Suit) -> bool:
    """Whether, with ``trump`` named, the hand takes every trick whatever the others hold: its trumps are
    the highest ones and at least as many as the others hold, and each plain card is its suit's best
    after the ones above it in the hand."""
    held = list(hand)
    ranking = order(trump, trump)
    trumps = {c for c in held if c.suit is trump}
    if trumps != set(ranking[: len(trumps)]):
        return False
    if len(trumps) < len(ranking) - len(trumps):
        return False
    for card in held:
        if card.suit is not trump:
            above = order(card.suit, trump)[: order(card.suit, trump).index(card)]
            if any(c not in held for c in above):
                return False
    return True
