"""Vira against the computer in Chromium: a whole first hand, and a whole session to its end, played through the
table's controls.

The page's game is read back from its "game" field with CPython's ``read_game_text``, so the sheet, the log and the
hands the page shows are compared with the engine's own answer for the same game.  South presses the first action on
offer each time (by mouse and by keyboard in turn), as the CPython driver below does, so the page must reach exactly
the game CPython reaches.  Console errors and failed requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import re
from typing import Any

from sitekit import SiteServer
from test_match_table import check_against_cpython, cpython_html, log_entries, open_table, play_south
from test_table import at_quick_pace, game_of, responses, settle, turn

from stytvolt.vira.hand import parse_action
from stytvolt.web.table import SOUTH, computer_seed, new_table, read_game_text, render

PATH = "vira/table/"


def _session(seed: int) -> tuple[str, str]:
    """A three-player session played to its end in CPython, South pressing the first action on offer: the game's
    text as its last hand is dealt (left for the page to play), and the whole session's."""
    table = new_table("vira", "3", "simple", seed)
    while True:
        state = table.hand
        if state.is_terminal():
            if table.match.over:
                break
            table.deal()
            continue
        seat = state.current_player()
        if seat == SOUTH:
            action = parse_action(re.findall(r'data-do="play" data-action="([^"]+)"', render(table))[0])
        else:
            bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
            action = bot.choose(state.observation(seat))
        table.apply(action)
    whole = table.text()
    return ".".join(whole.split(".")[:-1] + [""]), whole


def test_a_whole_hand_of_vira_through_the_page(context_factory: Any, server: SiteServer) -> None:
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server, PATH)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    start = read_game_text("vira", game_of(widget))
    assert start.players == 3 and len(start.match.hands) == 1
    assert turn(widget) == "south"  # East deals: South is eldest and opens the auction
    # Cards are named with their suit's class for a screen reader.
    labels = widget.locator(".sv-output .sv-your-hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert len(labels) == 13 and all(re.match(r"[♥♠♦♣](?:10|[2-9JQKA]), \w+ of \w+, (preference|colour|off-colour)$",
                                              str(label)) for label in labels), labels
    # The bids are folded by kind, the draws open; a folded group opens from the keyboard.
    groups = widget.locator(".sv-output details.sv-table-group")
    assert groups.count() == 8 and groups.nth(0).get_attribute("open") is not None
    assert groups.nth(5).get_attribute("open") is None
    groups.nth(5).locator("summary").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("d => d.open", arg=groups.nth(5).element_handle())
    assert groups.nth(5).locator("button").first.inner_text().startswith("Bid Solo 6")
    moves = play_south(widget, most=60)
    table = read_game_text("vira", game_of(widget))
    assert table.match.hands[0].is_terminal()
    assert sum(1 for seat, _ in table.moves[0] if seat == SOUTH) == moves
    assert "The hand is over" in widget.locator(".sv-output .sv-table-end").inner_text()
    check_against_cpython(widget, table)
    heads = widget.locator(".sv-output table.sv-sheet thead th").all_inner_texts()
    assert heads[1:8] == ["You: points", "West: points", "East: points", "You: chips", "West: chips", "East: chips",
                          "The pot: chips"]
    n = responses(widget)
    widget.locator('.sv-output button[data-do="next"]').click()
    settle(widget, n + 1)
    assert len(read_game_text("vira", game_of(widget)).match.hands) == 2
    old = widget.locator('.sv-output details.sv-log-old[data-hand="0"]')
    # Folded under what it scored: the words of its line on the sheet, as CPython writes them for this game.
    later = read_game_text("vira", game_of(widget))
    line = next(x for x in later.match.sheet_lines() if x.hand == 1)
    assert old.locator("summary").inner_text() == "Hand 1: " + " ".join(later.words.say(r) for r in line.note)
    old.locator("summary").click()
    page.wait_for_function("d => d.querySelector('.sv-log-slot li')", arg=old.element_handle())
    assert old.locator(".sv-log-slot li").first.inner_text().strip() == log_entries(cpython_html("vira", table.text()))[0]


def test_a_session_played_to_its_end(context_factory: Any, server: SiteServer) -> None:
    # Seed 5's session ends when its sixth hand empties the pot.  The page is given the session with its first five
    # hands played (as a kept game reopens) and plays the last through its controls, dealing the sixth, at a phone's
    # width and the Quick pace.  (The first hands are played through the page by the tests
    # above; CPython plays whole sessions in tests/vira.)
    _, whole = _session(5)
    first = ".".join(whole.split(".")[:5 + 5])
    context, _ = context_factory(viewport={"width": 375, "height": 800})
    page = context.new_page()
    widget = open_table(page, server, f"{PATH}?w=table&game={first}#table")
    assert game_of(widget) == first and turn(widget) == "next"
    widget.locator('select[name="pace"]').select_option("quick")
    hands = 5
    while turn(widget) != "over":
        n = responses(widget)
        widget.locator('.sv-output button[data-do="next"]').click()
        settle(widget, n + 1)
        hands += 1
        play_south(widget, most=60)
        assert whole.startswith(game_of(widget)), "the page left the game CPython plays"
    assert hands == 6 and game_of(widget) == whole  # the page played on exactly as CPython did
    assert turn(widget) == "over"
    table = read_game_text("vira", whole)
    assert table.match.over
    text = widget.locator(".sv-output").inner_text()
    assert "The game is over." in text and "The pot is empty, so the session ends." in text
    for p, name in enumerate(table.names):
        assert f"{name}: " in text and f"{table.match.sheet.standing(p)} in all" in text
    check_against_cpython(widget, table)
    # Undo takes South's last play back, and the session is open again.
    n = responses(widget)
    widget.locator('button[data-do="undo"]').first.click()
    settle(widget, n + 1)
    assert turn(widget) == "south" and not read_game_text("vira", game_of(widget)).match.over
