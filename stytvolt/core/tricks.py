"""Small helpers that trick-taking games share: seats, teams, dealing, following suit, points.

These are plain functions, not a base class: a game calls the ones it needs
and keeps its own rules (what beats what, what a card is worth) as the
arguments it passes.  Nothing here knows any one game.

Seats are numbered ``0 .. players - 1`` clockwise, so the next seat
clockwise is ``seat + 1`` (wrapping round).  Partners sit opposite, so with
``teams`` teams a seat's team is ``seat % teams``.

A card's suit for following and trumping is whatever the game's ``suit_of``
says; by default it is the printed suit.  A game whose permanent trumps
belong to the trump suit whatever their printed suit (Sjavs's black queens
and jacks) passes a ``suit_of`` that says so.

Impossible input (a seat that does not exist, fewer than two players, a deck
too short for the deal, an empty trick) raises
:class:`~stytvolt.core.errors.InvalidPosition`, naming the argument and what
was expected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import Reason

__all__ = [
    "partner_winning_play",
    "explain_one_trump",
    "next_seat",
    "seats_from",
    "team_of",
    "partner",
    "same_team",
    "deal_packets",
    "printed_suit",
    "follow_suit",
    "check_play",
    "check_trick",
    "trick_winner_by",
    "TrickResult",
    "card_points",
]


def _whole(value: object, name: str) -> int:
    """``value`` if it is an int (not a bool); else :class:`InvalidPosition` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPosition(f"{name} must be a whole number, not {type_name(value)}")
    return value


def _check_players(players: object, name: str = "players") -> int:
    count = _whole(players, name)
    if count < 2:
        raise InvalidPosition(f"{name} must be at least 2, got {count}")
    return count


def _check_seat(seat: object, players: int, name: str = "seat") -> int:
    number = _whole(seat, name)
    if not 0 <= number < players:
        raise InvalidPosition(f"{name} must be 0..{players - 1} for {players} players, got {number}")
    return number


def _check_teams(teams: object) -> int:
    count = _whole(teams, "teams")
    if count < 2:
        raise InvalidPosition(f"teams must be at least 2, got {count}")
    return count


def _check_team_seat(seat: object, name: str) -> int:
    number = _whole(seat, name)
    if number < 0:
        raise InvalidPosition(f"{name} must be 0 or more, got {number}")
    return number


# --- seats and teams -------------------------------------------------------


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise of ``seat`` (``seat + step``, wrapping round).

    ``step`` may be 0 (the same seat) or negative (anticlockwise).
    ``next_seat(3, 4) == 0``.
    """
    count = _check_players(players)
    here = _check_seat(seat, count)
    return (here + _whole(step, "step")) % count


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``first``: ``seats_from(2, 4) == (2, 3, 0, 1)``.

    The order of play in a trick led by ``first``, or of dealing from ``first``.
    """
    count = _check_players(players)
    start = _check_seat(first, count, "first")
    return tuple((start + i) % count for i in range(count))


def team_of(seat: int, teams: int = 2) -> int:
    """The team of ``seat`` when partners sit opposite: ``seat % teams``.

    With four players and two teams, seats 0 and 2 are team 0 and seats 1
    and 3 team 1.  (With six players in three pairs, pass ``teams=3``.)
    """
    count = _check_teams(teams)
    return _check_team_seat(seat, "seat") % count


def partner(seat: int, players: int = 4) -> int:
    """The seat opposite ``seat``: ``seat + players // 2``, wrapping round.

    Needs an even number of players, at least four (with two players the
    seat opposite is the opponent, not a partner).  The partner is on the
    same team as ``seat`` by :func:`team_of` with ``teams=players // 2``.
    """
    count = _check_players(players)
    if count % 2 or count < 4:
        raise InvalidPosition(f"players must be even and at least 4 for a seat to have a partner, got {count}")
    here = _check_seat(seat, count)
    return (here + count // 2) % count


def same_team(a: int, b: int, teams: int = 2) -> bool:
    """Whether seats ``a`` and ``b`` are partners (or the same seat) by :func:`team_of`."""
    count = _check_teams(teams)
    return _check_team_seat(a, "a") % count == _check_team_seat(b, "b") % count


# --- dealing ---------------------------------------------------------------


def deal_packets(
    deck: Sequence[Card],
    players: int,
    first: int,
    packets: Sequence[int],
) -> tuple[list[list[Card]], list[Card]]:
    """Deal from the top of ``deck`` (``deck[0]`` first) in packets.

    Round ``r`` goes round the table clockwise from seat ``first``, giving each
    player ``packets[r]`` cards at once.  Returns the hands, indexed by seat
    (each in the order its cards were dealt), and the undealt rest of the deck
    in its order.  Stýrivolt: 48 cards, 4 players, ``first`` the dealer's left,
    ``packets=(3, 3, 3)``: four hands of 9, a rest of 12.

    A deck too short for the packets, a packet of fewer than one card, or no
    packets at all raise :class:`InvalidPosition`.  The deck is not changed.
    """
    count = _check_players(players)
    start = _check_seat(first, count, "first")
    if isinstance(packets, (str, bytes)) or not isinstance(packets, Sequence):
        raise InvalidPosition(f"packets must be a sequence of packet sizes like (3, 3, 3), not {type_name(packets)}")
    if not packets:
        raise InvalidPosition("packets must name at least one packet size, like (3, 3, 3); got none")
    sizes = [_whole(size, f"packets[{r}]") for r, size in enumerate(packets)]
    for r, size in enumerate(sizes):
        if size < 1:
            raise InvalidPosition(f"packets[{r}] must be at least 1 card, got {size}")
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise InvalidPosition(f"deck must be a sequence of cards, not {type_name(deck)}")
    needed = count * sum(sizes)
    if len(deck) < needed:
        pattern = "+".join(str(s) for s in sizes)
        raise InvalidPosition(
            f"deck must hold at least {needed} cards to deal packets of {pattern} to {count} players, "
            f"got {len(deck)}"
        )
    cards = list(deck)
    hands: list[list[Card]] = [[] for _ in range(count)]
    order = [(start + k) % count for k in range(count)]  # clockwise from ``first``, checked above
    top = 0
    for size in sizes:
        for seat in order:
            hands[seat].extend(cards[top : top + size])
            top += size
    return hands, cards[top:]


# --- following suit and winning tricks ------------------------------------


def printed_suit(card: Card) -> Suit:
    """The card's printed suit: the default ``suit_of`` of :func:`follow_suit` and :func:`trick_winner_by`."""
    return card.suit


def follow_suit(
    hand: Sequence[Card],
    led: Card | None,
    suit_of: Callable[[Card], object] = printed_suit,
) -> tuple[Card, ...]:
    """The cards of ``hand`` a player may play where the led suit must be followed if possible.

    Those whose ``suit_of`` equals the led card's, if there are any; else the
    whole hand.  With ``led=None`` (the player leads) the whole hand.  The
    hand's order is kept.  ``suit_of`` lets a game put some cards in another
    suit: with Sjavs's permanent trumps counted in the trump suit, a club
    lead is not followed by the queen of clubs, and a permanent trump led
    is followed by any trump.
    """
    cards = tuple(hand)
    if led is None:
        return cards
    wanted = suit_of(led)
    following = tuple(card for card in cards if suit_of(card) == wanted)
    return following or cards


def check_play(hand: Sequence[Card], trick: Sequence[Card], most: int) -> None:
    """Refuse, naming it, a play that cannot happen: ``trick`` (the cards played so far) already holds ``most``
    cards, or a card is both in ``hand`` and in ``trick``."""
    if len(trick) >= most:
        raise InvalidPosition(f"the trick already holds {len(trick)} cards: nobody plays to it any more")
    both = set(hand) & set(trick)
    if both:
        raise InvalidPosition(f"{min(both)} is both in the hand and in the trick")


def check_trick(cards: Sequence[Card], most: int) -> None:
    """Refuse, naming it, a trick that cannot be resolved: no card at all, or more than ``most``."""
    if not cards:
        raise InvalidPosition("the trick holds no card: an empty trick has no winner")
    if len(cards) > most:
        raise InvalidPosition(f"a trick holds at most {most} cards, got {len(cards)}")


def trick_winner_by(
    cards: Sequence[Card],
    power: Callable[[Card], int],
    suit_of: Callable[[Card], object] = printed_suit,
    trump: object | None = None,
) -> int:
    """The index in ``cards`` (in play order) of the play that wins the trick.

    If any card of the ``trump`` suit (as ``suit_of`` says) was played, the
    trump of highest ``power`` wins; else the card of highest ``power`` in the
    led suit (the suit of ``cards[0]``).  Cards of any other suit never win.
    Of equal power the first played wins.  ``trump=None``: no trump suit.

    An empty trick raises :class:`InvalidPosition`.
    """
    plays = tuple(cards)
    if not plays:
        raise InvalidPosition("cards must hold at least one play: an empty trick has no winner")
    suits = [suit_of(card) for card in plays]
    wanted = suits[0]
    if trump is not None and any(suit == trump for suit in suits):
        wanted = trump
    winner = -1
    best = 0
    for i, card in enumerate(plays):
        if suits[i] != wanted:
            continue
        strength = power(card)
        if winner < 0 or strength > best:
            winner, best = i, strength
    return winner


@dataclass(frozen=True)
class TrickResult:
    """Who won a trick of a game with one trump suit (Sjavs, Klørsjavs): the winning play and why.

    ``winner`` is the index of the winning play (in play order), ``card`` its
    card, ``trumped`` whether a trump won a trick led in another suit, and
    ``reason`` the rule that decided it in words, naming the deciding cards.
    Each game's ``explain_trick`` makes it; the quizzes and the site show it.
    """

    winner: int
    card: Card
    trumped: bool
    reason: Reason


def explain_one_trump(plays: Sequence[Card], winner: int, trump: Suit | None,
                      suit_of: Callable[[Card], Suit]) -> TrickResult:
    """Why play ``winner`` won a trick of a game with one trump suit (or none: ``trump`` None), in words.

    ``suit_of`` gives the suit a card counts as (a permanent trump counts as
    the trump suit).  The reason's code is ``highest-trump-led`` (trumps were
    led), ``trumped`` (a trump beat a lead of another suit) or
    ``highest-of-led``; its cards are the winner and, when another card, the lead.
    """
    card, lead = plays[winner], plays[0]
    led = suit_of(lead)
    named = (card,) if winner == 0 else (card, lead)
    trumped = trump is not None and led is not trump and suit_of(card) is trump
    if trump is not None and led is trump:
        reason = Reason.of("highest-trump-led", "Trumps were led and {card} is the highest trump played.", named,
                           card=card.symbol)
    elif trumped:
        reason = Reason.of(
            "trumped", "{led} was led; {card} is the highest trump played, and a trump beats every card of another suit.",
            named, card=card.symbol, led=lead.symbol)
    else:
        why = "No trump was played, so" if trump is not None else "With no trumps,"
        reason = Reason.of("highest-of-led", why + " the highest of the {suit} led wins: {card}.", named,
                           card=card.symbol, suit=led.english)
    return TrickResult(winner, card, trumped, reason)


# --- points ----------------------------------------------------------------


def card_points(cards: Iterable[Card], values: Mapping[Rank, int]) -> int:
    """The points of ``cards`` by rank: ``values[card.rank]``, 0 for a rank not in ``values``.

    Sjavs counts A=11, T=10, K=4, Q=3, J=2: its 32-card pack holds 120.
    """
    return sum(values.get(card.rank, 0) for card in cards)


def partner_winning_play(cards: Sequence[Card], *, is_trump: Callable[[Card], bool], points: Callable[[Card], int],
                         cheap: Callable[[Card], tuple[int, int, int]], last: bool,
                         safe: Callable[[], bool]) -> tuple[Card, str, str]:
    """A follow-suit game's rule of thumb when the partner is winning the trick: (the card, its code, its sentence).

    When nobody plays after the seat (``last``) or no card still out can beat the trick (``safe()``, asked only
    then), it gives points: its most valuable card that is neither a trump nor an ace (those may win tricks
    later); else it plays its ``cheap``-est card.  The sentence names ``{seat}``, ``{partner}`` and ``{card}``.
    """
    if last or safe():
        card = max(cards, key=lambda c: (not is_trump(c) and c.rank is not Rank.ACE, points(c)))
        why = "nobody plays after {seat}" if last else "no card still out can beat it"
        if not is_trump(card) and card.rank is not Rank.ACE:
            return card, "give-points", ("{partner} is winning the trick for {seat}'s side and " + why +
                                         ", so {seat} gives it points: {card}, its most valuable card that is "
                                         "neither a trump nor an ace (those may win tricks later).")
        return card, "give-points", ("{partner} is winning the trick for {seat}'s side and " + why + ", but "
                                     "{seat} holds only trumps and aces to give, so it plays {card}.")
    return min(cards, key=cheap), "partner-unsafe", ("{partner} is winning the trick for {seat}'s side, but a card "
                                                     "still out could beat it, so {seat} plays its cheapest card, "
                                                     "{card}.")
