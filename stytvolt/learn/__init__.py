"""Practice for every game: quiz questions made from four values, and the review of missed ones.

A question is made from ``(game, kind, level, seed)`` alone::

    >>> from stytvolt import learn
    >>> q = learn.question("styrivolt", "trick-winner", 1, 7)
    >>> q == learn.question("styrivolt", "trick-winner", 1, 7)
    True

so the same four values give the same question in the browser (Pyodide),
the terminal (``stytvolt quiz``) and the tests.  A question carries
everything needed to ask it and to check it by hand: the prompt, the
choices (or the cards to tap), the one correct answer, the engine's
explanation (:class:`~stytvolt.core.explain.Reason` objects naming the
deciding cards), the rule page that covers it, and the position in card
text (``{"chosen": "H,S", "cards": "H8 S8 H2 D5"}``).

Each game contributes its kinds: the package its declaration names as its
``quiz`` (:attr:`stytvolt.core.protocol.GameInfo.quiz`) declares them (``KIND_MODULES``: each kind's name → the module that makes
it, in the order a page lists them), and that module registers the kind with
:func:`kind` when it is first asked for, so a page asking one kind of
question loads only that kind's module.  This module knows no game and
decides no rule.

Levels: 1 (easy), 2 (medium), 3 (hard: the traps of the rule).
Seeds: whole numbers from 0 to :data:`MAX_SEED` (safe in JavaScript too).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from stytvolt.core import registry
from stytvolt.core.cards import Card
from stytvolt.core.checks import shown, whole_text
from stytvolt.core.errors import ParseError, type_name
from stytvolt.core.explain import Reason
from stytvolt.core.protocol import GameInfo
from stytvolt.core.registry import UnknownGame

__all__ = [
    "Question", "Choice", "Row", "Draft", "KindInfo", "QuizError",
    "kinds", "kind_info", "question", "parse_key", "check", "any_kind", "kind", "games_with_kinds", "game_name",
    "LEVELS", "LEVEL_NAMES", "MAX_SEED", "quiz_module", "kind_names",
]

#: The levels, easy to hard.
LEVELS = (1, 2, 3)
#: What the levels are called.
LEVEL_NAMES = {1: "easy", 2: "medium", 3: "hard"}
#: The largest seed (2**53 - 1: a JavaScript number holds it exactly).
MAX_SEED = 2**53 - 1

class QuizError(ParseError):
    """A question was asked for with a game, kind, level or seed that does not exist."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer the reader may give: its ``id`` (what is checked), its text, and cards to show on it."""

    id: str
    text: str
    cards: tuple[Card, ...] = ()

    @property
    def label(self) -> str:
        """The choice in words alone: its text, with its cards' symbols after it unless the text names them."""
        faces = " ".join(c.symbol for c in self.cards)
        named = all(c.symbol in self.text for c in self.cards)
        return self.text if named else f"{self.text} ({faces})"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "cards": [str(c) for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Row:
    """A labelled row of cards shown with the question ("The trick, in play order").

    ``notes`` holds one short note per card (``"led"``, ``"from four of a kind"``)
    or is empty; ``tap`` says the reader answers by tapping one of these cards.
    """

    label: str
    cards: tuple[Card, ...]
    notes: tuple[str, ...] = ()
    tap: bool = False

    def __post_init__(self) -> None:
        if self.notes and len(self.notes) != len(self.cards):
            raise ValueError("a row's notes are one per card")

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "cards": [str(c) for c in self.cards], "notes": list(self.notes), "tap": self.tap}


@dataclass(frozen=True, slots=True)
class Draft:
    """What a kind's maker returns: the question without its four identifying values.

    ``answer`` is the id of the one correct choice.  ``rule`` may name a more
    precise page than the kind's own (``"ranking.md#lambs"``).  ``position``
    is the position in card text, enough to check the question by hand.
    """

    prompt: str
    choices: tuple[Choice, ...]
    answer: str
    explanation: tuple[Reason, ...]
    position: Mapping[str, str]
    rows: tuple[Row, ...] = ()
    rule: str = ""
    context: str = ""


@dataclass(frozen=True, slots=True)
class KindInfo:
    """A question kind of one game: its name, title, what it teaches, its rule page, and its maker."""

    game: str
    name: str
    title: str
    summary: str
    rule: str
    make: Callable[[random.Random, int], Draft] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Question:
    """One question, made from ``(game, kind, level, seed)``; see the module's docstring."""

    game: str
    kind: str
    level: int
    seed: int
    prompt: str
    choices: tuple[Choice, ...]
    answer: str
    explanation: tuple[Reason, ...]
    position: Mapping[str, str]
    rows: tuple[Row, ...]
    rule: str
    context: str = ""

    @property
    def key(self) -> str:
        """``styrivolt/trick-winner/2/17``: the four values, as a permalink and the review store write them."""
        return f"{self.game}/{self.kind}/{self.level}/{self.seed}"

    @property
    def correct(self) -> Choice:
        """The correct choice."""
        return next(c for c in self.choices if c.id == self.answer)

    @property
    def taps(self) -> bool:
        """True when the reader answers by tapping a card of a row."""
        return any(r.tap for r in self.rows)

    def explain(self, seats: Sequence[str] | None = None, teams: Sequence[str] | None = None) -> list[str]:
        """The explanation as sentences, with these seat and team names."""
        return [r.render(seats=seats, teams=teams) for r in self.explanation]

    def as_dict(self, seats: Sequence[str] | None = None, teams: Sequence[str] | None = None) -> dict[str, Any]:
        """The question as JSON-ready data (what the browser and ``stytvolt quiz --json`` receive)."""
        return {
            "game": self.game, "kind": self.kind, "level": self.level, "seed": self.seed, "key": self.key,
            "prompt": self.prompt, "context": self.context,
            "choices": [c.as_dict() for c in self.choices],
            "answer": self.answer,
            "explanation": self.explain(seats, teams),
            "cards": sorted({str(c) for r in self.explanation for c in r.cards}),
            "position": dict(self.position),
            "rows": [r.as_dict() for r in self.rows],
            "rule": self.rule,
        }


_KINDS: dict[str, dict[str, KindInfo]] = {}


def kind(game: str, name: str, *, title: str, summary: str, rule: str) -> Callable[[Callable[[random.Random, int], Draft]], Callable[[random.Random, int], Draft]]:
    """Register a question kind: ``@kind("styrivolt", "trick-winner", title=..., summary=..., rule="play.md#...")``.

    The maker receives a ``random.Random`` seeded from the four values and the
    level, and returns a :class:`Draft`.  It may draw as often as it likes
    (rejecting positions that do not fit the level): only the rng decides.
    """

    def register(make: Callable[[random.Random, int], Draft]) -> Callable[[random.Random, int], Draft]:
        _KINDS.setdefault(game, {})[name] = KindInfo(game, name, title, summary, rule, make)
        return make

    return register


def quiz_module(game: str) -> str:
    """The module that declares the kinds of ``game`` (a registry name), as its declaration names it; "" for none."""
    return str(registry.game(game).quiz) if game in registry.GAME_MODULES else ""


def games_with_kinds() -> tuple[str, ...]:
    """The games that have question kinds."""
    return tuple(info.name for info in registry.games() if info.quiz)


def game_name(game: object) -> str:
    """The registry name of a game with questions, given as it is anywhere: its name, title or an alias
    (``"SJAVS"``, ``"Klørsjavs"``, ``"hörri"``: case and accents do not matter, as for
    :func:`stytvolt.game`), or its :class:`~stytvolt.core.protocol.GameInfo`."""
    if isinstance(game, GameInfo):
        game = game.name
    if not isinstance(game, str):
        raise QuizError(f"a game is named by text like {next(iter(registry.GAME_MODULES))!r}, not {type_name(game)}")
    if quiz_module(game):  # the usual case, answered by loading that game's package alone
        return game
    try:
        name = registry.game(game).name
    except UnknownGame:
        name = ""
    if not quiz_module(name):
        raise QuizError(f"no questions for a game called {_short(game)}: the games with questions are "
                        f"{', '.join(games_with_kinds())}")
    return name


def _declared(game: str) -> Mapping[str, str]:
    """The game's kinds, declared by its quiz package: name → the module that makes it, in page order."""
    declared: Mapping[str, str] = importlib.import_module(quiz_module(game)).KIND_MODULES
    return declared


def _load(game: str, name: str) -> KindInfo:
    """A declared kind, its module imported (registering it) when first asked for."""
    importlib.import_module(_declared(game)[name])
    return _KINDS[game][name]


def kind_names(game: str | GameInfo) -> tuple[str, ...]:
    """The names of a game's question kinds, in the order a page lists them (no kind's module is loaded)."""
    return tuple(_declared(game_name(game)))


def _short(value: object) -> str:
    return shown(value)


def kinds(game: str | GameInfo) -> tuple[KindInfo, ...]:
    """The question kinds of a game, in the order a page lists them.  Each is what :func:`question`,
    :func:`kind_info` and :func:`any_kind` take as a kind, as the :class:`KindInfo` itself or its name."""
    name = game_name(game)
    return tuple(_load(name, kind) for kind in _declared(name))


def kind_info(game: str | GameInfo, name: str | KindInfo) -> KindInfo:
    """One question kind of a game, by its name or as :func:`kinds` gives it (a :class:`KindInfo`)."""
    game = game_name(game)
    declared = _declared(game)
    if isinstance(name, KindInfo):
        if name.game != game:
            raise QuizError(f"{name.name!r} is a question kind of {name.game}, not of {game}")
        name = name.name
    if not isinstance(name, str):
        raise QuizError(f"a question kind is named by text like 'trick-winner', not {type_name(name)}")
    if name not in declared:
        raise QuizError(f"{game} has no question kind {_short(name)}: the kinds are {', '.join(declared)}")
    return _load(game, name)


def _whole(value: object, what: str, low: int, high: int) -> int:
    return whole_text(value, f"a {what}", low, high, error=QuizError)


def question(game: str | GameInfo, kind: str | KindInfo, level: int | str, seed: int | str) -> Question:
    """The question these four values make: always the same one, on every Python.

    ``game`` is a game's name, title or alias (or its ``GameInfo``); ``kind``
    a kind's name or a :class:`KindInfo` as :func:`kinds` lists it;
    ``level`` and ``seed`` may be given as digits (from a URL or the command
    line).  A game, kind, level or seed that does not exist raises
    :class:`QuizError` naming it.
    """
    info = kind_info(game, kind)
    game, kind = info.game, info.name
    lv = _whole(level, "level", LEVELS[0], LEVELS[-1])
    sd = _whole(seed, "seed", 0, MAX_SEED)
    # A string seed is hashed with SHA-512, the same on every Python (and in Pyodide).
    rng = random.Random(f"{game}/{kind}/{lv}/{sd}")
    draft = info.make(rng, lv)
    ids = [c.id for c in draft.choices]
    if len(set(ids)) != len(ids) or ids.count(draft.answer) != 1:  # pragma: no cover (a kind's bug)
        raise AssertionError(f"{game}/{kind}/{lv}/{sd}: the answer must be exactly one of the choices")
    return Question(
        game=game, kind=kind, level=lv, seed=sd,
        prompt=draft.prompt, choices=draft.choices, answer=draft.answer,
        explanation=draft.explanation, position=dict(draft.position), rows=draft.rows,
        rule=draft.rule or info.rule, context=draft.context,
    )


def any_kind(game: str | GameInfo, seed: int, allowed: Sequence[str | KindInfo] | None = None) -> str:
    """The kind an "any kind" quiz asks with this seed: the seed alone decides, the same in the browser and the CLI.

    ``allowed`` narrows the choice (kinds' names, or :class:`KindInfo` values as :func:`kinds` gives them)."""
    game = game_name(game)
    declared = _declared(game)
    names: list[str] = []
    for k in declared if allowed is None else allowed:
        name = k.name if isinstance(k, KindInfo) and k.game == game else k
        if not isinstance(name, str) or name not in declared:
            raise QuizError(f"{game} has no question kind {_short(name)}: the kinds are {', '.join(declared)}")
        names.append(name)
    if not names:
        raise QuizError(f"no question kinds to choose from for {game}")
    return random.Random(f"{game}/any/{_whole(seed, 'seed', 0, MAX_SEED)}").choice(names)


def parse_key(key: str) -> Question:
    """The question of a key like ``styrivolt/trick-winner/2/17`` (see :attr:`Question.key`)."""
    if not isinstance(key, str):
        raise QuizError(f"a question key is text like 'styrivolt/trick-winner/2/17', not {type_name(key)}")
    parts = key.strip().split("/")
    if len(parts) != 4:
        raise QuizError(f"a question key has four parts, game/kind/level/seed, like 'styrivolt/trick-winner/2/17', not {_short(key)}")
    return question(*parts)


def check(q: Question, answer: str) -> bool:
    """Is ``answer`` (a choice's id) the correct answer?  An id that is no choice raises :class:`QuizError`."""
    if not isinstance(answer, str):
        raise QuizError(f"an answer is a choice's id as text, not {type_name(answer)}")
    given = answer.strip()
    ids = [c.id for c in q.choices]
    if given not in ids:
        raise QuizError(f"{_short(given)} is not one of the choices: {', '.join(ids)}")
    return given == q.answer

