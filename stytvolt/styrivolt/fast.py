"""The compiled form of a trick, for search and simulation: cards as small integers, tricks as table lookups.

Cards are the integers 0 to 47, in the order of :data:`~stytvolt.styrivolt.pack.PACK`
(:data:`CARDS`, :data:`NUMBER`); a hand is a bitmask of them (:func:`mask`,
:func:`cards_of`).  For each of the six pairs of chosen suits,
:func:`compiled` builds, from that pair's :class:`~stytvolt.styrivolt.ranking.Ranking`
(its levels and defences: the one source of card power), a small state
machine for a trick:

* the state after a play is the card now winning and how it came to win it:
  led or taken on rank in its own suit (it keeps its defence, and a plain
  card can still be beaten by a higher card of its suit), led from four of a
  kind, or taken by reaching a level (the next card must rank above it);
* ``lead[p]`` is the state after play ``p`` is led, ``after[s][p]`` the state
  after play ``p`` joins a trick in state ``s``.  A play is ``card * 2 +
  promoted`` (``promoted``: played from four of a kind); a play that cannot
  happen (a five from four of a kind) maps to :data:`NO_STATE`.

So a four-card trick's winner is three lookups (:func:`trick_winner`), with
no branch on roles.  ``tests/test_fast.py`` checks the tables against the
public :func:`~stytvolt.styrivolt.tricks.explain_trick` on a sample of every
kind of trick under all six pairs; ``bench/fast_tricks.py`` checks every
ordered four-card trick of the pack and times both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from stytvolt.core.cards import Card, Suit
from stytvolt.styrivolt.pack import PACK
from stytvolt.styrivolt.ranking import Ranking, Role, defence_of

__all__ = [
    "CARDS", "NUMBER", "NO_STATE", "Compiled", "compiled", "play", "mask", "cards_of", "trick_winner", "winning_card",
]

#: The 48 cards by number (the pack's order).
CARDS: tuple[Card, ...] = tuple(PACK)
#: A card → its number.
NUMBER: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
#: A play that cannot happen (a five played as four of a kind).
NO_STATE = -1

# How the winning card came to win: the second part of a state (state = card * 4 + how).
_AS_LED = 0  # led as it is, or taken on rank in its own suit: its own defence stands
_LED_PROMOTED = 1  # led from four of a kind
_BY_LEVEL = 2  # took the trick by its level, played as it is
_BY_LEVEL_PROMOTED = 3  # took the trick by its level, played from four of a kind


def play(card: int, promoted: bool = False) -> int:
    """The play of card number ``card``: ``card * 2 + promoted``."""
    return card * 2 + promoted


def mask(cards: Iterable[Card]) -> int:
    """The bitmask of these cards."""
    out = 0
    for card in cards:
        out |= 1 << NUMBER[card]
    return out


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in the pack's order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(CARDS[low.bit_length() - 1])
        bits ^= low
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Compiled:
    """One pair's trick tables (see the module's docstring)."""

    chosen: frozenset[Suit]
    lead: tuple[int, ...]  # play -> state
    after: tuple[tuple[int, ...], ...]  # state -> play -> state


def _build(ranking: Ranking) -> Compiled:
    n = len(CARDS)
    # What each play brings to a trick: its level, its defence when winning, and its suit and rank while plain.
    level = [0] * (2 * n)
    defence = [0] * (2 * n)
    possible = [False] * (2 * n)
    for i, card in enumerate(CARDS):
        for promoted in (False, True):
            p = play(i, promoted)
            role = ranking.promoted_role(card.rank) if promoted else ranking.roles[card.index]
            if role is None:
                continue
            possible[p] = True
            level[p] = role.level
            defence[p] = defence_of(role, card.rank)
    plain = [ranking.roles[card.index] is Role.PLAIN for card in CARDS]

    def state_facts(s: int) -> tuple[int, int, int]:
        """The level a play must reach to take the trick, and the plain suit and rank (or -1) it may take on."""
        number, how = divmod(s, 4)
        c = CARDS[number]
        if how == _AS_LED:
            suit, rank = (int(c.suit), int(c.rank)) if plain[number] else (-1, -1)
            return defence[play(number)], suit, rank
        if how == _LED_PROMOTED:
            return defence[play(number, True)], -1, -1
        return level[play(number, how == _BY_LEVEL_PROMOTED)] + 1, -1, -1

    lead = tuple(
        NO_STATE if not possible[p] else (p // 2) * 4 + (_LED_PROMOTED if p % 2 else _AS_LED) for p in range(2 * n)
    )
    after = []
    for s in range(4 * n):
        need, suit, rank = state_facts(s)
        row = []
        for p in range(2 * n):
            number, from_four = divmod(p, 2)
            if not possible[p]:
                row.append(NO_STATE)
            elif level[p] >= need:
                row.append(number * 4 + (_BY_LEVEL_PROMOTED if from_four else _BY_LEVEL))
            elif not from_four and plain[number] and int(CARDS[number].suit) == suit and int(CARDS[number].rank) > rank:
                row.append(number * 4 + _AS_LED)
            else:
                row.append(s)
        after.append(tuple(row))
    return Compiled(ranking.chosen, lead, tuple(after))


_COMPILED: dict[frozenset[Suit], Compiled] = {}


def compiled(chosen: Iterable[Suit | str] | str | Ranking) -> Compiled:
    """The trick tables for a pair of chosen suits (built once per pair)."""
    ranking = Ranking.of(chosen)
    found = _COMPILED.get(ranking.chosen)
    if found is None:
        found = _COMPILED[ranking.chosen] = _build(ranking)
    return found


def winning_card(tables: Compiled, plays: Sequence[int]) -> int:
    """The number of the card winning a trick of these plays (``play(card, promoted)``, the lead first)."""
    state = tables.lead[plays[0]]
    after = tables.after
    for p in plays[1:]:
        state = after[state][p]
    return state >> 2


def trick_winner(tables: Compiled, plays: Sequence[int]) -> int:
    """The index (0 = the lead) of the winning play of a trick."""
    card = winning_card(tables, plays)
    return next(i for i, p in enumerate(plays) if p >> 1 == card)
