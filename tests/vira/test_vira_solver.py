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
