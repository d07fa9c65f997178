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
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.players import Bot, Choice, RandomBot, ThumbBot, legal_actions_of
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


def _said(action: Action, code: str, template: str, obs: Observation, **args: object) -> Choice:
    """The action with the rule of thumb that chose it, naming the seat as ``{seat}`` (and its card as ``{card}``)."""
    named = (action.card,) if action.card is not None else ()
    extra = {"card": action.card.symbol} if action.card is not None else {}
    return Choice(action, Reason.of(f"simple.{code}", template, named, seat=Seat(obs.player), **extra, **args))


def _tricks_said(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class SimpleBot(ThumbBot):
    """A sensible beginner at Vira; see the module docstring.  Deterministic.  :meth:`decide` says which rule of thumb
    chose the action."""

    def decide(self, obs: Observation) -> Choice:
        """The action, with the rule of thumb that chose it (its words name the card it plays or lays away, and
        reckon its hand in tricks, naming no other card of it)."""
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

    def _bid(self, obs: Observation, legal: list[Action]) -> Choice:
        """Bid the highest contract the hand can carry at once; hold it when it is the bid to hold; else pass
        (eldest, who may not pass, opens with the lowest bid)."""
        willing = self._willing(obs)
        if willing:
            target = willing[-1]
            offered = {a.bid: a for a in legal if a.kind == "bid"}
            if target in offered:
                return _said(offered[target], "bid", "{seat} bids at once {bid}, the highest contract it reckons its "
                             "hand can carry.", obs, bid=str(target))
            holds = [a for a in legal if a.kind == "hold"]
            if holds and str(target) == obs.high:
                return _said(holds[0], "hold", "{bid} is the highest contract {seat} reckons its hand can carry, and "
                             "it may hold it, so it holds.", obs, bid=str(target))
        passing = [a for a in legal if a.kind == "pass"]
        if passing:
            why = ("the bids have gone past the highest contract it reckons its hand can carry" if willing else
                   "its hand carries no contract it may bid")
            return _said(passing[0], "pass", "{seat} passes: " + why + ".", obs)
        return _said(next(a for a in legal if a.kind == "bid"), "open", "{seat} may not pass, so it opens with "
                     "the lowest bid.", obs)

    # -- the procedure -----------------------------------------------------------------------------------------

    def _misere(self, obs: Observation) -> bool:
        return obs.contract is not None and (obs.misere or contract(obs.contract).always_misere)

    def _trump(self, obs: Observation, legal: list[Action]) -> Choice:
        suits = [a.suit for a in legal if a.kind == "trump" and a.suit is not None]
        choice = best_suit(obs.hand, suits) if suits else None
        misere = [a for a in legal if a.kind == "misere"]
        if misere and obs.contract is not None:
            item = contract(obs.contract)
            if choice is None or (estimate(obs.hand, choice) < (item.tricks or 13) - 1 and danger(obs.hand) <= 2):
                return _said(misere[0], "misere", "{seat}'s hand would fall short of the tricks in trumps, and holds "
                             "few cards that would win a trick without them, so it plays a misère.", obs)
        assert choice is not None
        return _said(next(a for a in legal if a.kind == "trump" and a.suit is choice), "trump",
                     "{seat} names {suit} as trumps: of the suits it may name, the one it reckons most tricks in "
                     "(about {tricks}).", obs, suit=f"{choice.symbol} {choice.english}",
                     tricks=_tricks_said(estimate(obs.hand, choice)))

    def _decide(self, obs: Observation, legal: list[Action]) -> Choice:
        """Play on, or surrender a trump contract (not a solo) the hand now values two or more tricks short.

        Playing it out would most likely cost a kodille, a surrender only a single loss; a surrendered solo
        pays double, as much as the kodille it saves, so a solo is always played.  A second try is never
        bought: it pays the first try as lost and at best wins a few points for the risk of double the loss.
        """
        play = next(a for a in legal if a.kind == "play")
        if obs.contract is None or obs.trump is None or obs.misere:
            return _said(play, "play-on", "{seat} plays the contract out.", obs)
        item = contract(obs.contract)
        if item.is_solo:
            return _said(play, "play-solo", "A surrendered solo pays double, as much as the kodille it would save, so "
                         "{seat} plays it out.", obs)
        if item.tricks is None or estimate(obs.hand, obs.trump) + 2 > item.tricks:
            return _said(play, "play-on", "{seat} reckons its hand within two tricks of the contract, so it plays "
                         "it out.", obs)
        surrender = next((a for a in legal if a.kind == "surrender"), None)
        if surrender is None:
            return _said(play, "play-on", "{seat} may not surrender now, so it plays the contract out.", obs)
        return _said(surrender, "surrender", "{seat} now reckons its hand two or more tricks short of the contract: "
                     "playing it out would most likely cost a kodille, a surrender only a single loss.", obs)

    def _discard(self, obs: Observation, legal: list[Action]) -> Choice:
        cards = [a.card for a in legal if a.kind == "discard" and a.card is not None]
        finish = [a for a in legal if a.kind in ("draw", "keep")]
        mine = obs.player == obs.soloist
        weakest = "{seat} lays away {card}, its weakest card."
        if not cards:
            return _said(finish[0], "finish", "{seat} has nothing more it may lay away.", obs)
        if not mine:
            if not finish:
                return _said(next(a for a in legal if a.card == self._lowest(cards, obs.trump)), "lay-weakest",
                             weakest, obs)
            if self._misere(obs):
                return _said(finish[0], "keep-misere", "Against a misère {seat} keeps the cards it was dealt.", obs)
            weak = [c for c in cards if c.rank <= Rank.SIX and c.suit is not obs.trump]
            if weak and obs.step_discards < 3:
                return _said(next(a for a in legal if a.card == min(weak, key=lambda c: c.rank)), "lay-weak",
                             "{seat} lays away {card}, its lowest card of six or under outside trumps, hoping for a "
                             "better one.", obs)
            return _said(finish[0], "finish", "{seat} holds no low card outside trumps it wants to change (or has "
                         "changed three), so it stops laying away.", obs)
        if self._misere(obs) or (obs.contract is not None and contract(obs.contract).kind is Kind.CUCKOO):
            unsafe = _unsafe(obs.hand)
            pick = max(unsafe or cards, key=lambda c: (c.rank, -sum(1 for d in obs.hand if d.suit is c.suit)))
            if finish and not unsafe and obs.step_discards >= 1:
                return _said(finish[0], "finish", "{seat} holds no card left that would likely win a trick, so it "
                             "stops laying away.", obs)
            if unsafe:
                return _said(next(a for a in legal if a.card == pick), "lay-unsafe", "{seat} lays away {card}, the "
                             "highest of its cards that would likely win a trick it must lose.", obs)
            return _said(next(a for a in legal if a.card == pick), "lay-high", "{seat} lays away {card}, its "
                         "highest card, the likeliest to win a trick it must lose.", obs)
        trump = obs.trump if obs.trump is not None else best_suit(obs.hand)
        if finish and obs.step_discards >= 1:
            losers = [c for c in cards if _value(c, trump) < 12]
            if not losers:
                return _said(finish[0], "finish", "{seat} holds no weak card left to change, so it stops laying "
                             "away.", obs)
        return _said(next(a for a in legal if a.card == self._lowest(cards, trump)), "lay-weakest", weakest, obs)

    def _lowest(self, cards: Sequence[Card], trump: Suit | None) -> Card:
        return min(cards, key=lambda c: (_value(c, trump), int(c.suit)))

    # -- the play -----------------------------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: list[Action]) -> Choice:
        cards = [a.card for a in legal if a.card is not None]
        trick = list(obs.current)
        trump = obs.trump
        if self._misere(obs):
            pick, code, template = self._play_misere(obs, cards, trick)
        elif obs.player == obs.soloist:
            pick, code, template = self._play_soloist(obs, cards, trick, trump)
        else:
            pick, code, template = self._play_opponent(obs, cards, trick, trump)
        return _said(next(a for a in legal if a.card == pick), code, template, obs)

    def _played(self, obs: Observation) -> set[Card]:
        seen = set(obs.current)
        for _, plays, _ in obs.tricks:
            seen.update(plays)
        return seen

    def _play_misere(self, obs: Observation, cards: list[Card], trick: list[Card]) -> tuple[Card, str, str]:
        if obs.player == obs.soloist:
            if not trick:
                return (min(cards, key=lambda c: c.rank), "misere-lead",
                        "Playing a misère, {seat} leads {card}, its lowest card.")
            losing = [c for c in cards if not _wins(trick, c, None)]
            if losing:
                return (max(losing, key=lambda c: c.rank), "misere-lose",
                        "Playing a misère, {seat} plays {card}, the highest card it holds that still loses the trick.")
            return (max(cards, key=lambda c: c.rank), "misere-must-win",
                    "Playing a misère, {seat} must win this trick whatever it plays, so it wins it with its highest "
                    "card, {card}.")
        return (min(cards, key=lambda c: c.rank), "misere-defend",
                "Against a misère {seat} plays {card}, its lowest card, to leave the soloist the trick.")

    def _play_soloist(self, obs: Observation, cards: list[Card], trick: list[Card],
                      trump: Suit | None) -> tuple[Card, str, str]:
        if trick:
            winning = [c for c in cards if _wins(trick, c, trump)]
            if winning:
                return (min(winning, key=lambda c: _value(c, trump)), "win",
                        "{seat} takes the trick with {card}, the cheapest card that wins it.")
            return self._lowest(cards, trump), "cannot-win", "{seat} cannot win the trick, so it plays its weakest card, {card}."
        gone = self._played(obs) | set(obs.hand)
        if trump is not None:
            trumps = sorted((c for c in cards if c.suit is trump), key=lambda c: -c.rank)
            unseen = [r for r in Rank if Card(trump, r) not in gone]
            if trumps and unseen and all(Card(trump, r) in gone for r in Rank if r > trumps[0].rank):
                # draw trumps while holding the best of them
                return (trumps[0], "draw-trumps", "{card} is the best trump still out, so {seat} leads it to draw "
                        "the opponents' trumps.")
        for card in sorted(cards, key=lambda c: -c.rank):
            if all(Card(card.suit, r) in gone for r in Rank if r > card.rank):
                return card, "cash", "{card} is the best card still out in its suit, so {seat} leads it to cash a trick."
        return (self._lowest(cards, trump), "lead-weakest",
                "{seat} holds no card sure to win a trick, so it leads its weakest, {card}.")

    def _play_opponent(self, obs: Observation, cards: list[Card], trick: list[Card],
                       trump: Suit | None) -> tuple[Card, str, str]:
        if trick and obs.leader is not None:
            seats = list(obs.active)
            start = seats.index(obs.leader)
            order = [seats[(start + i) % 3] for i in range(3)]
            winner = order[trick_winner(trick, trump)]
            soloist_played = obs.soloist in order[: len(trick)]
            if winner != obs.soloist and soloist_played:
                return (self._lowest(cards, trump), "partner-wins", "The other opponent already wins the trick and "
                        "the soloist has played, so {seat} plays its weakest card, {card}.")
            winning = [c for c in cards if _wins(trick, c, trump)]
            if winning:
                return (min(winning, key=lambda c: _value(c, trump)), "win",
                        "{seat} takes the trick with {card}, the cheapest card that wins it.")
            return self._lowest(cards, trump), "cannot-win", "{seat} cannot win the trick, so it plays its weakest card, {card}."
        aces = [c for c in cards if c.rank is Rank.ACE and c.suit is not trump]
        if aces:
            return aces[0], "cash-ace", "{seat} leads {card}, an ace outside trumps, to take its trick while it can."
        return self._lowest(cards, trump), "lead-weakest", "{seat} leads its weakest card, {card}."
