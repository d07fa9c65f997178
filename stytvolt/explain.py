"""Structured reasons: why the engine decided what it decided.

Every decision the engine makes (a trick's winner, a card's power, a suit
choice, a refused action, a score change) can be explained as a tuple of
:class:`Reason` values.  A reason carries a stable ``code`` naming the rule
that applied (tests and the site key on it), the cards it speaks of, and the
sentence a player reads.  The sentence is written once, where the rule lives,
so the site, the CLI and the tests all show the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stytvolt.cards import Card

__all__ = ["Reason", "IllegalAction", "render"]


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of an explanation: a rule (``code``), the cards it concerns, a sentence."""

    code: str
    text: str
    cards: tuple[Card, ...] = field(default=())

    def __str__(self) -> str:
        return self.text

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (what the site's worker sends to the page)."""
        return {"code": self.code, "text": self.text, "cards": [str(c) for c in self.cards]}


def render(reasons: tuple[Reason, ...] | list[Reason]) -> str:
    """Join reasons into lines of plain text, one sentence a line."""
    return "\n".join(r.text for r in reasons)


class IllegalAction(ValueError):
    """An action the rules refuse.  ``reason`` names the rule that refused it.

    Raised before anything changes: a refused action leaves the state as it was.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.text)
        self.reason = reason
