"""Vira's solver (``GameInfo.solve``, ``GameInfo.sides``) against the brute force of :mod:`protocol.brute`.

The brute force is plain minimax over the public state (``legal_actions``/``apply``/``undo``/``returns``), sharing
nothing with the solver; the endings come from hands whose auction and exchanges were made at random (so every
kind of contract turns up: trump contracts of every class, misères open and closed, played with fewer cards than
the opponents hold) and whose play was then made at random down to the last two or three tricks.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

import stytvolt
from protocol.brute import brute_values
from stytvolt import InvalidPosition
from stytvolt.vira.bots import SimpleBot

VIRA = stytvolt.game("vira")


def ending(seed: int, players: int, cards: int) -> Any:
    """A hand dealt from ``seed`` whose auction and procedure are made at random (a third of the hands by the
    SimpleBot), played at random until at most ``cards`` tricks are left; None if it never came to the play."""
    rng = random.Random(f"vira-solver/{seed}/{players}")
    state = VIRA.new(seed, players=players)
    bot = SimpleBot(seed) if seed % 3 == 0 else None
    misere = seed % 2 == 1  # the first bid a misère (a cuckoo, a köpmisär or a solo misère), the others passing
    while not state.is_terminal() and state.phase != "play":
        legal = [a for a in state.legal_actions() if str(a) != "surrender"] or state.legal_actions()
        texts = [str(a) for a in legal]
        if misere and ("pass" in texts or any("isère" in t or "Cuckoo" in t for t in texts)):
            wanted = [a for a in legal if str(a) == "pass"] or [a for a in legal if "isère" in str(a) or "Cuckoo" in str(a)]
            state.apply(rng.choice(wanted))
            continue
        state.apply(bot.choose(state.observation(state.current_player())) if bot else rng.choice(legal))
    if state.phase != "play":
        return None
    while not state.is_terminal() and state.trick_count - len(state.tricks) > cards:
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def kind_of(state: Any) -> str:
    misere = state.misere or state.contract.always_misere
    return ("open misère" if state.open_seats else "misère") if misere else "trump"


@pytest.mark.parametrize("players", [3, 4])
def test_every_cards_value_equals_the_brute_force(players: int) -> None:
    kinds: collections.Counter[str] = collections.Counter()
    for seed in range(150):
        state = ending(seed, players, 2 if seed % 2 else 3)  # (a misère's opponents hold more cards: two tricks)
        if state is None:
            continue
        solution = VIRA.solve(state)
        assert solution.values == brute_values(state, VIRA.sides(state)), (seed, state.contract.english)
        assert solution.player == state.current_player() and solution.exact
        kinds[kind_of(state)] += 1
    assert kinds["trump"] >= 40 and kinds["misère"] + kinds["open misère"] >= 10, kinds


def test_a_misere_played_with_fewer_cards_ends_with_the_soloists_hand() -> None:
    found = 0
    for seed in range(400):
        state = ending(seed, 3, 2)
        if state is None or kind_of(state) == "trump":
            continue
        if len({len(state.hands[s]) for s in state.active}) > 1:
            assert VIRA.solve(state).values == brute_values(state, VIRA.sides(state)), seed
            found += 1
    assert found >= 3


def test_the_sides_and_the_seats() -> None:
    for seed in range(40):
        state = ending(seed, 4, 4)
        if state is None:
            continue
        sides = VIRA.sides(state)
        sitter = next(s for s in range(4) if s not in state.active)
        assert (sitter,) in sides and (state.soloist,) in sides
        assert tuple(sorted(s for s in state.active if s != state.soloist)) in sides
        return
    raise AssertionError("no four-player hand came to the play")


def test_outside_the_play_it_says_where_the_hand_is() -> None:
    state = VIRA.new(3)
    with pytest.raises(InvalidPosition, match="at its auction"):
        VIRA.solve(state)
    with pytest.raises(InvalidPosition, match="at its auction"):
        VIRA.sides(state)


def test_an_opponents_quick_tricks_stop_at_the_partners_higher_card() -> None:
    # Draw 7 in colour (spades), the soloist (West) on six tricks: South leads ♥A, and South's ♥8 ♥7 over the
    # soloist's void look like two more tricks cashed, but East's ♥J or ♥10 must follow and takes the lead from them,
    # and East's ♦Q then lets the soloist's ♦K make the seventh trick.  The search once counted the two hearts as sure
    # tricks for the side on lead, and said the soloist was held to six.
    state = VIRA.from_json({
        "game": "vira", "players": 3, "dealer": 0, "cut": "C8",
        "deck": "SQ S9 SK S3 H4 S6 C4 H8 D5 SJ C8 SA DA H3 DQ H7 S7 S2 HQ H6 D8 CA D9 H9 H2 C5 CK ST DK C2 CQ HT CT C7 "
                "H5 S4 CJ HA D6 D2 DJ C9 C6 HJ S8 D7 D4 C3 D3 HK DT S5",
        "actions": ["bid Draw 7 in colour", "pass", "pass", "trump S", "discard C2", "discard H6", "discard D8",
                    "discard C8", "draw", "play", "discard H3", "discard H4", "discard H5", "draw", "discard H2",
                    "discard C4", "discard D5", "draw", "card SA", "card S3", "card S2", "card SK", "card S6",
                    "card S4", "card SQ", "card S8", "card S7", "card SJ", "card D7", "card D3", "card ST", "card C7",
                    "card C3", "card S9", "card H9", "card D4", "card D2", "card D9", "card D6", "card DA", "card C5",
                    "card DJ", "card CA", "card CJ", "card C9", "card CT", "card CK", "card CQ", "card HA"]})
    assert (state.won, state.soloist, [str(c) for c in state.hands[1]]) == ((1, 6, 3), 1, ["HQ", "DK", "C6"])
    assert VIRA.solve(state).values == brute_values(state, VIRA.sides(state)) == {"card HQ": 8}
