"""A whole hand of Stýrivolt as a state machine, on the shared state protocol.

In the style of OpenSpiel: :meth:`HandState.legal_actions` lists what the
player to move may do, :meth:`HandState.apply` does one action (or raises
:class:`~stytvolt.core.errors.IllegalAction` naming the rule, changing
nothing), :meth:`HandState.undo` takes it back in constant time, and
:meth:`HandState.returns` scores a finished hand.  The state round-trips
through a compact JSON form that restores the exact position (the site's
permalinks), and :meth:`HandState.observation` gives each player exactly
what that player may see.

The phases, in order:

* ``EXPOSE``: only when the dealer has a free choice (king or four; the eight
  or nine of clubs) of which card to expose;
* ``CLAIM``: only with the cutting variation: a king's holder may exchange it
  for a stikkar exposed by the cut;
* ``PLAY``: the nine tricks.  On their turn a player may also trade, and
  (while the rules allow it) take the stock; taking the stock can open
  ``LAST_CHANCE`` (a trader's holder may trade for one of an exposed lamb and
  stikkar), ``WITH`` (the taker picks which of them goes with the stock) and
  ``STOCK_DECISION`` (keep, discard one, go back, keep both).  In the bird
  variation ``LAST_CHANCE`` also asks the heart trader's holder first;
* ``PLAY_ON``: a team that won the first five tricks stops, or plays on;
* ``END``.

Players are 0..3 clockwise; the dealer's left leads the first trick; a
player's team is ``player % 2``.  What is legal lives in
:mod:`~stytvolt.styrivolt.legality`, the stock's sub-machine in
:mod:`~stytvolt.styrivolt.stock`, the end of the hand in
:mod:`~stytvolt.styrivolt.outcome`, JSON in :mod:`~stytvolt.styrivolt.saved`.

How undo stays constant-time: every field that changes during a hand holds
an immutable value (tuples, frozensets, frozen dataclasses) and is rebound,
never mutated, while the lists (``history``, ``log``, ``tricks``, ``takes``,
``table``) only grow.  Before each action the state saves the current
bindings and the lists' lengths; undoing rebinds those and cuts the lists
back.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card, Rank, Suit
from stytvolt.core.errors import IllegalAction, InvalidPosition, InvalidRules, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.styrivolt import legality, outcome, stock
from stytvolt.styrivolt.records import HandResult, Phase, Trick
from stytvolt.styrivolt.actions import PLAYS, TAKE_STOCK, Action, Kind, parse_action
from stytvolt.styrivolt.choosing import OneSuitStock, SuitChoice, choose_suits
from stytvolt.styrivolt.deal import check_dealer, check_deck, cut_stikkar, deal_cards, stack_deck
from stytvolt.styrivolt.pack import PACK, PLAYERS
from stytvolt.styrivolt.ranking import Ranking, four_of_a_kind
from stytvolt.styrivolt.stock import BirdClaim, Claim, Take, TakeInProgress
from stytvolt.styrivolt.tricks import TrickResult
from stytvolt.styrivolt.variants import Rules

__all__ = ["HandState", "Phase", "Trick", "Take", "HandResult", "deal_cards", "stack_deck"]


# The fields an action may rebind; each holds an immutable value.  undo() restores them.  A card
# played as it is (not a trader, which fetches) changes only the first group, so only that is saved.
_PLAYED = ("phase", "to_move", "leader", "hands", "current", "current_promoted", "won", "declared", "result")
_OTHER = ("quads", "fetched_stikkar", "playing_on", "exposed", "pairs", "pile", "cut", "claims", "pending",
          "choice", "prefer", "pending_expose")
_save_played, _save_other = attrgetter(*_PLAYED), attrgetter(*_OTHER)


class HandState:
    """One hand, from the deal to the score."""

    # Fixed for the hand.
    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...]
    ranking: Ranking
    voided: int
    cut_shown: tuple[Card, ...]
    # Rebound by actions (immutable values; see the module docstring).
    phase: Phase
    to_move: int
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    current: tuple[Card, ...]
    current_promoted: tuple[bool, ...]
    won: tuple[int, ...]
    declared: tuple[frozenset[Rank], ...]
    quads: tuple[frozenset[Rank], ...]
    fetched_stikkar: frozenset[int]
    playing_on: int | None
    result: HandResult | None
    exposed: dict[Suit, tuple[Card, ...]]  # replaced, never changed in place
    pairs: frozenset[Suit]
    pile: tuple[Card, ...]
    cut: tuple[Card, ...]
    claims: tuple[Claim, ...]
    pending: TakeInProgress | BirdClaim | None
    choice: SuitChoice
    prefer: tuple[Card, ...]
    pending_expose: tuple[Suit, ...]

    def __init__(self, deck: Sequence[Card], *, dealer: int = 0, rules: Rules = Rules()) -> None:
        """Start a hand from a deck in order, top card first (48 distinct Stýrivolt cards)."""
        self.deck = check_deck(deck)
        self.dealer = check_dealer(dealer)
        if not isinstance(rules, Rules):
            raise InvalidRules(f"rules must be a Rules object, not {type_name(rules)}")
        self.rules = rules
        self.voided = 0
        self.history: list[tuple[int, Action]] = []
        self.log: list[Reason] = []
        self.tricks: list[Trick] = []
        self.takes: list[Take] = []
        self.table: list[Card] = []  # cards out of play face up: traded fives, kings that claimed
        self._undo: list[tuple[Any, ...]] = []
        self._legal: tuple[Action, ...] | None = None
        hands, rest = deal_cards(self.deck, dealer)
        self.dealt = tuple(tuple(h) for h in hands)
        self.hands = self.dealt
        self.cut = tuple(cut_stikkar(rest, rules.cut_for_stikkar))
        self.cut_shown = self.cut  # what the cut laid face up, for the whole hand
        self._choosing_stock = tuple(c for c in rest if c not in self.cut)
        if self.cut:
            self.note(Reason(
                "cut.exposed",
                "The cut shows " + " and ".join(c.symbol for c in self.cut)
                + ": a permanent stikkar, laid face up for the holder of its king.",
                self.cut,
            ))
        self.prefer = ()
        self.choice = choose_suits(self._choosing_stock)  # may raise OneSuitStock: a void deal
        self.pending_expose = tuple(e.suit for e in self.choice.free_choices)
        self.ranking = self.choice.ranking
        self._traders = self.ranking.traders
        #: each player's first stikkar as dealt, if any: it takes away the right to the stock
        self.dealt_stikkar = tuple(next((c for c in h if c in self.ranking.stikkar), None) for h in self.dealt)
        self.pile = ()
        self.exposed = {}
        self.pairs = frozenset()
        self.claims = ()
        self.pending = None
        self.current = ()
        self.current_promoted = ()
        self.won = (0, 0, 0, 0)
        self.leader = (dealer + 1) % PLAYERS
        self.declared = (frozenset(),) * PLAYERS
        self.quads = tuple(four_of_a_kind(h, self.rules.promote_kings_and_queens) for h in self.hands)
        self.fetched_stikkar = frozenset()
        self.playing_on = None
        self.result = None
        if self.pending_expose:
            self.phase, self.to_move = Phase.EXPOSE, dealer
        else:
            self.phase, self.to_move = Phase.PLAY, self.leader
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
    def deal(cls, seed: int | None = None, *, dealer: int = 0, rules: Rules = Rules(),
             rng: random.Random | None = None) -> "HandState":
        """Shuffle and deal.  A stock of one suit only voids the deal: the same dealer deals again."""
        rng = random.Random(checks.deal_seed(seed)) if rng is None else checks.rng(rng)
        deck = list(PACK)
        voided = 0
        while True:
            rng.shuffle(deck)
            try:
                state = cls(deck, dealer=dealer, rules=rules)
            except OneSuitStock:
                voided += 1
                continue
            if voided:
                state.voided = voided
                state.log.insert(0, Reason.of("deal.void", "{voided:deal} voided: the stock held one suit only.", voided=voided))
            return state

    # -- reading the position -----------------------------------------------

    num_players = PLAYERS

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
        player = checks.seat(player, PLAYERS)
        return player not in self.fetched_stikkar and self.dealt_stikkar[player] is None

    def holder(self, card: Card) -> int | None:
        """The player holding ``card`` now, if any."""
        return next((p for p in range(PLAYERS) if card in self.hands[p]), None)

    def played_as(self, p: int, card: Card) -> tuple[Card, bool]:
        """The card that reaches the trick if ``p`` plays ``card`` now, and whether it plays as four of a kind."""
        p = checks.seat(p, PLAYERS, "p")
        if card not in self._traders:  # nothing fetched: the hand's four of a kind is already counted
            return card, card.rank in self.declared[p] or card.rank in self.quads[p]
        return legality.played_as(self.ranking, self.hands[p], self.declared[p], self.exposed.get(card.suit, ()), card,
                                  self.rules.promote_kings_and_queens)

    def pending_trade(self) -> tuple[Card, tuple[Card, ...]]:
        """In ``LAST_CHANCE``: the trader that may be given, and the exposed cards it may fetch."""
        pending = self.pending
        if isinstance(pending, BirdClaim):
            return legality.H5, (legality.H2,)
        assert isinstance(pending, TakeInProgress)
        suit = pending.queue[0].suit
        return Card(suit, Rank.FIVE), self.exposed[suit]

    def pending_with(self) -> Suit:
        """In ``WITH``: the suit of the exposed pair one card of which goes with the stock."""
        assert isinstance(self.pending, TakeInProgress)
        return self.pending.queue[0].suit

    def zones(self) -> dict[str, list[Card]]:
        """Where every card is: the four hands, the stock, face up, on the table, in tricks."""
        out: dict[str, list[Card]] = {f"hand{p}": list(self.hands[p]) for p in range(PLAYERS)}
        out["stock"] = list(self._choosing_stock) if self.phase is Phase.EXPOSE else list(self.pile)
        out["exposed"] = [c for cards in self.exposed.values() for c in cards] + list(self.cut)
        if isinstance(self.pending, TakeInProgress):
            out["exposed"] += self.pending.moving  # on their way to the taker
        out["table"] = list(self.table)
        out["tricks"] = [c for t in self.tricks for c in t.cards] + list(self.current)
        return out

    def validate(self) -> list[str]:
        """The engine's own consistency checks; an empty list means the position is sound."""
        return outcome.problems(self)

    def public_cards(self) -> set[Card]:
        """Cards every player has seen: face-up cards, played cards, and with open choosing the turned cards."""
        # What was laid face up once (the exposures, the cut) stays known wherever it goes.
        seen: set[Card] = set(self.choice.exposed) | set(self.cut_shown) | set(self.table)
        for t in self.tricks:
            seen.update(t.cards)
        seen.update(self.current)
        if self.rules.open_choosing:
            seen.update(self.choice.seen)
        for _, action in self.history:  # a king given for a cut stikkar is shown; so is an exposed card
            if action.kind is Kind.TRADE:
                seen.update(action.cards)
            elif action.kind in (Kind.EXPOSE, Kind.WITH):
                seen.add(action.card)
        return seen

    def known_to(self, player: int) -> set[Card]:
        """Cards this player has seen: the public ones, their own hand, the dealer's turned cards, the stock they took."""
        player = checks.seat(player, PLAYERS)
        known = self.public_cards() | set(self.hands[player]) | set(self.dealt[player])
        if player == self.dealer:
            known.update(self.choice.seen)
        for take in self.takes:
            if take.player == player:
                known.update(take.received)
                known.update(take.original)
        for p, action in self.history:
            if p == player:
                known.update(action.cards)
        return known

    # -- legal actions -------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """What the player to move may do now (empty when the hand is over)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        if self.phase is Phase.PLAY:
            p = self.to_move
            hand = self.hands[p]
            rules = self.rules
            if legality.only_traders_can_be_refused(self) and self._traders.isdisjoint(hand) and not (
                    rules.king_of_hearts_takes_bird and legality.HK in hand):
                # The common case, where no predicate of a card play can refuse and no trade is possible:
                # every card in hand may be played as it is.
                plays = tuple([PLAYS[c.index] for c in hand])
                if legality.stock_may_be_open(self) and legality.refuse_take(self, p) is None:
                    return plays + (TAKE_STOCK,)
                return plays
            return legality.legal_in_play(self, p)
        return tuple(a for a in legality.candidates(self) if legality.refusal(self, a) is None)

    def refusal(self, action: Action | str) -> Reason | None:
        """Why the player to move may not do ``action`` now, or None when it is legal."""
        return legality.refusal(self, parse_action(action))

    # -- applying and undoing -------------------------------------------------

    def apply(self, action: Action | str) -> None:
        """Do one action for the player to move; refuse (changing nothing) if the rules do not allow it."""
        if not isinstance(action, Action):
            action = parse_action(action)
        if self._legal is None:
            self._legal = self._compute_legal()
        if action not in self._legal:
            reason = legality.refusal(self, action)
            if reason is None:  # pragma: no cover (legal_actions() is built from the same predicates)
                raise AssertionError(f"{action} is refused without a reason")
            raise IllegalAction(reason)
        kind = action.kind
        plain = kind is Kind.PLAY and action.card not in self._traders
        self._undo.append((_save_played(self), None if plain else _save_other(self),
                           len(self.log), len(self.tricks), len(self.takes), len(self.table)))
        self._legal = None
        p = self.to_move
        self.history.append((p, action))
        phase = self.phase
        if kind is Kind.PLAY:
            self._play(p, action.card)
        elif kind is Kind.TRADE:
            give, take = action.cards
            if phase is Phase.CLAIM:
                self._claim(p, give, take)
            elif phase is Phase.LAST_CHANCE:
                self.trade(p, give, take)
                self._answered(traded=True)
            elif give is legality.HK and take is legality.H2 and stock.claim_bird(self, p):
                pass  # the heart trader's holder is asked first
            else:
                self.trade(p, give, take)
        elif kind is Kind.TAKE_STOCK:
            stock.start_take(self, p)
        elif kind is Kind.PASS:
            if phase is Phase.CLAIM:
                self.claims = self.claims[1:]
                self._after_claim()
            else:
                self._answered(traded=False)
        elif kind is Kind.WITH:
            stock.go_with(self, action.card)
        elif kind is Kind.EXPOSE:
            self._expose(action.card)
        elif kind in (Kind.KEEP, Kind.DISCARD, Kind.GO_BACK, Kind.KEEP_BOTH):
            stock.decide(self, p, action)
        else:
            outcome.play_on_decision(self, p, kind is Kind.PLAY_ON)

    def undo(self) -> Action:
        """Take back the last action, in constant time."""
        if not self.history:
            raise InvalidPosition("nothing to undo: no action has been taken in this hand")
        played, other, logs, tricks, takes, table = self._undo.pop()
        (self.phase, self.to_move, self.leader, self.hands, self.current, self.current_promoted, self.won,
         self.declared, self.result) = played
        if other is not None:
            for name, value in zip(_OTHER, other):
                setattr(self, name, value)
        del self.log[logs:], self.tricks[tricks:], self.takes[takes:], self.table[table:]
        self._legal = None
        return self.history.pop()[1]

    def clone(self) -> "HandState":
        """An independent copy (the immutable fields are shared, the lists copied)."""
        twin = object.__new__(HandState)
        twin.__dict__.update(self.__dict__)
        for name in ("history", "log", "tricks", "takes", "table", "_undo"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    # -- the parts of an action (used by stock and outcome too) ------------------

    def note(self, reason: Reason) -> None:
        """Add a public event to the hand's log."""
        self.log.append(reason)

    def set_hand(self, p: int, cards: Sequence[Card]) -> None:
        """Give ``p`` these cards; four of a kind is counted again whenever a hand gains cards."""
        hands = list(self.hands)
        hands[p] = tuple(cards)
        self.hands = tuple(hands)
        quads = list(self.quads)
        quads[p] = four_of_a_kind(cards, self.rules.promote_kings_and_queens)
        self.quads = tuple(quads)

    def set_exposed(self, suit: Suit, cards: tuple[Card, ...]) -> None:
        self.exposed = {**self.exposed, suit: cards}

    def trade(self, p: int, give: Card, take: Card) -> None:
        """``p`` gives ``give`` (it goes face up to the table) for the face-up ``take``."""
        self.set_hand(p, (*(c for c in self.hands[p] if c is not give), take))
        self.table.append(give)
        self.set_exposed(take.suit, tuple(c for c in self.exposed[take.suit] if c is not take))
        if self.ranking.role(take).is_stikkar:
            self.fetched_stikkar = self.fetched_stikkar | {p}
        self.note(Reason.of("trade", "{player} trades " + give.symbol + " for the exposed "
                            + self.ranking.describe(take) + ".", (give, take), player=Seat(p)))

    def _answered(self, traded: bool) -> None:
        if isinstance(self.pending, BirdClaim):
            stock.settle_bird(self, traded)
        else:
            stock.next_question(self)

    def _play(self, p: int, card: Card) -> None:
        if card in self._traders:
            fetched = legality.trader_fetch(self.ranking, card, self.exposed.get(card.suit, ()))
            if fetched is not None:
                self.trade(p, card, fetched)
                card = fetched
        rank = card.rank
        declared = self.declared[p]
        promoted = rank in declared or rank in self.quads[p]  # the same fact as legality.played_as
        if promoted and rank not in declared:
            self.declared = tuple(d | {rank} if q == p else d for q, d in enumerate(self.declared))
            self.note(Reason.of(
                "play.four_of_a_kind",
                "{player} holds all four " + rank.plural + ": \"Hesin er góður\", each plays as "
                + self.ranking.role(card, True).english + ".", (card,), player=Seat(p),
            ))
        hands = list(self.hands)
        held = hands[p]
        i = held.index(card)
        hands[p] = held[:i] + held[i + 1:]
        self.hands = tuple(hands)
        self.current = (*self.current, card)
        self.current_promoted = (*self.current_promoted, promoted)
        if len(self.current) == PLAYERS:
            outcome.finish_trick(self)
        else:
            self.to_move = (p + 1) % PLAYERS

    def _expose(self, card: Card) -> None:
        self.prefer = (*self.prefer, card)
        self.pending_expose = self.pending_expose[1:]
        self.choice = choose_suits(self._choosing_stock, prefer=self.prefer)
        if not self.pending_expose:
            self._lay_out()

    def _lay_out(self) -> None:
        """The suits are chosen: expose, return the rest to the stock, start the claims or the play."""
        choice = self.choice
        self.exposed = {e.suit: tuple(e.cards) for e in choice.exposures}
        self.pairs = frozenset(e.suit for e in choice.exposures if len(e.cards) == 2)
        self.pile = tuple(choice.stock)
        self.claims = self._cut_claims()
        if self.claims:
            self.phase, self.to_move = Phase.CLAIM, self.claims[0].holder
        else:
            self.phase, self.to_move = Phase.PLAY, self.leader
            self.pile = (*self.pile, *self.cut)
            self.cut = ()

    def _cut_claims(self) -> tuple[Claim, ...]:
        claims = []
        both_hearts = legality.H2 in self.cut and Card(Suit.HEARTS, Rank.NINE) in self.cut
        for stikkar in self.cut:
            rank = Rank.QUEEN if both_hearts and stikkar.rank is Rank.NINE else Rank.KING
            holder = self.holder(Card(stikkar.suit, rank))
            # The queen stands in for a king in no hand, unless she already claims the mare.
            if holder is None and rank is Rank.KING and self.rules.queen_claims_cut_stikkar and not both_hearts:
                rank = Rank.QUEEN
                holder = self.holder(Card(stikkar.suit, rank))
            if holder is not None:
                claims.append(Claim(holder, Card(stikkar.suit, rank), stikkar))
        return tuple(claims)

    def _after_claim(self) -> None:
        if self.claims:
            self.to_move = self.claims[0].holder
            return
        # Unclaimed cut stikkar go with the stock; so do the kings that claimed.
        held = {c for h in self.hands for c in h}
        self.pile = (*self.pile, *(c for c in self.cut if c not in held))
        self.cut = ()
        self.phase, self.to_move = Phase.PLAY, self.leader

    def _claim(self, p: int, give: Card, take: Card) -> None:
        """A cut claim: the king goes with the stock, the stikkar to the hand."""
        self.set_hand(p, (*(c for c in self.hands[p] if c is not give), take))
        self.cut = tuple(c for c in self.cut if c is not take)
        self.pile = (*self.pile, give)
        self.fetched_stikkar = self.fetched_stikkar | {p}
        self.note(Reason.of("cut.claimed", "{player} gives " + give.symbol + " for the cut stikkar "
                            + self.ranking.describe(take) + ".", (give, take), player=Seat(p)))
        self.claims = self.claims[1:]
        self._after_claim()

    # -- scoring, observation, JSON ----------------------------------------------

    def returns(self) -> list[int]:
        """Each player's score for the hand, in strokes (a cross is worth three): winners +, losers -."""
        return outcome.returns(self)

    def explain_tricks(self) -> list[TrickResult]:
        return [t.explain(self.chosen) for t in self.tricks]

    def observation(self, player: int) -> "Observation":
        """Exactly what ``player`` may see now (what computer players are given)."""
        from stytvolt.styrivolt.observation import observe

        return observe(self, player)

    def resample(self, player: int, rng: random.Random, tries: int = 200) -> "HandState":
        """A hand ``player`` cannot tell from this one, with every card they have not seen dealt afresh."""
        from stytvolt.styrivolt.observation import resample

        return resample(self, player, rng, tries)

    def to_json(self) -> dict[str, Any]:
        """A compact form that restores this exact position (deck, dealer, rules, actions)."""
        from stytvolt.styrivolt.saved import hand_to_json

        return hand_to_json(self)

    def dumps(self) -> str:
        from stytvolt.styrivolt.saved import dumps

        return dumps(self.to_json())

    @classmethod
    def from_json(cls, data: object) -> "HandState":
        """The position a :meth:`to_json` form (a dict, or its JSON text) describes; every field is checked."""
        from stytvolt.styrivolt.saved import hand_from_json

        return hand_from_json(data)

    def __repr__(self) -> str:
        chosen = "+".join(s.letter for s in self.chosen)
        return f"<HandState {self.phase.value} chosen={chosen} tricks={self.team_tricks()} to_move={self.to_move}>"


from stytvolt.styrivolt.observation import Observation  # noqa: E402  (the observation reads a HandState)
