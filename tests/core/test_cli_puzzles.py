"""``stytvolt puzzles``: listing, showing and playing the published puzzles from the terminal."""

from __future__ import annotations

import io
import json
import os
import sys

import pytest

from stytvolt.cli import main
from stytvolt.styrivolt.puzzles import daily, get_puzzle, puzzles


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_list_by_level_and_theme(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "list", "--level", "club", "--theme", "storm")
    assert code == 0
    wanted = puzzles("club", "storm")
    assert [line.split()[0] for line in out.splitlines()] == [p.id for p in wanted]


def test_themes_with_their_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "themes")
    assert code == 0
    assert "lamb-timing" in out and "playing-on" in out and "beginner" in out


def test_show_with_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    p = puzzles()[0]
    code, out, _ = run(capsys, "puzzles", "show", p.id, "--solution", "--ascii")
    assert code == 0
    assert f"Puzzle {p.id}" in out and "Goal: " in out and "Solution: " in out
    assert "South" in out and "<- to play" in out


def test_daily_by_date(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "puzzles", "daily", "--date", "2026-11-25")
    assert code == 0 and f"Puzzle {daily('2026-11-25').id}" in out


def test_play_a_wrong_card_a_hint_then_the_solution_line(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    p = puzzles()[1]
    s = p.state()
    wrong = next(str(a) for a in s.legal_actions() if str(a) != p.key)
    ours = []
    t = p.state()
    for text in p.line:
        if t.current_player() % 2 == 0 and len(t.legal_actions()) > 1:
            ours.append(text)
        t.apply(text)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join([wrong, "hint", *ours]) + "\n"))
    code, out, _ = run(capsys, "puzzles", "play", p.id)
    assert code == 0
    assert "Not this one, taken back. After " in out
    assert "Hint 1: The goal: " in out
    assert "Solved: " in out and "Wrong cards: 1; hints: 1." in out


def test_play_stops_on_q_and_refuses_a_card_not_held(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    p = get_puzzle("P0001")
    s = p.state()
    other = s.hands[(s.current_player() + 1) % 4][0]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{other}\nq\n"))
    code, out, _ = run(capsys, "puzzles", "play", "P0001")
    assert code == 0 and "cannot be played now" in out and "Stopped." in out


def test_bad_id_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "puzzles", "show", "P99999")
    assert code == 2 and err.startswith("stytvolt: error: there is no puzzle")


@pytest.mark.parametrize("where, needle", [
    ("", "--out needs the name of a file"),
    ("missing-folder/set.json", "cannot write there"),
    (".", "that is a folder"),
])
def test_generate_checks_where_it_writes_before_the_work(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: "os.PathLike[str]", where: str, needle: str) -> None:
    import stytvolt.styrivolt.puzzle_gen as gen

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the puzzles were generated before --out was checked")

    monkeypatch.setattr(gen, "build", refuse)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "puzzles", "generate", "--count", "1", "--out", where)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("stytvolt: error: --out") and needle in lines[0]
    assert os.listdir(tmp_path) == []  # nothing was left behind


def test_generate_writes_a_file_it_could_write_and_leaves_none_when_the_work_fails(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: "os.PathLike[str]") -> None:
    import stytvolt.styrivolt.puzzle_gen as gen

    made = puzzles()[:2]
    monkeypatch.setattr(gen, "build", lambda seeds, count, jobs=1: made)
    target = os.path.join(tmp_path, "set.json")
    code, out, _ = run(capsys, "puzzles", "generate", "--count", "1", "--out", target)
    assert code == 0 and f"written to {target}" in out
    assert [p["id"] for p in json.load(open(target, encoding="utf-8"))["puzzles"]] == [p.id for p in made]

    def fail(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gen, "build", fail)
    other = os.path.join(tmp_path, "other.json")
    code, _, _ = run(capsys, "puzzles", "generate", "--out", other)
    assert code == 130 and not os.path.exists(other)  # the file the check made is gone again
