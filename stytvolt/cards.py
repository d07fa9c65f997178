"""Suits, ranks, cards and packs, with a strict text form.

A card's canonical text is suit then rank: ``H2`` is the two of hearts.
Suits are ``S H D C``; ranks ``2-9 T J Q K A``.  Parsing is lenient about
order, case and suit symbols (``♥2``, ``2h``, ``h2``) but strict about
everything else: a bad token raises :class:`CardParseError`, which names the
token and says what was expected.

Cards are interned: there is exactly one object per card, so identity,
equality and hashing are all cheap, which the engine relies on in its hot
loops.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Iterable, Iterator

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardParseError",
    "parse_card",
    "parse_cards",
    "format_cards",
    "Pack",
    "FULL_PACK",
    "STYRIVOLT_PACK",
    "SJAVS_PACK",
    "KLORSJAVS_PACK",
    "FOUR_HAND_KLORSJAVS_PACK",
    "ALL_CARDS",
]


class Suit(IntEnum):
    """The four suits.  The integer order (S, H, D, C) is only a storage order."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def english(self) -> str:
        return ("spades", "hearts", "diamonds", "clubs")[self]

    @property
    def singular(self) -> str:
        return ("spade", "heart", "diamond", "club")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> "Suit":
        """Read a suit from its letter, symbol or English name (any case)."""
        key = text.strip().lower()
        found = _SUIT_WORDS.get(key)
        if found is None:
            raise CardParseError(
                f"bad suit {text!r}: expected one of S H D C, ♠ ♥ ♦ ♣, "
                "or spades/hearts/diamonds/clubs"
            )
        return found


class Rank(IntEnum):
    """Ranks valued 2..14 so that plain comparison is the usual A-high order."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def english(self) -> str:
        return (
            "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "jack", "queen", "king", "ace",
        )[self - 2]

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else self.english + "s"

    def __str__(self) -> str:
        return self.letter


_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _w in (_s.letter, _s.symbol, _s.english, _s.singular):
        _SUIT_WORDS[_w.lower()] = _s
# Text emoji variants of the symbols (♥️ etc.) carry U+FE0F; accept them too.
for _s in Suit:
    _SUIT_WORDS[_s.symbol + "\ufe0f"] = _s

_RANK_WORDS: dict[str, Rank] = {r.letter.lower(): r for r in Rank}
_RANK_WORDS["10"] = Rank.TEN


class CardParseError(ValueError):
    """A card, suit or card list could not be read; the message says why."""


class Card:
    """One playing card.  Immutable and interned: ``Card(Suit.HEARTS, Rank.TWO) is Card.parse("H2")``."""

    __slots__ = ("suit", "rank", "index", "_text")
    suit: Suit
    rank: Rank
    index: int
    _text: str

    def __new__(cls, suit: Suit, rank: Rank) -> "Card":
        try:
            return _INTERNED[Suit(suit) * 13 + Rank(rank) - 2]
        except (ValueError, IndexError):
            raise CardParseError(f"no such card: suit {suit!r}, rank {rank!r}") from None

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", suit * 13 + rank - 2)
        object.__setattr__(card, "_text", suit.letter + rank.letter)
        return card

    @classmethod
    def parse(cls, text: str) -> "Card":
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card with ``card.index == index`` (0..51: suit * 13 + rank - 2)."""
        if not 0 <= index < 52:
            raise CardParseError(f"no card has index {index}: expected 0..51")
        return _INTERNED[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @property
    def symbol(self) -> str:
        """``♥2``: the suit symbol then the rank (``10`` is written ``T``)."""
        return self.suit.symbol + self.rank.letter

    @property
    def english(self) -> str:
        """``two of hearts``."""
        return f"{self.rank.english} of {self.suit.english}"


_INTERNED: tuple[Card, ...] = tuple(Card._make(s, r) for s in Suit for r in Rank)
ALL_CARDS: tuple[Card, ...] = _INTERNED

_TOKEN_SPLIT = re.compile(r"[\s,]+")


def parse_card(text: str) -> Card:
    """Read one card: ``H2``, ``h2``, ``2H``, ``♥2``, ``2♥``, ``H10``."""
    token = text.strip()
    if not token:
        raise CardParseError("empty card: expected a suit and a rank, like H2 or ♥2")
    low = token.lower().replace("\ufe0f", "")
    for suit_part, rank_part in ((low[:1], low[1:]), (low[-1:], low[:-1])):
        suit = _SUIT_WORDS.get(suit_part)
        rank = _RANK_WORDS.get(rank_part)
        if suit is not None and rank is not None:
            return _INTERNED[suit * 13 + rank - 2]
    raise CardParseError(
        f"bad card {token!r}: expected a suit (S H D C or ♠ ♥ ♦ ♣) and a rank "
        "(2-9, T, J, Q, K, A), like H2, ♥2 or 2H"
    )


def parse_cards(
    text: str | Iterable[str],
    *,
    pack: "Pack | None" = None,
    unique: bool = False,
) -> tuple[Card, ...]:
    """Read a space- or comma-separated list of cards, in order.

    ``pack`` rejects cards that are not in that pack (``HT`` is not in the
    48-card Stýrivolt pack); ``unique`` rejects a card named twice.
    Nothing is returned unless every token is good.
    """
    tokens = [t for t in _TOKEN_SPLIT.split(text.strip())] if isinstance(text, str) else list(text)
    tokens = [t for t in tokens if t]
    cards = tuple(parse_card(t) for t in tokens)
    if pack is not None:
        for token, card in zip(tokens, cards):
            if card not in pack:
                raise CardParseError(f"card {token!r} ({card.english}) is not in {pack.description}")
    if unique:
        seen: set[Card] = set()
        for token, card in zip(tokens, cards):
            if card in seen:
                raise CardParseError(f"card {token!r} ({card}) is named twice")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """The inverse of :func:`parse_cards`: ``"H2 SK S3"`` (or ``"♥2 ♠K ♠3"``)."""
    return " ".join(c.symbol if symbols else str(c) for c in cards)


class Pack:
    """An ordered, immutable set of cards that a game is played with."""

    __slots__ = ("name", "description", "cards", "_members")

    def __init__(self, name: str, description: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.description = description
        self.cards: tuple[Card, ...] = tuple(cards)
        self._members = frozenset(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._members

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {len(self.cards)} cards>"


def _pack(name: str, description: str, ranks: Iterable[Rank], without: str = "") -> Pack:
    wanted = set(ranks)
    removed = set(parse_cards(without))
    return Pack(name, description, (c for c in ALL_CARDS if c.rank in wanted and c not in removed))


FULL_PACK = _pack("full", "the full 52-card pack", Rank)
STYRIVOLT_PACK = _pack(
    "styrivolt", "the 48-card Stýrivolt pack (the tens are removed)", (r for r in Rank if r is not Rank.TEN)
)
SJAVS_PACK = _pack("sjavs", "the 32-card Sjavs pack (sevens to aces)", (r for r in Rank if r >= Rank.SEVEN))
KLORSJAVS_PACK = _pack(
    "klorsjavs",
    "the 20-card Klørsjavs pack (aces, kings, queens, jacks and fives)",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE),
)
FOUR_HAND_KLORSJAVS_PACK = _pack(
    "four-hand-klorsjavs",
    "the 18-card four-hand Klørsjavs pack (the Klørsjavs pack without the red queens)",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.FIVE),
    without="HQ DQ",
)
