"""Klørsjavs's published puzzles: enough of them in every theme, every one re-solved, the small ones proven again by
a brute force that knows nothing of the solver, made again from their seeds, and their goals read against the
scoring table of the rules page (worked by hand here)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from protocol.brute import brute_value

import stytvolt
from stytvolt.analysis.puzzles import (
    LEVELS, Puzzle, PuzzleError, candidates, check_sound, find, goal_words, listed, published,
)
from stytvolt.klorsjavs import HandState, card_points, coach
from stytvolt.klorsjavs import puzzles as part

PUZZLES = published("klorsjavs")


def table(points: int) -> tuple[int, int]:
    """The scoring table of docs/klorsjavs/scoring.md, for three players: the declarer's card points (the cat or the
    cards laid away counted) → what ``returns()`` gives the declarer and each opponent (each opponent subtracts X
    and the declarer gains 2X; a declarer on 60 or fewer subtracts 8 and each opponent gains 4)."""
    if points == 120:
        return 32, -16
    if points >= 91:
        return 16, -8
    if points >= 61:
        return 8, -4
    return -8, 4


def test_there_are_enough_puzzles_in_every_theme_and_level() -> None:
    assert len(PUZZLES) >= 150
    counts = Counter(t for p in PUZZLES for t in p.themes)
    assert set(counts) <= set(part.THEMES) and all(n >= 10 for n in counts.values()), counts
    assert all(len(p.themes) == 1 for p in PUZZLES)
    assert Counter(p.level for p in PUZZLES).keys() == LEVELS.keys()
    assert [p.id for p in PUZZLES] == [f"C{i:04d}" for i in range(1, len(PUZZLES) + 1)]
    assert {p.game for p in PUZZLES} == {"klorsjavs"} and len({p.seed for p in PUZZLES}) == len(PUZZLES)
    ratings = [p.rating for p in PUZZLES]
    assert ratings == sorted(ratings)
    # the levels are the rating's thirds: no level's easiest puzzle is rated below the level before's hardest
    for lower, higher in ((1, 2), (2, 3)):
        assert max(p.rating for p in PUZZLES if p.level == lower) < min(p.rating for p in PUZZLES if p.level == higher)
    assert all(len([p for p in PUZZLES if p.level == lv]) >= len(PUZZLES) // 4 for lv in LEVELS)


def test_the_themes_are_the_coachs_ideas_of_the_card_play() -> None:
    ideas = {i.key for i in coach.IDEAS}
    assert set(part.IDEA_THEMES) <= ideas and set(part.IDEA_THEMES.values()) == set(part.THEMES)
    # every idea of the card play is filed; the bidding's and the cat's (and folding) are never a key
    assert ideas - set(part.IDEA_THEMES) == {"say-play", "pass", "auction-bid", "name-trump", "swipe", "stroke", "fold"}
    for p in PUZZLES[::15]:
        state = p.state()
        action = next(a for a in state.legal_actions() if str(a) == p.key)
        found = coach.idea(state.observation(p.player), action)
        assert found is not None and (part.IDEA_THEMES[found[0]],) == p.themes, p.id


def test_every_published_puzzle_is_sound() -> None:
    """Each re-solved by the shared proof (the whole set takes about a second)."""
    assert [problem for p in PUZZLES for problem in check_sound(p)] == []


def _friends(state: HandState, player: int) -> frozenset[int]:
    """The solving side as the rules make it: the declarer alone, or the opponents together."""
    if player == state.declarer:
        return frozenset({player})
    return frozenset(s for s in range(state.players) if s != state.declarer)


def _brute_proof(p: Puzzle) -> None:
    """The line proven by plain minimax over the state protocol: at each turn of the solving side with a choice its
    move is the only one whose value reaches the target (every other falls below it), at each of the defence's its
    move is the least for the player (of equals, the first listed), and the hand's end reaches the target."""
    state = p.state()
    friends = _friends(state, p.player)
    for i, text in enumerate(p.line):
        legal = list(state.legal_actions())
        vals: dict[str, int] = {}
        for action in legal:
            state.apply(action)
            vals[str(action)] = brute_value(state, p.player, friends)
            state.undo()
        if state.current_player() in friends:
            if len(legal) > 1:
                assert [k for k, v in vals.items() if v >= p.target] == [text], (p.id, i, vals)
        else:
            least = min(vals.values())
            assert text == next(k for k, v in vals.items() if v == least), (p.id, i, vals)
        state.apply(text)
    assert state.is_terminal() and state.returns()[p.player] >= p.target


def test_the_small_puzzles_are_proven_by_a_brute_force() -> None:
    """Every puzzle with at most three cards in each hand (most of them, about a second in all)."""
    small = [p for p in PUZZLES if max(len(h) for h in p.state().hands) <= 3]
    assert len(small) >= 100 and {p.level for p in small} == set(LEVELS)
    for p in small:
        _brute_proof(p)


def test_a_failing_alternative_falls_below_the_target_against_the_brute_force() -> None:
    """A puzzle with two or more plays that fail: each is really beaten (brute force), and the key reaches it."""
    p = next(p for p in PUZZLES if len(p.state().hands[0]) <= 3 and len(p.state().legal_actions()) >= 3)
    state = p.state()
    friends = _friends(state, p.player)
    for action in list(state.legal_actions()):
        state.apply(action)
        value = brute_value(state, p.player, friends)
        state.undo()
        assert (value >= p.target) == (str(action) == p.key), (p.id, str(action), value)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_generation_is_reproducible_from_the_seed(level: int) -> None:
    """The deal's seed, the recipe and the game's computer players find the same puzzle again."""
    p = next(p for p in PUZZLES if p.level == level)
    found = candidates("klorsjavs", p.seed, part.SETUP, **part.OPTIONS)
    assert len(found) == 1
    again = found[0].puzzle(p.id, p.level)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(p.to_json(), sort_keys=True)


#: The goals, worked by hand from the scoring table for each target the puzzles hold: (the solving side is the
#: declarer, target) → the declarer's card points that reach it.
REACHES: dict[tuple[bool, int], str] = {
    (True, 8): "at least 61", (True, 16): "at least 91", (True, 32): "all 120",
    (False, 4): "60 or fewer", (False, -4): "90 or fewer", (False, -8): "119 or fewer",
}


def _reaches(declarer: bool, target: int, points: int) -> bool:
    mine, each = table(points)
    return (mine if declarer else each) >= target


def _expected(state: HandState, declarer: bool, target: int) -> str:
    """The goal for ``target`` worked by hand: the hand-worked card points, the seats as the table names them."""
    names, seat = ("South", "West", "East"), state.declarer
    assert seat is not None
    d = names[seat]
    kept = f"(the {'cards laid away count' if state.swiped else 'cat counts'} for {d})"
    others = " and ".join(names[s] for s in range(3) if s != seat)
    neither = "neither " + others.replace(" and ", " nor ")
    return {
        (True, 8): f"{d}, the declarer: take at least 61 card points {kept}, so that each opponent subtracts "
                   "4 øre or more.",
        (True, 16): f"{d}, the declarer: take at least 91 card points {kept}, so that each opponent subtracts "
                    "8 øre or more.",
        (True, 32): f"{d}, the declarer: take all 120 card points, so that each opponent subtracts 16 øre.",
        (False, 4): f"{others}: hold {d}, the declarer, to 60 card points or fewer {kept}, so that {d} subtracts 8 øre.",
        (False, -4): f"{others}: hold {d}, the declarer, to 90 card points or fewer {kept}, so that {neither} "
                     "subtracts more than 4 øre.",
        (False, -8): f"{others}: take a trick, so that {d}, the declarer, cannot take all 120 card points and "
                     f"{neither} subtracts more than 8 øre.",
    }[declarer, target]


def test_the_goals_say_what_each_target_means_in_the_scoring() -> None:
    # the hand-worked card points of each goal are what the scoring table says reaching its target means
    for (declarer, target), words in REACHES.items():
        reached = [pts for pts in range(121) if _reaches(declarer, target, pts)]
        bound = int(words.split()[-1] if words.startswith(("at least", "all")) else words.split()[0])
        assert reached == (list(range(bound, 121)) if declarer else list(range(bound + 1))), words
    # every goal worded as worked by hand, for a declarer (who stroked, who swiped) and the opponents (of each)
    sides: dict[tuple[bool, bool], Puzzle] = {}
    for p in PUZZLES:
        sides.setdefault((p.player == p.state().declarer, p.state().swiped), p)
    assert len(sides) == 4
    for (declarer, _), p in sides.items():
        state = p.state()
        for (for_declarer, target) in REACHES:
            if for_declarer == declarer:
                assert goal_words(state, p.player, target) == _expected(state, declarer, target)
    # each target the puzzles hold: its goal as worked by hand, and the line's end scores as the table says
    seen: dict[tuple[bool, int], Puzzle] = {}
    for p in PUZZLES:
        seen.setdefault((p.player == p.state().declarer, p.target), p)
    assert set(seen) <= set(REACHES) and len(seen) >= 4
    for (declarer, target), p in seen.items():
        assert p.goal == _expected(p.state(), declarer, target)
        end = p.play(p.line)
        extra = end.laid_away if end.swiped else end.cat
        points = card_points(end.won[end.declarer] + list(extra))
        assert _reaches(declarer, target, points) and end.returns()[p.player] >= target
        assert tuple(end.returns()[s] for s in (end.declarer, (end.declarer + 1) % 3)) == table(points)


def test_the_puzzles_are_listed_and_found() -> None:
    assert stytvolt.game("klorsjavs").puzzles() == list(PUZZLES) == part.puzzles()
    assert all(p.level == 2 for p in part.puzzles(level="club"))
    assert {p.id for p in listed("klorsjavs", theme="partners")} == {p.id for p in PUZZLES if "partners" in p.themes}
    assert find("c1") == PUZZLES[0] and find(PUZZLES[-1].id) == PUZZLES[-1]


def test_bad_input_is_refused_naming_what_is_known() -> None:
    with pytest.raises(PuzzleError, match="no theme 'nonsense': expected one of draw-trumps, cash, ruff"):
        listed("klorsjavs", theme="nonsense")
    with pytest.raises(PuzzleError, match="there is no puzzle C9999"):
        find("C9999")
    p = PUZZLES[0]
    state = p.state()
    with pytest.raises(PuzzleError, match="no end of the hand reaches it"):
        goal_words(state, p.player, 33)
    with pytest.raises(PuzzleError, match="every end of the hand reaches it"):
        goal_words(state, p.player, -16)
    with pytest.raises(PuzzleError, match="card play of its three- and four-hand games"):
        goal_words(HandState.deal(3), 0, 8)
    with pytest.raises(PuzzleError, match="move 1, 'card XX', is not a legal move"):
        p.play(["card XX"])


def test_the_data_is_the_formats() -> None:
    data: dict[str, Any] = json.loads((Path(part.__file__).parent / "puzzles.json").read_text(encoding="utf-8"))
    assert data["game"] == "klorsjavs"
    assert [Puzzle.from_json(d) for d in data["puzzles"]] == list(PUZZLES)
