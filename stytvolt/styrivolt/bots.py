"""Computer players for a hand of Stýrivolt.

A bot is shown an :class:`~stytvolt.styrivolt.observation.Observation`, exactly
what its seat may see (``state.observation(seat)``), never the state, and
returns one of the observation's legal actions:

* :class:`RandomBot` picks uniformly among them (a baseline, and a fuzzer);
* :class:`SimpleBot` plays the way a beginner is taught to: lead a lamb or a
  card that is hard to beat, throw rubbish on a partner's winning card,
  otherwise win as cheaply as possible, take the stock with a weak hand,
  fetch a stikkar with a trader, and claim a keeping-in rather than risk it.

Both are deterministic given their seed (and the states they are shown), and
never return an action the state does not list as legal.

A card's *worth* (how reluctant a player is to part with it) comes from the
ranking: stikkar and taking cards by their level (bird 15 … unfortunate 5), the
powerless cards by how hard they are to beat when led (a lamb cannot be
beaten, a free card falls only to a stikkar, …).  A trader is worth the card
it would fetch.
"""

from __future__ import annotations

import random
from typing import Sequence

from stytvolt.core.cards import Card, Rank
from stytvolt.core.players import Bot, RandomBot, legal_actions_of
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.choosing import choose_suits
from stytvolt.styrivolt.hand import Phase
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.pack import TRICKS
from stytvolt.styrivolt.ranking import UNBEATABLE, Ranking, Role, defence_of
from stytvolt.styrivolt.tricks import winner_index

__all__ = ["Bot", "RandomBot", "SimpleBot", "card_worth"]

# Levels (see ranking.Role.level): the weakest taking card, and the first stikkar.
_OLUKKA = Role.OLUKKA.level
_STIKKAR = Role.KARNIFL.level


def card_worth(ranking: Ranking, card: Card, promoted: bool = False) -> float:
    """How much a card is worth keeping: higher is better.

    Stikkar and taking cards count ten per level (unfortunate 50 … bird 150).  A
    led lamb cannot be beaten, so a lamb counts between a karnifl and a
    stýrivolt (95).  The other powerless cards count by the level needed to
    beat them when led (free card 45, unchosen ace 40, king 35, queen 30,
    lower cards 25), the rank breaking ties.
    """
    role = ranking.role(card, promoted)
    if role.level:
        return role.level * 10.0
    defence = defence_of(role, card.rank)
    if defence >= UNBEATABLE:
        return 95.0
    return defence * 5.0 + card.rank / 100.0


class SimpleBot:
    """A fast, beginner's heuristic player.  See the module docstring."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        #: Why the last action was chosen, in words naming no seat.
        self.reason = ""

    # -- the one entry point ---------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        legal = _legal(obs)
        phase = Phase(obs.phase)
        self.reason = "It is the first thing this player may do."
        if phase is Phase.PLAY:
            action = self._play_phase(obs, legal)
        elif phase is Phase.EXPOSE:
            action = self._expose(obs, legal)
        elif phase is Phase.CLAIM:
            # A king for a permanent stikkar is always a good exchange.
            action = next((a for a in legal if a.kind is Kind.TRADE), legal[0])
            self.reason = "A king for a permanent stikkar is always a good exchange."
        elif phase is Phase.LAST_CHANCE:
            action = self._last_chance(obs, legal)
        elif phase is Phase.WITH:
            # The taker keeps the better of the exposed pair (the stikkar, not the lamb).
            action = max(legal, key=lambda a: card_worth(_ranking(obs), a.card))
            self.reason = "The taker keeps the better card of the exposed pair."
        elif phase is Phase.STOCK_DECISION:
            action = self._stock_decision(obs, legal)
        elif phase is Phase.PLAY_ON:
            action = self._play_on(obs, legal)
        else:
            action = legal[0]
        # Belt and braces: never hand back something the rules would refuse.
        return action if action in legal else legal[0]

    # -- the phases ----------------------------------------------------------------

    def _expose(self, obs: Observation, legal: list[Action]) -> Action:
        """The dealer's free choice: expose the card the priority list names first."""
        offered = {a.card for a in legal}
        self.reason = "The dealer exposes the card the priority list names first."
        if obs.turned:
            for exposure in choose_suits(obs.turned).exposures:
                if {*exposure.cards, *exposure.alternatives} == offered:
                    default = Action(Kind.EXPOSE, (exposure.cards[0],))
                    if default in legal:
                        return default
        return legal[0]

    def _last_chance(self, obs: Observation, legal: list[Action]) -> Action:
        """Trade for an exposed stikkar before the stock (or the king) carries it away; otherwise pass."""
        ranking = _ranking(obs)
        best = [a for a in legal if a.kind is Kind.TRADE and ranking.role(a.cards[1]).is_stikkar]
        if best:
            self.reason = "A trader fetches an exposed stikkar before the stock carries it away."
            return max(best, key=lambda a: card_worth(ranking, a.cards[1]))
        self.reason = "Nothing worth fetching: pass."
        return next((a for a in legal if a.kind is Kind.PASS), legal[0])

    def _stock_decision(self, obs: Observation, legal: list[Action]) -> Action:
        """Keep the stock, unless the original hand is better and may be taken back.

        Keeping both sets is never worse than either (more cards to choose
        from), so a bot allowed to do that does.
        """
        kinds = {a.kind: a for a in legal}
        if Kind.KEEP_BOTH in kinds:
            self.reason = "Keeping both hands is never worse than either: more cards to choose from."
            return kinds[Kind.KEEP_BOTH]
        mine = [t for t in obs.takes if t.player == obs.player and t.original is not None]
        if Kind.GO_BACK in kinds and mine:
            ranking = _ranking(obs)
            original = mine[-1].original
            assert original is not None
            if _strength(ranking, original) > _strength(ranking, obs.hand):
                self.reason = "The original hand is stronger than the stock's cards: go back to it."
                return kinds[Kind.GO_BACK]
        self.reason = "The stock's cards are at least as strong as the original hand: keep them."
        return kinds.get(Kind.KEEP, legal[0])

    def _play_on(self, obs: Observation, legal: list[Action]) -> Action:
        """Stop and score the keeping-in, unless this hand surely takes every trick left."""
        kinds = {a.kind: a for a in legal}
        left = TRICKS - len(obs.tricks)
        if Kind.PLAY_ON in kinds and _sure_winners(obs) >= left:
            self.reason = "This hand surely takes every trick left, so it plays on for all nine."
            return kinds[Kind.PLAY_ON]
        self.reason = "A keeping-in in the chalk is worth more than the risk of playing on."
        return kinds.get(Kind.STOP, legal[0])

    def _play_phase(self, obs: Observation, legal: list[Action]) -> Action:
        ranking = _ranking(obs)
        plays = [a for a in legal if a.kind is Kind.PLAY]
        trades = [a for a in legal if a.kind is Kind.TRADE]
        # 1. Fetch an exposed stikkar with a trader (or ♥K for the bird) as soon as possible.
        stikkar_trades = [a for a in trades if ranking.role(a.cards[1]).is_stikkar]
        if stikkar_trades:
            self.reason = "A trader fetches an exposed stikkar as soon as it can."
            return max(stikkar_trades, key=lambda a: card_worth(ranking, a.cards[1]))
        leading = not obs.current
        # 2. Fetch an exposed lamb when it can be led now (not to the first trick).
        if leading and obs.tricks:
            lamb_trades = [a for a in trades if ranking.role(a.cards[1]) is Role.LAMB]
            if lamb_trades:
                self.reason = "A trader fetches the exposed lamb, which can be led at once and cannot be beaten."
                return lamb_trades[0]
        # 3. Take the stock with a weak hand (nothing better than an unfortunate).
        take = next((a for a in legal if a.kind is Kind.TAKE_STOCK), None)
        if take is not None and obs.right_to_stock and self._weak(obs):
            self.reason = "A weak hand (nothing above an unfortunate) takes the stock, hoping for better."
            return take
        if not plays:
            # Only trades are left (a trader facing a lamb and a stikkar): take the better card.
            self.reason = "Only trades are left, so the trader fetches the better card."
            return max(trades, key=lambda a: card_worth(ranking, a.cards[1]))
        if leading:
            return self._lead(obs, plays)
        return self._follow(obs, plays)

    # -- playing a card ------------------------------------------------------------

    def _lead(self, obs: Observation, plays: list[Action]) -> Action:
        ranking = _ranking(obs)
        info = [(a, *obs.played_as(a.card)) for a in plays]
        # A lamb (never to the first trick: the rules do not offer it then) wins for sure.
        lambs = [a for a, card, promoted in info if ranking.role(card, promoted) is Role.LAMB]
        if lambs:
            self.reason = "A led lamb cannot be beaten."
            return lambs[0]
        # The best stikkar still out, if it is ours, wins for sure too.
        top = _highest_unseen_stikkar(obs)
        sure = [
            (a, card, promoted) for a, card, promoted in info
            if ranking.role(card, promoted).level >= _STIKKAR and ranking.role(card, promoted).level > top
        ]
        if sure:
            self.reason = "The best stikkar still out is in this hand, so it wins for sure."
            return min(sure, key=lambda x: card_worth(ranking, x[1], x[2]))[0]
        # A free card or an unchosen ace is the usual, hard-to-beat lead.
        good = [
            (a, card, promoted) for a, card, promoted in info
            if ranking.role(card, promoted).level == 0
            and (ranking.role(card, promoted) is Role.FREE_CARD or (ranking.role(card, promoted) is Role.PLAIN and card.rank is Rank.ACE))
        ]
        if good:
            self.reason = "A free card or an unchosen ace is hard to beat when led."
            return max(good, key=lambda x: card_worth(ranking, x[1], x[2]))[0]
        self.reason = "Nothing sure to lead, so it leads its least useful card."
        return self._cheapest(ranking, info)

    def _follow(self, obs: Observation, plays: list[Action]) -> Action:
        ranking = _ranking(obs)
        info = [(a, *obs.played_as(a.card)) for a in plays]
        best = winner_index(ranking, obs.current, obs.current_promoted)
        if (obs.leader + best) % 2 == obs.player % 2:
            self.reason = "The partner is winning the trick, so it throws its least useful card."
            return self._cheapest(ranking, info)
        winning = [
            (a, card, promoted) for a, card, promoted in info
            if winner_index(ranking, (*obs.current, card), (*obs.current_promoted, promoted)) == len(obs.current)
        ]
        if winning:
            self.reason = "It wins the trick as cheaply as it can."
            return self._cheapest(ranking, winning)
        self.reason = "It cannot win the trick, so it throws its least useful card."
        return self._cheapest(ranking, info)

    def _cheapest(self, ranking: Ranking, info: Sequence[tuple[Action, Card, bool]]) -> Action:
        low = min(card_worth(ranking, card, promoted) for _, card, promoted in info)
        ties = [a for a, card, promoted in info if card_worth(ranking, card, promoted) == low]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    @staticmethod
    def _weak(obs: Observation) -> bool:
        """No taking card above an unfortunate (counting what a trader would fetch)."""
        ranking = _ranking(obs)
        return all(ranking.role(*obs.played_as(card)).level <= _OLUKKA for card in obs.hand)


# -- helpers ---------------------------------------------------------------------------


def _legal(obs: Observation) -> list[Action]:
    return legal_actions_of(obs, Observation)


def _ranking(obs: Observation) -> Ranking:
    ranking = obs.ranking
    assert ranking is not None  # a seat with something to do knows the chosen suits
    return ranking


def _strength(ranking: Ranking, cards: Sequence[Card]) -> float:
    """A hand's strength: the worth of its stikkar and taking cards, then of its best leads."""
    worths = sorted((card_worth(ranking, c) for c in cards), reverse=True)
    return sum(worths[:TRICKS])


def _highest_unseen_stikkar(obs: Observation) -> int:
    """The level of the best stikkar that is neither in this hand nor played nor on the table.

    Exposed cards count as still out: a trader's holder may fetch them.
    """
    ranking = _ranking(obs)
    gone: set[Card] = set(obs.hand) | set(obs.current) | set(obs.table)
    for trick in obs.tricks:
        gone.update(trick.cards)
    return max((ranking.levels[c.index] for c in ranking.stikkar if c not in gone), default=0)


def _sure_winners(obs: Observation) -> int:
    """How many of the tricks left this player wins for sure, leading from the top.

    Lambs always win when led; stikkar win while every stikkar still out is
    lower.  Four of a kind in another hand could upset this, but a beginner
    does not count on it.
    """
    ranking = _ranking(obs)
    roles = [ranking.role(*obs.played_as(c)) for c in obs.hand]
    lambs = sum(1 for r in roles if r is Role.LAMB)
    mine = sorted((r.level for r in roles if r.level >= _STIKKAR), reverse=True)
    top = _highest_unseen_stikkar(obs)
    sure = 0
    for level in mine:
        if level > top:
            sure += 1
        else:
            break
    return lambs + sure
