"""A hand's compact JSON form, and reading it back with every field checked.

``{"game": "styrivolt", "v": 1, "deck": "<48 letters>", "dealer": 0,
"rules": {...}, "actions": ["H2", "take", ...]}``: the deck (one letter a
card, top first), the dealer, the rule switches that differ from the
defaults, and the actions in order.  Restoring deals the deck again and
replays the actions, so a saved position is exactly the position it was.

Reading checks every field's type and value where it stands and raises
:class:`~stytvolt.core.errors.InvalidPosition` naming the field and what was
expected; a page can send at most :data:`MAX_TEXT` characters of JSON.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping

from stytvolt.core import checks
from stytvolt.core.cards import ALL_CARDS, Card
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.jsontext import load_json
from stytvolt.styrivolt.variants import Rules

if TYPE_CHECKING:
    from stytvolt.styrivolt.hand import HandState

__all__ = ["hand_to_json", "hand_from_json", "read_json", "dumps", "MAX_TEXT", "MAX_ACTIONS", "deck_text", "read_deck"]

#: The longest JSON text read (a whole game of many hands stays far below it).
MAX_TEXT = 200_000
#: How deeply a saved object's JSON may nest (a game is an object of lists of lists: three levels).
MAX_DEPTH = 8
#: The most actions a hand can hold (a hand has about forty).
MAX_ACTIONS = 200
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # card.index → letter
_KEYS = {"game", "v", "deck", "dealer", "rules", "actions"}


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def read_json(data: object, what: str) -> dict[str, Any]:
    """``data`` as a dict: a dict as it is, JSON text parsed (size-limited, nesting-safe)."""
    if isinstance(data, str):
        data = load_json(data, what, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    if not isinstance(data, dict):
        raise InvalidPosition(f"{what} is a JSON object, not {type_name(data)}")
    return data


def read_saved(data: object, what: str, game: str, version: int, keys: set[str]) -> dict[str, Any]:
    """A saved object's JSON, once its kind, version and field names are checked."""
    return checks.saved_object(data, f"a saved Stýrivolt {what}", game, version, keys, max_chars=MAX_TEXT,
                               max_depth=MAX_DEPTH, unversioned=None)


def deck_text(deck: tuple[Card, ...]) -> str:
    return "".join(_ALPHABET[c.index] for c in deck)


def read_deck(text: object, field: str = "deck") -> list[Card]:
    if not isinstance(text, str):
        raise InvalidPosition(f"{field!r} is a text of 48 letters, one per card, not {type_name(text)}")
    bad = next((ch for ch in text if ch not in _ALPHABET), None)
    if bad is not None:
        raise InvalidPosition(f"{field!r} holds {bad!r}, which names no card: expected letters A-Z and a-z")
    return [ALL_CARDS[_ALPHABET.index(ch)] for ch in text]


def whole(value: object, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, or an error naming the field."""
    return checks.whole(value, repr(field), low, high)


def read_rules(data: object, field: str = "rules") -> Rules:
    try:
        return Rules.from_json(data)
    except StytvoltError as err:
        raise InvalidPosition(f"{field!r}: {err}") from None


def read_actions(value: object, where: str) -> list[str]:
    """A hand's actions: a list of at most :data:`MAX_ACTIONS` texts, or an error naming ``where``."""
    return checks.texts(value, where, MAX_ACTIONS, item="action")


def hand_to_json(state: "HandState") -> dict[str, Any]:
    return {
        "game": "styrivolt",
        "v": 1,
        "deck": deck_text(state.deck),
        "dealer": state.dealer,
        "rules": state.rules.to_json(),
        "actions": [str(a) for _, a in state.history],
    }


def hand_from_json(data: object) -> "HandState":
    from stytvolt.styrivolt.hand import HandState

    obj = read_saved(data, "hand", "styrivolt", 1, _KEYS)
    deck = read_deck(obj.get("deck"))
    dealer = whole(obj.get("dealer", 0), "dealer", 0, 3)
    rules = read_rules(obj.get("rules", {}))
    actions = read_actions(obj.get("actions", []), "'actions'")
    try:
        state = HandState(deck, dealer=dealer, rules=rules)
    except StytvoltError as err:
        raise InvalidPosition(f"'deck': {err}") from None
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except StytvoltError as err:
            shown = text if len(text) <= 30 else text[:30] + "…"
            raise InvalidPosition(f"action {i + 1} ({shown!r}) cannot be replayed: {err}") from None
    return state
