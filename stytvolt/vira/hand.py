"""A hand of Vira as a state machine on the shared protocol, from the cut to the settlement.

The hand, in order:

* **the cut and the deal** (at creation): a card cut from a second pack
  names the preference suit (:mod:`~stytvolt.vira.play`); thirteen cards
  each are dealt to the three active players in packets of 3-3-3-4 (or
  4-3-3-3), eldest first, and thirteen stay face down as the talon.  With four
  at the table one player sits out (``Rules.sitter``);
* **the auction** (``auction``): eldest speaks first and must bid; then each
  in turn, to the left, bids higher (:func:`~stytvolt.vira.contracts.overcalls`),
  *holds* (an elder player matching a younger player's bid) or passes, and a
  player who passed is out (unless a cuckoo reopens the auction,
  ``Rules.cuckoo_reopens``).  When two have passed, the third is the soloist;
* **the contract's procedure**, as its kind requires: naming trumps
  (``trump S``, or ``misère`` for a gask), laying away cards one at a time
  (``discard C``) and drawing as many from the talon (``draw``), turned
  cards, taking the whole talon; then the soloist's decision (``play``,
  ``surrender``, or ``retry`` for a second try where one is allowed);
* **the opponents' exchange**: after a draw, turn-up, solo or misère, the
  soloist's left-hand opponent and then the other may lay away cards and
  draw as many from what is left of the talon (``draw``, or ``keep``);
* **the play**: eldest leads; the led suit must be followed; the soloist's
  hand size is the number of tricks (an open contract's hand is laid open
  when play begins);
* **the settlement** (:func:`~stytvolt.vira.chips.settle`): points between
  the players and chips to or from the pot.

``returns()`` is each seat's gain in points with a chip counted at eight
points: the pot is a fourth party, so the returns do not sum to zero (they
sum to eight times what the pot lost).  :meth:`HandState.settlement` gives
points and chips apart.

Every field is an immutable value: an action rebinds the fields it changes
and remembers their old values, so :meth:`HandState.undo` rebinds them in
constant time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from stytvolt.core import checks
from stytvolt.core.cards import FULL_PACK, Card, CardParseError, Suit, parse_card, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.match import MAX_ACTIONS
from stytvolt.core.protocol import replay_actions
from stytvolt.vira.chips import HOUSE_CHIPS, ChipTable, Settlement, settle
from stytvolt.vira.contracts import (
    ALL_BIDS, Bid, Contract, Kind, SuitClass, bid_allowed, bid_refusal, misere_cards, parse_bid,
)
from stytvolt.vira.play import _refusal as _play_refusal
from stytvolt.vira.play import allowed, colour_suit, suit_class_of, suits_of_class, trick_winner
from stytvolt.vira.variants import MisereHands, Rules, SitOut

__all__ = ["Action", "parse_action", "Observation", "HandState", "Step"]

_BID_INDEX = {bid: i for i, bid in enumerate(ALL_BIDS)}


@dataclass(frozen=True)
class Action:
    """One action of a hand.  ``kind``: "bid", "hold", "pass", "trump", "misere", "discard", "draw",
    "keep", "play", "surrender", "retry" or "card"."""

    kind: str
    bid: Bid | None = None
    suit: Suit | None = None
    card: Card | None = None
    text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind == "bid":
            text = f"bid {self.bid}"
        elif self.kind == "trump":
            text = f"trump {self.suit}"
        elif self.kind == "misere":
            text = "misère"
        elif self.kind in ("discard", "card"):
            text = f"{self.kind} {self.card}"
        else:
            text = self.kind
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


_SIMPLE = {"hold", "pass", "draw", "keep", "play", "surrender", "retry"}
_MISERE_WORDS = {"misère", "misere", "misär", "misar"}
_PASS = Action("pass")
_HOLD = Action("hold")
_BIDS = tuple(Action("bid", bid=b) for b in ALL_BIDS)
_DISCARDS = {c: Action("discard", card=c) for c in FULL_PACK}
_CARDS = {c: Action("card", card=c) for c in FULL_PACK}
_TRUMPS = {s: Action("trump", suit=s) for s in Suit}
#: Every action by its own text: reading a saved hand's actions back is a look-up.
_CANONICAL: dict[str, Action] = {
    a.text: a for a in (*_BIDS, *_DISCARDS.values(), *_CARDS.values(), *_TRUMPS.values(), _PASS, _HOLD,
                        Action("misere"), *(Action(k) for k in ("draw", "keep", "play", "surrender", "retry")))
}


def parse_action(text: object) -> Action:
    """``bid Solo 7 in colour``, ``hold``, ``pass``, ``trump H``, ``misère``, ``discard HA``, ``draw``,
    ``keep``, ``play``, ``surrender``, ``retry``, ``card HA``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is written as text like 'card HA' or 'bid Solo 7', not {type_name(text)}")
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    words = text.split()
    head, rest = (words[0].lower(), words[1:]) if words else ("", [])
    if head in _SIMPLE and not rest:
        return Action(head)
    if head in _MISERE_WORDS and not rest:
        return Action("misere")
    if head == "bid" and rest:
        return Action("bid", bid=parse_bid(" ".join(rest)))
    if head == "trump" and len(rest) == 1:
        return _TRUMPS[Suit.parse(rest[0])]
    if head in ("discard", "card") and len(rest) == 1:
        card = parse_card(rest[0], pack=FULL_PACK)
        return (_DISCARDS if head == "discard" else _CARDS)[card]
    shown = text if len(text) <= 30 else text[:30] + "…"
    raise ParseError(f"bad action {shown!r}: expected bid CONTRACT, hold, pass, trump S, misère, discard C, draw, "
                     "keep, play, surrender, retry or card C")


@dataclass(frozen=True)
class Step:
    """One step of the procedure after the auction, for ``seat``.

    ``kind``: "turn" (turn the contract's cards from the talon), "take" (take
    the whole talon), "trump" (name trumps), "exchange" (lay away at least one
    card, then draw), "exact" (lay away exactly ``size`` cards; they are drawn
    back at once), "down" (lay away until ``size`` cards are left), "decide"
    (play, surrender or retry), "defend" (an opponent's exchange), "start"
    (play begins), "tricks" (the play).
    """

    kind: str
    seat: int
    size: int = 0


_AUTO = {"turn", "take", "start"}
_PHASES = {"trump": "trump", "exchange": "discard", "exact": "discard", "down": "discard", "decide": "decide",
           "defend": "exchange", "tricks": "play"}


def _cards_json(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


@dataclass(frozen=True)
class Observation:
    """What one seat may see: its own hand and discards (until play begins), everything public."""

    player: int
    players: int
    dealer: int
    sitter: int | None
    active: tuple[int, ...]
    cut: Card
    preference: Suit
    colour: Suit
    phase: str
    to_move: int
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    calls: tuple[tuple[int, str], ...]
    high: str | None
    high_seat: int | None
    passed: tuple[int, ...]
    soloist: int | None
    contract: str | None
    bid: str | None
    trump: Suit | None
    misere: bool
    tries: int
    turned: tuple[tuple[int, tuple[Card, ...]], ...]
    face_up: tuple[Card, ...]
    talon: int
    exchanged: tuple[int, ...]
    step_discards: int
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...]
    leader: int | None
    current: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    won: tuple[int, ...]
    trick_count: int
    legal: tuple[Action, ...]
    returns: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "players": self.players, "dealer": self.dealer, "sitter": self.sitter,
            # The cut card is of the second pack: named in words, never as a card of the pack in play.
            "active": list(self.active), "cut": self.cut.english, "preference": str(self.preference),
            "colour": str(self.colour), "phase": self.phase, "to_move": self.to_move,
            "hand": _cards_json(self.hand), "discards": _cards_json(self.discards),
            "calls": [[s, t] for s, t in self.calls], "high": self.high, "high_seat": self.high_seat,
            "passed": list(self.passed), "soloist": self.soloist, "contract": self.contract, "bid": self.bid,
            "trump": None if self.trump is None else str(self.trump), "misere": self.misere, "tries": self.tries,
            "turned": [[t, _cards_json(c)] for t, c in self.turned], "face_up": _cards_json(self.face_up),
            "talon": self.talon, "exchanged": list(self.exchanged), "step_discards": self.step_discards,
            "open_hands": [[s, _cards_json(c)] for s, c in self.open_hands], "leader": self.leader,
            "current": _cards_json(self.current),
            "tricks": [[lead, _cards_json(p), w] for lead, p, w in self.tricks], "won": list(self.won),
            "trick_count": self.trick_count, "legal": [str(a) for a in self.legal], "returns": list(self.returns),
        }


_Saved = dict[str, Any]
#: The fields of a saved hand.
_KEYS = frozenset({"game", "players", "dealer", "deck", "cut", "rules", "chips", "actions"})


class HandState:
    """One hand of Vira (three players, or four with one sitting out).  See the module docstring."""

    def __init__(self, deck: object, cut: object, *, dealer: int = 0, players: int = 3,
                 rules: Rules | None = None, chips: ChipTable | None = None) -> None:
        players = checks.one_of(players, "players", (3, 4), "3 (or 4, one sitting out each hand)")
        checks.seat(dealer, players, "dealer")
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be vira.Rules, not {type_name(rules)}")
        chips = HOUSE_CHIPS if chips is None else chips
        if not isinstance(chips, ChipTable):
            raise InvalidPosition(f"chips must be a ChipTable, not {type_name(chips)}")
        try:
            cards = parse_cards(deck, pack=FULL_PACK) if isinstance(deck, (str, list, tuple)) else deck
        except CardParseError as err:
            raise InvalidPosition(f"the deck: {err}") from None
        self.deck: tuple[Card, ...] = FULL_PACK.check_deck(cards)
        try:
            self.cut: Card = parse_card(cut, pack=FULL_PACK)  # type: ignore[arg-type]  # checked in parse_card
        except CardParseError as err:
            raise InvalidPosition(f"the cut card: {err}") from None
        self.players, self.dealer, self.rules, self.chips = players, dealer, rules, chips
        self.preference: Suit = self.cut.suit
        self.colour: Suit = colour_suit(self.preference)
        self.sitter: int | None = None
        if players == 4:
            self.sitter = (dealer - 1) % 4 if rules.sitter is SitOut.DEALERS_RIGHT else dealer
        order = [(dealer + 1 + i) % players for i in range(players)]
        self.active: tuple[int, ...] = tuple(s for s in order if s != self.sitter)
        hands: list[list[Card]] = [[] for _ in range(players)]
        top = 0
        for size in rules.deal.packets:
            for seat in self.active:
                hands[seat].extend(self.deck[top:top + size])
                top += size
        self.hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in hands)
        self.talon: tuple[Card, ...] = self.deck[top:]
        self.discards: tuple[tuple[Card, ...], ...] = tuple(() for _ in range(players))
        # the auction
        self.calls: tuple[tuple[int, Action], ...] = ()
        self.high: Bid | None = None
        self.high_seat: int = -1
        self.passed: frozenset[int] = frozenset()
        self.liable: frozenset[int] = frozenset()
        self.reopened = False
        self.speaker: int = self.active[0]
        # the procedure
        self.soloist: int | None = None
        self.bid: Bid | None = None
        self.contract: Contract | None = None
        self.trump: Suit | None = None
        self.misere = False
        self.tries = 1
        self.first_class: SuitClass | None = None
        self.turned: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        self.face_up: tuple[Card, ...] = ()
        self.steps: tuple[Step, ...] = ()
        self.step_discards: tuple[Card, ...] = ()
        self.exchanged: tuple[int, ...] = (0,) * players
        # the play
        self.open_seats: tuple[int, ...] = ()
        self.trick_count = 0
        self.leader: int = -1
        self.current: tuple[Card, ...] = ()
        self.tricks: tuple[tuple[int, tuple[Card, ...], int], ...] = ()
        self.won: tuple[int, ...] = (0,) * players
        self.over: str | None = None
        self.history: list[tuple[Action, _Saved]] = []

    @classmethod
    def deal(cls, seed: int | None = None, dealer: int = 0, *, players: int = 3, rules: Rules | None = None,
             chips: ChipTable | None = None) -> "HandState":
        """A shuffled deck and a cut from a second shuffled pack, both drawn from ``seed``."""
        rng = random.Random(checks.deal_seed(seed))
        deck = list(FULL_PACK.cards)
        rng.shuffle(deck)
        second = list(FULL_PACK.cards)
        rng.shuffle(second)
        return cls(deck, second[rng.randrange(len(second))], dealer=dealer, players=players, rules=rules,
                   chips=chips)

    # -- saving --------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "vira", "players": self.players, "dealer": self.dealer,
                                "deck": " ".join(map(str, self.deck)), "cut": str(self.cut)}
        rules = self.rules.to_json()
        if rules:
            data["rules"] = rules
        if self.chips != HOUSE_CHIPS:
            data["chips"] = self.chips.to_json()
        data["actions"] = [str(a) for a, _ in self.history]
        return data

    @classmethod
    def from_json(cls, data: object) -> "HandState":
        """The hand a :meth:`to_json` form (or its text) describes, its actions replayed; every field's type
        and value is checked before it is used, and anything wrong raises :class:`InvalidPosition` naming it."""
        obj = checks.saved_object(data, "a saved Vira hand", "vira", None, _KEYS, ("deck", "cut"),
                                  max_chars=40_000, max_depth=6)
        players = checks.one_of(obj.get("players", 3), "players", (3, 4), "3 (or 4, one sitting out each hand)")
        dealer = checks.seat(obj.get("dealer", 0), players, "dealer")
        deck = checks.text(obj["deck"], "deck")
        cut = checks.text(obj["cut"], "cut")
        try:
            rules = Rules.from_json(obj.get("rules", {}))
        except StytvoltError as err:
            raise InvalidPosition(f"a saved Vira hand's rules: {err}") from None
        try:
            chips = ChipTable.from_json(obj["chips"]) if "chips" in obj else None
        except StytvoltError as err:
            raise InvalidPosition(f"a saved Vira hand's chips: {err}") from None
        actions = checks.texts(obj.get("actions", []), "actions", MAX_ACTIONS, item="action")
        state = cls(deck, cut, dealer=dealer, players=players, rules=rules, chips=chips)
        replay_actions(state, actions, parse_action)
        return state

    # -- who, what --------------------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def eldest(self) -> int:
        return self.active[0]

    def opponents(self) -> tuple[int, int]:
        """The soloist's opponents: the left-hand one first."""
        assert self.soloist is not None
        i = self.active.index(self.soloist)
        return self.active[(i + 1) % 3], self.active[(i + 2) % 3]

    def _next_active(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % 3]

    def _elder(self, a: int, b: int) -> bool:
        """Whether seat ``a`` is elder than seat ``b`` (nearer eldest in the order of speaking)."""
        return self.active.index(a) < self.active.index(b)

    @property
    def phase(self) -> str:
        """``auction``, ``trump``, ``discard``, ``decide``, ``exchange``, ``play``, ``done`` or ``surrendered``."""
        if self.over is not None:
            return self.over
        if self.soloist is None:
            return "auction"
        return _PHASES[self.steps[0].kind]

    def current_player(self) -> int:
        if self.over is not None:
            return -1
        if self.soloist is None:
            return self.speaker
        step = self.steps[0]
        if step.kind == "tricks":
            return self._order_from(self.leader)[len(self.current)]
        return step.seat

    def _order_from(self, leader: int) -> tuple[int, int, int]:
        i = self.active.index(leader)
        return self.active[i], self.active[(i + 1) % 3], self.active[(i + 2) % 3]

    def is_terminal(self) -> bool:
        return self.over is not None

    # -- the rules of each step, one place each ------------------------------------------------------------------

    def _trump_suits(self) -> tuple[Suit, ...]:
        """The suits the soloist may name now: a turned card's suit, or any suit the bid's class allows."""
        assert self.contract is not None and self.bid is not None
        if self.contract.kind is Kind.TURN_UP:
            return tuple(sorted({c.suit for c in self.face_up[: self.contract.turned]}))
        return suits_of_class(self.bid.suit_class, self.preference)

    def _may_choose_misere(self) -> bool:
        """A gask with a misère option, bid without a suit class (ruling R73), may be played as a misère."""
        assert self.contract is not None and self.bid is not None
        return self.contract.has_misere_option and self.bid.suit_class is SuitClass.OFF

    def _discard_limit(self, step: Step) -> int:
        """The most cards the current step may lay away (in all, this step)."""
        assert self.contract is not None
        seat_hand = len(self.hands[step.seat])
        if step.kind == "exchange":
            if self.contract.kind is Kind.TURN_UP and self.tries == 1:
                # The last card of the talon never decides trumps: keep enough for a second try's turn.
                return max(0, len(self.talon) - self.contract.turned - 1)
            return len(self.talon)
        if step.kind == "defend":
            return len(self.talon)
        if step.kind == "exact":
            return step.size
        if step.kind == "down":
            return len(self.step_discards) + seat_hand - step.size
        return 0

    def _retry_refusal(self) -> Reason | None:
        """Why a second try is not open now, or None when it is."""
        assert self.contract is not None
        item = self.contract
        if not item.second_try:
            return Reason.of("no-second-try", "{contract} has no second try.", contract=item.english)
        if self.tries > 1:
            return Reason.of("no-third-try", "Only one second try is allowed, and it has been taken.")
        need = item.turned + 1 if item.kind is Kind.TURN_UP else item.count if item.kind is Kind.MISERE else 1
        if len(self.talon) < need:
            return Reason.of("talon-short", "A second try needs {need:card} in the talon, and it holds {left}.",
                             need=need, left=len(self.talon))
        return None

    def legal_actions(self) -> list[Action]:
        if self.over is not None:
            return []
        if self.soloist is None:
            return self._auction_actions()
        step = self.steps[0]
        seat = step.seat
        if step.kind == "tricks":
            seat = self.current_player()
            led = self.current[0] if self.current else None
            return [_CARDS[c] for c in sorted(allowed(self.hands[seat], led))]
        if step.kind == "trump":
            out = [_TRUMPS[s] for s in self._trump_suits()]
            return out + [Action("misere")] if self.contract is not None and self.contract.kind is Kind.GASK and \
                self._may_choose_misere() else out
        if step.kind == "decide":
            out = [Action("play"), Action("surrender")]
            return out + [Action("retry")] if self._retry_refusal() is None else out
        done = len(self.step_discards)
        out = [_DISCARDS[c] for c in sorted(self.hands[seat])] if done < self._discard_limit(step) else []
        if step.kind == "exchange" and done >= 1:
            out.append(Action("draw"))
        elif step.kind == "defend":
            out.append(Action("draw") if done else Action("keep"))
        return out

    def _auction_actions(self) -> list[Action]:
        if self.high is None:
            return list(_BIDS)
        out = [_PASS]
        if self._elder(self.speaker, self.high_seat):
            out.append(_HOLD)
        out.extend(_BIDS[_BID_INDEX[self.high] + 1:])
        return out

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` may not be taken now, in words; None when it may."""
        if self.over is not None:
            return Reason.of("over", "The hand is over: nothing more can be done.")
        seat = self.current_player()
        if self.soloist is None:
            return self._auction_refusal(seat, action)
        step = self.steps[0]
        kind = action.kind
        if step.kind == "tricks" and kind == "card":
            assert action.card is not None
            led = self.current[0] if self.current else None
            return _play_refusal(self.hands[seat], led, action.card)
        if step.kind == "trump" and kind in ("trump", "misere"):
            return self._trump_refusal(action)
        if step.kind == "decide" and kind in ("play", "surrender", "retry"):
            return self._retry_refusal() if kind == "retry" else None
        if step.kind in ("exchange", "exact", "down", "defend") and kind in ("discard", "draw", "keep"):
            return self._exchange_refusal(step, action)
        return Reason.of("wrong-phase", "{seat} cannot {action} now: the hand is at its {phase}.",
                         seat=Seat(seat), action=str(action), phase=self.phase)

    def _auction_refusal(self, seat: int, action: Action) -> Reason | None:
        if action.kind == "bid":
            assert action.bid is not None
            return None if self.high is None else bid_refusal(action.bid, self.high)
        if action.kind == "pass":
            if self.high is None:
                return Reason.of("eldest-must-bid", "{seat} is eldest and speaks first, and may not pass: "
                                 "the auction opens with a bid.", seat=Seat(seat))
            return None
        if action.kind == "hold":
            if self.high is None:
                return Reason.of("nothing-to-hold", "There is no bid to hold yet.")
            if not self._elder(seat, self.high_seat):
                return Reason.of("no-hold", "{seat} may not hold {bid}: only a player elder than the one who made a "
                                 "bid may hold it, and {seat} is not elder than {holder}.", seat=Seat(seat),
                                 holder=Seat(self.high_seat), bid=str(self.high))
            return None
        return Reason.of("wrong-phase", "{seat} cannot {action} during the auction: bid, hold or pass.",
                         seat=Seat(seat), action=str(action))

    def _trump_refusal(self, action: Action) -> Reason | None:
        assert self.contract is not None and self.bid is not None
        if action.kind == "misere":
            if self._may_choose_misere():
                return None
            if not self.contract.has_misere_option:
                return Reason.of("no-misere-option", "{contract} has no misère option.",
                                 contract=self.contract.english)
            return Reason.of("class-promise", "{bid} promised trumps in {level}, so it must be played with trumps, "
                             "not as a misère.", bid=str(self.bid), level=self.bid.suit_class.value)
        assert action.suit is not None
        if action.suit in self._trump_suits():
            return None
        if self.contract.kind is Kind.TURN_UP:
            turned = " ".join(c.symbol for c in self.face_up[: self.contract.turned])
            return Reason.of("turned-only", "In {contract} the trump suit is that of a turned card ({turned}), "
                             "not {suit}.", contract=self.contract.english, turned=turned,
                             suit=action.suit.english)
        return Reason.of("class-promise", "{bid} promised trumps in {level} or better, and {suit} is {actual}.",
                         bid=str(self.bid), level=self.bid.suit_class.value, suit=action.suit.english,
                         actual=suit_class_of(action.suit, self.preference).value)

    def _exchange_refusal(self, step: Step, action: Action) -> Reason | None:
        seat, done = step.seat, len(self.step_discards)
        if action.kind == "discard":
            assert action.card is not None
            if action.card not in self.hands[seat]:
                return Reason.of("not-held", "{card} is not in {seat}'s hand.", (action.card,),
                                 card=action.card.symbol, seat=Seat(seat))
            limit = self._discard_limit(step)
            if done < limit:
                return None
            if step.kind == "exchange" and self.contract is not None and self.contract.kind is Kind.TURN_UP:
                return Reason.of("death-rattle", "At most {limit:card} may be exchanged on a first try: the last "
                                 "card of the talon may never decide trumps, so a second try's turn must stay "
                                 "possible.", limit=limit)
            return Reason.of("discard-limit", "{seat} has laid away {done:card}, as many as this step allows.",
                             seat=Seat(seat), done=done)
        if action.kind == "draw":
            if step.kind in ("exchange", "defend") and done >= 1:
                return None
            if step.kind in ("exchange", "defend"):
                return Reason.of("discard-first", "Lay away at least one card before drawing.")
            return Reason.of("no-draw", "This step lays cards away without drawing.")
        if step.kind == "defend" and done == 0:
            return None
        return Reason.of("already-discarded", "{seat} has laid cards away and must draw as many.", seat=Seat(seat))

    # -- applying ---------------------------------------------------------------------------------------------

    def _set(self, saved: _Saved, name: str, value: Any) -> None:
        if name not in saved:
            saved[name] = getattr(self, name)
        setattr(self, name, value)

    def _with_hand(self, saved: _Saved, seat: int, cards: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = cards
        self._set(saved, "hands", tuple(hands))

    def apply(self, action: Any) -> None:
        act = parse_action(action)
        why = self.refusal(act)
        if why is not None:
            raise IllegalAction(why)
        saved: _Saved = {}
        if self.soloist is None:
            self._auction(act, saved)
        else:
            self._procedure(act, saved)
        self._advance(saved)
        self.history.append((act, saved))

    def undo(self) -> Action:
        if not self.history:
            raise IllegalAction(Reason.of("nothing-to-undo", "Nothing to take back: the hand is as dealt."))
        act, saved = self.history.pop()
        for name, value in saved.items():
            setattr(self, name, value)
        return act

    def clone(self) -> "HandState":
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        return other

    def _auction(self, act: Action, saved: _Saved) -> None:
        seat = self.speaker
        self._set(saved, "calls", self.calls + ((seat, act),))
        if act.kind == "bid":
            assert act.bid is not None
            self._set(saved, "high", act.bid)
            self._set(saved, "high_seat", seat)
            if act.bid.contract.kind is Kind.CUCKOO and self.rules.cuckoo_reopens and not self.reopened:
                self._set(saved, "reopened", True)
                self._set(saved, "passed", frozenset())
        elif act.kind == "hold":
            self._set(saved, "high_seat", seat)
        else:
            self._set(saved, "passed", self.passed | {seat})
            if self.high is not None and self.high.contract.kind is Kind.CUCKOO:
                self._set(saved, "liable", self.liable | {seat})
        if len(self.passed) == 2:
            assert self.high is not None and self.high_seat not in self.passed
            self._begin(saved)
            return
        nxt = self._next_active(seat)
        while nxt in self.passed:
            nxt = self._next_active(nxt)
        self._set(saved, "speaker", nxt)

    def _begin(self, saved: _Saved) -> None:
        """The auction is over: the holder of the highest bid is the soloist; lay out the procedure."""
        assert self.high is not None
        solo = self.high_seat
        item = self.high.contract
        self._set(saved, "soloist", solo)
        self._set(saved, "bid", self.high)
        self._set(saved, "contract", item)
        left, right = self.opponents()
        defend = (Step("defend", left), Step("defend", right)) if item.opponents_exchange else ()
        play = (Step("start", solo), Step("tricks", solo))
        kind = item.kind
        if kind is Kind.DRAW or kind is Kind.TURN_UP or kind is Kind.MISERE:
            mine = self._try_steps()
            if kind is Kind.MISERE:
                size = misere_cards(item, self.rules.misere_hands is MisereHands.PARLETT)
                if size < 13:
                    mine += (Step("down", solo, size),)
        elif kind is Kind.SOLO:
            mine = (Step("trump", solo), Step("decide", solo))
        elif kind is Kind.VIRA:
            mine = (Step("take", solo), Step("down", solo, 13), Step("trump", solo), Step("decide", solo))
        elif kind is Kind.CUCKOO:
            mine = (Step("take", solo), Step("down", solo, 13), Step("decide", solo))
        elif kind is Kind.SOLO_MISERE:
            assert item.misere is not None
            mine = ((Step("down", solo, item.misere.cards),) if item.misere.cards < 13 else ()) + \
                (Step("decide", solo),)
        else:  # gask: keep the bid's number of cards, take the talon, lay away down to 13, then choose
            mine = (Step("down", solo, item.count), Step("take", solo), Step("down", solo, 13),
                    Step("trump", solo), Step("decide", solo))
        self._set(saved, "steps", mine + defend + play)

    def _try_steps(self) -> tuple[Step, ...]:
        """The soloist's steps for one try of a draw, turn-up or misère (a second try repeats them)."""
        assert self.contract is not None and self.soloist is not None
        solo, item = self.soloist, self.contract
        if item.kind is Kind.DRAW:
            return (Step("trump", solo), Step("exchange", solo), Step("decide", solo))
        if item.kind is Kind.TURN_UP:
            choose = (Step("trump", solo),) if item.turned > 1 else ()
            return (Step("turn", solo),) + choose + (Step("exchange", solo), Step("decide", solo))
        return (Step("exact", solo, item.count), Step("decide", solo))

    def _next_step(self, saved: _Saved) -> None:
        self._set(saved, "steps", self.steps[1:])
        if self.step_discards:
            self._set(saved, "step_discards", ())

    def _procedure(self, act: Action, saved: _Saved) -> None:
        step = self.steps[0]
        kind = act.kind
        assert self.contract is not None and self.soloist is not None
        if kind == "card":
            self._play_card(act, saved)
        elif kind == "trump":
            self._set(saved, "trump", act.suit)
            self._next_step(saved)
        elif kind == "misere":
            self._set(saved, "misere", True)
            assert self.contract.misere is not None
            size = self.contract.misere.cards
            extra = (Step("down", step.seat, size),) if size < 13 else ()
            self._set(saved, "steps", extra + self.steps[1:])
        elif kind == "discard":
            assert act.card is not None
            seat = step.seat
            hand = self.hands[seat]
            i = hand.index(act.card)
            self._with_hand(saved, seat, hand[:i] + hand[i + 1:])
            discards = list(self.discards)
            discards[seat] = discards[seat] + (act.card,)
            self._set(saved, "discards", tuple(discards))
            self._set(saved, "step_discards", self.step_discards + (act.card,))
        elif kind == "draw":
            self._draw(step.seat, len(self.step_discards), saved)
            self._next_step(saved)
        elif kind == "keep" or kind == "play":
            self._next_step(saved)
        elif kind == "surrender":
            self._set(saved, "over", "surrendered")
            self._set(saved, "steps", ())
        else:  # retry: the first try is paid as lost (in the settlement) and the try begins again
            self._set(saved, "first_class", None if self.trump is None else suit_class_of(self.trump, self.preference))
            self._set(saved, "tries", 2)
            self._set(saved, "trump", None)
            self._set(saved, "steps", self._try_steps() + self.steps[1:])

    def _draw(self, seat: int, count: int, saved: _Saved) -> None:
        """``seat`` draws ``count`` cards from the top of the talon (face-up turned cards first)."""
        if count == 0:
            return
        self._with_hand(saved, seat, self.hands[seat] + self.talon[:count])
        self._set(saved, "talon", self.talon[count:])
        if self.face_up:
            self._set(saved, "face_up", self.face_up[count:])
        exchanged = list(self.exchanged)
        exchanged[seat] += count
        self._set(saved, "exchanged", tuple(exchanged))

    def _advance(self, saved: _Saved) -> None:
        """Carry out the steps that need no decision: turning, taking the talon, a finished laying-away,
        an exchange with nothing left to draw, the start of play."""
        while self.steps and self.over is None:
            step = self.steps[0]
            if step.kind == "turn":
                assert self.contract is not None
                count = self.contract.turned
                shown = self.talon[:count]
                self._set(saved, "face_up", shown)
                self._set(saved, "turned", self.turned + ((self.tries, shown),))
                if count == 1:
                    self._set(saved, "trump", shown[0].suit)
            elif step.kind == "take":
                self._draw(step.seat, len(self.talon), saved)
            elif step.kind == "down" and len(self.hands[step.seat]) <= step.size:
                pass
            elif step.kind == "exact" and len(self.step_discards) == step.size:
                self._draw(step.seat, step.size, saved)
            elif step.kind == "defend" and not self.talon:
                pass
            elif step.kind == "start":
                self._start(saved)
            else:
                break
            self._next_step(saved)

    def _start(self, saved: _Saved) -> None:
        assert self.contract is not None and self.soloist is not None
        item = self.contract
        opened: tuple[int, ...] = ()
        if (item.always_misere or self.misere) and item.misere is not None and item.misere.open:
            opened = (self.soloist,)
            if item.royale and self.rules.royale_open_defence:
                opened += self.opponents()
        if item.always_misere or self.misere:
            self._set(saved, "trump", None)
        self._set(saved, "open_seats", opened)
        self._set(saved, "trick_count", len(self.hands[self.soloist]))
        self._set(saved, "leader", self.eldest)

    def _play_card(self, act: Action, saved: _Saved) -> None:
        assert act.card is not None
        seat = self.current_player()
        hand = self.hands[seat]
        i = hand.index(act.card)
        self._with_hand(saved, seat, hand[:i] + hand[i + 1:])
        current = self.current + (act.card,)
        if len(current) < 3:
            self._set(saved, "current", current)
            return
        winner = self._order_from(self.leader)[trick_winner(current, self.trump)]
        self._set(saved, "tricks", self.tricks + ((self.leader, current, winner),))
        won = list(self.won)
        won[winner] += 1
        self._set(saved, "won", tuple(won))
        self._set(saved, "current", ())
        self._set(saved, "leader", winner)
        if len(self.tricks) == self.trick_count:
            self._set(saved, "over", "done")
            self._set(saved, "steps", ())

    # -- the result ----------------------------------------------------------------------------------------------

    def settlement(self) -> Settlement | None:
        """Points and chips of the finished hand (None before the end)."""
        if self.over is None:
            return None
        if self.over == "surrendered":
            return self.settled(None)
        assert self.soloist is not None
        return self.settled(self.won[self.soloist])

    def settled(self, tricks: int | None) -> Settlement:
        """Points and chips of this hand's contract if the soloist ends with ``tricks`` tricks (None: surrendered):
        what the settlement will be, asked before the end (the solver's score of a finished play)."""
        assert self.contract is not None and self.soloist is not None and self.bid is not None
        item = self.contract
        misere = item.always_misere or self.misere
        if misere:
            rate_class = None
        elif tricks is None and item.kind in (Kind.SOLO, Kind.GASK, Kind.VIRA):
            rate_class = self.bid.suit_class  # a surrendered solo, gask or vira pays at the class it was bid in
        else:
            assert self.trump is not None
            rate_class = suit_class_of(self.trump, self.preference)
        return settle(item, soloist=self.soloist, opponents=self.opponents(), players=self.players,
                      tricks=tricks,
                      suit_class=rate_class, misere=self.misere, second_try=self.tries == 2,
                      first_try_class=self.first_class, surrendered=tricks is None,
                      cuckoo_liable=sorted(self.liable), chips=self.chips)

    def returns(self) -> list[int]:
        result = self.settlement()
        return [0] * self.players if result is None else result.returns()

    # -- what each seat sees ----------------------------------------------------------------------------------------

    def cards_everywhere(self) -> list[Card]:
        """Every card of the deck where it now lies: hands, talon, discards, the trick, the tricks (52 in all)."""
        out: list[Card] = list(self.talon) + list(self.current)
        for hand in self.hands:
            out.extend(hand)
        for pile in self.discards:
            out.extend(pile)
        for _, plays, _ in self.tricks:
            out.extend(plays)
        return out

    def known_to(self, player: int) -> set[Card]:
        """The cards ``player`` has seen: their hand and discards, turned cards, open hands, every card played."""
        player = checks.seat(player, self.players)
        seen = set(self.hands[player]) | set(self.discards[player]) | set(self.current)
        for _, cards in self.turned:
            seen.update(cards)
        for seat in self.open_seats:
            seen.update(self.hands[seat])
        for _, plays, _ in self.tricks:
            seen.update(plays)
        return seen

    def observation(self, player: int) -> Observation:
        player = checks.seat(player, self.players)
        to_move = self.current_player()
        playing = self.over == "done" or (bool(self.steps) and self.steps[0].kind == "tricks")
        return Observation(
            player, self.players, self.dealer, self.sitter, self.active, self.cut, self.preference, self.colour,
            self.phase, to_move, tuple(self.hands[player]),
            () if playing else tuple(self.discards[player]),
            tuple((s, str(a)) for s, a in self.calls), None if self.high is None else str(self.high),
            None if self.high is None else self.high_seat, tuple(sorted(self.passed)), self.soloist,
            None if self.contract is None else self.contract.english, None if self.bid is None else str(self.bid),
            self.trump, self.misere, self.tries, self.turned, self.face_up, len(self.talon), self.exchanged,
            len(self.step_discards),
            tuple((s, tuple(self.hands[s])) for s in self.open_seats if s != player),
            None if self.leader < 0 else self.leader, self.current, self.tricks, self.won, self.trick_count,
            tuple(self.legal_actions()) if to_move == player else (), tuple(self.returns()),
        )

    def resample(self, player: int, rng: random.Random, tries: int = 30) -> "HandState":
        """A hand ``player`` cannot tell from this one: every card they have not seen dealt afresh among the
        places they cannot see (others' hands and discards, the talon), the same actions replayed.

        Random redeals that contradict the play (a card where its holder showed a void) are drawn again;
        after ``tries`` such draws, the hidden cards are redealt within their suits, which never contradicts
        the play."""
        player = checks.seat(player, self.players)
        rng = checks.rng(rng)
        known = self.known_to(player)
        hidden = [c for c in self.deck if c not in known]
        want = self.observation(player).to_json()
        actions = [a for a, _ in self.history]
        for attempt in range(tries + 1):
            fresh = list(hidden)
            if attempt < tries:
                rng.shuffle(fresh)
            else:
                fresh = _shuffled_within_suits(hidden, rng)
            swap = dict(zip(hidden, fresh))
            other = HandState([swap.get(c, c) for c in self.deck], self.cut, dealer=self.dealer,
                              players=self.players, rules=self.rules, chips=self.chips)
            try:
                for act in actions:
                    if act.card is not None and act.card in swap:
                        act = (_DISCARDS if act.kind == "discard" else _CARDS)[swap[act.card]]
                    other.apply(act)
            except IllegalAction:
                continue
            if other.observation(player).to_json() == want:
                return other
        return self.clone()  # pragma: no cover (the within-suits redeal always fits)


def _shuffled_within_suits(cards: list[Card], rng: random.Random) -> list[Card]:
    """``cards`` with each suit's cards shuffled among that suit's places."""
    out = list(cards)
    for suit in Suit:
        places = [i for i, c in enumerate(cards) if c.suit is suit]
        mixed = [cards[i] for i in places]
        rng.shuffle(mixed)
        for i, card in zip(places, mixed):
            out[i] = card
    return out
