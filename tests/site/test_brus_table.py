"""Brus against the computer in Chromium: whole deals played through the table's controls.

The page's game is read back from its "game" field with CPython's
``read_game_text``, so the sheet, the log and the hands the page shows are
compared with the engine's own answer for the same game.  Console errors and
failed requests fail every test (conftest's context_factory).
"""

from __future__ import annotations

import re
from typing import Any

from sitekit import SiteServer
from test_match_table import check_against_cpython, cpython_html, log_entries, open_table, play_south
from test_table import at_quick_pace, game_of, responses, settle, turn

from stytvolt.brus.cards import CLUB_KING, power
from stytvolt.web.table import SOUTH, computer_seed, new_table, read_game_text

PATH = "brus/table/"


def test_a_whole_deal_of_brus_through_the_page(context_factory: Any, server: SiteServer) -> None:
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server, PATH)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    start = read_game_text("brus", game_of(widget))
    assert start.players == 4 and len(start.match.hands) == 1
    assert turn(widget) == "south"  # the dealer sits on South's right: South comes to the lead first
    # Cards are named with their role for a screen reader; a card that cannot be led says why when pressed.
    labels = widget.locator(".sv-output .sv-your-hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))")
    assert labels and all(re.match(r"(Play )?[♥♠♦♣](?:10|[6-9JQKA]), \w+ of \w+, .*(matador|live card|seven|dud)", str(label))
                          for label in labels), labels
    refused = widget.locator('.sv-output .sv-your-hand button[aria-disabled="true"]')
    if refused.count():
        reason = str(refused.first.get_attribute("data-refusal"))
        refused.first.focus()  # Playwright will not click an aria-disabled button; a keyboard user presses it
        page.keyboard.press("Enter")
        page.wait_for_function("([w, r]) => w.querySelector('.sv-status').textContent.includes(r)",
                               arg=[widget.element_handle(), reason])
        assert "never" in reason  # a dud or a seven is never played
    moves = play_south(widget, most=20)
    table = read_game_text("brus", game_of(widget))
    assert table.match.hands[0].is_terminal()
    assert sum(1 for seat, _ in table.moves[0] if seat == SOUTH) == moves
    assert "The deal is over" in widget.locator(".sv-output .sv-table-end").inner_text()
    check_against_cpython(widget, table)
    n = responses(widget)
    widget.locator('.sv-output button[data-do="next"]').click()
    settle(widget, n + 1)
    assert len(read_game_text("brus", game_of(widget)).match.hands) == 2
    old = widget.locator('.sv-output details.sv-log-old[data-hand="0"]')
    # Folded under what it scored: the words of its line on the sheet, as CPython writes them for this game.
    later = read_game_text("brus", game_of(widget))
    line = next(x for x in later.match.sheet_lines() if x.hand == 1)
    assert old.locator("summary").inner_text() == "Deal 1: " + " ".join(later.words.say(r) for r in line.note)
    old.locator("summary").click()
    page.wait_for_function("d => d.querySelector('.sv-log-slot li')", arg=old.element_handle())
    assert old.locator(".sv-log-slot li").first.inner_text().strip() == log_entries(cpython_html("brus", table.text()))[0]


def _club_king_game() -> tuple[str, str]:
    """A six-player game whose second or later deal ends with ♣K deciding, South pressing the first button each time:
    the game's text up to South's last action in that deal (left for the page to play), and the whole deal's."""
    for seed in range(60):
        table = new_table("brus", "6", "simple", seed)
        while not table.match.over:
            state = table.hand
            if state.is_terminal():
                if state.club_king_shown() and any(seat == SOUTH for seat, _ in table.moves[-1]):
                    parts = table.text().split(".")
                    k = max(k for k, (seat, _) in enumerate(table.moves[-1]) if seat == SOUTH)
                    cut = ".".join(parts[:-1] + [parts[-1][:k]])
                    return cut, table.text()
                table.deal()
                continue
            seat = state.current_player()
            if seat == SOUTH:
                action = max(state.legal_actions(), key=lambda a: power(a.card) if a.card is not None else -1)
            else:
                bot = table.kind.bot(table.level, computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1])))
                action = bot.choose(state.observation(seat))
            table.apply(action)
    raise AssertionError("♣K decided no deal in 60 six-player games")


def test_six_players_and_club_king_deciding_a_deal(context_factory: Any, server: SiteServer) -> None:
    cut, whole = _club_king_game()
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server, f"{PATH}?w=table&game={cut}#table")
    assert game_of(widget) == cut and turn(widget) == "south"
    play_south(widget, most=20)
    assert game_of(widget) == whole  # the page played on exactly as CPython did
    table = read_game_text("brus", whole)
    holder = next(s for s, cards in enumerate(table.dealt[-1]) if CLUB_KING in cards)
    text = widget.locator(".sv-output").inner_text()
    assert f"{table.names[holder]} shows ♣K: with a side at five tricks, it decides the deal." in text
    heads = widget.locator(".sv-output table.sv-sheet thead th").all_inner_texts()
    assert heads[1:3] == ["You, North-west and North-east", "South-west, North and South-east"]
    check_against_cpython(widget, table)
    # A new game at six, chosen in the settings.
    widget.locator("details.sv-table-settings summary").click()
    widget.locator('select[name="setup"]').select_option("6")
    n = responses(widget)
    widget.locator('details.sv-table-settings button[data-do="new"]').click()
    settle(widget, n + 1)
    fresh = read_game_text("brus", game_of(widget))
    assert fresh.players == 6 and len(fresh.match.hands) == 1 and fresh.setup == "6"
