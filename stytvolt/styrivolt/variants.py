"""The rule switches: one frozen object, each field named after the rule it changes.

The defaults are the Kvívík rules of the seed text.  Every variation the seed
lists is a switch here; so are the points where another source (the Penguin
book) disagrees.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from typing import Any

from stytvolt.styrivolt.chalk import Scoring

__all__ = ["Rules", "CutRule", "Scoring"]


class CutRule(Enum):
    """Cutting for a stikkar before the deal (a variation)."""

    NONE = "none"  # the cards are not cut (the usual Kvívík way)
    BOTTOM_CARD = "bottom-card"  # the cutter looks at the stock's bottom card only
    UNTIL_FOURTH = "until-fourth"  # ... and on, up to the fourth card, until a permanent stikkar shows
    TWO_STIKKAR = "two-stikkar"  # up to four cards, and a second permanent stikkar may be exposed too


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a hand is played by.  ``Rules()`` is the seed's Kvívík game."""

    cut_for_stikkar: CutRule = CutRule.NONE
    queen_claims_cut_stikkar: bool = False  # the queen may claim when the king is in no hand
    open_choosing: bool = False  # the cards turned while choosing suits are shown to everyone
    king_of_hearts_takes_bird: bool = False  # in the last trick ♥K may be exchanged for an exposed bird
    compulsory_beating: bool = False  # beat the best card so far if you can, unless your partner played it
    late_stock: bool = False  # the stock may be taken for the first time after the first trick
    scoring: Scoring = Scoring.KVIVIK
    enforce_stock_right: bool = True  # False: anyone may take the stock, and a wrongful take is penalised

    def to_json(self) -> dict[str, Any]:
        """Only the switches that differ from the defaults (so ``{}`` is the plain game)."""
        default = Rules()
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                out[f.name] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Rules":
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown rule switch {key!r}: expected one of {', '.join(known)}")
            current = getattr(cls(), key)
            if isinstance(current, Enum):
                try:
                    kwargs[key] = type(current)(value)
                except ValueError:
                    allowed = ", ".join(repr(m.value) for m in type(current))
                    raise ValueError(f"rule {key!r} cannot be {value!r}: expected one of {allowed}") from None
            elif isinstance(value, bool):
                kwargs[key] = value
            else:
                raise ValueError(f"rule {key!r} takes true or false, not {value!r}")
        return cls(**kwargs)

    def with_(self, **changes: Any) -> "Rules":
        return replace(self, **changes)

    def describe(self) -> dict[str, Any]:
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()}
