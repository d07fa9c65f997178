"""Puzzles in Chromium: solved by clicks and typing, failed with the hint ladder, the puzzle of the day.

Every answer the page shows comes from Pyodide (data-source="pyodide") and
is compared with CPython's answer to the same request; the moves played are
the published solution's, read in CPython.  Console errors and failed
requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from sitekit import SiteServer
from test_site import ANSWER_TIMEOUT, wait_ready

from stytvolt.styrivolt.puzzles import daily, get_puzzle, puzzles
from stytvolt.web import handle

PATH = "puzzles/"
STORE = "stytvolt:puzzles"


def open_puzzles(page: Any, server: SiteServer, query: str = "") -> Any:
    page.goto(server.url + PATH + query)
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="puzzle"]').first
    settle(widget, 1)
    return widget


def settle(widget: Any, answers: int) -> None:
    widget.page.wait_for_function(
        "([w, n]) => (w.svResponses || 0) >= n && w.hasAttribute('data-sv-idle')",
        arg=[widget.element_handle(), answers], timeout=ANSWER_TIMEOUT,
    )


def responses(widget: Any) -> int:
    return int(widget.evaluate("w => w.svResponses || 0"))


def state_of(widget: Any) -> dict[str, str]:
    return dict(widget.locator(".sv-output .sv-puzzle").evaluate("e => ({...e.dataset})"))


def same_as_cpython(widget: Any) -> None:
    request = widget.evaluate("w => w.svLastRequest")
    response = widget.evaluate("w => w.svLastResponse")
    assert response == handle(request)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"


def moves(widget: Any) -> list[str]:
    text = str(widget.locator('input[name="moves"]').input_value())
    return text.split(",") if text else []


def store(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"localStorage.getItem('{STORE}')") or "{}"))


def test_a_puzzle_solved_by_clicking_and_typing(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    p = next(q for q in puzzles() if len(q.line) >= 3 and " " not in q.key)
    widget = open_puzzles(page, server, f"?id={p.id}")
    assert state_of(widget)["puzzle"] == p.id
    same_as_cpython(widget)
    typed = False
    while state_of(widget)["state"] == "play":
        done = moves(widget)
        assert done == list(p.line[: len(done)])
        move = p.line[len(done)]
        n = responses(widget)
        if not typed and " " not in move:
            widget.locator('input[name="try"]').fill(move.lower())  # typing h2 works as well as a click
            widget.locator('input[name="try"]').press("Enter")
            typed = True
        else:
            widget.locator(f'.sv-output button[data-do="try"][data-action="{move}"]').click()
        settle(widget, n + 1)
        assert state_of(widget)["verdict"] in ("right", "solved")
        same_as_cpython(widget)
    assert state_of(widget)["state"] == "solved"
    assert moves(widget) == list(p.line)
    assert "Solved." in widget.locator(".sv-output").inner_text()
    kept = store(page)
    assert kept["results"][p.id]["score"] == 100 and kept["streak"] == 1 and kept["rating"] > 1500
    assert "Your score: 100 of 100" in widget.locator(".sv-pz-score").inner_text()
    assert f"id={p.id}" in page.url


def test_a_puzzle_failed_with_its_hint_ladder(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    p = puzzles()[len(puzzles()) // 2]
    widget = open_puzzles(page, server, f"?id={p.id}")
    s = p.state()
    wrong = next(str(a) for a in s.legal_actions() if str(a) != p.key and a.kind.value == "play")
    n = responses(widget)
    widget.locator(f'.sv-output button[data-do="try"][data-action="{wrong}"]').click()
    settle(widget, n + 1)
    assert state_of(widget)["verdict"] == "wrong" and moves(widget) == []
    assert "Not this one, taken back. After " in widget.locator(".sv-output").inner_text()
    same_as_cpython(widget)
    assert "75 of 100" in widget.locator(".sv-pz-score").inner_text()
    # The ladder: each rung named with its cost, the fourth the answer.
    for rung, score in ((1, 65), (2, 50), (3, 25)):
        n = responses(widget)
        button = widget.locator(".sv-output button.sv-pz-hint")
        assert f"Hint {rung} of 4" in button.inner_text()
        button.click()
        settle(widget, n + 1)
        assert f"{score} of 100" in widget.locator(".sv-pz-score").inner_text()
        assert widget.locator(".sv-output .sv-pz-hints li").count() == rung
    assert p.hints()[2] in widget.locator(".sv-output .sv-pz-hints").inner_text()
    n = responses(widget)
    widget.locator(".sv-output button.sv-pz-show").click()
    settle(widget, n + 1)
    assert state_of(widget)["state"] == "shown"
    same_as_cpython(widget)
    assert "The solution" in widget.locator(".sv-output").inner_text()
    kept = store(page)
    assert kept["results"][p.id]["score"] == 0 and kept["streak"] == 0 and kept["rating"] < 1500
    # The dashboard counts it under each of its themes.
    page.reload()
    wait_ready(page)
    board = page.locator(".sv-pz-dashboard")
    board.locator("table").wait_for(timeout=ANSWER_TIMEOUT)
    assert f"Your rating: {kept['rating']}" in board.inner_text()


def test_the_puzzle_of_the_day_and_the_next_one(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    widget = open_puzzles(page, server)
    today = page.evaluate("(() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]; })()")
    day = datetime.date(*today)
    expect = daily(day)
    assert state_of(widget)["puzzle"] == expect.id
    assert widget.locator(".sv-output .sv-pz-head").inner_text().startswith(f"Puzzle of the day ({day.isoformat()})")
    same_as_cpython(widget)
    n = responses(widget)
    widget.locator("a.sv-pz-next").click()
    settle(widget, n + 1)
    following = f"P{int(expect.id[1:]) % len(puzzles()) + 1:04d}"
    assert state_of(widget)["puzzle"] == following
    assert f"id={following}" in page.url
    assert get_puzzle(following).goal_text() in widget.locator(".sv-output .sv-pz-goal").inner_text()


def test_the_list_links_every_puzzle_and_shows_results(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('{STORE}', JSON.stringify({{rating: 1520, streak: 1, best: 1, "
                         f"results: {{P0001: {{score: 90, last: 90, tries: 1, themes: [], level: 1}}}}}}))")
    open_puzzles(page, server)
    links = page.locator(".sv-pz-table a[data-puzzle]")
    assert links.count() == len(puzzles())
    assert page.locator('tr[data-puzzle="P0001"] .sv-pz-record').inner_text() == "solved, best 90"
    assert page.locator('tr[data-puzzle="P0002"] .sv-pz-record').inner_text() == "not tried"
