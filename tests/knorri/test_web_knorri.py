"""Knorri on the site (stytvolt.knorri.site, docs/knorri/*.md): figures and widgets, with answers worked by hand.

The expectations come from the rules as our pages state them (docs/knorri/*.md, rulings R87-R100): in phase two
a card beats a higher card of its suit, a diamond beats any spade or heart, only a higher club beats a club
(soft clubs: any spade, heart or diamond too) and a club beats only a lower club; in phase one a turned card
takes one lower card of its suit, the player choosing, a diamond with none takes a spade or a heart, else it
stays (all-lower: every lower card of the suit, no trumps); phase two opens with ♣2 and its unbroken run as one
card; each player beats the top card or picks up the bottom one; a trick completes at the number of players
holding cards when it began.  The positions the pages step through are replayed here by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stytvolt.web import begin_json, handle, render_figure
from stytvolt.knorri.site import AVOID_HANDS, EXAMPLE_HANDS, MAX_AVOID_CARDS
from htmlkit import cards_in, markup, steps_of

GAME = "knorri"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "knorri"


def fig(kind: str, **params: str) -> str:
    return render_figure(kind, params, game=GAME)


def answer(widget: str, **params: str) -> tuple[str, dict[str, str]]:
    response = handle({"game": GAME, "widget": widget, "params": params})
    assert response["ok"] is True, response
    return response["html"], response["set"]


def refused(widget: str, **params: str) -> str:
    response = handle({"game": GAME, "widget": widget, "params": params})
    assert response["ok"] is False, response
    return str(response["error"])


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def said(html: str, name: str) -> str:
    found = re.search(rf'data-answer="{name}">([^<]*)<', html)
    assert found, html[:300]
    return found.group(1)


# -- cards, the chart, may it beat ------------------------------------------------------------------------------


def test_cards_say_what_they_are_in_phase_two() -> None:
    html = fig("cards", cards="DA C2 SK C2*")
    markup(html)
    assert cards_in(html) == ["DA", "C2", "SK"]  # the marked two's data-card is C2*, drawn after
    assert 'aria-label="ace of diamonds, a trump"' in html
    assert 'aria-label="two of clubs, a hard club"' in html
    assert "marked ♣2, opens" in html
    assert "soft club" in fig("cards", cards="C5", soft="yes")


#: The beat chart by hand: (top suit, played suit) → cell, hard clubs; soft clubs change only the club row.
CHART = {
    ("S", "S"): "higher", ("S", "H"): "never", ("S", "D"): "any", ("S", "C"): "never",
    ("H", "S"): "never", ("H", "H"): "higher", ("H", "D"): "any", ("H", "C"): "never",
    ("D", "S"): "never", ("D", "H"): "never", ("D", "D"): "higher", ("D", "C"): "never",
    ("C", "S"): "never", ("C", "H"): "never", ("C", "D"): "never", ("C", "C"): "higher",
}


@pytest.mark.parametrize("soft", ["no", "yes"])
def test_the_beat_chart(soft: str) -> None:
    html = fig("chart", soft=soft)
    markup(html)
    cells = {(t, p): c for c, t, p in re.findall(r'data-cell="(\w+)" data-top="(\w)" data-played="(\w)"', html)}
    want = dict(CHART)
    if soft == "yes":
        want.update({("C", "S"): "any", ("C", "H"): "any", ("C", "D"): "any"})
    assert cells == want


@pytest.mark.parametrize(("card", "top", "soft", "verdict", "code"), [
    ("D2", "SA", "no", "♦2 beats ♠A", "trumps"),          # any diamond on a spade
    ("SA", "H3", "no", "♠A cannot beat ♥3", "other-suit"),  # a spade never beats a heart
    ("DA", "C3", "no", "♦A cannot beat ♣3", "hard-club"),   # hard clubs: only a higher club
    ("H4", "CK", "yes", "♥4 beats ♣K", "soft-club"),        # soft clubs: any heart on a club
    ("CA", "S2", "yes", "♣A cannot beat ♠2", "club-on-other"),  # a club beats only clubs, soft or hard
    ("D9", "D8", "no", "♦9 beats ♦8", "higher-same-suit"),
])
def test_may_it_beat(card: str, top: str, soft: str, verdict: str, code: str) -> None:
    html, kept = answer("beat", card=card, top=top, soft=soft)
    assert said(html, "beat") == verdict
    assert f'data-code="{code}"' in html
    assert kept == {"card": card, "top": top, "soft": soft}


@pytest.mark.parametrize(("params", "field"), [
    ({"card": "D2", "top": "D2"}, "card"),
    ({"card": "X9", "top": "SA"}, "card"),
    ({"card": "D2", "top": "SA SK"}, "top"),
    ({"card": "D2", "top": "SA", "soft": "maybe"}, "soft"),
])
def test_may_it_beat_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("beat", **params).startswith(field)


# -- the take explainer ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("turned", "table", "variant", "options", "words"), [
    ("S9", "S4 S7 H2 DK C5", "standard", "S4 S7", "♠9 must take one of ♠4 ♠7: the player chooses"),
    ("D7", "S4 HK D9 C2", "standard", "S4 HK", "♦7 must take one of ♠4 ♥K: the player chooses"),
    ("D7", "D3 S4 HK", "standard", "D3", "♦7 must take ♦3"),
    ("C5", "C7 HA D2", "standard", "", "♣5 takes nothing and stays on the table"),
    ("S9", "S4 S7 SQ H2", "all-lower", "S4 S7", "♠9 takes ♠4 ♠7 together"),
    ("D5", "S4 D8", "all-lower", "", "♦5 takes nothing and stays on the table"),  # no trumps in this version
])
def test_what_the_turned_card_takes(turned: str, table: str, variant: str, options: str, words: str) -> None:
    html, kept = answer("take", turned=turned, table=table, variant=variant)
    markup(html)
    assert said(html, "take") == words
    assert f'data-options="{options}"' in html
    assert kept == {"turned": turned, "table": table, "variant": variant}


def test_each_table_card_is_said_takeable_or_refused_in_the_rules_words() -> None:
    html, _ = answer("take", turned="D7", table="S4 HK D9 C2")
    codes = {card: code for code, card in re.findall(r'data-code="([\w-]+)" data-card="(\w\w)"', html)}
    assert codes == {"S4": "may", "HK": "may", "D9": "not-lower", "C2": "diamond-not-club"}
    assert "♦7 cannot take ♣2: a diamond takes a spade or a heart, never a club." in text(html)


@pytest.mark.parametrize(("params", "field"), [
    ({"turned": "D7", "table": "D7 S4"}, "table"),
    ({"turned": "D7", "table": ""}, "table"),
    ({"turned": "D7 D8", "table": "S4"}, "turned"),
    ({"turned": "D7", "table": "S4", "variant": "mas"}, "variant"),
])
def test_the_take_explainer_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    assert refused("take", **params).startswith(field)


# -- a phase-two position, stepped ------------------------------------------------------------------------------


def test_the_sources_example_stepped() -> None:
    # A plays 2-3-4 (one card), B ♣7, C ♣J; D cannot beat and picks up ♣2; A picks up ♣3, B ♣4; C (♦5 ♠8)
    # cannot beat ♣J and picks up ♣7; then the computer plays on to the end, every step explained.
    html, kept = answer("hand")
    markup(html)
    titles = steps_of(html)
    assert titles[:8] == ["The start", "1. A plays ♣2 ♣3 ♣4", "2. B plays ♣7", "3. C plays ♣J", "4. D picks up",
                          "5. A picks up", "6. B picks up", "7. C picks up"]
    steps = re.findall(r'<li class="sv-step"[^>]*>(.*?)</li>(?=<li class="sv-step"|</ol></div>)', html)
    assert "a run that counts as one card of the trick" in text(steps[1])
    assert "The trick, bottom card first: ♣3 ♣4 · ♣7 · ♣J — 3 of the 4 cards" in text(steps[4])
    assert "The trick, bottom card first: ♣7 · ♣J — 2 of the 4 cards" in text(steps[6])
    assert "is the hörri and loses" in text(html)
    assert kept["hands"] == EXAMPLE_HANDS and kept["step"] == "1"


def test_the_trick_that_outlives_a_player_going_out() -> None:
    # Four hold cards; B goes out on ♥K; after ♥8 picked up, ♥A and ♦5, three cards lie and three players are
    # left, but four began the trick: C's ♦7 is the fourth card and completes it.
    html = fig("hand", hands="H8 D5 S2 S3 / HK / D7 S4 S5 / HA S6 S7", leader="A",
               moves="play H8, play HK, pick up, play HA, play D5, play D7", finish="no")
    titles = steps_of(html)
    assert titles[-1] == "6. C plays ♦7" and len(titles) == 7
    last = text(html.rsplit('<li class="sv-step"', 1)[1])
    assert "The trick has its 4 cards" in last and "C leads the next trick" in last
    assert "B has no cards left and is out: safe" in text(html)


def test_the_stepper_keeps_its_step_for_the_same_position_only() -> None:
    _, kept = answer("hand")
    html, again = answer("hand", **{**kept, "step": "5"})
    assert again["step"] == "5" and 'data-start="4"' in html
    _, moved = answer("hand", **{**kept, "step": "5", "moves": "play C2"})
    assert moved["step"] == "1"


@pytest.mark.parametrize(("params", "field"), [
    ({"hands": "C2 / H3"}, "hands"),
    ({"hands": "C2 H3 / H3 / S4"}, "hands"),
    ({"moves": "play SA"}, "moves"),
    ({"moves": "fly away"}, "moves"),
    ({"leader": "Z"}, "leader"),
    ({"step": "9999", "dealt": "x"}, ""),
])
def test_the_stepper_refuses_naming_the_field(params: dict[str, str], field: str) -> None:
    if field:
        assert refused("hand", **params).startswith(field)
    else:
        assert answer("hand", **params)[1]["step"] == "1"  # a step kept for another position is dropped


# -- can I still avoid losing? ------------------------------------------------------------------------------------


def test_can_a_avoid_losing_in_the_pages_position() -> None:
    # The page says: A leads from ♥5 ♦2 ♠7 against B ♥9 ♠3 and C ♦6, and only ♠7 keeps A safe.  The full
    # tree is the solver's (pinned against a reference in test_knorri_solver.py); here the widget must report
    # it move by move.  One safe line by hand: ♠7 led, B cannot beat it and picks it up, C leads ♦6 and is
    # out; A cannot beat ♦6 and picks it up; B leads, A beats with ♦2 where it can, leads ♦6 (which B cannot
    # beat, so B picks it up) and goes out with ♥5.
    html, kept = answer("avoid")
    assert said(html, "safe").startswith("Yes: A can make sure of not losing")
    codes = {move: code for code, move in re.findall(r'data-code="(\w+)" data-move="([^"]+)"', html)}
    assert codes == {"play S7": "safe", "play H5": "unsafe", "play D2": "unsafe"}
    assert kept == {"hands": AVOID_HANDS, "leader": "A", "seat": "A"}


def test_a_lone_trump_keeps_its_holder_safe() -> None:
    # A ♥5 ♦2 leads against B ♥9 ♠3; C took nothing, so two hold cards and a trick needs two.
    # ♦2 led: neither ♥9 nor ♠3 beats a trump, so B picks it up; the trick is empty and A, next, leads ♥5, the
    # last card: A is out, safe.  ♥5 led: B beats with ♥9, completing the trick, and leads ♠3, B's last card;
    # only A holds a card (♦2) and loses.  So ♦2 is safe and ♥5 is not.
    html, _ = answer("avoid", hands="H5 D2 / H9 S3 / ", leader="A")
    codes = {move: code for code, move in re.findall(r'data-code="(\w+)" data-move="([^"]+)"', html)}
    assert codes == {"play D2": "safe", "play H5": "unsafe"}


def test_the_avoid_answer_works_in_slices_and_reports_progress() -> None:
    job = begin_json(json.dumps({"game": GAME, "widget": "avoid", "params": {}}))
    progress = []
    while True:
        reply = json.loads(job.step(0))
        if reply["done"]:
            break
        progress.append(reply["progress"])
    assert reply["response"]["ok"] is True
    assert progress == sorted(progress) and len(progress) >= 3  # one slice a move at least


def test_the_avoid_answer_refuses_a_position_too_big() -> None:
    big = "C2 C3 C4 H5 / C7 H9 S3 / CJ D5 S8"
    assert sum(len(h.split()) for h in big.split("/")) > MAX_AVOID_CARDS
    assert refused("avoid", hands=big).startswith("hands")
    assert refused("avoid", hands=AVOID_HANDS, seat="Q").startswith("seat")


# -- the pages --------------------------------------------------------------------------------------------------


def test_every_knorri_page_places_only_knorri_figures_that_render() -> None:
    for page in sorted(DOCS.glob("*.md")):
        for attrs in re.findall(r'<div class="sv-(figure|widget)" ([^>]*)>', page.read_text(encoding="utf-8")):
            kind, body = attrs
            params = dict(re.findall(r'data-([\w-]+)="([^"]*)"', body))
            assert params.pop("game") == GAME, (page.name, body)
            name = params.pop(kind)
            if name == "quiz":
                continue
            if kind == "figure":
                markup(fig(name, **params))
            else:
                assert handle({"game": GAME, "widget": name, "params": params})["ok"] is True, (page.name, name)


def test_the_scoring_pages_examples_are_the_engines() -> None:
    from stytvolt.knorri import scores

    page = " ".join((DOCS / "scoring-and-variants.md").read_text(encoding="utf-8").split())
    # Four players: out first with three still holding cards +3, then +2, +1; the loser pays 6.
    assert scores(4, [0, 1, 2], 3) == [3, 2, 1, -6]
    assert "the first out scores +3" in page and "the second +2, the third +1, and the loser −6" in page
    # Five, one of whom took nothing: +4 for the four holding cards, then +3 +2 +1, the loser pays 10.
    assert scores(5, [0, 1, 2], 3, no_cards=[4]) == [3, 2, 1, -10, 4] and "the loser pays 10" in page
