"""Sjavs and Klørsjavs against the computer in Chromium: a whole hand played through the table's controls.

The page's game is read back from its "game" field with CPython's
``read_game_text``, so the sheet and the hands the page shows are compared
with the engine's own answer for the same game.  Console errors and failed
requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from sitekit import SiteServer
from test_table import at_quick_pace, game_of, responses, settle, turn
from test_site import wait_ready

from stytvolt.web import handle
from stytvolt.web.table import SOUTH, Table, read_game_text


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


def cpython_html(game: str, text: str) -> str:
    """The table CPython draws for ``game``'s game text ``text``."""
    response = handle({"game": game, "widget": "table", "params": {"do": "show", "game": text}})
    assert response["ok"], response
    return str(response["html"])


def log_entries(html: str) -> list[str]:
    """The last hand's log as CPython draws it, one entry a line."""
    log = html.split('class="sv-table-log"')[1].split("</ol>")[0]
    return [re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", li))).strip()
            for li in re.findall(r"<li[^>]*>(.*?)</li>", log)]


def play_south(widget: Any, *, most: int) -> int:
    """South acts through the page's buttons (by mouse and by keyboard in turn) until the hand is over, in at most
    ``most`` actions; returns how many."""
    moves = 0
    while turn(widget) == "south":
        south_moves(widget, keyboard=moves % 2 == 1)
        moves += 1
        assert moves < most
    assert turn(widget) in ("next", "over")
    return moves


def check_against_cpython(widget: Any, table: Table) -> None:
    """The page's sheet, log and hands as dealt are CPython's for the same game."""
    html = cpython_html(table.kind.game, table.text())
    lines = table.match.sheet_lines()
    rows = widget.locator(".sv-output table.sv-sheet tbody tr")
    assert rows.count() == len(lines)
    last = rows.nth(rows.count() - 1).locator("td").all_inner_texts()
    width = len(lines[-1].totals)
    assert [int(v) for v in last[:width]] == list(lines[-1].totals)
    assert last[width].strip() == unescape(re.findall(r'<td class="sv-sheet-note">([^<]*)</td>', html)[-1])
    page_log = [re.sub(r"\s+", " ", t).strip()
                for t in widget.locator(".sv-output .sv-table-log > ol.sv-log > li").all_inner_texts()]
    assert page_log == log_entries(html)
    shown = widget.locator(".sv-all-hands").inner_text()
    for cards in table.dealt[-1]:
        for card in cards:
            assert card.symbol in shown


#: A Klørsjavs game in which South has declared ("Play") and holds the cat: the page opens it from its link.
CAT_GAME = "k1.7.2.beginner.klorsjavs.1"


@pytest.mark.parametrize("game, path, players", [
    ("sjavs", "sjavs/table/", 4), ("klorsjavs", f"klorsjavs/table/?w=table&game={CAT_GAME}#table", 3)])
def test_a_whole_hand_against_the_computer_reaches_the_sheet(
    context_factory: Any, server: SiteServer, game: str, path: str, players: int
) -> None:
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server, path)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    start = read_game_text(game, game_of(widget))
    assert start.players == players and len(start.match.hands) == 1
    assert turn(widget) == "south"  # South speaks first (Klørsjavs: South declared, and holds the cat)
    before = sum(1 for seat, _ in start.moves[0] if seat == SOUTH)
    if game == "klorsjavs":
        # Swiping the cat with no card ticked is refused in the game's words, and nothing changes.
        assert game_of(widget) == CAT_GAME
        n = responses(widget)
        widget.locator(".sv-output button[data-pick-action=swipe]").click()
        settle(widget, n + 1)
        assert widget.locator(".sv-status [role=alert]").inner_text() == "Tick the two cards to lay away: you ticked none."
        assert game_of(widget) == CAT_GAME and turn(widget) == "south"
    # Cards are buttons named for a screen reader.
    labels = widget.locator(".sv-output .sv-your-hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert labels and all(re.match(r"[♥♠♦♣](?:10|[2-9AJQK]), \w+ of \w+", str(label)) for label in labels), labels
    moves = 0
    while turn(widget) == "south":
        south_moves(widget, keyboard=moves % 2 == 1)
        moves += 1
        assert moves < 40
    assert turn(widget) in ("next", "over")
    table = read_game_text(game, game_of(widget))
    hand = table.match.hands[0]
    assert hand.is_terminal()
    assert sum(1 for seat, _ in table.moves[0] if seat == SOUTH) == before + moves
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


def test_the_computers_pace_is_chosen_once_for_every_table(context_factory: Any, server: SiteServer) -> None:
    """Quick cuts each game's own pause to a quarter (Sjavs 650 ms, Knorri 400 ms), Slow doubles it; the choice is
    kept in this browser for every table and is never sent to the engine."""
    context, _ = context_factory()
    page = context.new_page()
    widget = open_table(page, server, "sjavs/table/")
    pace = widget.locator('select[name="pace"]')
    assert pace.input_value() == "normal"
    assert widget.get_by_label("The computer's pace").count() == 1
    pace.select_option("quick")
    assert page.evaluate("localStorage.getItem('stytvolt:table:pace')") == "quick"
    south_moves(widget, keyboard=False)
    assert widget.get_attribute("data-sv-pause-ms") == "163"  # 650 / 4, rounded

    widget = open_table(page, server, "knorri/table/")
    pace = widget.locator('select[name="pace"]')
    assert pace.input_value() == "quick"
    while widget.get_attribute("data-sv-pause-ms") is None:
        south_moves(widget, keyboard=False)
    assert widget.get_attribute("data-sv-pause-ms") == "100"  # 400 / 4
    pace.select_option("slow")
    south_moves(widget, keyboard=False)
    assert widget.get_attribute("data-sv-pause-ms") == "800"
    assert page.evaluate("localStorage.getItem('stytvolt:table:pace')") == "slow"
