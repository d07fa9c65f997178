"""Sjavs and Klørsjavs against the computer in Chromium: a whole hand played through the table's controls.

The page's game is read back from its "game" field with CPython's
``read_game_text``, so the sheet and the hands the page shows are compared
with the engine's own answer for the same game.  Console errors and failed
requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from sitekit import SiteServer
from test_table import game_of, responses, settle, turn
from test_site import wait_ready

from stytvolt.web.matches import SOUTH, read_game_text


def open_table(page: Any, server: SiteServer, path: str) -> Any:
    page.goto(server.url + path)
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="table"]').first
    settle(widget, 1)
    return widget


def south_moves(widget: Any, *, keyboard: bool) -> None:
    """South does what is offered: ticks the cards a lay-away needs and lays them away, or presses the first button."""
    n = responses(widget)
    out = widget.locator(".sv-output")
    pick = out.locator("fieldset.sv-table-pick")
    if pick.count():
        need = 2 if pick.get_attribute("data-pick") == "swipe" else 1
        for i in range(need):
            pick.locator('input[name="pick"]').nth(i).check()
        move = out.locator("button[data-pick-action]")
    else:
        move = out.locator('button[data-do="play"]:not([aria-disabled])').first
    if keyboard:
        move.focus()
        widget.page.keyboard.press("Enter")
    else:
        move.click()
    settle(widget, n + 1)


@pytest.mark.parametrize("game, path, players", [("sjavs", "sjavs/table/", 4), ("klorsjavs", "klorsjavs/table/", 3)])
def test_a_whole_hand_against_the_computer_reaches_the_sheet(
    context_factory: Any, server: SiteServer, game: str, path: str, players: int
) -> None:
    context, _ = context_factory()
    page = context.new_page()
    widget = open_table(page, server, path)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    start = read_game_text(game, game_of(widget))
    assert start.players == players and len(start.match.hands) == 1
    assert turn(widget) == "south"  # South speaks first
    # Cards are buttons named for a screen reader.
    labels = widget.locator(".sv-output .sv-your-hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert labels and all(re.match(r"[♥♠♦♣][2-9TAJQK], \w+ of \w+", str(label)) for label in labels), labels
    moves = 0
    while turn(widget) == "south":
        south_moves(widget, keyboard=moves % 2 == 1)
        moves += 1
        assert moves < 40
    assert turn(widget) in ("next", "over")
    table = read_game_text(game, game_of(widget))
    hand = table.match.hands[0]
    assert hand.is_terminal()
    assert sum(1 for seat, _ in table.moves[0] if seat == SOUTH) == moves
    # The sheet on the page is CPython's sheet of this game.
    rows = widget.locator(".sv-output table.sv-sheet tbody tr")
    lines = table.match.sheet_lines()
    assert rows.count() == len(lines)
    last = rows.nth(rows.count() - 1).locator("td").all_inner_texts()
    assert [int(v) for v in last[:len(lines[-1].totals)]] == list(lines[-1].totals)
    # Every hand as dealt, face up.
    shown = widget.locator(".sv-all-hands").inner_text()
    for cards in table.dealt[0]:
        for card in cards:
            assert card.symbol in shown
    if turn(widget) == "next":
        n = responses(widget)
        widget.locator('.sv-output button[data-do="next"]').click()
        settle(widget, n + 1)
        assert len(read_game_text(game, game_of(widget)).match.hands) == 2
        assert widget.locator('.sv-output details.sv-log-old[data-hand="0"]').count() == 1
