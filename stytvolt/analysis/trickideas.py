"""The ideas of a card played to a trick, read once for every follow-suit game (Sjavs, Klørsjavs, Vira).

A game's coach part (``stytvolt.<game>.coach``) builds a :class:`TrickView`
from its seat's observation and its own rule functions (the suit a card
plays in, its power within that suit, the trump suit, every card of a suit,
card points), and asks :func:`card_idea` what a card played now does: draw
trumps, cash a sure winner, smear points onto the partner's trick, win as
cheaply as possible, trump or overtrump, duck, throw a loser, keep a guard…
The answer is an idea's key and a sentence that is true from what the seat
sees: it names only the played card and the cards on the table, counts the
cards "still out" (neither played nor this seat's own), and says "may" of
whatever hidden cards could do.

Nothing here knows a game: the words that differ (the partner's name, whether
cards count points) come in with the view, and each game keeps its own ideas
before the play (bids, trumps, exchanges) and around it (counting to 61,
saving the vol, making the contract, a misère).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.tricks import trick_winner_by
from stytvolt.core.words import counted

__all__ = ["TrickView", "card_idea", "suit_words", "played_cards", "seats_from", "points_idea"]


def suit_words(suit: Suit, trump: Suit | None, count: int = 2) -> str:
    """What cards of ``suit`` are called in play: "trumps" ("trump" for one), else "spades" ("spade")."""
    if suit is trump:
        return "trump" if count == 1 else "trumps"
    return suit.singular if count == 1 else suit.english


def played_cards(tricks: Iterable[Sequence[Card]], current: Sequence[Card]) -> set[Card]:
    """Every card played so far: the finished tricks' cards and the trick on the table."""
    out = set(current)
    for plays in tricks:
        out.update(plays)
    return out


def seats_from(leader: int, seats: Sequence[int]) -> tuple[int, ...]:
    """The seats of a trick in play order, from ``leader`` round ``seats`` (the active seats, in turn order)."""
    i = seats.index(leader)
    return tuple(seats[(i + k) % len(seats)] for k in range(len(seats)))


@dataclass(frozen=True)
class TrickView:
    """One seat's view of the trick it plays to, from its observation and its game's rules.

    ``suit_of``, ``power``, ``trump`` (the suit trumps play in; None without trumps), ``suit_cards`` (every card
    playing in a suit, as the game's pack has it) and ``points`` (card points, None in a game without them) are the
    game's; ``seat`` plays now, ``order`` the trick's seats in play order (``order[i]`` played ``current[i]``),
    ``legal`` the cards it may play, ``hand`` every card it may still play in the hand, ``gone`` the cards that can
    no longer be played against it (played, its own, its own laid away), ``friends`` its side (itself included),
    ``friend`` how a reason names a friend ("the partner", "the other opponent"; "" when it has none).
    """

    suit_of: Callable[[Card], Suit]
    power: Callable[[Card], int]
    trump: Suit | None
    suit_cards: Callable[[Suit], Sequence[Card]]
    points: Callable[[Card], int] | None
    seat: int
    order: tuple[int, ...]
    current: tuple[Card, ...]
    legal: tuple[Card, ...]
    hand: tuple[Card, ...]
    gone: frozenset[Card]
    friends: frozenset[int]
    friend: str

    # -- reading the trick ------------------------------------------------------------------------------------

    def pts(self, card: Card) -> int:
        return self.points(card) if self.points is not None else 0

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.suit_of(card) is self.trump

    def winner(self, cards: Sequence[Card]) -> int:
        """The index of the play winning ``cards`` (a trick, led card first)."""
        return trick_winner_by(cards, self.power, self.suit_of, self.trump)

    def wins(self, card: Card) -> bool:
        """Whether ``card`` played now would be winning the trick."""
        return not self.current or self.winner(self.current + (card,)) == len(self.current)

    @property
    def later(self) -> int:
        """How many players play to this trick after this seat."""
        return len(self.order) - len(self.current) - 1

    def out(self, suit: Suit) -> list[Card]:
        """The cards of ``suit`` still out: neither played nor this seat's own (highest first)."""
        return [c for c in self.suit_cards(suit) if c not in self.gone]

    def higher_out(self, card: Card) -> list[Card]:
        """The cards still out that play in ``card``'s suit and rank above it."""
        mine = self.power(card)
        return [c for c in self.out(self.suit_of(card)) if self.power(c) > mine]

    def trumps_out(self) -> list[Card]:
        return self.out(self.trump) if self.trump is not None else []

    def beatable(self, card: Card) -> bool:
        """Whether a card still out could beat ``card`` winning the trick (a higher one of its suit, or a trump
        from a player out of that suit)."""
        return bool(self.higher_out(card)) or (not self.is_trump(card) and bool(self.trumps_out()))

    def takes(self, card: Card) -> bool:
        """Whether this seat's side surely takes the trick once ``card`` is played: a friend wins it then and
        nobody still to play could beat it."""
        cards = self.current + (card,)
        index = self.winner(cards)
        if self.order[index] not in self.friends:
            return False
        return self.later == 0 or not self.beatable(cards[index])

    def trick_points(self, card: Card) -> int:
        """The card points on the table once ``card`` is played (the cards still to come add to it)."""
        return sum(self.pts(c) for c in self.current) + self.pts(card)


def _points_said(p: int) -> str:
    return counted(p, "card point")


def _one_of(n: int, suit: Suit, trump: Suit | None) -> str:
    """"the higher spade still out", "one of the 2 higher spades still out"."""
    if n == 1:
        return f"the higher {suit_words(suit, trump, 1)} still out"
    return f"one of the {n} higher {suit_words(suit, trump)} still out"


def _still_out(n: int, noun: str) -> str:
    """"1 higher spade is still out", "2 higher spades are still out"."""
    return f"{counted(n, noun)} {'is' if n == 1 else 'are'} still out"


def card_idea(view: TrickView, card: Card) -> tuple[str, str]:
    """The idea of playing ``card`` (one of ``view.legal``) to the trick, and its sentence."""
    if not view.current:
        return _lead(view, card)
    return _follow(view, card)


def _lead(view: TrickView, card: Card) -> tuple[str, str]:
    suit = view.suit_of(card)
    higher = view.higher_out(card)
    trumps = view.trumps_out()
    if view.is_trump(card):
        if not trumps:
            return "cash", f"{card.symbol} is a trump and no other trump is still out: it wins the trick."
        if not higher:
            return "draw-trumps", (f"{card.symbol} draws trumps: no trump still out is higher, and the other players "
                                   f"may hold up to {counted(len(trumps), 'trump')} between them.")
        return "draw-trumps", (f"{card.symbol} leads trumps: every player who still has a trump must play one, and "
                               f"up to {counted(len(trumps), 'more trump', 'more trumps')} are still out.")
    name = suit_words(suit, view.trump)
    if not higher:
        if view.trump is None:
            return "cash", f"{card.symbol} is the highest {suit_words(suit, None, 1)} still out: it wins the trick."
        if not trumps:
            return "cash", (f"{card.symbol} is the highest {suit_words(suit, None, 1)} still out, and no trump is: "
                            "it wins the trick.")
        return "cash", (f"{card.symbol} is the highest {suit_words(suit, None, 1)} still out: it wins the trick "
                        f"unless a player with no {name} trumps it.")
    mine = [c for c in view.hand if view.suit_of(c) is suit]
    plain = {view.suit_of(c) for c in view.hand if not view.is_trump(c)}
    shortest = min(sum(1 for c in view.hand if view.suit_of(c) is s) for s in plain) if plain else 0
    holds_trumps = any(view.is_trump(c) for c in view.hand if c is not card)
    if holds_trumps and len(mine) <= 2 and len(mine) == shortest:
        return "short-suit", (f"{card.symbol} leads from this player's shortest suit: once it has no {name} left, "
                              f"it may trump a {suit_words(suit, None, 1)} lead with the trumps it holds.")
    bottom = view.power(card) <= view.power(view.suit_cards(suit)[len(view.suit_cards(suit)) // 2])
    if card is min(mine, key=view.power) and (len(mine) > 1 or bottom):
        above = _still_out(len(higher), "higher " + suit_words(suit, None, 1))
        if view.pts(card) >= 10:
            return "lead-low", f"{card.symbol} leads this player's lowest {suit_words(suit, None, 1)}: {above}."
        return "lead-low", f"{card.symbol} leads low: {above}, so a low card gives little away if the trick is lost."
    return "play-high", (f"{card.symbol} leads high: it wins the trick unless {_one_of(len(higher), suit, view.trump)}"
                         + (", or a trump," if view.trump is not None and trumps else "") + " is played to it.")


def _follow(view: TrickView, card: Card) -> tuple[str, str]:
    current = view.current
    index = view.winner(current)
    win = current[index]
    win_seat = view.order[index]
    led = view.suit_of(current[0])
    led_words = suit_words(led, view.trump)
    follows = view.suit_of(card) is led
    friend_wins = win_seat in view.friends and win_seat != view.seat
    mine_wins = view.wins(card)
    later = view.later
    if friend_wins and not mine_wins:
        return _partner_winning(view, card, win)
    if mine_wins:
        return _winning(view, card, win, follows, friend_wins)
    winners = [c for c in view.legal if view.wins(c)]
    if winners:
        if all(view.is_trump(c) for c in winners) and not view.is_trump(card):
            worth = view.trick_points(card)
            if view.points is not None and worth <= 10 and view.pts(card) <= 4:
                return "not-worth", (f"{card.symbol} lets the trick go: only a trump would beat {win.symbol}, and "
                                     f"with {card.symbol} the trick holds only {_points_said(worth)}.")
            return "not-worth", (f"{card.symbol} lets the trick go rather than trump {win.symbol}: this player keeps "
                                 "its trumps for later tricks.")
        tail = f", with {counted(later, 'player')} still to play" if later else ""
        return "duck", (f"{card.symbol} ducks: this player could beat {win.symbol} but keeps its higher cards back"
                        f"{tail}.")
    if not follows and not view.is_trump(card):
        guard = _guard(view, card)
        if guard:
            return "keep-guard", guard
        value = "" if view.points is None else (
            ", a card worth no card points" if view.pts(card) == 0 else f", worth {_points_said(view.pts(card))}")
        return "discard", (f"{card.symbol} is thrown{value}: this player has no {led_words} to follow with and "
                           f"nothing that beats {win.symbol}.")
    lowest = card is min(view.legal, key=lambda c: (view.pts(c), view.is_trump(c), view.power(c)))
    tail = ""
    if lowest:
        tail = (", giving away as few card points as it can" if view.points is not None and view.pts(card) else
                ", giving away no card points" if view.points is not None else ", with its lowest card")
    return "cannot-win", (f"{card.symbol}: nothing this player may play beats {win.symbol}, so it lets the trick "
                          f"go{tail}.")


def _partner_winning(view: TrickView, card: Card, win: Card) -> tuple[str, str]:
    later = view.later
    if later == 0:
        why = "nobody plays after this player"
    elif not view.beatable(win):
        why = "no card still out can beat it"
    else:
        why = ""
    p = view.pts(card)
    if view.points is not None and p >= 3:
        said = why or f"{win.symbol} is winning the trick so far"
        return "smear", f"{card.symbol} smears {_points_said(p)} onto {view.friend}'s {win.symbol}: {said}."
    if why:
        gives = "" if view.points is None else " and gives nothing away" if p == 0 else \
            f" and gives away only {_points_said(p)}"
        return "partner-low", f"{card.symbol} leaves the trick to {view.friend}'s {win.symbol}{gives}: {why}."
    lowest = card is min(view.legal, key=lambda c: (view.pts(c), view.is_trump(c), view.power(c)))
    keep = ", keeping its better cards" if lowest else ""
    return "partner-low", (f"{card.symbol} leaves the trick to {view.friend}'s {win.symbol}{keep}: a card still out "
                           "could beat it, so this player gives little away.")


def _winning(view: TrickView, card: Card, win: Card, follows: bool, over_friend: bool) -> tuple[str, str]:
    later = view.later
    led = view.suit_of(view.current[0])
    led_words = suit_words(led, view.trump)
    sure = later == 0 or not view.beatable(card)
    if over_friend:
        if all(view.wins(c) for c in view.legal):
            return "overtake", (f"{card.symbol} must overtake {view.friend}'s {win.symbol}: every card this player may "
                                "play beats it.")
        why = "nobody plays after this player" if later == 0 else (
            "no card still out can beat it" if sure else f"{counted(later, 'player')} still to play")
        return "overtake", f"{card.symbol} overtakes {view.friend}'s {win.symbol} to win the trick itself: {why}."
    if not follows and view.is_trump(card):
        if view.is_trump(win):
            return "overruff", (f"{card.symbol} overtrumps {win.symbol}: this player has no {led_words} left, and "
                                f"{card.symbol} ranks above the trump already played.")
        cheapest = card is min((c for c in view.legal if view.is_trump(c)), key=view.power)
        how = "its lowest trump" if cheapest else "a trump"
        tail = "" if sure else f", though a higher trump may still come from the {counted(later, 'player')} after it"
        return "ruff", (f"{card.symbol} trumps the {led_words}: this player has none left, and {how} beats every "
                        f"{suit_words(led, view.trump, 1)}{tail}.")
    winners = [c for c in view.legal if view.wins(c)]
    cheapest = card is min(winners, key=lambda c: (view.is_trump(c), view.power(c)))
    if later == 0:
        if cheapest:
            return "win-cheap", (f"{card.symbol} takes the trick as the last to play, with the lowest card that beats "
                                 f"{win.symbol}.")
        low = min(winners, key=lambda c: (view.is_trump(c), view.power(c)))
        if view.points is not None and view.pts(card) > view.pts(low):
            return "bank-points", (f"{card.symbol} takes the trick as the last to play and brings its own "
                                   f"{_points_said(view.pts(card))} home with it.")
        return "win-sure", f"{card.symbol} takes the trick: nobody plays after this player."
    if sure:
        return "win-sure", f"{card.symbol} makes sure of the trick: no card still out can beat it."
    if cheapest:
        return "win-cheap", (f"{card.symbol} is the lowest card that beats {win.symbol}: it wins the trick so far at "
                             f"the least cost, with {counted(later, 'player')} still to play.")
    higher = view.higher_out(card)
    trump = ", or a trump," if view.trump is not None and not view.is_trump(card) and view.trumps_out() else ""
    return "play-high", (f"{card.symbol} plays high: it wins the trick unless "
                         f"{_one_of(len(higher), view.suit_of(card), view.trump)}{trump} comes after it.")


def _guard(view: TrickView, card: Card) -> str:
    """A discard that keeps a guard: the sentence when the hand keeps exactly two cards of another plain suit, the
    higher one still open to one or two higher cards still out (so the low one guards it), and ``card`` is not of
    that suit; else ""."""
    thrown = view.suit_of(card)
    for suit in Suit:
        if suit is thrown or suit is view.trump:
            continue
        mine = sorted((c for c in view.hand if view.suit_of(c) is suit), key=view.power)
        if len(mine) != 2:
            continue
        higher = view.higher_out(mine[-1])
        if 1 <= len(higher) <= 2 and (view.points is None or view.pts(mine[-1]) >= 4):
            word = suit_words(suit, view.trump, 1)
            return (f"{card.symbol} is thrown, and this player keeps its low {word} to guard its higher one: "
                    f"{_still_out(len(higher), 'higher ' + word)}.")
    return ""


def points_idea(view: TrickView, card: Card, won: Iterable[Sequence[Card]], side: str, whose: str,
                marks: Sequence[tuple[int, str]]) -> str:
    """When ``card`` makes sure this seat's side takes the trick and its card points pass a mark: the sentence
    (``side``: who takes the trick, "the announcers"; ``whose``: their tricks, "their tricks"; ``won``: the side's
    tricks so far; ``marks``: totals and what reaching each means, the one that counts most first); else ""."""
    if not view.takes(card):
        return ""
    before = sum(view.pts(c) for plays in won for c in plays)
    after = before + view.trick_points(card)
    said = next((words for total, words in marks if before < total <= after), "")
    if not said:
        return ""
    least = "at least " if view.later else ""
    return (f"{card.symbol} makes sure this trick goes to {side}: {whose} then hold {least}"
            f"{counted(after, 'card point')}, {said}.")
