"""Klørsjavs puzzles: the tricks of a three-hand Klørsjavs hand with every card shown, one play alone right.

The shared format and proof are :mod:`stytvolt.analysis.puzzles`; this is
Klørsjavs's part of it (``GameInfo.puzzle_module``).  A puzzle is set for
the seat to move, the declarer alone or the two opponents together (its
side plays both opponents' cards), and its goal is the best result that
side can make sure of, read from the hand's scoring (:func:`goal_words`):
the declarer's 61, 91 or all 120 card points (the cat, or the two cards
laid away, counted with them), or the opponents holding the declarer to
60 or 90, or taking a trick.  The themes are the ideas the tactics page
teaches, as the coach names the key play (:mod:`stytvolt.klorsjavs.coach`).

The recipe: hands dealt from :data:`SEEDS` in the three-hand game, played
by the club's computer players; in each, the first position of the card
play where one play alone makes sure of the best its side can
(:func:`stytvolt.analysis.puzzles.candidates`, one a deal, so no two
puzzles are near-copies), balanced by the shared
:func:`~stytvolt.analysis.puzzles.balanced` at :data:`CAP` a theme.
``python -m stytvolt.analysis.puzzles klorsjavs`` writes them to
``puzzles.json``.
"""

from __future__ import annotations

from typing import Any, Sequence

from stytvolt.analysis.puzzles import Puzzle, PuzzleError, listed

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "SEEDS", "SETUP", "OPTIONS", "CAP", "goal_words",
           "puzzles"]

#: The letter of Klørsjavs's puzzle ids (klør: clubs).
PREFIX = "C"

#: The themes, the ideas the tactics page teaches: key → (name, the idea in one sentence, the first rung of the hint
#: ladder).
THEMES: dict[str, tuple[str, str]] = {
    "draw-trumps": ("Drawing trumps",
                    "A trump led makes everyone who holds one play one: while trumps are out, no "
                    "ace of a plain suit is safe."),
    "cash": ("Cashing sure tricks",
             "A card that nothing still out can beat wins its trick: know which cards are the masters now."),
    "ruff": ("Trumping",
             "Out of the suit led, a trump wins the trick and every card point in it."),
    "partners": ("Playing as partners",
                 "The two opponents' card points count together: points go onto a trick a fellow opponent is sure "
                 "to win, and which of the two takes a trick matters only for the lead that follows."),
    "give-up": ("Giving up a lost trick",
                "When a trick cannot be won, choose what goes with it: the card points it carries, and the cards "
                "it leaves for the tricks to come."),
    "count": ("Counting to 61",
              "The score turns on the declarer's card points passing 60, and 90: count what each side has taken, "
              "what the cat holds, and what is still to come."),
    "duck": ("Ducking",
             "A trick need not be won now, nor won high: a card kept back can take a richer trick later."),
}

#: The coach's ideas of the card play (:data:`stytvolt.klorsjavs.coach.IDEAS`), each filed under its theme (its
#: ideas of the bidding and the cat are never a puzzle's key: a puzzle is set in the card play; nor is folding, which
#: costs what a hand lost does, so it is never the one play that reaches a goal).
IDEA_THEMES: dict[str, str] = {
    "draw-trumps": "draw-trumps",
    "cash": "cash", "win-sure": "cash", "play-high": "cash", "bank-points": "cash",
    "ruff": "ruff", "overruff": "ruff", "short-suit": "ruff",
    "smear": "partners", "partner-low": "partners", "overtake": "partners",
    "cannot-win": "give-up", "discard": "give-up", "not-worth": "give-up", "keep-guard": "give-up",
    "count-points": "count", "first-trick": "count",
    "duck": "duck", "lead-low": "duck", "win-cheap": "duck",
}

#: The deals searched, the game they are dealt for (the table's first setup), how they are searched, and how many
#: puzzles of one theme are kept at most (:func:`~stytvolt.analysis.puzzles.balanced`).
SEEDS = range(0, 3200)
SETUP: dict[str, Any] = {"variant": "klorsjavs"}
OPTIONS: dict[str, Any] = {"tricks_left": 6, "per_deal": 1, "level": "club"}
CAP = 28


def _names(players: int) -> tuple[str, ...]:
    from stytvolt.core.words import seat_names

    return seat_names(players)


def goal_words(state: Any, player: int, target: int) -> str:
    """What reaching ``target`` (the least ``returns()[player]`` at the hand's end) means for the player's side,
    in card points and øre, read from the hand's own scoring (``HandState.returns_with``): "East, the declarer:
    take at least 61 card points (the cat counts for East), so that each opponent subtracts 4 øre or more";
    "South and West: hold East, the declarer, to 60 card points or fewer (…), so that East subtracts 8 øre".  A
    target that no end of the hand reaches, or every end does, is no goal and raises :class:`PuzzleError`."""
    declarer = getattr(state, "declarer", None)
    if getattr(state, "variant", None) not in ("klorsjavs", "four-hand") or declarer is None:
        raise PuzzleError("Klørsjavs's puzzles are set in the card play of its three- and four-hand games")
    from stytvolt.klorsjavs.rules import FOUR_HAND_TOTAL, TOTAL, hand_score

    four = state.variant == "four-hand"
    total = FOUR_HAND_TOTAL if four else TOTAL
    names = _names(state.players)
    reached = [p for p in range(total + 1) if state.returns_with(p)[player] >= target]
    if not reached or len(reached) == total + 1:
        raise PuzzleError(f"{target} is no goal for {names[player]} in this hand: "
                          + ("no end of the hand reaches it" if not reached else "every end of the hand reaches it"))
    counted = (f"(the cards laid away count for {names[declarer]})" if state.swiped
               else f"(the cat counts for {names[declarer]})")
    if player == declarer:
        least = min(reached)
        ore = hand_score(least, four_hand=four).ore
        if least == total:
            return f"{names[player]}, the declarer: take all {total} card points, so that each opponent subtracts {ore} øre."
        return (f"{names[player]}, the declarer: take at least {least} card points {counted}, so that each opponent "
                f"subtracts {ore} øre or more.")
    most = max(reached)
    others = [names[s] for s in range(state.players) if s != declarer]
    side = ", ".join(others[:-1]) + " and " + others[-1]
    neither = f"neither {others[0]} nor {others[1]}" if len(others) == 2 else "no opponent"
    score = hand_score(most, four_hand=four)
    hold = f"{side}: hold {names[declarer]}, the declarer, to {most} card points or fewer {counted}, so that "
    if score.who == "declarer":
        return hold + f"{names[declarer]} subtracts {score.ore} øre."
    if most == total - 1:
        return (f"{side}: take a trick, so that {names[declarer]}, the declarer, cannot take all {total} card points "
                f"and {neither} subtracts more than {score.ore} øre.")
    return hold + f"{neither} subtracts more than {score.ore} øre."


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """Klørsjavs's published puzzles, narrowed to a level and a theme (:func:`stytvolt.analysis.puzzles.listed`)."""
    return listed("klorsjavs", level, theme)
