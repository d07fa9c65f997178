"""The scoring calculators of Sjavs and Klørsjavs in Chromium: results entered through the form, the sheet kept.

Every figure expected here is worked out by hand from the scoring tables on
docs/sjavs/scoring.md and docs/klorsjavs/scoring.md.
"""

from __future__ import annotations

from typing import Any

from sitekit import SiteServer
from test_site import answers, wait_answer, wait_ready


def calculator(page: Any, server: SiteServer, path: str, game: str) -> Any:
    page.goto(server.url + path)
    wait_ready(page)
    widget = page.locator(f'.sv-widget[data-widget="calculator"][data-game="{game}"]').first
    widget.scroll_into_view_if_needed()
    return widget


def press(widget: Any, name: str) -> dict[str, Any]:
    n = answers(widget)
    widget.get_by_role("button", name=name, exact=True).click()
    response = wait_answer(widget, n)
    assert response["ok"], response
    return response


def last_row(widget: Any) -> list[str]:
    """The sheet's last line: its cells' numbers (the change in brackets left out)."""
    cells = widget.locator(".sv-output table.sv-sheet tbody tr").last.locator("td").all_inner_texts()
    return [c.split("(")[0].strip() for c in cells[:-1]]


def test_the_sjavs_calculator_scores_hands_onto_the_sheet(page: Any, server: SiteServer) -> None:
    widget = calculator(page, server, "sjavs/scoring/", "sjavs")
    form = widget.locator("form")
    form.locator('select[name="trump"]').select_option("C")
    form.locator('input[name="points"]').fill("95")
    form.locator('input[name="tricks"]').fill("6")
    press(widget, "Score this hand")
    said = widget.locator(".sv-output").inner_text()
    assert "score 8" in said and "90" in said, said  # the 90-120 row, 8 with clubs
    press(widget, "Add to the sheet")
    # 95 card points with clubs trumps, not every trick: the 90-120 row, 8 with clubs; the announcers' side 24 -> 16.
    assert last_row(widget) == ["16", "24"]
    form.locator('select[name="trump"]').select_option("H")
    form.locator('input[name="points"]').fill("45")
    form.locator('input[name="tricks"]').fill("2")
    press(widget, "Add to the sheet")
    # 45 card points: the 31-59 row, the opponents score 4 with hearts trumps; their side 24 -> 20.
    assert last_row(widget) == ["16", "20"]
    press(widget, "Undo the last hand")
    assert last_row(widget) == ["16", "24"]
    # The sheet is kept in this browser: a reload shows it again.
    page.reload()
    wait_ready(page)
    widget = page.locator('.sv-widget[data-widget="calculator"][data-game="sjavs"]').first
    page.wait_for_function("w => w.querySelector('.sv-output[data-source=pyodide]')", arg=widget.element_handle(),
                           timeout=60_000)
    assert last_row(widget) == ["16", "24"]


def test_the_klorsjavs_calculator_takes_ore_off_the_right_columns(page: Any, server: SiteServer) -> None:
    widget = calculator(page, server, "klorsjavs/scoring/", "klorsjavs")
    form = widget.locator("form")
    form.locator('select[name="declarer"]').select_option("2")
    form.locator('input[name="points"]').fill("100")
    press(widget, "Add to the sheet")
    # Bo declares with 100 card points (91-119): Anne and Carl subtract 8 each; Bo keeps 60.
    assert last_row(widget) == ["52", "60", "52"]
    form.locator('select[name="folded"]').select_option("yes")
    press(widget, "Add to the sheet")
    # Bo folds: the declarer alone subtracts 8.
    assert last_row(widget) == ["52", "52", "52"]
    assert "Bo" in widget.locator(".sv-output table.sv-sheet tbody tr").last.inner_text()


def test_what_is_typed_while_an_answer_is_on_its_way_is_kept(page: Any, server: SiteServer) -> None:
    """A select answers as soon as it changes; the points typed before that answer arrives stay as typed.

    (The answer's "set" used to write the old points back over them, so the next press scored the old hand:
    on a slow machine a reader who picked the trump suit and typed at once lost what was typed.)
    """
    widget = calculator(page, server, "sjavs/scoring/", "sjavs")
    form = widget.locator("form")
    n = answers(widget)
    # Both in one turn of the page's event loop: the select's answer cannot arrive in between.
    form.evaluate("""f => {
        f.elements.trump.value = "C";
        f.elements.trump.dispatchEvent(new Event("change", {bubbles: true}));
        f.elements.points.value = "95";
        f.elements.points.dispatchEvent(new Event("input", {bubbles: true}));
    }""")
    wait_answer(widget, n)
    assert widget.evaluate("w => w.svLastRequest.params.points") == "75"  # the select's answer was for the old points
    assert form.locator('input[name="points"]').input_value() == "95"
    assert form.locator('select[name="trump"]').input_value() == "C"
    press(widget, "Score this hand")
    said = widget.locator(".sv-output").inner_text()
    assert "took 95 card points" in said and "score 8" in said, said  # the 90-120 row, 8 with clubs
