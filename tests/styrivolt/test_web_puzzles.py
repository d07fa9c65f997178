"""The puzzle widget and the puzzle list, answered in CPython as the browser's worker answers them."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from stytvolt.core.explain import COMPASS
from stytvolt.styrivolt.puzzles import THEMES, daily, get_puzzle, puzzles
from stytvolt.web import handle, render_figure, render_widget
from stytvolt.styrivolt.site.puzzles import HINT_COSTS


def ask(**params: str) -> dict[str, Any]:
    return handle({"widget": "puzzle", "params": params})


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def root(html: str, name: str) -> str:
    found = re.search(rf'<div class="sv-puzzle"[^>]* {name}="([^"]*)"', html)
    assert found, name
    return found.group(1)


def play_through(pid: str) -> dict[str, Any]:
    """The reader plays the solution's moves for South and North, one request each, as the page sends them;
    the widget's replies for the defence must be the solution's."""
    p = get_puzzle(pid)
    r = ask(id=pid)
    assert r["ok"], r
    while root(r["html"], "data-state") == "play":
        moves = r["set"]["moves"].split(",") if r["set"]["moves"] else []
        assert moves == list(p.line[: len(moves)])
        r = ask(id=pid, moves=r["set"]["moves"], **{"try": p.line[len(moves)]})
        assert r["ok"], r
        assert root(r["html"], "data-verdict") in ("right", "solved")
    assert r["set"]["moves"].split(",") == list(p.line)
    return r


def test_a_puzzle_solved_move_by_move() -> None:
    for p in puzzles()[::60]:
        r = play_through(p.id)
        assert root(r["html"], "data-state") == "solved"
        assert "Solved." in text(r["html"])
        assert "The solution" in text(r["html"])


def test_the_key_move_typed_in_any_case_is_right() -> None:
    p = next(q for q in puzzles() if " " not in q.key and "-" not in q.key)
    r = ask(id=p.id, **{"try": p.key.lower()})
    assert r["ok"] and root(r["html"], "data-verdict") in ("right", "solved")
    assert r["set"]["moves"].split(",")[0] == p.key


def test_a_wrong_card_is_taken_back_with_its_refutation() -> None:
    p = puzzles()[0]
    s = p.state()
    wrong = next(a for a in s.legal_actions() if str(a) != p.key)
    r = ask(id=p.id, **{"try": str(wrong)})
    assert r["ok"]
    assert root(r["html"], "data-verdict") == "wrong"
    assert r["set"]["moves"] == ""  # taken back
    said = text(r["html"])
    assert "✗ Not this one, taken back." in said
    assert p.judge(s, wrong).reason.render(COMPASS, ("South–North", "West–East")) in said


def test_hints_each_cost_and_the_last_one_is_the_answer() -> None:
    p = puzzles()[5]
    for n in range(len(HINT_COSTS) + 1):
        r = ask(id=p.id, hints=str(n))
        said = text(r["html"])
        assert said.count("Hint ") - said.count("Hint " + str(n + 1) + " of") == n
        if n < len(HINT_COSTS):
            assert f"Hint {n + 1} of 4" in said
    assert "counts as a miss" in said or "The answer" in said
    assert p.hints()[3] in said


def test_showing_the_solution_ends_the_puzzle() -> None:
    p = puzzles()[3]
    r = ask(id=p.id, show="yes")
    assert root(r["html"], "data-state") == "shown"
    assert "The solution" in text(r["html"])
    assert 'data-do="try"' not in r["html"]  # nothing left to press


def test_the_puzzle_of_the_day_by_date() -> None:
    r = ask(id="daily", date="2026-11-25")
    assert r["set"]["id"] == daily("2026-11-25").id
    assert ask(date="2026-11-26")["set"]["id"] == daily("2026-11-26").id


def test_cards_are_buttons_named_for_a_screen_reader_only_for_the_side_to_play() -> None:
    p = puzzles()[0]
    r = ask(id=p.id)
    buttons = re.findall(r'<button type="button" class="sv-table-card[^"]*" data-do="try"[^>]*aria-label="([^"]+)"', r["html"])
    seat = p.state().current_player()
    assert len(buttons) == sum(1 for a in p.state().legal_actions() if a.kind.value == "play")
    assert all(b.startswith("Play ") for b in buttons)
    assert f"{COMPASS[seat]} to play." in text(r["html"])


@pytest.mark.parametrize("params, words", [
    ({"id": "P9999"}, "there is no puzzle"),
    ({"id": "P0001", "hints": "7"}, "hints: the number of hints taken is a whole number from 0 to 4, not '7'"),
    ({"id": "P0001", "moves": "XX"}, "moves: move 1"),
    ({"id": "P0001", "try": "zz9"}, "try: bad action"),
    ({"id": "daily", "date": "tomorrow"}, "a date is written like"),
])
def test_bad_params_name_what_is_wrong(params: dict[str, str], words: str) -> None:
    r = ask(**params)
    assert not r["ok"] and words in r["error"]


def test_a_card_not_in_the_hand_to_play_is_refused_by_name() -> None:
    p = puzzles()[0]
    s = p.state()
    other = s.hands[1][0]
    r = ask(id=p.id, **{"try": str(other)})
    assert not r["ok"] and f"not in {COMPASS[s.current_player()]}'s hand" in r["error"]


def test_the_list_names_every_puzzle_by_level_and_theme() -> None:
    html = render_figure("puzzle-list", {})
    ids = set(re.findall(r'data-puzzle="(P\d{4})"', html))
    assert ids == {p.id for p in puzzles()}
    for title, _ in THEMES.values():
        assert title in text(html)
    assert html.count('href="puzzles/?id=P0001#puzzle"') == 1 + sum(1 for t in puzzles()[0].themes)


def test_the_build_draws_the_puzzle_of_its_date() -> None:
    html = render_widget("puzzle", {})
    assert "Puzzle P" in text(html) and "Your goal" in text(html)
    assert 'name="try"' in html


def test_the_dashboard_placeholder_names_the_themes() -> None:
    html = render_figure("puzzle-dashboard", {})
    assert "sv-pz-dashboard" in html and "Lamb timing" in unescape(html)
