"""Klørsjavs's rules as queries: following suit, trick winners, card points and every pay-off.

* :func:`legal_plays` / :func:`trick_winner`: the led suit must be followed
  (with permanent trumps, the nine trumps are one suit, clubs); the highest
  trump wins, else the highest card of the led suit;
* :func:`refusal` / :func:`explain_trick`: the same two rules in words, the
  refusing :class:`~stytvolt.core.explain.Reason` of a card that may not be
  played and the :class:`~stytvolt.core.tricks.TrickResult` of a trick, for
  the quizzes, the site and the hand's refusals (none of them words its own);
* :func:`hand_score`: the øre subtracted after a hand of (three- or
  four-hand) Klørsjavs, from the declarer's card points (the cat's two cards,
  or the two laid away, count for the declarer);
* :func:`fold_cost`: what a declarer who folds subtracts;
* :func:`auction_score`: Auction Klørsjavs's tariff, which each opponent pays
  the declarer (negative: the declarer pays each opponent).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.tricks import card_points as _points_by_rank
from stytvolt.core.tricks import TrickResult, check_play, check_trick, explain_one_trump, follow_suit, trick_winner_by
from stytvolt.klorsjavs.cards import CARD_VALUES, TRUMPS, check_cards, parse_trump, power, suit_of

__all__ = [
    "trump_suit", "legal_plays", "refusal", "trick_winner", "explain_trick", "TrickResult", "card_points",
    "HandScore", "hand_score", "FOLD_COST", "fold_cost",
    "Bid", "parse_auction_bid", "AuctionScore", "auction_score", "TOTAL", "FOUR_HAND_TOTAL",
]

TOTAL = 120
FOUR_HAND_TOTAL = 114  # without ♥Q and ♦Q
FOLD_COST = 8
MAX_TRICK = 4  # the most cards a trick holds (four-hand Klørsjavs)


def trump_suit(trump: Suit | str | None = None) -> Suit:
    """The suit whose cards are trumps: clubs (with the wenzels) when ``trump`` is None, else the named suit.

    >>> trump_suit(), trump_suit("H")
    (<Suit.CLUBS: 3>, <Suit.HEARTS: 1>)
    """
    suit = parse_trump(trump)
    return Suit.CLUBS if suit is None else suit


def _suit_words(suit: Suit, trump: Suit | None, count: int = 2) -> str:
    """``"trumps"`` or ``"hearts"`` (``"a trump"``, ``"a heart"`` for one card): what cards playing in ``suit`` are."""
    if count == 1:
        return "a trump" if suit is trump_suit(trump) else f"a {suit.singular}"
    return "trumps" if suit is trump_suit(trump) else suit.english


def _checked(hand: Sequence[Card] | str, trick: Sequence[Card] | str,
             trump: Suit | str | None) -> tuple[tuple[Card, ...], tuple[Card, ...], Suit | None]:
    """The hand, the trick so far and the trump of a play, or the error naming what cannot be."""
    suit = parse_trump(trump)
    cards = check_cards(hand, "the hand")
    played = check_cards(trick, "the trick")
    check_play(cards, played, MAX_TRICK)
    return cards, played, suit


def _checked_trick(cards: Sequence[Card] | str, trump: Suit | str | None) -> tuple[tuple[Card, ...], Suit | None]:
    """A whole or partial trick (one to four cards) and its trump, or the error naming what cannot be."""
    suit = parse_trump(trump)
    plays = check_cards(cards, "the trick")
    check_trick(plays, MAX_TRICK)
    return plays, suit


def _allowed(cards: Sequence[Card], led: Card | None, trump: Suit | None) -> tuple[Card, ...]:
    """The one rule of following: a card playing in the led card's suit if the hand holds one, else any."""
    return follow_suit(cards, led, lambda c: suit_of(c, trump))


def _refusal(cards: Sequence[Card], led: Card | None, trump: Suit | None, card: Card) -> Reason | None:
    """Why ``card`` may not be played from ``cards`` to a trick led with ``led``, in words; None if it may."""
    if card not in cards:
        return Reason.of("not-held", "{card} is not in the hand.", (card,), card=card.symbol)
    allowed = _allowed(cards, led, trump)
    if card in allowed:
        return None
    assert led is not None  # the leader may play any card held
    wanted = suit_of(led, trump)
    args = {"card": card.symbol, "suit": _suit_words(wanted, trump, len(allowed)), "led": led.symbol,
            "holding": " ".join(c.symbol for c in allowed), "which": "it" if len(allowed) == 1 else "one of those"}
    if trump is None and card in TRUMPS and card.suit is wanted:
        return Reason.of(
            "permanent-is-trump",
            "{card} is a wenzel, a trump and so a club, not one of the {printed}: {led} was led and the hand holds "
            "{suit} ({holding}), so {which} must be played.",
            (card, led, *allowed), printed=wanted.english, **args,
        )
    return Reason.of(
        "must-follow",
        "{led} was led and the hand holds {suit} ({holding}): {which} must be played, not {card}.",
        (card, led, *allowed), **args,
    )


def refusal(hand: Sequence[Card] | str, trick: Sequence[Card] | str, card: Card | str,
            trump: Suit | str | None = None) -> Reason | None:
    """Why ``card`` may not be played from ``hand`` to ``trick`` (led card first), or ``None`` if it may.

    The reason names the card, the lead and the cards of the hand that must
    be played instead (``must-follow``; ``permanent-is-trump`` when the card
    is a wenzel printed with the suit led, which it does not follow).

    >>> refusal("SQ SA H5", "SK", "SQ").code     # ♠Q is a trump: ♠A must follow ♠K
    'permanent-is-trump'
    >>> refusal("SQ SA H5", "SK", "SA") is None
    True
    >>> refusal("SQ SA H5", "SK", "SQ", "H") is None   # the auction, hearts trumps: ♠Q is a spade
    True
    """
    cards, played, suit = _checked(hand, trick, trump)
    named = check_cards([card] if not isinstance(card, str) else card, "the card")
    if len(named) != 1:
        raise InvalidPosition(f"the card asked about is one card, like 'SQ', not {len(named)}")
    return _refusal(cards, played[0] if played else None, suit, named[0])


def legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card] | str, trump: Suit | str | None = None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (led card first).

    >>> from stytvolt.core.cards import format_cards
    >>> format_cards(legal_plays("SQ SA H5", "SK"))   # ♠Q is a trump: the spade to follow with is ♠A
    'SA'
    >>> format_cards(legal_plays("SQ HA", "C5"))      # a club led: ♠Q is a club
    'SQ'
    """
    cards, played, suit = _checked(hand, trick, trump)
    return _allowed(cards, played[0] if played else None, suit)


def trick_winner(cards: Sequence[Card] | str, trump: Suit | str | None = None) -> int:
    """The index (in play order) of the winning play.  ``trump=None``: clubs and the wenzels.

    >>> trick_winner("HA HK SJ")   # ♠J is a trump
    2
    >>> trick_winner("HA HK SJ", "H")   # Auction Klørsjavs, hearts trumps: ♠J is a plain spade
    0
    """
    plays, suit = _checked_trick(cards, trump)
    return _winner(plays, suit)


def _winner(plays: Sequence[Card], trump: Suit | None) -> int:
    """The one rule of winning: the highest trump played, else the highest card of the suit led."""
    return trick_winner_by(plays, lambda c: power(c, trump), lambda c: suit_of(c, trump), trump_suit(trump))


def explain_trick(cards: Sequence[Card] | str, trump: Suit | str | None = None) -> TrickResult:
    """The winner of a trick (``cards`` in play order, led card first) with the reason, naming the deciding cards.

    ``trump=None``: clubs and the wenzels are trumps, so a wenzel led is a
    trump lead; a suit: Auction Klørsjavs's named trumps.  The reason's code
    is ``highest-trump-led`` (trumps were led), ``trumped`` (a trump beat a
    lead of another suit) or ``highest-of-led`` (no trump was played); its
    cards are the winner and, when another card, the lead.

    >>> result = explain_trick("SJ SA SK")   # ♠J is a trump: a trump lead, which the spades cannot beat
    >>> result.winner, result.reason.code
    (0, 'highest-trump-led')
    >>> explain_trick("SA SK C5").reason.text
    '♠A was led; ♣5 is the highest trump played, and a trump beats every card of another suit.'
    """
    plays, suit = _checked_trick(cards, trump)
    return explain_one_trump(plays, _winner(plays, suit), trump_suit(suit), lambda c: suit_of(c, suit))


def card_points(cards: Sequence[Card] | str) -> int:
    """Ace 11, five 10, king 4, queen 3, jack 2: 120 in the pack.

    >>> card_points("CA S5 HK DQ CJ")
    30
    """
    return _points_by_rank(check_cards(cards, "the cards"), CARD_VALUES)


def _whole(value: object, name: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPosition(f"{name} must be a whole number from 0 to {high}, not {type_name(value)}")
    if not 0 <= value <= high:
        raise InvalidPosition(f"{name} must be from 0 to {high}, got {value}")
    return value


@dataclass(frozen=True)
class HandScore:
    """Who subtracts how many øre: ``"opponents"`` (each of them) or ``"declarer"``, and why."""

    who: str
    ore: int
    band: str
    reason: Reason


def hand_score(declarer_points: int, four_hand: bool = False) -> HandScore:
    """The øre subtracted after a hand, from the declarer's card points (the cat or laid-away cards included).

    Three hands: all 120, each opponent 16; 91–119, each opponent 8; 61–90,
    each opponent 4; 60 or fewer, the declarer 8 (0 included: ruling R43).
    Four hands (114 points): 114, 86–113, 58–85, 57 or fewer.

    >>> hand_score(95).who, hand_score(95).ore
    ('opponents', 8)
    >>> hand_score(60).who, hand_score(60).ore
    ('declarer', 8)
    """
    if not isinstance(four_hand, bool):
        raise InvalidPosition(f"four_hand must be True or False, not {type_name(four_hand)}")
    total = FOUR_HAND_TOTAL if four_hand else TOTAL
    points = _whole(declarer_points, "declarer_points", total)
    top, high, low = (114, 86, 58) if four_hand else (120, 91, 61)

    def result(who: str, ore: int, band: str, text: str) -> HandScore:
        return HandScore(who, ore, band, Reason.of(f"klor-{band}", text, points=points, ore=ore, total=total))

    if points == top:
        return result("opponents", 16, "all", "The declarer took all {total} card points: each opponent subtracts {ore}.")
    if points >= high:
        return result("opponents", 8, f"{high}-{top - 1}",
                      "The declarer took {points} card points: each opponent subtracts {ore}.")
    if points >= low:
        return result("opponents", 4, f"{low}-{high - 1}",
                      "The declarer took {points} card points: each opponent subtracts {ore}.")
    return result("declarer", 8, f"0-{low - 1}",
                  "The declarer took only {points} card points, not more than half: the declarer subtracts {ore}.")


def fold_cost() -> int:
    """The øre a declarer subtracts when folding before their first card: 8."""
    return FOLD_COST


class Bid(Enum):
    """Auction Klørsjavs's bids, lowest first; the value is the tariff."""

    SPIL = "spil"  # 61 or more, exchanging with the cat
    STRYGER = "stryger"  # 61 or more, without the cat
    TOUT = "tout"  # every trick, exchanging with the cat
    STROGET_TOUT = "strøget tout"  # every trick, without the cat

    @property
    def rank(self) -> int:
        return list(Bid).index(self)

    @property
    def takes_cat(self) -> bool:
        return self in (Bid.SPIL, Bid.TOUT)

    @property
    def is_tout(self) -> bool:
        return self in (Bid.TOUT, Bid.STROGET_TOUT)

    def __str__(self) -> str:
        return self.value


_BID_WORDS = {"spil": Bid.SPIL, "game": Bid.SPIL, "stryger": Bid.STRYGER, "strike": Bid.STRYGER,
              "tout": Bid.TOUT, "strøget tout": Bid.STROGET_TOUT, "stroget tout": Bid.STROGET_TOUT,
              "strike tout": Bid.STROGET_TOUT}


def parse_auction_bid(text: object) -> Bid:
    """``"spil"``, ``"stryger"``, ``"tout"`` or ``"strøget tout"`` (English names too)."""
    if isinstance(text, Bid):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an auction bid is written as spil, stryger, tout or strøget tout, not {type_name(text)}")
    found = _BID_WORDS.get(" ".join(text.lower().split()))
    if found is None:
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise ParseError(f"bad auction bid {shown!r}: expected spil, stryger, tout or strøget tout")
    return found


@dataclass(frozen=True)
class AuctionScore:
    """What each opponent pays the declarer (``tariff``; negative: the declarer pays each opponent)."""

    bid: Bid
    tariff: int
    row: str
    reason: Reason

    @property
    def declarer_total(self) -> int:
        """The declarer's gain (or loss) over both opponents: twice the tariff."""
        return 2 * self.tariff


def auction_score(bid: Bid | str, declarer_points: int | None = None, all_tricks: bool | None = None, *,
                  no_tricks: bool = False) -> AuctionScore:
    """The tariff of a hand of Auction Klørsjavs, which each opponent pays the declarer.

    Spil and Stryger are scored from ``declarer_points`` (the cat, or the
    cards laid away, counting for the declarer), with ``no_tricks`` for a
    declarer who won no trick; a tout from ``all_tricks``.  Spil: 120 → 3,
    91–119 → 2, 61–90 → 1, 31–60 → −1, 1–30 → −2, no trick → −3 (ruling
    R44 for 30 and 31); Stryger four times as much; Tout ±10; Strøget tout ±15.

    >>> auction_score("spil", 75).tariff
    1
    >>> auction_score("stryger", 31).tariff
    -4
    >>> auction_score("tout", all_tricks=False).tariff
    -10
    """
    kind = parse_auction_bid(bid)
    if not isinstance(no_tricks, bool):
        raise InvalidPosition(f"no_tricks must be True or False, not {type_name(no_tricks)}")
    if kind.is_tout:
        if not isinstance(all_tricks, bool):
            raise InvalidPosition(f"a {kind} is scored by all_tricks (True or False), not {type_name(all_tricks)}")
        value = 10 if kind is Bid.TOUT else 15
        sign = 1 if all_tricks else -1
        text = ("The declarer won every trick: each opponent pays {value}." if all_tricks
                else "The declarer lost a trick: the declarer pays each opponent {value}.")
        return AuctionScore(kind, sign * value, "all tricks" if all_tricks else "a trick lost",
                            Reason.of("auction-tout", text, value=value))
    if declarer_points is None:
        raise InvalidPosition(f"a {kind} is scored by declarer_points (0 to 120)")
    points = _whole(declarer_points, "declarer_points", TOTAL)
    if no_tricks and points == TOTAL:
        raise InvalidPosition("a declarer who won no trick cannot hold all 120 card points")
    unit = 1 if kind is Bid.SPIL else 4
    if no_tricks:
        steps, row = -3, "no trick"
    elif points == TOTAL:
        steps, row = 3, "120"
    elif points >= 91:
        steps, row = 2, "91-119"
    elif points >= 61:
        steps, row = 1, "61-90"
    elif points >= 31:
        steps, row = -1, "31-60"
    elif points >= 1:
        steps, row = -2, "1-30"
    else:
        steps, row = -3, "no trick"
    tariff = steps * unit
    text = ("The declarer took {points} card points ({row}) in a {bid}: each opponent pays {value}." if tariff > 0
            else "The declarer took {points} card points ({row}) in a {bid}: the declarer pays each opponent {value}.")
    return AuctionScore(kind, tariff, row, Reason.of("auction-points", text, points=points, row=row, bid=str(kind),
                                                     value=abs(tariff)))
