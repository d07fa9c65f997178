"""Pictures of the chalk-up (stytvolt.styrivolt.site.chalk, stytvolt.styrivolt.chalk): the description, the ASCII drawing and the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.errors import StytvoltError
from stytvolt.styrivolt.chalk import STROKES, Chalkboard, ChalkState, Result, Scoring, parse_records
from stytvolt.styrivolt.chalk import chalk_description
from stytvolt.styrivolt.site.chalk import chalk_small_svg, chalk_svg, chalk_text, small_rows

R = Result
A, B = 0, 1
SVG = "{http://www.w3.org/2000/svg}"


def board_with(*, crosses: tuple[int, int] = (0, 0), monks: tuple[int, int] = (0, 0)) -> Chalkboard:
    """A Kvívík board (fresh chalk-up) where one team holds the given crosses."""
    board = Chalkboard()
    for t in (A, B):
        for _ in range(crosses[t]):
            board.record(1 - t, R.ORDINARY)
            board.record(t, R.NINE_TRICKS)
        for _ in range(monks[t]):
            board.record(t, R.KEPT_IN_ALONE)
    assert (board.crosses(A), board.crosses(B)) == crosses
    assert (board.monks(A), board.monks(B)) == monks
    return board


def known_state() -> ChalkState:
    """A erased 1 (2 standing), B erased 2 (1 standing); A holds 2 crosses + 1 monk."""
    b = board_with(crosses=(2, 0), monks=(1, 0))
    b.record(A, R.ORDINARY)
    b.record(B, R.KEPT_IN)
    assert b.state.erased == (1, 2)
    return b.state


def seed_example() -> ChalkState:
    b = Chalkboard()
    for team, result in parse_records(
        "B:ordinary A:kept-in A:ordinary A:ordinary A:kept-in B:kept-in A:ordinary B:nine A:ordinary B:ordinary"
    ):
        b.record(team, result)
    return b.state


# -- text -------------------------------------------------------------------------


def test_chalk_text() -> None:
    text = chalk_text(known_state())
    lines = text.splitlines()
    stroke_rows = [ln for ln in lines if "|" in ln and ("-" in ln or "." in ln)]
    assert len(stroke_rows) == STROKES
    left = [ln.split("|")[0] for ln in stroke_rows]
    right = [ln.split("|")[1] for ln in stroke_rows]
    assert sum("---" in s for s in left) == 2 and sum(". ." in s for s in left) == 1
    assert sum("---" in s for s in right) == 1 and sum(". ." in s for s in right) == 2
    a_line = next(ln for ln in lines if ln.startswith("A crosses:"))
    b_line = next(ln for ln in lines if ln.startswith("B crosses:"))
    marks = a_line.split(":", 1)[1].split("(")[0].split()
    assert marks.count("x") == 2 and marks.count("#") == 1
    assert "x" not in b_line.split(":", 1)[1].split("(")[0]
    assert "B draws the next chalk-up" in text
    assert "Standing strokes: A 2, B 1" in text


def test_chalk_text_of_the_seed_example_is_unchanged() -> None:
    assert chalk_text(seed_example()) == "\n".join([
        "Chalk-up no. 5",
        "        A | B      ",
        "  ------- | -------",
        "  ------- | -------",
        "  ------- | -------",
        "          |",
        "A crosses: x  (one cross)",
        "B crosses: -  (no crosses)",
        "Standing strokes: A 3, B 3. B draws the next chalk-up.",
        "Key: ------- standing stroke, . . . . erased stroke, x cross, # monk's cross (two crosses)",
    ])


def test_chalk_text_uses_the_given_names() -> None:
    state = known_state()
    text = chalk_text(state, ("Norð", "Suð"))
    assert "Norð crosses: x x #" in text and "Suð crosses: -" in text
    assert "Suð draws the next chalk-up" in text
    assert " A " not in text and "A crosses" not in text
    # Long names widen the strokes so the line stays in the middle.
    wide = chalk_text(state, ("North–South", "East–West")).splitlines()
    assert wide[1] == "  North–South | East–West  "
    assert wide[2:5] == [
        "  . . . . . . | . . . . . .",  # strokes are erased from the top
        "  ----------- | . . . . . .",
        "  ----------- | -----------",
    ]


def test_description() -> None:
    assert chalk_description(known_state()) == (
        "Chalk-up 3. A: 2 of 3 strokes standing, 1 erased; holds two crosses and one monk's cross, worth 4. "
        "B: 1 of 3 strokes standing, 2 erased; holds no crosses. B draws the next chalk-up."
    )
    assert chalk_description(ChalkState(), ["North", "South"]) == (
        "Chalk-up 1. North: 3 of 3 strokes standing, 0 erased; holds no crosses. "
        "South: 3 of 3 strokes standing, 0 erased; holds no crosses. North draws the next chalk-up."
    )


# -- SVG ---------------------------------------------------------------------------


def test_svg_is_accessible_and_counts_match() -> None:
    state = known_state()
    svg = chalk_svg(state, title="Our game")
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    title = root.find(SVG + "title")
    desc = root.find(SVG + "desc")
    assert title is not None and title.text == "Our game"
    assert desc is not None and desc.text is not None
    assert "A: 2 of 3 strokes standing" in desc.text and "B: 1 of 3 strokes standing" in desc.text
    assert "two crosses and one monk's cross" in desc.text
    assert desc.text == chalk_description(state)
    labelled = root.get("aria-labelledby", "").split()
    assert title.get("id") in labelled and desc.get("id") in labelled

    def count(cls: str, team: int) -> int:
        return sum(
            1
            for el in root.iter()
            if el.get("class") == cls and el.get("data-team") == str(team)
        )

    assert (count("stroke standing", A), count("stroke erased", A)) == (2, 1)
    assert (count("stroke standing", B), count("stroke erased", B)) == (1, 2)
    assert (count("cross", A), count("monk", A), count("cross", B), count("monk", B)) == (2, 1, 0, 0)
    # Erased strokes differ by dash as well as opacity (not colour alone).
    for el in root.iter(SVG + "line"):
        if el.get("class") == "stroke erased":
            assert el.get("stroke-dasharray") and el.get("stroke-opacity")
    # A monk's cross has the X's two lines plus two transversals.
    monk = next(el for el in root.iter() if el.get("class") == "monk")
    assert len(list(monk)) == 4
    assert "currentColor" in svg and "#" not in svg.replace("&#", "")
    assert svg == chalk_svg(state, title="Our game")  # deterministic


def test_svg_default_title_and_escaping() -> None:
    root = ET.fromstring(chalk_svg(ChalkState(), ("<A&>", 'B"')))
    title = root.find(SVG + "title")
    assert title is not None and title.text == "Stýrivolt chalk-up"
    desc = root.find(SVG + "desc")
    assert desc is not None and desc.text is not None and "<A&>" in desc.text
    labels = [el.text for el in root.iter(SVG + "text")]
    assert labels[:2] == ["<A&>", 'B"'] and labels[-1] == "<A&> draws the next chalk-up"


def test_svg_ids() -> None:
    state = known_state()
    root = ET.fromstring(chalk_svg(state, id_prefix="fig3"))
    assert root.get("aria-labelledby") == "fig3-title fig3-desc"
    # Without a prefix the ids come from the content: other content, other ids.
    one, two = (ET.fromstring(chalk_svg(s)).get("aria-labelledby") for s in (state, ChalkState()))
    assert one != two and one == ET.fromstring(chalk_svg(state)).get("aria-labelledby")
    assert ET.fromstring(chalk_svg(state, title="x")).get("aria-labelledby") != one


def test_svg_rows_of_crosses_grow_the_picture() -> None:
    small = ET.fromstring(chalk_svg(ChalkState(crosses=(4, 0), drawer=1)))
    big = ET.fromstring(chalk_svg(ChalkState(crosses=(5, 0), drawer=1)))
    assert int(big.get("height", "0")) > int(small.get("height", "0"))


# -- bad input ----------------------------------------------------------------------


@pytest.mark.parametrize("names", [("A",), ("A", ""), ("A", 2), "AB", None, ("A", "B", "C")])
def test_bad_names_are_refused(names: object) -> None:
    for draw in (chalk_text, chalk_description, chalk_svg):
        with pytest.raises(StytvoltError, match="names"):
            draw(ChalkState(), names)  # type: ignore[arg-type]


def test_only_a_state_is_drawn() -> None:
    for draw in (chalk_text, chalk_description, chalk_svg):
        with pytest.raises(ValueError, match="ChalkState"):
            draw(Chalkboard())  # type: ignore[arg-type]


# -- properties ------------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    recs=st.lists(st.tuples(st.sampled_from([A, B]), st.sampled_from(list(Result))), max_size=60),
    scoring=st.sampled_from(list(Scoring)),
)
def test_pictures_follow_the_state(recs: list[tuple[int, Result]], scoring: Scoring) -> None:
    b = Chalkboard(scoring=scoring)
    for team, result in recs:
        b.record(team, result)
    s = b.state
    again = Chalkboard.from_json(b.to_json()).state
    assert chalk_text(again) == chalk_text(s) and chalk_svg(again) == chalk_svg(s)
    root = ET.fromstring(chalk_svg(s))
    for t in (A, B):
        marks = [el.get("class") for el in root.iter() if el.get("data-team") == str(t)]
        assert marks.count("stroke erased") == s.erased[t]
        assert marks.count("stroke standing") == s.standing(t)
        assert marks.count("cross") == s.crosses[t] and marks.count("monk") == s.monks[t]
    text = chalk_text(s)
    assert f"Chalk-up no. {s.chalkups}" in text
    assert f"{'AB'[s.drawer]} draws the next chalk-up" in text


def test_the_small_drawing_is_named_or_hidden_and_as_tall_as_asked() -> None:
    state = ChalkState(erased=(1, 0), crosses=(0, 2), monks=(0, 2), drawer=0, chalkups=4)
    named = ET.fromstring(chalk_small_svg(state, ("Team A", "Team B"), label="Chalk-up 4, as words"))
    assert named.get("role") == "img" and named.get("aria-label") == "Chalk-up 4, as words"
    hidden = ET.fromstring(chalk_small_svg(state))
    assert hidden.get("aria-hidden") == "true" and hidden.get("role") is None
    texts = [t.text for t in hidden.iter(f"{SVG}text")]
    assert texts == ["Chalk-up 4", "A", "B", "A draws next"]
    assert len(hidden.findall(f".//{SVG}line[@class='stroke erased'][@data-team='0']")) == 1
    assert len(hidden.findall(f".//{SVG}g[@class='monk'][@data-team='1']")) == 2
    # Four marks on B's side take two rows of three; a set of drawings can share the tallest height.
    tall = ET.fromstring(chalk_small_svg(ChalkState(), rows=small_rows(state)))
    assert tall.get("height") == hidden.get("height") != ET.fromstring(chalk_small_svg(ChalkState())).get("height")
    with pytest.raises(StytvoltError, match="rows"):
        chalk_small_svg(state, rows=0)
