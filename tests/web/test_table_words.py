"""What the tables and the puzzles write, read as a person reads it: every card one way (a ten is "♣10", never
"♣T"), every count with its noun in the right number ("1 trick", "2 chips", never "1 tricks" or "chip(s)"), no
doubled full stop.

Whole games are played by computer players at every table (South by a random choice among its legal actions,
so the rarer branches come up too), drawn by the web layer after each of South's turns and at each hand's end;
the puzzles are drawn through the widgets' request handler, as the page asks for them.  A sample of seeds and
hands keeps this to a few seconds; ``bench/words_sweep.py`` runs the same over many more.
"""

from __future__ import annotations

import html
import random
import re
from typing import Iterator

import pytest

from stytvolt.web import handle, render_figure
from stytvolt.web import table as matches
from stytvolt.web.table import SOUTH, hand_log, new_table, render
from core.test_words import faults

#: Every way the shared table plays, with the hands sampled.
SETUPS = [("sjavs", "4", 3), ("sjavs", "3", 3), ("sjavs", "2", 2), ("klorsjavs", "klorsjavs", 3),
          ("klorsjavs", "four-hand", 2), ("klorsjavs", "auction", 3), ("brus", "4", 2), ("brus", "6", 1),
          ("knorri", "3", 1), ("knorri", "4m", 1), ("vira", "3", 3), ("vira", "4", 2)]


def read(markup: str) -> Iterator[str]:
    """The text a person reads in ``markup``: its words, and what a screen reader says (labels, refusals)."""
    yield html.unescape(re.sub(r"<[^>]+>", " ", markup))
    for said in re.findall(r'(?:aria-label|data-refusal|title)="([^"]*)"', markup):
        yield html.unescape(said)


def check(where: str, markup: str, found: dict[str, str]) -> None:
    for text in read(markup):
        for fault in faults(text):
            at = text.find(fault)
            found.setdefault(f"{where}: {fault}", text[max(0, at - 90):at + 40])


def play(game: str, setup: str, seed: int, hands: int, found: dict[str, str]) -> None:
    table = matches.new_table(game, setup, "", seed)
    rng = random.Random(seed)
    done = 0
    for _ in range(20_000):
        state = table.hand
        if state.is_terminal():
            check(f"{game} {setup} seed {seed}", matches.render(table), found)
            for h in range(len(table.match.hands)):
                check(f"{game} {setup} seed {seed} log {h}", matches.hand_log(table, h), found)
            done += 1
            if table.match.over or done >= hands:
                return
            table.deal()
            continue
        seat = state.current_player()
        if seat == matches.SOUTH:
            check(f"{game} {setup} seed {seed}", matches.render(table), found)
            table.apply(rng.choice(list(state.legal_actions())))
        else:
            table.apply(table.kind.bot(table.level, rng.randrange(10**6)).choose(state.observation(seat)))
    raise AssertionError(f"{game} {setup}: the game did not end")  # pragma: no cover


@pytest.mark.parametrize("game, setup, hands", [(g, s, h) for g, s, h in SETUPS], ids=[f"{g}-{s}" for g, s, _ in SETUPS])
def test_a_tables_words_count_and_name_cards_one_way(game: str, setup: str, hands: int) -> None:
    found: dict[str, str] = {}
    for seed in (1, 2):
        play(game, setup, seed, hands, found)
    # The same drawing reaches the page through the request handler.
    response = handle({"game": game, "widget": "table", "params": {"do": "new", "setup": setup, "seed": "3"}})
    assert response["ok"], response
    check(f"{game} {setup} new", response["html"], found)
    assert not found, found


def test_the_styrivolt_tables_words_count_one_way() -> None:
    from stytvolt.styrivolt.players import computer

    found: dict[str, str] = {}
    for seed in (1, 2, 3):
        table = new_table("styrivolt", level="beginner", seed=seed)
        rng = random.Random(seed)
        for _ in range(3):
            while not (state := table.hand).is_terminal():
                seat = state.to_move
                if seat == SOUTH:
                    check(f"styrivolt seed {seed}", render(table), found)
                    action = rng.choice(state.legal_actions())
                else:
                    action = computer("beginner", rng.randrange(10**6)).choose(state.observation(seat))
                table.apply(action)
            check(f"styrivolt seed {seed}", render(table), found)
            for h in range(len(table.match.hands)):
                check(f"styrivolt seed {seed} log {h}", hand_log(table, h), found)
            table.deal()
    assert not found, found


def test_the_puzzles_words_count_and_name_cards_one_way() -> None:
    from stytvolt.analysis.puzzles import published
    from stytvolt.web.puzzles import puzzle_games

    found: dict[str, str] = {}
    for game in puzzle_games():
        every = published(game)
        for p in every[:: max(1, len(every) // 6)]:
            wrong = next(str(a) for a in p.state().legal_actions() if str(a) != p.key)
            asks = [{"puzzle": p.id}, {"do": "try", "puzzle": p.id, "try": p.key},
                    {"do": "try", "puzzle": p.id, "try": wrong}, {"do": "hint", "puzzle": p.id, "hints": "2"},
                    {"puzzle": p.id, "moves": ",".join(p.line)}, {"do": "list"}]
            for params in asks:
                response = handle({"game": game, "widget": "puzzle", "params": params})
                assert response["ok"], (game, params, response)
                check(f"{game} puzzle {params}", response["html"], found)
        check(f"{game} puzzle-rating", render_figure("puzzle-rating", {}, game), found)
    assert not found, found
