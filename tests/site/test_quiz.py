"""The quiz in Chromium: questions drawn by Pyodide, verdicts at once, misses coming back, permalinks, sessions.

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


# Every text a live region receives (a screen reader's polite and assertive announcements), with the question on
# the page and whether it was answered yet: installed before the page's own scripts run.
LIVE_REGIONS = """() => {
  window.__spoken = [];
  new MutationObserver(() => {
    for (const region of document.querySelectorAll('[aria-live], [role=status], [role=alert]')) {
      const text = region.textContent.replace(/\\s+/g, ' ').trim();
      if (!text || region.__said === text) continue;
      region.__said = text;
      const q = document.querySelector('.sv-quiz-q');
      window.__spoken.push({text, key: q ? q.dataset.key : '', answered: Boolean(q && q.dataset.verdict)});
    }
  }).observe(document, {subtree: true, childList: true, characterData: true});
}"""


def assert_no_answer_said_early(page: Any) -> None:
    """No live region said a question's answer before the reader answered it (defect: "Answer: ♦2" at every draw)."""
    early = [s for s in page.evaluate("window.__spoken") if s["key"] and not s["answered"]]
    for said in early:
        q = learn.parse_key(said["key"])
        assert "Answer" not in said["text"] and q.correct.label not in said["text"], said
    assert any(said["text"].startswith("New question.") for said in early), f"no new question was announced: {early}"


def answer_right(widget: Any) -> learn.Question:
    q = learn.parse_key(shown_key(widget))
    assert_is(widget, q)
    click_choice(widget, q.answer)
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "right"
    return q


def test_a_missed_question_comes_back_for_review_at_the_level_chosen(page: Any, server: SiteServer) -> None:
    """A practise session: a miss, its review (labelled, the Level box left as chosen), the ten-question summary and
    "Practise my misses"; no live region says an answer before it is given."""
    page.add_init_script(script=f"({LIVE_REGIONS})()")
    missed = learn.question("styrivolt", "trick-winner", 1, 4242)
    widget = practise(page, server, "?game=styrivolt&kind=trick-winner&level=1&seed=4242")
    wait_key(widget, missed.key)
    assert_is(widget, missed)
    assert_no_answer_said_early(page)
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
    assert saved["records"] == {"styrivolt/trick-winner/1": [0, 1]} and saved["streak"] == 0
    # The reader moves up to Hard (the box asks at once) and answers two right...
    level = widget.locator('select[name="level"]')
    n = answers(widget)
    level.select_option("3")
    wait_answer(widget, n)
    settle(widget)
    for step in range(2):
        if step:
            next_question(widget)
        q = answer_right(widget)
        assert q.level == 3 and q.key != missed.key
        assert widget.locator(".sv-quiz-verdict").inner_text().startswith("✓ Right")
        assert widget.locator(".sv-quiz-q").get_attribute("data-review") is None
    assert store(page)["streak"] == 2
    assert "Streak 2 (best 2)" in widget.locator(".sv-quiz-score").inner_text()
    # ...and the missed Easy one is back, labelled "Review", while the Level box stays at Hard.
    next_question(widget)
    assert shown_key(widget) == missed.key
    assert level.input_value() == "3"
    assert widget.locator(".sv-quiz-q").get_attribute("data-review") == "yes"
    assert widget.locator(".sv-quiz-meta").inner_text().startswith("Review · ")
    answer_right(widget)
    assert store(page)["review"] == [{"key": missed.key, "box": 1, "due": 4 + 5}]
    assert level.input_value() == "3"
    next_question(widget)
    assert learn.parse_key(shown_key(widget)).level == 3  # the next fresh question is at the level chosen
    # A chalk-up question missed: its verdict ends its answer's sentence once ("…chalk-up. It will come back").
    n = answers(widget)
    widget.locator('select[name="kind"]').select_option("chalk-after")
    wait_answer(widget, n)
    settle(widget)
    chalk = learn.parse_key(shown_key(widget))
    assert chalk.kind == "chalk-after"
    click_choice(widget, next(c.id for c in chalk.choices if c.id != chalk.answer))
    verdict = widget.locator(".sv-quiz-verdict").inner_text()
    assert ".." not in verdict and verdict.endswith("It will come back for review."), verdict
    # Five more, right: the tenth answer sums the session up, with the lessons to read for the kinds missed.
    for _ in range(5):
        next_question(widget)
        answer_right(widget)
    summary = widget.locator(".sv-quiz-summary")
    assert summary.locator("strong").inner_text() == "Your last ten questions: 8 right, 2 missed."
    assert "the summary is below" in widget.locator(".sv-quiz-verdict").inner_text()
    links = summary.locator("a").evaluate_all("as => as.map(a => [a.textContent, a.href])")
    assert links == [["Playing a hand", f"{server.url}play/"], ["Scoring", f"{server.url}scoring/"]], links
    assert "(for Who wins the trick?)" in summary.inner_text() and "(for Chalk it up)" in summary.inner_text()
    # Any kind again: the first miss is due, and comes back (the box asks at once).
    n = answers(widget)
    widget.locator('select[name="kind"]').select_option("")
    wait_answer(widget, n)
    settle(widget)
    assert shown_key(widget) == missed.key and widget.locator(".sv-quiz-q").get_attribute("data-review") == "yes"
    # "Practise my misses" asks the other one waiting, the chalk-up, although it is not due yet.
    saved = store(page)
    assert {item["key"]: item["due"] > saved["answered"] for item in saved["review"]} == {missed.key: False, chalk.key: True}
    widget.get_by_label("Practise my misses").check()
    next_question(widget)
    assert shown_key(widget) == chalk.key
    assert widget.locator(".sv-quiz-q").get_attribute("data-review") == "yes"
    assert_no_answer_said_early(page)


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
        if kind == "chalk-after":
            # The choices are drawn as chalk-ups, two to a row, each inside the page and named by its words.
            q = learn.question("styrivolt", kind, int(level), int(seed))
            drawn = widget.locator(".sv-quiz-q .sv-choice-chalk").evaluate_all(
                "bs => bs.map(b => { const r = b.getBoundingClientRect(), s = b.querySelector('svg').getBoundingClientRect();"
                " return {id: b.dataset.choice, label: b.getAttribute('aria-label'), left: r.left, right: r.right,"
                " top: Math.round(r.top), svg: s.width, hidden: b.querySelector('svg').getAttribute('aria-hidden')}; })")
            assert [(d["id"], d["label"]) for d in drawn] == [(c.id, c.text) for c in q.choices]
            assert all(d["left"] >= 0 and d["right"] <= 375 and d["svg"] >= 120 and d["hidden"] == "true" for d in drawn), drawn
            assert drawn[0]["top"] == drawn[1]["top"], drawn  # two side by side
            before = widget.locator(".sv-quiz-q .sv-chalk-before svg")
            assert before.get_attribute("role") == "img" and q.context.endswith(before.get_attribute("aria-label") or "-")
            assert not widget.locator(".sv-quiz-explain").is_visible()  # the answer waits for an answer
