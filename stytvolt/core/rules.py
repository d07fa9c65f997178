"""Rule switches: each game's variations as one frozen dataclass, checked where it is built.

A game declares its rules as a frozen dataclass whose fields are made with
:func:`switch`: a default, the help text a player reads (listed by the CLI
and the site from here), and for an :class:`~enum.Enum` switch its choices.
:func:`check_switches` (called from the dataclass's ``__post_init__``)
refuses a wrong value at once, naming the switch and what it takes; the enum
switches also take their values' text (``scoring="penguin"``).
:func:`rules_to_json` / :func:`rules_from_json` give the compact JSON form
(only the switches that differ from the defaults), and :func:`switches`
describes every switch for help pages.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping, Self, Sequence, TypeVar

from stytvolt.core.errors import InvalidRules, type_name

__all__ = [
    "switch", "check_switches", "rules_to_json", "rules_from_json", "switches", "Switch", "parse_switch_words",
    "switch_words",
    "SwitchRules",
]

T = TypeVar("T")


def switch(default: T, help: str) -> T:
    """A rule switch: its default and one line of help."""
    return dataclasses.field(default=default, metadata={"help": help})


@dataclass(frozen=True, slots=True)
class Switch:
    """One switch as a help page lists it."""

    name: str  # the field name: cut_for_stikkar
    word: str  # the name on the command line and in the site: cut-for-stikkar
    default: Any
    choices: tuple[str, ...]  # the values an enum switch takes; ("yes", "no") for a bool
    help: str


def _fields(obj_or_type: Any) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(obj_or_type)


def check_switches(rules: Any) -> None:
    """Refuse a wrong value in any switch (called from ``__post_init__``); turn an enum's text into the enum."""
    for f in _fields(rules):
        value = getattr(rules, f.name)
        default = f.default
        if isinstance(default, Enum):
            kind = type(default)
            if isinstance(value, kind):
                continue
            if isinstance(value, str):
                try:
                    object.__setattr__(rules, f.name, kind(value))
                    continue
                except ValueError:
                    pass
            allowed = ", ".join(repr(m.value) for m in kind)
            raise InvalidRules(f"rule {f.name!r} cannot be {_short(value)}: expected one of {allowed}")
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise InvalidRules(f"rule {f.name!r} takes True or False, not {_short(value)}")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{type_name(value)} ({text[:30]}…)"


def rules_to_json(rules: Any) -> dict[str, Any]:
    """Only the switches that differ from the defaults (so ``{}`` is the plain game)."""
    out: dict[str, Any] = {}
    for f in _fields(rules):
        value = getattr(rules, f.name)
        if value != f.default:
            out[f.name] = value.value if isinstance(value, Enum) else value
    return out


R = TypeVar("R")


def rules_from_json(cls: type[R], data: object) -> R:
    """The rules a JSON object names; :class:`InvalidRules` naming the switch for anything wrong."""
    if not isinstance(data, Mapping):
        raise InvalidRules(f"rules are a JSON object of switches, not {type_name(data)}")
    known = {f.name for f in _fields(cls)}
    for key in data:
        if key not in known:
            raise InvalidRules(f"unknown rule switch {_short(key)}: expected one of {', '.join(sorted(known))}")
    return cls(**dict(data))


def switches(cls: type) -> tuple[Switch, ...]:
    """Every switch of a rules type, with its help text, for the CLI and the site."""
    out = []
    for f in _fields(cls):
        default = f.default
        choices = tuple(m.value for m in type(default)) if isinstance(default, Enum) else ("yes", "no")
        out.append(Switch(f.name, f.name.replace("_", "-"), default, choices, str(f.metadata.get("help", ""))))
    return tuple(out)


_TRUE = {"", "true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def parse_switch_words(cls: type[R], words: list[str], aliases: Mapping[str, str] | None = None) -> R:
    """Rules from words such as ``compulsory-beating``, ``no-late-stock``, ``scoring=penguin``.

    A bool switch is turned on by its name (or ``name=yes``), off by ``no-name``
    or ``name=no``; an enum switch is set with ``name=value``.
    """
    by_word = {s.word: s for s in switches(cls)}
    by_word.update({s.name: s for s in switches(cls)})
    for alias, name in (aliases or {}).items():
        by_word[alias] = next(s for s in switches(cls) if s.name == name)
    listing = ", ".join(
        f"{s.word}={'|'.join(s.choices)}" if isinstance(s.default, Enum) else s.word for s in switches(cls)
    )
    data: dict[str, Any] = {}
    for word in words:
        name, eq, value = word.strip().partition("=")
        key = name.strip().lower()
        negate = False
        if key not in by_word and key.startswith("no-") and key[3:] in by_word:
            key, negate = key[3:], True
        found = by_word.get(key)
        if found is None:
            raise InvalidRules(f"unknown variant {_short(word)}: expected one of {listing}")
        value = value.strip().lower()
        if isinstance(found.default, Enum):
            if negate or value not in found.choices:
                raise InvalidRules(f"variant {_short(word)}: {found.word} takes one of {', '.join(found.choices)}")
            data[found.name] = value
        elif value in _TRUE and not (eq and value == ""):
            data[found.name] = not negate
        elif value in _FALSE:
            data[found.name] = negate
        else:
            raise InvalidRules(f"variant {_short(word)}: {found.word} is switched on by its name, or set with {found.word}=yes/no")
    return cls(**data)


def switch_words(rules: Any, among: Sequence[Switch] | None = None) -> list[str]:
    """The switches of ``rules`` (of ``among`` only, when given) that differ from their defaults, as
    :func:`parse_switch_words` reads them back: ``compulsory-beating``, ``no-late-stock``, ``scoring=penguin``."""
    out = []
    for sw in switches(type(rules)) if among is None else among:
        value = getattr(rules, sw.name)
        if value == sw.default:
            continue
        if isinstance(value, Enum):
            out.append(f"{sw.word}={value.value}")
        else:
            out.append(sw.word if value else f"no-{sw.word}")
    return out


class SwitchRules:
    """The methods every game's rules dataclass shares (a base with no fields or slots of its own):
    checked where built, the compact JSON form both ways, and a changed copy."""

    __slots__ = ()

    def __post_init__(self) -> None:
        check_switches(self)

    def to_json(self) -> dict[str, Any]:
        """Only the switches that differ from the defaults (so ``{}`` is the plain game)."""
        return rules_to_json(self)

    @classmethod
    def from_json(cls, data: object) -> Self:
        return rules_from_json(cls, data)

    def with_(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]
