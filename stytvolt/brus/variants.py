"""Brus's rule switches.  The sources checked agree on every rule the engine plays (see the rulings), so
Brus has no switch yet; ``Rules()`` is the game as the rulings page sets it out, and a switch joins here
when a source that plays differently is found."""

from __future__ import annotations

from dataclasses import dataclass

from stytvolt.core.rules import SwitchRules

__all__ = ["Rules"]


@dataclass(frozen=True, slots=True)
class Rules(SwitchRules):
    """The rules a Brus deal is played by; it has no switches (every source checked agrees)."""
