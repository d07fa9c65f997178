"""Knorri's expert (:class:`stytvolt.knorri.expert.KnorriExpert`) against SimpleBots, and the solver's times.

    python bench/knorri_expert.py [--games N] [--players 4] [--plain] [--starts N] [--seed S] [--every N]

One expert and the rest SimpleBots, the expert's seat moving round the table game by game; every game a
whole one (phase one with the table, then phase two), with the table's rules (zero-sum scoring) unless
``--plain`` (the loser pays one to each other player).  Printed: how often the expert is the loser beside
the 1/n a seat loses among equals, its mean ``returns()`` with a 95 % interval (0 among equals), and the
time its decisions take (median and worst: over every decision, and over those with a choice, by phase).

Then the solver on phase-two starts of short deals (``KnorriState.short``): for each table size and hand
size, how many of ``--starts`` deals it settles within 200,000 positions, and the median and worst time.
Figures are printed, never asserted; run with small counts first (``nice -n 10``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from stytvolt.core.errors import StytvoltError
from stytvolt.knorri import KnorriState, Rules
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.expert import KnorriExpert
from stytvolt.knorri.solver import solve


def games(count: int, players: int, rules: Rules, seed: int, every: int = 0) -> None:
    losses = 0
    got: list[int] = []
    times: dict[str, list[float]] = {"forced": [], "turn": [], "claim": [], "play": [], "mas": []}
    started = time.perf_counter()
    for i in range(count):
        state = KnorriState.deal(seed + i, players=players, dealer=i % players, rules=rules)
        me = i % players
        expert = KnorriExpert(seed + i)
        bots = [SimpleBot(seed * 7 + i * players + p) for p in range(players)]
        while not state.is_terminal():
            p = state.current_player()
            obs = state.observation(p)
            if p == me:
                t = time.perf_counter()
                action = expert.choose(obs)
                times["forced" if len(obs.legal) == 1 else obs.phase].append(time.perf_counter() - t)
            else:
                action = bots[p].choose(obs)
            state.apply(action)
        losses += state.loser == me
        got.append(state.returns()[me])
        if every and (i + 1) % every == 0 and i + 1 < count:
            print(f"  after {i + 1} games: losses {losses}, sum {sum(got)}, sum of squares {sum(g * g for g in got)}",
                  flush=True)
    mean = statistics.fmean(got)
    half = 1.96 * statistics.stdev(got) / math.sqrt(len(got)) if len(got) > 1 else float("nan")
    spent = time.perf_counter() - started
    print(f"{count} games, {players} players, {'scoring' if rules.scoring else 'plain'}, one expert against "
          f"SimpleBots, seats rotated ({spent:.0f} s)")
    p = losses / count
    ci = 1.96 * math.sqrt(p * (1 - p) / count)
    print(f"  expert loses {losses} ({p:.1%} ± {ci:.1%}); a seat among equals loses 1/{players} = {1 / players:.1%}")
    print(f"  expert's mean returns {mean:+.3f} ± {half:.3f} (95 %); 0 among equals")
    print(f"  to add runs with other seeds together: games {count}, losses {losses}, sum {sum(got)}, "
          f"sum of squares {sum(g * g for g in got)}")
    every = [t for ts in times.values() for t in ts]
    chosen = [t for k, ts in times.items() if k != "forced" for t in ts]
    print(f"  decisions: {len(every)}, median {statistics.median(every) * 1000:.1f} ms, worst {max(every) * 1000:.0f} ms")
    if chosen:
        print(f"  with a choice: {len(chosen)}, median {statistics.median(chosen) * 1000:.1f} ms, "
              f"worst {max(chosen) * 1000:.0f} ms")
    for k, ts in times.items():
        if ts and k != "forced":
            print(f"    {k:>6}: {len(ts):6d} decisions, median {statistics.median(ts) * 1000:7.1f} ms, "
                  f"worst {max(ts) * 1000:6.0f} ms")


def starts(count: int, seed: int) -> None:
    print(f"The solver on phase-two starts of short deals ({count} deals each, at most 200,000 positions):")
    for players, hand in ((3, 1), (3, 2), (3, 3), (4, 1), (4, 2), (5, 1), (5, 2)):
        spent: list[float] = []
        nodes: list[int] = []
        for k in range(count):
            state = KnorriState.short(seed + k, hand_size=hand, players=players, rules=Rules(scoring=True))
            t = time.perf_counter()
            try:
                nodes.append(solve(state).nodes)
            except StytvoltError:
                pass
            spent.append(time.perf_counter() - t)
        print(f"  {players} players x {hand} cards: settled {len(nodes)}/{count}, positions median "
              f"{statistics.median(nodes) if nodes else '-'}, time median {statistics.median(spent) * 1000:.0f} ms, "
              f"worst {max(spent) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--plain", action="store_true", help="no scoring: the loser pays one to each other player")
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=0, help="print the running sums every N games")
    args = parser.parse_args()
    if args.games:
        games(args.games, args.players, Rules(scoring=not args.plain), args.seed, args.every)
    if args.starts:
        starts(args.starts, args.seed)


if __name__ == "__main__":
    main()
