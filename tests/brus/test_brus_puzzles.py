"""Brus's published puzzles: how many and of what, a sample proven again (a sample keeps the suite quick), the
smallest checked by a brute force that knows nothing of the solver, the goals read back against the rules' scoring,
the tricks left, and the recipe making them again from their seeds."""

from __future__ import annotations

import collections
from typing import Any

import pytest

import stytvolt
from analysis.puzzlekit import remade, spread
from protocol.brute import brute_endings, brute_line_problems
from stytvolt.analysis import puzzles as P
from stytvolt.brus import puzzles as BP
from stytvolt.brus.cards import CLUB_KING, is_live
from stytvolt.brus.rules import deal_score

FOUND = P.published("brus")
SIDES = ("South and North", "West and East")  # the table's seats at four (South seat 0, then West, North, East)


def _live(state: Any) -> int:
    return sum(1 for hand in state.hands for c in hand if is_live(c))


def test_there_are_enough_puzzles_and_every_theme_has_ten() -> None:
    assert len(FOUND) >= 150
    counts = collections.Counter(t for p in FOUND for t in p.themes)
    assert set(counts) == set(BP.THEMES)  # every theme listed has puzzles (a filter never comes up empty)
    assert min(counts.values()) >= 10, counts
    assert max(counts.values()) <= BP.CAP
    assert all(len(p.themes) == 1 for p in FOUND)
    assert set(BP.IDEA_THEMES.values()) <= set(BP.THEMES) and "pass" not in BP.IDEA_THEMES
    assert [p.id for p in FOUND] == [f"B{i:04d}" for i in range(1, len(FOUND) + 1)]
    assert [p.rating for p in FOUND] == sorted(p.rating for p in FOUND)
    levels = collections.Counter(p.level for p in FOUND)
    assert set(levels) == {1, 2, 3} and all(n >= len(FOUND) // 5 for n in levels.values()), levels
    assert all(p.game == "brus" and p.position["players"] == 4 for p in FOUND)
    assert all(p.key != "pass" for p in FOUND)


def test_a_sample_over_every_level_is_sound() -> None:
    for p in spread(FOUND):
        assert P.check_sound(p) == [], p.id



def test_the_smallest_puzzles_have_one_key_by_brute_force() -> None:
    """For the four puzzles with the fewest live cards left, plain minimax to the end of the deal over ``returns()``
    (nothing of the solver; partners alternate round the table): at each turn of the solving side on the line with a
    choice, the line's move alone reaches the target and every other falls below it; and where the line stops, every
    way of playing on ends at the same strokes, at least the target."""
    small = sorted(FOUND, key=lambda p: (_live(p.state()), p.id))[:4]
    assert all(_live(p.state()) <= 8 for p in small)
    for p in small:
        state = p.state()
        friends = frozenset(s for s in range(4) if s % 2 == p.player % 2)
        assert brute_line_problems(state, p.line, p.player, friends, p.target) == [], p.id


def test_a_line_stops_only_where_no_play_can_change_the_strokes() -> None:
    """Where a published line stops before the deal's end (``decided``), every way of playing on ends with the
    strokes ``decided`` says, at least the target, for every seat; and in the positions before, it said nothing."""
    stopped = 0
    for p in FOUND:
        state = p.play(p.line)
        if state.is_terminal():
            continue
        stopped += 1
        for player in range(4):
            said = BP.decided(state, player)
            assert said is not None and brute_endings(state, player) == {said}, (p.id, player)
        assert BP.decided(state, p.player) >= p.target  # type: ignore[operator]
        state.undo()
        assert BP.decided(state, p.player) is None
    assert stopped >= 3


def test_the_tricks_left_are_never_fewer_than_the_play_bears_out() -> None:
    """In every position reachable from the smallest puzzles', no way of playing on plays more tricks than
    ``tricks_left`` allows, and the bound is met somewhere."""
    met = [0]

    def visit(state: Any) -> None:
        if state.is_terminal():
            assert BP.tricks_left(state) is None
            return
        most = _most_tricks(state)
        assert most <= BP.tricks_left(state)  # type: ignore[operator]
        met[0] += most == BP.tricks_left(state)
        for action in list(state.legal_actions()):
            state.apply(action)
            visit(state)
            state.undo()

    for p in sorted(FOUND, key=lambda p: (_live(p.state()), p.id))[:3]:
        visit(p.state())
    assert met[0] >= 3


def _most_tricks(state: Any) -> int:
    """The most tricks (led and played, sevens laid out not counted) any way of playing on plays, the one under way
    counted."""
    if state.is_terminal():
        return 0
    most = 0
    for action in list(state.legal_actions()):
        before = len([e for e in state.log if e.kind == "trick"])
        state.apply(action)
        gained = len([e for e in state.log if e.kind == "trick"]) - before
        most = max(most, gained + _most_tricks(state))
        state.undo()
    return most


def _strokes(won: tuple[int, int], club_king_side: int, side: int) -> int:
    straight = 6 in won and 0 in won
    result = deal_score(won, straight=straight, club_king_side=None if 6 in won else club_king_side)
    return 0 if result.side is None else result.strokes if result.side == side else -result.strokes


def _means(goal: str, us: int, won: tuple[int, int]) -> bool:
    """Whether a deal ending with ``won`` tricks reaches ``goal``, read from the words alone (``us``: the solving
    side)."""
    ours, theirs = won[us], won[1 - us]
    run_out = 6 not in won  # the deal ended for want of live cards, not at a side's sixth trick
    task = goal.split(": ", 1)[1]
    if task == f"take six tricks before {SIDES[1 - us]} take one: the lurch, two strokes.":
        return ours == 6 and theirs == 0
    if task == "score a stroke: take six tricks.":
        return ours == 6
    if task == "score a stroke: take six tricks, or five with ♣K in your hands when the live cards run out.":
        return ours == 6 or (run_out and ours == 5)
    if task == f"keep {SIDES[1 - us]} from scoring: no six tricks for them.":
        return theirs < 6
    if task == (f"keep {SIDES[1 - us]} from scoring: no six tricks for them, nor five when the live cards run out "
                f"({CLUB_KING.symbol} is in their hands)."):
        return theirs < 6 and not (run_out and theirs == 5)
    if task == f"escape the lurch: do not let {SIDES[1 - us]} take six tricks before you take one.":
        return not (theirs == 6 and ours == 0)
    raise AssertionError(f"the goal {goal!r} is not one of Brus's wordings")


def test_the_goal_says_what_the_target_means_in_the_scoring() -> None:
    """For each kind of goal that occurs, read back from the words alone: the side named is the player's as the table
    names it, the ♣K clause is there exactly when it decides for that side, and every way a deal can end from the
    puzzle's tricks (a side stops at six) reaches the goal in the words exactly when the rules' :func:`deal_score`
    gives the side the target or more."""
    kinds: dict[tuple[int, bool], P.Puzzle] = {}
    for p in FOUND:
        state = p.state()
        kinds.setdefault((p.target, state.club_king_holder() % 2 == p.player % 2), p)
    assert {target for target, _ in kinds} >= {-1, 1, 2}
    for p in kinds.values():
        state = p.state()
        us, holder = p.player % 2, state.club_king_holder() % 2
        assert p.goal.startswith(SIDES[us] + ": ")
        ends = [(a, b) for a in range(state.won[0], 7) for b in range(state.won[1], 7) if (a, b) != (6, 6)]
        for won in ends:
            assert _means(p.goal, us, won) == (_strokes(won, holder, us) >= p.target), (p.id, won)


def test_the_recipe_makes_the_same_puzzles_from_their_seeds() -> None:
    for p in (FOUND[0], FOUND[len(FOUND) * 2 // 3]):
        assert remade(p, BP) == []



def test_the_game_lists_them_and_refuses_what_it_does_not_know() -> None:
    brus = stytvolt.game("brus")
    assert brus.puzzles() == list(FOUND)
    assert brus.puzzles(theme="lurch") == [p for p in FOUND if "lurch" in p.themes]
    assert BP.puzzles(1, "sevens") == [p for p in FOUND if p.level == 1 and "sevens" in p.themes]
    with pytest.raises(P.PuzzleError, match="Brus has no theme 'pass': expected one of lurch, six, sevens, "):
        brus.puzzles(theme="pass")
    with pytest.raises(P.PuzzleError, match="unknown level 4: expected 1, 2, 3 or beginner, club, expert"):
        brus.puzzles(4)
    assert P.find("B0002") == FOUND[1]
    state = FOUND[0].state()
    with pytest.raises(P.PuzzleError, match="-2 strokes is no goal in this deal: every ending scores it"):
        BP.goal_words(state, FOUND[0].player, -2)
    with pytest.raises(P.PuzzleError, match="a Brus deal, not a HandState"):
        BP.tricks_left(stytvolt.game("vira").new(3))
    over = brus.new(5)
    while not over.is_terminal():
        over.apply(over.legal_actions()[0])
    assert BP.tricks_left(over) is None
