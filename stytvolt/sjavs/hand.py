"""A hand of Sjavs as a state machine, for four players in partnerships, three or two.

The hand goes through these phases:

* ``bidding``: from the dealer's left, each player passes or bids once
  (:mod:`~stytvolt.sjavs.bidding`); if all pass the hand ends ``passed``
  (the same dealer deals again: a new state);
* ``trump``: the highest bidder names the trump suit;
* ``exchange`` (three players): the soloist lays 0, 1 or 2 cards face down
  and takes as many from the talon unseen;
* ``play``: tricks, the dealer's left leading the first
  (:mod:`~stytvolt.sjavs.play`);
* ``done``: scored by :func:`~stytvolt.sjavs.scoring.hand_score`.

Two players play from the hand and from the face-up cards on the table;
a face-down card is turned up when the card on it is played (ruling R41).

Actions are small values with a text form (``"pass"``, ``"bid 6"``,
``"bid 6 clubs"``, ``"trump H"``, ``"exchange H7 S8"``, ``"play HA"``) read
back by :func:`parse_action`.  ``returns()``: the game points of the hand,
positive for the side that scores them and negative for the side that
concedes them (four players: each partner; three: the soloist wins or
pays twice, as if each opponent paid; the sum is always 0).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card, CardParseError, Suit, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.match import MAX_ACTIONS
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.protocol import replay_actions
from stytvolt.sjavs.bidding import Bid, bid_refusal, parse_bid, trump_lengths
from stytvolt.sjavs.cards import PACK, parse_trump, suit_of
from stytvolt.sjavs.deal import deal_cards, deal_layout
from stytvolt.sjavs.play import _refusal, explain_trick
from stytvolt.sjavs.scoring import HandScore, card_points, hand_score
from stytvolt.sjavs.variants import Rules

__all__ = ["Action", "parse_action", "HandState", "Observation", "TrickRecord", "PHASES"]

PHASES = ("bidding", "trump", "exchange", "play", "done", "passed")
TALON_EXCHANGE = 2  # the three-player soloist lays away and draws at most this many


@dataclass(frozen=True)
class Action:
    """One action: ``kind`` is "pass", "bid", "trump", "exchange" or "play"."""

    kind: str
    bid: Bid | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.bid}"
        if self.kind == "trump":
            return f"trump {self.suit}"
        if self.kind == "exchange":
            return " ".join(["exchange", *(str(c) for c in self.cards)])
        if self.kind == "play":
            return f"play {self.cards[0]}"
        return "pass"


PASS = Action("pass")


def parse_action(text: object) -> Action:
    """Read an action's text: ``pass``, ``bid 6``, ``bid 6 clubs``, ``trump H``, ``exchange H7 S8``, ``play HA``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is written as text like 'play HA' or 'bid 6', not {type_name(text)}")
    words = text.split()
    if not words:
        raise ParseError("empty action: expected pass, bid N, bid N clubs, trump S, exchange …, or play CARD")
    head, rest = words[0].lower(), words[1:]
    if head == "pass" and not rest:
        return PASS
    if head == "bid" and rest:
        bid = parse_bid(" ".join(rest))
        if bid is not None:
            return Action("bid", bid=bid)
    if head == "trump" and len(rest) == 1:
        return Action("trump", suit=parse_trump(rest[0]))
    if head == "exchange" and len(rest) <= TALON_EXCHANGE:
        return Action("exchange", cards=tuple(sorted(parse_cards(rest, pack=PACK, unique=True))))
    if head == "play" and len(rest) == 1:
        return Action("play", cards=parse_cards(rest, pack=PACK))
    shown = text if len(text) <= 30 else text[:30] + "…"
    raise ParseError(f"bad action {shown!r}: expected pass, bid N, bid N clubs, trump S, exchange [up to 2 cards], or play CARD")


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order (``plays[i]`` by ``(leader + i) % players``), the winner."""

    leader: int
    plays: tuple[Card, ...]
    winner: int
    reason: Reason


@dataclass(frozen=True)
class Observation:
    """What one player may see: their hand (and, with two players, every face-up card), the bids,
    the trump, the tricks played, each side's tricks, and their legal actions."""

    player: int
    players: int
    phase: str
    dealer: int
    to_move: int
    hand: tuple[Card, ...]
    face_up: tuple[tuple[Card, ...], ...]  # two players: each seat's visible table cards
    hidden_under: tuple[tuple[int, ...], ...]  # two players: which face-up cards still cover a face-down card
    talon_size: int
    laid_away: tuple[Card, ...]  # the soloist's own discards (three players), seen by them only
    bids: tuple[tuple[int, str], ...]
    declarer: int | None
    trump: Suit | None
    current: tuple[Card, ...]
    tricks: tuple[TrickRecord, ...]
    tricks_won: tuple[int, ...]
    legal: tuple[Action, ...]
    result: HandScore | None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "players": self.players,
            "phase": self.phase,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": [str(c) for c in self.hand],
            "face_up": [[str(c) for c in row] for row in self.face_up],
            "hidden_under": [list(row) for row in self.hidden_under],
            "talon_size": self.talon_size,
            "laid_away": [str(c) for c in self.laid_away],
            "bids": [[seat, text] for seat, text in self.bids],
            "declarer": self.declarer,
            "trump": str(self.trump) if self.trump is not None else None,
            "current": [str(c) for c in self.current],
            "tricks": [
                {"leader": t.leader, "plays": [str(c) for c in t.plays], "winner": t.winner} for t in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "legal": [str(a) for a in self.legal],
            "result": None if self.result is None else {
                "scorer": self.result.scorer, "points": self.result.points, "band": self.result.band,
                "reason": self.result.reason.text,
            },
        }


#: The fields of a saved hand.
_KEYS = frozenset({"game", "players", "dealer", "cut", "rules", "deck", "actions"})


def _side(seat: int, players: int) -> int:
    """The score-sheet column of a seat: its team with four players, the seat itself otherwise."""
    return seat % 2 if players == 4 else seat


class HandState:
    """One hand of Sjavs.  Start it with :meth:`deal`; see the module docstring for the phases."""

    def __init__(self, deck: Sequence[Card] | str, *, players: int = 4, dealer: int = 0, cut: bool = True,
                 rules: Rules | None = None) -> None:
        layout = deal_layout(players)
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Sjavs Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules()
        checks.seat(dealer, players, "dealer")
        if not isinstance(cut, bool):
            raise InvalidPosition(f"cut must be True (cut) or False (knocked), not {type_name(cut)}")
        dealt = deal_cards(deck, players, dealer, cut)
        self.players = players
        self.dealer = dealer
        self.cut = cut
        self.deck: tuple[Card, ...] = tuple(deck) if not isinstance(deck, str) else parse_cards(deck, pack=PACK)
        self.layout = layout
        self.hands: list[list[Card]] = [list(h) for h in dealt.hands]
        # Two players: each seat's four piles, bottom (face down) first; the last card of a pile is face up.
        self.piles: list[list[list[Card]]] = [
            [[down, up] for down, up in zip(dealt.face_down[s], dealt.face_up[s])] for s in range(players)
        ] if players == 2 else [[] for _ in range(players)]
        self.talon: list[Card] = list(dealt.talon)
        self.laid_away: list[Card] = []  # the three-player soloist's discards
        self.drawn: list[Card] = []  # what the soloist drew from the talon
        self.bids: list[tuple[int, Bid | None]] = []
        self.declarer: int | None = None
        self.trump: Suit | None = None
        self.phase = "bidding"
        self.current: list[Card] = []
        self.leader = (dealer + 1) % players
        self.tricks: list[TrickRecord] = []
        self.won_cards: list[list[Card]] = [[] for _ in range(players)]
        self.history: list[tuple[Action, Any]] = []

    # -- starting and saving -----------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int | None = None, dealer: int = 0, *, players: int = 4, cut: bool = True,
             rules: Rules | None = None) -> "HandState":
        """A hand dealt from a shuffle drawn from ``seed`` (the same seed, the same cards)."""
        deck = sorted(PACK)
        random.Random(checks.deal_seed(seed)).shuffle(deck)
        return cls(deck, players=players, dealer=dealer, cut=cut, rules=rules)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "sjavs",
            "players": self.players,
            "dealer": self.dealer,
            "cut": self.cut,
            "rules": self.rules.to_json(),
            "deck": " ".join(str(c) for c in self.deck),
            "actions": [str(a) for a, _ in self.history],
        }

    @classmethod
    def from_json(cls, data: object) -> "HandState":
        """The hand a :meth:`to_json` form (or its text) describes, its actions replayed; every field's type
        and value is checked before it is used, and anything wrong raises :class:`InvalidPosition` naming it."""
        obj = checks.saved_object(data, "a saved Sjavs hand", "sjavs", None, _KEYS, ("deck",),
                                  max_chars=20_000, max_depth=4)
        players = checks.one_of(obj.get("players", 4), "players", (4, 3, 2), "4, 3 or 2")
        dealer = checks.seat(obj.get("dealer", 0), players, "dealer")
        cut = checks.flag(obj.get("cut", True), "cut")
        try:
            deck = parse_cards(checks.text(obj["deck"], "deck"), pack=PACK, unique=True)
        except CardParseError as err:
            raise InvalidPosition(f"deck: {err}") from None
        try:
            rules = Rules.from_json(obj.get("rules", {}))
        except StytvoltError as err:
            raise InvalidPosition(f"'rules': {err}") from None
        actions = checks.texts(obj.get("actions", []), "actions", MAX_ACTIONS, item="action")
        state = cls(deck, players=players, dealer=dealer, cut=cut, rules=rules)
        replay_actions(state, actions, parse_action)
        return state

    # -- the protocol ------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        if self.phase == "bidding":
            return (self.dealer + 1 + len(self.bids)) % self.players
        if self.phase in ("trump", "exchange"):
            assert self.declarer is not None
            return self.declarer
        if self.phase == "play":
            return (self.leader + len(self.current)) % self.players
        return -1

    def is_terminal(self) -> bool:
        return self.phase in ("done", "passed")

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may choose from: the hand, and with two players the face-up cards."""
        seat = checks.seat(seat, self.players, "seat")
        cards = list(self.hands[seat])
        if self.players == 2:
            cards.extend(pile[-1] for pile in self.piles[seat] if pile)
        return cards

    def best_bid(self) -> Bid | None:
        found = [b for _, b in self.bids if b is not None]
        return max(found) if found else None

    def visible_to_owner(self, seat: int) -> list[Card]:
        """The cards a player's bid is reckoned from: the hand, and with two players the face-up cards."""
        return self.playable(seat)

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat < 0:
            return []
        if self.phase == "bidding":
            best = self.best_bid()
            bids = trump_lengths(self.visible_to_owner(seat)).bids()
            return [PASS] + [Action("bid", bid=b) for b in bids if best is None or b > best]
        if self.phase == "trump":
            return [Action("trump", suit=s) for s in Suit if self._trump_refusal(s) is None]
        if self.phase == "exchange":
            hand = sorted(self.hands[seat])
            options = [Action("exchange")]
            options += [Action("exchange", cards=(c,)) for c in hand]
            options += [Action("exchange", cards=(a, b)) for i, a in enumerate(hand) for b in hand[i + 1:]]
            return options
        cards = self.playable(seat)
        led = self.current[0] if self.current else None
        assert self.trump is not None
        return [Action("play", cards=(c,)) for c in cards if _refusal(cards, led, self.trump, c) is None]

    def _trump_refusal(self, suit: Suit) -> Reason | None:
        assert self.declarer is not None
        bid = self.best_bid()
        assert bid is not None
        if bid.clubs and suit is not Suit.CLUBS:
            return Reason.of("clubs-bid", "{seat} bid in clubs, so clubs are trumps.", seat=Seat(self.declarer))
        length = trump_lengths(self.visible_to_owner(self.declarer)).of(suit)
        if length < bid.length:
            return Reason.of(
                "short-trump",
                "{seat} bid {bid} but would hold only {length} trumps with {suit} trumps: name a suit of at least {bid}.",
                seat=Seat(self.declarer), bid=bid.length, length=length, suit=suit.english,
            )
        return None

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` may not be taken now, or ``None`` if it may."""
        seat = self.current_player()
        if seat < 0:
            return Reason.of("over", "The hand is over: no more actions.")
        kinds = {"bidding": ("pass", "bid"), "trump": ("trump",), "exchange": ("exchange",), "play": ("play",)}
        if action.kind not in kinds[self.phase]:
            wanted = " or ".join(kinds[self.phase])
            return Reason.of("wrong-phase", "It is {seat}'s turn to {wanted}, not to {kind}.",
                             seat=Seat(seat), wanted=wanted, kind=action.kind)
        if action.kind == "pass":
            return None
        if action.kind == "bid":
            assert action.bid is not None
            why = bid_refusal(action.bid, self.best_bid(), seat)
            if why is not None:
                return why
            held = trump_lengths(self.visible_to_owner(seat)).bids()
            if action.bid not in held:
                can = ", ".join(str(b) for b in held) or "nothing: no suit would make five trumps"
                return Reason.of("bid-not-held", "{seat} cannot bid {bid}: their cards allow {can}.",
                                 seat=Seat(seat), bid=str(action.bid), can=can)
            return None
        if action.kind == "trump":
            assert action.suit is not None
            return self._trump_refusal(action.suit)
        if action.kind == "exchange":
            missing = [c for c in action.cards if c not in self.hands[seat]]
            if missing:
                return Reason.of("not-held", "{card} is not in {seat}'s hand.", tuple(missing),
                                 card=missing[0].symbol, seat=Seat(seat))
            return None
        card = action.cards[0]
        assert self.trump is not None
        return _refusal(self.playable(seat), self.current[0] if self.current else None, self.trump, card)

    def apply(self, action: Any) -> None:
        act = parse_action(action) if not isinstance(action, Action) else action
        why = self.refusal(act)
        if why is not None:
            raise IllegalAction(why)
        seat = self.current_player()
        undo: Any = None
        if act.kind in ("pass", "bid"):
            self.bids.append((seat, act.bid))
            if len(self.bids) == self.players:
                best = self.best_bid()
                if best is None:
                    self.phase = "passed"
                else:
                    self.declarer = next(s for s, b in self.bids if b == best)
                    self.phase = "trump"
        elif act.kind == "trump":
            self.trump = act.suit
            self.phase = "exchange" if self.players == 3 else "play"
        elif act.kind == "exchange":
            hand = self.hands[seat]
            undo = list(hand)
            for card in act.cards:
                hand.remove(card)
            self.laid_away = list(act.cards)
            self.drawn = self.talon[: len(act.cards)]
            hand.extend(self.drawn)
            self.phase = "play"
        else:
            undo = self._play(seat, act.cards[0])
        self.history.append((act, undo))

    def _play(self, seat: int, card: Card) -> Any:
        where: tuple[str, int]
        if card in self.hands[seat]:
            where = ("hand", self.hands[seat].index(card))
            self.hands[seat].pop(where[1])
        else:
            pile = next(i for i, p in enumerate(self.piles[seat]) if p and p[-1] is card)
            self.piles[seat][pile].pop()
            where = ("pile", pile)
        self.current.append(card)
        finished = None
        if len(self.current) == self.players:
            assert self.trump is not None
            result = explain_trick(self.current, self.trump)
            winner = (self.leader + result.winner) % self.players
            finished = (self.leader, tuple(self.current))
            self.tricks.append(TrickRecord(self.leader, tuple(self.current), winner, result.reason))
            self.won_cards[winner].extend(self.current)
            self.current = []
            self.leader = winner
            if not any(self.playable(s) for s in range(self.players)):
                self.phase = "done"
        return where, finished

    def undo(self) -> Action:
        if not self.history:
            raise IllegalAction(Reason.of("nothing-to-undo", "Nothing to take back: the hand is as dealt."))
        act, data = self.history.pop()
        if act.kind in ("pass", "bid"):
            self.bids.pop()
            self.declarer = None
            self.phase = "bidding"
        elif act.kind == "trump":
            self.trump = None
            self.phase = "trump"
        elif act.kind == "exchange":
            assert self.declarer is not None
            self.hands[self.declarer] = data
            self.laid_away, self.drawn = [], []
            self.phase = "exchange"
        else:
            (place, index), finished = data
            seat_card = act.cards[0]
            if finished is not None:
                leader, cards = finished
                record = self.tricks.pop()
                del self.won_cards[record.winner][-len(cards):]
                self.leader = leader
                self.current = list(cards)
                self.phase = "play"
            self.current.pop()
            seat = (self.leader + len(self.current)) % self.players
            if place == "hand":
                self.hands[seat].insert(index, seat_card)
            else:
                self.piles[seat][index].append(seat_card)
        return act

    def clone(self) -> "HandState":
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.piles = [[list(p) for p in row] for row in self.piles]
        other.talon = list(self.talon)
        other.laid_away = list(self.laid_away)
        other.drawn = list(self.drawn)
        other.bids = list(self.bids)
        other.current = list(self.current)
        other.tricks = list(self.tricks)
        other.won_cards = [list(w) for w in self.won_cards]
        other.history = [(a, _copy_undo(d)) for a, d in self.history]
        return other

    # -- the result ----------------------------------------------------------------------------

    def side_of(self, seat: int) -> int:
        """The score-sheet column of a seat: its team with four players, the seat itself otherwise."""
        return _side(checks.seat(seat, self.players, "seat"), self.players)

    def announcer_cards(self) -> list[Card]:
        """The cards that count for the announcers: their tricks, and with three players the talon's
        cards the soloist did not draw and the cards laid away."""
        assert self.declarer is not None
        side = self.side_of(self.declarer)
        cards = [c for s in range(self.players) if self.side_of(s) == side for c in self.won_cards[s]]
        if self.players == 3:
            cards += self.talon[len(self.drawn):] + self.laid_away
        return cards

    def result(self) -> HandScore | None:
        """The hand's score once it is over (``None`` before, and when all passed)."""
        if self.phase != "done":
            return None
        assert self.declarer is not None and self.trump is not None
        side = self.side_of(self.declarer)
        tricks = [t for t in self.tricks if self.side_of(t.winner) == side]
        alone = self.players == 4 and len(tricks) == len(self.tricks) and len({t.winner for t in tricks}) == 1
        return hand_score(self.trump, card_points(self.announcer_cards()), len(tricks), alone=alone,
                          players=self.players, rules=self.rules)

    def returns(self) -> list[int]:
        score = self.result()
        if score is None or score.scorer is None:
            return [0] * self.players
        assert self.declarer is not None
        announcers = self.side_of(self.declarer)
        sign = 1 if score.scorer == "announcers" else -1
        if self.players == 3:
            return [sign * score.points * (2 if s == self.declarer else -1) for s in range(3)]
        return [sign * score.points * (1 if self.side_of(s) == announcers else -1) for s in range(self.players)]

    # -- what each player sees ------------------------------------------------------------------

    def known_to(self, player: int) -> set[Card]:
        """Every card ``player`` has seen: their own, every face-up card, every card played."""
        player = checks.seat(player, self.players)
        seen = set(self.hands[player]) | set(self.current)
        for t in self.tricks:
            seen.update(t.plays)
        for row in self.piles:
            seen.update(pile[-1] for pile in row if pile)  # the top card of a pile lies face up
        if player == self.declarer:
            seen.update(self.laid_away)
        return seen

    def observation(self, player: int) -> Observation:
        player = checks.seat(player, self.players)
        to_move = self.current_player()
        won = [0] * self.players
        for t in self.tricks:
            won[t.winner] += 1
        return Observation(
            player=player,
            players=self.players,
            phase=self.phase,
            dealer=self.dealer,
            to_move=to_move,
            hand=tuple(self.hands[player]),
            face_up=tuple(tuple(p[-1] for p in row if p) for row in self.piles),
            hidden_under=tuple(tuple(i for i, p in enumerate(row) if len(p) == 2) for row in self.piles),
            talon_size=len(self.talon) - len(self.drawn),
            laid_away=tuple(self.laid_away) if player == self.declarer else (),
            bids=tuple((s, "pass" if b is None else str(b)) for s, b in self.bids),
            declarer=self.declarer,
            trump=self.trump,
            current=tuple(self.current),
            tricks=tuple(self.tricks),
            tricks_won=tuple(won),
            legal=tuple(self.legal_actions()) if to_move == player else (),
            result=self.result(),
        )

    def resample(self, player: int, rng: random.Random, tries: int = 40) -> "HandState":
        """A hand ``player`` cannot tell from this one: the cards hidden from them dealt afresh among
        the places they could be (others' hands, face-down cards, the talon, the soloist's discards),
        each place keeping its size, no player given a suit they have shown out of, and the whole
        hand replayable from its deal (every bid and the trump still allowed).  If ``tries`` draws
        all fail that last test, the hand itself is returned as a copy (it is one such hand)."""
        player = checks.seat(player, self.players)
        rng = checks.rng(rng)
        known = self.known_to(player)
        slots: list[Card] = []  # the hidden cards, where they are now
        owners: list[int] = []  # the seat holding each in its hand, or -1
        for s in range(self.players):
            if s != player:
                slots += self.hands[s]
                owners += [s] * len(self.hands[s])
            for pile in self.piles[s]:
                if len(pile) == 2:
                    slots.append(pile[0])
                    owners.append(-1)
        rest = self.talon[len(self.drawn):] + ([] if player == self.declarer else self.laid_away)
        slots += rest
        owners += [-1] * len(rest)
        assert not set(slots) & known
        void = self._voids()
        actions = [a for a, _ in self.history]
        for _ in range(tries):
            fresh = _assign(slots, owners, void, rng, self.trump)
            swap = dict(zip(slots, fresh))
            try:
                other = HandState([swap.get(c, c) for c in self.deck], players=self.players,
                                  dealer=self.dealer, cut=self.cut, rules=self.rules)
                for act in actions:
                    if act.kind == "exchange":
                        act = Action("exchange", cards=tuple(sorted(swap.get(c, c) for c in act.cards)))
                    other.apply(act)
            except IllegalAction:
                continue
            return other
        return self.clone()

    def _voids(self) -> dict[int, set[Suit]]:
        """The suits each player has shown out of (failed to follow)."""
        void: dict[int, set[Suit]] = {s: set() for s in range(self.players)}
        if self.trump is None:
            return void
        plays = [(t.leader, t.plays) for t in self.tricks]
        if self.current:
            plays.append((self.leader, tuple(self.current)))
        for leader, cards in plays:
            led = suit_of(cards[0], self.trump)
            for i, card in enumerate(cards[1:], start=1):
                if suit_of(card, self.trump) is not led:
                    void[(leader + i) % self.players].add(led)
        return void


def _copy_undo(data: Any) -> Any:
    """An action's undo record, with its one mutable part (a saved hand) copied."""
    return list(data) if isinstance(data, list) else data


def _assign(cards: list[Card], owners: list[int], void: dict[int, set[Suit]],
            rng: random.Random, trump: Suit | None) -> list[Card]:
    """The cards dealt afresh over the same places (``owners[i]``: the seat whose hand place i is
    in, or -1), at random, no seat given a card of a suit it showed out of."""

    def fits(card: Card, seat: int) -> bool:
        return seat < 0 or trump is None or suit_of(card, trump) not in void[seat]

    order = list(range(len(owners)))
    rng.shuffle(order)
    pool = list(cards)
    rng.shuffle(pool)
    # A random matching of cards to places (augmenting paths): a fit is found whenever one exists,
    # and the true deal is one.
    owner: dict[int, int] = {}  # place -> card index

    def place(ci: int, seen: set[int]) -> bool:
        for si in order:
            if si in seen or not fits(pool[ci], owners[si]):
                continue
            seen.add(si)
            if si not in owner or place(owner[si], seen):
                owner[si] = ci
                return True
        return False

    for ci in range(len(pool)):
        placed = place(ci, set())
        assert placed, "the true deal fits, so some deal does"
    return [pool[owner[si]] for si in range(len(owners))]
