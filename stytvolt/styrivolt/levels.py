"""The computer players' levels, in words and in figures (:mod:`stytvolt.styrivolt.players` plays them).

Kept apart from the players, so a page can offer the levels (the table's
settings) without loading the players and the solver under them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Level", "LEVEL_OF", "LEVELS", "LEVEL_SUMMARIES", "DEFAULT_LEVEL"]


@dataclass(frozen=True, slots=True)
class Level:
    """How hard a computer player thinks."""

    name: str
    summary: str
    deals: int  # deals drawn per decision (0: rules of thumb only)
    solve_at: int  # the solver scores actions once every hand holds at most this many cards
    solve_nodes: int  # the most positions one solve may search before play-outs are used instead


#: Each level by its name.
LEVEL_OF: dict[str, Level] = {
    "beginner": Level("beginner", "plays by a beginner's rules of thumb, at once", 0, 0, 0),
    "club": Level("club", "pictures 10 deals that fit what it has seen and plays each choice out", 10, 4, 5_000),
    "expert": Level("expert", "pictures 24 deals, and solves the play exactly from five cards a hand", 24, 5, 20_000),
}
#: The levels, weakest first.
LEVELS: tuple[str, ...] = tuple(LEVEL_OF)
#: Each level in a few words.
LEVEL_SUMMARIES: dict[str, str] = {name: level.summary for name, level in LEVEL_OF.items()}
#: The level a computer player has unless told otherwise.
DEFAULT_LEVEL = "club"
