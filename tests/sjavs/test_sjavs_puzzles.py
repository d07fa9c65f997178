"""Sjavs's published puzzles: proven again in a sample, their goals checked against the scoring table, the smallest
checked by a brute force, and the recipe making them again from their seeds."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from stytvolt.analysis import puzzles as P
from stytvolt.sjavs import puzzles as SP
from stytvolt.sjavs.scoring import hand_score

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brute import brute_value  # noqa: E402

FOUND = P.published("sjavs")


def test_a_sample_over_every_level_and_theme_is_sound() -> None:
    sample = {}
    for p in FOUND:
        sample.setdefault((p.level, p.themes), p)
    assert len(sample) >= 12
    for p in list(sample.values())[:15]:
        assert P.check_sound(p) == [], p.id


def _announcers_value(state: object, points: int, tricks: int) -> int:
    score = hand_score(state.trump, points, tricks, players=4, rules=state.rules)  # type: ignore[attr-defined]
    return 0 if score.scorer is None else (score.points if score.scorer == "announcers" else -score.points)


@pytest.mark.parametrize("p", FOUND[::7], ids=lambda p: p.id)
def test_the_goal_says_what_the_target_means_in_the_scoring_table(p: P.Puzzle) -> None:
    """Read back from the words alone: the card points (or tricks) named score the target in the scoring table, and
    one card point (or trick) fewer does not."""
    state = p.state()
    announcers = state.side_of(p.player) == state.side_of(state.declarer)
    seats = "South and North" if p.player % 2 == 0 else "West and East"
    assert p.goal.startswith(f"{seats}, the {'announcers' if announcers else 'opponents'}: ")
    m = re.search(r"take at least (\d+) card points", p.goal)
    if m:
        n = int(m.group(1))
        if announcers:
            assert _announcers_value(state, n, 4) >= p.target > _announcers_value(state, n - 1, 4)
        else:  # the opponents' n points leave the announcers 120 - n
            assert -_announcers_value(state, 120 - n, 4) >= p.target > -_announcers_value(state, 121 - n, 4)
    elif "take every trick" in p.goal:
        assert announcers and _announcers_value(state, 120, 8) >= p.target > _announcers_value(state, 119, 7)
    else:
        assert "take a trick" in p.goal
        if announcers:
            assert _announcers_value(state, 0, 1) >= p.target > _announcers_value(state, 0, 0)
        else:
            assert -_announcers_value(state, 120 - 1, 7) >= p.target > -_announcers_value(state, 120, 8)


def test_the_smallest_puzzles_have_one_key_by_brute_force() -> None:
    """For the three puzzles with the fewest cards left, plain minimax over ``returns()`` (nothing of the solver):
    the key alone reaches the target; each other first move falls below it."""
    for p in sorted(FOUND, key=lambda p: len(p.line))[:3]:
        state = p.state()
        side = frozenset(P.side_of(state, p.player))
        for action in list(state.legal_actions()):
            state.apply(action)
            value = brute_value(state, p.player, side)
            state.undo()
            assert (value >= p.target) == (str(action) == p.key), (p.id, str(action), value)


def test_the_recipe_makes_the_same_puzzles_from_their_seeds() -> None:
    for p in (FOUND[0], FOUND[len(FOUND) // 2]):
        again = P.candidates("sjavs", p.seed, SP.SETUP, **SP.OPTIONS)
        assert len(again) == 1
        c = again[0]
        assert (c.position, c.player, c.goal, c.target, c.line, c.themes, c.rating) == (
            p.position, p.player, p.goal, p.target, p.line, p.themes, p.rating)


def test_a_target_that_is_no_goal_is_refused_in_words() -> None:
    state = FOUND[0].state()
    with pytest.raises(P.PuzzleError, match="no result scores it"):
        SP.goal_words(state, FOUND[0].player, 1000)
    with pytest.raises(P.PuzzleError, match="every result reaches it"):
        SP.goal_words(state, FOUND[0].player, -1000)
