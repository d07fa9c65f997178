"""A whole game of Knorri as a state machine on the shared protocol: both phases, every variant.

Phases (``state.phase``):

* ``turn`` (phase one with the table): the player to move has turned the
  top card of the pack (``turned``) and must take with it (``take C``: the
  turned card and the chosen table card go to their pile; all-lower: ``take
  C1 C2 …``, every lower card of the suit) or, when it takes nothing,
  ``leave`` it on the table.  When the pack is used up, the last player who
  took sweeps the table into their pile;
* ``claim`` (with ``overlooking``): the player left a card that could have
  taken; the others, in turn from their left, may ``point C`` (the player
  must then take C with it) or ``pass``; if all pass, the card stays;
* ``mas`` (the Mas phase one): three cards in hand; two players a trick, the
  lead going round the table; ``play C`` from the hand (drawing again while
  the stock lasts) or ``chance`` (the stock's top card, unseen till played);
  the higher rank takes both cards, equal ranks bounce;
* ``play`` (phase two): the holder of ♣2 opens with it (``play C2`` or
  ``play C2 C3 C4``); then each player beats the top card (``play C``) or
  picks up the bottom one (``pick up``).  With "last card", a play leaving
  one card is ``play C last`` (said) or ``play C`` (forgotten: on the next
  turn that player must ``pick up``, or ``miss`` the turn at an empty table);
* ``done``: one player holds cards (the loser), or nobody took any card.

Cards are tracked by where they lay in the shuffled deck (their ``id``),
so that two twins of the two-pack game remain two cards; actions and texts
name only faces.  Every card turned or played face up is public; only the
unturned pack (and, in the Mas phase one, the cards in hand and the stock)
is hidden.  ``resample`` deals the cards a player has not seen afresh among
the places they could be, and replays the game.

``undo()`` takes an action back in constant time: each action keeps the log
of the few changes it made (cards moved, fields set), and undo reverses it.

``returns()``: with ``scoring``, the zero-sum points of
:func:`~stytvolt.knorri.rules.scores`; without, the loser pays one to every
other player (ruling R98).  They sum to zero either way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from stytvolt.core import checks
from stytvolt.core.cards import Card, CardParseError
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.explain import Reason, Seat
from stytvolt.knorri.cards import (
    CLUB_TWO, MARKED_TWO, PACK, TWO_PACKS, check_cards, format_knorri_cards, parse_knorri_cards,
)
from stytvolt.knorri.rules import (
    CARD_ORDER, _choices, _distinct, _explain, _judge, _opening_refusal, _runs, _take_refusal, compiled_beats,
    judge_mas_trick, scores,
)
from stytvolt.knorri.variants import PhaseOne, Rules

__all__ = ["Action", "parse_action", "KnorriState", "Observation", "phase_two", "outcome", "PLAYERS", "TWO_PACK_PLAYERS",
           "FACE_UP", "MAX_TEXT"]

#: The fields of a saved game.
_SAVED_KEYS = frozenset({"game", "players", "dealer", "rules", "deck", "hands", "leader", "actions"})
#: The longest saved game's JSON text read (some 180,000 actions).  No count of actions is refused: a game
#: can go round for as long as its players let it (ruling R100), so no length is the longest; the text's
#: size is bounded only to keep a reader's memory and time in hand.
MAX_TEXT = 2_000_000
#: Player counts with one pack (the source's 3 to 8) and with two (ruling R96: up to 12).
PLAYERS: tuple[int, ...] = tuple(range(3, 9))
TWO_PACK_PLAYERS: tuple[int, ...] = tuple(range(3, 13))
#: The cards laid face up at the start of the standard phase one.
FACE_UP = 9
#: The cards in each hand in the Mas phase one.
MAS_HAND = 3

_KINDS_WITH_CARDS = ("take", "point", "play")


_order = CARD_ORDER.__getitem__


@dataclass(frozen=True)
class Action:
    """One action.  ``kind``: take, leave, point, pass (phase one with the table); play, chance (the
    Mas phase one, and play in phase two); pickup, miss (phase two).  ``cards`` in card order;
    ``last``: a phase-two play that says "last card"."""

    kind: str
    cards: tuple[Card, ...] = ()
    last: bool = False

    def __post_init__(self) -> None:
        if self.kind in _KINDS_WITH_CARDS:
            text = f"{self.kind} {format_knorri_cards(self.cards)}" + (" last" if self.last else "")
        else:
            text = "pick up" if self.kind == "pickup" else self.kind
        object.__setattr__(self, "_text", text)  # the text, made once: saved games list hundreds of actions

    def __str__(self) -> str:
        return self._text  # type: ignore[no-any-return,attr-defined]  # set in __post_init__


_ACTIONS: dict[tuple[str, tuple[Card, ...], bool], Action] = {}


def _action(kind: str, cards: tuple[Card, ...] = (), last: bool = False) -> Action:
    """The action of these parts, made once and shared (actions are immutable values)."""
    key = (kind, cards, last)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(kind, cards, last)
    return found


_BARE = {"leave": "leave", "pass": "pass", "chance": "chance", "miss": "miss", "pickup": "pickup"}


def parse_action(text: object) -> Action:
    """``take S5``, ``take S5 S9``, ``leave``, ``point S5``, ``pass``, ``play H7``, ``play C2 C3``,
    ``play H7 last``, ``chance``, ``pick up`` (or ``pickup``), ``miss``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ParseError(f"an action is written as text like 'play H7' or 'pick up', not {type_name(text)}")
    words = text.split()
    head = words[0].lower() if words else ""
    rest = words[1:]
    shown = text if len(text) <= 30 else text[:30] + "…"
    if head == "pick" and [w.lower() for w in rest] == ["up"]:
        return Action("pickup")
    if head in _BARE and not rest:
        return Action(_BARE[head])
    if head in _KINDS_WITH_CARDS and rest:
        last = head == "play" and rest[-1].lower() == "last"
        names = rest[:-1] if last else rest
        if names:
            try:
                cards = parse_knorri_cards(names)
            except CardParseError as err:
                raise ParseError(f"bad action {shown!r}: {err}") from None
            return Action(head, tuple(sorted(cards, key=_order)), last)
    raise ParseError(f"bad action {shown!r}: expected take C…, leave, point C…, pass, play C… [last], chance, "
                     "pick up or miss")


@dataclass(frozen=True)
class Observation:
    """What one player may see.  In phase one with the table and in phase two everything is public but
    the unturned pack's order; in the Mas phase one, the other players' hands and the stock are hidden
    (and so, in phase two, the cards each player still held when the stock ran out)."""

    player: int
    players: int
    dealer: int
    rules: dict[str, Any]
    phase: str
    to_move: int
    table: tuple[Card, ...]  # phase one: the face-up cards, in the order they were laid
    turned: Card | None  # the card the player to move has turned (turn and claim)
    pack: int  # cards still face down (the pack, or the Mas stock)
    last_taker: int | None
    claim: tuple[tuple[Card, ...], ...]  # the takes the player missed (claim)
    hands: tuple[tuple[Card, ...], ...]  # by seat: the cards this player knows that seat holds
    hidden: tuple[int, ...]  # by seat: how many more cards that seat holds, unseen by this player
    mas_trick: tuple[tuple[int, Card], ...]  # the Mas trick so far: (seat, card)
    trick: tuple[tuple[Card, ...], ...]  # phase two: the trick, bottom first, the opening run as one group
    trick_size: int  # the cards that complete it (the players holding cards when it began)
    opening: bool  # phase two's first play is still to come (♣2, alone or with its run)
    out: tuple[int, ...]  # the seats that went out, in order
    no_cards: tuple[int, ...]  # the seats that took no card in phase one
    loser: int | None
    unannounced: tuple[int, ...]  # seats left with one card without saying "last card"
    gone: tuple[Card, ...]  # the cards of completed tricks, set aside
    legal: tuple[Action, ...]
    returns: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        def cards(cs: Sequence[Card]) -> list[str]:
            return list(map(str, cs))

        return {
            "player": self.player, "players": self.players, "dealer": self.dealer, "rules": dict(self.rules),
            "phase": self.phase, "to_move": self.to_move, "table": cards(self.table),
            "turned": None if self.turned is None else str(self.turned), "pack": self.pack,
            "last_taker": self.last_taker, "claim": [cards(c) for c in self.claim],
            "hands": [cards(h) for h in self.hands], "hidden": list(self.hidden),
            "mas_trick": [[s, str(c)] for s, c in self.mas_trick], "trick": [cards(g) for g in self.trick],
            "trick_size": self.trick_size, "opening": self.opening, "out": list(self.out), "no_cards": list(self.no_cards),
            "loser": self.loser, "unannounced": list(self.unannounced), "gone": cards(self.gone),
            "legal": [str(a) for a in self.legal], "returns": list(self.returns),
        }


# The lists an action may change, by code, for the undo log.
_HANDS, _HELD, _TABLE, _TRICK, _GROUP, _OUT, _GONE, _MAS, _PUBLIC, _SILENT = range(10)


class KnorriState:
    """A game of Knorri (one hand: deal, phase one, phase two) on the shared state protocol.

    Build one with :meth:`deal` (a seed), from a shuffled ``deck``, or with
    :func:`phase_two` (chosen hands, straight into phase two).
    """

    def __init__(self, deck: Any, *, players: int = 4, dealer: int = 0, rules: Rules | None = None) -> None:
        self.rules = _rules(rules)
        n = _players(players, self.rules)
        self.n = n
        self.dealer = _dealer(dealer, n)
        self.deck: tuple[Card, ...] = _deck(deck, self.rules)
        self.start_hands: tuple[tuple[Card, ...], ...] | None = None
        self.start_leader: int | None = None
        self._reset()
        if self.rules.phase_one is PhaseOne.MAS:
            self._start_mas()
        else:
            self._start_table()

    @classmethod
    def deal(cls, seed: int | None = None, *, players: int = 4, dealer: int = 0,
             rules: Rules | None = None) -> "KnorriState":
        """A game shuffled from ``seed`` (the same seed always shuffles the same deck)."""
        chosen = _rules(rules)
        deck = list(TWO_PACKS if chosen.two_packs else PACK.cards)
        random.Random(checks.deal_seed(seed)).shuffle(deck)
        return cls(deck, players=players, dealer=dealer, rules=chosen)

    @classmethod
    def short(cls, seed: int | None = None, *, hand_size: int, players: int = 4, dealer: int = 0,
              rules: Rules | None = None) -> "KnorriState":
        """A short game straight into phase two: ``hand_size`` cards dealt to each player from a pack
        shuffled from ``seed`` (the rest out of play), for practice, puzzles and quick tests.  The holder
        of the opening ♣2 opens with it if it was dealt; otherwise the dealer's left leads any card."""
        chosen = _rules(rules)
        n = _players(players, chosen)
        pack = list(TWO_PACKS if chosen.two_packs else PACK.cards)
        if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size <= len(pack) // n:
            raise InvalidPosition(f"hand_size must be a whole number from 1 to {len(pack) // n} for {n} players, "
                                  f"not {checks.shown(hand_size)}")
        random.Random(checks.deal_seed(seed)).shuffle(pack)
        start = (_dealer(dealer, n) + 1) % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(hand_size * n):
            hands[(start + k) % n].append(pack[k])
        opener = _opener(chosen)
        leader = None if any(opener in h for h in hands) else start
        return cls.from_hands(hands, rules=chosen, leader=leader, dealer=dealer)

    @classmethod
    def from_hands(cls, hands: Any, *, rules: Rules | None = None, leader: int | None = None,
                   dealer: int = 0) -> "KnorriState":
        """A phase-two position from chosen hands (see :func:`phase_two`)."""
        chosen = _rules(rules)
        if not isinstance(hands, (list, tuple)):
            raise InvalidPosition(f"hands is a list of each player's cards, not {type_name(hands)}")
        n = _players(len(hands), chosen)
        held = tuple(check_cards(h, f"player {i}'s hand", two_packs=chosen.two_packs) for i, h in enumerate(hands))
        check_cards([c for h in held for c in h], "the hands together", two_packs=chosen.two_packs)
        state = object.__new__(cls)
        state.rules, state.n, state.dealer = chosen, n, _dealer(dealer, n)
        state.deck = tuple(c for h in held for c in h)
        state.start_hands = held
        if leader is not None:
            leader = _dealer(leader, n, "leader")
            if not held[leader]:
                raise InvalidPosition(f"the leader, player {leader}, holds no cards")
        state.start_leader = leader
        state._reset()
        k = 0
        for seat, h in enumerate(held):
            for _ in h:
                state._hands[seat].append(k)
                state.public[k] = True
                k += 1
        state.pos = len(state.deck)
        if leader is None and not any(c is _opener(chosen) for c in state.deck):
            raise InvalidPosition(f"nobody holds {_opener(chosen).symbol}, which opens phase two: "
                                  "give a leader for a position after the opening")
        state._start_phase_two(leader)
        state._log = []
        return state

    def _reset(self) -> None:
        n, size = self.n, len(self.deck)
        self.phase = "turn"
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._held: list[list[int]] = [[] for _ in range(n)]
        self.table: list[int] = []
        self.pos = 0
        self.turner = 0
        self.last_taker = -1
        self.asked = -1
        self.rotation = 0
        self.mas_lead = self.mas_resp = -1
        self.mas_plays: list[int] = []
        self.trick: list[list[int]] = []
        self.trick_size = 0
        self.to_move = -1
        self.out: list[int] = []
        self.no_cards: tuple[int, ...] = ()
        self.loser = -1
        self.opening = False
        self.silent: list[bool] = [False] * n
        self.gone: list[int] = []
        self.public: list[bool] = [False] * size
        self.history: list[tuple[Action, tuple[tuple[Any, ...], ...]]] = []
        self._log: list[tuple[Any, ...]] = []

    # -- the undo log --------------------------------------------------------------------------------

    def _ref(self, code: int, i: int) -> list[Any]:
        if code == _HANDS:
            return self._hands[i]
        if code == _HELD:
            return self._held[i]
        if code == _TABLE:
            return self.table
        if code == _TRICK:
            return self.trick
        if code == _GROUP:
            return self.trick[i]
        if code == _OUT:
            return self.out
        if code == _GONE:
            return self.gone
        if code == _MAS:
            return self.mas_plays
        if code == _PUBLIC:
            return self.public
        return self.silent

    def _push(self, code: int, i: int, value: Any) -> None:
        self._ref(code, i).append(value)
        self._log.append(("a", code, i))

    def _pop_at(self, code: int, i: int, index: int) -> Any:
        value = self._ref(code, i).pop(index)
        self._log.append(("r", code, i, index, tuple(value) if isinstance(value, list) else value))
        return value

    def _put(self, code: int, index: int, value: Any) -> None:
        target = self._ref(code, 0)
        if target[index] != value:
            self._log.append(("s", code, 0, index, target[index]))
            target[index] = value

    def _set(self, name: str, value: Any) -> None:
        old = getattr(self, name)
        if old != value:
            self._log.append(("v", name, old))
            setattr(self, name, value)

    def _move(self, src: int, i: int, index: int, dst: int, j: int) -> int:
        """Move one card id from list (src, i) at ``index`` to the end of list (dst, j)."""
        card = self._pop_at(src, i, index)
        self._push(dst, j, card)
        return int(card)

    # -- starting --------------------------------------------------------------------------------

    def _start_table(self) -> None:
        for i in range(FACE_UP):
            self.table.append(i)
            self.public[i] = True
        self.pos = FACE_UP
        self.public[FACE_UP] = True
        self.turner = (self.dealer + 1) % self.n
        self.phase = "turn"

    def _start_mas(self) -> None:
        n = self.n
        for k in range(MAS_HAND * n):
            self._held[(self.dealer + 1 + k) % n].append(k)
        self.pos = MAS_HAND * n
        self.rotation = (self.dealer + 1) % n
        self.phase = "mas"
        self._log = []
        self._new_mas_trick()
        self._log = []

    # -- the protocol ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        if self.phase == "turn":
            return self.turner
        if self.phase == "claim":
            return self.asked
        if self.phase == "mas":
            return self.mas_lead if len(self.mas_plays) % 2 == 0 else self.mas_resp
        if self.phase == "play":
            return self.to_move
        return -1

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def face(self, card_id: int) -> Card:
        return self.deck[card_id]

    def _faces(self, ids: Sequence[int]) -> list[Card]:
        deck = self.deck
        return [deck[i] for i in ids]

    @property
    def turned(self) -> Card | None:
        """The card turned and awaiting its take (phase one with the table), else None."""
        return self.deck[self.pos] if self.phase in ("turn", "claim") else None

    def _version(self) -> PhaseOne:
        return self.rules.phase_one

    def _take_choices(self) -> tuple[tuple[Card, ...], ...]:
        return _choices(self.deck[self.pos], self._faces(self.table), self._version())

    def _plays(self, seat: int) -> list[tuple[Card, ...]]:
        """The cards (or opening runs) ``seat`` may play in phase two now, by the rules' predicates."""
        hand = self._faces(self._hands[seat])
        if not self.trick:
            if self.opening:
                return list(_runs(hand, self.rules.two_packs))
            return [(c,) for c in _distinct(hand)]
        row = self.deck[self.trick[-1][-1]].index * 52
        table = compiled_beats(self.rules.soft_clubs)
        return [(c,) for c in _distinct(hand) if table[row + c.index]]

    def legal_actions(self) -> list[Action]:
        seat = self.current_player()
        if seat < 0:
            return []
        if self.phase == "turn":
            choices = self._take_choices()
            takes = [_action("take", ch) for ch in choices]
            if not choices:
                return [_action("leave")]
            return takes + [_action("leave")] if self.rules.overlooking else takes
        if self.phase == "claim":
            return [_action("point", ch) for ch in self._take_choices()] + [_action("pass")]
        if self.phase == "mas":
            acts = [_action("play", (c,)) for c in _distinct(self._faces(self._held[seat]))]
            return acts + [_action("chance")] if self.pos < len(self.deck) else acts
        if self.silent[seat]:
            return [_action("pickup")] if self.trick else [_action("miss")]
        size = len(self._hands[seat])
        out: list[Action] = []
        for cards in self._plays(seat):
            if self.rules.last_card and size - len(cards) == 1:
                out.append(_action("play", cards, True))
            out.append(_action("play", cards))
        if self.trick:
            out.append(_action("pickup"))
        return out

    # -- why an action is refused ---------------------------------------------------------------------

    def refusal(self, action: Action) -> Reason | None:
        """Why ``action`` may not be taken now, or None if it may (the rules' own reasons)."""
        seat = self.current_player()
        if seat < 0:
            return Reason.of("over", "The game is over: no more actions.")
        if action in self.legal_actions():
            return None
        args = {"seat": Seat(seat), "action": str(action)}
        if self.phase in ("turn", "claim") and action.kind in ("take", "leave", "point"):
            if self.phase == "claim" and action.kind != "point":
                return Reason.of("claim-time", "{seat} may now point out the missed take, or pass.", (), **args)
            if self.phase == "turn" and action.kind == "point":
                return Reason.of("nothing-missed", "There is nothing to point out: no take was missed.", (), **args)
            why = _take_refusal(self.deck[self.pos], self._faces(self.table), action.cards, self._version())
            if why is not None:
                return why
        if self.phase == "mas" and action.kind == "play" and len(action.cards) == 1:
            return Reason.of("not-held", "{card} is not in {seat}'s hand.", action.cards, card=action.cards[0].symbol,
                             **args)
        if self.phase == "mas" and action.kind == "chance":
            return Reason.of("stock-empty", "The stock is used up: there is no card to play blind.", (), **args)
        if self.phase == "play":
            why = self._play_refusal(seat, action)
            if why is not None:
                return why
        return Reason.of("wrong-phase", "{seat} cannot {action} now: the game is at its {phase}.", (),
                         phase=_PHASE_WORDS[self.phase], **args)

    def _play_refusal(self, seat: int, action: Action) -> Reason | None:
        args = {"seat": Seat(seat)}
        if self.silent[seat]:
            must = "pick up the bottom card" if self.trick else "miss this turn"
            return Reason.of("forgot-last-card", "{seat} did not say 'last card', so may not go out now and must "
                             + must + ".", (), **args)
        if action.kind == "miss":
            return Reason.of("no-miss", "Only a player who forgot to say 'last card' misses a turn.", (), **args)
        if action.kind == "pickup":
            return Reason.of("nothing-to-pick-up", "The table is empty: {seat} leads a card.", (), **args)
        if action.kind != "play" or not action.cards:
            return None
        hand = self._faces(self._hands[seat])
        missing = _missing(hand, action.cards)
        if missing is not None:
            return Reason.of("not-held", "{card} is not in {seat}'s hand.", (missing,), card=missing.symbol, **args)
        if action.last and not (self.rules.last_card and len(hand) - len(action.cards) == 1):
            return Reason.of("not-last", "'Last card' is said only by a player left with exactly one card, in a game "
                             "played with that rule.", (), **args)
        if not self.trick and self.opening:
            return _opening_refusal(hand, action.cards, self.rules.two_packs)
        if len(action.cards) > 1:
            return Reason.of("one-card", "Only the opening may play several clubs together; one card is played at "
                             "a time.", (), **args)
        if self.trick:
            judged = _judge(action.cards[0], self.deck[self.trick[-1][-1]], self.rules.soft_clubs)
            if not judged.ok:
                return judged.reason
        return None

    # -- doing ----------------------------------------------------------------------------------------

    def apply(self, action: Any) -> None:
        act = parse_action(action)
        why = self.refusal(act)
        if why is not None:
            raise IllegalAction(why)
        seat = self.current_player()
        self._log = []
        if act.kind in ("take", "point"):
            self._take(self.turner, act.cards)
        elif act.kind == "leave":
            if self._take_choices():
                self._set("phase", "claim")
                self._set("asked", (self.turner + 1) % self.n)
            else:
                self._leave()
        elif act.kind == "pass":
            nxt = (self.asked + 1) % self.n
            if nxt == self.turner:
                self._leave()
            else:
                self._set("asked", nxt)
        elif self.phase == "mas":
            self._mas_play(seat, act)
        elif act.kind == "play":
            self._play(seat, act)
        elif act.kind == "pickup":
            self._pickup(seat)
        else:  # miss
            self._put(_SILENT, seat, False)
            self._set("to_move", self._next_holder(seat))
        self.history.append((act, tuple(self._log)))
        self._log = []

    def undo(self) -> Action:
        if not self.history:
            raise IllegalAction(Reason.of("nothing-to-undo", "Nothing to take back: the game is as dealt."))
        act, log = self.history.pop()
        for op in reversed(log):
            tag = op[0]
            if tag == "a":
                self._ref(op[1], op[2]).pop()
            elif tag == "r":
                value = op[4]
                self._ref(op[1], op[2]).insert(op[3], list(value) if isinstance(value, tuple) else value)
            elif tag == "s":
                self._ref(op[1], op[2])[op[3]] = op[4]
            else:
                setattr(self, op[1], op[2])
        return act

    # -- phase one with the table -----------------------------------------------------------------------

    def _take(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` takes the turned card and ``cards`` from the table into their pile."""
        self._push(_HANDS, seat, self.pos)
        for card in cards:
            index = next(k for k, i in enumerate(self.table) if self.deck[i] is card)
            self._move(_TABLE, 0, index, _HANDS, seat)
        self._set("last_taker", seat)
        self._set("phase", "turn")
        self._set("asked", -1)
        self._next_turn()

    def _leave(self) -> None:
        self._push(_TABLE, 0, self.pos)
        self._set("phase", "turn")
        self._set("asked", -1)
        self._next_turn()

    def _next_turn(self) -> None:
        if self.pos + 1 >= len(self.deck):
            self._sweep()
            return
        self._set("pos", self.pos + 1)
        self._put(_PUBLIC, self.pos, True)
        self._set("turner", (self.turner + 1) % self.n)

    def _sweep(self) -> None:
        """The pack is used up: the last player who took sweeps the table (ruling R88 when nobody took)."""
        self._set("pos", len(self.deck))
        if self.last_taker >= 0:
            while self.table:
                self._move(_TABLE, 0, 0, _HANDS, self.last_taker)
        self._start_phase_two(None)

    # -- the Mas phase one -------------------------------------------------------------------------------

    def _can_play(self, seat: int) -> bool:
        return bool(self._held[seat]) or self.pos < len(self.deck)

    def _new_mas_trick(self) -> None:
        n = self.n
        holders = [p for p in range(n) if self._held[p]]
        if len(holders) < 2 and self.pos >= len(self.deck):
            self._end_mas()
            return
        lead = next((self.rotation + k) % n for k in range(n) if self._can_play((self.rotation + k) % n))
        resp = next((lead + k) % n for k in range(1, n) if self._can_play((lead + k) % n))
        self._set("mas_lead", lead)
        self._set("mas_resp", resp)
        self._set("rotation", (lead + 1) % n)

    def _mas_play(self, seat: int, act: Action) -> None:
        if act.kind == "chance":
            card = self.pos
            self._set("pos", self.pos + 1)
            self._push(_MAS, 0, card)
        else:
            held = self._held[seat]
            index = next(k for k, i in enumerate(held) if self.deck[i] is act.cards[0])
            card = self._move(_HELD, seat, index, _MAS, 0)
            if self.pos < len(self.deck):
                self._push(_HELD, seat, self.pos)
                self._set("pos", self.pos + 1)
        self._put(_PUBLIC, card, True)
        if len(self.mas_plays) % 2:
            return
        winner, _ = judge_mas_trick(self.deck[self.mas_plays[-2]], self.deck[self.mas_plays[-1]])
        if winner is None and self._can_play(self.mas_lead) and self._can_play(self.mas_resp):
            return  # a bounce: the same two play again
        if winner is None:  # a bounce that cannot be played out: each takes back their own cards (ruling R94)
            for k in range(len(self.mas_plays)):
                self._move(_MAS, 0, 0, _HANDS, self.mas_lead if k % 2 == 0 else self.mas_resp)
        else:
            taker = self.mas_lead if winner == 0 else self.mas_resp
            while self.mas_plays:
                self._move(_MAS, 0, 0, _HANDS, taker)
        self._new_mas_trick()

    def _end_mas(self) -> None:
        """No two players can make a trick: the cards still in hand join their holders' piles, unseen."""
        for seat in range(self.n):
            while self._held[seat]:
                self._move(_HELD, seat, 0, _HANDS, seat)
        self._set("mas_lead", -1)
        self._set("mas_resp", -1)
        self._start_phase_two(None)

    # -- phase two -----------------------------------------------------------------------------------

    def _holders(self) -> list[int]:
        return [p for p in range(self.n) if self._hands[p]]

    def _next_holder(self, seat: int) -> int:
        n = self.n
        for k in range(1, n):
            q = (seat + k) % n
            if self._hands[q]:
                return q
        return -1

    def _start_phase_two(self, leader: int | None) -> None:
        self._set("phase", "play")
        self._set("no_cards", tuple(p for p in range(self.n) if not self._hands[p]))
        holders = self._holders()
        if len(holders) <= 1:
            self._finish(holders)
            return
        if leader is not None:
            self._set("to_move", leader)
            return
        first = _opener(self.rules)
        opener = next((p for p in holders if any(self.deck[i] is first for i in self._hands[p])), None)
        assert opener is not None, "every card of a dealt game ends in some hand, and from_hands checks the opener"
        self._set("to_move", opener)
        self._set("opening", True)

    def _finish(self, holders: list[int]) -> None:
        self._set("phase", "done")
        self._set("to_move", -1)
        self._set("loser", holders[0] if holders else -1)

    def _take_ids(self, seat: int, cards: tuple[Card, ...]) -> list[int]:
        """Remove the cards of these faces from ``seat``'s hand (a public twin before an unseen one)."""
        hand = self._hands[seat]
        taken: list[int] = []
        for card in cards:
            index = min((k for k, i in enumerate(hand) if self.deck[i] is card),
                        key=lambda k: (not self.public[hand[k]], k))
            taken.append(self._pop_at(_HANDS, seat, index))
        return taken

    def _play(self, seat: int, act: Action) -> None:
        ids = self._take_ids(seat, act.cards)
        for i in ids:
            self._put(_PUBLIC, i, True)
        if not self.trick:
            self._set("trick_size", len(self._holders()) + (0 if self._hands[seat] else 1))
            self._set("opening", False)
        self.trick.append(ids)
        self._log.append(("a", _TRICK, 0))
        left = len(self._hands[seat])
        if self.rules.last_card and left == 1 and not act.last:
            self._put(_SILENT, seat, True)
        if left == 0:
            self._push(_OUT, 0, seat)
        holders = self._holders()
        if len(holders) <= 1:
            self._finish(holders)
            return
        if len(self.trick) >= self.trick_size:
            while self.trick:
                group = self.trick[0]
                while group:
                    self._move(_GROUP, 0, 0, _GONE, 0)
                self._pop_at(_TRICK, 0, 0)
            self._set("to_move", seat if left else self._next_holder(seat))
        else:
            self._set("to_move", self._next_holder(seat))

    def _pickup(self, seat: int) -> None:
        self._move(_GROUP, 0, 0, _HANDS, seat)
        if not self.trick[0]:
            self._pop_at(_TRICK, 0, 0)
        self._put(_SILENT, seat, False)
        self._set("to_move", self._next_holder(seat))

    # -- the result --------------------------------------------------------------------------------------

    def returns(self) -> list[int]:
        if self.phase != "done" or self.loser < 0:
            return [0] * self.n
        return outcome(self.rules, self.n, self.out, self.loser, self.no_cards)

    def next_dealer(self) -> int:
        """Who deals the next game: the loser; when nobody lost (nobody took a card), the same dealer
        again (ruling R99)."""
        return self.loser if self.loser >= 0 else self.dealer

    # -- reading the position ----------------------------------------------------------------------------

    @property
    def hands(self) -> list[list[Card]]:
        """Each player's cards: in phase one the pile collected so far (and the Mas hand), in phase two
        the hand."""
        return [self._faces(self._hands[p]) + self._faces(self._held[p]) for p in range(self.n)]

    @property
    def table_cards(self) -> list[Card]:
        """The face-up cards of phase one, in the order they were laid."""
        return self._faces(self.table)

    @property
    def trick_cards(self) -> list[list[Card]]:
        """Phase two's trick, bottom first; the opening run is one group."""
        return [self._faces(g) for g in self.trick]

    def _owned(self, player: int) -> set[int]:
        return set(self._hands[player]) | set(self._held[player])

    def known_to(self, player: int) -> set[Card]:
        """The faces ``player`` has seen: every card turned or played face up, and their own."""
        ids = self._owned(checks.seat(player, self.n))
        return {self.deck[i] for i in range(len(self.deck)) if self.public[i] or i in ids}

    def explain_turn(self) -> Reason | None:
        """What the turned card must take, or why it stays (phase one with the table), else None."""
        if self.phase not in ("turn", "claim"):
            return None
        return _explain(self.deck[self.pos], self._faces(self.table), self._version())

    def explain_action(self, action: Any) -> tuple[Reason, ...]:
        """What ``action`` does from this position and why, in words, one reason a step (the state is
        not changed): the take and the rule that forces it, the sweep, a card that beats the top card
        and why, a trick completed and who leads next, a pick-up, a player going out, the loser.  A
        refused action gives its refusal alone."""
        act = parse_action(action)
        why = self.refusal(act)
        if why is not None:
            return (why,)
        seat = self.current_player()
        after = self.clone()
        after.apply(act)
        out: list[Reason] = []
        who = Seat(seat)
        if act.kind in ("take", "point", "leave") and self.phase in ("turn", "claim"):
            turned = self.deck[self.pos]
            rule = _explain(turned, self._faces(self.table), self._version())
            if act.kind == "leave" and self._take_choices():
                out.append(Reason.of("missed", "{seat} leaves {turned} on the table, missing a take the others may "
                                     "point out.", (turned,), seat=who, turned=turned.symbol))
            elif act.kind == "point":
                out.append(Reason.of("pointed", "{seat} points out the missed take: {taker} must take {taken} with "
                                     "{turned}.", (turned, *act.cards), seat=who, taker=Seat(self.turner),
                                     taken=_symbols(act.cards), turned=turned.symbol))
            else:
                out.append(rule)
        elif act.kind == "pass":
            out.append(Reason.of("let-pass", "{seat} lets the missed take pass.", seat=who))
        elif self.phase == "mas":
            played = self.deck[self.pos] if act.kind == "chance" else act.cards[0]
            out.append(Reason.of("mas-play", "{seat} plays {card}" + (" blind from the stock." if act.kind == "chance"
                                 else "."), (played,), seat=who, card=played.symbol))
            if len(self.mas_plays) % 2 == 1:
                out.append(judge_mas_trick(self.deck[self.mas_plays[-1]], played)[1])
        elif act.kind == "play":
            if self.trick:
                out.append(_judge(act.cards[0], self.deck[self.trick[-1][-1]], self.rules.soft_clubs).reason)
            elif self.opening:
                out.append(Reason.of("opens", "{seat} opens phase two with {played}" + (
                    ", a run that counts as one card of the trick." if len(act.cards) > 1 else "."),
                    act.cards, seat=who, played=_symbols(act.cards)))
            else:
                out.append(Reason.of("leads", "{seat} leads {played} to a new trick, which {size} cards will "
                                     "complete.", act.cards, seat=who, played=_symbols(act.cards),
                                     size=len(self._holders())))
            if act.last:
                out.append(Reason.of("said-last", "{seat} says 'last card'.", seat=who))
            elif self.rules.last_card and after.silent[seat]:
                out.append(Reason.of("forgot", "{seat} has one card left and did not say 'last card'.", seat=who))
        elif act.kind == "pickup":
            bottom = self.deck[self.trick[0][0]]
            out.append(Reason.of("picks-up", "{seat} picks up the bottom card of the trick, {card}.", (bottom,),
                                 seat=who, card=bottom.symbol))
        else:
            out.append(Reason.of("misses", "{seat} forgot to say 'last card' and misses this turn.", seat=who))
        out.extend(after._aftermath(self, seat))
        return tuple(out)

    def _aftermath(self, before: "KnorriState", seat: int) -> list[Reason]:
        """What followed from the last action, seen by comparing this state with ``before``."""
        out: list[Reason] = []
        if before.phase in ("turn", "claim") and self.phase not in ("turn", "claim"):
            if before.last_taker >= 0 or self.last_taker >= 0:
                out.append(Reason.of("sweep", "The pack is used up: {seat}, the last to take, takes the cards left "
                                     "on the table.", seat=Seat(self.last_taker)))
        if before.phase == "play" and len(self.gone) > len(before.gone):
            out.append(Reason.of("trick-complete", "The trick has its {size} cards, one for each player who held "
                                 "cards when it began: it is set aside.", size=before.trick_size))
        if len(self.out) > len(before.out):
            out.append(Reason.of("went-out", "{seat} has no cards left and is out: safe.", seat=Seat(seat)))
        if self.phase == "done":
            if self.loser >= 0:
                out.append(Reason.of("loser", "Only {seat} still holds cards: {seat} is the hörri and loses.",
                                     seat=Seat(self.loser)))
            else:
                out.append(Reason.of("no-loser", "Nobody took a card, so nobody loses."))
        elif self.phase == "play" and before.phase == "play" and not self.trick and before.trick:
            out.append(Reason.of("next-lead", "{seat} leads the next trick.", seat=Seat(self.to_move)))
        elif self.phase == "play" and before.phase != "play":
            out.append(Reason.of("phase-two", "Phase two begins: {seat} holds {two} and opens." if self.opening else
                                 "Phase two begins: {seat} leads.", seat=Seat(self.to_move),
                                 two=_opener(self.rules).symbol))
        return out

    def observation(self, player: int) -> Observation:
        player = checks.seat(player, self.n)
        to_move = self.current_player()
        shown: list[tuple[Card, ...]] = []
        hidden: list[int] = []
        deck, public = self.deck, self.public
        secrets = self.rules.phase_one is PhaseOne.MAS  # only the Mas phase one hides anything a player holds
        for seat in range(self.n):
            ids = self._hands[seat] + self._held[seat]
            seen = ids if not secrets or seat == player else [i for i in ids if public[i]]
            shown.append(tuple(sorted([deck[i] for i in seen], key=_order)))
            hidden.append(len(ids) - len(seen))
        claim = self._take_choices() if self.phase == "claim" else ()
        return Observation(
            player, self.n, self.dealer, dict(_rules_json(self.rules)), self.phase, to_move,
            tuple(self._faces(self.table)), self.turned, max(0, len(self.deck) - self.pos - (
                1 if self.phase in ("turn", "claim") else 0)),
            self.last_taker if self.last_taker >= 0 else None, claim, tuple(shown), tuple(hidden),
            tuple((self.mas_lead if k % 2 == 0 else self.mas_resp, self.deck[i]) for k, i in enumerate(self.mas_plays)),
            tuple(tuple(self._faces(g)) for g in self.trick), self.trick_size, self.opening, tuple(self.out),
            self.no_cards,
            self.loser if self.loser >= 0 else None, tuple(p for p in range(self.n) if self.silent[p]),
            tuple(self._faces(self.gone)), tuple(self.legal_actions()) if to_move == player else (),
            tuple(self.returns()),
        )

    # -- copies, saving, resampling ---------------------------------------------------------------------

    def clone(self) -> "KnorriState":
        other = object.__new__(KnorriState)
        other.__dict__.update(self.__dict__)
        other._hands = [list(h) for h in self._hands]
        other._held = [list(h) for h in self._held]
        other.table = list(self.table)
        other.mas_plays = list(self.mas_plays)
        other.trick = [list(g) for g in self.trick]
        other.out = list(self.out)
        other.silent = list(self.silent)
        other.gone = list(self.gone)
        other.public = list(self.public)
        other.history = list(self.history)
        other._log = []
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "knorri", "players": self.n, "dealer": self.dealer,
                                "rules": self.rules.to_json()}
        if self.start_hands is not None:
            data["hands"] = [format_knorri_cards(h) for h in self.start_hands]
            data["leader"] = self.start_leader
        else:
            data["deck"] = format_knorri_cards(self.deck)
        data["actions"] = [str(a) for a, _ in self.history]
        return data

    @classmethod
    def from_json(cls, data: object) -> "KnorriState":
        """The game a :meth:`to_json` object (or its text) describes, every action replayed and checked.

        A whole game runs to hundreds of actions, and the site restores the
        position it is shown at every step: the last few games restored are
        kept, and a game whose actions extend one of them replays only the
        actions that are new (on a copy; the kept game is never changed).
        """
        data = checks.saved_object(data, "a saved Knorri game", "knorri", None, _SAVED_KEYS,
                                   max_chars=MAX_TEXT, max_depth=4)
        if ("deck" in data) == ("hands" in data):
            raise InvalidPosition("a saved Knorri game has either 'deck' (a whole game) or 'hands' (a phase-two start)")
        actions = checks.texts(data.get("actions", []), "actions", item="action")
        base = repr(sorted((k, v) for k, v in data.items() if k != "actions"))
        kept = _RESTORED.get(base)
        done = 0
        if kept is not None and len(kept.history) <= len(actions) and all(
                str(a) == t for (a, _), t in zip(kept.history, actions)):
            state, done = kept.clone(), len(kept.history)
        else:
            state = cls._start_from(data)
        for i in range(done, len(actions)):
            text = actions[i]
            try:
                state.apply(parse_action(text))
            except (ParseError, IllegalAction) as err:
                raise InvalidPosition(f"action {i + 1} ({text!r}) cannot be replayed: {err}") from None
        if len(_RESTORED) >= _RESTORED_LIMIT and base not in _RESTORED:
            _RESTORED.pop(next(iter(_RESTORED)))
        _RESTORED.pop(base, None)
        _RESTORED[base] = state.clone()
        return state

    @classmethod
    def _start_from(cls, data: dict[str, Any]) -> "KnorriState":
        """The starting position a saved game names (before its actions), every field's type checked first."""
        try:
            rules = Rules.from_json(data.get("rules", {}))
        except StytvoltError as err:
            raise InvalidPosition(f"'rules': {err}") from None
        if "deck" in data:
            if "leader" in data:
                raise InvalidPosition("'leader' goes with 'hands' (a phase-two start), not with 'deck'")
            deck = checks.text(data["deck"], "deck")
            players = _players(data.get("players", 4), rules)
            return cls(deck, players=players, dealer=_dealer(data.get("dealer", 0), players, "dealer"), rules=rules)
        hands = checks.texts(data["hands"], "hands", max(TWO_PACK_PLAYERS), item="hand")
        players = _players(data.get("players", len(hands)), rules)
        if players != len(hands):
            raise InvalidPosition(f"'players' is {players} but 'hands' has {len(hands)} hands")
        leader = data.get("leader")
        if leader is not None:
            leader = _dealer(leader, players, "leader")
        return cls.from_hands(hands, rules=rules, leader=leader, dealer=_dealer(data.get("dealer", 0), players, "dealer"))

    @classmethod
    def pictured(cls, obs: Observation, hidden: Sequence[Sequence[Card]], pack: Sequence[Card]) -> "KnorriState":
        """A position that shows ``obs.player`` exactly ``obs``, with the cards it cannot see put where they are
        pictured: ``hidden[seat]`` the unseen cards that seat holds (the Mas variant's phase two: as many as
        ``obs.hidden[seat]``), ``pack`` the unturned pack in the order it would be turned (phase one with the
        table: ``obs.pack`` cards).  For a fair player's picture of a game (the sampler of
        :mod:`~stytvolt.knorri.solver`): the position has no history (nothing to undo) and is not saved; it plays
        on from here by the same rules.  Phase one with the table and phase two only (the Mas phase one's hands
        and stock are not pictured)."""
        if obs.phase not in ("turn", "claim", "play"):
            raise InvalidPosition(f"a position is pictured in phase one with the table or in phase two, not at "
                                  f"the {_PHASE_WORDS.get(obs.phase, obs.phase)}")
        if len(hidden) != obs.players or any(len(h) != k for h, k in zip(hidden, obs.hidden)):
            raise InvalidPosition("the pictured hidden cards must be as many, seat by seat, as the observation hides")
        if len(pack) != (obs.pack if obs.phase != "play" else 0):
            raise InvalidPosition(f"the pictured pack must hold the {obs.pack} cards still face down")
        state = object.__new__(cls)
        state.rules = Rules.from_json(obs.rules)
        state.n, state.dealer = obs.players, obs.dealer
        state.start_hands = None
        state.start_leader = None
        deck: list[Card] = []
        public: list[bool] = []

        def place(cards: Sequence[Card], seen: bool) -> list[int]:
            start = len(deck)
            deck.extend(cards)
            public.extend([seen] * len(cards))
            return list(range(start, len(deck)))

        hands = [place(obs.hands[p], True) + place(hidden[p], False) for p in range(obs.players)]
        table = place(obs.table, True)
        trick = [place(g, True) for g in obs.trick]
        gone = place(obs.gone, True)
        turned = place((obs.turned,), True) if obs.turned is not None else []
        place(pack, False)
        state.deck = tuple(deck)
        state._reset()
        state._hands = hands
        state.table = table
        state.trick = trick
        state.gone = gone
        state.public = public
        state.last_taker = -1 if obs.last_taker is None else obs.last_taker
        state.phase = obs.phase
        if obs.phase == "play":
            state.pos = len(deck)
            state.trick_size = obs.trick_size
            state.to_move = obs.to_move
            state.opening = obs.opening
            state.out = list(obs.out)
            state.no_cards = tuple(obs.no_cards)
            state.silent = [p in obs.unannounced for p in range(obs.players)]
        else:
            state.pos = turned[0]
            # Each turn moves the turner one seat on, from the dealer's left, as the nine face-up cards are laid.
            state.turner = (obs.dealer + 1 + state.pos - FACE_UP) % obs.players
            state.asked = obs.to_move if obs.phase == "claim" else -1
        return state

    def resample(self, player: int, rng: random.Random) -> "KnorriState":
        """A game ``player`` cannot tell from this one: the cards they have not seen (the unturned pack;
        in the Mas phase one also the others' hands and the stock, and what those hands kept) dealt
        afresh among the places where they lie.  No such card was ever named by an action, so the same
        actions replay from the new deck to a position that shows ``player`` the same thing."""
        player = checks.seat(player, self.n)
        rng = checks.rng(rng)
        other = self.clone()
        mine = self._owned(player)
        unseen = [i for i in range(len(self.deck)) if not self.public[i] and i not in mine]
        if len(unseen) > 1:
            faces = [self.deck[i] for i in unseen]
            rng.shuffle(faces)
            deck = list(self.deck)
            for i, card in zip(unseen, faces):
                deck[i] = card
            other.deck = tuple(deck)
        return other

    def __repr__(self) -> str:
        return f"<KnorriState {self.n} players, {self.phase}, {len(self.history)} actions>"


#: Games restored by from_json lately, by their start (see from_json): a few, the oldest dropped first.
_RESTORED: dict[str, KnorriState] = {}
_RESTORED_LIMIT = 8

_PHASE_WORDS = {"turn": "first phase (turning cards)", "claim": "first phase (a missed take may be pointed out)",
                "mas": "first phase (two-player tricks)", "play": "second phase", "done": "end"}


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _missing(hand: Sequence[Card], cards: Sequence[Card]) -> Card | None:
    """The first of ``cards`` the hand does not hold (counting twins), or None."""
    left = list(hand)
    for card in cards:
        for k, c in enumerate(left):
            if c is card:
                del left[k]
                break
        else:
            return card
    return None


@lru_cache(maxsize=128)
def _rules_json(rules: Rules) -> dict[str, Any]:
    """The rules' JSON (observations show it at every step: made once per set of rules)."""
    return rules.to_json()


def _opener(rules: Rules) -> Card:
    return MARKED_TWO if rules.two_packs else CLUB_TWO


def _rules(rules: object) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise InvalidPosition(f"rules must be Knorri's Rules, not {type_name(rules)}")
    return rules


def _players(players: object, rules: Rules) -> int:
    allowed = TWO_PACK_PLAYERS if rules.two_packs else PLAYERS
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise InvalidPosition(f"Knorri is played by {allowed[0]} to {allowed[-1]} players"
                              f"{' with two packs' if rules.two_packs else ''}, not {checks.shown(players)}")
    return players


def _dealer(dealer: object, players: int, what: str = "dealer") -> int:
    return checks.seat(dealer, players, what)


def _deck(deck: object, rules: Rules) -> tuple[Card, ...]:
    want = TWO_PACKS if rules.two_packs else PACK.cards
    what = "the two packs' 104 cards" if rules.two_packs else "the 52-card pack"
    if not isinstance(deck, (str, list, tuple)):
        raise InvalidPosition(f"the deck is a list of cards or their text, not {type_name(deck)}")
    try:
        cards = parse_knorri_cards(deck)
    except CardParseError as err:
        raise InvalidPosition(f"the deck: {err}") from None
    need: dict[Card, int] = {}
    for card in want:
        need[card] = need.get(card, 0) + 1
    for card in cards:
        if need.get(card, 0) == 0:
            raise InvalidPosition(f"the deck holds {card} once too often for {what}")
        need[card] -= 1
    if len(cards) != len(want):
        raise InvalidPosition(f"the deck must hold {what} ({len(want)} cards), not {len(cards)}")
    return tuple(cards)


def outcome(rules: Rules, players: int, went_out: Sequence[int], loser: int, no_cards: Sequence[int]) -> list[int]:
    """What a finished game pays each seat (:meth:`KnorriState.returns`), given who went out in which order, the
    loser and who took no cards: with ``scoring``, the zero-sum points of :func:`~stytvolt.knorri.rules.scores`;
    without, the loser pays one to every other player (ruling R98).  The solver reads a seat's payment here
    as soon as that seat is out, before the others have finished."""
    if rules.scoring:
        return scores(players, went_out, loser, no_cards)
    return [-(players - 1) if p == loser else 1 for p in range(players)]


def phase_two(hands: Any, *, rules: Rules | None = None, leader: int | None = None) -> KnorriState:
    """A phase-two position from chosen hands, for teaching and tests: one hand a seat (cards or their
    text; an empty hand is a player who took no cards and is safe).  The holder of ♣2 (the marked ♣2
    with two packs) is to act and must open with it; with ``leader``, that seat leads a fresh trick with
    any card instead (a position after the opening).

    >>> state = phase_two(["C2 C3 D9", "H5 C4", "SA DK", "C7 HQ"])
    >>> state.current_player(), [str(a) for a in state.legal_actions()]
    (0, ['play C2', 'play C2 C3'])
    """
    return KnorriState.from_hands(hands, rules=rules, leader=leader)
