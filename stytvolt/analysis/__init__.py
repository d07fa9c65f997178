"""Analysis written once against the state protocol (:mod:`stytvolt.core.protocol`), reading a game only
through what its declaration's ``solver`` module gives (its position reader, its sampling player's parts):

* :func:`solve` (:mod:`~stytvolt.analysis.solve`): the perfect-information solver, the one part of the
  package that sees every card: each legal action's value with both sides playing perfectly;
* :class:`SamplingPlayer` (:mod:`~stytvolt.analysis.players`): a fair computer player that decides on
  its seat's observation alone, by solving deals drawn from it;
* :func:`position_of` (:mod:`~stytvolt.analysis.games`): a state read as a position of the play
  (:mod:`~stytvolt.analysis.position`) by its game's own reader (the ``position_of`` of its declared ``solver``);
* :func:`hint` and :func:`why` (:mod:`~stytvolt.analysis.coach`): the coach: the strongest fair player's choice
  for a seat with its reason in the game's own words, and the reason behind a computer's move;
* :func:`review` (:mod:`~stytvolt.analysis.review`): each decision a player took in a hand of any game, with
  what it was worth and what it cost, settled by the game's solver (``GameInfo.solve``);
* :func:`spread` (:mod:`~stytvolt.analysis.sampling`): the hidden cards dealt over the places they could
  be, which each game's ``sampling.sample(obs, rng)`` builds on.
"""

from stytvolt.analysis.coach import Figures, Hint, Idea, hint, hint_steps, ideas, why, why_steps
from stytvolt.analysis.games import position_of, reader_of, register
from stytvolt.analysis.players import DEFAULTS, LEVELS, Sampling, SamplingPlayer, Settings, Thought, player, sampled_games, sampling_of
from stytvolt.analysis.position import PlayPosition, TrickTable, cached_table, tricks_by_seat
from stytvolt.analysis.review import Decision, review, review_steps
from stytvolt.analysis.sampling import Place, spread
from stytvolt.analysis.solve import MIX, OBJECTIVES, Search, Solution, solve, solve_position, value_of

__all__ = [
    "position_of", "reader_of", "register", "PlayPosition", "TrickTable", "cached_table", "tricks_by_seat",
    "Sampling", "sampling_of", "sampled_games",
    "MIX", "OBJECTIVES", "Search", "Solution", "solve", "solve_position", "value_of",
    "Figures", "Hint", "Idea", "hint", "hint_steps", "ideas", "why", "why_steps",
    "Decision", "review", "review_steps", "DEFAULTS", "LEVELS", "player", "Thought", "SamplingPlayer", "Settings", "Place", "spread",
]
