"""The coach at every table in Chromium: a hint asked and taken, a computer move's "Why?", the review after the
hand, and one better line stepped through, in each of the six games, checked against CPython.

Each game's page opens a game near the end of a hand (dealt and played in CPython by the table's own players,
South pressing the button the test's policy names), so a hand takes a few moves: at South's decision the hint is
asked for, then taken; South plays on to the end as CPython did, so the page's game text is CPython's, with the
hint's mark in it.  The review the page settles, decision by decision, is compared with what CPython draws
from the same kept review (the page's address carries it), and a mistake's better line is stepped through.

One page per game carries all of it (the budget of the suite is tight).  Sjavs is played by keyboard only
(the key h, Enter, the arrow keys), then reloaded (the review comes back without being worked out again);
Brus at a phone's width; Klørsjavs is checked with axe-core with the hint shown, then with the review and a
better line open.  Knorri's hands are long: its review is stopped, then reopened from an address whose review
already holds all but its last decisions, which the page goes on with.
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from sitekit import SiteServer

import stytvolt
from stytvolt.core.errors import StytvoltError
from test_site import ANSWER_TIMEOUT, wait_ready
from test_table import at_quick_pace, game_of, responses, settle, turn

from stytvolt.web import handle
from stytvolt.web.coaching import review_tag, south_decisions
from stytvolt.web.table import SOUTH, Table, computer_seed, new_table, read_game_text, render

#: Each game: its page, the setup and seed dealt, how many of South's decisions with a choice from the end the
#: page starts at, and the button South presses (the last one offered; or, "first-bid", the first while a
#: button plays no card, else the last card).  Each is a hand with a mistake of South's near its end.
GAMES: dict[str, tuple[str, str, int, int, str]] = {
    "sjavs": ("sjavs/table/", "4", 5, 3, "last"),
    "klorsjavs": ("klorsjavs/table/", "klorsjavs", 3, 3, "last"),
    "brus": ("brus/table/", "4", 11, 2, "last"),
    "vira": ("vira/table/", "3", 13, 6, "first-bid"),
    "styrivolt": ("table/", "4", 8, 4, "last"),
    "knorri": ("knorri/table/", "3", 6, 2, "last"),
}

PHONE = {"viewport": {"width": 375, "height": 800}, "is_mobile": True, "has_touch": True}
AXE_RULES = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    "resultTypes": ["violations"],
}
#: Whether a review was asked for on this page (an attribute the table sets while its review's loop runs).
REVIEW_WATCH = """() => {
  window.__reviewed = 0;
  new MutationObserver((changes) => {
    for (const c of changes) if (c.target.hasAttribute && c.target.hasAttribute("data-sv-reviewing")) window.__reviewed += 1;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-sv-reviewing"] });
}"""


# -- the hand in CPython ------------------------------------------------------------------------------------------


def pressed(table: Table, policy: str) -> Any:
    """The action behind the button South presses (as the page offers them, in order), by the policy."""
    page = render(table)
    actions = [html.unescape(a) for a in re.findall(r'data-do="play" data-action="([^"]+)"', page)]
    legal = {str(a): a for a in table.hand.legal_actions()}
    if not actions:  # a lay-away picker: the fewest cards it takes
        return min((a for a in legal.values() if table.kind.kind_of(a) in table.kind.picked), key=lambda a: len(a.cards))
    acts = re.findall(r'class="md-button sv-table-act[^"]*" data-do="play" data-action="', page)
    first = policy == "first-bid" and bool(acts)
    return legal[actions[0 if first else -1]]


def worst(table: Table) -> Any:
    """South's worst action where the solver settles the position at once and the choices differ in value (a
    mistake for the review to find, and to show the better line of), else None."""
    state = table.hand
    try:
        solution = stytvolt.game(table.kind.game).solve(state, deadline=0.3)
    except StytvoltError:
        return None
    values = solution.values
    if not solution.exact or len(set(values.values())) < 2:
        return None
    low = min(values.values())
    return next(a for a in state.legal_actions() if values.get(str(a)) == low)


def play(table: Table, policy: str, err: bool = False) -> tuple[list[str], list[str], int]:
    """The hand played on (the computer seats as the table seeds them; South by the policy, and with ``err`` its
    worst action once, at the first position the solver settles at once): the game's text at each decision of
    South's with a choice, South's actions, and where the worst action was taken (its place in the hand)."""
    texts, south, mistake = [], [], -1
    while not table.hand.is_terminal():
        state = table.hand
        seat = state.current_player()
        if seat == SOUTH:
            action = None
            if len(list(state.legal_actions())) > 1:
                texts.append(table.text())
                action = worst(table) if err else None
                if action is not None:
                    err, mistake = False, len(table.moves[-1])
            action = action if action is not None else pressed(table, policy)
            south.append(str(action))
            table.apply(action)
        else:
            seed = computer_seed(table, len(table.match.hands) - 1, len(table.moves[-1]))
            table.apply(table.computer(seed).choose(state.observation(seat)))
    return texts, south, mistake


def plan(game: str) -> tuple[str, str, str, list[str], int]:
    """The game's text where the page starts (South to decide), after the hint taken, and at the hand's end; South's
    actions after the hint, and the place in the hand of the mistake among them."""
    _, setup, seed, back, policy = GAMES[game]
    cut = play(new_table(game, setup, "beginner", seed), policy)[0][-back]
    hint = handle({"game": game, "widget": "table", "params": {"do": "hint", "game": cut}})
    assert hint["ok"], hint
    found = re.search(r'data-hint="([^"]+)"', hint["html"])
    assert found
    table = read_game_text(game, cut)
    table.apply(next(a for a in table.hand.legal_actions() if str(a) == html.unescape(found.group(1))), True)
    after = table.text()
    _, south, mistake = play(table, policy, err=True)
    assert mistake >= 0, "the solver settles a decision of South's after the hint"
    return cut, after, table.text(), south, mistake


def cpython(name: str, /, **params: str) -> dict[str, Any]:
    response = handle({"game": name, "widget": "table", "params": params})
    assert response["ok"], response
    return response


def plain(text: str) -> str:
    """Text with its spaces as words have them: one between words, none inside brackets or before a stop."""
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r" (?=[),.:;!?])|(?<=\() ", "", text)


def shown(markup: str) -> str:
    """What a reader sees of the engine's markup, as ``plain`` writes it."""
    return plain(html.unescape(re.sub(r"<[^>]+>", " ", markup)))


# -- the page -----------------------------------------------------------------------------------------------------


def open_at(page: Any, server: SiteServer, path: str, query: dict[str, str]) -> Any:
    page.goto(server.url + path + "?" + urlencode(query) + "#table")
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="table"]').first
    settle(widget, 1)
    return widget


def press(widget: Any, locator: Any, keyboard: bool) -> None:
    if keyboard:
        locator.focus()
        widget.page.keyboard.press("Enter")
    else:
        locator.click()


def south_plays(widget: Any, action: str, keyboard: bool) -> None:
    """South takes ``action`` (its text) through its button, or by ticking its cards in a lay-away picker and
    pressing the picker's button; the computer answers."""
    out = widget.locator(".sv-output")
    n = responses(widget)
    button = out.locator(f'button[data-do="play"][data-action="{action}"]')
    if not button.count():
        word, *cards = action.split()
        pick = out.locator(f'fieldset.sv-table-pick[data-pick="{word}"]')
        for card in cards:
            pick.locator(f'input[name="pick"][value="{card}"]').check()
        button = out.locator(f'button[data-pick-action="{word}"]')
    press(widget, button, keyboard)
    settle(widget, n + 1)


def take_the_hint(widget: Any, keyboard: bool, axe: bool = False) -> None:
    """South asks for a hint (the key h, or the button), sees the control it points to marked (``axe``: the table
    checked with axe-core then), and takes it."""
    out = widget.locator(".sv-output")
    ask = out.locator('button[data-do="hint"]')
    assert ask.get_attribute("aria-keyshortcuts") == "h"
    n = responses(widget)
    if keyboard:
        widget.page.locator("body").focus()
        widget.page.keyboard.press("h")
    else:
        ask.click()
    settle(widget, n + 1)
    said = out.locator(".sv-table-hint")
    assert plain(said.inner_text()).startswith("Hint: ")
    action = out.locator(".sv-table").get_attribute("data-hint")
    assert action
    marked = out.locator(".sv-hinted")
    assert marked.count() >= 1 and all("Hinted" in t for t in marked.all_inner_texts())
    if axe:
        axe_clean(widget.page)
    n = responses(widget)
    boxes = out.locator("label.sv-hinted input")
    if boxes.count():  # cards to lay away: the boxes the hint marks ticked, then the button pressed
        assert widget.page.evaluate("() => document.activeElement.closest('label.sv-hinted') !== null")
        for i in range(boxes.count()):
            box = boxes.nth(i)
            if keyboard:
                box.focus()
                widget.page.keyboard.press("Space")
            else:
                box.check()
        press(widget, out.locator("button[data-pick-action]"), keyboard)
    elif keyboard:  # the focus is on the control the hint points to
        focused = widget.page.evaluate("() => document.activeElement.dataset.action || ''")
        assert focused == action
        widget.page.keyboard.press("Enter")
    else:
        out.locator(f'button.sv-hinted[data-action="{action}"]').click()
    settle(widget, n + 1)


def read_why(widget: Any, game: str, keyboard: bool) -> None:
    """The last computer move's "Why?" read: CPython's reason for the same move of the same game."""
    why = widget.locator('.sv-output button[data-do="why"]').last
    move = str(why.get_attribute("data-move"))
    text = game_of(widget)
    press(widget, why, keyboard)
    said = widget.locator(f'.sv-output .sv-why[data-do="why"][data-move="{move}"] + .sv-why-text .sv-why-said')
    said.wait_for(timeout=ANSWER_TIMEOUT)
    expected = cpython(game, do="why", move=move, game=text)
    assert plain(said.inner_text()) == shown(expected["html"])
    assert "reasoning" in said.inner_text()


def wait_review(widget: Any) -> None:
    widget.page.wait_for_function(
        "w => { const s = w.querySelector('section.sv-review'); return s && s.dataset.complete === 'yes' && "
        "!w.hasAttribute('data-sv-reviewing'); }", arg=widget.element_handle(), timeout=ANSWER_TIMEOUT * 3)


def read_review(widget: Any, game: str) -> str:
    """The review on the page, complete: the words CPython draws from the review kept in the page's address."""
    kept = parse_qs(urlsplit(widget.page.url).query)["review"][0]
    text = game_of(widget)
    expected = cpython(game, do="show", game=text, review=kept)
    body = re.search(r'<div class="sv-review-body">(.*?)</div><div class="sv-review-line">', expected["html"])
    assert body
    page_section = widget.locator(".sv-output section.sv-review .sv-review-body")
    assert plain(page_section.inner_text()) == shown(body.group(1))
    summary = plain(page_section.locator(".sv-review-summary").inner_text())
    assert re.match(r"\d+ decisions?, \d+ mistakes?", summary) and "1 hint used." in summary
    return kept


def step_through(widget: Any, keyboard: bool) -> None:
    """"Show me" on a mistake: the better line as steps, moved through by Next and Previous (or the arrow keys),
    each step announced."""
    show = widget.locator('.sv-output button[data-do="line"]').last
    press(widget, show, keyboard)
    stepper = widget.locator(".sv-output .sv-review-line .sv-stepper[data-sv-stepper]")
    stepper.wait_for(timeout=ANSWER_TIMEOUT)
    titles = stepper.locator(".sv-step").evaluate_all("steps => steps.map(s => s.dataset.title)")
    assert len(titles) >= 2 and titles[0].startswith("Where you ")
    pos = stepper.locator(".sv-stepper-pos")
    assert pos.get_attribute("aria-live") == "polite"
    assert plain(pos.inner_text()) == f"Step 1 of {len(titles)}: {titles[0]}"
    nav = {go: stepper.locator(f'button[data-go="{go}"]') for go in ("back", "forward")}
    assert [nav["back"].inner_text(), nav["forward"].inner_text()] == ["Previous", "Next"]
    if keyboard:
        assert widget.page.evaluate("() => document.activeElement.classList.contains('sv-stepper')")
        widget.page.keyboard.press("ArrowRight")
        widget.page.keyboard.press("ArrowRight")
    else:
        nav["forward"].click()
        nav["forward"].click()
    k = min(2, len(titles) - 1)
    assert plain(pos.inner_text()) == f"Step {k + 1} of {len(titles)}: {titles[k]}"
    visible = stepper.locator(".sv-step:not([hidden])")
    assert visible.count() == 1 and visible.locator('[aria-label="Every hand"] > li').count() >= 2
    press(widget, nav["back"], keyboard)
    assert plain(pos.inner_text()) == f"Step {k} of {len(titles)}: {titles[k - 1]}"


def axe_clean(page: Any) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    found = [f"{v['id']}: {' '.join(v['nodes'][0]['target'])}: {v['nodes'][0]['failureSummary'][:160]}"
             for v in Axe().run(page, options=AXE_RULES).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, "axe-core found serious problems:\n  " + "\n  ".join(found)


# -- the test ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_the_coach_at_the_table(game: str, context_factory: Any, server: SiteServer) -> None:
    path = GAMES[game][0]
    keyboard = game == "sjavs"
    cut, after, final, south, mistake = plan(game)
    context, _ = context_factory(**(PHONE if game == "brus" else {}))
    page = at_quick_pace(context).new_page()
    widget = open_at(page, server, path, {"w": "table", "game": cut})
    assert game_of(widget) == cut and turn(widget) == "south"
    # The hint, asked and taken: the game's text marks the action taken after it.
    take_the_hint(widget, keyboard, axe=game == "klorsjavs")
    assert game_of(widget).startswith(after) and "-" in after[len(cut):len(cut) + 1]
    for action in south:
        assert turn(widget) == "south"
        south_plays(widget, action, keyboard)
    assert turn(widget) in ("next", "over") and game_of(widget) == final
    read_why(widget, game, keyboard)
    # The review, settled on the page decision by decision.
    if game == "knorri":
        reopen_knorri(widget, final, mistake)
    wait_review(widget)
    kept = read_review(widget, game)
    assert widget.locator(f'.sv-output li.sv-review-mistake[data-index="{mistake}"] button[data-do="line"]').count() == 1
    step_through(widget, keyboard)
    if game == "brus":
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        box = widget.locator(".sv-output .sv-review-line .sv-stepper").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    if game == "klorsjavs":
        axe_clean(page)
    if game == "sjavs":  # a reload shows the review again, not worked out again
        page.add_init_script(script=f"({REVIEW_WATCH})()")
        page.reload()
        wait_ready(page)
        again = page.locator('.sv-widget[data-widget="table"]').first
        settle(again, 1)
        assert again.locator("section.sv-review").get_attribute("data-complete") == "yes"
        assert parse_qs(urlsplit(page.url).query)["review"] == [kept]
        page.wait_for_timeout(300)
        assert page.evaluate("window.__reviewed") == 0


def reopen_knorri(widget: Any, final: str, mistake: int) -> None:
    """Knorri's review stopped (Cancel), then reopened from an address whose review holds its decisions before the
    mistake (not settled: as a review cut short keeps them); the page goes on with the rest."""
    page = widget.page
    page.wait_for_function("w => w.hasAttribute('data-sv-reviewing')", arg=widget.element_handle(), timeout=ANSWER_TIMEOUT)
    cancel = widget.locator(".sv-status button.sv-cancel")
    cancel.wait_for(timeout=ANSWER_TIMEOUT)
    cancel.click()
    page.wait_for_function("w => !w.hasAttribute('data-sv-reviewing')", arg=widget.element_handle(), timeout=ANSWER_TIMEOUT)
    go = widget.locator(".sv-output button.sv-review-go")
    assert go.is_visible() and go.inner_text() == "Go on with the review"
    table = read_game_text("knorri", final)
    before = [k for k in south_decisions(table) if k < mistake]
    kept = ".".join([review_tag(table)] + ["c"] * len(before))
    query = {"w": "table", "game": final, "review": kept}
    page.goto(page.url.split("?")[0] + "?" + urlencode(query) + "#table")
    wait_ready(page)
    settle(page.locator('.sv-widget[data-widget="table"]').first, 1)
