"""Stýrivolt's puzzles in the shared format: the set's shape, a sample proven again, small ones checked by a brute
force that knows nothing of the solver, the search found again from its seeds, the goal's words against the score
table, and bad input.  (``bench/puzzles.py`` proves every published puzzle again; ``bench/styrivolt_puzzles.py``
measures the theme searches.)"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import stytvolt
from stytvolt.analysis import puzzles as P
from stytvolt.analysis.puzzles import Puzzle, PuzzleError
from stytvolt.styrivolt import HandState, Rules
from stytvolt.styrivolt import puzzle_gen as G
from stytvolt.styrivolt.chalk import Result, points
from stytvolt.styrivolt.puzzles import IDEA_THEMES, THEMES, decided, goal_words, puzzles, tricks_left

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brute import brute_value  # noqa: E402
from helpers import arrange  # noqa: E402

ALL = puzzles()
ORDINARY, KEPT_IN, NINE = Result.ORDINARY, Result.KEPT_IN, Result.NINE_TRICKS
KEPT_ALONE, NINE_ALONE = Result.KEPT_IN_ALONE, Result.NINE_TRICKS_ALONE


def _searched(theme: str) -> list[Puzzle]:
    """The published puzzles of ``theme`` that its own search found (a deal among its seeds)."""
    return [p for p in ALL if theme in p.themes and p.seed in G.THEME_SEEDS[theme]]


# -- the set ---------------------------------------------------------------------------------------------------------


def test_every_theme_has_20_found_by_its_own_search_and_none_holds_over_a_third() -> None:
    counts = Counter(t for p in ALL for t in p.themes)
    assert set(counts) == set(THEMES), counts
    for theme in THEMES:
        assert len(_searched(theme)) >= 20, (theme, len(_searched(theme)))
        assert 3 * counts[theme] <= len(ALL), (theme, counts[theme], len(ALL))
    assert all(p.themes for p in ALL)


def test_levels_are_the_thirds_of_the_ratings() -> None:
    by_level = Counter(p.level for p in ALL)
    assert set(by_level) == {1, 2, 3}
    assert [p.level for p in ALL] == P.levels_by_rating([p.rating for p in ALL])
    for a in ALL:
        for b in ALL:
            if a.rating < b.rating:
                assert a.level <= b.level


def test_the_listing_is_the_shared_one_and_reachable_from_the_package() -> None:
    import importlib

    import stytvolt.styrivolt

    assert stytvolt.styrivolt.puzzles() == ALL == P.listed("styrivolt") == stytvolt.game("Stýrivolt").puzzles()
    assert stytvolt.styrivolt.puzzles("club", "trader") == [p for p in ALL if p.level == 2 and "trader" in p.themes]
    assert importlib.import_module("stytvolt.styrivolt.puzzles") is stytvolt.styrivolt.puzzles
    assert all(p.id.startswith("P") and p.game == "styrivolt" and p.player in (0, 2) for p in ALL)
    assert len({p.id for p in ALL}) == len(ALL)
    assert set(IDEA_THEMES.values()) <= set(THEMES)


def test_old_links_open_the_same_puzzle_and_new_ones_come_after_the_earlier_set() -> None:
    # P0018 of the earlier set, as its data file had it.
    p = P.find("p18")
    assert p.position["deck"] == "oErPDbGBAjSpWylnhKZLMkuCUgYOHJczateTfNxRXwdFsmQq" and p.position["dealer"] == 3
    assert p.position["actions"][-3:] == ["C8", "CK", "SQ"] and len(p.position["actions"]) == 27 and p.key == "D4"
    kept = {ident for ident, _, _ in G.KEPT}
    assert {q.id for q in ALL if int(q.id[1:]) < G.FIRST_NEW} == kept
    assert len(ALL) - len(kept) == len({q.id for q in ALL if int(q.id[1:]) >= G.FIRST_NEW})
    with pytest.raises(PuzzleError, match="there is no puzzle P0001"):
        P.find("P0001")  # dropped (one of the last tricks, which scored nothing): it opens no other puzzle


# -- the proof -------------------------------------------------------------------------------------------------------


def _sample() -> list[Puzzle]:
    """Twelve puzzles spread over the themes and the ratings."""
    out: list[Puzzle] = []
    for i in range(12):
        theme = list(THEMES)[i % len(THEMES)]
        mine = [p for p in ALL if theme in p.themes and p not in out]
        out.append(mine[(i * 7) % len(mine)])
    return out


@pytest.mark.parametrize("p", _sample(), ids=lambda p: p.id)
def test_a_sample_is_proven_again(p: Puzzle) -> None:
    assert P.check_sound(p) == []


def _outcomes(state: HandState, player: int) -> set[int]:
    """Every score ``player`` can end the hand with, however all four play (plain enumeration)."""
    if state.is_terminal():
        return {state.returns()[player]}
    out: set[int] = set()
    for action in list(state.legal_actions()):
        state.apply(action)
        out |= _outcomes(state, player)
        state.undo()
    return out


def _brute(state: HandState, player: int) -> dict[str, int]:
    friends = frozenset((player, (player + 2) % 4))
    out = {}
    for action in list(state.legal_actions()):
        state.apply(action)
        out[str(action)] = brute_value(state, player, friends)
        state.undo()
    return out


def _small() -> list[Puzzle]:
    """Published puzzles of two or three tricks, of different themes."""
    out: list[Puzzle] = []
    for p in ALL:
        if tricks_left(p.state()) in (2, 3) and not any(set(p.themes) & set(q.themes) for q in out):
            out.append(p)
    return out[:4]


def test_small_puzzles_against_a_brute_force() -> None:
    """Plain minimax over the rules and an enumeration of every line, knowing nothing of the solver: at each of the
    side's turns with a choice on the line exactly one action keeps the target, each defence move is the first of
    the least valued, and the line ends exactly where no play can change the score any more, at the target or above."""
    small = _small()
    assert len(small) >= 3
    for p in small:
        s = p.state()
        side = (p.player, (p.player + 2) % 4)
        for i, text in enumerate(p.line):
            outcomes = _outcomes(s, p.player)
            assert len(outcomes) > 1 and decided(s, p.player) is None, (p.id, i)
            legal = [str(a) for a in s.legal_actions()]
            values = _brute(s, p.player)
            if s.current_player() in side:
                if len(legal) > 1:
                    assert [k for k in legal if values[k] >= p.target] == [text], (p.id, i, values)
            else:
                assert text == min(legal, key=lambda k: (values[k], legal.index(k))), (p.id, i, values)
            s.apply(text)
        final = _outcomes(s, p.player)
        assert len(final) == 1 and min(final) >= p.target, (p.id, final)
        assert decided(s, p.player) == min(final)


# -- made again from the seeds --------------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", list(THEMES))
def test_each_themes_search_finds_its_puzzle_again_from_the_seed(theme: str) -> None:
    p = min(_searched(theme), key=lambda q: q.seed)
    c = G.found(theme, p.seed)
    assert c is not None
    again = c.puzzle(p.id, p.level)
    assert again == p


def test_a_kept_puzzle_is_made_again_from_its_deal() -> None:
    ident, seed, plies = G.KEPT[0]
    (c,) = G.kept(((ident, seed, plies),))
    p = P.find(ident)
    assert c.puzzle(p.id, p.level) == p


# -- the goal's words against the score table ----------------------------------------------------------------------


def _possible(state: HandState, team: int) -> set[tuple[int, Result]]:
    """The (winning team, result) endings the tricks so far still allow, read from the rules as written: a team
    with a trick against it cannot keep in nor take nine; a team playing on wins whatever happens; "alone" needs
    every trick of the team so far taken by one player."""
    won = state.won
    tricks = (won[0] + won[2], won[1] + won[3])
    keeper = state.playing_on
    if keeper is None and state.phase.value == "play-on":
        keeper = state.tricks[-1].winner % 2
    out: set[tuple[int, Result]] = set()
    for t in (0, 1):
        if keeper is not None and t != keeper:
            continue
        out.add((t, ORDINARY))
        if tricks[1 - t]:
            continue
        out |= {(t, NINE)} | ({(t, KEPT_IN)} if state.playing_on is None else set())
        if won[t] == tricks[t] or won[t + 2] == tricks[t]:
            out |= {(t, KEPT_ALONE), (t, NINE_ALONE)}
    return out


def _meant(words: str, side: int, ending: tuple[int, Result]) -> bool:
    """Whether an ending reaches the goal, as its words say (written here from the rules, not from the engine)."""
    team, result = ending
    goal = words.split(": ", 1)[1]
    if goal == "win the hand.":
        return team == side
    if goal.startswith("keep in (take the first five tricks), and lose no trick to "):
        return team == side and result is not ORDINARY
    if goal == "take all nine tricks.":
        return team == side and result in (NINE, NINE_ALONE)
    if goal == "take a trick.":
        return team == side or result is ORDINARY
    if goal.startswith("keep ") and goal.endswith(" from taking all nine tricks."):
        return team == side or result not in (NINE, NINE_ALONE)
    n = int(goal.split()[3 if goal.startswith("score") else 4])
    if goal.startswith("score at least "):
        return team == side and points(result) >= n
    assert goal.startswith("lose no more than "), goal
    return team == side or points(result) <= n


def test_every_published_goal_says_what_its_target_means_in_the_score_table() -> None:
    seen = set()
    for p in ALL:
        s = p.state()
        side = p.player % 2
        assert p.goal == goal_words(s, p.player, p.target)
        assert p.goal.startswith("South and North: ")
        possible = _possible(s, side)
        scored = {e for e in possible if (points(e[1]) if e[0] == side else -points(e[1])) >= p.target}
        assert {e for e in possible if _meant(p.goal, side, e)} == scored, p.id
        assert scored and scored != possible, p.id
        seen.add(p.target)
    assert {1, 2} <= seen


def test_goal_words_by_hand() -> None:
    p = P.find("P0018")
    s = p.state()  # six tricks played, South and North two, West and East four
    assert s.team_tricks() == (2, 4)
    assert goal_words(s, 0, 1) == "South and North: win the hand."
    assert goal_words(s, 1, 1) == "West and East: win the hand."
    for target in (2, 3, -2, -1, 13, -13):  # beyond an ordinary game either way, or every result: no goal
        with pytest.raises(PuzzleError, match="no goal in this hand"):
            goal_words(s, 0, target)
    # Before the first trick every result is open: the words follow the score table.
    fresh = HandState.deal(11)
    assert goal_words(fresh, 0, 2).startswith("South and North: keep in (take the first five tricks)")
    assert goal_words(fresh, 0, -1) == "South and North: take a trick."
    assert goal_words(fresh, 2, 6) == "South and North: score at least 6 strokes."  # kept in alone, or nine alone
    assert goal_words(fresh, 1, -3) == "West and East: lose no more than 3 strokes."
    assert points(KEPT_ALONE) == 6 and points(NINE) == 3


# -- bad input -------------------------------------------------------------------------------------------------------


def test_bad_input_is_refused_naming_what_is_wrong() -> None:
    s = P.find("P0018").state()
    with pytest.raises(PuzzleError, match="whole number of strokes"):
        goal_words(s, 0, True)  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="whole number of strokes"):
        goal_words(s, 0, "1")  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="has no theme 'lurch'"):
        puzzles(theme="lurch")
    with pytest.raises(PuzzleError, match="unknown level"):
        puzzles(level=4)
    with pytest.raises(PuzzleError, match="is not a legal move there"):
        P.find("P0018").play(["S2"])
    with pytest.raises(PuzzleError, match="no theme"):
        G.may_show(s, "lurch")
    fresh = HandState.deal(3, rules=Rules())  # the suits not yet chosen: no card play to count or settle
    assert tricks_left(fresh) is None and decided(fresh, 0) is None


def test_a_stock_taken_without_the_right_fixes_the_score_and_leaves_no_goal() -> None:
    # West holds the bird (a stikkar) and takes the stock anyway, where the rules let him: the penalty, six strokes to
    # South and North, replaces whatever the tricks make.
    state = arrange("SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 C3", {1: "H2 C5 C6 C7 C8 C9 CJ CQ CK"},
                    rules=Rules(enforce_stock_right=False))
    state.apply("take")
    state.apply("keep")
    while len(state.tricks) < 2:
        state.apply(state.legal_actions()[0])
    with pytest.raises(PuzzleError, match="without the right"):
        goal_words(state, 0, 1)
    assert decided(state, 0) == 6 and decided(state, 1) == -6
