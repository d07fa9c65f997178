"""Knorri's puzzles: phase-two positions where one play, and only one, keeps you from being the loser.

Phase two is a game of complete information, so a position can be set as a
problem: you are the player to move, every other player plays against you
(as Knorri's solver has it, :mod:`~stytvolt.knorri.solver`), and at each of
your turns with a choice exactly one play still makes sure you do not end as
the last player holding cards, whatever the others do.  Every other play
lets them force you to lose (not merely keep the game going round), so a
wrong play is always answered by a line that ends with you the loser.

This is the game's puzzle part in the shared format
(:mod:`stytvolt.analysis.puzzles`): ``PREFIX``, ``THEMES`` and
``IDEA_THEMES`` (the coach's phase-two ideas, :mod:`~stytvolt.knorri.coach`),
:func:`goal_words`, and what the shared proof needs of a game whose player
stands alone: :func:`side`, :func:`goal_values` (the player's values from the
solver's analysis for that seat, whoever is to move), :func:`decided` (a
player who has gone out is paid whatever the others do), :func:`tricks_left`
(the cards still held, the solver's measure of a position) and
:func:`refuting_move`.  Every search is bounded by
:data:`MAX_PUZZLE_POSITIONS`, so the browser settles a puzzle in about a
second; the analyses of the last few positions are kept, and each later
position of the same puzzle is read from them at once.

The recipe: hands of :data:`SETUP` (the table's four players) and of three
and five players (:data:`TABLES`), each dealt from a seed of :data:`SEEDS`
and played to the end by the computer players; :func:`make` finds the
puzzles in them (:func:`stytvolt.analysis.puzzles.candidates`), keeps those
whose wrong plays all lose for certain, writes each position as the
phase-two start it can be replayed from, and balances the themes
(:func:`select`).  ``python -m stytvolt.analysis.puzzles knorri`` writes them
to ``puzzles.json``; :func:`puzzles` lists them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Sequence

from stytvolt.analysis.puzzles import Candidate, PuzzleError, candidates, listed
from stytvolt.core.errors import StytvoltError
from stytvolt.core.words import counted
from stytvolt.knorri.solver import Analysis, analyse, settled_value, size
from stytvolt.knorri.state import KnorriState, phase_two
from stytvolt.knorri.variants import PhaseOne
from stytvolt.core.words import seat_names

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "SEEDS", "SETUP", "OPTIONS", "TABLES", "MAX_PUZZLE_POSITIONS",
           "THEME_CAP", "goal_words", "side", "forget", "goal_values", "decided", "tricks_left", "refuting_move", "compact",
           "sure_losses", "select", "make", "puzzles"]

#: The letter of Knorri's puzzle ids.
PREFIX = "K"
#: The most positions a puzzle's search may list: the browser settles one in about a second.
MAX_PUZZLE_POSITIONS = 6_000

#: The themes: key -> (name, the idea in a sentence, the first rung of the hint ladder).
THEMES: dict[str, tuple[str, str]] = {
    "lead-unbeatable": ("Leading a card nobody can beat",
                        "A card that none of the others can beat has to be picked up by the next player: led while "
                        "it is still unbeatable, it leaves your hand for theirs."),
    "lead": ("Leading",
             "On lead no card has to be beaten: which card you lead decides what the others must answer, and what "
             "you are left to get rid of later."),
    "complete": ("Completing the trick",
                 "The card that completes a trick sets it aside and gives you the next lead, where nothing has to "
                 "be beaten."),
    "must-beat": ("Beat or pick up",
                  "On a trick you must beat the top card or pick up the bottom one: which card beats it, and "
                  "whether to beat at all, decides who is left holding cards."),
    "get-out": ("Getting out",
                "A player who plays a last card is out and safe: count which of your cards can still go, and in "
                "what order."),
}
#: The coach's phase-two ideas (:data:`stytvolt.knorri.coach.IDEAS`), each to the theme it is filed under.
IDEA_THEMES: dict[str, str] = {
    "lead-unbeatable": "lead-unbeatable", "lead": "lead", "open-run": "lead", "complete": "complete",
    "must-beat": "must-beat", "trump": "must-beat", "pick-up": "must-beat", "get-out": "get-out",
}

#: The recipe: the seeds of the hands dealt, the table's setup (four players), and the search's options: from the
#: first position of phase two small enough (:func:`tricks_left`), every turn with a choice is tried.
SEEDS = range(1, 301)
SETUP: dict[str, Any] = {"players": 4}
OPTIONS: dict[str, Any] = {"tricks_left": 9, "per_deal": 20, "level": "beginner"}
#: The tables each seed is dealt at, for variety: the setup's four players, then three, five and six.
TABLES: tuple[dict[str, Any], ...] = (SETUP, {"players": 3}, {"players": 5}, {"players": 6})


# -- the goal ----------------------------------------------------------------------------------------------------


def goal_words(state: KnorriState, player: int, target: int) -> str:
    """The goal in Knorri's words for the seat ``player`` (named as the site's table names it), reaching ``target``
    of ``returns()``: without scoring, not to be the loser (every other seat is paid 1); with it, to go out with at
    least ``target`` points (one for each player still holding cards)."""
    seat = seat_names(state.num_players)[player]
    if not state.rules.scoring:
        if target > 1:
            raise PuzzleError(f"without scoring a Knorri player is paid at most 1, not {target}")
        if target <= -(state.num_players - 1):
            raise PuzzleError(f"a target of {target} is met by any ending: it is no goal")
        return f"{seat}: do not be the loser."
    if target < 1:
        raise PuzzleError(f"with scoring, a target of {target} is no goal: every player who goes out scores a point")
    return f"{seat}: go out with at least {counted(target, 'point')}."


# -- what the shared proof needs of Knorri ------------------------------------------------------------------------


def side(state: KnorriState, player: int) -> tuple[int, ...]:
    """The seats that play for ``player``: the player alone, whoever is to move."""
    return (player,)


#: The analyses of the last few positions asked about, newest last.
_KEPT: list[Analysis] = []
_KEEP = 4


def _analysis(state: KnorriState, player: int) -> Analysis:
    """The solver's analysis for ``player`` reaching ``state``: a kept one, else a new one, bounded."""
    if not isinstance(state, KnorriState) or state.phase != "play":
        raise PuzzleError("a Knorri puzzle is a position of phase two")
    for kept in reversed(_KEPT):
        if kept.seat == player and kept.reaches(state):
            return kept
    try:
        made = analyse(state, player, max_positions=MAX_PUZZLE_POSITIONS)
    except StytvoltError:
        raise PuzzleError(f"more than {MAX_PUZZLE_POSITIONS:,} positions can follow this one: too large a puzzle "
                          "to settle in the browser") from None
    _KEPT.append(made)
    del _KEPT[:-_KEEP]
    return made


def forget() -> None:
    """Drop the analyses kept, as a fresh visit starts (for measuring the search from nothing)."""
    _KEPT.clear()


def goal_values(state: KnorriState, player: int) -> dict[str, int]:
    """Each legal action's value of ``returns()[player]``, the player against every other seat (Knorri's solver,
    its ruling on a game that goes round for ever: the player cannot make sure of getting out there)."""
    return _analysis(state, player).values(state)


def decided(state: KnorriState, player: int) -> int | None:
    """The player's ``returns()`` once it holds no card (paid whatever the others then do), else None."""
    return settled_value(state, player)


def tricks_left(state: KnorriState) -> int | None:
    """How far a phase-two position is from its end: the cards still held, and one more for each holder past two
    (the solver's measure, :func:`~stytvolt.knorri.solver.size`); None outside phase two."""
    return size(state) if isinstance(state, KnorriState) and state.phase == "play" else None


def refuting_move(state: KnorriState, player: int) -> str:
    """The move of the seat to move on the line by which the others make the player lose (after a wrong play):
    theirs the quickest to force it, the player's the one that holds out longest."""
    found = _analysis(state, player)
    if found.safe(state):
        raise PuzzleError("the player can still make sure of not losing here: there is no refuting line")
    if not found.doomed(state):
        raise PuzzleError("the others can keep the player from going out for ever here, but cannot force the end")
    line, _ = found.losing_line(state, 1)
    return str(line[0])


# -- making them --------------------------------------------------------------------------------------------------


def sure_losses(state: KnorriState, player: int, line: Sequence[str]) -> bool:
    """Whether every wrong play at each of the player's turns with a choice on ``line`` lets the others force the
    player to lose (so each is answered by a line to the end)."""
    s = state.clone()
    for text in line:
        if s.current_player() == player and len(s.legal_actions()) > 1:
            found = _analysis(s, player)
            for action in s.legal_actions():
                if str(action) == text:
                    continue
                s.apply(action)
                try:
                    if not found.doomed(s):
                        return False
                finally:
                    s.undo()
        s.apply(text)
    return True


def compact(state: KnorriState) -> KnorriState:
    """The same position written as a phase-two start (:func:`~stytvolt.knorri.state.phase_two`: each hand as it was
    then) and the actions since, rather than from the deal through phase one: from the start of the trick on the
    table where that tells the same story (nobody out yet, the same players without cards), else from the start of
    phase two.  The hands, the trick, who is to move, who went out in what order, who took no cards, an unsaid "last
    card" and the legal actions are checked the same; a position for which neither start is (the Mas phase one's) is
    kept as it is."""
    if state.phase != "play" or state.rules.phase_one is PhaseOne.MAS:
        return state
    for whole_phase in (False, True):
        found = _replayed(state, whole_phase)
        if found is not None:
            return found
    return state


def _replayed(state: KnorriState, whole_phase: bool) -> KnorriState | None:
    """``state`` rebuilt from the start of its trick (or of phase two) and replayed, if it is the same position."""
    work = state.clone()
    since: list[str] = []
    while work.history and (whole_phase or work.trick):
        action = work.undo()
        if work.phase != "play":
            work.apply(action)
            break
        since.append(str(action))
    if work.trick or (whole_phase and not work.opening):
        return None
    try:
        out = phase_two([list(h) for h in work.hands], rules=state.rules,
                        leader=None if work.opening else work.current_player())
        for text in reversed(since):
            out.apply(text)
    except StytvoltError:
        return None
    same = (out.hands == state.hands and out.trick_cards == state.trick_cards and out.out == state.out
            and out.no_cards == state.no_cards and out.silent == state.silent
            and out.current_player() == state.current_player()
            and (out.trick_size if out.trick else 0) == (state.trick_size if state.trick else 0)
            and [str(a) for a in out.legal_actions()] == [str(a) for a in state.legal_actions()])
    return out if same else None


#: The most puzzles kept of each theme: no theme is more than a third of the set.
THEME_CAP = 45


def _on_line(later: Candidate, earlier: Candidate) -> bool:
    """Whether ``later``'s position lies on ``earlier``'s line (both found in one deal): it asks nothing new."""
    a, b = earlier.position, later.position
    if (a.get("deck"), a.get("players"), a.get("hands")) != (b.get("deck"), b.get("players"), b.get("hands")):
        return False
    done, then = list(a["actions"]), list(b["actions"])
    return then[:len(done)] == done and then[len(done):] == list(earlier.line[:len(then) - len(done)])


def select(found: Iterable[Candidate]) -> list[Candidate]:
    """The candidates kept, in the order found: each position once (none on the line of one found before it), each
    with a theme and its wrong plays all sure losses (:func:`sure_losses`), written as a phase-two start
    (:func:`compact`); of a theme found more than :data:`THEME_CAP` times, those that ask the most decisions (the
    first found among equals)."""
    kept: list[Candidate] = []
    fit: list[Candidate] = []
    seen: set[str] = set()
    for c in found:
        if not c.themes or any(_on_line(c, k) for k in kept):
            continue
        state = KnorriState.from_json(c.position)
        if not sure_losses(state, c.player, c.line):
            continue
        short = compact(state)
        key = repr((short.hands, short.trick_cards, short.current_player()))
        if key in seen:
            continue
        seen.add(key)
        kept.append(c)
        fit.append(replace(c, position=short.to_json()))
    chosen: set[int] = set()
    for theme in THEMES:
        of_theme = [i for i, c in enumerate(fit) if c.themes[0] == theme]
        chosen.update(sorted(of_theme, key=lambda i: (-fit[i].decisions, i))[:THEME_CAP])
    return [c for i, c in enumerate(fit) if i in chosen]


def make() -> list[Candidate]:
    """The published puzzles made afresh: each seed's hand dealt at every table of :data:`TABLES` in turn and
    searched (:func:`~stytvolt.analysis.puzzles.candidates`), then :func:`select`."""
    found: list[Candidate] = []
    for seed in SEEDS:
        for setup in TABLES:
            found.extend(candidates("knorri", seed, setup, **OPTIONS))
    return select(found)


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Any]:
    """The published puzzles (of a level, 1 to 3 or its name; of a theme, a key of :data:`THEMES`), easiest first."""
    return listed("knorri", level, theme)
