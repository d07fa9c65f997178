"""Suits, ranks, cards and packs, with a strict text form.

The card model every game shares; each game declares its own :class:`Pack`.
A card's canonical text is suit then rank: ``H2`` is the two of hearts.
Suits are ``S H D C``; ranks ``2-9 T J Q K A``.  What a person reads is
:attr:`Card.symbol`, the one way the package writes a card for people:
suit symbol then rank, a ten as ``10`` (``♣10``, ``♥2``).  Parsing is lenient
about order, case and suit symbols (``♥2``, ``2h``, ``h2``, ``♣10``) but strict about
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

from stytvolt.core.errors import ParseError, type_name

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
    "ALL_CARDS",
    "make_pack",
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
        if not isinstance(text, str):
            raise CardParseError(f"a suit is written as text (S H D C, ♠ ♥ ♦ ♣ or its name), not {type_name(text)}")
        key = text.strip().lower()
        found = _SUIT_WORDS.get(key)
        if found is None:
            raise CardParseError(
                f"bad suit {_shown(text)}: expected one of S H D C, ♠ ♥ ♦ ♣, "
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
    def shown(self) -> str:
        """The rank as a person reads it on a card: ``2``-``10``, ``J``, ``Q``, ``K``, ``A``."""
        return "10" if self is Rank.TEN else self.letter

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


class CardParseError(ParseError):
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
        except (ValueError, IndexError, TypeError):
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
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 52:
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
        """``♥2``, ``♣10``: the card as a person reads it, the suit symbol then the rank (a ten written ``10``).

        Every text the package writes for people names a card this way; the canonical text
        (``str(card)``, ``CT``) is for saved data, addresses and the command line's input.
        """
        return self.suit.symbol + self.rank.shown

    @property
    def english(self) -> str:
        """``two of hearts``."""
        return f"{self.rank.english} of {self.suit.english}"


_INTERNED: tuple[Card, ...] = tuple(Card._make(s, r) for s in Suit for r in Rank)
ALL_CARDS: tuple[Card, ...] = _INTERNED

_TOKEN_SPLIT = re.compile(r"[\s,]+")


def parse_card(text: "str | Card", *, pack: "Pack | None" = None) -> Card:
    """Read one card: ``H2``, ``h2``, ``2H``, ``♥2``, ``2♥``, ``H10``.

    With ``pack``, a card outside that pack is refused and the message lists
    the ranks the pack holds.
    """
    if isinstance(text, Card):
        if pack is not None and text not in pack:
            raise CardParseError(f"the {text.english} is not in {pack.description}")
        return text
    if not isinstance(text, str):
        raise CardParseError(f"a card is written as text like H2 or ♥2, not {type_name(text)}")
    token = text.strip()
    if not token:
        raise CardParseError("empty card: expected a suit and a rank, like H2 or ♥2")
    low = token.lower().replace("\ufe0f", "")
    for suit_part, rank_part in ((low[:1], low[1:]), (low[-1:], low[:-1])):
        suit = _SUIT_WORDS.get(suit_part)
        rank = _RANK_WORDS.get(rank_part)
        if suit is not None and rank is not None:
            card = _INTERNED[suit * 13 + rank - 2]
            if pack is not None and card not in pack:
                # The card once, in words: the token is either its own text or a spelling of it.
                raise CardParseError(f"the {card.english} is not in {pack.description}")
            return card
    ranks = pack.rank_text if pack is not None else "2-9, T, J, Q, K, A"
    raise CardParseError(
        f"bad card {_shown(token)}: expected a suit (S H D C or ♠ ♥ ♦ ♣) and a rank "
        f"({ranks}), like H2, ♥2 or 2H"
    )


def _shown(token: str, limit: int = 24) -> str:
    """A bad token as quoted in a message, cut short when it is long."""
    return repr(token if len(token) <= limit else token[:limit] + "…")


def parse_cards(
    text: "str | Iterable[str | Card]",
    *,
    pack: "Pack | None" = None,
    unique: bool = False,
) -> tuple[Card, ...]:
    """Read a space- or comma-separated list of cards, in order.

    ``pack`` rejects cards that are not in that pack (``HT`` is not in the
    48-card Stýrivolt pack); ``unique`` rejects a card named twice.
    Nothing is returned unless every token is good.
    """
    if isinstance(text, str):
        tokens: list[object] = list(_TOKEN_SPLIT.split(text.strip()))
    elif isinstance(text, (list, tuple)):
        tokens = list(text)
    else:
        raise CardParseError(f"cards are given as text like 'H2 SK' or a list of cards, not {type_name(text)}")
    tokens = [t for t in tokens if t != ""]
    cards = tuple(parse_card(t, pack=pack) for t in tokens)  # type: ignore[arg-type]  # each checked in parse_card
    if unique:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardParseError(f"card {card} is named twice")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """The inverse of :func:`parse_cards`: ``"H2 SK S3"`` (or, for people, ``"♥2 ♠K ♠3"``)."""
    return " ".join(c.symbol if symbols else str(c) for c in cards)


class Pack:
    """An ordered, immutable set of cards that a game is played with (each game declares its own)."""

    __slots__ = ("name", "description", "cards", "_members", "rank_text")

    def __init__(self, name: str, description: str, cards: Iterable[Card]) -> None:
        self.name = name
        self.description = description
        self.cards: tuple[Card, ...] = tuple(cards)
        self._members = frozenset(self.cards)
        ranks = sorted({c.rank for c in self.cards})
        #: the ranks in this pack, as a parse error lists them ("2-9, J, Q, K, A")
        self.rank_text = _rank_text(ranks)

    def check_deck(self, deck: object, what: str = "deck") -> tuple[Card, ...]:
        """``deck`` as a tuple, if it holds every card of this pack exactly once; else :class:`InvalidPosition`."""
        from stytvolt.core.errors import InvalidPosition

        if not isinstance(deck, (list, tuple)):
            raise InvalidPosition(f"a {what} is a list of cards, not {type_name(deck)}")
        cards = tuple(deck)
        if len(cards) == len(self.cards) and set(cards) == self._members:
            return cards
        if len(cards) != len(self.cards):
            raise InvalidPosition(f"a {what} of {self.description} has {len(self.cards)} cards, got {len(cards)}")
        seen: set[Card] = set()
        for card in cards:
            if not isinstance(card, Card) or card not in self._members:
                raise InvalidPosition(f"{card!r} is not a card of {self.description}")
            if card in seen:
                raise InvalidPosition(f"{card} appears twice in the {what}")
            seen.add(card)
        raise InvalidPosition(f"the {what} is not {self.description}")  # pragma: no cover (counted above)

    def __contains__(self, card: object) -> bool:
        return card in self._members

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {len(self.cards)} cards>"


def _rank_text(ranks: list[Rank]) -> str:
    parts: list[str] = []
    run: list[Rank] = []
    ends: list[Rank | None] = [*ranks, None]
    for rank in ends:
        if rank is not None and run and rank == run[-1] + 1 and rank <= Rank.NINE:
            run.append(rank)
            continue
        if len(run) > 2:
            parts.append(f"{run[0].letter}-{run[-1].letter}")
        else:
            parts.extend(r.letter for r in run)
        run = [rank] if rank is not None else []
    return ", ".join(parts)


def make_pack(name: str, description: str, ranks: Iterable[Rank], without: str = "") -> Pack:
    """A pack of every suit's cards of these ranks, less the cards named in ``without``."""
    wanted = set(ranks)
    removed = set(parse_cards(without))
    return Pack(name, description, (c for c in ALL_CARDS if c.rank in wanted and c not in removed))


FULL_PACK = make_pack("full", "the full 52-card pack", Rank)
