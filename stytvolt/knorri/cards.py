"""Knorri's cards: the 52-card pack, the two-pack game's 104 cards, and the marked two of clubs.

Knorri is played with the full pack, each suit ranking from the ace down to
the two.  With two packs every card is there twice, and two cards of one
face (two ♦7s) are twins: they play alike in everything, and neither beats
the other (a card must be strictly better than the one it beats).  The
only twin that matters is the two of clubs, because its holder opens the
second phase: one of the two ♣2s carries a mark, written ``C2*`` (``♣2*``),
and its holder opens.  It is a :class:`MarkedCard`, a :class:`Card` in
every respect (suit clubs, rank two) that is a different object from the
plain ♣2, so the engine and its texts can tell the two apart.

Actions, texts and JSON name cards by their face (``D7``); with two packs
``play D7`` plays one of the player's ♦7s, and which one never matters.
"""

from __future__ import annotations

from typing import Iterable

from stytvolt.core.cards import Card, CardParseError, Pack, Rank, Suit, make_pack, parse_card
from stytvolt.core.errors import type_name

__all__ = [
    "PACK", "TWO_PACKS", "MarkedCard", "MARKED_TWO", "CLUB_TWO", "parse_knorri_card", "parse_knorri_cards",
    "format_knorri_cards", "check_cards", "counted",
]


class MarkedCard(Card):
    """The marked two of clubs of the two-pack game (``C2*``): a club two, but not the plain ♣2."""

    __slots__ = ()

    def __new__(cls, suit: Suit = Suit.CLUBS, rank: Rank = Rank.TWO) -> "MarkedCard":
        if Suit(suit) is not Suit.CLUBS or Rank(rank) is not Rank.TWO:
            raise CardParseError("only the two of clubs carries the mark (C2*)")
        return MARKED_TWO

    @classmethod
    def _marked(cls) -> "MarkedCard":
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit.CLUBS)
        object.__setattr__(card, "rank", Rank.TWO)
        object.__setattr__(card, "index", Suit.CLUBS * 13)
        object.__setattr__(card, "_text", "C2*")
        return card

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (MarkedCard, (Suit.CLUBS, Rank.TWO))

    def __repr__(self) -> str:
        return "MARKED_TWO"

    @property
    def symbol(self) -> str:
        return "♣2*"

    @property
    def english(self) -> str:
        return "marked two of clubs"


MARKED_TWO: MarkedCard = MarkedCard._marked()
CLUB_TWO: Card = Card(Suit.CLUBS, Rank.TWO)

#: The one-pack game: 52 cards, every suit from the ace down to the two.
PACK: Pack = make_pack("knorri", "the 52-card pack", Rank)


def _two_packs() -> tuple[Card, ...]:
    cards = list(PACK.cards) + [c for c in PACK.cards if c is not CLUB_TWO]
    cards.append(MARKED_TWO)
    return tuple(cards)


#: The two-pack game's 104 cards: every card twice, one of the two ♣2s marked (``C2*``).
TWO_PACKS: tuple[Card, ...] = _two_packs()

def parse_knorri_card(text: "str | Card") -> Card:
    """One card: ``D7``, ``♦7``, ``7d`` (as :func:`~stytvolt.core.cards.parse_card`), or the marked ♣2,
    ``C2*`` / ``♣2*``."""
    if isinstance(text, Card):
        return text
    if isinstance(text, str):
        token = text.strip()
        if token.endswith("*"):
            card = parse_card(token[:-1].strip())
            if card is not CLUB_TWO:
                raise CardParseError(
                    f"bad card {token[:24]!r}: only the two of clubs carries the mark (C2*); "
                    "other twins are written alike")
            return MARKED_TWO
    return parse_card(text)


def parse_knorri_cards(text: "str | Iterable[str | Card]") -> tuple[Card, ...]:
    """A space- or comma-separated list of cards (or a list of cards or texts), in order."""
    if isinstance(text, str):
        tokens: list[str | Card] = [t for t in text.replace(",", " ").split() if t]
    elif isinstance(text, (list, tuple)):
        tokens = list(text)
    else:
        raise CardParseError(f"cards are given as text like 'D7 C2' or a list of cards, not {type_name(text)}")
    return tuple(parse_knorri_card(t) for t in tokens)


def format_knorri_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """``"D7 C2*"`` (or ``"♦7 ♣2*"``): the inverse of :func:`parse_knorri_cards`."""
    return " ".join(c.symbol if symbols else str(c) for c in cards)


def counted(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each face: a hand or table as the multiset it is."""
    out: dict[Card, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


def check_cards(cards: object, what: str, *, two_packs: bool = False) -> tuple[Card, ...]:
    """Cards from a list or text that one game could hold together: each face once with one pack,
    at most twice with two (the marked ♣2 once, and then only one plain ♣2)."""
    if not isinstance(cards, (str, list, tuple)):
        raise CardParseError(f"{what} is given as cards or their text like 'D7 C2', not {type_name(cards)}")
    found = parse_knorri_cards(cards)
    if not two_packs and MARKED_TWO in found:
        raise CardParseError(f"{what}: the marked ♣2 (C2*) belongs to the two-pack game")
    limit = 2 if two_packs else 1
    for card, count in counted(found).items():
        allowed = 1 if card is MARKED_TWO or (card is CLUB_TWO and two_packs) else limit
        if count > allowed:
            raise CardParseError(f"{what}: {card} is named {count} times, but the pack holds it "
                                 f"{'once' if allowed == 1 else 'twice'}")
    return found
