"""The coach (:mod:`stytvolt.analysis.coach`): hints that never peek, reasons that name only what the reader may know,
lines that reach what the solver promised, and the review's words.

Expectations are independent of the engine: a hint is compared with itself over deals whose hidden cards were dealt
afresh (``resample``: the seat's observation is the same, nothing else is); the cards a reason may name are read from
the reader's own observation; a better line is checked by playing it to the end and reading ``returns()``, against
the brute force of :mod:`protocol.brute`; the review's sentences are written out by hand.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import stytvolt
from protocol.brute import brute_values
from stytvolt import StytvoltError
from stytvolt.analysis import Decision
from stytvolt.analysis.coach import (Figures, Hint, action_words, decision_words, hint, hint_steps, review_summary,
                                     seen_cards, why)
from stytvolt.analysis.review import better_line, history, moment, review
from stytvolt.core.protocol import run_to_end
from stytvolt.core.words import CARD_WORD

#: Each game's setups as ``GameInfo.new`` options (the smallest of each kind, so the hands are quick).
SETUPS: dict[str, list[dict[str, Any]]] = {
    "styrivolt": [{}],
    "sjavs": [{"players": 4}, {"players": 3}],
    "klorsjavs": [{"variant": "klorsjavs"}, {"variant": "four-hand"}],
    "knorri": [{"players": 3, "hand_size": 3}, {"players": 4}],
    "brus": [{"players": 4}, {"players": 6}],
    "vira": [{"players": 3}, {"players": 4}],
}
CASES = [(name, options) for name, setups in SETUPS.items() for options in setups]
#: The computer moves a setup's reasons are checked over: a thousand a game, shared among its setups.
MOVES = {name: 1_000 // len(setups) for name, setups in SETUPS.items()}
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(CASES)]


def beginner(name: str, seed: int) -> Any:
    kind = stytvolt.game(name).part("table").KIND
    return kind.bot(kind.levels[0][0], seed)


def decisions(name: str, options: dict[str, Any], seed: int, every: int) -> Any:
    """Every ``every``-th moment of a hand played by the beginner where the seat to move has a choice: (state, seat)."""
    state = stytvolt.game(name).new(seed, **options)
    bot = beginner(name, seed)
    n = 0
    while not state.is_terminal() and n < 600:
        seat = state.current_player()
        if n % every == 0 and len(state.legal_actions()) > 1:
            yield state.clone(), seat
        state.apply(bot.choose(state.observation(seat)))
        n += 1


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_hint_is_the_same_when_the_hidden_cards_are_dealt_afresh(name: str, options: dict[str, Any]) -> None:
    compared = 0
    for seed in range(3):
        for state, seat in decisions(name, options, seed, every=7):
            twin = state.resample(seat, random.Random(seed * 1000 + compared))
            assert twin.observation(seat).to_json() == state.observation(seat).to_json()
            mine, theirs = hint(state, seat, seed), hint(twin, seat, seed)
            assert mine == theirs, (name, seed, seat)
            assert mine.action in {str(a) for a in state.legal_actions()}
            assert mine.level == "expert" and mine.reason
            compared += 1
            if compared >= 6:
                return
    assert compared >= 4


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_reason_told_to_south_names_only_cards_south_has_seen(name: str, options: dict[str, Any]) -> None:
    """A thousand computer moves a game, shared among its setups (the beginner's reasons: its rules of thumb name cards of its own hand), and some
    of the expert's, each told to seat 0: every card named is one seat 0 has seen (the card just played among them; a card laid away face down not)."""
    checked = hidden = 0
    for seed in range(200):
        state = stytvolt.game(name).new(seed, **options)
        bot = beginner(name, seed)
        n = 0
        while not state.is_terminal() and n < 600:
            seat = state.current_player()
            action = bot.choose(state.observation(seat))
            if seat != 0:
                level = "expert" if checked % 25 == 0 else "beginner"
                said = why(state, seat, action, seed, level=level, learner=0)
                after = state.clone()
                after.apply(action)
                if not after.is_terminal():
                    known = seen_cards(after, 0)
                    named = set(CARD_WORD.findall(said.reason))
                    assert named <= known, (name, seed, said.reason, named - known)
                    hidden += "hidden card" in said.reason
                checked += 1
            state.apply(action)
            n += 1
        if checked >= MOVES[name]:
            break
    assert checked >= MOVES[name]
    if name != "knorri":  # (Knorri's cards are taken face up from the table: a reason seldom has one to hide)
        assert hidden, "some reason named a card South had not seen, and said it as a hidden card"


def test_a_hint_streams_its_progress_and_comes_out_the_same() -> None:
    state, seat = next(decisions("sjavs", {"players": 4}, 2, every=9))
    steps = hint_steps(state, seat, 5)
    seen: list[float] = []
    try:
        while True:
            seen.append(next(steps))
    except StopIteration as done:
        got = done.value
    assert seen and all(0.0 <= p <= 1.0 for p in seen)
    assert got == hint(state, seat, 5)
    assert isinstance(got, Hint) and isinstance(got.figures, Figures)


def test_the_coach_refuses_what_is_no_decision_and_changes_nothing() -> None:
    state, seat = next(decisions("vira", {"players": 3}, 1, every=5))
    before = state.to_json()
    other = (seat + 1) % state.num_players
    for bad in (lambda: hint("a hand", 0), lambda: hint(state, other), lambda: hint(state, 7),
                lambda: hint(state, True), lambda: hint(state, seat, seed="x"),  # type: ignore[arg-type]
                lambda: why(state, seat, "not an action"), lambda: why(state, other, state.legal_actions()[0]),
                lambda: why(state, seat, state.legal_actions()[0], learner=9)):
        with pytest.raises(StytvoltError):
            bad()
    assert state.to_json() == before
    done = stytvolt.game("vira").new(1, players=3)
    bot = beginner("vira", 1)
    while not done.is_terminal():
        done.apply(bot.choose(done.observation(done.current_player())))
    with pytest.raises(StytvoltError, match="over"):
        hint(done, 0)


def finished(name: str, options: dict[str, Any], seed: int) -> Any:
    state = stytvolt.game(name).new(seed, **options)
    bot = beginner(name, seed)
    while not state.is_terminal():
        state.apply(bot.choose(state.observation(state.current_player())))
    return state


LINE_CASES = [("sjavs", {"players": 4}, 7), ("klorsjavs", {"variant": "klorsjavs"}, 8), ("vira", {"players": 3}, 6),
              ("brus", {"players": 4}, 7), ("styrivolt", {}, 5)]


@pytest.mark.parametrize(("name", "options", "tail"), LINE_CASES, ids=[c[0] for c in LINE_CASES])
def test_the_better_line_reaches_what_the_brute_force_says_is_best(name: str, options: dict[str, Any], tail: int) -> None:
    info = stytvolt.game(name)
    checked = 0
    for seed in range(20):
        state = finished(name, options, seed)
        start, taken = history(state)
        for index in range(max(0, len(taken) - tail), len(taken)):
            at = start.clone()
            for action in taken[:index]:
                at.apply(action)
            try:
                sides = info.sides(at)
            except StytvoltError:
                continue
            mover = at.current_player()
            values = brute_values(at, sides)
            line = better_line(state, index)
            assert values[line[0]] == max(values.values())
            for text in line:
                at.apply(next(a for a in at.legal_actions() if str(a) == text))
            assert at.is_terminal()
            assert at.returns()[mover] == max(values.values()), (name, seed, index, line)
            judged = moment(state, index)
            assert judged.best_value == max(values.values()) and judged.action == str(taken[index])
            assert judged.cost == max(values.values()) - values[str(taken[index])]
            checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def test_a_moment_is_the_review_of_that_seat() -> None:
    state = finished("sjavs", {"players": 4}, 11)
    reviewed = review(state, 2, since=20)
    assert reviewed
    for decision in reviewed:
        assert moment(state, decision.index) == decision
    with pytest.raises(StytvoltError, match="no action"):
        moment(state, 500)
    with pytest.raises(StytvoltError):
        better_line(state, -1)


def test_the_review_in_words() -> None:
    kept = Decision("play HA", 30, 16, 16, ("play HA", "play H7"), 0)
    lost = Decision("play S7", 31, 8, 11, ("play SA",), 3)
    half = Decision("play S7", 31, 8, 10, ("play SA",), 2, exact=False)
    guessed = Decision("bid 6", 2, 0.5, 1.75, ("bid 7",), 1.25, solved=False)
    thumb = Decision("pass", 1, None, None, ("bid 5",), None, solved=False)
    assert decision_words("sjavs", kept).startswith("♥A kept the value")
    assert re.match(r"♠7 cost 3( [a-zø ]+)?: ♠A was best", decision_words("sjavs", lost))
    assert "♠A was best" in decision_words("sjavs", lost)
    assert "ran out of time" in decision_words("sjavs", half)
    assert "estimate" in decision_words("sjavs", guessed) and "bid 7" in decision_words("sjavs", guessed)
    assert "bid 5" in decision_words("sjavs", thumb)
    assert review_summary("sjavs", [kept, lost, guessed], 2).startswith("3 decisions, 1 mistake; the biggest was ♠7")
    assert review_summary("sjavs", [kept, lost, guessed], 2).endswith("2 hints used.")
    assert review_summary("sjavs", [kept], 0) == "1 decision, 0 mistakes: every decision you made kept the value. No hints used."
    assert review_summary("sjavs", [], 1) == "You made no decision in this hand. 1 hint used."


def test_a_hint_of_the_only_choice_says_so() -> None:
    state = stytvolt.game("sjavs").new(3, players=4)
    bot = beginner("sjavs", 3)
    while not state.is_terminal():
        seat = state.current_player()
        if len(state.legal_actions()) == 1 and state.phase == "play":
            got = hint(state, seat)
            assert got.reason.endswith("was the only choice the rules allowed.")
            assert got.action == str(state.legal_actions()[0])
            return
        state.apply(bot.choose(state.observation(seat)))
    raise AssertionError("no forced card in the hand")


def test_run_to_end_gives_the_hint() -> None:
    state, seat = next(decisions("brus", {"players": 4}, 4, every=3))
    assert run_to_end(hint_steps(state, seat, 1)) == hint(state, seat, 1)
