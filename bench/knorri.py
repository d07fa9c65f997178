"""Figures for Knorri: complete random games per second for 3, 5 and 8 players; SimpleBot's losses.

Runs unchanged in CPython and in Pyodide:

    python bench/knorri.py [--games N] [--rounds N] [--bot-games N]

A complete game: shuffle (``KnorriState.deal(seed, players=...)``), then
``legal_actions()`` and ``apply()`` of a uniformly random one until
``is_terminal()`` (phase one with the nine face-up cards, then phase two
to the loser), then ``returns()``.  Random play is a poor Knorri player: it
picks up as often as it beats, so its games run long (the actions a game
are printed too).  Each figure is the best of the rounds; figures are
printed, never asserted.

Then SimpleBot, in one seat (moving round the table game by game) against
random players, shown observations only as the site's computer players
are: how often it is the loser, beside the one game in ``players`` a random
player loses; and a random player among SimpleBots.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from stytvolt.knorri import KnorriState, PhaseOne, Rules
from stytvolt.knorri.bots import RandomBot, SimpleBot


def random_games(players: int, n: int, seed: int = 1, rules: Rules = Rules()) -> int:
    """Play ``n`` random games; return the actions applied."""
    rng = random.Random(seed)
    steps = 0
    for i in range(n):
        state = KnorriState.deal(rng.randrange(2**32), players=players, dealer=i % players, rules=rules)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps


def losses(players: int, n: int, lone_simple: bool, rules: Rules = Rules()) -> tuple[int, int]:
    """Games in which the odd player out (SimpleBot among random players, or a random player among
    SimpleBots) lost, of those with a loser."""
    lost = decided = 0
    simple = SimpleBot()
    for g in range(n):
        seat = g % players
        state = KnorriState.deal(10_000 + g, players=players, dealer=g % players, rules=rules)
        rand = RandomBot(g)
        while not state.is_terminal():
            p = state.current_player()
            odd = p == seat
            bot = simple if odd == lone_simple else rand
            state.apply(bot.choose(state.observation(p)))
        if state.loser >= 0:
            decided += 1
            lost += state.loser == seat
    return lost, decided


def best(fn: object, rounds: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        result = fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="random games a round, per player count")
    parser.add_argument("--rounds", type=int, default=2, help="timed rounds (the best is printed)")
    parser.add_argument("--bot-games", type=int, default=150, help="games for SimpleBot's loss rate, per count")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for players in (3, 5, 8):
        seconds, steps = best(lambda: random_games(players, args.games), args.rounds)
        print(f"  {players} players, random play: {args.games / seconds:7.1f} games/s "
              f"({steps / seconds:7.0f} actions/s, {steps / args.games:5.0f} actions a game)")  # type: ignore[operator]
    mas = Rules(phase_one=PhaseOne.MAS)
    seconds, steps = best(lambda: random_games(5, args.games, rules=mas), args.rounds)
    print(f"  5 players, Mas phase one, random play: {args.games / seconds:7.1f} games/s")
    for players in (3, 5):
        start = time.perf_counter()
        lost, decided = losses(players, args.bot_games, True)
        print(f"  {players} players, SimpleBot among random players: lost {lost} of {decided} "
              f"({lost / decided:.1%}; a random player loses {1 / players:.1%}) [{time.perf_counter() - start:.0f} s]")
        lost, decided = losses(players, args.bot_games, False)
        print(f"  {players} players, a random player among SimpleBots: lost {lost} of {decided} ({lost / decided:.1%})")


if __name__ == "__main__":
    main()
