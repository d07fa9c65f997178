"""Knorri puzzles: every published one re-solved and five worked out by hand (the puzzle room's answers are
tests/web/test_puzzle_room.py's)."""

from __future__ import annotations

import pytest

from stytvolt.knorri.puzzles import (
    LEVELS, MAX_PUZZLE_POSITIONS, Puzzle, PuzzleError, check_sound, daily, generate, get_puzzle, puzzles,
)


def _forced_for(p_seat: int, puzzle: Puzzle, wrong: str) -> None:
    """The losing line after ``wrong``: it ends with the seat the loser, and every play of the seat in it
    was its only legal action (as the hand working below found)."""
    state = puzzle.state()
    judged = puzzle.judge(state, wrong)
    assert not judged.ok and judged.loses
    for seat, action in judged.line:
        if seat == p_seat and action is not judged.line[0][1]:
            assert state.legal_actions() == [action], (str(action), [str(a) for a in state.legal_actions()])
        state.apply(action)
    assert state.is_terminal() and state.loser == p_seat


# -- every published puzzle ------------------------------------------------------------------------------


def test_every_published_puzzle_is_sound() -> None:
    every = puzzles()
    assert 30 <= len(every) <= 60
    problems = [problem for p in every for problem in check_sound(p)]
    assert problems == []
    assert [p.id for p in sorted(every, key=lambda q: q.id)] == [f"K{i:04d}" for i in range(1, len(every) + 1)]
    assert all(p.positions <= MAX_PUZZLE_POSITIONS for p in every)
    assert {p.level for p in every} == set(LEVELS)
    ratings = [p.rating for p in puzzles()]
    assert ratings == sorted(ratings)


def test_the_right_play_is_safe_and_each_other_play_loses() -> None:
    for p in puzzles()[::5]:
        state = p.state()
        for action in state.legal_actions():
            judged = p.judge(state, action)
            assert judged.ok == (str(action) == p.answer)
            if not judged.ok:
                after = state.clone()
                for _, step in judged.line:
                    after.apply(step)
                assert judged.loses and after.loser == p.seat


def test_the_solution_line_ends_with_the_player_out() -> None:
    for p in puzzles()[::4]:
        state = p.state()
        for seat, action in p.line():
            state.apply(action)
        assert p.seat in state.out


# -- five worked by hand ------------------------------------------------------------------------------------


def test_K0001_go_out_with_the_queen() -> None:
    # A ♦K, B ♣6 ♦6, C ♦Q, D ♣K; B has led ♦6, C (you) to play; four began the trick.  ♦Q beats ♦6 (a
    # higher diamond) and is C's last card: C is out.  Picking up ♦6 instead: D leads ♣K and is out; A has
    # no club (a diamond cannot beat a hard club) and picks it up; B leads ♣6 and is out; C, holding only
    # diamonds, must pick ♣6 up; A then leads ♦K (C's ♦Q and ♦6 are lower: pick up) and ♣K (no club: pick
    # up) and is out, leaving C the loser.  Every play of C's after the pick-up was forced.
    p = get_puzzle("K0001")
    assert (p.hands, p.leader, p.moves, p.seat) == (("DK", "C6 D6", "DQ", "CK"), 1, ("play D6",), 2)
    assert p.answer == "play DQ" and p.fails == 1
    _forced_for(2, p, "pick up")


def test_K0002_trump_the_heart() -> None:
    # A ♦3, B ♦7, C ♣J ♠T, D ♥6; B leads ♦7 and is out, C picks it up, D plays ♥6 and is out.  A (you) is
    # on ♥6: ♦3 trumps a heart and is A's last card.  Picking up instead leaves A (♦3 ♥6) against C (♣J ♠T
    # ♦7): C leads ♦7 (A's ♦3 is lower: pick up), ♣J (no club: pick up), then ♠T, its last card, and is out
    # before A can answer: A holds cards alone and loses.
    p = get_puzzle("K0002")
    assert (p.hands, p.leader, p.seat) == (("D3", "D7", "CJ ST", "H6"), 1, 0)
    assert p.answer == "play D3" and p.fails == 1
    _forced_for(0, p, "pick up")


def test_K0003_beat_the_club_with_a_club() -> None:
    # A ♣T, B ♠9 ♦K ♠3, C ♣8; C leads ♣8, its only card, and is out.  A (you): ♣T beats ♣8 and is A's
    # last card.  Picking up ♣8 leaves A with two clubs against B, who leads ♠3, ♠9 and ♦K one by one:
    # clubs beat nothing but clubs, so A picks each up, and B's last lead puts B out: A loses.
    p = get_puzzle("K0003")
    assert (p.hands, p.leader, p.moves, p.seat) == (("CT", "S9 DK S3", "C8"), 2, ("play C8",), 0)
    assert p.answer == "play CT" and p.fails == 1
    _forced_for(0, p, "pick up")


def test_K0004_lead_the_club_nobody_can_beat() -> None:
    # A ♦8, B ♣J ♦J ♥3, C ♠K ♣Q; A leads ♦8 and is out; B picks it up, emptying the trick, so C (you)
    # leads, two players left.  Lead ♣Q: B's only club, ♣J, is lower, so B must pick it up, and C leads ♠K,
    # its last card: out.  Lead ♠K instead: B trumps it with a diamond (two cards: the trick is complete)
    # and leads ♥3, which C's ♣Q cannot beat: C picks it up; B leads its other diamond, which neither ♣Q
    # nor ♥3 beats: C picks it up; B leads ♣J, its last card, and is out: C loses.  Seven actions, C's
    # forced, and none quicker (B must play all four of its cards, one a turn).
    p = get_puzzle("K0004")
    assert (p.hands, p.leader, p.moves, p.seat) == (("D8", "CJ DJ H3", "SK CQ"), 0, ("play D8", "pick up"), 2)
    assert p.answer == "play CQ" and p.fails == 1
    _forced_for(2, p, "play SK")
    judged = p.judge(p.state(), "play SK")
    assert len(judged.line) == 7 and str(judged.line[1][1]) in ("play DJ", "play D8")  # B trumps the king


def test_K0007_lead_the_heart_keep_the_trump() -> None:
    # A ♠K ♣A, B ♠4, C ♥K ♦K; C (you) leads a fresh trick for three.  Lead ♥K: A has no heart or diamond
    # and picks it up; B leads ♠4, its only card, and is out; C trumps ♠4 with ♦K and is out.  Lead ♦K:
    # A picks it up; B leads ♠4 and is out; C's ♥K cannot beat a spade, so C picks ♠4 up; then A leads
    # its three cards one at a time (♠K beats C's ♠4, C has no diamond and no club) and C picks up each,
    # A going out with the last: 8 actions after the lead, C's all forced.
    p = get_puzzle("K0007")
    assert (p.hands, p.leader, p.moves, p.seat) == (("SK CA", "S4", "HK DK"), 2, (), 2)
    assert p.answer == "play HK" and p.fails == 1
    _forced_for(2, p, "play DK")
    assert len(p.judge(p.state(), "play DK").line) == 1 + 8
    # After ♥K the others' replies are forced, and C must choose again on ♠4: trump it with ♦K (out at
    # once) or pick it up.  Both are safe: holding ♦K ♠4 against A's ♠K ♣A ♥K, C trumps whichever king A
    # leads (the two-card trick is complete) and leads ♠4, its last card; if A leads ♣A first, C picks it
    # up, trumps the next king and leads ♣A, which A's last king cannot beat, then ♠4.
    state = p.state()
    state.apply("play HK")
    done = p.advance(state)
    assert [(seat, str(a)) for seat, a in done] == [(0, "pick up"), (1, "play S4")]
    assert state.current_player() == 2 and len(state.legal_actions()) == 2
    assert p.judge(state, "play DK").ok and p.judge(state, "pick up").ok
    assert p.analysis().distance(state) == 1  # the quickest: ♦K, out at once


# -- finding puzzles ------------------------------------------------------------------------------------------


def test_lookups_and_the_puzzle_of_the_day() -> None:
    assert get_puzzle("K0002") is get_puzzle("k2")
    for bad in ("K0000", "K9999", "KX", "", "0002", "P0002"):  # a Stýrivolt id is not a Knorri puzzle
        with pytest.raises(PuzzleError):
            get_puzzle(bad)
    with pytest.raises(PuzzleError, match="2026-11-25"):
        daily("yesterday")
    days = {daily(f"2026-03-{d:02d}").id for d in range(1, 31)}
    assert len(days) == 30  # a different puzzle each day of a month
    assert daily("2026-03-05") == daily("2026-03-05")


def test_generation_is_reproducible_and_sound() -> None:
    made = generate(3, seed=5, tries=400)
    assert made == generate(3, seed=5, tries=400)
    for p in made:
        assert check_sound(p) == []


def test_hints_go_from_vague_to_the_answer() -> None:
    p = get_puzzle("K0004")
    hints = p.hints(p.state())
    assert len(hints) == 4
    assert hints[0] == "Only one of your 2 plays keeps you safe."
    assert hints[2] == "The card to look at is a club."
    assert hints[3] == "The answer: play ♣Q."
    assert "♣Q" not in "".join(hints[:3])
