"""The state protocol every game implements, and the description of a game.

In the style of OpenSpiel: a game is described once (:class:`GameInfo`: its
name, players, pack, rules type and how to start), and its positions are
states that answer the same questions whatever the game:

* ``current_player()``: who acts next (-1 when the game is over);
* ``legal_actions()``: what that player may do; ``apply(action)`` does one
  (or raises :class:`~stytvolt.core.errors.IllegalAction`, changing nothing);
* ``undo()``: takes the last action back in constant time;
* ``clone()``: an independent copy;
* ``is_terminal()`` and ``returns()``: the end, and each player's score;
* ``observation(player)``: exactly what that player may see, and nothing
  else (computer players are given this, never the state);
* ``resample(player, rng)``: a state that player cannot tell apart from this
  one, with the cards hidden from them dealt afresh (OpenSpiel's
  ``resample_from_infostate``): the proof that an observation hides them,
  and the sampler fair computer players draw worlds from;
* ``to_json()`` and the game's ``from_json``: an exact, compact position.

Games share this protocol and the helpers of :mod:`stytvolt.core.tricks`,
not a base class.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Protocol, Sequence, TypeVar, runtime_checkable

from stytvolt.core.cards import Pack
from stytvolt.core.checks import texts
from stytvolt.core.errors import IllegalAction, InvalidPosition, ParseError
from stytvolt.core.rules import Switch, switches

__all__ = ["GameState", "Observation", "GameInfo", "Action", "replay_actions", "run_to_end"]


@runtime_checkable
class Action(Protocol):
    """An action: an immutable value whose ``str`` is its text (the game's parser reads it back)."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class Observation(Protocol):
    """What one player may see; ``to_json()`` is its complete, comparable form."""

    @property
    def player(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class GameState(Protocol):
    """A position of a game.  See the module docstring for what each method promises."""

    @property
    def num_players(self) -> int: ...

    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def undo(self) -> Any: ...

    def clone(self) -> "GameState": ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[int]: ...

    def observation(self, player: int) -> Observation: ...

    def resample(self, player: int, rng: random.Random) -> "GameState": ...

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameInfo:
    """A game: its names, players, pack and rules, and how to start or restore one of its states.

    ``new(seed, rules=..., **options)`` starts a state from a seed (the same
    seed always deals the same cards); ``from_json(data)`` restores one;
    ``parse_action(text)`` reads an action's text.
    """

    name: str  # the registry key: "styrivolt"
    title: str  # how a page writes it: "Stýrivolt"
    aliases: tuple[str, ...]
    players: tuple[int, ...]  # the player counts it is played with
    pack: Pack
    rules: type  # the frozen dataclass of its switches; rules() is the default game
    new: Callable[..., GameState]
    from_json: Callable[[Any], GameState]
    parse_action: Callable[[str], Any]
    summary: str = ""
    module: str = ""  # where its rules live: "stytvolt.<game>"
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    # Its parts, each a module of its own folder imported only when first asked for ("" for a part it has not):
    puzzle_module: str = ""  # its published puzzles, listed by ``puzzles()``: "stytvolt.<game>.puzzles"
    site: str = ""  # registers its figures and widgets with :mod:`stytvolt.web`: "stytvolt.<game>.site"
    widgets: tuple[tuple[str, str], ...] = ()  # (widget, module) for big widgets kept apart from ``site``
    table: str = ""  # its ``KIND`` at the one table, joined when imported: "stytvolt.<game>.table"
    quiz: str = ""  # registers its question kinds with :mod:`stytvolt.learn`: "stytvolt.<game>.quiz"
    solver: str = ""  # what the shared analysis reads of it (:mod:`stytvolt.analysis`): "stytvolt.<game>.solving"
    worked: str = ""  # its worked hands, stepped card by card: "stytvolt.<game>.worked"
    coach: str = ""  # the ideas its coach names (``IDEAS``, ``idea(obs, action)``, ``UNIT``): "stytvolt.<game>.coach"
    cli: str = ""  # adds its commands to ``stytvolt`` (``add_commands``): "stytvolt.<game>.cli"
    glossary: str = ""  # its words, for the site's tooltips and search (``TERMS``, ``Term``, ``normalize``)
    # Its pages a rule link may lead to, as (file in its docs folder, the title the site's menu gives it):
    # ("play", "Playing"); the first game's pages sit at the site's root, the others' in a folder of its name.
    pages: tuple[tuple[str, str], ...] = ()

    @property
    def switches(self) -> tuple[Switch, ...]:
        """Every rule switch with its help text."""
        return switches(self.rules)

    def puzzles(self, level: int | str | None = None, theme: str | None = None) -> list[Any]:
        """The game's published puzzles (:func:`stytvolt.analysis.puzzles.listed`), easiest first, narrowed to a
        ``level`` (1 to 3, or ``"beginner"``, ``"club"``, ``"expert"``) and a ``theme`` of the game's:
        ``stytvolt.game("brus").puzzles("club", "lurch")``; none for a game without puzzles."""
        if not self.puzzle_module:
            return []
        from stytvolt.analysis.puzzles import listed

        return list(listed(self.name, level, theme))

    def part(self, name: str) -> Any:
        """The module of one of its parts (``"site"``, ``"table"``, ``"quiz"``, ``"solver"``, ``"worked"``,
        ``"puzzle_module"``), imported when first asked for; ``None`` for a part the game has not."""
        path = getattr(self, name)
        if not path:
            return None
        import importlib

        return importlib.import_module(path)

    def solve(self, state: Any, *, deadline: float | None = None, max_nodes: int | None = None) -> Any:
        """Every legal action's value in ``state`` with every card visible and both sides playing perfectly:
        a :class:`~stytvolt.analysis.solve.Solution` whose ``values`` give, by each action's text, what
        ``returns()`` gives the player to move at the end when that player's side (:meth:`sides`) plays for it and
        every other seat against it.  ``state`` is one of the game's card play (for Knorri, its phase two);
        anything else raises :class:`InvalidPosition`.  ``deadline`` (seconds) or ``max_nodes`` cut the search
        short, and the solution says it is not ``exact``.  It sees every card: for analysis, and for the deals a
        fair computer player pictures, never for a player's look behind another's back."""
        return self._solver().solve(state, deadline=deadline, max_nodes=max_nodes)

    def sides(self, state: Any) -> tuple[tuple[int, ...], ...]:
        """The seats that play together in ``state``'s hand (partners, or the declarer against the rest; in
        Knorri's phase two, the player to move against everyone else): every seat in one side, sides ordered by
        their lowest seat."""
        found: tuple[tuple[int, ...], ...] = self._solver().sides(state)
        return found

    def _solver(self) -> Any:
        solver = self.part("solver")
        if solver is None or not hasattr(solver, "solve"):
            raise InvalidPosition(f"{self.title} has no solver")
        return solver

    def __repr__(self) -> str:
        return f"<GameInfo {self.name}: {self.title}, players {self.players}>"


def replay_actions(state: Any, actions: object, parse_action: Callable[[str], Any]) -> None:
    """Apply saved action texts to ``state`` in order (a saved hand's ``"actions"``).

    Anything that is not a list, or an action that cannot be read or is not
    legal where it comes, raises :class:`InvalidPosition` naming it.
    """
    for i, text in enumerate(texts(actions, "actions", item="action")):
        try:
            state.apply(parse_action(text))
        except (ParseError, IllegalAction) as err:
            raise InvalidPosition(f"action {i + 1} ({text!r}) cannot be replayed: {err}") from None


_T = TypeVar("_T")


def run_to_end(work: Generator[float, None, _T]) -> _T:
    """What a long piece of work returns, run at once: ``work`` is its generator form, which yields its progress
    (0 to 1) between slices so a page can run it a slice at a time and cancel it (a computer player's ``think``, a
    solver's steps, a widget's long answer)."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: _T = done.value
            return result
