"""What the Sjavs question kinds share: the seats, drawing until a position fits, card text, numeric choices."""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS
from stytvolt.learn import Choice, Draft
from stytvolt.sjavs.cards import check_cards, parse_trump

__all__ = [
    "GAME", "SEATS", "PLAYERS", "ATTEMPTS", "first_fit", "cards_text", "symbols", "trump_sentence",
    "checked_trump", "checked_cards", "seat_notes", "number_choices", "leader_of",
]

GAME = "sjavs"
#: The seats as the questions name them (you are South; play goes South, West, North, East).
SEATS = COMPASS
PLAYERS = 4
#: Draws a maker may make before giving up: every level's positions are common, so this is never reached.
ATTEMPTS = 400


def first_fit(draw: Callable[[random.Random, int], Draft | None], rng: random.Random, level: int, kind: str) -> Draft:
    """The first drawn position that fits the level (``draw`` returns None for one that does not)."""
    for _ in range(ATTEMPTS):
        draft = draw(rng, level)
        if draft is not None:
            return draft
    raise AssertionError(f"no Sjavs {kind} position found in {ATTEMPTS} draws")  # pragma: no cover


def cards_text(cards: Iterable[Card]) -> str:
    """``"HA ST"``: cards as the position records them."""
    return " ".join(str(c) for c in cards)


def symbols(cards: Iterable[Card]) -> str:
    """``"♥A ♠T"``: cards as a sentence shows them."""
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
    notes = []
    for i in range(count):
        seat = (leader + i) % PLAYERS
        notes.append(SEATS[seat] + (" (you)" if seat == 0 else "") + (", led" if i == 0 else ""))
    return tuple(notes)


def number_choices(rng: random.Random | None, right: int, slips: Sequence[int], wrong: int = 3,
                   low: int = 0, high: int = 120, unit: str = "") -> tuple[Choice, ...]:
    """The right number and up to ``wrong`` slips (in the order given, then near numbers), shuffled by ``rng``.

    Each choice's id is the number; its text adds ``unit`` ("34 card points").
    """
    picked = [right]
    for value in [*slips, right + 10, right - 10, right + 4, right - 4, right + 2, right - 2, right + 11, right - 11]:
        if len(picked) > wrong:
            break
        if low <= value <= high and value not in picked:
            picked.append(value)
    if rng is not None:
        rng.shuffle(picked)
    return tuple(Choice(str(v), f"{v} {unit}".strip()) for v in picked)
