"""Knorri's puzzles in the shared format: the published set, a sample re-solved, a few proven again by a brute force
written here, their goal in words, the recipe found again from its seed, and bad input refused.

The brute force shares nothing with Knorri's solver (its attractors, its analysis) nor with the shared proof: it
lists every position reachable from a puzzle's (a position is what lies where: the hands, the trick, who is to move,
how many cards complete the trick; a pick-up brings a position back by another road, so the play can go round), then
finds two sets by iterating to a fixed point from below: the positions from which the solving player P can force
holding no card (P's turn: some move leads in; another's: every move does), and those from which the others can force
the game to end with P the loser (the same with the roles swapped).  A game that goes round for ever is in neither.
"""

from __future__ import annotations

import json
import random
from typing import Hashable

import pytest

import stytvolt
from stytvolt.analysis.puzzles import (
    LEVELS, Puzzle, PuzzleError, candidates, check_sound, find, listed, published, refutation, values,
)
from stytvolt.knorri import KnorriState, Rules, phase_two
from stytvolt.knorri.puzzles import (
    IDEA_THEMES, MAX_PUZZLE_POSITIONS, OPTIONS, PREFIX, SETUP, TABLES, THEME_CAP, THEMES, decided, goal_values,
    goal_words, puzzles, refuting_move, select, tricks_left,
)
from stytvolt.web.kinds import seat_names

EVERY = published("knorri")


# -- the brute force -------------------------------------------------------------------------------------------


def _place(state: KnorriState) -> Hashable:
    """What lies where: every hand (sorted), the trick's groups, who is to move, the trick's size, the opening, and
    at the end who lost."""
    trick = state.trick_cards
    return (tuple(tuple(sorted(map(str, h))) for h in state.hands), tuple(tuple(map(str, g)) for g in trick),
            state.current_player(), state.trick_size if trick else 0, state.opening, state.is_terminal(),
            state.loser if state.is_terminal() else None)


class Brute:
    """Every position reachable from ``state``, and what the seat ``p`` and the others can force from each."""

    def __init__(self, state: KnorriState, p: int, limit: int = 20_000) -> None:
        self.p = p
        self.index: dict[Hashable, int] = {}
        self.succ: list[list[int]] = []
        self.mover: list[int] = []
        out: list[bool] = []
        lost: list[bool] = []
        todo = [state.clone()]
        self.at(todo[0], out, lost)
        while todo:
            s = todo.pop()
            k = self.index[_place(s)]
            if out[k] or lost[k]:
                continue
            for action in s.legal_actions():
                after = s.clone()
                after.apply(action)
                known = _place(after) in self.index
                self.succ[k].append(self.at(after, out, lost))
                if not known:
                    todo.append(after)
            assert len(self.succ) <= limit, "too large a position for the brute force"
        self.free = self._force(out, mine=True)  # P can force holding no card
        self.doomed = self._force(lost, mine=False)  # the others can force P to lose

    def at(self, s: KnorriState, out: list[bool], lost: list[bool]) -> int:
        key = _place(s)
        if key not in self.index:
            self.index[key] = len(self.succ)
            self.succ.append([])
            self.mover.append(s.current_player())
            over = s.is_terminal()
            out.append((over and s.loser != self.p) or (not over and not s.hands[self.p]))
            lost.append(over and s.loser == self.p)
        return self.index[key]

    def _force(self, start: list[bool], mine: bool) -> list[bool]:
        inside = list(start)
        changed = True
        while changed:
            changed = False
            for k, nexts in enumerate(self.succ):
                if inside[k] or not nexts:
                    continue
                chooses = (self.mover[k] == self.p) == mine
                if (any if chooses else all)(inside[j] for j in nexts):
                    inside[k] = changed = True
        return inside

    def after(self, s: KnorriState, text: str) -> int:
        t = s.clone()
        t.apply(text)
        return self.index[_place(t)]


def _small(count: int) -> list[Puzzle]:
    """The first puzzle of each theme among those with at most six cards in play (and more such, up to ``count``)."""
    small = [p for p in EVERY if (tricks_left(p.state()) or 99) <= 6]
    firsts = {p.themes[0]: p for p in reversed(small)}
    chosen = list(firsts.values())
    chosen += [p for p in small if p not in chosen][: max(0, count - len(chosen))]
    return chosen


@pytest.mark.parametrize("p", _small(5), ids=lambda p: p.id)
def test_a_small_puzzle_proven_again_by_the_brute_force(p: Puzzle) -> None:
    state = p.state()
    brute = Brute(state, p.player)
    n = state.num_players
    assert p.target == 1 and p.goal == f"{seat_names(n)[p.player]}: do not be the loser."
    # The line: at each turn of P with a choice exactly one move keeps P free to get out, it is the line's, and every
    # other lets the others force P to lose; the others' moves on it are all free for P, and the line's is the first
    # the rules list (the shared proof's most stubborn reply: of equal values, the first); it ends with P out.
    s = state.clone()
    for text in p.line:
        legal = [str(a) for a in s.legal_actions()]
        if s.current_player() == p.player:
            if len(legal) > 1:
                free = [t for t in legal if brute.free[brute.after(s, t)]]
                assert free == [text], (p.id, free, text)
                assert all(brute.doomed[brute.after(s, t)] for t in legal if t != text)
        else:
            assert all(brute.free[brute.after(s, t)] for t in legal)
            assert text == legal[0]
        s.apply(text)
    assert not s.hands[p.player] and (not s.is_terminal() or s.loser != p.player)
    assert decided(s, p.player) == 1
    # Each wrong first move: the refuting line stays where the others can force P's loss, and ends with P the loser.
    start = p.state()
    for action in start.legal_actions():
        text = str(action)
        if text == p.key:
            continue
        line, result = refutation(start, p.player, text)
        t = start.clone()
        for seat, step in line:
            assert t.current_player() == seat
            t.apply(step)
            assert brute.doomed[brute.index[_place(t)]]
        assert t.is_terminal() and t.loser == p.player and result == t.returns()[p.player] == -(n - 1)


def test_a_position_worked_by_hand() -> None:
    # South ♦K, West ♣6 ♦6, North ♦Q, East ♣K; West has led ♦6, North to play, four began the trick.  ♦Q beats ♦6
    # and is North's last card: out.  Picking ♦6 up instead empties the trick: East leads ♣K and is out, South (no
    # club) picks it up, West leads ♣6 and is out, North (only diamonds) must pick it up, and South leads ♦K (North's
    # ♦Q ♦6 are lower) and ♣K, going out: North is left the loser and pays 3.  Every move of North's after the
    # pick-up is forced.
    state = phase_two(["DK", "C6 D6", "DQ", "CK"], leader=1)
    state.apply("play D6")
    assert goal_values(state, 2) == values(state, 2) == {"play DQ": 1, "pick up": -3}
    assert goal_words(state, 2, 1) == "North: do not be the loser."
    line, result = refutation(state, 2, "pick up")
    assert [seat for seat, _ in line] == [2, 3, 0, 1, 2, 0, 2, 0]
    texts = [t for _, t in line]
    assert texts[:5] == ["pick up", "play CK", "pick up", "play C6", "pick up"]
    assert sorted(texts[5::2]) == ["play CK", "play DK"] and texts[6] == "pick up"
    assert result == -3
    # With another seat to move, North's values are read all the same: East's lead of ♣K is all it has.
    state.apply("pick up")
    assert goal_values(state, 2) == {"play CK": -3}
    assert refuting_move(state, 2) == "play CK"


# -- the published set -----------------------------------------------------------------------------------------


def test_the_published_set() -> None:
    assert 150 <= len(EVERY) <= 200
    assert [p.id for p in EVERY] == [f"{PREFIX}{i:04d}" for i in range(1, len(EVERY) + 1)]
    assert puzzles() == list(EVERY) == stytvolt.game("knorri").puzzles()
    counts: dict[str, int] = {}
    for p in EVERY:
        assert p.game == "knorri" and p.target == 1 and p.line[0] == p.key and len(p.themes) == 1
        counts[p.themes[0]] = counts.get(p.themes[0], 0) + 1
    assert set(counts) <= set(THEMES) and set(IDEA_THEMES.values()) <= set(THEMES)
    assert all(10 <= c <= min(THEME_CAP, len(EVERY) // 3) for c in counts.values()), counts
    assert [p.rating for p in EVERY] == sorted(p.rating for p in EVERY)
    thirds = [len(listed("knorri", level)) for level in LEVELS]
    assert all(c >= len(EVERY) // 6 for c in thirds) and sum(thirds) == len(EVERY)
    assert {json.loads(json.dumps(p.position))["players"] for p in EVERY} == {t["players"] for t in TABLES}
    assert SETUP == {"players": 4} and SETUP in TABLES


def test_a_sample_re_solved() -> None:
    sample = EVERY[:: max(1, len(EVERY) // 12)][:12]
    assert len(sample) == 12
    assert [problem for p in sample for problem in check_sound(p)] == []


def test_each_theme_is_said_without_giving_the_answer() -> None:
    for key, (name, idea) in THEMES.items():
        assert name and idea.endswith(".") and "♠" not in idea and "♥" not in idea and "♦" not in idea
    for theme in THEMES:
        assert puzzles(theme=theme) == [p for p in EVERY if theme in p.themes]


def test_found_again_from_its_seed() -> None:
    p = next(q for q in EVERY if q.position["players"] == 3)
    found = select(candidates("knorri", p.seed, {"players": 3}, **OPTIONS))
    again = [c for c in found if c.position == p.position]
    assert len(again) == 1
    c = again[0]
    assert (c.line, c.themes, c.rating, c.goal, c.target, c.player) == (p.line, p.themes, p.rating, p.goal, p.target,
                                                                       p.player)
    assert select(candidates("knorri", p.seed, {"players": 3}, **OPTIONS)) == found


# -- the goal in words -------------------------------------------------------------------------------------------


def test_the_goal_in_words_is_the_target_in_returns() -> None:
    rng = random.Random(3)
    for n in (3, 4, 5):
        for scoring in (False, True):
            for _ in range(4):
                s = KnorriState.short(rng.randrange(10**6), hand_size=2, players=n, rules=Rules(scoring=scoring))
                while not s.is_terminal():
                    s.apply(rng.choice(s.legal_actions()))
                for seat in range(n):
                    # "do not be the loser" (target 1) and "go out with at least 1 point" both mean: not the loser.
                    assert (s.returns()[seat] >= 1) == (s.loser != seat)
    plain = phase_two(["DK", "C6 D6", "DQ", "CK"], leader=1)
    assert goal_words(plain, 1, 1) == "West: do not be the loser."
    scored = phase_two(["DK", "C6 D6", "DQ", "CK"], leader=1, rules=Rules(scoring=True))
    assert goal_words(scored, 0, 2) == "South: go out with at least 2 points."
    assert goal_words(scored, 3, 1) == "East: go out with at least 1 point."


# -- bad input ---------------------------------------------------------------------------------------------------


def test_bad_input_is_refused_naming_what_is_wrong() -> None:
    plain = phase_two(["DK", "C6 D6", "DQ", "CK"], leader=1)
    for target, said in ((2, "at most 1"), (-3, "no goal")):
        with pytest.raises(PuzzleError, match=said):
            goal_words(plain, 0, target)
    with pytest.raises(PuzzleError, match="no goal"):
        goal_words(phase_two(["DK", "C6 D6", "DQ", "CK"], leader=1, rules=Rules(scoring=True)), 0, 0)
    with pytest.raises(PuzzleError, match="phase two"):
        goal_values(KnorriState.deal(1), 0)
    assert tricks_left(KnorriState.deal(1)) is None and decided(plain, 0) is None
    big = KnorriState.short(5, hand_size=8, players=4)
    with pytest.raises(PuzzleError, match=f"{MAX_PUZZLE_POSITIONS:,} positions"):
        goal_values(big, big.current_player())
    safe = phase_two(["H5 D2", "H9 S3", ""], leader=0)
    with pytest.raises(PuzzleError, match="no refuting line"):
        refuting_move(safe, 0)
    for ident in ("K0000", f"K{len(EVERY) + 1:04d}", "KX", "", "K²"):
        with pytest.raises(PuzzleError):
            find(ident)
    assert find("k1") is EVERY[0]
    with pytest.raises(PuzzleError, match="level"):
        puzzles(level=4)
    with pytest.raises(PuzzleError, match="no theme 'lurch'"):
        puzzles(theme="lurch")
    data = EVERY[0].to_json()
    for broken, said in (({**data, "player": "0"}, "whole number"), ({**data, "line": ["pick up"]}, "begins with"),
                         ({k: v for k, v in data.items() if k != "goal"}, "lacks")):
        with pytest.raises(PuzzleError, match=said):
            Puzzle.from_json(broken)
    with pytest.raises(PuzzleError, match="not a legal move"):
        EVERY[0].play(["take C2"])
