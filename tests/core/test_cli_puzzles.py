"""``stytvolt puzzles``: every game's published puzzles listed, shown, solved and played from the terminal.

The tests read the games from the command's own list (the puzzle room's: every game with a puzzle part), so they hold
for whichever games have puzzles; the lines expected are worked from the shared format's functions.
"""

from __future__ import annotations

import io
import itertools
import sys

import pytest

from stytvolt.analysis import puzzles as core
from stytvolt.cli import main
from stytvolt.cli_puzzles import games, move_words
from stytvolt.core import registry
from stytvolt.web.kinds import seat_names

GAMES = games()
FIRST = core.published(GAMES[0].name)


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _one_error(err: str, needle: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stytvolt: error: ") and needle in lines[0], err


def test_the_games_with_puzzles_are_read_from_the_registry() -> None:
    assert GAMES and all(core.published(info.name) for info in GAMES)
    assert [info.name for info in GAMES] == [info.name for info in registry.games() if info in GAMES]


def test_list_every_puzzle_then_by_game_theme_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "list")
    every = [p for info in GAMES for p in core.published(info.name)]
    lines = out.splitlines()
    assert code == 0 and [line.split()[0] for line in lines] == [p.id for p in every]
    first = every[0]
    assert lines[0].split()[1:4] == [first.game, first.level_name, str(first.rating)]
    assert lines[0].endswith(first.goal) and first.themes[0] in lines[0]
    game = GAMES[0].name
    theme = FIRST[-1].themes[0]
    code, out, _ = run(capsys, "puzzles", "list", "--game", game, "--theme", theme, "--level", "club")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [p.id for p in core.listed(game, "club", theme)]
    code, out, _ = run(capsys, "puzzles", "list", "--theme", theme, "--level", "3")
    wanted = [p.id for info in GAMES if theme in core.themes(info.name) for p in core.listed(info.name, 3, theme)]
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == wanted


@pytest.mark.parametrize("argv, needle", [
    (["list", "--game", "chess"], "no game called 'chess'"),
    (["list", "--theme", "no-such-theme"], "no game's puzzles have the theme 'no-such-theme'"),
    (["list", "--game", GAMES[0].name, "--theme", "no-such-theme"], "has no theme 'no-such-theme'"),
    (["list", "--level", "7"], "unknown level 7: expected 1, 2, 3 or beginner, club, expert"),
    (["list", "--level", "master"], "unknown level 'master'"),
    (["show", f"{core.find(FIRST[0].id).id[0]}9999"], "there is no puzzle"),
    (["show", "puzzle"], "a puzzle id is a letter and a number"),
    (["solve", "Q0001"], "no game's puzzles begin with Q"),
    (["play", "Q0001"], "no game's puzzles begin with Q"),
    (["daily", "--date", "yesterday"], "yesterday"),
])
def test_a_refusal_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                 needle: str) -> None:
    code, out, err = run(capsys, "puzzles", *argv)
    assert code == 2 and out == ""
    _one_error(err, needle)


def test_a_game_without_puzzles_is_refused_naming_those_with_them(capsys: pytest.CaptureFixture[str]) -> None:
    without = [info for info in registry.games() if info not in GAMES]
    if not without:
        pytest.skip("every game has puzzles")
    code, out, err = run(capsys, "puzzles", "list", "--game", without[0].name)
    assert code == 2 and out == ""
    _one_error(err, f"{without[0].title} has no puzzles yet; the games with puzzles: {GAMES[0].title}")


def test_themes_with_their_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "themes", "--game", GAMES[0].name)
    assert code == 0 and out.splitlines()[0] == f"{GAMES[0].title}:"
    for key, (name, _) in core.themes(GAMES[0].name).items():
        counts = ", ".join(f"{len(core.listed(GAMES[0].name, lv, key))} {word}" for lv, word in core.LEVELS.items())
        assert f"  {key:18} {name} ({counts})" in out.splitlines()


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_show_every_hand_the_table_whose_turn_and_the_goal(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    found = core.published(game)
    p = found[len(found) // 2]
    state = p.state()
    code, out, _ = run(capsys, "puzzles", "show", p.id.lower())
    lines = out.splitlines()
    assert code == 0
    assert lines[0].startswith(f"Puzzle {p.id} · {p.info.title} · {p.level_name} · rated {p.rating} · themes: ")
    assert " ".join(out.split()).startswith(" ".join(lines[0].split()) + f" Goal: {p.goal} ")
    names = seat_names(state.num_players)
    width = max(len(n) for n in names)
    for seat, name in enumerate(names):
        at = next(i for i, line in enumerate(lines) if line.startswith(f"  {name} "))
        block = [lines[at]] + list(itertools.takewhile(lambda x: x.startswith(" " * (width + 4)), lines[at + 1:]))
        row = " ".join(block)  # a long hand wraps onto lines of its own indent
        for card in state.hands[seat]:
            assert card.symbol in row
        assert row.endswith("<- to play") == (seat == state.current_player())
    assert lines[-1] == f"{names[state.current_player()]} to play."
    code, ascii_out, _ = run(capsys, "puzzles", "show", p.id, "--ascii")
    assert code == 0 and "♠" not in ascii_out and "♥" not in ascii_out and ascii_out.isascii()


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_solve_prints_the_line_in_words(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    p = max(core.published(game), key=lambda q: (len(q.line), q.id))
    code, out, _ = run(capsys, "puzzles", "solve", p.id)
    lines = out.splitlines()
    assert code == 0 and f"Goal: {p.goal} The solution" in " ".join(out.split())
    numbered = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(p.line)
    state = p.state()
    first = move_words(p.game, state, p.key)
    assert numbered[0].split(". ", 1)[1].split()[:2] == first.split()[:2]


def test_daily_by_date(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "daily", "--game", GAMES[0].name, "--date", "2026-11-25")
    assert code == 0 and f"Puzzle {core.daily(GAMES[0].name, '2026-11-25').id} " in out


def _decisions(p: core.Puzzle) -> list[str]:
    """The moves of the line the reader types: the solving side's, where it has a choice."""
    s = p.state()
    side = core.side_of(s, p.player)
    out = []
    for text in p.line:
        if s.current_player() in side and len(s.legal_actions()) > 1:
            out.append(text)
        s.apply(text)
    return out


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_play_a_wrong_move_answered_by_its_whole_refuting_line_then_solved(
        game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    p = max(core.published(game), key=lambda q: (len(_decisions(q)), q.id))
    state = p.state()
    wrong = next(str(a) for a in state.legal_actions() if str(a) != p.key)
    line, _ = core.refutation(state, p.player, wrong)
    typed = [wrong, "hint", "hint", "nonsense", *_decisions(p)]
    code, out, _ = run(capsys, "puzzles", "play", p.id, stdin="\n".join(typed) + "\n", monkeypatch=monkeypatch)
    assert code == 0
    assert "Not this one, taken back. After it, both sides playing their best:" in out
    after = out.split("Not this one, taken back.", 1)[1]
    numbered = [line for line in after.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) >= len(line)
    assert f"the goal, “{p.goal.rstrip('.')}”, is missed." in " ".join(after.split())
    assert "Hint 1 of 3: " in out and "Hint 2 of 3: Only one of your " in out
    assert "'nonsense' is not a move here" in out
    assert out.count("Right: ") == len(_decisions(p))
    assert out.rstrip().endswith("Wrong moves: 1; hints: 2.") and "Solved: however the defence plays" in out


def test_play_stops_on_q_and_shows_the_solution_on_request(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    p = FIRST[0]
    code, out, _ = run(capsys, "puzzles", "play", p.id, stdin="q\n", monkeypatch=monkeypatch)
    assert code == 0 and out.rstrip().endswith("Stopped.")
    code, out, _ = run(capsys, "puzzles", "play", p.id, stdin="solution\n", monkeypatch=monkeypatch)
    assert code == 0 and "The solution from here:" in out and out.rstrip().endswith("The puzzle counts as missed.")
    code, out, _ = run(capsys, "puzzles", "play", p.id, stdin="", monkeypatch=monkeypatch)
    assert code == 0 and out.rstrip().endswith("Stopped.")
