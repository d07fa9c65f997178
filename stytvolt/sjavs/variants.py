"""Sjavs's rule switches: where sources disagree, the player picks; the defaults are our rulings."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from stytvolt.core.rules import check_switches, rules_from_json, rules_to_json, switch

__all__ = ["Rules"]


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a Sjavs hand is scored by.  ``Rules()`` follows the rulings page."""

    clubs_61_89_five: bool = switch(
        False, "61-89 card points with clubs trumps score 5, as the seed prints it, instead of 4 (ruling R33)")

    def __post_init__(self) -> None:
        check_switches(self)

    def to_json(self) -> dict[str, Any]:
        """Only the switches that differ from the defaults (so ``{}`` is the plain game)."""
        return rules_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> "Rules":
        return rules_from_json(cls, data)

    def with_(self, **changes: Any) -> "Rules":
        return replace(self, **changes)
