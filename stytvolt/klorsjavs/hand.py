"""A hand of Klørsjavs as a state machine: three hands, four hands, or the auction.

Phases:

* ``bidding``: from the dealer's left, each player speaks once.  Klørsjavs:
  "pass" or "play", and the first "play" ends the bidding.  Auction: "pass"
  or a bid higher than any before (spil, stryger, tout, strøget tout).  If
  all pass the hand ends ``passed`` (the same dealer deals again);
* ``trump`` (auction): the declarer names the trump suit;
* ``cat``: the declarer swipes the cat (lays two cards away, face down, and
  takes the cat's two) or strokes it (leaves it unseen).  In the auction a
  Spil or Tout swipes and a Stryger or Strøget tout strokes, so the phase
  is skipped for those;
* ``play``: tricks; the dealer's left leads the first, except that in a
  tout the declarer does.  In (four-hand) Klørsjavs the declarer may
  ``fold`` when their turn in the first trick comes (and loses 8);
* ``done`` / ``folded``.

The cat, or the two cards laid away, count for the declarer.
``returns()`` (zero-sum): what the hand moves between the declarer and the
opponents, in øre or game points: with three players, when each opponent
pays or subtracts X the declarer gets 2X and each opponent -X; when the
declarer alone subtracts 8, the declarer gets -8 and the others share +8.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from stytvolt.core import checks
from stytvolt.core.cards import Card, Suit, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.core.match import MAX_ACTIONS
from stytvolt.core.protocol import replay_actions
from stytvolt.core.tricks import deal_packets
from stytvolt.klorsjavs.cards import FOUR_HAND_PACK, PACK, parse_trump
from stytvolt.klorsjavs.rules import (
    FOLD_COST, Bid, auction_score, card_points, hand_score, legal_plays, parse_auction_bid, refusal, trick_winner,
)

__all__ = ["VARIANTS", "Action", "parse_action", "HandState", "Observation"]

#: The three games and their player counts.
VARIANTS = {"klorsjavs": 3, "four-hand": 4, "auction": 3}
#: The fields of a saved hand.
_KEYS = frozenset({"game", "variant", "dealer", "deck", "actions"})


@dataclass(frozen=True)
class Action:
    """``kind``: "pass", "play-bid" (Klørsjavs's "play"), "bid", "trump", "swipe", "stroke",
    "fold" or "card"."""

    kind: str
    bid: Bid | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind == "play-bid":
            return "play"
        if self.kind == "bid":
            return f"bid {self.bid}"
        if self.kind == "trump":
            return f"trump {self.suit}"
        if self.kind == "swipe":
            return "swipe " + " ".join(map(str, self.cards))
        if self.kind == "card":
            return f"card {self.cards[0]}"
        return self.kind


def parse_action(text: object) -> Action:
    """``pass``, ``play``, ``bid stryger``, ``trump H``, ``swipe HA S5``, ``stroke``, ``fold``, ``card CQ``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is written as text like 'card CQ' or 'play', not {type_name(text)}")
    words = text.split()
    head, rest = (words[0].lower(), words[1:]) if words else ("", [])
    if head in ("pass", "stroke", "fold") and not rest:
        return Action(head)
    if head == "play" and not rest:
        return Action("play-bid")
    if head == "bid" and rest:
        return Action("bid", bid=parse_auction_bid(" ".join(rest)))
    if head == "trump" and len(rest) == 1:
        suit = parse_trump(rest[0])
        if suit is not None:
            return Action("trump", suit=suit)
    if head == "swipe" and len(rest) == 2:
        return Action("swipe", cards=tuple(sorted(parse_cards(rest, pack=PACK, unique=True))))
    if head == "card" and len(rest) == 1:
        return Action("card", cards=parse_cards(rest, pack=PACK))
    shown = text if len(text) <= 30 else text[:30] + "…"
    raise ParseError(f"bad action {shown!r}: expected pass, play, bid NAME, trump S, swipe C1 C2, stroke, fold or card C")


@dataclass(frozen=True)
class Observation:
    """What one player may see."""

    player: int
    variant: str
    phase: str
    dealer: int
    to_move: int
    hand: tuple[Card, ...]
    laid_away: tuple[Card, ...]  # the declarer's own, until the first card is led (then none)
    bids: tuple[tuple[int, str], ...]
    declarer: int | None
    bid: str | None
    trump: Suit | None
    current: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]  # (leader, plays, winner)
    legal: tuple[Action, ...]
    returns: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "variant": self.variant, "phase": self.phase, "dealer": self.dealer,
            "to_move": self.to_move, "hand": [str(c) for c in self.hand],
            "laid_away": [str(c) for c in self.laid_away], "bids": [[s, t] for s, t in self.bids],
            "declarer": self.declarer, "bid": self.bid, "trump": None if self.trump is None else str(self.trump),
            "current": [str(c) for c in self.current],
            "tricks": [[leader, [str(c) for c in plays], winner] for leader, plays, winner in self.tricks],
            "legal": [str(a) for a in self.legal], "returns": list(self.returns),
        }


class HandState:
    """One hand of Klørsjavs (``variant``: "klorsjavs", "four-hand" or "auction")."""

    def __init__(self, deck: Any, *, variant: str = "klorsjavs", dealer: int = 0) -> None:
        variant = checks.one_of(variant, "variant", tuple(VARIANTS))
        players = VARIANTS[variant]
        pack = FOUR_HAND_PACK if variant == "four-hand" else PACK
        cards = parse_cards(deck, pack=pack, unique=True) if isinstance(deck, (str, list, tuple)) else None
        if cards is None or len(cards) != len(pack):
            raise InvalidPosition(f"the deck must hold all {len(pack)} cards of {pack.description}")
        checks.seat(dealer, players, "dealer")
        self.variant, self.players, self.dealer, self.deck = variant, players, dealer, cards
        size = 2 if variant == "four-hand" else 3  # packets: 3 + 3 (2 + 2), the cat between them
        first, rest = deal_packets(cards, players, (dealer + 1) % players, (size,))
        self.cat: list[Card] = list(rest[:2])
        second, _ = deal_packets(rest[2:], players, (dealer + 1) % players, (size,))
        self.hands: list[list[Card]] = [first[s] + second[s] for s in range(players)]
        self.bids: list[tuple[int, Action]] = []
        self.declarer: int | None = None
        self.bid: Bid | None = None
        self.trump: Suit | None = None
        self.swiped = False
        self.laid_away: list[Card] = []
        self.phase = "bidding"
        self.leader = (dealer + 1) % players
        self.current: list[Card] = []
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []
        self.won: list[list[Card]] = [[] for _ in range(players)]
        self.history: list[tuple[Action, Any]] = []

    @classmethod
    def deal(cls, seed: int | None = None, dealer: int = 0, *, variant: str = "klorsjavs") -> "HandState":
        variant = checks.one_of(variant, "variant", tuple(VARIANTS))
        deck = sorted(FOUR_HAND_PACK if variant == "four-hand" else PACK)
        random.Random(checks.deal_seed(seed)).shuffle(deck)
        return cls(deck, variant=variant, dealer=dealer)

    # -- saving --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"game": "klorsjavs", "variant": self.variant, "dealer": self.dealer,
                "deck": " ".join(map(str, self.deck)), "actions": [str(a) for a, _ in self.history]}

    @classmethod
    def from_json(cls, data: object) -> "HandState":
        """The hand a :meth:`to_json` form (or its text) describes, its actions replayed; every field's type
        and value is checked before it is used, and anything wrong raises :class:`InvalidPosition` naming it."""
        obj = checks.saved_object(data, "a saved Klørsjavs hand", "klorsjavs", None, _KEYS, ("deck",),
                                  max_chars=10_000, max_depth=4)
        variant = checks.one_of(obj.get("variant", "klorsjavs"), "variant", tuple(VARIANTS))
        dealer = checks.seat(obj.get("dealer", 0), VARIANTS[variant], "dealer")
        deck = checks.text(obj["deck"], "deck")
        actions = checks.texts(obj.get("actions", []), "actions", MAX_ACTIONS, item="action")
        try:
            state = cls(deck, variant=variant, dealer=dealer)
        except StytvoltError as err:  # the variant and dealer are checked above: the deck is wrong
            raise InvalidPosition(f"deck: {err}") from None
        replay_actions(state, actions, parse_action)
        return state

    # -- the protocol ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def auction(self) -> bool:
        return self.variant == "auction"

    def current_player(self) -> int:
        if self.phase == "bidding":
            return (self.dealer + 1 + len(self.bids)) % self.players
        if self.phase in ("trump", "cat"):
            assert self.declarer is not None
            return self.declarer
        if self.phase == "play":
            return (self.leader + len(self.current)) % self.players
        return -1

    def is_terminal(self) -> bool:
        return self.phase in ("done", "folded", "passed")

    def _best(self) -> Bid | None:
        bids = [a.bid for _, a in self.bids if a.bid is not None]
        return max(bids, key=lambda b: b.rank) if bids else None

    def _may_fold(self, seat: int) -> bool:
        return not self.auction and seat == self.declarer and not self.tricks

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat < 0:
            return []
        if self.phase == "bidding":
            if not self.auction:
                return [Action("pass"), Action("play-bid")]
            best = self._best()
            return [Action("pass")] + [Action("bid", bid=b) for b in Bid if best is None or b.rank > best.rank]
        if self.phase == "trump":
            return [Action("trump", suit=s) for s in Suit]
        if self.phase == "cat":
            hand = sorted(self.hands[seat])
            swipes = [Action("swipe", cards=(a, b)) for i, a in enumerate(hand) for b in hand[i + 1:]]
            return swipes if self.auction else [Action("stroke"), *swipes]
        cards = [Action("card", cards=(c,)) for c in legal_plays(self.hands[seat], self.current, self.trump)]
        return cards + ([Action("fold")] if self._may_fold(seat) else [])

    def refusal(self, action: Action) -> Reason | None:
        seat = self.current_player()
        if seat < 0:
            return Reason.of("over", "The hand is over: no more actions.")
        if action in self.legal_actions():
            return None
        if self.phase == "play" and action.kind == "card":
            card = action.cards[0]
            if card not in self.hands[seat]:
                return Reason.of("not-held", "{card} is not in {seat}'s hand.", (card,), card=card.symbol, seat=Seat(seat))
            why = refusal(self.hands[seat], self.current, card, self.trump)  # the rules' own words for following
            if why is not None:
                return why
        if action.kind == "bid" and self.phase == "bidding" and self.auction:
            return Reason.of("bid-too-low", "{seat} bid {bid}, which does not beat {best}.",
                             seat=Seat(seat), bid=str(action.bid), best=str(self._best()))
        if action.kind == "fold":
            return Reason.of("no-fold", "Only the declarer may fold, at their turn in the first trick (not in the auction).")
        if action.kind == "swipe" and self.phase == "cat":
            return Reason.of("not-held", "{seat} can lay away only cards from their hand.", seat=Seat(seat))
        return Reason.of("wrong-phase", "{seat} cannot {action} now: the hand is at its {phase}.",
                         seat=Seat(seat), action=str(action), phase=self.phase)

    def apply(self, action: Any) -> None:
        act = parse_action(action)
        why = self.refusal(act)
        if why is not None:
            raise IllegalAction(why)
        seat = self.current_player()
        undo: Any = (self.phase, self.leader)
        if self.phase == "bidding":
            self.bids.append((seat, act))
            if act.kind == "play-bid":
                self.declarer, self.phase = seat, "cat"
            elif len(self.bids) == self.players:
                best = self._best()
                if best is None:
                    self.phase = "passed"
                else:
                    self.declarer = next(s for s, a in self.bids if a.bid is best)
                    self.bid, self.phase = best, "trump"
        elif act.kind == "trump":
            self.trump = act.suit
            assert self.bid is not None and self.declarer is not None
            self.phase = "cat" if self.bid.takes_cat else "play"
            if self.bid.is_tout:
                self.leader = self.declarer
        elif act.kind in ("swipe", "stroke"):
            hand = self.hands[seat]
            undo = (self.phase, self.leader, list(hand))
            if act.kind == "swipe":
                for card in act.cards:
                    hand.remove(card)
                hand.extend(self.cat)
                self.laid_away, self.swiped = list(act.cards), True
            self.phase = "play"
        elif act.kind == "fold":
            self.phase = "folded"
        else:
            card = act.cards[0]
            index = self.hands[seat].index(card)
            self.hands[seat].pop(index)
            self.current.append(card)
            undo = (self.phase, self.leader, index, None)
            if len(self.current) == self.players:
                winner = (self.leader + trick_winner(self.current, self.trump)) % self.players
                undo = (self.phase, self.leader, index, tuple(self.current))
                self.tricks.append((self.leader, tuple(self.current), winner))
                self.won[winner].extend(self.current)
                self.current, self.leader = [], winner
                if not self.hands[winner]:
                    self.phase = "done"
        self.history.append((act, undo))

    def undo(self) -> Action:
        if not self.history:
            raise IllegalAction(Reason.of("nothing-to-undo", "Nothing to take back: the hand is as dealt."))
        act, data = self.history.pop()
        self.phase, self.leader = data[0], data[1]
        if act.kind in ("pass", "play-bid", "bid"):
            self.bids.pop()
            self.declarer = self.bid = None
        elif act.kind == "trump":
            self.trump = None
        elif act.kind in ("swipe", "stroke"):
            assert self.declarer is not None
            self.hands[self.declarer] = list(data[2])
            self.laid_away, self.swiped = [], False
        elif act.kind == "card":
            index, finished = data[2], data[3]
            if finished is not None:
                _, plays, winner = self.tricks.pop()
                del self.won[winner][-len(plays):]
                self.current = list(plays)
            card = self.current.pop()
            self.hands[(self.leader + len(self.current)) % self.players].insert(index, card)
        return act

    def clone(self) -> "HandState":
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        for name in ("cat", "bids", "laid_away", "current", "tricks"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.won = [list(w) for w in self.won]
        other.history = [(a, tuple(list(x) if isinstance(x, list) else x for x in d)) for a, d in self.history]
        return other

    # -- the result ------------------------------------------------------------------------------

    def declarer_points(self) -> int:
        """The declarer's card points: their tricks, and the cat's cards (or the two laid away)."""
        assert self.declarer is not None
        extra = self.laid_away if self.swiped else self.cat
        return card_points(self.won[self.declarer] + list(extra))

    def returns(self) -> list[int]:
        if self.phase not in ("done", "folded") or self.declarer is None:
            return [0] * self.players
        others = self.players - 1
        if self.phase == "folded":
            return self._split(-FOLD_COST)
        if self.auction:
            assert self.bid is not None
            tricks = sum(1 for _, _, w in self.tricks if w == self.declarer)
            score = auction_score(self.bid, None if self.bid.is_tout else self.declarer_points(),
                                  tricks == len(self.tricks) if self.bid.is_tout else None,
                                  no_tricks=tricks == 0 and not self.bid.is_tout)
            return [score.tariff * others if s == self.declarer else -score.tariff for s in range(self.players)]
        return self.returns_with(self.declarer_points())

    def returns_with(self, points: int) -> list[int]:
        """What :meth:`returns` gives at the end of this Klørsjavs or four-hand hand, played out, when the
        declarer's card points (tricks, and the cat or the cards laid away) come to ``points``: the one place the
        card points turn into øre for every seat (the puzzles' goals read it)."""
        assert self.declarer is not None and not self.auction
        others = self.players - 1
        result = hand_score(points, four_hand=self.variant == "four-hand")
        if result.who == "opponents":
            return [result.ore * others if s == self.declarer else -result.ore for s in range(self.players)]
        return self._split(-result.ore)

    def _split(self, declarer: int) -> list[int]:
        """The declarer's change and the opposite shared among the others (as evenly as whole numbers go)."""
        assert self.declarer is not None
        others = [s for s in range(self.players) if s != self.declarer]
        share, extra = divmod(-declarer, len(others))
        out = [0] * self.players
        out[self.declarer] = declarer
        for i, s in enumerate(others):
            out[s] = share + (1 if i < extra else 0)
        return out

    # -- what each player sees ---------------------------------------------------------------------

    def known_to(self, player: int) -> set[Card]:
        """Every card ``player`` has seen: their own, every card played, and the cat and the cards laid away
        by a declarer who swiped."""
        player = checks.seat(player, self.players)
        seen = set(self.hands[player]) | set(self.current)
        for _, plays, _ in self.tricks:
            seen.update(plays)
        if player == self.declarer and self.swiped:
            seen.update(self.laid_away)
            seen.update(self.cat)
        return seen

    def observation(self, player: int) -> Observation:
        player = checks.seat(player, self.players)
        to_move = self.current_player()
        looking = player == self.declarer and not self.tricks and not self.current  # until the first lead
        return Observation(
            player, self.variant, self.phase, self.dealer, to_move, tuple(self.hands[player]),
            tuple(self.laid_away) if looking else (), tuple((s, str(a)) for s, a in self.bids),
            self.declarer, None if self.bid is None else str(self.bid), self.trump, tuple(self.current),
            tuple(self.tricks), tuple(self.legal_actions()) if to_move == player else (), tuple(self.returns()),
        )

    def resample(self, player: int, rng: random.Random, tries: int = 40) -> "HandState":
        """A hand ``player`` cannot tell from this one: the hidden cards (others' hands, the cat or the
        cards laid away) dealt afresh, replayable from the deal; the hand itself if ``tries`` draws fail."""
        player = checks.seat(player, self.players)
        rng = checks.rng(rng)
        known = self.known_to(player)
        hidden = [c for c in self.deck if c not in known]
        actions = [a for a, _ in self.history]
        for _ in range(tries):
            fresh = list(hidden)
            rng.shuffle(fresh)
            swap = dict(zip(hidden, fresh))
            try:
                other = HandState([swap[c] if c in swap else c for c in self.deck], variant=self.variant, dealer=self.dealer)
                for act in actions:
                    if act.kind == "swipe":
                        act = Action("swipe", cards=tuple(sorted(swap.get(c, c) for c in act.cards)))
                    other.apply(act)
            except IllegalAction:
                continue
            if other.observation(player).to_json() == self.observation(player).to_json():
                return other
        return self.clone()
