"""The double-dummy solver: against plain minimax over the public state, on hand-worked positions, and bad input."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stytvolt.core.errors import InvalidPosition, StytvoltError
from stytvolt.styrivolt import HandState, Phase, Rules, Scoring
from stytvolt.styrivolt.solver import OLD, Search, Techniques, achievable, can_keep_in, can_take, can_take_nine, can_win, sides, solve

from helpers import arrange
from solver_reference import action_values, can_reach, endings, solvable

# Hearts and spades chosen (♠K ♠3 ♥Q turned: ♠3, the trist, and ♥Q exposed).  South (0) holds the five
# permanent stikkar, North (2) the four chosen ones and both lambs; West and East hold no stikkar and no lamb.
STOCK = "SK S3 HQ D2 D3 D4 D5 D6 D7 D8 C2 C3"
HANDS = {
    0: "H2 C4 S8 H9 D9 C5 C6 C7 C8",
    1: "S2 S4 S5 S6 S9 SQ H3 H4 H5",
    2: "HA SA HJ SJ H7 S7 C9 CJ CQ",
    3: "H6 H8 HK DJ DQ DK DA CK CA",
}


def after_first_trick(rules: Rules = Rules()) -> HandState:
    """West leads ♠9, North ♣9, East ♣A, South the bird: South has the only trick and the stock is closed."""
    state = arrange(STOCK, HANDS, rules=rules)
    for card in ("S9", "C9", "CA", "H2"):
        state.apply(card)
    assert state.to_move == 0 and state.won == (1, 0, 0, 0)
    return state


# -- against the reference --------------------------------------------------------------------------


@pytest.mark.parametrize("cards,count", [(1, 1500), (2, 1500), (3, 250)])
def test_every_action_value_matches_minimax(cards: int, count: int) -> None:
    seen: Counter[str] = Counter()
    for state in endings(cards, count, seed=1):
        before = state.dumps()
        expected = action_values(state)
        solution = solve(state)
        assert state.dumps() == before  # the state is left as it was
        where = f"{state.dumps()}"
        assert solution.values == expected, where
        assert solution.value == max(expected.values()), where
        assert set(solution.best) == {a for a, v in expected.items() if v == solution.value}, where
        assert solution.exact and solution.player == state.current_player()
        # The principal line is a line of legal actions that ends the hand with that score and those tricks.
        replay = state.clone()
        for action in solution.line:
            replay.apply(action)
        assert replay.is_terminal(), where
        assert replay.returns()[solution.player] == solution.value, where
        assert replay.team_tricks() == solution.tricks, where
        seen.update(a.split()[0] for a in expected if not a[:1].isupper())
        seen["playing on"] += state.playing_on is not None
        seen["mid-trick"] += bool(state.current)
        seen["compulsory"] += state.rules.compulsory_beating
        seen["penalty"] += any(not t.rightful for t in state.takes)
        seen["stock taken"] += bool(state.takes)
    # What the positions covered: trades, mid-trick positions, the keeping-in decision, the variants.
    assert seen["mid-trick"] and seen["compulsory"] and seen["stock taken"], seen
    if cards == 1:
        assert seen["trade"] and seen["playing on"] and seen["penalty"], seen


@pytest.mark.parametrize("goal", ["win", "keep-in", "nine", 1, 2])
def test_goals_match_minimax(goal: str | int) -> None:
    checked = 0
    for i, state in enumerate(endings(2, 300, seed=2)):
        team = i % 2
        start = state.team_tricks()[team]
        assert achievable(state, goal, team) == can_reach(state, goal, team, start), state.dumps()
        checked += 1
    assert checked == 300


def test_merging_and_the_table_change_no_value() -> None:
    for state in endings(3, 60, seed=3):
        full = solve(state)
        assert solve(state, merge=False).values == full.values
        assert solve(state, table=False).values == full.values


@pytest.mark.parametrize("cards,count", [(4, 30), (5, 5)])
def test_the_later_techniques_change_no_value(cards: int, count: int) -> None:
    """Endings too big for plain minimax: the search with every later technique (equivalent first actions
    valued once, relative ranks in the table's key, sure later tricks, the leader's lambs, the first move
    within a trick tried before the others are listed, sure tricks among the first five) against the search without them, and without each."""
    for state in endings(cards, count, seed=26):
        full = solve(state)
        assert solve(state, techniques=OLD).values == full.values, state.dumps()
        for name in ("root_merge", "canonical", "later", "lamb_runs", "quick_first", "early") if cards == 4 else ():
            assert solve(state, techniques=Techniques(**{name: False})).values == full.values, (name, state.dumps())


def test_a_stock_takers_spare_card_counts_for_no_trick() -> None:
    """The stock's taker kept the stock and took it again: North holds four cards, three of them stikkar, with
    three tricks to play, and cannot play them all.  Counting his stikkar as three tricks once lost the solver its
    principal line (and valued ♠2 as winning the hand); the values are plain minimax's."""
    state = HandState.from_json({
        "game": "styrivolt", "v": 1, "deck": "nTmrYtkCEfNwXysjFoRlbgAqpGJKQdueUZMaLSHzDPcOWBhx", "dealer": 0,
        "rules": {}, "actions": ["H8", "take", "keep", "HJ", "H9", "H2", "D2", "DA", "D9", "D3", "S5", "D6", "C5",
                                 "SJ", "S8", "D4", "C9", "D7", "C4", "CQ", "DQ", "D8", "C2", "CA", "S6", "SA"]})
    assert len(state.hands[2]) == 4 and len(state.tricks) == 6
    expected = action_values(state)
    assert expected == {"CJ": 1, "S2": -1, "HA": -1}
    assert solve(state).values == expected


def test_the_teams_are_the_sides() -> None:
    state = after_first_trick()
    assert sides(state) == ((0, 2), (1, 3))
    with pytest.raises(InvalidPosition, match="HandState"):
        sides("a hand")  # type: ignore[arg-type]


# -- worked by hand from the rules ----------------------------------------------------------------------


def test_south_keeps_in_alone_with_his_stikkar() -> None:
    # South has the only trick and four more stikkar; nobody else holds one that outranks them, and West and
    # East hold no lamb: leading a stikkar each time, South takes tricks 2 to 5 himself, kept in alone, a
    # monk's cross (6 strokes).  All nine alone is out of reach: his four clubs can be beaten (East's ♣K, or
    # any unfortunate).  A club led instead can be taken by West's unfortunate, so nothing alone; North
    # overtakes, and with eight stikkar for eight tricks the team plays on for all nine (3 strokes).
    state = after_first_trick()
    solution = solve(state)
    assert solution.values == {c: 6 for c in ("C4", "S8", "H9", "D9")} | {c: 3 for c in ("C5", "C6", "C7", "C8")}
    assert set(solution.best) == {"C4", "S8", "H9", "D9"}
    assert solution.tricks == (5, 0) and solution.line[-1] == "stop"
    assert can_win(state) and can_keep_in(state) and can_take_nine(state)
    assert not can_win(state, team=1) and not can_take(state, 1, team=1)


def test_penguin_scoring_makes_alone_and_nine_equal() -> None:
    # Parlett's table: kept in alone is one plain cross (3 strokes), the same as nine tricks, so every lead is best.
    state = after_first_trick(Rules(scoring=Scoring.PENGUIN))
    solution = solve(state)
    assert solution.value == 3 and set(solution.values.values()) == {3}
    assert set(solution.best) == set(solution.values)


def test_the_opponents_see_the_other_side() -> None:
    # West to play after South's ♠8: whatever West does, East-West lose by a monk's cross.
    state = after_first_trick()
    state.apply("S8")
    solution = solve(state)
    assert solution.player == 1 and solution.value == -6 and set(solution.best) == set(solution.values)


@pytest.mark.parametrize("partner_ends, play_on", [(True, 6), (False, 3)])
def test_the_keeping_in_decision(partner_ends: bool, play_on: int) -> None:
    # Play South's four stikkar: tricks 2-5 are South's, and he says whether to stop.  Stopping is worth the
    # monk's cross.  Playing on cannot make sure of nine alone, but North can take the next trick with a
    # stikkar, which ends the hand still kept in alone (R10): the monk's cross again.  With that switch off
    # the team plays on for nine as a team (the team still has the stikkar): three strokes.
    state = after_first_trick(Rules(partner_trick_ends_play_on=partner_ends))
    for lead, north in (("C4", "CJ"), ("S8", "CQ"), ("H9", "H7"), ("D9", "S7")):
        state.apply(lead)
        state.apply(state.legal_actions()[0])  # West
        state.apply(north)  # North keeps the four chosen stikkar
        state.apply(state.legal_actions()[0])  # East
    assert state.phase is Phase.PLAY_ON and state.to_move == 0
    solution = solve(state)
    assert solution.values == {"stop": 6, "play-on": play_on}
    assert solution.line == ("stop",) and solution.tricks == (5, 0)


# -- the yes/no form, the deadline, bad input ---------------------------------------------------------------


def test_a_deadline_gives_an_inexact_answer_or_none() -> None:
    state = HandState.deal(2, dealer=2)  # a whole deal nobody may take the stock of
    assert achievable(state, "win", deadline=0.05) is None
    with pytest.raises(StytvoltError, match="deadline"):
        solve(state, deadline=0.05)
    ending = next(endings(3, 1, seed=4))
    assert solve(ending, deadline=60).exact


@pytest.mark.parametrize("make,message", [
    (lambda: HandState.deal(1), "stock can still be taken"),
    (lambda: arrange(STOCK, HANDS), "stock can still be taken"),
])
def test_positions_the_solver_refuses(make, message) -> None:  # type: ignore[no-untyped-def]
    state = make()
    before = state.dumps()
    with pytest.raises(InvalidPosition, match=message):
        solve(state)
    with pytest.raises(InvalidPosition, match=message):
        achievable(state)
    assert state.dumps() == before


def test_a_finished_hand_and_the_taking_of_the_stock_are_refused() -> None:
    state = after_first_trick()
    rng_free = state.clone()
    while not rng_free.is_terminal():
        rng_free.apply(rng_free.legal_actions()[0])
    with pytest.raises(InvalidPosition, match="over"):
        solve(rng_free)
    taking = arrange(STOCK, {1: "C5 C6 C7 C8 C9 CJ CQ CK CA"})  # West has no stikkar: the stock is open
    taking.apply("take")
    with pytest.raises(InvalidPosition):
        solve(taking)


@pytest.mark.parametrize("call,message", [
    (lambda s: solve("H2"), "HandState"),  # type: ignore[arg-type]
    (lambda s: achievable(s, "sweep"), "unknown goal 'sweep'"),
    (lambda s: achievable(s, 10), "0 to 9"),
    (lambda s: achievable(s, True), "goal"),
    (lambda s: achievable(s, "win", team=2), "a team is 0"),
    (lambda s: solve(s, deadline=-1), "deadline"),
    (lambda s: solve(s, deadline="soon"), "deadline"),  # type: ignore[arg-type]
])
def test_bad_arguments_name_what_is_wrong(call, message) -> None:  # type: ignore[no-untyped-def]
    state = after_first_trick()
    before = state.dumps()
    with pytest.raises(StytvoltError, match=message):
        call(state)
    assert state.dumps() == before


# -- the rare moves: the bird claimed by the king of hearts, four of a kind made by a trade -------------------


def test_claims_of_the_bird_match_minimax() -> None:
    # With the bird variation, in a trick that can end the hand, the holder of ♥K may claim an exposed bird, and
    # the heart trader's holder is asked first: the solver plays both steps as the state does.
    rng = random.Random("bird")
    found = 0
    for seed in range(3000):
        state = HandState.deal(seed, dealer=seed % 4, rules=Rules(king_of_hearts_takes_bird=True))
        while not state.is_terminal() and found < 3:
            if (9 - len(state.tricks) <= 3 and sum(map(len, state.hands)) <= 14 and solvable(state)
                    and "trade HK H2" in [str(a) for a in state.legal_actions()]):
                assert solve(state).values == action_values(state), state.dumps()
                found += 1
                break
            state.apply(rng.choice(state.legal_actions()))
        if found == 3:
            break
    assert found == 3


def test_a_trade_that_makes_four_of_a_kind_matches_minimax() -> None:
    # Hearts and spades chosen, the karnifl ♥J exposed; West holds the heart trader and the other three jacks:
    # trading makes four jacks, each then playing as a karnifl.
    state = arrange("HJ SK S3 D2 D3 D4 D5 D6 D7 D8 C2 C3", {
        1: "H5 SJ CJ DJ C5 C6 C7 C8 C9", 0: "H2 C4 HA SA H6 S6 CK CA CQ", 2: "H9 S8 D9 H3 S2 S4 H4 HK HQ"})
    junk = ["C5", "C6", "C7", "C8", "C9"]
    while len(state.tricks) < 5:
        state.apply(junk.pop(0) if state.to_move == 1 else next(a for a in state.legal_actions() if a.kind.value == "play"))
    state.apply("play-on")
    state.apply("CA")
    assert state.to_move == 1 and "trade H5 HJ" in [str(a) for a in state.legal_actions()]
    assert solve(state).values == action_values(state)


@settings(max_examples=400, deadline=None)
@given(st.sets(st.integers(-12, 12), min_size=1, max_size=9).flatmap(
    lambda vs: st.tuples(st.just(tuple(sorted(vs))), st.sampled_from(sorted(vs)), st.none() | st.sampled_from(sorted(vs)))))
def test_the_value_search_finds_the_value_from_any_guess(case: tuple[tuple[int, ...], int, int | None]) -> None:
    """Search.value finds a position's value among the possible ones, whatever the guess (the previous move's
    value): the expert player once crashed when a move reached the highest value and so had the move before it."""
    values, true, guess = case
    search = Search.__new__(Search)
    asked: list[int] = []

    def at_least(beta: int) -> bool:
        asked.append(beta)
        return true >= beta

    search.at_least = at_least  # type: ignore[method-assign]
    assert search.value(values, guess) == true
    assert len(asked) <= 2 + len(values).bit_length(), asked
