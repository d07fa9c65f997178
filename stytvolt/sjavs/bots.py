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
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.tricks import partner_winning_play
from stytvolt.core.players import Bot, Choice, RandomBot, ThumbBot, legal_actions_of
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


def _said(action: Action, code: str, template: str, obs: Observation, named: tuple[Card, ...] = (),
          **args: object) -> Choice:
    """The action with the rule of thumb that chose it, naming the seat as ``{seat}`` (``named``: the cards the
    sentence names)."""
    return Choice(action, Reason.of(f"simple.{code}", template, named, seat=Seat(obs.player), **args))


class SimpleBot(ThumbBot):
    """A sensible beginner at Sjavs; see the module docstring.  Deterministic.  :meth:`decide` says which rule of thumb
    chose the action."""

    def decide(self, obs: Observation) -> Choice:
        """The action, with the rule of thumb that chose it (its words name the cards the seat plays, lays away
        or sees on the table, and no other card of its hand)."""
        legal = legal_actions_of(obs, Observation)
        if obs.phase == "bidding":
            least = BID_FROM[obs.players]
            bids = [a.bid for a in legal if a.bid is not None and a.bid.length >= least]
            if bids:
                bid = max(bids)
                return _said(Action("bid", bid=bid), "bid", "{seat}'s longest trump suit holds {length} cards (the "
                             "permanent trumps counted), and it bids from {least} with {players} players: it bids "
                             "the highest its hand allows, {bid}.", obs, length=bid.length, least=least,
                             players=obs.players, bid=str(bid))
            return _said(legal[0], "pass", "{seat} holds no trump suit of {least} or more that would outbid the bids "
                         "so far (the permanent trumps counted), so it passes.", obs, least=least)
        if obs.phase == "trump":
            return self._trump(obs, legal)
        if obs.phase == "exchange":
            return self._exchange(obs, legal)
        return self._play(obs, legal)

    # -- before the play ----------------------------------------------------------------------

    def _trump(self, obs: Observation, legal: list[Action]) -> Choice:
        mine = self._cards(obs)

        def strength(action: Action) -> tuple[int, int, bool]:
            suit = action.suit
            assert suit is not None
            trumps = [c for c in mine if suit_of(c, suit) is suit]
            return len(trumps), sum(power(c, suit) for c in trumps), suit is Suit.CLUBS

        best = max(legal, key=strength)
        assert best.suit is not None
        return _said(best, "trump", "{seat} names {suit} as trumps: its longest trump suit, the strongest of the "
                     "longest.", obs, suit=f"{best.suit.symbol} {best.suit.english}")

    def _exchange(self, obs: Observation, legal: list[Action]) -> Choice:
        trump = obs.trump
        assert trump is not None
        # Lay away kings and tens outside trumps (they count for the soloist once laid away, and
        # would likely fall to an ace in play), most valuable first; at most two.
        loose = sorted(
            (c for c in obs.hand if suit_of(c, trump) is not trump and c.rank in (Rank.KING, Rank.TEN)),
            key=lambda c: (-_points(c), c.index),
        )[:2]
        wanted = tuple(sorted(loose))
        chosen = next((a for a in legal if a.cards == wanted), None)
        if chosen is None:  # pragma: no cover (laying away up to the talon's size is always on offer)
            return _said(legal[0], "exchange-other", "{seat} lays away what the rules allow.", obs)
        if not wanted:
            return _said(chosen, "keep", "{seat} holds no king or ten outside trumps to lay away, so it keeps its "
                         "hand.", obs)
        return _said(chosen, "exchange", "{seat} lays away {laid}: a king or a ten outside trumps counts for the "
                     "soloist once laid away, and would likely fall to an ace in play.", obs, wanted,
                     laid=" and ".join(c.symbol for c in wanted))

    # -- the play ----------------------------------------------------------------------------

    @staticmethod
    def _cards(obs: Observation) -> list[Card]:
        cards = list(obs.hand)
        if obs.face_up:
            cards += obs.face_up[obs.player]
        return cards

    def _play(self, obs: Observation, legal: list[Action]) -> Choice:
        trump = obs.trump
        assert trump is not None
        cards = {a.cards[0]: a for a in legal}
        if not obs.current:
            card, code, template, args = self._lead(obs, list(cards), trump)
        else:
            card, code, template, args = self._follow(obs, list(cards), trump)
        return _said(cards[card], code, template, obs, (card,), card=card.symbol, **args)

    def _unseen_trumps(self, obs: Observation, trump: Suit) -> list[Card]:
        gone = set(obs.current) | {c for t in obs.tricks for c in t.plays} | set(self._cards(obs))
        for row in obs.face_up:
            gone.update(row)
        return [c for c in order(trump, trump) if c not in gone]

    def _lead(self, obs: Observation, cards: list[Card], trump: Suit) -> tuple[Card, str, str, dict[str, object]]:
        """The card to lead, with the rule of thumb (code, sentence, its arguments) that chose it."""
        trumps = sorted((c for c in cards if suit_of(c, trump) is trump), key=lambda c: -power(c, trump))
        announcer = obs.declarer is not None and obs.declarer in _partners(obs)
        unseen = self._unseen_trumps(obs, trump)
        if trumps and announcer and unseen and power(trumps[0], trump) > power(unseen[0], trump):
            # draw the opponents' trumps with the best one
            return trumps[0], "draw-trumps", ("{seat}'s side declared, and {card} is higher than every trump still "
                                              "out, so {seat} leads it to draw the opponents' trumps."), {}
        aces = [c for c in cards if suit_of(c, trump) is not trump and c.rank is Rank.ACE]
        if aces:
            return aces[0], "cash-ace", "{seat} leads {card}, an ace outside trumps, to take its trick while it can.", {}
        plain = [c for c in cards if suit_of(c, trump) is not trump]
        if plain:
            counts = {s: sum(1 for c in plain if c.suit is s) for s in Suit}
            # The lowest card of the shortest plain suit: soon void, then free to trump.
            card = min(plain, key=lambda c: (counts[c.suit], _points(c), power(c, trump)))
            return card, "short-suit", ("{seat} leads {card}, the lowest card of its shortest suit outside trumps: "
                                        "soon void there, it will be free to trump it."), {}
        return (min(trumps, key=lambda c: power(c, trump)), "only-trumps",
                "{seat} holds nothing but trumps, so it leads its lowest, {card}.", {})

    def _follow(self, obs: Observation, cards: list[Card], trump: Suit) -> tuple[Card, str, str, dict[str, object]]:
        """The card to play to a trick led, with the rule of thumb (code, sentence, its arguments) that chose it."""
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

        partner: dict[str, object] = {"partner": Seat(winning)}
        if winning in friends and winning != obs.player:
            card, code, said = partner_winning_play(cards, is_trump=lambda c: suit_of(c, trump) is trump, points=_points,
                                                    cheap=cheap, last=last, safe=lambda: self._holds(obs, current, trump))
            return card, code, said, partner
        winners = [c for c in cards if wins(c)]
        if winners and (last or worth >= 10 or suit_of(min(winners, key=cheap), trump) is not trump):
            card = min(winners, key=lambda c: (suit_of(c, trump) is trump, power(c, trump) - (_points(c) if last else 0)))
            if last:
                why = "As the last to play, {seat} takes the trick with {card}, the cheapest card that wins it."
            elif worth >= 10:
                why = ("The trick holds {worth} card points, worth winning: {seat} takes it with {card}, the cheapest "
                       "card that wins it.")
            else:
                why = "{seat} can win the trick without a trump: it plays {card}, the cheapest card that wins it."
            return card, "win", why, {"worth": worth}
        card = min(cards, key=cheap)
        if winners:
            return card, "not-worth", ("Only a trump would win the trick, and with {worth} card points it is not worth "
                                       "one, so {seat} throws its cheapest card, {card}."), {"worth": worth}
        return card, "cannot-win", "{seat} cannot win the trick, so it throws its cheapest card, {card}.", {}

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
