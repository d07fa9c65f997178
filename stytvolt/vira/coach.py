"""The coach's ideas of Vira: what each call, exchange, decision and card serves, in the game's own words.

:func:`idea` reads one seat's observation and the action it takes (never the
hidden cards) and gives the idea's key (one of :data:`IDEAS`, which the
tactics page lists) and a sentence true from what that seat sees.  A trump
contract's card play is read by the shared
:mod:`stytvolt.analysis.trickideas`; the ideas of Vira alone are here: the
auction (bidding for tricks or a misère, holding, passing), trumps and their
class, the exchanges with the talon, surrendering and the second try, making
or defeating the contract, an endplay, and the play of a misère on both
sides (getting under, the last trick, shedding high cards, forcing the
soloist).
"""

from __future__ import annotations

from stytvolt.analysis.coach import Idea
from stytvolt.analysis.trickideas import TrickView, card_idea, played_cards, seats_from, suit_words
from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.words import counted
from stytvolt.vira.bots import danger
from stytvolt.vira.contracts import Contract, Kind, contract
from stytvolt.vira.hand import Action, Observation
from stytvolt.vira.play import suit_class_of

__all__ = ["UNIT", "IDEAS", "idea"]

#: What ``returns()`` counts: points, a chip to the pot counted at eight.
UNIT = "point"

IDEAS: tuple[Idea, ...] = (
    Idea("bid-tricks", "Bidding for tricks",
         "With six spades headed by ♠A ♠K and two side aces, bid Draw 8: the talon will add a trick or two."),
    Idea("bid-misere", "Bidding a misère",
         "Holding ♠2 ♥3 ♥4 ♦2 and no high card you cannot lay away, bid Misère 2."),
    Idea("hold", "Holding",
         "A younger player bids Draw 7: as the elder, hold it and keep the bid without going higher."),
    Idea("pass", "Passing",
         "The bidding is past what the hand can carry: pass, and let the soloist face two opponents."),
    Idea("name-trump", "Naming trumps",
         "Hearts preference, a colour bid, ♦A ♦K ♦Q ♦9 ♦5 ♦2: name diamonds, paid at the colour rate."),
    Idea("gask-misere", "Gask: tricks or a misère",
         "Gask 2 with ♠2 ♥3 ♦2 ♦4 and nothing high: choose the misère and lose all 13 tricks."),
    Idea("lay-away", "Laying away",
         "The soloist of Draw 7 with hearts trumps lays away ♣3 and ♦4, cards that would never win a trick."),
    Idea("exchange", "Exchanging with the talon",
         "An opponent of a draw lays away ♣2 and draws a fresh card, hoping for a trump or an ace."),
    Idea("play-on", "Playing the contract out",
         "The soloist of Solo 7 plays on: a surrendered solo would count double."),
    Idea("surrender", "Surrendering",
         "Two tricks short after the exchange, the soloist of Draw 8 surrenders: a single loss, not a kodille."),
    Idea("second-try", "The second try",
         "The draw brought nothing: the soloist pays the first try as lost and exchanges again."),
    Idea("make-contract", "Making the contract",
         "The soloist of Draw 7 has six tricks: ♠A, the highest spade still out, makes the seventh."),
    Idea("defeat-contract", "Defeating the contract",
         "The opponents hold four tricks against Draw 9: one more and the soloist cannot make nine."),
    Idea("endplay", "Endplays: making them lead",
         "With ♥A ♥Q and ♥K still out, the soloist gives up the lead: a heart led later may let both win."),
    Idea("draw-trumps", "Drawing trumps",
         "The soloist leads ♥A and ♥K: every opponent must follow with a trump while one is left."),
    Idea("cash", "Cashing a sure trick",
         "♣A is the highest club still out and the opponents have no trump left: lead it."),
    Idea("short-suit", "Leading from a short suit",
         "Lead the single ♦3: once out of diamonds, the soloist can trump them."),
    Idea("lead-low", "Leading low",
         "With ♠A still out, lead ♠4 rather than ♠K: the king keeps its chance for later."),
    Idea("play-high", "Playing a high card",
         "♣K with only ♣A higher still out: it wins the trick unless ♣A or a trump comes down on it."),
    Idea("partner-low", "Leaving the trick to the other opponent",
         "The other opponent's ♠A is winning: follow with ♠2 and keep the ♠K."),
    Idea("overtake", "Overtaking the other opponent",
         "The other opponent's ♠K is winning, but you take over with ♠A to lead the next trick yourself."),
    Idea("win-cheap", "Winning as cheaply as possible",
         "♠Q and ♠A both beat ♠J as last to play: win with ♠Q and keep ♠A."),
    Idea("win-sure", "Making sure of the trick",
         "Second to play, take the trick with ♥A, the highest trump: no card still out can beat it."),
    Idea("ruff", "Trumping",
         "Out of clubs, trump ♣A with ♥2: the smallest trump beats every club."),
    Idea("overruff", "Overtrumping",
         "The soloist trumped with ♥5: you have no club either, so overtrump with ♥9."),
    Idea("duck", "Ducking",
         "Second to play, let ♦10 go by with ♦3 and keep ♦A over the soloist's ♦K."),
    Idea("not-worth", "Keeping the trumps",
         "Out of spades, throw ♣2 on the other opponent's lead rather than spend a trump."),
    Idea("discard", "Discarding a loser",
         "Out of diamonds and unable to win, throw ♣2."),
    Idea("keep-guard", "Keeping a guard",
         "Holding ♠K ♠4 with ♠A still out, discard from another suit: ♠4 lets ♠K duck under ♠A."),
    Idea("cannot-win", "Giving up a lost trick cheaply",
         "Nothing beats the ♦A on the table: follow with ♦2 and keep the higher diamonds."),
    Idea("misere-lead", "Leading in a misère",
         "The soloist of a misère leads ♣2: no lower club is still out, so any club played to it wins."),
    Idea("misere-under", "Getting under",
         "♥9 is winning the trick: the soloist plays ♥8, the highest heart that still loses it."),
    Idea("misere-shed", "Shedding a high card",
         "With no diamond to follow, the soloist of a misère throws ♠K, its most dangerous card."),
    Idea("last-trick", "Getting under the last trick",
         "Two cards left: the soloist plays ♣9 under ♣10 and keeps ♥2 for the last trick."),
    Idea("misere-forced", "A trick the misère cannot avoid",
         "Every card the soloist may play beats ♠3: it takes the trick with its highest, ♠K."),
    Idea("misere-defend", "Defending a misère",
         "Lead ♦2 against the misère: a soloist holding diamonds has none that gets under it."),
    Idea("misere-unblock", "Unblocking against a misère",
         "The soloist's ♥7 is already beaten: throw ♥K now and keep the low hearts to get under it later."),
)

_SUITS = {suit: tuple(Card(suit, rank) for rank in sorted(Rank, reverse=True) if rank >= Rank.TWO) for suit in Suit}


def _contract(obs: Observation) -> Contract | None:
    return contract(obs.contract) if obs.contract is not None else None


def _misere(obs: Observation) -> bool:
    item = _contract(obs)
    return item is not None and (obs.misere or item.always_misere)


def view(obs: Observation) -> TrickView:
    """The seat's view of the trick it plays to."""
    trump = None if _misere(obs) else obs.trump
    assert obs.leader is not None
    gone = played_cards((plays for _, plays, _ in obs.tricks), obs.current) | set(obs.hand) | set(obs.discards)
    solo = obs.player == obs.soloist
    friends = frozenset({obs.player}) if solo else frozenset(s for s in obs.active if s != obs.soloist)
    return TrickView(
        suit_of=lambda c: c.suit, power=lambda c: int(c.rank), trump=trump, suit_cards=lambda s: _SUITS[s],
        points=None, seat=obs.player, order=seats_from(obs.leader, obs.active), current=tuple(obs.current),
        legal=tuple(a.card for a in obs.legal if a.kind == "card" and a.card is not None), hand=tuple(obs.hand),
        gone=frozenset(gone), friends=friends, friend="" if solo else "the other opponent")


# -- the play --------------------------------------------------------------------------------------------------


def _play(obs: Observation, card: Card) -> tuple[str, str] | None:
    seen = view(obs)
    if _misere(obs):
        return _misere_play(obs, seen, card)
    item = _contract(obs)
    if item is not None and item.tricks is not None and seen.takes(card):
        solo = obs.player == obs.soloist
        assert obs.soloist is not None
        need = item.tricks
        if solo and obs.won[obs.soloist] + 1 == need:
            return "make-contract", (f"{card.symbol} makes sure of the soloist's {_ordinal(need)} trick: "
                                     f"{item.english} is made.")
        against = sum(obs.won[s] for s in seen.friends) + 1
        most = obs.trick_count - against
        if not solo and most == need - 1:
            return "defeat-contract", (f"{card.symbol} makes sure of the opponents' {_ordinal(against)} trick: the "
                                       f"soloist can no longer make the {need} tricks of {item.english}.")
        if not solo and most == need - 2:
            return "defeat-contract", (f"{card.symbol} makes sure of the opponents' {_ordinal(against)} trick: the "
                                       f"soloist now falls at least two tricks short, a kodille.")
    if obs.player == obs.soloist and not obs.current and len(obs.hand) <= 5:
        found = _endplay(seen, card)
        if found:
            return "endplay", found
    return card_idea(seen, card)


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth",
            9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth", 13: "thirteenth"}[n]


def _endplay(seen: TrickView, card: Card) -> str:
    """A lead that gives up the lead while the soloist keeps a tenace (the highest card still in play of a suit and
    the next but one, the card between them still out), so that a lead of that suit later may let both win."""
    if not seen.higher_out(card) or seen.suit_of(card) is seen.trump:
        return ""
    for suit in Suit:
        if suit is card.suit or suit is seen.trump:
            continue
        mine = sorted((c for c in seen.hand if c.suit is suit), key=lambda c: -c.rank)
        if len(mine) < 2:
            continue
        top, second = mine[0], mine[1]
        between = [c for c in seen.out(suit) if second.rank < c.rank]
        if not seen.higher_out(top) and len(between) == 1:
            word = suit.singular
            return (f"{card.symbol} gives up the lead while this player keeps {top.symbol} and {second.symbol} over "
                    f"the one {word} still out between them: a {word} led to it later may let both win.")
    return ""


def _misere_play(obs: Observation, seen: TrickView, card: Card) -> tuple[str, str] | None:
    suit = card.suit
    if obs.player == obs.soloist:
        if not obs.current:
            lower = [c for c in seen.out(suit) if c.rank < card.rank]
            if not lower:
                return "misere-lead", (f"{card.symbol} leads: no lower {suit.singular} is still out, so any "
                                       f"{suit.singular} played to it wins the trick.")
            return "misere-lead", (f"{card.symbol} leads: any higher {suit.singular} played to it wins the trick, and "
                                   f"{_counted_out(len(lower), 'lower ' + suit.singular)}.")
        index = seen.winner(seen.current)
        win = seen.current[index]
        if not seen.wins(card):
            others = [c for c in seen.hand if c is not card]
            if len(seen.hand) == 2 and others and others[0].rank < card.rank:
                return "last-trick", (f"{card.symbol} loses this trick, and this player keeps its lower card for the "
                                      "last trick, where it must get under once more.")
            if suit is not win.suit and suit is not seen.current[0].suit:
                high = card is max(seen.hand, key=lambda c: c.rank)
                said = ", its highest card, the likeliest to win a trick later" if high else ""
                return "misere-shed", (f"{card.symbol} is thrown{said}: with no "
                                       f"{seen.current[0].suit.english} to follow, this player cannot win the trick.")
            losing = [c for c in seen.legal if not seen.wins(c)]
            if card is max(losing, key=lambda c: c.rank):
                return "misere-under", (f"{card.symbol} gets under {win.symbol}: the highest {suit.singular} this "
                                        "player holds that still loses the trick.")
            return "misere-under", f"{card.symbol} stays under {win.symbol}: it cannot win the trick."
        if all(seen.wins(c) for c in seen.legal):
            high = card is max(seen.legal, key=lambda c: c.rank)
            tail = ""
            if seen.later and seen.higher_out(card):
                tail = f", though a higher {suit.singular} still out may yet come after it"
            elif high:
                tail = ", so it sheds its highest"
            return "misere-forced", (f"{card.symbol} must go above {win.symbol}: every card this player may play "
                                     f"beats it{tail}.")
        if seen.later and seen.higher_out(card):
            return "misere-shed", (f"{card.symbol} goes above {win.symbol} while "
                                   f"{_counted_out(len(seen.higher_out(card)), 'higher ' + suit.singular)} and may "
                                   "still come after it: a high card shed now cannot win a trick later.")
        return None
    return _misere_defence(obs, seen, card)


def _counted_out(n: int, noun: str) -> str:
    return f"{counted(n, noun)} {'is' if n == 1 else 'are'} still out"


def _misere_defence(obs: Observation, seen: TrickView, card: Card) -> tuple[str, str] | None:
    assert obs.soloist is not None
    played = seen.order[:len(seen.current)]
    suit = card.suit
    if obs.soloist not in played:
        after = seen.current + (card,)
        top = after[seen.winner(after)]
        lower = [c for c in seen.out(top.suit) if c.rank < top.rank]
        if not lower:
            room = (f"no lower {top.suit.singular} is still out, so a soloist holding {top.suit.english} has none "
                    "that gets under it")
        else:
            room = f"the soloist, still to play, must get under {top.symbol} with a {top.suit.singular} if it holds one"
        verb = "leads" if not seen.current else "is played"
        return "misere-defend", f"{card.symbol} {verb}: {room}."
    index = seen.winner(seen.current)
    win = seen.current[index]
    if seen.order[index] == obs.soloist:
        if not seen.wins(card):
            return "misere-defend", (f"{card.symbol} stays under the soloist's {win.symbol}: the soloist keeps the "
                                     "trick, and one trick taken beats a misère.")
        if all(seen.wins(c) for c in seen.legal):
            return "overtake", (f"{card.symbol} must go above the soloist's {win.symbol}: every card this player may "
                                "play beats it.")
        return None
    high = card is max(seen.legal, key=lambda c: c.rank)
    keep = ", and this player keeps its lower cards, which can get under the soloist's later" if high else ""
    return "misere-unblock", f"{card.symbol} goes on a trick the soloist has already lost{keep}."


# -- before the play -------------------------------------------------------------------------------------------


def _longest(obs: Observation) -> tuple[int, Suit]:
    counts = {s: sum(1 for c in obs.hand if c.suit is s) for s in Suit}
    best = max(Suit, key=lambda s: (counts[s], -int(s)))
    return counts[best], best


def _safe_words(obs: Observation) -> str:
    risky = danger(obs.hand)
    return (f"by the rule of safe low cards (a 2, a 3 with a 4, a 4-5-6…), "
            f"{counted(risky, 'card')} of this hand could win a trick without trumps")


_UNDERTAKES = {
    Kind.DRAW: "{tricks} tricks after naming trumps and exchanging with the talon",
    Kind.TURN_UP: "{tricks} tricks with trumps turned from the talon, after exchanging",
    Kind.SOLO: "{tricks} tricks with trumps of its choice and no exchange",
    Kind.VIRA: "all 13 tricks after taking the whole talon",
    Kind.GASK: "{tricks} tricks after keeping {count} and taking the talon",
}


def _auction(obs: Observation, action: Action) -> tuple[str, str]:
    high = obs.high
    if action.kind == "pass":
        return "pass", f"Passing leaves the bid at {high}: a player who passes may not bid again."
    if action.kind == "hold":
        return "hold", (f"Holding {high}: as the elder player, this player takes over that bid at the same level "
                        "instead of going higher.")
    bid = action.bid
    assert bid is not None
    item = bid.contract
    opening = "Eldest may not pass: " if not any(a.kind == "pass" for a in obs.legal) else ""
    start = f"Bidding {bid}" if not opening else f"bidding {bid}"
    if item.always_misere:
        return "bid-misere", (f"{opening}{start} undertakes to lose every trick; {_safe_words(obs)}.")
    what = _UNDERTAKES[item.kind].format(tricks=item.tricks, count=counted(item.count, "card"))
    length, suit = _longest(obs)
    return "bid-tricks", (f"{opening}{start} undertakes {what}; this player's longest suit holds "
                          f"{counted(length, 'card')}.")


def _trump(obs: Observation, action: Action) -> tuple[str, str]:
    item = _contract(obs)
    if action.kind == "misere":
        return "gask-misere", (f"Choosing the misère of {obs.contract}: every trick must now be lost without trumps; "
                               f"{_safe_words(obs)}.")
    suit = action.suit
    assert suit is not None and item is not None
    n = sum(1 for c in obs.hand if c.suit is suit)
    length, _ = _longest(obs)
    cls = suit_class_of(suit, obs.preference)
    most = ", its longest suit" if n == length else ""
    rate = ""
    if len(item.rates) == 3:
        rate = (f"; {suit.english} are {cls.value} here, so {item.english} is paid at "
                f"{counted(item.rate(cls), 'point')} from each opponent")
    return "name-trump", (f"Naming {suit.symbol} {suit.english} as trumps: this player holds "
                          f"{counted(n, suit.singular)}{most}{rate}.")


def _discard(obs: Observation, action: Action) -> tuple[str, str]:
    card = action.card
    assert card is not None
    if obs.player != obs.soloist:
        low = card.rank <= Rank.EIGHT
        trump = obs.trump is not None and card.suit is obs.trump
        what = f", a low {'trump' if trump else 'card'}" if low else ""
        return "exchange", f"Laying away {card.symbol}{what}, to draw a card from the talon in its place."
    if _misere(obs):
        if card.rank >= Rank.NINE:
            return "lay-away", (f"Laying away {card.symbol}, a high card: in a misère it is the likeliest to win a "
                                "trick the soloist must lose.")
        return "lay-away", (f"Laying away {card.symbol}: in a misère the soloist keeps the cards least likely to win "
                            "a trick.")
    above = sum(1 for c in obs.hand if c.rank > card.rank)
    if obs.trump is not None and card.suit is not obs.trump and card.rank <= Rank.TEN:
        return "lay-away", (f"Laying away {card.symbol}, a low card outside trumps: it would seldom win a trick.")
    return "lay-away", (f"Laying away {card.symbol}: {counted(above, 'card')} this player keeps "
                        f"{'ranks' if above == 1 else 'rank'} above it.")


def _decide(obs: Observation, action: Action) -> tuple[str, str]:
    item = _contract(obs)
    assert item is not None
    if action.kind == "surrender":
        if item.is_solo:
            return "surrender", "Surrendering a solo counts double, as much as a kodille: the hand is given up."
        return "surrender", ("Surrendering counts as a single loss, where a contract lost by two or more tricks counts "
                             "double (a kodille).")
    if action.kind == "retry":
        return "second-try", ("Buying a second try: the first try is paid to the opponents as lost, and the soloist "
                              "tries again, for less if it wins.")
    if item.is_solo:
        return "play-on", "Playing the contract out: a surrendered solo would count double."
    return "play-on", ("Playing the contract out rather than surrender, which would count as a single loss however "
                       "the play went.")


def idea(obs: Observation, action: Action) -> tuple[str, str] | None:
    """The idea ``action`` serves for the seat of ``obs`` (its observation, the seat to move), and its sentence."""
    kind = action.kind
    if kind == "card" and action.card is not None:
        return _play(obs, action.card)
    if kind in ("bid", "hold", "pass"):
        return _auction(obs, action)
    if kind in ("trump", "misere"):
        return _trump(obs, action)
    if kind == "discard":
        return _discard(obs, action)
    if kind in ("draw", "keep"):
        n = obs.step_discards
        if kind == "keep" or not n:
            return "exchange", "Keeping the hand as dealt: this player lays nothing away and draws nothing."
        return "exchange", f"Drawing {counted(n, 'card')} from the talon for the {counted(n, 'card')} laid away."
    if kind in ("play", "surrender", "retry"):
        return _decide(obs, action)
    return None
