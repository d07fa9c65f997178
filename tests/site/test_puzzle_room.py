"""The puzzle room in Chromium, for every game with puzzles, on a phone's screen (375 px).

One page a game carries every flow, one after the other, as one reader would: a slow start (the engine held back
until a card has been pressed: the press is never judged), a puzzle solved, three list links in a row each
opening its puzzle, a puzzle failed with its refuting line stepped, the misses list and "Retry my misses", the
rating chart, and a choice of theme and level kept in the address.  The first game's page is a first visit (the
engine starts from nothing), is checked by axe-core once a refuting line is on it, and is opened again from the
address its choice left; the others start from the snapshot a first visit keeps, as a returning reader's do.  Every answer shown is the
engine's in Pyodide, and the last one of each flow is compared with CPython's answer to the same request.
Console errors and failed requests fail the test (conftest's context_factory).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from sitekit import SiteServer
from test_every_page import RULES, axe  # noqa: F401 (axe is a fixture)
from test_site import ANSWER_TIMEOUT, assert_matches_cpython

from stytvolt.analysis.puzzles import listed, published, side_of, themes
from stytvolt.web.puzzles import puzzle_games

GAMES = puzzle_games()
PHONE = {"color_scheme": "light", "viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}
WIDGET = '.sv-widget[data-widget="puzzle"]'
#: What the engine needs to start, held back until the test lets it go (a slow start).
ENGINE = re.compile(r".*/pyodide/.*\.(wasm|whl)$")
DURATIONS: dict[str, float] = {}


def side(p: Any) -> frozenset[int]:
    return frozenset(side_of(p.state(), p.player))


def decisions(p: Any) -> list[int]:
    """The places in the line of the reader's decisions (the side to move, with a choice)."""
    out = []
    for k in range(len(p.line)):
        state = p.play(p.line[:k])
        if state.current_player() in side(p) and len(state.legal_actions()) > 1:
            out.append(k)
    return out


def settle(widget: Any, before: int) -> None:
    """Until the widget has shown an answer after ``before`` of them, and nothing is on its way."""
    widget.page.wait_for_function("([w, n]) => (w.svResponses || 0) > n && w.hasAttribute('data-sv-idle')",
                                  arg=[widget.element_handle(), before], timeout=ANSWER_TIMEOUT)


def shown(widget: Any) -> dict[str, str]:
    return dict(widget.locator(".sv-output .sv-pz").evaluate("e => ({...e.dataset})"))


def press(widget: Any, selector: str) -> None:
    n = int(widget.evaluate("w => w.svResponses || 0"))
    widget.locator(selector).first.click()
    settle(widget, n)


def record(page: Any, game: str) -> dict[str, Any] | None:
    text = page.evaluate(f"localStorage.getItem('stytvolt:puzzles:{game}')")
    return json.loads(text) if text else None


@pytest.fixture(scope="module", autouse=True)
def report_durations() -> Any:
    yield
    if DURATIONS:
        print("\npuzzle room in Chromium, seconds a game: " + ", ".join(f"{g} {t:.1f}" for g, t in DURATIONS.items())
              + f"; together {sum(DURATIONS.values()):.1f}")


@pytest.mark.parametrize("game", GAMES)
def test_the_room(game: str, context_factory: Any, server: SiteServer, axe: Any) -> None:  # noqa: F811
    started = time.perf_counter()
    every = published(game)
    solve = next(p for p in every if len(decisions(p)) >= 2)
    context, _ = context_factory(first_visit=game == GAMES[0], **PHONE)
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    context.route(ENGINE, hold)
    page = context.new_page()
    page.goto(server.url + f"puzzles/?puzzle={solve.id}")
    widget = page.locator(WIDGET)

    # -- a slow start: a card pressed before the engine is ready is never judged, nor kept for later --------------
    card = widget.locator('.sv-pz-play button[data-do="play"]').first
    assert widget.locator("fieldset.sv-pz-play").evaluate("f => f.disabled")
    assert widget.locator("fieldset.sv-fields").evaluate("f => f.disabled")  # Next puzzle and the choice too
    deadline = time.perf_counter() + ANSWER_TIMEOUT / 1000
    while not held:  # the engine is asking for its files, and waits for them
        assert time.perf_counter() < deadline, "the engine never asked for its files"
        page.wait_for_timeout(50)
    card.click(force=True)  # a real press where the card is drawn (a disabled button takes no focus, no key)
    assert not page.evaluate("window.stytvolt.isReady()")
    context.unroute(ENGINE, hold)
    for route in held:
        route.continue_()
    settle(widget, 0)
    page.wait_for_timeout(300)
    assert widget.evaluate("w => w.svAsked").count("try") == 0
    assert shown(widget)["puzzle"] == solve.id and shown(widget)["verdict"] == ""
    assert record(page, game) is None
    assert not widget.locator("fieldset.sv-pz-play").evaluate("f => f.disabled")

    # -- a puzzle solved, the line's replies played on to each decision ---------------------------------------------
    for k in decisions(solve):
        assert shown(widget)["state"] == "play"
        press(widget, f'.sv-pz-play button[data-do="play"][data-action="{solve.line[k]}"]')
    assert shown(widget)["state"] == "solved" and shown(widget)["verdict"] == "solved"
    assert_matches_cpython(widget)
    page.wait_for_function("() => document.querySelector('.sv-pz-announce').textContent.includes('The goal is sure')")
    kept = record(page, game)
    assert kept is not None and kept["h"][0][:2] == [solve.id, 1.0] and kept["streak"] == 1
    chart = widget.locator(".sv-pz-you svg[role='img']")
    assert "over 1 puzzle" in (chart.locator("desc").text_content() or "") and chart.locator("title").text_content()

    # -- three list links in a row, each opening its puzzle (the first one twice) --------------------------------------
    page.wait_for_function("() => document.querySelectorAll('.sv-pz-listing a[data-puzzle]').length > 3")
    widget.locator(".sv-pz-listing details.sv-pz-list > summary").click()  # the list comes folded
    ids = [p.id for p in every if p.id != solve.id][:2]
    for ident in (ids[0], ids[1], ids[0]):
        press(widget, f'.sv-pz-listing a[data-puzzle="{ident}"]')
        assert shown(widget)["puzzle"] == ident and shown(widget)["state"] == "play"
        assert f"puzzle={ident}" in page.url

    # -- a puzzle failed: the whole refuting line, stepped on the felt -------------------------------------------------
    failed = next(p for p in every if p.id == ids[0])
    wrong = next(str(a) for a in failed.state().legal_actions() if str(a) != failed.key)
    press(widget, f'.sv-pz-play button[data-do="play"][data-action="{wrong}"]')
    assert shown(widget)["verdict"] == "wrong" and shown(widget)["puzzle"] == failed.id
    assert_matches_cpython(widget)
    stepper = widget.locator(".sv-pz-refutation .sv-stepper")
    steps = stepper.locator(".sv-steps > li").count()
    assert steps >= 2
    pos = stepper.locator(".sv-stepper-pos")
    stepper.locator('[data-go="forward"]').click()
    assert pos.inner_text().startswith(f"Step 2 of {steps}")
    stepper.locator('[data-go="last"]').click()
    assert pos.inner_text().startswith(f"Step {steps} of {steps}")
    page.wait_for_function("() => document.querySelector('.sv-pz-announce').textContent.startsWith('After ')")
    if game == GAMES[0]:
        page.wait_for_function("() => document.querySelectorAll('.sv-pz-listing a[data-puzzle]').length > 3")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, "the room scrolls sideways on a phone"
        found = axe.run(page, context=WIDGET, options=RULES).response["violations"]
        serious = [f"{v['id']} ({v['impact']}): {'; '.join(' '.join(n['target']) for n in v['nodes'][:4])}"
                   for v in found if v["impact"] in ("serious", "critical")]
        assert not serious, "axe-core found serious problems in the room (the whole page is test_every_page.py's):\n  " + (
            "\n  ".join(serious))

    # -- the misses, oldest first, and Retry my misses; the rating chart ---------------------------------------------
    assert [a.get_attribute("data-puzzle") for a in widget.locator(".sv-pz-misses a").all()] == [failed.id]
    assert "over 2 puzzles" in (widget.locator(".sv-pz-you svg desc").text_content() or "")
    assert (record(page, game) or {})["m"] == [failed.id]
    press(widget, 'button[data-do="next"]')
    assert shown(widget)["puzzle"] not in (solve.id, failed.id)
    press(widget, 'button[data-do="retry"]')
    assert shown(widget)["puzzle"] == failed.id

    # -- a choice of theme and level, kept in the address and read back from it ---------------------------------------
    theme, level = next((t, lv) for t in themes(game) for lv in ("club", "beginner", "expert") if listed(game, lv, t))
    widget.locator(f'select[name="theme"][data-game="{game}"]').select_option(theme)
    n = int(widget.evaluate("w => w.svResponses || 0"))
    widget.locator('select[name="level"]').select_option(level)
    settle(widget, n)
    pool = [p.id for p in listed(game, level, theme)]
    assert shown(widget)["puzzle"] in pool
    assert f"theme={theme}" in page.url and f"level={level}" in page.url and f"game={game}" in page.url
    page.wait_for_function("(n) => document.querySelectorAll('.sv-pz-listing a[data-puzzle]').length === n",
                           arg=len(pool))
    if game == GAMES[0]:  # read back from the address as it is opened (the same code for every game)
        page.reload()
        settle(page.locator(WIDGET), 0)
        assert page.locator(f'{WIDGET} select[name="theme"][data-game="{game}"]').input_value() == theme
        assert page.locator(f'{WIDGET} select[name="level"]').input_value() == level
        assert shown(page.locator(WIDGET))["puzzle"] in pool  # the choice's next puzzle, not the day's
    DURATIONS[game] = time.perf_counter() - started
