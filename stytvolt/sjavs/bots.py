"""Computer players for Sjavs.  Each is shown an :class:`~stytvolt.sjavs.hand.Observation`
(``state.observation(seat)``: exactly what that seat may see), never the state, and returns one
of its legal actions.

* :class:`RandomBot`: any legal action, uniformly (a baseline and a fuzzer);
* :class:`SimpleBot`: plays as players are first taught: bid a long trump suit, draw trumps
  while holding the best of them, cash aces, win a trick as cheaply as possible when it is
  worth it, give points to a partner who is winning, and throw the least valuable card when
  the trick is lost.
"""

from __future__ import annotations

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.players import Bot, RandomBot, legal_actions_of
from stytvolt.sjavs.cards import CARD_VALUES, order, power, suit_of
from stytvolt.sjavs.hand import Action, Observation
from stytvolt.sjavs.play import explain_trick

__all__ = ["Bot", "RandomBot", "SimpleBot"]

#: The shortest trump suit SimpleBot bids, by the number of players (two see twelve cards).
BID_FROM = {4: 5, 3: 6, 2: 8}


def _points(card: Card) -> int:
    return CARD_VALUES.get(card.rank, 0)


def _partners(obs: Observation) -> set[int]:
    """The seats on this player's side (itself included)."""
    if obs.players == 4:
        return {obs.player, (obs.player + 2) % 4}
    return {obs.player}


class SimpleBot:
    """A sensible beginner; see the module docstring.  Deterministic."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the common signature: SimpleBot draws nothing at random

    def choose(self, obs: Observation) -> Action:
        legal = legal_actions_of(obs, Observation)
        if obs.phase == "bidding":
            bids = [a.bid for a in legal if a.bid is not None and a.bid.length >= BID_FROM[obs.players]]
            return Action("bid", bid=max(bids)) if bids else legal[0]
        if obs.phase == "trump":
            return self._trump(obs, legal)
        if obs.phase == "exchange":
            return self._exchange(obs, legal)
        return self._play(obs, legal)

    # -- before the play ----------------------------------------------------------------------

    def _trump(self, obs: Observation, legal: list[Action]) -> Action:
        mine = self._cards(obs)

        def strength(action: Action) -> tuple[int, int, bool]:
            suit = action.suit
            assert suit is not None
            trumps = [c for c in mine if suit_of(c, suit) is suit]
            return len(trumps), sum(power(c, suit) for c in trumps), suit is Suit.CLUBS

        return max(legal, key=strength)

    def _exchange(self, obs: Observation, legal: list[Action]) -> Action:
        trump = obs.trump
        assert trump is not None
        # Lay away kings and tens outside trumps (they count for the soloist once laid away, and
        # would likely fall to an ace in play), most valuable first; at most two.
        loose = sorted(
            (c for c in obs.hand if suit_of(c, trump) is not trump and c.rank in (Rank.KING, Rank.TEN)),
            key=lambda c: (-_points(c), c.index),
        )[:2]
        wanted = tuple(sorted(loose))
        return next((a for a in legal if a.cards == wanted), legal[0])

    # -- the play ----------------------------------------------------------------------------

    @staticmethod
    def _cards(obs: Observation) -> list[Card]:
        cards = list(obs.hand)
        if obs.face_up:
            cards += obs.face_up[obs.player]
        return cards

    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        trump = obs.trump
        assert trump is not None
        cards = {a.cards[0]: a for a in legal}
        if not obs.current:
            return cards[self._lead(obs, list(cards), trump)]
        return cards[self._follow(obs, list(cards), trump)]

    def _unseen_trumps(self, obs: Observation, trump: Suit) -> list[Card]:
        gone = set(obs.current) | {c for t in obs.tricks for c in t.plays} | set(self._cards(obs))
        for row in obs.face_up:
            gone.update(row)
        return [c for c in order(trump, trump) if c not in gone]

    def _lead(self, obs: Observation, cards: list[Card], trump: Suit) -> Card:
        trumps = sorted((c for c in cards if suit_of(c, trump) is trump), key=lambda c: -power(c, trump))
        announcer = obs.declarer is not None and obs.declarer in _partners(obs)
        unseen = self._unseen_trumps(obs, trump)
        if trumps and announcer and unseen and power(trumps[0], trump) > power(unseen[0], trump):
            return trumps[0]  # draw the opponents' trumps with the best one
        aces = [c for c in cards if suit_of(c, trump) is not trump and c.rank is Rank.ACE]
        if aces:
            return aces[0]
        plain = [c for c in cards if suit_of(c, trump) is not trump]
        if plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            # The lowest card of the shortest plain suit: soon void, then free to trump.
            return min(plain, key=lambda c: (counts[c.suit], _points(c), power(c, trump)))
        return min(trumps, key=lambda c: power(c, trump))

    def _follow(self, obs: Observation, cards: list[Card], trump: Suit) -> Card:
        current = list(obs.current)
        leader = (obs.to_move - len(current)) % obs.players
        winning = (leader + explain_trick(current, trump).winner) % obs.players
        last = len(current) == obs.players - 1
        friends = _partners(obs)
        worth = sum(_points(c) for c in current)

        def wins(card: Card) -> bool:
            return explain_trick(current + [card], trump).winner == len(current)

        def cheap(card: Card) -> tuple[int, int, int]:  # how little it costs to give away
            return (suit_of(card, trump) is trump, _points(card), power(card, trump))

        if winning in friends and winning != obs.player:
            if last or self._holds(obs, current, trump):
                # Give points to the partner's trick, but not a trump or an ace that may win later.
                return max(cards, key=lambda c: (suit_of(c, trump) is not trump and c.rank is not Rank.ACE, _points(c)))
            return min(cards, key=cheap)
        winners = [c for c in cards if wins(c)]
        if winners and (last or worth >= 10 or suit_of(min(winners, key=cheap), trump) is not trump):
            return min(winners, key=lambda c: (suit_of(c, trump) is trump, power(c, trump) - (_points(c) if last else 0)))
        return min(cards, key=cheap)

    def _holds(self, obs: Observation, current: list[Card], trump: Suit) -> bool:
        """Whether the card winning now is the best still out in its suit (so the trick is safe)."""
        best = current[explain_trick(current, trump).winner]
        suit = suit_of(best, trump)
        unseen = self._unseen_trumps(obs, trump) if suit is trump else [
            c for c in order(suit, trump)
            if c not in self._cards(obs) and c not in current and all(c not in t.plays for t in obs.tricks)
        ]
        higher = [c for c in unseen if power(c, trump) > power(best, trump)]
        return not higher and (suit is trump or not self._unseen_trumps(obs, trump))
