"""Sjavs's and Klørsjavs's quizzes in Chromium: a permalinked question drawn by Pyodide, answered, explained.

Each question the page shows is compared with CPython's
``stytvolt.learn.question`` for the same four values, and the choice clicked
is CPython's answer (then a wrong one on the next question), so a page that
drew another question or judged a choice wrongly fails here.
"""

from __future__ import annotations

from typing import Any

import pytest
from sitekit import SiteServer
from test_quiz import SEATS, assert_is, click_choice, next_question, shown_key, wait_key
from test_site import wait_ready

from stytvolt import learn


@pytest.mark.parametrize("game, kind, level, seed", [
    ("sjavs", "trick-winner", 3, 4242),
    ("sjavs", "game-points", 2, 17),
    ("klorsjavs", "legal-plays", 3, 99),
])
def test_a_game_quiz_question_is_answered_and_explained(page: Any, server: SiteServer, game: str, kind: str,
                                                        level: int, seed: int) -> None:
    q = learn.question(game, kind, level, seed)
    page.goto(f"{server.url}{game}/practise/?game={game}&kind={kind}&level={level}&seed={seed}")
    wait_ready(page)
    widget = page.locator(f'.sv-widget[data-widget="quiz"][data-game="{game}"]').first
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
    link = widget.locator("a.sv-quiz-link").get_attribute("href") or ""
    assert link == f"{server.url}{game}/practise/?game={game}&kind={kind}&level={level}&seed={seed}", link
    assert page.url == link
    # The next question is another of the same game; a wrong choice is marked wrong.
    next_question(widget)
    other = learn.parse_key(shown_key(widget))
    assert other.game == game and other.key != q.key
    assert_is(widget, other)
    click_choice(widget, next(c.id for c in other.choices if c.id != other.answer))
    assert widget.locator(".sv-quiz-q").get_attribute("data-verdict") == "wrong"
