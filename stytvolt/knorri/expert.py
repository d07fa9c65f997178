"""Knorri's expert: a fair computer player that pictures what it cannot see and, where it sees every card,
plays by the solver.

It is shown ``state.observation(seat)`` only.  Three kinds of decision:

* phase one with the table (take which card, leave, point out a missed take or let it pass), when it has a
  choice: the unturned pack is hidden, so it pictures ``phase_one_worlds`` orders of it that fit what it has
  seen (:func:`~stytvolt.knorri.solver.sample`), and in each it plays every choice out to the end of the
  game, every seat (its own too) playing by the SimpleBot's rules of thumb, the same SimpleBot (seeded alike)
  after each choice so that the choices are compared on the same luck; it takes the choice with the best
  mean ``returns()``, the SimpleBot's own when that is as good.  The solver cannot help here: a phase-two
  start lists millions of positions (it settles endings of some seven cards);
* phase two when it sees every card (the standard game: nothing is hidden there): the position itself is
  known, so when it is small enough (:data:`~stytvolt.knorri.solver.SAMPLING`'s ``solve_at``) the solver
  answers it exactly, and it plays the quickest action to the best value it can force; when the solver
  says every action is lost against perfect play (or the position is too big), it plays what scores best
  over SimpleBot play-outs (the generic sampling player with the solver switched off, so that the others'
  mistakes count);
* phase two after the Mas phase one (the others' hands are partly hidden): the generic
  :class:`~stytvolt.analysis.players.SamplingPlayer` (pictures, each solved when small, else played out);
  the Mas phase one itself is left to the SimpleBot, as the sampling player leaves every decision it does not
  picture.

Its random choices are seeded by its seed and the observation, so the same observation always gets the same
answer, whatever the hidden cards are (``tests/knorri/test_knorri_solve.py`` checks it with ``resample``).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Generator

from stytvolt.analysis.players import SamplingPlayer, Settings, Thought
from stytvolt.core.errors import InvalidPosition, StytvoltError, type_name
from stytvolt.core.players import legal_actions_of
from stytvolt.core.protocol import run_to_end
from stytvolt.core.words import counted
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.solver import SAMPLING, _loss, sample, size, solve
from stytvolt.knorri.state import Action, KnorriState, Observation

__all__ = ["KnorriExpert", "PHASE_ONE_WORLDS", "PLAYOUT_LIMIT"]

#: Orders of the unturned pack pictured for a phase-one choice.
PHASE_ONE_WORLDS = 12
#: The most actions one play-out makes (SimpleBots end a game in a few hundred; it stops there if not).
PLAYOUT_LIMIT = 3_000


class KnorriExpert:
    """The expert (see the module docstring): ``choose(obs)``, ``decide(obs)``, ``think(obs)`` as the sampling
    player's.  ``settings``: phase two's (the declared ones by default); ``phase_one_worlds``: see
    :data:`PHASE_ONE_WORLDS`."""

    def __init__(self, seed: int | None = None, *, settings: Settings | None = None,
                 phase_one_worlds: int = PHASE_ONE_WORLDS) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise InvalidPosition(f"a seed is a whole number, not {type_name(seed)}")
        if isinstance(phase_one_worlds, bool) or not isinstance(phase_one_worlds, int) or phase_one_worlds < 1:
            raise InvalidPosition(f"phase_one_worlds is a whole number of at least 1, not {phase_one_worlds!r}")
        self.seed = 0 if seed is None else seed
        self.settings = settings if settings is not None else SAMPLING.settings
        self.phase_one_worlds = phase_one_worlds
        self._sampling = SamplingPlayer("knorri", seed=seed, settings=self.settings)
        self._playouts = SamplingPlayer("knorri", seed=seed, settings=replace(self.settings, solve_at=0))
        self._simple = SimpleBot(seed)

    def __repr__(self) -> str:
        return f"KnorriExpert(seed={self.seed}, settings={self.settings}, phase_one_worlds={self.phase_one_worlds})"

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal``."""
        action: Action = self.decide(obs).action
        return action

    def decide(self, obs: Observation) -> Thought:
        """The action with its reason and scores."""
        return run_to_end(self.think(obs))

    def think(self, obs: Observation) -> Generator[float, None, Thought]:
        """The decision, yielding progress (0 to 1) as it goes."""
        legal = legal_actions_of(obs, Observation)
        if len(legal) == 1:
            return Thought(legal[0], "It was the only thing this player could do.")
        if obs.phase in ("turn", "claim"):
            return (yield from self._phase_one(obs, legal))
        if obs.phase == "play" and not any(obs.hidden):
            return (yield from self._seen(obs))
        return (yield from self._sampling.think(obs))

    def _rng(self, obs: Observation) -> random.Random:
        text = json.dumps(obs.to_json(), sort_keys=True, ensure_ascii=True)
        return random.Random(f"{self.seed}|{obs.player}|{text}")

    def _phase_one(self, obs: Observation, legal: list[Action]) -> Generator[float, None, Thought]:
        rng = self._rng(obs)
        rule = self._simple.choose(obs)
        by_text = {str(a): a for a in legal}
        totals = {t: 0.0 for t in by_text}
        pictured = 0
        for k in range(self.phase_one_worlds):
            world = sample(obs, rng)
            if world is not None:
                luck = rng.randrange(2**32)
                for text, action in by_text.items():
                    totals[text] += _played_out(world, action, obs.player, luck)
                pictured += 1
            yield (k + 1) / self.phase_one_worlds
        if not pictured:
            return Thought(rule, "It could not picture the unturned pack, so it played by rule of thumb.")
        means = {t: totals[t] / pictured for t in by_text}
        best = max(means.values())
        close = [t for t in by_text if means[t] >= best - 1e-9]
        pick = str(rule) if str(rule) in close else close[0]
        why = (f"Over {counted(pictured, 'order')} of the unturned pack that fit what it has seen, each choice played "
               f"out to the end by rules of thumb, {pick} scored {means[pick]:+.2f} on average"
               + (", the best of its choices." if len(close) < len(by_text) else ", like every choice."))
        return Thought(by_text[pick], why, {t: round(v, 3) for t, v in means.items()}, pictured, 0)

    def _seen(self, obs: Observation) -> Generator[float, None, Thought]:
        """Phase two with every card in sight: the solver on the position itself when it is small enough."""
        world = sample(obs, self._rng(obs))
        if world is not None and size(world) <= self.settings.solve_at:
            try:
                solution = solve(world, max_nodes=self.settings.max_nodes)
            except StytvoltError:
                solution = None
            yield 0.5
            if solution is not None and solution.exact and solution.value > _loss(world, obs.player):
                pick = solution.best[0]
                why = (f"It sees every card, and worked the position out exactly: with {pick} it makes sure of "
                       f"{solution.value:+d} whatever the others do, the quickest way.")
                return Thought(solution.actions[pick], why, {t: float(v) for t, v in solution.values.items()}, 1, 1)
        return (yield from self._playouts.think(obs))


def _played_out(world: KnorriState, action: Action, seat: int, luck: int) -> int:
    """``returns()[seat]`` once ``action`` is taken in a copy of ``world`` and every seat plays on by the SimpleBot
    seeded with ``luck`` (a game still going after :data:`PLAYOUT_LIMIT` actions counts as nobody's loss: 0)."""
    game = world.clone()
    game.apply(action)
    bot = SimpleBot(luck)
    made = 0
    while not game.is_terminal() and made < PLAYOUT_LIMIT:
        game.apply(bot.choose(game.observation(game.current_player())))
        made += 1
    return game.returns()[seat] if game.is_terminal() else 0
