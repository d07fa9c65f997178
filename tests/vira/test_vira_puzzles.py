"""Vira's published puzzles: how many and of what, a sample proven again (a sample keeps the suite quick), the
smallest checked by a brute force that knows nothing of the solver, where a result can no longer change, the goals
read back against the hand's settlement, and the recipe making them again from their seeds."""

from __future__ import annotations

import collections
import re
from typing import Any

import pytest

import stytvolt
from analysis.puzzlekit import remade, spread
from protocol.brute import brute_endings, brute_line_problems
from stytvolt.analysis import puzzles as P
from stytvolt.vira import puzzles as VP
from stytvolt.vira.contracts import Outcome, outcome

FOUND = P.published("vira")
NAMES = ("South", "West", "East")  # the table's seats at three, South first (seat 0)


def _left(state: Any) -> int:
    return int(state.trick_count - len(state.tricks))


def _sides(state: Any) -> tuple[frozenset[int], frozenset[int]]:
    """The soloist alone, the two opponents together: written out here, not asked of the game."""
    return frozenset({state.soloist}), frozenset(s for s in state.active if s != state.soloist)


def _friends(state: Any, player: int) -> frozenset[int]:
    return next(side for side in _sides(state) if player in side)


def test_there_are_enough_puzzles_and_every_theme_has_ten() -> None:
    assert len(FOUND) >= 150
    counts = collections.Counter(t for p in FOUND for t in p.themes)
    assert set(counts) == set(VP.THEMES)  # every theme listed has puzzles (a filter never comes up empty)
    assert min(counts.values()) >= 10, counts
    assert all(len(p.themes) == 1 for p in FOUND)
    assert set(VP.IDEA_THEMES.values()) <= set(VP.THEMES)
    assert [p.id for p in FOUND] == [f"V{i:04d}" for i in range(1, len(FOUND) + 1)]
    assert [p.rating for p in FOUND] == sorted(p.rating for p in FOUND)
    levels = collections.Counter(p.level for p in FOUND)
    assert set(levels) == {1, 2, 3} and all(n >= len(FOUND) // 5 for n in levels.values()), levels
    assert all(p.game == "vira" and p.position["players"] == 3 for p in FOUND)


def test_a_sample_over_every_level_is_sound() -> None:
    for p in spread(FOUND):
        assert P.check_sound(p) == [], p.id



def test_the_smallest_puzzles_have_one_key_by_brute_force() -> None:
    """For the four puzzles with the fewest tricks left, plain minimax to the end of the hand over ``returns()``
    (nothing of the solver, nor of ``decided``): at each turn of the solving side on the line with a choice, the
    line's move alone reaches the target and every other falls below it; and where the line stops before the hand's
    end, every way of playing on ends at the same ``returns()``, at least the target."""
    small = sorted(FOUND, key=lambda p: (_left(p.state()), p.id))[:4]
    assert all(_left(p.state()) <= 3 for p in small)
    for p in small:
        state = p.state()
        friends = _friends(state, p.player)
        assert brute_line_problems(state, p.line, p.player, friends, p.target) == [], p.id


def test_decided_says_only_what_no_play_can_change() -> None:
    """Along the smallest puzzles' lines: where ``decided`` gives a value, every way of playing on ends with it."""
    checked = 0
    for p in sorted(FOUND, key=lambda p: (_left(p.state()), p.id))[:6]:
        state = p.state()
        for text in p.line:
            state.apply(text)
            for player in state.active:
                said = VP.decided(state, player)
                if said is not None:
                    assert brute_endings(state, player) == {said}, p.id
                    checked += 1
    assert checked >= 3


_TAKE = re.compile(r"^(?P<who>.+): (?P<aim>make|escape a kodille in|beat) (?P<contract>.+?)( a kodille)?: "
                   r"(?P<task>.+)\.$")


def _reaches(task: str, solo: str) -> tuple[str, int]:
    """The task read back: ("at least" or "at most", the soloist's tricks named)."""
    for pattern, sense in ((r"take at least (\d+) of the \d+ tricks", "at least"),
                           (rf"hold {solo} to (\d+) of the \d+ tricks at most", "at most"),
                           (r"take (\d+) tricks? at most", "at most"),
                           (rf"make {solo} take (\d+) tricks", "at least")):
        m = re.fullmatch(pattern, task)
        if m:
            return sense, int(m.group(1))
    if task == "take no trick":
        return "at most", 0
    if task == f"make {solo} take a trick":
        return "at least", 1
    raise AssertionError(f"the task {task!r} is not one of the goals' wordings")


def test_the_goal_says_what_the_target_means_in_the_settlement() -> None:
    """Read back from the words alone, for each kind of goal that occurs: the seats named are the player's side as
    the table names them, the contract is the hand's, the soloist's tricks named reach the target in the hand's
    settlement exactly as the words say (every count of tricks from none to all), and the aim named is the
    contract's outcome there (by the rules' :func:`outcome`)."""
    kinds: dict[tuple[str, bool, int], P.Puzzle] = {}
    for p in FOUND:
        state = p.state()
        kinds.setdefault((state.contract.english, p.player == state.soloist, p.target), p)
    assert len(kinds) >= 4
    for p in kinds.values():
        state = p.state()
        m = _TAKE.match(p.goal)
        assert m, p.goal
        solo = NAMES[state.soloist]
        if p.player == state.soloist:
            assert m["who"] == f"{solo}, the soloist"
        else:
            a, b = sorted(s for s in state.active if s != state.soloist)
            assert m["who"] == f"{NAMES[a]} and {NAMES[b]}, the opponents"
        assert m["contract"] == (f"the misère of {state.contract.english}" if state.misere else state.contract.english)
        sense, n = _reaches(m["task"], solo)
        for t in range(state.trick_count + 1):
            wanted = t >= n if sense == "at least" else t <= n
            assert (state.settled(t).returns()[p.player] >= p.target) == wanted, (p.id, t)
        edge = outcome(state.contract, n, misere=state.misere if state.contract.has_misere_option else None)
        aim = {"make": Outcome.WON, "escape a kodille in": Outcome.LOST, "beat": Outcome.LOST}[m["aim"]]
        assert edge is (Outcome.KODILLE if m.group(4) else aim), (p.id, edge)


def test_the_recipe_makes_the_same_puzzles_from_their_seeds() -> None:
    for p in (FOUND[0], FOUND[len(FOUND) * 2 // 3]):
        assert remade(p, VP) == []



def test_the_game_lists_them_and_refuses_what_it_does_not_know() -> None:
    vira = stytvolt.game("vira")
    assert vira.puzzles() == list(FOUND)
    theme = FOUND[0].themes[0]
    assert vira.puzzles(theme=theme) == [p for p in FOUND if theme in p.themes]
    assert VP.puzzles("expert", theme) == [p for p in FOUND if p.level == 3 and theme in p.themes]
    with pytest.raises(P.PuzzleError, match="Vira has no theme 'lurch': expected one of contract, "):
        vira.puzzles(theme="lurch")
    with pytest.raises(P.PuzzleError, match="unknown level 'grandmaster': expected 1, 2, 3 or beginner"):
        vira.puzzles("grandmaster")
    assert P.find("v1") == FOUND[0]
    state = FOUND[0].state()
    with pytest.raises(P.PuzzleError, match="is no goal in Beg: every result reaches it"):
        VP.goal_words(state, state.soloist, -10_000)
    with pytest.raises(P.PuzzleError, match="no result reaches it"):
        VP.goal_words(state, state.soloist, 10_000)
    with pytest.raises(P.PuzzleError, match="in the card play, not at the auction"):
        VP.decided(vira.new(3), 0)
    with pytest.raises(P.PuzzleError, match="a hand of Vira, not"):
        VP.goal_words(stytvolt.game("brus").new(3), 0, 1)

