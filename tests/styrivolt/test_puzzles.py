"""Puzzles: every published puzzle solved again, the set's shape, playing one, and bad input.

The soundness test re-solves each published puzzle with the solver: the goal
in reach, the key move the only legal action that keeps it there, and the
stated line correct against the most stubborn defence, ending where the goal
is sure however anyone plays.  Expectations about particular puzzles are
written by hand from the cards (see the comments), not read back from the
engine.
"""

from __future__ import annotations

import datetime
import json
from collections import Counter

import pytest

from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import COMPASS
from stytvolt.styrivolt import HandState, achievable
from stytvolt.styrivolt.actions import Kind, parse_action
from stytvolt.styrivolt.bots import card_worth
from stytvolt.styrivolt.puzzle_gen import MAX_CARDS, MIN_CARDS, _naive, assess, generate, positions, publish, rotated
from stytvolt.styrivolt.puzzles import (
    LEVELS, SIDE, THEMES, Puzzle, PuzzleError, check_sound, daily, get_puzzle, goal_text, judge, parse_goal, puzzles,
    reply,
)
from stytvolt.styrivolt.solver import certain, goal_moves

ALL = puzzles()
TEAMS = ("South–North", "West–East")


# -- the published set -------------------------------------------------------------------------------


def test_at_least_300_puzzles_in_three_levels_of_80_or_more() -> None:
    assert len(ALL) >= 300
    by_level = Counter(p.level for p in ALL)
    assert set(by_level) == set(LEVELS)
    assert min(by_level.values()) >= 80, by_level


def test_the_listing_is_reachable_from_the_package_as_documented() -> None:
    # docs/api.md and docs/puzzles.md: "stytvolt.styrivolt.puzzles() lists them"; so does the registry.
    import importlib
    import subprocess
    import sys

    import stytvolt
    import stytvolt.styrivolt

    assert [p.id for p in stytvolt.styrivolt.puzzles()] == [p.id for p in puzzles()]
    assert stytvolt.styrivolt.puzzles("club", "trader") == puzzles("club", "trader")
    assert stytvolt.styrivolt.puzzles.get_puzzle("P0001") is get_puzzle("P0001")  # still the module
    assert importlib.import_module("stytvolt.styrivolt.puzzles") is stytvolt.styrivolt.puzzles
    assert stytvolt.game("Stýrivolt").puzzles(2) == puzzles(2)
    assert stytvolt.game("knorri").puzzles() and stytvolt.game("sjavs").puzzles()
    # A fresh interpreter that has imported nothing else finds it too (the package loads it on first use).
    code = "import stytvolt.styrivolt as s; print(len(s.puzzles()))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and int(done.stdout) == len(puzzles()), done.stderr


@pytest.mark.parametrize("bad", ["P²", "P³", "P٤٢", "P 42", "P-1", "P", 42])
def test_an_id_written_with_other_digits_is_refused_naming_it(bad: object) -> None:
    with pytest.raises(PuzzleError, match="a puzzle id is"):
        get_puzzle(bad)  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="unknown goal"):
        parse_goal("take-²")


def test_ids_run_in_order_and_levels_rise_with_the_rating() -> None:
    assert [p.id for p in ALL] == [f"P{i:04d}" for i in range(1, len(ALL) + 1)]
    ratings = [p.rating for p in ALL]
    assert ratings == sorted(ratings)
    for a, b in zip(ALL, ALL[1:]):
        assert a.level <= b.level


def test_every_theme_has_puzzles_and_every_puzzle_a_theme() -> None:
    counts = Counter(t for p in ALL for t in p.themes)
    assert set(counts) == set(THEMES), counts
    assert all(p.themes for p in ALL)


@pytest.mark.parametrize("p", ALL, ids=[p.id for p in ALL])
def test_every_published_puzzle_is_sound(p: Puzzle) -> None:
    assert check_sound(p) == []


def test_positions_restore_and_fit_the_definition() -> None:
    for p in ALL:
        s = p.state()
        assert HandState.from_json(json.loads(json.dumps(p.position))).to_json() == s.to_json()
        mover = s.current_player()
        assert mover % 2 == SIDE
        assert MIN_CARDS <= len(s.hands[mover]) <= MAX_CARDS
        assert len(s.legal_actions()) >= 2
        parse_goal(p.goal)
        assert p.focus and p.idea and p.fails == len(s.legal_actions()) - 1


def test_no_key_move_is_the_naive_one() -> None:
    """The key move is never the highest card, nor the cheapest card that beats the opponents' card."""
    for p in ALL:
        s = p.state()
        key = parse_action(p.key)
        assert key not in _naive(s), p.id
        plays = [a for a in s.legal_actions() if a.kind is Kind.PLAY]
        if key.kind is Kind.PLAY and plays:
            seat = s.current_player()
            highest = max(card_worth(s.ranking, *s.played_as(seat, a.card)) for a in plays)
            worth = card_worth(s.ranking, *s.played_as(seat, key.card))
            assert worth < highest or sum(
                card_worth(s.ranking, *s.played_as(seat, a.card)) == highest for a in plays) > 1, p.id


def test_round_trip_through_json() -> None:
    for p in ALL[:20]:
        assert Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p


# -- looking puzzles up ------------------------------------------------------------------------------


def test_lists_by_level_and_theme() -> None:
    assert puzzles(1) == puzzles("beginner") == [p for p in ALL if p.level == 1]
    for key in THEMES:
        assert puzzles(theme=key) == [p for p in ALL if key in p.themes]
    assert puzzles(2, "storm") == [p for p in ALL if p.level == 2 and "storm" in p.themes]


def test_get_puzzle_reads_ids_loosely() -> None:
    assert get_puzzle("P0042").id == "P0042"
    assert get_puzzle("p42").id == "P0042"
    assert get_puzzle(" P0007 ").id == "P0007"


@pytest.mark.parametrize("bad, words", [
    ("P99999", "there is no puzzle"), ("x12", "a puzzle id is P and a number"), ("", "a puzzle id"),
])
def test_bad_ids_are_refused(bad: str, words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        get_puzzle(bad)


def test_bad_levels_themes_and_goals_are_refused() -> None:
    with pytest.raises(PuzzleError, match="unknown level"):
        puzzles(4)
    with pytest.raises(PuzzleError, match="unknown theme"):
        puzzles(theme="squeeze")
    with pytest.raises(PuzzleError, match="unknown goal"):
        parse_goal("take-10")
    with pytest.raises(PuzzleError, match="a goal is text"):
        parse_goal(3)
    assert issubclass(PuzzleError, StytvoltError)


def test_the_puzzle_of_the_day_is_fixed_by_the_date_and_goes_round_them_all() -> None:
    assert daily("2026-11-25") == daily(datetime.date(2026, 11, 25))
    days = [daily(datetime.date(2026, 1, 1) + datetime.timedelta(days=i)).id for i in range(len(ALL))]
    assert len(set(days)) == len(ALL)  # every puzzle once in as many days
    assert days[0] != days[1]
    with pytest.raises(PuzzleError, match="a date is written like"):
        daily("25/11/2026")


def test_goal_words() -> None:
    assert goal_text("win") == "win the hand"
    assert goal_text("keep-in") == "keep in: take the first five tricks"
    assert goal_text("nine") == "take all nine tricks"
    assert goal_text("take-3", 4) == "take 3 of the 4 tricks left"
    assert goal_text("take-1", 3) == "take one of the 3 tricks left"


# -- playing one ---------------------------------------------------------------------------------------


def _solve_along_the_line(p: Puzzle) -> HandState:
    s = p.state()
    for text in p.line:
        if s.current_player() % 2 == SIDE:
            assert p.judge(s, text).ok and judge(s, text, p.goal, p.state()).ok
        else:
            assert str(p.reply(s)) == text == str(reply(s, p.goal, p.state()))
        s.apply(text)
    return s


@pytest.mark.sweep
def test_playing_the_line_makes_the_goal_sure_and_every_wrong_first_move_is_refuted() -> None:
    for p in ALL[:: max(1, len(ALL) // 25)]:
        end = _solve_along_the_line(p)
        assert p.sure(end)
        s = p.state()
        for action in s.legal_actions():
            verdict = p.judge(s, action)
            assert verdict.ok == (str(action) == p.key), (p.id, str(action))
            if not verdict.ok:
                said = verdict.reason.render(COMPASS, TEAMS)
                assert said.startswith("After "), said
                # Along the refutation the goal stays out of reach: play it out and see.
                t = s.clone()
                t.apply(action)
                for _, a in verdict.refutation:
                    t.apply(a)
                    assert p.settled(t) is False or not achievable(t, *_left(p, t)), (p.id, said)


def _left(p: Puzzle, t: HandState) -> tuple[object, int]:
    name, n = parse_goal(p.goal)
    if name == "take":
        return n - (t.team_tricks()[SIDE] - p.state().team_tricks()[SIDE]), SIDE
    return name, SIDE


def test_a_wrong_move_changes_nothing_and_an_illegal_one_is_refused() -> None:
    p = ALL[0]
    s = p.state()
    before = s.to_json()
    wrong = next(a for a in s.legal_actions() if str(a) != p.key)
    assert not p.judge(s, wrong).ok
    assert s.to_json() == before
    not_held = next(c for c in s.hands[1] if True)
    with pytest.raises(PuzzleError, match="cannot be played now"):
        p.judge(s, str(not_held))
    with pytest.raises(PuzzleError):
        p.judge(s, "nonsense")
    with pytest.raises(PuzzleError, match="your turn"):
        p.reply(s)
    assert s.to_json() == before


def test_hints_go_from_vague_to_the_answer() -> None:
    for p in ALL[:10]:
        goal, idea, focus, answer = p.hints()
        assert goal.startswith("The goal: ") and p.goal_text() in goal
        assert idea == p.idea
        assert focus.startswith("Look at ") or focus.startswith("Think about")
        key = parse_action(p.key)
        card = key.cards[1] if key.kind is Kind.TRADE else key.card
        assert card.symbol in focus
        assert answer.startswith("The answer: ") and card.symbol in answer


# -- one puzzle read card by card ------------------------------------------------------------------------


def test_p0001_read_by_hand() -> None:
    """P0001, worked out from the rules without the engine.

    Spades and diamonds are chosen.  South–North have 2 tricks, West–East 4, three are left and South leads;
    the goal is one of them.  South holds ♠A (the stýrivolt), ♠9 (a free card) and ♦7 (the lamb); East holds
    ♦9, the mare of diamonds, a permanent stikkar above the stýrivolt.  A led lamb cannot be beaten, so ♦7
    takes the trick.  Led, ♠A falls to East's mare, and ♠9, a free card, to any stikkar, East's mare too:
    that trick is West–East's fifth, and the hand is over with nothing more for South–North.
    """
    p = get_puzzle("P0001")
    s = p.state()
    assert set(s.chosen) == {parse_action("SA").card.suit, parse_action("D7").card.suit}
    assert sorted(map(str, s.hands[0])) == ["D7", "S9", "SA"] and "D9" in map(str, s.hands[3])
    assert s.team_tricks() == (2, 4) and s.current_player() == 0 and p.goal == "take-1"
    assert p.key == "D7" and p.line == ("D7",)
    for wrong in ("SA", "S9"):
        verdict = p.judge(s, wrong)
        said = verdict.reason.render(COMPASS, TEAMS)
        assert not verdict.ok
        assert "East takes the trick with ♦9" in said, said
        assert said.endswith("South–North can no longer make sure of one of the 3 tricks left."), said
    assert "lamb" in p.hints()[2]


# -- the solver's helpers puzzles rely on ------------------------------------------------------------


def test_goal_moves_agrees_with_achievable_after_each_move() -> None:
    checked = 0
    for deal in range(4):
        for s in positions(deal):
            if len(s.hands[s.current_player()]) > 4:
                continue
            moves = goal_moves(s, "win", SIDE)
            for a in s.legal_actions():
                child = s.clone()
                child.apply(a)
                expect = child.result.team == SIDE if child.is_terminal() else achievable(child, "win", SIDE)
                assert moves[str(a)] == expect
                checked += 1
    assert checked > 50


def test_certain_means_every_line_reaches_the_goal() -> None:
    """Certain (one more trick, however all four play) holds exactly when it holds after every legal move."""
    seen: Counter[bool] = Counter()
    for deal in range(6):
        for s in positions(deal):
            if len(s.hands[s.current_player()]) != 3:
                continue
            sure = certain(s, 1, SIDE)
            seen[sure] += 1
            assert sure == all(_sure_after(s, a) for a in s.legal_actions())
    assert seen[True] and seen[False]


def _sure_after(s: HandState, a: object) -> bool:
    c = s.clone()
    c.apply(a)  # type: ignore[arg-type]
    if c.team_tricks()[SIDE] > s.team_tricks()[SIDE]:
        return True
    return not c.is_terminal() and certain(c, 1, SIDE)


# -- making puzzles ------------------------------------------------------------------------------------


def test_turning_the_table_moves_every_seat_one_place() -> None:
    for deal in range(3):
        s = HandState.deal(deal, dealer=deal % 4)
        while not s.is_terminal() and len(s.tricks) < 4:
            s.apply(s.legal_actions()[0])
        r = rotated(s)
        assert all(sorted(r.hands[(q + 1) % 4]) == sorted(s.hands[q]) for q in range(4))
        assert r.team_tricks() == s.team_tricks()[::-1]
        if not s.is_terminal():
            assert r.current_player() == (s.current_player() + 1) % 4


@pytest.mark.sweep
def test_generation_is_reproducible_and_keeps_only_sound_puzzles() -> None:
    first = generate(7, 2)
    again = generate(7, 2)
    assert [f.state.to_json() for f in first] == [f.state.to_json() for f in again]
    assert [f.line for f in first] == [f.line for f in again]
    made = publish(first)
    assert [p.id for p in made] == ["P0001", "P0002"]
    for p in made:
        assert check_sound(p) == []
