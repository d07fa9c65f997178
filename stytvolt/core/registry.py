"""The game registry: ``games()`` lists every game, ``game("sjavs")`` finds one by name or alias.

Each game's package declares a module-level ``GAME`` (a
:class:`~stytvolt.core.protocol.GameInfo`); the registry imports a game's
package only when it is first asked for, so importing ``stytvolt`` stays cheap.
"""

from __future__ import annotations

import importlib
import unicodedata

from stytvolt.core.errors import ParseError, type_name
from stytvolt.core.protocol import GameInfo

__all__ = ["games", "game", "GAME_MODULES", "UnknownGame"]

#: Every game of the package, in the order pages list them: registry name → its package.
GAME_MODULES: dict[str, str] = {
    "styrivolt": "stytvolt.styrivolt",
    "sjavs": "stytvolt.sjavs",
    "klorsjavs": "stytvolt.klorsjavs",
    "knorri": "stytvolt.knorri",
    "brus": "stytvolt.brus",
    "vira": "stytvolt.vira",
}


class UnknownGame(ParseError):
    """No game goes by that name."""


def _load(name: str) -> GameInfo:
    info = importlib.import_module(GAME_MODULES[name]).GAME
    assert isinstance(info, GameInfo) and info.name == name
    return info


def games() -> tuple[GameInfo, ...]:
    """Every game, in order."""
    return tuple(_load(name) for name in GAME_MODULES)


def _key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return plain.replace("ø", "o").replace("æ", "ae").replace("ð", "d").replace(" ", "-").replace("_", "-")


def game(name: str) -> GameInfo:
    """The game called ``name`` (its registry name, its title or an alias; case and accents are ignored)."""
    if not isinstance(name, str):
        raise UnknownGame(f"a game is named by text, not {type_name(name)}")
    if name in GAME_MODULES:  # its registry name: only that game's package is loaded
        return _load(name)
    wanted = _key(name)
    for info in games():
        if wanted in {_key(n) for n in (info.name, info.title, *info.aliases)}:
            return info
    shown = name if len(name) <= 30 else name[:30] + "…"
    raise UnknownGame(f"no game called {shown!r}: the games are {', '.join(GAME_MODULES)}")
