"""Knorri's phase-two solver: "can I still avoid losing?", on positions worked out by hand."""

from __future__ import annotations

import pytest

from stytvolt import StytvoltError
from stytvolt.core.errors import InvalidPosition
from stytvolt.knorri import KnorriState, PhaseOne, Rules, avoid_losing, parse_action, phase_two


def test_lead_the_card_nobody_can_beat() -> None:
    # Player 0 (♥5 ♦2) against player 1 (♥9 ♠3); player 2 took nothing.  Lead ♦2: player 1 has no
    # diamond, must pick it up, and player 0 goes out leading ♥5.  Lead ♥5 instead: player 1 beats it
    # with ♥9 (two cards, the trick is complete), leads ♠3 and goes out, leaving player 0 the loser.
    verdict = avoid_losing(phase_two(["H5 D2", "H9 S3", ""], leader=0))
    assert verdict.safe and verdict.moves == ("play D2",)
    assert not avoid_losing(phase_two(["H5 D2", "H9 S3", ""], leader=0), 1).safe


def test_a_trump_cannot_rescue_a_hard_club() -> None:
    # Three players: 0 holds ♠5 ♦2, 1 holds ♥9, 2 holds ♣3.  Leading ♠5, player 1 must pick it up, 2
    # leads ♣3 and goes out; player 0 picks up the club (♦2 cannot beat a club) and can then beat
    # whatever player 1 leads with ♦2, complete the two-card trick and go out with ♣3.  Leading ♦2
    # instead, player 1 picks it up and can later lead it back at player 0, who has no diamond.
    verdict = avoid_losing(phase_two(["S5 D2", "H9", "C3"], leader=0))
    assert verdict.safe and verdict.moves == ("play S5",)


def test_a_player_who_is_out_is_safe_and_one_who_lost_is_not() -> None:
    state = phase_two(["SA", "H2", "H3 S4"], leader=0)
    assert avoid_losing(state).moves == ("play SA",)
    state.apply("play SA")
    assert avoid_losing(state, 0).safe and avoid_losing(state, 0).moves == ()
    done = phase_two(["H2", "H3", "S4 S5"], leader=0)
    done.apply("play H2")
    done.apply("play H3")
    assert not avoid_losing(done, 2).safe and avoid_losing(done, 1).safe


def test_the_safe_moves_keep_the_player_safe() -> None:
    # Whatever the others answer to a safe move, the player stays able to get out.
    state = phase_two(["S5 D2", "H9", "C3"], leader=0)
    verdict = avoid_losing(state)
    assert verdict.moves
    for move in verdict.moves:
        after = state.clone()
        after.apply(move)
        assert avoid_losing(after, verdict.seat).safe


def test_the_solver_refuses_what_it_cannot_read() -> None:
    with pytest.raises(InvalidPosition, match="phase one"):
        avoid_losing(KnorriState.deal(1))
    with pytest.raises(InvalidPosition, match="unseen"):
        mas = KnorriState.deal(1, players=3, rules=Rules(phase_one=PhaseOne.MAS))
        while mas.phase == "mas":
            mas.apply(mas.legal_actions()[0])
        avoid_losing(mas)
    with pytest.raises(InvalidPosition, match="seat"):
        avoid_losing(phase_two(["SA", "H2", "H3"], leader=0), 5)
    with pytest.raises(StytvoltError, match="too large"):
        avoid_losing(KnorriState.short(1, hand_size=4, players=4), max_positions=500)


# -- the generator form ------------------------------------------------------------------------------------


def test_the_generator_form_yields_progress_and_gives_the_same_verdict() -> None:
    from stytvolt.knorri.solver import CHUNK, analyse, avoid_losing_steps

    # Seven cards, three players: a few thousand positions, so the search yields many times.
    state = phase_two(["H7 HK", "D2 H3 D8", "D6"], leader=1)
    state.apply("play H3")
    before = state.to_json()
    work = avoid_losing_steps(state, 2)
    fractions: list[float] = []
    while True:
        try:
            fractions.append(next(work))
        except StopIteration as done:
            verdict = done.value
            break
    assert verdict == avoid_losing(state, 2)
    assert verdict.moves == ("play D6",)
    # At least one yield for every CHUNK actions tried (each new position is reached by one action).
    assert len(fractions) >= (verdict.positions - 1) // CHUNK >= 10
    assert all(0.0 <= f <= 1.0 for f in fractions) and fractions == sorted(fractions) and fractions[-1] == 1.0
    assert state.to_json() == before
    assert analyse(state, 2).positions == verdict.positions


def test_closing_the_generator_stops_the_search_and_leaves_the_position() -> None:
    from stytvolt.knorri.solver import avoid_losing_steps

    state = phase_two(["H7 HK", "D2 H3 D8", "D6"], leader=1)
    before = state.to_json()
    work = avoid_losing_steps(state)
    next(work)
    next(work)
    work.close()
    assert state.to_json() == before
    with pytest.raises(StopIteration):
        next(work)


def test_distances_stubborn_replies_and_the_losing_line() -> None:
    from stytvolt.knorri.solver import analyse

    # C (♥K ♦K) leads for three against A (♠K ♣A) and B (♠4).  After ♥K: A must pick it up, B lead ♠4 and
    # go out, and C trumps with ♦K: four actions in all, C out.  After ♦K: A picks it up, B leads ♠4, C
    # (♥K) picks it up, and A leads its three cards one by one, C picking each up: eight, C the loser.
    state = phase_two(["SK CA", "S4", "HK DK"], leader=2)
    a = analyse(state, 2)
    assert a.safe(state) and a.safe_moves(state) == (parse_action("play HK"),)
    assert a.quickest(state) == parse_action("play HK") and a.distance(state) == 4
    wrong = state.clone()
    wrong.apply("play DK")
    assert not a.safe(wrong) and a.doomed(wrong) and a.distance(wrong) == -1
    line, loses = a.losing_line(wrong)
    assert loses and len(line) == 8
    assert str(a.stubborn(wrong)) == "pick up"
    with pytest.raises(InvalidPosition):
        a.losing_line(state)
    with pytest.raises(InvalidPosition, match="cannot be reached"):
        a.safe(phase_two(["SK", "S4", "HK"], leader=0))


def test_solve_refuses_at_once_a_position_larger_than_it_settles_unasked() -> None:
    """A review of a whole hand asks the solver about every phase-two decision: a large one is refused at once (so
    the review gives the expert's estimate) instead of after seconds of listing positions; max_nodes still tries."""
    import time

    from stytvolt.knorri.solver import SETTLED_SIZE, size, solve

    state = KnorriState.deal(4, players=4)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    assert size(state) > SETTLED_SIZE
    started = time.perf_counter()
    with pytest.raises(InvalidPosition, match="size"):
        solve(state)
    assert time.perf_counter() - started < 0.5
    try:  # asked to try, it tries: stopped by the limit, it says so (or gives what it settled, not exact)
        assert not solve(state, max_nodes=200).exact
    except StytvoltError as err:
        assert "limit of 200 positions" in str(err) and not isinstance(err, InvalidPosition)
