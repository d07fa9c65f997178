"""Computer players for Knorri.  Each is shown an :class:`~stytvolt.knorri.state.Observation`
(``state.observation(seat)``: exactly what that seat may see), never the state, and returns one of
its legal actions.

* :class:`RandomBot`: any legal action, uniformly (a baseline and a fuzzer);
* :class:`SimpleBot`: plays as a beginner is first taught.  Phase one: of the cards it must choose
  among, take the one most useful later (a high diamond, then high spades and hearts; low clubs last),
  never overlook a take, and point out another player's missed take with the card least useful to
  them.  The Mas phase one: win a trick only when it holds a useful card and a cheap winner is at
  hand, else throw the least useful card.  Phase two: open with the longest run of clubs, lead the
  card hardest to get rid of later (low clubs first: only a higher club beats them), beat as cheaply
  as possible (a card of the suit before a trump), keep the high diamonds and clubs, pick up only when
  nothing beats, and always say "last card".  One phase-two decision in ten (:data:`VARY`, drawn from
  its seed) it plays any legal action instead, so that a table of SimpleBots cannot go round for ever.
"""

from __future__ import annotations

import random

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.players import Bot, Choice, RandomBot, ThumbBot, legal_actions_of
from stytvolt.knorri.rules import judge_mas_trick
from stytvolt.knorri.state import Action, Observation

__all__ = ["Bot", "RandomBot", "SimpleBot", "usefulness", "VARY"]


def usefulness(card: Card, soft_clubs: bool = False) -> int:
    """How much a card is worth holding for phase two, in rough units: a diamond beats every spade
    and heart and only higher diamonds beat it (20 plus its rank); a spade or heart by its rank; a club
    beats only lower clubs, so a low club is the hardest card to be rid of (its rank less 8; less 4 with
    soft clubs, where any other suit can take it off one's hands by beating it)."""
    if card.suit is Suit.DIAMONDS:
        return 20 + card.rank
    if card.suit is Suit.CLUBS:
        return card.rank - (4 if soft_clubs else 8)
    return int(card.rank)


def _soft(obs: Observation) -> bool:
    return bool(obs.rules.get("soft_clubs", False))


#: The share of phase-two decisions in which SimpleBot plays any legal action instead of its rule of
#: thumb.  Without it, players who all follow fixed rules can pass the same cards round for ever (a low
#: club led, picked up by players without a higher one, led again: the trick never completes).
VARY = 0.1


def _symbols(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


def _said(action: Action, code: str, template: str, obs: Observation, **args: object) -> Choice:
    """The action with the rule of thumb that chose it, naming the seat as ``{seat}`` and its cards as ``{played}``."""
    return Choice(action, Reason.of(f"simple.{code}", template, action.cards, seat=Seat(obs.player),
                                    played=_symbols(action.cards), **args))


class SimpleBot(ThumbBot):
    """A sensible beginner; see the module docstring.  Deterministic for a seed (no seed: seed 0).
    :meth:`decide` says which rule of thumb chose the action."""

    def __init__(self, seed: int | None = None, vary: float = VARY) -> None:
        if isinstance(vary, bool) or not isinstance(vary, (int, float)) or not 0 <= vary <= 1:
            raise InvalidPosition(f"vary is a share from 0 to 1, not {vary!r}")
        self.seed = seed
        self.vary = float(vary)  # 0: the rule of thumb alone (tests and worked examples)
        self.rng = random.Random(0 if seed is None else seed)

    def decide(self, obs: Observation) -> Choice:
        """The action, with the rule of thumb that chose it (its words name the cards on the table and the cards
        the seat plays or takes, and no other card of its hand)."""
        legal: list[Action] = legal_actions_of(obs, Observation)
        soft = _soft(obs)
        if obs.phase == "turn":
            takes = [a for a in legal if a.kind == "take"]
            if not takes:
                return _said(legal[0], "nothing", "{seat} has nothing it may take, so it lets the turned card lie.",
                             obs)
            return _said(max(takes, key=lambda a: (sum(usefulness(c, soft) for c in a.cards), str(a))), "take",
                         "{seat} takes {played}, of the takes on offer the one most useful in phase two (high "
                         "diamonds first, then high spades and hearts; low clubs are the hardest to be rid of): "
                         "when it may take, it always does.", obs)
        if obs.phase == "claim":
            points = [a for a in legal if a.kind == "point"]
            return _said(min(points, key=lambda a: (sum(usefulness(c, soft) for c in a.cards), str(a))), "point",
                         "{seat} points out the missed take and makes it take {played}, the take least useful to "
                         "the player who missed it.", obs)
        if obs.phase == "mas":
            return self._mas(obs, legal)
        return self._phase_two(obs, legal)

    # -- the Mas phase one -------------------------------------------------------------------------

    def _mas(self, obs: Observation, legal: list[Action]) -> Choice:
        soft = _soft(obs)
        plays = [a for a in legal if a.kind == "play"]
        if not plays:  # only the stock's card is left to play
            return _said(legal[0], "chance", "{seat} holds no card to play, so it plays the stock's card.", obs)
        cheapest = min(plays, key=lambda a: (usefulness(a.cards[0], soft), str(a)))
        if len(obs.mas_trick) % 2 == 0:  # leading: give away the least useful card
            return _said(cheapest, "mas-lead", "{seat} leads {played}, the card least useful to it in phase two: a "
                         "card led is given away unless the other wins it.", obs)
        led = obs.mas_trick[-1][1]
        winners = [a for a in plays if judge_mas_trick(led, a.cards[0])[0] == 1]
        if winners and usefulness(led, soft) >= 10:
            best = min(winners, key=lambda a: (a.cards[0].rank, usefulness(a.cards[0], soft), str(a)))
            if usefulness(best.cards[0], soft) <= usefulness(led, soft):  # a useful card taken with one no better
                return _said(best, "mas-win", "{led} is worth having in phase two, and {played} wins it without "
                             "being any more useful itself, so {seat} takes the trick with it.", obs, led=led.symbol)
        return _said(cheapest, "mas-throw", "{seat} plays {played}, the card least useful to it in phase two, rather "
                     "than spend a better one on {led}.", obs, led=led.symbol)

    # -- phase two -----------------------------------------------------------------------------------

    def _phase_two(self, obs: Observation, legal: list[Action]) -> Choice:
        soft = _soft(obs)
        plays = [a for a in legal if a.kind == "play" and (a.last or not any(
            b.kind == "play" and b.last and b.cards == a.cards for b in legal))]  # always say "last card"
        if not plays:  # pick up, or miss the turn: the only action left
            return _said(legal[0], "cannot-beat", "{seat} holds no card that may be played now.", obs)
        if self.vary and self.rng.random() < self.vary:
            chosen = self.rng.choice(plays + [a for a in legal if a.kind == "pickup"])
            return _said(chosen, "vary", "One decision in ten the simple player makes any move it may instead of "
                         "its rule of thumb, so that a table of simple players cannot go round for ever: this was "
                         "one.", obs)
        if not obs.trick:
            if obs.opening:
                return _said(max(plays, key=lambda a: (len(a.cards), str(a))), "open", "{seat} opens phase two with "
                             "{played}, as long a run of clubs as it may.", obs)
            return _said(min(plays, key=lambda a: (usefulness(a.cards[0], soft), str(a))), "lead", "{seat} leads "
                         "{played}, the card hardest to be rid of later (low clubs first: only a higher club beats "
                         "them).", obs)
        top = obs.trick[-1][-1]
        completes = len(obs.trick) + 1 >= obs.trick_size

        def cost(a: Action) -> tuple[int, int, str]:
            card = a.cards[0]
            return (0 if card.suit is top.suit else 1, usefulness(card, soft), str(a))

        best = min(plays, key=cost)
        hand = obs.hands[obs.player]
        precious = best.cards[0].suit is Suit.DIAMONDS and best.cards[0].rank >= Rank.KING
        if precious and not completes and len(hand) > 3 and any(a.kind == "pickup" for a in legal):
            # keep the top trumps for later
            return _said(next(a for a in legal if a.kind == "pickup"), "keep-diamonds", "{seat}'s cheapest card "
                         "that beats {top} is one of its top diamonds, which it keeps for later, so it picks up.", obs,
                         top=top.symbol)
        if best.cards[0].suit is top.suit:
            return _said(best, "beat", "{seat} beats {top} with {played}, the cheapest card that beats it: a card of "
                         "its suit, before any diamond.", obs, top=top.symbol)
        return _said(best, "beat", "{seat} beats {top} with {played}, the cheapest card that beats it.", obs,
                     top=top.symbol)
