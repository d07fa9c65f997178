"""The widgets as a new user meets them (issue #8): each fixed behaviour, driven in Chromium.

Expectations are worked out from the rules pages, not asked of the engine:
the stock C6 C4 DA CA D7 H5 … chooses clubs then diamonds (♥5 is the third
suit) and exposes ♣4, ♦7 and ♦A (choosing.md's priority order).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from sitekit import SiteServer
from test_site import answers, assert_matches_cpython, button, field, last_request, open_widget, wait_answer, wait_ready

from stytvolt.web import MAX_PARAM_CHARS


def submit(widget: Any, press: Any) -> dict[str, Any]:
    n = answers(widget)
    press()
    return wait_answer(widget, n)


def test_glossary_tooltips_are_reached_by_tab(page: Any, server: SiteServer) -> None:
    page.goto(server.url + "cards/")
    first = page.locator("abbr[tabindex='0']").first
    word = first.inner_text()
    first.focus()
    # Material shows the tooltip for the focused name and points aria-describedby at it.
    page.wait_for_function("() => document.activeElement.hasAttribute('aria-describedby')")
    described = page.evaluate("document.getElementById(document.activeElement.getAttribute('aria-describedby')).textContent.trim()")
    assert described and len(described) > 20, described
    page.wait_for_selector(".md-tooltip2--active, .md-tooltip--active", timeout=5_000)  # (it shows after a short delay)
    # And Tab really stops there: from the element just before it, Tab lands on the name.
    page.evaluate("el => { const b = document.createElement('button'); b.id = 'sv-before'; b.textContent = 'x'; el.before(b); }", first.element_handle())
    page.locator("#sv-before").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName + ':' + document.activeElement.textContent") == f"ABBR:{word}"


def test_the_suit_chooser_turns_the_next_card_at_once(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "choose")
    choice = widget.locator(".sv-output .sv-choice")
    assert choice.get_attribute("data-turned") == "1", "the first answer shows the first card turned"
    submit(widget, button(widget, "next").click)
    assert widget.locator(".sv-output .sv-choice").get_attribute("data-turned") == "2"
    assert widget.locator(".sv-output .sv-cards > li").count() == 2
    submit(widget, button(widget, "all").click)
    assert widget.locator('.sv-output [data-answer="exposed"]').inner_text() == "♣4 ♦7 ♦A"
    assert_matches_cpython(widget)


def test_promoted_plays_are_counted_from_one(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    field(widget, "cards").fill("C4 D3 CA")
    for bad in ("0", "4", "-1"):
        field(widget, "promoted").fill(bad)
        response = submit(widget, lambda: field(widget, "promoted").press("Enter"))
        alert = widget.locator('.sv-status [role="alert"]').inner_text()
        assert response["ok"] is False and "numbered 1 to 3" in alert, alert
        assert "0.." not in alert and "play -1" not in alert and "index" not in alert
    field(widget, "promoted").fill("2")
    assert submit(widget, lambda: field(widget, "promoted").press("Enter"))["ok"]
    # ♣4 is the fýrik, a permanent stikkar: it beats the trist ♦3 even from four of a kind.
    assert widget.locator(".sv-output .sv-answer").inner_text().endswith("(play 1).")
    assert "♦3 (trist by four of a kind)" in widget.locator(".sv-output .sv-reasons").inner_text()
    assert_matches_cpython(widget)


def test_a_huge_input_gives_a_small_error_and_dims_the_old_answer(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "trick")
    output = widget.locator(".sv-output")
    note = widget.locator(".sv-stale-note")
    assert note.is_hidden()
    for text in ("X" * 5_000, "H2 " + "Q" * (MAX_PARAM_CHARS - 10)):
        field(widget, "cards").fill(text)
        response = submit(widget, lambda: field(widget, "cards").press("Enter"))
        assert response["ok"] is False
        box = widget.locator(".sv-status").bounding_box()
        assert box and box["height"] < 80 and box["width"] <= widget.bounding_box()["width"] + 1, box
        assert len(widget.locator(".sv-status").inner_text()) < 200
        # The answer still shown is the previous one: dimmed, and said to be.
        assert "sv-stale" in (output.get_attribute("class") or "")
        page.wait_for_function("el => parseFloat(getComputedStyle(el).opacity) < 0.6", arg=output.element_handle(),
                               timeout=5_000)  # (it fades)
        assert note.is_visible() and note.inner_text() == "(answer to the previous input)"
    field(widget, "cards").fill("H2 SK")
    assert submit(widget, lambda: field(widget, "cards").press("Enter"))["ok"]
    assert "sv-stale" not in (output.get_attribute("class") or "") and note.is_hidden()
    page.wait_for_function("el => getComputedStyle(el).opacity === '1'", arg=output.element_handle())  # after its fade


def test_ranking_select_answers_on_change_and_deal_changes_the_pair(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "ranking")
    select = field(widget, "chosen")
    submit(widget, lambda: select.select_option("D,C"))  # no button pressed
    assert last_request(widget)["params"]["chosen"] == "D,C"
    assert widget.locator(".sv-output .sv-context").inner_text().startswith("Chosen suits: ♦ diamonds and ♣ clubs")
    for _ in range(5):
        before = select.input_value()
        submit(widget, button(widget, "random").click)
        after = select.input_value()
        assert set(after.split(",")) != set(before.split(",")), "Deal at random dealt the pair already shown"
        dealt = widget.locator('.sv-output [data-answer="dealt"]').inner_text()
        names = {"H": "hearts", "S": "spades", "D": "diamonds", "C": "clubs"}
        assert all(names[s] in dealt for s in after.split(",")), (dealt, after)
        assert widget.locator(".sv-output .sv-context").inner_text().startswith(f"Chosen suits: {dealt}.")


def test_captions_are_clean(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "choose")
    field(widget, "stock").fill("C6 C4 DA CA D7 H5")
    submit(widget, button(widget, "all").click)
    captions = widget.locator(".sv-output figcaption").all_inner_texts()
    flat = [" ".join(c.split()) for c in captions]
    assert "♣4 the fýrik, exposed" in flat and "♦A stýrivolt, second suit, exposed" in flat, flat
    assert not any("·" in c or "— exposed" in c for c in flat), flat


def test_the_chalk_up_survives_a_reload(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    widget = open_widget(page, server, widget_pages, "chalk")
    submit(widget, button(widget, "reset").click)
    for token in ("A:ordinary", "B:kept-in", "A:nine"):
        submit(widget, button(widget, token).click)
    label = widget.locator(".sv-output svg title").text_content()
    page.reload()
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="chalk"]').first
    page.wait_for_function("w => (w.svResponses || 0) >= 1", arg=widget.element_handle())
    assert field(widget, "records").input_value() == "A:ordinary B:kept-in A:nine"
    assert widget.locator(".sv-output").get_attribute("data-source") == "pyodide"
    assert widget.locator(".sv-output svg title").text_content() == label
    assert_matches_cpython(widget)
    # A new slate forgets them.
    submit(widget, button(widget, "reset").click)
    page.reload()
    wait_ready(page)
    page.wait_for_timeout(500)
    widget = page.locator('.sv-widget[data-widget="chalk"]').first
    assert field(widget, "records").input_value() == ""


def test_a_permalink_reopens_the_same_state(context_factory: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    context, _ = context_factory()
    page = context.new_page()
    widget = open_widget(page, server, widget_pages, "trick")
    select = field(widget, "chosen")
    submit(widget, lambda: select.select_option("S,D"))
    field(widget, "cards").fill("C4 D3 CA")
    field(widget, "promoted").fill("2")
    submit(widget, lambda: field(widget, "promoted").press("Enter"))
    url = urlsplit(page.url)
    query = parse_qs(url.query, keep_blank_values=True)
    ident = widget.get_attribute("id")
    assert query == {"w": [ident], "chosen": ["S,D"], "cards": ["C4 D3 CA"], "promoted": ["2"]}, query
    # The link's fragment is the widget's id; the address bar's may since have been moved on to the heading in view
    # by Material's navigation.tracking, which follows the reader's scrolling.
    link = widget.locator("a.sv-permalink")
    href = urlsplit(link.get_attribute("href") or "")
    assert link.inner_text() == "Link to this" and href.fragment == ident
    assert href._replace(fragment="") == url._replace(fragment="")
    html = widget.locator(".sv-output").inner_html()
    # Opened afresh, in another tab: the same form, the same answer, and the widget in view.
    other = context.new_page()
    other.goto(href.geturl())
    wait_ready(other)
    again = other.locator(f"#{ident}")
    other.wait_for_function("w => (w.svResponses || 0) >= 1", arg=again.element_handle())
    assert field(again, "chosen").input_value() == "S,D" and field(again, "cards").input_value() == "C4 D3 CA"
    assert field(again, "promoted").input_value() == "2"
    assert again.locator(".sv-output").inner_html() == html
    assert again.evaluate("w => { const r = w.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; }")
    # Keys the widget does not own (the stepper's "step") are kept.
    other.goto(server.url + widget_pages["trick"] + "?step=3")
    wait_ready(other)
    widget = other.locator(f"#{ident}")
    submit(widget, widget.get_by_role("button", name="Explain the trick").click)
    query = parse_qs(urlsplit(other.url).query, keep_blank_values=True)
    assert query["step"] == ["3"] and query["w"] == [ident]


def test_without_javascript_controls_are_disabled_and_nothing_reloads(context_factory: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    context, _ = context_factory(java_script_enabled=False)
    page = context.new_page()
    for kind in ("ranking", "trick", "choose", "chalk"):
        widget = open_widget(page, server, widget_pages, kind, ready=False)
        url = page.url
        controls = widget.locator("input:not([type=hidden]), select, button")
        assert controls.count() >= 1
        assert all(controls.nth(i).is_disabled() for i in range(controls.count())), f"{kind}: a control works without JavaScript"
        note = widget.locator(".sv-noscript")
        assert note.is_visible() and "need JavaScript" in note.inner_text()
        requests: list[str] = []

        def seen(request: Any) -> None:
            requests.append(request.url)

        page.on("request", seen)
        controls.first.click(force=True)
        if widget.locator("input:not([type=hidden])").count():
            widget.locator("input:not([type=hidden])").first.press("Enter")
        page.wait_for_timeout(300)
        assert page.url == url and not [r for r in requests if r.split("?")[0].split("#")[0] == url.split("?")[0]], requests
        page.remove_listener("request", seen)


def test_a_live_chalk_up_never_repeats_an_id_of_the_page(page: Any, server: SiteServer, widget_pages: dict[str, str]) -> None:
    """The scoring page also holds chalk figures; the widget's live answer keeps ids of its own."""
    widget = open_widget(page, server, widget_pages, "chalk")
    for value in ("reset", "A:ordinary", "undo"):  # back to an empty slate, like the page's empty figures
        submit(widget, lambda: button(widget, value).click())
    repeated = page.evaluate(
        "() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);"
        " return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]; }"
    )
    assert repeated == [], repeated
