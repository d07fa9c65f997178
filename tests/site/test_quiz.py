"""The quiz in Chromium: questions drawn by Pyodide, verdicts at once, misses coming back, permalinks, progress.

Every question the page shows is compared with CPython's
``stytvolt.learn.question`` for the same four values; the answers clicked
are chosen from CPython's question, so a page that drew another question, or
marked a right answer wrong, fails here.
"""

from __future__ import annotations

import json
from typing import Any

from sitekit import SiteServer
from test_site import ANSWER_TIMEOUT, answers, wait_answer, wait_ready

from stytvolt import learn

SEATS = ("South", "West", "North", "East")
STORE = "stytvolt.learn.v1"


def practise(page: Any, server: SiteServer, query: str = "") -> Any:
    page.goto(server.url + "practise/" + query)
    wait_ready(page)
    return page.locator('.sv-widget[data-widget="quiz"]').first


def shown_key(widget: Any) -> str:
    return str(widget.locator(".sv-quiz-q").get_attribute("data-key"))


def wait_key(widget: Any, key: str) -> None:
    widget.page.wait_for_function(
        "([w, k]) => { const q = w.querySelector('.sv-quiz-q'); return q && q.dataset.key === k && w.querySelector('.sv-output[data-source=pyodide]'); }",
        arg=[widget.element_handle(), key], timeout=ANSWER_TIMEOUT,
    )


def assert_is(widget: Any, q: learn.Question) -> None:
    """The page shows this question, as CPython makes it: prompt, choices, answer."""
    box = widget.locator(".sv-quiz-q")
    assert box.get_attribute("data-key") == q.key
    assert box.get_attribute("data-correct") == q.answer
    assert q.prompt in box.locator(".sv-quiz-prompt").inner_text()
    ids = box.locator(".sv-choice").evaluate_all("bs => bs.map(b => b.dataset.choice)")
    assert sorted(ids) == sorted(c.id for c in q.choices)


def click_choice(widget: Any, choice: str) -> None:
    widget.locator(f'.sv-quiz-q .sv-choice[data-choice="{choice}"]').click()


def store(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"localStorage.getItem('{STORE}')") or "{}"))


def settle(widget: Any) -> None:
    """Wait until the newest request of the widget has its answer (changing a select asks at once)."""
    widget.page.wait_for_function("w => !w.hasAttribute('aria-busy')", arg=widget.element_handle(), timeout=ANSWER_TIMEOUT)


def next_question(widget: Any) -> None:
    settle(widget)
    n = answers(widget)
    widget.locator('button[value="next"]').click()
    response = wait_answer(widget, n)
    assert response["ok"], response
    settle(widget)


def test_a_missed_question_is_explained_and_comes_back(page: Any, server: SiteServer) -> None:
    missed = learn.question("styrivolt", "trick-winner", 2, 4242)
    widget = practise(page, server, f"?game=styrivolt&kind=trick-winner&level=2&seed=4242")
    wait_key(widget, missed.key)
    assert_is(widget, missed)
    # Wrong: the verdict says so in words, the right card is marked, the engine's explanation opens with the rule's link.
    wrong = next(c.id for c in missed.choices if c.id != missed.answer)
    click_choice(widget, wrong)
    box = widget.locator(".sv-quiz-q")
    assert box.get_attribute("data-verdict") == "wrong"
    assert box.evaluate("q => q.svVerdictMs") < 50
    verdict = box.locator(".sv-quiz-verdict").inner_text()
    assert verdict.startswith("✗ Not this one") and missed.correct.text in verdict
    assert "sv-correct" in (box.locator(f'.sv-choice[data-choice="{missed.answer}"]').get_attribute("class") or "")
    assert box.locator(".sv-quiz-explain").evaluate("d => d.open")
    shown = box.locator(".sv-reasons li").all_inner_texts()
    assert [" ".join(s.split()) for s in shown] == [" ".join(s.split()) for s in missed.explain(seats=SEATS)]
    rule = box.locator("a.sv-rule").get_attribute("href") or ""
    page_name, _, anchor = missed.rule.partition("#")
    assert rule.startswith(server.url) and rule.endswith(f"{page_name.removesuffix('.md')}/#{anchor}"), rule
    # A second click changes nothing (the choices are marked disabled: Playwright must force the click).
    widget.locator(f'.sv-quiz-q .sv-choice[data-choice="{missed.answer}"]').click(force=True)
    assert box.get_attribute("data-verdict") == "wrong"
    saved = store(page)
    assert saved["review"] == [{"key": missed.key, "box": 0, "due": 3}]
    assert saved["records"] == {"styrivolt/trick-winner/2": [0, 1]} and saved["streak"] == 0
    # Two new questions, answered right (the answer CPython gives for the key the page drew)...
    for _ in range(2):
        next_question(widget)
        key = shown_key(widget)
        assert key != missed.key
        q = learn.parse_key(key)
        assert_is(widget, q)
        click_choice(widget, q.answer)
        assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "right"
        assert widget.locator(".sv-quiz-verdict").inner_text().startswith("✓ Right")
    assert store(page)["streak"] == 2
    assert "Streak 2 (best 2)" in widget.locator(".sv-quiz-score").inner_text()
    # ...and the missed one is back; right this time, it waits longer before its next review.
    next_question(widget)
    assert shown_key(widget) == missed.key
    click_choice(widget, missed.answer)
    assert store(page)["review"] == [{"key": missed.key, "box": 1, "due": 4 + 5}]


def test_a_tap_question_by_keyboard(page: Any, server: SiteServer) -> None:
    q = learn.question("styrivolt", "trick-winner", 1, 77)
    widget = practise(page, server, "?game=styrivolt&kind=trick-winner&level=1&seed=77")
    wait_key(widget, q.key)
    cards = widget.locator(".sv-quiz-q .sv-choice-card")
    assert cards.count() == len(q.choices)
    # Each card to tap is a button a screen reader names by the card.
    labels = cards.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert all(label and " of " in label for label in labels)
    target = widget.locator(f'.sv-quiz-q .sv-choice[data-choice="{q.answer}"]')
    target.focus()
    page.keyboard.press("Enter")
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "right"
    # Focus moves on to "New question", so Enter again asks the next one.
    assert page.evaluate("document.activeElement.value") == "next"


def test_the_permalink_reopens_the_same_question(page: Any, server: SiteServer) -> None:
    widget = practise(page, server)
    widget.locator('select[name="kind"]').select_option("choose-suits")
    widget.locator('select[name="level"]').select_option("3")
    next_question(widget)
    key = shown_key(widget)
    q = learn.parse_key(key)
    assert (q.kind, q.level) == ("choose-suits", 3)
    link = widget.locator("a.sv-quiz-link").get_attribute("href") or ""
    assert link == f"{server.url}practise/?game=styrivolt&kind=choose-suits&level=3&seed={q.seed}"
    assert page.url == link  # the address bar holds it too
    prompt = widget.locator(".sv-quiz-prompt").inner_text()
    page.goto(server.url)
    page.goto(link)
    wait_ready(page)
    again = page.locator('.sv-widget[data-widget="quiz"]').first
    wait_key(again, key)
    assert_is(again, q)
    assert again.locator(".sv-quiz-prompt").inner_text() == prompt


def test_progress_page_and_clearing(page: Any, server: SiteServer) -> None:
    q = learn.question("styrivolt", "lead-legal", 1, 9)
    widget = practise(page, server, "?game=styrivolt&kind=lead-legal&level=1&seed=9")
    wait_key(widget, q.key)
    click_choice(widget, next(c.id for c in q.choices if c.id != q.answer))
    page.goto(server.url + "progress/")
    ours = page.locator('table.sv-progress[data-game="styrivolt"]')
    assert page.locator("table.sv-progress").evaluate_all("ts => ts.map(t => t.dataset.game)") == [
        "styrivolt", "sjavs", "klorsjavs", "knorri", "brus", "vira"]
    cell = ours.locator('tr[data-kind="lead-legal"] td[data-level="1"]')
    page.wait_for_function("() => document.querySelector('.sv-progress-summary')")
    assert cell.locator(".sv-record").inner_text() == "0 of 1 right"
    assert "1 waiting for review" in page.locator(".sv-progress-summary").inner_text()
    assert ours.locator('tr[data-kind="trick-winner"] td[data-level="1"] .sv-record').inner_text() == "not tried"
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".sv-progress-summary button").click()
    assert page.evaluate(f"localStorage.getItem('{STORE}')") is None
    assert cell.locator(".sv-record").inner_text() == "not tried"
    # Each cell leads to a fresh question of its kind and level.
    cell.locator("a").click()
    widget = page.locator('.sv-widget[data-widget="quiz"]').first
    page.wait_for_function("() => document.querySelector('.sv-quiz-q') && document.querySelector('.sv-output[data-source=pyodide]')", timeout=ANSWER_TIMEOUT)
    assert widget.locator(".sv-quiz-q").get_attribute("data-kind") == "lead-legal"
    assert widget.locator(".sv-quiz-q").get_attribute("data-level") == "1"


def test_a_learn_page_ends_with_questions_on_its_rules(page: Any, server: SiteServer) -> None:
    page.goto(server.url + "play/")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="quiz"]').first
    assert widget.locator(".sv-quiz-meta").inner_text().startswith("Question 1 of 3")
    kinds = set()
    for number in (2, 3, 1):
        next_question(widget)
        box = widget.locator(".sv-quiz-q")
        assert widget.locator(".sv-quiz-meta").inner_text().startswith(f"Question {number} of 3")
        kinds.add(box.get_attribute("data-kind"))
        q = learn.parse_key(str(box.get_attribute("data-key")))
        assert_is(widget, q)
        if number == 2:
            click_choice(widget, q.answer)
        elif number == 3:
            click_choice(widget, next(c.id for c in q.choices if c.id != q.answer))
            assert "That makes 1 of 3 right in this round" in widget.locator(".sv-quiz-verdict").inner_text()
    assert kinds <= {"trick-winner", "lead-legal"}
    # The page's own address is left alone: only the practise page keeps a question in it.
    assert "seed=" not in page.url


def test_narrow_screen_quiz(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory(viewport={"width": 375, "height": 800})
    pg = context.new_page()
    for key in ("choose-suits/3/5", "trick-winner/3/5", "chalk-after/3/5", "hand-result/3/5"):
        kind, level, seed = key.split("/")
        pg.goto(f"{server.url}practise/?game=styrivolt&kind={kind}&level={level}&seed={seed}")
        wait_ready(pg)
        widget = pg.locator('.sv-widget[data-widget="quiz"]').first
        wait_key(widget, f"styrivolt/{key}")
        wide = pg.evaluate("document.documentElement.scrollWidth")
        assert wide <= 375, f"{key}: the page scrolls sideways ({wide} px)"
