"""What the games' puzzle tests share (``from analysis.puzzlekit import spread, remade``): a sample spread over the
levels, and the recipe's puzzles made again from their seeds (:mod:`stytvolt.analysis.puzzles`)."""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.analysis import puzzles as P


def spread(found: Sequence[P.Puzzle], per_level: int = 4) -> list[P.Puzzle]:
    """``per_level`` puzzles of each level, evenly over its ratings (its easiest first)."""
    out: list[P.Puzzle] = []
    for level in P.LEVELS:
        mine = [p for p in found if p.level == level]
        out += [mine[i * len(mine) // per_level] for i in range(per_level)]
    return out


def remade(p: P.Puzzle, part: Any) -> list[str]:
    """What differs when the game's recipe (its puzzle part's ``SETUP`` and ``OPTIONS``) looks at ``p``'s deal again
    (empty: the one puzzle found there is ``p``, its id and level aside)."""
    again = P.candidates(p.game, p.seed, part.SETUP, **part.OPTIONS)
    if len(again) != 1:
        return [f"{p.id}: {len(again)} puzzles found in deal {p.seed}"]
    c = again[0]
    fields = ("position", "player", "goal", "target", "line", "themes", "rating")
    return [f"{p.id}: its {name} differs" for name in fields
            if getattr(c, name) != getattr(p, name)]
