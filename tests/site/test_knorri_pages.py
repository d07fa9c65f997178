"""Knorri's pages in Chromium: each widget used through its controls, its answer computed by Pyodide and compared
with CPython's, and the quiz answered.

What each answer must say is worked out by hand from docs/knorri/*.md: hard clubs keep a diamond off a club and
soft clubs let a heart on; a turned ♦7 with ♦3 on the table must take ♦3, and with no lower diamond a spade or a
heart but never ♣2; in the source's example C, holding ♦5 ♠8, cannot beat ♣J and picks up ♣7; A, holding ♥5 ♦2
against ♥9 ♠3, is safe only by leading the trump (♥9 and ♠3 cannot beat it, B picks it up, A goes out with ♥5).
"""

from __future__ import annotations

from typing import Any

import pytest
from sitekit import SiteServer
from test_quiz import assert_is, click_choice, next_question, shown_key, wait_key
from test_site import answers, assert_matches_cpython, wait_answer, wait_ready

from stytvolt import learn


def widget_on(page: Any, server: SiteServer, path: str, kind: str) -> Any:
    page.goto(server.url + path)
    wait_ready(page)
    widget = page.locator(f'.sv-widget[data-widget="{kind}"][data-game="knorri"]').first
    widget.scroll_into_view_if_needed()
    return widget


def press(widget: Any, name: str) -> dict[str, Any]:
    n = answers(widget)
    widget.get_by_role("button", name=name, exact=True).click()
    response = wait_answer(widget, n)
    assert response["ok"], response
    return response


def output(widget: Any) -> str:
    return " ".join(widget.locator(".sv-output").inner_text().split())


def test_may_it_beat_with_hard_and_soft_clubs(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "knorri/beating/", "beat")
    form = widget.locator("form")
    form.locator('input[name="top"]').fill("C3")
    form.locator('input[name="card"]').fill("DA")
    form.locator('select[name="soft"]').select_option("no")
    press(widget, "May it beat?")
    assert_matches_cpython(widget)
    assert "No: ♦A cannot beat ♣3" in output(widget) and "clubs are hard" in output(widget)
    form.locator('input[name="card"]').fill("H4")
    form.locator('select[name="soft"]').select_option("yes")
    press(widget, "May it beat?")
    assert_matches_cpython(widget)
    assert "Yes: ♥4 beats ♣3" in output(widget)


def test_the_take_explainer_says_what_must_be_taken_and_why(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "knorri/phase-one/", "take")
    form = widget.locator("form")
    form.locator('input[name="turned"]').fill("D7")
    form.locator('input[name="table"]').fill("S4 HK D9 C2 D3")
    press(widget, "What must it take?")
    assert_matches_cpython(widget)
    assert "♦7 must take ♦3" in output(widget)
    form.locator('input[name="table"]').fill("S4 HK D9 C2")
    press(widget, "What must it take?")
    assert_matches_cpython(widget)
    rows = widget.locator(".sv-output li[data-card]").evaluate_all("ls => ls.map(l => [l.dataset.card, l.dataset.code])")
    assert sorted(rows) == sorted([["S4", "may"], ["HK", "may"], ["D9", "not-lower"], ["C2", "diamond-not-club"]])


def test_the_sources_example_is_stepped_card_by_card(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "knorri/phase-two/", "hand")
    press(widget, "Show")
    assert_matches_cpython(widget)
    stepper = widget.locator(".sv-stepper")
    page.wait_for_function("s => s.hasAttribute('data-sv-stepper')", arg=stepper.element_handle())
    stepper.focus()
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    shown = stepper.locator(".sv-steps > li:not([hidden])")
    assert shown.get_attribute("data-title") == "7. C picks up"
    assert "C picks up the bottom card of the trick, ♣7." in " ".join(shown.inner_text().split())
    page.keyboard.press("End")
    assert "is the hörri and loses" in " ".join(stepper.locator(".sv-steps > li:not([hidden])").inner_text().split())


def test_can_i_still_avoid_losing(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "knorri/phase-two/", "avoid")
    form = widget.locator("form")
    form.locator('input[name="hands"]').fill("H5 D2 / H9 S3 / ")
    form.locator('input[name="leader"]').fill("A")
    form.locator('input[name="seat"]').fill("")
    press(widget, "Can I still avoid losing?")
    assert_matches_cpython(widget)
    moves = widget.locator(".sv-output li[data-move]").evaluate_all(
        "ls => ls.map(l => [l.dataset.move, l.dataset.code])")
    assert sorted(moves) == [["play D2", "safe"], ["play H5", "unsafe"]]
    assert "Yes: A can make sure of not losing" in output(widget)


@pytest.mark.parametrize("kind, level, seed", [
    ("may-beat", 3, 4242),
    ("must-take", 2, 99),
    ("opening", 3, 17),
])
def test_a_knorri_quiz_question_is_answered_and_explained(page: Any, server: SiteServer, kind: str, level: int,
                                                           seed: int) -> None:
    q = learn.question("knorri", kind, level, seed)
    page.goto(f"{server.url}knorri/practise/?game=knorri&kind={kind}&level={level}&seed={seed}")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="quiz"][data-game="knorri"]').first
    wait_key(widget, q.key)
    assert_is(widget, q)
    click_choice(widget, q.answer)
    box = widget.locator(".sv-quiz-q")
    assert box.get_attribute("data-verdict") == "right"
    shown = box.locator(".sv-reasons li").all_inner_texts()
    assert [" ".join(s.split()) for s in shown] == [" ".join(s.split()) for s in q.explain()]
    rule = box.locator("a.sv-rule").get_attribute("href") or ""
    page_name, _, anchor = q.rule.partition("#")
    assert rule.endswith(f"{page_name.removesuffix('.md')}/#{anchor}"), rule
    next_question(widget)
    other = learn.parse_key(shown_key(widget))
    assert other.game == "knorri" and other.key != q.key
    assert_is(widget, other)
    click_choice(widget, next(c.id for c in other.choices if c.id != other.answer))
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "wrong"
