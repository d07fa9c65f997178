"""How a game's state reads as a :class:`~stytvolt.analysis.position.PlayPosition`, through its declaration.

:func:`position_of` takes a state of the protocol in its play phase and
returns the position the solver searches.  The reader is the game's own: the
``position_of`` of the module its :class:`~stytvolt.core.protocol.GameInfo`
declares as its ``solver`` (``<game>/solving.py``), found by the package
the state's class belongs to.  A reader calls its game's rules (its
``suit_of``, trick winner, card points and scoring) and never decides one
itself; its score of a finished hand is spread over the seats as the game's
``HandState.returns()`` spreads it, which ``tests/analysis/test_analysis.py``
checks on hundreds of hands one trick from their end, for every seat.

:func:`register` lets a reader be added for a state type without a
declaration (a test's, or a game being written).

Readers see every card: they are for the solver and for the deals a fair
computer player imagines, never for the real state behind a player's back.
"""

from __future__ import annotations

from typing import Any, Callable

from stytvolt.analysis.position import PlayPosition
from stytvolt.core import registry
from stytvolt.core.errors import InvalidPosition, type_name

__all__ = ["position_of", "register", "reader_of", "sides", "game_of"]

_READERS: dict[type, Callable[[Any], PlayPosition]] = {}


def register(state_type: type, reader: Callable[[Any], PlayPosition]) -> None:
    """Let :func:`position_of` read states of ``state_type`` with ``reader``."""
    _READERS[state_type] = reader


def game_of(state_type: type) -> str | None:
    """The registry name of the game whose package holds ``state_type``, if any."""
    module = state_type.__module__
    for name, package in registry.GAME_MODULES.items():
        if module == package or module.startswith(package + "."):
            return name
    return None


def reader_of(state_type: type) -> Callable[[Any], PlayPosition] | None:
    """The reader of ``state_type``'s positions: one registered, else its game's declared solver's ``position_of``."""
    reader = _READERS.get(state_type)
    if reader is None:
        game = game_of(state_type)
        solver = registry.game(game).part("solver") if game is not None else None
        reader = getattr(solver, "position_of", None)
        if reader is not None:
            _READERS[state_type] = reader
    return reader


def position_of(state: object) -> PlayPosition:
    """The position of ``state`` (in its play phase) as the solver reads it, every card visible.

    A state of a game without a reader, or not in its play phase, raises
    :class:`InvalidPosition` saying so.
    """
    reader = reader_of(type(state))
    if reader is None:
        raise InvalidPosition(f"the solver reads the declared games' hands, not {type_name(state)}")
    return reader(state)


def sides(state: object) -> tuple[tuple[int, ...], ...]:
    """The seats that play together in a follow-suit hand (its reader's ``side``), sides ordered by their lowest
    seat: the ``sides`` of a game whose solver is the shared follow-suit one."""
    side = position_of(state).side
    groups = {mark: tuple(s for s, m in enumerate(side) if m == mark) for mark in set(side)}
    return tuple(sorted(groups.values()))
