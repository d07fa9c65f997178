"""The built site in Chromium: clean pages, and widgets answered by Pyodide exactly as CPython answers.

Every live answer is checked against ``stytvolt.web.handle`` run here in
CPython with the request the page sent: the HTML must be the same (both
parsed by the browser, so only real differences count), and so must the
answers (``[data-answer]``) and the reasons, which are compared first for a
readable failure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from sitekit import REPO, WIDGET_KINDS, SiteServer, Watch, build_site

from stytvolt.styrivolt.chalk import Chalkboard, parse_records
from stytvolt.web import handle
from stytvolt.styrivolt.chalk import chalk_description

ANSWER_TIMEOUT = 60_000  # ms: a cold Pyodide start on a slow CI machine, then one answer

# -- helpers --------------------------------------------------------------------------------------


def open_widget(page: Any, server: SiteServer, widget_pages: dict[str, str], kind: str, *, ready: bool = True) -> Any:
    if kind not in widget_pages:
        pytest.fail(f"no page of the built site has a {kind!r} widget (expected one of each: {', '.join(WIDGET_KINDS)})")
    page.goto(server.url + widget_pages[kind])
    if ready:
        wait_ready(page)
    return page.locator(f'.sv-widget[data-widget="{kind}"]').first


def wait_ready(page: Any) -> None:
    """Wait (with a time limit) until the page's engine is ready; fail with its error if it cannot start."""
    page.wait_for_function(
        "() => window.stytvolt && ['ready', 'failed'].includes(window.stytvolt.stage)", timeout=ANSWER_TIMEOUT
    )
    stage, error = page.evaluate("[window.stytvolt.stage, window.stytvolt.error]")
    assert stage == "ready", f"the rules engine did not start on {page.url}: {error}"


def answers(widget: Any) -> int:
    """How many answers the widget has shown, counted once none is on its way.

    A select answers as soon as it changes: a test that changes one, fills a field and presses a button
    must not take the select's answer, landing between its count and its press, for the button's.
    """
    widget.page.wait_for_function("w => !w.hasAttribute('aria-busy')", arg=widget.element_handle(), timeout=ANSWER_TIMEOUT)
    return int(widget.evaluate("w => w.svResponses || 0"))


def wait_answer(widget: Any, before: int) -> dict[str, Any]:
    """Wait until the widget has handled a response after ``before`` of them; return that response."""
    widget.page.wait_for_function("([w, n]) => (w.svResponses || 0) > n", arg=[widget.element_handle(), before], timeout=ANSWER_TIMEOUT)
    return dict(widget.evaluate("w => w.svLastResponse"))


def assert_status_says_the_answer(widget: Any) -> None:
    """After an answer the status line shows nothing, and tells a screen reader the answer's sentence."""
    status = widget.locator(".sv-status")
    assert status.locator('[role="alert"], progress, button').count() == 0
    visible = status.evaluate("s => [...s.childNodes].filter(n => !(n.classList && n.classList.contains('sv-visually-hidden'))).map(n => n.textContent).join('').trim()")
    assert visible == "", visible
    spoken = " ".join(status.locator(".sv-visually-hidden").inner_text().split())
    answer = " ".join(widget.locator(".sv-output .sv-answer").first.inner_text().split())
    assert spoken == answer and spoken, (spoken, answer)
    assert widget.locator(".sv-output").get_attribute("aria-live") is None, "the whole answer must not be read out at every change"


def last_request(widget: Any) -> dict[str, Any]:
    return dict(widget.evaluate("w => w.svLastRequest"))


COMPARE_JS = """(w, html) => {
  const t = document.createElement('template');
  t.innerHTML = html;
  const out = w.querySelector('.sv-output');
  const texts = (root, sel) => [...root.querySelectorAll(sel)].map(e => e.textContent.replace(/\\s+/g, ' ').trim());
  return {
    source: out.getAttribute('data-source'),
    // The answer as the engine sent it (the stepper then shows one step of it at a time, changing the DOM).
    same: t.innerHTML === (() => { const r = document.createElement('template'); r.innerHTML = w.svLastResponse.html; return r.innerHTML; })(),
    answers: [texts(out, '[data-answer]'), texts(t.content, '[data-answer]')],
    reasons: [texts(out, '.sv-reasons li'), texts(t.content, '.sv-reasons li')],
    cards: [texts(out, '.sv-card figcaption'), texts(t.content, '.sv-card figcaption')],
    page: out.innerHTML.slice(0, 3000),
    cpython: t.innerHTML.slice(0, 3000),
  };
}"""


def assert_matches_cpython(widget: Any, request: dict[str, Any] | None = None) -> dict[str, Any]:
    """The widget's live answer is what CPython's stytvolt.web.handle gives for ``request`` (default: the one sent)."""
    request = request if request is not None else last_request(widget)
    expected = handle(json.loads(json.dumps(request)))
    assert expected["ok"], f"CPython refused the request the page sent ({request}): {expected}"
    got = widget.evaluate(COMPARE_JS, expected["html"])
    assert got["source"] == "pyodide", "the answer shown is not a live answer from the engine (no data-source=pyodide)"
    assert got["answers"][0] == got["answers"][1], f"answers differ for {request}: Pyodide {got['answers'][0]}, CPython {got['answers'][1]}"
    assert got["reasons"][0] == got["reasons"][1], f"reasons differ for {request}:\nPyodide {got['reasons'][0]}\nCPython {got['reasons'][1]}"
    assert got["cards"][0] == got["cards"][1], f"cards differ for {request}: Pyodide {got['cards'][0]}, CPython {got['cards'][1]}"
    assert got["same"], f"HTML differs for {request}:\n--- Pyodide\n{got['page']}\n--- CPython\n{got['cpython']}"
    return expected


def assert_dealt(widget: Any, chosen: str) -> None:
    """After "Deal at random": the answer names the pair dealt, then shows CPython's ranking of that pair."""
    from stytvolt.web import render_figure

    got = widget.evaluate(
        """(w, html) => { const t = document.createElement('template'); t.innerHTML = html;
           return [w.querySelector('.sv-output .sv-ranking').outerHTML === t.content.firstElementChild.outerHTML,
                   w.querySelector('.sv-output [data-answer="dealt"]').textContent]; }""",
        render_figure("ranking", {"chosen": chosen}),
    )
    assert got[0], f"the ranking shown after a deal is not CPython's ranking of {chosen}"
    names = {"H": "hearts", "S": "spades", "D": "diamonds", "C": "clubs"}
    assert all(names[s] in got[1] for s in chosen.split(",")), got[1]


def field(widget: Any, name: str) -> Any:
    return widget.locator(f'[name="{name}"]').first


def button(widget: Any, value: str | None = None, text: str | None = None) -> Any:
    if value is not None:
        return widget.locator(f'button[value="{value}"]').first
    return widget.get_by_role("button", name=text, exact=True)


# -- the build --------------------------------------------------------------------------------------


def test_site_builds_strict_with_everything_local(built_site: Path, pages: list[str], widget_pages: dict[str, str]) -> None:
    import hashlib

    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    core = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["info"] == core["info"], "the site's lockfile must be Pyodide's own, plus our wheel"
    assert set(lock["packages"]) == set(core["packages"]) | {"stytvolt"}
    entry = lock["packages"]["stytvolt"]
    assert entry["imports"] == ["stytvolt"] and entry["depends"] == [] and entry["package_type"] == "package", entry
    folder, name = entry["file_name"].split("/")
    assert re.fullmatch(r"[0-9a-f]{16}", folder) and re.fullmatch(r"stytvolt-[0-9.]+-cp3\d+-none-any\.whl", name), entry["file_name"]
    wheel = built_site / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"] and entry["sha256"].startswith(folder)
    assert not (built_site / "pyodide" / "stytvolt.json").exists(), "the lockfile is the one manifest"
    worker = (built_site / "assets" / "worker.mjs").read_text(encoding="utf-8")
    assert 'const INDEX_URL = "./";' in worker, "the default build must load Pyodide from the site itself"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (built_site / "pyodide" / name).is_file(), f"pyodide/{name} is missing from the built site"
    for name in ("runtime.mjs", "worker.mjs", "site.css"):
        assert (built_site / "assets" / name).stat().st_size > 0, f"assets/{name} is missing or empty"
    missing = [k for k in WIDGET_KINDS if k not in widget_pages]
    assert not missing, f"no page has a widget of kind {missing}"
    for rel in pages:
        text = (built_site / rel / "index.html").read_text(encoding="utf-8")
        empty = re.findall(r'<div class="sv-(?:widget|figure)"[^>]*>\s*</div>', text)
        assert not empty, f"{rel or 'home'}: placeholders left unfilled: {empty}"
        filled = re.findall(r'<div class="sv-(?:widget|figure)" [^>]*>', text)
        gameless = [tag for tag in filled if not re.search(r'data-game="(styrivolt|sjavs|klorsjavs|knorri|brus|vira)"', tag)]
        assert not gameless, f"{rel or 'home'}: filled placeholders without data-game: {gameless[:3]}"
        assert re.search(r'<script[^>]+src="[^"]*assets/runtime\.mjs"[^>]*type="module"|<script[^>]+type="module"[^>]+src="[^"]*assets/runtime\.mjs"', text), (
            f"{rel or 'home'} does not load assets/runtime.mjs as a module"
        )


# -- the widgets, by mouse and by keyboard ---------------------------------------------------------------


def test_trick_by_click(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    field(widget, "chosen").select_option("D,C")
    field(widget, "cards").fill("H2 SK S3 DJ")
    field(widget, "promoted").fill("")
    n = answers(widget)
    widget.get_by_role("button", name="Explain the trick").click()
    response = wait_answer(widget, n)
    assert response["ok"], response
    request = last_request(widget)
    assert request["game"] == "styrivolt" and request["widget"] == "trick"
    assert request["params"]["chosen"] == "D,C" and request["params"]["cards"] == "H2 SK S3 DJ"
    assert_matches_cpython(widget)
    assert widget.locator('.sv-output [data-answer="winner"]').inner_text().strip()


def test_trick_by_keyboard_enter_in_a_field(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    cards = field(widget, "cards")
    cards.fill("♠4 ♣J ♥3 ♣A")
    n = answers(widget)
    cards.press("Enter")
    wait_answer(widget, n)
    assert last_request(widget)["params"]["cards"] == "♠4 ♣J ♥3 ♣A"
    assert_matches_cpython(widget)
    assert cards.evaluate("el => el === document.activeElement"), "focus should stay in the field after an answer"


def test_trick_by_keyboard_tab_to_the_button(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    field(widget, "cards").fill("DA D2 DK SQ")
    field(widget, "promoted").fill("")
    field(widget, "promoted").focus()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent.trim()")
    assert focused == "Explain the trick", f"Tab from the last field went to {focused!r}"
    n = answers(widget)
    page.keyboard.press("Space")
    wait_answer(widget, n)
    assert last_request(widget)["params"]["cards"] == "DA D2 DK SQ"
    assert_matches_cpython(widget)


def test_trick_promoted_plays(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    field(widget, "chosen").select_option("H,S")
    # Four of a kind is all in one hand, so no other card of its rank is in the trick (C3 S3 D3 is refused).
    field(widget, "cards").fill("C4 D3 CA")
    field(widget, "promoted").fill("2")
    n = answers(widget)
    field(widget, "promoted").press("Enter")
    response = wait_answer(widget, n)
    assert response["ok"], response
    assert last_request(widget)["params"]["promoted"] == "2"
    assert_matches_cpython(widget)
    assert "♦3 (trist by four of a kind)" in widget.locator(".sv-output .sv-reasons").inner_text()


def test_an_error_shows_in_the_status_and_keeps_the_answer(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    output = widget.locator(".sv-output")
    field(widget, "cards").fill("H2 SK S3 DJ")
    n = answers(widget)
    field(widget, "cards").press("Enter")
    wait_answer(widget, n)
    before = output.inner_html()
    field(widget, "cards").fill("H2 X1")
    n = answers(widget)
    field(widget, "cards").press("Enter")
    response = wait_answer(widget, n)
    assert response["ok"] is False
    alert = widget.locator('.sv-status [role="alert"]')
    assert "X1" in alert.inner_text()
    assert alert.inner_text().strip() == response["error"]
    expected = handle({"game": "styrivolt", "widget": "trick", "params": last_request(widget)["params"]})
    assert expected == {"ok": False, "error": response["error"]}
    assert output.inner_html() == before, "the previous answer must stay when the engine refuses a request"
    assert widget.get_attribute("aria-busy") is None
    # The next good request clears the error.
    field(widget, "cards").fill("H2")
    n = answers(widget)
    field(widget, "cards").press("Enter")
    wait_answer(widget, n)
    assert_status_says_the_answer(widget)
    assert_matches_cpython(widget)


def test_ranking_show_and_deal_at_random(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "ranking")
    field(widget, "chosen").select_option("S,C")
    n = answers(widget)
    widget.get_by_role("button", name="Show the ranking").click()
    wait_answer(widget, n)
    assert last_request(widget)["params"]["chosen"] == "S,C"
    assert_matches_cpython(widget)
    seen: set[str] = set()
    for _ in range(12):  # stops at the second pair seen: a 1 in 10^8 chance of a false failure
        if len(seen) > 1:
            break
        n = answers(widget)
        button(widget, "random").click()
        response = wait_answer(widget, n)
        assert response["ok"], response
        assert last_request(widget)["params"].get("action") == "random"
        chosen = field(widget, "chosen").input_value()
        assert chosen == response["set"]["chosen"], "the form must show the suits the engine dealt"
        seen.add(chosen)
        assert_dealt(widget, chosen)
    assert len(seen) > 1, f"twelve random deals all chose {seen}"


def test_ranking_by_keyboard(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "ranking")
    select = field(widget, "chosen")
    select.focus()
    page.keyboard.press("ArrowDown")  # a native select: the next pair
    chosen = select.input_value()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Show the ranking"
    n = answers(widget)
    page.keyboard.press("Enter")
    wait_answer(widget, n)
    assert last_request(widget)["params"]["chosen"] == chosen
    assert_matches_cpython(widget)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.value") == "random"
    n = answers(widget)
    page.keyboard.press("Space")
    wait_answer(widget, n)
    assert last_request(widget)["params"]["action"] == "random"
    assert_dealt(widget, select.input_value())


def test_choose_turns_one_card_at_a_time(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "choose")
    field(widget, "stock").fill("C6 C4 DA CA D7 H5")
    n = answers(widget)
    button(widget, "restart").click()
    wait_answer(widget, n)
    choice = widget.locator(".sv-output .sv-choice")
    total = int(choice.get_attribute("data-total"))
    assert choice.get_attribute("data-turned") == "1" and field(widget, "turned").input_value() == "1"
    assert_matches_cpython(widget)
    for turned in range(2, total + 1):
        n = answers(widget)
        button(widget, "next").click()
        wait_answer(widget, n)
        assert widget.locator(".sv-output .sv-choice").get_attribute("data-turned") == str(turned)
        assert widget.locator(".sv-output .sv-cards > li").count() == turned
        assert field(widget, "turned").input_value() == str(turned)
        assert_matches_cpython(widget)
    expected = handle({"game": "styrivolt", "widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "all"}})
    assert widget.locator(".sv-output").evaluate(
        "(out, html) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML === out.innerHTML; }",
        expected["html"],
    ), "after the last card, the widget shows the whole choice"
    chosen = widget.locator('.sv-output [data-answer="chosen"]').inner_text()
    exposed = widget.locator('.sv-output [data-answer="exposed"]').inner_text()
    assert chosen == "clubs, diamonds" and exposed == "♣4 ♦7 ♦A", (chosen, exposed)


def test_choose_by_keyboard(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "choose")
    stock = field(widget, "stock")
    stock.fill("H5 S2 H8 DQ SJ C9")
    n = answers(widget)
    stock.press("Enter")  # the form's first button: "Turn the next card"
    wait_answer(widget, n)
    assert last_request(widget)["params"]["stock"] == "H5 S2 H8 DQ SJ C9"
    assert_matches_cpython(widget)
    button(widget, "all").focus()
    n = answers(widget)
    page.keyboard.press("Enter")
    wait_answer(widget, n)
    assert last_request(widget)["params"]["action"] == "all"
    assert_matches_cpython(widget)
    assert widget.locator('.sv-output [data-answer="chosen"]').count() == 1


def _chalk_label(widget: Any) -> str:
    return str(
        widget.locator(".sv-output .sv-chalk svg").evaluate(
            "svg => svg.getAttribute('aria-labelledby').split(/\\s+/).map(id => svg.querySelector('#' + CSS.escape(id)).textContent).join(' ')"
        )
    )


def _cpython_chalk(records: list[str], title: str | None = None) -> str:
    board = Chalkboard()
    for team, result in parse_records(" ".join(records)):
        board.record(team, result)
    return f"{title or 'Stýrivolt chalk-up'} {chalk_description(board.state)}"


def test_chalk_records_results(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "chalk")
    n = answers(widget)
    button(widget, "reset").click()
    wait_answer(widget, n)
    assert field(widget, "records").input_value() == ""
    clicks = ["A:ordinary", "B:kept-in", "A:nine", "A:ordinary", "B:penalty", "A:kept-in-alone"]
    done: list[str] = []
    for token in clicks:
        n = answers(widget)
        button(widget, token).click()
        wait_answer(widget, n)
        done.append(token)
        assert field(widget, "records").input_value() == " ".join(done)
        assert_matches_cpython(widget)
        assert _chalk_label(widget) == _cpython_chalk(done, widget.get_attribute("data-title"))
    n = answers(widget)
    button(widget, "undo").click()
    wait_answer(widget, n)
    done.pop()
    assert field(widget, "records").input_value() == " ".join(done)
    assert _chalk_label(widget) == _cpython_chalk(done, widget.get_attribute("data-title"))
    assert_matches_cpython(widget)


def test_chalk_by_keyboard(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "chalk")
    button(widget, "A:ordinary").focus()
    before = field(widget, "records").input_value()
    n = answers(widget)
    page.keyboard.press("Enter")
    wait_answer(widget, n)
    page.keyboard.press("Tab")  # to "kept in"
    assert page.evaluate("document.activeElement.value") == "A:kept-in"
    n = answers(widget)
    page.keyboard.press("Space")
    wait_answer(widget, n)
    expected = " ".join(x for x in (before, "A:ordinary A:kept-in") if x)
    assert field(widget, "records").input_value() == expected
    assert _chalk_label(widget) == _cpython_chalk(expected.split(), widget.get_attribute("data-title"))
    assert_matches_cpython(widget)


def test_request_api_matches_cpython(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    """window.stytvolt.request(widget, params, game), used by the bench, answers every widget kind like CPython."""
    open_widget(page, server, widget_pages, "trick")
    requests = [
        {"game": "styrivolt", "widget": "trick", "params": {"chosen": "H,S", "cards": "CJ S4 CA H3"}},
        {"game": "styrivolt", "widget": "ranking", "params": {"chosen": "D,C"}},
        {"game": "styrivolt", "widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "turned": "2", "action": "next"}},
        {"game": "styrivolt", "widget": "chalk", "params": {"records": "A:ordinary", "add": "B:nine"}},
        {"game": "styrivolt", "widget": "trick", "params": {"cards": "H2 H2"}},
        {"game": "styrivolt", "widget": "nonsense", "params": {}},
        {"game": "chess", "widget": "trick", "params": {"cards": "H2"}},
        {"game": "styrivolt", "widget": "trick", "params": {"cards": "H2 SK S3 DJ H6"}},
        {"game": "styrivolt", "widget": "chalk", "params": {"records": " ".join(["A:nine"] * 201)}},
    ]
    assert page.evaluate("window.stytvolt.ready") is True
    for request in requests:
        got = page.evaluate("([w, p, g]) => window.stytvolt.request(w, p, g)", [request["widget"], request["params"], request["game"]])
        assert got == handle(request), request
    # Without a game, the request is for Stýrivolt.
    got = page.evaluate("([w, p]) => window.stytvolt.request(w, p)", ["trick", {"cards": "H2"}])
    assert got["ok"] and got == handle({"widget": "trick", "params": {"cards": "H2"}})
    # Whatever a page sends, the engine answers: odd and huge requests come back as errors, never as a crash.
    odd = [
        ["trick", {"cards": "H2"}, 5],
        [7, None, "styrivolt"],
        ["trick", {"cards": "H2 " * 3_000}, "styrivolt"],
        ["trick", {"cards": "H2 " * 8_000}, "styrivolt"],
        ["trick", {f"p{i}": "" for i in range(25)}, "styrivolt"],
    ]
    refusals = [page.evaluate("([w, p, g]) => window.stytvolt.request(w, p, g)", args) for args in odd]
    assert [r["ok"] for r in refusals] == [False] * len(odd), refusals
    assert refusals[0]["error"] == "a game is named by text like 'styrivolt', not an int"
    assert refusals[1]["error"] == "a widget is named by text like 'trick', not an int"
    assert refusals[2]["error"] == "param 'cards' is 9,000 characters long; at most 2,000 are accepted"
    assert refusals[3]["error"].startswith("the request is 24,") and refusals[3]["error"].endswith("at most 20,000 are accepted")
    assert refusals[4]["error"] == "25 params given; at most 20 are accepted"
    for r in refusals:
        assert not r["error"].startswith("internal error") and len(r["error"]) < 200, r


def test_a_damaged_wheel_is_refused(first_page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    """A first visit: Pyodide checks the wheel against its sha256 in pyodide-lock.json; the page says the rules could not be installed."""
    first_page.context.route("**/pyodide/*/stytvolt-*.whl*", lambda route: route.fulfill(status=200, body=b"PK\x03\x04 not the wheel", content_type="application/zip"))
    widget = open_widget(first_page, server, widget_pages, "trick", ready=False)
    old = widget.locator(".sv-output").inner_html()
    n = answers(widget)
    widget.locator("button.md-button--primary").click()
    response = wait_answer(widget, n)
    assert response["ok"] is False
    assert "could not start" in response["error"] and "does not match its sha256 in pyodide-lock.json" in response["error"], response
    alert = widget.locator('.sv-status [role="alert"]').inner_text()
    assert "sha256" in alert
    assert widget.locator(".sv-output").inner_html() == old
    assert first_page.evaluate("window.stytvolt.stage") == "failed"


# -- loading: once, early, shown -------------------------------------------------------------------


def test_loading_is_shown_while_pyodide_starts(first_page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(first_page, server, widget_pages, "trick", ready=False)
    state = widget.evaluate(
        """w => {
          const wasReady = window.stytvolt.isReady();
          w.querySelector('form').requestSubmit(w.querySelector('button.md-button--primary'));
          const s = w.querySelector('.sv-status');
          return {wasReady, text: s.textContent, progress: !!s.querySelector('progress'), busy: w.getAttribute('aria-busy')};
        }"""
    )
    if not state["wasReady"]:  # (a very fast machine could be ready already)
        assert state["text"].startswith("Loading the rules engine… ("), state
        assert state["progress"] and state["busy"] == "true", state
    wait_answer(widget, 0)
    assert widget.get_attribute("aria-busy") is None
    assert_status_says_the_answer(widget)
    assert_matches_cpython(widget)


NEW_WIDGET_JS = "() => { const w = document.querySelector('.sv-widget[data-sv-mounted]'); return !!w && !w.svOld; }"


def _navigate(page: Any, go: Any) -> Any:
    """Do ``go()`` (a click, Back) and wait for the next page's widgets to be mounted; return its first widget."""
    page.evaluate("document.querySelectorAll('.sv-widget').forEach(w => { w.svOld = true; })")
    go()
    page.wait_for_function(NEW_WIDGET_JS)
    return page.locator(".sv-widget[data-sv-mounted]").first


@pytest.fixture(params=["as built", "another origin", "under a path"])
def hosted(request: Any, built_site: Path, server: SiteServer, browser: Any) -> Iterator[tuple[Any, SiteServer]]:
    """A page and the server it reads from: the session's, or the same build at another origin or under /styrivolt/."""
    if request.param == "as built":
        srv = server
        other = None
    else:
        srv = other = SiteServer(built_site, host="localhost" if request.param == "another origin" else "127.0.0.1",
                                 prefix="/styrivolt/" if request.param == "under a path" else "/")
        other.__enter__()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(60_000)
    watch = Watch(context, srv.origin)
    page = context.new_page()
    page.watch = watch
    try:
        yield page, srv
        assert not watch.problems(), "the browser saw problems:\n" + "\n".join(watch.problems())
    finally:
        context.close()
        if other is not None:
            other.close()


def test_instant_navigation_keeps_one_engine(hosted: tuple[Any, SiteServer], widget_pages: dict[str, str]) -> None:
    """Wherever the build is served (no site_url was given), page changes keep the page and its one engine."""
    page, server = hosted
    watch = page.watch
    open_widget(page, server, widget_pages, "trick")
    page.evaluate("window.__sameDocument = true")
    assert page.evaluate("window.stytvolt.loads") == 1
    start_url = page.url
    # Click through the site's navigation to every other widget page, using a widget on each.
    targets = [p for p in dict.fromkeys(widget_pages.values()) if server.url + p != start_url]
    assert len(targets) >= 4, f"expected at least five pages with widgets, got {targets}"
    for rel in targets:
        link = page.locator(f'nav.md-nav--primary a.md-nav__link[href$="/{rel}"]').first
        if not link.count() or not link.is_visible():
            page.evaluate(
                "(href) => { const a = document.createElement('a'); a.href = href; a.id = 'sv-test-link'; a.textContent = 'go';"
                " document.querySelector('.md-content').prepend(a); }",
                server.url + rel,
            )
            link = page.locator("#sv-test-link")
        widget = _navigate(page, link.click)
        assert page.url.split("#")[0].split("?")[0] == server.url + rel  # the puzzle names its puzzle in the address
        assert page.evaluate("window.__sameDocument === true"), f"going to {rel} reloaded the page: instant navigation is off"
        if widget.get_attribute("data-widget") == "puzzle":  # it asks for the day's puzzle by itself
            response = wait_answer(widget, 0)
        else:
            n = answers(widget)
            widget.locator("button").first.click()
            response = wait_answer(widget, n)
        assert response["ok"], response
        assert_matches_cpython(widget)
    # And back, with the browser's Back button.
    widget = _navigate(page, page.go_back)
    n = answers(widget)
    widget.locator("button").first.click()
    wait_answer(widget, n)
    assert_matches_cpython(widget)
    assert page.evaluate("window.__sameDocument === true")
    assert page.evaluate("window.stytvolt.loads") == 1, "Pyodide was loaded more than once in one visit"
    assert watch.count("/pyodide.asm.wasm") == 1, f"pyodide.asm.wasm was requested {watch.count('/pyodide.asm.wasm')} times"
    assert watch.count("/assets/worker.mjs") == 1


def test_no_worker_on_pages_without_widgets(page: Any, server: SiteServer, pages: list[str], built_site: Path) -> None:
    plain = [p for p in pages if 'class="sv-widget"' not in (built_site / p / "index.html").read_text(encoding="utf-8")]
    if not plain:
        pytest.skip("every page has a widget")
    page.goto(server.url + plain[0])
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    assert page.evaluate("window.stytvolt.loads") == 0
    assert page.watch.count("/pyodide.asm.wasm") == 0


# -- small screens, accessibility, no JavaScript -------------------------------------------------------


@pytest.mark.parametrize("kind", WIDGET_KINDS)
def test_narrow_screen(context_factory: Any, server: SiteServer, widget_pages: dict[str, str], kind: str) -> None:
    context, _ = context_factory(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    widget = open_widget(page, server, widget_pages, kind)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px wide)"
    overflowing = widget.evaluate(
        """w => [...w.querySelectorAll('label, input:not([type=hidden]), select, button, .sv-output *')]
                .filter(e => { const r = e.getBoundingClientRect(); return r.width && (r.left < -0.5 || r.right > innerWidth + 0.5); })
                .map(e => e.outerHTML.slice(0, 80))"""
    )
    assert not overflowing, f"parts of the {kind} widget stick out of a 375 px screen: {overflowing[:5]}"
    n = answers(widget)
    widget.locator("button").first.tap()
    wait_answer(widget, n)
    assert_matches_cpython(widget)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_cards_have_accessible_names(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "ranking")
    field(widget, "chosen").select_option("H,S")
    n = answers(widget)
    widget.get_by_role("button", name="Show the ranking").click()
    wait_answer(widget, n)
    bird = widget.get_by_role("img", name="two of hearts, the bird")
    assert bird.count() == 1
    unnamed = page.evaluate(
        "[...document.querySelectorAll('svg.sv-card-face')].filter(s => s.getAttribute('role') !== 'img' || !(s.getAttribute('aria-label') || '').trim()).length"
    )
    assert unnamed == 0
    assert page.locator("svg.sv-card-face").count() >= 36
    # Every control has a name a screen reader can say.
    nameless = page.evaluate(
        """[...document.querySelectorAll('.sv-widget button, .sv-widget input:not([type=hidden]), .sv-widget select')]
             .filter(e => !(e.labels && e.labels.length) && !e.textContent.trim() && !e.getAttribute('aria-label')).length"""
    )
    assert nameless == 0


def test_without_javascript_the_first_answers_are_there(context_factory: Any, server: SiteServer, widget_pages: dict[str, str], built_site: Path) -> None:
    context, _ = context_factory(java_script_enabled=False)
    page = context.new_page()
    for kind in WIDGET_KINDS:
        widget = open_widget(page, server, widget_pages, kind, ready=False)
        assert widget.locator(".sv-controls").is_visible()
        output = widget.locator(".sv-output")
        assert output.get_attribute("data-source") is None
        params = widget.evaluate(
            "w => Object.fromEntries([...w.attributes].filter(a => a.name.startsWith('data-') && !['data-widget', 'data-game'].includes(a.name)).map(a => [a.name.slice(5), a.value]))"
        )
        game = widget.get_attribute("data-game")
        assert game == "styrivolt", f"the {kind} widget does not say which game it is for (data-game={game!r})"
        expected = handle({"game": game, "widget": kind, "params": params})
        same = output.evaluate(
            "(out, html) => { const t = document.createElement('template'); t.innerHTML = html; return t.innerHTML === out.innerHTML; }",
            expected["html"],
        )
        assert same, f"the {kind} widget's pre-rendered answer is not CPython's answer to {params}"
        assert output.locator("svg").count() >= 1


def test_pyodide_from_a_cdn(browser: Any, tmp_path: Path) -> None:
    """STYTVOLT_PYODIDE_CDN: the core comes from that origin (a local stand-in here), the wheel still from the site."""
    with SiteServer(REPO / "node_modules" / "pyodide", cors=True) as cdn:
        site_dir = tmp_path / "site"
        site = SiteServer(site_dir)
        proc = build_site(site_dir, cdn=cdn.url)
        if proc.returncode != 0:
            site.close()
            pytest.fail(f"mkdocs build with STYTVOLT_PYODIDE_CDN failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
        worker = (site_dir / "assets" / "worker.mjs").read_text(encoding="utf-8")
        assert f"const INDEX_URL = {json.dumps(cdn.url)};" in worker
        assert not (site_dir / "pyodide" / "pyodide.asm.wasm").exists(), "with a CDN the site need not hold Pyodide's core"
        with site:
            context = browser.new_context()
            try:
                watch = Watch(context, site.origin, also=(cdn.origin,))
                page = context.new_page()
                rel = next(
                    p.parent.relative_to(site_dir).as_posix() + "/"
                    for p in sorted(site_dir.rglob("index.html"))
                    if 'data-widget="trick"' in p.read_text(encoding="utf-8")
                )
                page.goto(site.url + rel)
                wait_ready(page)
                widget = page.locator('.sv-widget[data-widget="trick"]').first
                n = answers(widget)
                widget.locator("button.md-button--primary").click()
                wait_answer(widget, n)
                assert_matches_cpython(widget)
                wasm = [u for u in watch.requests if u.split("?")[0].endswith("/pyodide.asm.wasm")]
                assert wasm == [cdn.url + "pyodide.asm.wasm"], wasm
                wheels = [u for u in watch.requests if ".whl" in u]
                assert wheels and all(u.startswith(site.url + "pyodide/") for u in wheels), wheels
                assert not watch.problems(), "\n".join(watch.problems())
            finally:
                context.close()
