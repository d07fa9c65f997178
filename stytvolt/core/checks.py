"""One reader for each kind of value the package is given: every game checks its inputs here.

A value that comes from outside (a caller, a saved game's JSON, a page's
param, a line typed at the terminal) is read by one of these before it is
used.  Each returns the value it checked, or raises ``error`` (a
:class:`~stytvolt.core.errors.StytvoltError`; :class:`InvalidPosition` unless
the caller names another) saying which value was wrong, what it was and
what was expected.  Nothing is changed before a check passes.

* :func:`seat`: a seat of a table of ``players`` (0 to ``players - 1``);
* :func:`deal_seed`: the seed a deal is shuffled from, or a computer player draws from (None, or a whole number);
* :func:`rng`: a ``random.Random`` to draw from;
* :func:`whole`: a whole number held as a number (a saved field, a call's argument);
* :func:`whole_text`: a whole number written in the digits 0-9 (``"17"``; never ``"²"`` or ``"١٧"``, which
  ``str.isdigit()`` accepts, and ``int()`` refuses (``"²"``) or reads (``"١٧"``) though no one typed a
  number there), or held as a number;
* :func:`text`, :func:`flag`, :func:`one_of`, :func:`items`, :func:`texts`: a saved field's text, yes/no,
  one of a few values, list, or list of texts;
* :func:`saved_object`: a saved object's JSON checked for its kind, version and field names.

A bool is never a number here, although Python counts ``True`` as 1: a
seat, a seed or a count given as ``True`` is a mistake, and is refused.
"""

from __future__ import annotations

import random
from typing import Any, Collection, Sequence, TypeVar

from stytvolt.core.errors import InvalidPosition, ParseError, StytvoltError, type_name
from stytvolt.core.jsontext import load_json

__all__ = [
    "shown", "seat", "deal_seed", "rng", "whole", "whole_text", "text", "flag", "one_of", "items", "texts",
    "saved_object", "MAX_DIGITS",
]

T = TypeVar("T")

#: The most digits a whole number written as text may have (more is refused before it is converted).
MAX_DIGITS = 30


def shown(value: object) -> str:
    """A value as a message shows it: short numbers and texts as written, anything else by its type."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if -10**15 < value < 10**15:
            return repr(value)
        digits = len(str(abs(value))) if value.bit_length() < 10_000 else "thousands of"
        return f"a {'negative ' if value < 0 else ''}whole number of {digits} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 30 else value[:30] + "…")  # repr escapes what cannot be printed
    return type_name(value)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seat(value: object, players: int, what: str = "player", *, error: type[StytvoltError] = InvalidPosition) -> int:
    """``value`` as a seat of a table of ``players``: a whole number from 0 to ``players - 1`` (not a bool)."""
    if not _is_whole(value) or not 0 <= value < players:  # type: ignore[operator]
        raise error(f"{what} must be a seat from 0 to {players - 1}, not {shown(value)}")
    return value  # type: ignore[return-value]


def deal_seed(value: object, what: str = "seed", *, error: type[StytvoltError] = InvalidPosition) -> int | None:
    """The seed a deal is shuffled from: None (a fresh shuffle) or a whole number (the same number, the same deal)."""
    if value is not None and not _is_whole(value):
        raise error(f"{what} must be a whole number (or None: drawn at random), not {shown(value)}")
    return value  # type: ignore[return-value]


def rng(value: object, what: str = "rng", *, error: type[StytvoltError] = InvalidPosition) -> random.Random:
    """``value`` as the random generator to draw from: a ``random.Random`` (``random.Random(7)``)."""
    if not isinstance(value, random.Random):
        raise error(f"{what} must be a random.Random to draw from (random.Random(7), say), not {shown(value)}")
    return value


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low:,} to {high:,}"
    if low is not None:
        return f"a whole number from {low:,} up"
    if high is not None:
        return f"a whole number up to {high:,}"
    return "a whole number"


def whole(value: object, what: str, low: int | None = None, high: int | None = None, *,
          error: type[StytvoltError] = InvalidPosition) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (either may be None: no bound); a number, not its text."""
    if not _is_whole(value) or (low is not None and value < low) or (high is not None and value > high):  # type: ignore[operator]
        raise error(f"{what} must be {_range(low, high)}, not {shown(value)}")
    return value  # type: ignore[return-value]


def whole_text(value: object, what: str, low: int | None = None, high: int | None = None, *,
               error: type[StytvoltError] = ParseError) -> int:
    """A whole number written in the digits 0-9 (spaces around it are ignored), or given as a number.

    The one reader of numbers typed or sent as text (a page's param, the
    terminal, an id): ``"²"`` or ``"٣"`` pass ``str.isdigit()`` but are
    refused here, as are signs, spaces inside and more than
    :data:`MAX_DIGITS` digits.
    """
    number = value
    if isinstance(value, str):
        digits = value.strip()
        if digits and len(digits) <= MAX_DIGITS and all("0" <= ch <= "9" for ch in digits):
            number = int(digits)
    if not _is_whole(number) or (low is not None and number < low) or (high is not None and number > high):  # type: ignore[operator]
        raise error(f"{what} is {_range(low, high)}, not {shown(value)}")
    return number  # type: ignore[return-value]


def text(value: object, what: str, said: str = "text", *, error: type[StytvoltError] = InvalidPosition) -> str:
    """``value`` as text (``said`` words what the text holds for the message: "the 36 cards as text")."""
    if not isinstance(value, str):
        raise error(f"{what} must be {said}, not {shown(value)}")
    return value


def flag(value: object, what: str, *, error: type[StytvoltError] = InvalidPosition) -> bool:
    """``value`` as yes or no: ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise error(f"{what} must be true or false, not {shown(value)}")
    return value


def one_of(value: object, what: str, options: Sequence[T], said: str | None = None, *,
           error: type[StytvoltError] = InvalidPosition) -> T:
    """``value`` if it is one of ``options`` (of the same type too: ``True`` is not ``1``, nor ``4.0`` 4);
    ``said`` words the options for the message ("4 or 6"; by default "one of" and the list)."""
    for option in options:
        if type(option) is type(value) and option == value:
            return option
    if said is None:
        said = "one of " + ", ".join(repr(o) if isinstance(o, str) else str(o) for o in options)
    raise error(f"{what} must be {said}, not {shown(value)}")


def items(value: object, what: str, most: int | None = None, *, item: str = "item",
          error: type[StytvoltError] = InvalidPosition) -> list[Any]:
    """``value`` as a list of at most ``most`` items (``item`` names one of them in a message: "hand")."""
    if not isinstance(value, list):
        raise error(f"{what} is a list of {item}s, not {shown(value)}")
    if most is not None and len(value) > most:
        raise error(f"{what} holds {len(value):,} {item}s; at most {most:,} are accepted")
    return value


def texts(value: object, what: str, most: int | None = None, *, item: str = "item",
          error: type[StytvoltError] = InvalidPosition) -> list[str]:
    """``value`` as a list of at most ``most`` texts (``item`` names one of them in a message: "action")."""
    if not isinstance(value, list):
        raise error(f"{what} is a list of {item} texts, not {shown(value)}")
    listed = items(value, what, most, item=item, error=error)
    for i, entry in enumerate(listed):
        if not isinstance(entry, str):
            raise error(f"{item} {i + 1} of {what} must be text, not {shown(entry)}")
    return listed


def saved_object(data: object, what: str, game: str, version: int | None, keys: Collection[str],
                 required: Collection[str] = (), *, max_chars: int, max_depth: int = 8,
                 unversioned: int | None = 1) -> dict[str, Any]:
    """A saved object (a dict, or its JSON text) once its ``"game"``, its ``"v"`` (when ``version`` is given;
    an object without one is of version ``unversioned``, None: refused) and its field names are checked;
    ``what`` names it ("a saved Sjavs hand")."""
    if isinstance(data, str):
        data = load_json(data, what, max_chars=max_chars, max_depth=max_depth)
    if not isinstance(data, dict):
        raise InvalidPosition(f"{what} is a JSON object, not {type_name(data)}")
    v = data.get("v", unversioned)
    if data.get("game") != game or (version is not None and not (_is_whole(v) and v == version)):
        said = f'"game": "{game}"' + (f' and "v": {version}' if version is not None else "")
        raise InvalidPosition(f"not {what}: expected {said}")
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise InvalidPosition(f"{what} has no field {unknown[0]!r}: expected {', '.join(sorted(keys))}")
    missing = sorted(k for k in required if k not in data)
    if missing:
        raise InvalidPosition(f"{what} lacks the field {missing[0]!r}")
    return data
