"""Sjavs's computer players: legal, fair (observations only) and sensible."""

from __future__ import annotations

from stytvolt.sjavs import HandState, parse_action
from stytvolt.sjavs.bots import RandomBot, SimpleBot

from test_sjavs_hand import HANDS, play, stacked


def _match(players: int, hands: int) -> float:
    """SimpleBot's side against RandomBot: its mean game points a hand (both sides' seats rotate)."""
    total = 0.0
    for seed in range(hands):
        state = HandState.deal(seed, dealer=seed % players, players=players)
        ours = {s for s in range(players) if (s % 2 == seed % 2 if players == 4 else s == seed % players)}
        bots = {s: (SimpleBot(s) if s in ours else RandomBot(seed * 7 + s)) for s in range(players)}
        while not state.is_terminal():
            seat = state.current_player()
            action = bots[seat].choose(state.observation(seat))
            assert action in state.legal_actions()
            state.apply(action)
        total += sum(state.returns()[s] for s in ours) / len(ours)
    return total / hands


def test_simple_bot_beats_random_play_in_every_player_count() -> None:
    # Over 300 hands SimpleBot's side gains about 3 game points a hand; random play scores 0 on average.
    for players in (4, 3, 2):
        assert _match(players, 300) > 1.0, players


def test_the_announcer_draws_trumps_with_the_best_one() -> None:
    state = stacked(HANDS)
    play(state, "bid 8", "pass", "pass", "pass", "trump H")
    assert str(SimpleBot().choose(state.observation(1))) == "play CQ"


def test_points_go_to_a_partner_who_wins_the_trick() -> None:
    state = stacked(HANDS)
    play(state, "bid 8", "pass", "pass", "pass", "trump H")
    for cards in ("CQ S7 HJ C7", "SQ S8 DJ C8", "CJ S9 H9 C9", "SJ ST H8 CK", "HA SK H7 D7"):
        play(state, *(f"play {c}" for c in cards.split()))
    play(state, "play HK", "play SA")  # seat 1's ♥K wins; seat 3 holds ♣A ♣10 ♦A and no trump
    choice = SimpleBot().choose(state.observation(3))
    assert str(choice) == "play CT"  # ten points to the partner's safe trick, keeping the aces


def test_bots_choose_from_what_the_seat_sees() -> None:
    state = stacked(HANDS)
    seen = state.observation(1)
    moved = state.clone()
    # The other hands swapped around: seat 1's observation is unchanged, and so is the choice.
    other = moved.resample(1, __import__("random").Random(3))
    assert other.observation(1).to_json() == seen.to_json()
    assert SimpleBot().choose(other.observation(1)) == SimpleBot().choose(seen)
    assert parse_action("bid 8") == SimpleBot().choose(seen)
