"""Knorri against the computer in Chromium: a whole hand played through the table's controls to the session's end.

The page's game is read back from its "game" field with CPython's
``read_game_text``, and the sheet, the log and the outcome the page shows
are compared with CPython's answer for the same game.  Console errors and
failed requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from sitekit import SiteServer
from test_match_table import cpython_html, log_entries, open_table
from test_table import at_quick_pace, game_of, responses, settle, turn

from stytvolt.web.table import SOUTH, Table, computer_seed, new_table, read_game_text, render

PATH = "knorri/table/"


def last_button(table: Table) -> Any:
    """South's action behind the last button the page offers (in phase two, South's lowest playable card)."""
    actions = re.findall(r'data-do="play" data-action="([^"]+)"', render(table))
    return {str(a): a for a in table.hand.legal_actions()}[unescape(actions[-1])]


def session_cut(setup: str, seed: int) -> tuple[str, str]:
    """A session played to its end in CPython, South pressing the last button: its text when the last hand was
    dealt (left for the page to play), and the whole session's."""
    table = new_table("knorri", setup, "simple", seed)
    cut = ""
    while True:
        state = table.hand
        if state.is_terminal():
            if table.match.over:
                return cut, table.text()
            table.deal()
            if table.match.hands_to_play == len(table.match.hands):
                cut = table.text()
            continue
        seat = state.current_player()
        if seat == SOUTH:
            action = last_button(table)
        else:
            bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
            action = bot.choose(state.observation(seat))
        table.apply(action)


def press_last(widget: Any, *, keyboard: bool) -> None:
    """South presses the last button on offer (by mouse, or by keyboard: focus and Enter); the computers answer."""
    n = responses(widget)
    move = widget.locator('.sv-output button[data-do="play"]:not([aria-disabled])').last
    if keyboard:
        move.focus()
        widget.page.keyboard.press("Enter")
    else:
        move.click()
    settle(widget, n + 1)


def test_the_last_hand_of_a_session_played_through_the_page(context_factory: Any, server: SiteServer) -> None:
    # Seed 10 at three: the session's fourth and last hand is a short one (some 120 moves).
    cut, whole = session_cut("3", 10)
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server, f"{PATH}?w=table&game={cut}#table")
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    assert game_of(widget).startswith(cut) and turn(widget) == "south"
    # phase one: the face-up table, each card named for a screen reader, and a button for each take
    labels = widget.locator(".sv-output .sv-felt [role=img]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert len(labels) >= 2 and all(re.match(r"[♥♠♦♣](?:10|[2-9JQKA]), \w+ of \w+", str(label)) for label in labels), labels
    said = widget.locator('.sv-output .sv-table-acts button[data-do="play"]').all_inner_texts()
    assert said and all(s.startswith(("Take ", "Leave ")) for s in said), said
    moves = 0
    while turn(widget) == "south":
        press_last(widget, keyboard=moves % 2 == 1)
        moves += 1
        assert moves < 120
    assert turn(widget) == "over"
    assert game_of(widget) == whole  # the page played on exactly as CPython did
    table = read_game_text("knorri", whole)
    html = cpython_html("knorri", whole)
    output = widget.locator(".sv-output")
    assert "The game is over." in output.locator(".sv-table-end").inner_text()
    outcome = re.search(r"<strong>The game is over\. ([^<]+)</strong>", html)
    assert outcome and unescape(outcome.group(1)) in output.inner_text()
    lines = table.match.sheet_lines()
    rows = output.locator("table.sv-sheet tbody tr")
    assert rows.count() == len(lines) == 5
    last = rows.nth(rows.count() - 1).locator("td").all_inner_texts()
    assert [int(v.replace("−", "-")) for v in last[:3]] == list(lines[-1].totals)
    assert last[3].strip() == unescape(re.findall(r'<td class="sv-sheet-note">([^<]*)</td>', html)[-1])
    page_log = [re.sub(r"\s+", " ", t).strip() for t in output.locator(".sv-table-log > ol.sv-log > li").all_inner_texts()]
    assert page_log == log_entries(html)
    assert "What each player held when phase two began" in output.inner_text()


def test_a_new_game_by_keyboard_and_the_settings(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = context.new_page()
    page.set_viewport_size({"width": 375, "height": 800})
    widget = open_table(page, server, PATH)
    start = read_game_text("knorri", game_of(widget))
    assert start.players == 3 and turn(widget) == "south"  # East deals, so South turns the first card
    n = responses(widget)
    first = widget.locator('.sv-output button[data-do="play"]').first
    first.focus()
    page.keyboard.press("Enter")
    settle(widget, n + 1)
    after = game_of(widget)
    assert read_game_text("knorri", after).moves[0][0][0] == SOUTH
    page_log = [re.sub(r"\s+", " ", t).strip()
                for t in widget.locator(".sv-output .sv-table-log > ol.sv-log > li").all_inner_texts()]
    assert page_log == log_entries(cpython_html("knorri", after))
    assert page_log[1].startswith("South turns ")
    # A new game at eight with "you missed one", chosen in the settings: the seats round the table, and the page
    # still fits a phone's width.
    widget.locator("details.sv-table-settings summary").click()
    widget.locator('select[name="setup"]').select_option("8m")
    n = responses(widget)
    widget.locator('details.sv-table-settings button[data-do="new"]').click()
    settle(widget, n + 1)
    fresh = read_game_text("knorri", game_of(widget))
    assert fresh.players == 8 and fresh.setup == "8m" and fresh.match.rules.overlooking
    heads = widget.locator(".sv-output table.sv-sheet thead th").all_inner_texts()
    assert heads[1:9] == ["You", "South-west", "West", "North-west", "North", "North-east", "East", "South-east"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 376
