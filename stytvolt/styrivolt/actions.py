"""The actions of a hand: small immutable values with a text form.

``str(action)`` is the canonical text and :func:`parse_action` reads it back,
so a hand's history is a list of short strings (``"H2"``, ``"trade H5 H7"``,
``"take"``, ``"keep"``) that a permalink or a terminal can carry.
"""

from __future__ import annotations

from enum import Enum

from stytvolt.core.cards import ALL_CARDS, Card, CardParseError, parse_card
from stytvolt.core.errors import ParseError, type_name
from stytvolt.core.words import counted

__all__ = ["Kind", "Action", "parse_action", "ActionParseError"]


class Kind(Enum):
    PLAY = "play"  # play a card to the trick (a trader fetches its exposed card first)
    TRADE = "trade"  # give a card (a trader, or a king for a cut stikkar or the bird) for an exposed card
    EXPOSE = "expose"  # the dealer's free choice of which equal card to expose
    TAKE_STOCK = "take"  # take the stock in exchange for the hand
    PASS = "pass"  # decline a last-chance trade or a claim
    WITH = "with"  # the taker picks which exposed card of a pair goes with the stock
    KEEP = "keep"  # keep the stock's cards
    DISCARD = "discard"  # keep the stock's cards and discard one worthless card
    GO_BACK = "back"  # take the original hand back
    KEEP_BOTH = "both"  # keep the original hand and the stock's cards
    PLAY_ON = "play-on"  # after keeping in, play on for all nine tricks
    STOP = "stop"  # after keeping in, stop and score it


_NEEDS = {Kind.PLAY: 1, Kind.TRADE: 2, Kind.EXPOSE: 1, Kind.WITH: 1, Kind.DISCARD: 1}


class ActionParseError(ParseError):
    """An action's text could not be read."""


_INTERNED: dict[tuple[Kind, tuple[Card, ...]], "Action"] = {}


class Action:
    """One action: a kind and the cards it names.  ``Action(kind, cards)`` always returns the same object."""

    __slots__ = ("kind", "cards", "_text", "_hash")
    kind: Kind
    cards: tuple[Card, ...]
    _text: str
    _hash: int

    def __new__(cls, kind: Kind, cards: tuple[Card, ...] = ()) -> "Action":
        # Interned: one object per action, so identity is equality (fast membership tests).
        key = (kind, cards)
        found = _INTERNED.get(key)
        if found is not None:
            return found
        if len(cards) != _NEEDS.get(kind, 0):
            raise ActionParseError(f"a {kind.value!r} action names {counted(_NEEDS.get(kind, 0), 'card')}, got {len(cards)}")
        action = object.__new__(cls)
        object.__setattr__(action, "kind", kind)
        object.__setattr__(action, "cards", cards)
        text = str(cards[0]) if kind is Kind.PLAY else " ".join([kind.value, *(str(c) for c in cards)])
        object.__setattr__(action, "_text", text)
        object.__setattr__(action, "_hash", hash(text))
        _INTERNED[key] = action
        return action

    def __reduce__(self) -> tuple[object, tuple[Kind, tuple[Card, ...]]]:
        return (Action, (self.kind, self.cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    # Constructors that read well at the call site.
    @staticmethod
    def play(card: Card) -> "Action":
        return PLAYS[card.index]

    @staticmethod
    def trade(give: Card, take: Card) -> "Action":
        return Action(Kind.TRADE, (give, take))

    @staticmethod
    def simple(kind: Kind) -> "Action":
        return SIMPLE[kind]


PLAYS: tuple[Action, ...] = tuple(Action(Kind.PLAY, (c,)) for c in ALL_CARDS)
SIMPLE: dict[Kind, Action] = {k: Action(k) for k in Kind if k not in _NEEDS}
TAKE_STOCK = SIMPLE[Kind.TAKE_STOCK]
PASS = SIMPLE[Kind.PASS]
KEEP = SIMPLE[Kind.KEEP]
GO_BACK = SIMPLE[Kind.GO_BACK]
KEEP_BOTH = SIMPLE[Kind.KEEP_BOTH]
PLAY_ON = SIMPLE[Kind.PLAY_ON]
STOP = SIMPLE[Kind.STOP]

_BY_WORD = {k.value: k for k in Kind}
_BY_WORD.update({"play-on": Kind.PLAY_ON, "playon": Kind.PLAY_ON, "go-back": Kind.GO_BACK, "take-stock": Kind.TAKE_STOCK})


def parse_action(text: "str | Action") -> Action:
    """Read an action: ``H2`` or ``play H2``, ``trade H5 H7`` (or ``trade H5 for H7``), ``take``, ``keep`` …"""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ActionParseError(f"an action is written as text like 'H2', 'trade H5 H7' or 'take', not {type_name(text)}")
    words = text.replace(",", " ").split()
    if not words:
        raise ActionParseError("empty action: expected a card like H2, or a word like take, keep, pass")
    head = words[0].lower()
    if head in ("play", "go", "keep", "take") and len(words) > 1 and words[1].lower() in ("on", "back", "both", "stock"):
        head = {"on": "play-on", "back": "back", "both": "both", "stock": "take"}[words[1].lower()]
        words = [head] + words[2:]
    kind = _BY_WORD.get(head)
    if kind is None:
        if len(words) == 1:
            try:
                return PLAYS[parse_card(words[0]).index]
            except CardParseError:
                pass
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise ActionParseError(
            f"bad action {shown!r}: expected a card (H2) or one of: "
            + ", ".join(k.value for k in Kind)
        )
    rest = [w for w in words[1:] if w.lower() not in ("for", "->", ">")]
    need = _NEEDS.get(kind, 0)
    if len(rest) != need:
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise ActionParseError(f"bad action {shown!r}: {kind.value!r} takes {counted(need, 'card')}, got {len(rest)}")
    cards = tuple(parse_card(w) for w in rest)
    return PLAYS[cards[0].index] if kind is Kind.PLAY else (Action(kind, cards) if need else SIMPLE[kind])
