"""A session of Vira (stytvolt.vira.game): hands one after another, points, chips and the pot (the Match protocol)."""

from __future__ import annotations

import json

import pytest

from stytvolt.core.errors import InvalidPosition
from stytvolt.core.match import Match, hand_seed
from stytvolt.vira import HandState, ViraGame
from stytvolt.vira.bots import SimpleBot
from stytvolt.vira.game import ROUNDS, STAKE, VIRA_GAME, SessionOver, ViraSheet

from test_vira_hand import HEARTS, SPADES, layout, play, play_out

SEATS = ["South", "West", "East"]


def finish(hand: HandState) -> None:
    bot = SimpleBot()
    while not hand.is_terminal():
        hand.apply(bot.choose(hand.observation(hand.current_player())))


def play_session(game: ViraGame) -> None:
    while not game.over:
        finish(game.deal())


class Stacked(ViraGame):
    """A session whose hands are laid out by hand (the cut is ♠A: spades preference, clubs colour)."""

    LAYOUTS: list[dict[int, str]] = [{1: SPADES}, {1: HEARTS}, {}]

    def _deal_hand(self, index: int, dealer: int) -> HandState:
        return layout(self.LAYOUTS[index], "", dealer=dealer)


def test_the_sheet_of_a_stacked_session_worked_by_hand() -> None:
    game = Stacked(1, first_dealer=2)
    assert isinstance(game, Match)
    assert game.sheet_columns() == ((0,), (1,), (2,), (0,), (1,), (2,), ())
    # Before the first deal: no points, each player's stake of 2 chips in the pot, which holds 6.
    assert game.sheet_lines()[0].totals == (0, 0, 0, -2, -2, -2, 6)
    # Hand 1, dealt by East (seat 2): South opens Beg, West (all thirteen spades) overcalls with Solo 7, both pass;
    # spades are preference, so Solo 7 pays 2 points from each opponent (its rates 0/1/2), and the win takes 1 chip
    # from the pot: points 0-2, 0+4, 0-2; West's chips -2+1; the pot 6-1 = 5.
    hand = game.deal()
    assert hand.dealer == 2
    play(hand, "bid Beg", "bid Solo 7", "pass", "pass", "trump S", "play", "keep", "keep")
    play_out(hand)
    assert game.sheet_lines()[1].totals == (-2, 4, -2, -2, -1, -2, 5)
    # Hand 2, dealt by South (the deal passes left): West is eldest with every heart, opens Solo 7 with no class and
    # names hearts (off-colour: 0 points), takes every trick, and 1 chip from the pot: only the chips move.
    hand = game.deal()
    assert hand.dealer == 0 and hand.eldest == 1
    play(hand, "bid Solo 7", "pass", "pass", "trump H", "play", "keep", "keep")
    play_out(hand)
    assert game.sheet_lines()[2].totals == (-2, 4, -2, -2, 0, -2, 4)
    # Hand 3, dealt by West: East is eldest, opens Solo 6 (no class), names spades and surrenders.  A surrendered solo
    # pays at the class it was bid in (off-colour: 0 points) and a single loss's chip, doubled for a solo: 2 chips
    # into the pot (ruling R77).
    hand = game.deal()
    assert hand.dealer == 1 and hand.eldest == 2
    play(hand, "bid Solo 6", "pass", "pass", "trump S", "surrender")
    lines = game.sheet_lines()
    assert lines[3].totals == (-2, 4, -2, -2, 0, -4, 6)
    assert [line.hand for line in lines] == [0, 1, 2, 3]
    said = [r.render(seats=SEATS) for r in lines[3].note]
    assert said[-1] == "The pot holds 6 chips now."
    assert "East surrendered Solo 6" in said[0] and "2 chips into the pot, double for a solo" in said[0]
    # Points pass between the players, chips between a player and the pot: each adds up to 0 on every line.
    for line in lines:
        assert sum(line.totals[:3]) == 0 and sum(line.totals[3:]) == 0
    assert not game.over and game.outcome() == ()


def test_the_sheet_records_a_settlement() -> None:
    sheet = ViraSheet.start(3)
    assert sheet.totals == (0, 0, 0, -STAKE, -STAKE, -STAKE, 3 * STAKE)
    sheet.record((2, -1, -1), (1, 0, 0), -1)  # Solo 7 in colour won by seat 0: 1 point from each, 1 chip
    assert sheet.totals == (2, -1, -1, -1, -2, -2, 5)
    assert [sheet.standing(p) for p in range(3)] == [2 - 8, -1 - 16, -1 - 16]  # points plus 8 a chip


@pytest.mark.parametrize("players", [3, 4])
def test_whole_sessions_end_on_an_empty_pot_or_after_three_rounds(players: int) -> None:
    for seed in range(6):
        game = ViraGame(seed, players=players, first_dealer=players - 1)
        play_session(game)
        lines = game.sheet_lines()
        assert [h.dealer for h in game.hands] == [(players - 1 + i) % players for i in range(len(game.hands))]
        assert len(lines) == len(game.hands) + 1  # no hand is passed out: eldest must bid
        totals = list(lines[0].totals)
        for hand, line in zip(game.hands, lines[1:]):
            s = hand.settlement()
            assert s is not None
            for p in range(players):
                totals[p] += s.points[p]
                totals[players + p] += s.chips[p]
            totals[-1] += s.pot
            assert line.totals == tuple(totals)
        pot = game.sheet.totals[-1]
        assert pot <= 0 or len(game.hands) == ROUNDS * players
        with pytest.raises(SessionOver, match="over"):
            game.deal()
        out = game.outcome()
        assert out[0].code == ("session-pot" if pot <= 0 else "session-deals")
        standings = [game.sheet.standing(p) for p in range(players)]
        best = max(standings)
        assert out[-1].code == ("session-best" if standings.count(best) == 1 else "session-tie")
        assert out[-1].arguments["standing"] == best
        assert len(out) == players + 2


def test_the_outcome_in_words() -> None:
    game = ViraGame(3)
    play_session(game)
    sheet = game.sheet
    said = [r.render(seats=SEATS) for r in game.outcome()]
    for p in range(3):
        points, chips = sheet.points[p], sheet.chips[p]
        assert any(s.startswith(f"{SEATS[p]}: {points} point") and f"{points + 8 * chips} in all" in s for s in said)


def test_hands_come_from_the_sessions_seed() -> None:
    game = ViraGame(5, first_dealer=1)
    hand = game.deal()
    same = HandState.deal(hand_seed(VIRA_GAME, 5, 0), 1)
    assert hand.deck == same.deck and hand.cut == same.cut
    with pytest.raises(InvalidPosition, match="still being played"):
        game.deal()


def test_undo_and_saving() -> None:
    game = ViraGame(8)
    finish(game.deal())
    second = game.deal()
    finish(second)
    saved = game.to_json()
    again = ViraGame.from_json(json.dumps(saved))
    assert again.sheet_lines() == game.sheet_lines() and again.to_json() == saved
    # Back to hand 2 (number 1) with 3 actions: hand 2's line goes from the sheet, and it is played on.
    game.undo_to(1, 3)
    assert len(game.hands) == 2 and len(game.hands[1].history) == 3 and game.current is game.hands[1]
    assert len(game.sheet_lines()) == 2
    game.undo_to(0, 0)
    assert len(game.hands) == 1 and game.sheet_lines()[-1].hand == 0
    with pytest.raises(InvalidPosition, match="actions must be from 0 to 0"):
        game.undo_to(0, 5)


def test_bad_sessions_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="players must be 3 or 4"):
        ViraGame(1, players=5)
    with pytest.raises(InvalidPosition, match="first_dealer"):
        ViraGame(1, first_dealer=3)
    with pytest.raises(InvalidPosition, match="seed"):
        ViraGame(-1)
    with pytest.raises(InvalidPosition, match="not a saved vira-game"):
        ViraGame.from_json({"game": "brus-game", "v": 1, "seed": 1, "hands": []})
    with pytest.raises(InvalidPosition, match="hand 1, action 1"):
        ViraGame.from_json({"game": VIRA_GAME, "v": 1, "seed": 1, "hands": [["pass"]]})
    with pytest.raises(InvalidPosition, match="'rules'"):
        ViraGame.from_json({"game": VIRA_GAME, "v": 1, "seed": 1, "hands": [], "rules": {"deal": "2-2"}})
