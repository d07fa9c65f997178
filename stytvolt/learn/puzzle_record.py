"""A reader's puzzle record for one game: a Glicko-2 rating, its history, the misses to retry and the streaks.

The page keeps one record a game in the reader's browser (local storage,
``stytvolt:puzzles:<game>``) as the text :meth:`Record.to_text` writes, and
sends it with each puzzle it asks for; the engine reads it (:func:`read`),
adds a result (:meth:`Record.after`) and chooses what comes next
(:func:`next_puzzle`).  Nothing here is kept anywhere else.

**The rating.**  Each puzzle is a rated opponent: its ``rating`` is the
difficulty the solver and the game's computer players gave it
(:func:`~stytvolt.analysis.puzzles.rate`), with a deviation of
:data:`PUZZLE_DEVIATION`.  A result is a score from 0 to 1
(:func:`score_of`): 1 for a puzzle solved with no hint, less for each hint
taken (:data:`HINT_COSTS`), 0 for a wrong move or the answer shown (a miss).
Each result is its own rating period of Glicko-2 (Glickman, "Example of the
Glicko-2 system", 2012; :func:`glicko2`), so a hard puzzle solved gains more
than an easy one, an easy one missed costs more than a hard one, and a new
reader's rating (deviation 350) moves fast, then settles.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from stytvolt.analysis.puzzles import Puzzle, PuzzleError, listed, published
from stytvolt.core import registry

__all__ = ["Entry", "Record", "read", "score_of", "glicko2", "next_puzzle", "chart_svg", "summary", "HINT_COSTS",
           "WRONG_COST", "PUZZLE_DEVIATION", "START", "FORMULA", "TAU", "KEPT"]

#: A new reader's rating, deviation and volatility.
START = (1500.0, 350.0, 0.06)
#: Glicko-2's system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: The deviation every puzzle's rating is taken to have.
PUZZLE_DEVIATION = 80.0
#: What each rung of the hint ladder takes off a solved puzzle's score (the idea, the card to look at); the last
#: rung, the answer, makes the puzzle a miss.
HINT_COSTS = (0.2, 0.3)
#: What a wrong move takes off the score: all of it (the puzzle is a miss; it may still be played to its end).
WRONG_COST = 1.0
#: How many results the history keeps (the oldest go first).
KEPT = 300
_SCALE = 173.7178
_EPSILON = 0.000001

#: The formula in words, for the puzzle room's page.
FORMULA = (
    "Your rating r starts at 1500 with a deviation RD of 350 (how unsure it still is) and a volatility σ of 0.06. "
    "Each puzzle you finish is a game against the puzzle, whose rating is its difficulty and whose deviation is "
    f"{PUZZLE_DEVIATION:g}. Your score s is 1 for a puzzle solved with no hint, "
    f"{1 - HINT_COSTS[0]:g} with the first hint, {1 - HINT_COSTS[0] - HINT_COSTS[1]:g} with two, "
    "and 0 for a wrong move or the answer shown. "
    "In Glicko-2's own scale, μ = (r − 1500)/173.7178 and φ = RD/173.7178 (the same for the puzzle: μⱼ, φⱼ). "
    "The puzzle's weight is g = 1/√(1 + 3φⱼ²/π²) and your expected score E = 1/(1 + exp(−g(μ − μⱼ))). "
    "The estimated variance is v = 1/(g²E(1 − E)) and the improvement Δ = v·g·(s − E). "
    "The new volatility σ′ solves Glickman's equation for x = ln σ′² "
    "(eˣ(Δ² − φ² − v − eˣ)/(2(φ² + v + eˣ)²) − (x − ln σ²)/τ² = 0, with τ = 0.5). "
    "Then φ* = √(φ² + σ′²), φ′ = 1/√(1/φ*² + 1/v) and μ′ = μ + φ′²·g·(s − E); "
    "your new rating is 173.7178·μ′ + 1500 and your new deviation 173.7178·φ′."
)


def score_of(hints: int, shown: bool = False, wrong: int = 0) -> float:
    """A puzzle's score: 1, less each hint taken; 0 for a wrong move or the answer shown (or the ladder's last
    rung, the answer, which is the same)."""
    if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
        raise PuzzleError(f"hints taken are a whole number from 0, not {hints!r}")
    if shown or wrong or hints > len(HINT_COSTS):
        return 0.0
    return round(1.0 - sum(HINT_COSTS[:hints]), 6)


def glicko2(rating: float, deviation: float, volatility: float,
            results: Sequence[tuple[float, float, float]], tau: float = TAU) -> tuple[float, float, float]:
    """One Glicko-2 rating period: the new (rating, deviation, volatility) after ``results``, each (the opponent's
    rating, its deviation, the score 0 to 1).  No result: the deviation grows by the volatility alone."""
    mu, phi = (rating - 1500.0) / _SCALE, deviation / _SCALE
    if not results:
        return rating, min(_SCALE * math.sqrt(phi * phi + volatility * volatility), START[1]), volatility
    gs, es, ss = [], [], []
    for r_j, rd_j, s in results:
        mu_j, phi_j = (r_j - 1500.0) / _SCALE, rd_j / _SCALE
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j * phi_j / (math.pi * math.pi))
        gs.append(g)
        es.append(1.0 / (1.0 + math.exp(-g * (mu - mu_j))))
        ss.append(s)
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e in zip(gs, es))
    gain = sum(g * (s - e) for g, e, s in zip(gs, es, ss))
    delta = v * gain
    a = math.log(volatility * volatility)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return _SCALE * mu_new + 1500.0, _SCALE * phi_new, sigma


@dataclass(frozen=True)
class Entry:
    """One result: the puzzle's id, the score, and the rating and deviation after it."""

    puzzle: str
    score: float
    rating: float
    deviation: float


@dataclass(frozen=True)
class Record:
    """One game's record (see the module docstring).  ``damaged``: the text it was read from could not be read, so
    it starts afresh (the page says so)."""

    game: str
    rating: float = START[0]
    deviation: float = START[1]
    volatility: float = START[2]
    history: tuple[Entry, ...] = ()
    misses: tuple[str, ...] = ()
    streak: int = 0
    best: int = 0
    damaged: bool = field(default=False, compare=False)

    def after(self, puzzle: Puzzle, score: float) -> "Record":
        """The record with one more result: the rating moved by Glicko-2 against the puzzle, a miss (score 0) added
        to the misses (where it was not already) and the streak ended, a solve taken off the misses and counted in
        the streak."""
        if puzzle.game != self.game:
            raise PuzzleError(f"{puzzle.id} is a puzzle of {registry.game(puzzle.game).title}, "
                              f"not of {registry.game(self.game).title}")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise PuzzleError(f"a puzzle's score is from 0 to 1, not {score!r}")
        rating, deviation, volatility = glicko2(self.rating, self.deviation, self.volatility,
                                                [(float(puzzle.rating), PUZZLE_DEVIATION, float(score))])
        entry = Entry(puzzle.id, round(float(score), 6), round(rating, 2), round(deviation, 2))
        history = (self.history + (entry,))[-KEPT:]
        if score > 0:
            misses = tuple(m for m in self.misses if m != puzzle.id)
            streak = self.streak + 1
        else:
            misses = self.misses if puzzle.id in self.misses else self.misses + (puzzle.id,)
            streak = 0
        return replace(self, rating=rating, deviation=deviation, volatility=volatility, history=history,
                       misses=misses, streak=streak, best=max(self.best, streak), damaged=False)

    def to_text(self) -> str:
        """The record as the page keeps it: compact JSON."""
        return json.dumps({"v": 1, "game": self.game, "r": round(self.rating, 4), "rd": round(self.deviation, 4),
                           "vol": round(self.volatility, 8),
                           "h": [[e.puzzle, e.score, e.rating, e.deviation] for e in self.history],
                           "m": list(self.misses), "streak": self.streak, "best": self.best},
                          separators=(",", ":"), ensure_ascii=False)


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValueError(value)
    return float(value)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(value)
    return value


def read(game: str, text: str) -> Record:
    """The record of ``game`` from the text the page kept: empty → a fresh record; anything that cannot be read
    (or is another game's) → a fresh record marked ``damaged``.  Puzzles no longer published are dropped from the
    misses."""
    name = registry.game(game).name
    if not isinstance(text, str) or not text.strip():
        return Record(name)
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != 1 or data.get("game") != name:
            raise ValueError("not this game's record")
        history = []
        for item in data["h"]:
            ident, score, rating, deviation = item
            if not isinstance(ident, str):
                raise ValueError(ident)
            history.append(Entry(ident, _number(score, 0, 1), _number(rating, -5000, 10000),
                                 _number(deviation, 0, 1000)))
        known = {p.id for p in published(name)}
        misses = data["m"]
        if not isinstance(misses, list) or not all(isinstance(m, str) for m in misses):
            raise ValueError(misses)
        return Record(name, _number(data["r"], -5000, 10000), _number(data["rd"], 0, 1000),
                      _number(data["vol"], 0, 10), tuple(history[-KEPT:]),
                      tuple(dict.fromkeys(m for m in misses if m in known)), _count(data["streak"]),
                      _count(data["best"]))
    except (ValueError, KeyError, TypeError):
        return Record(name, damaged=True)


def _themes_in_a_row(record: Record) -> str | None:
    """The theme the last two results shared, if they did (the next puzzle without a chosen theme avoids it)."""
    by_id = {p.id: p for p in published(record.game)}
    last = [by_id.get(e.puzzle) for e in record.history[-2:]]
    if len(last) < 2 or last[0] is None or last[1] is None:
        return None
    shared = set(last[0].themes) & set(last[1].themes)
    return min(shared) if shared else None


def next_puzzle(game: str, record: Record, *, level: int | str | None = None, theme: str | None = None,
                retry: bool = False) -> Puzzle:
    """The puzzle to show next under a filter: with ``retry``, the oldest miss the filter lets through; else the
    puzzle not yet tried whose rating is nearest the reader's (all tried: the one tried longest ago), never a third
    in a row of one theme when no theme is chosen (while another theme is left in the filter)."""
    name = registry.game(game).name
    pool = listed(name, level, theme)
    if not pool:
        raise PuzzleError("no puzzle fits this choice of theme and level")
    if retry:
        ids = {p.id: p for p in pool}
        for miss in record.misses:
            if miss in ids:
                return ids[miss]
        raise PuzzleError("there is no missed puzzle to retry among these")
    if theme is None:
        twice = _themes_in_a_row(record)
        if twice is not None and any(twice not in p.themes for p in pool):
            pool = [p for p in pool if twice not in p.themes]
    last_seen: dict[str, int] = {}
    for i, e in enumerate(record.history):
        last_seen[e.puzzle] = i
    fresh = [p for p in pool if p.id not in last_seen]
    if fresh:
        return min(fresh, key=lambda p: (abs(p.rating - record.rating), p.id))
    return min(pool, key=lambda p: (last_seen[p.id], p.id))


def summary(record: Record) -> str:
    """The record in a sentence: "Rating 1562 ± 80 after 12 puzzles; streak 3, best 5; 2 misses to retry."."""
    n = len(record.history)
    done = "no puzzle yet" if n == 0 else ("one puzzle" if n == 1 else f"{n} puzzles")
    misses = len(record.misses)
    retry = "no misses to retry" if misses == 0 else ("one miss to retry" if misses == 1 else f"{misses} misses to retry")
    return (f"Rating {round(record.rating)} ± {round(record.deviation)} after {done}; "
            f"streak {record.streak}, best {record.best}; {retry}.")


def chart_svg(record: Record, ident: str = "sv-rating") -> str:
    """The rating's history as a small SVG: the rating after each result, from the start, with the lowest and highest
    ratings on the side, a title and a description a screen reader reads (``ident`` makes its ids unique)."""
    title = f"{registry.game(record.game).title}: your puzzle rating"
    points = [START[0]] + [e.rating for e in record.history]
    low, high = min(points), max(points)
    if high - low < 50:
        mid = (high + low) / 2
        low, high = mid - 25, mid + 25
    width, height, left, top, bottom = 320.0, 120.0, 44.0, 10.0, 22.0
    span_x = width - left - 8.0
    span_y = height - top - bottom
    steps = max(len(points) - 1, 1)

    def xy(i: int, r: float) -> str:
        return f"{left + span_x * i / steps:.1f},{top + span_y * (high - r) / (high - low):.1f}"

    line = " ".join(xy(i, r) for i, r in enumerate(points))
    n = len(record.history)
    if n:
        desc = (f"From 1500 to {round(points[-1])} over {n} puzzle{'s' if n != 1 else ''}; "
                f"lowest {round(min(points))}, highest {round(max(points))}.")
    else:
        desc = "No puzzle rated yet: the rating starts at 1500."
    dot = xy(len(points) - 1, points[-1]).split(",")
    base = top + span_y
    return (f'<svg class="sv-rating-chart" viewBox="0 0 {width:g} {height:g}" role="img" '
            f'aria-labelledby="{ident}-title {ident}-desc" xmlns="http://www.w3.org/2000/svg">'
            f'<title id="{ident}-title">{title}</title><desc id="{ident}-desc">{desc}</desc>'
            f'<line x1="{left:g}" y1="{top:g}" x2="{left:g}" y2="{base:g}" stroke="currentColor" stroke-opacity="0.4"/>'
            f'<line x1="{left:g}" y1="{base:g}" x2="{width - 8:g}" y2="{base:g}" stroke="currentColor" '
            'stroke-opacity="0.4"/>'
            f'<text x="{left - 4:g}" y="{top + 4:g}" text-anchor="end" font-size="10" fill="currentColor">'
            f'{round(high)}</text>'
            f'<text x="{left - 4:g}" y="{base:g}" text-anchor="end" font-size="10" fill="currentColor">{round(low)}</text>'
            f'<text x="{left + span_x / 2:g}" y="{height - 6:g}" text-anchor="middle" font-size="10" '
            f'fill="currentColor">puzzles</text>'
            f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
            f'<circle cx="{dot[0]}" cy="{dot[1]}" r="3" fill="currentColor"/></svg>')
