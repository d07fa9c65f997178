"""Computer players for Brus.  Each is shown an :class:`~stytvolt.brus.hand.Observation`
(``state.observation(seat)``: exactly what that seat may see), never the state, and returns one of its
legal actions.

* :class:`RandomBot`: any legal action, uniformly (a baseline and a fuzzer);
* :class:`SimpleBot`: plays as a beginner is first taught.  Brus gives few
  choices (a card must beat the highest so far whenever it can), so they are
  which card to lead and which of the cards that beat to spend:

  - a *boss* is a live card higher than every live card the bot has not seen
    (not in its hand, not yet played): it wins any trick it is played to;
  - on lead: lead the lowest boss held (a sure trick, and nobody has to spend
    a card on it); without one, lead the lowest live card, which makes the
    others spend theirs;
  - following, when an opponent still to play could beat: the lowest boss
    that may be played, if any, to take the trick for certain; otherwise (or
    when the bot is the last to play, or only partners follow) the lowest
    card that beats, keeping the high ones.
"""

from __future__ import annotations

from stytvolt.core.cards import Card
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.players import Bot, Choice, RandomBot, ThumbBot, legal_actions_of
from stytvolt.brus.cards import LIVE_ORDER, name_of, power
from stytvolt.brus.hand import PASS_ACTION, Action, Observation

__all__ = ["Bot", "Choice", "RandomBot", "SimpleBot", "unseen_live"]


def unseen_live(obs: Observation) -> list[Card]:
    """The live cards this seat has not seen: not in its hand, not played to any trick (highest first)."""
    seen = set(obs.hand)
    for event in obs.log:
        seen.update(c for _, c in event.plays if c is not None)
    seen.update(c for _, c in obs.plays if c is not None)
    return [c for c in LIVE_ORDER if c not in seen]


class SimpleBot(ThumbBot):
    """A sensible beginner at Brus; see the module docstring.  Deterministic.  :meth:`decide` says which rule of thumb
    chose the action."""

    def decide(self, obs: Observation) -> Choice:
        """The action, with the rule of thumb that chose it (its words name no card the seat has not shown: only
        the card it plays and the card it beats)."""
        legal = legal_actions_of(obs, Observation)
        seat = Seat(obs.player)
        cards = sorted((a.card for a in legal if a.card is not None), key=power)  # lowest first
        if not cards:
            return Choice(PASS_ACTION, Reason.of("simple.pass", "{seat} holds no card that may be played, so it "
                                                                "passes.", seat=seat))
        unseen = unseen_live(obs)
        top = power(unseen[0]) if unseen else 0
        bosses = [c for c in cards if power(c) > top]
        if not obs.plays:  # on lead
            if bosses:
                return Choice(Action(bosses[0]), Reason.of(
                    "simple.lead-boss", "{card} is higher than every live card {seat} has not seen, so it wins the "
                    "trick for certain: {seat} leads it, the lowest such sure winner it holds.", (bosses[0],),
                    seat=seat, card=name_of(bosses[0])))
            return Choice(Action(cards[0]), Reason.of(
                "simple.lead-low", "{seat} holds no card sure to win (a higher live card is still out), so it leads "
                "its lowest live card, {card}, to make the others spend theirs.", (cards[0],), seat=seat,
                card=name_of(cards[0])))
        later = [(obs.leader + k) % obs.players for k in range(len(obs.plays) + 1, obs.players)]
        opponents_to_play = any(s % 2 != obs.side and obs.counts[s] > 0 for s in later)
        highest = obs.highest
        assert highest is not None
        if opponents_to_play and bosses:
            return Choice(Action(bosses[0]), Reason.of(
                "simple.beat-boss", "An opponent still to play could beat {highest}, so {seat} beats it with "
                "{card}, the lowest card it holds that is sure to win the trick.", (highest, bosses[0]), seat=seat,
                highest=name_of(highest), card=name_of(bosses[0])))
        why = ("no opponent is left to play after it" if not opponents_to_play else
               "it holds no card sure to win the trick")
        return Choice(Action(cards[0]), Reason.of(
            "simple.beat-low", "{seat} must beat {highest}, and " + why + ", so it beats with {card}, the lowest card "
            "that can, keeping its higher ones.", (highest, cards[0]), seat=seat, highest=name_of(highest),
            card=name_of(cards[0])))
