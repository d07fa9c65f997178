"""A game of many hands: the deal passes to the left, the first dealer's team draws first."""

import json
import random

import pytest

from stytvolt.core.errors import InvalidPosition
from stytvolt.styrivolt import Game, Rules, Scoring


def finish(hand, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    while not hand.is_terminal():
        hand.apply(rng.choice(hand.legal_actions()))


def test_the_deal_passes_to_the_left_and_every_hand_is_chalked() -> None:
    game = Game(seed=4, first_dealer=3)
    assert game.board.drawer == 1  # the first dealer's team draws the first chalk-up
    rng = random.Random(1)
    dealers = []
    for _ in range(9):
        hand = game.deal()
        dealers.append(hand.dealer)
        assert hand.leader == (hand.dealer + 1) % 4
        finish(hand, rng)
        game.score()
    assert dealers == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert len(game.board.history) == 9


def test_out_of_order_calls_are_refused() -> None:
    game = Game(seed=1)
    with pytest.raises(ValueError, match="no finished hand"):
        game.score()
    hand = game.deal()
    with pytest.raises(ValueError, match="not over"):
        game.deal()
    finish(hand, random.Random(2))
    with pytest.raises(ValueError, match="not scored"):
        game.deal()
    game.score()
    with pytest.raises(ValueError, match="scored already"):
        game.score()
    with pytest.raises(ValueError, match="first_dealer"):
        Game(first_dealer=7)


def test_a_game_round_trips_through_json() -> None:
    game = Game(seed=9, first_dealer=2, rules=Rules(scoring=Scoring.PENGUIN))
    rng = random.Random(3)
    for _ in range(5):
        finish(game.deal(), rng)
        game.score()
    game.deal().apply(game.hands[-1].legal_actions()[0])
    again = Game.from_json(game.to_json())
    assert again.board.state == game.board.state
    assert [h.dumps() for h in again.hands] == [h.dumps() for h in game.hands]
    assert again.dealer == game.dealer and again.current is not None


def test_a_restored_game_deals_the_same_next_hand() -> None:
    rng = random.Random(3)
    game = Game(seed=99, first_dealer=2)
    for _ in range(3):
        finish(game.deal(), rng)
        game.score()
    saved = json.dumps(game.to_json())
    again = Game.from_json(saved)
    assert again.seed == 99 and again.board.state == game.board.state
    assert again.deal().deck == game.deal().deck  # the same cards come next


def test_a_game_without_a_seed_draws_one_and_keeps_it() -> None:
    game = Game()
    assert isinstance(game.seed, int)
    assert Game.from_json(game.to_json()).seed == game.seed


def test_a_game_saved_between_the_end_of_a_hand_and_its_scoring_comes_back_unscored() -> None:
    game = Game(seed=6, first_dealer=1)
    rng = random.Random(5)
    for _ in range(3):
        finish(game.deal(), rng)
        game.score()
    finish(game.deal(), rng)  # over, not yet chalked
    saved = json.loads(json.dumps(game.to_json()))
    again = Game.from_json(saved)
    assert again.to_json() == saved and len(again.board.history) == 3
    with pytest.raises(ValueError, match="not scored"):
        again.deal()
    assert again.score().reasons == game.score().reasons  # the restored game scores the hand as the saved one does
    assert again.board.state == game.board.state and again.to_json() == game.to_json()
    assert "unscored" not in again.to_json()
    with pytest.raises(InvalidPosition, match="'unscored' says the last hand is over and not yet scored, but hand 5"):
        Game.from_json({**saved, "hands": [*saved["hands"], []]})


@pytest.mark.parametrize("change, says", [
    ({"seed": None}, "'seed'"),
    ({"seed": "7"}, "'seed'"),
    ({"first_dealer": 1.0}, "'first_dealer'"),
    ({"rules": None}, "'rules'"),
    ({"hands": "x"}, "'hands' is a list"),
    ({"hands": [5]}, "hand 1 is a list"),
    ({"hands": [["H2", 5]]}, "action 2 of hand 1"),
    ({"v": 1}, "not a saved"),
    ({"score": 1}, "no field 'score'"),
    ({"unscored": "yes"}, "'unscored' must be true or false, not 'yes'"),
    ({"unscored": True}, "'unscored' says the last hand is over and not yet scored, but no hand is dealt"),
])
def test_every_field_of_a_saved_game_is_checked(change: dict[str, object], says: str) -> None:
    good = Game(seed=5).to_json()
    with pytest.raises(InvalidPosition, match=says):
        Game.from_json({**good, **change})


def test_only_the_last_hand_of_a_saved_game_may_be_unfinished() -> None:
    game = Game(seed=4)
    hand = game.deal()
    hand.apply(hand.legal_actions()[0])
    data = game.to_json()
    data["hands"] = [data["hands"][0], []]  # an unfinished hand, then another: a hand would be scored twice
    with pytest.raises(InvalidPosition, match="only the last hand may be unfinished"):
        Game.from_json(data)
