"""Vira puzzles (three players): the last tricks of a contract, every card shown, one way to make sure of it.

The game's puzzle part for :mod:`stytvolt.analysis.puzzles`, which proves, lists and makes every game's puzzles
alike; here is only what is Vira's own:

* :data:`THEMES`, the tactics page's ideas a puzzle can turn on, and :data:`IDEA_THEMES`, the coach's ideas
  (:mod:`stytvolt.vira.coach`) each filed under one of them;
* :func:`goal_words`: what the target means for the solving side, read from the hand's own settlement
  (:meth:`~stytvolt.vira.hand.HandState.settled`): the soloist making the contract (or, in a misère, taking no
  trick) or escaping a kodille, the two opponents beating it or making it a kodille;
* :func:`decided`: the settlement depends on the soloist's tricks alone, so once every count of tricks still
  possible settles alike, nothing the play does can change it;
* the recipe: :data:`SEEDS`, :data:`SETUP`, :data:`OPTIONS` and :func:`select` (``python -m
  stytvolt.analysis.puzzles vira`` writes ``puzzles.json``).

The shared proof reads Vira's play through its solver's position (:func:`stytvolt.vira.solving.position_of`), so
the tricks still to play need no reader here.
"""

from __future__ import annotations

from typing import Any

from stytvolt.analysis.puzzles import Candidate, Puzzle, PuzzleError, balanced, listed
from stytvolt.core.errors import type_name
from stytvolt.core.words import counted
from stytvolt.vira.contracts import Outcome
from stytvolt.vira.hand import HandState

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "goal_words", "decided", "SEEDS", "SETUP", "OPTIONS", "CAP", "select",
           "puzzles"]

PREFIX = "V"
#: The themes, each an idea of the tactics page in a sentence (the first hint: it must not give the answer away).
THEMES: dict[str, tuple[str, str]] = {
    "contract": ("Making or beating the contract", "The contract is all that counts: how many tricks does it still "
                                                  "need, and how many can the other side still take?"),
    "trumps": ("Trumps", "A trump takes any trick of another suit, and a higher trump takes it back: count the "
                         "trumps still out, and who is void of what."),
    "taking-tricks": ("Taking your tricks", "A trick that can be taken now may be gone later: take what is sure, "
                                            "with the card that costs the least, at the right moment."),
    "giving-way": ("Ducking and discarding", "Not every trick should be fought for: a low card kept back, a loser "
                                             "thrown away or a trick left to the other opponent can be worth more "
                                             "than a high card spent."),
}
#: The coach's ideas of the card play (:mod:`stytvolt.vira.coach`), each filed under the theme it belongs to.  Those of
#: the auction and the exchange never key a puzzle, which is set in the play; the endplay's and the misère's are filed
#: under none, as no puzzle of theirs turned up in the deals searched (a misère's low cards mostly play alike, so its
#: key is seldom one card), and a puzzle whose key serves no theme is left out.
IDEA_THEMES: dict[str, str] = {
    "make-contract": "contract", "defeat-contract": "contract",
    "draw-trumps": "trumps", "ruff": "trumps", "overruff": "trumps", "not-worth": "trumps",
    "cash": "taking-tricks", "win-sure": "taking-tricks", "win-cheap": "taking-tricks", "play-high": "taking-tricks",
    "overtake": "taking-tricks",
    "duck": "giving-way", "partner-low": "giving-way", "cannot-win": "giving-way", "discard": "giving-way",
    "keep-guard": "giving-way", "lead-low": "giving-way", "short-suit": "giving-way",
}
#: The deals searched, three at the table as the table's first setup, each played by the beginner at every seat (the
#: club player, picturing deals at every card, takes some twenty times as long a deal and finds a puzzle in 8 deals
#: of 100 where the beginner's find one in 5), one puzzle a deal at most, from the last six tricks.
SEEDS = range(0, 10000)
SETUP: dict[str, Any] = {"players": 3}
OPTIONS: dict[str, Any] = {"tricks_left": 6, "per_deal": 1, "level": "beginner"}
#: The most puzzles published of one theme.
CAP = 55


def _hand(state: object) -> HandState:
    if not isinstance(state, HandState):
        raise PuzzleError(f"a Vira puzzle's position is a hand of Vira, not {type_name(state)}")
    if state.phase != "play" or state.soloist is None or state.contract is None:
        raise PuzzleError(f"a Vira puzzle's position is in the card play, not at the {state.phase}")
    return state


def decided(state: Any, player: int) -> int | None:
    """The player's ``returns()`` once no play can change them (every count of tricks the soloist can still end with
    settles alike), else None; at the hand's end, its ``returns()``."""
    if isinstance(state, HandState) and state.is_terminal():
        return int(state.returns()[player])
    hand = _hand(state)
    assert hand.soloist is not None
    low = hand.won[hand.soloist]
    high = low + hand.trick_count - len(hand.tricks)
    found = {hand.settled(t).returns()[player] for t in range(low, high + 1)}
    return found.pop() if len(found) == 1 else None


def goal_words(state: Any, player: int, target: int) -> str:
    """The goal for ``player``'s side (the soloist, or the two opponents): the soloist's tricks that settle the hand
    at ``target`` or more for ``player``."""
    from stytvolt.core.words import seat_names

    hand = _hand(state)
    item, solo = hand.contract, hand.soloist
    assert item is not None and solo is not None
    n = hand.trick_count
    reach = [t for t in range(n + 1) if hand.settled(t).returns()[player] >= target]
    if not reach or len(reach) == n + 1:
        raise PuzzleError(f"a target of {target} is no goal in {item.english}: "
                          + ("no result reaches it" if not reach else "every result reaches it"))
    more = reach[-1] == n  # the goal is reached with more tricks for the soloist, not fewer
    edge = reach[0] if more else reach[-1]
    result = hand.settled(edge).result
    names = seat_names(hand.players)
    name = f"the misère of {item.english}" if hand.misere else item.english
    if player == solo:
        who = f"{names[solo]}, the soloist"
        aim = f"make {name}" if result is Outcome.WON else f"escape a kodille in {name}"
        task = f"take at least {edge} of the {n} tricks" if more else (
            "take no trick" if edge == 0 else f"take {counted(edge, 'trick')} at most")
    else:
        first, second = hand.opponents()
        who = f"{names[min(first, second)]} and {names[max(first, second)]}, the opponents"
        aim = f"beat {name}" if result is Outcome.LOST else f"make {name} a kodille"
        task = (f"hold {names[solo]} to {edge} of the {n} tricks at most" if not more else
                f"make {names[solo]} take a trick" if edge == 1 else f"make {names[solo]} take {edge} tricks")
    return f"{who}: {aim}: {task}."


def select(found: list[Candidate]) -> list[Candidate]:
    """The puzzles published: those whose key serves one of the themes, no coin toss, at most :data:`CAP` of a
    theme, chosen evenly over its ratings (:func:`~stytvolt.analysis.puzzles.balanced`)."""
    return balanced(found, THEMES, CAP)


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The published Vira puzzles, narrowed to a level and a theme."""
    return listed("vira", level, theme)
