"""The perfect-information solver for follow-suit trick games: the best play with every card visible.

:func:`solve` takes a state of the protocol in its play phase (a Sjavs or
Klørsjavs hand, or any game with a reader in :mod:`~stytvolt.analysis.games`)
and finds what each legal action is worth when both sides play perfectly to
the end of the hand, for the side of one seat (by default the player to
move), in one of these units:

* ``objective="game"``: the seat's ``returns()`` (game points, øre): the
  bands, vol, a lone announcer, a tout's every trick and a fold all count;
* ``objective="points"``: the card points the seat's side ends the hand with
  (a cat, talon or cards laid away counting for the declaring side);
* ``objective="mixed"``: both, game points first: ``returns()[seat] * MIX``
  plus the side's card points (what a computer player weighs, so that of two
  lines scoring alike it prefers the one that takes more).

Sides: Sjavs for four, seats 0 and 2 against 1 and 3 (whoever bid); for
three, the soloist against the two others; for two, each alone; Klørsjavs,
the declarer against the others.  The seats of a side play to maximise the
value and the others to minimise it.

It is the one part of the analysis that sees every card, and says so: a fair
computer player calls it only on deals it imagined from its own observation
(:mod:`~stytvolt.analysis.players`), never on the real state.

The search, on the compiled position (:mod:`~stytvolt.analysis.position`):

* fail-soft null-window alpha-beta (each search answers "is the value at
  least t?" with a bound the value is known to reach or not to pass), driven
  by MTD(f) from a guess (the previous action's value) until the bounds meet;
* a transposition table at the start of each trick, keyed by the cards left
  in each hand and the leader, plus, for game points, what the tricks so far
  still mean (the side's points and each seat's tricks); card points are
  counted from the trick on, so their table needs no past at all;
* the table's key on relative ranks: a card still out stands for its place
  among its suit's cards still out (with its points), so positions that
  differ only in which low cards have gone share an entry (as in Haglund's
  DDS); its best lead is kept as a place in a suit and read back as the card
  now in that place;
* trick counting, for a game scored by each side's tricks alone with no card
  points (Vira): the search counts the tricks one side takes from here, so
  its table holds no past either, and a question about the score ("at least
  t?") becomes one about the tricks ("at least k more?"), the score never
  falling with them;
* bounds at the start of each trick: the value if the side took every card
  left, and if it took none (the games' scores never give less for more);
  counting tricks, also each side's run of top trumps (a trick each, whatever
  happens) and the quick tricks the side on lead can cash at once (its cards
  above every other hand's in a suit, a partner's too, as often as each
  other hand holding a trump must follow);
* equivalent cards merged: cards of one hand, one suit and one point value
  with no other player's card (nor the card winning the trick) between them
  play alike, so one of them is tried;
* move ordering: the table's best lead first; then the suit's top cards,
  then the cheap ones; following, the cheapest card that takes the trick from
  an opponent, points onto a partner's trick, else the cheapest card;
* each merged, ordered move list is kept, keyed by what it depends on: the
  legal cards, the card winning the trick, whose side it is, and the other
  hands' cards only where they can matter (ranked between the legal cards of
  a suit when following, above the lowest when leading), so most positions
  find theirs ready (``bench/wholehands.py`` measures it; :class:`Tuning`
  switches it off).
"""

from __future__ import annotations

import itertools
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable

from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.analysis.games import position_of
from stytvolt.analysis.position import PlayPosition, TrickTable

__all__ = ["OBJECTIVES", "MIX", "FOLD", "Solution", "Search", "Tuning", "TUNED", "OLD", "solve", "solve_position",
           "value_of"]

#: What the solver maximises: a seat's game points, its side's card points, or both (game points first).
OBJECTIVES = ("game", "points", "mixed")
#: ``objective="mixed"``: the value is the game points times this, plus the side's card points.
MIX = 256
#: The search's move that gives the hand up (Klørsjavs's fold); cards are moves by their ``Card.index``.
FOLD = -1
_NO_MOVE = -2  # a table entry's best move before any was searched
_INFINITY = 1_000_000
_TABLE_LIMIT = 2_000_000  # entries; past it the table is cleared


class _Timeout(Exception):
    pass


@dataclass(frozen=True)
class Tuning:
    """Switches for the search's speed-ups (all on by default), kept so a bench can measure the search
    without them on the same hands (``bench/wholehands.py``); the values found are the same either way.
    """

    #: Keep each position's ordered list of candidate moves (after merging) by what it depends on: the legal
    #: cards, the others' cards, the card winning the trick and whose side it is; and play a follower's
    #: only legal card without building a list at all.
    memo_moves: bool = True
    #: Key the transposition table on relative ranks: each card still out stands for its place among the cards
    #: of its suit still out (and its points), so positions that differ only in which low cards are gone share
    #: an entry.  Exact for every objective (points are part of the key); off where cards lie under others.
    rank_key: bool = True
    #: For a game scored by each side's tricks alone with no card points (Vira), search the tricks the side
    #: takes from here rather than the score: the table's entries then hold no past at all (the score's
    #: null-window questions become "at least k more tricks?" through the score's monotonicity).
    trick_count: bool = True
    #: With ``trick_count``: at the start of a trick, the tricks the side on lead can cash at once (top cards
    #: where no opponent can ruff) and each side's run of top trumps (they must win a trick each) bound the
    #: tricks from here.
    quick_tricks: bool = True


#: Every speed-up on: what :func:`solve` uses.
TUNED = Tuning()
#: The search as it was before issue 26's speed-ups (for measuring them).
OLD = Tuning(memo_moves=False, rank_key=False, trick_count=False, quick_tricks=False)


@dataclass(frozen=True)
class Solution:
    """What a position is worth with perfect play by both sides and every card visible.

    * ``value``: the position's value for ``seat`` (see ``objective``): the best action's for a
      player to move on ``seat``'s side, the worst for an opponent;
    * ``values``: each legal action's value, keyed by the action's text;
    * ``best``: the actions that reach ``value`` (the player to move's best); ``actions``: each text's action;
    * ``line``: a principal line, as action texts, to the end of the hand;
    * ``seat``: whose value it is; ``player``: the player to move; ``nodes``: positions searched;
    * ``exact``: False only when a node limit or deadline stopped the search (then ``values``
      holds only the actions settled in time).
    """

    value: int
    values: dict[str, int]
    best: tuple[str, ...]
    line: tuple[str, ...]
    seat: int
    player: int
    objective: str
    nodes: int
    exact: bool = True
    seconds: float = field(default=0.0, compare=False)
    actions: dict[str, Any] = field(default_factory=dict, compare=False)


_SCORES: dict[tuple[int, ...], tuple[int, ...]] = {}  # (score_key's number, side 0's points, each seat's tricks) -> returns
_SCORES_LIMIT = 500_000
_SCORE_IDS: dict[object, int] = {}  # score_key -> the number standing for it in _SCORES
_SCORE_NUMBERS = itertools.count()


@dataclass(frozen=True, eq=False)
class _Facts:
    """What the search reads of one table, built once per table."""

    above: list[int]  # card -> the cards of its suit that rank above it
    between: list[int]  # a * 52 + b -> the cards of their suit ranked strictly between a and b
    cheap: list[int]  # card -> sort key, cheapest first: points, then rank
    rich: list[int]  # card -> sort key, most points first, then the lowest rank
    top_first: list[int]  # card -> sort key for a suit's top cards led: most points, then the highest
    # Whether one card beats another is read from their suits and their order in the suit alone (a higher card
    # of the suit, or a trump over a plain card): then renaming the cards of a suit in order changes no trick.
    ordinal: bool
    trump: int  # the suit that beats the others (ordinal tables), or -1
    bitorder: bool  # each suit's cards rank in the order of their indices (the highest has the highest bit)


_FACTS: "weakref.WeakKeyDictionary[TrickTable, _Facts]" = weakref.WeakKeyDictionary()


def _facts(t: TrickTable) -> _Facts:
    found = _FACTS.get(t)
    if found is None:
        cards = [c.index for c in t.pack]
        above = [0] * 52
        between = [0] * (52 * 52)
        for a in cards:
            for b in cards:
                if t.suit[a] == t.suit[b] and t.rank[b] > t.rank[a]:
                    above[a] |= 1 << b
        for a in cards:
            for b in cards:
                if t.suit[a] == t.suit[b]:
                    lo, hi = min(t.rank[a], t.rank[b]), max(t.rank[a], t.rank[b])
                    between[a * 52 + b] = sum(1 << x for x in cards if t.suit[x] == t.suit[a] and lo < t.rank[x] < hi)
        ruffing = {t.suit[c] for w in cards for c in _indices(t.beats[w]) if t.suit[c] != t.suit[w]}
        trump = next(iter(ruffing)) if len(ruffing) == 1 else -1
        ordinal = len(ruffing) <= 1 and all(
            bool(t.beats[w] >> c & 1) == (t.rank[c] > t.rank[w] if t.suit[c] == t.suit[w] else t.suit[c] == trump)
            for w in cards for c in cards if c != w)
        bitorder = all(o == sorted(o, reverse=True) for o in t.order)
        found = _Facts(above, between, [t.value[c] * 64 + t.rank[c] for c in range(52)],
                       [-t.value[c] * 64 + t.rank[c] for c in range(52)],
                       [-t.value[c] * 64 - t.rank[c] for c in range(52)], ordinal, trump, bitorder)
        _FACTS[t] = found
    return found


class Search:
    """One search over a position: the value of ``seat``'s side in ``objective`` units, and its table.

    The root position moves with :meth:`play` and :meth:`unplay`; :meth:`at_least`
    and :meth:`value` search from wherever it stands.  ``table`` and ``merge``
    switch the transposition table and the merging of equivalent cards off (for
    measuring); ``max_nodes`` and ``deadline`` stop a search (:func:`solve` then
    reports what was settled).
    """

    def __init__(self, position: PlayPosition, seat: int, objective: str = "game", *, table: bool = True,
                 merge: bool = True, max_nodes: int | None = None, deadline: float | None = None,
                 tuning: Tuning = TUNED) -> None:
        if objective not in OBJECTIVES:
            raise StytvoltError(f"objective is one of {', '.join(OBJECTIVES)}, not {objective!r}")
        p = position
        n = p.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidPosition(f"seat must be from 0 to {n - 1}, not {seat!r}")
        self.position = p
        self.seat = seat
        self.objective = objective
        self.game = objective != "points"  # the end's score decides (game points, perhaps with card points)
        self.mix = MIX if objective == "mixed" else 0
        self.players = n
        t = p.table
        facts = _facts(t)
        self.suit = t.suit
        self.suit_mask = t.suit_mask
        self.beats = t.beats
        self.cardvalue = t.value
        self.rank = t.rank
        self.order = t.order
        self.above = facts.above
        self.between = facts.between
        self.cheap = facts.cheap
        self.rich = facts.rich
        self.top_first = facts.top_first
        self.under = [0] * 52
        for top, below in p.under.items():
            self.under[top] = below
        self.covers = bool(p.under)  # some card lies under another (else ``blocked`` stays 0)
        self.use_table = table
        self.merge = merge
        self.tuning = tuning
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple[object, ...], list[int]] = {}
        self.bounds_memo: dict[tuple[object, ...], tuple[int, int]] = {}
        self.mine = p.side[seat]
        self.maxing = [p.side[s] == self.mine for s in range(n)]
        self.friends = [s for s in range(n) if p.side[s] == self.mine]
        self.foes = [s for s in range(n) if p.side[s] != self.mine]
        # The score's key stands for itself in the cache by a number (hashing it, a dataclass of rules
        # perhaps, at every end of a hand searched cost more than the rest of the lookup).
        found = _SCORE_IDS.get(p.score_key)
        if found is None:
            if len(_SCORE_IDS) >= _SCORES_LIMIT:
                _SCORE_IDS.clear()
            found = _SCORE_IDS[p.score_key] = next(_SCORE_NUMBERS)  # never reused: a live search keeps its own
        self.score_key = found
        self.side0 = [s for s in range(n) if p.side[s] == 0]
        self.extra_mine = p.extra if self.mine == 0 else 0
        # The mutable position (the root's; the recursion passes the trick along as arguments).
        self.hands = list(p.hands)
        self.blocked = p.blocked()
        self.pts = list(p.points)
        self.in0 = [p.side[s] == 0 for s in range(n)]
        self.s0 = sum(p.points[s] for s in self.side0)  # side 0's card points in its tricks so far
        self.memo: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.span_up: dict[int, int] = {}  # legal cards -> what their lead's moves depend on (see _span)
        self.span_in: dict[int, int] = {}  # legal cards -> what their play to a trick depends on
        self.trk = list(p.tricks)
        self.leader = p.leader
        self.trick: list[int] = [c.index for c in p.trick]
        self.rest = sum(t.value[c] for m in p.hands for c in _indices(m))  # card points in the hands (in the search: and in the trick being played)
        self.total_tricks = sum(p.tricks) + p.tricks_left
        self.spare = p.to_play is not None  # some hands hold cards that will not be played
        self.side_tricks = self.game and p.side_tricks and self.use_table
        self.done = sum(p.tricks)
        self.fold_seat = p.fold[0] if p.fold is not None and self.game else -1
        self.fold_value = p.fold[1][seat] if p.fold is not None else 0
        if self.mix:
            self.fold_value = self.fold_value * self.mix + self.past_points()  # (a fold comes before any trick)
        self._history: list[tuple[int, int, list[int], int]] = []
        # The table's key on relative ranks (Tuning.rank_key): each suit's cards still out, as who holds them and
        # what they are worth in the suit's order, stand for themselves by a number.  Renaming a suit's cards in
        # order changes no trick when a card beats another by suit and order alone (``ordinal``); a covered card
        # is another matter (what lies under which card), so the exact key stays there.
        self.rank_key = tuning.rank_key and facts.ordinal and not self.covers
        self.spread = [sum(m << 52 * i for i in range(n)) for m in t.suit_mask]  # a suit's mask in every seat's place
        self.patterns: dict[int, int] = {}  # a suit's cards in every seat's place -> its pattern's number
        self.pattern_ids: dict[tuple[int, ...], int] = {}
        # Trick counting (Tuning.trick_count): with no card points and a score read from each side's tricks alone,
        # the search counts the tricks one side (``counts``) takes from here, the side whose tricks the seat wants
        # (its own, or the other's in a misère); :meth:`bound` turns a score's question into a count's.
        self.tmode = (tuning.trick_count and self.game and p.side_tricks and t.total == 0 and self.fold_seat < 0
                      and not self.covers)
        self.summed = not self.game or self.tmode  # the stored quantity is a sum from here (points or tricks)
        self.counts = list(self.maxing)  # whose gains the sum counts
        if self.tmode:
            ends = self._trick_values()
            if ends[-1] < ends[0]:  # the seat wants fewer tricks for its side
                self.counts = [not m for m in self.maxing]
        self.quick = self.tmode and tuning.quick_tricks and facts.ordinal and facts.bitorder
        self.trump = facts.trump
        self.foes_of = [[s for s in range(n) if p.side[s] != p.side[q]] for q in range(n)]

    # -- what the side already has ---------------------------------------------------------------

    def past_points(self) -> int:
        """The card points ``seat``'s side holds now (tricks won, and the extra cards if it declares)."""
        return sum(self.pts[s] for s in self.friends) + self.extra_mine

    def remaining_points(self) -> int:
        """The card points still to be won: the hands' and the current trick's."""
        return sum(self.cardvalue[c] for c in self.trick) + self.rest

    # -- the root: moves one at a time --------------------------------------------------------------

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def over(self) -> bool:
        return self.done == self.total_tricks or self.done < 0

    def moves(self) -> list[int]:
        """The legal moves of the player to move (card indices, and :data:`FOLD`), equivalent cards merged,
        in the order the search tries them."""
        if self.over():
            return []
        p = self.to_move()
        if self.trick:
            win, seat = self._winner()
            return self._follow_moves(p, self.trick[0], win, seat)
        return self._lead_moves(p, None)

    def all_moves(self) -> list[int]:
        """Every legal move, none merged."""
        if self.over():
            return []
        p = self.to_move()
        legal = self.hands[p] & ~self.blocked
        if self.trick:
            follow = legal & self.suit_mask[self.suit[self.trick[0]]]
            legal = follow or legal
        out = _indices(legal)
        if p == self.fold_seat and self.done == 0:
            out.append(FOLD)
        return out

    def _winner(self) -> tuple[int, int]:
        win = self.trick[0]
        seat = self.leader
        for k, c in enumerate(self.trick[1:], 1):
            if self.beats[win] >> c & 1:
                win, seat = c, (self.leader + k) % self.players
        return win, seat

    def play(self, move: int) -> None:
        """Make one move at the root (a card index, or :data:`FOLD`)."""
        p = self.to_move()
        self._history.append((move, self.leader, list(self.trick), self.done))
        if move == FOLD:
            self.done = -1  # over: folded
            return
        self.hands[p] &= ~(1 << move)
        self.blocked &= ~self.under[move]
        self.rest -= self.cardvalue[move]
        self.trick.append(move)
        if len(self.trick) == self.players:
            win, seat = self._winner()
            gained = sum(self.cardvalue[c] for c in self.trick)
            self.pts[seat] += gained
            if self.in0[seat]:
                self.s0 += gained
            self.trk[seat] += 1
            self.leader = seat
            self.trick = []
            self.done += 1

    def unplay(self) -> None:
        """Take the last :meth:`play` back."""
        move, leader, trick, done = self._history.pop()
        if move == FOLD:
            self.done = done
            return
        if done != self.done:  # the move finished a trick
            self.leader = leader
            self.trick = trick + [move]
            win, seat = self._winner()
            gained = sum(self.cardvalue[c] for c in self.trick)
            self.pts[seat] -= gained
            if self.in0[seat]:
                self.s0 -= gained
            self.trk[seat] -= 1
            self.done = done
        self.trick = trick
        self.leader = leader
        p = self.to_move()
        self.hands[p] |= 1 << move
        self.blocked |= self.under[move]
        self.rest += self.cardvalue[move]

    def playout(self) -> int:
        """The value when every seat plays the first move the search would try (its move ordering: a
        suit's top cards led, the cheapest card that takes a trick, points onto a partner's trick) from
        the position reached by :meth:`play` to the end: a quick estimate where a search would be too long."""
        made = 0
        while not self.over():
            self.play(self.moves()[0])
            made += 1
        value = self.final_value()
        for _ in range(made):
            self.unplay()
        return value

    def final_value(self) -> int:
        """The value of a finished hand (after :meth:`play` reached the end)."""
        if self.done < 0:
            return self.fold_value
        if self.game:
            return self._end()
        return self.past_points()

    def bound(self, t: int) -> int:
        """A null-window search from the position reached by :meth:`play`: a value ``g`` with the true value
        at least ``g`` when ``g >= t``, and at most ``g`` when ``g < t`` (fail-soft)."""
        if self.done < 0 or self.done == self.total_tricks:
            return self.final_value()
        if self.tmode:
            return self._trick_bound(t)
        offset = 0 if self.game else self.past_points()
        if not self.trick:
            return self._lead(t - offset) + offset
        win, seat = self._winner()
        pts = sum(self.cardvalue[c] for c in self.trick)
        # Inside the search the points left count the current trick's cards until it is finished.
        self.rest += pts
        try:
            return self._follow(len(self.trick), self.to_move(), self.trick[0], win, seat, pts, t - offset,
                                self._union()) + offset
        finally:
            self.rest -= pts

    def _trick_values(self) -> list[int]:
        """The value if ``counts``'s side takes ``x`` of the tricks left and the other side the rest, for each
        ``x`` from 0 to the tricks left (the score reads each side's tricks alone)."""
        left = self.total_tricks - self.done
        mine, theirs = self.counts.index(True), self.counts.index(False)
        trk = self.trk
        out = []
        for x in range(left + 1):
            trk[mine] += x
            trk[theirs] += left - x
            out.append(self._end())
            trk[mine] -= x
            trk[theirs] -= left - x
        return out

    def _trick_bound(self, t: int) -> int:
        """:meth:`bound` by counting tricks: the value is at least ``t`` exactly when ``counts``'s side takes at
        least ``k`` more tricks, the fewest that score ``t`` (the score never falls with them); a fail-soft bound
        ``r`` on the tricks is one on the value through the same score."""
        ends = self._trick_values()
        if any(a > b for a, b in zip(ends, ends[1:])):  # (a score that breaks its promise) search it as a score
            self.tmode = self.quick = False
            self.summed = not self.game
            self.counts = list(self.maxing)
            self.table.clear()
            return self.bound(t)
        left = len(ends) - 1
        k = next((x for x, v in enumerate(ends) if v >= t), -1)
        if k < 0:
            return ends[left]
        if k == 0:
            return ends[0]
        if not self.trick:
            r = self._lead(k)
        else:
            win, seat = self._winner()
            r = self._follow(len(self.trick), self.to_move(), self.trick[0], win, seat, 0, k, self._union())
        return ends[0 if r < 0 else left if r > left else r]

    def at_least(self, t: int) -> bool:
        """Whether the value from the position reached by :meth:`play` is at least ``t``."""
        return self.bound(t) >= t

    def value(self, guess: int | None = None) -> int:
        """The exact value from the position reached by :meth:`play`, by MTD(f): null-window searches
        from ``guess`` until the bounds they return meet."""
        if self.done < 0 or self.done == self.total_tricks:
            return self.final_value()
        lower, upper = -_INFINITY, _INFINITY
        g = 0 if guess is None else guess
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.bound(beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    # -- the search -------------------------------------------------------------------------------------

    def _check(self) -> None:
        if (self.deadline is not None and time.perf_counter() > self.deadline) or (
                self.max_nodes is not None and self.nodes > self.max_nodes):
            raise _Timeout

    def _score(self) -> tuple[int, ...]:
        """The position's score once the hand is over (``pts`` and ``trk`` final), cached: a score depends
        on the seats' points only through side 0's total (see :class:`PlayPosition`)."""
        pts = self.pts
        key = (self.score_key, self.s0, *self.trk)
        found = _SCORES.get(key)
        if found is None:
            if len(_SCORES) >= _SCORES_LIMIT:
                _SCORES.clear()
            found = _SCORES[key] = self.position.score(pts, self.trk)
        return found

    def _end(self) -> int:
        """The value of the hand once over (``pts`` and ``trk`` final): the seat's score, and with
        ``objective="mixed"`` its side's card points after it."""
        v = self._score()[self.seat]
        if self.mix:
            return v * self.mix + self.past_points()
        return v

    def _bounds(self) -> tuple[int, int]:
        """Bounds at a trick's start on the stored quantity: game points, or the side's card points from here."""
        rest = self.rest
        if not self.game:
            return 0, rest
        pts, trk = self.pts, self.trk
        key = (self.s0, *trk, rest)
        found = self.bounds_memo.get(key)
        if found is None:
            left = self.total_tricks - self.done
            his: list[int] = []
            los: list[int] = []
            for group, out in ((self.friends, his), (self.foes, los)):
                for s in group:
                    gain = rest if self.in0[s] else 0
                    pts[s] += rest
                    trk[s] += left
                    self.s0 += gain
                    out.append(self._end())
                    self.s0 -= gain
                    pts[s] -= rest
                    trk[s] -= left
            # Every card left to one seat: the extremes of a score that moves one way with each side's tricks and
            # points, whichever way that is (a misère's soloist wants none).
            ends = his + los
            found = (min(ends), max(ends))
            if self.fold_seat >= 0 and self.done == 0:
                found = (min(found[0], self.fold_value), max(found[1], self.fold_value))
            self.bounds_memo[key] = found
        return found

    def _last_trick(self) -> int:
        """The last trick, one card in each hand, played out at once: its stored quantity."""
        n = self.players
        hands = self.hands
        leader = self.leader
        win = hands[leader].bit_length() - 1
        wseat = leader
        gained = self.cardvalue[win]
        beats = self.beats
        for k in range(1, n):
            s = (leader + k) % n
            c = hands[s].bit_length() - 1
            gained += self.cardvalue[c]
            if beats[win] >> c & 1:
                win, wseat = c, s
        if self.summed:
            if self.tmode:
                return 1 if self.counts[wseat] else 0
            return gained if self.maxing[wseat] else 0
        gain = gained if self.in0[wseat] else 0
        self.pts[wseat] += gained
        self.trk[wseat] += 1
        self.s0 += gain
        v = self._end()
        self.s0 -= gain
        self.pts[wseat] -= gained
        self.trk[wseat] -= 1
        return v

    def _lead(self, t: int) -> int:
        """At the start of a trick: a fail-soft bound on the stored quantity from here (see :meth:`bound`)."""
        self.nodes += 1
        if not self.nodes & 1023:
            self._check()
        left = self.total_tricks - self.done
        if self.tmode:  # the tricks from here
            lo, hi = 0, left
        else:
            found = self.bounds_memo.get((self.s0, *self.trk, self.rest)) if self.game else None
            lo, hi = found if found is not None else self._bounds()
        if lo >= t or lo == hi:
            return lo
        if hi < t:
            return hi
        if left == 1 and self.fold_seat < 0 and not self.spare:
            return self._last_trick()
        key: tuple[int, ...] | None = None
        entry = None
        first: int | None = None
        hands = self.hands
        out = self._union()
        if self.use_table:
            if self.rank_key:
                n = self.players
                if n == 3:
                    x = hands[0] | hands[1] << 52 | hands[2] << 104
                elif n == 4:
                    x = hands[0] | hands[1] << 52 | hands[2] << 104 | hands[3] << 156
                else:
                    x = hands[0] | hands[1] << 52
                spread = self.spread
                patterns = self.patterns
                a = x & spread[0]
                ca = patterns.get(a)
                if ca is None:
                    ca = self._pattern(a, 0)
                b = x & spread[1]
                cb = patterns.get(b)
                if cb is None:
                    cb = self._pattern(b, 1)
                c = x & spread[2]
                cc = patterns.get(c)
                if cc is None:
                    cc = self._pattern(c, 2)
                d = x & spread[3]
                cd = patterns.get(d)
                if cd is None:
                    cd = self._pattern(d, 3)
                if self.summed:  # points or tricks from here: the cards left say it all
                    key = (ca, cb, cc, cd, self.leader, self.done) if self.spare else (ca, cb, cc, cd, self.leader)
                elif self.side_tricks:
                    key = (ca, cb, cc, cd, self.leader, self.s0, sum(self.trk[s] for s in self.side0))
                else:
                    key = (ca, cb, cc, cd, self.leader, self.s0, *self.trk)
            elif self.summed:
                key = (*hands, self.leader, self.done) if self.spare and self.tmode else (*hands, self.leader)
            elif self.side_tricks:  # the score reads only each side's tricks: side 0's total says them all
                key = (*hands, self.leader, self.s0, sum(self.trk[s] for s in self.side0))
            else:
                key = (*hands, self.leader, self.s0, *self.trk)
            entry = self.table.get(key)
            if entry is not None:
                if entry[0] >= t:
                    return entry[0]
                if entry[1] < t:
                    return entry[1]
                first = entry[2]
                if self.rank_key and first >= 0:  # the hint is a place in a suit: the card now in that place
                    place = first & 63
                    for card in self.order[first >> 6]:
                        if out >> card & 1:
                            if not place:
                                first = card
                                break
                            place -= 1
        p = self.leader
        if self.quick:
            if entry is None:
                lo, hi = self._sure(p, out, left)
                if lo >= t or lo == hi or hi < t:  # kept, so that the next visit stops at the table
                    if key is not None:
                        if len(self.table) >= _TABLE_LIMIT:
                            self.table.clear()
                        self.table[key] = [lo, hi, _NO_MOVE]
                    return lo if lo >= t or lo == hi else hi
            else:  # the entry's bounds began as these
                lo, hi = entry[0], entry[1]
        maxing = self.maxing[p]
        moves = self._lead_moves(p, first, out)
        hands = self.hands
        under = self.under
        value = self.cardvalue
        best = moves[0]
        g = -_INFINITY if maxing else _INFINITY
        nxt = (p + 1) % self.players
        covers = self.covers
        for c in moves:
            if c == FOLD:
                v = self.fold_value
            else:
                hands[p] ^= 1 << c
                if covers:
                    self.blocked &= ~under[c]
                v = self._follow(1, nxt, c, c, p, value[c], t, out ^ 1 << c)
                if covers:
                    self.blocked |= under[c]
                hands[p] |= 1 << c
            if maxing:
                if v > g:
                    g, best = v, c
                    if g >= t:
                        break
            elif v < g:
                g, best = v, c
                if g < t:
                    break
        g = lo if g < lo else hi if g > hi else g
        if key is not None:
            if self.rank_key and best >= 0:  # kept as its place among the cards of its suit still out
                best = self.suit[best] << 6 | (self.above[best] & out).bit_count()
            if entry is None:
                if len(self.table) >= _TABLE_LIMIT:
                    self.table.clear()
                entry = self.table[key] = [lo, hi, best]
            if g >= t:
                if g > entry[0]:
                    entry[0] = g
            elif g < entry[1]:
                entry[1] = g
            entry[2] = best
        return g

    def _pattern(self, cards: int, s: int) -> int:
        """The number standing for suit ``s``'s cards still out, ``cards`` being them in every seat's place (seat
        i's at bits 52 * i on): who holds each and what it is worth, in the suit's order, highest first."""
        n = self.players
        value = self.cardvalue
        shape = []
        for c in self.order[s]:
            for i in range(n):
                if cards >> (c + 52 * i) & 1:
                    shape.append(i)
                    shape.append(value[c])
                    break
        key = tuple(shape)
        found = self.pattern_ids.get(key)
        if found is None:
            found = self.pattern_ids[key] = len(self.pattern_ids)
        if len(self.patterns) >= _TABLE_LIMIT:
            self.patterns.clear()
        self.patterns[cards] = found
        return found

    def _sure(self, p: int, out: int, left: int) -> tuple[int, int]:
        """Bounds on the tricks ``counts``'s side takes from the start of a trick ``p`` leads (trick counting, each
        suit's cards ranking in the order of their bits; ``out`` the cards in the hands):

        * the run of top trumps in one hand wins a trick each, whatever happens (every card is played);
        * the cards ``p`` can cash at once: in each suit its cards above every other hand's (a partner's higher card
          would take the trick, and the lead, from it), as many as every other hand holding a trump must follow (a
          side that wants tricks takes these first if it likes)."""
        hands = self.hands
        suit_mask = self.suit_mask
        counts = self.counts
        trump = self.trump
        lo, hi = 0, left
        if trump >= 0 and not self.spare:
            trumps = out & suit_mask[trump]
            if trumps:
                top = trumps.bit_length() - 1
                holder = 0
                while not hands[holder] >> top & 1:
                    holder += 1
                mine = hands[holder] & trumps
                rest = trumps ^ mine
                run = (mine >> rest.bit_length()).bit_count()
                if counts[holder]:
                    lo = run
                else:
                    hi = left - run
        if self.maxing[p] == counts[p]:  # the side on lead wants its own tricks
            opp = 0  # every other hand's cards, a partner's too: a partner's higher card would take the lead
            ruffers = []
            for o in range(self.players):
                if o == p:
                    continue
                opp |= hands[o]
                if trump >= 0 and hands[o] & suit_mask[trump]:
                    ruffers.append(hands[o])
            mine = hands[p]
            q = 0
            for s in range(4):
                held = mine & suit_mask[s]
                if not held:
                    continue
                theirs = opp & suit_mask[s]
                w = (held >> theirs.bit_length()).bit_count()
                if s != trump:
                    for r in ruffers:
                        f = (r & suit_mask[s]).bit_count()
                        if f < w:
                            w = f
                q += w
            if q > left:
                q = left
            if counts[p]:
                if q > lo:
                    lo = q
            elif left - q < hi:
                hi = left - q
        return lo, hi

    def _follow(self, k: int, p: int, led: int, win: int, wseat: int, tpts: int, t: int, out: int) -> int:
        """Player ``p`` plays the ``k``-th card of a trick led by ``led`` and won so far by ``win`` (``wseat``),
        ``out`` the cards still in the hands: a fail-soft bound on the stored quantity (see :meth:`bound`)."""
        self.nodes += 1
        maxing = self.maxing[p]
        hands = self.hands
        under = self.under
        beats = self.beats[win]
        value = self.cardvalue
        g = -_INFINITY if maxing else _INFINITY
        covers = self.covers
        moves: list[int] | tuple[int, ...] | None = None
        if self.tuning.memo_moves and (p != self.fold_seat or self.done):  # _follow_moves's memo, read in place
            legal = hands[p] & ~self.blocked
            follow = legal & self.suit_mask[self.suit[led]]
            if follow:
                legal = follow
            if not legal & (legal - 1):  # one legal card (a common case late in a hand)
                moves = (legal.bit_length() - 1,)
            else:
                span = self.span_in.get(legal)
                if span is None:
                    span = self._span(legal, False)
                moves = self.memo.get((win, legal, (out & ~hands[p] | self.blocked) & span,
                                       self.maxing[wseat] == maxing))
        if moves is None:
            moves = self._follow_moves(p, led, win, wseat, out)
        if k + 1 == self.players and self.tmode:
            # Counting tricks, nothing but the cards, the leader and the tricks done matter below (no points, no
            # fold, no covered card): the trick is finished with just those.
            counts = self.counts
            leader = self.leader
            for c in moves:
                nseat = p if beats >> c & 1 else wseat
                hands[p] ^= 1 << c
                self.leader = nseat
                self.done += 1
                if counts[nseat]:
                    v = self._lead(t - 1) + 1
                else:
                    v = self._lead(t)
                self.done -= 1
                hands[p] |= 1 << c
                if maxing:
                    if v > g:
                        g = v
                        if g >= t:
                            break
                elif v < g:
                    g = v
                    if g < t:
                        break
            self.leader = leader
            return g
        if k + 1 == self.players:
            pts, trk = self.pts, self.trk
            summed = self.summed
            counts = self.counts
            tmode = self.tmode
            in0 = self.in0
            for c in moves:
                if c == FOLD:
                    v = self.fold_value
                else:
                    nseat = p if beats >> c & 1 else wseat
                    gained = tpts + value[c]
                    hands[p] ^= 1 << c
                    if covers:
                        self.blocked &= ~under[c]
                    self.rest -= gained
                    leader = self.leader
                    pts[nseat] += gained
                    trk[nseat] += 1
                    if in0[nseat]:
                        self.s0 += gained
                    self.leader = nseat
                    self.done += 1
                    if summed and counts[nseat]:
                        if tmode:
                            v = self._lead(t - 1) + 1
                        else:
                            v = self._lead(t - gained) + gained
                    else:
                        v = self._lead(t)
                    self.done -= 1
                    self.leader = leader
                    if in0[nseat]:
                        self.s0 -= gained
                    pts[nseat] -= gained
                    trk[nseat] -= 1
                    self.rest += gained
                    if covers:
                        self.blocked |= under[c]
                    hands[p] |= 1 << c
                if maxing:
                    if v > g:
                        g = v
                        if g >= t:
                            return g
                elif v < g:
                    g = v
                    if g < t:
                        return g
            return g
        nxt = (p + 1) % self.players
        for c in moves:
            if c == FOLD:
                v = self.fold_value
            else:
                hands[p] ^= 1 << c
                if covers:
                    self.blocked &= ~under[c]
                if beats >> c & 1:
                    v = self._follow(k + 1, nxt, led, c, p, tpts + value[c], t, out ^ 1 << c)
                else:
                    v = self._follow(k + 1, nxt, led, win, wseat, tpts + value[c], t, out ^ 1 << c)
                if covers:
                    self.blocked |= under[c]
                hands[p] |= 1 << c
            if maxing:
                if v > g:
                    g = v
                    if g >= t:
                        return g
            elif v < g:
                g = v
                if g < t:
                    return g
        return g

    # -- moves ------------------------------------------------------------------------------------------

    def _candidates(self, p: int, legal: int, winning: int) -> list[int]:
        """The legal cards, one of each group of equivalent ones: same suit, same points, and no card of
        another hand (nor ``winning``, the card winning the trick, nor a covered card) ranked between."""
        if not self.merge or not legal & (legal - 1):
            return _indices(legal)
        others = winning | self.blocked
        hands = self.hands
        for s in range(self.players):
            if s != p:
                others |= hands[s]
        out: list[int] = []
        value = self.cardvalue
        under = self.under
        between = self.between
        suit_mask = self.suit_mask
        for s in range(4):
            mine = legal & suit_mask[s]
            if not mine:
                continue
            if not mine & (mine - 1):
                out.append(mine.bit_length() - 1)
                continue
            last: dict[int, int] = {}
            for c in self.order[s]:
                if not mine >> c & 1:
                    continue
                if under[c]:
                    out.append(c)
                    continue
                v = value[c]
                rep = last.get(v)
                if rep is None or between[rep * 52 + c] & others:
                    last[v] = c
                    out.append(c)
        return out

    def _span(self, legal: int, up: bool) -> int:
        """The cards whose place decides how ``legal``'s cards merge and order: in each suit, those ranked
        above its lowest legal card (``up``: a lead, whose top cards are led first), else those ranked
        between its lowest and highest legal cards (a card played to a trick)."""
        span = 0
        for s in range(4):
            mine = [c for c in self.order[s] if legal >> c & 1]  # highest first
            if mine:
                span |= self.above[mine[-1]] if up else self.between[mine[-1] * 52 + mine[0]]
        memo = self.span_up if up else self.span_in
        if len(memo) >= _TABLE_LIMIT:
            memo.clear()
        memo[legal] = span
        return span

    def _union(self) -> int:
        """The cards still in the hands."""
        union = 0
        for m in self.hands:
            union |= m
        return union

    def _lead_moves(self, p: int, first: int | None, union: int = -1) -> list[int]:
        if self.tuning.memo_moves:
            hands = self.hands
            legal = hands[p] & ~self.blocked
            if union < 0:
                union = self._union()
            span = self.span_up.get(legal)
            if span is None:
                span = self._span(legal, True)
            key = (-1, legal, union & ~hands[p] & span, self.blocked & span)
            found = self.memo.get(key)
            if found is None:
                if len(self.memo) >= _TABLE_LIMIT:
                    self.memo.clear()
                found = self.memo[key] = tuple(self._lead_order(p, legal))
            moves = list(found)
            if first is not None and first != moves[0] and first in found:
                moves.remove(first)
                moves.insert(0, first)
            if p == self.fold_seat and self.done == 0:
                moves.append(FOLD)
            return moves
        moves = self._lead_order(p, self.hands[p] & ~self.blocked)
        if first is not None and len(moves) > 1 and first != moves[0] and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        if p == self.fold_seat and self.done == 0:
            moves.append(FOLD)
        return moves

    def _lead_order(self, p: int, legal: int) -> list[int]:
        """The cards ``p`` may lead, merged and ordered (without the table's move)."""
        moves = self._candidates(p, legal, 0)
        if len(moves) > 1:
            others = 0
            for s in range(self.players):
                if s != p:
                    others |= self.hands[s]
            above = self.above
            # The suit's top cards (nobody else holds a higher one of it) first, richest first; then the
            # low cards, cheapest first.
            tops = [c for c in moves if not above[c] & others]
            if tops and len(tops) < len(moves):
                lows = [c for c in moves if above[c] & others]
                tops.sort(key=self.top_first.__getitem__)
                lows.sort(key=self.cheap.__getitem__)
                moves = tops + lows
            else:
                moves.sort(key=(self.top_first if tops else self.cheap).__getitem__)
        return moves

    def _follow_moves(self, p: int, led: int, win: int, wseat: int, union: int = -1) -> list[int]:
        legal = self.hands[p] & ~self.blocked
        follow = legal & self.suit_mask[self.suit[led]]
        if follow:
            legal = follow
        if self.tuning.memo_moves:
            if not legal & (legal - 1):
                moves = [legal.bit_length() - 1]
            else:
                hands = self.hands
                if union < 0:
                    union = self._union()
                span = self.span_in.get(legal)
                if span is None:
                    span = self._span(legal, False)
                key = (win, legal, (union & ~hands[p] | self.blocked) & span, self.maxing[wseat] == self.maxing[p])
                found = self.memo.get(key)
                if found is None:
                    if len(self.memo) >= _TABLE_LIMIT:
                        self.memo.clear()
                    found = self.memo[key] = tuple(self._follow_order(p, legal, win, wseat))
                moves = list(found)
            if p == self.fold_seat and self.done == 0:
                moves.append(FOLD)
            return moves
        moves = self._follow_order(p, legal, win, wseat)
        if p == self.fold_seat and self.done == 0:
            moves.append(FOLD)
        return moves

    def _follow_order(self, p: int, legal: int, win: int, wseat: int) -> list[int]:
        """The cards ``p`` may play to the trick won so far by ``win`` (``wseat``), merged and ordered."""
        moves = self._candidates(p, legal, 1 << win)
        if len(moves) > 1:
            beats = self.beats[win]
            takers = [c for c in moves if beats >> c & 1]
            if self.maxing[wseat] == self.maxing[p]:  # a partner is winning: points onto the trick, not over it
                if takers:
                    rest = [c for c in moves if not beats >> c & 1]
                    rest.sort(key=self.rich.__getitem__)
                    takers.sort(key=self.rank.__getitem__)
                    moves = rest + takers
                else:
                    moves.sort(key=self.rich.__getitem__)
            elif takers:  # the cheapest card that takes the trick, else the cheapest card
                rest = [c for c in moves if not beats >> c & 1]
                takers.sort(key=self.rank.__getitem__)
                rest.sort(key=self.cheap.__getitem__)
                moves = takers + rest
            else:
                moves.sort(key=self.cheap.__getitem__)
        return moves


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _deadline(seconds: float | None) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise StytvoltError(f"a deadline is a number of seconds above 0, not {seconds!r}")
    return time.perf_counter() + float(seconds)


def solve(state: object, *, seat: int | None = None, objective: str = "game", max_nodes: int | None = None,
          deadline: float | None = None, table: bool = True, merge: bool = True, tuning: Tuning = TUNED) -> Solution:
    """Every legal action's value for ``seat`` (default: the player to move) with every card visible.

    ``state`` is a state in its play phase (:func:`~stytvolt.analysis.games.position_of`
    reads it; anything else raises :class:`InvalidPosition`).  ``objective``
    is ``"game"`` (``returns()[seat]``) or ``"points"`` (the card points of
    ``seat``'s side at the end; a fold is then not searched).  ``max_nodes``
    (checked every 1,024 positions, so the same on every machine) and
    ``deadline`` (seconds) stop the search early (``exact`` is then False).
    The actions are the state's own: ``Solution.actions`` maps each text to
    the object ``state.apply`` takes.
    """
    position = position_of(state)
    legal = list(state.legal_actions())  # type: ignore[attr-defined]
    return solve_position(position, legal, seat=seat, objective=objective, max_nodes=max_nodes,
                          deadline=deadline, table=table, merge=merge, tuning=tuning)


def solve_position(position: PlayPosition, legal: list[Any] | None = None, *, seat: int | None = None,
                   objective: str = "game", max_nodes: int | None = None, deadline: float | None = None,
                   table: bool = True, merge: bool = True, search: Search | None = None,
                   line: bool = True, tuning: Tuning = TUNED) -> Solution:
    """:func:`solve` on a position already read; ``legal``: the state's legal actions, which must be the
    position's (checked), else they are made from the position.  ``search``: a search of this same
    position to reuse (its table carries over).  ``line=False`` skips the principal line (it is empty)."""
    started = time.perf_counter()
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise StytvoltError(f"max_nodes is a whole number above 0, not {max_nodes!r}")
    player = position.to_move
    who = player if seat is None else seat
    if search is None:
        search = Search(position, who, objective, table=table, merge=merge, max_nodes=max_nodes,
                        deadline=_deadline(deadline), tuning=tuning)
    else:
        search.nodes = 0
        search.max_nodes = max_nodes
        search.deadline = _deadline(deadline)
    moves = search.all_moves()
    actions = {m: (position.fold_action if m == FOLD else position.play_action(Card.from_index(m))) for m in moves}
    if legal is not None:
        wanted = {str(a) for a in legal if objective != "points" or a != position.fold_action}
        got = {str(a) for a in actions.values()}
        if wanted != got:
            raise InvalidPosition(f"the solver's moves ({', '.join(sorted(got))}) are not the state's legal actions "
                                  f"({', '.join(sorted(wanted))})")
        by_text = {str(a): a for a in legal}
        actions = {m: by_text[str(a)] for m, a in actions.items()}
    # Equivalent cards: one is searched, the others share its value.
    searched = search.moves()
    same: dict[int, int] = {}
    for m in moves:
        if m not in searched:
            same[m] = next(r for r in searched if r != FOLD and _equivalent(search, r, m))
    values: dict[str, int] = {}
    exact = True
    guess: int | None = None
    try:
        for m in searched:
            search.play(m)
            try:
                v = search.value(guess)
            finally:
                search.unplay()
            guess = v
            values[str(actions[m])] = v
        best_line = _principal_line(search, values, searched, actions) if line else ()
    except _Timeout:
        exact = False
        best_line = ()
    for m, rep in same.items():
        if str(actions[rep]) in values:
            values[str(actions[m])] = values[str(actions[rep])]
    if not values:
        raise StytvoltError("the node limit or deadline was reached before any action's value was settled: "
                            "allow more nodes or time")
    pick = max if search.maxing[player] else min  # the player to move plays for their own side
    value = pick(values.values())
    order = {str(actions[m]): i for i, m in enumerate(moves)}
    values = dict(sorted(values.items(), key=lambda kv: order[kv[0]]))
    best = tuple(k for k, v in values.items() if v == value)
    return Solution(value, values, best, best_line, who, player, objective, search.nodes, exact,
                    time.perf_counter() - started, {str(a): a for a in actions.values()})


def _equivalent(search: Search, a: int, b: int) -> bool:
    """Whether moves ``a`` and ``b`` fell into one group of equivalent cards at the root."""
    if search.suit[a] != search.suit[b] or search.cardvalue[a] != search.cardvalue[b]:
        return False
    p = search.to_move()
    others = search.blocked
    for s in range(search.players):
        if s != p:
            others |= search.hands[s]
    if search.trick:
        others |= 1 << search._winner()[0]
    lo, hi = sorted((search.rank[a], search.rank[b]))
    return not any(lo < search.rank[x] < hi for x in _indices(others & search.suit_mask[search.suit[a]]))


def _principal_line(search: Search, values: dict[str, int], moves: list[int], actions: dict[int, Any]) -> tuple[str, ...]:
    """Follow a best move from the root to the end of the hand; the actions' texts."""
    value = (max if search.maxing[search.to_move()] else min)(values.values())
    first = next(m for m in moves if values.get(str(actions[m])) == value)
    line = [str(actions[first])]
    search.play(first)
    played = 1
    p = search.position
    try:
        while not search.over():
            maxing = search.maxing[search.to_move()]
            for m in search.moves():
                search.play(m)
                ok = search.at_least(value) if maxing else not search.at_least(value + 1)
                if ok:
                    played += 1
                    line.append(str(p.fold_action) if m == FOLD else str(p.play_action(Card.from_index(m))))
                    break
                search.unplay()
            else:  # pragma: no cover (some move always keeps the value)
                raise AssertionError("the principal line lost its value")
    finally:
        for _ in range(played):
            search.unplay()
    return tuple(line)


def value_of(state: object, *, seat: int | None = None, objective: str = "game") -> int:
    """The value of ``state`` for ``seat`` (default: the player to move) with perfect play: :func:`solve`'s ``value``."""
    return solve(state, seat=seat, objective=objective).value
