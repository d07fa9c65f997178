"""Knorri puzzles in Chromium: one solved through its buttons (mouse, then keyboard), a wrong play taken back
with the line that loses, a card the rules refuse said to be refused and why, the next puzzle.

The page's widget is played by interactive/puzzle.mjs, unchanged (the Knorri widget keeps the Stýrivolt
puzzle's contract); every answer comes from Pyodide (data-source="pyodide") and is compared with CPython's
answer to the same request.  Console errors and failed requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import json
from typing import Any

from sitekit import SiteServer
from test_puzzle_page import responses, settle, state_of
from test_puzzle_page import same_as_cpython as answered_as_cpython
from test_site import wait_ready

from stytvolt.knorri.puzzles import get_puzzle

PATH = "knorri/puzzles/"


def open_puzzle(page: Any, server: SiteServer, ident: str) -> Any:
    page.goto(server.url + PATH + f"?id={ident}")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="puzzle"][data-game="knorri"]').first
    settle(widget, 1)
    return widget


def same_as_cpython(widget: Any) -> None:
    """The page's last answer is Pyodide's, the same as CPython's, and a Knorri request."""
    assert widget.evaluate("w => w.svLastRequest")["game"] == "knorri"
    answered_as_cpython(widget)


def moves(widget: Any) -> str:
    return str(widget.locator('input[name="moves"]').input_value())


def test_a_knorri_puzzle_solved_by_mouse_and_keyboard(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    p = get_puzzle("K0007")  # C leads ♥K (not ♦K); after the forced replies, C trumps ♠4 with ♦K
    widget = open_puzzle(page, server, p.id)
    assert state_of(widget)["puzzle"] == p.id and state_of(widget)["state"] == "play"
    same_as_cpython(widget)
    # The position: every card named for a screen reader, whose turn, the empty table.
    felt = widget.locator(".sv-output .sv-pz-felt")
    assert felt.locator('[aria-label="C (you), you"]').count() == 1
    assert felt.locator('button[aria-label="Play ♥K, king of hearts"]').count() == 1
    assert felt.locator('[role="img"][aria-label="♠4, four of spades"]').count() == 1
    assert "to play" in felt.locator('[data-seat="C"]').inner_text()
    n = responses(widget)
    widget.locator('.sv-output button[data-do="try"][data-action="play HK"]').click()
    settle(widget, n + 1)
    assert state_of(widget)["verdict"] == "right" and moves(widget) == "play HK,pick up,play S4"
    same_as_cpython(widget)
    assert "Then A picks up the bottom card; B plays ♠4." in widget.locator(".sv-output .sv-pz-verdict").inner_text()
    trick = widget.locator(".sv-output .sv-pz-facts")
    assert trick.get_attribute("data-top") == "S4" and trick.get_attribute("data-bottom") == "S4"
    # The page put the focus on the first play: ♦K.  Enter plays it.
    focused = page.evaluate("document.activeElement && document.activeElement.dataset.action")
    assert focused == "play DK"
    n = responses(widget)
    page.keyboard.press("Enter")
    settle(widget, n + 1)
    assert state_of(widget)["state"] == "solved"
    same_as_cpython(widget)
    assert "Solved." in widget.locator(".sv-output").inner_text()
    kept = json.loads(page.evaluate("localStorage.getItem('stytvolt:puzzles:knorri')") or "{}")
    assert kept["results"][p.id]["score"] == 100
    # Knorri keeps its own record and rating: Stýrivolt's is untouched.
    assert page.evaluate("localStorage.getItem('stytvolt:puzzles')") is None
    # "Next puzzle" goes on through Knorri's puzzles, not Stýrivolt's.
    assert f"id=K{int(p.id[1:]) + 1:04d}" in (page.locator(".sv-pz-next").first.get_attribute("href") or "")
    assert "Your score: 100 of 100" in widget.locator(".sv-pz-score").inner_text()


def test_a_wrong_play_is_taken_back_and_a_refused_card_says_why(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    widget = open_puzzle(page, server, "K0013")  # A on ♥7: ♥8 is right; ♥3 is lower and may not be played
    refused = widget.locator('.sv-output button[data-card="H3"][aria-disabled="true"]')
    n = responses(widget)
    refused.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled; a reader may press it
    status = widget.locator(".sv-status")
    assert status.inner_text() == "♥3 cannot beat ♥7: it is the lower heart."
    assert responses(widget) == n  # nothing asked of the engine
    # Space on a focused button works as a click: the pick-up, which loses.
    widget.locator('.sv-output button[data-do="try"][data-action="pick up"]').focus()
    page.keyboard.press("Space")
    settle(widget, n + 1)
    assert state_of(widget)["verdict"] == "wrong" and moves(widget) == ""
    same_as_cpython(widget)
    verdict = widget.locator(".sv-output .sv-pz-verdict").inner_text()
    assert "Not this one, taken back. If you pick up the bottom card, the others can make you lose:" in verdict
    assert verdict.endswith("you lose.")
    assert "75 of 100" in widget.locator(".sv-pz-score").inner_text()
    # Typing a card that is not held is refused in the status line, as an alert.
    widget.locator('input[name="try"]').fill("sk")
    widget.locator('input[name="try"]').press("Enter")
    settle(widget, n + 2)
    assert "not in" in widget.locator('.sv-status [role="alert"]').inner_text()
    # Then the right card, typed.
    widget.locator('input[name="try"]').fill("h8")
    widget.locator('input[name="try"]').press("Enter")
    settle(widget, n + 3)
    assert state_of(widget)["state"] == "solved"
    same_as_cpython(widget)
    # The next puzzle (puzzle.mjs names it P0014; the Knorri widget reads any letter and the number).
    n = responses(widget)
    widget.locator("a.sv-pz-next").click()
    settle(widget, n + 1)
    assert state_of(widget)["puzzle"] == "K0014" and "id=K0014" in page.url
