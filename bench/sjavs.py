"""Figures for Sjavs: complete random hands per second, for four, three and two players; the solver.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/sjavs.py [--hands N] [--rounds N] [--solve-hands N] [--deadline S]

A complete hand: shuffle and deal (``HandState.deal(seed, dealer=...)``),
then ``legal_actions()`` and ``apply()`` of a uniformly random one until
``is_terminal()``, then ``returns()`` (which scores it).  Hands everyone
passes count too (they end after the bidding), and the share of them is
printed.  Also: SimpleBot choosing every action for all seats, through
observations, as the site's computer players will.  Each figure is the best
of the rounds; figures are printed, never asserted.

The solver (:func:`stytvolt.analysis.solve`, every card visible): four-player
hands bid and played by SimpleBot up to the start of the trick with k cards
each (k = 8: the whole play phase from the first trick, down to 4), each
solved for the player to move in game points and in card points, with a
deadline a position (``--deadline``, default 30 s; a position that hits it is
counted as unsettled).  Printed: the mean and worst time, nodes a second, and
the largest k every position of which was solved in under a second.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from stytvolt.analysis import Search, position_of, solve_position
from stytvolt.core.errors import StytvoltError
from stytvolt.sjavs import HandState
from stytvolt.sjavs.bots import SimpleBot


def random_hands(players: int, n: int, seed: int = 1) -> tuple[int, int]:
    """Play ``n`` random hands; return (actions applied, hands all passed)."""
    rng = random.Random(seed)
    steps = passed = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players, cut=i % 2 == 0)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
        passed += state.phase == "passed"
    return steps, passed


def bot_hands(players: int, n: int, seed: int = 2) -> int:
    """Play ``n`` hands with SimpleBot in every seat; return the actions chosen."""
    rng = random.Random(seed)
    bot = SimpleBot()
    steps = 0
    for i in range(n):
        state = HandState.deal(rng.randrange(2**32), dealer=i % players, players=players)
        while not state.is_terminal():
            state.apply(bot.choose(state.observation(state.current_player())))
            steps += 1
    return steps


def position(seed: int, cards: int) -> HandState | None:
    """A four-player hand bid and played by SimpleBot to the start of the trick with ``cards`` cards each,
    or None when everyone passed."""
    state = HandState.deal(seed, dealer=seed % 4)
    bot = SimpleBot()
    while not state.is_terminal():
        if state.phase == "play" and not state.current and len(state.hands[0]) == cards:
            return state
        state.apply(bot.choose(state.observation(state.current_player())))
    return None


def solver_figures(hands: int, deadline: float) -> None:
    """Solve times from 8 cards each down to 4, in game points and card points."""
    quick: dict[str, int] = {}
    for cards in (8, 7, 6, 5, 4):
        states = [s for s in (position(seed, cards) for seed in range(hands * 2)) if s is not None][:hands]
        for objective in ("game", "points"):
            times, nodes, settled = [], 0, 0
            for state in states:
                compiled = position_of(state)
                search = Search(compiled, compiled.to_move, objective)
                start = time.perf_counter()
                try:
                    settled += solve_position(compiled, state.legal_actions(), objective=objective,
                                              deadline=deadline, search=search).exact
                except StytvoltError:  # not one action settled in time
                    pass
                times.append(time.perf_counter() - start)
                nodes += search.nodes
            total = sum(times)
            print(f"  solver, 4 players, {cards} cards each, {objective:6}: {1000 * total / len(times):8.0f} ms mean, "
                  f"{1000 * max(times):8.0f} ms worst, {nodes / total:8.0f} nodes/s ({settled}/{len(times)} settled "
                  f"within {deadline:g} s)")
            if settled == len(times) and max(times) < 1.0:
                quick.setdefault(objective, cards)
    for objective in ("game", "points"):
        print(f"  solver, 4 players, {objective}: every position solved in under a second from "
              f"{quick[objective]} cards each" if objective in quick else
              f"  solver, 4 players, {objective}: no size had every position solved in under a second")


def best(fn: object, rounds: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        result = fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="random hands a round, per player count")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (the best is printed)")
    parser.add_argument("--solve-hands", type=int, default=4, help="positions the solver solves, per size")
    parser.add_argument("--deadline", type=float, default=30.0, help="seconds the solver may spend on a position")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for players in (4, 3, 2):
        seconds, result = best(lambda: random_hands(players, args.hands), args.rounds)
        steps, passed = result  # type: ignore[misc]
        print(f"  {players} players, random play: {args.hands / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} actions/s; {passed / args.hands:.0%} all passed)")
        n = max(1, args.hands // 10)
        seconds, steps = best(lambda: bot_hands(players, n), args.rounds)
        print(f"  {players} players, SimpleBot in every seat: {n / seconds:8.0f} hands/s "
              f"({steps / seconds:8.0f} decisions/s)")
    solver_figures(args.solve_hands, args.deadline)


if __name__ == "__main__":
    main()
