"""One test per Brus ruling on docs/rulings.md (R57 on), named after it.

A ruling is where the sources are ambiguous, silent or disagree; the test
pins the decision, so that changing it is a deliberate change to the page.
The deals are stacked with ``deck_for`` and worked by hand in the comments.
"""

from __future__ import annotations

import random

import pytest

from stytvolt.brus import (
    LIVE_ORDER, SEVENS, BrusGame, HandState, LegalPlays, StrokeSheet, deal_score, legal_plays, refusal, side_of,
)
from stytvolt.core.cards import parse_card, parse_cards
from stytvolt.core.errors import IllegalAction, InvalidPosition

from test_brus import deck_for
from test_brus_hand import LURCH, PASSING, SIX_STOP, UNFINISHED, UNFINISHED_PLAY

ORDER = {card: 18 - i for i, card in enumerate(LIVE_ORDER)}


def play(state: HandState, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def test_R57_a_player_able_to_beat_must_beat() -> None:
    # ♠A is highest; ♦9 beats it (nines above aces): a pass is refused, and ♦9 is the only play.
    assert legal_plays("D9 HJ", "SA") == LegalPlays(parse_cards("D9"), False)
    assert refusal("D9 HJ", "SA", "pass").code == "must-beat"  # type: ignore[union-attr]
    # Holding nothing higher, the pass is the only thing allowed.
    assert legal_plays("HJ D6 HQ", "SA") == LegalPlays((), True)
    # any card that beats will do: the player chooses among them
    assert legal_plays("C9 D9 HJ", "SA").cards == parse_cards("C9 D9")


def test_R58_sevens_are_laid_out_whenever_a_player_comes_to_the_lead() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    # Seat 1 holds ♣7 while following: it may not play it, and keeps it.
    state.apply("D6")
    with pytest.raises(IllegalAction) as refused:
        state.apply("C7")
    assert refused.value.reason.code == "seven-not-played"
    play(state, "H6", "S6", "C6")
    # Seat 3 won, and laid out ♦7 before leading, without being asked.
    assert state.log[-1].kind == "seven" and state.log[-1].plays == ((3, parse_card("D7")),)
    assert parse_card("C7") in state.hands[1]
    play(state, "SJ", "pass", "CJ", "pass")
    # Seat 1 won trick 2 and laid out ♣7 at once.
    assert [(e.kind, e.seat) for e in state.log[3:5]] == [("seven", 1), ("lead-passes", 1)]
    assert parse_card("C7") not in state.hands[1]


def test_R59_one_turn_each_and_the_lead_stands_when_all_pass() -> None:
    state = HandState(deck_for(LURCH, 3), dealer=3)
    play(state, "C9", "pass", "pass", "pass")
    trick = state.log[-1]
    assert trick.kind == "trick" and len(trick.plays) == 4 and trick.winner == 0
    assert state.current_player() == 0  # the winner leads again
    assert state.explain(trick).reason.code == "lead-stands"


# Six players, dealer 5: seats 1 and 2 never come to the lead while live cards are left.
SEVENS_AT_THE_END = ["D7 D6 DA C9 C8 H8", "C7 S7 H7 H6 HA HK", "S6 SA S8 D8 SK DK", "C6 CA CJ CK CT ST",
                     "DJ D9 H9 HT DT CQ", "HJ SJ S9 SQ HQ DQ"]


def test_R60_the_lead_passes_on_and_sevens_are_laid_out_before_an_unfinished_end() -> None:
    state = HandState(deck_for(SEVENS_AT_THE_END, 5), players=6, dealer=5)
    # Seat 0 lays out ♦7 (side 0: 1).  Three tricks take all 18 live cards, each player beating in turn:
    play(state, "D6", "H6", "S6", "C6", "DJ", "HJ")     # seat 5 wins (side 1: 1)
    play(state, "SJ", "DA", "HA", "SA", "CA", "D9")     # seat 4 wins (side 0: 2)
    play(state, "H9", "S9", "C9", "HK", "S8", "CJ")     # seat 3 wins (side 1: 2)
    # No live card is left.  The lead goes round from seat 3: seat 1 still holds ♣7 ♠7 ♥7 and lays them out
    # (side 1: 5) before the deal stops; ♣K is seat 3's, so side 1 scores one stroke.
    assert state.is_terminal() and state.end == "no-live"
    assert [(e.kind, e.seat) for e in state.log[-3:]] == [("seven", 1)] * 3
    assert state.won == (2, 5)
    assert state.returns() == [-1, 1, -1, 1, -1, 1]
    # A side reaching six stops the deal at once, even between sevens: ♦7 stays in seat 2's hand.
    stop = HandState(deck_for(SIX_STOP, 5), players=6, dealer=5)
    for card in ("HK", "S8", "CJ"):
        play(stop, card, *["pass"] * 5)
    assert stop.won == (6, 0) and parse_card("D7") in stop.hands[2]


def test_R61_the_lurch_is_six_to_none_and_sevens_count_both_ways() -> None:
    # Sevens help: the LURCH deal's six tricks include seat 0's two sevens, and score 2.
    state = HandState(deck_for(LURCH, 3), dealer=3)
    play(state, "C9", *["pass"] * 3, "HK", *["pass"] * 3, "S8", *["pass"] * 3, "CJ", *["pass"] * 3)
    assert state.result().kind == "lurch"  # type: ignore[union-attr]
    # An opponent's seven spoils it: dealer 2, so seat 3 leads first and lays out ♦7; side 0 then takes six
    # tricks in a row (♣9 over ♦J, two sevens, ♥K, ♠8, ♣J), but it is six to one: one stroke.
    hands = list(LURCH)
    hands[3] = hands[3].replace("DK", "D7")
    hands[2] = hands[2].replace("D7", "DK")
    spoiled = HandState(deck_for(hands, 2), dealer=2)
    assert spoiled.won == (0, 1)
    play(spoiled, "DJ", "C9", "pass", "pass")
    play(spoiled, "HK", *["pass"] * 3, "S8", *["pass"] * 3, "CJ", *["pass"] * 3)
    assert spoiled.won == (6, 1)
    assert spoiled.result().kind == "six" and spoiled.returns() == [1, -1, 1, -1]  # type: ignore[union-attr]
    with pytest.raises(InvalidPosition):
        deal_score((6, 1), straight=True)
    with pytest.raises(InvalidPosition):
        deal_score((6, 0), straight=False)


def test_R62_the_club_king_decides_only_a_side_at_five() -> None:
    assert deal_score((5, 5), club_king_side=1).side == 1
    assert deal_score((5, 2), club_king_side=1).side is None
    assert deal_score((4, 3), club_king_side=0).side is None
    state = HandState(deck_for(UNFINISHED, 3), dealer=3)
    play(state, *UNFINISHED_PLAY[:-4])
    assert not state.club_king_shown() and state.observation(1).club_king is None
    play(state, *UNFINISHED_PLAY[-4:])
    assert state.won == (5, 4) and state.club_king_shown() and state.observation(3).club_king == 0


def test_R63_the_deal_passes_to_the_left_after_every_deal() -> None:
    game = BrusGame(31, players=4, first_dealer=2)
    rng = random.Random(0)
    while not game.over:
        deal = game.deal()
        while not deal.is_terminal():
            deal.apply(rng.choice(deal.legal_actions()))
    assert [d.dealer for d in game.hands] == [(2 + i) % 4 for i in range(len(game.hands))]
    assert BrusGame(31).dealer_of(0) == 0


def test_R64_dealt_one_at_a_time_from_the_dealers_left_after_the_cut() -> None:
    deck = sorted(parse_cards(" ".join(f"{s}{r}" for s in "SHDC" for r in "6789TJQKA")))
    state = HandState(deck, dealer=0)
    # dealer 0: cards 0, 4, 8, ... to seat 1; 1, 5, 9, ... to seat 2; 3, 7, ... to seat 0 (the dealer, last)
    held = [set(h) | {c for e in state.log if e.seat == s for _, c in e.plays if c} for s, h in enumerate(state.hands)]
    assert held[1] == set(deck[0::4]) and held[2] == set(deck[1::4]) and held[0] == set(deck[3::4])
    assert state.cutter == 3 and HandState(deck, dealer=2, players=6).cutter == 1
    assert all(len(h) == 6 for h in HandState(deck, players=6).hands[1:])


def test_R65_the_first_side_to_six_strokes_wins_a_lurch_may_make_seven() -> None:
    sheet = StrokeSheet((5, 4))
    sheet.record(0, 2)
    assert sheet.totals == (7, 4) and sheet.winner == 0


def test_R66_any_live_card_may_be_led_and_a_leader_with_one_may_not_pass() -> None:
    assert legal_plays("CJ S8 D6", None).cards == parse_cards("CJ S8 D6")
    assert refusal("CJ S8 D6", None, "pass").code == "must-lead"  # type: ignore[union-attr]
    state = HandState(deck_for(LURCH, 3), dealer=3)
    assert "pass" not in [str(a) for a in state.legal_actions()]


def test_R67_six_players_alternate_sides_and_each_trick_has_six_turns() -> None:
    assert [side_of(s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    state = HandState(deck_for(SEVENS_AT_THE_END, 5), players=6, dealer=5)
    assert state.current_player() == 0
    play(state, "D6", "H6", "S6", "C6", "DJ", "HJ")
    assert len(state.log[-1].plays) == 6 and state.log[-1].winner == 5


def test_R68_the_table_sees_counts_passes_and_the_lead_passing_and_resamples_respect_them() -> None:
    state = HandState(deck_for(PASSING, 3), dealer=3)
    play(state, "D6", "H6", "S6", "C6", "SJ", "pass", "CJ", "pass")
    obs = state.observation(2).to_json()
    assert obs["counts"] == [len(h) for h in state.hands]
    assert [e["kind"] for e in obs["log"]] == ["trick", "seven", "trick", "seven", "lead-passes", "seven", "seven"]
    assert obs["club_king"] is None
    rng = random.Random(12)
    for _ in range(30):
        other = state.resample(2, rng)
        # seat 1 let the lead pass: no live card; seat 3 has led: no seven; seat 0 passed on ♠J: nothing above it
        assert not any(c in ORDER for c in other.hands[1])
        assert not any(c in SEVENS for c in other.hands[3])
        assert all(ORDER.get(c, 0) < ORDER[parse_card("SJ")] for c in other.hands[0])
