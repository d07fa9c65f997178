"""The double-dummy solver: the best play of a hand with every card visible.

:func:`solve` finds what a position of the play is worth when both teams
play perfectly and see every card: the hand's own score (what
``HandState.returns()`` gives, so keeping in, playing on for nine, the
"alone" results and a stock penalty all count), for the team of the player
to move, and the same for each of that player's legal actions.
:func:`achievable` answers yes or no for a goal (win the hand, keep in,
take nine, take N more tricks), the fast form puzzles need.

It is the one part of the package that sees every card, and says so: a
computer player must never call it on the real state, only on a world it
drew from its own observation (``sampling.sample(obs, rng)``).

The search runs on the compiled hand (:mod:`~stytvolt.styrivolt.fasthand`):

* null-window alpha-beta (each search answers "is the value at least
  beta?"), driven as a bisection over the few scores a hand can have
  (MTD(f)'s idea with a known, small set of values);
* a transposition table at the start of each trick, keyed by the cards left
  in each hand, the leader and what the tricks so far still mean (the
  tricks each team has, and whether one player has all of a team's), with a
  lower and an upper bound and the best lead found;
* equivalent cards merged: two cards of one hand are played as one when no
  card left in another hand (or a face-up card a move can still fetch)
  ranks between them in any matchup, so either gives the same tricks for
  the rest of the hand (:func:`~stytvolt.styrivolt.fast.conflicts`);
* move ordering: the best lead stored for the position first; a partner
  winning the trick is left to win it with the cheapest card; else the
  cheapest card that takes the trick, then the cheapest that does not
  (within a trick that first move is found and tried before the others are
  listed);
* sure tricks: the next tricks a team holding the top stikkar (or a leader
  holding lambs) takes in a row, and the tricks a team is sure of by the end
  of the hand (its top cards; a count of its high cards against the other
  team's answers), which settle the race to five and rule out all nine;
* the table's key on relative ranks: cards still out replaced by cards gone
  that play alike against everything still out, so positions that differ
  only in the cards played share entries; equivalent first actions are
  searched once.

:class:`Techniques` switches the techniques added for issue 26 off, one by
one or all (:data:`OLD`), for ``bench/solver_deals.py`` to measure them on
the same deals in the same run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from stytvolt.core.cards import Suit
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.styrivolt.chalk import Result
from stytvolt.styrivolt.pack import TO_WIN, TRICKS
from stytvolt.styrivolt.fast import CARDS, NEVER, Compiled, conflicts
from stytvolt.styrivolt.fast import numbers as _bits
from stytvolt.styrivolt.ranking import STIKKAR_LEVEL
from stytvolt.styrivolt.fasthand import _FOUR_OF, _H2, _HK, _TRADERS, OVER, PLAYING, FastHand, move_text

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["Solution", "solve", "achievable", "goal_moves", "certain", "GOALS", "can_win", "can_keep_in", "can_take_nine", "can_take",
           "Search", "Techniques", "OLD", "sides"]

#: The goals of :func:`achievable`: the hand won, kept in (the first five tricks), all nine tricks taken.
GOALS = ("win", "keep-in", "nine")
_KEPT_IN = frozenset((Result.KEPT_IN, Result.KEPT_IN_ALONE, Result.NINE_TRICKS, Result.NINE_TRICKS_ALONE))
_NINE = frozenset((Result.NINE_TRICKS, Result.NINE_TRICKS_ALONE))
_TABLE_LIMIT = 3_000_000  # entries; past it the table is cleared (a whole deal stays far below)


class _Timeout(Exception):
    pass


@dataclass(frozen=True)
class Techniques:
    """The search's later techniques, each a switch, so ``bench/solver_deals.py`` can run the search without
    them on the same deals in the same run (:data:`OLD`: all off, the search as it was before issue 26).

    * ``root_merge``: equivalent first actions are searched once (the others get the same value);
    * ``canonical``: the table's key replaces each card still out by the lowest card already played that plays
      alike against every card still out (relative ranks), so positions that differ only in cards gone share
      entries;
    * ``later``: in the race to five, the tricks a team is sure of later in the hand, not only next
      (:meth:`Search._later_tricks`), settle who wins the race;
    * ``lamb_runs``: the leader's lambs count among the sure next tricks (:meth:`Search._sure_tricks`);
    * ``quick_first``: within a trick, the move the ordering puts first is found and tried before the moves
      are listed (the same search, node for node, for less work a node);
    * ``early``: the later tricks a team is sure of, counted among the tricks left of the first five, rule
      out the other team's keeping in (not only its nine tricks).
    """

    root_merge: bool = True
    canonical: bool = True
    later: bool = True
    lamb_runs: bool = True
    quick_first: bool = True
    early: bool = True


#: The search as it was before issue 26 (for measuring only).
OLD = Techniques(root_merge=False, canonical=False, later=False, lamb_runs=False, quick_first=False, early=False)


@dataclass(frozen=True)
class Solution:
    """What a position is worth with perfect play by both teams and every card visible.

    * ``value``: the score the team of the player to move gets, in ``returns()`` units (strokes);
    * ``values``: the same after each legal action of that player, keyed by the action's text;
    * ``best``: the actions that reach ``value``;
    * ``tricks``: the tricks each team ends the hand with on the principal line;
    * ``line``: that line, as action texts (a trade and the card it fetches are two actions);
    * ``player``: the player to move; ``nodes``: positions searched;
    * ``exact``: False only when a deadline stopped the search (then ``values`` holds only the
      actions settled in time, and ``value`` the best of them).
    """

    value: int
    values: dict[str, int]
    best: tuple[str, ...]
    tricks: tuple[int, int]
    line: tuple[str, ...]
    player: int
    nodes: int
    exact: bool = True
    seconds: float = field(default=0.0, compare=False)


class Search:
    """One search over a compiled hand: a value function of the finished hand for team 0, and the table.

    ``table`` and ``merge`` switch the transposition table and the merging of
    equivalent cards off (``bench/solver.py`` measures what each is worth).
    ``race``: what each result scores, when team 0's value is the hand's score (for :meth:`_race_bounds`);
    else None.
    """

    def __init__(self, hand: FastHand, evaluate: Callable[[FastHand], int], *, table: bool = True,
                 merge: bool = True, deadline: float | None = None, max_nodes: int | None = None,
                 bounds: Callable[[FastHand], tuple[int, int]] | None = None,
                 sure: "Callable[[FastHand, int, int, int], tuple[int, int] | None] | None" = None,
                 techniques: Techniques = Techniques(), race: dict[Result, int] | None = None) -> None:
        self.hand = hand
        self.evaluate = evaluate
        self.bounds = bounds
        # What a team sure of the next tricks makes of them: bounds on team 0's value (see _sure_tricks).
        self.sure = sure
        self.use_table = table
        self.merge = merge
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[tuple[object, ...], list[int]] = {}
        t = hand.tables
        self.conflict = conflicts(t.chosen)
        self.level = t.level
        self.defence = t.defence
        self.after = t.after
        facts = _pair_facts(t)
        self.lead_order = facts.lead_order
        self.cheap_order = facts.cheap_order
        self.tops = facts.tops
        self.lambs = facts.lambs
        self.techniques = techniques
        self.canonical = techniques.canonical
        self.alike = facts.alike
        self.canon_cache: dict[tuple[object, ...], tuple[tuple[int, int, int, int], dict[int, int] | None]] = {}
        self.quick_first = techniques.quick_first
        self.cheap_key = facts.cheap_key
        self.take_masks = facts.take_masks
        self.downward = facts.downward
        self.levels = facts.levels
        self.thresholds = facts.thresholds
        self.defence_above = facts.defence_above
        self.race = race
        self.later = techniques.later and race is not None
        self.lamb_runs = techniques.lamb_runs
        self.early = techniques.early
        self.canon_fixed = facts.traders | ((1 << _HK | 1 << _H2) if hand.bird else 0)

    # -- the search -------------------------------------------------------------------------------

    def at_least(self, beta: int) -> bool:
        """Whether team 0's value is at least ``beta`` (a null-window search)."""
        h = self.hand
        self.nodes += 1
        if h.phase == OVER:
            return self.evaluate(h) >= beta
        if not self.nodes & 1023 and (
                (self.deadline is not None and time.perf_counter() > self.deadline)
                or (self.max_nodes is not None and self.nodes > self.max_nodes)):
            raise _Timeout
        if self.bounds is not None:
            lo, hi = self.bounds(h)
            if lo >= beta:
                return True
            if hi < beta:
                return False
        key = None
        entry = None
        trick = h.trick
        if trick and self.quick_first and h.phase == PLAYING:
            # Within a trick: the move the ordering would put first (the cheapest card that takes the trick from
            # an opponent, else the cheapest card), tried before the other moves are listed and ordered: it is
            # the answer in most positions, and listing them costs more than the rest of the node.
            p = h.to_move
            hand = h.hands[p]
            if not (hand & h.trader_mask or h.compulsory or h.promo[p]):
                maxing = p & 1 == 0
                cheap = self.cheap_key
                pool = hand
                if (h.best - p) & 1:
                    takers = hand & self.take_masks[h.tstate]
                    if takers:
                        pool = takers
                first = -1
                low_key = 1 << 30
                while pool:
                    bit = pool & -pool
                    pool ^= bit
                    c = bit.bit_length() - 1
                    k = cheap[c]
                    if k < low_key:
                        low_key, first = k, c
                h.apply(first)
                r = self.at_least(beta)
                h.undo()
                if r is maxing:
                    return r
                for m in self.ordered(h):
                    if m == first:
                        continue
                    h.apply(m)
                    r = self.at_least(beta)
                    h.undo()
                    if r is maxing:
                        return r
                return not maxing
        if h.phase == PLAYING and not h.trick and self.sure is not None:
            found = self._sure_tricks(h)
            sb = self.sure(h, *(found or (-1, 0, 0)))
            if sb is not None:
                if sb[0] >= beta:
                    return True
                if sb[1] < beta:
                    return False
        back = None
        if self.use_table and h.phase == PLAYING and not h.trick:
            key, back = self._key(h)
            entry = self.table.get(key)
            if entry is not None:
                if entry[0] >= beta:
                    return True
                if entry[1] < beta:
                    return False
        if self.later and h.phase == PLAYING and not h.trick:
            lb = self._race_bounds(h)  # (after the table: an entry that settles the question is cheaper)
            if lb is not None:
                if lb[0] >= beta:
                    return True
                if lb[1] < beta:
                    return False
        maxing = h.to_move & 1 == 0
        moves = self.ordered(h)
        if entry is not None:
            hint = entry[2] if back is None else back.get(entry[2], entry[2])
            if hint in moves:
                moves.remove(hint)
                moves.insert(0, hint)
        best = moves[0]
        result = not maxing
        for m in moves:
            h.apply(m)
            r = self.at_least(beta)
            h.undo()
            if r is maxing:
                best, result = m, r
                break
        if key is not None:
            if entry is None:
                if len(self.table) >= _TABLE_LIMIT:
                    self.table.clear()
                    self.canon_cache.clear()
                entry = self.table[key] = [-999, 999, best]
            if result:
                entry[0] = max(entry[0], beta)
            else:
                entry[1] = min(entry[1], beta - 1)
            if back is not None and best in back.values():
                best = next(x for x, c in back.items() if c == best)  # the key's card for it
            entry[2] = best
        return result

    def _key(self, h: FastHand) -> tuple[tuple[object, ...], dict[int, int] | None]:
        """The table's key of a position at the start of a trick, and (when the key's hands are canonical and
        differ from the position's) which card of the key stands for which card of the position."""
        w = h.won
        a, b = w[0] + w[2], w[1] + w[3]
        if a and b and h.playing_on < 0:
            tricks = a * 16 + b  # a race to five: only the counts matter
        else:
            tricks = 1000 + w[0] + 10 * w[1] + 100 * w[2] + 1000 * w[3] + 10000 * h.playing_on
        extra: object = 0  # the face-up cards and four of a kind, themselves (a hash of them could collide)
        promo = h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]
        if h.exposed or promo:
            extra = (tuple(sorted(h.exposed.items())), tuple(h.promo))
        hd = h.hands
        if not self.canonical or promo:
            return (hd[0], hd[1], hd[2], hd[3], h.leader, tricks, extra), None
        fetch = 0
        if h.exposed:
            fetch = h.fetchable()
            if fetch and self._may_make_four(h):
                return (hd[0], hd[1], hd[2], hd[3], h.leader, tricks, extra), None
        # (each search visits a position many times: the relative ranks are kept per hands and face-up cards)
        seen = (hd[0], hd[1], hd[2], hd[3], extra)
        known = self.canon_cache.get(seen)
        if known is None:
            fixed = 0
            if h.exposed:
                # The face-up cards are never a replacement; a card some move may fetch counts as in every
                # hand; the cards of its rank are left as they are (four of a kind).
                for cards in h.exposed.values():
                    for x in cards:
                        fixed |= 1 << x
                for x in _bits(fetch):
                    fixed |= _FOUR_OF[x]
            known = self.canon_cache[seen] = self._canonical(hd, fetch, fixed)
        return (known[0], h.leader, tricks, extra), known[1]

    def _canonical(self, hd: list[int], fetch: int = 0,
                   fixed: int = 0) -> tuple[tuple[int, int, int, int], dict[int, int] | None]:
        """The hands with relative ranks, and which card of them stands for which card of ``hd``: ``fetch``,
        cards some move may fetch (met by every hand); ``fixed``, cards neither replaced nor a replacement."""
        # Relative ranks: each card still out (in the order of the cards' numbers) is replaced by a card no longer
        # out that plays alike with it against every card still out in the other hands (its own hand's never
        # meet it): the lowest along its chain of power (see _downward), else the first of the lowest four
        # candidates that does (a cheap search: any choice keeps the key exact, a poor one shares less).  Each
        # replacement gives a position of the same value: no trick of the rest of the hand can tell them apart.
        # Nothing here can change a hand's four of a kind (none is held, and the ranks of the cards a trade can
        # fetch are left alone), and the traders (and the bird's king and two) neither are replaced nor replace
        # a card.
        out = [hd[0], hd[1], hd[2], hd[3]]
        held = out[0] | out[1] | out[2] | out[3]
        conflict = self.conflict
        alike = self.alike
        downward = self.downward
        back: dict[int, int] | None = None
        fixed |= self.canon_fixed
        m = held & ~fixed
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            free = alike[c] & ~(held | fixed)
            if not free:
                continue
            p = 0 if out[0] & low else 1 if out[1] & low else 2 if out[2] & low else 3
            others = held & ~out[p] | fetch
            row = conflict[c]
            found = -1
            below = downward[c]
            if below:
                # A card in a chain of power: the cards below it, nearest first; those that play alike with it
                # are the nearest ones, up to the first that does not (a card still out between them).
                for x in below:
                    bit = 1 << x
                    if held & bit:
                        if others & bit:  # a card still out in another hand, between them
                            break
                        continue  # the holder's own card never meets it
                    if row[x] & others:
                        break
                    if not fixed & bit:
                        found = x
            else:
                tries = 4  # the lowest four free candidates only: the key stays exact, a little less shared, cheaper
                while free and tries:
                    tries -= 1
                    bit = free & -free
                    free ^= bit
                    x = bit.bit_length() - 1
                    if not row[x] & others:
                        found = x
                        break
            if found >= 0:
                bit = 1 << found
                held ^= low | bit
                out[p] ^= low | bit
                if back is None:
                    back = {}
                back[found] = c
        return (out[0], out[1], out[2], out[3]), back

    def _sure_tricks(self, h: FastHand) -> tuple[int, int, int] | None:
        """At the start of a trick: the team sure of the next tricks, how many, and how many of them the
        leader takes alone; or None.

        A team holding the highest stikkar left (every card of their levels: no other card left is as high)
        wins each trick in which it plays one, unless an opponent leads a lamb; and it can play one in each
        trick until they are gone (a player forced to play two in one trick holds nothing else, and so has
        one for every trick left).  So it takes the next ``min(top cards, tricks left)`` tricks in a row,
        when it has the lead (the opponents never get it back to lead a lamb) or the opponents hold no
        lamb.  The leader, leading those top cards, takes as many alone as they hold above every top card of
        the partner (who must play one when holding nothing else).  A face-up card some
        move can still fetch counts as anyone's; four of a kind is beyond this reckoning (None).
        """
        hands = h.hands
        if h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]:
            return None
        fetch = h.fetchable() if h.exposed else 0  # a face-up card someone may still fetch: counted as anyone's
        team_masks = (hands[0] | hands[2], hands[1] | hands[3])
        held = team_masks[0] | team_masks[1] | fetch
        leader = h.leader
        partner = hands[(leader + 2) & 3]
        side = -1
        tops = 0
        lone = 0  # the leader's top cards above every top card of the partner (who may be forced to play one)
        partner_below = False
        for group in self.tops:
            g = group & held
            if not g:
                continue
            if g & fetch or g & team_masks[0] and g & team_masks[1]:
                break
            t = 0 if g & team_masks[0] else 1
            if side < 0:
                side = t
            elif t != side:
                break
            tops |= g
            if not partner_below:
                lone += (g & hands[leader]).bit_count()
            partner_below = partner_below or bool(g & partner)
        left = TRICKS - h.done
        # The leader's lambs: led one after another, each wins its trick alone and keeps the lead (no lamb
        # leads the first trick of the hand).
        run = (self.lambs & hands[leader]).bit_count() if self.lamb_runs and h.done else 0
        if side != leader & 1 and run:
            return leader & 1, min(run, left), min(run, left)
        if side < 0:
            return None
        if leader & 1 != side and self.lambs & (team_masks[1 - side] | fetch):
            return None
        if leader & 1 != side:
            return side, min(tops.bit_count(), left), 0
        # After its lambs the leader still leads: the top cards follow (a partner who had to throw one of them
        # to a lamb holds nothing else, so still has one for every trick left).
        return side, min(run + tops.bit_count(), left), min(run + lone, left)

    def _race_bounds(self, h: FastHand) -> tuple[int, int] | None:
        """Bounds on team 0's value from the tricks each team is sure of by the end of the hand (the hand played
        out to nine: :meth:`_later_tricks`, :meth:`_counted_tricks`).  A team sure of reaching five wins the
        race (the other team never gets five of the nine): an ordinary game when the other team has a trick,
        at least that when not (it may yet keep in).  A team sure of one trick more keeps the other team from
        all nine tricks: it can at most keep in (alone, if one player has all its tricks), or, playing on,
        win an ordinary game (or kept in alone, when the partner's first trick ends a lone play-on); sure of a
        trick among the first five (``early``), it keeps the other team from keeping in too."""
        if h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3] or h.exposed and self._may_make_four(h):
            return None
        sure = [self._counted_tricks(h, 0), self._counted_tricks(h, 1)]
        found = self._later_tricks(h)
        early = (0, 0)  # the tricks each team is sure of among what is left of the first five
        if found is not None:
            sure[found[0]] = max(sure[found[0]], found[1])
            if self.early:
                early = (found[2], 0) if found[0] == 0 else (0, found[2])
        if not sure[0] and not sure[1]:
            return None
        assert self.race is not None
        worth = self.race
        ordinary = worth[Result.ORDINARY]
        w = h.won
        mine = (w[0] + w[2], w[1] + w[3])
        on = h.playing_on
        if on >= 0:  # a team playing on for nine: a trick of the other team ends it, an ordinary game for it
            if not sure[1 - on]:
                return None
            best = ordinary
            if h.partner_ends and (w[on] == mine[on] or w[on + 2] == mine[on]):
                best = max(best, worth[Result.KEPT_IN_ALONE])  # the partner's first trick ends a lone play-on (R10)
            return (ordinary, best) if on == 0 else (-best, -ordinary)
        lo, hi = -999, 999
        if mine[0] + sure[0] >= TO_WIN:
            lo = ordinary
            if mine[1]:
                hi = ordinary
        if mine[1] + sure[1] >= TO_WIN:
            hi = -ordinary
            if mine[0]:
                lo = -ordinary
        for t in (0, 1):
            if sure[1 - t]:  # team t never takes all nine
                best = ordinary
                if not mine[1 - t] and not early[1 - t]:  # (a trick of the other team's in the first five: no keeping in)
                    best = max(best, worth[Result.KEPT_IN])
                    if w[t] == mine[t] or w[t + 2] == mine[t]:
                        best = max(best, worth[Result.KEPT_IN_ALONE])
                if t == 0:
                    hi = min(hi, best)
                else:
                    lo = max(lo, -best)
        return lo, hi

    @staticmethod
    def _may_make_four(h: FastHand) -> bool:
        """Whether a face-up card some move can still fetch would complete a hand's four of a kind."""
        for x in _bits(h.fetchable()):
            rest = _FOUR_OF[x] & ~(1 << x)
            if rest and any(hd & rest == rest for hd in h.hands):
                return True
        return False

    def _counted_tricks(self, h: FastHand, team: int) -> int:
        """How many more tricks ``team`` is sure of by the end of the hand, by counting (no four of a kind held).

        A player of ``team`` holding m cards of level v or more plays them to m different tricks (to every trick
        left, when he holds more than there are tricks: a stock's taker may).  The other
        team wins such a trick only with a card that the level-v card does not beat and that is not beaten after
        it: a card of level v or more, a card without a level whose defence is above v, or a led lamb; each
        such card wins one trick at most.  So ``team`` takes at least m less the number of those cards (a
        face-up card some move can still fetch counted among them), for the best v.  (Four of a kind, held or
        that a trade could make, is left out by the caller.)"""
        hands = h.hands
        other = hands[1 - team] | hands[3 - team] | (h.fetchable() if h.exposed else 0)
        p, q = hands[team], hands[team + 2]
        best = 0
        left = TRICKS - h.done
        for at_least, strong in self.thresholds:
            m = min(left, max((p & at_least).bit_count(), (q & at_least).bit_count()))
            if m > best:
                r = m - (other & strong).bit_count()
                if r > best:
                    best = r
        return best

    def _later_tricks(self, h: FastHand) -> tuple[int, int, int] | None:
        """At the start of a trick: a team, how many more tricks it is sure of by the end of the hand (the
        hand played out to nine), and how many of them among the tricks left of the first five; or None.

        A card of a team whose level is above every level card of the other team and reaches the defence of
        every other card of theirs but a lamb wins any trick it is played to, unless a lamb of the other team
        was led to it (nothing beats a led lamb; a partner's higher card keeps the trick in the team).  Each
        player plays one card a trick, so a player holding k such cards of the n each holds takes at least
        min(k, n - lambs) of the tricks left (and of the first five's, counting those left there as n): the
        other team leads each of its lambs once at most, and he plays another card to those while he has one.  A face-up card some move can still fetch counts as
        the other team's (and as anyone's when it has a level); four of a kind, held or that a trade could
        make, is beyond this reckoning (None).
        """
        hands = h.hands
        if h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]:
            return None
        fetch = h.fetchable() if h.exposed else 0
        if fetch and self._may_make_four(h):  # a trade that could make four of a kind is beyond this reckoning
            return None
        teams = (hands[0] | hands[2], hands[1] | hands[3])
        side = -1
        counts = [0, 0, 0, 0]
        defence_above = self.defence_above
        held = teams[0] | teams[1] | fetch
        for level, group in self.levels:
            g = group & held
            if not g:
                continue
            if g & fetch or g & teams[0] and g & teams[1]:
                break
            t = 0 if g & teams[0] else 1
            if side < 0:
                side = t
            elif t != side:
                break
            if defence_above[level] & (teams[1 - t] | fetch):
                break
            counts[t] += (g & hands[t]).bit_count()
            counts[t + 2] += (g & hands[t + 2]).bit_count()
        if side < 0:
            return None
        # A player with k such cards among the n cards each holds plays one to every trick no lamb of theirs was
        # led to (and something else to those, while he can): at least min(k, n - their lambs) tricks.
        lambs = (self.lambs & (teams[1 - side] | fetch)).bit_count()
        most = max(counts[side], counts[side + 2])
        sure = min(most, TRICKS - h.done - lambs)
        if sure <= 0:
            return None
        # The same reckoning over the tricks left of the first five (which decide keeping in): he plays one such
        # card to each of them no lamb of theirs was led to.
        return side, sure, max(0, min(most, TO_WIN - h.done - lambs))

    # -- moves --------------------------------------------------------------------------------------

    def ordered(self, h: FastHand) -> list[int]:
        """The moves to try, equivalent cards merged, the likeliest best first."""
        moves = h.search_moves()
        if h.phase != PLAYING:
            return moves
        p = h.to_move
        plays = [m for m in moves if m < 64]
        others = [m for m in moves if m >= 64]
        if self.merge and len(plays) > 1 and not (h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]):
            plays = self._merged(h, p, plays)
        if not h.trick:
            order = self.lead_order
            plays.sort(key=order.__getitem__)
        else:
            cheap = self.cheap_order
            plays.sort(key=cheap.__getitem__)
            if (h.best - p) % 2:  # an opponent is winning: the cheapest card that takes the trick first
                row = self.after[h.tstate]
                promo = h.promo[p]
                takers = [c for c in plays if row[c * 2 + (promo >> c & 1)] >> 2 == c]
                if takers:
                    plays = takers + [c for c in plays if c not in takers]
        return plays + others

    def alike_moves(self, h: FastHand, moves: list[int]) -> dict[int, int]:
        """Of the legal ``moves``, each card that plays alike with another (see :meth:`_merged`) -> the card
        it plays alike with, which the search values instead (so both get the same value)."""
        if h.phase != PLAYING or h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]:
            return {}
        plays = [m for m in moves if m < 64]
        if len(plays) < 2:
            return {}
        reps = self._merged(h, h.to_move, plays[:])
        out: dict[int, int] = {}
        for c in plays:
            if c not in reps:
                out[c] = next(r for r in reps if self._alike(h, h.to_move, c, r))
        return out

    def _alike(self, h: FastHand, p: int, c: int, r: int) -> bool:
        hands = h.hands
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[p] | h.fetchable()
        if h.trick:
            others |= 1 << (h.tstate >> 2)
        m = self.conflict[c][r]
        return m >= 0 and not m & others and not (h.bird and _HK in (c, r))

    def _merged(self, h: FastHand, p: int, plays: list[int]) -> list[int]:
        hands = h.hands
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[p] | h.fetchable()
        if h.trick:
            others |= 1 << (h.tstate >> 2)  # the card winning the trick so far
        conflict = self.conflict
        plays.sort(key=self.cheap_order.__getitem__)
        reps: list[int] = []
        for c in plays:
            if c == _HK and h.bird:  # the king of hearts may yet claim the bird: never merged
                reps.append(c)
                continue
            row = conflict[c]
            for r in reps:
                m = row[r]
                if m >= 0 and not m & others and not (r == _HK and h.bird):
                    break
            else:
                reps.append(c)
        return reps

    # -- values -----------------------------------------------------------------------------------------

    def value(self, values: tuple[int, ...], guess: int | None = None) -> int:
        """Team 0's exact value: first whether it is ``guess`` (two null-window searches), else by bisection
        over the sorted possible ``values``."""
        cands = list(values)
        if guess is not None and len(cands) > 1:
            if self.at_least(guess):
                cands = [v for v in cands if v >= guess]
                if len(cands) == 1 or not self.at_least(cands[1]):
                    return guess  # (the guess is the highest value there is, or the next one is out of reach)
                cands = cands[1:]
            else:
                cands = [v for v in cands if v < guess]
        while len(cands) > 1:
            mid = cands[len(cands) // 2]
            if self.at_least(mid):
                cands = [v for v in cands if v >= mid]
            else:
                cands = [v for v in cands if v < mid]
        return cands[0]


@dataclass(frozen=True)
class _PairFacts:
    """What the search reads of one pair's tables, built once per pair of chosen suits."""

    lead_order: list[int]  # card -> sort key for leads: the hardest to beat first (a lamb, then by defence)
    cheap_order: list[int]  # card -> how much it is worth keeping: its level, then its defence
    tops: list[int]  # the stikkar in groups of equal level, highest first (masks)
    lambs: int  # the cards that play as lambs
    beaters: tuple[int, ...]  # card -> the cards that beat it when it is led
    levels: list[tuple[int, int]]  # (level, the cards of that level), highest first
    thresholds: list[tuple[int, int]]  # per level v, highest first: (the cards of level v or more, the cards a
    #                                   card of level v does not beat when played first, or a led lamb)
    defence_above: list[int]  # level -> the cards without a level, but lambs, whose defence is above it
    alike: tuple[int, ...]  # card -> the cards that may play alike with it (not a trader; below it in number when it
    #                          has no level), as a mask
    traders: int  # the chosen fives
    cheap_key: tuple[int, ...]  # card -> its place in the cheap order (cheap_order, then its number)
    take_masks: tuple[int, ...]  # trick state -> the cards that take the trick when played as they are
    downward: tuple[tuple[int, ...], ...]  # card -> the cards below it in one chain of power, nearest first (see _downward)


_FACTS: dict[frozenset[Suit], _PairFacts] = {}


def _pair_facts(t: Compiled) -> _PairFacts:
    found = _FACTS.get(t.chosen)
    if found is None:
        conflict = conflicts(t.chosen)
        traders = sum(1 << c for c in _TRADERS[t.chosen])
        groups: dict[int, int] = {}
        all_levels: dict[int, int] = {}
        for c in range(48):
            lv = t.level[c * 2]
            if lv:
                all_levels[lv] = all_levels.get(lv, 0) | 1 << c
            if lv >= STIKKAR_LEVEL:
                groups[lv] = groups.get(lv, 0) | 1 << c
        found = _FACTS[t.chosen] = _PairFacts(
            lead_order=[-(t.defence[c * 2] * 100 + t.level[c * 2]) for c in range(48)],
            cheap_order=[t.level[c * 2] * 100 + min(t.defence[c * 2], 60) for c in range(48)],
            tops=[groups[lv] for lv in sorted(groups, reverse=True)],
            lambs=sum(1 << c for c in range(48) if t.lamb[c * 2]),
            beaters=tuple(
                sum(1 << x for x in range(48) if x != c and t.after[t.lead[c * 2]][x * 2] >> 2 == x) for c in range(48)
            ),
            levels=[(lv, all_levels[lv]) for lv in sorted(all_levels, reverse=True)],
            thresholds=[(sum(1 << c for c in range(48) if t.level[c * 2] >= v),
                         sum(1 << c for c in range(48) if t.level[c * 2] >= v or t.lamb[c * 2]
                             or not t.level[c * 2] and t.defence[c * 2] > v))
                        for v in sorted(all_levels, reverse=True)],
            defence_above=[sum(1 << c for c in range(48) if not t.level[c * 2] and not t.lamb[c * 2]
                               and t.defence[c * 2] > lv) for lv in range(17)],
            alike=tuple(sum(1 << x for x in range(48 if t.level[c * 2] else c)
                            if x != c and conflict[c][x] != NEVER and not traders >> x & 1)
                        for c in range(48)),
            traders=traders,
            downward=tuple(_downward(t, c, conflict) for c in range(48)),
            cheap_key=tuple((t.level[c * 2] * 100 + min(t.defence[c * 2], 60)) * 64 + c for c in range(48)),
            take_masks=tuple(sum(1 << c for c in range(48) if t.after[s][c * 2] >> 2 == c) if s >= 0 else 0
                             for s in range(len(t.after))),
        )
    return found


def _downward(t: Compiled, c: int, conflict: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The cards below ``c`` in its chain of power, nearest first: for a card with a level, the other cards with
    a level below it (by level, then number); for a plain card of an unchosen suit, the lower cards of its
    suit.  Along a chain, the cards that play alike with ``c`` are the nearest ones, up to the first card
    still out in another hand (the key's scan relies on it)."""
    if t.level[c * 2]:
        chain = [x for x in range(48) if t.level[x * 2] and (t.level[x * 2], x) < (t.level[c * 2], c)]
        chain.sort(key=lambda x: (t.level[x * 2], x), reverse=True)
    elif t.plain[c] >= 0:
        rank = CARDS[c].rank
        chain = [x for x in range(48) if t.plain[x] == t.plain[c] and CARDS[x].rank < rank]
        chain.sort(key=lambda x: CARDS[x].rank, reverse=True)
    else:
        return ()
    for near, far in zip(chain, chain[1:]):  # the chain's promise, checked: a farther card meets more cards
        assert conflict[c][near] != NEVER and conflict[c][near] & ~conflict[c][far] == 0
    return tuple(chain)


# -- the public entry points ---------------------------------------------------------------------------------


def _deadline(seconds: float | None) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise StytvoltError(f"a deadline is a number of seconds above 0, not {seconds!r}"
                            if isinstance(seconds, (int, float)) else f"a deadline is a number of seconds, not {type_name(seconds)}")
    return time.perf_counter() + float(seconds)


def _score_values(hand: FastHand) -> tuple[int, ...]:
    worths = set(hand.worth.values())
    return tuple(sorted({w for w in worths} | {-w for w in worths}))


def _score_bounds(hand: FastHand) -> Callable[[FastHand], tuple[int, int]]:
    """What the tricks so far still allow team 0 to score: both teams with a trick race for an ordinary
    game; a team without one can win at most an ordinary game; a team playing on cannot lose."""
    ordinary = hand.worth[Result.ORDINARY]
    top = max(v for r, v in hand.worth.items() if r is not Result.STOCK_PENALTY)
    if hand.penalty >= 0:
        fixed = hand.worth[Result.STOCK_PENALTY] * (1 if hand.penalty == 0 else -1)
        return lambda h: (fixed, fixed)

    def bounds(h: FastHand) -> tuple[int, int]:
        if h.playing_on >= 0:
            return (ordinary, top) if h.playing_on == 0 else (-top, -ordinary)
        w = h.won
        a, b = w[0] + w[2], w[1] + w[3]
        return (-top if not a else -ordinary, top if not b else ordinary)

    return bounds


def _score_sure(hand: FastHand) -> Callable[[FastHand, int, int, int], tuple[int, int] | None]:
    """Bounds on team 0's score when ``side`` is sure of the next ``run`` tricks (``lone`` of them by the leader)."""
    worth = hand.worth
    ordinary, kept, nine = worth[Result.ORDINARY], worth[Result.KEPT_IN], worth[Result.NINE_TRICKS]
    kept_alone, nine_alone = worth[Result.KEPT_IN_ALONE], worth[Result.NINE_TRICKS_ALONE]
    top = max(v for r, v in worth.items() if r is not Result.STOCK_PENALTY)

    def sure(h: FastHand, side: int, run: int, lone: int) -> tuple[int, int] | None:
        if h.penalty >= 0:
            return None  # the penalty decides the score whatever the tricks
        if side < 0:  # nobody is sure of a trick: only the lone leader's cap may say something
            return _capped(h, top)
        w = h.won
        mine, theirs = w[side] + w[side + 2], w[1 - side] + w[3 - side]
        left = TRICKS - h.done
        sign = 1 if side == 0 else -1
        if h.playing_on >= 0:
            if h.playing_on != side:
                return (-ordinary * sign,) * 2 if run else None  # the team playing on loses a trick
            if run < left:
                return _capped(h, top)
            low = nine
            if w[h.leader] == mine:  # a lone keeper-in: all nine alone, or the partner's trick ends it (R10)
                low = nine_alone if lone == left else min(kept_alone, nine_alone) if h.partner_ends else nine
            high = _cap(h, top) if h.leader & 1 == side else top
            return (low, high) if sign > 0 else (-high, -low)
        if theirs:
            if run >= TO_WIN - mine:
                return (ordinary * sign,) * 2  # first to five; the opponents already have a trick
            return None
        # The opponents have no trick yet: this team keeps in (perhaps alone, perhaps all nine) if the run reaches.
        low = -ordinary if run else -top  # after one more trick the opponents can no longer keep in
        if mine + run >= TO_WIN:
            low = kept
            if run == left:
                low = max(low, nine)
            if w[h.leader] == mine and mine + lone >= TO_WIN:
                low = max(low, kept_alone, nine_alone if lone == left else 0)
        high = _cap(h, top) if h.leader & 1 == side else top
        if low == -top and high == top:
            return None
        return (low, high) if sign > 0 else (-high, -low)

    def _cap(h: FastHand, top: int) -> int:
        """The most the leader's team can score when the leader, holding all its tricks, can be stopped:
        an "alone" result needs every card the leader leads to go unbeaten (see :func:`_unbeaten`)."""
        w = h.won
        leader = h.leader
        mine, theirs = w[leader & 1] + w[(leader & 1) + 2], w[1 - (leader & 1)] + w[3 - (leader & 1)]
        if theirs or not mine or h.playing_on >= 0 and h.playing_on != leader & 1:
            return top
        if w[leader] != mine:  # the partner has a trick too: nothing alone
            return nine if h.playing_on >= 0 else max(ordinary, kept, nine)
        unbeaten = _unbeaten(h)
        if unbeaten < 0:
            return top
        left = TRICKS - h.done
        if h.playing_on >= 0:  # a lone keeper-in playing on: all nine alone, or the partner's trick (R10)
            return nine_alone if unbeaten >= left else max(nine, kept_alone) if h.partner_ends else nine
        best = max(ordinary, kept, nine)
        if unbeaten >= left:
            best = max(best, nine_alone)
        if unbeaten >= TO_WIN - mine:
            best = max(best, kept_alone)
        return best

    def _capped(h: FastHand, top: int) -> tuple[int, int] | None:
        high = _cap(h, top)
        if high == top:
            return None
        return (-top, high) if h.leader & 1 == 0 else (-high, top)

    return sure


def _unbeaten(h: FastHand) -> int:
    """How many of the leader's cards no card in an opponent's hand beats when it is led (-1: not reckoned).

    A lone player takes trick after trick only by leading each time; an opponent keeps a card that beats
    one of his leads until it is led (one card a trick is all anyone must play, and nobody must beat a
    card they cannot).  A face-up card some move can still fetch counts as the opponents'; four of a kind
    is left to the search.
    """
    if h.promo[0] | h.promo[1] | h.promo[2] | h.promo[3]:
        return -1
    beaters = _pair_facts(h.tables).beaters
    leader = h.leader
    opponents = h.hands[(leader + 1) & 3] | h.hands[(leader + 3) & 3] | (h.fetchable() if h.exposed else 0)
    count = 0
    m = h.hands[leader]
    while m:
        low = m & -m
        if not beaters[low.bit_length() - 1] & opponents:
            count += 1
        m ^= low
    return count


def solve(state: "HandState", *, deadline: float | None = None, max_nodes: int | None = None, table: bool = True,
          merge: bool = True, techniques: Techniques = Techniques()) -> Solution:
    """The value of a position of the play with every card visible, for the team of the player to move.

    ``state`` is a :class:`~stytvolt.styrivolt.hand.HandState` in the play
    with the stock closed for good (else :class:`InvalidPosition` says why).
    ``deadline`` (seconds) stops the search early (``exact`` is then False);
    so does ``max_nodes``, after about that many positions (checked every
    1,024), which unlike a deadline stops at the same point on every machine
    (computer players use it, so their moves never depend on the machine's
    speed).  ``table``, ``merge`` and ``techniques`` are for measuring: the same search without the
    transposition table, without merging equivalent cards, or without the later techniques
    (:data:`OLD`: the search as it was before them).
    """
    from stytvolt.styrivolt.hand import HandState

    if not isinstance(state, HandState):
        raise InvalidPosition(f"solve() takes a HandState, not {type_name(state)}")
    started = time.perf_counter()
    hand = FastHand.of(state)
    player = hand.to_move
    team = player % 2
    sign = 1 if team == 0 else -1
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1):
        raise StytvoltError(f"max_nodes is a whole number above 0, not {max_nodes!r}")
    search = Search(hand, lambda h: h.value(0), table=table, merge=merge, deadline=_deadline(deadline),
                    max_nodes=max_nodes, bounds=_score_bounds(hand), sure=_score_sure(hand), techniques=techniques,
                    race=None if hand.penalty >= 0 else hand.worth)
    values_0 = _score_values(hand)
    values: dict[str, int] = {}
    exact = True
    moves = hand.legal()
    same = search.alike_moves(hand, moves) if merge and techniques.root_merge else {}
    found: dict[int, int] = {}
    guess: int | None = None
    try:
        for m in moves:
            rep = same.get(m, m)
            if rep in found:  # a card that plays alike with one already valued
                v = found[rep]
            else:
                hand.apply(m)
                v = search.value(values_0, guess)
                hand.undo()
                found[rep] = guess = v
            values[move_text(m)] = v * sign
        line, tricks = _principal_line(search, hand, values, moves, sign)
    except _Timeout:
        exact = False
        while len(hand._stack):
            hand.undo()
        line, tricks = (), hand.team_tricks()
    if not values:
        raise StytvoltError("the deadline or node limit was reached before any action's value was settled: allow more time or nodes")
    value = max(values.values())
    best = tuple(k for k, v in values.items() if v == value)
    return Solution(value, values, best, tricks, line, player, search.nodes, exact, time.perf_counter() - started)


def sides(state: "HandState") -> tuple[tuple[int, ...], ...]:
    """The two teams that play together in a hand: players 0 and 2 against 1 and 3, in every hand; asked of a
    position :func:`solve` can solve (else :class:`InvalidPosition` says why, as it does)."""
    from stytvolt.styrivolt.fasthand import check_solvable
    from stytvolt.styrivolt.hand import HandState

    if not isinstance(state, HandState):
        raise InvalidPosition(f"sides() takes a HandState, not {type_name(state)}")
    check_solvable(state)
    return ((0, 2), (1, 3))


def _principal_line(search: Search, hand: FastHand, values: dict[str, int], moves: list[int],
                    sign: int) -> tuple[tuple[str, ...], tuple[int, int]]:
    """Follow a best move from the root to the end of the hand; the actions and the final tricks."""
    value = max(values.values())
    first = next(m for m in moves if values[move_text(m)] == value)
    line = [first]
    hand.apply(first)
    target = value * sign  # team 0's value along the line
    while hand.phase != OVER:
        maxing = hand.to_move & 1 == 0
        for m in search.ordered(hand):
            hand.apply(m)
            ok = search.at_least(target) if maxing else not search.at_least(target + 1)
            if ok:
                line.append(m)
                break
            hand.undo()
        else:  # pragma: no cover (some move always keeps the value)
            raise AssertionError("the principal line lost its value")
    tricks = hand.team_tricks()
    for _ in line:
        hand.undo()
    return tuple(str(a) for m in line for a in hand.actions(m)), tricks


def _goal_search(hand: FastHand, goal: str, team: int, tricks: int, deadline: float | None) -> Search:
    """A search whose value for team 0 is 1 when team 0 gets its way: the goal reached when it is team 0's,
    missed when it is team 1's."""
    start = hand.team_tricks()[team]

    def reached(h: FastHand) -> bool | None:
        """Whether the goal is reached (None: not settled yet).  A finished hand is always settled."""
        w = h.won
        mine = w[team] + w[team + 2]
        theirs = w[1 - team] + w[3 - team]
        if goal == "win":
            if h.ending is not None:
                return h.ending[0] == team
            if h.playing_on >= 0:  # the team playing on wins the hand, ordinary or nine
                return h.playing_on == team
            return None
        if goal == "tricks":
            if mine - start >= tricks:
                return True
            return False if h.ending is not None else None
        if goal == "keep-in" and (h.playing_on == team or mine >= TO_WIN and not theirs):
            return True  # the first five tricks taken: whatever follows, the team kept in
        if theirs:  # keeping in and nine tricks both need every trick so far
            return False
        if h.ending is None:
            return None
        return h.ending[1] in _NINE

    yes, no = (1, 0) if team == 0 else (0, 1)

    def evaluate(h: FastHand) -> int:
        return yes if reached(h) else no

    def bounds(h: FastHand) -> tuple[int, int]:
        settled = reached(h)
        if settled is None:
            return (0, 1)
        v = yes if settled else no
        return (v, v)

    def sure(h: FastHand, side: int, run: int, lone: int) -> tuple[int, int] | None:
        if side < 0:
            return None
        if reached(h) is not None:
            return bounds(h)
        w = h.won
        mine, theirs = w[side] + w[side + 2], w[1 - side] + w[3 - side]
        if goal == "win":  # winning the hand is the race to five (a team that keeps in has won it)
            settled = None if run < TO_WIN - mine else side == team
        elif goal == "tricks":
            gained = run  # the run goes on but for the hand ending: at five against a team with a trick
            if h.playing_on >= 0 and h.playing_on != side:
                gained = min(run, 1)
            elif h.playing_on < 0 and theirs:
                gained = min(run, TO_WIN - mine)
            settled = True if side == team and mine - start + gained >= tricks else None
        elif side != team:
            settled = False if run else None  # the team loses a trick: no keeping in, no nine
        elif theirs:
            settled = None
        elif goal == "keep-in":
            settled = True if mine + run >= TO_WIN else None
        else:
            settled = True if run == TRICKS - h.done else None
        if settled is None:
            return None
        v = yes if settled else no
        return (v, v)

    return Search(hand, evaluate, deadline=deadline, bounds=bounds, sure=sure)


def _goal_of(goal: object) -> tuple[str, int]:
    """A goal of :func:`achievable` checked: its search name and N (for a number of tricks)."""
    if isinstance(goal, bool) or not isinstance(goal, (str, int)):
        raise StytvoltError(f"a goal is one of {', '.join(GOALS)} or a number of tricks, not {type_name(goal)}")
    if isinstance(goal, int):
        if not 0 <= goal <= TRICKS:
            raise StytvoltError(f"a number of tricks is 0 to {TRICKS}, not {goal}")
        return "tricks", goal
    if goal in GOALS:
        return goal, 0
    raise StytvoltError(f"unknown goal {goal[:20]!r}: expected one of {', '.join(GOALS)} or a number of tricks")


def _goal_setup(caller: str, state: "HandState", goal: object, team: int | None,
                deadline: float | None) -> tuple[FastHand, int, Search]:
    """The compiled hand, the team (default: the player to move's) and the goal's search, everything checked."""
    from stytvolt.styrivolt.hand import HandState

    if not isinstance(state, HandState):
        raise InvalidPosition(f"{caller}() takes a HandState, not {type_name(state)}")
    name, tricks = _goal_of(goal)
    hand = FastHand.of(state)
    if team is None:
        team = hand.to_move % 2
    elif isinstance(team, bool) or team not in (0, 1):
        raise StytvoltError(f"a team is 0 (players 0 and 2) or 1 (players 1 and 3), not {team!r}")
    return hand, team, _goal_search(hand, name, team, tricks, deadline)


def achievable(state: "HandState", goal: str | int = "win", team: int | None = None, *,
               deadline: float | None = None) -> bool | None:
    """Whether ``team`` (default: the player to move's) can make sure of ``goal`` against any defence.

    ``goal`` is ``"win"`` (the hand), ``"keep-in"`` (the first five tricks),
    ``"nine"`` (all nine tricks), or a whole number N (at least N more tricks
    before the hand ends).  A stock penalty does not change what the tricks
    achieve.  With a ``deadline`` (seconds) the answer is None when time ran out.
    """
    hand, team, search = _goal_setup("achievable", state, goal, team, _deadline(deadline))
    try:
        zero_wins = search.at_least(1)
    except _Timeout:
        return None
    return zero_wins if team == 0 else not zero_wins


def goal_moves(state: "HandState", goal: str | int = "win", team: int | None = None) -> dict[str, bool]:
    """For each legal action (by its text), whether ``team`` can still make sure of ``goal`` after it.

    The goal is counted from ``state`` (N more tricks from here), as in
    :func:`achievable`; one search with one table answers every action, so
    this is much quicker than asking :func:`achievable` of each action's
    position (what puzzles need: which moves keep the goal within reach).
    """
    hand, team, search = _goal_setup("goal_moves", state, goal, team, None)
    out: dict[str, bool] = {}
    for m in hand.legal():
        hand.apply(m)
        zero_wins = search.at_least(1)
        hand.undo()
        out[move_text(m)] = zero_wins if team == 0 else not zero_wins
    return out


def certain(state: "HandState", goal: str | int = "win", team: int | None = None, *, max_nodes: int = 20_000) -> bool:
    """Whether ``goal`` is reached on *every* line from here, however all four players play.

    The goal is counted from ``state`` as in :func:`achievable`.  Every line
    is followed until the goal is settled, so this is meant for small
    endings: past ``max_nodes`` positions the answer is False (not shown to
    be certain).  A puzzle is over once its goal is certain.
    """
    hand, team, search = _goal_setup("certain", state, goal, team, None)
    assert search.bounds is not None
    bounds = search.bounds
    yes = 1 if team == 0 else 0
    count = [0]

    def every(h: FastHand) -> bool:
        count[0] += 1
        if count[0] > max_nodes:
            raise _Timeout
        lo, hi = bounds(h)
        if lo == hi:
            return lo == yes
        for m in h.legal():
            h.apply(m)
            ok = every(h)
            h.undo()
            if not ok:
                return False
        return True

    try:
        return every(hand)
    except _Timeout:
        return False


def can_win(state: "HandState", team: int | None = None) -> bool:
    """Whether the team can make sure of winning the hand (default: the team of the player to move)."""
    return bool(achievable(state, "win", team))


def can_keep_in(state: "HandState", team: int | None = None) -> bool:
    """Whether the team can make sure of taking the first five tricks."""
    return bool(achievable(state, "keep-in", team))


def can_take_nine(state: "HandState", team: int | None = None) -> bool:
    """Whether the team can make sure of taking all nine tricks."""
    return bool(achievable(state, "nine", team))


def can_take(state: "HandState", tricks: int, team: int | None = None) -> bool:
    """Whether the team can make sure of taking at least ``tricks`` more tricks before the hand ends."""
    return bool(achievable(state, tricks, team))

