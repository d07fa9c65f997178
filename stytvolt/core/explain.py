"""Structured reasons: why the engine decided what it decided.

Every decision the engine makes (a trick's winner, a card's power, a suit
choice, a refused action, a score change) can be explained as a tuple of
:class:`Reason` values.  A reason carries

* a stable ``code`` naming the rule that applied (tests and the site key on it);
* a sentence ``template`` written once, where the rule lives (a count meets its
  noun through the field's format spec, ``{tricks:trick}``: see
  :mod:`stytvolt.core.words`);
* structured ``args``: the seats (:class:`Seat`), teams (:class:`Team`),
  cards and numbers the sentence speaks of;
* the ``cards`` it concerns.

The rules never name a seat or a team: the caller renders the sentence with
the names it wants (:meth:`Reason.render`): the CLI says "South (you)", the
site "West", and :attr:`Reason.text` uses the neutral defaults "player 2" and
"team A".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from stytvolt.core.cards import Card
from stytvolt.core.errors import IllegalAction
from stytvolt.core.words import COUNTED_FIELD, counted

__all__ = [
    "Reason", "Seat", "Team", "IllegalAction", "render", "Names", "default_seat_name", "default_team_name",
    "COMPASS", "TEAM_LETTERS",
]

#: The seats of a four-player table as the site, the quizzes and the terminal name them, by seat number
#: (you are South; play goes South, West, North, East).
COMPASS: tuple[str, ...] = ("South", "West", "North", "East")
#: The two partnerships as the site names them: A (seats 0 and 2) and B (seats 1 and 3).
TEAM_LETTERS: tuple[str, ...] = ("A", "B")


class Seat(int):
    """A seat (player number from 0) as an argument of a reason: rendered with the caller's seat names."""

    __slots__ = ()


class Team(int):
    """A team (0 or 1) as an argument of a reason: rendered with the caller's team names."""

    __slots__ = ()


Names = Sequence[str] | Callable[[int], str] | None


def default_seat_name(seat: int) -> str:
    return f"player {seat}"


def default_team_name(team: int) -> str:
    return f"team {'AB'[team]}" if 0 <= team < 2 else f"team {team}"


def _namer(names: Names, default: Callable[[int], str]) -> Callable[[int], str]:
    if names is None:
        return default
    if callable(names):
        return names
    seq = names
    return lambda i: seq[i]


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of an explanation: a rule (``code``), a sentence template, its arguments, the cards."""

    code: str
    template: str
    cards: tuple[Card, ...] = field(default=())
    args: tuple[tuple[str, object], ...] = field(default=())

    @classmethod
    def of(cls, code: str, template: str, cards: Sequence[Card] = (), **args: object) -> "Reason":
        """``Reason.of("trade", "{player} trades {give}.", (card,), player=Seat(2), give="♥5")``."""
        return cls(code, template, tuple(cards), tuple(args.items()))

    def render(self, seats: Names = None, teams: Names = None) -> str:
        """The sentence, with seats and teams called by the given names (a list, or a function of the number).

        The first letter is capitalised, so a name may start the sentence.  A field whose format spec is
        a noun says its number with that noun (``{tricks:trick}`` → ``1 trick``, ``3 tricks``; an
        irregular plural after a bar, ``{n:cross|crosses}``).
        """
        if not self.args:
            return self.template
        seat, team = _namer(seats, default_seat_name), _namer(teams, default_team_name)
        values: dict[str, object] = {}
        for name, value in self.args:
            if isinstance(value, Seat):
                values[name] = seat(int(value))
            elif isinstance(value, Team):
                values[name] = team(int(value))
            else:
                values[name] = value
        template = self.template
        if ":" in template:
            template = COUNTED_FIELD.sub(lambda m: _counted_field(m, values), template)
        text = template.format_map(values)
        return text[:1].upper() + text[1:]

    @property
    def text(self) -> str:
        """The sentence with the default names ("player 2", "team A")."""
        return self.render()

    @property
    def arguments(self) -> Mapping[str, object]:
        return dict(self.args)

    def __str__(self) -> str:
        return self.text

    def as_dict(self, seats: Names = None, teams: Names = None) -> dict[str, Any]:
        """A JSON-ready form (what the site's worker sends to the page)."""
        args: dict[str, Any] = {}
        for name, value in self.args:
            if isinstance(value, Seat):
                args[name] = {"seat": int(value)}
            elif isinstance(value, Team):
                args[name] = {"team": int(value)}
            elif isinstance(value, (str, int, float, bool)) or value is None:
                args[name] = value
            else:
                args[name] = str(value)  # a card, or a card as described in this deal
        return {
            "code": self.code,
            "text": self.render(seats, teams),
            "cards": [str(c) for c in self.cards],
            "args": args,
        }


def _counted_field(found: "re.Match[str]", values: Mapping[str, object]) -> str:
    """A ``{name:noun}`` or ``{name:noun|plural}`` field of a template, its number said with its noun."""
    value = values[found.group(1)]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return found.group(0)  # not a count: the format spec is the format's own, as str.format reads it
    noun, _, plural = found.group(2).partition("|")
    return counted(value, noun, plural or None).replace("{", "{{").replace("}", "}}")


def render(reasons: Sequence[Reason], seats: Names = None, teams: Names = None) -> str:
    """Join reasons into lines of plain text, one sentence a line."""
    return "\n".join(r.render(seats, teams) for r in reasons)
