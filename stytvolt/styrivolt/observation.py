"""What one player may see of a hand, and hands that player cannot tell apart from it.

:class:`Observation` is everything a player at the table knows: their own
cards (and the ones they gave up in taking the stock), the chosen suits and
every card lying face up, the tricks, the trades, the log of public events,
the turned cards if they dealt (or the choosing was open), and their legal
actions when it is their turn.  Computer players are given this and never
the state.

:func:`resample` deals afresh every card a player has not seen, keeping all
they have seen where it is, and replays the same actions; a hand whose
public course would differ (another suit chosen, another player able to
claim or take the stock, a four of a kind appearing) is drawn again.  Every
hand it returns gives that player the same observation: the test that an
observation hides what it must, and the sampler fair computer players use.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stytvolt.core import checks
from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason
from stytvolt.styrivolt import legality
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.pack import PACK, PLAYERS
from stytvolt.styrivolt.records import HandResult, Phase, Trick
from stytvolt.styrivolt.ranking import Ranking
from stytvolt.styrivolt.variants import Rules

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["Observation", "PublicTake", "observe", "resample"]

_PRIVATE_KINDS = (Kind.DISCARD,)  # the card goes face down: only the taker knows it


@dataclass(frozen=True, slots=True)
class PublicTake:
    """A taking of the stock as the table saw it; ``original``/``received`` only for the taker's own."""

    player: int
    trick: int
    count: int  # cards received
    original: tuple[Card, ...] | None
    received: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class Observation:
    """What ``player`` may see.  ``to_json()`` is its complete, comparable form."""

    player: int
    rules: Rules
    phase: str
    to_move: int
    dealer: int
    leader: int
    chosen: tuple[Suit, Suit] | None  # None while the dealer is still choosing what to expose
    hand: tuple[Card, ...]
    dealt: tuple[Card, ...]  # this player's own nine cards as dealt
    declared: tuple[frozenset[Rank], ...]  # announced four of a kinds, every player's
    exposed: dict[Suit, tuple[Card, ...]]
    cut: tuple[Card, ...]
    cut_shown: tuple[Card, ...]  # what the cut laid face up, wherever those cards are now
    shown: tuple[Card, ...]  # what the dealer exposed in choosing, in order
    table: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    current: tuple[Card, ...]
    current_promoted: tuple[bool, ...]
    won: tuple[int, ...]
    playing_on: int | None
    stock_size: int
    takes: tuple[PublicTake, ...]
    turned: tuple[Card, ...] | None  # the cards turned in choosing, if this player saw them
    free_choice: tuple[Card, ...]  # the dealer's: equal cards they may expose now
    right_to_stock: bool
    moves: tuple[tuple[int, str], ...]  # every action so far as the table saw it
    log: tuple[Reason, ...]
    legal: tuple[Action, ...]  # empty unless it is this player's turn
    result: HandResult | None

    @property
    def ranking(self) -> Ranking | None:
        return Ranking.of(self.chosen) if self.chosen else None

    @property
    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    def played_as(self, card: Card) -> tuple[Card, bool]:
        """The card reaching the trick if this player plays ``card``, and whether it is four of a kind."""
        assert self.chosen is not None
        return legality.played_as(Ranking.of(self.chosen), self.hand, self.declared[self.player],
                                  self.exposed.get(card.suit, ()), card, self.rules.promote_kings_and_queens)

    def team_tricks(self) -> tuple[int, int]:
        return (self.won[0] + self.won[2], self.won[1] + self.won[3])

    def to_json(self) -> dict[str, Any]:
        def cards(cs: tuple[Card, ...] | None) -> list[str] | None:
            return None if cs is None else [str(c) for c in cs]

        return {
            "player": self.player,
            "rules": self.rules.to_json(),
            "phase": self.phase,
            "to_move": self.to_move,
            "dealer": self.dealer,
            "leader": self.leader,
            "chosen": [s.letter for s in self.chosen] if self.chosen else None,
            "hand": cards(self.hand),
            "dealt": cards(self.dealt),
            "declared": [sorted(r.letter for r in d) for d in self.declared],
            "exposed": {s.letter: cards(cs) for s, cs in sorted(self.exposed.items())},
            "cut": cards(self.cut),
            "cut_shown": cards(self.cut_shown),
            "shown": cards(self.shown),
            "table": cards(self.table),
            "tricks": [{"leader": t.leader, "cards": cards(t.cards), "promoted": list(t.promoted), "winner": t.winner}
                       for t in self.tricks],
            "current": cards(self.current),
            "current_promoted": list(self.current_promoted),
            "won": list(self.won),
            "playing_on": self.playing_on,
            "stock_size": self.stock_size,
            "takes": [{"player": t.player, "trick": t.trick, "count": t.count, "original": cards(t.original),
                       "received": cards(t.received)} for t in self.takes],
            "turned": cards(self.turned),
            "free_choice": cards(self.free_choice),
            "right_to_stock": self.right_to_stock,
            "moves": [[p, text] for p, text in self.moves],
            "log": [r.as_dict() for r in self.log],
            "legal": [str(a) for a in self.legal],
            "result": None if self.result is None else {
                "team": self.result.team, "result": self.result.result.value, "player": self.result.player,
                "tricks": list(self.result.tricks)},
        }


def observe(state: "HandState", player: int) -> Observation:
    player = checks.seat(player, PLAYERS)
    choosing = state.phase is Phase.EXPOSE
    dealer_sees = player == state.dealer or state.rules.open_choosing
    takes = tuple(
        PublicTake(t.player, t.trick, len(t.received), t.original if t.player == player else None,
                   t.received if t.player == player else None)
        for t in state.takes
    )
    free: tuple[Card, ...] = ()
    if choosing and player == state.dealer:
        free = tuple(a.card for a in state.legal_actions())
    moves = tuple((p, as_seen(a, by=player, actor=p)) for p, a in state.history)
    return Observation(
        player=player,
        rules=state.rules,
        phase=state.phase.value,
        to_move=state.current_player(),
        dealer=state.dealer,
        leader=state.leader,
        chosen=None if choosing and player != state.dealer else state.chosen,
        hand=state.hands[player],
        dealt=state.dealt[player],
        declared=state.declared,
        exposed=dict(state.exposed),
        cut=state.cut,
        cut_shown=state.cut_shown,
        shown=() if choosing else state.choice.exposed,
        table=tuple(state.table),
        tricks=tuple(state.tricks),
        current=state.current,
        current_promoted=state.current_promoted,
        won=state.won,
        playing_on=state.playing_on,
        stock_size=len(state.pile) if not choosing else 0,
        takes=takes,
        turned=state.choice.seen if dealer_sees else None,
        free_choice=free,
        right_to_stock=state.has_right_to_stock(player),
        moves=moves,
        log=tuple(state.log),
        legal=tuple(state.legal_actions()) if state.current_player() == player else (),
        result=state.result,
    )


def as_seen(action: Action, by: int | None, actor: int) -> str:
    """An action's text as ``by`` saw it (``None``: any player but the actor): a discard hides its card."""
    return action.kind.value if action.kind in _PRIVATE_KINDS and by != actor else str(action)


def _public_course(state: "HandState") -> tuple[object, ...]:
    """Everything the table sees happen, apart from any observation: used to accept a resampled hand."""
    return (
        state.chosen, tuple(e.cards for e in state.choice.exposures), state.cut_shown,
        tuple((p, as_seen(a, by=None, actor=p)) for p, a in state.history),
        tuple(state.tricks), state.current_promoted, state.declared, tuple(t.player for t in state.takes),
        state.phase, state.to_move,
        None if state.result is None else (state.result.team, state.result.result, state.result.player),
        tuple(len(h) for h in state.hands), len(state.pile), state.voided,
    )


def resample(state: "HandState", player: int, rng: random.Random, tries: int = 200) -> "HandState":
    """A hand ``player`` cannot tell from ``state``: the cards they have not seen dealt afresh.

    Tries up to ``tries`` random deals of those cards and returns the first
    whose public course matches; when none does, an unchanged copy (always
    consistent, if not new).
    """
    from stytvolt.styrivolt.hand import HandState

    player = checks.seat(player, PLAYERS)
    rng = checks.rng(rng)
    known = state.known_to(player)
    unseen = [c for c in PACK if c not in known]
    if len(unseen) < 2:
        return state.clone()
    target = _public_course(state)
    for _ in range(tries):
        shuffled = unseen[:]
        rng.shuffle(shuffled)
        swap = dict(zip(unseen, shuffled))
        deck = [swap.get(c, c) for c in state.deck]
        try:
            other = HandState(deck, dealer=state.dealer, rules=state.rules)
            other.voided = state.voided
            for _p, action in state.history:
                other.apply(Action(action.kind, tuple(swap.get(c, c) for c in action.cards)))
        except StytvoltError:
            continue
        if _public_course(other) == target:
            other.log[:0] = [r for r in state.log if r.code == "deal.void"]
            return other
    return state.clone()
