"""A whole hand of Stýrivolt as a state machine.

In the style of OpenSpiel: :meth:`HandState.legal_actions` lists what the
player to move may do, :meth:`HandState.apply` does one action (or raises
:class:`~stytvolt.core.explain.IllegalAction` naming the rule, changing nothing),
:meth:`HandState.returns` scores a finished hand.  The state keeps its full
history, can :meth:`~HandState.undo`, and round-trips through a compact JSON
form that restores the exact position (the site's permalinks).

The phases, in order:

* ``EXPOSE``: only when the dealer has a free choice (king or four; the eight
  or nine of clubs) of which card to expose;
* ``CLAIM``: only with the cutting variation: a king's holder may exchange it
  for a stikkar exposed by the cut;
* ``PLAY``: the nine tricks.  On their turn a player may also trade, and
  (while the rules allow it) take the stock; taking the stock can open
  ``LAST_CHANCE`` (a trader's holder may trade for one of an exposed lamb and
  stikkar), ``WITH`` (the taker picks which of them goes with the stock) and
  ``STOCK_DECISION`` (keep, discard one, go back, keep both);
* ``PLAY_ON``: a team that won the first five tricks stops, or plays on;
* ``END``.

Players are 0..3 clockwise; the dealer's left leads the first trick; a
player's team is ``player % 2``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, Sequence

from stytvolt.core.cards import ALL_CARDS, Card, Rank, Suit
from stytvolt.styrivolt.pack import STYRIVOLT_PACK
from stytvolt.core.explain import IllegalAction, Reason
from stytvolt.styrivolt.actions import (
    GO_BACK,
    KEEP,
    KEEP_BOTH,
    PASS,
    PLAY_ON,
    PLAYS,
    STOP,
    TAKE_STOCK,
    Action,
    Kind,
    parse_action,
)
from stytvolt.styrivolt.chalk import Chalkboard, Change, Result
from stytvolt.styrivolt.choosing import OneSuitStock, SuitChoice, choose_suits
from stytvolt.styrivolt.ranking import PERMANENT_STIKKAR, Ranking, Role
from stytvolt.styrivolt.tricks import TrickResult, explain_trick, winner_index
from stytvolt.styrivolt.variants import CutRule, Rules, Scoring

__all__ = ["HandState", "Phase", "Trick", "Take", "HandResult", "deal_cards", "stack_deck"]

_TEAM = "AB"  # team 0 (players 0 and 2) is A, team 1 is B, as on the chalk-up
HAND_SIZE = 9
TRICKS = 9
TO_WIN = 5
FIVE, SEVEN = Rank.FIVE, Rank.SEVEN
HK, H2 = Card(Suit.HEARTS, Rank.KING), Card(Suit.HEARTS, Rank.TWO)


class Phase(Enum):
    EXPOSE = "expose"
    CLAIM = "claim"
    PLAY = "play"
    LAST_CHANCE = "last-chance"
    WITH = "with"
    STOCK_DECISION = "stock-decision"
    PLAY_ON = "play-on"
    END = "end"


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who played what, in order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    promoted: tuple[bool, ...]
    winner: int  # the winning player

    @property
    def players(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))

    def explain(self, chosen: Iterable[Suit]) -> TrickResult:
        return explain_trick(self.cards, tuple(chosen), [i for i, p in enumerate(self.promoted) if p])


@dataclass(frozen=True, slots=True)
class Take:
    """One taking of the stock."""

    player: int
    original: tuple[Card, ...]  # the hand put down in the stock's place
    received: tuple[Card, ...]  # the stock's cards (with any exposed card that went with it)
    rightful: bool
    trick: int  # the trick (0-based) during which it was taken


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand scores: ``team`` chalks ``result``."""

    team: int  # the team that scores (for a stock penalty: the offender's opponents)
    result: Result
    tricks: tuple[int, int]  # tricks won by team 0 and team 1
    player: int | None  # the lone player of an "alone" result, or the offender of a penalty
    reason: Reason

    def record(self, board: Chalkboard) -> Change:
        """Chalk this result.  (A penalty is recorded against the offending team; the opponents get it.)"""
        if self.result is Result.STOCK_PENALTY and self.player is not None:
            return board.record(self.player % 2, self.result)
        return board.record(self.team, self.result)


# Points for returns(), in strokes; a cross is worth three strokes.
_POINTS = {
    Scoring.KVIVIK: {
        Result.ORDINARY: 1, Result.KEPT_IN: 2, Result.NINE_TRICKS: 3,
        Result.KEPT_IN_ALONE: 6, Result.NINE_TRICKS_ALONE: 12, Result.STOCK_PENALTY: 6,
    },
    Scoring.PENGUIN: {
        Result.ORDINARY: 1, Result.KEPT_IN: 2, Result.NINE_TRICKS: 3,
        Result.KEPT_IN_ALONE: 3, Result.NINE_TRICKS_ALONE: 6, Result.STOCK_PENALTY: 3,
    },
}

# A deck is stored as 48 characters, one per card (its index in this alphabet).
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def deal_cards(deck: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Three rounds of three cards, clockwise from the dealer's left; the last 12 are the stock."""
    hands: list[list[Card]] = [[], [], [], []]
    pos = 0
    for _ in range(3):
        for k in range(1, 5):
            hands[(dealer + k) % 4].extend(deck[pos:pos + 3])
            pos += 3
    return hands, list(deck[pos:])


def stack_deck(hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str, dealer: int = 0) -> list[Card]:
    """The deck order that deals exactly these hands and this stock (top card first).

    For puzzles, worked examples and tests: ``hands[p]`` is player p's nine
    cards, ``stock`` the twelve left, top first.
    """
    from stytvolt.core.cards import parse_cards

    parsed = [parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands]
    rest = parse_cards(stock) if isinstance(stock, str) else tuple(stock)
    if len(parsed) != 4 or any(len(h) != HAND_SIZE for h in parsed) or len(rest) != 12:
        raise ValueError("stack_deck needs four hands of nine cards and a stock of twelve")
    deck: list[Card] = []
    for rnd in range(3):
        for k in range(1, 5):
            deck.extend(parsed[(dealer + k) % 4][rnd * 3:rnd * 3 + 3])
    deck.extend(rest)
    _check_deck(deck)
    return deck


class HandState:
    """One hand, from the deal to the score."""

    def __init__(self, deck: Sequence[Card], *, dealer: int = 0, rules: Rules = Rules()) -> None:
        """Start a hand from a deck in order, top card first (48 distinct Stýrivolt cards)."""
        _check_deck(deck)
        if dealer not in (0, 1, 2, 3):
            raise ValueError(f"dealer must be a player 0..3, not {dealer!r}")
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        self.rules = rules
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(deck)
        self.history: list[tuple[int, Action]] = []
        self.log: list[Reason] = []
        hands, stock = deal_cards(self.deck, dealer)
        self.hands = hands
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in hands)
        self.cut: list[Card] = _cut(stock, rules.cut_for_stikkar)
        self._choosing_stock = [c for c in stock if c not in self.cut]
        if self.cut:
            self.log.append(Reason(
                "cut.exposed",
                "The cut shows " + " and ".join(c.symbol for c in self.cut)
                + ": a permanent stikkar, laid face up for the holder of its king.",
                tuple(self.cut),
            ))
        self.choice: SuitChoice = choose_suits(self._choosing_stock)  # may raise OneSuitStock
        self._prefer: list[Card] = []
        self._pending_expose = [e.suit for e in self.choice.free_choices]
        self.ranking: Ranking = self.choice.ranking
        self.pile: list[Card] = []
        self.exposed: dict[Suit, list[Card]] = {}
        self.table: list[Card] = []  # cards out of play face up: traded fives, kings that claimed
        self.tricks: list[Trick] = []
        self.current: list[Card] = []
        self.current_promoted: list[bool] = []
        self.won = [0, 0, 0, 0]
        self.leader = (dealer + 1) % 4
        self.to_move = dealer if self._pending_expose else self.leader
        self.declared: list[set[Rank]] = [set(), set(), set(), set()]
        self.takes: list[Take] = []
        self.fetched_stikkar: set[int] = set()
        self.playing_on: int | None = None
        self.result: HandResult | None = None
        self._claims: list[tuple[int, Card, Card]] = []
        self._take: dict[str, Any] | None = None  # a taking of the stock under way
        self._legal: tuple[Action, ...] | None = None  # legal actions of this position, once computed
        self._quads: list[set[Rank]] = [set(), set(), set(), set()]
        for q in range(4):
            self._recount(q)
        ranking = self.ranking
        self._traders = ranking.traders
        self._dealt_stikkar = [not ranking.stikkar.isdisjoint(h) for h in self.dealt]
        self.phase = Phase.EXPOSE if self._pending_expose else Phase.PLAY
        if not self._pending_expose:
            self._lay_out()

    # -- construction -------------------------------------------------------

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[Card] | str],
        stock: Sequence[Card] | str,
        *,
        dealer: int = 0,
        rules: Rules = Rules(),
    ) -> "HandState":
        """A hand dealt as given: four hands of nine and the twelve-card stock, top first."""
        return cls(stack_deck(hands, stock, dealer), dealer=dealer, rules=rules)

    @classmethod
    def deal(cls, seed: int | None = None, *, dealer: int = 0, rules: Rules = Rules(), rng: random.Random | None = None) -> "HandState":
        """Shuffle and deal.  A stock of one suit only voids the deal: the same dealer deals again."""
        rng = rng or random.Random(seed)
        deck = list(STYRIVOLT_PACK)
        voided = 0
        while True:
            rng.shuffle(deck)
            try:
                state = cls(deck, dealer=dealer, rules=rules)
            except OneSuitStock:
                voided += 1
                continue
            if voided:
                state.log.insert(0, Reason("deal.void", f"{voided} deal(s) voided: the stock held one suit only.", ()))
            return state

    # -- reading the position -----------------------------------------------

    @property
    def chosen(self) -> tuple[Suit, Suit]:
        return self.choice.chosen

    def is_terminal(self) -> bool:
        return self.phase is Phase.END

    def current_player(self) -> int:
        """The player who must act next (-1 when the hand is over)."""
        return -1 if self.phase is Phase.END else self.to_move

    def team_tricks(self) -> tuple[int, int]:
        return (self.won[0] + self.won[2], self.won[1] + self.won[3])

    def has_right_to_stock(self, player: int) -> bool:
        """No stikkar in the hand as dealt, and none fetched since by trading or claiming."""
        return player not in self.fetched_stikkar and not self._dealt_stikkar[player]

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is: the four hands, the stock, face up, on the table, in tricks."""
        out: dict[str, list[Card]] = {f"hand{p}": list(self.hands[p]) for p in range(4)}
        out["stock"] = list(self._choosing_stock) if self.phase is Phase.EXPOSE else list(self.pile)
        out["exposed"] = [c for cards in self.exposed.values() for c in cards] + list(self.cut)
        if self._take:
            out["exposed"] += self._take["moving"]  # on their way to the taker
        out["table"] = list(self.table)
        out["tricks"] = [c for t in self.tricks for c in t.cards] + list(self.current)
        return out

    def validate(self) -> list[str]:
        """The engine's own consistency checks; an empty list means the position is sound."""
        problems: list[str] = []
        cards = [c for zone in self.zones().values() for c in zone]
        if len(cards) != 48 or set(cards) != _PACK_SET:
            missing = _PACK_SET - set(cards)
            extra = [c for c in set(cards) if cards.count(c) > 1]
            problems.append(f"cards not accounted for: {len(cards)} placed, missing {sorted(missing)}, doubled {sorted(extra)}")
        for i, trick in enumerate(self.tricks):
            index = winner_index(self.ranking, trick.cards, trick.promoted)
            if len(trick.cards) != 4 or (trick.leader + index) % 4 != trick.winner:
                problems.append(f"trick {i + 1} has a wrong winner or size")
            if i and trick.leader != self.tricks[i - 1].winner:
                problems.append(f"trick {i + 1} was not led by the winner of trick {i}")
        t = self.team_tricks()
        if sum(self.won) != len(self.tricks) or len(self.tricks) > TRICKS:
            problems.append("tricks won do not add up")
        left = TRICKS - len(self.tricks)
        for q in range(4):
            played_now = q in [(self.leader + k) % 4 for k in range(len(self.current))]
            if self.phase is not Phase.END and len(self.hands[q]) < left - played_now:
                problems.append(f"player {q} has {len(self.hands[q])} cards for {left - played_now} tricks")
        r = self.result
        if self.phase is Phase.END:
            if r is None:
                problems.append("the hand is over without a result")
            elif r.result is not Result.STOCK_PENALTY:
                side, other = t[r.team], t[1 - r.team]
                expected = {
                    Result.ORDINARY: side >= TO_WIN and (other >= 1 if self.playing_on is None else other == 1),
                    Result.KEPT_IN: side == TO_WIN and other == 0,
                    Result.KEPT_IN_ALONE: side == TO_WIN and other == 0 and r.player is not None and self.won[r.player] == TO_WIN,
                    Result.NINE_TRICKS: side == TRICKS,
                    Result.NINE_TRICKS_ALONE: r.player is not None and self.won[r.player] == TRICKS,
                }[r.result]
                if not expected:
                    problems.append(f"result {r.result.name} does not match the tricks {t}")
        elif max(t) >= TO_WIN and self.playing_on is None and self.phase is not Phase.PLAY_ON:
            problems.append(f"a team has five tricks {t} but the hand goes on")
        return problems

    def public_cards(self) -> set[Card]:
        """Cards every player has seen: face-up cards, played cards, and with open choosing the turned cards."""
        seen: set[Card] = set(self.choice.exposed) | set(self.cut) | set(self.table)
        seen.update(c for t in self.tricks for c in t.cards)
        seen.update(self.current)
        if self.rules.open_choosing:
            seen.update(self.choice.seen)
        return seen

    def known_to(self, player: int) -> set[Card]:
        """Cards this player has seen: the public ones, their own hand, the dealer's turned cards."""
        known = self.public_cards() | set(self.hands[player]) | set(self.dealt[player])
        if player == self.dealer:
            known.update(self.choice.seen)
        for take in self.takes:
            if take.player == player:
                known.update(take.received)
        return known

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """What the player to move may do now (empty when the hand is over)."""
        if self._legal is None:
            self._legal = tuple(self._legal_actions())
        return list(self._legal)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.to_move
        if phase is Phase.PLAY:
            return self._play_actions(p)
        if phase is Phase.END:
            return []
        if phase is Phase.EXPOSE:
            suit = self._pending_expose[0]
            e = next(x for x in self.choice.exposures if x.suit is suit)
            return [Action(Kind.EXPOSE, (c,)) for c in sorted((*e.cards, *e.alternatives))]
        if phase is Phase.CLAIM:
            _, give, take = self._claims[0]
            return [Action.trade(give, take), PASS]
        if phase is Phase.LAST_CHANCE:
            suit = self._take_queue()[0][2]
            five = Card(suit, FIVE)
            return [Action.trade(five, c) for c in self.exposed[suit]] + [PASS]
        if phase is Phase.WITH:
            suit = self._take_queue()[0][2]
            return [Action(Kind.WITH, (c,)) for c in self.exposed[suit]]
        if phase is Phase.STOCK_DECISION:
            acts = [KEEP]
            # Only a card to spare may be discarded: the taker must still have one for every trick left.
            if len(self.hands[p]) > TRICKS - len(self.tricks):
                acts += [Action(Kind.DISCARD, (c,)) for c in self.hands[p]]
            last = self.takes[-1]
            if self._may_go_back(last):
                acts.append(GO_BACK)
            if self._may_keep_both(last):
                acts.append(KEEP_BOTH)
            return acts
        return [STOP, PLAY_ON]  # PLAY_ON phase

    def _play_actions(self, p: int) -> list[Action]:
        hand = self.hands[p]
        first_lead = not self.current and not self.tricks  # no lamb may open the hand's first trick
        if first_lead or not self._traders.isdisjoint(hand):
            plays, trades = self._careful_plays(p, hand, first_lead)
        else:  # the common case: every card in hand may be played as it is
            plays, trades = [PLAYS[c.index] for c in hand], []
        rules = self.rules
        if rules.compulsory_beating and self.current:
            plays = self._must_beat(p, plays)
        if rules.king_of_hearts_takes_bird and HK in hand and H2 in self.exposed.get(Suit.HEARTS, ()) and self._last_trick():
            trades.append(Action.trade(HK, H2))
        if self.pile and (self.takes or not self.tricks or rules.late_stock) and self._may_take_stock(p):
            trades.append(TAKE_STOCK)
        return plays + trades

    def _careful_plays(self, p: int, hand: list[Card], first_lead: bool) -> tuple[list[Action], list[Action]]:
        """Plays and trades when the hand holds a trader or leads the first trick."""
        exposed = self.exposed
        plays: list[Action] = []
        trades: list[Action] = []
        for card in hand:
            effective = card
            if card in self._traders:
                fetch = exposed.get(card.suit)
                if fetch:
                    for c in fetch:
                        trades.append(Action.trade(card, c))
                    if len(fetch) > 1:
                        continue  # two cards to choose from: the player must say which by trading
                    effective = fetch[0]
            if first_lead and self._is_lamb(p, effective, card):
                continue
            plays.append(PLAYS[card.index])
        return plays, trades

    def _is_lamb(self, p: int, card: Card, held: Card) -> bool:
        role = self.ranking.roles[card.index]
        if role is Role.LAMB:
            return True
        return card.rank is SEVEN and card is held and self._promoted(p, card)

    def _promoted(self, p: int, card: Card) -> bool:
        """Four of a kind: the player has declared this rank, or holds all four now."""
        rank = card.rank
        return rank in self.declared[p] or rank in self._quads[p]

    def _recount(self, p: int) -> None:
        # Kept up to date whenever a hand gains cards (deal, trade, stock); plays only
        # remove cards, and the first play of a four declares its rank for good.
        ranks = [c.rank for c in self.hands[p]]
        distinct = set(ranks)
        if len(ranks) - len(distinct) < 3:  # four of a rank needs at least three repeats
            self._quads[p] = set()
        else:
            self._quads[p] = {r for r in distinct if r is not FIVE and ranks.count(r) == 4}

    def _must_beat(self, p: int, plays: list[Action]) -> list[Action]:
        best = self._current_winner()
        if (self.leader + best) % 4 % 2 == p % 2:
            return plays  # the best card so far is the partner's
        beating = []
        for action in plays:
            card = self._effective(p, action.card)
            cards = [*self.current, card]
            flags = [*self.current_promoted, self._promoted(p, card)]
            if winner_index(self.ranking, cards, flags) == len(self.current):
                beating.append(action)
        return beating or plays

    def _effective(self, p: int, card: Card) -> Card:
        if card.rank is FIVE and self.ranking.roles[card.index] is Role.TRADER:
            fetch = self.exposed.get(card.suit)
            if fetch and len(fetch) == 1:
                return fetch[0]
        return card

    def _current_winner(self) -> int:
        return winner_index(self.ranking, self.current, self.current_promoted)

    def _last_trick(self) -> bool:
        # The bird variation's "last trick": any trick that can end the hand.
        t0, t1 = self.team_tricks()
        return len(self.tricks) == TRICKS - 1 or (self.playing_on is None and max(t0, t1) == TO_WIN - 1)

    def _may_take_stock(self, p: int) -> bool:
        if not self.pile:
            return False
        if self.takes:
            if any(t.player == p for t in self.takes):
                return False
        elif self.tricks and not self.rules.late_stock:
            return False  # the first taking must come before the first trick is put aside
        return self.has_right_to_stock(p) or not self.rules.enforce_stock_right

    def _may_go_back(self, take: Take) -> bool:
        ranking = self.ranking
        if any(ranking.role(c).is_stikkar for c in take.received):
            return False
        return not any(self._trader_for_stikkar(c) for c in take.original)

    def _may_keep_both(self, take: Take) -> bool:
        ranking = self.ranking
        for c in (*take.original, *take.received):
            if ranking.role(c).is_stikkar or self._trader_for_stikkar(c):
                return False
        return True

    def _trader_for_stikkar(self, card: Card) -> bool:
        if card.rank is not FIVE or self.ranking.roles[card.index] is not Role.TRADER:
            return False
        return any(self.ranking.role(c).is_stikkar for c in self.exposed.get(card.suit, ()))

    # -- applying actions ----------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Do one action for the player to move; refuse (changing nothing) if the rules do not allow it."""
        if isinstance(action, str):
            action = parse_action(action)
        if self._legal is None:
            self._legal = tuple(self._legal_actions())
        if action not in self._legal:
            raise IllegalAction(self._refusal(action, list(self._legal)))
        self._legal = None
        p = self.to_move
        self.history.append((p, action))
        kind = action.kind
        if kind is Kind.PLAY:
            self._play(p, action.card)
        elif kind is Kind.TRADE and self.phase is Phase.CLAIM:
            self._claim(p, action.cards[0], action.cards[1])
        elif kind is Kind.TRADE:
            self._trade(p, action.cards[0], action.cards[1])
        elif kind is Kind.TAKE_STOCK:
            self._start_take(p)
        elif kind is Kind.PASS:
            self._pass(p)
        elif kind is Kind.WITH:
            self._with(action.card)
        elif kind is Kind.EXPOSE:
            self._expose(action.card)
        elif kind in (Kind.KEEP, Kind.DISCARD, Kind.GO_BACK, Kind.KEEP_BOTH):
            self._decide(p, action)
        else:
            self._play_on_decision(p, action is PLAY_ON)

    def _play(self, p: int, card: Card) -> None:
        hand = self.hands[p]
        played = card if card.rank is not FIVE else self._effective(p, card)
        if played is not card:
            self._trade(p, card, played)
        rank = played.rank
        declared = self.declared[p]
        promoted = rank in declared or rank in self._quads[p]  # fives are never in either
        if promoted and rank not in declared:
            declared.add(rank)
            self.log.append(Reason(
                "play.four_of_a_kind",
                f"Player {p} holds all four {rank.plural}: \"Hesin er góður\", each plays as "
                f"{self.ranking.role(played, True).english}.",
                (played,),
            ))
        hand.remove(played)
        self.current.append(played)
        self.current_promoted.append(promoted)
        if len(self.current) == 4:
            self._finish_trick()
        else:
            self.to_move = (p + 1) % 4

    def _finish_trick(self) -> None:
        index = winner_index(self.ranking, self.current, self.current_promoted)
        w = (self.leader + index) % 4
        self.tricks.append(Trick(self.leader, tuple(self.current), tuple(self.current_promoted), w))
        self.current = []
        self.current_promoted = []
        self.won[w] += 1
        self.leader = self.to_move = w
        team = w % 2
        t = self.team_tricks()
        if self.playing_on is not None:
            side = self.playing_on
            if team != side:
                self._end(side, Result.ORDINARY, None, f"Team {_TEAM[side]} played on but lost a trick: the keeping-in bonus is gone, an ordinary game.")
            elif len(self.tricks) == TRICKS:
                alone = next((q for q in (side, side + 2) if self.won[q] == TRICKS), None)
                if alone is not None:
                    self._end(side, Result.NINE_TRICKS_ALONE, alone, f"Player {alone} took all nine tricks alone.")
                else:
                    self._end(side, Result.NINE_TRICKS, None, f"Team {_TEAM[side]} took all nine tricks.")
        elif t[team] == TO_WIN:
            if len(self.tricks) == TO_WIN:
                self.phase = Phase.PLAY_ON  # the winner of the fifth trick speaks for the team
            else:
                self._end(team, Result.ORDINARY, None, f"Team {_TEAM[team]} has five tricks: an ordinary game won.")

    def _play_on_decision(self, p: int, play_on: bool) -> None:
        team = p % 2
        alone = p if self.won[p] == TO_WIN else None
        if play_on:
            self.playing_on = team
            self.phase = Phase.PLAY
            self.log.append(Reason("play.play_on", f"Team {_TEAM[team]} kept in and plays on for all nine tricks.", ()))
        elif alone is not None:
            self._end(team, Result.KEPT_IN_ALONE, alone, f"Player {alone} took the first five tricks alone: kept in alone.")
        else:
            self._end(team, Result.KEPT_IN, None, f"Team {_TEAM[team]} took the first five tricks: kept in.")

    def _end(self, team: int, result: Result, player: int | None, text: str) -> None:
        reason = Reason(f"end.{result.name.lower()}", text, ())
        wrong = next((t for t in self.takes if not t.rightful), None)
        if wrong is not None:
            offender = wrong.player
            reason = Reason(
                "end.stock_penalty",
                f"Player {offender} took the stock without the right to it: the penalty replaces the score "
                f"and goes to team {_TEAM[1 - offender % 2]}.",
                (),
            )
            self.result = HandResult(1 - offender % 2, Result.STOCK_PENALTY, self.team_tricks(), offender, reason)
        else:
            self.result = HandResult(team, result, self.team_tricks(), player, reason)
        self.log.append(reason)
        self.phase = Phase.END
        self.to_move = -1

    def _trade(self, p: int, give: Card, take: Card) -> None:
        self.hands[p].remove(give)
        self.hands[p].append(take)
        self._recount(p)
        self.table.append(give)
        for cards in self.exposed.values():
            if take in cards:
                cards.remove(take)
        if self.ranking.role(take).is_stikkar:
            self.fetched_stikkar.add(p)
        self.log.append(Reason("trade", f"Player {p} trades {give.symbol} for the exposed {self.ranking.describe(take)}.", (give, take)))
        if self.phase is Phase.LAST_CHANCE:
            self._take_queue().pop(0)
            self._advance_take()

    def _expose(self, card: Card) -> None:
        self._prefer.append(card)
        self._pending_expose.pop(0)
        self.choice = choose_suits(self._choosing_stock, prefer=self._prefer)
        if not self._pending_expose:
            self._lay_out()

    def _lay_out(self) -> None:
        """The suits are chosen: expose, return the rest to the stock, start the claims or the play."""
        choice = self.choice
        self.exposed = {e.suit: list(e.cards) for e in choice.exposures}
        self._pairs = {e.suit for e in choice.exposures if len(e.cards) == 2}
        self.pile = list(choice.stock)
        self._claims = self._cut_claims()
        self.phase = Phase.CLAIM if self._claims else Phase.PLAY
        self.to_move = self._claims[0][0] if self._claims else self.leader
        if not self._claims:
            self.pile.extend(self.cut)
            self.cut = []

    def _cut_claims(self) -> list[tuple[int, Card, Card]]:
        claims = []
        both_hearts = H2 in self.cut and Card(Suit.HEARTS, Rank.NINE) in self.cut
        for stikkar in self.cut:
            rank = Rank.QUEEN if both_hearts and stikkar.rank is Rank.NINE else Rank.KING
            holder = self._holder(Card(stikkar.suit, rank))
            # The queen stands in for a king in no hand, unless she already claims the mare.
            if holder is None and rank is Rank.KING and self.rules.queen_claims_cut_stikkar and not both_hearts:
                rank = Rank.QUEEN
                holder = self._holder(Card(stikkar.suit, rank))
            if holder is not None:
                claims.append((holder, Card(stikkar.suit, rank), stikkar))
        return claims

    def _holder(self, card: Card) -> int | None:
        return next((p for p in range(4) if card in self.hands[p]), None)

    def _pass(self, p: int) -> None:
        if self.phase is Phase.CLAIM:
            self._claims.pop(0)
            self._after_claim()
        else:  # LAST_CHANCE
            self._take_queue().pop(0)
            self._advance_take()

    def _after_claim(self) -> None:
        if self._claims:
            self.to_move = self._claims[0][0]
            return
        # Unclaimed cut stikkar go with the stock; so do the kings that claimed.
        self.pile.extend(c for c in self.cut if c not in self.hands[0] + self.hands[1] + self.hands[2] + self.hands[3])
        self.cut = []
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _claim(self, p: int, give: Card, take: Card) -> None:
        """A cut claim (a TRADE in the CLAIM phase): the king goes with the stock, the stikkar to the hand."""
        self.hands[p].remove(give)
        self.hands[p].append(take)
        self._recount(p)
        self.cut.remove(take)
        self.pile.append(give)
        self.fetched_stikkar.add(p)
        self.log.append(Reason("cut.claimed", f"Player {p} gives {give.symbol} for the cut stikkar {self.ranking.describe(take)}.", (give, take)))
        self._claims.pop(0)
        self._after_claim()

    # -- taking the stock ------------------------------------------------------

    def _start_take(self, p: int) -> None:
        queue: list[tuple[str, int, Suit]] = []
        for suit in self.chosen:
            if suit in self._pairs:
                five = Card(suit, FIVE)
                holder = self._holder(five)
                if holder is not None and holder != p and len(self.exposed[suit]) == 2:
                    queue.append(("last", holder, suit))
                queue.append(("with", p, suit))
        self._take = {"player": p, "queue": queue, "moving": []}
        self._advance_take()

    def _take_queue(self) -> list[tuple[str, int, Suit]]:
        assert self._take is not None
        queue: list[tuple[str, int, Suit]] = self._take["queue"]
        return queue

    def _advance_take(self) -> None:
        assert self._take is not None
        queue = self._take_queue()
        while queue:
            step, who, suit = queue[0]
            if step == "last" and len(self.exposed[suit]) == 2 and Card(suit, FIVE) in self.hands[who]:
                self.phase, self.to_move = Phase.LAST_CHANCE, who
                return
            if step == "with" and len(self.exposed[suit]) == 2:
                self.phase, self.to_move = Phase.WITH, who
                return
            queue.pop(0)
        self._complete_take()

    def _with(self, card: Card) -> None:
        assert self._take is not None
        self.exposed[card.suit].remove(card)
        self._take["moving"].append(card)
        self._take_queue().pop(0)
        self._pairs.discard(card.suit)
        self._advance_take()

    def _complete_take(self) -> None:
        assert self._take is not None
        p = self._take["player"]
        moving: list[Card] = self._take["moving"]
        # A pair split by a trade sends its other card with the stock, keeping the stock at ten cards.
        for suit in list(self._pairs):
            if len(self.exposed[suit]) == 1:
                moving.append(self.exposed[suit].pop())
            self._pairs.discard(suit)
        received = tuple(self.pile) + tuple(moving)
        original = tuple(self.hands[p])
        rightful = self.has_right_to_stock(p)
        self.takes.append(Take(p, original, received, rightful, len(self.tricks)))
        self.pile = list(original)
        self.hands[p] = list(received)
        self._recount(p)
        self._take = None
        self.phase = Phase.STOCK_DECISION
        self.to_move = p
        which = "the stock" if len(self.takes) == 1 else "the stock a second time"
        text = f"Player {p} takes {which} ({len(received)} cards) and puts down their hand in its place."
        if not rightful:
            text += " They had no right to it: a stikkar was in their hand."
        self.log.append(Reason("stock.take", text, ()))

    def _decide(self, p: int, action: Action) -> None:
        take = self.takes[-1]
        kind = action.kind
        if kind is Kind.DISCARD:
            self.hands[p].remove(action.card)
            self.pile.append(action.card)
            self.log.append(Reason("stock.discard", f"Player {p} discards {action.card.symbol} to the stock.", (action.card,)))
        elif kind is Kind.GO_BACK:
            self.hands[p] = list(take.original)
            self.pile = list(take.received)
            self.log.append(Reason("stock.go_back", f"Player {p} found no stikkar in the stock and takes the original hand back.", ()))
        elif kind is Kind.KEEP_BOTH:
            self.hands[p] = list(take.original) + list(take.received)
            self.pile = []
            self.log.append(Reason(
                "stock.keep_both",
                f"Player {p} keeps both the hand and the stock ({len(self.hands[p])} cards): neither held a stikkar nor a trader for one.",
                (),
            ))
        self._recount(p)
        self.phase = Phase.PLAY

    # -- refusals ---------------------------------------------------------------

    def _refusal(self, action: Action, legal: list[Action]) -> Reason:
        p = self.to_move
        kind = action.kind
        if self.phase is Phase.END:
            return Reason("refused.over", f"The hand is over; {action} cannot be played.", ())
        if self.phase is not Phase.PLAY:
            options = ", ".join(str(a) for a in legal)
            return Reason("refused.phase", f"Now player {p} must decide ({self.phase.value}): one of {options}; not {action}.", ())
        if kind is Kind.PLAY:
            card = action.card
            if card not in self.hands[p]:
                return Reason("refused.not_held", f"Player {p} does not hold {card.symbol}.", (card,))
            if card.rank is FIVE and len(self.exposed.get(card.suit, ())) == 2:
                a, b = self.exposed[card.suit]
                return Reason(
                    "refused.trader_choice",
                    f"{card.symbol} is a trader and both {a.symbol} and {b.symbol} are exposed: trade it for one of them first.",
                    (card, a, b),
                )
            if not self.current and not self.tricks:
                return Reason("refused.lamb_first_trick", f"{card.symbol} is a lamb, and no lamb may lead the first trick of a hand.", (card,))
            return Reason(
                "refused.must_beat",
                f"With compulsory beating, player {p} must beat the best card so far if they can, and {card.symbol} does not.",
                (card,),
            )
        if kind is Kind.TAKE_STOCK:
            if any(t.player == p for t in self.takes):
                return Reason("refused.stock_twice", f"Player {p} has already taken the stock once.", ())
            if not self.pile:
                return Reason("refused.stock_empty", "There is no stock left to take.", ())
            if not self.takes and self.tricks:
                return Reason("refused.stock_late", "The first trick has been put aside, so the stock can no longer be taken.", ())
            stikkar = next((c for c in self.dealt[p] if self.ranking.role(c).is_stikkar), None)
            held = f" ({self.ranking.describe(stikkar)})" if stikkar else ""
            return Reason(
                "refused.stock_right",
                f"Player {p} can beat a free card (holds or fetched a stikkar{held}), so has no right to the stock; "
                "taking it anyway would cost a monk's cross.",
                (),
            )
        if kind is Kind.TRADE:
            give, take = action.cards
            if give not in self.hands[p]:
                return Reason("refused.not_held", f"Player {p} does not hold {give.symbol}.", (give,))
            if take not in self.exposed.get(take.suit, ()):
                return Reason("refused.not_exposed", f"{take.symbol} is not lying face up, so nothing can fetch it.", (take,))
            if give is HK and take is H2:
                return Reason(
                    "refused.bird_variation",
                    "The king of hearts may take the exposed bird only with that variation agreed, "
                    "and only in a trick that can end the hand.",
                    (give, take),
                )
            return Reason(
                "refused.not_trader",
                f"Only the trader of {take.suit.english}, the five, can be exchanged for {take.symbol}; {give.symbol} cannot.",
                (give, take),
            )
        return Reason("refused.phase", f"{action} is not an action of the play; legal now: {', '.join(map(str, legal))}.", ())

    # -- scoring, history, JSON ---------------------------------------------------

    def returns(self) -> list[int]:
        """Each player's score for the hand, in strokes (a cross is worth three): winners +, losers -."""
        if self.result is None:
            return [0, 0, 0, 0]
        points = _POINTS[self.rules.scoring][self.result.result]
        return [points if q % 2 == self.result.team else -points for q in range(4)]

    def explain_tricks(self) -> list[TrickResult]:
        return [t.explain(self.chosen) for t in self.tricks]

    def to_json(self) -> dict[str, Any]:
        """A compact form that restores this exact position (deck, dealer, rules, actions)."""
        return {
            "game": "styrivolt",
            "v": 1,
            "deck": "".join(_ALPHABET[c.index] for c in self.deck),
            "dealer": self.dealer,
            "rules": self.rules.to_json(),
            "actions": [str(a) for _, a in self.history],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> "HandState":
        if isinstance(data, str):
            data = json.loads(data)
        if not isinstance(data, dict) or data.get("game") != "styrivolt" or data.get("v") != 1:
            raise ValueError("not a Stýrivolt hand (expected game 'styrivolt', v 1)")
        deck_text = data.get("deck", "")
        if not isinstance(deck_text, str) or any(ch not in _ALPHABET for ch in deck_text):
            raise ValueError("bad deck: expected 48 letters, one per card")
        deck = [ALL_CARDS[_ALPHABET.index(ch)] for ch in deck_text]
        state = cls(deck, dealer=data.get("dealer", 0), rules=Rules.from_json(data.get("rules", {})))
        for i, text in enumerate(data.get("actions", [])):
            try:
                state.apply(text)
            except ValueError as err:
                raise ValueError(f"action {i + 1} ({text!r}) cannot be replayed: {err}") from None
        return state

    def undo(self) -> Action:
        """Take back the last action (the hand is replayed from the deal without it)."""
        if not self.history:
            raise IndexError("nothing to undo: no action has been taken in this hand")
        last = self.history[-1][1]
        self.__dict__.update(self._replayed(len(self.history) - 1).__dict__)
        return last

    def clone(self) -> "HandState":
        return self._replayed(len(self.history))

    def _replayed(self, steps: int) -> "HandState":
        """The same hand dealt afresh, with the first ``steps`` actions of this history applied."""
        replay = HandState(self.deck, dealer=self.dealer, rules=self.rules)
        for _, action in self.history[:steps]:
            replay.apply(action)
        return replay

    def __repr__(self) -> str:
        chosen = "+".join(s.letter for s in self.chosen)
        return f"<HandState {self.phase.value} chosen={chosen} tricks={self.team_tricks()} to_move={self.to_move}>"


_PACK_SET = frozenset(STYRIVOLT_PACK)


def _check_deck(deck: Sequence[Card]) -> None:
    if len(deck) == 48 and set(deck) == _PACK_SET:
        return
    if len(deck) != 48:
        raise ValueError(f"a Stýrivolt deck has 48 cards, got {len(deck)}")
    seen: set[Card] = set()
    for card in deck:
        if not isinstance(card, Card) or card not in STYRIVOLT_PACK:
            raise ValueError(f"{card!r} is not a card of the 48-card Stýrivolt pack")
        if card in seen:
            raise ValueError(f"{card} appears twice in the deck")
        seen.add(card)


def _cut(stock: list[Card], rule: CutRule) -> list[Card]:
    """The permanent stikkar the cutter exposes, looking up from the stock's bottom card."""
    if rule is CutRule.NONE:
        return []
    look = 1 if rule is CutRule.BOTTOM_CARD else 4
    most = 2 if rule is CutRule.TWO_STIKKAR else 1
    found: list[Card] = []
    for card in reversed(stock[-look:]):
        if card in PERMANENT_STIKKAR:
            found.append(card)
            if len(found) == most:
                break
    return found
