"""The compiled hand plays the rules the state machine plays: the same legal actions, the same cards, the same end.

Thousands of seeded hands under random rules are played in lockstep through
``HandState`` and ``FastHand`` from the moment the stock closes; moves are
undone and redone at random.  Also: the equivalence table's facts, worked
by hand from the ranking, and the random playouts.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from stytvolt import parse_card
from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.fast import NEVER, NUMBER, conflicts, mask
from stytvolt.styrivolt.fasthand import FastHand, move_text
from stytvolt.styrivolt.playout import playout, random_hands

from solver_reference import random_rules, solvable


def snapshot(h: FastHand) -> tuple[object, ...]:
    return (h.hands[:], h.promo[:], h.declared[:], h.quads[:], dict(h.exposed), h.to_move, h.leader, h.trick[:],
            h.tstate, h.best, h.won[:], h.done, h.playing_on, h.phase, h.ending, h.king)


def test_lockstep_with_the_state_machine() -> None:
    rng = random.Random("lockstep")
    seen: Counter[str] = Counter()
    for seed in range(1500):
        state = HandState.deal(seed, dealer=seed % 4, rules=random_rules(rng))
        while not state.is_terminal() and not solvable(state):
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        fast = FastHand.of(state)
        while not state.is_terminal():
            moves = fast.legal()
            assert sorted(move_text(m) for m in moves) == sorted(str(a) for a in state.legal_actions()), state.dumps()
            move = rng.choice(moves)
            before = snapshot(fast)
            fast.apply(move)
            if rng.random() < 0.2:  # undo restores every field, and the move can be made again
                fast.undo()
                assert snapshot(fast) == before
                fast.apply(move)
            for action in fast.actions(move):
                state.apply(action)
            seen[move_text(move).split()[0] if move >= 64 else "card"] += 1
            assert fast.hands == [mask(h) for h in state.hands], state.dumps()
            assert fast.team_tricks() == state.team_tricks()
            if not state.is_terminal():
                assert fast.to_move == state.to_move
        assert fast.over()
        assert [fast.value(q % 2) for q in range(4)] == state.returns(), state.dumps()
    assert seen["card"] > 30_000 and seen["trade"] and seen["stop"] and seen["play-on"], seen


def test_undo_all_the_way_back() -> None:
    state = HandState.deal(2, dealer=2)  # nobody may take the stock: every player was dealt a stikkar
    fast = FastHand.of(state)
    start = snapshot(fast)
    rng = random.Random(3)
    made = 0
    while not fast.over():
        fast.apply(rng.choice(fast.legal()))
        made += 1
    for _ in range(made):
        fast.undo()
    assert snapshot(fast) == start


def test_the_stock_must_be_closed() -> None:
    state = HandState.deal(1)
    with pytest.raises(InvalidPosition, match="stock"):
        FastHand.of(state)
    assert FastHand.dealt(state).legal()  # a playout may leave the stock where it lies


# -- the equivalence table, worked by hand from the ranking (hearts and spades chosen) -------------------------

HS = conflicts("H,S")


def n(text: str) -> int:
    return NUMBER[parse_card(text)]


def has(m: int, text: str) -> bool:
    return bool(m >> n(text) & 1)


def test_equal_cards_always_play_alike() -> None:
    assert HS[n("H6")][n("S6")] == 0  # two postmen
    assert HS[n("HA")][n("SA")] == 0  # two stýrivoltar: whichever comes first wins, either way
    assert HS[n("H7")][n("S7")] == 0  # two lambs


def test_a_tvist_and_a_postman_differ_only_against_an_ace() -> None:
    m = HS[n("S2")][n("S6")]
    assert has(m, "CA") and has(m, "DA")  # a postman beats an unchosen ace, a tvist does not
    assert not has(m, "CK")  # both beat a king
    assert has(m, "H6") and has(m, "H2") is False  # the other postman ranks between; the bird is the tvist of no one
    assert not has(m, "CJ")


def test_plain_cards_meet_their_own_suit() -> None:
    assert not HS[n("C9")][n("C8")] & mask(c for c in map(parse_card, "C7 C6 CA CK CQ CJ".split()))
    m = HS[n("C9")][n("C6")]
    assert has(m, "C8") and has(m, "C7") and not has(m, "CA")
    m = HS[n("CQ")][n("CJ")]
    assert has(m, "S4") and has(m, "H4")  # an unfortunate beats a jack, not a queen
    m = HS[n("C9")][n("D9")]  # a club and a diamond: any other club or diamond tells them apart
    assert has(m, "C2") and has(m, "DA")


def test_cards_that_never_play_alike() -> None:
    assert HS[n("H7")][n("H8")] == NEVER  # a lamb and a free card
    assert HS[n("H5")][n("S5")] == NEVER  # traders fetch
    assert HS[n("HA")][n("CA")] == NEVER  # a stikkar and a plain ace


# -- playouts -----------------------------------------------------------------------------------------


def test_playouts_end_by_the_rules_and_leave_the_state_alone() -> None:
    rng = random.Random(5)
    for played in random_hands(300, rng):
        assert max(played.tricks) >= 5 and sum(played.tricks) <= 9
        assert sum(played.returns) == 0 and played.returns[played.team] > 0
    state = HandState.deal(2, dealer=2)
    before = state.dumps()
    out = playout(state, random.Random(1))
    assert state.dumps() == before and max(out.tricks) >= 5
    assert playout(state, random.Random(1)) == out  # the same generator, the same playout
