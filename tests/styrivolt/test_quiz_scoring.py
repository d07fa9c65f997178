"""The scoring question kinds (hand-result, chalk-after) against answers worked out by hand.

Expected scores come from the tables in docs/keeping-in.md and
docs/scoring.md (and rulings R10, R12, R18, R26, R32), worked out for each
case in its comment; the expected chalk-ups are written as ChalkState
values by hand.  Then the generated questions are held to each level's
definition (module docstring of stytvolt.styrivolt.quiz.scoring).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from markdown.extensions.toc import slugify

from stytvolt import StytvoltError, learn
from stytvolt.core.errors import InvalidPosition, ParseError
from stytvolt.styrivolt.chalk import ChalkState, Chalkboard, Scoring, parse_record, parse_records
from stytvolt.styrivolt.quiz.scoring import (
    ask_chalk_after, ask_hand_result, chalk_before, chalk_id, chalk_of_id, scripted_hand,
)
from stytvolt.styrivolt.chalk import chalk_description

DOCS = Path(__file__).resolve().parents[2] / "docs"
KINDS = ("hand-result", "chalk-after")
SEEDS = 250
K, P = Scoring.KVIVIK, Scoring.PENGUIN
SEAT = {"S": 0, "W": 1, "N": 2, "E": 3}

# -- hand-result -----------------------------------------------------------------------------

# (level, trick winners, played on, offender, table, answer: team and score)
HAND_CASES = [
    # level 1
    # B takes W W W E E (five) before A's S N reach five, and not the first five: an ordinary game, one stroke.
    (1, "E S W W N W E", False, None, K, "B-1s"),
    # The first five to A, both partners winning: kept in, two strokes.
    (1, "N S N S N", False, None, K, "A-2s"),
    (1, "W E W E W", False, None, K, "B-2s"),
    # A's fifth trick comes sixth, after West's: ordinary.
    (1, "S S W N N S", False, None, K, "A-1s"),
    # level 2
    # A reaches five only in the eighth trick: still an ordinary game.
    (2, "S W N E S N W S", False, None, K, "A-1s"),
    # B keeps in, plays on and takes all nine with both partners: three strokes.
    (2, "W E W E W E W E W", True, None, K, "B-3s"),
    (2, "N S N S N S N S N", True, None, K, "A-3s"),
    # Five for B only in the ninth trick: ordinary.
    (2, "E S W N E W S N W", False, None, K, "B-1s"),
    # level 3
    # North alone takes the first five and stops: kept in alone, a monk's cross (Penguin: a plain cross).
    (3, "N N N N N", False, None, K, "A-1m"),
    (3, "N N N N N", False, None, P, "A-1x"),
    # East alone takes all nine: two monk's crosses (Penguin: two crosses).
    (3, "E E E E E E E E E", True, None, K, "B-2m"),
    (3, "E E E E E E E E E", True, None, P, "B-2x"),
    # A kept in, played on, and West took the seventh trick: the bonus is gone, an ordinary game.
    (3, "S N S N S N W", True, None, K, "A-1s"),
    # R10: North kept in alone and plays on; South takes the sixth trick. No opponent took a trick, so the
    # bonus stands: the hand ends there, kept in alone, a monk's cross (Penguin: a cross).
    (3, "N N N N N S", True, None, K, "A-1m"),
    (3, "N N N N N N N S", True, None, P, "A-1x"),
    # West took the stock holding a stikkar: whatever A made, the penalty is a monk's cross to West's opponents, A.
    (3, "N S N S N", False, 1, K, "A-1m"),
    # North (team A) took it wrongly while South kept in alone: the monk's cross goes to B.
    (3, "S S S S S", False, 2, K, "B-1m"),
    # The Penguin penalty: one plain cross to the opponents.
    (3, "S N S N S", False, 3, P, "A-1x"),
]


@pytest.mark.parametrize(("level", "winners", "play_on", "offender", "scoring", "answer"), HAND_CASES)
def test_hand_result_hand_worked(level: int, winners: str, play_on: bool, offender: int | None,
                                 scoring: Scoring, answer: str) -> None:
    draft = ask_hand_result(winners, play_on=play_on, offender=offender, scoring=scoring, rng=random.Random(4))
    assert draft.answer == answer
    ids = [c.id for c in draft.choices]
    assert ids.count(answer) == 1 and 3 <= len(ids) <= 6
    # The hand really went so: the engine's tricks fell to these winners.
    assert draft.position["winners"] == winners
    # The explanation names the winning card of every trick, and they are in the position.
    named = [c for c in draft.explanation[0].cards]
    assert len(named) == len(winners.split())
    tricks = [t.split() for t in draft.position["tricks"].split(" | ")]
    assert all(str(card) in trick for card, trick in zip(named, tricks))


def test_the_penalty_offers_what_the_hand_would_have_scored_as_a_wrong_answer() -> None:
    draft = ask_hand_result("N S N S N", offender=1, rng=random.Random(1))
    assert "A-2s" in {c.id for c in draft.choices}  # kept in, had West not taken the stock
    assert draft.answer == "A-1m"


def test_a_scripted_hand_is_a_real_hand_played_to_its_end() -> None:
    state = scripted_hand("W E W E W", rng=random.Random(9))
    assert state.is_terminal() and state.validate() == []
    assert [t.winner for t in state.tricks] == [1, 3, 1, 3, 1]


@pytest.mark.parametrize(("winners", "kwargs", "error", "words"), [
    ("N N X", {}, ParseError, "bad trick winner"),
    ("N N N N N N", {}, InvalidPosition, "ends after trick 5"),
    ("N N N", {}, InvalidPosition, "not over"),
    ("S W N E S N S", {"play_on": True}, InvalidPosition, "nobody took the first five"),
    ("N S N S N", {"offender": 0}, InvalidPosition, "took the stock without the right"),
    ("N N N N N N N N N N", {}, InvalidPosition, "one to nine tricks"),
    (42, {}, ParseError, "not an int"),
])
def test_hand_result_refuses_impossible_hands(winners: object, kwargs: dict[str, object], error: type,
                                              words: str) -> None:
    with pytest.raises(error, match=words):
        ask_hand_result(winners, **kwargs)  # type: ignore[arg-type]


# -- chalk-after -----------------------------------------------------------------------------

# (level, records so far, new result, table, the chalk-up after it, written by hand)
CHALK_CASES = [
    # level 1
    # B rubbed out one, A keeps in: two of A's strokes gone.
    (1, "B:ordinary", "A:kept-in", K, ChalkState(erased=(2, 1))),
    (1, "", "B:ordinary", K, ChalkState(erased=(0, 1))),
    (1, "A:ordinary", "A:ordinary", K, ChalkState(erased=(2, 0))),
    # level 2
    # A's third stroke; B had rubbed out one: a plain cross for A, a new chalk-up, B (no crosses) draws it.
    (2, "B:ordinary A:kept-in", "A:ordinary", K, ChalkState(crosses=(1, 0), drawer=1, chalkups=2)),
    # A finishes chalk-up 2 before B rubbed out any: a monk's cross beside A's cross; B draws chalk-up 3.
    (2, "B:ordinary A:kept-in A:ordinary A:ordinary", "A:kept-in", K,
     ChalkState(crosses=(1, 0), monks=(1, 0), drawer=1, chalkups=3)),
    # B's nine: one stroke finishes chalk-up 3 (A had rubbed out one: a cross), which rubs out A's plain cross;
    # two strokes carry to chalk-up 4; B, still without a cross of its own, keeps drawing (R26).
    (2, "B:ordinary A:kept-in A:ordinary A:ordinary A:kept-in B:kept-in A:ordinary", "B:nine", K,
     ChalkState(erased=(0, 2), monks=(1, 0), drawer=1, chalkups=4)),
    # level 3
    # B's cross meets only A's monk's cross: the monk is gelded, A keeps one plain cross.
    (3, "B:ordinary A:kept-in A:ordinary A:ordinary A:kept-in B:kept-in A:ordinary B:nine A:ordinary", "B:ordinary", K,
     ChalkState(crosses=(1, 0), drawer=1, chalkups=5)),
    # Kept in alone, outside the chalk-up: a monk's cross for A, strokes untouched; A now holds crosses, so B draws.
    (3, "", "A:kept-in-alone", K, ChalkState(monks=(1, 0), drawer=1)),
    # A took the stock wrongly: the monk's cross goes to B; A's rubbed-out stroke stays rubbed out; A keeps drawing.
    (3, "A:ordinary", "A:penalty", K, ChalkState(erased=(1, 0), monks=(0, 1), drawer=0)),
    # Penguin: B's kept in alone is one plain cross, which only rubs out A's cross; B still draws.
    (3, "B:ordinary A:kept-in A:ordinary", "B:kept-in-alone", P, ChalkState(drawer=1, chalkups=2)),
    # Kvívík, the same: the monk's cross is two; one rubs out A's cross, the other is B's own; A now draws (R12).
    (3, "B:ordinary A:kept-in A:ordinary", "B:kept-in-alone", K, ChalkState(crosses=(0, 1), drawer=0, chalkups=2)),
    # R12: B's nine alone (two monk's crosses) against A's monk's cross: half gelds it, half rubs out what is left,
    # the second monk's cross is B's own; B holds crosses, so A draws.
    (3, "A:kept-in-alone", "B:nine-alone", K, ChalkState(monks=(0, 1), drawer=0)),
]


@pytest.mark.parametrize(("level", "records", "new", "scoring", "after"), CHALK_CASES)
def test_chalk_after_hand_worked(level: int, records: str, new: str, scoring: Scoring, after: ChalkState) -> None:
    draft = ask_chalk_after(records, new, scoring=scoring, rng=random.Random(5))
    right = next(c for c in draft.choices if c.id == draft.answer)
    assert right.text == chalk_description(after, ("Team A", "Team B"))
    texts = [c.text for c in draft.choices]
    assert len(set(texts)) == len(texts) and 3 <= len(texts) <= 6
    assert draft.explanation and all(r.code.startswith("chalk.") for r in draft.explanation)


def test_chalk_after_offers_the_common_slips() -> None:
    # A's cross finishes a chalk-up where B had rubbed out one: the slips are B scoring it, and a monk's cross
    # (as if B had rubbed out none), and the wrong team drawing the new chalk-up.
    draft = ask_chalk_after("B:ordinary A:kept-in", "A:ordinary", wrong=5)
    texts = {c.text for c in draft.choices}
    assert chalk_description(ChalkState(crosses=(0, 0), monks=(1, 0), drawer=1, chalkups=2), ("Team A", "Team B")) in texts
    assert chalk_description(ChalkState(crosses=(1, 0), drawer=0, chalkups=2), ("Team A", "Team B")) in texts


@pytest.mark.parametrize(("records", "new", "scoring", "words"), [
    ("B:ordinary", "C:kept-in", "kvivik", "bad result"),
    ("B:oops", "A:kept-in", "kvivik", "bad result"),
    ("", "A:kept-in", "parlett", "kvivik"),
])
def test_chalk_after_refuses_bad_input(records: str, new: str, scoring: str, words: str) -> None:
    with pytest.raises(StytvoltError, match=words):
        ask_chalk_after(records, new, scoring=scoring)


# -- every generated question: levels, links, speed -----------------------------------------------


@pytest.mark.parametrize("level", learn.LEVELS)
def test_hand_result_levels_hold_their_definition(level: int) -> None:
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "hand-result", level, seed)
        p = q.position
        seats = [SEAT[s] for s in p["winners"].split()]
        first = seats[:5]
        played_on = p["played_on"] == "yes"
        alone = len(set(first)) == 1 and len(first) == 5
        team_first = len({s % 2 for s in first}) == 1 and len(first) == 5
        lost_after = played_on and any(s % 2 != first[0] % 2 for s in seats[5:])
        rare = bool(p["offender"]) or p["scoring"] == "penguin" or alone or lost_after
        if level == 1:
            assert not rare and not played_on and (team_first or len(seats) < 8), q.key
        elif level == 2:
            assert not rare and ((played_on and len(seats) == 9) or (not team_first and len(seats) >= 8)), q.key
        else:
            assert rare, q.key


@pytest.mark.parametrize("level", learn.LEVELS)
def test_chalk_after_levels_hold_their_definition(level: int) -> None:
    for seed in range(SEEDS):
        q = learn.question("styrivolt", "chalk-after", level, seed)
        p = q.position
        table = Scoring(p["scoring"])
        board = Chalkboard(scoring=table)
        for team, result in parse_records(p["records"]):
            board.record(team, result)
        team, result = parse_record(p["new"])
        strokes_needed = board.strokes(team)
        codes = {r.code for r in board.record(team, result).reasons}
        outside = result.name in ("KEPT_IN_ALONE", "NINE_TRICKS_ALONE", "STOCK_PENALTY")
        worth = {"ORDINARY": 1, "KEPT_IN": 2, "NINE_TRICKS": 3}.get(result.name, 0)
        if level == 1:
            assert table is K and not outside and worth < strokes_needed, q.key
        elif level == 2:
            assert table is K and not outside and worth >= strokes_needed and "chalk.geld" not in codes, q.key
        else:
            assert table is P or outside or "chalk.geld" in codes, q.key


@pytest.mark.parametrize("name", KINDS)
def test_rule_links_lead_to_real_headings(name: str) -> None:
    rules = {learn.kind_info("styrivolt", name).rule}
    rules |= {learn.question("styrivolt", name, lv, s).rule for lv in learn.LEVELS for s in range(80)}
    for rule in rules:
        page, _, anchor = rule.partition("#")
        text = (DOCS / page).read_text(encoding="utf-8")
        heads = {slugify(h, "-") for h in re.findall(r"^#{1,6}\s+(.+?)\s*$", text, flags=re.M)}
        assert anchor in heads, rule


def test_a_cross_won_is_drawn_as_that_cross_not_a_second_one() -> None:
    # "B wins a monk's cross … B draws a monk's cross of its own" read as two crosses.  The cross won is the cross
    # drawn, and a win of two monk's crosses calls its second one the second (docs/scoring.md).
    teams = ("Team A", "Team B")
    draft = ask_chalk_after("B:ordinary B:ordinary", "B:ordinary")
    assert [r.render(teams=teams) for r in draft.explanation] == [
        "Team B wins an ordinary game: one stroke erased on Team B's side.",
        "Team B's third stroke is erased: the chalk-up is complete; Team A had erased none, so Team B wins a "
        "monk's cross (worth two crosses).",
        "Team A holds no crosses to erase, so Team B's monk's cross is drawn on Team B's side.",
        "Team A has no crosses, so Team A draws the new chalk-up.",
    ]
    draft = ask_chalk_after("", "A:nine-alone")
    assert [r.render(teams=teams) for r in draft.explanation][1:3] == [
        "Team B holds no crosses to erase, so Team A's monk's cross is drawn on Team A's side.",
        "Team B holds no crosses to erase, so Team A's second monk's cross is drawn on Team A's side too.",
    ]
    # Against a monk's cross, each half of the first monk's cross does its work, then the second is drawn.
    draft = ask_chalk_after("B:kept-in-alone", "A:nine-alone")
    assert [r.render(teams=teams) for r in draft.explanation][1:4] == [
        "Team B holds no plain cross, only a monk's cross, so half of Team A's monk's cross gelds the monk: it "
        "becomes a plain cross.",
        "The other half of Team A's monk's cross erases one of Team B's crosses.",
        "Team B holds no crosses to erase, so Team A's second monk's cross is drawn on Team A's side.",
    ]
    said = " ".join(line for s in range(60) for line in learn.question("styrivolt", "chalk-after", 2, s).explain(teams=teams))
    assert "of its own" not in said


def test_a_chalk_up_choice_names_the_chalk_up_it_draws() -> None:
    # Each choice's id names its chalk-up, so the page can draw the choices; the chalk-up before the hand
    # follows from the results so far.
    draft = ask_chalk_after("B:ordinary A:kept-in", "A:ordinary")
    assert draft.answer == "e00-x1.0-m0.0-b2"  # A's cross (B had rubbed out one), chalk-up 2, drawn by B
    assert chalk_of_id(draft.answer) == ChalkState(crosses=(1, 0), drawer=1, chalkups=2)
    assert chalk_before(draft.position) == ChalkState(erased=(2, 1))
    for level in learn.LEVELS:
        for seed in range(40):
            q = learn.question("styrivolt", "chalk-after", level, seed)
            for choice in q.choices:
                state = chalk_of_id(choice.id)
                assert chalk_id(state) == choice.id and choice.text == chalk_description(state, ("Team A", "Team B"))
            assert q.context.endswith(chalk_description(chalk_before(q.position), ("Team A", "Team B")))
    with pytest.raises(InvalidPosition, match="not a chalk-up's id"):
        chalk_of_id("a3b2-0000-a1")
