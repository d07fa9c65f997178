"""A game of Brus: deals one after another until a side has six strokes (the Match protocol)."""

from __future__ import annotations

import json

import pytest

from stytvolt.brus import BrusGame, HandState, Rules, StrokeSheet
from stytvolt.brus.bots import SimpleBot
from stytvolt.brus.game import BRUS_GAME, GameOver
from stytvolt.core.errors import InvalidPosition
from stytvolt.core.match import Match, hand_seed


def finish(deal: HandState) -> None:
    bot = SimpleBot()
    while not deal.is_terminal():
        deal.apply(bot.choose(deal.observation(deal.current_player())))


def play_out(game: BrusGame) -> None:
    while not game.over:
        finish(game.deal())


def test_the_sheet_by_hand() -> None:
    sheet = StrokeSheet()
    sheet.record(0, 1)       # 1-0
    sheet.record(None, 0)    # a draw: nothing
    sheet.record(1, 2)       # a lurch: 1-2
    sheet.record(0, 2)       # 3-2
    sheet.record(0, 2)       # 5-2
    assert sheet.totals == (5, 2) and sheet.winner is None
    sheet.record(0, 2)       # a lurch at five: seven, which wins
    assert sheet.totals == (7, 2) and sheet.winner == 0
    with pytest.raises(GameOver, match="already won"):
        sheet.record(1, 1)
    with pytest.raises(InvalidPosition, match="1 or 2 strokes"):
        StrokeSheet().record(0, 3)
    with pytest.raises(InvalidPosition, match="1 or 2 strokes"):
        StrokeSheet().record(2, 1)


@pytest.mark.parametrize("players, first", [(4, 0), (4, 3), (6, 2)])
def test_a_whole_game(players: int, first: int) -> None:
    game = BrusGame(11, players=players, first_dealer=first)
    assert isinstance(game, Match)
    assert game.dealer_of(0) == first
    play_out(game)
    # the deal passes to the left after every deal, scored or not (ruling R63)
    assert [d.dealer for d in game.hands] == [(first + i) % players for i in range(len(game.hands))]
    # the strokes are the deals' own, added up; the first side at six wins, and nobody played on after
    totals = [0, 0]
    for i, deal in enumerate(game.hands):
        result = deal.result()
        assert result is not None
        if result.side is not None:
            totals[result.side] += result.strokes
        if i < len(game.hands) - 1:
            assert max(totals) < 6
    assert max(totals) >= 6 and min(totals) < 6
    assert game.sheet.totals == tuple(totals)
    winner = totals.index(max(totals))
    assert game.outcome()[0].code == "game-won" and game.outcome()[0].arguments["side"] == winner
    lines = game.sheet_lines()
    assert lines[0].hand == 0 and lines[0].totals == (0, 0)
    assert [line.hand for line in lines[1:]] == list(range(1, len(game.hands) + 1))
    assert lines[-1].totals == tuple(totals)
    assert game.sheet_columns() == tuple(tuple(range(s, players, 2)) for s in (0, 1))
    with pytest.raises(GameOver, match="over"):
        game.deal()


def test_deals_come_from_the_games_seed() -> None:
    game = BrusGame(5)
    deal = game.deal()
    assert deal.deck == HandState.deal(hand_seed(BRUS_GAME, 5, 0), 0).deck


def test_a_deal_in_progress_blocks_the_next() -> None:
    game = BrusGame(3)
    deal = game.deal()
    assert game.current is deal and game.outcome() == ()
    with pytest.raises(InvalidPosition, match="still being played"):
        game.deal()
    with pytest.raises(InvalidPosition, match="who deals deal 2 is known once deal 1 is over"):
        game.dealer_of(1)
    finish(deal)
    assert game.current is None and game.dealer_of(1) == 1


def test_a_drawn_deal_writes_a_line_and_moves_the_deal_on() -> None:
    # Find a game whose deals include a no-score draw (they happen at six players).
    for seed in range(200):
        game = BrusGame(seed, players=6)
        play_out(game)
        drawn = [i for i, d in enumerate(game.hands) if d.result().side is None]  # type: ignore[union-attr]
        if drawn:
            i = drawn[0]
            line = game.sheet_lines()[i + 1]
            assert line.note[-1].code == "sheet-none"
            assert line.totals == game.sheet_lines()[i].totals
            if i + 1 < len(game.hands):
                assert game.hands[i + 1].dealer == (game.hands[i].dealer + 1) % 6
            return
    raise AssertionError("no drawn deal in 200 games")


def test_json_round_trip_and_undo_to() -> None:
    game = BrusGame(8, players=6, first_dealer=1)
    finish(game.deal())
    second = game.deal()
    for _ in range(5):
        second.apply(second.legal_actions()[0])
    data = game.to_json()
    assert data["game"] == "brus-game" and len(data["hands"]) == 2
    again = BrusGame.from_json(json.dumps(data))
    assert again.to_json() == data and again.sheet.totals == game.sheet.totals
    game.undo_to(0, 3)
    assert len(game.hands) == 1 and len(game.hands[0].history) == 3 and game.sheet.totals == (0, 0)
    with pytest.raises(InvalidPosition, match="actions must be"):
        game.undo_to(0, 99)


@pytest.mark.parametrize("data, words", [
    ({"game": "sjavs-rubber", "v": 1, "seed": 1, "hands": []}, "not a saved brus-game"),
    ({"game": "brus-game", "v": 1, "hands": []}, "lacks the field 'seed'"),
    ({"game": "brus-game", "v": 1, "seed": -1, "hands": []}, "seed must be"),
    ({"game": "brus-game", "v": 1, "seed": 1, "players": 5, "hands": []}, "players must be 4 or 6"),
    ({"game": "brus-game", "v": 1, "seed": 1, "rules": {"x": True}, "hands": []}, "'rules'"),
    ({"game": "brus-game", "v": 1, "seed": 1, "hands": [["HQ"]]}, "hand 1, action 1"),
    ({"game": "brus-game", "v": 1, "seed": 1, "hands": [[], []]}, "hand 1 is not finished"),
])
def test_from_json_refuses_bad_games(data: object, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        BrusGame.from_json(data)


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 3}, "players must be 4 or 6"), ({"first_dealer": 4}, "first_dealer"),
    ({"rules": "plain"}, "Brus Rules"),
])
def test_a_game_refuses_bad_tables(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        BrusGame(1, **kwargs)  # type: ignore[arg-type]


def test_dealer_of_refuses_numbers_out_of_range() -> None:
    with pytest.raises(InvalidPosition, match="number of a deal"):
        BrusGame(1).dealer_of(2)
    assert BrusGame(1, rules=Rules()).num_players == 4
    assert "BrusGame seed=1" in repr(BrusGame(1))
