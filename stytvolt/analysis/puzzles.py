"""Puzzles of every game: one format, one proof, one way to make them.

A puzzle is a position of a game's card play with every card shown, a
seat to solve for and a goal.  The goal is a number: ``target``, the least
value of ``returns()[player]`` at the end of the hand that the solving side
(the player and any partner, :meth:`~stytvolt.core.protocol.GameInfo.sides`)
must make sure of, every other seat playing against it.  So any program with
a solver can check a goal, and every game's puzzles are proven by the one
search written here against the state protocol:

* :func:`values`: what each legal action is worth to the player, both sides
  playing perfectly from there (the game's solver, ``GameInfo.solve``, where
  the side is to move; the defence's answers tried one by one where it is
  not, down to the next turn of the side);
* :func:`keeping`: the actions after which the goal can still be made sure of;
* :func:`reply`: the defence's most stubborn answer (the least value for the
  player; of equals, the first the rules list);
* :func:`refutation`: after a move that misses the goal, the whole line by
  which the defence shows it, both sides playing perfectly to the end;
* :func:`check_sound`: the published line proven again: at every turn of the
  solving side where there is a choice exactly one action keeps the goal (two
  cards that play alike count as two actions: each puzzle has one answer), the
  defence's moves are its most stubborn, and the hand's end reaches the goal.

A game may give its own ``tricks_left(state)`` (how many tricks, or rounds,
are still to be played on; None outside the card play), where the shared
solver's compiled position does not read its states, and its own way to value a position for the player (its puzzle
part's ``goal_values(state, player)``, a mapping of each legal action's text
to its value), where its solver does not play side against side (Knorri's
phase two pits the player to move against everyone, whoever that is), and
``decided(state, player)``: the player's final ``returns()`` once nothing
can change it before the hand's end (a Knorri player who has gone out), else
None; with them ``side(state, player)``, the seats that play for the player
(Knorri: the player alone, whoever is to move), and ``refuting_move(state,
player)``, the move of the seat to move on a refuting line, where best values
alone could go round for ever without reaching the hand's end.

A game's puzzle part (``GameInfo.puzzle_module``, ``stytvolt.<game>.puzzles``)
declares its ``THEMES`` (key: (name, the idea in a sentence)), its
``IDEA_THEMES`` (the coach's idea keys, :mod:`~stytvolt.analysis.coach`, each
to the theme it belongs to), ``goal_words(state, player, target)`` and
``PREFIX``, the letter its ids begin with, and its recipe: ``SEEDS``,
``SETUP`` and ``OPTIONS`` for :func:`generate`, with ``select`` to balance
the themes (``CAP``, the most of one theme, for :func:`balanced`; or a ``select`` or ``make()`` of its own).  Its published puzzles are data
(``puzzles.json`` in its folder), listed by :func:`published` and
:func:`listed`, made afresh by :func:`made` (``python -m
stytvolt.analysis.puzzles GAME`` writes them): the same recipe always gives
the same puzzles.

The puzzle's ``rating`` is its difficulty on a chess-like scale, from what
the solver and the game's computer players say of it (:func:`rate`): the
decisions the line asks for, the moves that fail at the first, and whether
the game's beginner and its expert, shown only what the player sees, find the
key move.  Levels split each game's puzzles by rating into thirds.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Generator, Iterable, Mapping, Sequence

from stytvolt.core import registry
from stytvolt.core.checks import shown
from stytvolt.core.daily import of_the_day
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.protocol import GameInfo, run_to_end

__all__ = ["Puzzle", "PuzzleError", "LEVELS", "DATA", "values", "keeping", "reply", "refutation", "refutation_steps", "solution",
           "check_sound", "published", "listed", "find", "daily", "themes", "theme_of", "rate", "levels_by_rating",
           "Candidate", "candidates", "generate", "coin_toss", "balanced", "write", "made", "goal_words", "side_of", "final"]

#: The levels, by number.
LEVELS: dict[int, str] = {1: "beginner", 2: "club", 3: "expert"}
#: The file in each game's folder that holds its published puzzles.
DATA = "puzzles.json"


class PuzzleError(StytvoltError):
    """A puzzle, a puzzle's data or a move given to one that cannot be used; the message says why."""


# -- the format ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """One puzzle, the same for every game.

    * ``id``: the game's letter and a number (``S0042``), unique among every game's puzzles;
    * ``game``: the registry's name of the game; ``position``: the state's JSON (the game's ``from_json``
      restores it: :meth:`state`);
    * ``player``: the seat to solve for (its side plays a partner's cards too);
    * ``goal``: the goal in words; ``target``: the least ``returns()[player]`` at the hand's end that reaching
      it means;
    * ``key``: the key action's text; ``line``: the solution, as action texts from the key to the hand's end
      (or until the player's result is decided), the defence playing its most stubborn answers;
    * ``level`` (1 to 3, :data:`LEVELS`), ``themes`` (keys of the game's ``THEMES``), ``rating`` (its
      difficulty, about 800 to 2200), ``seed`` (the deal it was found in: :func:`generate` finds it again).
    """

    id: str
    game: str
    position: Mapping[str, Any]
    player: int
    goal: str
    target: int
    key: str
    line: tuple[str, ...]
    level: int
    themes: tuple[str, ...]
    rating: int
    seed: int

    @property
    def info(self) -> GameInfo:
        return registry.game(self.game)

    def state(self) -> Any:
        """A fresh copy of the puzzle's position."""
        return _restored(self.game, json.dumps(self.position, sort_keys=True)).clone()

    def play(self, actions: Iterable[str]) -> Any:
        """The position after ``actions`` (texts, from the puzzle's); a move that is not legal where it comes
        raises :class:`PuzzleError` naming it."""
        state = self.state()
        for i, text in enumerate(actions):
            _apply_text(state, text, f"move {i + 1}")
        return state

    @property
    def level_name(self) -> str:
        return LEVELS[self.level]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "position": dict(self.position), "player": self.player,
                "goal": self.goal, "target": self.target, "key": self.key, "line": list(self.line),
                "level": self.level, "themes": list(self.themes), "rating": self.rating, "seed": self.seed}

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        """A puzzle from its JSON; anything missing or garbled raises :class:`PuzzleError` naming it."""
        if not isinstance(data, dict):
            raise PuzzleError(f"a puzzle is a JSON object, not {type_name(data)}")
        try:
            position = data["position"]
            if not isinstance(position, dict):
                raise PuzzleError(f"a puzzle's position is a JSON object, not {type_name(position)}")
            p = cls(_text(data, "id"), _text(data, "game"), dict(position), _whole(data, "player"),
                    _text(data, "goal"), _whole(data, "target"), _text(data, "key"),
                    tuple(_texts(data, "line")), _whole(data, "level"), tuple(_texts(data, "themes")),
                    _whole(data, "rating"), _whole(data, "seed"))
        except KeyError as err:
            raise PuzzleError(f"a puzzle's JSON lacks {err}") from None
        if p.level not in LEVELS:
            raise PuzzleError(f"{p.id}: a puzzle's level is 1, 2 or 3, not {p.level}")
        if not p.line or p.line[0] != p.key:
            raise PuzzleError(f"{p.id}: a puzzle's line begins with its key move")
        return p


def _text(data: dict[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str):
        raise PuzzleError(f"a puzzle's {name} is text, not {type_name(value)}")
    return value


def _whole(data: dict[str, Any], name: str) -> int:
    value = data[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise PuzzleError(f"a puzzle's {name} is a whole number, not {type_name(value)}")
    return value


def _texts(data: dict[str, Any], name: str) -> list[str]:
    value = data[name]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PuzzleError(f"a puzzle's {name} is a list of texts")
    return value


@lru_cache(maxsize=64)
def _restored(game: str, position: str) -> Any:
    try:
        return registry.game(game).from_json(json.loads(position))
    except StytvoltError as err:
        raise PuzzleError(f"a {game} puzzle's position cannot be restored: {err}") from None


def _apply_text(state: Any, text: str, where: str) -> Any:
    """Apply the legal action whose text is ``text``; else :class:`PuzzleError` naming ``where``."""
    for action in state.legal_actions():
        if str(action) == text:
            state.apply(action)
            return action
    raise PuzzleError(f"{where}, {shown(text)}, is not a legal move there")


# -- the proof: values, keeping moves, the defence ---------------------------------------------------------------


def _part(game: str) -> Any:
    part = registry.game(game).part("puzzle_module")
    if part is None:
        raise PuzzleError(f"{registry.game(game).title} has no puzzles")
    return part


def side_of(state: Any, player: int) -> tuple[int, ...]:
    """The seats that play with ``player`` in ``state``'s hand (the player among them): the game's puzzle part's
    ``side(state, player)`` where it has one (Knorri: the player alone, whoever is to move), else its sides."""
    info = _info(state)
    own = getattr(info.part("puzzle_module"), "side", None)
    if own is not None:
        return tuple(own(state, player))
    for side in info.sides(state):
        if player in side:
            return tuple(side)
    raise PuzzleError(f"seat {player} is not at this table")  # pragma: no cover (sides hold every seat)


def _info(state: Any) -> GameInfo:
    from stytvolt.analysis.games import game_of

    name = game_of(type(state))
    if name is None:
        raise PuzzleError(f"a puzzle's position is a game's state, not {type_name(state)}")
    return registry.game(name)


def final(state: Any, player: int) -> int | None:
    """The player's ``returns()`` once nothing can change it (the hand over, or what the game's ``decided``
    says), else None."""
    if state.is_terminal():
        return int(state.returns()[player])
    part = _info(state).part("puzzle_module")
    decided = getattr(part, "decided", None)
    return decided(state, player) if decided is not None else None


def _value(state: Any, player: int, side: tuple[int, ...]) -> int:
    """The position's value to ``player``: its side to move takes the solver's value, the defence its least."""
    done = final(state, player)
    if done is not None:
        return done
    if state.current_player() in side:
        return int(_info(state).solve(state).value)
    least: int | None = None
    for action in state.legal_actions():
        state.apply(action)
        try:
            v = _value(state, player, side)
        finally:
            state.undo()
        least = v if least is None else min(least, v)
    assert least is not None
    return least


def values(state: Any, player: int) -> dict[str, int]:
    """Each legal action's value to ``player`` (``returns()[player]`` at the end, its side playing for it and the
    rest against it, every card visible), by the action's text.  ``state`` is left as it was."""
    info = _info(state)
    own = getattr(info.part("puzzle_module"), "goal_values", None)
    if own is not None:
        return dict(own(state, player))
    side = side_of(state, player)
    if state.current_player() in side:
        try:
            return {k: int(v) for k, v in info.solve(state).values.items()}
        except InvalidPosition as err:
            raise PuzzleError(f"this position is not one of the card play: {err}") from None
    out: dict[str, int] = {}
    for action in state.legal_actions():
        state.apply(action)
        try:
            out[str(action)] = _value(state, player, side)
        finally:
            state.undo()
    return out


def keeping(state: Any, player: int, target: int) -> list[str]:
    """The legal actions (texts) after which the player's side can still make sure of ``target``."""
    return [k for k, v in values(state, player).items() if v >= target]


def reply(state: Any, player: int) -> str:
    """The defence's most stubborn answer: the least value for the player; of equals, the first the rules list."""
    vals = values(state, player)
    legal = [str(a) for a in state.legal_actions()]
    return min(legal, key=lambda k: (vals[k], legal.index(k)))


def _best(state: Any, player: int, side: tuple[int, ...]) -> str:
    """The move the seat to move makes with every card visible: the side's best, the defence's most stubborn; or
    the game's puzzle part's ``refuting_move(state, player)`` where values alone need not lead to the hand's end
    (Knorri's play can go round: the others' quickest way to make the player lose, the player holding out)."""
    own = getattr(_info(state).part("puzzle_module"), "refuting_move", None)
    if own is not None:
        return str(own(state, player))
    vals = values(state, player)
    legal = [str(a) for a in state.legal_actions()]
    if state.current_player() in side:
        return max(legal, key=lambda k: (vals[k], -legal.index(k)))
    return min(legal, key=lambda k: (vals[k], legal.index(k)))


def refutation(state: Any, player: int, action: str) -> tuple[list[tuple[int, str]], int]:
    """After ``action`` (a legal move of the player's side that misses the goal): the line, (seat, action text)
    from that move on, by which the defence holds the player below it, both sides playing their best to the hand's
    end; and the player's ``returns()`` it ends with.  ``state`` is left as it was."""
    return run_to_end(refutation_steps(state, player, action))


def refutation_steps(state: Any, player: int, action: str) -> Generator[float, None, tuple[list[tuple[int, str]], int]]:
    """:func:`refutation` as a long piece of work (:func:`~stytvolt.core.protocol.run_to_end`): it yields its
    progress (0 to 1) after each move of the line, so a page can work it out a slice at a time."""
    s = state.clone()
    side = side_of(s, player)
    line = [(s.current_player(), str(_apply_text(s, action, "the move")))]
    while final(s, player) is None:
        yield len(line) / (len(line) + _moves_left(s))
        seat = s.current_player()
        text = _best(s, player, side)
        _apply_text(s, text, "a move of the line")
        line.append((seat, text))
    result = final(s, player)
    assert result is not None
    yield 1.0
    return line, result


def _moves_left(state: Any) -> int:
    """About how many moves are still to be played (the cards still in the hands, where the state holds
    ``hands``; else one): the measure of a long line's progress."""
    hands = getattr(state, "hands", None)
    try:
        return max(1, sum(len(h) for h in hands)) if hands is not None else 1
    except TypeError:
        return 1


def solution(state: Any, player: int, target: int) -> tuple[tuple[str, ...], list[str]]:
    """The line from ``state`` that makes sure of ``target`` against the most stubborn defence, and what keeps it
    from being a puzzle (empty when it is one): a turn of the side with a choice where no action keeps the goal
    or more than one does, a goal missed at the end."""
    s = state.clone()
    side = side_of(s, player)
    line: list[str] = []
    problems: list[str] = []
    while final(s, player) is None:
        legal = [str(a) for a in s.legal_actions()]
        if s.current_player() in side:
            keep = keeping(s, player, target) if len(legal) > 1 else legal
            if len(keep) != 1:
                problems.append(f"move {len(line) + 1}: {len(keep)} actions keep the goal"
                                + (f" ({', '.join(keep)})" if keep else ""))
                break
            text = keep[0]
        else:
            text = reply(s, player) if len(legal) > 1 else legal[0]
        _apply_text(s, text, f"move {len(line) + 1}")
        line.append(text)
    else:
        result = final(s, player)
        if result is None or result < target:
            problems.append(f"the line ends with {result}, below the target {target}")
    return tuple(line), problems


def check_sound(p: Puzzle) -> list[str]:
    """What is wrong with a puzzle (empty when it is sound): its goal reachable against every defence, its key the
    only action that keeps it at every turn of the solving side that has a choice, its line the most stubborn
    defence's, its goal reached at the line's end, its goal's words the game's for its target."""
    try:
        state = p.state()
    except PuzzleError as err:
        return [f"{p.id}: {err}"]
    if state.current_player() not in side_of(state, p.player):
        return [f"{p.id}: the defence is to move"]
    if len(state.legal_actions()) < 2:
        return [f"{p.id}: the first move is forced"]
    line, problems = solution(state, p.player, p.target)
    out = [f"{p.id}: {problem}" for problem in problems]
    if not problems and line != p.line:
        first = next(i for i, (a, b) in enumerate(zip(line + ("",) * len(p.line), p.line + ("",) * len(line)))
                     if a != b)
        out.append(f"{p.id}: move {first + 1} of the line is {shown(p.line[first] if first < len(p.line) else '')}, "
                   f"where the proof plays {shown(line[first] if first < len(line) else '')}")
    try:
        words = goal_words(state, p.player, p.target)
    except PuzzleError as err:
        return out + [f"{p.id}: {err}"]
    if words != p.goal:
        out.append(f"{p.id}: the goal says {shown(p.goal)}, where the game words its target {shown(words)}")
    return out


def goal_words(state: Any, player: int, target: int) -> str:
    """The goal in the game's words (its puzzle part's ``goal_words``; a target that is no goal in the hand, reached
    by every result or by none, raises :class:`PuzzleError`)."""
    return str(_part(_info(state).name).goal_words(state, player, target))


# -- themes and difficulty -------------------------------------------------------------------------------------------


def themes(game: str) -> dict[str, tuple[str, str]]:
    """A game's puzzle themes: key → (name, the idea in a sentence)."""
    return dict(_part(registry.game(game).name).THEMES)


def theme_of(state: Any, player: int, key: str) -> str | None:
    """The theme of a key move: the coach's idea of it (read from what the player sees), as the game's puzzle
    part files it (``IDEA_THEMES``); None when no idea fits or the game files it under none."""
    info = _info(state)
    coach = info.part("coach")
    action = next(a for a in state.legal_actions() if str(a) == key)
    found = coach.idea(state.observation(player), action) if coach is not None else None
    if found is None:
        return None
    idea_key = found[0]
    mapped: str | None = _part(info.name).IDEA_THEMES.get(idea_key)
    return mapped


def rate(decisions: int, fails: int, beginner_finds: bool, expert_finds: bool, tricks: int = 1) -> int:
    """A puzzle's difficulty on a chess-like scale: 1000, and more for each further decision the line asks for, for
    each tempting move that fails at the first (up to four), for each trick still to play after the one under way
    (more cards to see through), and when the beginner, or even the expert, shown only what the player sees, misses
    the key."""
    return (1000 + 150 * max(0, decisions - 1) + 40 * min(fails, 4) + 25 * max(0, tricks - 1)
            + (0 if beginner_finds else 250) + (0 if expert_finds else 350))


def levels_by_rating(ratings: Sequence[int]) -> list[int]:
    """Levels 1 to 3 for these ratings: the easiest third, the middle third, the hardest third, puzzles of one rating
    kept together in the third the middle of their group falls in."""
    n = len(ratings)
    below = {r: sum(1 for x in ratings if x < r) for r in set(ratings)}
    same = {r: ratings.count(r) for r in set(ratings)}
    return [1 + min(2, int(3 * (below[r] + (same[r] - 1) / 2) // n)) for r in ratings]


# -- the published puzzles -----------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def published(game: str) -> tuple[Puzzle, ...]:
    """Every published puzzle of a game, in the order of its data (easiest first)."""
    info = registry.game(game)
    module = info.puzzle_module
    if not module:
        return ()
    package = module.rsplit(".", 1)[0]
    text = resources.files(package).joinpath(DATA).read_text(encoding="utf-8")
    return tuple(Puzzle.from_json(d) for d in json.loads(text)["puzzles"])


def listed(game: str, level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """A game's published puzzles, narrowed to a ``level`` (1 to 3 or its name) and a ``theme`` (a key of its
    ``THEMES``); anything else is refused naming what is known."""
    info = registry.game(game)
    lv: int | None = None
    if level is not None:
        if isinstance(level, str) and level.strip() in LEVELS.values():
            lv = next(k for k, v in LEVELS.items() if v == level.strip())
        elif isinstance(level, str) and level.strip().isascii() and level.strip().isdigit() and int(level) in LEVELS:
            lv = int(level)  # as an address or a command line gives it
        elif isinstance(level, int) and not isinstance(level, bool) and level in LEVELS:
            lv = level
        else:
            raise PuzzleError(f"unknown level {shown(level)}: expected 1, 2, 3 or {', '.join(LEVELS.values())}")
    if theme is not None:
        known = themes(info.name)
        if not isinstance(theme, str) or theme not in known:
            raise PuzzleError(f"{info.title} has no theme {shown(theme)}: expected one of {', '.join(known)}")
    return [p for p in published(info.name) if (lv is None or p.level == lv) and (theme is None or theme in p.themes)]


def find(puzzle_id: object) -> Puzzle:
    """The published puzzle with this id, of whichever game (``S0042``; case and leading zeros do not matter)."""
    if not isinstance(puzzle_id, str):
        raise PuzzleError(f"a puzzle id is text like 'S0042', not {type_name(puzzle_id)}")
    text = puzzle_id.strip().upper()
    letter, digits = text[:1], text[1:]
    if not (letter.isalpha() and digits.isascii() and digits.isdigit() and len(digits) <= 6):
        raise PuzzleError(f"a puzzle id is a letter and a number, like S0042, not {shown(puzzle_id)}")
    wanted = f"{letter}{int(digits):04d}"
    for info in registry.games():
        part = info.part("puzzle_module")
        if part is not None and getattr(part, "PREFIX", None) == letter:
            for p in published(info.name):
                if p.id == wanted:
                    return p
            numbers = sorted(int(p.id[1:]) for p in published(info.name)) or [0]
            gaps = " (not every number between)" if numbers[-1] - numbers[0] + 1 > len(numbers) else ""
            raise PuzzleError(f"there is no puzzle {wanted}: {info.title}'s are numbered from {letter}{numbers[0]:04d} "
                              f"to {letter}{numbers[-1]:04d}{gaps}")
    raise PuzzleError(f"no game's puzzles begin with {letter}")


def daily(game: str, date: _dt.date | str | None = None) -> Puzzle:
    """A game's puzzle of the day (every published puzzle in turn, one a day; ``date`` a date or its ISO text,
    None for today)."""
    return of_the_day(published(registry.game(game).name), date, PuzzleError, first_step=97)


# -- making them -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A sound puzzle found in a deal, before it is given an id and a level: with what it was rated on (the
    decisions its line asks for, the legal moves that fail at the first, the tricks still to play)."""

    game: str
    position: dict[str, Any]
    player: int
    goal: str
    target: int
    line: tuple[str, ...]
    themes: tuple[str, ...]
    rating: int
    seed: int
    decisions: int
    fails: int
    tricks: int = 1
    ident: str = ""  # the id it keeps from an earlier set of the game's (so old links open it); empty: numbered anew

    def puzzle(self, ident: str, level: int) -> Puzzle:
        return Puzzle(ident, self.game, self.position, self.player, self.goal, self.target, self.line[0], self.line,
                      level, self.themes, self.rating, self.seed)


def _finds(game: str, level: str, seed: int, state: Any, player: int, key: str) -> bool:
    from stytvolt.analysis.players import player as make_player

    bot = make_player(game, level, seed)
    return str(bot.choose(state.observation(player))) == key


def candidates(game: str, seed: int, setup: Mapping[str, Any], *, tricks_left: int = 4, per_deal: int = 1,
               level: str = "club") -> list[Candidate]:
    """The sound puzzles found in one deal: the hand dealt from ``seed`` with ``setup`` (``GameInfo.new``'s
    options) is played to its end by the game's computer ``level`` at every seat; then, from the first position
    with at most ``tricks_left`` tricks to play on, each turn of the card play with a choice is tried as a puzzle
    for the seat to move, its target the best that seat's side can make sure of: a puzzle when one action alone
    reaches it and the line after it asks one answer at each of the side's turns (:func:`solution`).  At most
    ``per_deal`` are kept, the earliest first; each is tagged with its themes and rated."""
    info = registry.game(game)
    kind = info.part("table").KIND
    bot = kind.bot(level, seed)
    state = info.new(seed, **dict(setup))
    found: list[Candidate] = []
    positions: list[Any] = []
    while not state.is_terminal():
        positions.append(state.clone())
        state.apply(bot.choose(state.observation(state.current_player())))
    for s in positions:
        if len(found) >= per_deal:
            break
        legal = [str(a) for a in s.legal_actions()]
        if len(legal) < 2:
            continue
        try:
            left = _tricks_left(s)
        except PuzzleError:
            continue
        if left > tricks_left:
            continue
        player = s.current_player()
        try:
            vals = values(s, player)
        except (PuzzleError, InvalidPosition):
            continue
        target = max(vals.values())
        keep = [k for k in legal if vals[k] >= target]
        if len(keep) != 1:
            continue
        line, problems = solution(s, player, target)
        if problems:
            continue
        decisions = _decisions(s, line, player)
        fails = len(legal) - 1
        theme = theme_of(s, player, line[0])
        rating = rate(decisions, fails, _finds(game, "beginner", seed, s, player, line[0]),
                      _finds(game, "expert", seed, s, player, line[0]), left)
        found.append(Candidate(game, s.to_json(), player, goal_words(s, player, target), target, line,
                               (theme,) if theme else (), rating, seed, decisions, fails, left))
    return found


def _tricks_left(state: Any) -> int:
    """How many tricks are still to be played on (the one under way counted): the game's puzzle part's
    ``tricks_left(state)``, else the compiled position's; :class:`PuzzleError` when it is not the card play."""
    own = getattr(_info(state).part("puzzle_module"), "tricks_left", None)
    if own is not None:
        left = own(state)
        if left is None:
            raise PuzzleError("not a position of the card play")
        return int(left)
    from stytvolt.analysis.games import position_of

    try:
        position = position_of(state)
    except StytvoltError:
        raise PuzzleError("not a position of the card play") from None
    return int(position.tricks_left)


def _decisions(state: Any, line: Sequence[str], player: int) -> int:
    """How many of the line's moves are the side's with a choice."""
    s = state.clone()
    side = side_of(s, player)
    n = 0
    for text in line:
        if s.current_player() in side and len(s.legal_actions()) > 1:
            n += 1
        _apply_text(s, text, "a move of the line")
    return n


def generate(game: str, seeds: Iterable[int], setup: Mapping[str, Any], **options: Any) -> list[Candidate]:
    """Every sound puzzle :func:`candidates` finds in the deals of ``seeds``, in the seeds' order."""
    out: list[Candidate] = []
    for seed in seeds:
        out.extend(candidates(game, seed, setup, **options))
    return out


def coin_toss(candidate: Candidate) -> bool:
    """Whether a candidate is a plain coin toss: its key one of two moves, at most two tricks still to play, and
    nothing harder about it (even the beginner finds the key: :func:`rate` gives it no more than that), so a guess
    would find it half the time and it teaches little."""
    return (candidate.fails == 1 and candidate.tricks <= 2
            and candidate.rating <= rate(1, 1, True, True, candidate.tricks))


def balanced(found: Iterable[Candidate], themes: Iterable[str], cap: int | None = None) -> list[Candidate]:
    """What a game publishes of the candidates its recipe found, unless its part has a ``select`` of its own: those
    whose first theme is one of ``themes``, less the coin tosses (:func:`coin_toss`), at most ``cap`` of each theme
    (None: no limit), chosen evenly over its ratings (so easy and hard ones stay), in the seeds' order."""
    out: list[Candidate] = []
    every = [c for c in found if c.themes and not coin_toss(c)]
    for theme in themes:
        mine = sorted((c for c in every if c.themes[0] == theme), key=lambda c: (c.rating, c.seed))
        if cap is not None and len(mine) > cap:
            mine = [mine[(i * len(mine)) // cap] for i in range(cap)]
        out.extend(mine)
    return sorted(out, key=lambda c: c.seed)


def write(game: str, found: Sequence[Candidate], path: str) -> list[Puzzle]:
    """The puzzles found, easiest first, numbered with the game's letter (a candidate that keeps an id keeps it, the
    others numbered on from the highest kept) and levelled by rating thirds, written to ``path`` as the game's data."""
    prefix = _part(game).PREFIX
    ordered = sorted(found, key=lambda c: (c.rating, c.seed))
    levels = levels_by_rating([c.rating for c in ordered])
    kept = [c.ident for c in ordered if c.ident]
    if len(set(kept)) != len(kept) or not all(k[:1] == prefix and k[1:].isdigit() for k in kept):
        raise PuzzleError(f"the ids kept are {prefix} and a number, each once")
    fresh = itertools.count(max((int(k[1:]) for k in kept), default=0) + 1)
    out = [c.puzzle(c.ident or f"{prefix}{next(fresh):04d}", lv) for c, lv in zip(ordered, levels)]
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"game": game, "puzzles": [p.to_json() for p in out]}, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    return out


def made(game: str) -> list[Candidate]:
    """A game's puzzles made afresh from its puzzle part's declared recipe, exactly as published: its own
    ``make()`` where it has one (a search of its own, by theme), else :func:`generate` over its ``SEEDS`` with its
    ``SETUP`` (``GameInfo.new``'s options) and ``OPTIONS`` (:func:`candidates`'), narrowed by its ``select`` where
    it has one, else by :func:`balanced` with its ``THEMES`` and its ``CAP`` (the most of one theme; none when it
    declares none)."""
    part = _part(registry.game(game).name)
    own = getattr(part, "make", None)
    if own is not None:
        return list(own())
    found = generate(registry.game(game).name, part.SEEDS, part.SETUP, **dict(getattr(part, "OPTIONS", {})))
    select = getattr(part, "select", None)
    if select is not None:
        return list(select(found))
    return balanced(found, part.THEMES, getattr(part, "CAP", None))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m stytvolt.analysis.puzzles GAME [GAME ...]``: make each game's puzzles afresh and write them to its
    folder's data (the same recipe always writes the same file)."""
    import sys
    from pathlib import Path

    names = list(sys.argv[1:] if argv is None else argv)
    if not names:
        print("usage: python -m stytvolt.analysis.puzzles GAME [GAME ...]", file=sys.stderr)
        return 2
    for name in names:
        info = registry.game(name)
        package = info.puzzle_module.rsplit(".", 1)[0]
        path = Path(str(resources.files(package).joinpath(DATA)))
        out = write(info.name, made(info.name), str(path))
        counts: dict[str, int] = {}
        for p in out:
            for t in p.themes:
                counts[t] = counts.get(t, 0) + 1
        print(f"{info.title}: {len(out)} puzzles written to {path}; themes: "
              + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
