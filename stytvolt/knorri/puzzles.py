"""Knorri puzzles: phase-two positions where one play, and only one, still avoids losing.

Phase two is a game of complete information, so a position can be set as
a problem: *you* are the player to move, every other player plays against
you (as the solver assumes, :mod:`~stytvolt.knorri.solver`), and of your
legal plays exactly one keeps you from being the loser whatever they do.
Each play that fails lets the others force you to lose; a position where
every play loses is no puzzle, and neither is one with two right answers.

A puzzle is stored as the hands and leader of a phase-two start
(:func:`~stytvolt.knorri.state.phase_two`) and the actions that lead from
there to the puzzle's position, so the trick on the table may already hold
cards.  Its *rating* grows with what can be measured of its difficulty:
the plays that fail, your later turns that need a right choice too, and
the positions the solver had to list; the easiest third are level 1, the
hardest third level 3.

The published puzzles are data in the package (:mod:`stytvolt.knorri.puzzles_data`,
written by :func:`write_data` from :func:`generate`): :func:`puzzles`,
:func:`get_puzzle` (``K0007``, or any one letter and the number),
:func:`daily`.  Playing one: :meth:`Puzzle.judge` (is this play safe, and if
not the line by which the others make you lose), :meth:`Puzzle.advance`
(the others' most stubborn replies, and your forced plays, until you must
choose again or are safe), :meth:`Puzzle.hints` (four, from vague to the
answer).  :func:`check_sound` re-solves a puzzle from its data; the tests
run it on every published one.

Run ``python -m stytvolt.knorri.puzzles`` to make the data afresh (it is
reproducible: the same seeds give the same puzzles).
"""

from __future__ import annotations

import datetime as _dt
import math
import random
import sys
from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Generator
from typing import Any, Iterable, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.checks import whole_text
from stytvolt.core.daily import of_the_day
from stytvolt.core.errors import StytvoltError, type_name
from stytvolt.core.protocol import run_to_end
from stytvolt.knorri.cards import PACK
from stytvolt.knorri.solver import Analysis, analyse, analyse_steps
from stytvolt.knorri.state import Action, KnorriState, parse_action, phase_two

__all__ = ["Puzzle", "Judged", "PuzzleError", "puzzles", "get_puzzle", "daily", "check_sound", "generate",
           "write_data", "LEVELS", "MAX_PUZZLE_POSITIONS", "doing", "you_doing"]

#: The levels by name.
LEVELS = {1: "beginner", 2: "club", 3: "expert"}
#: The most positions a published puzzle may list (the browser settles one in about a second).
MAX_PUZZLE_POSITIONS = 6_000
#: The most actions a losing line shows.
MAX_LINE = 40


class PuzzleError(StytvoltError):
    """A puzzle asked for does not exist, or a move given to one cannot be read."""


def doing(action: Action) -> str:
    """An action in words, after a player's name: "plays ♦5", "picks up the bottom card"."""
    if action.kind == "pickup":
        return "picks up the bottom card"
    if action.kind == "miss":
        return "misses the turn"
    return "plays " + " ".join(c.symbol for c in action.cards)


def you_doing(action: Action) -> str:
    """An action in words, after "you": "play ♦5", "pick up the bottom card"."""
    if action.kind == "pickup":
        return "pick up the bottom card"
    if action.kind == "miss":
        return "miss the turn"
    return "play " + " ".join(c.symbol for c in action.cards)


@dataclass(frozen=True)
class Judged:
    """A play judged: ``ok`` when it keeps the player safe; otherwise ``line``, the actions (seat, action)
    by which the others beat it, and ``loses``: True when the line ends with the player the loser, False
    when it comes round to a position seen before (the others can keep that up for ever)."""

    ok: bool
    line: tuple[tuple[int, Action], ...] = ()
    loses: bool = False


@dataclass(frozen=True)
class Puzzle:
    """One published puzzle: the start (``hands``, ``leader``), the ``moves`` to its position, ``seat`` (the
    player you are, to move there), the one right play (``answer``), how many plays fail (``fails``), how
    many of your later turns on the main line need a choice (``turns``), the positions listed, the rating
    and the level."""

    id: str
    hands: tuple[str, ...]
    leader: int | None
    moves: tuple[str, ...]
    seat: int
    answer: str
    fails: int
    turns: int
    positions: int
    rating: int
    level: int

    # -- the position ----------------------------------------------------------------------------------

    def state(self) -> KnorriState:
        """The puzzle's position, a fresh copy."""
        return _start(self.hands, self.leader, self.moves).clone()

    def play(self, moves: Iterable[str]) -> KnorriState:
        """The position after ``moves`` (action texts) from the puzzle's; a refused one raises its reason."""
        state = self.state()
        for text in moves:
            state.apply(text)
        return state

    def analysis_steps(self) -> Generator[float, None, Analysis]:
        """:meth:`analysis` as a generator (the solver's progress, then the analysis): the search runs the
        first time a puzzle is asked for; the last few are kept, so playing on answers at once."""
        key = (self.hands, self.leader, self.moves, self.seat)
        found = _SOLVED.get(key)
        if found is None:
            start = _start(self.hands, self.leader, self.moves)
            found = yield from analyse_steps(start, self.seat, max_positions=MAX_PUZZLE_POSITIONS)
            while len(_SOLVED) >= _KEEP:
                del _SOLVED[next(iter(_SOLVED))]
            _SOLVED[key] = found
        return found

    def analysis(self) -> Analysis:
        """Every position reachable from the puzzle's, solved for ``seat`` (made once, then kept)."""
        return run_to_end(self.analysis_steps())

    # -- playing -----------------------------------------------------------------------------------

    def safe(self, state: KnorriState) -> bool:
        """Whether you can still make sure of not losing from ``state``."""
        return self.analysis().safe(state)

    def over(self, state: KnorriState) -> bool:
        """Whether the puzzle is over: you hold no card (or the game has ended)."""
        return state.is_terminal() or not state._hands[self.seat]

    def judge(self, state: KnorriState, action: Action | str) -> Judged:
        """Whether your ``action`` from ``state`` keeps you safe; if not, how the others make you lose."""
        act = parse_action(action)
        a = self.analysis()
        after = state.clone()
        after.apply(act)
        if a.safe(after):
            return Judged(True)
        line, loses = a.losing_line(after, MAX_LINE)
        seats = []
        for step in line:
            seats.append((after.current_player(), step))
            after.apply(step)
        return Judged(False, ((state.current_player(), act), *seats), loses)

    def advance(self, state: KnorriState) -> list[tuple[int, Action]]:
        """Play on from ``state`` (changed in place): the others' most stubborn replies and your forced
        plays (a single legal action), until you have a choice to make or the puzzle is over."""
        a = self.analysis()
        done: list[tuple[int, Action]] = []
        while not self.over(state):
            p = state.current_player()
            legal = state.legal_actions()
            if p == self.seat:
                if len(legal) > 1:
                    break
                action = legal[0]
            else:
                action = a.stubborn(state)
            state.apply(action)
            done.append((p, action))
        return done

    def hints(self, state: KnorriState) -> list[str]:
        """Four hints for your turn at ``state``, from vague to the answer itself."""
        legal = state.legal_actions()
        right = self.analysis().safe_moves(state)
        if not right:
            return ["No play keeps you safe from here."] * 4
        best = self.analysis().quickest(state)
        fail = len(legal) - len(right)
        first = (f"{len(right)} of your {len(legal)} plays keep you safe; {fail} let the others make you lose."
                 if len(right) > 1 else f"Only one of your {len(legal)} plays keeps you safe.")
        if best.kind == "pickup":
            second = "Look at what you might pick up rather than at what you might play."
            third = f"The card to look at is the bottom card of the trick, {state.trick_cards[0][0].symbol}."
        elif not state.trick:
            second = "Which card can none of the others beat, and who must pick it up?"
            third = f"The card to look at is a {best.cards[0].suit.english.rstrip('s')}."
        else:
            second = "Beating is not always right, and neither is picking up: follow each play to its end."
            third = f"The card to look at is a {best.cards[0].suit.english.rstrip('s')}."
        return [first, second, third, f"The answer: {you_doing(best)}."]

    def line(self) -> list[tuple[int, Action]]:
        """The solution: your quickest safe plays against the others' most stubborn, to the end."""
        state = self.state()
        a = self.analysis()
        out: list[tuple[int, Action]] = []
        while not self.over(state) and len(out) < 200:
            p = state.current_player()
            action = a.quickest(state) if p == self.seat else a.stubborn(state)
            state.apply(action)
            out.append((p, action))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "hands": list(self.hands), "leader": self.leader, "moves": list(self.moves),
                "seat": self.seat, "answer": self.answer, "fails": self.fails, "turns": self.turns,
                "positions": self.positions, "rating": self.rating, "level": self.level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Puzzle":
        return cls(str(data["id"]), tuple(data["hands"]), data["leader"], tuple(data["moves"]), int(data["seat"]),
                   str(data["answer"]), int(data["fails"]), int(data["turns"]), int(data["positions"]),
                   int(data["rating"]), int(data["level"]))


@lru_cache(maxsize=8)
def _start(hands: tuple[str, ...], leader: int | None, moves: tuple[str, ...]) -> KnorriState:
    state = phase_two([h.split() for h in hands], leader=leader)
    for text in moves:
        state.apply(text)
    return state


#: The puzzles solved in this process (the browser's worker lives as long as the visit), oldest first.
_SOLVED: dict[tuple[Any, ...], Analysis] = {}
_KEEP = 4


# -- the published puzzles ----------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _published() -> tuple[Puzzle, ...]:
    from stytvolt.knorri.puzzles_data import PUZZLES

    return tuple(Puzzle.from_json(d) for d in PUZZLES)


def puzzles(level: int | None = None) -> list[Puzzle]:
    """The published puzzles (of one level), easiest first."""
    every = [p for p in _published() if level is None or p.level == level]
    return sorted(every, key=lambda p: (p.rating, p.id))


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle ``K0007`` (the letter in either case, the number with or without its zeros: ``k7``)."""
    if not isinstance(puzzle_id, str):
        raise PuzzleError(f"a puzzle is named by text like K0007, not {type_name(puzzle_id)}")
    text = puzzle_id.strip()
    every = _published()
    if len(text) >= 2 and text[0] in "Kk" and text[1:] == text[1:].strip():
        try:
            return every[whole_text(text[1:], "a puzzle's number", 1, len(every)) - 1]
        except StytvoltError:
            pass
    raise PuzzleError(f"no Knorri puzzle {text[:12]!r}: they run from K0001 to K{len(every):04d}")


def daily(date: _dt.date | str | None = None) -> Puzzle:
    """The puzzle of the day (``date`` a date or its ISO text; None: today): each in turn, one a day."""
    return of_the_day(_published(), date, PuzzleError, first_step=7)


# -- soundness ----------------------------------------------------------------------------------------


def _measure(state: KnorriState, seat: int, analysis: Analysis) -> tuple[str, int, int] | None:
    """For a candidate position: (the one right play, the plays that fail, your later turns needing a
    choice on the main line), or None when it is no puzzle (not your turn, no right play, several, or a
    failing play the others cannot turn into your loss)."""
    if state.is_terminal() or state.current_player() != seat:
        return None
    moves = analysis.moves(state)
    right = [a for a, ok in moves if ok]
    if len(right) != 1 or len(moves) < 2:
        return None
    for action, _ in moves:
        if action is right[0]:
            continue
        after = state.clone()
        after.apply(action)
        if not analysis.doomed(after):
            return None
    turns = 0
    line = state.clone()
    line.apply(right[0])
    while not (line.is_terminal() or not line._hands[seat]):
        p = line.current_player()
        if p == seat:
            turns += len(line.legal_actions()) > 1
            action = analysis.quickest(line)
        else:
            action = analysis.stubborn(line)
        line.apply(action)
    return str(right[0]), len(moves) - 1, turns


def _rating(fails: int, turns: int, positions: int) -> int:
    return round(1000 + 110 * fails + 120 * turns + 45 * math.log2(max(2, positions)))


def check_sound(p: Puzzle) -> list[str]:
    """What is wrong with a puzzle's data, re-solved from scratch (an empty list: nothing)."""
    problems: list[str] = []
    state = _start(p.hands, p.leader, p.moves)
    fresh = analyse(state, p.seat, max_positions=MAX_PUZZLE_POSITIONS)
    measured = _measure(state, p.seat, fresh)
    if measured is None:
        return [f"{p.id}: not a puzzle (no single right play, or a failing play that does not lose)"]
    answer, fails, turns = measured
    if answer != p.answer:
        problems.append(f"{p.id}: the right play is {answer}, not {p.answer}")
    if (fails, turns, fresh.positions) != (p.fails, p.turns, p.positions):
        problems.append(f"{p.id}: measured {fails} fails, {turns} turns, {fresh.positions} positions; the data says "
                        f"{p.fails}, {p.turns}, {p.positions}")
    if _rating(fails, turns, fresh.positions) != p.rating:
        problems.append(f"{p.id}: rating {p.rating} is not the measured {_rating(fails, turns, fresh.positions)}")
    return problems


# -- making them --------------------------------------------------------------------------------------


def _candidate(rng: random.Random) -> tuple[tuple[str, ...], int, tuple[str, ...]] | None:
    """Random hands (3 or 4 players, 5 to 7 cards, no ♣2), a leader, and a few random actions from there."""
    players = rng.choice((3, 3, 4))
    total = rng.randint(max(5, players + 1), 7)
    cards = rng.sample([c for c in PACK.cards if str(c) != "C2"], total)
    sizes = [1] * players
    for _ in range(total - players):
        sizes[rng.randrange(players)] += 1
    hands: list[list[Card]] = []
    k = 0
    for size in sizes:
        hands.append(cards[k:k + size])
        k += size
    leader = rng.randrange(players)
    texts = tuple(" ".join(str(c) for c in h) for h in hands)
    state = phase_two([list(h) for h in hands], leader=leader)
    moves: list[str] = []
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3))):
        if state.is_terminal():
            return None
        action = rng.choice(state.legal_actions())
        state.apply(action)
        moves.append(str(action))
    if state.is_terminal():
        return None
    return texts, leader, tuple(moves)


def generate(count: int = 36, seed: int = 13, *, tries: int = 20_000) -> list[Puzzle]:
    """``count`` puzzles found from random positions (reproducibly from ``seed``), numbered by rating."""
    rng = random.Random(seed)
    found: list[tuple[int, tuple[str, ...], int, tuple[str, ...], int, str, int, int, int]] = []
    seen: set[object] = set()
    for _ in range(tries):
        if len(found) >= count:
            break
        made = _candidate(rng)
        if made is None:
            continue
        hands, leader, moves = made
        state = _start(hands, leader, moves)
        seat = state.current_player()
        try:
            analysis = analyse(state, seat, max_positions=MAX_PUZZLE_POSITIONS)
        except StytvoltError:
            continue
        if analysis.positions < 12:
            continue
        measured = _measure(state, seat, analysis)
        if measured is None:
            continue
        key = (tuple(tuple(sorted(map(str, h))) for h in state.hands), tuple(map(tuple, state.trick_cards)), seat)
        if key in seen:
            continue
        seen.add(key)
        answer, fails, turns = measured
        found.append((_rating(fails, turns, analysis.positions), hands, leader, moves, seat, answer, fails, turns,
                      analysis.positions))
    found.sort(key=lambda f: (f[0], f[1]))
    out = []
    for i, (rating, hands, leader, moves, seat, answer, fails, turns, positions) in enumerate(found):
        level = 1 + (3 * i) // len(found)
        out.append(Puzzle(f"K{i + 1:04d}", hands, leader, moves, seat, answer, fails, turns, positions, rating, level))
    return out


def write_data(made: Sequence[Puzzle], path: str) -> None:
    """Write the puzzles as the data module :mod:`stytvolt.knorri.puzzles_data` (one puzzle a line)."""
    lines = ['"""The published Knorri puzzles, written by ``python -m stytvolt.knorri.puzzles`` (do not edit by hand:',
             'the tests re-solve each one; see :mod:`stytvolt.knorri.puzzles`)."""', "",
             "from typing import Any", "", "PUZZLES: list[dict[str, Any]] = ["]
    lines += [f"    {p.to_json()!r}," for p in made]
    lines.append("]")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":  # pragma: no cover - the data's maker
    import os

    target = os.path.join(os.path.dirname(__file__), "puzzles_data.py")
    made = generate(int(sys.argv[1]) if len(sys.argv) > 1 else 36)
    write_data(made, target)
    print(f"{len(made)} puzzles written to {target}")
