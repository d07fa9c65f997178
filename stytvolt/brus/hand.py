"""A deal of Brus as a state machine, for four players (two against two) or six (three against three).

The dealer shuffles, the player at the dealer's right cuts, and the whole
36-card pack is dealt one card at a time clockwise from the dealer's left:
nine cards each at four, six at six (ruling R64).  Partners alternate round
the table, so a seat's side is ``seat % 2``.

The play (the rules themselves are in :mod:`stytvolt.brus.rules`):

* whoever comes to the lead first lays out every seven held, each a trick
  won for the side (ruling R58): the leader does not choose this, so it is
  done for them, and each seven is an :class:`Event` in the deal's log;
* then the leader leads a live card; a leader with none passes the lead to
  the left (the next player lays out sevens and leads, and so on);
* each other player in turn, once, beats the highest card so far or, only
  when unable, passes (ruling R57); the highest card wins the trick and its
  player comes to the lead (ruling R59);
* the deal stops the moment a side has six tricks, or when no live card is
  left in any hand (every seven is laid out by then: ruling R60).

Actions are ``"CJ"`` (play that card; ``"card CJ"`` is read too) and
``"pass"``.  ``returns()``: the strokes of the deal (:func:`~stytvolt.brus.rules.deal_score`),
positive for each player of the side that scores them and negative for each
opponent, so they sum to 0.

:meth:`HandState.undo` takes an action back in constant time: an action
changes a few fields, each rebound to an immutable value, and the log only
grows, so undo rebinds the saved values and cuts the log back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card, Rank, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.core.match import MAX_ACTIONS
from stytvolt.core.protocol import replay_actions
from stytvolt.core.tricks import deal_packets
from stytvolt.brus.cards import CLUB_KING, PACK, SEVENS, check_card, is_live, name_of, power
from stytvolt.brus.rules import (
    SIX, TABLES, DealScore, TrickExplanation, card_fault, card_refusal, deal_score, explain_trick, pass_blockers,
    pass_refusal, side_of,
)
from stytvolt.brus.variants import Rules

__all__ = ["Action", "PASS_ACTION", "parse_action", "Event", "Observation", "HandState", "GAME_NAME"]

#: The ``"game"`` of a saved deal.
GAME_NAME = "brus"
_KEYS = {"game", "v", "players", "dealer", "rules", "deck", "actions"}
#: The cap of a hand known to hold no live card (every live card has power 1 or more).
_NO_LIVE = 0


@dataclass(frozen=True)
class Action:
    """A turn: play ``card``, or pass (``card`` is ``None``)."""

    card: Card | None = None

    def __str__(self) -> str:
        return "pass" if self.card is None else str(self.card)


PASS_ACTION = Action(None)


def parse_action(text: object) -> Action:
    """``"pass"``, or a card: ``"CJ"``, ``"♣J"``, ``"card CJ"``.  Anything else raises :class:`ParseError`
    naming it."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is written as text like 'CJ' or 'pass', not {type_name(text)}")
    words = text.split()
    if len(words) == 1 and words[0].lower() == "pass":
        return PASS_ACTION
    if len(words) == 2 and words[0].lower() == "card":
        words = words[1:]
    if len(words) == 1:
        try:
            return Action(check_card(words[0], "the card played"))
        except ParseError:
            pass
    shown = text if len(text) <= 30 else text[:30] + "…"
    raise ParseError(f"bad action {shown!r}: expected a card of the Brus pack (like CJ or ♣J) or pass")


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table, all of it public, in order.

    ``kind``: ``"seven"`` (``seat`` laid out a seven on coming to the lead: a
    trick won), ``"trick"`` (a trick led by ``seat``; ``plays`` holds each
    turn, a card or ``None`` for a pass, and ``winner`` took it) or
    ``"lead-passes"`` (``seat`` came to the lead holding no live card, so the
    lead went on to the left; ``winner`` is -1).
    """

    kind: str
    seat: int
    plays: tuple[tuple[int, Card | None], ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat,
                "plays": [[s, "pass" if c is None else str(c)] for s, c in self.plays], "winner": self.winner}


@dataclass(frozen=True)
class Observation:
    """What one player may see: their own hand, how many cards each player holds, everything played or
    laid out (the log), the trick in progress, the tricks each side has, and the result at the end
    (with ♣K's holder, shown when that card decides: ruling R62)."""

    player: int
    players: int
    dealer: int
    to_move: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    log: tuple[Event, ...]
    leader: int
    plays: tuple[tuple[int, Card | None], ...]
    tricks: tuple[int, int]
    legal: tuple[Action, ...]
    returns: tuple[int, ...]
    over: bool
    club_king: int | None
    result: tuple[Reason, ...]

    @property
    def side(self) -> int:
        return self.player % 2

    @property
    def highest(self) -> Card | None:
        """The highest card of the trick in progress (the last card played to it), or ``None``."""
        cards = [c for _, c in self.plays if c is not None]
        return cards[-1] if cards else None

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player, "players": self.players, "dealer": self.dealer, "to_move": self.to_move,
            "hand": [str(c) for c in self.hand], "counts": list(self.counts), "log": [e.to_json() for e in self.log],
            "leader": self.leader, "plays": [[s, "pass" if c is None else str(c)] for s, c in self.plays],
            "tricks": list(self.tricks), "legal": [str(a) for a in self.legal], "returns": list(self.returns),
            "over": self.over, "club_king": self.club_king, "result": [r.as_dict() for r in self.result],
        }


def _check_players(players: object) -> int:
    return checks.one_of(players, "players", tuple(TABLES), "4 or 6 (two sides of two or of three)")


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


class HandState:
    """One deal of Brus for ``players`` (4 or 6), dealt by ``dealer`` from ``deck`` (the pack as dealt,
    after the cut: its first card goes to the dealer's left)."""

    def __init__(self, deck: Sequence[Card] | str, *, players: int = 4, dealer: int = 0,
                 rules: Rules | None = None) -> None:
        self.players = _check_players(players)
        checks.seat(dealer, self.players, "dealer")
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidPosition(f"rules must be Brus Rules, not {type_name(rules)}")
        self.rules = rules if rules is not None else Rules()
        if isinstance(deck, str):
            deck = parse_cards(deck, pack=PACK, unique=True)
        self.deck: tuple[Card, ...] = PACK.check_deck(deck)
        self.dealer = dealer
        dealt, _ = deal_packets(self.deck, self.players, (dealer + 1) % self.players, (1,) * TABLES[self.players])
        #: each seat's cards (immutable; an action rebinds the tuple it changes)
        self.hands: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in dealt)
        self.log: list[Event] = []
        self.leader = -1
        self.plays: tuple[tuple[int, Card | None], ...] = ()
        self.highest: Card | None = None
        self.won: tuple[int, int] = (0, 0)
        #: "" while the deal is played, then "six" (a side reached six tricks) or "no-live" (no live card left)
        self.end = ""
        self.history: list[tuple[Action, tuple[Any, ...]]] = []
        self._take_lead((dealer + 1) % self.players)

    @classmethod
    def deal(cls, seed: int | None = None, dealer: int = 0, *, players: int = 4,
             rules: Rules | None = None) -> "HandState":
        """A deal shuffled from ``seed`` (the same seed, the same cards) and cut by the player at the dealer's
        right (a cut of 4 to 32 cards, drawn from the same seed)."""
        rng = random.Random(checks.deal_seed(seed))
        deck = sorted(PACK)
        rng.shuffle(deck)
        cut = rng.randrange(4, 33)
        return cls(deck[cut:] + deck[:cut], players=players, dealer=dealer, rules=rules)

    @property
    def cutter(self) -> int:
        """The player who cut: the dealer's right."""
        return (self.dealer - 1) % self.players

    # -- saving ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"game": GAME_NAME, "v": 1, "players": self.players, "dealer": self.dealer,
                "rules": self.rules.to_json(), "deck": " ".join(str(c) for c in self.deck),
                "actions": [str(a) for a, _ in self.history]}

    @classmethod
    def from_json(cls, data: object) -> "HandState":
        """The deal a :meth:`to_json` form (or its text) describes, its actions replayed; every field's type
        and value is checked before it is used, and anything wrong raises :class:`InvalidPosition` naming it."""
        obj = checks.saved_object(data, "a saved Brus deal", GAME_NAME, 1, _KEYS, ("deck",), max_chars=10_000,
                                  max_depth=4)
        players = _check_players(obj.get("players", 4))
        dealer = checks.seat(obj.get("dealer", 0), players, "dealer")
        try:
            deck = PACK.check_deck(parse_cards(checks.text(obj["deck"], "deck", "the 36 cards as text"), pack=PACK,
                                               unique=True))
        except StytvoltError as err:
            raise InvalidPosition(f"a saved Brus deal: deck: {err}") from None
        actions = checks.texts(obj.get("actions", []), "actions", MAX_ACTIONS, item="action")
        try:
            rules = Rules.from_json(obj.get("rules", {}))
        except StytvoltError as err:
            raise InvalidPosition(f"a saved Brus deal: {err}") from None
        state = cls(deck, players=players, dealer=dealer, rules=rules)
        replay_actions(state, actions, parse_action)
        return state

    # -- the protocol ------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def current_player(self) -> int:
        if self.end:
            return -1
        return (self.leader + len(self.plays)) % self.players

    def is_terminal(self) -> bool:
        return bool(self.end)

    def legal_actions(self) -> list[Action]:
        """The cards the player to move may play (in hand order), then ``pass`` if allowed."""
        if self.end:
            return []
        hand = self.hands[self.current_player()]
        out = [Action(c) for c in hand if card_fault(hand, self.highest, c) is None]
        if not pass_blockers(hand, self.highest):
            out.append(PASS_ACTION)
        return out

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` may not be taken now, or ``None`` if it may: the rules' own predicates."""
        if self.end:
            return Reason.of("over", "The deal is over: no more plays.")
        seat = self.current_player()
        hand = self.hands[seat]
        if action.card is None:
            return pass_refusal(hand, self.highest)
        why = card_refusal(hand, self.highest, action.card)
        if why is not None and why.code == "not-held":
            return Reason.of("not-held", "{card} is not in {seat}'s hand.", (action.card,), card=action.card.symbol,
                             seat=Seat(seat))
        return why

    def apply(self, action: Any) -> None:
        act = parse_action(action)
        why = self.refusal(act)
        if why is not None:
            raise IllegalAction(why)
        saved = (self.hands, self.plays, self.highest, self.leader, self.won, self.end, len(self.log))
        seat = self.current_player()
        if act.card is not None:
            self._set_hand(seat, _without(self.hands[seat], act.card))
            self.highest = act.card
        self.plays = self.plays + ((seat, act.card),)
        if len(self.plays) == self.players:
            self._finish_trick()
        self.history.append((act, saved))

    def undo(self) -> Action:
        if not self.history:
            raise IllegalAction(Reason.of("nothing-to-undo", "Nothing to take back: the deal is as dealt."))
        act, saved = self.history.pop()
        self.hands, self.plays, self.highest, self.leader, self.won, self.end, size = saved
        del self.log[size:]
        return act

    def clone(self) -> "HandState":
        other = object.__new__(HandState)
        other.__dict__.update(self.__dict__)
        other.log = list(self.log)
        other.history = list(self.history)
        return other

    # -- the play ----------------------------------------------------------------------------------

    def _set_hand(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands = self.hands[:seat] + (cards,) + self.hands[seat + 1:]

    def _win(self, seat: int) -> bool:
        """One more trick for ``seat``'s side; True when that makes six and the deal stops."""
        side = seat % 2
        won = list(self.won)
        won[side] += 1
        self.won = (won[0], won[1])
        if won[side] >= SIX:
            self.end, self.leader = "six", -1
            return True
        return False

    def _finish_trick(self) -> None:
        """The trick is complete: the highest card wins it, and its player comes to the lead."""
        winner = next(s for s, c in self.plays if c is self.highest)
        self.log.append(Event("trick", self.leader, self.plays, winner))
        self.plays, self.highest = (), None
        if not self._win(winner):
            self._take_lead(winner)

    def _take_lead(self, seat: int) -> None:
        """``seat`` comes to the lead: sevens are laid out, then a live card is led, or the lead goes on to
        the left (ruling R60).  Ends the deal at six tricks, or when no hand holds a live card."""
        anyone_live = any(is_live(c) for hand in self.hands for c in hand)
        for k in range(self.players):
            s = (seat + k) % self.players
            for card in [c for c in self.hands[s] if c.rank is Rank.SEVEN]:
                self._set_hand(s, _without(self.hands[s], card))
                self.log.append(Event("seven", s, ((s, card),), s))
                if self._win(s):
                    return
            if any(is_live(c) for c in self.hands[s]):
                self.leader = s
                return
            if anyone_live:
                self.log.append(Event("lead-passes", s, (), -1))
        self.end, self.leader = "no-live", -1

    # -- the result --------------------------------------------------------------------------------

    def club_king_holder(self) -> int:
        """The seat holding ♣K (a dud, so it stays in its holder's hand all deal)."""
        return next(s for s, hand in enumerate(self.hands) if CLUB_KING in hand)

    def club_king_shown(self) -> bool:
        """Whether ♣K's holder is shown: at the end of a deal with no side at six and a side at five, where
        that card decides (ruling R62)."""
        return self.end == "no-live" and SIX - 1 in self.won

    def result(self) -> DealScore | None:
        """What the deal scored, once it is over (``None`` before)."""
        if not self.end:
            return None
        straight = SIX in self.won and 0 in self.won
        holder = side_of(self.club_king_holder()) if self.end == "no-live" else None
        return deal_score(self.won, straight=straight, club_king_side=holder)

    def outcome(self) -> tuple[Reason, ...]:
        """How the deal ended and what it scored, in words (empty before the end)."""
        result = self.result()
        if result is None:
            return ()
        if self.end == "six":
            side = self.won.index(SIX)
            how = Reason.of("deal-six", "{side} reached six tricks, so play stopped.", side=Team(side))
        else:
            how = Reason.of("deal-no-live", "No live card was left to lead, with neither side at six tricks.")
        return (how, result.reason)

    def returns(self) -> list[int]:
        result = self.result()
        if result is None or result.side is None:
            return [0] * self.players
        return [result.strokes if s % 2 == result.side else -result.strokes for s in range(self.players)]

    def explain(self, event: Event) -> TrickExplanation:
        """Who won a trick of this deal's log and why, naming the seats (a seven or a passed lead: :class:`InvalidPosition`)."""
        if event.kind != "trick":
            raise InvalidPosition(f"only a trick is explained card by card, not a {event.kind}")
        return explain_trick([c for _, c in event.plays], [s for s, _ in event.plays])

    # -- what each player sees ---------------------------------------------------------------------

    def _check_player(self, player: object) -> int:
        return checks.seat(player, self.players)

    def known_to(self, player: int) -> set[Card]:
        """Every card ``player`` has seen: their own, everything played or laid out, ♣K once shown."""
        seen = set(self.hands[self._check_player(player)])
        for event in self.log:
            seen.update(c for _, c in event.plays if c is not None)
        seen.update(c for _, c in self.plays if c is not None)
        if self.club_king_shown():
            seen.add(CLUB_KING)
        return seen

    def observation(self, player: int) -> Observation:
        seat = self._check_player(player)
        to_move = self.current_player()
        return Observation(
            seat, self.players, self.dealer, to_move, self.hands[seat], tuple(len(h) for h in self.hands),
            tuple(self.log), self.leader, self.plays, self.won,
            tuple(self.legal_actions()) if to_move == seat else (), tuple(self.returns()), bool(self.end),
            self.club_king_holder() if self.club_king_shown() else None, self.outcome(),
        )

    def _limits(self, player: int) -> tuple[list[bool], list[int], int | None]:
        """What ``player`` knows of each other hand from the play: whether it may still hold a seven (not once
        its holder has come to the lead), the most powerful live card it may hold (below every card its
        holder failed to beat; none once the lead passed it by), and the seat that must hold a live card
        (the leader about to lead)."""
        led = {e.seat for e in self.log}
        if self.leader >= 0:
            led.add(self.leader)
        if self.end == "no-live":
            led.update(range(self.players))
        cap = [len(PACK)] * self.players
        for event in self.log:
            if event.kind == "lead-passes":
                cap[event.seat] = _NO_LIVE
            highest: Card | None = None
            for s, c in event.plays:
                if c is None and highest is not None:
                    cap[s] = min(cap[s], power(highest))
                highest = c if c is not None else highest
        highest = None
        for s, c in self.plays:
            if c is None and highest is not None:
                cap[s] = min(cap[s], power(highest))
            highest = c if c is not None else highest
        may_seven = [s not in led for s in range(self.players)]
        if self.end == "six" and self.log and self.log[-1].kind == "seven":  # six made while laying them out:
            may_seven[self.log[-1].seat] = True  # that seat's later sevens stay in its hand
        needs_live = self.leader if self.leader >= 0 and not self.plays and self.leader != player else None
        return may_seven, cap, needs_live

    def _draw(self, player: int, rng: random.Random) -> dict[int, list[Card]] | None:
        """The hidden cards dealt afresh to the other players within what ``player`` knows, or ``None`` when
        this draw ran into a corner (the caller draws again)."""
        may_seven, cap, needs_live = self._limits(player)
        shown = self.club_king_holder() if self.club_king_shown() else None
        others = [s for s in range(self.players) if s != player]
        room = {s: len(self.hands[s]) for s in others}
        hidden = [c for s in others for c in self.hands[s]]
        # The most constrained cards first: sevens, then live cards from the top, then the duds.
        hidden.sort(key=lambda c: (0 if c in SEVENS else 1 if is_live(c) else 2, -power(c), rng.random()))
        got: dict[int, list[Card]] = {s: [] for s in others}
        for card in hidden:
            if card is CLUB_KING and shown is not None:
                fits = [shown]
            elif card in SEVENS:
                fits = [s for s in others if may_seven[s]]
            elif is_live(card):
                fits = [s for s in others if cap[s] >= power(card)]
            else:
                fits = others
            fits = [s for s in fits if room[s] > 0]
            if not fits:
                return None
            if needs_live is not None and is_live(card) and not any(is_live(c) for c in got[needs_live]) \
                    and needs_live in fits and rng.random() < 0.5:
                seat = needs_live
            else:
                seat = rng.choices(fits, weights=[room[s] for s in fits])[0]
            got[seat].append(card)
            room[seat] -= 1
        if needs_live is not None and not any(is_live(c) for c in got[needs_live]):
            return None
        return got

    def resample(self, player: int, rng: random.Random, tries: int = 60) -> "HandState":
        """A deal ``player`` cannot tell from this one: the cards in the other hands dealt afresh, within
        everything the play has shown (a pass shows its player held nothing higher; a player who has been
        on lead holds no seven; a leader passing the lead on held no live card), and the actions replayed.
        The deal itself (a copy) if every draw fails."""
        seat = self._check_player(player)
        rng = checks.rng(rng)
        want = self.observation(seat).to_json()
        actions = [a for a, _ in self.history]
        positions: dict[Card, int] = {card: i for i, card in enumerate(self.deck)}
        for _ in range(tries):
            got = self._draw(seat, rng)
            if got is None:
                continue
            deck = list(self.deck)
            for s, cards in got.items():
                slots = sorted(positions[c] for c in self.hands[s])
                rng.shuffle(cards)
                for i, card in zip(slots, cards):
                    deck[i] = card
            try:
                other = HandState(deck, players=self.players, dealer=self.dealer, rules=self.rules)
                for act in actions:
                    other.apply(act)
            except IllegalAction:
                continue
            if other.observation(seat).to_json() == want:
                return other
        return self.clone()
