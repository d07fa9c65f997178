"""The shared puzzle proof (:mod:`stytvolt.analysis.puzzles`), checked against a brute force written for the tests,
and every game's published puzzles held to the issue's counts and re-solved in a sample (each game's own test
re-solves more; ``bench/puzzles.py`` re-solves them all)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import stytvolt
from stytvolt.analysis import puzzles as P
from stytvolt.analysis.puzzles import Puzzle, PuzzleError
from stytvolt.core import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brute import brute_value  # noqa: E402

#: The games whose puzzle values the shared search gives (Knorri's phase two gives its own: its test checks it).
SHARED = {"sjavs": {"players": 4}, "klorsjavs": {"variant": "klorsjavs"}, "vira": {"players": 3},
          "brus": {"players": 4}}


def _with_puzzles() -> list[str]:
    return [info.name for info in registry.games() if info.puzzle_module and hasattr(info.part("puzzle_module"), "PREFIX")]


def _ending(game: str, seed: int, left: int) -> Any:
    """A hand of ``game`` played by its beginner until ``left`` actions are left (a small ending)."""
    info = stytvolt.game(game)
    bot = info.part("table").KIND.bot("beginner", seed)
    state = info.new(seed, **SHARED[game])
    played = []
    while not state.is_terminal():
        action = bot.choose(state.observation(state.current_player()))
        played.append(action)
        state.apply(action)
    for _ in range(left):
        state.undo()
    return state


def _brute(state: Any, player: int) -> dict[str, int]:
    side = frozenset(next(s for s in stytvolt.game(type(state).__module__.split(".")[1]).sides(state) if player in s))
    out = {}
    for action in list(state.legal_actions()):
        state.apply(action)
        out[str(action)] = brute_value(state, player, side)
        state.undo()
    return out


@pytest.mark.parametrize("game", [g for g in SHARED])
def test_values_agree_with_a_brute_force_for_either_side(game: str) -> None:
    """In small endings, each action's value to the player to move, and to a seat of the other side, is what plain
    minimax over ``returns()`` gives (the side maximising, the rest minimising)."""
    info = stytvolt.game(game)
    checked = 0
    for seed in range(40):
        state = _ending(game, seed, 7 if game != "vira" else 6)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        try:
            info.solve(state)
        except stytvolt.StytvoltError:
            continue
        mover = state.current_player()
        other = next(p for p in range(state.num_players) if p not in P.side_of(state, mover))
        for player in (mover, other):
            assert P.values(state, player) == _brute(state, player), (game, seed, player)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def _sample_puzzle(game: str) -> Puzzle:
    found = P.published(game)
    return min(found, key=lambda p: len(p.line))


def test_refutation_ends_below_the_target_as_the_brute_force_says() -> None:
    """A wrong first move of a published puzzle: the refuting line is legal, ends the hand, and ends with exactly the
    value a brute force gives the position after the wrong move, which is below the target."""
    games = [g for g in _with_puzzles() if g in SHARED]
    assert games, "no game of the shared search has published puzzles"
    for game in games:
        p = _sample_puzzle(game)
        state = p.state()
        wrong = [str(a) for a in state.legal_actions() if str(a) != p.key]
        assert wrong
        for text in wrong[:3]:
            line, result = P.refutation(state, p.player, text)
            assert line[0] == (state.current_player(), text)
            after = p.play([text])
            side = frozenset(P.side_of(state, p.player))
            assert result == brute_value(after, p.player, side) < p.target
            end = p.play([a for _, a in line])
            assert end.is_terminal() and end.returns()[p.player] == result


def test_check_sound_names_what_is_wrong_with_a_damaged_puzzle() -> None:
    game = next(g for g in _with_puzzles() if g in SHARED)
    p = _sample_puzzle(game)
    assert P.check_sound(p) == []
    data = p.to_json()
    # a line that leaves the proof's
    bad = dict(data, line=[p.key] + list(reversed(p.line[1:])))
    if bad["line"] != list(p.line):
        assert any("of the line is" in x or "legal" in x for x in _problems(bad))
    # a target the key does not alone reach: every legal move reaches the least the hand can end with
    assert any("actions keep the goal" in x for x in _problems(dict(data, target=-10_000)))
    assert any("is no goal" in x for x in _problems(dict(data, target=-10_000)))
    # a target nobody can reach
    assert any("0 actions keep the goal" in x for x in _problems(dict(data, target=10_000)))
    # goal words that do not say the target
    assert any("the goal says" in x for x in _problems(dict(data, goal="Win.")))


def _problems(data: dict[str, Any]) -> list[str]:
    try:
        return P.check_sound(Puzzle.from_json(data))
    except PuzzleError as err:
        return [str(err)]


@pytest.mark.parametrize("change, words", [
    ({"level": 4}, "level is 1, 2 or 3"),
    ({"line": []}, "begins with its key"),
    ({"key": "play XX"}, "begins with its key"),
    ({"target": "2"}, "target is a whole number"),
    ({"themes": "trumping"}, "themes is a list of texts"),
    ({"position": 3}, "position is a JSON object"),
])
def test_bad_puzzle_json_is_refused_naming_the_field(change: dict[str, Any], words: str) -> None:
    game = _with_puzzles()[0]
    data = dict(P.published(game)[0].to_json(), **change)
    with pytest.raises(PuzzleError, match=words):
        Puzzle.from_json(data)
    with pytest.raises(PuzzleError, match="lacks 'seed'"):
        Puzzle.from_json({k: v for k, v in P.published(game)[0].to_json().items() if k != "seed"})
    with pytest.raises(PuzzleError, match="JSON object"):
        Puzzle.from_json([])


def test_a_move_that_is_not_legal_is_refused_by_its_number() -> None:
    p = P.published(_with_puzzles()[0])[0]
    with pytest.raises(PuzzleError, match="move 2, 'play ZZ', is not a legal move"):
        p.play([p.key, "play ZZ"])


@pytest.mark.parametrize("ident, words", [
    (42, "text like"), ("S", "a letter and a number"), ("S12x", "a letter and a number"),
    ("Q0001", "no game's puzzles begin with Q"),
])
def test_find_refuses_what_is_not_an_id(ident: object, words: str) -> None:
    with pytest.raises(PuzzleError, match=words):
        P.find(ident)


def test_ids_are_unique_across_games_and_found_whatever_their_case() -> None:
    seen: dict[str, str] = {}
    prefixes = {}
    for game in _with_puzzles():
        prefix = registry.game(game).part("puzzle_module").PREFIX
        assert prefix not in prefixes, (game, prefixes)
        prefixes[prefix] = game
        found = P.published(game)
        # a letter and four digits; Stýrivolt's earlier puzzles keep their ids (old links open them), so a game's
        # numbers may have gaps
        assert all(len(p.id) == 5 and p.id[0] == prefix and p.id[1:].isdigit() for p in found), game
        for p in found:
            assert p.game == game and p.id not in seen
            seen[p.id] = game
        last = found[-1]
        assert P.find(last.id.lower().replace(prefix.lower(), prefix.lower() + "00")) == last
    with pytest.raises(PuzzleError, match="there is no puzzle"):
        P.find(f"{next(iter(prefixes))}9999")


def test_levels_split_ratings_into_thirds_and_ties_stay_together() -> None:
    assert P.levels_by_rating([1000, 1100, 1200]) == [1, 2, 3]
    assert P.levels_by_rating([900, 1000, 1000, 1000, 1500, 2000]) == [1, 2, 2, 2, 3, 3]
    assert P.levels_by_rating([5, 4, 3, 2, 1, 0]) == [3, 3, 2, 2, 1, 1]
    assert P.levels_by_rating([]) == []
    # more decisions, more tempting moves, and the players missing the key: each makes a puzzle harder
    base = P.rate(1, 1, True, True)
    assert base == 1040
    assert P.rate(2, 1, True, True) == base + 150
    assert P.rate(1, 9, True, True) == 1000 + 160
    assert P.rate(1, 1, False, True) == base + 250 and P.rate(1, 1, False, False) == base + 600
    assert P.rate(1, 1, True, True, tricks=4) == base + 75


@pytest.mark.parametrize("game", _with_puzzles())
def test_every_game_publishes_enough_puzzles_in_themes_of_ten_or_more(game: str) -> None:
    """The issue's floor: 150 puzzles a game, and no theme with fewer than ten; every theme a puzzle names is one
    the game declares, with a name and an idea; the listing narrows by level and theme."""
    found = P.published(game)
    assert len(found) >= 150, (game, len(found))
    themes = P.themes(game)
    counts: dict[str, int] = {}
    for p in found:
        assert p.themes, p.id
        assert p.goal.endswith(".") and not p.goal.endswith(".."), (p.id, p.goal)  # one way to write a goal
        for t in p.themes:
            assert t in themes, (p.id, t)
            counts[t] = counts.get(t, 0) + 1
    assert min(counts.values()) >= 10, counts
    for name, idea in themes.values():
        assert name and idea.endswith((".", "?"))
    info = stytvolt.game(game)
    assert info.puzzles() == list(found)
    theme = min(counts, key=counts.__getitem__)
    assert [p.id for p in info.puzzles(theme=theme)] == [p.id for p in found if theme in p.themes]
    assert {p.level for p in info.puzzles("expert")} == {3}
    assert info.puzzles("3") == info.puzzles(3) == info.puzzles("expert")  # as an address or a command line says it
    with pytest.raises(PuzzleError, match="has no theme 'nonsense'"):
        info.puzzles(theme="nonsense")
    with pytest.raises(PuzzleError, match="unknown level"):
        info.puzzles(level=7)


@pytest.mark.parametrize("game", _with_puzzles())
def test_a_random_sample_of_every_game_is_sound(game: str) -> None:
    """Three published puzzles a game, drawn afresh each run, proven again (each game's own test proves more, and
    ``bench/puzzles.py`` all of them)."""
    rng = random.Random()
    for p in rng.sample(P.published(game), 3):
        assert P.check_sound(p) == [], p.id


def test_the_daily_puzzle_is_the_games_own_and_moves_on_each_day() -> None:
    game = _with_puzzles()[0]
    first, second = P.daily(game, "2026-11-28"), P.daily(game, "2026-11-29")
    assert first.game == second.game == game and first != second
    with pytest.raises(PuzzleError):
        P.daily(game, "yesterday")


def test_the_data_is_written_compactly_and_reads_back(tmp_path: Path) -> None:
    game = next(g for g in _with_puzzles() if g in SHARED)
    p = P.published(game)[0]
    cand = P.Candidate(p.game, dict(p.position), p.player, p.goal, p.target, p.line, p.themes, p.rating, p.seed, 1, 1)
    path = tmp_path / "puzzles.json"
    out = P.write(game, [cand, cand], str(path))
    assert [q.id for q in out] == [f"{p.id[0]}0001", f"{p.id[0]}0002"]
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [Puzzle.from_json(d) for d in data["puzzles"]] == out
