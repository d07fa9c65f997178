"""Vira's pages in Chromium: each widget used through its controls, its answer computed by Pyodide and compared
with CPython's, a worked hand stepped, and a permalinked quiz question answered.

Each request the page sent (``svLastRequest``) is answered again here by CPython's ``stytvolt.web.handle``; the
page's answer must be the same HTML, and its words the ones worked by hand in tests/vira/test_web_vira.py.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from sitekit import SiteServer
from test_quiz import SEATS, assert_is, click_choice, next_question, shown_key, wait_key
from test_site import COMPARE_JS, answers, last_request, wait_answer, wait_ready

from stytvolt import learn
from stytvolt.web import handle


def widget_on(page: Any, server: SiteServer, path: str, name: str) -> Any:
    page.goto(server.url + path)
    wait_ready(page)
    widget = page.locator(f'.sv-widget[data-widget="{name}"][data-game="vira"]').first
    widget.scroll_into_view_if_needed()
    page.wait_for_function("w => !w.querySelector('fieldset[disabled]')", arg=widget.element_handle(), timeout=60_000)
    return widget


def press(widget: Any, button: str) -> dict[str, Any]:
    n = answers(widget)
    widget.get_by_role("button", name=button, exact=True).click()
    response = wait_answer(widget, n)
    assert response["ok"], response
    return response


def same_as_cpython(widget: Any) -> dict[str, Any]:
    """The page's last answer, checked to be Pyodide's and the same as CPython's for the request the page sent."""
    request = last_request(widget)
    assert request["game"] == "vira"
    expected = handle(request)
    assert expected["ok"], expected
    seen = dict(widget.evaluate(COMPARE_JS, expected["html"]))
    assert seen["source"] == "pyodide", seen
    assert seen["same"], (seen["page"], seen["cpython"])
    return seen


def test_the_overcall_checker_through_its_controls(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "vira/auction/", "overcall")
    form = widget.locator("form")
    form.locator('input[name="current"]').fill("Solo 7")
    form.locator('select[name="current_class"]').select_option("colour")
    form.locator('input[name="bid"]').fill("Solo 7")
    form.locator('select[name="bid_class"]').select_option("off")
    press(widget, "Which bid stands?")
    seen = same_as_cpython(widget)
    # Plain Solo 7 is a lower class than Solo 7 in colour: it does not overcall.
    assert seen["answers"][0] == ["Solo 7 does not overcall Solo 7 in colour: Solo 7 in colour stands."]
    form.locator('select[name="bid_class"]').select_option("colour")
    form.locator('select[name="elder"]').select_option("yes")
    press(widget, "Which bid stands?")
    seen = same_as_cpython(widget)
    # The same bid, by an elder player: a hold.
    assert seen["answers"][0] == ["Solo 7 in colour holds Solo 7 in colour: Solo 7 in colour stands."]


def test_the_contract_explainer_through_its_controls(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "vira/contracts/", "contract")
    form = widget.locator("form")
    form.locator('input[name="name"]').fill("Vingel 7")
    form.locator('input[name="tricks"]').fill("5")
    form.locator('select[name="trumps"]').select_option("colour")
    press(widget, "Explain")
    seen = same_as_cpython(widget)
    # Vingel 7 with 5 tricks: two short, kodille; 1 point at the colour rate; 4 chips on the house table.
    texts = seen["answers"][0]
    assert texts[0] == "Vingel 7 with 5 tricks: kodille (kodilj)."
    assert texts[1] == "Each opponent is paid 1 point at the colour rate."
    assert texts[2].startswith("On the house chip table the player pays 4 chips into the pool")
    form.locator('input[name="name"]').fill("Köpmisär på 2")
    form.locator('input[name="tricks"]').fill("1")
    press(widget, "Explain")
    assert same_as_cpython(widget)["answers"][0][0] == "Misère 2 with 1 trick: lost singly (bet)."


def test_a_worked_hand_dealt_from_a_seed_and_stepped(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "vira/play-and-scoring/", "hand")
    stepper = widget.locator(".sv-stepper").first
    page.wait_for_function("() => document.querySelector('.sv-widget[data-game=vira] .sv-stepper[data-sv-stepper]')")
    stepper.get_by_role("button", name="Forward").click()
    title = stepper.evaluate("s => [...s.querySelectorAll(':scope > .sv-steps > li')].find(li => !li.hidden).dataset.title")
    assert title == "Anne bids Beg"  # seed 33, the page's hand
    widget.locator('[name="seed"]').fill("115")
    n = answers(widget)
    widget.get_by_role("button", name="Show", exact=True).click()
    response = wait_answer(widget, n)
    assert response["ok"] and response["set"]["seed"] == "115", response
    same_as_cpython(widget)
    page.wait_for_function("() => document.querySelector('.sv-widget[data-game=vira] .sv-stepper[data-seed=\"115\"][data-sv-stepper]')")
    stepper = widget.locator(".sv-stepper").first
    stepper.focus()
    page.keyboard.press("End")
    title = stepper.evaluate("s => [...s.querySelectorAll(':scope > .sv-steps > li')].find(li => !li.hidden).dataset.title")
    assert title == "The settlement"
    assert "Anne took 0 of 12 tricks." in stepper.inner_text()


def _shown(stepper: Any) -> tuple[str, str]:
    """The step the stepper shows: its title and its words, spaces folded."""
    step = stepper.locator(":scope > .sv-steps > li:not([hidden])")
    assert step.count() == 1
    return str(step.get_attribute("data-title")), " ".join(step.inner_text().split())


def test_a_chosen_hand_is_stepped_to_its_settlement_by_buttons_and_keys(page: Any, server: SiteServer) -> None:
    """The surrendered turn-up of docs/vira/contracts.md: every step in CPython's order, by the buttons and then the
    keys, ending at the settlement worked by hand in tests/vira/test_web_vira.py."""
    from stytvolt.web import render_figure

    expected = re.findall(r'data-title="([^"]*)"', render_figure("hand", {"hand": "surrender"}, game="vira"))
    assert expected[0] == "The deal" and expected[-1] == "The settlement"
    page.goto(server.url + "vira/contracts/")
    stepper = page.locator('.sv-stepper[data-hand="surrender"]')
    page.wait_for_function("s => s.hasAttribute('data-sv-stepper')", arg=stepper.element_handle())
    stepper.scroll_into_view_if_needed()
    position = stepper.locator(".sv-stepper-pos")
    assert _shown(stepper)[0] == "The deal" and stepper.get_by_role("button", name="Back").is_disabled()
    seen = [_shown(stepper)[0]]
    for k in range(2, len(expected) + 1):
        stepper.get_by_role("button", name="Forward").click()
        seen.append(_shown(stepper)[0])
        assert position.inner_text() == f"Step {k} of {len(expected)}: {seen[-1]}"
    assert seen == [html.unescape(t) for t in expected]
    assert stepper.get_by_role("button", name="Forward").is_disabled()
    title, words = _shown(stepper)
    # Turn-up 8 surrendered with hearts (off-colour) trumps: 1 point to each opponent, 1 chip into the pool.
    assert title == "The settlement" and "Anne 1 0 Bo −2 −1 Carl 1 0" in words and "R77" in words
    # The keys: Home to the deal, ArrowRight to Anne's opening bid, ArrowLeft back, End to the settlement.
    stepper.focus()
    page.keyboard.press("Home")
    assert _shown(stepper)[0] == "The deal"
    page.keyboard.press("ArrowRight")
    title, words = _shown(stepper)
    assert title == "Anne bids Beg" and "eldest may not pass" in words
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert _shown(stepper)[0] == "Anne bids Beg"
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    title, words = _shown(stepper)
    assert title == "Bo surrenders" and "Open to Bo: play, surrender or buy a second try." in words
    page.keyboard.press("End")
    assert _shown(stepper)[0] == "The settlement"
    assert position.inner_text() == f"Step {len(expected)} of {len(expected)}: The settlement"


@pytest.mark.parametrize("kind, level, seed", [("overcalls", 3, 99), ("contract-requires", 2, 17), ("outcome", 3, 5)])
def test_a_vira_quiz_question_is_answered_and_explained(page: Any, server: SiteServer, kind: str, level: int,
                                                        seed: int) -> None:
    q = learn.question("vira", kind, level, seed)
    page.goto(f"{server.url}vira/practise/?game=vira&kind={kind}&level={level}&seed={seed}")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="quiz"][data-game="vira"]').first
    wait_key(widget, q.key)
    assert_is(widget, q)
    click_choice(widget, q.answer)
    box = widget.locator(".sv-quiz-q")
    assert box.get_attribute("data-verdict") == "right"
    shown = box.locator(".sv-reasons li").all_inner_texts()
    assert [" ".join(s.split()) for s in shown] == [" ".join(s.split()) for s in q.explain(seats=SEATS)]
    next_question(widget)
    other = learn.parse_key(shown_key(widget))
    assert other.game == "vira" and other.key != q.key
    assert_is(widget, other)
    click_choice(widget, next(c.id for c in other.choices if c.id != other.answer))
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "wrong"
