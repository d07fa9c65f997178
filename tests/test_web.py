"""The site's engine calls: figures, widgets and the worker's JSON answers (stytvolt.web)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.styrivolt import TERMS
from stytvolt.web import WidgetError, handle, handle_json, render_figure, render_widget

ROOT = Path(__file__).resolve().parent.parent


class _Check(HTMLParser):
    """Counts tags and checks nesting of the markup we produce."""

    VOID = {"input", "br", "rect", "img"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.labels: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("role") == "img":
            self.labels.append(a.get("aria-label") or "")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def well_formed(html: str) -> _Check:
    parser = _Check()
    parser.feed(html)
    parser.close()
    assert parser.stack == [], f"unclosed: {parser.stack}"
    return parser


def test_cards_are_labelled_for_screen_readers() -> None:
    page = well_formed(render_figure("cards", {"cards": "H2 D9 CA", "chosen": "H,S"}))
    assert page.labels == ["two of hearts, the bird", "nine of diamonds, the mare of diamonds", "ace of clubs"]
    plain = well_formed(render_figure("cards", {"cards": "H2 D2"}))
    assert plain.labels == ["two of hearts", "two of diamonds"]


def test_trick_figure_names_the_winner_in_text() -> None:
    html = render_figure("trick", {"chosen": "H,S", "cards": "CJ S4 CA H3"})
    well_formed(html)
    assert 'data-winner="3"' in html and "♥3 (trist)" in html and "— wins" in html
    assert 'data-code="trick.unchosen_never"' in html


def test_choice_figure_steps_and_the_whole_choice() -> None:
    whole = render_figure("choose", {"stock": "C6 C4 DA CA D7 H5"})
    well_formed(whole)
    assert "♣4 ♦7 ♦A" in whole and "sv-exposed" in whole
    first = render_figure("choose", {"stock": "C6 C4 DA CA D7 H5", "turned": "1"})
    assert 'data-turned="1"' in first and "Exposed" not in first


def test_chalk_figure_is_the_packages_svg() -> None:
    html = render_figure("chalk", {"records": "B:ordinary A:kept-in A:ordinary"})
    well_formed(html)
    assert "<svg" in html and 'role="img"' in html and "chalk.complete.cross" in html


def test_glossary_lists_every_term_with_an_anchor() -> None:
    html = render_figure("glossary", {})
    well_formed(html)
    for term in TERMS:
        assert f'id="{term.key}"' in html


def test_every_ranking_lists_all_48_cards() -> None:
    for pair in ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C"):
        html = render_figure("ranking", {"chosen": pair})
        assert len(well_formed(html).labels) == 48


@pytest.mark.parametrize(
    "kind, params",
    [("ranking", {"chosen": "H,S"}), ("trick", {"chosen": "H,S", "cards": "CJ S4 CA H3"}),
     ("choose", {"stock": "C6 C4 DA CA D7 H5"}), ("chalk", {"records": ""})],
)
def test_widgets_ship_controls_and_a_first_answer(kind: str, params: dict[str, str]) -> None:
    html = render_widget(kind, params)
    well_formed(html)
    assert '<form class="sv-controls"' in html and 'class="sv-output"' in html and 'role="status"' in html
    assert handle({"widget": kind, "params": params})["html"] in html  # the first paint is the engine's answer


def test_widget_answers() -> None:
    r = handle({"widget": "ranking", "params": {"chosen": "H,S", "action": "random", "seed": "3"}})
    assert r["ok"] and r["set"]["chosen"] in ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")
    steps = [handle({"widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "next", "turned": str(n)}})["set"]["turned"]
             for n in range(0, 7)]
    assert steps == ["1", "2", "3", "4", "5", "6", "6"]
    assert handle({"widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "restart", "turned": "4"}})["set"]["turned"] == "1"
    chalk = handle({"widget": "chalk", "params": {"records": "B:ordinary", "add": "A:nine"}})
    assert chalk["set"]["records"] == "B:ordinary A:nine"
    assert handle({"widget": "chalk", "params": {"records": "B:ordinary A:nine", "action": "undo"}})["set"]["records"] == "B:ordinary"
    assert handle({"widget": "chalk", "params": {"records": "B:ordinary", "action": "reset"}})["set"]["records"] == ""


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ X1"}}, "'X1'"),
        ({"widget": "trick", "params": {"chosen": "H,H", "cards": "CJ"}}, "must differ"),
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": ""}}, "at least one card"),
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ CJ"}}, "twice"),
        ({"widget": "choose", "params": {"stock": "H2 H3 H4"}}, "only hearts"),
        ({"widget": "chalk", "params": {"records": "C:ordinary"}}, "'C:ordinary'"),
        ({"widget": "nope", "params": {}}, "unknown widget"),
    ],
)
def test_bad_input_is_an_answer_not_a_crash(request_: dict, message: str) -> None:  # type: ignore[type-arg]
    response = handle(request_)
    assert response["ok"] is False and message in response["error"]


def test_json_round_trip_and_garbage() -> None:
    assert json.loads(handle_json('{"widget": "trick", "params": {"cards": "H2"}}'))["ok"] is True
    assert json.loads(handle_json("{not json"))["ok"] is False
    assert json.loads(handle_json("[1, 2]"))["ok"] is False
    with pytest.raises(WidgetError):
        render_figure("nope", {})


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["ranking", "trick", "choose", "chalk", "x"]),
       st.dictionaries(st.sampled_from(["chosen", "cards", "stock", "records", "action", "add", "turned", "promoted"]), st.text(max_size=20)))
def test_handle_never_raises(widget: str, params: dict[str, str]) -> None:
    response = handle({"widget": widget, "params": params})
    assert response["ok"] in (True, False)


def test_the_wheel_builds_reproducibly_and_imports(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "interactive"))
    try:
        from wheelbuild import build_wheel
    finally:
        sys.path.pop(0)
    first = build_wheel(tmp_path / "a")
    second = build_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes()
    names = zipfile.ZipFile(first).namelist()
    assert "stytvolt/web/html.py" in names and "stytvolt/py.typed" in names
    assert any(n.endswith(".dist-info/METADATA") for n in names) and any(n.endswith(".dist-info/RECORD") for n in names)
    code = "import stytvolt.web, sys; assert stytvolt.web.__file__.startswith(sys.argv[1]); print('ok')"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, sys.argv[1]); {code}", str(first)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"
