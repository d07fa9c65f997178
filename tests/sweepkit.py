"""How much the sweeps (tests marked ``sweep``) try: their sample in ``make test``, times ``STYTVOLT_SWEEP``.

``make test`` runs each sweep at the size written beside it (a sample: several thousand random deals in all, inside
the test budget); ``python bench/sweeps.py`` runs the same tests four times larger (``STYTVOLT_SWEEP=4``).
"""

from __future__ import annotations

import os


def _scale() -> int:
    text = os.environ.get("STYTVOLT_SWEEP", "1").strip()
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise ValueError(f"STYTVOLT_SWEEP is a whole number from 1, not {text!r}")
    return int(text)


#: The factor every sweep's size is multiplied by.
SCALE = _scale()


def sized(n: int) -> int:
    """A sweep's size ``n`` (examples, deals, seeds) as this run asks for it."""
    return n * SCALE
