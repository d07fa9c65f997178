"""Analysis of the follow-suit games (Sjavs, Klørsjavs, and those to come), written once against the
state protocol (:mod:`stytvolt.core.protocol`):

* :func:`solve` (:mod:`~stytvolt.analysis.solve`): the perfect-information solver, the one part of the
  package that sees every card: each legal action's value with both sides playing perfectly;
* :class:`SamplingPlayer` (:mod:`~stytvolt.analysis.players`): a fair computer player that decides on
  its seat's observation alone, by solving deals drawn from it;
* :func:`position_of` (:mod:`~stytvolt.analysis.games`): how each game's state reads as a position of
  the play (:mod:`~stytvolt.analysis.position`); a later follow-suit game adds its reader there;
* :func:`spread` (:mod:`~stytvolt.analysis.sampling`): the hidden cards dealt over the places they could
  be, which each game's ``sampling.sample(obs, rng)`` builds on.
"""

from stytvolt.analysis.games import position_of, register, table_for
from stytvolt.analysis.players import DEFAULTS, Decision, SamplingPlayer, Settings
from stytvolt.analysis.position import PlayPosition, TrickTable
from stytvolt.analysis.sampling import Place, spread
from stytvolt.analysis.solve import MIX, OBJECTIVES, Search, Solution, solve, solve_position, value_of

__all__ = [
    "position_of", "register", "table_for", "PlayPosition", "TrickTable",
    "MIX", "OBJECTIVES", "Search", "Solution", "solve", "solve_position", "value_of",
    "DEFAULTS", "Decision", "SamplingPlayer", "Settings", "Place", "spread",
]
