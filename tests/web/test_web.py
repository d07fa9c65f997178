"""The site's engine calls: figures, widgets and the worker's JSON answers (stytvolt.web)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import stytvolt.styrivolt.site
import stytvolt.web
from stytvolt.core.errors import StytvoltError
from stytvolt.core.explain import Reason, Seat, Team
from stytvolt.styrivolt import TERMS
from stytvolt.styrivolt.chalk import parse_records, record_text
from stytvolt.web import (
    MAX_CHALK_RECORDS, MAX_PARAM_CHARS, MAX_PARAMS, MAX_REQUEST_CHARS, MAX_REQUEST_DEPTH, MAX_STOCK_CARDS, MAX_TRICK_CARDS,
    WidgetError, handle, handle_json, render_figure, render_widget,
)
from stytvolt.web.html import reasons_list

ROOT = Path(__file__).resolve().parents[2]


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


def test_chalk_sentences_name_the_teams_a_and_b() -> None:
    html = render_figure("chalk", {"records": "B:ordinary A:kept-in"})
    assert "A keeps in: two strokes erased on A&#x27;s side." in html
    assert "Team A" not in html and "team A" not in html


def test_reasons_list_renders_with_the_names_it_is_given() -> None:
    reasons = [Reason.of("t.seat", "{player} leads.", player=Seat(1)), Reason.of("t.team", "{team} keeps in.", team=Team(1))]
    assert ">West leads.<" in reasons_list(reasons) and ">B keeps in.<" in reasons_list(reasons)
    named = reasons_list(reasons, seats=("S", "W", "N", "E"), teams=("Us", "Them"))
    assert ">W leads.<" in named and ">Them keeps in.<" in named
    assert reasons_list(reasons, ordered=False).startswith('<ul class="sv-reasons">')


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
    assert render_widget(kind, params, game="styrivolt") == html


def _captions(html: str) -> list[str]:
    return [" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in re.findall(r"<figcaption>(.*?)</figcaption>", html)]


def test_captions_are_clean_phrases() -> None:
    # Clubs and diamonds are chosen (clubs first); C4 is the fýrik whatever is chosen.  Exposed, worked out by
    # hand from choosing.md: clubs show their highest stikkar seen (♣4, above the ace), diamonds their lamb ♦7
    # and their highest stikkar ♦A.
    whole = handle({"widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "all"}})["html"]
    assert _captions(whole) == [
        "♣6 postman, first suit", "♣4 the fýrik, exposed", "♦A stýrivolt, second suit, exposed",
        "♣A stýrivolt", "♦7 lamb, exposed", "♥5 third suit: stop",
    ]
    trick = render_figure("trick", {"chosen": "H,S", "cards": "CJ S4 CA H3"})
    assert _captions(trick)[:3] == ["♣J led", "♠4 unfortunate, play 2", "♣A play 3"]
    ranking = render_figure("ranking", {"chosen": "H,S"})
    assert "♠6 postman, beats up to aces" in _captions(ranking)
    for html in (whole, trick, ranking, render_figure("choose", {"stock": "HK SK S4 S3 CQ HA DQ D8 DJ D7 H3 C5"})):
        for caption in _captions(html):
            assert "·" not in caption and " , " not in caption and not re.search(r"[,—]\s*[,—]|[,—]$", caption), caption


def test_the_suit_chooser_starts_at_the_first_card() -> None:
    stock = "C6 C4 DA CA D7 H5 S2 H8 DQ SJ C9 HK"
    first = render_widget("choose", {"stock": stock})
    assert 'data-turned="1"' in first and 'name="turned" value="1"' in first and "Exposed" not in first
    # "Turn the next card" straight after the first answer turns the second card (♣4), not nothing.
    second = handle({"widget": "choose", "params": {"stock": stock, "turned": "1", "action": "next"}})
    assert second["set"] == {"turned": "2"} and _captions(second["html"]) == ["♣6 first suit", "♣4"]
    # "Show the whole choice": the six cards up to ♥5, the third suit.
    whole = handle({"widget": "choose", "params": {"stock": stock, "turned": "1", "action": "all"}})
    assert whole["set"] == {"turned": "6"} and 'data-answer="exposed">♣4 ♦7 ♦A<' in whole["html"]
    # A link's state comes back as it was: three cards turned.
    assert handle({"widget": "choose", "params": {"stock": stock, "turned": "3"}})["set"] == {"turned": "3"}


@pytest.mark.parametrize("pair", ["H,S", "H,D", "H,C", "S,D", "S,C", "D,C", "S,H", "C,D"])
def test_deal_at_random_always_deals_another_pair(pair: str) -> None:
    suits = {frozenset(p.split(",")) for p in ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")}
    dealt = set()
    for seed in ("", "1", "2", "3", "x"):
        for _ in range(3):
            params = {"chosen": pair, "action": "random", **({"seed": seed} if seed else {})}
            r = handle({"widget": "ranking", "params": params})
            assert r["ok"], r
            got = r["set"]["chosen"]
            assert frozenset(got.split(",")) in suits and frozenset(got.split(",")) != frozenset(pair.split(","))
            assert "Dealt at random:" in r["html"]
            if seed:  # a seed fixes the deal
                assert handle({"widget": "ranking", "params": params}) == r
            dealt.add(got)
    assert len(dealt) >= 2
    plain = handle({"widget": "ranking", "params": {"chosen": pair}})
    assert "Dealt at random" not in plain["html"] and frozenset(plain["set"]["chosen"].split(",")) == frozenset(pair.split(","))
    assert plain["set"]["chosen"] in ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")  # a value the select holds


@pytest.mark.parametrize("kind", ["ranking", "trick", "choose", "chalk"])
def test_without_javascript_the_controls_are_disabled_and_say_why(kind: str) -> None:
    params = {"choose": {"stock": "C6 C4 DA CA D7 H5"}, "trick": {"cards": "CJ S4"}}.get(kind, {})
    html = render_widget(kind, params)
    well_formed(html)
    form = re.search(r'<form class="sv-controls"[^>]*>(.*)</form>', html, re.S)
    assert form and form.group(1).startswith('<fieldset class="sv-fields" disabled>') and form.group(1).endswith("</fieldset>")
    assert re.search(r"<noscript><p[^>]*>The example above is worked out in advance\. The controls need JavaScript", html)


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


def test_chalk_widget_reads_and_writes_the_packages_grammar() -> None:
    """One grammar: what stytvolt.styrivolt.chalk reads, in any spelling, comes back as record_text writes it."""
    answer = handle({"widget": "chalk", "params": {"records": "b:ordinary  a=vol", "add": "B:nine_tricks_alone"}})
    assert answer["ok"], answer
    records = parse_records("b:ordinary a=vol B:nine_tricks_alone")
    assert answer["set"]["records"] == " ".join(record_text(t, r) for t, r in records) == "B:ordinary A:kept-in B:nine-alone"
    for name in ("_records_text", "RESULT_WORDS"):
        assert not hasattr(stytvolt.web, name) and not hasattr(stytvolt.styrivolt.site, name)
    buttons = render_widget("chalk", {"records": ""})
    for team in (0, 1):
        for word in ("ordinary", "kept-in", "nine", "kept-in-alone", "nine-alone", "penalty"):
            assert f'name="add" value="{"AB"[team]}:{word}"' in buttons


# -- the game key -------------------------------------------------------------------------


def test_requests_name_the_game() -> None:
    trick = {"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ S4 CA H3"}}
    named = handle({"game": "styrivolt", **trick})
    assert named["ok"] is True and 'data-winner="3"' in named["html"]
    assert handle(trick) == named  # a missing game means styrivolt
    assert handle({"game": None, **trick}) == named  # and so does null
    for game in ("chess", "", "Styrivolt ", "x" * 500):
        response = handle({"game": game, **trick})
        assert response["ok"] is False and "unknown game" in response["error"] and "styrivolt" in response["error"], response
        assert len(response["error"]) < 120
    assert handle({"game": "chess"}) == {"ok": False, "error": "unknown game 'chess': expected one of styrivolt, sjavs, klorsjavs, knorri, brus, vira"}
    for game in (5, ["styrivolt"], {"name": "styrivolt"}, True):
        response = handle({"game": game, **trick})
        assert response["ok"] is False and "a game is named by text" in response["error"], response


def test_unknown_widgets_and_figures_list_the_known_ones() -> None:
    response = handle({"game": "styrivolt", "widget": "nope"})
    assert response["ok"] is False
    # Listed alphabetically, whichever module registered first.
    assert response["error"] == (
        "unknown widget 'nope' for styrivolt: expected one of chalk, choose, hand, puzzle, quiz, ranking, table, trick")
    with pytest.raises(WidgetError, match="unknown figure 'nope' for styrivolt: expected one of cards, chalk, choose"):
        render_figure("nope", {})
    with pytest.raises(WidgetError, match="unknown game 'chess'"):
        render_figure("trick", {"cards": "H2"}, game="chess")
    with pytest.raises(WidgetError, match="unknown widget 'glossary'"):
        render_widget("glossary", {})
    assert issubclass(WidgetError, StytvoltError) and issubclass(WidgetError, ValueError)


def test_widgets_are_keyed_by_game_and_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games may both have a "trick" widget and figure: each request reaches its own game's."""
    import dataclasses
    import sys
    import types

    from stytvolt.core import registry

    web = stytvolt.web
    # A seventh game, declared as a game's package declares itself, drawing with Stýrivolt's site module.
    package = types.ModuleType("othergame_package")
    package.GAME = dataclasses.replace(stytvolt.game("styrivolt"), name="othergame", quiz="", table="", widgets=())  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "othergame_package", package)
    monkeypatch.setitem(registry.GAME_MODULES, "othergame", "othergame_package")
    monkeypatch.setitem(web.WIDGETS, ("othergame", "trick"), web.Widget(
        "Other trick", lambda p: '<input name="cards">', lambda p: {"html": f"<p>other {p.get('cards', '')}</p>", "set": {}},
    ))
    monkeypatch.setitem(web.FIGURES, ("othergame", "trick"), lambda p: "<p>other figure</p>")
    assert handle({"game": "othergame", "widget": "trick", "params": {"cards": "H2"}}) == {"ok": True, "html": "<p>other H2</p>", "set": {}}
    assert 'data-winner="0"' in handle({"game": "styrivolt", "widget": "trick", "params": {"cards": "H2"}})["html"]
    assert render_figure("trick", {"cards": "H2"}, game="othergame") == "<p>other figure</p>"
    assert 'data-winner="0"' in render_figure("trick", {"cards": "H2"})
    assert render_widget("trick", {"cards": "H2"}, game="othergame").startswith('<form class="sv-controls" aria-label="Other trick">')
    response = handle({"game": "othergame", "widget": "ranking"})
    assert response == {"ok": False, "error": "unknown widget 'ranking' for othergame: expected one of trick"}


# -- bad requests: an answer, never an exception ---------------------------------------------------------------


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ X1"}}, "'X1'"),
        ({"widget": "trick", "params": {"chosen": "H,H", "cards": "CJ"}}, "must differ"),
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": ""}}, "at least one card"),
        ({"widget": "trick", "params": {"chosen": "H,S", "cards": "CJ CJ"}}, "twice"),
        ({"widget": "trick", "params": {"cards": "C3 S3", "promoted": "0"}}, "promoted: plays are numbered 1 to 2 in this trick, not '0'"),
        ({"widget": "trick", "params": {"cards": "C3 S3", "promoted": "3"}}, "not '3'"),
        ({"widget": "trick", "params": {"cards": "C3 S3", "promoted": "x" * 1000}}, "not 'xxxxxxxxxxxxxxxxxxxxxxxx…'"),
        ({"widget": "choose", "params": {"stock": "H2 H3 H4"}}, "only hearts"),
        ({"widget": "choose", "params": {"stock": "C6 C4 DA", "action": "next", "turned": "two"}}, "turned: expected how many cards"),
        ({"widget": "choose", "params": {"stock": "C6 C4 DA", "action": "next", "turned": "-1"}}, "a whole number like 3, not '-1'"),
        ({"widget": "chalk", "params": {"records": "C:ordinary"}}, "'C:ordinary'"),
        ({"widget": "chalk", "params": {"records": "", "add": "A:nothing"}}, "'A:nothing'"),
        ({"widget": "nope", "params": {}}, "unknown widget"),
        # Not an object, or the wrong shape.
        ([1, 2], "a request is an object like"),
        ("trick", "a request is an object like"),
        (None, "not None"),
        (5, "not an int"),
        ({}, "a widget is named by text like 'trick', not None"),
        ({"widget": 5}, "a widget is named by text like 'trick', not an int"),
        ({"widget": None}, "not None"),
        ({"widget": ["trick"]}, "not a list"),
        ({"widget": {"name": "trick"}}, "not a dict"),
        ({"widget": True}, "not a bool"),
        ({"widget": "trick", "params": 5}, 'params are an object of text values like {"cards": "H2 SK"}, not an int'),
        ({"widget": "trick", "params": "cards=H2"}, "params are an object of text values"),
        ({"widget": "trick", "params": [["cards", "H2"]]}, "not a list"),
        ({"widget": "trick", "params": {"cards": {"text": "H2"}}}, "param 'cards' must be text, not a dict"),
        ({"widget": "trick", "params": {"cards": ["H2", "SK"]}}, "param 'cards' must be text, not a list"),
        ({"widget": "trick", "params": {"cards": True}}, "param 'cards' must be text, not a bool"),
        ({"widget": "trick", "params": {"cards": {"a": {"b": {"c": [1, [2, [3]]]}}}}}, "must be text"),
        ({"widget": "trick", "params": {5: "H2"}}, "a param is named by text, not an int"),
        ({"widget": "trick", "params": {"cards": 10 ** 9000}}, "param 'cards' is a number too long"),
        ({"widget": "chalk", "params": {"title": "\ud800x"}}, "param 'title' is not valid text: it holds half of a surrogate pair"),
        ({"widget": "chalk", "params": {"\udfff": "x"}}, "param '\\udfff' is not valid text"),
    ],
)
def test_bad_input_is_an_answer_not_a_crash(request_: object, message: str) -> None:
    response = handle(request_)
    assert response["ok"] is False and message in response["error"], response
    assert not response["error"].startswith("internal error")


def test_params_none_means_none() -> None:
    assert handle({"widget": "ranking", "params": None}) == handle({"widget": "ranking"}) == handle({"widget": "ranking", "params": {}})
    assert handle({"widget": "ranking"})["ok"] is True
    assert handle({"widget": "trick", "params": None})["error"].startswith("cards: name at least one card")
    # A null value is a param left out; numbers are read as their text.
    assert handle({"widget": "trick", "params": {"cards": "H2", "promoted": None}})["ok"] is True
    assert handle({"widget": "choose", "params": {"stock": "C6 C4 DA CA D7 H5", "action": "next", "turned": 2}})["set"] == {"turned": "3"}


def test_json_round_trip_and_garbage() -> None:
    assert json.loads(handle_json('{"widget": "trick", "params": {"cards": "H2"}}'))["ok"] is True
    assert json.loads(handle_json('{"game": "styrivolt", "widget": "trick", "params": {"cards": "H2"}}'))["ok"] is True
    for text, message in [
        ("{not json", "the request is not JSON: "),
        ("", "the request is not JSON: "),
        ("[1, 2]", "a request is an object like"),
        ("null", "not None"),
        ('"trick"', "not a str"),
        ('{"widget": "trick", "params": 5}', "params are an object"),
        ('{"widget": "trick", "params": [1, 2]}', "params are an object"),
        ('{"widget": 5}', "not an int"),
        ('{"widget": "trick", "params": {"cards": {"a": [1, {"b": null}]}}}', "param 'cards' must be text"),
        ("[" * 15_000, "the request is nested too deeply to read"),
        ('{"a":' * 3_000 + "1" + "}" * 3_000, "nested too deeply"),
        ('{"widget": "trick", "params": {"cards": ' + "[" * 5_000 + "]" * 5_000 + "}}", "nested too deeply"),
        ('{"widget": "trick", "params": {"seed": ' + "9" * 5_000 + "}}", "the request is not JSON: "),
        ("x" * 30_000, "the request is 30,000 characters long; at most 20,000 are accepted"),
    ]:
        got = json.loads(handle_json(text))
        assert got["ok"] is False and message in got["error"], (text[:60], got)
        assert not got["error"].startswith("internal error") and len(got["error"]) < 200, got
    # A JavaScript string may hold half a surrogate pair; JSON.stringify escapes it, json.loads restores it.
    got = json.loads(handle_json('{"widget": "chalk", "params": {"records": "", "title": "\\ud800"}}'))
    assert got == {"ok": False, "error": "param 'title' is not valid text: it holds half of a surrogate pair"}
    for value in (None, 5, b'{"widget": "trick"}', {"widget": "trick"}):
        got = json.loads(handle_json(value))  # type: ignore[arg-type]
        assert got["ok"] is False and "a request is JSON text, not" in got["error"], got
    with pytest.raises(WidgetError):
        render_figure("nope", {})


def test_an_unexpected_exception_is_reported_by_its_class_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(params: dict[str, str]) -> stytvolt.web.Answer:
        raise ZeroDivisionError("secret details")

    spec = stytvolt.web.WIDGETS[("styrivolt", "trick")]
    monkeypatch.setitem(stytvolt.web.WIDGETS, ("styrivolt", "trick"), stytvolt.web.Widget(spec.title, spec.controls, broken))
    assert handle({"widget": "trick", "params": {"cards": "H2"}}) == {"ok": False, "error": "internal error: ZeroDivisionError"}
    assert json.loads(handle_json('{"widget": "trick"}')) == {"ok": False, "error": "internal error: ZeroDivisionError"}


# -- limits ----------------------------------------------------------------------------------------------------


def refused(request: object) -> str:
    response = handle(request)
    assert response["ok"] is False, response
    return str(response["error"])


def test_limit_request_text() -> None:
    request = '{"widget": "ranking", "params": {"chosen": "H,S"}}'
    at_limit = request + " " * (MAX_REQUEST_CHARS - len(request))
    assert len(at_limit) == MAX_REQUEST_CHARS == 20_000
    assert json.loads(handle_json(at_limit))["ok"] is True
    over = json.loads(handle_json(at_limit + " "))
    assert over == {"ok": False, "error": "the request is 20,001 characters long; at most 20,000 are accepted"}


def test_limit_request_depth() -> None:
    """Deep JSON is refused before it is parsed (in Pyodide it would overflow the WebAssembly stack)."""
    assert MAX_REQUEST_DEPTH == 20

    def nested(depth: int) -> str:
        return '{"widget": "trick", "params": {"cards": ' + "[" * (depth - 2) + "]" * (depth - 2) + "}}"

    assert json.loads(handle_json(nested(MAX_REQUEST_DEPTH)))["error"] == "param 'cards' must be text, not a list"
    assert json.loads(handle_json(nested(MAX_REQUEST_DEPTH + 1)))["error"] == (
        "the request is nested too deeply to read: at most 20 levels are accepted"
    )
    # Brackets inside strings are text, not nesting.
    text = json.dumps({"widget": "trick", "params": {"cards": "H2", "title": "[{" * 500 + '\\"]' * 10}})
    assert json.loads(handle_json(text))["ok"] is True


def test_limit_params_count() -> None:
    params = {"chosen": "H,S", **{f"extra{i}": "" for i in range(MAX_PARAMS - 1)}}
    assert len(params) == MAX_PARAMS == 20 and handle({"widget": "ranking", "params": params})["ok"] is True
    params["one_more"] = ""
    assert refused({"widget": "ranking", "params": params}) == "21 params given; at most 20 are accepted"


def test_limit_param_length() -> None:
    assert MAX_PARAM_CHARS == 2_000
    seed = "s" * MAX_PARAM_CHARS
    assert handle({"widget": "ranking", "params": {"action": "random", "seed": seed}})["ok"] is True
    assert refused({"widget": "ranking", "params": {"action": "random", "seed": seed + "s"}}) == (
        "param 'seed' is 2,001 characters long; at most 2,000 are accepted"
    )
    assert refused({"widget": "ranking", "params": {"n" * 2_001: ""}}) == (
        "a param name is 2,001 characters long; at most 2,000 are accepted"
    )
    # The same limits hold for a page's placeholders.
    with pytest.raises(WidgetError, match="param 'cards' is 2,001 characters long"):
        render_figure("cards", {"cards": "H2 " * 667})


def test_limit_chalk_records() -> None:
    assert MAX_CHALK_RECORDS == 200
    full = " ".join(["A:nine"] * MAX_CHALK_RECORDS)
    answer = handle({"widget": "chalk", "params": {"records": full}})
    assert answer["ok"] is True and len(answer["html"]) < 200_000
    assert refused({"widget": "chalk", "params": {"records": full + " B:nine"}}) == (
        "records: the chalk-up holds at most 200 results; 201 given"
    )
    assert refused({"widget": "chalk", "params": {"records": full, "add": "B:nine"}}) == (
        "records: the chalk-up holds at most 200 results; start a new slate"
    )
    # Undo and a new slate still work on a full chalk-up.
    assert handle({"widget": "chalk", "params": {"records": full, "action": "undo", "add": "B:nine"}})["ok"] is True
    assert handle({"widget": "chalk", "params": {"records": full + " B:nine", "action": "reset"}})["set"] == {"records": ""}
    # The worst a page can send is a few tens of kilobytes of HTML, not megabytes.
    worst = max(
        len(handle({"widget": "chalk", "params": {"records": " ".join([word] * n)}}).get("html", ""))
        for word, n in (("A:nine-alone", 153), ("A:penalty", 199), ("A:kept-in-alone", 125), ("A:nine", 200))
    )
    assert 0 < worst < 200_000, worst


def test_limit_trick_cards() -> None:
    assert MAX_TRICK_CARDS == 4
    assert handle({"widget": "trick", "params": {"cards": "H2 SK S3 DJ"}})["ok"] is True
    assert refused({"widget": "trick", "params": {"cards": "H2 SK S3 DJ H6"}}) == "cards: a trick holds at most 4 cards; 5 given"
    assert refused({"widget": "trick", "params": {"cards": "H2," * 600}}) == "cards: a trick holds at most 4 cards; 600 given"


def test_limit_stock_cards() -> None:
    assert MAX_STOCK_CARDS == 12
    twelve = "C6 C4 DA CA D7 H5 S2 H8 DQ SJ C9 HK"
    assert handle({"widget": "choose", "params": {"stock": twelve}})["ok"] is True
    assert refused({"widget": "choose", "params": {"stock": twelve + " S9"}}) == "stock: a stock holds at most 12 cards; 13 given"
    with pytest.raises(WidgetError, match="stock: a stock holds at most 12 cards; 13 given"):
        render_figure("choose", {"stock": twelve + " S9"})


def test_the_limits_are_documented() -> None:
    doc = stytvolt.web.__doc__ or ""
    assert "Limits\n------" in doc
    for name in ("MAX_REQUEST_CHARS", "MAX_REQUEST_DEPTH", "MAX_PARAMS", "MAX_PARAM_CHARS", "MAX_CHALK_RECORDS", "MAX_TRICK_CARDS", "MAX_STOCK_CARDS"):
        assert f":data:`{name}`" in doc
    for figure in ("20,000", "20 levels", "2,000", "20 params", "200 results", "4 cards", "12 cards"):
        assert figure in doc


# -- errors the reader can act on --------------------------------------------------------------------------------


BAD_CARD_LISTS = [
    {"widget": "trick", "params": {"cards": "X" * 5_000}},
    {"widget": "trick", "params": {"cards": "X" * 1_999}},
    {"widget": "trick", "params": {"cards": "H2 SK " + "Q" * 1_900}},
    {"widget": "trick", "params": {"cards": "CJ " * 600}},
    {"widget": "trick", "params": {"cards": "CJ CJ"}},
    {"widget": "trick", "params": {"cards": "CJ S4 CJ"}},
    {"widget": "trick", "params": {"cards": "HT"}},
    {"widget": "trick", "params": {"cards": "C3 S3 D3", "promoted": "2"}},
    {"widget": "trick", "params": {"cards": "C5 S4", "promoted": "1"}},
    {"widget": "trick", "params": {"chosen": "hearts" * 300, "cards": "H2"}},
    {"widget": "trick", "params": {"chosen": "H," * 900, "cards": "H2"}},
    {"widget": "choose", "params": {"stock": "H2 H2 S3"}},
    {"widget": "choose", "params": {"stock": "C6 C4 DA", "prefer": "Z" * 1_500}},
    {"widget": "choose", "params": {"stock": "C6 C4 DA", "turned": "7" * 1_500}},
    {"widget": "choose", "params": {"stock": "H2 " * 600}},
    {"widget": "choose", "params": {"stock": "H2"}},
    {"widget": "chalk", "params": {"records": "A:" + "o" * 1_900}},
    {"widget": "chalk", "params": {"records": "A:ordinary " * 150 + "C:ordinary"}},
    {"widget": "w" * 1_000},
    {"game": "g" * 1_000, "widget": "trick"},
    {"widget": "trick", "params": {"k" * 1_000: {"nested": True}}},
]


@pytest.mark.parametrize("request_", BAD_CARD_LISTS, ids=range(len(BAD_CARD_LISTS)))
def test_errors_are_short_and_name_each_card_once(request_: dict[str, object]) -> None:
    error = refused(request_)
    assert not error.startswith("internal error")
    assert len(error) <= 200, error
    sent = json.dumps(request_)
    # No long piece of the input is echoed: at most the 24 characters a bad token is cut to.
    assert not any(sent[i : i + 30] in error for i in range(0, len(sent) - 30)), error
    named = re.findall(r"\b[SHDC](?:[2-9TJQKA]|10)\b|[♠♥♦♣](?:[2-9TJQKA]|10)", error)
    assert len(named) == len(set(named)), f"a card is named twice: {error}"


# -- never raises --------------------------------------------------------------------------------------------------

# Text as a page may send it: any characters, and now and then half of a surrogate pair (JavaScript strings may hold one).
TEXT = st.text(max_size=30) | st.text(st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010, exclude_categories=()), max_size=5)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
KINDS = st.sampled_from(["ranking", "trick", "choose", "chalk", "x", ""])
PARAM_NAMES = st.sampled_from(["chosen", "cards", "stock", "records", "action", "add", "turned", "promoted", "seed", "prefer", "scoring", "title"])


def no_internal_error(response: dict[str, object]) -> None:
    assert response["ok"] in (True, False)
    if response["ok"] is False:
        assert isinstance(response["error"], str) and response["error"]
        assert not response["error"].startswith("internal error"), response
    else:
        assert isinstance(response["html"], str) and isinstance(response["set"], dict)


@settings(max_examples=300, deadline=None)
@given(KINDS, st.dictionaries(PARAM_NAMES, TEXT))
def test_handle_never_raises(widget: str, params: dict[str, str]) -> None:
    no_internal_error(handle({"widget": widget, "params": params}))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.none(), st.just("styrivolt"), JSON), st.one_of(KINDS, JSON),
       st.one_of(st.none(), JSON, st.dictionaries(PARAM_NAMES, JSON, max_size=5)))
def test_handle_never_raises_on_any_json(game: object, widget: object, params: object) -> None:
    request = {"game": game, "widget": widget, "params": params}
    no_internal_error(handle(request))
    no_internal_error(json.loads(handle_json(json.dumps(request))))


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_handle_json_never_raises_on_any_value(value: object) -> None:
    no_internal_error(json.loads(handle_json(json.dumps(value))))
    no_internal_error(handle(value))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_handle_json_never_raises_on_any_text(text: str) -> None:
    no_internal_error(json.loads(handle_json(text)))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["cards", "stock", "records", "chosen", "promoted", "turned", "add", "prefer"]),
       st.text(alphabet="HSDCJQKA23456789T, :-=♥♠\x00", max_size=MAX_PARAM_CHARS))
def test_long_params_never_raise_and_stay_short(name: str, value: str) -> None:
    for kind in ("trick", "choose", "chalk"):
        response = handle({"widget": kind, "params": {name: value, "stock": "C6 C4 DA"} if name != "stock" else {name: value}})
        no_internal_error(response)
        if response["ok"] is False:
            assert len(str(response["error"])) <= 200, response


def test_the_wheel_builds_reproducibly_and_imports(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "interactive"))
    try:
        from wheelbuild import build_wheel
    finally:
        sys.path.pop(0)
    first = build_wheel(tmp_path / "a")
    second = build_wheel(tmp_path / "b")
    assert first.read_bytes() == second.read_bytes(), "the same sources must give the same wheel (SOURCE_DATE_EPOCH)"
    names = zipfile.ZipFile(first).namelist()
    assert "stytvolt/web/html.py" in names and "stytvolt/py.typed" in names and "stytvolt/styrivolt/puzzles.json" in names
    assert {i.date_time for i in zipfile.ZipFile(first).infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert not [n for n in names if n.startswith(("tests/", "interactive/", "bench/", "docs/"))]
    assert any(n.endswith(".dist-info/METADATA") for n in names) and any(n.endswith(".dist-info/RECORD") for n in names)
    code = "import stytvolt.web, sys; assert stytvolt.web.__file__.startswith(sys.argv[1]); print('ok')"
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, sys.argv[1]); {code}", str(first)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"
