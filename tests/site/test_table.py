"""Stýrivolt's table in Chromium: a game against the computer played through its controls, checked against CPython.

The page's game is read back from its "game" field with CPython's
``read_game_text``, so what the page shows (the hand, the chalk-up, a
computer's reason) is compared with the engine's own answer for the same
game.  Console errors and failed requests fail every test (conftest's
context_factory).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from sitekit import SiteServer
from test_site import ANSWER_TIMEOUT, wait_ready

from stytvolt.web import handle
from stytvolt.styrivolt.chalk import chalk_description
from stytvolt.web.table import SOUTH, Table
from stytvolt.web.table import read_game_text as read_any

PATH = "table/"
STORE = "stytvolt:table:/table/#table"


def read_game_text(text: str) -> Table:
    return read_any("styrivolt", text)


def open_table(page: Any, server: SiteServer, query: str = "") -> Any:
    page.goto(server.url + PATH + query)
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="table"]').first
    settle(widget, 1)
    return widget


# The computer's pace, as a reader who chose Quick on an earlier visit has it (the pace is kept in this browser;
# a choice made during the test still wins): a whole hand is played through the page as at Normal, in a
# quarter of the waiting.  test_match_table.py tests the pace itself, Normal by default included.
QUICK_PACE = """() => {
  try { if (!localStorage.getItem("stytvolt:table:pace")) localStorage.setItem("stytvolt:table:pace", "quick"); } catch {}
}"""


def at_quick_pace(context: Any) -> Any:
    """The context's tables play the computer's moves at the Quick pace (see QUICK_PACE)."""
    context.add_init_script(script=f"({QUICK_PACE})()")
    return context


def settle(widget: Any, answers: int = 0) -> None:
    """Wait until the table has shown ``answers`` answers or more and nothing is pending: South to act, or the hand over."""
    widget.page.wait_for_function(
        "([w, n]) => (w.svResponses || 0) >= n && w.hasAttribute('data-sv-idle')",
        arg=[widget.element_handle(), answers], timeout=ANSWER_TIMEOUT * 3,
    )


def game_of(widget: Any) -> str:
    return str(widget.locator('input[name="game"]').input_value())


def turn(widget: Any) -> str:
    return str(widget.locator(".sv-output .sv-table").get_attribute("data-turn"))


def responses(widget: Any) -> int:
    return int(widget.evaluate("w => w.svResponses || 0"))


def first_move(widget: Any) -> Any:
    return widget.locator('.sv-output button[data-do="play"]:not([aria-disabled])').first


def play_south(widget: Any, *, keyboard: bool = False) -> None:
    """South does the first thing offered (a click, or Tab-reached focus and Enter), then the computer answers."""
    n = responses(widget)
    move = first_move(widget)
    if keyboard:
        move.focus()
        widget.page.keyboard.press("Enter")
    else:
        move.click()
    settle(widget, n + 1)


def test_a_whole_hand_against_the_computer_updates_the_chalk_up(context_factory: Any, server: SiteServer) -> None:
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server)
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    start = read_game_text(game_of(widget))
    assert len(start.match.game.hands) == 1 and start.level == "club"
    # The cards are buttons named for a screen reader; the log is not read out on every redraw, a live region is.
    if turn(widget) == "south" and widget.locator('.sv-output button.sv-table-card[data-do="play"]').count():
        label = widget.locator('.sv-output button.sv-table-card[data-do="play"]').first.get_attribute("aria-label")
        assert re.match(r"Play [♥♠♦♣][2-9AJQK], \w+ of \w+", str(label)), label
    assert widget.locator(".sv-output").get_attribute("aria-live") == "off"
    assert widget.locator('.sv-table-announce[aria-live="polite"]').count() == 1
    moves = 0
    while turn(widget) == "south":
        play_south(widget, keyboard=moves % 2 == 1)
        moves += 1
        assert moves < 40
    assert turn(widget) == "next"
    table = read_game_text(game_of(widget))
    hand = table.match.game.hands[0]
    assert hand.is_terminal() and hand.result is not None
    assert sum(1 for p, _ in hand.history if p == SOUTH) == moves
    # The chalk-up on the page is CPython's chalk-up of this game, with this hand's result on it.
    assert len(table.match.game.board.history) == 1
    desc = widget.locator(".sv-table-chalk svg desc").text_content()
    assert desc == chalk_description(table.match.game.board.state)
    assert table.match.game.board.state != read_game_text(".".join(game_of(widget).split(".")[:5])).match.game.board.state
    # All four hands face up; the result in words; the next hand is offered.
    shown = widget.locator(".sv-all-hands").inner_text()
    for p in range(4):
        for card in hand.dealt[p]:
            assert card.symbol in shown
    assert "The hand is over" in widget.locator(".sv-output").inner_text()
    # The log told every action; the announcer said something of it.
    entries = widget.locator(".sv-output .sv-log li[data-key]").count()
    assert entries >= len(hand.history)
    assert widget.locator(".sv-table-announce").text_content()
    n = responses(widget)
    widget.locator('.sv-output button[data-do="next"]').click()
    settle(widget, n + 1)
    table = read_game_text(game_of(widget))
    assert len(table.match.game.hands) == 2 and table.match.game.hands[1].dealer == SOUTH
    assert len(table.match.game.board.history) == 1
    # The first hand's log is folded under its result; opened, it is fetched and told in full.
    folded = widget.locator('.sv-output details.sv-log-old[data-hand="0"]')
    assert "Hand 1: " in folded.locator("summary").inner_text()
    folded.locator("summary").click()
    folded.locator(".sv-log li").first.wait_for(timeout=ANSWER_TIMEOUT)
    assert folded.locator(".sv-log li[data-key]").count() == entries


def test_undo_then_a_reload_restores_the_game(context_factory: Any, server: SiteServer) -> None:
    context = at_quick_pace(context_factory()[0])
    page = context.new_page()
    widget = open_table(page, server)
    assert turn(widget) == "south"
    while True:  # a move of South's that the computer answered: undo takes back both
        asked = game_of(widget)
        play_south(widget)
        played = game_of(widget)
        if len(read_game_text(played).match.game.hands[-1].history) > len(read_game_text(asked).match.game.hands[-1].history) + 1:
            break
    n = responses(widget)
    widget.get_by_role("button", name="Undo", exact=True).click()
    settle(widget, n + 1)
    assert game_of(widget) == asked
    assert turn(widget) == "south"
    html = widget.locator(".sv-output .sv-your-hand").inner_html()
    # Kept in the address and in this browser: a reload shows the same game, and the link reopens it elsewhere.
    query = parse_qs(urlsplit(page.url).query)
    assert query["w"] == ["table"] and query["game"] == [asked]
    assert page.evaluate(f"localStorage.getItem({STORE!r})") == asked
    page.goto(server.url + PATH)  # the address without the game: the browser's storage brings it back
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="table"]').first
    settle(widget, 1)
    assert game_of(widget) == asked
    assert widget.locator(".sv-output .sv-your-hand").inner_html() == html
    link = widget.locator("a.sv-permalink").get_attribute("href")
    other_context = at_quick_pace(context_factory()[0])
    other = other_context.new_page()
    other.goto(str(link))
    wait_ready(other)
    again = other.locator('.sv-widget[data-widget="table"]').first
    settle(again, 1)
    assert game_of(again) == asked


def test_why_shows_the_computers_reason(page: Any, server: SiteServer) -> None:
    widget = open_table(page, server)
    while not widget.locator(".sv-output .sv-why[data-do=\"why\"]").count():
        play_south(widget)
    why = widget.locator(".sv-output .sv-why[data-do=\"why\"]").first
    move = str(why.get_attribute("data-move"))
    assert str(why.get_attribute("aria-label")).startswith("Why did ")
    text = game_of(widget)
    why.click()
    said = widget.locator(f'.sv-output .sv-why[data-do="why"][data-move="{move}"] + .sv-why-text .sv-why-said')
    said.wait_for(timeout=ANSWER_TIMEOUT)
    expected = handle({"game": "styrivolt", "widget": "table", "params": {"do": "why", "move": move, "game": text}})
    assert expected["ok"]
    assert "reasoning" in said.inner_text()
    assert said.inner_text().strip() == re.sub(r"<[^>]+>", "", expected["html"]).replace("&#x27;", "'").strip()
    # The reason stays under its move when the table is drawn again.
    if turn(widget) == "south":
        play_south(widget)
        assert widget.locator(f'.sv-output .sv-why[data-do="why"][data-move="{move}"] + .sv-why-text .sv-why-said').count() == 1


def test_a_new_game_with_settings_cancels_the_computer_and_starts_afresh(page: Any, server: SiteServer) -> None:
    widget = open_table(page, server)
    before = game_of(widget)
    # A card played (not "take the stock", after which South would decide again): the computer players answer ...
    widget.locator('.sv-output button.sv-table-card[data-do="play"]').first.click()
    widget.locator('.sv-output .sv-table[data-turn="computer"]').wait_for(timeout=ANSWER_TIMEOUT)
    widget.locator("summary", has_text="Settings for a new game").click()
    widget.locator('input[name="level"][value="beginner"]').check()
    widget.locator('input[name="compulsory-beating"]').check()
    widget.locator('select[name="scoring"]').select_option("penguin")
    widget.get_by_role("button", name="Start a new game with these settings").click()  # ... and are stopped
    page.wait_for_function("w => w.querySelector('input[name=game]').value.includes('.beginner.')", arg=widget.element_handle(),
                           timeout=ANSWER_TIMEOUT)
    settle(widget)
    text = game_of(widget)
    table = read_game_text(text)
    assert table.level == "beginner" and table.match.rules.compulsory_beating and table.match.rules.scoring.value == "penguin"
    assert text.split(".")[1] != before.split(".")[1]  # a fresh seed
    # Nothing of the old game comes back after a while: its computer move was cancelled, not shown late.
    page.wait_for_timeout(1500)
    assert game_of(widget).startswith(".".join(text.split(".")[:5]))


def test_the_table_fits_a_phone(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory(viewport={"width": 375, "height": 800})
    page = context.new_page()
    widget = open_table(page, server)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = widget.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    if turn(widget) == "south":
        card = first_move(widget).bounding_box()
        assert card is not None and card["width"] >= 40 and card["height"] >= 40  # a finger's size


def test_a_link_from_before_the_one_table_opens_and_is_kept_in_the_new_form(page: Any, server: SiteServer) -> None:
    # A game text the Stýrivolt table wrote before it joined the one table (its first field "1", cards by letter).
    kept = json.loads((Path(__file__).parents[1] / "styrivolt" / "data" / "old_table_texts.json").read_text("utf-8"))
    old = next(o for o in kept if o["turn"] == "south")  # the page waits for South: nothing is played on
    widget = open_table(page, server, "?" + urlencode({"w": "table", "game": old["text"]}))
    now = handle({"game": "styrivolt", "widget": "table", "params": {"do": "show", "game": old["text"]}})
    assert now["ok"] and now["set"]["game"].startswith("t1.")
    assert game_of(widget) == now["set"]["game"]
    assert turn(widget) == old["turn"]
    shown = widget.locator(".sv-output .sv-log li[data-key]")
    assert shown.count() == len(old["log"])
    assert parse_qs(urlsplit(page.url).query)["game"] == [now["set"]["game"]]
