"""The puzzle room's answers (:mod:`stytvolt.web.puzzles`), asked as the page asks them, for every game with puzzles.

What the room teaches is checked against what is worked out here independently: the line a right move plays on is
the published line (proven by the games' own tests), the refuting line after a wrong move is the one a brute force
over the state protocol (``tests/protocol/brute.py``) gives, move by move, the ladder's first rung is the game's own
theme sentence, and the record's rating moves by :mod:`stytvolt.learn.puzzle_record`'s rules (tested there).
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from stytvolt.analysis.puzzles import LEVELS, Puzzle, listed, published, side_of, themes
from stytvolt.core import registry
from stytvolt.learn.puzzle_record import HINT_COSTS, Record, read
from stytvolt.web import MAX_LONG_PARAM_CHARS, handle
from stytvolt.web.puzzles import puzzle_games

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "protocol"))
from brute import brute_value  # noqa: E402

GAMES = puzzle_games()


def ask(game: str, **params: str) -> dict[str, Any]:
    response = handle({"game": game, "widget": "puzzle", "params": params})
    assert response["ok"], (game, params, response)
    return response


def refused(game: str, **params: str) -> str:
    response = handle({"game": game, "widget": "puzzle", "params": params})
    assert not response["ok"], (game, params)
    return str(response["error"])


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def root(markup: str, name: str) -> str:
    found = re.search(rf'<div class="sv-pz"[^>]* {name}="([^"]*)"', markup)
    assert found, name
    return html.unescape(found.group(1))


def side(p: Puzzle) -> frozenset[int]:
    """The seats the reader plays, as the shared proof counts them."""
    return frozenset(side_of(p.state(), p.player))


def decision(p: Puzzle, moves: list[str]) -> bool:
    state = p.play(moves)
    return state.current_player() in side(p) and len(state.legal_actions()) > 1


def with_decisions(game: str, least: int) -> Puzzle:
    """A puzzle of the game whose line asks the reader to decide at least ``least`` times."""
    for p in published(game):
        if sum(decision(p, list(p.line[:k])) for k in range(len(p.line))) >= least:
            return p
    pytest.skip(f"no {game} puzzle asks for {least} decisions")


def test_every_game_with_puzzles_has_the_room() -> None:
    assert GAMES and all(registry.game(g).puzzle_module for g in GAMES)
    assert GAMES == [info.name for info in registry.games() if info.puzzle_module]


@pytest.mark.parametrize("game", GAMES)
def test_right_moves_play_the_line_on_to_each_decision_and_solve_it_at_its_end(game: str) -> None:
    p = with_decisions(game, 2)
    first = ask(game, puzzle=p.id)
    assert root(first["html"], "data-state") == "play" and first["set"]["moves"] == ""
    assert "record" not in first["set"]  # looking is not a result
    # The reader's side's buttons: its legal choices at the first decision, and nothing of the defence's.
    pressable = set(re.findall(r'<button[^>]*data-do="play"[^>]*data-action="([^"]*)"', first["html"]))
    assert pressable == {str(a) for a in p.state().legal_actions()}
    moves: list[str] = []
    set_ = first["set"]
    for _ in range(len(p.line)):
        key = p.line[len(moves)]
        answer = ask(game, do="try", puzzle=p.id, moves=",".join(moves), hints=set_["hints"], wrong=set_["wrong"],
                     scored=set_["scored"], **{"try": key}, record=set_.get("record", ""))
        now = answer["set"]["moves"].split(",")
        # On to the next decision of the reader's side, or to the line's end: the defence's replies and the side's
        # forced moves are the line's.
        assert now == list(p.line[:len(now)]) and len(now) > len(moves)
        assert all(not decision(p, now[:k]) for k in range(len(moves) + 1, len(now)))
        assert len(now) == len(p.line) or decision(p, now)
        moves, set_ = now, {**set_, **answer["set"]}
        if len(moves) == len(p.line):
            break
        assert root(answer["html"], "data-verdict") == "right"
    assert root(answer["html"], "data-state") == "solved" and root(answer["html"], "data-verdict") == "solved"
    record = read(game, answer["set"]["record"])
    assert [(e.puzzle, e.score) for e in record.history] == [(p.id, 1.0)]
    assert record.streak == 1 and record.rating > 1500
    assert "The goal is sure: 100 of 100." in text(answer["html"])
    # Solved, nothing is pressable and nothing more is judged.
    assert 'data-do="play"' not in answer["html"] and 'data-do="hint"' not in answer["html"]
    assert "is solved" in refused(game, do="try", puzzle=p.id, moves=",".join(moves), **{"try": p.key})


def _brute_line(p: Puzzle, wrong: str) -> tuple[list[tuple[int, str]], int]:
    """The refuting line worked out by plain minimax: each seat to move takes the action whose value for the player
    (its side maximising, the rest minimising) is best for it, the first of equals in the order the rules list; to
    the hand's end, or until the game's puzzle part says the player's result is decided."""
    state = p.play([wrong])
    friends = side(p)
    decided = getattr(registry.game(p.game).part("puzzle_module"), "decided", None)
    line = [(p.state().current_player(), wrong)]
    while not state.is_terminal() and (decided is None or decided(state, p.player) is None):
        seat = state.current_player()
        legal = list(state.legal_actions())
        values = []
        for action in legal:
            state.apply(action)
            values.append(brute_value(state, p.player, friends))
            state.undo()
        best = max(values) if seat in friends else min(values)
        chosen = legal[values.index(best)]
        line.append((seat, str(chosen)))
        state.apply(chosen)
    return line, int(state.returns()[p.player] if state.is_terminal() else decided(state, p.player))  # type: ignore[misc]


def _small(game: str) -> Puzzle:
    """The game's puzzle with the fewest cards still to play (a brute force settles it at once)."""
    return min(published(game), key=lambda p: (sum(len(h) for h in getattr(p.state(), "hands", ())), p.id))


#: The games whose refuting lines are the shared search's best values (a game whose puzzle part values or moves
#: its own way, as Knorri's phase two must, is proven by its own tests).
SHARED = [g for g in GAMES if not any(hasattr(registry.game(g).part("puzzle_module"), own)
                                      for own in ("goal_values", "refuting_move"))]


@pytest.mark.parametrize("game", SHARED)
def test_a_wrong_move_is_answered_by_the_whole_line_a_brute_force_finds(game: str) -> None:
    p = _small(game)
    wrong = next(str(a) for a in p.state().legal_actions() if str(a) != p.key)
    answer = ask(game, do="try", puzzle=p.id, **{"try": wrong})
    line, result = _brute_line(p, wrong)
    assert result < p.target  # the brute force agrees that the move misses the goal
    shown = html.unescape(re.search(r'data-line="([^"]*)"', answer["html"]).group(1))  # type: ignore[union-attr]
    assert shown == ",".join(f"{seat}:{action}" for seat, action in line)
    # Taken back: the position is as it was, the try is a miss in the record, and the stepper has a step a move.
    assert answer["set"]["moves"] == "" and answer["set"]["wrong"] == "1" and answer["set"]["scored"] == "yes"
    record = read(game, answer["set"]["record"])
    assert record.misses == (p.id,) and [e.score for e in record.history] == [0.0]
    assert answer["html"].count('class="sv-step"') == len(line) + 1
    # The sentence: after the wrong move, each reply by its seat, ending with what the goal needed.
    said = root(answer["html"], "data-spoken")
    assert said.startswith("After ") and f"can no longer make sure of the goal ({p.goal.rstrip('.')})." in said
    assert said.count(" plays ") + said.count(" passes") + said.count(" picks up") >= len(line) - 1
    # A second wrong move is not a second result.
    again = ask(game, do="try", puzzle=p.id, scored="yes", wrong="1", record=answer["set"]["record"], **{"try": wrong})
    assert "record" not in again["set"] and again["set"]["wrong"] == "2"


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_ladder_starts_from_the_idea_says_each_cost_and_ends_with_the_answer_as_a_miss(game: str) -> None:
    p = next(q for q in published(game) if q.themes and len(q.state().legal_actions()) > 2)
    idea_name, idea = themes(game)[p.themes[0]]
    first = ask(game, puzzle=p.id)
    assert f"Hint 1 of 3: the idea (takes {round(HINT_COSTS[0] * 100)} of the puzzle's 100 points)" in text(first["html"])
    one = ask(game, do="hint", puzzle=p.id, hints="0")
    assert one["set"]["hints"] == "1" and "record" not in one["set"]
    rung = text(one["html"])
    assert f"Hint 1, the idea: {idea_name}: {idea}" in rung and p.goal not in idea
    assert f"Hint 2 of 3: where to look (takes {round(HINT_COSTS[1] * 100)} of the puzzle's 100 points)" in rung
    assert f"scores {round((1 - HINT_COSTS[0]) * 100)} of 100" in rung
    two = ask(game, do="hint", puzzle=p.id, hints="1")
    where = re.search(r"Hint 2, where to look:</strong> ([^<]*)<", two["html"])
    assert where and "Hint 3 of 3: the answer (shows the answer: the puzzle counts as a miss)" in text(two["html"])
    key_cards = set(re.findall(r"[♥♠♦♣](?:10|[2-9AJQK])", text(ask(game, do="hint", puzzle=p.id, hints="2")["html"])
                               .split("Hint 3, the answer:")[1][:40]))
    named = set(re.findall(r"[♥♠♦♣](?:10|[2-9AJQK])", html.unescape(where.group(1))))
    assert not key_cards & named or len(named) > len(key_cards)  # it narrows the choice, never to the answer alone
    three = ask(game, do="hint", puzzle=p.id, hints="2")
    assert three["set"]["scored"] == "yes"
    record = read(game, three["set"]["record"])
    assert record.misses == (p.id,) and record.history[-1].score == 0.0
    assert "counts as a miss" in text(three["html"]) and 'data-do="hint"' not in three["html"]
    assert "Every hint is taken" in refused(game, do="hint", puzzle=p.id, hints="3")
    # A solve after the answer is not counted again.
    solved = ask(game, puzzle=p.id, do="try", hints="3", scored="yes", record=three["set"]["record"], **{"try": p.key})
    assert "record" not in solved["set"]


@pytest.mark.parametrize("game", GAMES)
def test_the_list_links_every_puzzle_of_the_choice_once_with_the_readers_result(game: str) -> None:
    level = LEVELS[2]
    theme = next(iter(themes(game)))
    pool = listed(game, level, theme)
    missed, solved = published(game)[0], published(game)[1]
    record = Record(game).after(missed, 0.0).after(solved, 0.8).to_text()
    answer = ask(game, do="list", level=level, theme=theme, record=record)
    assert re.findall(r'<a class="sv-pz-link" href="\?puzzle=([A-Z]\d+)" data-puzzle="\1"', answer["html"]) == [
        p.id for p in pool]
    every = ask(game, do="list", record=record)["html"]
    rows = dict(re.findall(r'<tr data-puzzle="([A-Z]\d+)">.*?<td>([^<]*)</td></tr>', every))
    assert rows[missed.id] == "missed: to retry" and rows[solved.id] == "solved, 80 of 100"
    assert list(rows.values()).count("not tried") == len(published(game)) - 2


@pytest.mark.parametrize("game", GAMES)
def test_next_follows_the_choice_and_retry_opens_the_oldest_miss(game: str) -> None:
    theme = next(iter(themes(game)))
    record = Record(game)
    for _ in range(3):
        answer = ask(game, do="next", theme=theme, level="club", record=record.to_text())
        ident = answer["set"]["puzzle"]
        chosen = next(q for q in published(game) if q.id == ident)
        assert theme in chosen.themes and chosen.level == 2 and ident not in {e.puzzle for e in record.history}
        record = record.after(chosen, 0.0)
    retry = ask(game, do="retry", record=record.to_text())
    assert retry["set"]["puzzle"] == record.misses[0]
    assert "no missed puzzle" in refused(game, do="retry", record=Record(game).to_text())


@pytest.mark.parametrize("game", GAMES)
def test_the_puzzle_of_the_day_is_the_games_for_the_readers_date(game: str) -> None:
    from stytvolt.analysis.puzzles import daily

    for date in ("2026-11-25", "2027-02-01"):
        answer = ask(game, date=date)
        assert answer["set"]["puzzle"] == daily(game, date).id
        assert f"The puzzle of the day, {date}:" in text(answer["html"])


def test_bad_params_are_refused_in_words() -> None:
    game = GAMES[0]
    p = with_decisions(game, 1)
    other = next((g for g in registry.games() if g.puzzle_module and g.name != game), None)
    cases = {
        "cannot do that": dict(do="cheat"),
        "there is no puzzle": dict(puzzle=f"{p.id[0]}9999"),
        "a letter and a number": dict(puzzle="42"),
        "not the moves of puzzle": dict(puzzle=p.id, moves="nonsense"),
        "is not one of your choices now": dict(do="try", puzzle=p.id, **{"try": "nonsense"}),
        "Choose a card": dict(do="try", puzzle=p.id),
        "hints: the hints taken is a whole number from 0 to 3": dict(puzzle=p.id, hints="4"),
        "wrong: the wrong moves tried": dict(puzzle=p.id, wrong="-1"),
        "scored: whether this try is in your record is yes or no": dict(puzzle=p.id, scored="maybe"),
        "level: the levels are beginner, club, expert": dict(do="next", level="grandmaster"),
        "theme:": dict(do="list", theme="no-such-theme"),
        "a date is written like 2026-11-25": dict(date="yesterday"),
    }
    if other is not None:
        cases[f"is a puzzle of {other.title}, not of"] = dict(puzzle=published(other.name)[0].id)
    for words, params in cases.items():
        said = refused(game, **params)
        assert words in said and "internal error" not in said, (params, said)
    # A damaged record is read as a fresh one, and the page is told.
    damaged = ask(game, puzzle=p.id, record="{not a record")
    assert "could not be read, so it starts afresh" in text(damaged["html"]) and "record" not in damaged["set"]
    # The record may be long (up to MAX_LONG_PARAM_CHARS), other params may not.
    assert "at most 16,000" in refused(game, puzzle=p.id, record="x" * (MAX_LONG_PARAM_CHARS + 1))
    assert "at most 2,000" in refused(game, puzzle=p.id, moves="x" * 2001)
    full = Record(game)
    every = published(game)
    for k in range(300):
        full = full.after(every[k % len(every)], 0.0 if k % 3 else 0.6)
    assert len(full.to_text()) <= MAX_LONG_PARAM_CHARS
    assert ask(game, puzzle=p.id, record=full.to_text())["ok"]
