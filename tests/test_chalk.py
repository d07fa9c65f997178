"""The chalk-up: the seed's scoring rules, its (reconstructed) example, and invariants."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.explain import Reason
from stytvolt.styrivolt.chalk import (
    STROKES,
    Chalkboard,
    ChalkState,
    Change,
    Result,
    Scoring,
    score_of,
)

R = Result
A, B = 0, 1
SVG = "{http://www.w3.org/2000/svg}"


def codes(change: Change) -> list[str]:
    return [r.code for r in change.reasons]


def assert_state(
    board: Chalkboard,
    *,
    erased: tuple[int, int],
    crosses: tuple[int, int] = (0, 0),
    monks: tuple[int, int] = (0, 0),
    drawer: int,
    chalkups: int,
) -> None:
    assert board.state == ChalkState(
        erased=erased, crosses=crosses, monks=monks, drawer=drawer, chalkups=chalkups
    )
    for t in (A, B):
        assert board.erased(t) == erased[t]
        assert board.strokes(t) == STROKES - erased[t]
        assert board.crosses(t) == crosses[t]
        assert board.monks(t) == monks[t]
        assert board.value(t) == crosses[t] + 2 * monks[t]
    assert board.drawer == drawer


def board_with(
    *,
    crosses: tuple[int, int] = (0, 0),
    monks: tuple[int, int] = (0, 0),
    scoring: Scoring = Scoring.KVIVIK,
) -> Chalkboard:
    """A board (fresh chalk-up) where one team holds the given crosses.

    A plain cross: the other team erases one stroke, then nine tricks completes
    the chalk-up.  A monk's cross: kept in alone (Kvívík), outside the chalk-up.
    """
    assert not (crosses[A] + monks[A] and crosses[B] + monks[B])
    board = Chalkboard(scoring=scoring)
    for t in (A, B):
        for _ in range(crosses[t]):
            board.record(1 - t, R.ORDINARY)
            board.record(t, R.NINE_TRICKS)
        for _ in range(monks[t]):
            if scoring is Scoring.KVIVIK:
                board.record(t, R.KEPT_IN_ALONE)
            else:
                board.record(t, R.NINE_TRICKS)  # fresh chalk-up: a monk's cross
    assert (board.crosses(A), board.crosses(B)) == crosses
    assert (board.monks(A), board.monks(B)) == monks
    assert board.state.erased == (0, 0)
    return board


# -- the example ---------------------------------------------------------------


def test_the_eleven_step_example() -> None:
    b = Chalkboard(first_drawer=A)
    # 1. The initial chalk-up, drawn by the first dealer's team.
    assert_state(b, erased=(0, 0), drawer=A, chalkups=1)
    assert b.leader() is None

    # 2. B wins an ordinary game.
    c = b.record(B, R.ORDINARY)
    assert c.reasons[0].text == "B wins an ordinary game: one stroke erased on B's side."
    assert_state(b, erased=(0, 1), drawer=A, chalkups=1)

    # 3. A keeps in.
    b.record(A, R.KEPT_IN)
    assert_state(b, erased=(2, 1), drawer=A, chalkups=1)

    # 4. A wins an ordinary game and scores a cross; B makes a new chalk-up.
    c = b.record(A, R.ORDINARY)
    assert codes(c) == ["chalk.stroke", "chalk.complete.cross", "chalk.own_cross", "chalk.new_chalkup"]
    assert c.reasons[-1].text == "B has no crosses, so B draws the new chalk-up."
    assert_state(b, erased=(0, 0), crosses=(1, 0), drawer=B, chalkups=2)
    assert b.leader() == A

    # 5. A wins an ordinary game.
    b.record(A, R.ORDINARY)
    assert_state(b, erased=(1, 0), crosses=(1, 0), drawer=B, chalkups=2)

    # 6. A keeps in: a monk's cross, since B have not erased any strokes.
    c = b.record(A, R.KEPT_IN)
    assert "chalk.complete.monk" in codes(c)
    assert (
        "A's third stroke is erased: the chalk-up is complete; B had erased none, "
        "so A wins a monk's cross (worth two crosses)."
    ) in [r.text for r in c.reasons]
    assert_state(b, erased=(0, 0), crosses=(1, 0), monks=(1, 0), drawer=B, chalkups=3)

    # 7. B keeps in.
    b.record(B, R.KEPT_IN)
    assert_state(b, erased=(0, 2), crosses=(1, 0), monks=(1, 0), drawer=B, chalkups=3)

    # 8. A wins an ordinary game.
    b.record(A, R.ORDINARY)
    assert_state(b, erased=(1, 2), crosses=(1, 0), monks=(1, 0), drawer=B, chalkups=3)

    # 9. B takes nine tricks: one stroke on the old chalk-up, two on the new.
    c = b.record(B, R.NINE_TRICKS)
    assert codes(c) == [
        "chalk.stroke", "chalk.complete.cross", "chalk.erase_cross", "chalk.new_chalkup", "chalk.carry",
    ]
    texts = [r.text for r in c.reasons]
    assert "B's cross erases one of A's crosses." in texts
    assert texts[-1].startswith("Two strokes carry to the new chalk-up")
    assert_state(b, erased=(0, 2), monks=(1, 0), drawer=B, chalkups=4)

    # 10. A wins an ordinary game.
    b.record(A, R.ORDINARY)
    assert_state(b, erased=(1, 2), monks=(1, 0), drawer=B, chalkups=4)

    # 11. B wins an ordinary game and gelds the monk.
    c = b.record(B, R.ORDINARY)
    assert (
        "A holds no plain cross, only a monk's cross, so B gelds the monk: it becomes a plain cross."
    ) in [r.text for r in c.reasons]
    assert "chalk.geld" in codes(c)
    assert_state(b, erased=(0, 0), crosses=(1, 0), drawer=B, chalkups=5)
    assert b.leader() == A
    assert len(b.history) == 10


# -- the score table -------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "kvivik", "penguin"),
    [
        (R.ORDINARY, (1, 0, 0, False), (1, 0, 0, False)),
        (R.KEPT_IN, (2, 0, 0, False), (2, 0, 0, False)),
        (R.NINE_TRICKS, (3, 0, 0, False), (3, 0, 0, False)),
        (R.KEPT_IN_ALONE, (0, 0, 1, False), (0, 1, 0, False)),
        (R.NINE_TRICKS_ALONE, (0, 0, 2, False), (0, 2, 0, False)),
        (R.STOCK_PENALTY, (0, 0, 1, True), (0, 1, 0, True)),
    ],
)
def test_score_table(
    result: Result, kvivik: tuple[int, int, int, bool], penguin: tuple[int, int, int, bool]
) -> None:
    assert score_of(result, Scoring.KVIVIK) == kvivik
    assert score_of(result, Scoring.PENGUIN) == penguin
    assert score_of(result) == kvivik


@pytest.mark.parametrize("scoring", list(Scoring))
@pytest.mark.parametrize(("result", "erased"), [(R.ORDINARY, 1), (R.KEPT_IN, 2)])
def test_strokes_erase_on_own_side(scoring: Scoring, result: Result, erased: int) -> None:
    for team in (A, B):
        b = Chalkboard(scoring=scoring)
        b.record(team, result)
        assert b.erased(team) == erased and b.erased(1 - team) == 0
        assert b.strokes(team) == STROKES - erased
        assert b.value(A) == b.value(B) == 0


@pytest.mark.parametrize("scoring", list(Scoring))
def test_nine_tricks_on_a_fresh_chalkup_is_a_monks_cross(scoring: Scoring) -> None:
    b = Chalkboard(scoring=scoring)
    c = b.record(B, R.NINE_TRICKS)
    assert "chalk.complete.monk" in codes(c) and "chalk.carry" not in codes(c)
    assert_state(b, erased=(0, 0), monks=(0, 1), drawer=A, chalkups=2)


@pytest.mark.parametrize("scoring", list(Scoring))
def test_completing_after_the_opponents_erased_is_a_plain_cross(scoring: Scoring) -> None:
    b = Chalkboard(scoring=scoring)
    b.record(A, R.ORDINARY)
    b.record(B, R.NINE_TRICKS)
    assert_state(b, erased=(0, 0), crosses=(0, 1), drawer=A, chalkups=2)


def test_one_stroke_carries() -> None:
    b = Chalkboard()
    b.record(A, R.KEPT_IN)
    b.record(B, R.ORDINARY)
    c = b.record(A, R.KEPT_IN)  # one to complete, one carries
    assert c.reasons[-1].code == "chalk.carry"
    assert c.reasons[-1].text.startswith("One stroke carries to the new chalk-up")
    assert_state(b, erased=(1, 0), crosses=(1, 0), drawer=B, chalkups=2)


def test_kept_in_alone_kvivik_is_a_monks_cross_outside_the_chalkup() -> None:
    b = Chalkboard()
    b.record(A, R.KEPT_IN)
    b.record(B, R.ORDINARY)
    c = b.record(A, R.KEPT_IN_ALONE)
    assert codes(c)[0] == "chalk.outside"
    # The erased strokes stay as they were.
    assert_state(b, erased=(2, 1), monks=(1, 0), drawer=B, chalkups=1)


def test_nine_tricks_alone_kvivik_is_two_monks() -> None:
    b = Chalkboard()
    b.record(B, R.ORDINARY)
    b.record(A, R.NINE_TRICKS_ALONE)
    assert_state(b, erased=(0, 1), monks=(2, 0), drawer=B, chalkups=1)
    assert b.value(A) == 4


def test_penguin_alone_scores_plain_crosses_outside_the_chalkup() -> None:
    b = Chalkboard(scoring=Scoring.PENGUIN)
    b.record(B, R.KEPT_IN)
    b.record(A, R.KEPT_IN_ALONE)
    assert_state(b, erased=(0, 2), crosses=(1, 0), drawer=B, chalkups=1)
    b.record(A, R.NINE_TRICKS_ALONE)  # a double cross
    assert_state(b, erased=(0, 2), crosses=(3, 0), drawer=B, chalkups=1)


@pytest.mark.parametrize("scoring", list(Scoring))
def test_stock_penalty_goes_to_the_opponents(scoring: Scoring) -> None:
    b = Chalkboard(scoring=scoring)
    b.record(B, R.ORDINARY)
    c = b.record(B, R.STOCK_PENALTY)  # B took the stock wrongly
    assert c.team == B and codes(c)[0] == "chalk.penalty"
    assert b.value(B) == 0
    if scoring is Scoring.KVIVIK:
        assert_state(b, erased=(0, 1), monks=(1, 0), drawer=B, chalkups=1)
    else:
        assert_state(b, erased=(0, 1), crosses=(1, 0), drawer=B, chalkups=1)


def test_monks_cross_against_one_cross_erases_it_and_leaves_a_plain_cross() -> None:
    b = board_with(crosses=(0, 1))
    c = b.record(A, R.KEPT_IN_ALONE)
    assert codes(c) == ["chalk.outside", "chalk.erase_cross", "chalk.own_cross", "chalk.drawer"]
    assert (b.crosses(A), b.monks(A), b.crosses(B), b.monks(B)) == (1, 0, 0, 0)
    assert b.drawer == B


def test_monks_cross_against_a_monk_gelds_then_erases() -> None:
    b = board_with(monks=(0, 1))
    c = b.record(A, R.KEPT_IN_ALONE)
    assert codes(c) == ["chalk.outside", "chalk.geld", "chalk.erase_cross"]
    assert b.value(A) == b.value(B) == 0
    assert b.leader() is None
    assert b.drawer == A  # A never came to hold crosses: the duty stays


def test_monks_cross_against_two_monks() -> None:
    b = board_with(monks=(0, 2))
    c = b.record(A, R.KEPT_IN_ALONE)
    # Unit one gelds a monk; unit two erases the plain cross that made.
    assert codes(c) == ["chalk.outside", "chalk.geld", "chalk.erase_cross"]
    assert (b.crosses(B), b.monks(B)) == (0, 1)
    assert b.value(A) == 0


def test_plain_crosses_are_erased_before_a_monk_is_gelded() -> None:
    b = board_with(crosses=(1, 0), monks=(1, 0))
    c = b.record(B, R.KEPT_IN_ALONE)
    assert codes(c) == ["chalk.outside", "chalk.erase_cross", "chalk.geld"]
    assert (b.crosses(A), b.monks(A)) == (1, 0)


def test_monks_cross_from_the_chalkup_erases_two_plain_crosses() -> None:
    b = board_with(crosses=(2, 0))
    b.record(B, R.NINE_TRICKS)  # fresh chalk-up: a monk's cross, two units
    assert (b.crosses(A), b.monks(A), b.value(B)) == (0, 0, 0)


def test_two_monks_against_one_cross_leaves_a_cross_and_a_monk() -> None:
    b = board_with(crosses=(1, 0))
    b.record(B, R.NINE_TRICKS_ALONE)
    assert (b.crosses(B), b.monks(B), b.value(A)) == (1, 1, 0)
    assert b.drawer == A


# -- who draws ------------------------------------------------------------------


@pytest.mark.parametrize("first", [A, B])
def test_first_chalkup_is_drawn_by_the_first_dealers_team(first: int) -> None:
    b = Chalkboard(first_drawer=first)
    assert b.drawer == first


def test_drawer_changes_only_when_a_team_gets_crosses_of_its_own() -> None:
    b = Chalkboard(first_drawer=A)
    b.record(A, R.ORDINARY)
    assert b.drawer == A
    b.record(A, R.KEPT_IN_ALONE)  # A holds a monk's cross: B takes up the duty
    assert b.drawer == B
    c = b.record(B, R.KEPT_IN_ALONE)  # geld and erase: nobody holds anything
    assert b.leader() is None and b.drawer == B
    assert "chalk.drawer" not in codes(c)
    b.record(B, R.NINE_TRICKS)  # B's own monk's cross: A draws
    assert b.drawer == A and b.leader() == B
    assert b.history[-1].reasons[-1].text == "A has no crosses, so A draws the new chalk-up."
    b.record(B, R.KEPT_IN_ALONE)  # B already held crosses: A still draws
    assert b.drawer == A


def test_new_chalkup_when_neither_holds_a_cross() -> None:
    b = board_with(crosses=(1, 0))  # drawer is B
    b.record(A, R.ORDINARY)
    c = b.record(B, R.NINE_TRICKS)  # a cross (A had erased one) erases A's cross
    assert b.leader() is None and b.drawer == B
    assert c.reasons[-1].code == "chalk.new_chalkup"
    assert "Neither team holds a cross" in c.reasons[-1].text


# -- reasons ---------------------------------------------------------------------


def test_every_reason_is_a_plain_sentence_with_a_chalk_code() -> None:
    b = Chalkboard(names=("Norð", "Suð"))
    for team, result in [(1, R.ORDINARY), (0, R.NINE_TRICKS), (1, R.NINE_TRICKS_ALONE), (0, R.STOCK_PENALTY)]:
        c = b.record(team, result)
        assert c.reasons
        for r in c.reasons:
            assert isinstance(r, Reason)
            assert r.code.startswith("chalk.")
            assert r.text[0].isupper() and r.text.endswith(".")
            assert "Norð" in r.text or "Suð" in r.text or "Neither" in r.text or "carr" in r.text
    assert "Norð" in b.render_text()


# -- bad input -------------------------------------------------------------------


def test_bad_team_is_refused_and_nothing_changes() -> None:
    b = Chalkboard()
    b.record(A, R.ORDINARY)
    before = (b.state, b.history)
    with pytest.raises(ValueError, match="2"):
        b.record(2, R.ORDINARY)
    with pytest.raises(ValueError, match="-1"):
        b.record(-1, R.ORDINARY)
    with pytest.raises(ValueError, match="True"):
        b.record(True, R.ORDINARY)
    assert (b.state, b.history) == before


def test_bad_result_is_refused_and_nothing_changes() -> None:
    b = Chalkboard()
    b.record(B, R.KEPT_IN)
    before = (b.state, b.history)
    with pytest.raises(ValueError, match="'ordinary'"):
        b.record(0, "ordinary")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="None"):
        b.record(0, None)  # type: ignore[arg-type]
    assert (b.state, b.history) == before


def test_bad_constructor_arguments() -> None:
    with pytest.raises(ValueError, match="first_drawer"):
        Chalkboard(first_drawer=3)
    with pytest.raises(ValueError, match="names"):
        Chalkboard(names=("A",))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scoring"):
        Chalkboard(scoring="kvivik")  # type: ignore[arg-type]


def test_undo_on_an_empty_board() -> None:
    with pytest.raises(IndexError, match="nothing to undo"):
        Chalkboard().undo()


def test_undo_returns_the_last_change() -> None:
    b = Chalkboard()
    b.record(A, R.KEPT_IN)
    c = b.record(A, R.KEPT_IN)
    assert b.undo() is c
    assert b.state == c.before and len(b.history) == 1


def test_from_json_refuses_malformed_data() -> None:
    good = Chalkboard().to_json()
    with pytest.raises(ValueError):
        Chalkboard.from_json([])
    with pytest.raises(ValueError):
        Chalkboard.from_json({**good, "version": 99})
    with pytest.raises(ValueError, match="penguins"):
        Chalkboard.from_json({**good, "scoring": "penguins"})
    with pytest.raises(ValueError, match="'won'"):
        Chalkboard.from_json({**good, "records": [{"team": 0, "result": "won"}]})
    with pytest.raises(ValueError, match="5"):
        Chalkboard.from_json({**good, "records": [{"team": 5, "result": "ordinary"}]})


def test_invalid_snapshots_are_refused() -> None:
    with pytest.raises(ValueError):
        ChalkState(erased=(3, 0))
    with pytest.raises(ValueError):
        ChalkState(crosses=(1, 1))
    with pytest.raises(ValueError):
        ChalkState(monks=(-1, 0))


# -- pictures -----------------------------------------------------------------------


def known_board() -> Chalkboard:
    """A erased 1 (2 standing), B erased 2 (1 standing); A holds 2 crosses + 1 monk."""
    b = board_with(crosses=(2, 0), monks=(1, 0))
    b.record(A, R.ORDINARY)
    b.record(B, R.KEPT_IN)
    assert b.state.erased == (1, 2)
    return b


def test_render_text() -> None:
    b = known_board()
    text = b.render_text()
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


def test_svg_is_accessible_and_counts_match() -> None:
    b = known_board()
    svg = b.to_svg(title="Our game")
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    title = root.find(SVG + "title")
    desc = root.find(SVG + "desc")
    assert title is not None and title.text == "Our game"
    assert desc is not None and desc.text is not None
    assert "A: 2 of 3 strokes standing" in desc.text and "B: 1 of 3 strokes standing" in desc.text
    assert "two crosses and one monk's cross" in desc.text
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
    assert svg == b.to_svg(title="Our game")  # deterministic


def test_svg_default_title_and_escaping() -> None:
    b = Chalkboard(names=("<A&>", 'B"'))
    root = ET.fromstring(b.to_svg())
    title = root.find(SVG + "title")
    assert title is not None and title.text
    desc = root.find(SVG + "desc")
    assert desc is not None and desc.text is not None and "<A&>" in desc.text


# -- properties -------------------------------------------------------------------

records = st.lists(
    st.tuples(st.sampled_from([A, B]), st.sampled_from(list(Result))), max_size=200
)


def units_won(change: Change, scoring: Scoring) -> tuple[int, int]:
    """(winner, units) of a record, from the table and the before-state only."""
    strokes, crosses, monks, to_opp = score_of(change.result, scoring)
    team = change.team
    if strokes:
        if change.before.erased[team] + strokes < STROKES:
            return team, 0
        return team, 2 if change.before.erased[1 - team] == 0 else 1
    return (1 - team if to_opp else team), crosses + 2 * monks


def check_invariants(s: ChalkState) -> None:
    assert all(0 <= e <= STROKES - 1 for e in s.erased)
    assert all(n >= 0 for n in s.crosses + s.monks)
    assert s.value(0) == 0 or s.value(1) == 0
    if s.holder is not None:
        assert s.drawer == 1 - s.holder  # a team holding crosses never draws
    assert s.drawer in (0, 1) and s.chalkups >= 1


@settings(max_examples=150, deadline=None)
@given(recs=records, scoring=st.sampled_from(list(Scoring)), first=st.sampled_from([A, B]))
def test_random_games(recs: list[tuple[int, Result]], scoring: Scoring, first: int) -> None:
    b = Chalkboard(first_drawer=first, scoring=scoring)
    states = [b.state]
    advantage = 0
    for team, result in recs:
        prev = b.state
        c = b.record(team, result)
        assert c.before == prev and c.after == b.state
        check_invariants(b.state)

        strokes = score_of(result, scoring)[0]
        winner, units = units_won(c, scoring)
        advantage += units if winner == 0 else -units
        assert b.value(0) - b.value(1) == advantage

        if strokes:
            total = prev.erased[team] + strokes
            if total >= STROKES:
                assert b.state.chalkups == prev.chalkups + 1
                assert b.state.erased[team] == total - STROKES
                assert b.state.erased[1 - team] == 0
            else:
                assert b.state.chalkups == prev.chalkups
                assert b.state.erased == tuple(
                    total if t == team else prev.erased[t] for t in (0, 1)
                )
        else:
            # Outside the chalk-up: strokes untouched.
            assert b.state.erased == prev.erased and b.state.chalkups == prev.chalkups

        # The drawer changes exactly when the winner comes to hold crosses.
        if b.state.holder == winner and prev.holder != winner:
            assert b.state.drawer == 1 - winner
        else:
            assert b.state.drawer == prev.drawer

        # Undo goes back exactly; redo gets the same change.
        assert b.undo() == c and b.state == prev
        assert b.record(team, result) == c
        states.append(b.state)

    data = b.to_json()
    again = Chalkboard.from_json(json.loads(json.dumps(data)))
    assert again.state == b.state and again.history == b.history
    assert again.to_json() == data
    assert again.render_text() == b.render_text() and again.to_svg() == b.to_svg()
    ET.fromstring(b.to_svg())

    for expected in reversed(states[:-1]):
        b.undo()
        assert b.state == expected
    assert b.history == ()
