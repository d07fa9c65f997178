"""Fair computer players for every game with a solver: they decide on their seat's observation and nothing else.

:class:`SamplingPlayer` plays the tricks by determinized sampling (perfect
information Monte Carlo): it draws deals that fit everything its seat has
seen (the game's ``sample(obs, rng)``: its own cards, the cards played, the
suits players showed out of, what the bids said), tries each legal action in
every one of them, and plays the action with the best mean score
(``returns()`` of its seat: game points, øre, strokes; in a follow-suit
game, of two actions scoring alike, the one whose side takes more card
points, which the score carries as a small fraction: the solver's
``objective="mixed"``).  An action is scored exactly by the game's solver
once every hand holds at most ``solve_at`` cards, while the decision's
searches stay within ``max_nodes`` positions in all (a count, not a time, so
a move never depends on the machine's speed); otherwise (and in every deal
after one the solver could not settle within what was left) by playing the
deal out: in a follow-suit game with every seat making the first move the
solver's ordering would try, in any other with every seat playing its
game's rules of thumb.

The solver is the game's own, read through its declaration: a follow-suit
game's reader (``position_of``) puts its deals on the shared follow-suit
search (:mod:`~stytvolt.analysis.solve`); any other game's ``solve(state,
max_nodes=...)`` is called as it is (Brus, Knorri).  The decisions its
sampler does not picture (``Sampling.plays``: by default everything before
the card play, such as the bidding, the trump, an exchange or the cat) are
left to the game's :class:`SimpleBot`; so is the play when no deal could be
drawn (two-player Sjavs, whose table piles the observation does not record).

A player sees ``state.observation(seat)`` only, and its random choices are
seeded by its own seed and that observation: the same player shown the same
observation always makes the same move, whatever the cards it has not seen
(``tests/analysis/test_analysis.py`` checks this).  :meth:`SamplingPlayer.think` is
the same decision as a generator that yields its progress (0 to 1) after
each deal, so a browser worker can run it in slices.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Iterator, Mapping

from stytvolt.core import registry
from stytvolt.core.cards import Card
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.protocol import run_to_end
from stytvolt.core.players import legal_actions_of
from stytvolt.core.words import counted
from stytvolt.analysis.games import position_of
from stytvolt.analysis.solve import FOLD, MIX, Search, solve_position

__all__ = ["LEVELS", "player", "club_settings", "Thought", "Settings", "Sampling", "SamplingPlayer", "DEFAULTS", "sampling_of", "sampled_games"]


@dataclass(frozen=True)
class Settings:
    """How hard a sampling player thinks: ``worlds`` deals drawn per decision; the solver scores the
    actions once every hand holds at most ``solve_at`` cards, searching at most ``max_nodes`` positions
    in all for one decision."""

    worlds: int = 12
    solve_at: int = 4
    max_nodes: int = 20_000

    def __post_init__(self) -> None:
        for name in ("worlds", "solve_at", "max_nodes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < (0 if name == "solve_at" else 1):
                raise InvalidPosition(f"{name} must be a whole number of at least {0 if name == 'solve_at' else 1}, not {value!r}")


@dataclass(frozen=True)
class Sampling:
    """What a sampling player needs of a game, as the game's declared ``solver`` module gives it (``SAMPLING``):
    its sampler ``sample(obs, rng)``, its rules-of-thumb player for the decisions before the play, its
    observation type, its card values by rank, its default :class:`Settings`, whether its sampler
    takes the rules (``sample(obs, rng, rules=...)``), which observations it pictures deals for (``plays``;
    by default those of the card play, ``obs.phase == "play"``), and the most cards any hand of a state still
    holds (``size``; for a game without a follow-suit reader, to hold the solver back until ``solve_at``), and
    the game's own expert where it plays better than a plain sampling player (``expert(seed, rules)``: Knorri's,
    which pictures phase one too)."""

    sample: Callable[..., Any]
    simple: Callable[..., Any]  # its rules-of-thumb player: simple(seed)
    observation: type
    values: dict[Any, int]  # card points by rank
    settings: Settings
    takes_rules: bool = False
    plays: Callable[[Any], bool] | None = None
    size: Callable[[Any], int] | None = None
    expert: Callable[[int | None, Any], Any] | None = None  # (seed, rules) -> the game's own expert, if it has one

    def pictures(self, obs: Any) -> bool:
        """Whether the player pictures deals for this observation (else its rules of thumb decide)."""
        return self.plays(obs) if self.plays is not None else getattr(obs, "phase", None) == "play"


def sampling_of(game: str) -> Sampling | None:
    """The sampling player's parts for ``game`` (a registry name), from its declared solver; None if it has none."""
    if game not in registry.GAME_MODULES:
        return None
    solver = registry.game(game).part("solver")
    found = getattr(solver, "SAMPLING", None)
    return found if isinstance(found, Sampling) else None


def sampled_games() -> tuple[str, ...]:
    """The games a sampling player plays, in the registry's order."""
    return tuple(name for name in registry.GAME_MODULES if sampling_of(name) is not None)


class _Defaults(Mapping[str, Settings]):
    """Each sampled game's default settings, read from its declaration when first asked for."""

    def __getitem__(self, game: str) -> Settings:
        found = sampling_of(game)
        if found is None:
            raise KeyError(game)
        return found.settings

    def __iter__(self) -> Iterator[str]:
        return iter(sampled_games())

    def __len__(self) -> int:
        return len(sampled_games())


#: The settings that keep a decision under about 0.3 s in CPython, by game (``bench/followsuit.py`` measures them).
DEFAULTS: Mapping[str, Settings] = _Defaults()


#: The most actions a play-out by the rules of thumb makes (a game that could go round for ever stops there).
_PLAYOUT_LIMIT = 2_000


@dataclass(frozen=True)
class Thought:
    """What a sampling player decided, and why, in words that name no seat.

    ``scores``: each action's mean score over the deals pictured (in ``returns()`` units), empty when
    the game's SimpleBot decided; ``worlds``: deals pictured; ``solved``: how many the solver settled.
    """

    action: Any
    why: str
    scores: dict[str, float] = field(default_factory=dict)
    worlds: int = 0
    solved: int = 0


class SamplingPlayer:
    """A fair computer player of any game whose declared solver gives its :class:`Sampling` parts and solves
    its deals: ``choose(obs)``, ``decide(obs)``, ``think(obs)``.

    ``game`` is its registry name ("sjavs"); ``settings`` default to :data:`DEFAULTS`; ``rules``: the game's
    rule switches, for a game whose observation does not carry them (the defaults unless told).
    """

    def __init__(self, game: str, *, seed: int | None = None, settings: Settings | None = None,
                 rules: object = None) -> None:
        parts = sampling_of(game) if isinstance(game, str) else None
        if parts is None:
            raise InvalidPosition(f"a sampling player plays one of {', '.join(sampled_games())}, not {game!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidPosition(f"a seed is a whole number, not {type_name(seed)}")
        if settings is not None and not isinstance(settings, Settings):
            raise InvalidPosition(f"settings must be Settings, not {type_name(settings)}")
        self.game = game
        self.seed = 0 if seed is None else seed
        self.settings = settings if settings is not None else parts.settings
        self.rules = rules
        self._game = parts
        self._solver = registry.game(game).part("solver")
        self._simple = self._game.simple()

    def __repr__(self) -> str:
        return f"SamplingPlayer({self.game!r}, seed={self.seed}, settings={self.settings})"

    def choose(self, obs: Any) -> Any:
        """One of ``obs.legal``."""
        return self.decide(obs).action

    def decide(self, obs: Any) -> Thought:
        """The action with its reason and scores."""
        return run_to_end(self.think(obs))

    def _draw(self, obs: Any, rng: random.Random) -> Any:
        if self.rules is not None and self._game.takes_rules:
            return self._game.sample(obs, rng, rules=self.rules)
        return self._game.sample(obs, rng)

    def think(self, obs: Any) -> Generator[float, None, Thought]:
        """The decision, yielding progress (0 to 1) after each deal pictured."""
        legal = legal_actions_of(obs, self._game.observation)
        if not self._game.pictures(obs):
            return Thought(self._simple.choose(obs), "Before the play it follows the rules of thumb.")
        if len(legal) == 1:
            return Thought(legal[0], "It was the only thing this player could do.")
        text = json.dumps(obs.to_json(), sort_keys=True, ensure_ascii=True)
        rng = random.Random(f"{self.seed}|{obs.player}|{text}")
        rule = self._simple.choose(obs)
        by_text = {str(a): a for a in legal}
        totals = {t: 0.0 for t in by_text}
        pictured = solved = 0
        settings = self.settings
        budget = [settings.max_nodes]  # positions the solver may still search for this decision
        for k in range(settings.worlds):
            world = self._draw(obs, rng)
            if world is not None:
                scores, exact = self._score(world, obs.player, legal, budget)
                pictured += 1
                solved += exact
                for t, v in scores.items():
                    totals[t] += v
            yield (k + 1) / settings.worlds
        if not pictured:
            return Thought(rule, "It could not picture the hidden cards, so it played by rule of thumb.")
        means = {t: totals[t] / pictured for t in by_text}
        best = max(means.values())
        close = [t for t in by_text if means[t] >= best - 1e-9]
        # Of actions scoring alike, the one the rules of thumb prefer, else the cheapest card.
        pick = str(rule) if str(rule) in close else min(close, key=lambda t: self._cost(by_text[t]))
        how = "solving each exactly" if solved == pictured else (
            "playing each out" if not solved else f"solving {solved} of them exactly and playing the rest out")
        why = (f"Over {counted(pictured, 'deal')} that fit what it has seen, {how}, {pick} scored {means[pick]:+.2f} on "
               f"average" + (", the best of its choices." if len(close) < len(by_text) else ", like every choice."))
        return Thought(by_text[pick], why, {t: round(v, 3) for t, v in means.items()}, pictured, solved)

    def _cost(self, action: Any) -> tuple[int, int, int]:
        """How much an action spends: a card's points, then its rank (keep the good ones); a fold the most."""
        card = getattr(action, "card", None)
        cards = getattr(action, "cards", None) or ((card,) if isinstance(card, Card) else ())
        if cards:
            return (0, self._game.values.get(cards[0].rank, 0), int(cards[0].rank))
        return (1, 0, 0)

    def _score(self, world: Any, seat: int, legal: list[Any], budget: list[int]) -> tuple[dict[str, float], bool]:
        """Each legal action's score for ``seat`` in one pictured deal, and whether the solver gave it.
        ``budget[0]``: the positions the solver may still search (spent here; 0 once a solve fails)."""
        if not hasattr(self._solver, "position_of"):
            return self._score_any(world, seat, legal, budget)
        position = position_of(world)
        seat = position.to_move  # the observer, numbered as the reader numbers the world's players
        texts = {str(a) for a in legal}
        if budget[0] > 0 and max(m.bit_count() for m in position.hands) <= self.settings.solve_at:
            try:
                solution = solve_position(position, seat=seat, objective="mixed", max_nodes=budget[0], line=False)
            except StytvoltError:
                solution = None
            if solution is not None and solution.exact:
                budget[0] -= solution.nodes
                return {t: v / MIX for t, v in solution.values.items() if t in texts}, True
            budget[0] = 0  # too big to settle: the deals left are played out
        search = Search(position, seat, "mixed")
        out: dict[str, float] = {}
        for move in search.all_moves():
            action = position.fold_action if move == FOLD else position.play_action(Card.from_index(move))
            search.play(move)
            out[str(action)] = search.playout() / MIX
            search.unplay()
        return {t: v for t, v in out.items() if t in texts}, False


    def _score_any(self, world: Any, seat: int, legal: list[Any], budget: list[int]) -> tuple[dict[str, float], bool]:
        """:meth:`_score` for a game without a follow-suit reader: its own ``solve`` while the budget lasts,
        else each action played out by every seat's rules of thumb."""
        texts = {str(a) for a in legal}
        size = self._game.size
        if budget[0] > 0 and (size is None or size(world) <= self.settings.solve_at):
            try:
                solution = self._solver.solve(world, max_nodes=budget[0])
            except StytvoltError:
                solution = None
            if solution is not None and solution.exact:
                budget[0] -= solution.nodes
                return {t: float(v) for t, v in solution.values.items() if t in texts}, True
            budget[0] = 0  # too big to settle: the deals left are played out
        out: dict[str, float] = {}
        for action in list(world.legal_actions()):
            if str(action) not in texts:
                continue
            world.apply(action)
            out[str(action)] = float(self._played_out(world, seat))
            world.undo()
        return out, False

    def _played_out(self, world: Any, seat: int) -> int:
        """``returns()[seat]`` once every seat has played ``world`` to its end by the rules of thumb (``world`` is
        left as it was)."""
        made = 0
        try:
            while not world.is_terminal() and made < _PLAYOUT_LIMIT:
                world.apply(self._simple.choose(world.observation(world.current_player())))
                made += 1
            return int(world.returns()[seat])
        finally:
            for _ in range(made):
                world.undo()


#: The computer players' levels of every game, weakest first (named as Stýrivolt's are): the game's rules of
#: thumb, then the sampling player thinking a little, then thinking as hard as a decision's time allows.
LEVELS = ("beginner", "club", "expert")


def club_settings(expert: Settings) -> Settings:
    """The club level's settings, from the expert's: half the deals pictured, solved from one card a hand fewer,
    a quarter of the positions."""
    return Settings(worlds=max(4, expert.worlds // 2), solve_at=max(1, expert.solve_at - 1),
                    max_nodes=max(1_000, expert.max_nodes // 4))


def player(game: str, level: str, seed: int | None = None, rules: object = None) -> Any:
    """The computer player of ``game`` (a registry name) at ``level`` (one of :data:`LEVELS`): the game's SimpleBot
    for a beginner, else a :class:`SamplingPlayer` with the club's or the expert's settings (the game's declared
    ones), or the game's own expert where its :class:`Sampling` gives one; a game whose players are its own (Stýrivolt's) gives the player its table seats at that level."""
    if not isinstance(game, str) or game not in registry.GAME_MODULES:
        raise InvalidPosition(f"a computer player plays one of {', '.join(registry.GAME_MODULES)}, not {game!r}")
    if level not in LEVELS:
        raise InvalidPosition(f"the level is one of {', '.join(LEVELS)}, not {level!r}")
    parts = sampling_of(game)
    if parts is None:
        kind = registry.game(game).part("table").KIND
        return kind.bot(level, 0 if seed is None else seed)
    if level == "beginner":
        return parts.simple(seed)
    if level == "club":
        return SamplingPlayer(game, seed=seed, settings=club_settings(parts.settings), rules=rules)
    if parts.expert is not None:
        return parts.expert(seed, rules)
    return SamplingPlayer(game, seed=seed, rules=rules)

