"""The table for Sjavs and Klørsjavs (stytvolt.web.table, their Kinds in stytvolt.sjavs.table and stytvolt.klorsjavs.table): whole games against the computer, through the widget."""

from __future__ import annotations

import re
from typing import Any

import pytest

import stytvolt

from stytvolt.web import handle
from stytvolt.web.table import ALPHABET, SOUTH, kind_of, new_table, read_game_text, render

#: The games at the one table: every game.
TABLE_GAMES = ("styrivolt", "sjavs", "klorsjavs", "knorri", "brus", "vira")

SETUPS = [("sjavs", "4"), ("sjavs", "3"), ("sjavs", "2"),
          ("klorsjavs", "klorsjavs"), ("klorsjavs", "four-hand"), ("klorsjavs", "auction")]


def ask(which: str, /, **params: str) -> dict[str, Any]:
    """The table widget of game ``which`` asked with these params (``game`` is the game's text)."""
    return handle({"game": which, "widget": "table", "params": params})


def ok(which: str, /, **params: str) -> dict[str, Any]:
    response = ask(which, **params)
    assert response["ok"], response
    return response


def turn(html: str) -> str:
    found = re.search(r'class="sv-table"[^>]*data-turn="(\w+)"', html)
    assert found, html[:300]
    return found.group(1)


def actions(html: str) -> list[str]:
    """South's actions on offer: every button with data-action (cards and other buttons)."""
    return re.findall(r'data-do="play" data-action="([^"]+)"', html)


def pick(html: str) -> tuple[str, list[str]] | None:
    """A lay-away choice on offer: its word and the cards that may be ticked."""
    found = re.search(r'data-pick="(\w+)"', html)
    if not found:
        return None
    return found.group(1), re.findall(r'name="pick" value="(\w+)"', html)


def south_acts(game: str, text: str, html: str) -> dict[str, Any]:
    """South takes the first action on offer (or lays away the first cards a pick allows)."""
    offered = actions(html)
    choice = pick(html)
    if choice is not None:
        word, cards = choice
        action = f"{word} {cards[0]} {cards[1]}" if word == "swipe" else f"{word} {cards[0]}"
    else:
        assert offered, html
        action = offered[0]
    return ok(game, do="play", game=text, action=action)


def play_on(game: str, response: dict[str, Any], *, hands: int) -> dict[str, Any]:
    """Drive the table as the page does until ``hands`` hands are over (or the game is)."""
    done = 0
    for _ in range(5_000):
        html, text = response["html"], response["set"]["game"]
        state = turn(html)
        if state == "over":
            return response
        if state == "next":
            done += 1
            if done >= hands:
                return response
            response = ok(game, do="next", game=text)
        elif state == "computer":
            response = ok(game, do="computer", game=text)
        else:
            response = south_acts(game, text, html)
    raise AssertionError("the game did not move on")


@pytest.mark.parametrize("game, setup", SETUPS)
def test_a_new_game_deals_and_south_speaks_first(game: str, setup: str) -> None:
    first = ok(game, do="new", setup=setup, seed="11")
    assert first == ok(game, do="new", setup=setup, seed="11")  # the seed fixes the deal
    html = first["html"]
    assert turn(html) == "south"  # the dealer sits on South's right, so South bids first
    table = read_game_text(game, first["set"]["game"])
    state = table.hand
    assert state.current_player() == SOUTH
    assert sorted(actions(html)) == sorted(str(a) for a in state.legal_actions())
    # South's own cards are on the table, named for a screen reader; no other seat's are.
    for card in state.hands[SOUTH]:
        assert f'data-card="{card}"' in html
    for seat in range(1, state.num_players):
        for card in state.hands[seat]:
            assert f'data-card="{card}"' not in html


@pytest.mark.parametrize("game, setup", SETUPS)
def test_whole_hands_through_the_widget_reach_the_sheet(game: str, setup: str) -> None:
    response = play_on(game, ok(game, do="new", setup=setup, seed="5"), hands=3)
    table = read_game_text(game, response["set"]["game"])
    lines = table.match.sheet_lines()
    assert lines[0].hand == 0
    html = response["html"]
    assert "The hand is over" in html
    for value in lines[-1].totals:  # the sheet drawn is the engine's
        assert f"<td>{value}</td>" in html
    # Every hand's cards: all of the pack, once.
    pack = {"sjavs": 32, "klorsjavs": 18 if setup == "four-hand" else 20}[game]
    for dealt in table.dealt:
        cards = [c for hand in dealt for c in hand]
        assert len(cards) == len(set(cards)) <= pack


def test_a_whole_sjavs_rubber_ends_with_a_winner() -> None:
    response = play_on("sjavs", ok("sjavs", do="new", setup="4", seed="3"), hands=10_000)
    assert turn(response["html"]) == "over"
    table = read_game_text("sjavs", response["set"]["game"])
    assert table.match.over
    assert min(table.match.sheet_lines()[-1].totals) <= 0  # a side counted down from 24 to nothing
    assert "The game is over" in response["html"]
    refused = ask("sjavs", do="next", game=response["set"]["game"])
    assert not refused["ok"] and "over" in refused["error"]


def test_a_whole_klorsjavs_game_ends_with_a_loser() -> None:
    response = play_on("klorsjavs", ok("klorsjavs", do="new", setup="klorsjavs", seed="3"), hands=10_000)
    assert turn(response["html"]) == "over"
    table = read_game_text("klorsjavs", response["set"]["game"])
    assert table.match.over and min(table.match.sheet_lines()[-1].totals) <= 0


def test_an_illegal_or_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    first = ok("sjavs", do="new", setup="4", seed="11")
    text = first["set"]["game"]
    for action, words in (("play HA", "♥A is not in your hand."), ("bid 4", "That is not one of your choices now"),
                          ("dance", "That is not one of your choices now")):
        refused = ask("sjavs", do="play", game=text, action=action)
        assert not refused["ok"] and refused["error"].startswith(words), refused
    assert ok("sjavs", do="show", game=text)["html"] == first["html"]
    passed = ok("sjavs", do="play", game=text, action="pass")
    refused = ask("sjavs", do="play", game=passed["set"]["game"], action="pass")
    assert not refused["ok"] and "West's turn" in refused["error"]


def _to_south_card_play(game: str, setup: str, seed: str) -> dict[str, Any]:
    """Play on until South is to play a card to a trick someone else led."""
    response = ok(game, do="new", setup=setup, seed=seed)
    for _ in range(400):
        html, text = response["html"], response["set"]["game"]
        table = read_game_text(game, text)
        state = table.hand
        if turn(html) == "south" and state.phase == "play" and state.current:
            return response
        if turn(html) == "next":
            response = ok(game, do="next", game=text)
        elif turn(html) == "computer":
            response = ok(game, do="computer", game=text)
        else:
            response = south_acts(game, text, html)
    raise AssertionError("South never followed to a trick")


def test_a_card_that_may_not_be_played_says_why() -> None:
    for seed in range(30):
        response = _to_south_card_play("sjavs", "4", str(seed))
        refused = re.findall(r'data-card="(\w+)" aria-disabled="true" data-refusal="([^"]+)"', response["html"])
        if refused:
            break
    else:
        raise AssertionError("no position with a refused card in 30 deals")
    card, reason = refused[0]
    assert "follow" in reason or "must" in reason, reason
    table = read_game_text("sjavs", response["set"]["game"])
    assert card not in {str(a.cards[0]) for a in table.hand.legal_actions()}


def test_undo_restores_the_position_south_was_asked_in() -> None:
    first = ok("sjavs", do="new", setup="4", seed="21")
    moved = south_acts("sjavs", first["set"]["game"], first["html"])
    while turn(moved["html"]) == "computer":
        moved = ok("sjavs", do="computer", game=moved["set"]["game"])
    undone = ok("sjavs", do="undo", game=moved["set"]["game"])
    assert undone["set"]["game"] == first["set"]["game"]
    assert undone["html"] == first["html"]
    refused = ask("sjavs", do="undo", game=first["set"]["game"])
    assert not refused["ok"] and "nothing" in refused["error"]


def test_the_game_text_is_one_character_an_action() -> None:
    response = play_on("klorsjavs", ok("klorsjavs", do="new", setup="auction", seed="8"), hands=1)
    text = response["set"]["game"]
    hands = text.split(".")[5:]
    assert text.startswith("k1.8.2.beginner.auction.")
    table = read_game_text("klorsjavs", text)
    assert len(hands) == len(table.match.hands)
    for code, moves in zip(hands, table.moves):
        assert len(code) == len(moves) and set(code) <= set(ALPHABET)
    assert read_game_text("klorsjavs", text).text() == text


@pytest.mark.parametrize("text, words", [
    ("x1.1.3.simple.4.", "it is not the record of a Sjavs game at this table."),
    ("s1.abc.3.simple.4.", "its seed, the number the cards were shuffled by, is not a whole number."),
    ("s1.1.7.simple.4.", "its first dealer is not one of the four seats."),
    ("s1.1.3.wizard.4.", "its computer players' level is not one this table has."),
    ("s1.1.3.simple.5.", "it is for a way of playing Sjavs this table does not deal."),
    ("s1.1.3.simple.4.~", "move 1 of hand 1 is not one the rules allowed there."),
    ("s1.1.3.simple.4.0.0", "hand 1 is not over, so hand 2 cannot have been dealt."),
])
def test_a_bad_game_text_is_refused_saying_what_cannot_be_read(text: str, words: str) -> None:
    # The page shows this when a kept game cannot be restored: a sentence, with no field name before it.
    refused = ask("sjavs", do="show", game=text)
    assert not refused["ok"] and refused["error"] == f"This Sjavs game's record cannot be read: {words}", refused


def test_a_computers_laid_away_cards_stay_hidden_until_the_hand_is_over() -> None:
    # Three-player Sjavs: a computer soloist lays cards away face down; South is told how many, not which.
    for seed in range(40):
        response = ok("sjavs", do="new", setup="3", seed=str(seed))
        response = ok("sjavs", do="play", game=response["set"]["game"], action="pass")
        while turn(response["html"]) == "computer":
            response = ok("sjavs", do="computer", game=response["set"]["game"])
            table = read_game_text("sjavs", response["set"]["game"])
            laid = table.hand.laid_away
            if laid and table.hand.declarer != SOUTH and not table.hand.is_terminal():
                log = response["html"].split('class="sv-table-log"')[1]
                assert "lays away" in log
                for card in laid:
                    assert card.symbol not in log.split("lays away")[1].split(".")[0]
                return
    raise AssertionError("no computer soloist laid cards away in 40 deals")


def test_kinds_cover_every_game_of_hands_on_the_match_protocol() -> None:
    # Every registered game sits at this table, Stýrivolt too.  Each game's Kind loads when its table is first asked
    # for, from the module its GameInfo declares.
    games = set(TABLE_GAMES)
    assert games == {"styrivolt", "sjavs", "klorsjavs", "knorri", "brus", "vira"}
    assert games == {info.name for info in stytvolt.games()}
    assert all(kind_of(game).game == game for game in games)


def test_the_table_says_how_long_to_show_a_computer_move() -> None:
    # Knorri's hands run to hundreds of computer moves, so its table asks for a brisker pace than the rest.
    games = TABLE_GAMES
    paces = {game: re.search(r'data-pause="(\d+)"', render(new_table(game, seed=3))) for game in games}
    assert {game: int(m.group(1)) for game, m in paces.items() if m} == {
        "styrivolt": 650, "sjavs": 650, "klorsjavs": 650, "knorri": 400, "brus": 650, "vira": 650}


@pytest.mark.parametrize("game, setup", [("sjavs", "4"), ("klorsjavs", "klorsjavs")])
def test_the_expert_level_thinks_as_a_long_answer_and_plays_legally(game: str, setup: str) -> None:
    from stytvolt.web import begin_json
    import json

    response = play_on(game, ok(game, do="new", setup=setup, seed="9", level="expert"), hands=2)
    table = read_game_text(game, response["set"]["game"])
    assert table.level == "expert" and all(state.is_terminal() for state in table.match.hands)
    # A computer's move in the play is a job the worker runs in slices, with progress on the way.
    response = ok(game, do="new", setup=setup, seed="9", level="expert")
    for _ in range(200):
        text = response["set"]["game"]
        state = read_game_text(game, text).hand
        if turn(response["html"]) == "computer" and state.phase == "play" and len(state.legal_actions()) > 1:
            break
        response = (ok(game, do="computer", game=text) if turn(response["html"]) == "computer" else
                    south_acts(game, text, response["html"]) if turn(response["html"]) == "south" else
                    ok(game, do="next", game=text))
    job = begin_json(json.dumps({"game": game, "widget": "table", "params": {"do": "computer", "game": text}}))
    steps = [json.loads(job.step(1)) for _ in range(400) if not job.done]
    assert any(0 < s.get("progress", 0) < 1 for s in steps if not s["done"])
    assert steps[-1]["done"] and steps[-1]["response"]["ok"]
