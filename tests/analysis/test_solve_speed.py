"""The follow-suit solver's speed-ups change no value: the search with them (``TUNED``), without them (``OLD``, the
search before issue 26) and with each one switched off alone give every action the same value.

``bench/wholehands.py`` and ``bench/vira_solver.py`` compare them on whole hands; here they are compared on
endings of every setup (player counts, Klørsjavs's games, mid-trick positions, two-player Sjavs's covered cards,
Vira's trump contracts and misères, some played with fewer cards than the opponents hold) in each objective, so
card points matter in most of them.  The move-list memo changes nothing else either: with it and without it the
search walks the same tree (the same principal line and count of positions: a sampling player's node budget means
the same with both).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

import pytest

from analysis.test_analysis import KINDS, random_position
from stytvolt.analysis import position_of
from stytvolt.analysis.solve import OLD, TUNED, Search, Tuning, solve
from vira.test_vira_solver import ending

#: Each speed-up switched off alone, the others on.
WITHOUT = [replace(TUNED, **{f.name: False}) for f in fields(Tuning)]


def test_the_move_memo_searches_the_same_tree() -> None:
    rng = random.Random(26)
    for i in range(42):
        game, variant, cards = KINDS[i % len(KINDS)]
        state = random_position(rng, (game, variant, cards + 1))
        seat = rng.randrange(state.num_players)  # type: ignore[attr-defined]
        objective = ("game", "points", "mixed")[i % 3]
        for base in (OLD, TUNED):
            new = solve(state, seat=seat, objective=objective, tuning=replace(base, memo_moves=True))
            old = solve(state, seat=seat, objective=objective, tuning=replace(base, memo_moves=False))
            assert (new.values, new.line, new.nodes) == (old.values, old.line, old.nodes), (game, variant, objective)


def _same_values(state: Any, seat: int, objective: str, what: object) -> None:
    want = solve(state, seat=seat, objective=objective, tuning=OLD).values
    for tuning in [TUNED, *WITHOUT]:
        assert solve(state, seat=seat, objective=objective, tuning=tuning).values == want, (what, objective, tuning)


def test_the_speed_ups_change_no_value_in_sjavs_and_klorsjavs() -> None:
    # Four or five tricks left, so that positions transpose (the relative ranks' key merges them).
    rng = random.Random(2026)
    for i in range(42):
        game, variant, cards = KINDS[i % len(KINDS)]
        state = random_position(rng, (game, variant, cards + 2))
        seat = rng.randrange(state.num_players)  # type: ignore[attr-defined]
        _same_values(state, seat, ("game", "points", "mixed")[i % 3], (game, variant))


@pytest.mark.parametrize("players", [3, 4])
def test_the_speed_ups_change_no_value_in_vira(players: int) -> None:
    seen = {"trump": 0, "misère": 0}
    for seed in range(60):
        state = ending(seed, players, 6)
        if state is None:
            continue
        seen["misère" if state.misere or state.contract.always_misere else "trump"] += 1
        for seat in range(3):
            _same_values(state, seat, "game" if seat else "mixed", (seed, state.contract.english))
    assert seen["trump"] >= 8 and seen["misère"] >= 4, seen


def test_vira_is_searched_by_counting_tricks_and_sjavs_by_its_score() -> None:
    # The switches reach the games they are meant for: trick counting and quick tricks where the score reads
    # the tricks alone with no card points; the relative ranks' key everywhere but under covered cards.
    vira = next(s for s in (ending(seed, 3, 6) for seed in range(0, 20, 2)) if s is not None)
    search = Search(position_of(vira), 0)
    assert search.tmode and search.quick and search.rank_key
    assert not Search(position_of(vira), 0, tuning=OLD).tmode
    sjavs = random_position(random.Random(5), ("sjavs", 4, 5))
    search = Search(position_of(sjavs), 0)
    assert not search.tmode and search.rank_key
    two = random_position(random.Random(5), ("sjavs", 2, 5))
    assert not Search(position_of(two), 0).rank_key


def test_the_relative_ranks_key_shares_entries_and_its_hints_are_cards_of_the_leader(monkeypatch: Any) -> None:
    # The table's best lead is kept as a place in a suit: read back, it must be a card the leader holds (a hint
    # naming another card would only be ignored, so nothing else would show it).
    hints = []
    lead_moves = Search._lead_moves

    def checked(self: Search, p: int, first: int | None, union: int = -1) -> list[int]:
        if first is not None and first >= 0:
            hints.append(bool(self.hands[p] >> first & 1))
        return lead_moves(self, p, first, union)

    monkeypatch.setattr(Search, "_lead_moves", checked)
    states = [s for s in (ending(seed, 3, 8) for seed in range(0, 60, 3)) if s is not None]
    states += [random_position(random.Random(seed), ("sjavs", 4, 6)) for seed in range(3)]
    shared = 0
    for state in states:
        sizes = []
        for rank_key in (True, False):
            position = position_of(state)
            search = Search(position, position.to_move, tuning=replace(TUNED, rank_key=rank_key))
            search.value()
            sizes.append(len(search.table))
        assert sizes[0] <= sizes[1], sizes
        shared += sizes[0] < sizes[1]
    assert shared >= 8 and hints and all(hints), (shared, len(hints))
