"""Random playouts per second: the compiled hand (``random_hands``, ``playout``) against the public state machine.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/playouts.py [--hands N] [--positions N]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/playouts.py   (the same in Pyodide)

Complete hands: ``random_hands(N, rng)`` (shuffle, deal, suits chosen, played
at random through the compiled hand with the stock left down) against the same
number of hands through the public path: ``HandState.deal(rng=...)``, then
``state.apply(rng.choice(actions))`` over ``legal_actions()`` without the
stock-taking (``Kind.TAKE_STOCK``) until ``is_terminal()``.  Like
``random_hands``, the public path deals again when a deal leaves the dealer an
exposed card to choose (under 1% of deals), so both play the same kind of hand.

The play alone: ``--positions`` freshly dealt positions (phase play) are made
beforehand, untimed; then ``playout(FastHand.dealt(state), rng)`` on each
against the public path from the same positions (``state.clone()`` played out
as above).

Figures are printed, never asserted; each is the best of three timed rounds,
each round on the same hands.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from typing import Callable, TypeVar

from stytvolt.styrivolt import HandState
from stytvolt.styrivolt.actions import Kind
from stytvolt.styrivolt.fasthand import FastHand
from stytvolt.styrivolt.playout import playout, random_hands
from stytvolt.styrivolt.records import Phase

A = TypeVar("A")


def fast_hands(n: int, seed: int = 1) -> int:
    """``n`` complete random hands through the compiled hand; the tricks they took."""
    tricks = 0
    for hand in random_hands(n, random.Random(seed)):
        tricks += hand.tricks[0] + hand.tricks[1]
    return tricks


def play_out(state: HandState, rng: random.Random) -> int:
    """Play ``state`` to the end through the public path, never taking the stock; the actions applied."""
    steps = 0
    choice = rng.choice
    while not state.is_terminal():
        actions = [a for a in state.legal_actions() if a.kind is not Kind.TAKE_STOCK]
        state.apply(choice(actions))
        steps += 1
    return steps


def public_hands(n: int, seed: int = 1) -> int:
    """``n`` complete random hands through the public state machine, the stock never taken; the actions."""
    rng = random.Random(seed)
    steps = 0
    for i in range(n):
        while True:
            state = HandState.deal(rng=rng, dealer=i % 4)
            if state.phase is Phase.PLAY:  # as random_hands: a deal with an exposed card to choose is dealt again
                break
        steps += play_out(state, rng)
    return steps


def dealt_positions(n: int, seed: int = 3) -> list[HandState]:
    rng = random.Random(seed)
    out: list[HandState] = []
    i = 0
    while len(out) < n:
        state = HandState.deal(rng=rng, dealer=i % 4)
        i += 1
        if state.phase is Phase.PLAY and state.pending is None:
            out.append(state)
    return out


def fast_playouts(hands: list[FastHand], seed: int = 4) -> int:
    rng = random.Random(seed)
    tricks = 0
    for hand in hands:
        tricks += sum(playout(hand, rng).tricks)
    return tricks


def public_playouts(states: list[HandState], seed: int = 4) -> int:
    rng = random.Random(seed)
    steps = 0
    for state in states:
        steps += play_out(state.clone(), rng)
    return steps


def best_of(rounds: int, fn: Callable[[A], int], arg: A) -> tuple[float, int]:
    best, out = float("inf"), 0
    for _ in range(rounds):
        t = time.perf_counter()
        out = fn(arg)
        best = min(best, time.perf_counter() - t)
    return best, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="complete hands a round, for each path")
    parser.add_argument("--positions", type=int, default=3000, help="dealt positions played out a round, each path")
    args = parser.parse_args(argv)
    runtime = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"runtime: {runtime} {platform.python_version()} ({platform.machine() or 'wasm'})")

    n = args.hands
    print(f"complete random hands (deal, choose suits, play to the end; the stock never taken), {n:,} a round:")
    fast_t, _ = best_of(3, fast_hands, n)
    public_t, steps = best_of(3, public_hands, n)
    print(f"  random_hands (compiled)    : {n / fast_t:>9,.0f} hands/s  ({fast_t / n * 1e6:7,.0f} µs a hand)")
    print(f"  public state machine       : {n / public_t:>9,.0f} hands/s  ({public_t / n * 1e6:7,.0f} µs a hand, "
          f"{steps / n:.1f} actions a hand)")
    print(f"  ratio                      : {public_t / fast_t:.2f}x faster through the compiled hand")

    m = args.positions
    states = dealt_positions(m)
    hands = [FastHand.dealt(s) for s in states]
    print(f"the play alone, from {m:,} dealt positions made beforehand (each round plays them all):")
    fast_t, _ = best_of(3, fast_playouts, hands)
    public_t, steps = best_of(3, public_playouts, states)
    print(f"  playout(FastHand)          : {m / fast_t:>9,.0f} playouts/s  ({fast_t / m * 1e6:7,.0f} µs a playout)")
    print(f"  public state machine       : {m / public_t:>9,.0f} playouts/s  ({public_t / m * 1e6:7,.0f} µs a playout, "
          f"{steps / m:.1f} actions, clone included)")
    print(f"  ratio                      : {public_t / fast_t:.2f}x faster through the compiled hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
