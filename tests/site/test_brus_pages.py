"""Brus's pages in Chromium: each widget used through its controls, its answer computed by Pyodide and compared
with CPython's, and the quiz answered.

What each answer must say is worked out by hand from docs/brus/*.md: the last card played wins, a card that does
not beat the highest so far is refused, only Brus ♥K beats ♣9 in the example hand, a lurch scores 2 strokes and
five each with ♣K scores 1 for the side holding it; the six-player worked deal (seed 109) ends five each with
Bo showing ♣K.
"""

from __future__ import annotations

from typing import Any

import pytest
from sitekit import SiteServer
from test_quiz import SEATS, assert_is, click_choice, next_question, shown_key, wait_key
from test_site import answers, assert_matches_cpython, wait_answer, wait_ready

from stytvolt import learn


def widget_on(page: Any, server: SiteServer, path: str, kind: str) -> Any:
    page.goto(server.url + path)
    wait_ready(page)
    widget = page.locator(f'.sv-widget[data-widget="{kind}"][data-game="brus"]').first
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


def test_the_trick_explainer_explains_refusals_and_the_next_players_choices(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "brus/play/", "trick")
    form = widget.locator("form")
    form.locator('input[name="plays"]').fill("D6 pass CA SJ")
    form.locator('input[name="hand"]').fill("")
    press(widget, "Explain the trick")
    assert_matches_cpython(widget)
    said = output(widget)
    # ♠J is below ♣A (aces rank above jacks): David's play is refused, with the rule.
    assert "Refused: play 4, ♠J (David)" in said and "♠J does not beat ♣A" in said
    form.locator('input[name="plays"]').fill("S9 C9")
    form.locator('input[name="hand"]').fill("HA SA D7 CK HK")
    press(widget, "Explain the trick")
    assert_matches_cpython(widget)
    choices = widget.locator(".sv-output li[data-card]").evaluate_all(
        "ls => ls.map(l => [l.dataset.card, l.dataset.code])")
    # Only Brus ♥K beats ♣9; the aces are too low, ♦7 is a seven, ♣K a dud, and Cecilia may not pass.
    assert sorted(choices) == sorted([["HK", "may"], ["SA", "too-low"], ["HA", "too-low"], ["D7", "seven-not-played"],
                                      ["CK", "dud-not-played"], ["pass", "must-beat"]])
    form.locator('select[name="players"]').select_option("6")
    form.locator('input[name="plays"]').fill("D6 pass pass pass CA pass")
    form.locator('input[name="hand"]').fill("")
    press(widget, "Explain the trick")
    assert_matches_cpython(widget)
    assert "played by Eva: a trick for Anna, Cecilia and Eva" in output(widget)


def test_the_calculator_scores_deals_onto_the_stroke_sheet(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "brus/scoring/", "calculator")
    form = widget.locator("form")

    def last_row() -> list[str]:
        cells = widget.locator(".sv-output table.sv-sheet tbody tr").last.locator("td").all_inner_texts()
        return [c.split("(")[0].strip() for c in cells[:-1]]

    form.locator('input[name="tricks_a"]').fill("6")
    form.locator('input[name="tricks_b"]').fill("0")
    press(widget, "Add to the sheet")
    assert_matches_cpython(widget)
    # Six to none: the lurch, 2 strokes for Anna's side.
    assert "Anna and Cecilia score 2 strokes" in output(widget) and last_row() == ["2", "0"]
    form.locator('input[name="tricks_a"]').fill("5")
    form.locator('input[name="tricks_b"]').fill("5")
    form.locator('select[name="club_king"]').select_option("B")
    press(widget, "Add to the sheet")
    assert_matches_cpython(widget)
    # Five each, ♣K with Bo's side: 1 stroke for Bo and David.
    assert "Bo and David score 1 stroke" in output(widget) and last_row() == ["2", "1"]
    press(widget, "Undo the last deal")
    assert_matches_cpython(widget)
    assert last_row() == ["2", "0"]


def test_the_worked_deal_is_dealt_and_stepped_to_its_score(page: Any, server: SiteServer) -> None:
    widget = widget_on(page, server, "brus/play/", "hand")
    form = widget.locator("form")
    form.locator('select[name="players"]').select_option("6")
    form.locator('input[name="seed"]').fill("109")
    press(widget, "Show")
    assert_matches_cpython(widget)
    stepper = widget.locator(".sv-stepper")
    page.wait_for_function("s => s.hasAttribute('data-sv-stepper')", arg=stepper.element_handle())
    stepper.focus()
    page.keyboard.press("End")
    last = stepper.locator(".sv-steps > li:not([hidden])")
    assert last.get_attribute("data-title") == "The score"
    said = " ".join(last.inner_text().split())
    assert "Bo shows ♣K, which decides this deal." in said
    assert "Bo, David and Fredrik have five and hold ♣K: 1 stroke." in said


@pytest.mark.parametrize("kind, level, seed", [
    ("trick-winner", 3, 4242),
    ("legal-plays", 3, 99),
    ("deal-score", 3, 17),
])
def test_a_brus_quiz_question_is_answered_and_explained(page: Any, server: SiteServer, kind: str, level: int,
                                                         seed: int) -> None:
    q = learn.question("brus", kind, level, seed)
    page.goto(f"{server.url}brus/practise/?game=brus&kind={kind}&level={level}&seed={seed}")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="quiz"][data-game="brus"]').first
    wait_key(widget, q.key)
    assert_is(widget, q)
    click_choice(widget, q.answer)
    box = widget.locator(".sv-quiz-q")
    assert box.get_attribute("data-verdict") == "right"
    shown = box.locator(".sv-reasons li").all_inner_texts()
    assert [" ".join(s.split()) for s in shown] == [" ".join(s.split()) for s in q.explain(seats=SEATS)]
    rule = box.locator("a.sv-rule").get_attribute("href") or ""
    page_name, _, anchor = q.rule.partition("#")
    assert rule.endswith(f"{page_name.removesuffix('.md')}/#{anchor}"), rule
    next_question(widget)
    other = learn.parse_key(shown_key(widget))
    assert other.game == "brus" and other.key != q.key
    assert_is(widget, other)
    click_choice(widget, next(c.id for c in other.choices if c.id != other.answer))
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "wrong"
