"""The Brus pack and what each of its cards is: a matador, a live card, a seven or a dud.

Thirty-six cards, the sixes up to the aces.  Half of them can be played to
tricks (the *live* cards) and rank in one order, whatever their suit,
highest first:

* the three matadors: Spit (♣J), Dull (♠8) and Brus (♥K);
* the four nines, the four aces, the jacks ♠J ♥J ♦J, the four sixes, each
  rank in the suit order ♣ ♠ ♥ ♦ (clubs highest).

The four sevens are never played to a trick: the player who comes to the
lead lays them out, and each is a trick won.  The other fourteen cards (the
eights, kings and jacks not named above, the tens and the queens) are
*duds*: they can never be played.  Of them, ♣K decides a deal that ends
with no side at six tricks (see :mod:`stytvolt.brus.rules`).

This module is the one place that knows the order; everything else asks
:func:`card_role`, :func:`power` and :func:`beats`.
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Iterable, Mapping

from stytvolt.core.cards import Card, CardParseError, Pack, Rank, make_pack, parse_card, parse_cards
from stytvolt.core.errors import type_name
from stytvolt.core.explain import Reason

__all__ = [
    "PACK", "Role", "card_role", "ROLES", "MATADORS", "MATADOR_NAMES", "LIVE_ORDER", "SEVENS", "DUDS", "CLUB_KING",
    "is_live", "power", "beats", "name_of", "describe_card", "check_card", "check_cards",
]

PACK: Pack = make_pack("brus", "the 36-card Brus pack (sixes up to aces)", (r for r in Rank if r >= Rank.SIX))


class Role(str, Enum):
    """What a card is in Brus.  A matador is live too (the three highest live cards, with names)."""

    MATADOR = "matador"
    LIVE = "live"
    SEVEN = "seven"
    DUD = "dud"

    def __str__(self) -> str:
        return self.value


#: The three matadors, highest first, with their names.
MATADOR_NAMES: dict[Card, str] = {parse_card("CJ"): "Spit", parse_card("S8"): "Dull", parse_card("HK"): "Brus"}
MATADORS: tuple[Card, ...] = tuple(MATADOR_NAMES)

#: The eighteen live cards, highest first: the matadors, then nines, aces, the three other jacks, sixes.
LIVE_ORDER: tuple[Card, ...] = MATADORS + tuple(
    parse_card(text) for text in (
        "C9 S9 H9 D9 CA SA HA DA SJ HJ DJ C6 S6 H6 D6".split()
    )
)
_POWER: dict[Card, int] = {card: len(LIVE_ORDER) - i for i, card in enumerate(LIVE_ORDER)}

#: The four sevens (laid out by a player on lead, each one a trick).
SEVENS: tuple[Card, ...] = tuple(c for c in PACK if c.rank is Rank.SEVEN)
#: The fourteen duds, which are never played.
DUDS: tuple[Card, ...] = tuple(c for c in PACK if c not in _POWER and c.rank is not Rank.SEVEN)
#: The dud that decides a deal left with no side at six tricks.
CLUB_KING: Card = parse_card("CK")

_ROLE: dict[Card, Role] = {}
for _card in PACK:
    if _card in MATADOR_NAMES:
        _ROLE[_card] = Role.MATADOR
    elif _card in _POWER:
        _ROLE[_card] = Role.LIVE
    elif _card.rank is Rank.SEVEN:
        _ROLE[_card] = Role.SEVEN
    else:
        _ROLE[_card] = Role.DUD


#: Every card's role, for code that already holds checked cards (:func:`card_role` reads text too).
ROLES: Mapping[Card, Role] = MappingProxyType(_ROLE)


def check_card(card: object, what: str = "the card") -> Card:
    """A card of the Brus pack from a :class:`Card` or its text (``"CJ"``, ``"♣J"``); else an error naming it."""
    if isinstance(card, (Card, str)):
        return parse_card(card, pack=PACK)
    raise CardParseError(f"{what} is a card or its text like 'CJ' or '♣J', not {type_name(card)}")


def check_cards(cards: Iterable[object] | str, what: str) -> tuple[Card, ...]:
    """Cards of the Brus pack from a list of cards or their text, each named once; else an error naming it."""
    if isinstance(cards, str):
        return parse_cards(cards, pack=PACK, unique=True)
    if isinstance(cards, (list, tuple)):
        for item in cards:
            if not isinstance(item, (Card, str)):
                raise CardParseError(f"{what} holds {type_name(item)}: expected cards or their text like 'CJ'")
        return parse_cards(list(cards), pack=PACK, unique=True)
    raise CardParseError(f"{what} is given as cards or their text like 'CJ S9 HQ', not {type_name(cards)}")


def card_role(card: Card | str) -> Role:
    """What ``card`` is: :attr:`Role.MATADOR`, :attr:`Role.LIVE`, :attr:`Role.SEVEN` or :attr:`Role.DUD`.

    >>> card_role("CJ"), card_role("C9"), card_role("H7"), card_role("CK")
    (<Role.MATADOR: 'matador'>, <Role.LIVE: 'live'>, <Role.SEVEN: 'seven'>, <Role.DUD: 'dud'>)
    """
    return _ROLE[check_card(card)]


def is_live(card: Card) -> bool:
    """Whether ``card`` may be played to a trick (a matador or another live card)."""
    return card in _POWER


def power(card: Card) -> int:
    """A live card's place in the order from the bottom: 18 for Spit (♣J) down to 1 for ♦6; 0 for any other card."""
    return _POWER.get(card, 0)


def beats(card: Card, highest: Card) -> bool:
    """Whether live ``card`` is higher than live ``highest`` (a seven or a dud beats nothing)."""
    return _POWER.get(card, 0) > _POWER.get(highest, 0)


def name_of(card: Card) -> str:
    """How a page names the card: ``"♣J (Spit)"`` for a matador, else its symbol (``"♠9"``)."""
    name = MATADOR_NAMES.get(card)
    return f"{card.symbol} ({name})" if name else card.symbol


def describe_card(card: Card | str) -> Reason:
    """What a card is and where it stands, in words (for the ranking page, the quiz and the table).

    >>> describe_card("S8").text
    '♠8 is Dull, the second of the three matadors: it beats every other live card but Spit (♣J).'
    >>> describe_card("DQ").code
    'role-dud'
    """
    found = check_card(card)
    role = _ROLE[found]
    if role is Role.MATADOR:
        place = MATADORS.index(found)
        above = "every other live card" if place == 0 else "every other live card but " + " and ".join(
            f"{MATADOR_NAMES[c]} ({c.symbol})" for c in MATADORS[:place])
        nth = ("first", "second", "third")[place]
        return Reason.of("role-matador", "{card} is {name}, the {nth} of the three matadors: it beats {above}.", (found,),
                         card=found.symbol, name=MATADOR_NAMES[found], nth=nth, above=above)
    if role is Role.LIVE:
        place = LIVE_ORDER.index(found) + 1
        if place == len(LIVE_ORDER):
            return Reason.of("role-live", "{card} is the lowest of the 18 live cards: it can be led, but it beats "
                                          "nothing.", (found,), card=found.symbol)
        below = len(LIVE_ORDER) - place
        return Reason.of(
            "role-live", "{card} is a live card, number {place} of 18 from the top: it beats the {beaten} below it, "
            "and among the {plural} the suits rank ♣ ♠ ♥ ♦.", (found,),
            card=found.symbol, place=place, beaten="one live card" if below == 1 else f"{below} live cards",
            plural=found.rank.plural)
    if role is Role.SEVEN:
        return Reason.of("role-seven", "{card} is a seven: it is never played to a trick; its holder lays it out on "
                                       "coming to the lead, and it counts as a trick won.", (found,), card=found.symbol)
    extra = " It decides a deal that ends with no side at six tricks." if found is CLUB_KING else ""
    return Reason.of("role-dud", "{card} is a dud: it can never be played." + extra, (found,), card=found.symbol)
