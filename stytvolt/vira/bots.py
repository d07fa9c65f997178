"""Computer players for Vira.  Each is shown an :class:`~stytvolt.vira.hand.Observation`
(``state.observation(seat)``: exactly what that seat may see), never the state, and returns one of
its legal actions.

* :class:`RandomBot`: any legal action, uniformly (a baseline and a fuzzer);
* :class:`SimpleBot`: plays as a beginner is first taught.  It values its hand in tricks for each
  possible trump suit (:func:`estimate`) and counts the cards that would win tricks in a misère
  (:func:`danger`); it bids at once the highest contract the hand can carry (drawing counts for about
  a trick and a half), holds it where it may, and passes when outbid; it names its best suit, lays away its weakest
  cards (for a misère, its most dangerous), keeps what it is dealt as an opponent of a misère,
  surrenders a trump contract it now values two or more tricks short (never a solo), and plays: a soloist draws trumps while holding the best of them and cashes winners, an opponent wins as
  cheaply as possible unless the other opponent already wins, and in a misère the soloist plays the
  highest card that still loses the trick.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.players import Bot, RandomBot, legal_actions_of
from stytvolt.vira.contracts import ALL_BIDS, Bid, Kind, contract
from stytvolt.vira.hand import Action, Observation
from stytvolt.vira.play import trick_winner

__all__ = ["Bot", "RandomBot", "SimpleBot", "estimate", "danger", "best_suit"]


def estimate(cards: Iterable[Card], trump: Suit) -> float:
    """Rough tricks the hand takes with ``trump`` as trumps: the trumps by their honours and length
    (ace 1, king 0.8 with another trump, queen 0.5 with two more, every trump past the third 0.9), each
    plain ace 1, a plain king guarded by another card of its suit 0.6."""
    held = list(cards)
    total = 0.0
    for suit in Suit:
        mine = sorted((c for c in held if c.suit is suit), key=lambda c: -c.rank)
        ranks = [c.rank for c in mine]
        if suit is trump:
            total += 1.0 if Rank.ACE in ranks else 0.0
            total += 0.8 if Rank.KING in ranks and len(ranks) >= 2 else 0.0
            total += 0.5 if Rank.QUEEN in ranks and len(ranks) >= 3 else 0.0
            total += 0.9 * max(0, len(ranks) - 3)
        else:
            total += 1.0 if Rank.ACE in ranks else 0.0
            total += 0.6 if Rank.KING in ranks and len(ranks) >= 2 else 0.0
    return min(13.0, total)


def best_suit(cards: Iterable[Card], suits: Iterable[Suit] = tuple(Suit)) -> Suit:
    """The suit among ``suits`` with the highest :func:`estimate` (ties: the longer, then the first)."""
    held = list(cards)
    return max(suits, key=lambda s: (estimate(held, s), sum(1 for c in held if c.suit is s), -int(s)))


def _unsafe(cards: Sequence[Card]) -> list[Card]:
    """The cards of a hand that might win a trick without trumps, by Parlett's safe low combinations (a 2,
    a 3-4, a 4-5-6 …): in a suit of n cards, held lowest first, the card in place i is safe up to rank
    n + 1 + i."""
    out: list[Card] = []
    for suit in Suit:
        mine = sorted(c for c in cards if c.suit is suit)
        for i, card in enumerate(mine):
            if card.rank > len(mine) + 1 + i:
                out.append(card)
    return out


def danger(cards: Iterable[Card]) -> int:
    """How many cards of the hand would likely win a trick in a misère (see :func:`_unsafe`)."""
    return len(_unsafe(list(cards)))


def _value(card: Card, trump: Suit | None) -> float:
    """How much a card is worth keeping for a trump contract (higher: keep)."""
    if trump is not None and card.suit is trump:
        return 20 + card.rank
    return card.rank + (6 if card.rank is Rank.ACE else 2 if card.rank is Rank.KING else 0)


def _wins(trick: Sequence[Card], card: Card, trump: Suit | None) -> bool:
    return trick_winner([*trick, card], trump) == len(trick)


class SimpleBot:
    """A sensible beginner; see the module docstring.  Deterministic."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the common signature: SimpleBot draws nothing at random

    def choose(self, obs: Observation) -> Action:
        legal: list[Action] = legal_actions_of(obs, Observation)
        kinds = {a.kind for a in legal}
        if kinds & {"bid", "pass", "hold"}:
            return self._bid(obs, legal)
        if "card" in kinds:
            return self._play(obs, legal)
        if kinds & {"trump", "misere"}:
            return self._trump(obs, legal)
        if kinds & {"play", "surrender", "retry"}:
            return self._decide(obs, legal)
        return self._discard(obs, legal)

    # -- the auction -----------------------------------------------------------------------------------------

    def _willing(self, obs: Observation) -> list[Bid]:
        """The bids this hand can carry, lowest first."""
        hand = obs.hand
        trump = best_suit(hand)
        tricks = estimate(hand, trump)
        unsafe = danger(hand)
        rank = {obs.preference: 2, obs.colour: 1}.get(trump, 0)
        out: list[Bid] = []
        for bid in ALL_BIDS:
            item = bid.contract
            if bid.suit_class.rank > rank:
                continue
            if item.kind is Kind.DRAW and item.tricks is not None and tricks + 1.5 >= item.tricks:
                out.append(bid)
            elif item.kind is Kind.SOLO and item.tricks is not None and tricks >= item.tricks + 0.5:
                out.append(bid)
            elif item.kind is Kind.MISERE and unsafe <= item.count <= unsafe + 1 and unsafe <= 2:
                out.append(bid)
            elif item.kind is Kind.SOLO_MISERE and item.misere is not None and not item.misere.open and \
                    unsafe <= item.count:
                out.append(bid)
        return out

    def _bid(self, obs: Observation, legal: list[Action]) -> Action:
        """Bid the highest contract the hand can carry at once; hold it when it is the bid to hold; else pass
        (eldest, who may not pass, opens with the lowest bid)."""
        willing = self._willing(obs)
        if willing:
            target = willing[-1]
            offered = {a.bid: a for a in legal if a.kind == "bid"}
            if target in offered:
                return offered[target]
            holds = [a for a in legal if a.kind == "hold"]
            if holds and str(target) == obs.high:
                return holds[0]
        passing = [a for a in legal if a.kind == "pass"]
        return passing[0] if passing else next(a for a in legal if a.kind == "bid")

    # -- the procedure -----------------------------------------------------------------------------------------

    def _misere(self, obs: Observation) -> bool:
        return obs.contract is not None and (obs.misere or contract(obs.contract).always_misere)

    def _trump(self, obs: Observation, legal: list[Action]) -> Action:
        suits = [a.suit for a in legal if a.kind == "trump" and a.suit is not None]
        choice = best_suit(obs.hand, suits) if suits else None
        misere = [a for a in legal if a.kind == "misere"]
        if misere and obs.contract is not None:
            item = contract(obs.contract)
            if choice is None or (estimate(obs.hand, choice) < (item.tricks or 13) - 1 and danger(obs.hand) <= 2):
                return misere[0]
        return next(a for a in legal if a.kind == "trump" and a.suit is choice)

    def _decide(self, obs: Observation, legal: list[Action]) -> Action:
        """Play on, or surrender a trump contract (not a solo) the hand now values two or more tricks short.

        Playing it out would most likely cost a kodille, a surrender only a single loss; a surrendered solo
        pays double, as much as the kodille it saves, so a solo is always played.  A second try is never
        bought: it pays the first try as lost and at best wins a few points for the risk of double the loss.
        """
        play = next(a for a in legal if a.kind == "play")
        if obs.contract is None or obs.trump is None or obs.misere:
            return play
        item = contract(obs.contract)
        if item.is_solo or item.tricks is None or estimate(obs.hand, obs.trump) + 2 > item.tricks:
            return play
        return next((a for a in legal if a.kind == "surrender"), play)

    def _discard(self, obs: Observation, legal: list[Action]) -> Action:
        cards = [a.card for a in legal if a.kind == "discard" and a.card is not None]
        finish = [a for a in legal if a.kind in ("draw", "keep")]
        mine = obs.player == obs.soloist
        if not cards:
            return finish[0]
        if not mine:
            if not finish:
                return next(a for a in legal if a.card == self._lowest(cards, obs.trump))
            if self._misere(obs):
                return finish[0]
            weak = [c for c in cards if c.rank <= Rank.SIX and c.suit is not obs.trump]
            if weak and obs.step_discards < 3:
                return next(a for a in legal if a.card == min(weak, key=lambda c: c.rank))
            return finish[0]
        if self._misere(obs) or (obs.contract is not None and contract(obs.contract).kind is Kind.CUCKOO):
            unsafe = _unsafe(obs.hand)
            pick = max(unsafe or cards, key=lambda c: (c.rank, -sum(1 for d in obs.hand if d.suit is c.suit)))
            if finish and not unsafe and obs.step_discards >= 1:
                return finish[0]
            return next(a for a in legal if a.card == pick)
        trump = obs.trump if obs.trump is not None else best_suit(obs.hand)
        if finish and obs.step_discards >= 1:
            losers = [c for c in cards if _value(c, trump) < 12]
            if not losers:
                return finish[0]
        return next(a for a in legal if a.card == self._lowest(cards, trump))

    def _lowest(self, cards: Sequence[Card], trump: Suit | None) -> Card:
        return min(cards, key=lambda c: (_value(c, trump), int(c.suit)))

    # -- the play -----------------------------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        trick = list(obs.current)
        trump = obs.trump
        pick: Card
        if self._misere(obs):
            pick = self._play_misere(obs, cards, trick)
        elif obs.player == obs.soloist:
            pick = self._play_soloist(obs, cards, trick, trump)
        else:
            pick = self._play_opponent(obs, cards, trick, trump)
        return next(a for a in legal if a.card == pick)

    def _played(self, obs: Observation) -> set[Card]:
        seen = set(obs.current)
        for _, plays, _ in obs.tricks:
            seen.update(plays)
        return seen

    def _play_misere(self, obs: Observation, cards: list[Card], trick: list[Card]) -> Card:
        if obs.player == obs.soloist:
            if not trick:
                return min(cards, key=lambda c: c.rank)
            losing = [c for c in cards if not _wins(trick, c, None)]
            return max(losing, key=lambda c: c.rank) if losing else max(cards, key=lambda c: c.rank)
        return min(cards, key=lambda c: c.rank)

    def _play_soloist(self, obs: Observation, cards: list[Card], trick: list[Card], trump: Suit | None) -> Card:
        if trick:
            winning = [c for c in cards if _wins(trick, c, trump)]
            if winning:
                return min(winning, key=lambda c: _value(c, trump))
            return self._lowest(cards, trump)
        gone = self._played(obs) | set(obs.hand)
        if trump is not None:
            trumps = sorted((c for c in cards if c.suit is trump), key=lambda c: -c.rank)
            unseen = [r for r in Rank if Card(trump, r) not in gone]
            if trumps and unseen and all(Card(trump, r) in gone for r in Rank if r > trumps[0].rank):
                return trumps[0]  # draw trumps while holding the best of them
        for card in sorted(cards, key=lambda c: -c.rank):
            if all(Card(card.suit, r) in gone for r in Rank if r > card.rank):
                return card
        return self._lowest(cards, trump)

    def _play_opponent(self, obs: Observation, cards: list[Card], trick: list[Card], trump: Suit | None) -> Card:
        if trick and obs.leader is not None:
            seats = list(obs.active)
            start = seats.index(obs.leader)
            order = [seats[(start + i) % 3] for i in range(3)]
            winner = order[trick_winner(trick, trump)]
            soloist_played = obs.soloist in order[: len(trick)]
            if winner != obs.soloist and soloist_played:
                return self._lowest(cards, trump)
            winning = [c for c in cards if _wins(trick, c, trump)]
            if winning:
                return min(winning, key=lambda c: _value(c, trump))
            return self._lowest(cards, trump)
        aces = [c for c in cards if c.rank is Rank.ACE and c.suit is not trump]
        return aces[0] if aces else self._lowest(cards, trump)
