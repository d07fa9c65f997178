"""Brus with every card visible: the value of each action with perfect play, and what a sampling player needs.

What the shared analysis (:mod:`stytvolt.analysis`) reads of Brus, its declaration's ``solver``:

* :func:`solve`: every legal action's value for the player to move, in strokes (``returns()``), both sides
  playing perfectly with every card visible; :func:`sides`: the two sides (partners alternate round the table);
* :data:`SAMPLING`: what the sampling player needs of Brus (:func:`~stytvolt.brus.sampling.sample` draws the
  deals it pictures).

It is the one part of Brus that sees every card: a fair computer player calls it only on deals it drew from its
own observation, never on the real one.

The rules are the game's own, compiled once when this module is imported: which cards may be led and which may
beat which (:func:`~stytvolt.brus.rules.card_fault`), when a pass is allowed
(:func:`~stytvolt.brus.rules.pass_blockers`), what each finished deal scores
(:func:`~stytvolt.brus.rules.deal_score`, for every count of tricks, ended at six or for want of live cards,
with ♣K on either side).  The search then follows the hand's own course (:class:`~stytvolt.brus.hand.HandState`):
every player in turn beats or, unable to, passes; the highest card takes the trick; whoever comes to the lead
lays out its sevens (each a trick, and six tricks stop the deal), and a leader with no live card passes the lead
on to the left; the deal stops at six tricks or when no live card is left.

The search, on the deal compiled to bits (a live card is a bit, the lowest card the lowest bit):

* fail-soft null-window alpha-beta (each search answers "is the value at least t?"), driven by a bisection over
  the five values a deal can have (-2 to 2 strokes), starting from a guess (MTD(f)'s idea);
* a transposition table at the start of each trick, keyed by the live cards each hand holds (renumbered by
  their order among the cards left, so two deals differing only in cards gone share an entry), the leader,
  each side's tricks and the sevens not yet laid out, holding a lower and an upper bound and the best lead;
* quick bounds there: a side can take no more tricks than it holds live cards and sevens, so a side that
  cannot reach six (or five with ♣K) cannot score;
* equivalent cards merged: cards of one hand with no card of another hand between them play alike, so one
  of them is tried;
* move ordering: the table's best lead first, then the lowest lead, then the highest; following, the lowest
  card no opponent still to play can beat, then the lowest card that beats.
"""

from __future__ import annotations

import time
from typing import Any

from stytvolt.analysis.players import Sampling, Settings
from stytvolt.analysis.solve import Solution
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.brus.bots import SimpleBot
from stytvolt.brus.cards import LIVE_ORDER, ROLES, Role, power
from stytvolt.brus.hand import PASS_ACTION, Action, HandState, Observation
from stytvolt.brus.rules import SIX, card_fault, deal_score, pass_blockers, side_of
from stytvolt.brus.sampling import sample

__all__ = ["solve", "sides", "SAMPLING", "PASS_MOVE", "live_count"]

#: The search's move for a pass; a card is the move of its bit (its power less one).
PASS_MOVE = -1
_N = len(LIVE_ORDER)
_FULL = (1 << _N) - 1
#: bit -> card (bit ``power(card) - 1``).
_CARD = sorted(LIVE_ORDER, key=power)
_BIT = {card: power(card) - 1 for card in LIVE_ORDER}
_INFINITY = 100
_TABLE_LIMIT = 2_000_000


def _mask(cards: Any) -> int:
    out = 0
    for c in cards:
        out |= 1 << _BIT[c]
    return out


# -- the rules, compiled once ------------------------------------------------------------------------

#: The live cards that may be led (every one), by the rules' own test.
_LEAD = _mask(c for c in LIVE_ORDER if card_fault((c,), None, c) is None)
#: bit of the highest card so far -> the cards that may be played over it.
_BEAT = tuple(_mask(c for c in LIVE_ORDER if card_fault((c,), high, c) is None) for high in _CARD)
#: bit of the highest card so far -> the cards whose holder may not pass.
_BLOCK = tuple(_mask(pass_blockers(LIVE_ORDER, high)) for high in _CARD)
_LEAD_BLOCK = _mask(pass_blockers(LIVE_ORDER, None))
# The search leans on these being so (it checks them here rather than assume them): every live card may be led,
# a card may be played exactly over the cards below it in one order (the bits' order), so cards of one hand with
# no other card between them play alike, and a player may pass exactly when holding nothing that may be played.
assert _LEAD == _FULL == _LEAD_BLOCK
assert all(_BEAT[b] == _FULL & ~((2 << b) - 1) == _BLOCK[b] for b in range(_N))


def _score_table(end: str, club_king_side: int | None) -> tuple[int, ...]:
    """Side 0's strokes (negative: side 1's) for each count of tricks ``w0 * 8 + w1`` of a deal ended at six
    (``end="six"``) or for want of live cards, scored as :meth:`HandState.result` scores it (0 where no deal
    ends so)."""
    out = [0] * 64
    for w0 in range(SIX + 1):
        for w1 in range(SIX + 1):
            won = (w0, w1)
            if (end == "six") != (SIX in won) or won == (SIX, SIX):
                continue
            straight = SIX in won and 0 in won
            result = deal_score(won, straight=straight, club_king_side=club_king_side if end != "six" else None)
            out[w0 * 8 + w1] = 0 if result.side is None else result.strokes if result.side == 0 else -result.strokes
    return tuple(out)


_AT_SIX = _score_table("six", None)
_NO_LIVE = (_score_table("no-live", 0), _score_table("no-live", 1))


class _Timeout(Exception):
    pass


def _reps(mask: int, others: int) -> list[int]:
    """The bits of ``mask``, one of each run with no bit of ``others`` between (the lowest of the run)."""
    out: list[int] = []
    prev = -1
    while mask:
        low = mask & -mask
        b = low.bit_length() - 1
        if prev < 0 or others & (low - 1) & ~((2 << prev) - 1):
            out.append(b)
        prev = b
        mask ^= low
    return out


def _compress(mask: int, left: int) -> int:
    """``mask``'s bits renumbered by their place among ``left``'s (bits of ``left`` only)."""
    out = 0
    i = 0
    while left:
        low = left & -left
        if mask & low:
            out |= 1 << i
        i += 1
        left ^= low
    return out


class _Search:
    """One deal's search, from a root that moves with :meth:`play` and :meth:`unplay`.  Values are side 0's
    strokes (positive for side 0); side 0's seats maximise."""

    def __init__(self, state: HandState, max_nodes: int | None, deadline: float | None) -> None:
        n = state.players
        self.n = n
        self.h = [_mask(c for c in hand if c in _BIT) for hand in state.hands]
        self.sv = [sum(1 for c in hand if ROLES[c] is Role.SEVEN) for hand in state.hands]
        self.nsev = sum(self.sv)
        self.w = list(state.won)
        self.ck = side_of(state.club_king_holder())
        self.no_live = _NO_LIVE[self.ck]
        self.leader = state.leader
        self.k = len(state.plays)
        self.high = _BIT[state.highest] if state.highest is not None else -1
        self.hseat = next((s for s, c in state.plays if c is not None and c is state.highest), -1)
        self.term: int | None = None
        self.side_seats = (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
        self.tt: dict[tuple[int, ...], list[int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.check_at = 1024 if max_nodes is None else min(1024, max_nodes)
        self._history: list[tuple[Any, ...]] = []

    # -- limits ---------------------------------------------------------------------------------------

    def _check(self) -> None:
        self.check_at = self.nodes + 1024
        if self.max_nodes is not None:
            if self.nodes >= self.max_nodes:
                raise _Timeout
            self.check_at = min(self.check_at, self.max_nodes)
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Timeout

    # -- the root ---------------------------------------------------------------------------------------

    def to_move(self) -> int:
        return (self.leader + self.k) % self.n

    def moves(self) -> list[int]:
        """The moves of the player to move, equivalent cards merged (the lowest of each group)."""
        if self.term is not None:
            return []
        p = self.to_move()
        others = 0
        for s in range(self.n):
            if s != p:
                others |= self.h[s]
        legal = self.h[p] & (_LEAD if self.k == 0 else _BEAT[self.high])
        if not legal:
            return [PASS_MOVE]
        return _reps(legal, others)

    def all_moves(self) -> list[int]:
        """Every legal move of the player to move, none merged."""
        if self.term is not None:
            return []
        p = self.to_move()
        legal = self.h[p] & (_LEAD if self.k == 0 else _BEAT[self.high])
        out = [b for b in range(_N) if legal >> b & 1]
        return out or [PASS_MOVE]

    def play(self, move: int) -> None:
        p = self.to_move()
        self._history.append((list(self.h), list(self.sv), self.nsev, list(self.w), self.leader, self.k, self.high,
                              self.hseat, self.term))
        if move != PASS_MOVE:
            self.h[p] &= ~(1 << move)
            self.high, self.hseat = move, p
        self.k += 1
        if self.k < self.n:
            return
        winner = self.hseat
        self.k, self.high, self.hseat = 0, -1, -1
        side = winner & 1
        self.w[side] += 1
        if self.w[side] >= SIX:
            self.term = _AT_SIX[self.w[0] * 8 + self.w[1]]
            return
        self.leader = -1
        for i in range(self.n):
            s = (winner + i) % self.n
            while self.sv[s]:
                self.sv[s] -= 1
                self.nsev -= 1
                self.w[s & 1] += 1
                if self.w[s & 1] >= SIX:
                    self.term = _AT_SIX[self.w[0] * 8 + self.w[1]]
                    return
            if self.h[s]:
                self.leader = s
                return
        self.term = self.no_live[self.w[0] * 8 + self.w[1]]

    def unplay(self) -> None:
        h, sv, self.nsev, w, self.leader, self.k, self.high, self.hseat, self.term = self._history.pop()
        self.h[:] = h
        self.sv[:] = sv
        self.w[:] = w

    def search(self, t: int) -> int:
        """A fail-soft bound on the root's value: at least the answer if it is ``t`` or more, else at most."""
        if self.term is not None:
            return self.term
        if self.k == 0:
            return self._lead(t)
        return self._play(self.k, self.to_move(), self.high, self.hseat, t)

    def value(self, guess: int | None = None) -> int:
        """The root's exact value (side 0's strokes), by null-window searches bisecting -2 to 2."""
        if self.term is not None:
            return self.term
        lo, hi = -2, 2
        t = guess if guess is not None and lo < guess <= hi else 1
        while lo < hi:
            g = self.search(t)
            if g >= t:
                lo = g
            else:
                hi = g
            t = (lo + hi + 1) // 2
        return lo

    # -- the search -------------------------------------------------------------------------------------

    def _bounds(self) -> tuple[int, int]:
        """Side 0's worst and best outcome from the start of a trick: a side takes at most as many more tricks
        as it holds live cards and sevens."""
        h, w, sv = self.h, self.w, self.sv
        a0 = a1 = 0
        if self.n == 4:
            a0 = (h[0] | h[2]).bit_count()
            a1 = (h[1] | h[3]).bit_count()
            if self.nsev:
                a0 += sv[0] + sv[2]
                a1 += sv[1] + sv[3]
        else:
            a0 = (h[0] | h[2] | h[4]).bit_count()
            a1 = (h[1] | h[3] | h[5]).bit_count()
            if self.nsev:
                a0 += sv[0] + sv[2] + sv[4]
                a1 += sv[1] + sv[3] + sv[5]
        a0 += w[0]
        a1 += w[1]
        if a0 >= SIX:
            hi = 2 if w[1] == 0 else 1
        elif a0 == SIX - 1 and self.ck == 0:
            hi = 1
        else:
            hi = 0
        if a1 >= SIX:
            lo = -2 if w[0] == 0 else -1
        elif a1 == SIX - 1 and self.ck == 1:
            lo = -1
        else:
            lo = 0
        return lo, hi

    def _lead(self, t: int) -> int:
        """The leader (``self.leader``, holding a live card) leads: a fail-soft bound on side 0's value."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._check()
        lo, hi = self._bounds()
        if lo >= t:
            return lo
        if hi < t:
            return hi
        h = self.h
        p = self.leader
        n = self.n
        left = 0
        for m in h:
            left |= m
        w = self.w
        if n == 4:
            key: tuple[int, ...] = (_compress(h[0], left), _compress(h[1], left), _compress(h[2], left),
                                    _compress(h[3], left), p, w[0], w[1])
        else:
            key = (*(_compress(m, left) for m in h), p, w[0], w[1])
        if self.nsev:
            key = (*key, *self.sv)
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            if entry[0] >= t:
                return entry[0]
            if entry[1] < t:
                return entry[1]
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
            first = entry[2]
        mine = h[p]
        moves = _reps(mine, left & ~mine)
        if len(moves) > 2:
            moves = [moves[0], moves[-1], *moves[1:-1]]
        if first >= 0:
            # the stored lead, by its place among the cards left
            i = 0
            m = left
            b = -1
            while m:
                low = m & -m
                if i == first:
                    b = low.bit_length() - 1
                    break
                i += 1
                m ^= low
            if b in moves and moves[0] != b:
                moves.remove(b)
                moves.insert(0, b)
        maxing = not p & 1
        nxt = (p + 1) % n
        g = -_INFINITY if maxing else _INFINITY
        best = moves[0]
        for c in moves:
            bit = 1 << c
            h[p] = mine ^ bit
            v = self._play(1, nxt, c, p, t)
            h[p] = mine
            if maxing:
                if v > g:
                    g, best = v, c
                    if g >= t:
                        break
            elif v < g:
                g, best = v, c
                if g < t:
                    break
        if g < lo:
            g = lo
        elif g > hi:
            g = hi
        if entry is None:
            if len(self.tt) >= _TABLE_LIMIT:
                self.tt.clear()
            entry = self.tt[key] = [-_INFINITY, _INFINITY, -1]
        if g >= t:
            if g > entry[0]:
                entry[0] = g
        elif g < entry[1]:
            entry[1] = g
        entry[2] = (left & ((1 << best) - 1)).bit_count()
        return g

    def _play(self, k: int, p: int, high: int, hseat: int, t: int) -> int:
        """Player ``p`` makes the ``k``-th play (from 0) of the trick, ``high`` (held by ``hseat``) the highest
        card so far: a fail-soft bound on side 0's value."""
        n = self.n
        h = self.h
        beat = _BEAT[high]
        while k < n and not h[p] & beat:  # unable to beat: a pass
            k += 1
            p = (p + 1) % n
        if k == n:
            return self._end(hseat, t)
        self.nodes += 1
        mine = h[p]
        legal = mine & beat
        nxt = (p + 1) % n
        if legal & (legal - 1):
            others = 0
            foes = 0  # the opponents' cards still to play to this trick
            for i in range(1, n):
                s = (p + i) % n
                others |= h[s]
                if i < n - k and (s ^ p) & 1:
                    foes |= h[s]
            moves = _reps(legal, others)
            if len(moves) > 1 and foes:
                top = foes.bit_length() - 1
                sure = next((c for c in moves if c > top), -1)
                if sure > moves[0]:
                    moves.remove(sure)
                    moves.insert(0, sure)
        else:
            moves = [legal.bit_length() - 1]
        maxing = not p & 1
        g = -_INFINITY if maxing else _INFINITY
        for c in moves:
            h[p] = mine ^ (1 << c)
            v = self._play(k + 1, nxt, c, p, t)
            h[p] = mine
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

    def _end(self, winner: int, t: int) -> int:
        """The trick is won by ``winner``: six tricks stop the deal; else the lead comes to the winner (sevens laid
        out, the lead passed on from a hand with no live card, the deal stopped when none is left)."""
        w = self.w
        side = winner & 1
        w[side] += 1
        try:
            if w[side] >= SIX:
                return _AT_SIX[w[0] * 8 + w[1]]
            h = self.h
            n = self.n
            old = self.leader
            if not self.nsev:
                for i in range(n):
                    s = (winner + i) % n
                    if h[s]:
                        self.leader = s
                        try:
                            return self._lead(t)
                        finally:
                            self.leader = old
                return self.no_live[w[0] * 8 + w[1]]
            sv = self.sv
            saved = (list(sv), w[0], w[1], self.nsev)
            try:
                for i in range(n):
                    s = (winner + i) % n
                    while sv[s]:
                        sv[s] -= 1
                        self.nsev -= 1
                        w[s & 1] += 1
                        if w[s & 1] >= SIX:
                            return _AT_SIX[w[0] * 8 + w[1]]
                    if h[s]:
                        self.leader = s
                        return self._lead(t)
                return self.no_live[w[0] * 8 + w[1]]
            finally:
                sv[:] = saved[0]
                w[0], w[1], self.nsev = saved[1], saved[2], saved[3]
                self.leader = old
        finally:
            w[side] -= 1


def _text(move: int) -> str:
    return str(PASS_ACTION if move == PASS_MOVE else Action(_CARD[move]))


def _check_state(state: object) -> HandState:
    if not isinstance(state, HandState):
        raise InvalidPosition(f"the Brus solver searches a Brus deal (a HandState), not {type_name(state)}")
    if state.is_terminal():
        raise InvalidPosition("the solver searches the card play, and this Brus deal is over (play stopped at "
                              + ("six tricks)" if state.end == "six" else "no live card left)"))
    return state


def _deadline(seconds: float | None) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise StytvoltError(f"a deadline is a number of seconds above 0, not {seconds!r}")
    return time.perf_counter() + float(seconds)


def sides(state: object) -> tuple[tuple[int, ...], ...]:
    """The two sides of a Brus deal still being played, sides ordered by their lowest seat: partners alternate
    round the table (:func:`~stytvolt.brus.rules.side_of`), so ((0, 2), (1, 3)) at four and ((0, 2, 4), (1, 3, 5))
    at six.  A finished deal raises :class:`InvalidPosition`, as :func:`solve` does."""
    if not isinstance(state, HandState):
        raise InvalidPosition(f"the sides of a Brus deal are read from a HandState, not {type_name(state)}")
    _check_state(state)  # (a finished deal is refused as the solver refuses it)
    n = state.players
    return tuple(tuple(s for s in range(n) if side_of(s) == side) for side in (0, 1))


def solve(state: object, *, deadline: float | None = None, max_nodes: int | None = None,
          line: bool = True) -> Solution:
    """Every legal action's value for the player to move P, in strokes (``returns()[P]`` at the end), both sides
    playing perfectly with every card visible: a :class:`~stytvolt.analysis.solve.Solution`.

    ``state`` is a Brus deal still being played (anything else raises :class:`InvalidPosition`).  ``max_nodes``
    (a count of positions, so the same on every machine) and ``deadline`` (checked every 1,024 positions) (seconds from now) stop the
    search early: the solution is then not ``exact`` and holds only the actions settled in time (if none was,
    :class:`StytvoltError` says so).  ``line=False`` skips the principal line (it is then empty)."""
    started = time.perf_counter()
    hand = _check_state(state)
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise StytvoltError(f"max_nodes is a whole number above 0, not {max_nodes!r}")
    search = _Search(hand, max_nodes, _deadline(deadline))
    player = hand.current_player()
    sign = 1 if side_of(player) == 0 else -1
    legal = hand.legal_actions()
    by_move = {(PASS_MOVE if a.card is None else _BIT[a.card]): a for a in legal}
    searched = search.moves()
    if set(search.all_moves()) != set(by_move):
        raise InvalidPosition(f"the solver's moves ({', '.join(_text(m) for m in searched)}) are not the deal's legal "
                              f"actions ({', '.join(str(a) for a in legal)})")
    values: dict[str, int] = {}
    exact = True
    guess: int | None = None
    best_line: tuple[str, ...] = ()
    try:
        for m in searched:
            search.play(m)
            try:
                v = search.value(guess)
            finally:
                search.unplay()
            guess = v
            values[_text(m)] = v
        if line:
            best_line = _principal_line(search, values, searched)
    except _Timeout:
        exact = False
    for m in by_move:  # a card merged with a lower one plays as the lowest of its group
        rep = _text(max(r for r in searched if r <= m))
        if rep in values:
            values[_text(m)] = values[rep]
    if not values:
        raise StytvoltError("the node limit or deadline was reached before any action's value was settled: "
                            "allow more nodes or time")
    values = {str(a): sign * values[str(a)] for a in legal if str(a) in values}
    value = max(values.values())
    best = tuple(k for k, v in values.items() if v == value)
    return Solution(value, values, best, best_line, player, player, "game", search.nodes, exact,
                    time.perf_counter() - started, {str(a): a for a in legal})


def _principal_line(search: _Search, values: dict[str, int], moves: list[int]) -> tuple[str, ...]:
    """A best move from the root to the end of the deal, each keeping the value; the actions' texts."""
    maxing = not search.to_move() & 1
    value = (max if maxing else min)(values.values())
    first = next(m for m in moves if values[_text(m)] == value)
    out = [_text(first)]
    search.play(first)
    played = 1
    try:
        while search.term is None:
            maxing = not search.to_move() & 1
            for m in search.moves():
                search.play(m)
                if search.search(value) >= value if maxing else search.search(value + 1) <= value:
                    played += 1
                    out.append(_text(m))
                    break
                search.unplay()
            else:  # pragma: no cover (some move always keeps the value)
                raise AssertionError("the principal line lost its value")
    finally:
        for _ in range(played):
            search.unplay()
    return tuple(out)


def live_count(state: object) -> int:
    """The most live cards any hand of a Brus deal still holds (what holds the sampling player's solver back)."""
    if not isinstance(state, HandState):
        raise InvalidPosition(f"a Brus deal is a HandState, not {type_name(state)}")
    return max(sum(1 for c in hand if c in _BIT) for hand in state.hands)


def _pictured(obs: Any) -> bool:
    return isinstance(obs, Observation) and not obs.over


#: What the sampling player needs of Brus: its deals drawn from an observation, SimpleBot where it does not
#: picture them, and how hard it thinks (a whole deal is solved in a few thousand positions, so every deal is
#: solved while the decision's budget lasts).
SAMPLING = Sampling(sample=sample, simple=SimpleBot, observation=Observation, values={}, settings=Settings(
    worlds=48, solve_at=9, max_nodes=200_000), plays=_pictured, size=live_count)
