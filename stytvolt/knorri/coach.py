"""The coach's ideas of Knorri: what a take, a play or a pick-up does, in the game's own words.

Nobody wins at Knorri: the whole aim is not to be the last player holding
cards.  So its ideas are about which cards to collect in phase one (the ones
that beat well later; never the low clubs if it can help it) and, in phase
two, how to be rid of cards: leading, beating the top card cheaply or with a
trump, completing a trick to lead the next, picking up when beating costs too
much, saying "last card", and getting out.

:func:`idea` reads only the seat's :class:`~stytvolt.knorri.state.Observation`
(in the standard game every pile is public, so it names the cards on the table,
in the trick and in hands the seat has seen).  ``UNIT`` is the point: the
zero-sum points of the scoring variant, or without it one paid by the loser to
each other player (ruling R98).  :func:`cost_words` says a mistake that turned
getting out into losing as the issue puts it: it let slip a sure way out.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.analysis.coach import Idea
from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.words import counted
from stytvolt.knorri.bots import usefulness
from stytvolt.knorri.rules import beats, mas_winner
from stytvolt.knorri.state import Action, Observation

__all__ = ["UNIT", "IDEAS", "idea", "amount", "cost_words"]

#: What ``returns()`` counts: points (the scoring variant's, or one a player paid by the loser).
UNIT = "point"

IDEAS: tuple[Idea, ...] = (
    Idea("forced-take", "The forced take",
         "Turn ♠9 with ♠4 and ♠7 face up: you must take one of them, and you choose which."),
    Idea("take-trumps", "Taking trumps",
         "Turn ♦K with ♦3 and ♦J face up: take ♦J, a diamond that beats every spade and heart in phase two."),
    Idea("take-high", "Taking high cards",
         "Turn ♠K with ♠4 and ♠Q face up: take ♠Q, which beats almost every spade later."),
    Idea("leave-low-clubs", "Leaving the low clubs",
         "Turn ♣Q with ♣3 and ♣9 face up: take ♣9 and leave ♣3, the kind of card nobody can get rid of."),
    Idea("sweep", "The sweep",
         "The pack is down to its last card: whoever takes with it also sweeps up everything left face up."),
    Idea("missed-one", "You missed one",
         "A player leaves a card that could have taken: point it out, and that player must take two more cards."),
    Idea("mas", "Giving cards away in the Mas tricks",
         "Lead ♣3, the card you least want in phase two: whoever wins the trick takes it."),
    Idea("open-run", "Opening with the run",
         "Holding ♣2 ♣3 ♣4, open with all three: the run counts as one card, so three low clubs go at once."),
    Idea("lead", "Leading: the free play",
         "On lead no card has to be beaten: lead the low club that nothing but a higher club could ever cover."),
    Idea("lead-unbeatable", "Leading a card nobody can beat",
         "Nobody else holds a diamond above ♦Q: lead it, and the next player has to pick it up."),
    Idea("must-beat", "Beating the top card",
         "♠9 is on top: ♠J beats it without spending a diamond, though any diamond would beat it too."),
    Idea("trump", "Trumping",
         "♥K is on top and you hold no higher heart: ♦4 beats it, as any diamond beats a spade or a heart."),
    Idea("complete", "Completing the trick",
         "Three players began the trick and two cards lie in it: your card completes it, and you lead the next."),
    Idea("pick-up", "When to pick up",
         "Nothing you hold beats ♦K: pick up the bottom card of the trick; and rather than spend ♦A early, you "
         "may pick up too."),
    Idea("last-card", "Saying \"last card\"",
         "Down to one card, say \"last card\": forget it, and on your next turn you may not go out."),
    Idea("get-out", "Getting out",
         "Your last card beats the top card: play it, and you are out and safe."),
)


def amount(value: float) -> str:
    """A value of ``returns()`` in words: its points (the scoring variant's, or what the loser pays, ruling R98)."""
    number = round(float(value), 2)
    shown: float = int(number) if number == int(number) else number
    text = counted(shown, UNIT)
    return text.replace("-", "−", 1) if text.startswith("-") else text


def cost_words(cost: float, value: float | None = None) -> str:
    """What a mistake cost, said after the action: "let slip a sure way out" when the action taken lost the game
    (``value``, what it was worth, below 0: every loser pays) and a better one got out (a getting out is worth
    more than 0); "cost … by getting out later" when both got out (the scoring variant pays the earlier more)."""
    if value is not None and value < 0 < value + cost:
        return f"let slip a sure way out ({amount(cost)})"
    if value is not None and value > 0:
        return f"cost {amount(cost)} by getting out later than it could"
    return f"cost {amount(cost)}"


# -- helpers ----------------------------------------------------------------------------------------

_LOW = Rank.EIGHT  # a club up to this rank is a low club: few clubs are left to go on it
_HIGH = Rank.TEN  # a card from this rank up beats most of its suit


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _soft(obs: Observation) -> bool:
    return bool(obs.rules.get("soft_clubs", False))


# -- the idea ---------------------------------------------------------------------------------------


def idea(obs: Any, action: Any) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat whose observation ``obs`` is: its key among :data:`IDEAS` and a
    sentence naming only the cards of the action and cards the observation shows; None when no idea fits."""
    if not isinstance(obs, Observation) or not isinstance(action, Action):
        return None
    if obs.phase == "turn":
        return _turn(obs, action)
    if obs.phase == "claim":
        return _claim(obs, action)
    if obs.phase == "mas":
        return _mas(obs, action)
    if obs.phase == "play":
        return _play(obs, action)
    return None


def _turn(obs: Observation, action: Action) -> tuple[str, str] | None:
    turned = obs.turned
    if turned is None:
        return None
    takes = [a for a in obs.legal if a.kind == "take"]
    if action.kind == "leave":
        if takes:
            return "missed-one", (f"This player leaves {turned.symbol} lying rather than take with it: fewer cards to "
                                  "be rid of in phase two, unless another player points the take out.")
        return "forced-take", (f"{turned.symbol} can take nothing on the table, so it stays there face up, for a "
                               "later turned card to take.")
    if action.kind != "take":
        return None
    taken = action.cards
    if obs.pack == 0:
        return "sweep", (f"{turned.symbol} is the last card of the pack: taking with it makes this player the last "
                         "taker, who sweeps up every card left face up, whichever card it takes.")
    if len(takes) == 1:
        how = ("a turned diamond with no lower diamond takes a spade or a heart"
               if turned.suit is Suit.DIAMONDS and any(c.suit is not Suit.DIAMONDS for c in taken) else
               "a turned card takes every lower card of its suit" if len(taken) > 1 else
               "a turned card must take a lower card of its suit")
        return "forced-take", f"{turned.symbol} must take {_cards(taken)}: {how}, and that is the only take on offer."
    return _choice(obs, turned, taken, [a.cards for a in takes if a != action])


def _choice(obs: Observation, turned: Card, taken: tuple[Card, ...], others: list[tuple[Card, ...]]
            ) -> tuple[str, str] | None:
    card = taken[0]
    if card.suit is Suit.DIAMONDS:
        return "take-trumps", (f"Of the takes on offer, {card.symbol} is a diamond: in phase two it beats every spade "
                               "and heart, and only a higher diamond beats it.")
    left = sorted({c for cs in others for c in cs if c.suit is Suit.CLUBS and c.rank <= _LOW
                   and (card.suit is not Suit.CLUBS or c.rank < card.rank)}, key=lambda c: c.rank)
    if left:
        return "leave-low-clubs", (f"Taking {card.symbol} leaves {_cards(left)} on the table: a low club is the "
                                   "hardest card to be rid of in phase two, since only a higher club beats it.")
    soft = _soft(obs)
    if card.rank >= _HIGH and all(c.suit is not card.suit or c.rank < card.rank for cs in others for c in cs):
        beaten_by = "only a higher club" if card.suit is Suit.CLUBS else f"only a diamond or a higher {card.suit.singular}"
        return "take-high", (f"Of the takes on offer, {card.symbol} is the one to hold in phase two: it beats every "
                             f"lower {card.suit.singular}, and {beaten_by} beats it.")
    if all(usefulness(card, soft) >= usefulness(c, soft) for cs in others for c in cs):
        return "take-high", (f"Of the takes on offer, {card.symbol} is the most useful in phase two, where a higher "
                             "card beats more of its suit and fewer cards beat it.")
    rest = sorted({c for cs in others for c in cs if c not in taken}, key=lambda c: (c.suit.value, c.rank))
    return "forced-take", (f"{turned.symbol} must take, and of the takes on offer this player chooses "
                           f"{_cards(taken)}" + (f", leaving {' and '.join(c.symbol for c in rest)} face up for a later turned card." if rest
                                                 else "."))


def _claim(obs: Observation, action: Action) -> tuple[str, str] | None:
    turned = obs.turned
    if turned is None:
        return None
    if action.kind == "point":
        card = action.cards[0]
        low = card.suit is Suit.CLUBS and card.rank <= _LOW
        return "missed-one", (f"Pointing out the missed take makes the player who missed it take {_cards(action.cards)} "
                              f"with {turned.symbol}: more cards for that player to be rid of in phase two"
                              + (f", {card.symbol} a low club at that." if low else "."))
    if action.kind == "pass":
        return "missed-one", (f"This player does not point out the missed take: unless another player does, "
                              f"{turned.symbol} stays on the table for a later card to take.")
    return None


def _mas(obs: Observation, action: Action) -> tuple[str, str] | None:
    soft = _soft(obs)
    if action.kind == "chance":
        return "mas", "This player plays the top card of the stock blind, and keeps the cards in its hand."
    if action.kind != "play":
        return None
    card = action.cards[0]
    hand = obs.hands[obs.player]
    worth = usefulness(Card(Suit.SPADES, Rank.QUEEN), soft)  # a card at least this useful is worth holding
    if len(obs.mas_trick) % 2 == 0:
        if all(usefulness(card, soft) <= usefulness(c, soft) for c in hand):
            return "mas", (f"Led, {card.symbol} goes to the pile of whoever wins the trick, and it is the card this "
                           "player least wants to hold in phase two.")
        if usefulness(card, soft) >= worth:
            return "mas", (f"Led, {card.symbol} falls only to a higher rank: if it wins, it stays in this player's "
                           "pile, a card worth holding in phase two.")
        return None
    led = obs.mas_trick[-1][1]
    won = mas_winner(led, card)
    if won is None:
        return "mas", (f"{card.symbol} matches {led.symbol}'s rank, so the two players play again, and the winner takes "
                       "every card.")
    if won == 0:
        return "mas", (f"{card.symbol} loses to {led.symbol}, so both cards go to the other player's pile: one card "
                       "fewer for this player in phase two.")
    if usefulness(led, soft) >= worth:
        return "mas", (f"{card.symbol} outranks {led.symbol} and takes both cards: {led.symbol} is worth holding in "
                       "phase two.")
    if all(mas_winner(led, c) == 1 for c in hand):
        if all(usefulness(card, soft) <= usefulness(c, soft) for c in hand):
            return "mas", (f"Every card in this hand outranks {led.symbol}, so this player takes the trick whatever "
                           f"it plays: {card.symbol} is the card it can best spare from its hand.")
        return None
    if usefulness(card, soft) >= worth:
        return "mas", (f"{card.symbol} outranks {led.symbol}, so it stays in this player's pile, a card worth holding "
                       "in phase two.")
    return None


def _play(obs: Observation, action: Action) -> tuple[str, str] | None:
    soft = _soft(obs)
    hand = obs.hands[obs.player]
    if action.kind == "miss":
        return "last-card", ("This player did not say \"last card\" when it came down to one card, so at the empty "
                             "table it misses its turn.")
    if action.kind == "pickup":
        return _pickup(obs, hand, soft)
    if action.kind != "play":
        return None
    cards = action.cards
    card = cards[-1]
    if obs.opening:
        if len(cards) > 1:
            return "open-run", (f"Opening with {_cards(cards)} sheds {counted(len(cards), 'club')} at once: the run "
                                "counts as one card in the trick.")
        if len(obs.legal) == 1:
            return "open-run", f"{card.symbol} opens phase two: its holder must play it first."
        return None
    left = len(hand) - len(cards)
    tail = (" It leaves this player one card, and it says \"last card\": forgetting would bar it from going out on "
            "its next turn." if left == 1 and action.last else "")
    if left == 0:
        paid = (", scoring a point for each player still holding cards" if obs.rules.get("scoring") else "")
        return "get-out", f"{card.symbol} is this player's last card: playing it gets this player out, safe{paid}."
    if not obs.trick:
        found = _lead(obs, card, soft)
        return found[0], found[1] + tail
    top = obs.trick[-1][-1]
    if len(obs.trick) + 1 >= obs.trick_size:
        return "complete", (f"{card.symbol} beats {top.symbol} and completes the trick: the cards are set aside, "
                            "and this player leads the next trick, where nothing has to be beaten." + tail)
    found = _beat(obs, hand, card, top, soft)
    return found[0], found[1] + tail


def _pickup(obs: Observation, hand: Sequence[Card], soft: bool) -> tuple[str, str] | None:
    if not obs.trick:
        return None
    top, bottom = obs.trick[-1][-1], obs.trick[0][0]
    if obs.player in obs.unannounced:
        return "last-card", (f"This player did not say \"last card\" when it came down to one card, so it may not go "
                             f"out now: it picks up the bottom card, {bottom.symbol}.")
    beaters = [c for c in hand if beats(c, top, soft)]
    if not beaters:
        return "pick-up", (f"Nothing in this player's hand beats {top.symbol}, so it picks up the bottom card of the "
                           f"trick, {bottom.symbol}.")
    cheapest = min(beaters, key=lambda c: (c.suit is not top.suit, usefulness(c, soft)))
    if usefulness(bottom, soft) >= usefulness(Card(Suit.SPADES, Rank.QUEEN), soft):
        return "pick-up", (f"Rather than spend {cheapest.symbol} on {top.symbol}, this player picks up the bottom "
                           f"card, {bottom.symbol}, a card that beats well in later tricks.")
    return "pick-up", (f"This player picks up the bottom card, {bottom.symbol}, rather than spend {cheapest.symbol} "
                       f"on {top.symbol}: its beating cards wait for later.")


def _others(obs: Observation) -> list[Card]:
    return [c for s, h in enumerate(obs.hands) if s != obs.player for c in h]


def _lead(obs: Observation, card: Card, soft: bool) -> tuple[str, str]:
    if not any(obs.hidden[s] for s in range(obs.players) if s != obs.player) and not any(
            beats(c, card, soft) for c in _others(obs)):
        return "lead-unbeatable", (f"No other player holds a card that beats {card.symbol}: led, it must be picked up "
                                   "by the next player, so it leaves this hand for theirs.")
    if card.suit is Suit.CLUBS:
        return "lead", (f"A club can go only on a lower club, so {card.symbol} is hard to be rid of: on lead it needs "
                        "to beat nothing, and it goes.")
    if card.rank <= _LOW:
        return "lead", (f"On lead, {card.symbol} needs to beat nothing: leading is the easiest way to be rid of a low "
                        "card, and the next player must beat it or pick it up.")
    return "lead", (f"On lead, {card.symbol} needs to beat nothing, so it leaves this player's hand for certain, and "
                    "the next player must beat it or pick it up.")


def _beat(obs: Observation, hand: Sequence[Card], card: Card, top: Card, soft: bool) -> tuple[str, str]:
    same = [c for c in hand if c.suit is top.suit and beats(c, top, soft)]
    if card.suit is Suit.DIAMONDS and top.suit in (Suit.SPADES, Suit.HEARTS):
        if not same:
            return "trump", (f"Nothing of {top.symbol}'s suit in this hand beats it, so {card.symbol} trumps it: any "
                             "diamond beats a spade or a heart.")
        return "trump", (f"{card.symbol} trumps {top.symbol}: any diamond beats a spade or a heart, and only a higher "
                         "diamond can go on it.")
    if card.suit is not top.suit:
        return "must-beat", (f"{card.symbol} beats {top.symbol}: with soft clubs any spade, heart or diamond beats a "
                             "club.")
    if all(c.rank >= card.rank for c in same):
        return "must-beat", (f"{card.symbol} is the cheapest card in this hand that beats {top.symbol}: the higher "
                             f"{card.suit.english} and the trumps wait for later.")
    over = [c for c in _others(obs) if beats(c, card, soft)]
    return "must-beat", (f"{card.symbol} beats {top.symbol}, and only {counted(len(over), 'card')} in the other "
                         "hands this player has seen can go on it.")
