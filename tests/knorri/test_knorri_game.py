"""A session of Knorri: hands one after another on one points sheet (the Match protocol, stytvolt.knorri.game)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from stytvolt.core.errors import InvalidPosition
from stytvolt.core.explain import render
from stytvolt.core.match import Match, hand_seed
from stytvolt.knorri import KnorriGame, KnorriState, Rules
from stytvolt.knorri.bots import SimpleBot
from stytvolt.knorri.game import KNORRI_GAME, MAX_SESSION_TEXT, SESSION_HANDS, PointsSheet, SessionOver

NAMES = ["South", "West", "East"]


def finish(hand: KnorriState, seed: int = 0) -> None:
    bot = SimpleBot(seed)
    while not hand.is_terminal():
        hand.apply(bot.choose(hand.observation(hand.current_player())))


def play_out(game: KnorriGame) -> None:
    k = 0
    while not game.over:
        finish(game.deal(), k)
        k += 1


class Scripted(KnorriGame):
    """A session whose hands are chosen phase-two positions (hands, leader), for sheets worked by hand."""

    def __init__(self, positions: list[tuple[list[str], int]], **kw: Any) -> None:
        super().__init__(1, **kw)
        self.positions = positions

    def _deal_hand(self, index: int, dealer: int) -> KnorriState:
        hands, leader = self.positions[index]
        return KnorriState.from_hands(hands, rules=self.rules, leader=leader, dealer=dealer)


def test_a_sheet_worked_by_hand() -> None:
    # Three players, two hands (chosen positions, already in phase two), the zero-sum scoring:
    # hand 1: South leads ♥2 and goes out while West and East still hold cards (+2); West beats it with ♥3
    #   and goes out with East still holding (+1); East holds ♠4 ♠5 and pays 2 + 1 = 3.  Totals 2, 1, -3.
    #   East lost, so East deals hand 2.
    # hand 2: West took no cards (safe from the start: +2, for the two who held cards); South leads ♥2 and
    #   goes out (+1: East still holds); East pays 3.  Totals 3, 3, -6.
    game = Scripted([(["H2", "H3", "S4 S5"], 0), (["H2", "", "H3 S4"], 0)], players=3, first_dealer=1,
                    hands_to_play=2)
    first = game.deal()
    assert first.dealer == 1
    first.apply("play H2")
    first.apply("play H3")
    assert game.dealer_of(1) == 2  # the loser deals next
    second = game.deal()
    assert second.dealer == 2
    second.apply("play H2")
    lines = game.sheet_lines()
    assert [line.totals for line in lines] == [(0, 0, 0), (2, 1, -3), (3, 3, -6)]
    assert [line.hand for line in lines] == [0, 1, 2]
    assert render(lines[0].note, NAMES) == "Everyone starts at 0; the session is 2 hands, and the highest total then wins."
    assert render(lines[1].note, NAMES) == "Out in turn: South +2, West +1; East held cards last and pays −3."
    assert render(lines[2].note, NAMES) == ("Out in turn: South +1; no cards taken: West +2; East held cards last "
                                            "and pays −3.")
    assert game.over
    assert render(game.outcome(), NAMES) == ("South and West share the best total, +3, and win the session; East ends "
                                             "lowest, at −6.")
    with pytest.raises(SessionOver, match="2 hands are played"):
        game.deal()


def test_a_level_session_and_a_single_winner() -> None:
    # Hand 1 as above (2, 1, -3); hand 2 the mirror: East leads ♥2 (+2), South beats with ♥3 (+1), West pays 3:
    # totals 3, -2, -1.  South alone has the best total; West is lowest.
    game = Scripted([(["H2", "H3", "S4 S5"], 0), (["H3", "S4 S5", "H2"], 2)], players=3, hands_to_play=2)
    for moves in (["play H2", "play H3"], ["play H2", "play H3"]):
        hand = game.deal()
        for move in moves:
            hand.apply(move)
    assert game.sheet.totals == (3, -2, -1)
    assert render(game.outcome(), NAMES) == "South has the best total, +3, and wins the session; West ends lowest, at −2."
    assert game.outcome() and not Scripted([], players=3).outcome()


def test_the_points_sheet_refuses_a_line_that_is_not_zero_sum() -> None:
    sheet = PointsSheet((0, 0, 0))
    sheet.record([2, 1, -3])
    assert sheet.totals == (2, 1, -3) and sheet.hands == 1
    with pytest.raises(InvalidPosition, match="sum to zero"):
        sheet.record([1, 1, 1])
    with pytest.raises(InvalidPosition, match="one a player"):
        sheet.record([1, -1])


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_a_whole_session(players: int) -> None:
    game = KnorriGame(11, players=players, first_dealer=players - 1)
    assert isinstance(game, Match)
    assert game.rules.scoring and game.hands_to_play == SESSION_HANDS[players]
    play_out(game)
    assert len(game.hands) == SESSION_HANDS[players]
    totals = [0] * players
    for i, hand in enumerate(game.hands):
        # each hand is the engine's own game, its points the zero-sum scoring, and the loser deals the next
        points = hand.returns()
        assert sum(points) == 0 and points[hand.loser] < 0
        totals = [t + p for t, p in zip(totals, points)]
        assert game.sheet_lines()[i + 1].totals == tuple(totals)
        if i + 1 < len(game.hands):
            assert game.hands[i + 1].dealer == hand.loser
    assert game.hands[0].dealer == players - 1
    assert game.over and game.outcome() and game.current is None


def test_dealing_is_refused_while_a_hand_is_played_and_hands_come_from_the_seed() -> None:
    game = KnorriGame(5, players=3)
    hand = game.deal()
    assert game.current is hand and not game.over
    with pytest.raises(InvalidPosition, match="still being played"):
        game.deal()
    with pytest.raises(InvalidPosition, match="still being played"):
        game.dealer_of(1)
    same = KnorriState.deal(hand_seed(KNORRI_GAME, 5, 0), players=3, dealer=0, rules=Rules(scoring=True))
    assert same.deck == hand.deck
    assert KnorriGame(5, players=3).deal().deck == hand.deck and KnorriGame(6, players=3).deal().deck != hand.deck


def test_undo_cuts_the_session_back() -> None:
    game = KnorriGame(8, players=3)
    play_out(game)
    lines = game.sheet_lines()
    game.undo_to(1, 10)
    assert len(game.hands) == 2 and len(game.hands[1].history) == 10 and not game.over
    assert game.sheet_lines() == lines[:2]  # only hand 1's line is left
    with pytest.raises(InvalidPosition, match="actions must be from 0 to 10"):
        game.undo_to(1, 11)
    with pytest.raises(InvalidPosition, match="hand must be the number"):
        game.undo_to(5, 0)
    assert len(game.hands[1].history) == 10  # a refused cut changes nothing


def test_json_round_trip_and_text() -> None:
    game = KnorriGame(21, players=4, first_dealer=2)
    finish(game.deal())
    hand = game.deal()
    for _ in range(7):
        hand.apply(hand.legal_actions()[0])
    data = game.to_json()
    assert data["game"] == KNORRI_GAME and data["v"] == 1 and data["hands_to_play"] == 3
    again = KnorriGame.from_json(json.dumps(data))
    assert again.to_json() == data
    assert [h.deck for h in again.hands] == [h.deck for h in game.hands]
    assert again.sheet_lines() == game.sheet_lines()
    assert again.current is not None and len(again.current.history) == 7


@pytest.mark.parametrize("change, message", [
    ({"game": "brus-game"}, 'expected "game": "knorri-game"'),
    ({"colour": 1}, "has no field 'colour'"),
    ({"players": 9}, "players must be 3 to 8"),
    ({"first_dealer": 4}, "first_dealer must be a seat from 0 to 3"),
    ({"hands_to_play": 0}, "hands_to_play must be a whole number"),
    ({"rules": {"soft_clubs": "yes"}}, "'rules'"),
    ({"hands": [["take S4"]]}, "hand 1, action 1"),
    ({"hands": "none"}, "'hands' is a list"),
])
def test_bad_saved_sessions_are_refused_naming_what_is_wrong(change: dict[str, Any], message: str) -> None:
    data = {**KnorriGame(3, players=4).to_json(), **change}
    with pytest.raises(InvalidPosition, match=message.replace("(", r"\(")):
        KnorriGame.from_json(data)


def test_a_saved_text_longer_than_any_session_is_refused_before_it_is_read() -> None:
    text = json.dumps(KnorriGame(3, players=4).to_json())
    with pytest.raises(InvalidPosition, match=f"at most {MAX_SESSION_TEXT:,}"):
        KnorriGame.from_json(text + " " * MAX_SESSION_TEXT)


@pytest.mark.parametrize("players, seed", [(9, 4), (12, 2)])
def test_a_two_pack_session_at_nine_to_twelve_restores_from_its_own_save(players: int, seed: int) -> None:
    # Computer players play a hand of 5,473 actions at nine and 5,778 at twelve: each session's own save (and
    # its hand's) was once refused on restore ("a hand of knorri-game has at most 5000").  A hand has no
    # longest length (ruling R100), so no count of actions is refused.
    game = KnorriGame(seed, players=players, rules=Rules(scoring=True, two_packs=True))
    bots = [SimpleBot(seed * 100 + p) for p in range(players)]
    while not game.over:
        hand = game.deal()
        while not hand.is_terminal():
            p = hand.current_player()
            hand.apply(bots[p].choose(hand.observation(p)))
    assert len(game.hands) == 1 and len(game.hands[0].history) > 5_000
    text = json.dumps(game.to_json())
    again = KnorriGame.from_json(text)
    assert again.to_json() == game.to_json() and again.sheet_lines() == game.sheet_lines() and again.over
    hand_text = json.dumps(game.hands[0].to_json())
    assert KnorriState.from_json(hand_text).to_json() == game.hands[0].to_json()


def test_hands_after_the_end_are_refused() -> None:
    game = KnorriGame(2, players=6)  # one hand
    play_out(game)
    data = game.to_json()
    data["hands"].append([])
    with pytest.raises(InvalidPosition, match="follows the end of the game"):
        KnorriGame.from_json(data)


@pytest.mark.parametrize("kw, message", [
    ({"players": 2}, "players must be 3 to 8"),
    ({"players": True}, "players must be 3 to 8"),
    ({"players": 4, "first_dealer": 4}, "first_dealer must be a seat"),
    ({"players": 4, "rules": "plain"}, "rules must be Knorri Rules"),
    ({"players": 4, "hands_to_play": 501}, "hands_to_play must be a whole number from 1 to 500"),
])
def test_bad_sessions_are_refused(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        KnorriGame(1, **kw)
    with pytest.raises(InvalidPosition, match="seed must be"):
        KnorriGame(-1)
