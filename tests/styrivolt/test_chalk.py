"""The chalk-up: the seed's scoring rules, its (reconstructed) example, the record grammar, and invariants.

The rules never name a team: sentences written with the teams "A" and "B" are
rendered with ``teams=AB``; the default names are "team A" and "team B".
The pictures of the slate are tested in ``test_web_chalk.py``.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.errors import InvalidPosition, ParseError, StytvoltError
from stytvolt.core.explain import Reason, Team
from stytvolt.styrivolt.chalk import (
    RESULT_WORDS,
    STROKES,
    Chalkboard,
    ChalkState,
    Change,
    Result,
    Scoring,
    apply_result,
    initial_state,
    parse_record,
    parse_records,
    points,
    record_text,
    score_of,
)

R = Result
A, B = 0, 1
AB = ("A", "B")


def texts(change: Change, teams: tuple[str, str] = AB) -> list[str]:
    """The change's sentences, the teams called "A" and "B" as on the slate."""
    return [r.render(teams=teams) for r in change.reasons]


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
    assert c.reasons[0].render(teams=AB) == "B wins an ordinary game: one stroke erased on B's side."
    # With the default names, and a team is an argument, not text.
    assert c.reasons[0].text == "Team B wins an ordinary game: one stroke erased on team B's side."
    assert c.reasons[0].arguments["team"] == Team(B) and isinstance(c.reasons[0].arguments["team"], Team)
    assert_state(b, erased=(0, 1), drawer=A, chalkups=1)

    # 3. A keeps in.
    b.record(A, R.KEPT_IN)
    assert_state(b, erased=(2, 1), drawer=A, chalkups=1)

    # 4. A wins an ordinary game and scores a cross; B makes a new chalk-up.
    c = b.record(A, R.ORDINARY)
    assert codes(c) == ["chalk.stroke", "chalk.complete.cross", "chalk.own_cross", "chalk.new_chalkup"]
    assert c.reasons[-1].render(teams=AB) == "B has no crosses, so B draws the new chalk-up."
    assert c.reasons[-1].text == "Team B has no crosses, so team B draws the new chalk-up."
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
    ) in texts(c)
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
    said = texts(c)
    assert "B's cross erases one of A's crosses." in said
    assert said[-1].startswith("Two strokes carry to the new chalk-up")
    assert c.reasons[-1].text == "Two strokes carry to the new chalk-up: two strokes erased on team B's side."
    assert_state(b, erased=(0, 2), monks=(1, 0), drawer=B, chalkups=4)

    # 10. A wins an ordinary game.
    b.record(A, R.ORDINARY)
    assert_state(b, erased=(1, 2), monks=(1, 0), drawer=B, chalkups=4)

    # 11. B wins an ordinary game and gelds the monk.
    c = b.record(B, R.ORDINARY)
    assert (
        "A holds no plain cross, only a monk's cross, so B gelds the monk: it becomes a plain cross."
    ) in texts(c)
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
    assert c.reasons[-1].text == "One stroke carries to the new chalk-up: one stroke erased on team A's side."
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
    assert b.history[-1].reasons[-1].render(teams=AB) == "A has no crosses, so A draws the new chalk-up."
    b.record(B, R.KEPT_IN_ALONE)  # B already held crosses: A still draws
    assert b.drawer == A


def test_new_chalkup_when_neither_holds_a_cross() -> None:
    b = board_with(crosses=(1, 0))  # drawer is B
    b.record(A, R.ORDINARY)
    c = b.record(B, R.NINE_TRICKS)  # a cross (A had erased one) erases A's cross
    assert b.leader() is None and b.drawer == B
    assert c.reasons[-1].code == "chalk.new_chalkup"
    assert c.reasons[-1].render(teams=AB) == (
        "Neither team holds a cross and B keeps the duty, so B draws the new chalk-up."
    )


# -- reasons ---------------------------------------------------------------------


def test_every_reason_is_a_plain_sentence_with_a_chalk_code() -> None:
    names = ("Norð", "Suð")
    b = Chalkboard()
    for team, result in [(1, R.ORDINARY), (0, R.NINE_TRICKS), (1, R.NINE_TRICKS_ALONE), (0, R.STOCK_PENALTY)]:
        c = b.record(team, result)
        assert c.reasons
        for r in c.reasons:
            assert isinstance(r, Reason)
            assert r.code.startswith("chalk.")
            for text in (r.text, r.render(teams=names)):
                assert text[0].isupper() and text.endswith(".")
            said = r.render(teams=names)
            assert "Norð" in said or "Suð" in said or "Neither" in said or "carr" in said
            # The rules name no team: every team is a Team argument, rendered by the caller.
            assert "Norð" not in r.template and "Suð" not in r.template
            for key, value in r.args:
                if key in ("team", "opponents", "winner", "loser", "drawer"):
                    assert isinstance(value, Team)
        assert c.render(teams=names) == "\n".join(r.render(teams=names) for r in c.reasons)
        assert c.text == c.render() == "\n".join(r.text for r in c.reasons)


def test_no_reason_template_names_a_team() -> None:
    # Every kind of step, in both scorings: no literal "A"/"B" team names in any template.
    seen: set[str] = set()
    for scoring in Scoring:
        for first in (A, B):
            b = Chalkboard(first_drawer=first, scoring=scoring)
            steps = [(A, R.NINE_TRICKS), (B, R.ORDINARY), (A, R.KEPT_IN), (A, R.NINE_TRICKS), (B, R.NINE_TRICKS_ALONE),
                     (A, R.KEPT_IN_ALONE), (A, R.STOCK_PENALTY), (B, R.KEPT_IN), (B, R.NINE_TRICKS),
                     (A, R.NINE_TRICKS), (A, R.NINE_TRICKS_ALONE), (B, R.KEPT_IN_ALONE)]
            for team, result in steps:
                for r in b.record(team, result).reasons:
                    seen.add(r.code)
                    words = r.template.replace(".", " ").replace(",", " ").replace(":", " ").replace(";", " ").split()
                    assert "A" not in words and "B" not in words and "A's" not in words and "B's" not in words
                    assert "team a" in r.text.lower() or "team b" in r.text.lower()
    assert seen >= {"chalk.stroke", "chalk.complete.monk", "chalk.complete.cross", "chalk.outside", "chalk.penalty",
                    "chalk.erase_cross", "chalk.geld", "chalk.own_cross", "chalk.drawer", "chalk.new_chalkup",
                    "chalk.carry"}


def test_change_as_dict_carries_team_arguments() -> None:
    c = Chalkboard().record(B, R.KEPT_IN)
    d = c.as_dict()
    assert d["team"] == B and d["result"] == "kept_in"
    (reason,) = d["reasons"]
    assert reason["code"] == "chalk.stroke"
    assert reason["args"]["team"] == {"team": B}
    assert reason["text"] == "Team B keeps in: two strokes erased on team B's side."
    assert json.loads(json.dumps(d)) == d


# -- points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "kvivik", "penguin"),
    [
        (R.ORDINARY, 1, 1),
        (R.KEPT_IN, 2, 2),
        (R.NINE_TRICKS, 3, 3),
        (R.KEPT_IN_ALONE, 6, 3),
        (R.NINE_TRICKS_ALONE, 12, 6),
        (R.STOCK_PENALTY, 6, 3),
    ],
)
def test_points(result: Result, kvivik: int, penguin: int) -> None:
    assert points(result, Scoring.KVIVIK) == kvivik
    assert points(result, Scoring.PENGUIN) == penguin
    assert points(result) == kvivik


def test_points_refuses_bad_values() -> None:
    with pytest.raises(InvalidPosition, match="'ordinary'"):
        points("ordinary")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'kvivik'"):
        points(R.ORDINARY, "kvivik")  # type: ignore[arg-type]


# -- the record grammar: A:kept-in --------------------------------------------------


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("A:ordinary", (A, R.ORDINARY)),
        ("B:kept-in", (B, R.KEPT_IN)),
        ("a:nine", (A, R.NINE_TRICKS)),
        ("b:kept-in-alone", (B, R.KEPT_IN_ALONE)),
        ("A:nine-alone", (A, R.NINE_TRICKS_ALONE)),
        ("B:penalty", (B, R.STOCK_PENALTY)),
        ("A=kept-in", (A, R.KEPT_IN)),
        ("b=NINE", (B, R.NINE_TRICKS)),
        (" A : Kept-In ", (A, R.KEPT_IN)),
        # Aliases the CLI has always taken.
        ("A:kept_in", (A, R.KEPT_IN)),
        ("A:kept in", (A, R.KEPT_IN)),
        ("A:keptin", (A, R.KEPT_IN)),
        ("A:vol", (A, R.KEPT_IN)),
        ("B:nine-tricks", (B, R.NINE_TRICKS)),
        ("B:nine_tricks", (B, R.NINE_TRICKS)),
        ("B:nine-tricks-alone", (B, R.NINE_TRICKS_ALONE)),
        ("A:KEPT_IN_ALONE", (A, R.KEPT_IN_ALONE)),
        ("A:stock-penalty", (A, R.STOCK_PENALTY)),
        ("A:stock_penalty", (A, R.STOCK_PENALTY)),
    ],
)
def test_parse_record(token: str, expected: tuple[int, Result]) -> None:
    assert parse_record(token) == expected


def test_every_result_word_and_value_parses_for_both_teams() -> None:
    for team, letter in ((A, "A"), (B, "B")):
        for word, result in RESULT_WORDS.items():
            assert parse_record(f"{letter}:{word}") == (team, result)
            assert parse_record(f"{letter.lower()}={word.upper()}") == (team, result)
        for result in Result:
            assert parse_record(f"{letter}:{result.value}") == (team, result)


@pytest.mark.parametrize(
    "token",
    ["A:fine", "C:ordinary", "ordinary", "A", "A:", ":ordinary", "", "AB:nine", "A-kept-in", "A:ordinary:x",
     "team A:ordinary", "1:ordinary"],
)
def test_parse_record_refuses_bad_tokens(token: str) -> None:
    with pytest.raises(ParseError) as info:
        parse_record(token)
    message = str(info.value)
    assert repr(token) in message  # names the token
    assert "A or B" in message and ", ".join(RESULT_WORDS) in message  # and what is expected
    assert isinstance(info.value, StytvoltError) and isinstance(info.value, ValueError)


def test_parse_record_cuts_a_long_token_short() -> None:
    token = "A:" + "x" * 500
    with pytest.raises(ParseError) as info:
        parse_record(token)
    message = str(info.value)
    assert repr(token[:24] + "…") in message
    assert "x" * 30 not in message


def test_parse_record_refuses_what_is_not_text() -> None:
    for value in (None, 0, ("A", "kept-in")):
        with pytest.raises(ParseError, match="A:kept-in"):
            parse_record(value)  # type: ignore[arg-type]


def test_record_text_round_trips() -> None:
    assert record_text(A, R.KEPT_IN) == "A:kept-in"
    assert record_text(B, R.NINE_TRICKS_ALONE) == "B:nine-alone"
    for team in (A, B):
        for word, result in RESULT_WORDS.items():
            assert record_text(team, result) == f"{'AB'[team]}:{word}"
            assert parse_record(record_text(team, result)) == (team, result)


def test_record_text_refuses_bad_values() -> None:
    with pytest.raises(InvalidPosition, match="2"):
        record_text(2, R.ORDINARY)
    with pytest.raises(InvalidPosition, match="True"):
        record_text(True, R.ORDINARY)
    with pytest.raises(InvalidPosition, match="'kept-in'"):
        record_text(A, "kept-in")  # type: ignore[arg-type]


def test_parse_records() -> None:
    assert parse_records("") == [] and parse_records("   \n ") == []
    assert parse_records("B:ordinary A:kept-in  a=vol\tB:nine-alone") == [
        (B, R.ORDINARY), (A, R.KEPT_IN), (A, R.KEPT_IN), (B, R.NINE_TRICKS_ALONE),
    ]
    records = [(A, R.ORDINARY), (B, R.STOCK_PENALTY), (B, R.KEPT_IN_ALONE)]
    assert parse_records(" ".join(record_text(t, r) for t, r in records)) == records


def test_parse_records_names_the_bad_token() -> None:
    with pytest.raises(ParseError, match="'C:ordinary'"):
        parse_records("A:ordinary C:ordinary B:nine")
    with pytest.raises(ParseError, match="text"):
        parse_records(None)  # type: ignore[arg-type]


def test_parse_records_limit() -> None:
    assert len(parse_records(" ".join(["A:ordinary"] * 200))) == 200
    with pytest.raises(ParseError, match="200") as info:
        parse_records(" ".join(["A:ordinary"] * 201))
    assert "201" in str(info.value)
    assert len(parse_records("A:nine B:nine", limit=2)) == 2
    with pytest.raises(ParseError, match="at most 2"):
        parse_records("A:nine B:nine A:nine", limit=2)
    # The limit is checked before any token is read.
    with pytest.raises(ParseError, match="at most 1"):
        parse_records("bad worse", limit=1)


# -- bad input -------------------------------------------------------------------


def test_bad_team_is_refused_and_nothing_changes() -> None:
    b = Chalkboard()
    b.record(A, R.ORDINARY)
    before = (b.state, b.history)
    with pytest.raises(InvalidPosition, match="2"):
        b.record(2, R.ORDINARY)
    with pytest.raises(InvalidPosition, match="-1"):
        b.record(-1, R.ORDINARY)
    with pytest.raises(InvalidPosition, match="True"):
        b.record(True, R.ORDINARY)
    assert (b.state, b.history) == before
    with pytest.raises(ValueError, match="team"):
        b.strokes(2)


def test_bad_result_is_refused_and_nothing_changes() -> None:
    b = Chalkboard()
    b.record(B, R.KEPT_IN)
    before = (b.state, b.history)
    with pytest.raises(InvalidPosition, match="'ordinary'"):
        b.record(0, "ordinary")  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="None"):
        b.record(0, None)  # type: ignore[arg-type]
    assert (b.state, b.history) == before


def test_bad_constructor_arguments() -> None:
    with pytest.raises(InvalidPosition, match="first_drawer"):
        Chalkboard(first_drawer=3)
    with pytest.raises(ValueError, match="scoring"):
        Chalkboard(scoring="kvivik")  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="first_drawer"):
        initial_state(2)
    # The rules name no team: the board takes no names.
    with pytest.raises(TypeError):
        Chalkboard(names=("A", "B"))  # type: ignore[call-arg]
    assert not hasattr(Chalkboard(), "names")


def test_apply_result_is_pure() -> None:
    state = initial_state(B)
    c = apply_result(state, A, R.NINE_TRICKS, scoring=Scoring.PENGUIN)
    assert c.before is state and state == initial_state(B)
    assert c.after == ChalkState(monks=(1, 0), drawer=B, chalkups=2)
    assert apply_result(state, A, R.NINE_TRICKS, scoring=Scoring.PENGUIN) == c
    with pytest.raises(TypeError):
        apply_result(state, A, R.ORDINARY, names=AB)  # type: ignore[call-arg]


def test_undo_on_an_empty_board() -> None:
    with pytest.raises(IndexError, match="nothing to undo"):
        Chalkboard().undo()


def test_undo_returns_the_last_change() -> None:
    b = Chalkboard()
    b.record(A, R.KEPT_IN)
    c = b.record(A, R.KEPT_IN)
    assert b.undo() is c
    assert b.state == c.before and len(b.history) == 1


def test_to_json_writes_no_names() -> None:
    b = Chalkboard(first_drawer=B, scoring=Scoring.PENGUIN)
    b.record(A, R.KEPT_IN)
    assert b.to_json() == {
        "format": "stytvolt.chalk",
        "version": 1,
        "scoring": "penguin",
        "first_drawer": 1,
        "records": [{"team": 0, "result": "kept_in"}],
    }


def test_from_json_reads_an_old_record_with_names() -> None:
    old = {
        "format": "stytvolt.chalk",
        "version": 1,
        "scoring": "kvivik",
        "first_drawer": 0,
        "names": ["North–South", "East–West"],
        "records": [{"team": 1, "result": "ordinary"}, {"team": 0, "result": "nine_tricks"}],
    }
    b = Chalkboard.from_json(old)
    assert [(c.team, c.result) for c in b.history] == [(B, R.ORDINARY), (A, R.NINE_TRICKS)]
    assert b.state == ChalkState(crosses=(1, 0), drawer=B, chalkups=2)
    assert b.to_json() == {k: v for k, v in old.items() if k != "names"}
    # Whatever the old names were, they are not read.
    assert Chalkboard.from_json({**old, "names": None}).state == b.state
    assert Chalkboard.from_json({**old, "names": ["only one"]}).state == b.state


def test_from_json_refuses_malformed_data() -> None:
    good = Chalkboard().to_json()
    with pytest.raises(InvalidPosition):
        Chalkboard.from_json([])
    with pytest.raises(InvalidPosition):
        Chalkboard.from_json({**good, "version": 99})
    with pytest.raises(InvalidPosition, match="penguins"):
        Chalkboard.from_json({**good, "scoring": "penguins"})
    with pytest.raises(InvalidPosition, match="'won'"):
        Chalkboard.from_json({**good, "records": [{"team": 0, "result": "won"}]})
    with pytest.raises(InvalidPosition, match="5"):
        Chalkboard.from_json({**good, "records": [{"team": 5, "result": "ordinary"}]})
    with pytest.raises(InvalidPosition, match="records"):
        Chalkboard.from_json({k: v for k, v in good.items() if k != "records"})
    with pytest.raises(InvalidPosition, match="records must be a list"):
        Chalkboard.from_json({**good, "records": "A:ordinary"})
    with pytest.raises(InvalidPosition, match="first_drawer"):
        Chalkboard.from_json({**good, "first_drawer": 2})


def test_invalid_snapshots_are_refused() -> None:
    with pytest.raises(InvalidPosition):
        ChalkState(erased=(3, 0))
    with pytest.raises(InvalidPosition):
        ChalkState(crosses=(1, 1))
    with pytest.raises(InvalidPosition):
        ChalkState(monks=(-1, 0))
    with pytest.raises(InvalidPosition):
        ChalkState(drawer=2)
    with pytest.raises(InvalidPosition):
        ChalkState(chalkups=0)


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
        assert parse_record(record_text(team, result)) == (team, result)
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
    assert again.to_json() == data and "names" not in data

    for expected in reversed(states[:-1]):
        b.undo()
        assert b.state == expected
    assert b.history == ()
