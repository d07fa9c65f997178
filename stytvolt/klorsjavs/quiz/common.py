"""What the Klørsjavs question kinds share: the three games, their seats and packs, drawing until a position fits."""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence

from stytvolt.core.cards import Card, Pack, Suit
from stytvolt.core.errors import InvalidPosition, type_name
from stytvolt.core.explain import COMPASS
from stytvolt.klorsjavs.cards import FOUR_HAND_PACK, PACK, check_cards, parse_trump
from stytvolt.klorsjavs.hand import VARIANTS
from stytvolt.learn import Choice, Draft

__all__ = [
    "GAME", "SEATS", "ATTEMPTS", "GAME_NAMES", "first_fit", "checked_variant", "players_of", "pack_of",
    "checked_cards", "checked_trump", "cards_text", "listed", "seat_notes", "seat", "number_choices",
]

GAME = "klorsjavs"
#: The seats as the questions name them (you are South; play goes South, West, North and, with four, East).
SEATS = COMPASS
#: Draws a maker may make before giving up: every level's positions are common, so this is never reached.
ATTEMPTS = 400
#: What each of the three games is called in a question.
GAME_NAMES = {"klorsjavs": "Klørsjavs", "four-hand": "Four-hand Klørsjavs", "auction": "Auction Klørsjavs"}


def first_fit(draw: Callable[[random.Random, int], Draft | None], rng: random.Random, level: int, kind: str) -> Draft:
    """The first drawn position that fits the level (``draw`` returns None for one that does not)."""
    for _ in range(ATTEMPTS):
        draft = draw(rng, level)
        if draft is not None:
            return draft
    raise AssertionError(f"no Klørsjavs {kind} position found in {ATTEMPTS} draws")  # pragma: no cover


def checked_variant(variant: object) -> str:
    """One of the three games: ``"klorsjavs"``, ``"four-hand"`` or ``"auction"``."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        shown = variant if isinstance(variant, str) else type_name(variant)
        raise InvalidPosition(f"the game is one of {', '.join(VARIANTS)}, not {shown!r}")
    return variant


def players_of(variant: str) -> int:
    """How many play the game (three, or four in four-hand Klørsjavs)."""
    return VARIANTS[variant]


def pack_of(variant: str) -> Pack:
    """The game's pack: 20 cards, or 18 without ♥Q and ♦Q in four-hand Klørsjavs."""
    return FOUR_HAND_PACK if variant == "four-hand" else PACK


def checked_cards(cards: Sequence[Card] | str, what: str, variant: str = "klorsjavs") -> tuple[Card, ...]:
    """Cards of the game's pack, each named once, from text or a list."""
    if not isinstance(cards, (str, list, tuple)):
        raise InvalidPosition(f"{what} is given as cards or their text like 'CA S5', not {type_name(cards)}")
    return check_cards(cards, what, pack_of(variant))


def checked_trump(variant: str, trump: Suit | str | None) -> Suit | None:
    """The auction's named trump suit (required there), or None (the nine permanent trumps) in the others."""
    suit = parse_trump(trump)
    if variant == "auction" and suit is None:
        raise InvalidPosition("in Auction Klørsjavs the declarer names a trump suit: give it")
    if variant != "auction" and suit is not None:
        raise InvalidPosition(f"{GAME_NAMES[variant]} has no named trump suit (clubs and the wenzels always are)")
    return suit


def cards_text(cards: Iterable[Card]) -> str:
    """``"CA S5"``: cards as the position records them."""
    return " ".join(str(c) for c in cards)


def listed(cards: Sequence[Card]) -> str:
    """``♠A``, ``♠A and ♦5``, ``♠A, ♦5 and ♣K``."""
    faces = [c.symbol for c in cards]
    if not faces:
        return "nothing"
    return faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]


def seat(value: object, players: int, what: str = "the declarer") -> int:
    """A seat number 0..players-1, checked."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise InvalidPosition(f"{what} is a seat 0..{players - 1}, not {value!r}")
    return value


def seat_notes(leader: int, count: int, players: int) -> tuple[str, ...]:
    """One note per card of a trick: who played it (``"West, led"``, ``"South (you)"``)."""
    notes = []
    for i in range(count):
        who = (leader + i) % players
        notes.append(SEATS[who] + (" (you)" if who == 0 else "") + (", led" if i == 0 else ""))
    return tuple(notes)


def number_choices(rng: random.Random | None, right: int, slips: Sequence[int], wrong: int = 3,
                   low: int = 0, high: int = 120, unit: str = "") -> tuple[Choice, ...]:
    """The right number and up to ``wrong`` slips (in the order given, then near numbers), shuffled by ``rng``."""
    picked = [right]
    for value in [*slips, right + 10, right - 10, right + 5, right - 5, right + 2, right - 2, right + 11, right - 11]:
        if len(picked) > wrong:
            break
        if low <= value <= high and value not in picked:
            picked.append(value)
    if rng is not None:
        rng.shuffle(picked)
    return tuple(Choice(str(v), f"{v} {unit}".strip()) for v in picked)
