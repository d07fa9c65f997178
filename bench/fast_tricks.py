"""Every ordered four-card trick through the compiled tables, checked against the public rules, and both timed.

    python bench/fast_tricks.py [--sample N] [--promoted]
    node bench/pyodide.mjs build/wheel/stytvolt-*-cp3*.whl bench/fast_tricks.py   (a sample, in Pyodide)

For each of the six pairs of chosen suits, every ordered trick of four
distinct cards of the 48 (4,669,920 a pair) is played through
``stytvolt.styrivolt.fast`` and through the public ``trick_winner`` (the
winner ``explain_trick`` reports), and any disagreement is printed and makes
the exit status 1.  ``--promoted`` also plays each trick with each single
play from four of a kind where the rules allow it (about five times as
long).  ``--sample N`` checks N random tricks a pair instead (the default in
Pyodide, 100,000).  Prints tricks per second for both paths, measured on the
same tricks in the same run, and their ratio.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from typing import Iterator

from stytvolt.core.cards import Card
from stytvolt.styrivolt.fast import CARDS, NUMBER, compiled, play, winning_card
from stytvolt.styrivolt.ranking import Ranking
from stytvolt.styrivolt.tricks import winner_index

PAIRS = ("H,S", "H,D", "H,C", "S,D", "S,C", "D,C")


def tricks(sample: int | None, seed: str) -> Iterator[tuple[Card, Card, Card, Card]]:
    if sample is None:
        yield from itertools.permutations(CARDS, 4)  # type: ignore[misc]
        return
    rng = random.Random(seed)
    for _ in range(sample):
        a, b, c, d = rng.sample(CARDS, 4)
        yield a, b, c, d


def promotions(trick: tuple[Card, ...], promoted: bool) -> Iterator[tuple[bool, ...]]:
    yield (False, False, False, False)
    if not promoted:
        return
    for i, card in enumerate(trick):
        if card.rank != 5 and not any(c.rank is card.rank for c in trick if c is not card):
            yield tuple(j == i for j in range(4))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=100_000 if sys.platform == "emscripten" else None)
    parser.add_argument("--promoted", action="store_true")
    args = parser.parse_args(argv)
    what = f"{args.sample:,} random tricks a pair" if args.sample else "every ordered four-card trick"
    print(f"{sys.implementation.name} {sys.version.split()[0]}: {what}{', each single promoted play too' if args.promoted else ''}")
    total = bad = 0
    fast_s = public_s = 0.0
    for pair in PAIRS:
        tables = compiled(pair)
        ranking = Ranking.of(pair)
        batch: list[tuple[tuple[Card, ...], tuple[bool, ...]]] = []
        count = 0

        def flush() -> None:
            nonlocal fast_s, public_s, bad
            plays = [[play(NUMBER[c], p) for c, p in zip(t, f)] for t, f in batch]  # the tables' own input, untimed
            t0 = time.perf_counter()
            fast = [winning_card(tables, ps) for ps in plays]
            t1 = time.perf_counter()
            public = [winner_index(ranking, t, f) for t, f in batch]
            t2 = time.perf_counter()
            fast_s += t1 - t0
            public_s += t2 - t1
            for (t, f), w, i in zip(batch, fast, public):
                if CARDS[w] is not t[i]:
                    bad += 1
                    if bad <= 20:
                        print(f"  DISAGREE {pair}: {' '.join(map(str, t))} promoted {f}: tables {CARDS[w]}, rules {t[i]}")
            batch.clear()

        for trick in tricks(args.sample, f"fast/{pair}"):
            for flags in promotions(trick, args.promoted):
                batch.append((trick, flags))
                count += 1
            if len(batch) >= 200_000:
                flush()
        flush()
        total += count
        print(f"  {pair}: {count:,} tricks checked", flush=True)
    print(f"{total:,} tricks, {bad} disagreements")
    print(f"compiled tables : {total / fast_s:>12,.0f} tricks/s")
    print(f"public rules    : {total / public_s:>12,.0f} tricks/s (winner_index, what explain_trick reports)")
    print(f"ratio           : {public_s / fast_s:.2f}x faster through the tables")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
