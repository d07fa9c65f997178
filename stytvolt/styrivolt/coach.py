"""The coach's ideas of Stýrivolt: what a card, a trade or a choice about the stock does, in the game's own words.

The ideas are the ones the tactics page teaches (the storm, the pregnant ewe, a
strong first lead, lambs and the won trick they need, giving nothing away,
lying in wait with the stock, four of a kind, dead sevens on a led lamb) and
the ones that follow straight from the rules: traders, the stock, keeping in
and playing on for nine, leading the best stikkar still out, drawing out the
stikkar, winning a trick cheaply or beyond reach, saving a stikkar.

:func:`idea` reads only the seat's
:class:`~stytvolt.styrivolt.observation.Observation`.  A card is "still out"
when this player has not seen it played or put out of play: it may be in
another hand, face up for a trader to fetch, or in the stock.  A card that no
card still out can beat once it is winning (nor the cards of a rank another
player has declared four of) wins the trick "for certain".  Seats are named
"this player", "the partner" and "the opponents", so a sentence reads right as
a hint and as a computer player's reason.
"""

from __future__ import annotations

from typing import Any

from stytvolt.analysis.coach import Idea
from stytvolt.core.cards import Card, Rank
from stytvolt.core.words import counted
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.observation import Observation
from stytvolt.styrivolt.pack import PACK, TO_WIN, TRICKS
from stytvolt.styrivolt.ranking import Ranking, Role, plain_beaters
from stytvolt.styrivolt.tricks import winner_index

__all__ = ["UNIT", "IDEAS", "idea"]

#: What ``returns()`` counts: strokes (a cross counts three).
UNIT = "stroke"

IDEAS: tuple[Idea, ...] = (
    Idea("trader", "Fetching with a trader",
         "Hearts are chosen and ♥A lies face up: trade ♥5 for it when you need the stýrivolt, not before."),
    Idea("keep-guessing", "Keeping them guessing",
         "Offered a last chance to trade ♠5 when the stock is taken, let it go: a face-up card still waits, and "
         "nobody learns who holds the five."),
    Idea("take-stock", "Taking the stock",
         "Your nine cards hold no stikkar: take the stock in the first trick, ten unseen cards for a hand that "
         "could not beat a free card."),
    Idea("lie-in-wait", "Lying in wait",
         "Someone took the stock and you have the right too: wait until you play fourth, then take it, hoping for "
         "a postman or a tvist that wins that trick."),
    Idea("hard-lead", "A lead that is hard to beat",
         "An ordinary hand leads a free card or an unchosen ace: only a stikkar, or a postman for the ace, takes it."),
    Idea("storm", "The storm",
         "Holding a strong hand, lead ♣3, a low unchosen card, to the first trick: almost anything beats it, and "
         "your partner backs it with a high stikkar; opponents stop it if they can."),
    Idea("pregnant-ewe", "The pregnant ewe",
         "Your partner storms with ♣3, but your only stikkar is ♠J and you hold a lamb: let the trick go, and keep "
         "♠J to win a later trick and lead the lamb."),
    Idea("strong-lead", "A strong first lead",
         "The first lead is the fýrik (♣4): the leader may be keeping in alone, so beat it if you can."),
    Idea("top-stikkar", "Leading the best stikkar still out",
         "The bird (♥2) and the fýrik (♣4) have been played: your eight (♠8) led wins for certain."),
    Idea("last-stikkar", "Drawing out the stikkar",
         "Only the bird is still out above your eight: lead the eight, and whoever holds the bird must spend it "
         "to take the trick."),
    Idea("lamb", "Playing the lamb while it wins",
         "You won the last trick and hold ♠7, a lamb: lead it, and nothing can beat it."),
    Idea("lamb-timing", "Lambs need a won trick",
         "With ♥7 and ♠7 in hand, win a trick first: only the winner leads the next, and a lamb wins only when led."),
    Idea("unblock", "Taking over for the lambs",
         "Your partner's ♠8 is winning, but you hold a lamb: take the trick over with ♥A, and lead the lamb next."),
    Idea("keep-in", "Keeping in",
         "Your side has the first three tricks: win the fourth and fifth too, and it scores two strokes instead "
         "of one; one trick to the opponents stops them doing the same."),
    Idea("play-on", "Playing on for nine",
         "You have kept in: play on only if every trick left is sure, since one trick lost leaves an ordinary game."),
    Idea("four-of-a-kind", "Four of a kind",
         "Holding all four sixes, each plays as a postman: say \"Hesin er góður\" as you play the first."),
    Idea("cheap-win", "Winning cheaply",
         "A chosen queen is led: your trist takes it, and your stikkar stay hidden for later."),
    Idea("sure-win", "Winning high",
         "An opponent still to play may hold a postman: take the trick with a stikkar it cannot beat."),
    Idea("save-stikkar", "Saving a stikkar",
         "Your partner's ♥A is winning the trick: throw your ♣3, not your ♠8."),
    Idea("dead-seven", "Dead sevens on a lamb",
         "A lamb is led and cannot be beaten: throw your unchosen seven on it, as the custom goes."),
)

_LOW_PLAIN = Rank.EIGHT  # an unchosen card up to this rank, led, is a low card: a storm when the team can keep in


# -- what the seat knows ----------------------------------------------------------------------------


def _out(obs: Observation) -> list[Card]:
    """The cards still out: not in this hand, not played to a trick, not put out of play face up."""
    gone = set(obs.hand) | set(obs.current) | set(obs.table)
    for trick in obs.tricks:
        gone.update(trick.cards)
    return [c for c in PACK if c not in gone]


def _beaters(obs: Observation, ranking: Ranking, card: Card, promoted: bool) -> list[Card]:
    """The cards still out that would take the trick from ``card`` played now, once it is winning (a rank another
    player has declared four of plays as four of a kind)."""
    declared = {r for s, ranks in enumerate(obs.declared) if s != obs.player for r in ranks}
    cards = (*obs.current, card)
    flags = (*obs.current_promoted, promoted)
    k = len(cards)
    return [c for c in _out(obs) if winner_index(ranking, (*cards, c), (*flags, c.rank in declared)) == k]


def _plays(obs: Observation) -> list[tuple[Card, bool]]:
    return [obs.played_as(a.card) for a in obs.legal if a.kind is Kind.PLAY]


def _role(ranking: Ranking, card: Card, promoted: bool) -> Role:
    return ranking.role(card, promoted)


def _named(ranking: Ranking, card: Card, promoted: bool = False) -> str:
    """A card as a reason names it: ``♥A (stýrivolt)``."""
    return ranking.describe(card, promoted)


def _held(obs: Observation, card: Card) -> str:
    """A card of this hand as a reason names it: its symbol, or for a trader the face-up card it fetches."""
    eff, _ = obs.played_as(card)
    return eff.symbol if eff is card else f"{eff.symbol} (face up, fetched by its trader {card.symbol})"


def _stikkar(obs: Observation, ranking: Ranking, but: Card | None = None) -> list[Card]:
    return [c for c in obs.hand if c is not but and ranking.role(*obs.played_as(c)).is_stikkar]


def _lambs(obs: Observation, ranking: Ranking, but: Card | None = None) -> list[Card]:
    return [c for c in obs.hand if c is not but and ranking.role(*obs.played_as(c)) is Role.LAMB]


def _low_plain(ranking: Ranking, card: Card, promoted: bool) -> bool:
    return _role(ranking, card, promoted) is Role.PLAIN and card.rank <= _LOW_PLAIN


# -- the idea ---------------------------------------------------------------------------------------


def idea(obs: Any, action: Any) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat whose observation ``obs`` is: its key among :data:`IDEAS` and a
    sentence naming only the action's cards and cards the observation shows; None when no idea fits."""
    if not isinstance(obs, Observation) or not isinstance(action, Action) or obs.ranking is None:
        return None
    ranking = obs.ranking
    kind = action.kind
    if kind is Kind.PLAY and obs.phase == "play":
        return _card(obs, ranking, action.card)
    if kind is Kind.TRADE:
        return _trade(obs, ranking, *action.cards)
    if kind is Kind.PASS and obs.phase == "last-chance":
        return "keep-guessing", ("This player lets the last chance to trade go: one face-up card goes with the stock, "
                                 "the other stays for the trader, and nobody learns who holds the five.")
    if kind is Kind.TAKE_STOCK:
        if any(t.player != obs.player for t in obs.takes):
            if len(obs.current) == 3:
                return "lie-in-wait", ("Playing fourth, this player takes up the stock now: a postman or a tvist "
                                       "among its cards could win this very trick.")
            return "take-stock", ("Another player has taken the stock; this player, with the right too, takes up the "
                                  "cards put down for it.")
        if not obs.right_to_stock:
            return None
        return "take-stock", ("This player's hand holds no stikkar, so it may take the stock: ten unseen cards for a "
                              "hand that cannot beat a free card.")
    if kind is Kind.WITH:
        return "take-stock", (f"The taker takes {_named(ranking, action.card)} along with the stock; the other face-up "
                              "card stays for the trader of its suit.")
    if kind in (Kind.KEEP, Kind.DISCARD, Kind.GO_BACK, Kind.KEEP_BOTH):
        return _stock(obs, ranking, action)
    if kind in (Kind.PLAY_ON, Kind.STOP):
        return _play_on(obs, ranking, kind)
    return None


def _trade(obs: Observation, ranking: Ranking, give: Card, take: Card) -> tuple[str, str]:
    role = ranking.role(take)
    fetched = _named(ranking, take)
    if ranking.role(give) is not Role.TRADER:
        return "trader", (f"Giving {give.symbol} for the face-up {fetched} brings a stikkar into this player's hand "
                          "for a card worth little.")
    said = f"Trading {give.symbol} for the face-up {fetched} brings it into this player's hand"
    if obs.phase == "last-chance":
        return "trader", said + ": this is the last chance, before the stock is taken and a face-up card goes with it."
    if role is Role.LAMB and not obs.current and obs.tricks:
        return "trader", said + " to lead at once: nothing beats a led lamb."
    if role.is_stikkar:
        return "trader", said + ", a stikkar to win a trick with."
    return "trader", said + "."


def _stock(obs: Observation, ranking: Ranking, action: Action) -> tuple[str, str]:
    kind = action.kind
    found = [c for c in obs.hand if ranking.role(c).is_stikkar]
    if kind is Kind.KEEP_BOTH:
        return "take-stock", ("Neither the stock nor the hand given up holds a stikkar, so this player keeps both: "
                              "nineteen cards to find its leads among.")
    if kind is Kind.GO_BACK:
        return "take-stock", ("The stock's cards hold no stikkar, so this player may go back to its own hand, and "
                              "does.")
    what = (f"The stock brought {' and '.join(_named(ranking, c) for c in found)}, so this player keeps its cards"
            if found else "This player keeps the stock's cards")
    if kind is Kind.DISCARD:
        return "take-stock", what + f" and discards {_named(ranking, action.card)}, a card it can spare."
    return "take-stock", what + "."


def _play_on(obs: Observation, ranking: Ranking, kind: Kind) -> tuple[str, str]:
    alone = obs.won[obs.player] >= TO_WIN
    who = "This player has kept in alone" if alone else "This team has kept in"
    left = TRICKS - len(obs.tricks)
    if kind is Kind.PLAY_ON:
        return "play-on", (f"{who}: playing on risks only the bonus, since a trick lost to the opponents still leaves "
                           "the hand won, and all nine tricks score more than keeping in.")
    return "play-on", (f"{who}: stopping scores the keeping-in now, where playing on and losing one of the "
                       f"{counted(left, 'trick')} left to the opponents would leave only an ordinary game.")


# -- a card played ------------------------------------------------------------------------------------


def _card(obs: Observation, ranking: Ranking, card: Card) -> tuple[str, str] | None:
    eff, promoted = obs.played_as(card)
    found = _lead(obs, ranking, eff, promoted) if not obs.current else _follow(obs, ranking, eff, promoted)
    if found is None:
        return None
    key, sentence = found
    if promoted and eff.rank not in obs.declared[obs.player]:
        key = "four-of-a-kind"
        sentence = (f"Holding all four of its rank, this player plays {_named(ranking, eff, True)} as the best of "
                    f"them, and says \"Hesin er góður\". " + sentence)
    if eff is not card:
        sentence = f"Played, the trader {card.symbol} fetches the face-up {eff.symbol}. " + sentence
    return key, sentence


def _context(obs: Observation) -> tuple[int, int, int]:
    """The tricks done, this team's and the opponents'."""
    team = obs.player % 2
    tricks = obs.team_tricks()
    return len(obs.tricks), tricks[team], tricks[1 - team]


def _lead(obs: Observation, ranking: Ranking, card: Card, promoted: bool) -> tuple[str, str] | None:
    role = _role(ranking, card, promoted)
    done, ours, theirs = _context(obs)
    said = _named(ranking, card, promoted)
    run = done > 0 and theirs == 0 and ours == done < TO_WIN
    if role is Role.LAMB:
        return "lamb", (f"Led, {card.symbol} is a lamb: nothing beats it, so the trick is this player's"
                        + (", and the team's run of tricks from the first goes on." if run else "."))
    above = _beaters(obs, ranking, card, promoted)
    if not above:
        if run:
            return "keep-in", _keep_in(obs, ours, f"{said} led wins the trick for certain")
        if role.is_stikkar:
            return "top-stikkar", f"No stikkar still out is higher than {said}, so led it wins the trick for certain."
        return "hard-lead", f"No card still out can beat {said} led, so it wins the trick for certain."
    if role.is_stikkar:
        if done == 0:
            return "strong-lead", (f"Leading {said} to the first trick starts the hand with a stikkar: only a higher "
                                   "one takes it, and a player who wins the first tricks may go on to keep in.")
        if len(above) == 1:
            return "last-stikkar", (f"Only one card still out beats {said}: led, it makes whoever holds that card "
                                    "spend it to take the trick.")
        return "last-stikkar", (f"Led, {said} can be beaten only by one of the {len(above)} cards still out above it: "
                                "an opponent who wants the trick must spend one.")
    if _low_plain(ranking, card, promoted) and theirs == 0 and done < TO_WIN:
        start = "begin" if done == 0 else "go on"
        return "storm", (f"Leading {said}, a low unchosen card, calls up a storm: almost anything beats it, and the "
                         f"partner is asked to take the trick with a high stikkar so the team's run of tricks can "
                         f"{start}.")
    hard = {Role.FREE_CARD: "only a stikkar takes it", Role.KING: "only a tvist, a postman or a stikkar takes it",
            Role.QUEEN: "only a trist or better takes it"}
    if role in hard:
        return "hard-lead", f"Led, {said} is hard to beat: {hard[role]}, so it gives little away."
    if role.is_taking:
        who = "a stikkar" if role is Role.POSTMAN else "a higher taking card or a stikkar"
        return "hard-lead", f"Led, {said} is hard to beat: only {who} takes it, so it gives little away."
    if role is Role.PLAIN and card.rank >= Rank.QUEEN:
        higher = "" if card.rank is Rank.ACE else f"a higher {card.suit.singular}, "
        return "hard-lead", (f"Led, {said} is hard to beat: only {higher}{plain_beaters(card.rank)} takes it, so it "
                             "gives little away.")
    if role is Role.PLAIN and not _least(obs, ranking, card, promoted):
        return "hard-lead", (f"Led, {said} makes whoever wants the trick spend a card on it: only a higher "
                             f"{card.suit.singular} or {plain_beaters(card.rank)} takes it.")
    if _least(obs, ranking, card, promoted):
        sure = any(not _beaters(obs, ranking, c, p) or _role(ranking, c, p) is Role.LAMB for c, p in _plays(obs))
        start = "This player" if sure else "With nothing sure to lead, this player"
        return "save-stikkar", f"{start} leads {said}, its least useful card, and keeps its better cards back."
    return None


def _least(obs: Observation, ranking: Ranking, card: Card, promoted: bool) -> bool:
    worth = card_worth(ranking, card, promoted)
    return all(worth <= card_worth(ranking, c, p) for c, p in _plays(obs))


def _keep_in(obs: Observation, ours: int, did: str, sure: bool = True) -> str:
    done = len(obs.tricks)
    alone = obs.won[obs.player] == done
    who = "This player has" if alone else "This team has"
    what = "keeping in alone (a monk's cross)" if alone else "keeping in (the first five tricks, for two strokes)"
    hold = "" if sure else "if it holds, "
    if ours >= TO_WIN:
        nine = "all nine tricks alone" if alone else "all nine tricks"
        return f"{who} kept in and plays on: {did}, and {hold}{nine} stay in reach."
    if ours == TO_WIN - 1:
        return f"{who} taken every trick so far: {did}, the fifth, and {hold}that is {what}."
    return f"{who} taken every trick so far: {did}, and {hold}{what} stays alive."


def _follow(obs: Observation, ranking: Ranking, card: Card, promoted: bool) -> tuple[str, str] | None:
    current = obs.current
    best = winner_index(ranking, current, obs.current_promoted)
    winning = current[best]
    w = _named(ranking, winning, obs.current_promoted[best])
    by_partner = (obs.leader + best) % 2 == obs.player % 2
    takes = winner_index(ranking, (*current, card), (*obs.current_promoted, promoted)) == len(current)
    said = _named(ranking, card, promoted)
    done, ours, theirs = _context(obs)
    led, led_promoted = current[0], obs.current_promoted[0]
    partner_led = obs.leader % 2 == obs.player % 2
    storm = _low_plain(ranking, led, led_promoted) and done < TO_WIN
    if not takes:
        return _throw(obs, ranking, card, promoted, w, by_partner, storm and partner_led and theirs == 0)
    fourth = len(current) == 3
    above = [] if fourth else _beaters(obs, ranking, card, promoted)
    sure = not above
    how = "wins the trick for certain" if sure else "takes the trick over"
    if done > 0 and theirs == 0 and ours == done:
        return "keep-in", _keep_in(obs, ours, f"{said} {how}", sure)
    if done > 0 and ours == 0 and theirs == done:
        stops = "taking all nine" if done >= TO_WIN else "keeping in"
        return "keep-in", (f"The opponents have taken every trick so far: {said} {how}, and "
                           + ("" if sure else "if it holds, ") + f"that single trick for this team stops them {stops}.")
    led_said = _named(ranking, led, led_promoted)
    if storm and theirs == 0 and partner_led and _role(ranking, card, promoted).is_stikkar:
        return "storm", (f"The partner's lead of {led_said}, a low unchosen card, is a storm: {said} backs it with a "
                         f"stikkar and {how}, so the team's run of tricks can begin.")
    if storm and ours == 0 and not partner_led:
        return "storm", (f"The opponents' lead of {led_said}, a low unchosen card, is a storm, a try to keep in: "
                         f"{said} {how}, and a team that loses one of the first five tricks cannot keep in.")
    if done == 0 and not partner_led and _role(ranking, led, led_promoted).is_stikkar:
        return "strong-lead", (f"The first lead, {led_said}, is a stikkar, perhaps a try to keep in alone: {said} "
                               f"beats it, and {how}.")
    lambs = _lambs(obs, ranking, but=card)
    if by_partner and lambs:
        return "unblock", (f"The partner's {w} is winning, but {said} takes the trick over: only the winner of a trick "
                           f"leads the next, and this player holds {_held(obs, lambs[0])}, a lamb, to lead then.")
    if lambs:
        first = f"{said} wins the trick for certain, so" if sure else f"If {said} holds the trick,"
        return "lamb-timing", (f"{first} this player leads next, and {_held(obs, lambs[0])}, a lamb, wins the trick "
                               "after: lambs need a won trick.")
    takers = [(c, p) for c, p in _plays(obs)
              if winner_index(ranking, (*current, c), (*obs.current_promoted, p)) == len(current)]
    worth = card_worth(ranking, card, promoted)
    if all(worth <= card_worth(ranking, c, p) for c, p in takers):
        tail = (": as the last to play, the trick is this team's." if fourth else
                ", and no card still out can beat it." if sure else ", keeping its better cards hidden.")
        return "cheap-win", f"{said} is the cheapest card in this hand that takes the trick from {w}" + tail
    if fourth:
        return None
    if sure:
        return "sure-win", f"{said} takes the trick from {w}, and no card still out can beat it."
    few = "only " if len(above) <= 2 else ""
    return "sure-win", (f"{said} takes the trick from {w}, and {few}{counted(len(above), 'card')} still out could "
                        "beat it.")


def _throw(obs: Observation, ranking: Ranking, card: Card, promoted: bool, w: str, by_partner: bool,
           partners_storm: bool) -> tuple[str, str] | None:
    said = _named(ranking, card, promoted)
    led, led_promoted = obs.current[0], obs.current_promoted[0]
    if _role(ranking, led, led_promoted) is Role.LAMB and card.rank is Rank.SEVEN and _role(
            ranking, card, promoted) is Role.PLAIN:
        return "dead-seven", (f"Nothing beats a led lamb, so this player throws {said}, a dead seven, as the table's "
                              "custom has it: sevens thrown together make four of a kind likelier in the next deal.")
    stikkar = _stikkar(obs, ranking, but=card)
    lambs = _lambs(obs, ranking, but=card)
    if partners_storm and len(stikkar) == 1 and lambs and ranking.role(*obs.played_as(stikkar[0])) in (
            Role.STYRIVOLT, Role.KARNIFL):
        return "pregnant-ewe", (f"The partner's lead is a storm, but this player's only stikkar is "
                                f"{_held(obs, stikkar[0])}, a {ranking.role(*obs.played_as(stikkar[0])).english}: it lets the "
                                "storm blow over and keeps that stikkar to win a later trick, after which "
                                f"{_held(obs, lambs[0])}, a lamb, may be led.")
    least = _least(obs, ranking, card, promoted)
    thrown = f"{said}, its least useful card," if least else said
    keep = "its stikkar" if stikkar else "its better cards"
    # Not the least useful card: all that is sure is that no stikkar is spent while the hand keeps some.
    saves = least or (bool(stikkar) and not _role(ranking, card, promoted).is_stikkar)
    if by_partner:
        if not saves:
            return None
        return "save-stikkar", f"The partner's {w} is winning the trick, so this player throws {thrown} and keeps {keep}."
    takers = [c for c, p in _plays(obs)
              if winner_index(ranking, (*obs.current, c), (*obs.current_promoted, p)) == len(obs.current)]
    if not takers:
        return "save-stikkar", (f"No card in this hand takes the trick from {w}, so this player throws "
                                + (f"{said}, its least useful card." if least else f"{said}."))
    if not saves:
        return None
    return "save-stikkar", (f"This player lets {w} win and throws {said}"
                            + (", its least useful card," if least else ",") + f" keeping {keep} for a later trick.")
