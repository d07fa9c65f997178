"""Sjavs puzzles (four players): the last tricks of a hand, every card shown, one way to make sure of the score.

The game's puzzle part for :mod:`stytvolt.analysis.puzzles`, which proves,
lists and makes every game's puzzles alike: here are only what is Sjavs's
own, its themes, the goal in its words, and its recipe.
"""

from __future__ import annotations

from typing import Any

from stytvolt.analysis.puzzles import Puzzle, PuzzleError, listed
from stytvolt.sjavs.scoring import hand_score

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "goal_words", "SEEDS", "SETUP", "OPTIONS", "CAP", "puzzles"]

PREFIX = "S"
#: The themes, each an idea of the tactics page in a sentence (the first hint: it must not give the answer away).
THEMES: dict[str, tuple[str, str]] = {
    "drawing-trumps": ("Drawing trumps", "A trump led pulls a trump from every opponent who still holds one: "
                       "count the trumps still out before you decide whether to lead them."),
    "trumping": ("Trumping", "A void suit lets a trump take the trick, and a higher trump takes it back: "
                 "think about who can still trump, and whether it is worth a trump at all."),
    "counting": ("Counting the points", "The score turns on 31, 60, 61 and 90 card points: count what each side "
                 "has taken and what is still out, and play for the points the goal needs, not for tricks alone."),
    "taking-tricks": ("Taking your tricks", "A trick that can be taken now may be gone later: "
                      "take what is sure, with the card that costs the least, at the right moment."),
    "giving-way": ("Ducking and discarding", "Not every trick should be fought for: a low card kept back, "
                   "a loser thrown away or a trick left to the partner can be worth more than a high card spent."),
}
#: The coach's ideas (:mod:`stytvolt.sjavs.coach`), each filed under the theme it belongs to.
IDEA_THEMES: dict[str, str] = {
    "draw-trumps": "drawing-trumps",
    "ruff": "trumping", "overruff": "trumping", "not-worth": "trumping",
    "count-points": "counting", "bank-points": "counting", "smear": "counting", "save-vol": "counting",
    "first-trick": "counting",
    "cash": "taking-tricks", "win-sure": "taking-tricks", "win-cheap": "taking-tricks", "play-high": "taking-tricks",
    "overtake": "taking-tricks",
    "duck": "giving-way", "partner-low": "giving-way", "cannot-win": "giving-way", "discard": "giving-way",
    "keep-guard": "giving-way", "lead-low": "giving-way", "short-suit": "giving-way",
}
#: The deals searched, each played by the club player at every seat (one puzzle a deal at most), and the most puzzles
#: kept of one theme, less the coin tosses (:func:`~stytvolt.analysis.puzzles.balanced`): ducking and discarding is
#: the key of nearly half the puzzles found (85 of 187), and would be of nearly every other "Next puzzle"; kept to
#: 50, no theme is more than a third of the set.
SEEDS = range(0, 2600)
SETUP: dict[str, Any] = {"players": 4}
OPTIONS: dict[str, Any] = {"tricks_left": 6, "per_deal": 1}
CAP = 50


#: The announcers' results, weakest first: the band, and (card points, tricks, alone) that make it.
_BANDS: tuple[tuple[str, tuple[int, int, bool]], ...] = (
    ("no trick", (0, 0, False)), ("0-30", (10, 1, False)), ("31-59", (31, 2, False)), ("60-60", (60, 4, False)),
    ("61-89", (61, 4, False)), ("90-120", (90, 5, False)), ("vol", (120, 8, False)), ("vol alone", (120, 8, True)),
)
#: What the announcers must do to reach each band (the weakest that scores the target).
_REACH = {"0-30": "take a trick", "31-59": "take at least 31 card points", "60-60": "take at least 60 card points",
          "61-89": "take at least 61 card points", "90-120": "take at least 90 card points",
          "vol": "take every trick", "vol alone": "let one of you take every trick alone"}
#: What the opponents must do to keep the announcers below each band (the weakest that would miss the target).
_STOP = {"0-30": "take every trick", "31-59": "take at least 90 card points", "60-60": "take at least 61 card points",
         "61-89": "take at least 60 card points", "90-120": "take at least 31 card points", "vol": "take a trick",
         "vol alone": "keep either announcer from taking every trick alone"}


def _value(state: Any, points: int, tricks: int, alone: bool) -> int:
    """What the announcers score for a result (the hand's trumps and rules)."""
    score = hand_score(state.trump, points, tricks, alone=alone, players=state.players, rules=state.rules)
    return 0 if score.scorer is None else (score.points if score.scorer == "announcers" else -score.points)


def _side_words(players: int, seat: int) -> str:
    from stytvolt.core.words import seat_names

    names = seat_names(players)
    return f"{names[seat % 2]} and {names[seat % 2 + 2]}"


def goal_words(state: Any, player: int, target: int) -> str:
    """The goal for ``player``'s side: the card points or tricks that score at least ``target``."""
    announcers = state.side_of(player) == state.side_of(state.declarer)
    bands = [(name, _value(state, *made)) for name, made in _BANDS]
    if announcers:
        band = next((name for name, v in bands if v >= target), None)
        task, role = _REACH.get(band or ""), "the announcers"
    else:
        band = next((name for name, v in bands if v > -target), None)
        task, role = _STOP.get(band or ""), "the opponents"
    if task is None:  # the announcers' weakest band, or none, is out of the goal's reach either way
        none = (band is None) == announcers
        raise PuzzleError(f"a target of {target} is no goal for {role} in this hand: "
                          + ("no result scores it" if none else "every result reaches it"))
    return f"{_side_words(state.players, player)}, {role}: {task} in the hand."


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The published Sjavs puzzles, narrowed to a level and a theme."""
    return listed("sjavs", level, theme)
