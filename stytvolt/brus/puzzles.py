"""Brus puzzles (four players): a deal's card play with every card shown, and one way to make sure of the strokes.

The game's puzzle part for :mod:`stytvolt.analysis.puzzles`, which proves, lists and makes every game's puzzles
alike; here is only what is Brus's own:

* :data:`THEMES`, the tactics page's ideas a puzzle can turn on, and :data:`IDEA_THEMES`, the coach's ideas
  (:mod:`stytvolt.brus.coach`) each filed under one of them.  A pass is never a puzzle's key: a player passes only
  holding nothing that beats, and then passing is the one thing it may do (ruling R57);
* :func:`goal_words`: what the target means in strokes, for the solving side: the lurch (two strokes), a stroke
  (six tricks, or five with ♣K when the live cards run out), keeping the opponents from scoring, or escaping the
  lurch;
* :func:`tricks_left` and :func:`decided`, which the shared proof cannot read from a Brus deal (its solver is its
  own, :mod:`stytvolt.brus.solving`): how many tricks can still be played, and the strokes once no play can change
  them (a puzzle's line stops there);
* the recipe: :data:`SEEDS`, :data:`SETUP`, :data:`OPTIONS` and :func:`select` (``python -m
  stytvolt.analysis.puzzles brus`` writes ``puzzles.json``).
"""

from __future__ import annotations

from typing import Any, Iterator

from stytvolt.analysis.puzzles import Candidate, Puzzle, PuzzleError, balanced, listed
from stytvolt.brus.cards import CLUB_KING, SEVENS, is_live
from stytvolt.brus.hand import HandState
from stytvolt.brus.rules import SIX, deal_score, side_of
from stytvolt.core.errors import type_name

__all__ = ["PREFIX", "THEMES", "IDEA_THEMES", "goal_words", "tricks_left", "decided", "SEEDS", "SETUP", "OPTIONS",
           "CAP", "select", "puzzles"]

PREFIX = "B"
#: The themes, each an idea of the tactics page in a sentence (the first hint: it must not give the answer away).
THEMES: dict[str, tuple[str, str]] = {
    "lurch": ("The lurch", "Six tricks before the other side has one score two strokes: count both sides' tricks, "
                           "for the lurch you can make and the one you must escape."),
    "six": ("Counting to six", "The trick that makes six ends the deal, and with no side at six a side on five "
                               "scores only if it holds ♣K: count what each side still needs."),
    "sevens": ("Sevens", "A seven in hand is a trick laid out when its holder comes to the lead: think about who "
                         "comes to the lead, and when."),
    "leading-low": ("Leading low", "Whoever can beat the card led must: a lead can be chosen for the high cards it "
                                   "draws out of the other hands."),
    "sure-winner": ("A sure winner", "A card that nobody left in the trick can beat brings the lead back: know which "
                                     "cards are still out, and what the passes have shown."),
    "cheap-beat": ("Beating cheaply", "When you must beat, you choose the card: think about which of your cards the "
                                      "later tricks need."),
    "sure-beat": ("Making sure of the trick", "An opponent still to play may beat your card: count the live cards "
                                              "still out above the one you play."),
}
#: The coach's ideas (:mod:`stytvolt.brus.coach`), each filed under the theme it belongs to.  "pass" is none: a
#: pass is never a choice.
IDEA_THEMES: dict[str, str] = {
    "lurch": "lurch",
    "six": "six", "club-king": "six",
    "sevens": "sevens",
    "draw-out": "leading-low", "torment": "leading-low",
    "sure-winner": "sure-winner",
    "cheap-beat": "cheap-beat", "last-word": "cheap-beat", "overtake-partner": "cheap-beat",
    "sure-beat": "sure-beat", "raise-bar": "sure-beat",
}
#: The deals searched, four at the table as the table's first setup, each played by the beginner at every seat (the
#: club player, picturing deals at every card, takes some ten times as long a deal for about as many puzzles: 15 deals
#: in 100), one puzzle a deal at most, from anywhere in the play.
SEEDS = range(0, 3000)
SETUP: dict[str, Any] = {"players": 4}
OPTIONS: dict[str, Any] = {"tricks_left": 2 * SIX - 1, "per_deal": 1, "level": "beginner"}
#: The most puzzles published of one theme: the commonest (the lurch, beating cheaply) would otherwise fill the set.
CAP = 30


def _deal(state: object) -> HandState:
    if not isinstance(state, HandState):
        raise PuzzleError(f"a Brus puzzle's position is a Brus deal, not {type_name(state)}")
    return state


def tricks_left(state: Any) -> int | None:
    """The most tricks still to be played on (the one under way counted), None once the deal is over: each is led
    with a live card, and the deal stops when a side has six."""
    deal = _deal(state)
    if deal.is_terminal():
        return None
    live = sum(1 for hand in deal.hands for c in hand if is_live(c))
    return min(live + (1 if deal.plays else 0), 2 * SIX - 1 - sum(deal.won))


def _strokes(won: tuple[int, int], club_king_side: int, side: int) -> int:
    """What a deal ending with these tricks scores for ``side`` (the rules' :func:`deal_score`)."""
    straight = SIX in won and 0 in won
    result = deal_score(won, straight=straight, club_king_side=None if SIX in won else club_king_side)
    return 0 if result.side is None else result.strokes if result.side == side else -result.strokes


def _endings(deal: HandState) -> Iterator[tuple[int, int]]:
    """Every count of tricks the deal could still end with, and more: a side takes at most one trick more for each
    live card and seven its players hold (and the trick under way), and stops at six."""
    more = [0, 0]
    for seat, hand in enumerate(deal.hands):
        more[side_of(seat)] += sum(1 for c in hand if is_live(c) or c in SEVENS)
    under_way = 1 if deal.plays else 0
    tops = [min(SIX, deal.won[s] + more[s] + under_way) for s in (0, 1)]
    for w0 in range(deal.won[0], tops[0] + 1):
        for w1 in range(deal.won[1], tops[1] + 1):
            if (w0, w1) != (SIX, SIX):
                yield w0, w1


def decided(state: Any, player: int) -> int | None:
    """The player's strokes once no play can change them (every ending still possible scores the same), else None."""
    deal = _deal(state)
    if deal.is_terminal():
        return int(deal.returns()[player])
    holder = side_of(deal.club_king_holder())
    found = {_strokes(won, holder, side_of(player)) for won in _endings(deal)}
    return found.pop() if len(found) == 1 else None


def _side_words(players: int, side: int) -> str:
    from stytvolt.core.words import seat_names

    names = [n for seat, n in enumerate(seat_names(players)) if side_of(seat) == side]
    return ", ".join(names[:-1]) + " and " + names[-1]


def goal_words(state: Any, player: int, target: int) -> str:
    """The goal for ``player``'s side: what making sure of ``target`` strokes means in the deal."""
    deal = _deal(state)
    side = side_of(player)
    holder = side_of(deal.club_king_holder())
    reached = [_strokes(won, holder, side) >= target for won in _endings(deal)]
    if all(reached) or not any(reached):
        raise PuzzleError(f"{target} strokes is no goal in this deal: "
                          + ("every ending scores it" if all(reached) else "no ending scores it"))
    us, them = _side_words(deal.players, side), _side_words(deal.players, 1 - side)
    if target >= 2:
        task = f"take six tricks before {them} take one: the lurch, two strokes"
    elif target == 1:
        task = "score a stroke: take six tricks" + (
            ", or five with ♣K in your hands when the live cards run out" if holder == side else "")
    elif target == 0:
        task = f"keep {them} from scoring: no six tricks for them" + (
            f", nor five when the live cards run out ({CLUB_KING.symbol} is in their hands)" if holder != side else "")
    else:
        task = f"escape the lurch: do not let {them} take six tricks before you take one"
    return f"{us}: {task}."


def select(found: list[Candidate]) -> list[Candidate]:
    """The puzzles published: those whose key serves one of the themes, no coin toss, at most :data:`CAP` of a
    theme, chosen evenly over its ratings (:func:`~stytvolt.analysis.puzzles.balanced`)."""
    return balanced(found, THEMES, CAP)


def puzzles(level: int | str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The published Brus puzzles, narrowed to a level and a theme."""
    return listed("brus", level, theme)
