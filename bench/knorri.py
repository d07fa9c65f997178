"""Figures for Knorri: complete random games per second for 3, 5 and 8 players; SimpleBot's losses; how
long the "can I still avoid losing?" answer keeps the browser's worker from reading a cancel.

Runs unchanged in CPython and in Pyodide:

    python bench/knorri.py [--games N] [--rounds N] [--bot-games N] [--only games|cancel]

A complete game: shuffle (``KnorriState.deal(seed, players=...)``), then
``legal_actions()`` and ``apply()`` of a uniformly random one until
``is_terminal()`` (phase one with the nine face-up cards, then phase two
to the loser), then ``returns()``.  Random play is a poor Knorri player: it
picks up as often as it beats, so its games run long (the actions a game
are printed too).  Each figure is the best of the rounds; figures are
printed, never asserted.

Slices: the avoid-losing widget runs as a long answer (stytvolt.web.Job), which the worker steps
with a budget of 30 ms and reads its messages between steps, so a cancel waits for the step under
way: the longest step is the worst wait.  "Before" drives the widget's old loop (one whole
``avoid_losing`` for each move of the player to move, a yield between them; the solver run being
today's, so its garbage-collector pauses are already the smaller ones); "after" steps the widget as
the worker does (the solver's generator form, yielding every ``CHUNK`` actions).  Both in one run.

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

import json
from collections.abc import Generator

from stytvolt.knorri import KnorriState, PhaseOne, Rules, avoid_losing, phase_two
from stytvolt.knorri.bots import RandomBot, SimpleBot
from stytvolt.web import begin_json

#: Positions for the slice figures: (hands, leader).  The second lists about 37,000 positions.
SLICE_POSITIONS = (("H5 D2 S7 / H9 S3 / D6", "A"), ("CT D8 / HJ C5 / DK H5 / C3 S3", "B"))
#: The budget the browser's worker gives one step of a job (interactive/worker.mjs).
STEP_MS = 30.0


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


def _old_avoid(hands: str, leader: str) -> Generator[float, None, bool]:
    """The widget's loop before the solver had a generator form: each move settled by a whole search."""
    state = phase_two([h.split() for h in hands.split("/")], leader="ABCDEFGH".index(leader))
    who = state.current_player()
    legal = state.legal_actions()
    yield 0.0
    safe = False
    for k, action in enumerate(legal):
        child = state.clone()
        child.apply(action)
        safe = avoid_losing(child, who, max_positions=40_000).safe or safe
        yield (k + 1) / len(legal)
    return safe


Step = tuple[float, float]  # one step's wall-clock and processor seconds


def slices_before(hands: str, leader: str) -> list[Step]:
    """The steps' lengths of the old loop, stepped as the worker steps a job."""
    work, out = _old_avoid(hands, leader), []
    while True:
        start, cpu = time.perf_counter(), time.process_time()
        deadline = start + STEP_MS / 1000
        try:
            while True:
                next(work)
                if time.perf_counter() >= deadline:
                    break
        except StopIteration:
            out.append((time.perf_counter() - start, time.process_time() - cpu))
            return out
        out.append((time.perf_counter() - start, time.process_time() - cpu))


def slices_after(hands: str, leader: str) -> list[Step]:
    """The steps' lengths of the widget's answer now, as a Job the worker steps."""
    job = begin_json(json.dumps({"game": "knorri", "widget": "avoid", "params": {"hands": hands, "leader": leader}}))
    out = []
    while not job.done:
        start, cpu = time.perf_counter(), time.process_time()
        job.step(STEP_MS)
        out.append((time.perf_counter() - start, time.process_time() - cpu))
    assert job.response is not None and job.response["ok"], job.response
    return out


def cancel_figures() -> None:
    """The longest and the middle step, before and after, for each position: processor time (the work in
    one step, what a cancel waits for on an idle machine) and wall-clock time (with this machine's load)."""
    import stytvolt.knorri.site  # noqa: F401 - imported first, as the worker's warm-up does: not a step's work

    for hands, leader in SLICE_POSITIONS:
        for name, fn in (("before", slices_before), ("after", slices_after)):
            start = time.perf_counter()
            steps = fn(hands, leader)
            total = time.perf_counter() - start
            cpu = sorted(c for _, c in steps)
            wall = sorted(w for w, _ in steps)
            print(f"  avoid {hands!r} ({leader} leads), {name:6}: {len(steps):4} steps in {total:5.2f} s; longest step "
                  f"{cpu[-1] * 1000:7.1f} ms of processor ({wall[-1] * 1000:7.1f} ms wall; the worst wait for a "
                  f"cancel), median {cpu[len(cpu) // 2] * 1000:6.1f} ms")


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
    parser.add_argument("--only", choices=("games", "cancel"), help="only the games' figures, or only the slices'")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    if args.only != "games":
        cancel_figures()
    if args.only == "cancel":
        return
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
