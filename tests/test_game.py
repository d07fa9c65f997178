"""A game of many hands: the deal passes to the left, the first dealer's team draws first."""

import random

import pytest

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
