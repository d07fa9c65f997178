"""Computer players for a hand of Stýrivolt.

A bot looks at a :class:`~stytvolt.styrivolt.hand.HandState` and returns one
of its :meth:`~stytvolt.styrivolt.hand.HandState.legal_actions`:

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
from typing import Protocol, Sequence

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.hand import HandState, Phase
from stytvolt.styrivolt.ranking import UNBEATABLE, Ranking, Role, defence_of
from stytvolt.styrivolt.tricks import winner_index

__all__ = ["Bot", "RandomBot", "SimpleBot", "card_worth"]

# Levels (see ranking.Role.level): the weakest taking card, and the first stikkar.
_OLUKKA = Role.OLUKKA.level
_STIKKAR = Role.KARNIFL.level
_TRICKS = 9


class Bot(Protocol):
    """Anything that can choose an action for the player to move."""

    def choose(self, state: HandState) -> Action:
        """One of ``state.legal_actions()`` for ``state.to_move``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: HandState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the hand is over: there is no action to choose")
        return self.rng.choice(legal)


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

    # -- the one entry point ---------------------------------------------------

    def choose(self, state: HandState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the hand is over: there is no action to choose")
        phase = state.phase
        if phase is Phase.PLAY:
            action = self._play_phase(state, legal)
        elif phase is Phase.EXPOSE:
            action = self._expose(state, legal)
        elif phase is Phase.CLAIM:
            # A king for a permanent stikkar is always a good exchange.
            action = next((a for a in legal if a.kind is Kind.TRADE), legal[0])
        elif phase is Phase.LAST_CHANCE:
            action = self._last_chance(state, legal)
        elif phase is Phase.WITH:
            # The taker keeps the better of the exposed pair (the stikkar, not the lamb).
            action = max(legal, key=lambda a: card_worth(state.ranking, a.card))
        elif phase is Phase.STOCK_DECISION:
            action = self._stock_decision(state, legal)
        elif phase is Phase.PLAY_ON:
            action = self._play_on(state, legal)
        else:
            action = legal[0]
        # Belt and braces: never hand back something the state would refuse.
        return action if action in legal else legal[0]

    # -- the phases ----------------------------------------------------------------

    def _expose(self, state: HandState, legal: list[Action]) -> Action:
        """The dealer's free choice: expose the card the priority list names first."""
        offered = {a.card for a in legal}
        for exposure in state.choice.exposures:
            if {*exposure.cards, *exposure.alternatives} == offered:
                default = Action(Kind.EXPOSE, (exposure.cards[0],))
                if default in legal:
                    return default
        return legal[0]

    def _last_chance(self, state: HandState, legal: list[Action]) -> Action:
        """Trade for an exposed stikkar before the stock carries it away; otherwise pass."""
        ranking = state.ranking
        best = [a for a in legal if a.kind is Kind.TRADE and ranking.role(a.cards[1]).is_stikkar]
        if best:
            return max(best, key=lambda a: card_worth(ranking, a.cards[1]))
        return next((a for a in legal if a.kind is Kind.PASS), legal[0])

    def _stock_decision(self, state: HandState, legal: list[Action]) -> Action:
        """Keep the stock, unless the original hand is better and may be taken back.

        Keeping both sets is never worse than either (more cards to choose
        from), so a bot allowed to do that does.
        """
        kinds = {a.kind: a for a in legal}
        if Kind.KEEP_BOTH in kinds:
            return kinds[Kind.KEEP_BOTH]
        p = state.to_move
        if Kind.GO_BACK in kinds and state.takes:
            take = state.takes[-1]
            ranking = state.ranking
            if _strength(ranking, take.original) > _strength(ranking, state.hands[p]):
                return kinds[Kind.GO_BACK]
        return kinds.get(Kind.KEEP, legal[0])

    def _play_on(self, state: HandState, legal: list[Action]) -> Action:
        """Stop and score the keeping-in, unless this hand surely takes every trick left."""
        kinds = {a.kind: a for a in legal}
        p = state.to_move
        left = _TRICKS - len(state.tricks)
        if Kind.PLAY_ON in kinds and _sure_winners(state, p) >= left:
            return kinds[Kind.PLAY_ON]
        return kinds.get(Kind.STOP, legal[0])

    def _play_phase(self, state: HandState, legal: list[Action]) -> Action:
        p = state.to_move
        ranking = state.ranking
        plays = [a for a in legal if a.kind is Kind.PLAY]
        trades = [a for a in legal if a.kind is Kind.TRADE]
        # 1. Fetch an exposed stikkar with a trader (or ♥K for the bird) as soon as possible.
        stikkar_trades = [a for a in trades if ranking.role(a.cards[1]).is_stikkar]
        if stikkar_trades:
            return max(stikkar_trades, key=lambda a: card_worth(ranking, a.cards[1]))
        leading = not state.current
        # 2. Fetch an exposed lamb when it can be led now (not to the first trick).
        if leading and state.tricks:
            lamb_trades = [a for a in trades if ranking.role(a.cards[1]) is Role.LAMB]
            if lamb_trades:
                return lamb_trades[0]
        # 3. Take the stock with a weak hand (nothing better than an unfortunate).
        take = next((a for a in legal if a.kind is Kind.TAKE_STOCK), None)
        if take is not None and state.has_right_to_stock(p) and self._weak(state, p):
            return take
        if not plays:
            # Only trades are left (a trader facing a lamb and a stikkar): take the better card.
            return max(trades, key=lambda a: card_worth(ranking, a.cards[1]))
        if leading:
            return self._lead(state, p, plays)
        return self._follow(state, p, plays)

    # -- playing a card ------------------------------------------------------------

    def _lead(self, state: HandState, p: int, plays: list[Action]) -> Action:
        ranking = state.ranking
        info = [(a, *self._effective(state, p, a.card)) for a in plays]
        # A lamb (never to the first trick: the state does not offer it then) wins for sure.
        lambs = [a for a, card, promoted in info if ranking.role(card, promoted) is Role.LAMB]
        if lambs:
            return lambs[0]
        # The best stikkar still out, if it is ours, wins for sure too.
        top = _highest_unseen_stikkar(state, p)
        sure = [
            (a, card, promoted) for a, card, promoted in info
            if ranking.role(card, promoted).level >= _STIKKAR and ranking.role(card, promoted).level > top
        ]
        if sure:
            return min(sure, key=lambda x: card_worth(ranking, x[1], x[2]))[0]
        # A free card or an unchosen ace is the usual, hard-to-beat lead.
        good = [
            (a, card, promoted) for a, card, promoted in info
            if ranking.role(card, promoted).level == 0
            and (ranking.role(card, promoted) is Role.FREE_CARD or (ranking.role(card, promoted) is Role.PLAIN and card.rank is Rank.ACE))
        ]
        if good:
            return max(good, key=lambda x: card_worth(ranking, x[1], x[2]))[0]
        return self._cheapest(ranking, info)

    def _follow(self, state: HandState, p: int, plays: list[Action]) -> Action:
        ranking = state.ranking
        info = [(a, *self._effective(state, p, a.card)) for a in plays]
        best = winner_index(ranking, state.current, state.current_promoted)
        if (state.leader + best) % 2 == p % 2:
            return self._cheapest(ranking, info)  # partner is winning: throw rubbish
        winning = []
        for a, card, promoted in info:
            cards = [*state.current, card]
            flags = [*state.current_promoted, promoted]
            if winner_index(ranking, cards, flags) == len(state.current):
                winning.append((a, card, promoted))
        if winning:
            return self._cheapest(ranking, winning)
        return self._cheapest(ranking, info)

    def _cheapest(self, ranking: Ranking, info: Sequence[tuple[Action, Card, bool]]) -> Action:
        low = min(card_worth(ranking, card, promoted) for _, card, promoted in info)
        ties = [a for a, card, promoted in info if card_worth(ranking, card, promoted) == low]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    @staticmethod
    def _effective(state: HandState, p: int, card: Card) -> tuple[Card, bool]:
        """The card that would reach the trick (a trader fetches its exposed card), and whether it is promoted."""
        ranking = state.ranking
        if card.rank is Rank.FIVE and ranking.roles[card.index] is Role.TRADER:
            fetch = state.exposed.get(card.suit) or []
            if len(fetch) == 1:
                card = fetch[0]
        return card, _promoted(state, p, card)

    @staticmethod
    def _weak(state: HandState, p: int) -> bool:
        """No taking card above an unfortunate (counting what a trader would fetch)."""
        ranking = state.ranking
        for card in state.hands[p]:
            effective, promoted = SimpleBot._effective(state, p, card)
            if ranking.role(effective, promoted).level > _OLUKKA:
                return False
        return True


# -- helpers ---------------------------------------------------------------------------


def _promoted(state: HandState, p: int, card: Card) -> bool:
    """Four of a kind in this player's hand (or already declared)."""
    if card.rank is Rank.FIVE or state.ranking.promoted_role(card.rank) is None:
        return False
    if card.rank in state.declared[p]:
        return True
    held = sum(1 for c in state.hands[p] if c.rank is card.rank)
    if card not in state.hands[p]:
        held += 1  # a card a trader is about to fetch joins the hand before it is played
    return held == 4


def _strength(ranking: Ranking, cards: Sequence[Card]) -> float:
    """A hand's strength: the worth of its stikkar and taking cards, then of its best leads."""
    worths = sorted((card_worth(ranking, c) for c in cards), reverse=True)
    return sum(worths[:_TRICKS])


def _highest_unseen_stikkar(state: HandState, p: int) -> int:
    """The level of the best stikkar that is neither in this hand nor played nor on the table.

    Exposed cards count as still out: a trader's holder may fetch them.
    """
    ranking = state.ranking
    gone: set[Card] = set(state.hands[p])
    for trick in state.tricks:
        gone.update(trick.cards)
    gone.update(state.current)
    gone.update(state.table)
    return max((ranking.levels[c.index] for c in _stikkar_of(ranking) if c not in gone), default=0)


_STIKKAR_CACHE: dict[frozenset[Suit], tuple[Card, ...]] = {}


def _stikkar_of(ranking: Ranking) -> tuple[Card, ...]:
    """The nine stikkar of this ranking: the five permanent ones, the chosen aces and jacks."""
    found = _STIKKAR_CACHE.get(ranking.chosen)
    if found is None:
        found = tuple(c for c in STYRIVOLT_PACK if ranking.levels[c.index] >= _STIKKAR)
        _STIKKAR_CACHE[ranking.chosen] = found
    return found


def _sure_winners(state: HandState, p: int) -> int:
    """How many of the tricks left this player wins for sure, leading from the top.

    Lambs always win when led; stikkar win while every stikkar still out is
    lower.  Four of a kind in another hand could upset this, but a beginner
    does not count on it.
    """
    ranking = state.ranking
    hand = state.hands[p]
    lambs = sum(1 for c in hand if ranking.role(c, _promoted(state, p, c)) is Role.LAMB)
    mine = sorted(
        (ranking.role(c, _promoted(state, p, c)).level for c in hand if ranking.role(c, _promoted(state, p, c)).level >= _STIKKAR),
        reverse=True,
    )
    top = _highest_unseen_stikkar(state, p)
    sure = 0
    for level in mine:
        if level > top:
            sure += 1
        else:
            break
    return lambs + sure
