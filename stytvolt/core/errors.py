"""One error root for the whole package.

Every error the package raises on purpose is a :class:`StytvoltError`, which
is a :class:`ValueError` (so ``except ValueError`` keeps working).  Beneath it
stand a few children, each naming what went wrong:

* :class:`ParseError`: a text (a card, a suit, an action, a rule value) could
  not be read; the message names the bad token and what was expected;
* :class:`IllegalAction`: the rules refuse an action; ``reason`` is the
  :class:`~stytvolt.core.explain.Reason` naming the rule that refused it;
* :class:`InvalidPosition`: a position cannot exist (a deck of the wrong size,
  a JSON position with a wrong field, a void deal);
* :class:`InvalidRules`: a rule switch was given a value it does not take.

Anything raised by the package is raised before a state changes: a refused
call leaves everything as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stytvolt.core.explain import Reason

__all__ = ["StytvoltError", "ParseError", "IllegalAction", "InvalidPosition", "InvalidRules", "type_name"]


class StytvoltError(ValueError):
    """The root of every error the package raises on purpose."""


class ParseError(StytvoltError):
    """A text could not be read; the message names the token and what was expected."""


class InvalidPosition(StytvoltError):
    """A position, deck or saved state that cannot exist under the rules."""


class InvalidRules(StytvoltError):
    """A rule switch given a value it does not take."""


class IllegalAction(StytvoltError):
    """An action the rules refuse.  ``reason`` names the rule that refused it.

    Raised before anything changes: a refused action leaves the state as it was.
    """

    def __init__(self, reason: "Reason") -> None:
        super().__init__(reason.text)
        self.reason = reason


def type_name(value: object) -> str:
    """``'an int'``, ``'None'``, ``'a list'``: for messages that say what was given instead."""
    if value is None:
        return "None"
    name = type(value).__name__
    return ("an " if name[:1] in "aeiou" else "a ") + name
