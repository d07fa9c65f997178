"""What the Sjavs question kinds share: the seats, card text, the trump sentence, the checks of a position.

Drawing until a position fits and the seat notes are
:mod:`stytvolt.learn.common`'s, shared with Klørsjavs; they are re-exported
here (with Sjavs's four seats filled in); :data:`NEAR` is what
:func:`~stytvolt.learn.common.number_choices` offers around a count.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS
from stytvolt.learn import common as shared
from stytvolt.learn.common import ATTEMPTS, cards_text, first_fit
from stytvolt.sjavs.cards import check_cards, parse_trump

__all__ = [
    "GAME", "SEATS", "PLAYERS", "ATTEMPTS", "first_fit", "cards_text", "symbols", "trump_sentence",
    "checked_trump", "checked_cards", "seat_notes", "NEAR", "leader_of",
]

GAME = "sjavs"
#: The seats as the questions name them (you are South; play goes South, West, North, East).
SEATS = COMPASS
PLAYERS = 4
#: The slips a counter of Sjavs's card points makes: a ten too many or few, a king, a jack, an ace.
NEAR = (10, 4, 2, 11)


def symbols(cards: Iterable[Card]) -> str:
    """``"♥A ♠10"``: cards as a sentence shows them."""
    return " ".join(c.symbol for c in cards)


def trump_sentence(trump: Suit) -> str:
    """``Hearts are trumps.``"""
    return f"{trump.english.capitalize()} are trumps."


def checked_trump(trump: Suit | str) -> Suit:
    """The trump suit from a suit or its text, refused by name when it is neither."""
    return parse_trump(trump)


def checked_cards(cards: Sequence[Card] | str, what: str) -> tuple[Card, ...]:
    """Cards of the Sjavs pack, each named once, from text or a list."""
    if not isinstance(cards, (str, list, tuple)):
        raise InvalidPosition(f"{what} is given as cards or their text like 'HA ST', not {type_name(cards)}")
    return check_cards(cards, what)


def leader_of(seat: int, played: int) -> int:
    """The seat that led a trick in which ``played`` cards come before ``seat``'s turn."""
    return (seat - played) % PLAYERS


def seat_notes(leader: int, count: int) -> tuple[str, ...]:
    """One note per card of a trick: who played it (``"West, led"``, ``"South (you)"``)."""
    return shared.seat_notes(leader, count, PLAYERS, SEATS)
