"""How strong and how quick the sampling player is, against SimpleBot, in Sjavs and Klørsjavs.

Runs unchanged in CPython and in Pyodide (``make bench`` does both):

    python bench/followsuit.py [--hands N] [--games sjavs-4,sjavs-3,klorsjavs,four-hand,auction] [--seed N]

For each game, ``--hands`` deals (``HandState.deal(seed, dealer=seed % players)``,
seeds 0, 1, 2 ...) are played once with SimpleBot in every seat (the
baseline), then once for each seat (four players: each partnership) with
:class:`~stytvolt.analysis.SamplingPlayer` (default settings, seeded by the
deal) in that seat and SimpleBot in the others: the sides are rotated, so
every deal's luck is met from every side.  The bidding, the trump, the
exchange and the cat are SimpleBot's in every seat (the sampling player
leaves them to it), so the two differ only in the play.

Printed for each game: how often the sampling player's seat (or partnership)
ended the hand better than SimpleBot did in the same seat of the same deal,
of the hands where the two differ (win rate, with a 95% Wilson interval);
its mean gain a hand in the game's units (game points, øre) with a 95%
interval; and the time a decision of the play took (mean and worst, and
the share of the deals pictured that the solver settled exactly).  Figures
are printed, never asserted.  The default run (20 deals a game) is for
``make bench``; the strength figures want a few hundred.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from typing import Any

from stytvolt.analysis import SamplingPlayer
from stytvolt.klorsjavs import VARIANTS
from stytvolt.klorsjavs import HandState as KlorHand
from stytvolt.klorsjavs.bots import SimpleBot as KlorBot
from stytvolt.sjavs import HandState as SjavsHand
from stytvolt.sjavs.bots import SimpleBot as SjavsBot

GAMES = ("sjavs-4", "sjavs-3", "klorsjavs", "four-hand", "auction")


def deal(game: str, seed: int) -> Any:
    if game.startswith("sjavs"):
        players = int(game[-1])
        return SjavsHand.deal(seed, dealer=seed % players, players=players)
    return KlorHand.deal(seed, dealer=seed % VARIANTS[game], variant=game)


def sides(game: str, players: int) -> list[set[int]]:
    """The seats the sampling player takes in turn: each partnership with four Sjavs players, else each seat."""
    if game == "sjavs-4":
        return [{0, 2}, {1, 3}]
    return [{s} for s in range(players)]


class Tally:
    """What one game's matches gave."""

    def __init__(self) -> None:
        self.gains: list[float] = []
        self.decisions: list[float] = []
        self.worlds = 0
        self.solved = 0

    def play(self, state: Any, ours: set[int], player: SamplingPlayer | None, simple: Any) -> float:
        """Play the hand out (the sampling player in ``ours``, if given); the mean returns of ``ours``."""
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            if player is not None and seat in ours and state.phase == "play":
                start = time.perf_counter()
                decision = player.decide(obs)
                self.decisions.append(time.perf_counter() - start)
                self.worlds += decision.worlds
                self.solved += decision.solved
                state.apply(decision.action)
            else:
                state.apply(simple.choose(obs))
        returns = state.returns()
        return sum(returns[s] for s in ours) / len(ours)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if not n:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def run(game: str, hands: int, seed: int) -> None:
    tally = Tally()
    simple = SjavsBot() if game.startswith("sjavs") else KlorBot()
    for k in range(hands):
        s = seed + k
        players = deal(game, s).num_players
        for ours in sides(game, players):
            base = tally.play(deal(game, s), ours, None, simple)
            player = SamplingPlayer("sjavs" if game.startswith("sjavs") else "klorsjavs", seed=s)
            got = tally.play(deal(game, s), ours, player, simple)
            tally.gains.append(got - base)
    gains = tally.gains
    wins = sum(1 for g in gains if g > 0)
    differ = sum(1 for g in gains if g != 0)
    low, high = wilson(wins, differ)
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else float("nan")
    times = tally.decisions
    print(f"  {game:9}: {len(gains)} hands ({hands} deals, sides rotated); better than SimpleBot in "
          f"{wins}/{differ} that differ: {wins / max(differ, 1):.0%} (95%: {low:.0%}-{high:.0%}); "
          f"mean gain {mean:+.2f} ± {half:.2f} a hand")
    if times:
        print(f"  {game:9}: {len(times)} decisions of the play, {1000 * statistics.fmean(times):.0f} ms mean, "
              f"{1000 * max(times):.0f} ms worst; {tally.solved}/{tally.worlds} deals pictured solved exactly")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20, help="deals a game (each played once a side)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"which of {', '.join(GAMES)}")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})")
    for game in args.games.split(","):
        if game not in GAMES:
            parser.error(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        run(game, args.hands, args.seed)


if __name__ == "__main__":
    main()
