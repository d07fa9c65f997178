"""The compiled hand: the play of a hand as bitmasks and table lookups, for search and simulation.

:class:`FastHand` is a position of the play (the stock can no longer be
taken) in the compiled form of :mod:`~stytvolt.styrivolt.fast`: each hand a
bitmask of card numbers, the trick in progress one state of that pair's
tables.  It is built from a :class:`~stytvolt.styrivolt.hand.HandState`
(:meth:`FastHand.of`) and plays every rule of the play that the state
machine plays, read from the same definitions:

* who wins a trick: the tables, built from the ranking;
* a trader fetches the exposed card of its suit (and must be traded first
  when two lie face up); four of a kind plays as the best of the four, the
  fives never (``Ranking.promoted_role``);
* no lamb leads the first trick; compulsory beating when that variation is
  agreed; the bird variation's claim by the king of hearts, with the heart
  trader's holder asked first (:func:`~stytvolt.styrivolt.legality.can_end_hand`);
* the end of a trick and of the hand, keeping in and playing on
  (:func:`~stytvolt.styrivolt.outcome.trick_end`), and what a result scores
  (:func:`~stytvolt.styrivolt.chalk.points`), a wrongful stock-taking's
  penalty replacing it.

Moves are small integers (:func:`move_text` names them):

* a card number (0-47): play that card (a trader fetches its one exposed card);
* ``VIA | trader << 6 | card``: trade a trader for one of two exposed cards and play it at once;
* ``TRADE | trader << 6 | card``: trade without playing (or the king of hearts' claim of the bird);
* :data:`GIVE_BIRD` / :data:`PASS_BIRD`: the heart trader's holder answers a claim of the bird;
* :data:`STOP` / :data:`PLAY_ON`: a team that kept in stops, or plays on.

:meth:`FastHand.legal` lists the moves that stand for the state's legal
actions one for one (``tests/styrivolt/test_fasthand.py`` holds them equal on
thousands of positions).  :meth:`FastHand.search_moves` lists what a search
needs: the same, but a trade is offered on its own only where it makes four
of a kind (otherwise holding the trader is worth at least as much, since it
can still fetch either card when it is played) and a trader facing two cards
is played through ``VIA``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt import legality, outcome
from stytvolt.styrivolt.actions import PLAY_ON as PLAY_ON_ACTION, PASS, PLAYS, STOP as STOP_ACTION, Action, Kind
from stytvolt.styrivolt.chalk import Result, points
from stytvolt.styrivolt.fast import CARDS, NUMBER, Compiled, compiled, mask
from stytvolt.styrivolt.fast import numbers as _bits
from stytvolt.styrivolt.ranking import four_of_a_kind
from stytvolt.styrivolt.pack import PLAYERS
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.stock import BirdClaim

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = [
    "FastHand", "VIA", "TRADE", "GIVE_BIRD", "PASS_BIRD", "STOP", "PLAY_ON", "move_text", "RANK_MASKS",
    "PLAYING", "DECIDING", "BIRD", "OVER", "check_solvable",
]

VIA = 1 << 12
TRADE = 2 << 12
GIVE_BIRD = 3 << 12
PASS_BIRD = GIVE_BIRD + 1
STOP = 4 << 12
PLAY_ON = STOP + 1

# The records of the undo stack: a card played as it is, a finished trick, anything else (all saved).
_PLAIN, _TRICK, _WHOLE = 0, 1, 2

# The phases of the compiled hand.
PLAYING, DECIDING, BIRD, OVER = 0, 1, 2, 3

#: The four cards of each rank that makes four of a kind (``ranking.four_of_a_kind`` says which: not the fives).
RANK_MASKS: dict[Rank, int] = {
    r: mask(four) for r in sorted({c.rank for c in CARDS})
    if four_of_a_kind(four := [c for c in CARDS if c.rank is r])
}
#: Each card's four of a kind, by card number (0 for a five).
_FOUR_OF = tuple(RANK_MASKS.get(c.rank, 0) for c in CARDS)
_H2, _H5, _HK = NUMBER[legality.H2], NUMBER[legality.H5], NUMBER[legality.HK]
_SUIT = tuple(int(c.suit) for c in CARDS)


#: The ranks that make four of a kind, as masks: all of them, and without kings and queens
#: (``Rules.promote_kings_and_queens`` off).
_FOURS_ALL = tuple(RANK_MASKS.values())
_FOURS_NO_KINGS_QUEENS = tuple(m for r, m in RANK_MASKS.items() if r not in (Rank.KING, Rank.QUEEN))


def _fours(hand: int, masks: tuple[int, ...]) -> int:
    """The cards of the ranks (among ``masks``) of which ``hand`` holds all four."""
    out = 0
    for r in masks:
        if hand & r == r:
            out |= r
    return out


def move_text(move: int) -> str:
    """A move's text, as the state's action texts read (``H2``, ``trade H5 H7``, ``stop``)."""
    return " ".join(str(a) for a in _actions(move))


def _actions(move: int) -> tuple[Action, ...]:
    kind = move & ~0xFFF
    if kind == 0:
        return (PLAYS[CARDS[move].index],)
    if kind in (VIA, TRADE):
        give, take = CARDS[(move >> 6) & 63], CARDS[move & 63]
        trade = Action.trade(give, take)
        return (trade, PLAYS[take.index]) if kind == VIA else (trade,)
    return {GIVE_BIRD: (Action.trade(legality.H5, legality.H2),), PASS_BIRD: (PASS,),
            STOP: (STOP_ACTION,), PLAY_ON: (PLAY_ON_ACTION,)}[move]


class FastHand:
    """A position of the play in compiled form.  Build with :meth:`of`; ``apply(move)`` and ``undo()``."""

    __slots__ = (
        "tables", "hands", "declared", "quads", "promo", "exposed", "to_move", "leader", "trick", "tstate", "best",
        "won", "done", "playing_on", "phase", "ending", "king", "penalty", "compulsory", "bird", "worth", "_stack",
        "partner_ends", "fours",
        "trader_mask", "_fetch_cache",
    )

    tables: Compiled
    hands: list[int]
    to_move: int
    leader: int
    tstate: int  # the trick's table state (-1 before the lead)
    best: int  # the player winning the trick so far
    won: list[int]  # tricks won by each player
    done: int  # tricks finished
    playing_on: int  # the team playing on for nine, or -1
    phase: int
    penalty: int  # the team a wrongful stock-taking's penalty goes to, or -1
    compulsory: bool
    partner_ends: bool  # Rules.partner_trick_ends_play_on (ruling R10)
    fours: tuple[int, ...]  # the ranks that make four of a kind (Rules.promote_kings_and_queens)
    bird: bool
    worth: dict[Result, int]  # what each result scores, by the rules' score table
    trader_mask: int  # the chosen fives (and the king of hearts in the bird variation): cards with moves of their own
    _stack: list[Any]  # what each move changed, for undo
    _fetch_cache: tuple[Any, int]
    declared: list[int]  # per player: the cards of the ranks played as four of a kind
    quads: list[int]  # per player: the cards of the ranks the hand held all four of when it last gained a card
    promo: list[int]  # per player: declared | quads, the cards that play as four of a kind
    exposed: dict[int, tuple[int, ...]]  # suit -> exposed card numbers
    trick: list[int]  # the plays of the trick in progress (card * 2 + promoted)
    ending: outcome.Ending | None
    king: int  # in BIRD: the holder of the king of hearts who claimed the bird

    @classmethod
    def of(cls, state: "HandState") -> "FastHand":
        """The compiled form of a state's position; :class:`InvalidPosition` if it is not a position of the play
        with the stock closed for good."""
        check_solvable(state)
        return cls._build(state)

    @classmethod
    def dealt(cls, state: "HandState") -> "FastHand":
        """The play of a state from its position, the stock left where it lies (nobody will take it):
        random playouts of whole hands.  The stock being open is allowed; any other phase but the play is not."""
        if state.phase is not Phase.PLAY or state.pending is not None:
            check_solvable(state)
        return cls._build(state)

    @classmethod
    def _build(cls, state: "HandState") -> "FastHand":
        self = object.__new__(cls)
        self.tables = compiled(state.ranking)
        self.hands = [mask(h) for h in state.hands]
        self.declared = [_rank_cards(d) for d in state.declared]
        self.quads = [_rank_cards(q) for q in state.quads]
        self.promo = [d | q for d, q in zip(self.declared, self.quads)]
        self.exposed = {int(s): tuple(NUMBER[c] for c in cards) for s, cards in state.exposed.items() if cards}
        self.won = list(state.won)
        self.done = len(state.tricks)
        self.leader = state.leader
        self.playing_on = -1 if state.playing_on is None else state.playing_on
        self.ending = None
        self.king = -1
        self.trick = [NUMBER[c] * 2 + f for c, f in zip(state.current, state.current_promoted)]
        self.tstate = -1
        self.best = state.leader
        if self.trick:
            t = self.tables
            s = t.lead[self.trick[0]]
            for i, p in enumerate(self.trick[1:], 1):
                s2 = t.after[s][p]
                if s2 >> 2 != s >> 2:
                    self.best = (state.leader + i) % PLAYERS
                s = s2
            self.tstate = s
        wrong = next((t for t in state.takes if not t.rightful), None)
        self.penalty = -1 if wrong is None else 1 - wrong.player % 2
        self.compulsory = state.rules.compulsory_beating
        self.partner_ends = state.rules.partner_trick_ends_play_on
        self.fours = _FOURS_ALL if state.rules.promote_kings_and_queens else _FOURS_NO_KINGS_QUEENS
        self.trader_mask = sum(1 << t for t in _TRADERS[self.tables.chosen]) | (
            1 << _HK if state.rules.king_of_hearts_takes_bird else 0)
        self.bird = state.rules.king_of_hearts_takes_bird
        scoring = state.rules.scoring
        self.worth = {r: points(r, scoring) for r in Result}
        self.to_move = state.to_move
        if state.phase is Phase.PLAY:
            self.phase = PLAYING
        elif state.phase is Phase.PLAY_ON:
            self.phase = DECIDING
        else:
            self.phase = BIRD
            assert isinstance(state.pending, BirdClaim)
            self.king = state.pending.king_holder
        self._stack = []
        self._fetch_cache = (None, 0)
        return self

    # -- reading ----------------------------------------------------------------------------

    def team_tricks(self) -> tuple[int, int]:
        w = self.won
        return (w[0] + w[2], w[1] + w[3])

    def over(self) -> bool:
        return self.phase == OVER

    def value(self, team: int) -> int:
        """The score of a finished hand for ``team``, as ``HandState.returns()`` gives it."""
        assert self.ending is not None
        if self.penalty >= 0:
            worth = self.worth[Result.STOCK_PENALTY]
            return worth if team == self.penalty else -worth
        scorer, result, _ = self.ending
        worth = self.worth[result]
        return worth if team == scorer else -worth

    def fetchable(self) -> int:
        """Exposed cards a move can still bring into play (a held trader's, or the bird for the king)."""
        if not self.exposed:
            return 0
        held = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        key = (self.exposed, held & self.trader_mask)
        if self._fetch_cache[0] == key:
            return self._fetch_cache[1]
        out = 0
        for suit, cards in self.exposed.items():
            trader = _TRADER_OF[suit]
            for c in cards:
                if held >> trader & 1 or (self.bird and c == _H2 and held >> _HK & 1):
                    out |= 1 << c
        self._fetch_cache = (key, out)
        return out

    def _play_of(self, p: int, card: int) -> tuple[int, int]:
        """The card that reaches the trick when ``p`` plays ``card``, and its play (card * 2 + promoted)."""
        fetched = self._fetch(card)
        if fetched < 0:
            return card, card * 2 + (self.promo[p] >> card & 1)
        after = self.hands[p] & ~(1 << card) | 1 << fetched
        promoted = (self.promo[p] | _fours(after, self.fours)) >> fetched & 1
        return fetched, fetched * 2 + promoted

    def _fetch(self, card: int) -> int:
        """The one exposed card a trader fetches, -1 for a card that fetches nothing, -2 for a trader facing two."""
        if card not in self._traders():
            return -1
        ex = self.exposed.get(_SUIT[card], ())
        return ex[0] if len(ex) == 1 else (-2 if ex else -1)

    def _traders(self) -> tuple[int, ...]:
        return _TRADERS[self.tables.chosen]

    def _beats(self, play: int) -> bool:
        return self.tables.after[self.tstate][play] >> 2 == play >> 1

    # -- moves ---------------------------------------------------------------------------------

    def legal(self) -> list[int]:
        """The moves that stand for the state's legal actions, one for one."""
        if self.phase == OVER:
            return []
        if self.phase == DECIDING:
            return [STOP, PLAY_ON]
        if self.phase == BIRD:
            return [GIVE_BIRD, PASS_BIRD]
        p = self.to_move
        hand = self.hands[p]
        if self._as_they_are(hand):
            return _bits(hand)
        out = _bits(self._plays(p, hand))
        for t in self._traders():
            if hand >> t & 1:
                out.extend(TRADE | t << 6 | x for x in self.exposed.get(_SUIT[t], ()))
        if self._may_claim_bird(p):
            out.append(TRADE | _HK << 6 | _H2)
        return out

    def search_moves(self) -> list[int]:
        """The moves a search needs (see the module's docstring), plays first, in hand order."""
        if self.phase != PLAYING:
            return self.legal()
        p = self.to_move
        hand = self.hands[p]
        if self._as_they_are(hand):
            return _bits(hand)
        out = _bits(self._plays(p, hand))
        for t in self._traders():
            if not hand >> t & 1:
                continue
            ex = self.exposed.get(_SUIT[t], ())
            rest = hand & ~(1 << t)
            for x in ex:
                after = rest | 1 << x
                if _fours(after, self.fours) & ~self.promo[p]:
                    out.append(TRADE | t << 6 | x)  # a trade that makes four of a kind: it can matter
                if len(ex) == 2 and self._may_play_fetched(p, rest, x):
                    out.append(VIA | t << 6 | x)
        if self._may_claim_bird(p):
            out.append(TRADE | _HK << 6 | _H2)
        return out

    def _as_they_are(self, hand: int) -> bool:
        """The common case: every card of ``hand`` may be played as it is, and there is nothing to trade or claim
        (no trader or claiming king in it, no compulsory beating, not the first lead of the hand)."""
        return not (hand & self.trader_mask or self.compulsory or (self.done == 0 and not self.trick))

    def _plays(self, p: int, hand: int) -> int:
        """The cards of ``hand`` that ``p`` may play now, as a mask."""
        out = hand
        for t in self._traders():
            if hand >> t & 1 and len(self.exposed.get(_SUIT[t], ())) == 2:
                out &= ~(1 << t)  # a trader facing two exposed cards is traded first
        if not self.trick and self.done == 0:  # no lamb leads the first trick
            lamb = self.tables.lamb
            for c in _bits(out):
                if lamb[self._play_of(p, c)[1]]:
                    out &= ~(1 << c)
        if self.compulsory and self.trick and (self.best - p) % 2:
            able = 0
            for c in _bits(out):
                if self._beats(self._play_of(p, c)[1]):
                    able |= 1 << c
            if able:
                return able
        return out

    def _may_play_fetched(self, p: int, rest: int, x: int) -> bool:
        """Whether, after trading for ``x`` (``rest``: the hand without the trader), ``x`` may be played at once."""
        promoted = (self.promo[p] | _fours(rest | 1 << x, self.fours)) >> x & 1
        play = x * 2 + promoted
        if not self.trick and self.done == 0 and self.tables.lamb[play]:
            return False
        if self.compulsory and self.trick and (self.best - p) % 2 and not self._beats(play):
            for c in _bits(rest):
                if self._fetch(c) != -2 and self._beats(self._play_of(p, c)[1]):
                    return False
        return True

    def _may_claim_bird(self, p: int) -> bool:
        return (self.bird and self.hands[p] >> _HK & 1 == 1 and _H2 in self.exposed.get(int(Suit.HEARTS), ())
                and legality.can_end_hand(self.done, self.team_tricks(), None if self.playing_on < 0 else self.playing_on))

    # -- applying --------------------------------------------------------------------------------

    def apply(self, move: int) -> None:
        """Make a move (no check that it is legal: take it from :meth:`legal` or :meth:`search_moves`)."""
        p = self.to_move
        if move < 64 and not (self.promo[p] | self.trader_mask) >> move & 1:
            # A card played as it is (the search's common case): record only what it changes.
            hands = self.hands
            self._stack.append((_PLAIN, p, hands[p], self.tstate, self.best))
            hands[p] &= ~(1 << move)
            play = move << 1
            trick = self.trick
            if trick:
                s = self.tables.after[self.tstate][play]
                if s >> 2 == move:
                    self.best = p
                self.tstate = s
            else:
                self.tstate = self.tables.lead[play]
                self.best = p
            trick.append(play)
            if len(trick) == PLAYERS:
                self._end_trick()
            else:
                self.to_move = (p + 1) & 3
            return
        self._stack.append((
            _WHOLE, self.hands[:], self.declared[:], self.quads[:], self.promo[:], self.exposed, self.to_move,
            self.leader, tuple(self.trick), self.tstate, self.best, self.won[:], self.done, self.playing_on,
            self.phase, self.ending, self.king,
        ))
        kind = move & ~0xFFF
        p = self.to_move
        if kind == 0:
            self._play(p, move)
        elif kind == VIA:
            t, x = (move >> 6) & 63, move & 63
            self._trade(p, t, x)
            self._play(p, x)
        elif kind == TRADE:
            t, x = (move >> 6) & 63, move & 63
            holder = self._holder(_H5)
            if t == _HK and holder is not None and holder != p:
                self.king, self.phase, self.to_move = p, BIRD, holder  # the heart trader's holder is asked first
            else:
                self._trade(p, t, x)
        elif move == GIVE_BIRD or move == PASS_BIRD:
            king = self.king
            if move == GIVE_BIRD:
                self._trade(p, _H5, _H2)
            else:
                self._trade(king, _HK, _H2)
            self.king, self.phase, self.to_move = -1, PLAYING, king
        elif move == STOP:
            self._finish(outcome.stop_result(self.won, p))
        else:
            self.playing_on = p % 2
            self.phase = PLAYING

    def undo(self) -> None:
        """Take the last move back."""
        entry = self._stack.pop()
        if entry[0] == _TRICK:
            _, trick, w, self.leader, self.phase, self.ending, self.to_move, self.tstate = entry
            self.trick = list(trick)
            self.won[w] -= 1
            self.done -= 1
            entry = self._stack.pop()
        if entry[0] == _PLAIN:
            _, p, self.hands[p], self.tstate, self.best = entry
            self.trick.pop()
            self.to_move = p
            return
        (_, self.hands, self.declared, self.quads, self.promo, self.exposed, self.to_move, self.leader, trick,
         self.tstate, self.best, self.won, self.done, self.playing_on, self.phase, self.ending, self.king) = entry
        self.trick = list(trick)

    def forget(self) -> None:
        """Drop the record of the moves made (they can no longer be undone)."""
        self._stack.clear()

    def _holder(self, card: int) -> int | None:
        return next((q for q in range(PLAYERS) if self.hands[q] >> card & 1), None)

    def _trade(self, p: int, give: int, take: int) -> None:
        hand = self.hands[p] & ~(1 << give) | 1 << take
        self.hands[p] = hand
        self.quads[p] = _fours(hand, self.fours)  # counted again whenever a hand gains a card, as the state does
        self.promo[p] = self.declared[p] | self.quads[p]
        suit = _SUIT[take]
        self.exposed = {**self.exposed, suit: tuple(c for c in self.exposed[suit] if c != take)}

    def _play(self, p: int, card: int) -> None:
        fetched = self._fetch(card)
        if fetched >= 0:
            self._trade(p, card, fetched)
            card = fetched
        promoted = self.promo[p] >> card & 1
        play = card * 2 + promoted
        if promoted and not self.declared[p] >> card & 1:
            self.declared[p] |= _FOUR_OF[card]
        self.hands[p] &= ~(1 << card)
        t = self.tables
        if self.trick:
            s = t.after[self.tstate][play]
            if s >> 2 == card:
                self.best = p
            self.tstate = s
        else:
            self.tstate = t.lead[play]
            self.best = p
        self.trick.append(play)
        if len(self.trick) == PLAYERS:
            self._end_trick()
        else:
            self.to_move = (p + 1) % PLAYERS

    def _end_trick(self) -> None:
        w = self.best
        self._stack.append((_TRICK, tuple(self.trick), w, self.leader, self.phase, self.ending, self.to_move,
                            self.tstate))
        self.won[w] += 1
        self.done += 1
        self.leader = self.to_move = w
        self.trick = []
        self.tstate = -1
        ending = outcome.trick_end(self.won, self.done, None if self.playing_on < 0 else self.playing_on, w,
                                   self.partner_ends)
        if ending == outcome.DECIDE_PLAY_ON:
            self.phase = DECIDING
        elif ending is not None:
            self._finish(ending)  # type: ignore[arg-type]

    def _finish(self, ending: outcome.Ending) -> None:
        self.ending = ending
        self.phase = OVER
        self.to_move = -1

    def actions(self, move: int) -> tuple[Action, ...]:
        """The state's actions a move stands for (a ``VIA`` move is a trade and a play)."""
        return _actions(move)

    def copy(self) -> "FastHand":
        twin = object.__new__(FastHand)
        for name in FastHand.__slots__:
            value = getattr(self, name)
            setattr(twin, name, value[:] if isinstance(value, list) else value)
        return twin


def _rank_cards(ranks: frozenset[Rank]) -> int:
    out = 0
    for r in ranks:
        out |= RANK_MASKS[r]
    return out


_TRADER_OF = {int(s): NUMBER[Card(s, Rank.FIVE)] for s in Suit}
_TRADERS = {
    frozenset((a, b)): tuple(sorted(NUMBER[Card(s, Rank.FIVE)] for s in (a, b))) for a in Suit for b in Suit if a != b
}


def check_solvable(state: "HandState") -> None:
    """Refuse a state that is not a position of the play with the stock closed for good."""
    phase = state.phase
    if phase is Phase.END:
        raise InvalidPosition("the hand is over: there is nothing left to play")
    if phase in (Phase.EXPOSE, Phase.CLAIM):
        raise InvalidPosition("the play has not begun: the suits are still being chosen or the cut claimed")
    if phase in (Phase.WITH, Phase.STOCK_DECISION) or (phase is Phase.LAST_CHANCE and not isinstance(state.pending, BirdClaim)):
        raise InvalidPosition("the stock is being taken: solve the position once its taker has decided")
    if legality.stock_may_be_open(state) and any(legality.refuse_take(state, q) is None for q in range(PLAYERS)):
        raise InvalidPosition(
            "the stock can still be taken, so not every card's place is settled: "
            "solve a position from the end of the first trick on, or one where no player may take it"
        )

