"""Worked hands and the trick explainer's play-by-play in Chromium: stepping by keyboard and buttons, the step in the address."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from sitekit import SiteServer
from test_site import answers, wait_answer, wait_ready

from stytvolt.styrivolt.worked import worked_hand

PAGE = "worked-hands/"

SHOWN_JS = """s => {
  const li = [...s.querySelectorAll(':scope > .sv-steps > li')].filter(li => !li.hidden);
  return {
    shown: li.map(x => Number(x.dataset.step)),
    title: li.length ? li[0].dataset.title : null,
    winning: li.length ? [...li[0].querySelectorAll('.sv-winning [role=img]')].map(e => e.getAttribute('aria-label')) : [],
    mark: li.length ? [...li[0].querySelectorAll('.sv-winning .sv-mark')].map(e => e.textContent) : [],
    pos: s.querySelector('.sv-stepper-pos').textContent,
    nav: !s.querySelector('.sv-stepper-nav').hidden,
  };
}"""


def hand_stepper(page: Any) -> Any:
    return page.locator('.sv-widget[data-widget="hand"] .sv-stepper').first


def shown(stepper: Any) -> dict[str, Any]:
    return dict(stepper.evaluate(SHOWN_JS))


def test_a_worked_hand_steps_forwards_and_backwards_by_keyboard(page: Any, server: SiteServer) -> None:
    steps = worked_hand("first-hand").steps()
    page.goto(server.url + PAGE)
    stepper = hand_stepper(page)
    stepper.wait_for()
    page.wait_for_function("() => document.querySelector('.sv-stepper[data-sv-stepper]')")
    first = shown(stepper)
    assert first["nav"] and first["shown"] == [0] and first["title"] == steps[0].title
    assert first["pos"] == f"Step 1 of {len(steps)}: {steps[0].title}"
    stepper.focus()
    assert stepper.evaluate("s => s === document.activeElement"), "the stepper must take the focus"
    for _ in range(12):  # to South's postman in trick two (step 13): it is winning so far
        page.keyboard.press("ArrowRight")
    now = shown(stepper)
    assert now["shown"] == [12] and now["title"] == steps[12].title == "Trick 2: South plays ♠6"
    assert now["winning"] == ["six of spades, postman"] and now["mark"] == ["winning so far"]
    page.keyboard.press("ArrowLeft")
    back = shown(stepper)
    assert back["shown"] == [11] and back["title"] == steps[11].title
    assert back["winning"] == ["nine of clubs"], "before the postman, East's higher club was winning"
    page.keyboard.press("End")
    last = shown(stepper)
    assert last["shown"] == [len(steps) - 1] and last["mark"] == ["wins the trick"]
    assert stepper.get_by_role("button", name="Forward").is_disabled()
    page.keyboard.press("Home")
    assert shown(stepper)["shown"] == [0]
    assert stepper.get_by_role("button", name="Back").is_disabled()
    # The buttons do the same.
    stepper.get_by_role("button", name="Forward").click()
    assert shown(stepper)["shown"] == [1]


def test_the_address_keeps_the_step_and_reopening_shows_it(page: Any, server: SiteServer) -> None:
    steps = worked_hand("first-hand").steps()
    page.goto(server.url + PAGE + "?keep=me")
    stepper = hand_stepper(page)
    page.wait_for_function("() => document.querySelector('.sv-stepper[data-sv-stepper]')")
    wait_ready(page)  # the engine has started (its start is no part of this test), as has all the first visit asked for
    stepper.focus()
    for k in range(9):
        page.keyboard.press("ArrowRight")
        page.wait_for_function("([s, k]) => s.dataset.current === String(k)", arg=[stepper.element_handle(), k + 1])
    query = parse_qs(urlparse(page.url).query, keep_blank_values=True)
    assert query["w"] == ["hand"] and query["hand"] == ["first-hand"] and query["step"] == ["10"], page.url
    assert query["keep"] == ["me"], "keys the stepper does not own stay in the address"
    # Open the address afresh (a goto would only move to its #hand anchor on the same page).
    fresh = page.context.new_page()
    fresh.goto(page.url)
    page.close()
    page = fresh
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="hand"]').first
    page.wait_for_function("w => (w.svResponses || 0) >= 1", arg=widget.element_handle(), timeout=60_000)
    page.wait_for_function("() => document.querySelector('.sv-widget .sv-stepper[data-sv-stepper]')")
    again = shown(hand_stepper(page))
    assert again["shown"] == [9] and again["title"] == steps[9].title


def test_a_random_hand_by_seed_and_its_step(page: Any, server: SiteServer) -> None:
    page.goto(server.url + PAGE)
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="hand"]').first
    widget.locator('[name="seed"]').fill("53")
    n = answers(widget)
    widget.locator('[name="seed"]').press("Enter")  # Enter deals from the seed
    response = wait_answer(widget, n)
    assert response["ok"], response
    assert response["set"] == {"hand": "", "seed": "53", "step": "1"}
    stepper = hand_stepper(page)
    page.wait_for_function("() => document.querySelector('.sv-widget .sv-stepper[data-seed][data-sv-stepper]')")
    stepper.focus()
    page.keyboard.press("End")
    query = parse_qs(urlparse(page.url).query, keep_blank_values=True)
    assert query["seed"] == ["53"] and query["hand"] == [""] and query["step"] == ["30"]
    # The same hand as the curated first hand (seed 53 is the start page's hand).
    assert shown(stepper)["title"] == worked_hand("first-hand").steps()[-1].title


def test_the_trick_explainer_steps_through_its_plays(page: Any, server: SiteServer) -> None:
    page.goto(server.url + "play/")
    widget = page.locator('.sv-widget[data-widget="trick"]').first
    details = widget.locator("details.sv-trick-steps").first
    details.locator("summary").click()
    stepper = details.locator(".sv-stepper")
    stepper.focus()
    marked = []
    for k in range(4):
        if k:
            page.keyboard.press("ArrowRight")
        marked.append(shown(stepper)["winning"])
    # CJ S4 CA H3 with hearts and spades chosen: the jack, then the unfortunate twice (an unchosen ace cannot beat
    # a chosen card), then the trist.
    assert marked == [["jack of clubs"], ["four of spades, unfortunate"], ["four of spades, unfortunate"],
                      ["three of hearts, trist"]]
    assert shown(stepper)["mark"] == ["wins"]
    assert widget.locator('.sv-output [data-answer="winner"]').inner_text() == "♥3 (trist)"


def test_narrow_screen(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    for rel in (PAGE, ""):
        page.goto(server.url + rel)
        page.wait_for_function("() => document.querySelector('.sv-stepper[data-sv-stepper]')")
        stepper = page.locator(".sv-stepper").first
        for _ in range(3):
            for _ in range(6):
                stepper.get_by_role("button", name="Forward").tap()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 375, f"{rel or 'home'} scrolls sideways at 375 px ({width} px wide)"
            sticking = stepper.evaluate(
                """s => [...s.querySelectorAll('*')].filter(e => { const r = e.getBoundingClientRect();
                       return r.width && (r.left < -0.5 || r.right > innerWidth + 0.5); }).map(e => e.outerHTML.slice(0, 80))"""
            )
            assert not sticking, sticking[:5]
        if page.locator(".sv-widget").count():
            wait_ready(page)  # let the engine finish loading before leaving the page


def test_without_javascript_every_step_is_a_transcript(context_factory: Any, server: SiteServer) -> None:
    context, _ = context_factory(java_script_enabled=False)
    page = context.new_page()
    page.goto(server.url)
    stepper = page.locator(".sv-stepper").first
    assert stepper.locator(".sv-stepper-nav").is_hidden()
    items = stepper.locator(":scope > .sv-steps > li")
    assert items.count() == len(worked_hand("first-hand").steps())
    assert items.nth(0).is_visible() and items.nth(items.count() - 1).is_visible()
