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
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.tricks import partner_winning_play
from stytvolt.core.players import Bot, Choice, RandomBot, ThumbBot, legal_actions_of
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


def _said(action: Action, code: str, template: str, obs: Observation, named: Iterable[Card] = (),
          **args: object) -> Choice:
    """The action with the rule of thumb that chose it, naming the seat as ``{seat}`` (``named``: the cards the
    sentence names)."""
    return Choice(action, Reason.of(f"simple.{code}", template, tuple(named), seat=Seat(obs.player), **args))


def _strength_said(value: float) -> str:
    return f"{value:g}"


class SimpleBot(ThumbBot):
    """A sensible beginner at Klørsjavs; see the module docstring.  Deterministic.  :meth:`decide` says which rule of thumb
    chose the action."""

    def decide(self, obs: Observation) -> Choice:
        """The action, with the rule of thumb that chose it (its words name the cards the seat plays, lays away
        or sees on the table, and no other card of its hand)."""
        legal = legal_actions_of(obs, Observation)
        if obs.phase == "bidding":
            return self._bid(obs, legal)
        if obs.phase == "trump":
            chosen: Action = max(legal, key=lambda a: (strength(obs.hand, a.suit), a.suit is Suit.CLUBS))
            assert chosen.suit is not None
            return _said(chosen, "trump", "{seat} names {suit} as trumps: the suit its hand is strongest in.", obs,
                         suit=f"{chosen.suit.symbol} {chosen.suit.english}")
        if obs.phase == "cat":
            return self._cat(obs, legal)
        fold: Action | None = next((a for a in legal if a.kind == "fold"), None)
        if fold is not None and strength(obs.hand) < FOLD_BELOW:
            return _said(fold, "fold", "{seat}'s hand reckons {value} in trumps and aces, below the {least} it wants "
                         "to play on, so it folds and pays as if it had lost.", obs,
                         value=_strength_said(strength(obs.hand)), least=_strength_said(FOLD_BELOW))
        return self._play(obs, [a for a in legal if a.kind == "card"])

    # -- before the play ---------------------------------------------------------------------------

    def _bid(self, obs: Observation, legal: list[Action]) -> Choice:
        if obs.variant != "auction":
            need = PLAY_FROM[obs.variant]
            strong = strength(obs.hand) >= need
            chosen = next(a for a in legal if a.kind == ("play-bid" if strong else "pass"))
            value = _strength_said(strength(obs.hand))
            if strong:
                return _said(chosen, "play", "{seat}'s hand reckons {value} in trumps and aces, at least the {need} it "
                             "wants to take on the others, so it says Play.", obs, value=value,
                             need=_strength_said(need))
            return _said(chosen, "pass", "{seat}'s hand reckons {value} in trumps and aces, short of the {need} it "
                         "wants to take on the others, so it passes.", obs, value=value, need=_strength_said(need))
        best = max(strength(obs.hand, s) for s in Suit)
        wanted = [b for b, need in AUCTION_FROM.items() if best >= need]
        if any(_sure_tout(obs.hand, s) for s in Suit):
            wanted.append(Bid.STROGET_TOUT)
        bids = [a for a in legal if a.kind == "bid" and a.bid in wanted]
        if bids:
            chosen = max(bids, key=lambda a: a.bid.rank if a.bid is not None else -1)
            bid = chosen.bid
            assert bid is not None
            if bid is Bid.STROGET_TOUT:
                return _said(chosen, "bid-tout", "{seat}'s hand takes every trick whatever the others hold, so it "
                             "bids {bid}.", obs, bid=str(bid))
            return _said(chosen, "bid", "{seat} bids {bid}, the highest bid its hand is strong enough for (it reckons "
                         "{value} in trumps and aces in its best suit; {bid} wants {need}).", obs, bid=str(bid),
                         value=_strength_said(best), need=_strength_said(AUCTION_FROM[bid]))
        return _said(legal[0], "pass", "{seat}'s hand is not strong enough for a bid higher than the bids so far, "
                     "so it passes.", obs)

    def _cat(self, obs: Observation, legal: list[Action]) -> Choice:
        trump = obs.trump
        # Lay away the plain cards most likely to be lost, the richest first (their points count for
        # the declarer once laid away); never an ace or a trump while there is another choice.
        loose = sorted((c for c in obs.hand if not _is_trump(c, trump) and c.rank is not Rank.ACE),
                       key=lambda c: (-_points(c), c.index))
        if len(loose) < 2 and any(a.kind == "stroke" for a in legal):
            return _said(next(a for a in legal if a.kind == "stroke"), "stroke", "{seat} holds fewer than two plain "
                         "cards it can spare (no ace, no trump), so it strokes the cat and plays without it.", obs)
        rest = sorted((c for c in obs.hand if c not in loose),
                      key=lambda c: (_is_trump(c, trump), power(c, trump), c.index))
        wanted = tuple(sorted((loose + rest)[:2]))
        chosen = next(a for a in legal if a.cards == wanted)
        return _said(chosen, "swipe", "{seat} swipes the cat and lays away {laid}: plain cards likely to be lost, the "
                     "richest first, as their points count for the declarer once laid away.", obs, wanted,
                     laid=" and ".join(c.symbol for c in wanted))

    # -- the play ----------------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: list[Action]) -> Choice:
        cards = {a.cards[0]: a for a in legal}
        if not obs.current:
            card, code, template, args = self._lead(obs, list(cards))
        else:
            card, code, template, args = self._follow(obs, list(cards))
        return _said(cards[card], code, template, obs, (card,), card=card.symbol, **args)

    @staticmethod
    def _tout(obs: Observation) -> bool:
        return obs.bid is not None and parse_auction_bid(obs.bid).is_tout

    def _unseen(self, obs: Observation, suit: Suit) -> list[Card]:
        """The cards of ``suit`` (as it plays) that this player has not seen, highest first."""
        gone = set(obs.current) | {c for _, plays, _ in obs.tricks for c in plays} | set(obs.hand) | set(obs.laid_away)
        return [c for c in order(suit, obs.trump) if c not in gone]

    def _lead(self, obs: Observation, cards: list[Card]) -> tuple[Card, str, str, dict[str, object]]:
        """The card to lead, with the rule of thumb (code, sentence, its arguments) that chose it."""
        trump = obs.trump
        tsuit = _trump_suit(trump)
        trumps = sorted((c for c in cards if _is_trump(c, trump)), key=lambda c: -power(c, trump))
        unseen = self._unseen(obs, tsuit)
        declaring = obs.player == obs.declarer
        if trumps and declaring and unseen and power(trumps[0], trump) > power(unseen[0], trump):
            # draw the opponents' trumps with the best one
            return trumps[0], "draw-trumps", ("{seat} declared, and {card} is higher than every trump still out, so "
                                              "{seat} leads it to draw the opponents' trumps."), {}
        if self._tout(obs) and declaring:
            return (max(cards, key=lambda c: (_is_trump(c, trump), power(c, trump))), "tout-lead",
                    "{seat} plays a tout and must take every trick, so it leads its strongest card, {card}.", {})
        plain = [c for c in cards if not _is_trump(c, trump)]
        tops = [c for c in plain if self._top(obs, c)]
        if tops:
            return (max(tops, key=lambda c: (_points(c), power(c, trump))), "top",
                    "{card} is the best card still out in its suit, a sure trick unless it is trumped: {seat} leads "
                    "it, the richest such card it holds.", {})
        if plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            # The lowest card of the shortest plain suit: soon void, then free to trump.
            card = min(plain, key=lambda c: (counts[c.suit], _points(c), power(c, trump)))
            return card, "short-suit", ("{seat} leads {card}, the lowest card of its shortest suit outside trumps: "
                                        "soon void there, it will be free to trump it."), {}
        return (min(trumps, key=lambda c: power(c, trump)), "only-trumps",
                "{seat} holds nothing but trumps, so it leads its lowest, {card}.", {})

    def _top(self, obs: Observation, card: Card) -> bool:
        """Whether no unseen card of the card's suit ranks above it."""
        suit = suit_of(card, obs.trump)
        return all(power(c, obs.trump) < power(card, obs.trump) for c in self._unseen(obs, suit))

    def _follow(self, obs: Observation, cards: list[Card]) -> tuple[Card, str, str, dict[str, object]]:
        """The card to play to a trick led, with the rule of thumb (code, sentence, its arguments) that chose it."""
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
        partner: dict[str, object] = {"partner": Seat(winning), "worth": worth}
        if self._tout(obs):  # every trick decides a tout: win it if at all possible
            if winners and (obs.player == obs.declarer or winning == obs.declarer):
                return (min(winners, key=cheap), "tout-win", "Every trick decides a tout, so {seat} takes this one "
                        "with {card}, the cheapest card that wins it.", partner)
            return (min(cards, key=cheap), "tout-cheap", "Every trick decides a tout; {seat} plays its cheapest "
                    "card, {card}.", partner)
        if winning in friends and winning != obs.player:
            card, code, said = partner_winning_play(cards, is_trump=lambda c: _is_trump(c, trump), points=_points,
                                                    cheap=cheap, last=last, safe=lambda: self._safe(obs, current))
            return card, code, said, partner
        if winners and (last or worth >= 10 or not _is_trump(min(winners, key=cheap), trump)):
            card = min(winners, key=lambda c: (_is_trump(c, trump), power(c, trump) - (_points(c) if last else 0)))
            if last:
                why = "As the last to play, {seat} takes the trick with {card}, the cheapest card that wins it."
            elif worth >= 10:
                why = ("The trick holds {worth} card points, worth winning: {seat} takes it with {card}, the cheapest "
                       "card that wins it.")
            else:
                why = "{seat} can win the trick without a trump: it plays {card}, the cheapest card that wins it."
            return card, "win", why, partner
        card = min(cards, key=cheap)
        if winners:
            return card, "not-worth", ("Only a trump would win the trick, and with {worth} card points it is not worth "
                                       "one, so {seat} throws its cheapest card, {card}."), partner
        return card, "cannot-win", "{seat} cannot win the trick, so it throws its cheapest card, {card}.", partner

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
