"""Making puzzles: positions from hands the computer players play, kept when one move alone reaches a goal.

``generate(seed, count)`` is reproducible: the same seed gives the same
puzzles on every Python.  It deals hands (the deal's seed comes from the
generator's seed and the hand's number), lets four beginner computer
players (:class:`~stytvolt.styrivolt.bots.SimpleBot`, seeded too) play each
one, and looks at every position on the way in the play with the stock
closed and 3 to 6 cards in the hand of the player to move.  A position where
team 1 is to move is turned one seat round (:func:`rotated`), so the side
to play is always team 0.  A position becomes a puzzle when

* some goal can be made sure of: the most ambitious of all nine tricks,
  keeping in, winning the hand and taking N of the tricks left (N as high as
  the solver finds) that has exactly one winning move;
* at least two legal actions exist, and the key move is not what a naive
  player does: the highest card, or the cheapest card that wins the trick;
* it fits at least one theme (:data:`~stytvolt.styrivolt.puzzles.THEMES`).

Each kept puzzle is rated (how many first moves fail, the solver's effort,
how many of the reader's turns have one right answer) and its solution line
is played against the defence's most stubborn replies.  At most one puzzle
is taken from a hand (the one whose themes are rarest so far), so the set is
varied.  :func:`publish` rates, sorts
and numbers a set and splits it into the three levels.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from stytvolt.core.cards import Rank
from stytvolt.core.errors import StytvoltError
from stytvolt.styrivolt.actions import Action, Kind
from stytvolt.styrivolt.bots import SimpleBot
from stytvolt.styrivolt.fasthand import check_solvable
from stytvolt.styrivolt.deal import deal_cards
from stytvolt.styrivolt.hand import HandState
from stytvolt.styrivolt.pack import PLAYERS, TO_WIN, TRICKS
from stytvolt.styrivolt.puzzles import (
    LEVELS, SIDE, THEMES, Puzzle, _by_score, _partner_winning, _takes_trick, _worth, focus_card, reply, settled, sure,
    winning_actions,
)
from stytvolt.styrivolt.ranking import Role
from stytvolt.styrivolt.records import Phase
from stytvolt.styrivolt.solver import achievable, solve

__all__ = ["Found", "positions", "rotated", "assess", "generate", "publish", "build", "dumps", "MIN_CARDS", "MAX_CARDS"]

MIN_CARDS, MAX_CARDS = 3, 6


@dataclass(frozen=True)
class Found:
    """A sound position before it is numbered and levelled."""

    state: HandState
    goal: str
    themes: tuple[str, ...]
    line: tuple[str, ...]
    fails: int
    nodes: int
    unique_turns: int
    focus: str
    deal: int

    @property
    def rating(self) -> int:
        """Difficulty: 800, plus the tempting moves that fail, the solver's effort and the turns with one answer."""
        return int(round(800 + 90 * min(self.fails, 6) + 45 * math.log2(max(self.nodes, 1))
                         + 160 * (self.unique_turns - 1) + (60 if self.goal in ("nine", "keep-in") else 0)))


def positions(deal_seed: int) -> Iterator[HandState]:
    """Every position of one hand (played by four seeded beginners) that could make a puzzle.

    The players' temper depends on the hand's seed: in one hand of three a team that keeps in always plays
    on for nine, and in another the traders wait (a trade is put off while a card can be played), so that
    endings with those choices still open are met as often as the others.
    """
    state = HandState.deal(deal_seed, dealer=deal_seed % 4)
    bots = [SimpleBot(deal_seed * 4 + i) for i in range(4)]
    temper = deal_seed % 3
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        if (state.phase is Phase.PLAY and MIN_CARDS <= len(state.hands[p]) <= MAX_CARDS
                and len(legal) >= 2 and _solvable(state)):
            yield state.clone() if p % 2 == SIDE else rotated(state)
        action = bots[p].choose(state.observation(p))
        if temper == 1 and state.phase is Phase.PLAY_ON:
            action = next((a for a in legal if a.kind is Kind.PLAY_ON), action)
        elif temper == 2 and action.kind is Kind.TRADE:
            plays = [a for a in legal if a.kind is Kind.PLAY]
            if plays:
                action = min(plays, key=lambda a: _worth(state, a))
        state.apply(action)


def rotated(state: HandState) -> HandState:
    """The same hand with every seat moved one place to the left (the dealer too): the teams swap their parts."""
    hands, rest = deal_cards(state.deck, state.dealer)
    out = HandState.from_hands([hands[(p - 1) % PLAYERS] for p in range(PLAYERS)], rest,
                               dealer=(state.dealer + 1) % PLAYERS, rules=state.rules)
    for _, action in state.history:
        out.apply(action)
    return out


def _solvable(state: HandState) -> bool:
    try:
        check_solvable(state)
    except StytvoltError:
        return False
    return True


def _goals(state: HandState) -> Iterator[str]:
    """The goals worth asking of this position, the most ambitious first (each one reachable)."""
    won = [t.winner % 2 for t in state.tricks]
    if all(w == SIDE for w in won):
        if achievable(state, "nine", SIDE):
            yield "nine"
        if len(won) < TO_WIN and achievable(state, "keep-in", SIDE):
            yield "keep-in"
    if settled(state, "win", state) is None and achievable(state, "win", SIDE):
        yield "win"
    lo, hi = 0, TRICKS - len(won)  # the most tricks the team can make sure of, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if achievable(state, mid, SIDE):
            lo = mid
        else:
            hi = mid - 1
    if lo:
        yield f"take-{lo}"


def _naive(state: HandState) -> set[Action]:
    """What a naive player does: the highest card; following, the cheapest card that beats the opponents'
    (or, with the partner winning the trick or nothing that beats it, the cheapest card)."""
    plays = [a for a in state.legal_actions() if a.kind is Kind.PLAY]
    if not plays:
        return set()

    def worth(a: Action) -> float:
        return _worth(state, a)

    out = {max(plays, key=worth)}
    if state.current:
        winners = [a for a in plays if _takes_trick(state, a)]
        out.add(min(winners, key=worth) if winners and not _partner_winning(state) else min(plays, key=worth))
    return out


def _line(state: HandState, goal: str) -> tuple[list[str], int]:
    """The solution from ``state`` (its key move first) against the most stubborn defence, and how many of the
    reader's turns on it had exactly one winning move among several."""
    s = state.clone()
    line: list[str] = []
    unique = 0
    while not sure(s, goal, state):
        if s.current_player() % 2 == SIDE:
            legal = s.legal_actions()
            wins = winning_actions(s, goal, state)
            if len(legal) > 1 and len(wins) == 1:
                unique += 1
            action = wins[0] if len(wins) == 1 else next(a for a in _by_score(s, legal) if a in wins)
        else:
            action = reply(s, goal, state)
        line.append(str(action))
        s.apply(action)
    return line, unique


def _themes(state: HandState, key: Action, goal: str, line: list[str], wrong: list[Action]) -> tuple[str, ...]:
    """The themes a puzzle shows, read from its position, its key move, the moves that fail and its line."""
    p = state.current_player()
    ranking = state.ranking
    tags: list[str] = []

    def role(a: Action) -> Role:
        if a.kind is Kind.TRADE:
            return ranking.role(a.cards[1])
        return ranking.role(*state.played_as(p, a.card)) if a.kind is Kind.PLAY else Role.PLAIN

    plays_wrong = [a for a in wrong if a.kind is Kind.PLAY]
    leading = not state.current
    if leading and (role(key) is Role.LAMB or any(role(a) is Role.LAMB for a in plays_wrong)):
        tags.append("lamb-timing")  # the lamb led now, or held back for later
    if (leading and key.kind is Kind.PLAY and role(key) is Role.PLAIN and key.card.rank <= Rank.NINE
            and key.card.suit not in state.chosen):
        tags.append("storm")  # a low card of an unchosen suit led
    s = state.clone()
    side_trades = False
    for text in line:
        if s.current_player() % 2 == SIDE and text.startswith("trade"):
            side_trades = True
        s.apply(text)
    if key.kind is Kind.TRADE or role(key) is Role.TRADER or side_trades or any(a.kind is Kind.TRADE for a in wrong):
        tags.append("trader")
    if state.quads[p] or state.quads[(p + 2) % PLAYERS] or state.declared[p] or state.declared[(p + 2) % PLAYERS]:
        tags.append("four-of-a-kind")
    if state.current and key.kind is Kind.PLAY and _partner_winning(state):
        # The partner's trick taken over, or a higher card thrown under it than a card that fails.
        if _takes_trick(state, key) or any(_worth(state, a) < _worth(state, key) for a in plays_wrong):
            tags.append("unblocking")
    if key.kind is Kind.PLAY and not role(key).is_stikkar and any(role(a).is_stikkar for a in plays_wrong):
        tags.append("saving-stikkar")  # a stikkar could be played now, and must not be
    if goal == "nine" or "play-on" in line or state.playing_on == SIDE:
        tags.append("playing-on")
    return tuple(tags)


def assess(state: HandState, deal: int = 0) -> Found | None:
    """The puzzle this position makes, or None (see the module docstring for what is kept)."""
    legal = state.legal_actions()
    for goal in _goals(state):
        wins = winning_actions(state, goal, state)
        if len(wins) != 1 or wins[0] in _naive(state):
            return None
        key = wins[0]
        wrong = [a for a in legal if a is not key]
        line, unique = _line(state, goal)
        themes = _themes(state, key, goal, line, wrong)
        focus = focus_card(key)
        if not themes or focus is None:
            return None
        nodes = solve(state).nodes
        return Found(state, goal, themes, tuple(line), len(wrong), nodes, max(unique, 1), str(focus), deal)
    return None


def _sizes(deal: int) -> tuple[int, ...]:
    """The hand sizes looked at in the ``deal``-th hand: every small ending, fewer of the slow large ones."""
    return (3, 4) + ((5,) if deal % 4 == 0 else ()) + ((6,) if deal % 16 == 0 else ())


def generate(seed: int, count: int, *, progress: Callable[[int, int], None] | None = None,
             max_deals: int = 1_000_000) -> list[Found]:
    """``count`` puzzles from hands dealt from ``seed`` (at most one a hand); reproducible.

    Positions with 3 and 4 cards a hand are looked at in every hand; those
    with 5 in every fourth hand and those with 6 in every sixteenth, since
    the solver takes far longer over them (``bench/puzzles.py`` measures
    the rate).
    """
    rng = random.Random(f"puzzles/{seed}")
    found: list[Found] = []
    seen = {t: 0 for t in THEMES}
    deal = 0
    while len(found) < count and deal < max_deals:
        deal_seed = seed * 100_003 + deal
        sizes = _sizes(deal)
        deal += 1
        spots = [s for s in positions(deal_seed) if len(s.hands[s.current_player()]) in sizes]
        rng.shuffle(spots)
        # Of the puzzles this hand makes, the one whose themes are rarest so far (so every theme is met).
        best: tuple[float, Found] | None = None
        for spot in spots:
            f = assess(spot, deal_seed)
            if f is not None:
                rarity = sum(1.0 / (1 + seen[t]) for t in f.themes)
                if best is None or rarity > best[0]:
                    best = (rarity, f)
        if best is not None:
            found.append(best[1])
            for t in best[1].themes:
                seen[t] += 1
        if progress is not None:
            progress(len(found), deal)
    return found


def publish(found: list[Found]) -> list[Puzzle]:
    """Rate, sort and number a set: the easiest third is level 1, the next club, the hardest expert."""
    ranked = sorted(found, key=lambda f: (f.rating, f.deal))
    n = len(ranked)
    out = []
    for i, f in enumerate(ranked):
        level = 1 + min(2, (3 * i) // max(n, 1))
        idea = THEMES[f.themes[0]][1]
        out.append(Puzzle(f"P{i + 1:04d}", f.state.to_json(), f.goal, level, f.themes, f.line, f.rating,
                          idea, f.focus, f.fails))
    assert set(p.level for p in out) <= set(LEVELS)
    return out


def _one_seed(job: tuple[int, int]) -> list[Found]:
    return generate(*job)


def build(seeds: Sequence[int], per_seed: int, jobs: int = 1) -> list[Puzzle]:
    """Puzzles from several seeds (``per_seed`` each; one process a seed with ``jobs`` > 1), published as one set.

    The same seeds and count give the same set, whatever ``jobs`` is.
    """
    work = [(seed, per_seed) for seed in seeds]
    if jobs > 1 and len(work) > 1:
        from multiprocessing import Pool

        with Pool(min(jobs, len(work))) as pool:
            parts = pool.map(_one_seed, work)
    else:
        parts = [_one_seed(w) for w in work]
    return publish([f for part in parts for f in part])


def dumps(published: Sequence[Puzzle], how: str) -> str:
    """The package's data file: how it was made, then one puzzle a line (so a diff shows each puzzle)."""
    lines = [json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) for p in published]
    return ('{"made": ' + json.dumps(how) + ',\n"puzzles": [\n' + ",\n".join(lines) + "\n]}\n")
