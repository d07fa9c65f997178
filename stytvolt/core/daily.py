"""The puzzle of the day, one rule for every game's puzzles: each published puzzle in turn, one a day.

The order is a fixed shuffle of the list (a step through it coprime with
its length, so every puzzle comes round once before any comes again, and
neighbours in the list, which are alike in level, are not neighbours in
time), counted in days from :data:`EPOCH`.
"""

from __future__ import annotations

import datetime as _dt
import math
from typing import Sequence, TypeVar

from stytvolt.core.errors import StytvoltError, type_name

__all__ = ["EPOCH", "day_of", "of_the_day"]

#: The day of the first puzzle of the day.
EPOCH = _dt.date(2026, 1, 1)
T = TypeVar("T")


def day_of(date: _dt.date | str | None, error: type[StytvoltError]) -> _dt.date:
    """``date`` as a day: a date, its ISO text (``"2026-11-25"``), or None for today; else ``error`` saying so."""
    if date is None:
        return _dt.date.today()
    if isinstance(date, _dt.date):
        return date
    if isinstance(date, str):
        try:
            return _dt.date.fromisoformat(date)
        except ValueError:
            raise error(f"a date is written like 2026-11-25, not {date[:20]!r}") from None
    raise error(f"a date is a datetime.date or text like 2026-11-25, not {type_name(date)}")


def of_the_day(items: Sequence[T], date: _dt.date | str | None, error: type[StytvoltError], *, first_step: int) -> T:
    """The item of ``date``'s day (see the module docstring); the step is the first from ``first_step`` up that
    is coprime with the number of items (each game keeps its own, so its order stays as published)."""
    n = len(items)
    step = next(k for k in range(first_step, first_step + n) if math.gcd(k, n) == 1)
    return items[((day_of(date, error) - EPOCH).days * step) % n]
