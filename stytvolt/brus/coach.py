"""The coach's ideas of Brus: what a card led, beaten with or passed on does, in the game's own words.

Brus leaves few choices (a player who can beat the highest card so far must),
so its ideas are about which live card to lead, which of the cards that beat to
spend, and what a trick won brings: the lead, the sevens laid out on coming to
it, the sixth trick, the lurch, and ♣K deciding a deal with no side at six.

:func:`idea` reads only the seat's :class:`~stytvolt.brus.hand.Observation`:
its own hand, the cards played and laid out, and what each pass showed (a
player who passed held nothing higher than the card it let stand; a player the
lead passed by held no live card at all).  A card is "sure" when no player
still to play to the trick can hold a live card higher than it, by those
facts alone.  Seats are "this player", "the partner" and "the opponents", so a
sentence reads right as a hint and as a computer player's reason.
"""

from __future__ import annotations

from typing import Any

from stytvolt.analysis.coach import Idea
from stytvolt.brus.cards import CLUB_KING, LIVE_ORDER, MATADORS, is_live, name_of, power
from stytvolt.brus.hand import Action, Observation
from stytvolt.brus.rules import SIX
from stytvolt.core.cards import Card, Rank
from stytvolt.core.words import counted

__all__ = ["UNIT", "IDEAS", "idea"]

#: What ``returns()`` counts: the strokes of the deal.
UNIT = "stroke"

IDEAS: tuple[Idea, ...] = (
    Idea("sure-winner", "Leading a sure winner",
         "With Spit (♣J) gone, Dull (♠8) led cannot be beaten: the trick is yours and the lead comes back."),
    Idea("torment", "The torment",
         "Only matadors are out above ♣9: lead it, and whoever holds one has to spend it on your nine."),
    Idea("draw-out", "Leading low to draw the high cards",
         "Lead ♦6: everyone who can beat it must, so the high cards come out while yours wait."),
    Idea("cheap-beat", "Beating cheaply",
         "♠A is the card to beat and you hold ♣A and Brus (♥K): ♣A does it, and Brus waits for a bigger trick."),
    Idea("raise-bar", "Beating high",
         "Beat ♦6 with ♣9 rather than ♠J: with an opponent still to play, only the cards above ♣9 can take the "
         "trick now."),
    Idea("overtake-partner", "Beating your partner's card",
         "Your partner's ♥J is highest and you hold ♦A: you must beat it, so spend the cheapest card that does."),
    Idea("sure-beat", "Making sure of the trick",
         "An opponent still to play could hold Brus: beat ♣A with Spit rather than ♠9, and the trick is yours."),
    Idea("last-word", "The last word",
         "Nobody on the other side plays after you: ♠J is enough, and the trick is your side's."),
    Idea("pass", "Passing",
         "Nothing in your hand beats ♥9, so you pass, and the table learns you hold nothing higher."),
    Idea("sevens", "Bringing in the sevens",
         "Holding ♥7, win a trick for certain: you come to the lead and lay it out, one more trick for your side."),
    Idea("six", "Making six",
         "Your side has five tricks: a sure winner now makes six and ends the deal."),
    Idea("lurch", "The lurch",
         "Six tricks before the other side has one score two strokes: one sure trick saves a side from it."),
    Idea("club-king", "♣K at five",
         "Your side has five tricks and you hold ♣K: if the live cards run out before anyone makes six, the stroke "
         "is yours, so stopping the opponents is enough."),
)


# -- what the seat knows ----------------------------------------------------------------------------


def _seen(obs: Observation) -> set[Card]:
    seen = set(obs.hand)
    for event in obs.log:
        seen.update(c for _, c in event.plays if c is not None)
    seen.update(c for _, c in obs.plays if c is not None)
    return seen


def _caps(obs: Observation) -> list[int]:
    """The most powerful live card each seat may still hold, by what the play has shown: a pass shows its player
    held nothing higher than the card it let stand, and a leader the lead passed by held no live card."""
    cap = [len(LIVE_ORDER)] * obs.players
    for kind, seat, plays in [(e.kind, e.seat, e.plays) for e in obs.log] + [("trick", obs.leader, obs.plays)]:
        if kind == "lead-passes":
            cap[seat] = 0
        highest: Card | None = None
        for s, c in plays:
            if c is None and highest is not None:
                cap[s] = min(cap[s], power(highest))
            highest = c if c is not None else highest
    return cap


def _later(obs: Observation) -> list[int]:
    """The seats still to play to the trick after this one, holding cards."""
    first = obs.leader if obs.plays else obs.player
    done = len(obs.plays) + 1
    return [s for s in ((first + k) % obs.players for k in range(done, obs.players)) if obs.counts[s] > 0]


def _threats(obs: Observation, card: Card, seats: list[int]) -> list[Card]:
    """The live cards still out above ``card`` that one of ``seats`` may hold."""
    caps = _caps(obs)
    seen = _seen(obs)
    return [c for c in LIVE_ORDER if c not in seen and power(c) > power(card)
            and any(caps[s] >= power(c) for s in seats)]


def _symbols(cards: list[Card]) -> str:
    return " and ".join(c.symbol for c in cards) if len(cards) <= 2 else (
        ", ".join(c.symbol for c in cards[:-1]) + " and " + cards[-1].symbol)


# -- the idea ---------------------------------------------------------------------------------------


def idea(obs: Any, action: Any) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat whose observation ``obs`` is: its key among :data:`IDEAS` and a
    sentence naming only the card played and cards the observation shows; None when no idea fits."""
    if not isinstance(obs, Observation) or not isinstance(action, Action) or obs.over:
        return None
    card = action.card
    highest = obs.highest
    if card is None:
        if highest is None:
            return None
        return "pass", (f"Nothing in this player's hand beats {name_of(highest)}, so it must pass; the pass tells the "
                        "table it holds nothing higher.")
    if not is_live(card):
        return None
    side = obs.player % 2
    ours, theirs = obs.tricks[side], obs.tricks[1 - side]
    later = _later(obs)
    opponents = [s for s in later if s % 2 != side]
    sure_self = not _threats(obs, card, later)
    sure_side = not _threats(obs, card, opponents)
    sevens = [c for c in obs.hand if c.rank is Rank.SEVEN]
    said = name_of(card)
    if sure_side:
        gain = 1 + (len(sevens) if sure_self else 0)
        how = "takes the trick for certain" if sure_self else "wins the trick for this side for certain"
        if ours + gain >= SIX:
            laid = f" and the sevens laid out ({_symbols(sevens)})" if sure_self and sevens and ours + 1 < SIX else ""
            if theirs == 0:
                return "lurch", (f"{said} {how}: with it{laid} this side has six tricks before the opponents have "
                                 "any, the lurch, worth two strokes.")
            return "six", f"{said} {how}: with it{laid} this side reaches six tricks, and the deal ends with a stroke."
        if sure_self and sevens:
            return "sevens", (f"{said} takes the trick for certain, so this player comes to the lead and lays out "
                              f"{_symbols(sevens)}: {counted(ours + gain, 'trick')} for this side.")
        if ours == 0 and theirs > 0:
            return "lurch", (f"This side has no trick yet and the opponents have {counted(theirs, 'trick')}: {said} {how}, and that "
                             "one trick saves this side from the lurch.")
        if theirs == 0 and ours > 0:
            return "lurch", (f"The opponents have no trick yet: {said} {how}, and this side stays on course for the "
                             "lurch, six tricks straight off for two strokes.")
    if CLUB_KING in obs.hand and SIX - 1 in (ours, theirs):
        move = "leads" if highest is None else "beats " + name_of(highest) + " with"
        if ours == SIX - 1:
            return "club-king", (f"This player {move} {said}. With five tricks for this side and ♣K in this "
                                 "player's hand, the stroke is this side's if the live cards run out before the "
                                 "opponents make six: stopping them is enough.")
        return "club-king", (f"This player {move} {said}. The opponents have five tricks, but ♣K is in this "
                             "player's hand, so five will not score for them: they need a sixth.")
    if highest is None:
        return _lead(obs, card, sure_self)
    return _beat(obs, card, highest, sure_side, opponents)


def _lead(obs: Observation, card: Card, sure: bool) -> tuple[str, str]:
    said = name_of(card)
    if sure:
        return "sure-winner", (f"No other player can still hold a live card higher than {said}, so led it takes the "
                               "trick for certain and the lead comes back to this player.")
    above = [c for c in LIVE_ORDER if c not in _seen(obs) and power(c) > power(card)]
    if card not in MATADORS and above and all(c in MATADORS for c in above):
        return "torment", (f"Only a matador still out beats {said}: led, it must be beaten by any player who can, so "
                           "whoever holds a matador has to spend it on this card.")
    own = [c for c in obs.hand if is_live(c)]
    lowest = all(power(c) >= power(card) for c in own)
    tail = (" It is this player's lowest live card, so its better ones wait." if lowest else
            " This player keeps its lower live cards for later tricks.")
    who = ("whoever holds the one live card still out above it has to spend it" if len(above) == 1 else
           f"whoever holds one of the {len(above)} live cards still out above it has to spend one")
    return "draw-out", f"Led, {said} must be beaten by any player who can: {who}." + tail


def _beat(obs: Observation, card: Card, highest: Card, sure_side: bool, opponents: list[int]) -> tuple[str, str]:
    said, top = name_of(card), name_of(highest)
    beaters = [c for c in obs.hand if power(c) > power(highest)]
    cheapest = all(power(c) >= power(card) for c in beaters)
    by = next(s for s, c in reversed(obs.plays) if c is not None)
    if by % 2 == obs.player % 2:
        end = (", and the trick stays with this side" if sure_side else "")
        how = "the cheapest card that does" if cheapest else "one that does"
        whose = "the partner's" if obs.players == 4 else "a partner's"
        return "overtake-partner", f"A player who can beat must, even over {whose} {top}: {said} is {how}{end}."
    if not opponents:
        what = ", the cheapest card that does" if cheapest else ""
        return "last-word", (f"No opponent plays after this player, so {said} takes the trick for this side: it beats "
                             f"{top}{what}.")
    if sure_side:
        return "sure-beat", (f"An opponent still to play might beat {top}, so this player beats it with {said}, which "
                             "no opponent still to play can beat: the trick is this side's.")
    if cheapest:
        return "cheap-beat", (f"{said} is the cheapest card in this hand that beats {top}, so this player's higher "
                              "cards wait for a bigger trick.")
    left = _threats(obs, card, opponents)
    return "raise-bar", (f"Beating {top} with {said} rather than a cheaper card leaves "
                         f"{counted(len(left), 'live card')} still out that an opponent could take the trick with.")
