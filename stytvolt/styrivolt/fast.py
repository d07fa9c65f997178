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
no branch on roles.  ``tests/styrivolt/test_fast.py`` checks the tables against the
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
    "CARDS", "NUMBER", "NO_STATE", "Compiled", "compiled", "play", "mask", "numbers", "cards_of", "trick_winner", "winning_card",
    "conflicts", "NEVER",
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


def numbers(bits: int) -> list[int]:
    """The card numbers of a bitmask, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in the pack's order."""
    return tuple(CARDS[i] for i in numbers(bits))


@dataclass(frozen=True, slots=True)
class Compiled:
    """One pair's trick tables (see the module's docstring)."""

    chosen: frozenset[Suit]
    lead: tuple[int, ...]  # play -> state
    after: tuple[tuple[int, ...], ...]  # state -> play -> state
    level: tuple[int, ...]  # play -> its level (0 for a card without one)
    defence: tuple[int, ...]  # play -> the level that beats it when it is winning as played
    plain: tuple[int, ...]  # card -> its suit while it is a plain card of an unchosen suit, else -1
    lamb: tuple[bool, ...]  # play -> whether it plays as a lamb


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
    lamb = [False] * (2 * n)
    for i, card in enumerate(CARDS):
        lamb[play(i)] = ranking.roles[card.index] is Role.LAMB
        lamb[play(i, True)] = ranking.promoted_role(card.rank) is Role.LAMB

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
    return Compiled(
        ranking.chosen, lead, tuple(after), tuple(level), tuple(defence),
        tuple(int(c.suit) if plain[i] else -1 for i, c in enumerate(CARDS)), tuple(lamb),
    )


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


#: In :func:`conflicts`: two cards that never play alike.
NEVER = -1

_CONFLICTS: dict[frozenset[Suit], tuple[tuple[int, ...], ...]] = {}


def conflicts(chosen: Iterable[Suit | str] | str | Ranking) -> tuple[tuple[int, ...], ...]:
    """When two cards of one hand play alike: ``conflicts(chosen)[a][b]`` is the mask of the cards whose
    presence in another hand (or in the trick, or face up where a move can still fetch it) makes ``a`` and
    ``b`` play differently, or :data:`NEVER`.

    Read from the tables' own facts, each card played as it is (four of a kind is left out):

    * two cards with a level (stikkar and taking cards) differ only against a card whose level lies
      between theirs, ends included (one beats it, the other falls to it), or whose defence lies above the
      lower and up to the higher level (one beats it, the other does not); equal levels never differ;
    * two cards without a level differ, when led, against a card whose level reaches one defence but not
      the other; a plain card of an unchosen suit also meets the plain cards of its suit (with two of one
      suit, only those ranked between them);
    * a lamb plays alike only with a lamb; a trader (it fetches) and a card with a level never merge with
      anything but as said.
    """
    ranking = Ranking.of(chosen)
    found = _CONFLICTS.get(ranking.chosen)
    if found is not None:
        return found
    t = compiled(ranking)
    n = len(CARDS)
    level = [t.level[play(c)] for c in range(n)]
    defence = [t.defence[play(c)] for c in range(n)]
    lamb = [t.lamb[play(c)] for c in range(n)]
    trader = [ranking.roles[c.index] is Role.TRADER for c in CARDS]
    by_level = [0] * 16  # the cards of each level
    by_defence = [0] * 100  # the cards without a level, by defence
    for x in range(n):
        if level[x]:
            by_level[level[x]] |= 1 << x
        else:
            by_defence[defence[x]] |= 1 << x

    def levels(lo: int, hi: int) -> int:  # the cards with a level from lo to hi
        out = 0
        for lv in range(lo, hi + 1):
            out |= by_level[lv]
        return out

    def defences(lo: int, hi: int) -> int:  # the cards without a level, defence from lo to hi
        out = 0
        for d in range(lo, hi + 1):
            out |= by_defence[d]
        return out

    suit_cards = {s: [c for c in range(n) if t.plain[c] == s] for s in set(t.plain) if s >= 0}
    suit_mask = {s: sum(1 << c for c in cards) for s, cards in suit_cards.items()}
    rows = []
    for a in range(n):
        row = []
        for b in range(n):
            if a == b:
                row.append(0)
            elif trader[a] or trader[b] or lamb[a] or lamb[b]:
                row.append(0 if lamb[a] and lamb[b] else NEVER)
            elif level[a] and level[b]:
                lo, hi = sorted((level[a], level[b]))
                row.append(0 if lo == hi else levels(lo, hi) | defences(lo + 1, hi))
            elif level[a] or level[b]:
                row.append(NEVER)
            else:
                lo, hi = sorted((defence[a], defence[b]))
                m = levels(lo, min(hi - 1, 15))
                sa, sb = t.plain[a], t.plain[b]
                if sa >= 0 and sa == sb:
                    ra, rb = sorted((CARDS[a].rank, CARDS[b].rank))
                    m |= sum(1 << x for x in suit_cards[sa] if ra < CARDS[x].rank < rb)
                else:
                    for s in {sa, sb} - {-1}:
                        m |= suit_mask[s] & ~(1 << a | 1 << b)
                row.append(m)
        rows.append(tuple(row))
    found = _CONFLICTS[ranking.chosen] = tuple(rows)
    return found
