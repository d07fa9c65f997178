"""The follow-suit solver's speed-ups change no value and no node: the search with them (``TUNED``) and without
(``OLD``) walk the same tree.

``bench/wholehands.py`` compares the two on whole hands; here they are compared on small endings of every
setup (player counts, Klørsjavs's games, mid-trick positions, two-player Sjavs's covered cards) in each
objective: the same value of every action, the same principal line and the same count of positions searched
(the node budget of a sampling player's decision must mean the same with both).
"""

from __future__ import annotations

import random

from analysis.test_analysis import KINDS, random_position
from stytvolt.analysis.solve import OLD, TUNED, solve


def test_the_speed_ups_search_the_same_tree() -> None:
    rng = random.Random(26)
    for i in range(42):
        game, variant, cards = KINDS[i % len(KINDS)]
        state = random_position(rng, (game, variant, cards + 1))
        seat = rng.randrange(state.num_players)  # type: ignore[attr-defined]
        objective = ("game", "points", "mixed")[i % 3]
        new = solve(state, seat=seat, objective=objective, tuning=TUNED)
        old = solve(state, seat=seat, objective=objective, tuning=OLD)
        assert (new.values, new.line, new.nodes) == (old.values, old.line, old.nodes), (game, variant, objective)
