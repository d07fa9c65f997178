"""A position of the play of a follow-suit trick game, as the solver reads it: every card visible.

Sjavs, Klørsjavs and the family's later games share one shape of play: the
leader plays any card; each other player follows the led suit if they can,
else plays anything; the highest trump wins the trick, else the highest card
of the led suit; the winner leads the next.  What differs between them (which
suit a card belongs to, what beats what, what a card is worth, how a finished
hand is scored) each game decides in its own modules.  This module compiles
those decisions into tables (:class:`TrickTable`) and holds one position of
the play (:class:`PlayPosition`) for :mod:`~stytvolt.analysis.solve`.

The tables ask the game itself: a card's suit is the game's ``suit_of``, and
whether card *c* beats the card *w* winning a trick is the game's own trick
winner of the two-card trick ``[w, c]``.  That pairwise answer is the whole
trick: the card winning a trick is always of the led suit or a trump, and a
card beats it exactly when it beats it in a trick led by it (a higher card of
its suit, or a trump over a plain card).  Cards are numbered by
``Card.index`` (0..51), so a hand is a bitmask.

A :class:`PlayPosition` sees every card: it is built from a whole state, and
only the solver (and a computer player's *imagined* deals) may build one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition

__all__ = ["TrickTable", "PlayPosition", "Scorer", "bits", "cards_of", "cached_table", "tricks_by_seat"]

#: The end of a hand scored from each seat's card points and tricks won in it (the cards outside the
#: tricks, such as a cat, are the scorer's own business): each seat's returns, as ``state.returns()``.
Scorer = Callable[[Sequence[int], Sequence[int]], tuple[int, ...]]


def bits(cards: Iterable[Card]) -> int:
    """The bitmask of ``cards`` (bit ``card.index``)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(Card.from_index(low.bit_length() - 1))
        mask ^= low
    return out


@dataclass(frozen=True, eq=False)
class TrickTable:
    """The trick rules of one game with one trump, compiled from the game's own functions.

    Every list is indexed by ``Card.index``; cards outside the pack hold 0.

    * ``suit``: the suit a card plays in (the game's ``suit_of``), as an int;
    * ``suit_mask``: by suit, the pack's cards that play in it;
    * ``beats``: the cards that take the trick from this card when it is winning;
    * ``value``: card points;
    * ``rank``: how many cards of its own suit a card beats (its place in the suit, 0 the lowest);
    * ``order``: by suit, its cards highest first.
    """

    pack: tuple[Card, ...]
    suit: list[int]
    suit_mask: list[int]
    beats: list[int]
    value: list[int]
    rank: list[int]
    order: list[list[int]]
    total: int  # the pack's card points

    @classmethod
    def build(cls, pack: Iterable[Card], suit_of: Callable[[Card], object],
              winner: Callable[[list[Card]], int], points: Callable[[Card], int]) -> "TrickTable":
        """The tables from the game's ``suit_of``, trick ``winner`` (index of the winning play) and card ``points``."""
        cards = tuple(sorted(pack))
        suits = sorted({int(suit_of(c)) for c in cards})  # type: ignore[call-overload]
        suit = [0] * 52
        value = [0] * 52
        beats = [0] * 52
        suit_mask = [0] * 4
        for c in cards:
            s = int(suit_of(c))  # type: ignore[call-overload]
            if not 0 <= s < 4:
                raise InvalidPosition(f"suit_of({c}) gave {s}, not a suit")
            suit[c.index] = s
            suit_mask[s] |= 1 << c.index
            value[c.index] = points(c)
        for w in cards:
            for c in cards:
                if c is not w and winner([w, c]) == 1:
                    beats[w.index] |= 1 << c.index
        rank = [0] * 52
        for c in cards:
            same = suit_mask[suit[c.index]]
            rank[c.index] = sum(1 for w in cards if same >> w.index & 1 and beats[w.index] >> c.index & 1)
        order = [sorted((c.index for c in cards if suit[c.index] == s), key=lambda i: -rank[i]) for s in range(4)]
        for s in suits:
            ranks = [rank[i] for i in order[s]]
            if len(set(ranks)) != len(ranks):
                raise InvalidPosition("the trick winner does not order the cards of a suit: this game is no plain follow-suit game")
        return cls(cards, suit, suit_mask, beats, value, rank, order, sum(value))


@dataclass(frozen=True, eq=False)
class PlayPosition:
    """A position of the play with every card visible: what the solver searches.

    * ``hands``: by seat, every card it has still to play (in hand, or on the table for it);
    * ``under``: a card lying face down under another (two-player Sjavs): ``{top index: mask below}``;
      a covered card cannot be played until the card on it is;
    * ``trick``: the cards played to the current trick, led card first; ``leader`` led it;
    * ``side``: by seat, 0 for the declaring side (announcers, soloist, declarer), 1 for the others;
    * ``points`` and ``tricks``: by seat, the card points and tricks won so far;
    * ``extra``: card points that count for side 0 outside the tricks (a cat, a talon, cards laid away);
    * ``score``: the end of the hand from each seat's final points and tricks (``extra`` left out), as
      ``returns()``.  It may depend on each seat's tricks but on the points only through side 0's
      total (the solver caches it so), and must never give a side less for more points or more
      tricks, nor for tricks gathered in one seat rather than spread over two (its bounds rest on it);
    * ``score_key``: everything ``score`` depends on besides its arguments (its results are cached by it);
    * ``fold``: the seat that may give the hand up at its turn in the first trick, and the returns
      if it does (Klørsjavs's declarer), or None;
    * ``play_action``: the state's action that plays a card; ``fold_action``: the one that folds;
    * ``side_tricks``: True when ``score`` reads the tricks only as each side's total (Vira: the soloist's
      tricks), so positions whose seats split a side's tricks differently score alike and share the search's
      table entries;
    * ``to_play``: the tricks still to finish (the current one included) when some hands hold more cards than
      will be played (a Vira misère played with fewer cards than the opponents hold), else None: every card
      in the hands is played.
    """

    players: int
    table: TrickTable
    hands: tuple[int, ...]
    under: dict[int, int]
    trick: tuple[Card, ...]
    leader: int
    side: tuple[int, ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    extra: int
    score: Scorer
    score_key: Hashable
    play_action: Callable[[Card], object]
    fold: tuple[int, tuple[int, ...]] | None = None
    fold_action: object = None
    to_play: int | None = None
    side_tricks: bool = False
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        n = self.players
        if not (len(self.hands) == len(self.side) == len(self.points) == len(self.tricks) == n):
            raise InvalidPosition(f"a position of {n} players needs {n} hands, sides, points and tricks")
        held = 0
        for mask in self.hands:
            if held & mask:
                raise InvalidPosition(f"{cards_of(held & mask)[0]} is in two hands")
            held |= mask
        if held & bits(self.trick):
            raise InvalidPosition("a card is both in a hand and in the trick")
        if len(self.trick) >= n:
            raise InvalidPosition(f"the trick holds {len(self.trick)} cards: a finished trick is not a position")
        to_move = (self.leader + len(self.trick)) % n
        sizes = [m.bit_count() for m in self.hands]
        for k in range(n):
            seat = (self.leader + k) % n
            if self.to_play is not None:
                if sizes[seat] + (1 if k < len(self.trick) else 0) < self.to_play:
                    raise InvalidPosition(f"seat {seat} holds {sizes[seat]} cards, too few for the "
                                          f"{self.to_play} tricks still to play")
            elif sizes[seat] + (1 if k < len(self.trick) else 0) != sizes[self.leader] + (1 if self.trick else 0):
                raise InvalidPosition(f"seat {seat} holds {sizes[seat]} cards, which does not fit the trick "
                                      f"(led by seat {self.leader}, {len(self.trick)} played; seat {to_move} to move)")
        if set(self.side) - {0, 1} or 0 not in self.side or 1 not in self.side:
            raise InvalidPosition("side gives each seat 0 (the declaring side) or 1, both present")

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        if self.to_play is not None:
            return self.to_play
        return (sum(m.bit_count() for m in self.hands) + len(self.trick)) // self.players

    def blocked(self) -> int:
        """The cards lying face down under a card still to be played."""
        out = 0
        for top, below in self.under.items():
            if any(m >> top & 1 for m in self.hands):
                out |= below
        return out

    def legal(self) -> list[Card]:
        """The cards the player to move may play: the led suit if they can, else any (none when it is over)."""
        t = self.table
        mask = self.hands[self.to_move] & ~self.blocked()
        if self.trick:
            follow = mask & t.suit_mask[t.suit[self.trick[0].index]]
            mask = follow or mask
        return cards_of(mask)


_TABLES: dict[object, TrickTable] = {}


def cached_table(key: object, build: Callable[[], TrickTable]) -> TrickTable:
    """The trick table kept under ``key`` (a game's reader names it: its game and trump), built once."""
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = build()
    return found


def tricks_by_seat(players: int, winners: Sequence[int]) -> tuple[int, ...]:
    """How many tricks each seat won, from the winners of the tricks so far."""
    out = [0] * players
    for w in winners:
        out[w] += 1
    return tuple(out)
