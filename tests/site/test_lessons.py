"""Lessons and progress in Chromium: a lesson passed through its own "Test yourself", its tick in the menu and on
its game's first page with where to continue, and the progress page carried to another browser by a file.

The questions answered are read from the page and answered with CPython's
``stytvolt.learn`` (its answer, or a wrong choice), so the lesson is passed
the way a reader passes it.  The lesson path itself is checked against the
pages it comes from, and against every game's question kinds, without a
browser.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sitekit import SiteServer
from test_every_page import RULES, SERIOUS, in_the_dark
from test_quiz import click_choice, next_question, shown_key, store
from test_site import ANSWER_TIMEOUT, wait_ready

import stytvolt
from stytvolt import learn

PROGRESS = "stytvolt.progress.v1"
QUIZ = "stytvolt.learn.v1"
DOCS = Path(__file__).resolve().parents[2] / "docs"


def lesson_path(built_site: Path) -> dict[str, Any]:
    """assets/lessons.mjs, the path the build wrote for the browser, as data."""
    text = (built_site / "assets" / "lessons.mjs").read_text(encoding="utf-8")
    return dict(json.loads(text[text.index("export default ") + len("export default "):].rstrip().removesuffix(";")))


def test_every_game_has_a_numbered_path_whose_tests_ask_every_kind(built_site: Path) -> None:
    """Each game's lessons are its pages that say ``lesson: N``, in that order; between them their tests ask every
    kind of question the game has, so a missed kind always has a lesson to read."""
    path = lesson_path(built_site)
    assert [g["game"] for g in path["games"]] == list(learn.games_with_kinds())
    # The first game is the registry's: its pages are at the site's root, and the browser's scripts default to it.
    assert path["first"] == next(iter(stytvolt.games())).name == "styrivolt"
    for game in path["games"]:
        folder = "" if game["game"] == "styrivolt" else f"{game['game']}/"
        for number, lesson in enumerate(game["lessons"], start=1):
            source = (DOCS / (lesson["url"].removesuffix("/") + ".md")).read_text(encoding="utf-8")
            assert re.match(rf"---\nlesson: {number}\n", source), lesson["url"]
            assert lesson["url"].startswith(folder)
            page = (built_site / lesson["url"] / "index.html").read_text(encoding="utf-8")
            assert f"<strong>{game['title']}, lesson {number} of {len(game['lessons'])}.</strong>" in page
            assert f'data-sv-lesson="{lesson["url"]}"' in page
        asked = {kind for lesson in game["lessons"] for kind in lesson["kinds"]}
        assert asked == set(learn.kind_names(game["game"])), game["game"]
        first = (built_site / game["home"] / "index.html").read_text(encoding="utf-8")
        assert first.count(f'<li data-lesson="') == len(game["lessons"])  # the list, without JavaScript


def answer_round(page: Any, widget: Any, pattern: list[bool], *, first: bool) -> None:
    """One round of a lesson's test (three questions), answered right or wrong as ``pattern`` says."""
    for number, right in enumerate(pattern, start=1):
        if number > 1 or not first:
            next_question(widget)
        assert f"Question {number} of 3 · " in widget.locator(".sv-quiz-meta").inner_text()
        q = learn.parse_key(shown_key(widget))
        click_choice(widget, q.answer if right else next(c.id for c in q.choices if c.id != q.answer))


def nav_mark(page: Any, url: str) -> str:
    """What the menu's link to a page (its address) says after its title: "✓ (passed)", "next (continue here…)" or ""."""
    return str(page.evaluate(
        """url => {
          const link = [...document.querySelectorAll('.md-nav--primary a.md-nav__link')].find(a => a.href === url);
          const mark = link && link.querySelector('.sv-lesson-mark');
          return mark ? mark.textContent.replace(/\\s+/g, ' ').trim() : '';
        }""",
        url,
    ))


def test_a_lesson_passed_is_ticked_and_the_progress_moves_by_file(context_factory: Any, server: SiteServer, tmp_path: Path) -> None:
    context, _ = context_factory()
    page = context.new_page()
    page.goto(server.url + "brus/cards/")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-sv-lesson="brus/cards/"]')
    assert page.locator(".sv-lesson-note").inner_text().startswith("Brus, lesson 1 of 3. Answer all three questions right")
    # A first try with two of three right does not pass the lesson...
    answer_round(page, widget, [True, False, True], first=True)
    verdict = widget.locator(".sv-quiz-verdict").inner_text()
    assert "That makes 2 of 3 right in this round." in verdict and "get all 3 right; on your next try 2 of 3 will do" in verdict
    assert nav_mark(page, server.url + "brus/cards/") == "next (continue here, where you left off)"  # tried, not passed
    # ...a second try with two of three does.
    answer_round(page, widget, [False, True, True], first=False)
    assert "Lesson passed: it is ticked in the menu." in widget.locator(".sv-quiz-verdict").inner_text()
    onward = widget.locator(".sv-lesson-result a")
    assert onward.inner_text() == "Dealing and playing" and onward.get_attribute("href") == f"{server.url}brus/play/"
    assert nav_mark(page, server.url + "brus/cards/") == "✓ (passed)"
    assert nav_mark(page, server.url + "brus/play/") == "next (continue here, where you left off)"
    # The game's first page: the lesson ticked in its list, and where to continue.
    page.goto(server.url + "brus/")
    lessons = page.locator('.sv-lessons[data-game="brus"]')
    page.wait_for_function("() => document.querySelector('.sv-lessons .sv-lesson-mark')")
    assert " ".join(lessons.locator('li[data-lesson="brus/cards/"]').inner_text().split()) == "The cards ✓ (passed)"
    assert lessons.locator(".sv-lessons-next").inner_text() == (
        "1 of 3 lessons passed. Continue where you left off: lesson 2, Dealing and playing.")
    assert lessons.locator(".sv-lessons-next a").get_attribute("href") == f"{server.url}brus/play/"
    assert nav_mark(page, server.url + "brus/cards/") == "✓ (passed)" and nav_mark(page, server.url + "brus/scoring/") == ""
    # A hand finished at Brus's table is counted (the table's answer with the hand over, as table.mjs sends it).
    page.evaluate("""() => {
      const widget = document.createElement('div');
      widget.className = 'sv-widget';
      widget.dataset.widget = 'table';
      widget.dataset.game = 'brus';
      widget.innerHTML = '<div class="sv-table" data-turn="next" data-seed="7" data-hand="1"><section class="sv-table-end">'
        + '<p><strong>North and South score 1 stroke.</strong></p></section></div>';
      document.body.append(widget);
      for (let i = 0; i < 2; i += 1) widget.dispatchEvent(new CustomEvent('sv:answer', {bubbles: true}));
      widget.remove();
    }""")
    # The progress page shows it all.
    page.goto(server.url + "progress/")
    page.wait_for_function("() => document.querySelector('.sv-progress-tools[data-sv-mounted]')")
    brus = page.locator('.sv-lessons[data-game="brus"]')
    assert "✓" in brus.locator('li[data-lesson="brus/cards/"]').inner_text()
    cell = page.locator('table.sv-progress[data-game="brus"] tr[data-kind="trick-winner"] td[data-level="1"]')
    assert cell.locator(".sv-record").inner_text() == "4 of 6 right"
    assert page.locator(".sv-progress-summary").inner_text().startswith("Questions: 6 answered")
    table_line = page.locator('.sv-progress-value[data-progress="table"][data-game="brus"]')
    assert table_line.inner_text() == "1 hand finished. The last hand: North and South score 1 stroke."
    assert page.locator('.sv-progress-value[data-progress="puzzles"][data-game="knorri"]').inner_text() == "none tried yet"
    kept = {key: json.loads(page.evaluate(f"localStorage.getItem('{key}')")) for key in (QUIZ, PROGRESS)}
    # Saved to a file...
    with page.expect_download() as download:
        page.get_by_role("button", name="Save my progress to a file").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("stytvolt-progress-")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["stytvolt-progress"] == 1 and data["records"] == kept
    # ...cleared...
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Clear all my progress").click()
    assert page.evaluate("window.stytvoltProgress.keys()") == []
    assert cell.locator(".sv-record").inner_text() == "not tried"
    assert brus.locator(".sv-lesson-mark").count() == 0
    assert table_line.inner_text() == "no hand finished yet"
    assert page.locator(".sv-progress-summary").inner_text().startswith("Questions: 0 answered")
    # ...and loaded again: all of it back, as it was.
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load progress from a file").click()
    chooser.value.set_files(saved)
    page.wait_for_function("() => document.querySelector('.sv-progress-status').textContent.startsWith('Loaded')")
    assert page.locator(".sv-progress-status").inner_text() == (
        "Loaded progress.json: 1 lesson passed, 6 questions answered, 0 puzzles tried, 1 hand finished at a table.")
    assert {key: json.loads(page.evaluate(f"localStorage.getItem('{key}')")) for key in (QUIZ, PROGRESS)} == kept
    assert page.evaluate("window.stytvoltProgress.keys()") == sorted(kept)
    assert cell.locator(".sv-record").inner_text() == "4 of 6 right"
    assert "✓" in brus.locator('li[data-lesson="brus/cards/"]').inner_text()
    # A file that is not a progress file changes nothing, and says why.
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load progress from a file").click()
    chooser.value.set_files(files=[{"name": "notes.json", "mimeType": "application/json",
                                    "buffer": b'{"stytvolt-progress": 1, "records": {"stytvolt:table:pace": {}}}'}])
    page.wait_for_function("() => document.querySelector('.sv-progress-status [role=alert]')")
    assert page.locator(".sv-progress-status").inner_text() == (
        'notes.json was not loaded: it holds "stytvolt:table:pace", which is not part of your progress. Nothing was changed.')
    assert {key: json.loads(page.evaluate(f"localStorage.getItem('{key}')")) for key in (QUIZ, PROGRESS)} == kept
    # The progress page, with its lists ticked, is clean for axe in both schemes, and fits a phone's screen.
    assert axe_findings(page) == []
    assert in_the_dark(page, axe_module()) == []
    page.set_viewport_size({"width": 375, "height": 740})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the progress page scrolls sideways at 375 px ({width} px)"
    page.set_viewport_size({"width": 1280, "height": 900})
    # Each cell of a quiz table leads to a fresh question of its kind and level.
    cell.locator("a").click()
    page.wait_for_function("() => document.querySelector('.sv-quiz-q') && document.querySelector('.sv-output[data-source=pyodide]')",
                           timeout=ANSWER_TIMEOUT)
    box = page.locator('.sv-widget[data-widget="quiz"] .sv-quiz-q')
    assert (box.get_attribute("data-game"), box.get_attribute("data-kind"), box.get_attribute("data-level")) == ("brus", "trick-winner", "1")
    assert store(page)["answered"] == 6


def axe_findings(page: Any) -> list[str]:
    result = axe_module().run(page, options=RULES)
    return [f"{v['id']}: {v['nodes'][0]['target']}" for v in result.response["violations"] if v["impact"] in SERIOUS]


def axe_module() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()
