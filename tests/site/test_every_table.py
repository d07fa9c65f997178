"""The one table in Chromium, with a game whose settings offer rule switches (Sjavs): the settings panel deals a game with the rule
switches chosen, and "Why?" on a computer move shows the expert's reason, as CPython gives it for the same game."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from sitekit import SiteServer
from test_match_table import open_table, south_moves
from test_site import ANSWER_TIMEOUT
from test_table import at_quick_pace, game_of, settle, turn

from stytvolt.web import handle
from stytvolt.web.table import read_game_text


def test_the_settings_deal_with_the_rules_chosen_and_why_gives_the_experts_reason(
        context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = at_quick_pace(context).new_page()
    widget = open_table(page, server, "sjavs/table/")
    widget.locator("summary", has_text="Settings for a new game").click()
    rules = widget.locator("fieldset.sv-table-rules")
    assert rules.locator("legend").inner_text() == "Rule variations"
    box = widget.get_by_role("checkbox", name="Clubs trumps: 61–89 card points score 5")
    assert box.get_attribute("aria-describedby")
    widget.locator('input[name="level"][value="expert"]').check()
    box.focus()
    page.keyboard.press("Space")  # by keyboard
    assert box.is_checked()
    widget.get_by_role("button", name="Start a new game with these settings").click()
    page.wait_for_function("w => w.querySelector('input[name=game]').value.includes('.expert.4_clubs-61-89-five.')",
                           arg=widget.element_handle(), timeout=ANSWER_TIMEOUT)
    settle(widget)
    table = read_game_text("sjavs", game_of(widget))
    assert table.level == "expert" and table.match.rules.clubs_61_89_five
    # South plays on until a computer card play offers "Why?" (the expert explains its card play).
    for _ in range(60):
        if widget.locator('.sv-output .sv-why[data-do="why"]').count():
            break
        if turn(widget) == "next":
            widget.locator('.sv-output button[data-do="next"]').click()
            settle(widget)
        else:
            assert turn(widget) == "south"
            south_moves(widget, keyboard=False)
    why = widget.locator('.sv-output .sv-why[data-do="why"]').last
    move = str(why.get_attribute("data-move"))
    assert str(why.get_attribute("aria-label")).startswith("Why did ")
    text = game_of(widget)
    why.focus()
    page.keyboard.press("Enter")
    said = widget.locator(f'.sv-output .sv-why[data-do="why"][data-move="{move}"] + .sv-why-text .sv-why-said')
    said.wait_for(timeout=ANSWER_TIMEOUT * 3)
    expected = handle({"game": "sjavs", "widget": "table", "params": {"do": "why", "move": move, "game": text}})
    assert expected["ok"]
    assert said.inner_text().strip() == unescape(re.sub(r"<[^>]+>", "", expected["html"])).strip()
    assert "reasoning" in said.inner_text()


def test_a_game_without_rule_switches_shows_no_empty_panel(page: Any, server: SiteServer) -> None:
    widget = open_table(page, server, "klorsjavs/table/")
    widget.locator("summary", has_text="Settings for a new game").click()
    assert widget.locator("fieldset.sv-table-rules").count() == 0
    assert widget.locator('.sv-table-settings input[name="level"]').count() == 3  # beginner, club, expert


def test_why_at_vira_shows_the_beginners_rule_of_thumb(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory()
    page = at_quick_pace(context).new_page()
    widget = open_table(page, server, "vira/table/")
    for _ in range(20):
        if widget.locator(".sv-output .sv-why[data-do=\"why\"]").count() or turn(widget) != "south":
            break
        south_moves(widget, keyboard=False)
    why = widget.locator(".sv-output .sv-why[data-do=\"why\"]").first
    move = str(why.get_attribute("data-move"))
    text = game_of(widget)
    why.click()
    said = widget.locator(f'.sv-output .sv-why[data-do="why"][data-move="{move}"] + .sv-why-text .sv-why-said')
    said.wait_for(timeout=ANSWER_TIMEOUT)
    expected = handle({"game": "vira", "widget": "table", "params": {"do": "why", "move": move, "game": text}})
    assert expected["ok"]
    assert said.inner_text().strip() == unescape(re.sub(r"<[^>]+>", "", expected["html"])).strip()
